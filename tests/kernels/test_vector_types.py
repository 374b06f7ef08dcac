"""CUDA vector types in kernels (numba-cuda's ``cuda.float32x4``, ``cuda.float4``, …):
construction from scalars (converted to the base type) and from smaller vectors, lane reads,
vectors in variables, as device-function arguments and return values, the host-side objects
(aliases, ``vector_types``), and the errors misuse gets. Each kernel runs on the simulator and
the GPU (``target``) and is compiled to cubins for sm_75/90/100 (``conftest.py``)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda.vector_types import vector_types
from oxcuda.errors import TypingError

from ._util import poison, rand, run

LANES = "xyzw"


def lanes_kernel(ctor, n: int):
    """A kernel building ``ctor(src[i, 0], …, src[i, n-1])`` per row and storing its lanes."""
    if n == 1:

        def k1(src, out):
            i = cuda.grid(1)
            if i < src.shape[0]:
                v = ctor(src[i, 0])
                out[i, 0] = v.x

        return cuda.jit(k1)
    if n == 2:

        def k2(src, out):
            i = cuda.grid(1)
            if i < src.shape[0]:
                v = ctor(src[i, 0], src[i, 1])
                out[i, 0] = v.x
                out[i, 1] = v.y

        return cuda.jit(k2)
    if n == 3:

        def k3(src, out):
            i = cuda.grid(1)
            if i < src.shape[0]:
                v = ctor(src[i, 0], src[i, 1], src[i, 2])
                out[i, 0] = v.x
                out[i, 1] = v.y
                out[i, 2] = v.z

        return cuda.jit(k3)

    def k4(src, out):
        i = cuda.grid(1)
        if i < src.shape[0]:
            v = ctor(src[i, 0], src[i, 1], src[i, 2], src[i, 3])
            out[i, 0] = v.x
            out[i, 1] = v.y
            out[i, 2] = v.z
            out[i, 3] = v.w

    return cuda.jit(k4)


# A spread of the 40 types for the simulator + GPU + cubin runs (every type runs below on the
# simulator).
SAMPLED = ["float32x4", "float64x2", "int8x3", "uint16x4", "int32x1", "uint64x3", "int64x4"]
KERNELS = {
    name: lanes_kernel(vector_types[name].user_facing_object, int(name[-1])) for name in SAMPLED
}


@pytest.mark.parametrize("name", SAMPLED)
def test_lanes_read_back_what_was_built(target, rng, name):
    vty = vector_types[name]
    dtype = np.dtype(str(vty.base_type))
    src = rand(rng, (64, vty.num_elements), dtype)
    out = poison(src.shape, dtype)
    _, got = run(KERNELS[name], 2, 32, src, out)
    np.testing.assert_array_equal(got, src)


def test_every_vector_type_builds_and_reads_its_lanes(rng):
    """All 40 types (the simulator: numba-cuda's test_creation_readout, on random values)."""
    assert len(vector_types) == 40
    for name, vty in vector_types.items():
        dtype = np.dtype(str(vty.base_type))
        src = rand(rng, (8, vty.num_elements), dtype)
        out = poison(src.shape, dtype)
        _, got = run(lanes_kernel(vty.user_facing_object, vty.num_elements), 1, 8, src, out)
        np.testing.assert_array_equal(got, src, err_msg=name)


@cuda.jit
def compose_k(s, out):
    a, b, c, d = s[0], s[1], s[2], s[3]
    f1 = cuda.float1(a)
    f2 = cuda.float2(b, c)
    f3 = cuda.float3(f2, d)
    vs = (
        cuda.float4(f2, f2),
        cuda.float4(a, f3),
        cuda.float4(f3, f1),
        cuda.float4(f1, f2, d),
        cuda.float4(a, b, f2),
        cuda.float4(cuda.float4(d, c, b, a)),
        cuda.float4(f1, f1, f1, f1),
    )
    j = 0
    for v in vs:
        out[j] = v.x
        out[j + 1] = v.y
        out[j + 2] = v.z
        out[j + 3] = v.w
        j += 4
    g3 = cuda.float3(f1, f2)
    out[j] = g3.x
    out[j + 1] = g3.y
    out[j + 2] = g3.z
    g2 = cuda.float2(f2)
    out[j + 3] = g2.x
    out[j + 4] = g2.y
    g1 = cuda.float1(f1)
    out[j + 5] = g1.x


def test_construction_from_smaller_vectors_takes_their_lanes_in_order(target, rng):
    a, b, c, d = rand(rng, 4, np.float32)
    out = poison(34, np.float32)
    (_, got) = run(compose_k, 1, 1, np.array([a, b, c, d]), out)
    want = [b, c, b, c, a, b, c, d, b, c, d, a, a, b, c, d, a, b, b, c, d, c, b, a]
    want += [a, a, a, a, a, b, c, b, c, a]
    np.testing.assert_array_equal(got, np.array(want, np.float32))


@cuda.jit
def convert_k(f, n, outf, outi, outc):
    # Scalars of any numeric type are converted to the base type, as numba converts them.
    v = cuda.float32x2(f[0], n[0])  # float64 and int64 -> float32
    outf[0] = v.x
    outf[1] = v.y
    w = cuda.int2(f[1], n[1])  # float64 truncates, int64 wraps -> int32
    outi[0] = w.x
    outi[1] = w.y
    c = cuda.char4(n[2], n[3], True, 7)  # int64 wraps -> int8; bool -> 1
    outc[0] = c.x
    outc[1] = c.y
    outc[2] = c.z
    outc[3] = c.w


def test_scalars_are_converted_to_the_base_type(target, rng):
    f = rng.uniform(-1e6, 1e6, 2)
    n = rng.integers(-(2**40), 2**40, 4)
    outf, outi, outc = poison(2, np.float32), poison(2, np.int32), poison(4, np.int8)
    _, _, gf, gi, gc = run(convert_k, 1, 1, f, n, outf, outi, outc)
    np.testing.assert_array_equal(gf, [np.float32(f[0]), np.float32(n[0])])
    assert gi[0] == int(np.trunc(f[1]))
    assert gi[1] == n[1].astype(np.int32)
    np.testing.assert_array_equal(gc, [n[2].astype(np.int8), n[3].astype(np.int8), 1, 7])


@cuda.jit(device=True)
def add3(a, b):
    return cuda.double3(a.x + b.x, a.y + b.y, a.z + b.z)


@cuda.jit(device=True)
def scaled(v, s):
    return cuda.float64x3(v.x * s, v.y * s, v.z * s)


@cuda.jit(device=True)
def dot3(a, b):
    return a.x * b.x + a.y * b.y + a.z * b.z


@cuda.jit
def device_functions_k(p, q, s, out):
    i = cuda.grid(1)
    if i < p.shape[0]:
        a = cuda.double3(p[i, 0], p[i, 1], p[i, 2])
        b = cuda.double3(q[i, 0], q[i, 1], q[i, 2])
        c = add3(a, scaled(b, s[i]))
        if s[i] < 0:
            c = scaled(c, -1.0)  # a vector variable assigned on two paths
        acc = cuda.double3(0.0, 0.0, 0.0)
        for _ in range(3):
            acc = add3(acc, c)  # carried around a loop
        out[i, 0] = acc.x
        out[i, 1] = acc.y
        out[i, 2] = acc.z
        out[i, 3] = dot3(a, b)


def test_vectors_pass_to_and_return_from_device_functions(target, rng):
    p, q = rand(rng, (96, 3), np.float64), rand(rng, (96, 3), np.float64)
    s = rng.uniform(-2, 2, 96)
    out = poison((96, 4), np.float64)
    *_, got = run(device_functions_k, 3, 32, p, q, s, out)
    c = p + q * s[:, None]
    c = np.where(s[:, None] < 0, c * -1.0, c)
    acc = np.zeros_like(c)
    for _ in range(3):
        acc = acc + c
    # The GPU may contract a * s + b into an fma: within a few float64 rounding errors.
    np.testing.assert_allclose(got[:, :3], acc, rtol=1e-13, atol=1e-9)
    np.testing.assert_allclose(got[:, 3], (p * q).sum(axis=1), rtol=1e-14, atol=1e-9)


@cuda.jit
def numba_basic_k(arr):
    # numba-cuda's test_basic, verbatim.
    v1 = cuda.float64x4(1.0, 3.0, 5.0, 7.0)
    v2 = cuda.short2(10, 11)
    arr[0] = v1.x
    arr[1] = v1.y
    arr[2] = v1.z
    arr[3] = v1.w
    arr[4] = v2.x
    arr[5] = v2.y


def test_numba_cuda_basic_example(target):
    (got,) = run(numba_basic_k, 1, 1, poison(6, np.float64))
    np.testing.assert_array_equal(got, [1.0, 3.0, 5.0, 7.0, 10, 11])


# ---- the host-side objects ----------------------------------------------------------------


def test_c_names_are_the_same_objects_as_the_canonical_names():
    assert cuda.float3 is cuda.float32x3
    assert cuda.double2 is cuda.float64x2
    assert cuda.uchar4 is cuda.uint8x4
    assert cuda.int4 is cuda.int32x4
    assert cuda.long3 is cuda.longlong3 is cuda.int64x3
    assert cuda.ulong1 is cuda.uint64x1
    assert cuda.short2 is cuda.int16x2
    assert cuda.char1 is cuda.int8x1
    for vty in vector_types.values():
        for alias in vty.user_facing_object.aliases:
            assert getattr(cuda, alias) is getattr(cuda, vty.name), alias
    assert vector_types["int64x4"].user_facing_object.aliases == ["long4", "longlong4"]
    assert vector_types["float32x4"].user_facing_object.aliases == ["float4"]


def test_vector_type_descriptions():
    vty = vector_types["uint16x3"]
    assert vty.name == "uint16x3"
    assert str(vty.base_type) == "uint16"
    assert vty.num_elements == 3
    assert vty.attr_names == ("x", "y", "z")
    assert vty.user_facing_object is cuda.ushort3
    params = list(inspect.signature(cuda.ushort3).parameters)
    assert params == ["x", "y", "z"]
    assert "uint16" in cuda.ushort3.__doc__


def test_constructors_cannot_be_called_on_the_host():
    with pytest.raises(RuntimeError, match=r"inside a @cuda\.jit function"):
        cuda.float4(1.0, 2.0, 3.0, 4.0)


# ---- errors -------------------------------------------------------------------------------


def line_of(func, marker: str) -> int:
    lines, first = inspect.getsourcelines(func.py_func)
    return first + next(k for k, text in enumerate(lines) if marker in text)


@cuda.jit
def no_w_k(out):
    v = cuda.float3(1.0, 2.0, 3.0)
    out[0] = v.w  # <-- here


@cuda.jit
def too_few_k(out):
    v = cuda.float4(1.0, 2.0, 3.0)  # <-- here
    out[0] = v.x


@cuda.jit
def too_many_k(out):
    v = cuda.float2(cuda.float2(1.0, 2.0), 3.0)  # <-- here
    out[0] = v.x


@cuda.jit
def no_args_k(out):
    v = cuda.int3()  # <-- here
    out[0] = v.x


@cuda.jit
def other_base_k(out):
    d = cuda.double2(1.0, 2.0)
    v = cuda.float4(d, d)  # <-- here
    out[0] = v.x


@cuda.jit
def keyword_k(out):
    v = cuda.float2(1.0, y=2.0)  # <-- here
    out[0] = v.x


@cuda.jit
def lane_store_k(out):
    v = cuda.float2(1.0, 2.0)
    v.x = 3.0  # <-- here
    out[0] = v.x


@cuda.jit
def complex_lane_k(out):
    v = cuda.float2(1.0, 2.0j)  # <-- here
    out[0] = v.x


@cuda.jit
def store_vector_k(out):
    v = cuda.float2(1.0, 2.0)
    out[0] = v  # <-- here


@cuda.jit
def index_vector_k(out):
    v = cuda.float2(1.0, 2.0)
    out[0] = v[0]  # <-- here


@pytest.mark.parametrize(
    ("kernel", "code", "words"),
    [
        (no_w_k, "unknown-attribute", "float32x3 has no attribute 'w' (its lanes: x, y, z)"),
        (too_few_k, "bad-call", "float32x4() takes 4 lanes in all, but 3 were given"),
        (too_many_k, "bad-call", "float32x2() takes 2 lanes in all, but 3 (from 2 arguments)"),
        (no_args_k, "bad-call", "int32x3() takes 3 lanes in all, but 0 were given"),
        (other_base_k, "type-mismatch", "float32x4() takes float32 values and float32 vectors"),
        (keyword_k, "bad-call", "takes positional arguments only, not 'y='"),
        (lane_store_k, "type-mismatch", "the lanes of a float32x2 are read-only"),
        (complex_lane_k, "type-mismatch", "cannot convert complex"),
        (store_vector_k, None, "float32x2"),
        (index_vector_k, None, "float32x2"),
    ],
)
def test_misuse_is_a_typing_error_at_the_line(kernel, code, words):
    with pytest.raises(TypingError) as info:
        kernel[1, 1](np.zeros(1))
    d = info.value.diagnostics[0]
    if code is not None:
        assert d.code == code, info.value
    assert words in str(info.value), info.value
    assert d.line == line_of(kernel, "<-- here"), info.value
    assert "^" in str(info.value), info.value


@cuda.jit
def tuple_builtin_k(s, out):
    t = tuple((s[0], s[1] * 2.0))
    e = tuple()
    out[0] = t[0] + t[1]
    out[1] = len(e)
    vs = tuple((cuda.double2(s[0], s[1]), cuda.double2(s[1], s[0])))
    out[2] = vs[1].x


def test_tuple_builtin_returns_its_tuple(target, rng):
    s = rand(rng, 2, np.float64)
    out = poison(3, np.float64)
    _, got = run(tuple_builtin_k, 1, 1, s, out)
    np.testing.assert_array_equal(got, [s[0] + s[1] * 2.0, 0.0, s[1]])


@cuda.jit
def tuple_of_vector_k(out):
    t = tuple(cuda.float2(1.0, 2.0))  # <-- here
    out[0] = t[0]


def test_tuple_of_a_non_tuple_is_an_error_at_the_argument():
    with pytest.raises(TypingError) as info:
        tuple_of_vector_k[1, 1](np.zeros(1))
    assert "tuple() of float32x2" in str(info.value), info.value
    assert info.value.diagnostics[0].line == line_of(tuple_of_vector_k, "<-- here")
