"""numba's literal types: the types of values known at compile time, as typing functions of the
extension API (``oxcuda.cuda.extending.overload``) receive them.

A call ``f(1)`` of an overloaded function is typed first with ``int64`` and, if no typing
function accepts that, with ``IntegerLiteral(1)`` (``prefer_literal=True`` reverses the order),
as numba does. A literal type is an instance of its non-literal class (``IntegerLiteral`` is an
``Integer``) and of :class:`Literal`, and carries ``literal_value``; :func:`unliteral` gives the
type the value has at run time. These types never reach the compiler: the implementation an
overload returns is compiled for the non-literal types (docs/extending.md).
"""

from __future__ import annotations

from typing import Any

from oxcuda import types as _types


class Literal(_types.Type):
    """Base of the literal types: ``literal_value`` is the value, ``literal_type`` the type the
    value has at run time."""

    literal_value: Any
    literal_type: _types.Type


class IntegerLiteral(Literal, _types.Integer):
    """The type of an integer constant, ``IntegerLiteral(1)`` (an ``Integer``: int64 at run time,
    uint64 above int64's range)."""

    def __init__(self, value: int) -> None:
        numpy_name = "int64" if value <= 2**63 - 1 else "uint64"
        _types.Integer.__init__(self, f"Literal[int]({value})", numpy_name)
        self.literal_value = int(value)
        self.literal_type = _types.SCALARS[numpy_name]


class BooleanLiteral(Literal, _types.Boolean):
    """The type of ``True`` or ``False`` in the source (a ``Boolean``)."""

    def __init__(self, value: bool) -> None:
        _types.Boolean.__init__(self, f"Literal[bool]({bool(value)})", "bool")
        self.literal_value = bool(value)
        self.literal_type = _types.boolean


def literal(value: Any) -> Literal:
    """The literal type of ``value`` (an int or a bool), as numba's ``types.literal``."""
    if isinstance(value, bool):
        return BooleanLiteral(value)
    if isinstance(value, int):
        return IntegerLiteral(value)
    raise TypeError(f"oxcuda has literal types for ints and bools, not {type(value).__name__}")


def unliteral(t: Any) -> Any:
    """``t`` without its literal value (``IntegerLiteral(1)`` → ``int64``); other types as
    they are, as numba's ``types.unliteral``."""
    return t.literal_type if isinstance(t, Literal) else t


def maybe_literal(value: Any) -> Literal | None:
    """The literal type of ``value``, or None when it has none (numba's ``maybe_literal``)."""
    try:
        return literal(value)
    except TypeError:
        return None
