"""Struct constructors registered through numba's low-level API, recognised by recording.

numba-cuda code builds custom-type values in device code with ``type_callable(C)`` (typing)
and ``lower_builtin(C, *argument types)`` (an llvmlite lowering). oxcuda cannot run llvmlite,
but the common lowering is a pure constructor — a ``cgutils.create_struct_proxy(T)`` whose
members are set from the arguments, then ``_getvalue()`` returned — and that needs no
builder at all. :func:`constructor_of` calls each lowering of ``C`` once with stand-ins: a
context and builder that refuse every use, argument markers, and oxcuda's recording proxy. If
the lowering only assigned arguments to members of a struct-model type and returned the
proxy's value, the call ``C(a, b, ...)`` is captured as ``("recordctor", ...)``: the front end
builds the record in the caller's local memory, members from the arguments (converted to the
members' types), members the lowering did not set zeroed (``crates/typeck/src/lower/
record_ctor.rs``). Anything else — a builder call, a member set from something that is not an
argument, another return value — and ``C`` stays unsupported with the existing message.

Differences from numba (docs/extending.md): the ``type_callable`` typer is not consulted (the
arguments convert to the members' types; numba would refuse what the typer refuses), and the
value lives in the calling function's frame, so a device function cannot return it.
"""

from __future__ import annotations

from typing import Any

from oxcuda.cuda import _extension_registry


class _RefusedError(Exception):
    """The lowering did something a pure constructor does not."""


class _Refusing:
    """A context or builder stand-in: any use means the lowering is not a pure constructor."""

    def __init__(self, what: str) -> None:
        self._what = what

    def __getattr__(self, name: str) -> Any:
        raise _RefusedError(f"{self._what}.{name}")


class _Arg:
    def __init__(self, index: int) -> None:
        self.index = index


class _Signature:
    def __init__(self, args: tuple, return_type: Any) -> None:
        self.args = args
        self.return_type = return_type


def _representative(argty: Any) -> Any:
    """A concrete type standing for a ``lower_builtin`` registration's argument type: the
    type itself, or for a type class (``types.Float``) its widest common member."""
    from oxcuda import types as oxtypes

    if not isinstance(argty, type):
        return argty
    for candidate in (oxtypes.float64, oxtypes.int64, oxtypes.boolean, oxtypes.complex128):
        if isinstance(candidate, argty):
            return candidate
    return None


def _return_type(value: Any, argtys: tuple) -> Any:
    """What ``value``'s ``type_callable`` typer answers for representatives of ``argtys``
    (numba's ``sig.return_type``), or None when it has no typer or declines."""
    reps = [_representative(t) for t in argtys]
    if any(r is None for r in reps):
        return None
    for factory in _extension_registry.numba_typers(value):
        try:
            result = factory(None)(*reps)
        except Exception:  # noqa: BLE001 - a typer that fails declines
            continue
        if result is not None:
            return result
    return None


def constructor_of(value: Any) -> tuple | None:
    """``("recordctor", name, record type text, [argument index or -1 per member], arity)``
    when ``value``'s ``lower_builtin`` lowering is a pure struct constructor, else None."""
    from oxcuda import types as oxtypes
    from oxcuda.cuda import models
    from oxcuda.cuda.cgutils import StructValue

    for impl, argtys in _extension_registry.numba_lowering_impls(value):
        args = [_Arg(k) for k in range(len(argtys))]
        try:
            result = impl(
                _Refusing("context"),
                _Refusing("builder"),
                _Signature(argtys, _return_type(value, argtys)),
                args,
            )
        except Exception:  # noqa: BLE001 - any failure: not a pure constructor
            continue
        if not isinstance(result, StructValue):
            continue
        fe_type = type(result.proxy)._fe_type
        if not models.has_model(fe_type):
            continue
        try:
            record = oxtypes.compiler_type(fe_type)
            members = models._model_of(fe_type)._fields
        except (TypeError, KeyError):
            continue
        assigned = result.proxy.assigned
        if set(assigned) - set(members) or not all(isinstance(v, _Arg) for v in assigned.values()):
            continue
        sources = [assigned[m].index if m in assigned else -1 for m in members]
        dtype = record.dtype
        if any(
            k == -1 and (dtype[i].names is not None or dtype[i].subdtype is not None)
            for i, k in enumerate(sources)
        ):
            continue  # only scalar members can be left to their zero
        name = getattr(value, "__qualname__", repr(value))
        return ("recordctor", name, str(record), sources, len(argtys))
    return None


__all__ = ["constructor_of"]
