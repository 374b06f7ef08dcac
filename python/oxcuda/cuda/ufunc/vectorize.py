"""``vectorize(target="cuda")``: a scalar function applied elementwise on the GPU, as a ufunc.

``@vectorize(["float32(float32, float32)"])`` compiles the function as a device function for
each signature at decoration (eager; calls need exactly those dtypes, numba-cuda's rule in
:mod:`~oxcuda.cuda.ufunc.resolve`); ``@vectorize`` without signatures compiles on first use for
the arguments' own dtypes (lazy). Either way a call:

1. sorts the arguments into device arrays, scalars and host arrays (:mod:`.operands`);
2. resolves the version (input and output dtypes) and the broadcast shape (NumPy's rules);
3. copies host arrays to the device, allocates the output (or checks ``out=``);
4. launches a kernel made from a template (:mod:`.elementwise`) — flat for contiguous operands,
   strided for broadcast or strided ones;
5. returns a device array when any argument was on the device, NumPy otherwise.

**Hot path.** A call whose arguments are all oxcuda 1-D device arrays of one length (any
strides), with no ``out=`` or a 1-D device ``out=`` of that length and the version's dtype, is
served by a :class:`~.elementwise.FlatLauncher` found by the tuple of the
arguments' dtypes: a few attribute reads per argument, one dictionary look-up, the output's
allocation and the native launch — no signature resolution, no broadcasting, no kernel look-up
by name. Every other call takes the general path, which fills that table.
"""

from __future__ import annotations

import functools
import inspect
import threading
import warnings
from typing import Any

import numpy as np

from oxcuda import _native
from oxcuda.cuda import compiler
from oxcuda.cuda._devices import current_context
from oxcuda.cuda.ufunc import broadcast, operands, resolve
from oxcuda.cuda.ufunc.elementwise import BLOCK_SHIFT, THREADS, Elementwise, FlatLauncher
from oxcuda.cuda.ufunc.specialize import device_function

DeviceNDArray = _native.DeviceNDArray

_IDENTITIES = (None, 0, 1, "reorderable")


def parse_identity(identity: Any) -> Any:
    """numba's ``identity=``: None, 0, 1 or ``"reorderable"``."""
    if identity not in _IDENTITIES or (isinstance(identity, bool) and identity is not False):
        raise ValueError(f"identity must be None, 0, 1 or 'reorderable', not {identity!r}")
    return identity


class CUDAUFunc:
    """A ufunc made by ``vectorize(..., target="cuda")`` (see the module).

    Call it as a NumPy ufunc: ``f(x, y)``, ``f(x, y, out=r)``, ``f(x, y, stream=s)``. Attributes:
    ``nin``, ``nout``, ``nargs``, ``types`` (``"ff->f"`` strings, like NumPy's), ``identity``,
    ``signatures`` and ``py_func``; ``reduce(a, axis=0, stream=0)`` folds along an axis.
    """

    def __init__(
        self, py_func: Any, signatures: list[Any], identity: Any, cache: bool, name: str
    ) -> None:
        self.py_func = py_func
        self._init_args = (list(signatures), identity, cache, name)  # what pickling sends
        self.identity = parse_identity(identity)
        self.__name__ = name
        self.__doc__ = getattr(py_func, "__doc__", None)
        functools.update_wrapper(self, py_func, updated=())
        self._lock = threading.RLock()
        self._table: list[tuple[tuple[np.dtype, ...], np.dtype]] = []
        self._lazy: dict[tuple[np.dtype, ...], np.dtype] = {}
        eager = []
        for sig in signatures:
            args, ret = compiler.normalize_signature(sig)
            dtypes = tuple(resolve.dtype_of(a, f"{name}: an input of {sig!r}") for a in args)
            eager.append((args, ret, dtypes))
        self._eager = bool(eager)
        nins = {len(e[2]) for e in eager} or {_arg_count(py_func, name)}
        if len(nins) != 1:
            raise TypeError(f"{name}: the signatures take different numbers of inputs")
        self.nin = nins.pop()
        self.nout = 1
        self.nargs = self.nin + 1
        self._core = device_function(py_func, [tuple(e[0]) for e in eager] or None)
        for args, ret, dtypes in eager:
            if ret in (None, "none"):
                ret = self._core._artifacts(tuple(args), "ir")["return_type"]
            self._table.append((dtypes, resolve.dtype_of(ret, f"{name}: the return type")))
        self._elementwise = Elementwise(name, self._core, self.nin, cache)
        self._hot: dict[tuple[np.dtype, ...], FlatLauncher] = {}
        self._last: tuple[list[np.dtype] | None, FlatLauncher | None] = (None, None)
        self._reduction: Any = None

    # ---- introspection ---------------------------------------------------------------

    @property
    def types(self) -> list[str]:
        """The versions compiled so far, as NumPy's ``ufunc.types`` writes them."""
        return ["".join(d.char for d in ins) + "->" + out.char for ins, out in self.signatures]

    @property
    def ntypes(self) -> int:
        """How many versions :attr:`types` lists."""
        return len(self.types)

    @property
    def signatures(self) -> list[tuple[tuple[np.dtype, ...], np.dtype]]:
        """``(input dtypes, output dtype)`` of every version compiled so far."""
        return list(self._table) if self._eager else list(self._lazy.items())

    def __reduce__(self) -> tuple:
        """Pickles the ufunc without compiled code: by reference when it is bound at the top
        level of an importable module, else by value (``oxcuda.cuda._pickling``)."""
        from oxcuda.cuda import _pickling

        return _pickling.reduce_jit_object(self, self.py_func, _rebuild_ufunc, self._init_args)

    def __repr__(self) -> str:
        return f"<oxcuda CUDA ufunc {self.__name__} ({self.nin} in, 1 out)>"

    # ---- calling ---------------------------------------------------------------------

    def __call__(self, *args: Any, out: Any = None, stream: Any = 0, **kws: Any) -> Any:
        if kws:
            _refuse_keywords(self.__name__, kws)
        if len(args) == self.nin:
            # The hot path (see the module): 1-D device arrays of one length.
            n = -1
            dtypes = []
            for a in args:
                if type(a) is not DeviceNDArray or a.ndim != 1:
                    break
                size = a.size
                if size != n and n != -1:
                    break
                n = size
                dtypes.append(a.dtype)
            else:
                last = self._last
                if dtypes == last[0]:  # the dtypes of the previous hot call (compared by identity)
                    launcher = last[1]
                else:
                    launcher = self._hot.get(tuple(dtypes))
                    if launcher is not None:
                        self._last = (dtypes, launcher)
                if launcher is not None and n > 0:
                    if out is None:
                        out = _native.device_array(
                            current_context(), n, launcher.dtype, None, "C", stream
                        )
                    elif (
                        type(out) is not DeviceNDArray
                        or out.ndim != 1
                        or out.size != n
                        # NumPy's builtin dtypes are singletons: identity first, then equality
                        or (
                            (out_dtype := out.dtype) is not launcher.dtype
                            and out_dtype != launcher.dtype
                        )
                        or out.readonly
                    ):
                        return self._call(args, out, stream)
                    blocks = (n + THREADS - 1) >> BLOCK_SHIFT
                    try:
                        configured = launcher.configs[blocks, stream]
                    except (KeyError, TypeError):
                        configured = launcher.configure(blocks, stream)
                    configured(out, *args)
                    return out
        return self._call(args, out, stream)

    def _call(self, args: tuple, out: Any, stream: Any) -> Any:
        name = self.__name__
        if len(args) == self.nin + 1 and out is None:
            *args, out = args  # NumPy's positional output
        if len(args) != self.nin:
            raise TypeError(f"{name} takes {self.nin} arguments, got {len(args)}")
        kinds: list[str] = []
        values: list[Any] = []
        for k, a in enumerate(args):
            if operands.is_scalar(a):
                kinds.append("scalar")
                values.append(a)
                continue
            dev = operands.as_device(a)
            if dev is not None:
                kinds.append("device")
                values.append(dev)
            else:
                kinds.append("host")
                values.append(operands.as_host(a, f"{name}: argument {k + 1}"))
        scalars = [k == "scalar" for k in kinds]
        actual = [
            operands.scalar_dtype(v) if s else np.dtype(v.dtype)
            for v, s in zip(values, scalars, strict=True)
        ]
        formal, result = self._resolve(actual, scalars)
        shape = broadcast.broadcast_shapes(
            [tuple(v.shape) for v, s in zip(values, scalars, strict=True) if not s]
        )
        on_device = "device" in kinds
        inputs = []
        for k, (v, kind) in enumerate(zip(values, kinds, strict=True)):
            if kind == "scalar":
                inputs.append(operands.cast_scalar(v, formal[k], f"{name}: argument {k + 1}"))
            elif kind == "host":
                inputs.append(operands.to_device(v, stream))
            else:
                inputs.append(v)
        out_dev, out_host = self._output(out, shape, result, stream)
        self._elementwise.launch(out_dev, inputs, stream)
        if not any(scalars) and all(
            k == "device" and type(v) is DeviceNDArray and v.ndim == 1
            for k, v in zip(kinds, values, strict=True)
        ):
            self._remember_hot(tuple(actual), result, out_dev)
        if out is not None:
            if out_host is not None:
                out_dev.copy_to_host(out_host, stream=stream)
                return out
            # A device output is returned as oxcuda's device array over it (numba's too): a
            # foreign out= (CuPy, torch, any CUDA Array Interface object) comes back as a view
            # with copy_to_host, over the same memory.
            return out_dev
        if on_device:
            return out_dev
        host = out_dev.copy_to_host(stream=stream)
        return host[0] if shape == () else host

    def _remember_hot(self, dtypes: tuple[np.dtype, ...], result: np.dtype, out_dev: Any) -> None:
        if dtypes in self._hot:
            return
        kernel = self._elementwise.kernel("flat", (False,) * self.nin)
        self._hot[dtypes] = FlatLauncher(kernel, result)

    def _output(self, out: Any, shape: tuple[int, ...], result: np.dtype, stream: Any):
        """``(device output, host array to copy it into or None)``."""
        name = self.__name__
        if out is None:
            return operands.allocate(shape or (1,), result, stream), None
        dev = operands.as_device(out) if not operands.is_scalar(out) else None
        if dev is None and not isinstance(out, np.ndarray):
            raise TypeError(
                f"{name}: out must be an array (a device array or a NumPy array), "
                f"not {type(out).__name__}"
            )
        target = dev if dev is not None else out
        if tuple(target.shape) != shape:
            raise ValueError(
                f"{name}: out has shape {tuple(target.shape)}, but the result has shape {shape}"
            )
        if not np.can_cast(result, target.dtype, "same_kind"):
            raise TypeError(
                f"{name}: the result is {result}, which cannot be written to out of dtype "
                f"{target.dtype} (casting='same_kind')"
            )
        if dev is not None:
            if dev.readonly:
                raise ValueError(f"{name}: out is read-only")
            return dev, None
        if not out.flags.writeable:
            raise ValueError(f"{name}: out is read-only")
        return operands.allocate(shape or (1,), out.dtype, stream), out

    def _resolve(
        self, actual: list[np.dtype], scalars: list[bool]
    ) -> tuple[tuple[np.dtype, ...], np.dtype]:
        """``(input dtypes of the kernel, output dtype)`` for a call (see ``resolve``)."""
        if self._eager:
            return resolve.match(self._table, actual, scalars, self.__name__)
        key = tuple(actual)
        found = self._lazy.get(key)
        if found is None:
            with self._lock:
                types = tuple(resolve.type_text(d) for d in key)
                ret = self._core._artifacts(types, "ir")["return_type"]
                found = resolve.dtype_of(ret, f"{self.__name__}: the return type")
                self._lazy[key] = found
        return key, found

    # ---- reduce ----------------------------------------------------------------------

    def reduce(self, array: Any, axis: Any = 0, stream: Any = 0) -> Any:
        """Folds ``array`` with this binary ufunc along ``axis`` (an int, or None for every
        axis), as ``numpy.ufunc.reduce`` does. A 1-D result is a NumPy scalar; otherwise the
        result is a device array when ``array`` was on the device, NumPy when it was not.
        The operation must be associative and commutative: the fold is a parallel tree."""
        from oxcuda.cuda.ufunc.ufunc_reduce import reduce_ufunc

        return reduce_ufunc(self, array, axis, stream)

    def _reducer(self) -> Any:
        """The tree reduction with this ufunc's function (made once)."""
        if self._reduction is None:
            from oxcuda.cuda.ufunc.reduction import Reduce

            self._reduction = Reduce(self._core)
        return self._reduction


def _not_supported(method: str):
    def refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError(
            f"{self.__name__}.{method}: CUDA ufuncs support calls and reduce(); {method} is "
            "not supported (numba-cuda has none of them either)"
        )

    refuse.__name__ = method
    refuse.__doc__ = "Not supported: raises NotImplementedError (see docs/ufuncs.md)."
    return refuse


for _method in ("accumulate", "reduceat", "outer", "at"):
    setattr(CUDAUFunc, _method, _not_supported(_method))
del _method


def _arg_count(func: Any, name: str) -> int:
    func = getattr(func, "py_func", func)
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        raise TypeError(f"{name}: cannot read the function's parameters") from None
    kinds = {p.kind for p in params}
    if inspect.Parameter.VAR_POSITIONAL in kinds or inspect.Parameter.VAR_KEYWORD in kinds:
        raise TypeError(f"{name}: a ufunc's function takes a fixed number of arguments")
    return len(params)


def _refuse_keywords(name: str, kws: dict[str, Any]) -> None:
    raise TypeError(
        f"{name}() got unexpected keyword argument(s) {sorted(kws)}; CUDA ufuncs take out= "
        "and stream="
    )


_OPTIONS = {"identity", "cache", "nopython", "target"}


def vectorize(ftylist_or_function: Any = (), target: str = "cuda", **kws: Any) -> Any:
    """``@vectorize(signatures, target="cuda")`` / ``@vectorize``: a CUDA ufunc (numba-cuda's
    ``vectorize``; see docs/ufuncs.md).

    ``signatures`` is a list of ``"float32(float32, float32)"`` strings or signature objects
    (eager: compiled now, calls need those dtypes); without it the ufunc compiles per argument
    dtypes on first use. Options: ``identity`` (None, 0, 1 or ``"reorderable"``), ``cache``
    (keep the kernels in the disk cache), ``nopython`` (accepted, redundant). ``target`` must
    be ``"cuda"``.
    """
    _check_target(target, "vectorize")
    unknown = set(kws) - _OPTIONS
    if unknown:
        raise KeyError(
            f"Unrecognized options: cuda vectorize target does not support option(s) "
            f"{sorted(unknown)}"
        )
    if kws.pop("nopython", None) is not None:
        warnings.warn("nopython kwarg for cuda target is redundant", RuntimeWarning, stacklevel=2)
    identity = kws.get("identity")
    cache = bool(kws.get("cache", False))

    def wrap(func: Any, signatures: list[Any]) -> CUDAUFunc:
        name = getattr(func, "__name__", "ufunc")
        return CUDAUFunc(func, signatures, identity, cache, name)

    if callable(ftylist_or_function) and not _is_signature(ftylist_or_function):
        return wrap(ftylist_or_function, [])
    if isinstance(ftylist_or_function, str) or _is_signature(ftylist_or_function):
        signatures = [ftylist_or_function]
    else:
        signatures = list(ftylist_or_function or ())
    return lambda func: wrap(func, signatures)


def _is_signature(obj: Any) -> bool:
    from oxcuda import types as oxtypes

    return isinstance(obj, (str, oxtypes.Signature))


def _check_target(target: str, what: str) -> None:
    if target != "cuda":
        raise ValueError(
            f"Unsupported target: {target!r}; oxcuda's {what} compiles for target='cuda' only "
            "(it runs on the simulator when OXCUDA_TARGET=sim)"
        )


def _rebuild_ufunc(py_func: Any, signatures: list[Any], identity: Any, cache: bool, name: str):
    """Unpickles a ufunc pickled by value (``CUDAUFunc.__reduce__``)."""
    return CUDAUFunc(py_func, signatures, identity, cache, name)
