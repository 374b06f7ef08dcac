"""numba's type constructors and attributes (``oxcuda.types``, ``oxcuda.cuda.types``), accepted
in signatures wherever a type string is; those the compiler cannot type are refused by name."""

from __future__ import annotations

import collections
import re

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, types
from oxcuda.errors import TypingError


def test_cuda_types_is_numba_cudas_path_to_the_same_objects():
    from oxcuda.cuda import types as cuda_types

    assert cuda.types is cuda_types
    assert cuda_types.float32 is oxcuda.float32
    assert cuda_types.Array is types.Array
    assert set(types.__all__) <= set(dir(cuda_types))


@pytest.mark.parametrize(
    ("made", "written"),
    [
        (types.Array(types.float32, 2, "C"), types.float32[:, ::1]),
        (types.Array(types.float32, 2, "F"), types.float32[::1, :]),
        (types.Array(types.int64, 3, "A"), types.int64[:, :, :]),
        (types.Array(types.float64, 1, "C"), types.float64[::1]),
    ],
)
def test_array_constructor_equals_the_slice_notation(made, written):
    assert made == written
    assert hash(made) == hash(written)
    assert (made.dtype, made.ndim, made.layout) == (written.dtype, written.ndim, written.layout)


def test_array_attributes_are_numbas():
    a = types.Array(types.float32, 2, "C", readonly=True)
    assert (a.dtype, a.ndim, a.layout, a.mutable, a.aligned) == (types.float32, 2, "C", False, True)
    assert a.is_c_contig and not a.is_f_contig
    b = a.copy(layout="A", readonly=False)
    assert b == types.float32[:, :] and b.mutable
    assert types.Array(types.int8, 0, "A").layout == "C"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("float32", 1, "C"), TypeError),
        ((types.float32, -1, "C"), TypeError),
        ((types.float32, 1, "Z"), ValueError),
    ],
)
def test_array_constructor_refuses_bad_parts(args, error):
    with pytest.raises(error):
        types.Array(*args)


def test_tuple_types():
    t = types.Tuple((types.int32, types.float32))
    assert t.types == (types.int32, types.float32) and t.count == 2 and t[1] is types.float32
    u = types.UniTuple(types.float32, 3)
    assert (u.dtype, u.count, u.types) == (types.float32, 3, (types.float32,) * 3)
    # numba: a Tuple of one repeated type is a UniTuple
    assert types.Tuple((types.float32,) * 3) == u
    assert isinstance(types.Tuple((types.float32,) * 3), types.UniTuple)
    assert str(u) == "UniTuple(float32 x 3)"


def test_scalar_attributes_are_numbas():
    assert types.int32.bitwidth == 32 and types.int32.signed
    assert not types.uint16.signed and types.uint16.bitwidth == 16
    assert types.complex64.underlying_float is types.float32
    assert types.complex128.underlying_float is types.float64
    assert types.float16.dtype == np.float16
    assert isinstance(types.int8, types.Integer) and isinstance(types.int8, types.Number)
    assert isinstance(types.float64, types.Float) and isinstance(types.complex64, types.Complex)
    assert isinstance(types.boolean, types.Boolean)
    assert types.integer_domain == types.signed_domain | types.unsigned_domain
    assert types.float32 in types.real_domain and types.complex64 in types.number_domain


@pytest.mark.parametrize(
    ("alias", "scalar"),
    [
        ("byte", "uint8"),
        ("char", "int8"),
        ("uchar", "uint8"),
        ("short", "int16"),
        ("ushort", "uint16"),
        ("int_", "int64"),
        ("uint", "uint64"),
        ("long_", "int64"),
        ("ulong", "uint64"),
        ("longlong", "int64"),
        ("ulonglong", "uint64"),
        ("intc", "int32"),
        ("uintc", "uint32"),
        ("size_t", "uint64"),
        ("ssize_t", "int64"),
        ("float_", "float32"),
        ("double", "float64"),
    ],
)
def test_c_aliases_are_numbas_on_64_bit_linux(alias, scalar):
    assert getattr(types, alias) is getattr(types, scalar)
    # The same name in a signature string means the same type.
    normalize = cuda.compiler.normalize_signature
    assert normalize(f"void({alias}[:])") == normalize(f"void({scalar}[:])")


def test_datetime_types_and_from_dtype():
    d = types.NPDatetime("D")
    assert d.unit == "D" and str(d) == "datetime64[D]" and d.dtype == np.dtype("M8[D]")
    assert types.from_dtype(np.dtype("m8[s]")) == types.NPTimedelta("s")
    with pytest.raises(ValueError, match="datetime unit"):
        types.NPDatetime("fortnight")


def test_named_tuple_and_optional_attributes():
    Point = collections.namedtuple("Point", "x y")
    p = types.NamedTuple((types.float32, types.int32), Point)
    assert p.instance_class is Point and p.fields == ("x", "y") and p.count == 2
    o = types.Optional(types.int32)
    assert o.type is types.int32
    assert types.CPointer(types.float32).dtype is types.float32
    assert types.CPointer(types.float32).addrspace == 0


@pytest.fixture
def rng():
    return np.random.default_rng()


def _sum_kernel(out, xs, t):
    i = cuda.grid(1)
    if i < xs.size:
        out[i] = xs[i] * t[0] + t[1]


def test_constructed_types_compile_and_run_as_a_signature(rng):
    sig = types.void(
        types.Array(types.float64, 1, "C"),
        types.Array(types.float32, 1, "A"),
        types.Tuple((types.int32, types.float64)),
    )
    kernel = cuda.jit(sig)(_sum_kernel)
    xs = rng.standard_normal(97).astype(np.float32)
    out = np.zeros(97)
    t = (int(rng.integers(2, 9)), float(rng.standard_normal()))
    kernel[1, 128](out, xs, t)
    np.testing.assert_allclose(out, xs.astype(np.float64) * t[0] + t[1], rtol=1e-12)


def test_unituple_compiles_as_a_signature(rng):
    def kernel(out, t):
        out[0] = t[0] + t[1] + t[2]

    k = cuda.jit(types.void(types.float64[::1], types.UniTuple(types.float64, 3)))(kernel)
    t = tuple(float(v) for v in rng.standard_normal(3))
    out = np.zeros(1)
    k[1, 1](out, t)
    assert out[0] == pytest.approx(sum(t), rel=1e-12)


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (lambda: types.NamedTuple((types.int32,), collections.namedtuple("P", "x")), "P(int32)"),
        (lambda: types.Optional(types.int32), "OptionalType(int32)"),
        (lambda: types.voidptr, "void*"),
        (lambda: types.range_state64_type, "range_state_int64"),
        (lambda: types.range_iter32_type, "range_iter_int32"),
    ],
)
def test_types_the_compiler_cannot_type_are_refused_by_name(make, named):
    def kernel(out, x):
        out[0] = 1

    with pytest.raises(TypeError, match=r"cannot compile with the type .*" + re.escape(named)):
        cuda.jit(types.void(types.int32[:], make()))(kernel)


def test_datetime_types_compile_in_signatures():
    def kernel(out, t):
        out[0] = t[1] * 2

    k = cuda.jit(
        types.void(types.NPTimedelta("s")[::1], types.Tuple((types.int32, types.NPTimedelta("s"))))
    )(kernel)
    out = np.zeros(1, "m8[s]")
    k[1, 1](out, (1, np.timedelta64(21, "s")))
    assert out[0] == np.timedelta64(42, "s")


@pytest.mark.parametrize(
    ("word", "instead"), [("float", "float64"), ("int", "int64"), ("complex", "complex128")]
)
def test_pythons_type_names_in_a_signature_string_are_refused(word, instead):
    def kernel(x):
        x[0] = 1

    with pytest.raises(TypingError, match=f"'{word}' is Python's type.*{instead}"):
        cuda.jit(f"void({word}[:])")(kernel)


def test_constructed_types_pickle():
    import pickle

    for t in (
        types.Tuple((types.int32, types.float32)),
        types.UniTuple(types.int8, 2),
        types.Array(types.float32, 3, "F"),
        types.NPDatetime("s"),
    ):
        assert pickle.loads(pickle.dumps(t)) == t


def test_a_type_subclass_is_built_with_numbas_name_keyword():
    class Interval(types.Type):
        def __init__(self):
            super().__init__(name="Interval")

    t = Interval()
    assert str(t) == "Interval" and t.name == "Interval" and t == Interval()


def test_range_types_are_numbas():
    from oxcuda.cuda import itanium_mangler

    assert str(types.range_iter32_type) == "range_iter_int32"
    assert types.range_iter32_type.yield_type is types.int32
    assert str(types.unsigned_range_state64_type) == "range_state_uint64"
    assert types.range_state64_type.iterator_type == types.range_iter64_type
    assert types.RangeIteratorType(types.uint64) == types.unsigned_range_iter64_type
    with pytest.raises(TypeError, match="integer type"):
        types.RangeType(types.float32)
    # numba's custom-type mangling: the name, length-prefixed (test_itanium_mangler's case).
    assert itanium_mangler.mangle_type(types.range_iter32_type) == "16range_iter_int32"
