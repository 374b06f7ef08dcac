"""Pickling oxcuda objects so they travel between processes (``multiprocessing``, Dask, Ray).

What pickles, and how (numba-cuda's semantics):

- **``@cuda.jit`` dispatchers** (kernels and device functions), **ufuncs** (``vectorize``,
  ``guvectorize``) and **``cuda.Reduce``** objects carry no compiled code. One that can be
  found again by name — bound at the top level of an importable module, not ``__main__`` —
  pickles *by reference* (module and qualified name): unpickling imports the module, and in
  the same process gives back the very object. Any other (a closure, a function of
  ``__main__``, a notebook cell) pickles *by value*: its Python function through
  ``cloudpickle`` (which must be installed: ``pip install cloudpickle``; Dask brings it), with
  its options and declared signatures, and the source lines oxcuda compiles from, so the
  receiving process compiles it even where the file does not exist. The receiving process
  compiles on first call (or loads the disk cache's image with ``cache=True``); eager
  signatures compile on unpickling, as at decoration.
- A by-value object gets a unique id when first pickled; unpickling it again in the same
  process (its own, or a worker that already has it) gives the same object, so each process
  compiles it once (numba's ``_memo``).
- **Device arrays and records** (``DeviceNDArray``, ``DeviceRecord``) pickle through host
  memory: pickling copies the data to the host, unpickling copies it to a new array in the
  current context of the receiving process (a GPU's, or the simulator's host backend).

Errors are :class:`pickle.PicklingError` naming the object and what to do: cloudpickle
missing, or a closure capturing a value that cannot be pickled.
"""

from __future__ import annotations

import copyreg
import importlib
import linecache
import pickle
import sys
import types as pytypes
import uuid
import weakref
from typing import Any

#: By-value objects pickled or unpickled in this process, by their unique id.
_memo: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()


def _lookup(module_name: str, qualname: str) -> Any:
    """The object at ``qualname`` in the (imported) module ``module_name``; raises
    ``AttributeError``/``KeyError`` when there is none."""
    obj: Any = sys.modules[module_name]
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def _reference(obj: Any, py_func: Any) -> tuple[str, str] | None:
    """``(module, qualname)`` when ``obj`` can be found again by that name in another process:
    bound under its function's qualified name in an importable module (not ``__main__``)."""
    module = getattr(py_func, "__module__", None)
    qualname = getattr(py_func, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str):
        return None
    if module in ("__main__", "__mp_main__") or "<locals>" in qualname or "<lambda>" in qualname:
        return None
    if module not in sys.modules:
        return None
    try:
        found = _lookup(module, qualname)
    except (AttributeError, KeyError):
        return None
    return (module, qualname) if found is obj else None


def import_object(module_name: str, qualname: str) -> Any:
    """Unpickles a by-reference object: imports ``module_name`` and returns ``qualname`` in
    it."""
    module = importlib.import_module(module_name)
    try:
        return _lookup(module.__name__, qualname)
    except AttributeError:
        raise pickle.UnpicklingError(
            f"cannot unpickle {module_name}.{qualname}: module {module_name} has no such "
            "object in this process (is the same version of the code installed here?)"
        ) from None


def _cloudpickle(what: str) -> Any:
    try:
        import cloudpickle
    except ImportError:
        raise pickle.PicklingError(
            f"cannot pickle {what} by reference (it is a closure, or defined in __main__ or "
            "an interactive session), and pickling it by value needs cloudpickle: "
            "pip install cloudpickle (Dask installs it), or define the function at the top "
            "level of an importable module"
        ) from None
    return cloudpickle


def _source_lines(py_func: Any) -> tuple[str, list[str]] | None:
    """``(file name, lines)`` of the file ``py_func`` was defined in, as linecache has them:
    shipped with a by-value function so the receiving process can read its source."""
    code = getattr(py_func, "__code__", None)
    if code is None:
        return None
    filename = code.co_filename
    lines = linecache.getlines(filename, getattr(py_func, "__globals__", None))
    return (filename, list(lines)) if lines else None


def _install_source(source: tuple[str, list[str]] | None) -> None:
    """Makes a shipped source readable by ``inspect`` here, unless linecache finds the file
    itself (a file present here wins: it is what the process would compile)."""
    if source is None:
        return
    filename, lines = source
    if linecache.getlines(filename):
        return
    # An entry without a modification time is never evicted by linecache.checkcache.
    linecache.cache[filename] = (sum(map(len, lines)), None, lines, filename)


def _with_file_name(code: pytypes.CodeType, filename: str) -> pytypes.CodeType:
    """``code`` (and the code nested in it) naming ``filename`` as its file."""
    consts = tuple(
        _with_file_name(c, filename) if isinstance(c, pytypes.CodeType) else c
        for c in code.co_consts
    )
    return code.replace(co_filename=filename, co_consts=consts)


def _restore_file_name(py_func: Any, filename: str) -> None:
    """cloudpickle may rename a by-value function's file (``<dynamic-code>``); oxcuda reads
    the source through the file name, so the unpickled function gets its own back."""
    code = getattr(py_func, "__code__", None)
    if code is not None and code.co_filename != filename:
        py_func.__code__ = _with_file_name(code, filename)


def _object_id(obj: Any) -> str:
    """The unique id of a by-value object (made on first pickle), memoised here so that
    unpickling it in this process gives the object itself."""
    key = getattr(obj, "_oxcuda_pickle_id", None)
    if key is None:
        key = uuid.uuid4().hex
        obj._oxcuda_pickle_id = key
    _memo[key] = obj
    return key


def reduce_jit_object(obj: Any, py_func: Any, rebuild: Any, state: tuple) -> tuple:
    """``__reduce__`` of a dispatcher, ufunc or reduction: by reference when ``obj`` can be
    found by name, else ``rebuild(py_func, *state)`` by value (see the module doc).

    ``rebuild`` must itself be picklable by reference (a module-level function); ``state`` is
    pickled by the calling pickler."""
    ref = _reference(obj, py_func)
    if ref is not None:
        return (import_object, ref)
    name = getattr(py_func, "__qualname__", None) or getattr(py_func, "__name__", repr(py_func))
    what = f"{type(obj).__name__} {name!r}"
    cloudpickle = _cloudpickle(what)
    try:
        payload = cloudpickle.dumps(py_func, protocol=pickle.DEFAULT_PROTOCOL)
    except Exception as exc:
        raise pickle.PicklingError(
            f"cannot pickle {what}: its Python function (pickled by value, with the globals "
            f"and closure variables it uses) holds something that cannot be pickled: {exc}. "
            "Pass such values as kernel arguments, or make them module-level constants"
        ) from exc
    return (
        rebuild_by_value,
        (_object_id(obj), rebuild, payload, _source_lines(py_func), state),
    )


def rebuild_by_value(
    key: str, rebuild: Any, payload: bytes, source: tuple[str, list[str]] | None, state: tuple
) -> Any:
    """Unpickles a by-value object: the one this process already has under ``key``, else
    ``rebuild(py_func, *state)`` with the function unpickled from ``payload``."""
    existing = _memo.get(key)
    if existing is not None:
        return existing
    _install_source(source)
    py_func = pickle.loads(payload)
    if source is not None:
        _restore_file_name(py_func, source[0])
    obj = rebuild(py_func, *state)
    obj._oxcuda_pickle_id = key
    _memo[key] = obj
    return obj


# ---- device arrays and records ---------------------------------------------------------


def _reduce_device_array(array: Any) -> tuple:
    """A device array pickles as its host copy (numba-cuda's ``DeviceNDArray.__reduce__``)."""
    return (rebuild_device_array, (array.copy_to_host(),))


def rebuild_device_array(host: Any) -> Any:
    """Unpickles a device array: ``host`` copied to a new array in the current context."""
    from oxcuda.cuda.devicearray import to_device

    return to_device(host)


def _reduce_device_record(record: Any) -> tuple:
    """A device record pickles as its host copy (a 0-d structured NumPy array)."""
    return (rebuild_device_record, (record.copy_to_host(),))


def rebuild_device_record(host: Any) -> Any:
    """Unpickles a device record: ``host`` (0-d, structured) copied to a new record in the
    current context."""
    from oxcuda.cuda.devicearray import to_device

    return to_device(host[()])


def register_device_arrays() -> None:
    """Registers the reducers of the native device-array classes with :mod:`copyreg` (native
    classes cannot carry a Python ``__reduce__``); ``pickle`` and ``cloudpickle`` both read
    that table."""
    from oxcuda import _native

    copyreg.pickle(_native.DeviceNDArray, _reduce_device_array)
    copyreg.pickle(_native.DeviceRecord, _reduce_device_record)


__all__ = ["import_object", "rebuild_by_value", "reduce_jit_object", "register_device_arrays"]
