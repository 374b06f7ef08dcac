"""Kernels made from the templates of :mod:`oxcuda.cuda.ufunc.templates`.

:func:`specialize` gives a template's code new globals — the user's function as ``_core`` or
``_op``, the loads as ``_load<k>``, a dtype as ``_dtype`` — and compiles the result with
``cuda.jit`` like any kernel. The compiler reads the template's source text from its file (a
template is a real function), and freezes the globals at compile time, so each specialisation
is a separate kernel with its own overloads, disk-cache entries (``cache=True``) and stats.

:func:`device_function` turns what a user passes (a Python function, a lambda, or a
``cuda.jit`` device function) into a device dispatcher.
"""

from __future__ import annotations

import types as pytypes
from typing import Any

from oxcuda.cuda.dispatcher import Dispatcher, jit
from oxcuda.cuda.ufunc import templates


def specialize(template: Any, name: str, bindings: dict[str, Any], **options: Any) -> Dispatcher:
    """A kernel (or, with ``device=True``, a device function) compiled from ``template``'s
    source with ``bindings`` as its placeholders (see the module)."""
    namespace = {"cuda": templates.cuda, **bindings}
    func = pytypes.FunctionType(template.__code__, namespace, name)
    func.__qualname__ = name
    func.__doc__ = template.__doc__
    return jit(**options)(func)


def device_function(func: Any, signatures: list[Any] | None = None) -> Dispatcher:
    """``func`` as a device dispatcher, eager for ``signatures`` when given."""
    if isinstance(func, Dispatcher):
        if not func._device:
            raise TypeError(
                f"{func.__name__} is a kernel; a ufunc's function is a scalar function or a "
                "cuda.jit(device=True) function"
            )
        func = func.py_func
    if not callable(func):
        raise TypeError(f"a ufunc needs a function, not {type(func).__name__}")
    if signatures:
        return jit(list(signatures), device=True)(func)
    return jit(device=True)(func)


_LOADS: dict[str, Dispatcher] = {}


def load(kind: str) -> Dispatcher:
    """The device function reading one input: ``flat``, ``scalar_flat``, ``strided`` or
    ``scalar_strided`` (``templates.load_*``), made once per process."""
    found = _LOADS.get(kind)
    if found is None:
        found = _LOADS[kind] = jit(device=True)(getattr(templates, f"load_{kind}"))
    return found
