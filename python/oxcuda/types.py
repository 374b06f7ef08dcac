"""Type objects with numba's names: ``float32``, ``int64[:, ::1]``, ``void(float32[:], int32)``.

Each object's ``str()`` is the canonical text the Rust core parses
(``crates/types/src/signature.rs``), so signatures cross the boundary as strings. Scalar types
are also callable on host values like NumPy's (``float32(1.5)`` is ``np.float32(1.5)``), and
inside kernels they convert (``float32(x)``).
"""

from __future__ import annotations

from typing import Any


class Type:
    """Base of every type object; compares and hashes by its text."""

    def __init__(self, text: str) -> None:
        self._text = text

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Type) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)

    def __call__(self, *args: Any) -> Any:
        if args and all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        if not args:
            return Signature(self, ())
        raise TypeError(f"{self} is not callable on host values")


class Scalar(Type):
    """A scalar type: ``float32``, ``int64``, ``bool_``…"""

    def __init__(self, name: str, numpy_name: str) -> None:
        super().__init__(name)
        self.name = name
        self._numpy_name = numpy_name

    @property
    def bitwidth(self) -> int:
        import numpy as np

        return np.dtype(self._numpy_name).itemsize * 8

    @property
    def dtype(self):
        import numpy as np

        return np.dtype(self._numpy_name)

    def __call__(self, *args: Any) -> Any:
        if args and all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        if len(args) == 1:
            import numpy as np

            return np.dtype(self._numpy_name).type(args[0])
        return super().__call__(*args)

    def __getitem__(self, dims: Any) -> Array:
        return Array(self, _array_parts(self, dims))


def _array_parts(dtype: Type, dims: Any) -> list[str]:
    if not isinstance(dims, tuple):
        dims = (dims,)
    parts = []
    for d in dims:
        if not isinstance(d, slice) or d.start is not None or d.stop is not None:
            raise TypeError(f"array types are written like {dtype}[:] or {dtype}[:, ::1]")
        if d.step is None:
            parts.append(":")
        elif d.step == 1:
            parts.append("::1")
        else:
            raise TypeError("only ::1 may mark the contiguous dimension")
    return parts


class Record(Type):
    """A record type: a NumPy structured dtype, as ``from_dtype(np.dtype([...]))`` gives it
    (numba's ``types.Record``); ``rec[:]`` is an array of records."""

    def __init__(self, text: str, dtype: Any) -> None:
        super().__init__(text)
        self.dtype = dtype

    @property
    def fields(self) -> dict[str, Any]:
        return dict(self.dtype.fields)

    def __getitem__(self, dims: Any) -> Array:
        return Array(self, _array_parts(self, dims))


class Array(Type):
    """An array type: dtype, ndim and layout, as ``float32[:, ::1]`` writes them."""

    def __init__(self, dtype: Scalar | Record, parts: list[str], readonly: bool = False) -> None:
        text = f"{dtype}[{', '.join(parts)}]"
        super().__init__(("readonly " if readonly else "") + text)
        self.dtype = dtype
        self.ndim = len(parts)
        self.readonly = readonly
        if parts and parts[-1] == "::1" and parts.count("::1") == 1:
            self.layout = "C"
        elif parts and parts[0] == "::1" and parts.count("::1") == 1:
            self.layout = "F"
        else:
            self.layout = "A"

    def copy(self, readonly: bool | None = None) -> Array:
        parts = [p.strip() for p in str(self).split("[", 1)[1].rstrip("]").split(",")]
        return Array(self.dtype, parts, self.readonly if readonly is None else readonly)


class CPointer(Type):
    """A pointer to data of a scalar type: ``CPointer(float32)``, as numba's ``types.CPointer``.

    For the parameters of external functions (``cuda.declare_device``): an array passed for
    such a parameter passes its data pointer.
    """

    def __init__(self, dtype: Scalar) -> None:
        if not isinstance(dtype, Scalar):
            raise TypeError(f"CPointer takes a scalar type such as float32, not {dtype!r}")
        super().__init__(f"CPointer({dtype})")
        self.dtype = dtype


class NoneType(Type):
    """``void`` / ``none``: the return type of kernels."""


class Signature:
    """A function signature: return type and argument types (``void(float32[:], int32)``)."""

    def __init__(self, return_type: Type | None, args: tuple) -> None:
        self.return_type = return_type
        self.args = tuple(args)

    def __str__(self) -> str:
        args = ", ".join(str(a) for a in self.args)
        return f"{self.return_type}({args})" if self.return_type is not None else args

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Signature) and str(other) == str(self)

    def __hash__(self) -> int:
        return hash(str(self))


def _scalar(name: str, numpy_name: str | None = None) -> Scalar:
    return Scalar(name, numpy_name or name)


boolean = bool_ = b1 = _scalar("bool", "bool")
int8 = i1 = _scalar("int8")
int16 = i2 = _scalar("int16")
int32 = i4 = intc = _scalar("int32")
int64 = i8 = intp = int_ = _scalar("int64")
uint8 = u1 = _scalar("uint8")
uint16 = u2 = _scalar("uint16")
uint32 = u4 = uintc = _scalar("uint32")
uint64 = u8 = uintp = _scalar("uint64")
float16 = f2 = half = _scalar("float16")
float32 = f4 = _scalar("float32")
float64 = f8 = double = _scalar("float64")
complex64 = c8 = _scalar("complex64")
complex128 = c16 = _scalar("complex128")
void = none = NoneType("void")

SCALARS = {
    t.name: t
    for t in (
        *(boolean, int8, int16, int32, int64, uint8, uint16, uint32, uint64),
        *(float16, float32, float64, complex64, complex128),
    )
}


def from_dtype(dtype: Any) -> Scalar | Record:
    """The type of a NumPy dtype: a scalar type (``np.float32`` or ``np.dtype('f4')``), or a
    record type for a structured dtype."""
    import numpy as np

    dtype = np.dtype(dtype)
    if dtype.names is not None:
        from oxcuda import _native

        return Record(_native.record_type(dtype), dtype)
    name = dtype.name
    try:
        return SCALARS[name]
    except KeyError:
        raise TypeError(f"dtype {name} has no oxcuda scalar type") from None


__all__ = [
    "Array",
    "CPointer",
    "NoneType",
    "Record",
    "Scalar",
    "Signature",
    "Type",
    "from_dtype",
    "void",
    "none",
    *sorted(n for n in SCALARS if n != "bool"),
    "boolean",
    "bool_",
    "intp",
    "uintp",
    "intc",
    "uintc",
    "double",
    "half",
    "b1",
    "i1",
    "i2",
    "i4",
    "i8",
    "u1",
    "u2",
    "u4",
    "u8",
    "f2",
    "f4",
    "f8",
    "c8",
    "c16",
    "int_",
]
