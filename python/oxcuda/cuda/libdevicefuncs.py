"""numba-cuda's ``numba.cuda.libdevicefuncs``: the signature of every libdevice function, as
data.

``functions`` maps each libdevice symbol (``"__nv_sincos"``) to ``(return type, [arg, …])``,
where an ``arg`` is ``(name, ty, is_ptr)``: a pointer argument is an out-parameter (``ty`` is
what it points to) whose value the Python function ``cuda.libdevice.<name>`` returns after the
return value. ``create_signature(retty, args)`` is the signature of that Python function.

The data come from oxcuda's one libdevice table (``oxcuda_ir::LIBDEVICE``, read through
``_native.libdevice_table()``), the table ``cuda.libdevice``'s typing, the simulator and the
back end use, so they cannot disagree. As in numba-cuda, the unsigned conversions are typed
with signed integers of the same width.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any

from oxcuda import _native
from oxcuda import types as _types

__all__ = ["arg", "create_signature", "functions"]


class arg(namedtuple("arg", ("name", "ty", "is_ptr"))):  # noqa: N801 - numba-cuda's name
    """One parameter of a libdevice function: its ``name``, its type ``ty`` (the pointee for
    an out-parameter) and whether it is a pointer out-parameter (``is_ptr``)."""


def _type(name: str) -> Any:
    return _types.void if name == "void" else getattr(_types, name)


def _functions() -> dict[str, tuple[Any, list[arg]]]:
    table = {}
    for symbol, ret, params in _native.libdevice_table():
        table[symbol] = (_type(ret), [arg(n, _type(t), out) for n, t, out in params])
    return table


#: ``{libdevice symbol: (return type, [arg, …])}`` for every function of ``cuda.libdevice``.
functions: dict[str, tuple[Any, list[arg]]] = _functions()


def create_signature(retty: Any, args: list[arg]) -> _types.Signature:
    """The signature of the Python function ``cuda.libdevice.<name>`` for a libdevice function
    returning ``retty`` with parameters ``args``: its arguments are the non-pointer
    parameters; it returns the return value (unless ``void``) followed by each out-parameter's
    value, a tuple when that is more than one value."""
    results = [a.ty for a in args if a.is_ptr]
    if retty != _types.void:
        results.insert(0, retty)
    ret = _types.Tuple(results) if len(results) > 1 else results[0]
    return _types.Signature(ret, tuple(a.ty for a in args if not a.is_ptr))
