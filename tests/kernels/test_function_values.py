"""Functions and types as values: a builtin (``cuda.atomic.add``, ``math.sin``, ``min``), a
device function or a type object (``uint32``, ``np.float32``) passed to a device function,
stored in a local, or taken from a global or closure, then called. Each distinct value compiles
its own specialisation (numba's rule), and constants a callee needs constant (a shared array's
shape) are retried as literals."""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda, float32, float64, int32, uint32, uint64
from oxcuda.errors import TypingError

from ._util import poison, rand, run

N = 64


@cuda.jit(device=True)
def cast_none(x):
    return x


@cuda.jit(device=True)
def cast_u64(x):
    return uint64(x)


@cuda.jit(device=True)
def apply_binop(ary, idx, op2, dtype, nelem, binop, cast, init):
    # numba-cuda's atomic_binary_1dim_shared: the op, the cast and the dtype are parameters,
    # and the shared array's length comes in as an argument.
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(nelem, dtype)
    sm[tid] = init
    cuda.syncthreads()
    b = cast(idx[tid] % nelem)
    binop(sm, b, op2)
    cuda.syncthreads()
    ary[tid] = sm[tid]


@cuda.jit
def atomic_add_through_param(ary, idx):
    apply_binop(ary, idx, 1, uint32, 32, cuda.atomic.add, cast_none, 0)


@cuda.jit
def atomic_max_through_param(ary, idx, vals):
    apply_binop(ary, idx, vals[cuda.threadIdx.x], float64, 32, cuda.atomic.max, cast_u64, -1e300)


def histogram_ref(idx: np.ndarray, values: np.ndarray, op, init) -> np.ndarray:
    out = np.full(32, init, dtype=values.dtype)
    for k, v in zip(idx % 32, values, strict=True):
        out[k] = op(out[k], v)
    return out


def test_atomic_passed_to_device_function(target, rng):
    idx = rand(rng, 32, np.uint32, 0, 1000)
    (got, _) = run(atomic_add_through_param, 1, 32, poison(32, np.uint32), idx)
    ref = histogram_ref(idx, np.ones(32, np.uint32), lambda a, b: a + b, 0)
    np.testing.assert_array_equal(got, ref)


def test_atomic_max_and_cast_passed_to_device_function(target, rng):
    idx = rand(rng, 32, np.uint32, 0, 1000)
    vals = rand(rng, 32, np.float64, -50, 50)
    (got, _, _) = run(atomic_max_through_param, 1, 32, poison(32, np.float64), idx, vals)
    np.testing.assert_array_equal(got, histogram_ref(idx, vals, max, -1e300))


@cuda.jit(device=True)
def apply1(f, x):
    return f(x)


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.jit
def each_function_its_specialisation(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = apply1(math.sin, x[i])
        out[i, 1] = apply1(math.cos, x[i])
        out[i, 2] = apply1(square, x[i])
        out[i, 3] = apply1(abs, x[i])
        out[i, 4] = apply1(float32, x[i])  # a type object called as a cast


def test_function_values_specialise(target, rng):
    x = rand(rng, N, np.float64, -4, 4)
    (got, _) = run(each_function_its_specialisation, 2, 32, poison((N, 5), np.float64), x)
    np.testing.assert_allclose(got[:, 0], np.sin(x), rtol=1e-15)
    np.testing.assert_allclose(got[:, 1], np.cos(x), rtol=1e-15)
    np.testing.assert_array_equal(got[:, 2], x * x)
    np.testing.assert_array_equal(got[:, 3], np.abs(x))
    np.testing.assert_array_equal(got[:, 4], x.astype(np.float32).astype(np.float64))


@cuda.jit(device=True)
def combine(op, a, b):
    return op(a, b)


@cuda.jit
def builtins_as_values(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        f = min  # a builtin in a local
        out[i, 0] = f(a[i], b[i])
        out[i, 1] = combine(max, a[i], b[i])
        g = math.hypot
        out[i, 2] = combine(g, a[i], b[i])


def test_builtins_in_locals_and_arguments(target, rng):
    a = rand(rng, N, np.float64)
    b = rand(rng, N, np.float64)
    (got, _, _) = run(builtins_as_values, 2, 32, poison((N, 3), np.float64), a, b)
    np.testing.assert_array_equal(got[:, 0], np.minimum(a, b))
    np.testing.assert_array_equal(got[:, 1], np.maximum(a, b))
    np.testing.assert_allclose(got[:, 2], np.hypot(a, b), rtol=1e-15)


@cuda.jit(device=True)
def make_local(dtype, x):
    t = dtype  # a type object in a local
    return t(x) * t(3)


@cuda.jit
def types_as_values(out32, out64, outi, x):
    i = cuda.grid(1)
    if i < x.size:
        out32[i] = make_local(float32, x[i])
        out64[i] = make_local(np.float64, x[i])
        outi[i] = make_local(int32, x[i])


def test_types_as_values(target, rng):
    x = rand(rng, N, np.float64, -1000, 1000)
    (o32, o64, oi, _) = run(
        types_as_values, 2, 32, poison(N, np.float32), poison(N, np.float64), poison(N, np.int32), x
    )
    np.testing.assert_array_equal(o32, x.astype(np.float32) * np.float32(3))
    np.testing.assert_array_equal(o64, x * 3.0)
    np.testing.assert_array_equal(oi, x.astype(np.int32) * 3)


def make_kernel(op, dtype):
    # A kernel made by a closure over a function value and a type.
    @cuda.jit
    def k(out, a, b):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = combine(op, dtype(a[i]), dtype(b[i]))

    return k


closure_min_i32 = make_kernel(min, int32)
closure_hypot_f32 = make_kernel(math.hypot, float32)


def test_function_values_from_closures(target, rng):
    a = rand(rng, N, np.float64, -100, 100)
    b = rand(rng, N, np.float64, -100, 100)
    (got, _, _) = run(closure_min_i32, 2, 32, poison(N, np.int32), a, b)
    np.testing.assert_array_equal(got, np.minimum(a.astype(np.int32), b.astype(np.int32)))
    (got, _, _) = run(closure_hypot_f32, 2, 32, poison(N, np.float32), a, b)
    ref = np.hypot(a.astype(np.float32).astype(np.float64), b.astype(np.float32).astype(np.float64))
    np.testing.assert_allclose(got, ref, rtol=2e-7)


@cuda.jit(device=True)
def shared_tile(shape, dtype, x):
    # A tuple shape passed as an argument: a literal in this specialisation.
    sm = cuda.shared.array(shape, dtype)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm[tx, ty] = x[tx, ty]
    cuda.syncthreads()
    return sm[shape[0] - 1 - tx, shape[1] - 1 - ty]


@cuda.jit
def literal_shape(out, x):
    out[cuda.threadIdx.x, cuda.threadIdx.y] = shared_tile((4, 8), float32, x)


def test_constant_arguments_retried_as_literals(target, rng):
    x = rand(rng, (4, 8), np.float32)
    (got, _) = run(literal_shape, 1, (4, 8), poison((4, 8), np.float32), x)
    np.testing.assert_array_equal(got, x[::-1, ::-1])


@cuda.jit
def conflicting_functions(out, x):
    f = math.sin
    if x[0] > 0:
        f = math.cos
    out[0] = f(x[0])


@cuda.jit
def function_or_number(out, x):
    f = math.sin
    if x[0] > 0:
        f = 2.0
    out[0] = f * x[0]  # sees the function or the number


@cuda.jit
def function_then_number(out, x):
    f = math.sin
    out[1] = f(x[0])
    f = 2.0  # a version of its own (numba's SSA form): no read sees both
    out[0] = f * x[0]


@cuda.jit
def function_as_number(out, x):
    out[0] = combine(math.sin, x[0], x[0])


def test_function_value_misuse_is_a_clear_error():
    x = np.ones(1)
    with pytest.raises(
        TypingError, match=r"variable 'f' is assigned function math.cos here but function math.sin"
    ):
        conflicting_functions[1, 1](np.zeros(1), x)
    with pytest.raises(
        TypingError, match=r"variable 'f' is assigned float64 here but function math.sin"
    ):
        function_or_number[1, 1](np.zeros(1), x)
    with pytest.raises(TypingError, match=r"math.sin\(\) takes 1 arguments, got 2") as info:
        function_as_number[1, 1](np.zeros(1), x)
    assert "combine(Function(math.sin), float64, float64) failed to compile" in str(info.value)


def test_a_function_variable_rebound_to_a_number(rng):
    x = rng.random(1) + 0.5
    out = np.zeros(2)
    function_then_number[1, 1](out, x)
    np.testing.assert_allclose(out, [2.0 * x[0], math.sin(x[0])], rtol=1e-15)


@cuda.jit
def calls_its_argument(out, f):
    out[0] = f(3.0)


def test_a_function_as_kernel_argument_is_refused():
    # numba-cuda cannot pass a function to a kernel either: kernels take data; functions go
    # to device functions or are taken from globals and closures.
    with pytest.raises(TypeError, match="argument 1: a Dispatcher cannot be passed to a kernel"):
        calls_its_argument[1, 1](np.zeros(1), square)
    builtin = "argument 1: a builtin_function_or_method cannot be passed"
    with pytest.raises(TypeError, match=builtin):
        calls_its_argument[1, 1](np.zeros(1), math.sin)


@cuda.jit(device=True)
def apply_spec(spec, x):
    f, t, n = spec
    return t(f(x)) * n


@cuda.jit
def tuple_of_function_values(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = apply_spec((math.floor, float32, 3), x[i])


def test_tuples_holding_functions_and_types(target, rng):
    x = rand(rng, N, np.float64, -1000, 1000)
    (got, _) = run(tuple_of_function_values, 2, 32, poison(N, np.float64), x)
    np.testing.assert_array_equal(got, np.floor(x).astype(np.float32).astype(np.float64) * 3)
