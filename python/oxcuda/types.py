"""Type objects with numba's names: ``float32``, ``int64[:, ::1]``, ``void(float32[:], int32)``,
and numba's constructors: ``Array(float32, 2, 'C')``, ``Tuple((int32, float32))``,
``UniTuple(float32, 3)``, ``NamedTuple``, ``Optional``, ``CPointer``, ``voidptr``,
``NPDatetime('D')``, ``NPTimedelta('s')``, ``CharSeq(12)``/``UnicodeCharSeq(12)`` (items of
NumPy ``S12``/``U12`` arrays), the C aliases (``byte`` is uint8, ``float_`` float32).

Each object's ``str()`` is the canonical text the Rust core parses
(``crates/types/src/signature.rs``), so signatures cross the boundary as strings. Types the
compiler cannot take in a signature (named tuples, optionals, untyped pointers, datetimes) carry
a ``_refusal``: :func:`check_compilable`, called wherever a signature is normalised, raises a
``TypeError`` naming the type and what to write instead. Scalar types are also callable on host
values like NumPy's (``float32(1.5)`` is ``np.float32(1.5)``), and inside kernels they convert
(``float32(x)``). ``oxcuda.cuda.types`` is numba-cuda's path to these same objects.
"""

from __future__ import annotations

import weakref
from typing import Any

#: Every custom type object made (weakly): a record can be shown as its custom type even when
#: nothing laid the type out yet (``oxcuda.cuda.models.custom_type_for``).
_custom_instances: list[weakref.ref] = []


class Type:
    """Base of every type object; compares and hashes by its text."""

    def __init__(self, name: str) -> None:
        # numba's Type.__init__(name): the name is the type's text (what str() gives).
        self._text = name
        self.__dict__.setdefault("name", name)
        if _is_custom(self):  # known to oxcuda.cuda.models, which lays out those with a model
            _custom_instances.append(weakref.ref(self))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Type) and other._text == self._text

    def __hash__(self) -> int:
        return hash(self._text)

    @property
    def mangling_args(self) -> tuple[str, tuple]:
        """numba's ``(basename, parameters)`` of the type for Itanium mangling
        (``oxcuda.cuda.itanium_mangler``): ``(name, ())`` unless a subclass has parameters."""
        return self.name, ()

    def __call__(self, *args: Any) -> Any:
        if args and all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        if not args:
            return Signature(self, ())
        raise TypeError(f"{self} is not callable on host values")

    def __getitem__(self, dims: Any) -> Array:
        # A custom type (a subclass defined outside oxcuda) with a data model is laid out as a
        # record (oxcuda.cuda.models), so `my_type[::1]` is an array of that record.
        if compiler_type(self) is self:
            raise TypeError(f"{self} is not an array element type (a scalar, record or struct)")
        return Array._of_parts(self, _array_parts(self, dims))

    @property
    def _refusal(self) -> str | None:
        if _is_custom(self) and compiler_type(self) is self:
            return (
                f"it is a custom type ({type(self).__qualname__}) with no data model; give it "
                "one with @register_model(...) over a models.StructModel (docs/extending.md)"
            )
        return None


def _is_custom(t: Any) -> bool:
    """Whether ``t`` is of a ``Type`` subclass defined outside oxcuda (numba's custom types)."""
    return not type(t).__module__.startswith("oxcuda")


def compiler_type(t: Any) -> Any:
    """The type the compiler sees for ``t``: ``t`` itself, or for a custom type with a data
    model (``oxcuda.cuda.models.register_model``) the record of its members. A custom type
    whose layout cannot be made raises the ``TypeError`` saying why."""
    if not isinstance(t, Type) or not _is_custom(t) or isinstance(t, (Scalar, Record)):
        return t
    from oxcuda.cuda import models

    if not models.has_model(t):
        return t
    return models.layout_of(t)


class Scalar(Type):
    """A scalar type: ``float32``, ``int64``, ``bool_``… (numba's ``Boolean``, ``Integer``,
    ``Float`` and ``Complex`` are its subclasses)."""

    def __init__(self, name: str, numpy_name: str) -> None:
        super().__init__(name)
        self.name = name
        self._numpy_name = numpy_name

    @property
    def bitwidth(self) -> int:
        """The width in bits (numba's ``bitwidth``): 32 for float32, 128 for complex128."""
        import numpy as np

        return np.dtype(self._numpy_name).itemsize * 8

    @property
    def dtype(self):
        """The NumPy dtype of the type."""
        import numpy as np

        return np.dtype(self._numpy_name)

    @property
    def key(self) -> str:
        """numba's identity key of the type: its canonical text."""
        return self._text

    def __call__(self, *args: Any) -> Any:
        if args and all(isinstance(a, Type) for a in args):
            return Signature(self, args)
        if len(args) == 1:
            import numpy as np

            return np.dtype(self._numpy_name).type(args[0])
        return super().__call__(*args)

    def __getitem__(self, dims: Any) -> Array:
        return Array._of_parts(self, _array_parts(self, dims))


class Boolean(Scalar):
    """numba's ``types.Boolean``: the type of ``boolean``."""


class Number(Scalar):
    """numba's ``types.Number``: the base of integer, real and complex types."""


class Integer(Number):
    """numba's ``types.Integer``: ``int8``…``uint64``; ``signed`` says which."""

    @property
    def signed(self) -> bool:
        """Whether the integer is signed."""
        return self._numpy_name.startswith("int")


class Float(Number):
    """numba's ``types.Float``: ``float16``, ``float32``, ``float64``."""


class Bfloat16(Number):
    """numba-cuda's ``types.Bfloat16``: the type of ``bfloat16`` (8 exponent bits, 7 stored
    significand bits; the upper half of a float32).

    Its NumPy dtype is ``ml_dtypes.bfloat16`` (the optional ``ml_dtypes`` package, which
    PyTorch and CuPy share), so ``.dtype`` and calling it on a host value need that package.
    """

    @property
    def bitwidth(self) -> int:
        """The width in bits: 16."""
        return 16

    @property
    def dtype(self):
        """The NumPy dtype of the type: ``ml_dtypes.bfloat16`` (needs ``ml_dtypes``)."""
        import numpy as np

        return np.dtype(_ml_dtypes_type(self._numpy_name))

    def __call__(self, *args: Any) -> Any:
        if len(args) == 1 and not isinstance(args[0], Type):
            return _ml_dtypes_type(self._numpy_name)(args[0])
        return super().__call__(*args)


def _ml_dtypes_type(name: str) -> Any:
    """The ``ml_dtypes`` scalar type of that name, or an ``ImportError`` saying what to install."""
    try:
        import ml_dtypes
    except ImportError:
        raise ImportError(
            f"{name} values on the host are NumPy scalars of ml_dtypes.{name}: "
            "install ml_dtypes (pip install ml_dtypes)"
        ) from None
    return getattr(ml_dtypes, name)


class Fp8(Number):
    """numba-cuda's fp8 types (``fp8_e4m3``, ``fp8_e5m2``, ``fp8_e8m0``): 8-bit storage types.

    Kernels convert to and from them explicitly (``fp8_e4m3(x)``, ``float32(v)``), as CUDA's
    ``__nv_fp8_*`` constructors and conversion operators do; they have no arithmetic. Their
    NumPy dtypes are ``ml_dtypes``' ``float8_e4m3fn``, ``float8_e5m2`` and ``float8_e8m0fnu``
    (the optional ``ml_dtypes`` package; torch's float8 dtypes are the same formats).
    """

    @property
    def bitwidth(self) -> int:
        """The width in bits: 8."""
        return 8

    @property
    def __name__(self) -> str:
        """The type's name (``fp8_e4m3``): numba-cuda's fp8 types are classes of that name."""
        return self.name

    @property
    def dtype(self):
        """The NumPy dtype of the type (``ml_dtypes.float8_e4m3fn`` …; needs ``ml_dtypes``)."""
        import numpy as np

        return np.dtype(_ml_dtypes_type(self._numpy_name))

    def __call__(self, *args: Any) -> Any:
        if len(args) == 1 and not isinstance(args[0], Type):
            return _ml_dtypes_type(self._numpy_name)(args[0])
        return super().__call__(*args)


class Complex(Number):
    """numba's ``types.Complex``: ``complex64`` and ``complex128``."""

    @property
    def underlying_float(self) -> Float:
        """The type of the real and imaginary parts: float32 for complex64."""
        return SCALARS["float32" if self._numpy_name == "complex64" else "float64"]


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
        """The fields as NumPy's ``dtype.fields`` gives them: name to (dtype, offset[, title])."""
        return dict(self.dtype.fields)

    @property
    def size(self) -> int:
        """The record's size in bytes."""
        return self.dtype.itemsize

    def __getitem__(self, dims: Any) -> Array:
        return Array._of_parts(self, _array_parts(self, dims))


_LAYOUTS = ("C", "F", "A")


class Array(Type):
    """numba's ``types.Array(dtype, ndim, layout, readonly=False, aligned=True)``: an array
    type, as ``float32[:, ::1]`` also writes it (``Array(float32, 2, 'C')``).

    ``layout`` is ``'C'`` (the last dimension has unit stride), ``'F'`` (the first) or
    ``'A'`` (any strides); a 0-d array is C and F at once, as in numba.
    """

    def __init__(
        self,
        dtype: Scalar | Record | NPDatetime | NPTimedelta | CharSeq | UnicodeCharSeq,
        ndim: int,
        layout: str = "A",
        readonly: bool = False,
        name: str | None = None,
        aligned: bool = True,
    ) -> None:
        # A custom type with a data model stays the dtype (numba's `Array(my_type, ...).dtype`
        # is `my_type`); the text, which the compiler reads, is its record's.
        if not isinstance(compiler_type(dtype), (Scalar, Record, _NPDatetimeBase, _CharSeqBase)):
            raise TypeError(
                f"an array's dtype is a scalar or record type (float32, from_dtype(...)), "
                f"not {dtype!r}"
            )
        if isinstance(ndim, bool) or not isinstance(ndim, int) or ndim < 0:
            raise TypeError(f"an array's ndim is an integer >= 0, not {ndim!r}")
        if layout not in _LAYOUTS:
            raise ValueError(f"an array's layout is 'C', 'F' or 'A', not {layout!r}")
        self.dtype = dtype
        self.ndim = ndim
        self.layout = "C" if ndim == 0 else layout
        self.readonly = bool(readonly)
        self.aligned = bool(aligned)
        super().__init__(self._canonical_text())
        self.name = name or self._text

    @classmethod
    def _of_parts(cls, dtype: Scalar | Record, parts: list[str]) -> Array:
        """The array type that ``dtype[parts]`` writes (``[":", "::1"]`` is 2-D C)."""
        if parts.count("::1") > 1 or ("::1" in parts and parts[-1] != "::1" and parts[0] != "::1"):
            raise TypeError("'::1' may only mark the first or last dimension")
        if parts and parts[-1] == "::1":
            layout = "C"
        elif parts and parts[0] == "::1":
            layout = "F"
        else:
            layout = "A"
        return cls(dtype, len(parts), layout)

    def _canonical_text(self) -> str:
        n, layout = self.ndim, self.layout
        if n == 0 or (n == 1 and layout == "F"):
            text = f"array({compiler_type(self.dtype)}, {n}d, {layout})"
        else:
            parts = [":"] * n
            if layout == "C":
                parts[-1] = "::1"
            elif layout == "F":
                parts[0] = "::1"
            text = f"{compiler_type(self.dtype)}[{', '.join(parts)}]"
        if not self.aligned:
            text = "unaligned " + text
        return ("readonly " if self.readonly else "") + text

    @property
    def mutable(self) -> bool:
        """Whether kernels may write the array (numba's ``mutable``; ``not readonly``)."""
        return not self.readonly

    @property
    def mangling_args(self) -> tuple[str, tuple]:
        """numba's mangling parameters: dtype, ndim, layout, mutability, alignment."""
        return type(self).__name__, (
            self.dtype,
            self.ndim,
            self.layout,
            "mutable" if self.mutable else "readonly",
            "aligned" if self.aligned else "unaligned",
        )

    @property
    def key(self) -> tuple:
        """numba's identity key: ``(dtype, ndim, layout, mutable, aligned)``."""
        return (self.dtype, self.ndim, self.layout, self.mutable, self.aligned)

    @property
    def is_c_contig(self) -> bool:
        """Whether the layout is C-contiguous."""
        return self.layout == "C" or (self.ndim == 1 and self.layout == "F")

    @property
    def is_f_contig(self) -> bool:
        """Whether the layout is Fortran-contiguous."""
        return self.layout == "F" or (self.ndim <= 1 and self.layout == "C")

    @property
    def is_contig(self) -> bool:
        """Whether the layout is C- or Fortran-contiguous."""
        return self.layout in "CF"

    def copy(
        self,
        dtype: Scalar | Record | None = None,
        ndim: int | None = None,
        layout: str | None = None,
        readonly: bool | None = None,
        aligned: bool | None = None,
    ) -> Array:
        """This type with the given attributes changed, as numba's ``Array.copy``."""
        return Array(
            self.dtype if dtype is None else dtype,
            self.ndim if ndim is None else ndim,
            self.layout if layout is None else layout,
            self.readonly if readonly is None else readonly,
            aligned=self.aligned if aligned is None else aligned,
        )


class BaseTuple(Type):
    """The base of tuple types: ``types`` (the items' types), ``count``, indexing and ``len``."""

    types: tuple

    @property
    def count(self) -> int:
        """The number of items."""
        return len(self.types)

    def __len__(self) -> int:
        return len(self.types)

    def __iter__(self):
        return iter(self.types)

    def __getitem__(self, i: int) -> Type:
        return self.types[i]

    @property
    def _refusal(self) -> str | None:
        return next((r for r in (_refusal_of(t) for t in self.types) if r), None)


class UniTuple(BaseTuple):
    """numba's ``types.UniTuple(dtype, count)``: a tuple of ``count`` items of one type."""

    def __init__(self, dtype: Type, count: int) -> None:
        _check_item(dtype)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise TypeError(f"a UniTuple's count is an integer >= 0, not {count!r}")
        self.dtype = dtype
        self.types = (dtype,) * count
        super().__init__(f"UniTuple({dtype} x {count})")

    @property
    def mangling_args(self) -> tuple[str, tuple]:
        """numba's mangling parameters: the item type and the count."""
        return type(self).__name__, (self.dtype, len(self.types))


class Tuple(BaseTuple):
    """numba's ``types.Tuple((int32, float32))``: a heterogeneous tuple. As in numba, a tuple
    of one repeated type is a :class:`UniTuple`."""

    def __new__(cls, types: Any) -> Any:
        types = tuple(types)
        if types and all(t == types[0] for t in types):
            return UniTuple(types[0], len(types))
        return super().__new__(cls)

    def __init__(self, types: Any) -> None:
        self.types = tuple(types)
        for t in self.types:
            _check_item(t)
        super().__init__(f"Tuple({', '.join(str(t) for t in self.types)})")

    @property
    def mangling_args(self) -> tuple[str, tuple]:
        """numba's mangling parameters: the item types."""
        return type(self).__name__, self.types

    def __getnewargs__(self) -> tuple:
        return (self.types,)


class NamedTuple(BaseTuple):
    """numba's ``types.NamedTuple(types, cls)``: the type of an instance of the namedtuple
    class ``cls``. Kernels cannot take one as an argument yet (pass a plain tuple)."""

    _refusal = "kernel arguments cannot be named tuples yet; pass a plain tuple (tuple(value))"

    def __init__(self, types: Any, cls: type) -> None:
        self.types = tuple(types)
        for t in self.types:
            _check_item(t)
        self.instance_class = cls
        self.fields = tuple(getattr(cls, "_fields", ()))
        super().__init__(f"{cls.__name__}({', '.join(str(t) for t in self.types)})")


class NamedUniTuple(NamedTuple):
    """numba's ``types.NamedUniTuple(dtype, count, cls)``: a named tuple of one repeated type."""

    def __init__(self, dtype: Type, count: int, cls: type) -> None:
        self.dtype = dtype
        super().__init__((dtype,) * count, cls)


class Optional(Type):
    """numba's ``types.Optional(type)``: a value of ``type`` or ``None``. Kernels cannot take
    optional arguments yet; compile one specialisation for each case instead."""

    _refusal = "kernel arguments cannot be Optional yet; compile one signature per case instead"

    def __init__(self, type: Type) -> None:
        _check_item(type)
        self.type = type
        super().__init__(f"OptionalType({type})")


class Dispatcher(Type):
    """numba's ``types.Dispatcher``: the type of a function passed as a value in device code (a
    ``@cuda.jit`` function, or a function defined in device code, which numba turns into one),
    as ``@overload`` typing functions see it. ``name`` is the function's Python name. Not a
    kernel argument type."""

    _refusal = "a function is not a kernel argument; pass it to a device function instead"

    def __init__(self, name: str) -> None:
        super().__init__(f"type(CUDADispatcher({name}))")
        self.function_name = name


class NumberClass(Type):
    """numba's ``types.NumberClass(instance_type)``: the type of a scalar type object used as a
    value (``class(float64)``), as ``typeof(np.float64)`` gives. A kernel argument of this type
    (``kernel[1, 1](arr, np.float64)``) is a compile-time value the kernel is specialised on:
    the kernel can use it as a dtype (``cuda.shared.array(n, dty)``) or call it
    (``dty(x)``), and it passes no bytes (docs/abi.md)."""

    def __init__(self, instance_type: Type) -> None:
        if not isinstance(instance_type, Scalar):
            raise TypeError(f"NumberClass takes a scalar type, not {instance_type!r}")
        self.instance_type = instance_type
        super().__init__(f"class({instance_type})")

    @property
    def mangling_args(self) -> tuple[str, tuple]:
        return "class", (self.instance_type,)


class RangeType(Type):
    """numba's ``types.RangeType(dtype)``: the type of a ``range`` object over ``dtype``
    integers (``range_state_int64``), as typing functions of extensions see it. Not a kernel
    argument type (a kernel builds its ranges itself)."""

    _refusal = "a range object is not a kernel argument; pass its bounds as integers"

    def __init__(self, dtype: Type) -> None:
        if not isinstance(dtype, Integer):
            raise TypeError(f"RangeType takes an integer type, not {dtype!r}")
        self.dtype = dtype
        super().__init__(f"range_state_{dtype}")

    @property
    def iterator_type(self) -> RangeIteratorType:
        """The type of ``iter()`` of such a range."""
        return RangeIteratorType(self.dtype)


class RangeIteratorType(Type):
    """numba's ``types.RangeIteratorType(dtype)``: the type of the iterator over a range of
    ``dtype`` integers (``range_iter_int32``); ``yield_type`` is ``dtype``. Not a kernel
    argument type."""

    _refusal = "a range iterator is not a kernel argument; pass the range's bounds as integers"

    def __init__(self, dtype: Type) -> None:
        if not isinstance(dtype, Integer):
            raise TypeError(f"RangeIteratorType takes an integer type, not {dtype!r}")
        self.yield_type = dtype
        super().__init__(f"range_iter_{dtype}")


class CPointer(Type):
    """A pointer to data of a scalar type: ``CPointer(float32)``, as numba's ``types.CPointer``.

    For the parameters of external functions (``cuda.declare_device``): an array passed for
    such a parameter passes its data pointer. Only the generic address space (0) is supported.
    """

    def __init__(self, dtype: Scalar, addrspace: int = 0) -> None:
        if not isinstance(dtype, Scalar):
            raise TypeError(f"CPointer takes a scalar type such as float32, not {dtype!r}")
        if addrspace != 0:
            raise TypeError(
                f"CPointer({dtype}, addrspace={addrspace}): only the generic address space (0) "
                f"is supported; pass an array or a generic pointer"
            )
        super().__init__(f"CPointer({dtype})")
        self.dtype = dtype
        self.addrspace = addrspace


class RawPointer(Type):
    """numba's ``types.RawPointer``: an untyped pointer; ``voidptr`` is one. Not yet accepted
    in signatures: declare a ``CPointer`` of the pointee's type instead."""

    _refusal = (
        "untyped pointers (voidptr) are not accepted in signatures: device code cannot index "
        "or dereference one (numba cannot either); declare CPointer(<dtype>) of the pointee's "
        "type, e.g. CPointer(float32), and index that"
    )


_DATETIME_UNITS = ("", "Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as")


class _NPDatetimeBase(Type):
    _kind = ""

    def __init__(self, unit: str) -> None:
        if unit not in _DATETIME_UNITS:
            raise ValueError(
                f"{unit!r} is not a NumPy datetime unit; use one of "
                f"{', '.join(u for u in _DATETIME_UNITS if u)}"
            )
        self.unit = unit
        name = f"{self._kind}[{unit}]" if unit else self._kind
        super().__init__(name)
        self.name = name

    @property
    def dtype(self):
        """The NumPy dtype of the type."""
        import numpy as np

        return np.dtype(self._text)

    def __getitem__(self, dims: Any) -> Array:
        return Array._of_parts(self, _array_parts(self, dims))

    @property
    def _refusal(self) -> str | None:
        return None


class NPDatetime(_NPDatetimeBase):
    """numba's ``types.NPDatetime(unit)``: ``np.datetime64`` of a unit (``'D'``, ``'s'``…)."""

    _kind = "datetime64"


class NPTimedelta(_NPDatetimeBase):
    """numba's ``types.NPTimedelta(unit)``: ``np.timedelta64`` of a unit (``'D'``, ``'s'``…)."""

    _kind = "timedelta64"


class _CharSeqBase(Type):
    _kind = ""
    _unit = 1

    def __init__(self, count: int) -> None:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise TypeError(f"a {type(self).__name__}'s count is an integer >= 0, not {count!r}")
        self.count = count
        name = f"[{self._kind} x {count}]"
        super().__init__(name)
        self.name = name

    @property
    def dtype(self):
        """The NumPy dtype of the type (``S<count>`` or ``U<count>``)."""
        import numpy as np

        return np.dtype(f"{'U' if self._unit == 4 else 'S'}{self.count}")

    @property
    def key(self) -> int:
        """numba's ``key``: the count."""
        return self.count

    def __getitem__(self, dims: Any) -> Array:
        return Array._of_parts(self, _array_parts(self, dims))

    @property
    def _refusal(self) -> str | None:
        return None


class CharSeq(_CharSeqBase):
    """numba's ``types.CharSeq(count)``: an item of a NumPy ``S<count>`` array or record field
    (``count`` bytes; written ``[char x count]``)."""

    _kind = "char"


class UnicodeCharSeq(_CharSeqBase):
    """numba's ``types.UnicodeCharSeq(count)``: an item of a NumPy ``U<count>`` array or record
    field (``count`` UCS4 code points; written ``[unichr x count]``)."""

    _kind = "unichr"
    _unit = 4

    def __repr__(self) -> str:
        return f"UnicodeCharSeq({self.count})"


def _char_seq_of_text(text: str) -> CharSeq | UnicodeCharSeq | None:
    """``[char x 12]`` or ``[unichr x 12]`` as its type object, or ``None``."""
    for cls in (CharSeq, UnicodeCharSeq):
        head = f"[{cls._kind} x "
        if text.startswith(head) and text.endswith("]") and text[len(head) : -1].isdigit():
            return cls(int(text[len(head) : -1]))
    return None


def _check_item(t: Any) -> None:
    if not isinstance(t, Type):
        raise TypeError(f"{t!r} is not a type (write float32, int64[:], …)")


def _refusal_of(t: Any) -> str | None:
    """Why the compiler cannot take ``t`` in a signature, or ``None`` when it can."""
    refusal = getattr(t, "_refusal", None)
    return refusal if isinstance(refusal, str) else None


def check_compilable(t: Type) -> None:
    """Raises ``TypeError`` naming ``t`` when the compiler cannot type it (a named tuple, an
    optional, an untyped pointer, a datetime…)."""
    refusal = _refusal_of(t)
    if refusal:
        raise TypeError(f"oxcuda cannot compile with the type {t}: {refusal}")


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


def _scalar(cls: type, name: str, numpy_name: str | None = None) -> Scalar:
    return cls(name, numpy_name or name)


boolean = bool_ = b1 = _scalar(Boolean, "bool", "bool")
int8 = i1 = char = _scalar(Integer, "int8")
int16 = i2 = short = _scalar(Integer, "int16")
int32 = i4 = intc = _scalar(Integer, "int32")
int64 = i8 = intp = int_ = long_ = longlong = ssize_t = _scalar(Integer, "int64")
uint8 = u1 = uchar = byte = _scalar(Integer, "uint8")
uint16 = u2 = ushort = _scalar(Integer, "uint16")
uint32 = u4 = uintc = _scalar(Integer, "uint32")
uint64 = u8 = uintp = uint = ulong = ulonglong = size_t = _scalar(Integer, "uint64")
float16 = f2 = half = _scalar(Float, "float16")
bfloat16 = _scalar(Bfloat16, "bfloat16")
fp8_e4m3 = _scalar(Fp8, "fp8_e4m3", "float8_e4m3fn")
fp8_e5m2 = _scalar(Fp8, "fp8_e5m2", "float8_e5m2")
fp8_e8m0 = _scalar(Fp8, "fp8_e8m0", "float8_e8m0fnu")
float32 = f4 = float_ = _scalar(Float, "float32")
float64 = f8 = double = _scalar(Float, "float64")
complex64 = c8 = _scalar(Complex, "complex64")
complex128 = c16 = _scalar(Complex, "complex128")
void = none = NoneType("void")
range_state32_type = RangeType(int32)
range_state64_type = RangeType(int64)
unsigned_range_state64_type = RangeType(uint64)
range_iter32_type = RangeIteratorType(int32)
range_iter64_type = RangeIteratorType(int64)
unsigned_range_iter64_type = RangeIteratorType(uint64)
voidptr = RawPointer("void*")

SCALARS = {
    t.name: t
    for t in (
        *(boolean, int8, int16, int32, int64, uint8, uint16, uint32, uint64),
        *(float16, bfloat16, float32, float64, complex64, complex128),
        *(fp8_e4m3, fp8_e5m2, fp8_e8m0),
    )
}
# The fp8 types under their NumPy (ml_dtypes) dtype names, so dtypes and arrays find them.
FP8_DTYPE_NAMES = {t._numpy_name: t for t in (fp8_e4m3, fp8_e5m2, fp8_e8m0)}
SCALARS.update(FP8_DTYPE_NAMES)


signed_domain = frozenset({int8, int16, int32, int64})
unsigned_domain = frozenset({uint8, uint16, uint32, uint64})
integer_domain = signed_domain | unsigned_domain
real_domain = frozenset({float32, float64})
complex_domain = frozenset({complex64, complex128})
number_domain = real_domain | integer_domain | complex_domain


def from_dtype(dtype: Any) -> Type:
    """The type of a NumPy dtype: a scalar type (``np.float32`` or ``np.dtype('f4')``), or a
    record type for a structured dtype, ``NPDatetime``/``NPTimedelta`` for ``datetime64``/
    ``timedelta64``, ``CharSeq``/``UnicodeCharSeq`` for ``S<n>``/``U<n>`` (as numba's
    ``numpy_support.from_dtype``)."""
    import numpy as np

    dtype = np.dtype(dtype)
    if dtype.kind == "S":
        return CharSeq(dtype.itemsize)
    if dtype.kind == "U":
        return UnicodeCharSeq(dtype.itemsize // 4)
    if dtype.kind in "Mm":
        unit = np.datetime_data(dtype)[0]
        unit = "" if unit == "generic" else unit
        return (NPDatetime if dtype.kind == "M" else NPTimedelta)(unit)
    if dtype.names is not None:
        from oxcuda import _native

        return Record(_native.record_type(dtype), dtype)
    name = dtype.name
    try:
        return SCALARS[name]
    except KeyError:
        raise TypeError(f"dtype {name} has no oxcuda scalar type") from None


def from_text(text: str) -> Type:
    """The type object whose canonical text is ``text`` (what the core writes for a type:
    ``"int64"``, ``"float32[:, ::1]"``, ``"readonly array(float64, 1d, A)"``).

    Scalars and arrays of scalars come back as their :class:`Scalar`/:class:`Array` objects;
    any other type as a :class:`Type` of that text, which compares and hashes equal to the
    object the constructors make (types compare by their text). This is how the dispatcher
    keys its per-signature dicts (``inspect_asm()``, ``overloads``) by numba's type tuples.
    """
    if text in SCALARS:
        return SCALARS[text]
    char_seq = _char_seq_of_text(text)
    if char_seq is not None:
        return char_seq
    if text.startswith("class(") and text.endswith(")") and text[len("class(") : -1] in SCALARS:
        return NumberClass(SCALARS[text[len("class(") : -1]])
    body, readonly, aligned = text, False, True
    if body.startswith("readonly "):
        body, readonly = body[len("readonly ") :], True
    if body.startswith("unaligned "):
        body, aligned = body[len("unaligned ") :], False
    array = _array_of_text(body)
    if array is not None:
        return array.copy(readonly=readonly, aligned=aligned)
    return Type(text)


def _array_of_text(body: str) -> Array | None:
    """``float32[:, ::1]`` or ``array(float32, 2d, C)`` as an :class:`Array` of a scalar, or
    ``None`` for any other text."""
    if body.startswith("array(") and body.endswith(")"):
        parts = [p.strip() for p in body[len("array(") : -1].split(",")]
        item = SCALARS.get(parts[0]) or _char_seq_of_text(parts[0])
        if len(parts) == 3 and item is not None and parts[1].endswith("d"):
            try:
                return Array(item, int(parts[1][:-1]), parts[2])
            except (TypeError, ValueError):
                return None
        return None
    head, bracket, dims = body.partition("[")
    if not bracket or head not in SCALARS or not dims.endswith("]"):
        return None
    parts = [d.strip() for d in dims[:-1].split(",")]
    if any(p not in (":", "::1") for p in parts):
        return None
    try:
        return Array._of_parts(SCALARS[head], parts)
    except TypeError:
        return None


_ALIASES = (
    "boolean bool_ intp uintp intc uintc double half int_ uint long_ ulong longlong ulonglong "
    "char uchar byte short ushort size_t ssize_t float_ "
    "b1 i1 i2 i4 i8 u1 u2 u4 u8 f2 f4 f8 c8 c16"
).split()

# numba's literal types (the extension API's typing functions receive them).
from oxcuda._literal_types import (  # noqa: E402 - they subclass the classes above
    BooleanLiteral,
    IntegerLiteral,
    Literal,
    literal,
    maybe_literal,
    unliteral,
)

__all__ = [
    "Array",
    "BooleanLiteral",
    "IntegerLiteral",
    "Literal",
    "literal",
    "maybe_literal",
    "unliteral",
    "BaseTuple",
    "Bfloat16",
    "Boolean",
    "CPointer",
    "CharSeq",
    "Complex",
    "Float",
    "Fp8",
    "Integer",
    "NPDatetime",
    "NPTimedelta",
    "NumberClass",
    "NamedTuple",
    "NamedUniTuple",
    "NoneType",
    "Number",
    "Optional",
    "RangeIteratorType",
    "RangeType",
    "RawPointer",
    "Record",
    "Scalar",
    "Signature",
    "Tuple",
    "Type",
    "UniTuple",
    "UnicodeCharSeq",
    "check_compilable",
    "from_dtype",
    "from_text",
    "void",
    "none",
    "voidptr",
    "range_state32_type",
    "range_state64_type",
    "unsigned_range_state64_type",
    "range_iter32_type",
    "range_iter64_type",
    "unsigned_range_iter64_type",
    *sorted(n for n in SCALARS if n != "bool" and n not in FP8_DTYPE_NAMES),
    *_ALIASES,
    "signed_domain",
    "unsigned_domain",
    "integer_domain",
    "real_domain",
    "complex_domain",
    "number_domain",
]
