"""numba-cuda's ``numba.cuda.typing`` package, for the names its programs import from it:
:mod:`oxcuda.cuda.typing.typeof` (``typeof``, ``Purpose``, ``typeof_impl``) and
:func:`signature` (also at numba's ``numba.core.typing`` path, ``oxcuda.core.typing``)."""

from __future__ import annotations

from typing import Any

from oxcuda.types import Signature, Type

__all__ = ["signature"]


def signature(return_type: Any, *args: Any, recvr: Any = None) -> Signature:
    """numba's ``signature(return_type, *args)``: the signature object ``return_type(*args)``
    builds (``signature(types.void, float32[:])`` is ``void(float32[::…])``), for ``cuda.jit``,
    ``compile_ptx`` and the typing functions of ``intrinsic``/``overload``. Every argument must
    be a type. ``recvr`` (numba's receiver of a bound method's signature) is not supported:
    ``overload_method`` implementations take the receiver as their first argument."""
    if recvr is not None:
        raise TypeError(
            "signature(..., recvr=...): oxcuda's method signatures have no receiver; "
            "overload_method passes the object as the first argument"
        )
    for t in (return_type, *args):
        if not isinstance(t, Type):
            raise TypeError(f"signature() takes types, not {type(t).__name__} ({t!r})")
    return Signature(return_type, tuple(args))
