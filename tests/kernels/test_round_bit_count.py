"""``round(x, ndigits)`` with ``ndigits`` known only at run time (numba-cuda's algorithm:
CPython's non-dtoa ``double_round``), and ``int.bit_count()``."""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import INT_DTYPES, poison, rand, run


@cuda.jit
def round_to_k(out, x, nd):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = round(x[i], nd[i])


@cuda.jit
def round_const_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = round(x[i], 2)


def _fallback_round(x: float, n: int) -> float:
    """CPython's ``double_round`` without dtoa (``Objects/floatobject.c``), the algorithm
    numba-cuda documents, in Python floats (float64); ``round(x)`` of the scaled value is
    round-half-even, as the C code's halfway correction makes it."""
    if math.isinf(x) or math.isnan(x):
        return x
    if n >= 0:
        pow1, pow2 = (10.0 ** (n - 22), 1e22) if n > 22 else (10.0**n, 1.0)
        y = (x * pow1) * pow2
        if math.isinf(y):
            return x
        return (float(round(y)) / pow2) / pow1
    pow1 = 10.0 ** (-n)
    return float(round(x / pow1)) * pow1


def _python_round(x, nd, dtype):
    return np.array([_fallback_round(float(v), int(n)) for v, n in zip(x, nd, strict=True)]).astype(
        dtype
    )


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_round_with_variable_ndigits(target, rng, dtype):
    n = 256
    x = np.concatenate(
        [rng.random(n // 2), rng.uniform(-5000, 5000, n // 2)],
    ).astype(dtype)
    nd = rng.integers(-5, 6, n).astype(np.int32)
    (got, _, _) = run(round_to_k, 4, 64, poison(n, dtype), x, nd)
    np.testing.assert_array_equal(got, _python_round(x, nd, dtype))
    if dtype == np.float32:
        # A float32 times 10**5 is exact in float64, so this is Python's correctly rounded
        # round() too.
        builtin = np.array([round(float(v), int(k)) for v, k in zip(x, nd, strict=True)])
        np.testing.assert_array_equal(got, builtin.astype(dtype))


def test_round_with_a_constant_ndigits_takes_the_same_path(target, rng):
    x = rng.uniform(-100, 100, 64)
    (got, _) = run(round_const_k, 1, 64, poison(64, np.float64), x)
    np.testing.assert_array_equal(got, [round(v, 2) for v in x])


def test_round_halfway_and_special_values(target):
    x = np.array(
        [
            0.5425,
            0.3425,
            2.5,
            -2.5,
            0.125,
            np.inf,
            -np.inf,
            np.nan,
            np.finfo(np.float64).max,
            1.2345678987654321e-15,
        ],
        dtype=np.float64,
    )
    nd = np.array([3, 3, 0, 0, 2, 2, -1, 4, 12, 23], dtype=np.int32)
    (got, _, _) = run(round_to_k, 1, 16, poison(x.size, np.float64), x, nd)
    want = _python_round(x, nd, np.float64)
    np.testing.assert_array_equal(got, want)


def test_round_float16(target, rng):
    x = rng.uniform(-50, 50, 64).astype(np.float16)
    nd = rng.integers(-1, 3, 64).astype(np.int64)
    (got, _, _) = run(round_to_k, 1, 64, poison(64, np.float16), x, nd)
    np.testing.assert_array_equal(got, _python_round(x, nd, np.float16))


@cuda.jit
def bit_count_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i].bit_count()


@pytest.mark.parametrize("dtype", INT_DTYPES, ids=lambda d: np.dtype(d).name)
def test_bit_count(target, rng, dtype):
    info = np.iinfo(dtype)
    x = rand(rng, 200, dtype, info.min, info.max)
    x[:3] = [info.min, info.max, 0]
    (got, _) = run(bit_count_k, 4, 64, poison(200, np.int64), x)
    np.testing.assert_array_equal(got, [int(v).bit_count() for v in x])


@cuda.jit
def bit_count_literal_k(out):
    out[0] = (-12345).bit_count()
    out[1] = True.bit_count()


def test_bit_count_of_constants(target):
    (got,) = run(bit_count_literal_k, 1, 1, poison(2, np.int64))
    assert list(got) == [(-12345).bit_count(), 1]


@cuda.jit
def bit_count_float_k(out, x):
    out[0] = x[0].bit_count()


@cuda.jit
def round_float_ndigits_k(out, x):
    out[0] = round(x[0], 1.5)


@pytest.mark.parametrize(
    ("kernel", "code", "words"),
    [
        (bit_count_float_k, "unknown-attribute", "float64 has no attribute 'bit_count'"),
        (round_float_ndigits_k, "type-mismatch", "ndigits must be an integer"),
    ],
)
def test_misuse_is_a_typing_error(kernel, code, words):
    with pytest.raises(TypingError) as info:
        kernel[1, 1](np.zeros(1), np.zeros(1))
    assert info.value.diagnostics[0].code == code, info.value
    assert words in str(info.value), info.value
