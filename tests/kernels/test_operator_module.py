"""The ``operator`` module's functions in kernels (as globals, as module attributes, and as
function values passed to device functions), and ``is``/``is not`` with numba's semantics."""

from __future__ import annotations

import math
import operator
from operator import mul, sub

import numpy as np
import pytest
from oxcuda import cuda, float32, int32
from oxcuda.errors import TypingError

from ._util import poison, rand, run

N = 64

BINARY = (
    operator.add,
    operator.sub,
    operator.mul,
    operator.truediv,
    operator.floordiv,
    operator.mod,
    operator.iadd,
    operator.imul,
)
COMPARE = (operator.lt, operator.le, operator.gt, operator.ge, operator.eq, operator.ne)
BITWISE = (operator.and_, operator.or_, operator.xor, operator.lshift, operator.rshift)


@cuda.jit(device=True)
def fold(op, a, b):
    return op(a, b)


@cuda.jit
def operators_as_globals(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = operator.add(a[i], b[i])
        out[i, 1] = sub(a[i], b[i])
        out[i, 2] = fold(mul, a[i], b[i])
        out[i, 3] = operator.truediv(a[i], b[i])
        out[i, 4] = operator.neg(a[i])
        out[i, 5] = operator.pow(a[i], 2)
        out[i, 6] = operator.lt(a[i], b[i])
        out[i, 7] = operator.not_(a[i] > 0)
        out[i, 8] = operator.getitem(a, i)
        operator.setitem(out, (i, 9), operator.truth(b[i]))


def test_operator_functions(target, rng):
    a = rand(rng, N, np.float64, -10, 10)
    b = rand(rng, N, np.float64, 0.5, 10)
    (got, _, _) = run(operators_as_globals, 2, 32, poison((N, 10), np.float64), a, b)
    np.testing.assert_array_equal(got[:, 0], a + b)
    np.testing.assert_array_equal(got[:, 1], a - b)
    np.testing.assert_array_equal(got[:, 2], a * b)
    np.testing.assert_array_equal(got[:, 3], a / b)
    np.testing.assert_array_equal(got[:, 4], -a)
    np.testing.assert_array_equal(got[:, 5], a**2)
    np.testing.assert_array_equal(got[:, 6], a < b)
    np.testing.assert_array_equal(got[:, 7], ~(a > 0))
    np.testing.assert_array_equal(got[:, 8], a)
    np.testing.assert_array_equal(got[:, 9], b != 0)


def make_binary(op):
    @cuda.jit
    def k(out, a, b):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = fold(op, a[i], b[i])

    return k


#: One kernel per operator, each made by a closure over the function value.
binary_kernels = [make_binary(op) for op in BINARY + COMPARE + BITWISE]
# Module-level names, so the kernel-test harness compiles each to cubins too.
globals().update({f"binary_kernel_{k}": kernel for k, kernel in enumerate(binary_kernels)})


@pytest.mark.parametrize("k", range(len(BINARY + COMPARE + BITWISE)))
def test_operators_as_function_values(target, rng, k):
    op = (BINARY + COMPARE + BITWISE)[k]
    kernel = binary_kernels[k]
    a = rand(rng, N, np.int64, -1000, 1000)
    b = rand(rng, N, np.int64, 1, 20)
    if op in (operator.truediv,):
        want = a / b
    else:
        want = np.array([op(int(x), int(y)) for x, y in zip(a, b, strict=True)], dtype=np.float64)
    (got, _, _) = run(kernel, 2, 32, poison(N, np.float64), a, b)
    np.testing.assert_array_equal(got, want)


@cuda.jit(device=True)
def maybe(x, scale):
    if scale is None:
        return x
    return x * scale


@cuda.jit
def identities(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = b[i]
        out[i, 0] = x is y  # same type: equal values are identical (numba)
        out[i, 1] = x is not y
        out[i, 2] = x is i  # float64 and int64: never identical
        out[i, 3] = math.sin is math.sin
        out[i, 4] = math.sin is math.cos
        out[i, 5] = float32 is int32
        out[i, 6] = maybe(x, None) + maybe(x, 2.0)
        t = (x, y)
        out[i, 7] = t is (x, y)


def test_is_comparisons(target, rng):
    a = rand(rng, N, np.float64, -3, 3).round()
    b = rand(rng, N, np.float64, -3, 3).round()
    (got, _, _) = run(identities, 2, 32, poison((N, 8), np.float64), a, b)
    np.testing.assert_array_equal(got[:, 0], a == b)
    np.testing.assert_array_equal(got[:, 1], a != b)
    np.testing.assert_array_equal(got[:, 2], 0.0)
    np.testing.assert_array_equal(got[:, 3], 1.0)
    np.testing.assert_array_equal(got[:, 4], 0.0)
    np.testing.assert_array_equal(got[:, 5], 0.0)
    np.testing.assert_array_equal(got[:, 6], a + a * 2.0)
    np.testing.assert_array_equal(got[:, 7], 1.0)


@cuda.jit
def arrays_is(out, a):
    out[0] = a is a


@cuda.jit
def wrong_arity(out, a):
    out[0] = operator.add(a[0])


def test_operator_and_is_misuse_is_a_clear_error():
    with pytest.raises(
        TypingError, match=r"'is' between two values of type array\(float64, 1d, C\)"
    ):
        arrays_is[1, 1](np.zeros(1), np.ones(1))
    with pytest.raises(TypingError, match=r"operator.add\(\) takes 2 arguments, got 1"):
        wrong_arity[1, 1](np.zeros(1), np.ones(1))
