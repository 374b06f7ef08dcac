"""The ``oxcuda.types`` objects of the types the compiler describes to the extension resolver.

The native core sends each argument type of a query as a tagged tuple
(``crates/python/src/compile/extending.rs`` documents the encoding); :func:`type_object` builds
the type object numba's typing functions expect (``types.Array`` with ``dtype``, ``ndim``,
``layout``; ``types.Record`` with its NumPy dtype; ``types.UniTuple``…), and
:func:`argument_types` adds the literal types of constant arguments.
"""

from __future__ import annotations

from typing import Any

from oxcuda import types as oxtypes


def _record(desc: tuple) -> oxtypes.Record:
    import numpy as np

    _, text, fields, size, align = desc
    names, formats, offsets = [], [], []
    for name, dtype, shape, offset in fields:
        item = _dtype_object(dtype, custom=False)
        item_dtype = item.dtype if isinstance(item, oxtypes.Record) else np.dtype(str(item))
        names.append(name)
        formats.append((item_dtype, tuple(shape)) if shape else item_dtype)
        offsets.append(offset)
    dtype = np.dtype(
        {"names": names, "formats": formats, "offsets": offsets, "itemsize": size},
        align=align > 1,
    )
    return oxtypes.Record(text, dtype)


def _dtype_object(desc: tuple, custom: bool = True) -> Any:
    if desc[0] == "scalar":
        return oxtypes.SCALARS[desc[1]]
    if not custom:
        return _record(desc)
    # A record laid out for a custom type (oxcuda.cuda.models) is shown as that type.
    from oxcuda.cuda import models

    return models.custom_type_for(_record(desc))


def type_object(desc: tuple) -> oxtypes.Type:
    """The type object of one described type."""
    tag = desc[0]
    if tag == "none":
        return oxtypes.none
    if tag in ("scalar", "record"):
        return _dtype_object(desc)
    if tag == "array":
        _, dtype, ndim, layout, readonly, aligned = desc
        return oxtypes.Array(_dtype_object(dtype), ndim, layout, readonly, aligned=aligned)
    if tag == "tuple":
        return oxtypes.Tuple([type_object(item) for item in desc[1]])
    if tag == "pointer":
        return oxtypes.CPointer(_dtype_object(desc[1]))
    if tag == "function":
        return oxtypes.Dispatcher(desc[1])
    raise ValueError(f"unknown type description {desc!r}")


def argument_types(arg: tuple, literal: bool) -> oxtypes.Type:
    """The type of one query argument ``(type, literal value)``: the literal type when
    ``literal`` is asked for and the argument is a constant, else the run-time type."""
    desc, value = arg
    if literal and value is not None:
        return oxtypes.literal(value[1])
    return type_object(desc)
