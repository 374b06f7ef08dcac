"""``oxcuda.cuda.extending``: numba-cuda's extension API (``numba.cuda.extending``).

Libraries add device functions for their uses with numba's names and calling conventions:

* :func:`register_jitable` — a plain Python function that kernels may call (compiled as a
  device function for the argument types) and the host may call unchanged;
* :func:`overload` — a *typing function* receives the argument types (``oxcuda.types``
  objects: ``types.Array``, ``types.Integer``, ``types.IntegerLiteral``…) and returns the
  implementation (a Python function, compiled like a device function) or None;
* :func:`overload_method`, :func:`overload_attribute` — the same for ``x.name(...)`` and
  ``x.name`` on oxcuda's types (arrays, scalars, records, tuples).

Typing functions run while the kernel is typed: the compiler asks the resolver of the compile
(``_extension_resolver``) about each call, in numba's order, with numba's error messages.

:func:`intrinsic` in oxcuda's form: the typing function returns ``(signature, code)`` with
the code as NVVM IR text (:func:`nvvm_ir`) or inline PTX (:func:`inline_ptx`), optionally with
a Python implementation for the simulator (``sim=``); ``_intrinsics`` says how it works.

Custom types, as numba's: ``types.Type`` subclasses, :data:`typeof_impl` (the type of host
values of a class, which argument extensions receive), :func:`register_model` over a
``models.StructModel`` (the type is laid out as a record of its members: arrays, shared and
local arrays of it, member reads and writes) and :func:`make_attribute_wrapper`. numba's
low-level API — :func:`type_callable`, :func:`lower_builtin`, :func:`lower_cast` — is accepted
so that libraries registering it import, but its lowerings build llvmlite IR, which oxcuda does
not run: device code using such a callee gets an error saying to write an ``@overload``.
docs/extending.md describes the API, the order, and what differs from numba.
"""

from __future__ import annotations

import functools
from typing import Any

from oxcuda import types
from oxcuda.cuda import _extension_registry as _registry
from oxcuda.cuda import models
from oxcuda.cuda._extension_registry import Template as _Template
from oxcuda.cuda._intrinsics import inline_ptx, intrinsic, nvvm_ir
from oxcuda.cuda.models import register_model

#: numba's ``numba.cuda.extending.core_models``: the data models (``StructModel``).
core_models = models

__all__ = [
    "core_models",
    "inline_ptx",
    "intrinsic",
    "lower_builtin",
    "lower_cast",
    "make_attribute_wrapper",
    "models",
    "nvvm_ir",
    "overload",
    "overload_attribute",
    "overload_method",
    "register_jitable",
    "register_model",
    "type_callable",
    "typeof_impl",
    "types",
]

_OPTIONS = {"jit_options", "strict", "inline", "prefer_literal", "target"}


def _template(
    typing: Any, options: dict[str, Any], receiver: Any = None, source_of: Any = None
) -> _Template:
    unknown = set(options) - _OPTIONS
    if unknown:
        raise TypeError(f"unknown option(s) {sorted(unknown)}; known: {sorted(_OPTIONS)}")
    if not callable(typing):
        raise TypeError(f"the typing function must be callable, not {typing!r}")
    inline = options.get("inline", "never")
    if inline not in ("never", "always") and not callable(inline):
        raise ValueError(f"inline must be 'never', 'always' or a callable, not {inline!r}")
    return _Template(
        typing=typing,
        target=_registry.check_target(options.get("target", "generic")),
        strict=bool(options.get("strict", True)),
        prefer_literal=bool(options.get("prefer_literal", False)),
        jit_options=dict(options.get("jit_options") or {}),
        receiver=receiver,
        source_of=source_of,
    )


def overload(func: Any, **options: Any) -> Any:
    """Registers the decorated typing function as an implementation of ``func`` in device code.

    ``@overload(func)`` decorates ``def typing(*args, **kwargs)``: called with the types of a
    kernel's call ``func(...)`` (same arguments, same keywords), it returns the implementation
    — a Python function with the same parameters, compiled for those types like a device
    function — or None when it does not apply. Options, as numba's: ``target`` (``"generic"``,
    the default, or ``"cuda"``; CUDA-specific overloads are tried first; ``"cpu"`` ones never
    apply to CUDA), ``strict`` (the implementation's parameters must match the typing
    function's; default True), ``prefer_literal`` (try literal argument types first),
    ``jit_options`` and ``inline`` (accepted; libNVVM decides inlining). Returns the typing
    function unchanged, so one typing function may be registered for several functions."""

    def decorate(typing: Any) -> Any:
        _registry.add_function(func, _template(typing, options))
        return typing

    return decorate


def overload_method(typ: Any, attr: str, **options: Any) -> Any:
    """Registers the decorated typing function as the method ``attr`` of the values of type
    class ``typ`` (``types.Array``, ``types.Integer``, ``types.Record``…, or one type object):
    ``x.attr(args...)`` calls the typing function with ``(type of x, types of args...)``, and
    the implementation it returns receives ``(x, args...)``. Options as :func:`overload`'s.
    Oxcuda's own attributes of a type come first, as in numba."""
    _check_receiver(typ, "overload_method")
    if not isinstance(attr, str) or not attr.isidentifier():
        raise ValueError(f"overload_method's attribute name must be an identifier, not {attr!r}")

    def decorate(typing: Any) -> Any:
        _registry.add_method(attr, _template(typing, options, receiver=typ))
        return typing

    return decorate


def overload_attribute(typ: Any, attr: str, **options: Any) -> Any:
    """Registers the decorated typing function as the attribute ``attr`` of the values of type
    class ``typ``: ``x.attr`` calls the typing function with the type of ``x``, and the value
    is the implementation's result for ``x`` (``def get(x): return ...``). Options as
    :func:`overload`'s."""
    _check_receiver(typ, "overload_attribute")
    if not isinstance(attr, str) or not attr.isidentifier():
        raise ValueError(f"overload_attribute's attribute name must be an identifier, not {attr!r}")

    def decorate(typing: Any) -> Any:
        _registry.add_attribute(attr, _template(typing, options, receiver=typ))
        return typing

    return decorate


def _check_receiver(typ: Any, what: str) -> None:
    if isinstance(typ, type) and issubclass(typ, types.Type):
        return
    if isinstance(typ, types.Type):
        return
    raise TypeError(
        f"{what} takes a type class such as types.Array or types.Integer (or a type object), "
        f"not {typ!r}"
    )


def register_jitable(*args: Any, **options: Any) -> Any:
    """Makes a Python function callable from kernels: ``@register_jitable`` or
    ``@register_jitable(**jit_options)``. Kernels compile it as a device function for the
    argument types; the host calls it as the plain Python function it stays (the decorator
    returns it unchanged)."""

    def wrap(fn: Any) -> Any:
        if not callable(fn) or not hasattr(fn, "__code__"):
            raise TypeError(f"register_jitable decorates Python functions, not {fn!r}")
        inline = options.pop("inline", "never")

        def typing(*_args: Any, **_kwargs: Any) -> Any:
            return fn

        typing.__qualname__ = f"register_jitable({fn.__qualname__})"
        settings = {"jit_options": options, "inline": inline, "strict": False}
        _registry.add_function(fn, _template(typing, settings, source_of=fn))
        return fn

    if args and not options and len(args) == 1 and callable(args[0]):
        return wrap(args[0])
    if args:
        raise TypeError("register_jitable takes a function, or keyword options only")
    return wrap


class TypeofContext:
    """numba's ``_TypeofContext``, the second argument of :data:`typeof_impl` functions:
    ``purpose`` is ``"argument"`` (a kernel argument) or ``"constant"``."""

    def __init__(self, purpose: str = "argument") -> None:
        self.purpose = purpose


@functools.singledispatch
def typeof_impl(val: Any, c: Any) -> Any:
    """numba's ``typeof_impl``: the type object of a host value, extended per class with
    ``@typeof_impl.register(MyClass)`` over ``def typeof_my(val, c): return my_type``.

    oxcuda types the values it reads natively (arrays, scalars, records, tuples…) itself; for
    any other kernel argument it asks this function, and the argument extensions
    (``Dispatcher.extensions``' ``prepare_args``) receive the type it gives, as in
    numba-cuda. A class without a registration is typed by its ``_numba_type_`` attribute when
    it has one (numba's rule), else ``None`` (no type)."""
    ty = getattr(val, "_numba_type_", None)
    return ty if isinstance(ty, types.Type) else None


def typeof_value(val: Any, purpose: str = "argument") -> Any:
    """The type :data:`typeof_impl` gives ``val`` (``None`` when none), checked to be a type
    object: a registration returning anything else is a ``TypeError`` naming it."""
    ty = typeof_impl(val, TypeofContext(purpose))
    if ty is not None and not isinstance(ty, types.Type):
        raise TypeError(
            f"typeof_impl for {type(val).__qualname__} returned {ty!r}, which is not a type "
            "object (a types.Type instance)"
        )
    return ty


def make_attribute_wrapper(typeclass: type, struct_attr: str, python_attr: str) -> None:
    """numba's ``make_attribute_wrapper``: exposes member ``struct_attr`` of the custom type
    class ``typeclass``'s struct model as the attribute ``python_attr`` in device code.

    oxcuda lays the type out as a record whose field for that member is called
    ``python_attr``; unlike numba's read-only wrapper, device code may also assign it (it is a
    record field), and each member has one name (a second, different name is refused)."""
    models.add_attribute_wrapper(typeclass, struct_attr, python_attr)


def type_callable(func: Any) -> Any:
    """numba's ``type_callable(func)``: registers a typing-function factory for calls of
    ``func`` in device code. Accepted, so that libraries using it import; the call's lowering
    (``lower_builtin``) builds llvmlite IR, which oxcuda does not run, so a kernel calling
    ``func`` gets a compile error saying to write ``@overload(func)`` instead."""
    if not callable(func) and not isinstance(func, str):
        raise TypeError(f"type_callable takes the callable to type, not {func!r}")

    def decorate(typer_factory: Any) -> Any:
        if not callable(typer_factory):
            raise TypeError(f"type_callable decorates a function, not {typer_factory!r}")
        _registry.add_numba_lowering(func, "type_callable")
        _registry.add_numba_typer(func, typer_factory)
        return typer_factory

    return decorate


def lower_builtin(func: Any, *argtys: Any) -> Any:
    """numba's ``lower_builtin(func, *argument types)`` (also ``cudaimpl.lower``): registers
    an llvmlite lowering of ``func``. Accepted so that libraries using it import; oxcuda
    writes NVVM IR from its own typed IR and does not run llvmlite code. One form is
    understood: a struct constructor (``cgutils.create_struct_proxy(T)``, members set from
    the arguments, ``_getvalue()`` returned) builds a value of the custom type ``T`` in device
    code. A kernel calling ``func`` lowered any other way gets a compile error saying to write
    ``@overload(func)`` instead."""

    def decorate(impl: Any) -> Any:
        if not callable(impl):
            raise TypeError(f"lower_builtin decorates a lowering function, not {impl!r}")
        if callable(func):
            _registry.add_numba_lowering(func, "lower_builtin")
            _registry.add_numba_lowering_impl(func, impl, argtys)
        return impl

    return decorate


def lower_cast(fromty: Any, toty: Any) -> Any:
    """numba's ``lower_cast(from type, to type)``: registers an llvmlite conversion between
    two types. Accepted so that libraries using it import, never run: oxcuda's conversions
    are its own (docs/typing.md), and a custom type is a record, which converts to nothing."""

    def decorate(impl: Any) -> Any:
        if not callable(impl):
            raise TypeError(f"lower_cast decorates a lowering function, not {impl!r}")
        return impl

    return decorate
