"""``oxcuda.cuda.models``: data models of custom types (numba-cuda's ``numba.cuda.models``).

numba gives a custom type (a ``types.Type`` subclass) its machine layout with a *data model*:
``@register_model(MyType)`` over a :class:`StructModel` subclass whose ``__init__(dmm,
fe_type)`` lists the members as ``(name, type)`` pairs. oxcuda keeps that spelling and lays
such a type out as a **record**: the C-aligned NumPy structured dtype of its members (NumPy's
``align=True`` is LLVM's natural struct layout, which numba's StructModel gets), typed and
compiled exactly like ``from_dtype(that dtype)``. So ``MyType()[::1]`` is an array of records,
``cuda.local.array(n, dtype=my_type)`` and ``cuda.shared.array`` make arrays of them,
``arr[i].member`` reads and writes a member, and ``make_attribute_wrapper(MyType, "m", "name")``
names member ``m`` ``name`` in device code.

Invariants:
- the compiler never sees a custom type: :func:`layout_of` turns a type with a model into its
  :class:`~oxcuda.types.Record` wherever a type crosses into the compiler (signatures, type
  globals such as ``dtype=``, array types), so a kernel compiled for the custom type and one
  compiled for the record are the same kernel;
- a layout is computed when first needed and again after an attribute wrapper of its class
  is added (registrations are only added, as numba's registries);
- typing functions (``@overload``, ``@overload_method(MyType, ...)``) receive the custom type
  where the compiler has its record (:func:`custom_type_for`), so numba's type checks work;
- only struct models exist: numba's other models (``PrimitiveModel``, ``OpaqueModel``…) map
  a type onto an LLVM type through llvmlite, which oxcuda does not have (docs/extending.md).
"""

from __future__ import annotations

import threading
from typing import Any

from oxcuda import types as oxtypes

__all__ = ["StructModel", "register_model"]

_lock = threading.Lock()
_models: dict[type, type] = {}  # custom type class -> its StructModel subclass
_renames: dict[type, dict[str, str]] = {}  # type class -> {member: name in device code}
_layouts: dict[Any, oxtypes.Record] = {}  # type object -> its record, computed on demand


class DataModelManager:
    """numba's ``dmm`` argument of a model's ``__init__``: finds the model of a type."""

    def lookup(self, fe_type: Any) -> StructModel:
        """The model of the type object ``fe_type`` (``KeyError`` when it has none)."""
        return _model_of(fe_type)

    __getitem__ = lookup


default_manager = DataModelManager()


class StructModel:
    """numba's ``StructModel``: a type laid out as a struct of ``members``, a list of
    ``(name, type)`` with scalar, record, struct-model or ``UniTuple`` (a fixed-size field)
    member types. Subclass it and pass the members from ``__init__(self, dmm, fe_type)``."""

    def __init__(self, dmm: Any, fe_type: Any, members: Any) -> None:
        self._dmm = dmm
        self.fe_type = fe_type
        self._members = [(str(name), ty) for name, ty in members]
        names = [name for name, _ in self._members]
        if len(set(names)) != len(names):
            raise TypeError(f"the data model of {fe_type} names a member twice: {names}")

    @property
    def _fields(self) -> tuple[str, ...]:
        """The members' names, in order (numba's name)."""
        return tuple(name for name, _ in self._members)

    @property
    def _members_types(self) -> tuple[Any, ...]:
        return tuple(ty for _, ty in self._members)

    def get_member_fe_type(self, name: str) -> Any:
        """The type of member ``name``."""
        for member, ty in self._members:
            if member == name:
                return ty
        raise KeyError(f"{self.fe_type} has no member {name!r}; its members: {list(self._fields)}")


def register_model(type_class: type) -> Any:
    """``@register_model(MyType)`` over a :class:`StructModel` subclass gives the values of
    the custom type class ``MyType`` (a ``types.Type`` subclass) their layout: a record of
    the model's members (this module's docstring)."""
    if not (isinstance(type_class, type) and issubclass(type_class, oxtypes.Type)):
        raise TypeError(
            f"register_model takes a types.Type subclass (the custom type's class), not "
            f"{type_class!r}"
        )

    def decorate(model: Any) -> Any:
        if not (isinstance(model, type) and issubclass(model, StructModel)):
            raise TypeError(
                f"oxcuda lays custom types out as structs: the model of {type_class.__name__} "
                f"must subclass models.StructModel, not {model!r} (docs/extending.md)"
            )
        with _lock:
            _models[type_class] = model
            _forget(type_class)
        return model

    return decorate


def add_attribute_wrapper(type_class: type, member: str, name: str) -> None:
    """Names ``member`` of ``type_class``'s model ``name`` in device code
    (``make_attribute_wrapper``); checked against the members when the layout is made."""
    if not (isinstance(type_class, type) and issubclass(type_class, oxtypes.Type)):
        raise TypeError(f"make_attribute_wrapper takes a types.Type subclass, not {type_class!r}")
    for what, value in (("struct_attr", member), ("python_attr", name)):
        if not isinstance(value, str) or not value.isidentifier():
            raise ValueError(f"make_attribute_wrapper's {what} must be an identifier: {value!r}")
    with _lock:
        renames = _renames.setdefault(type_class, {})
        if renames.get(member, name) != name:
            raise ValueError(
                f"member {member!r} of {type_class.__name__} is already named "
                f"{renames[member]!r} in device code; oxcuda gives each member one name"
            )
        renames[member] = name
        _forget(type_class)


def _forget(type_class: type) -> None:
    for key in [t for t in _layouts if isinstance(t, type_class)]:
        del _layouts[key]


def has_model(t: Any) -> bool:
    """Whether the type object ``t`` is of a class with a registered model."""
    return any(isinstance(t, cls) for cls in _models)


def _model_of(t: Any) -> StructModel:
    for cls in type(t).__mro__:
        model = _models.get(cls)
        if model is not None:
            return model(default_manager, t)
    raise KeyError(f"{t} has no data model; register one with @register_model({type(t).__name__})")


def layout_of(t: Any) -> oxtypes.Record:
    """The record type that lays out the custom type object ``t`` (``TypeError`` naming what is
    wrong when it has no model or a member cannot be laid out)."""
    with _lock:
        cached = _layouts.get(t)
    if cached is not None:
        return cached
    try:
        model = _model_of(t)
    except KeyError as exc:
        raise TypeError(exc.args[0]) from None
    renames = dict(_renames.get(type(t), {}))
    for cls in type(t).__mro__[1:]:
        for member, name in _renames.get(cls, {}).items():
            renames.setdefault(member, name)
    unknown = sorted(set(renames) - set(model._fields))
    if unknown:
        raise TypeError(
            f"make_attribute_wrapper names member(s) {unknown} of {t}, whose data model has "
            f"the members {list(model._fields)}"
        )
    fields = []
    for member, ty in model._members:
        fields.append((renames.get(member, member), *_member_dtype(t, member, ty)))
    names = [f[0] for f in fields]
    if len(set(names)) != len(names):
        raise TypeError(f"the device names of {t}'s members collide: {names}")
    import numpy as np

    record = oxtypes.from_dtype(np.dtype(fields, align=True))
    with _lock:
        _layouts[t] = record
    return record


def custom_type_for(record: Any) -> Any:
    """The custom type whose layout is ``record`` (the one laid out last when several share
    it), or ``record`` itself: typing functions see the custom type, as numba's do."""
    live = [ref for ref in oxtypes._custom_instances if ref() is not None]
    oxtypes._custom_instances[:] = live  # forget the dead ones
    for ref in live:
        t = ref()
        if t is not None and has_model(t):
            try:
                layout_of(t)  # lays out types nothing has used yet
            except TypeError:
                continue  # a model that cannot be laid out says so where it is used
    with _lock:
        found = [t for t, r in _layouts.items() if r == record]
    return found[-1] if found else record


def _member_dtype(owner: Any, member: str, ty: Any) -> tuple:
    """``(dtype,)`` or ``(dtype, shape)`` of one member, for NumPy's structured dtype."""
    if isinstance(ty, oxtypes.Scalar):
        return (ty.dtype,)
    if isinstance(ty, oxtypes.Record):
        return (ty.dtype,)
    if isinstance(ty, oxtypes.UniTuple):
        (item,) = _member_dtype(owner, member, ty.dtype)[:1]
        return (item, (ty.count,))
    if isinstance(ty, oxtypes.Type) and has_model(ty):
        return (layout_of(ty).dtype,)
    raise TypeError(
        f"member {member!r} of {owner} has the type {ty!r}, which a struct cannot hold in "
        "oxcuda (scalar, record, struct-model and UniTuple members are laid out)"
    )
