"""Builtins (abs, min/max with many arguments, round, int, float, bool, complex, len, pow)
and type constructors (``float32(x)``, ``np.float32(x)``, ``np.uint8(x)``) in kernels."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float32, int16, uint8

from ._util import poison, rand, run

N = 96


@cuda.jit
def abs_k(out_i, out_f, a, x):
    i = cuda.grid(1)
    if i < a.size:
        out_i[i] = abs(a[i])
        out_f[i] = abs(x[i])


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.float32, np.float64])
def test_abs(target, rng, dtype):
    a = rand(rng, N, np.int64, -(2**40), 2**40)
    x = rand(rng, N, dtype, -100, 100)
    out_i, out_f = poison(N, np.int64), poison(N, dtype)
    got_i, got_f, _, _ = run(abs_k, 3, 32, out_i, out_f, a, x)
    np.testing.assert_array_equal(got_i, np.abs(a))
    np.testing.assert_array_equal(got_f, np.abs(x))


@cuda.jit
def abs_complex_k(out, z):
    i = cuda.grid(1)
    if i < z.size:
        out[i] = abs(z[i])


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_abs_of_complex(target, rng, dtype):
    z = rand(rng, N, dtype, -100, 100)
    out = poison(N, np.float64)
    (got, _) = run(abs_complex_k, 3, 32, out, z)
    np.testing.assert_allclose(got, np.abs(z.astype(np.complex128)), rtol=2e-7)


@cuda.jit
def min_max_k(out, a, b, c, x):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = min(a[i], b[i])
        out[i, 1] = max(a[i], b[i], c[i])
        out[i, 2] = min(a[i], b[i], c[i], 0)
        out[i, 3] = max(a[i], x[i])
        out[i, 4] = min((a[i], b[i], c[i]))
        out[i, 5] = max(3, 7, 5)
        out[i, 6] = min(x[i], 0.5, b[i])


def test_min_max(target, rng):
    a = rand(rng, N, np.int32, -100, 100)
    b = rand(rng, N, np.int64, -100, 100)
    c = rand(rng, N, np.int16, -100, 100)
    x = rand(rng, N, np.float64, -100, 100)
    out = poison((N, 7), np.float64)
    (got, _, _, _, _) = run(min_max_k, 3, 32, out, a, b, c, x)
    for i in range(N):
        p, q, r, s = int(a[i]), int(b[i]), int(c[i]), float(x[i])
        want = [min(p, q), max(p, q, r), min(p, q, r, 0), max(p, s), min(p, q, r), 7]
        want.append(min(s, 0.5, q))
        assert list(got[i]) == want, i


@cuda.jit
def min_max_nan_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = min(x[i], y[i])
        out[i, 1] = max(x[i], y[i])


def test_min_max_with_unsigned_and_signed(target, rng):
    x = rand(rng, N, np.uint32, 0, 2**32 - 1)
    y = rand(rng, N, np.int32, -(2**31), 2**31 - 1)
    out = poison((N, 2), np.int64)
    (got, _, _) = run(min_max_nan_k, 3, 32, out, x, y)
    np.testing.assert_array_equal(got[:, 0], np.minimum(x.astype(np.int64), y))
    np.testing.assert_array_equal(got[:, 1], np.maximum(x.astype(np.int64), y))


@cuda.jit
def conversions_k(out_i, out_f, out_b, x, a):
    i = cuda.grid(1)
    if i < x.size:
        out_i[i, 0] = int(x[i])
        out_i[i, 1] = round(x[i])
        out_i[i, 2] = int(a[i] > 0) + int(True)
        out_i[i, 3] = uint8(a[i])
        out_i[i, 4] = np.int8(a[i])
        out_i[i, 5] = int16(x[i] * 1000)
        out_i[i, 6] = np.uint32(a[i])
        out_f[i, 0] = float(a[i])
        out_f[i, 1] = float32(x[i])
        out_f[i, 2] = np.float32(x[i]) * np.float32(3)
        out_f[i, 3] = float32(x[i]) * 3
        out_f[i, 4] = np.float64(float32(x[i]))
        out_f[i, 5] = float(3)
        out_b[i, 0] = bool(a[i])
        out_b[i, 1] = bool(x[i])
        out_b[i, 2] = np.bool_(a[i] % 2)


def test_conversions_and_type_constructors(target, rng):
    x = rand(rng, N, np.float64, -30, 30)
    a = rand(rng, N, np.int64, -1000, 1000)
    a[::10] = 0
    x[::13] = 0.0
    out_i, out_f, out_b = poison((N, 7), np.int64), poison((N, 6), np.float64), poison((N, 3), bool)
    got_i, got_f, got_b, _, _ = run(conversions_k, 3, 32, out_i, out_f, out_b, x, a)
    x32 = x.astype(np.float32)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got_i[:, 0], np.trunc(x))
        np.testing.assert_array_equal(got_i[:, 1], [round(float(v)) for v in x])
        np.testing.assert_array_equal(got_i[:, 2], (a > 0).astype(np.int64) + 1)
        np.testing.assert_array_equal(got_i[:, 3], a.astype(np.uint8))
        np.testing.assert_array_equal(got_i[:, 4], a.astype(np.int8))
        np.testing.assert_array_equal(got_i[:, 5], np.trunc(x * 1000).astype(np.int16))
        np.testing.assert_array_equal(got_i[:, 6], a.astype(np.uint32))
    np.testing.assert_array_equal(got_f[:, 0], a.astype(np.float64))
    np.testing.assert_array_equal(got_f[:, 1], x32)
    np.testing.assert_array_equal(got_f[:, 2], x32 * np.float32(3))
    # float32 * int literal: float64 arithmetic (numba's rule).
    np.testing.assert_array_equal(got_f[:, 3], x32.astype(np.float64) * 3)
    np.testing.assert_array_equal(got_f[:, 4], x32)
    np.testing.assert_array_equal(got_f[:, 5], 3.0)
    np.testing.assert_array_equal(got_b[:, 0], a != 0)
    np.testing.assert_array_equal(got_b[:, 1], x != 0)
    np.testing.assert_array_equal(got_b[:, 2], a % 2 != 0)


@cuda.jit
def complex_ctor_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = complex(x[i], y[i])
        out[i, 1] = complex(x[i])
        out[i, 2] = np.complex64(x[i])
        out[i, 3] = complex(x[i], y[i]) * complex(0, 1)


def test_complex_constructor(target, rng):
    x = rand(rng, N, np.float64, -10, 10)
    y = rand(rng, N, np.float64, -10, 10)
    out = poison((N, 4), np.complex128)
    (got, _, _) = run(complex_ctor_k, 3, 32, out, x, y)
    np.testing.assert_array_equal(got[:, 0], x + 1j * y)
    np.testing.assert_array_equal(got[:, 1], x + 0j)
    np.testing.assert_array_equal(got[:, 2], x.astype(np.complex64))
    np.testing.assert_array_equal(got[:, 3], (x + 1j * y) * 1j)


@cuda.jit
def float32_precision_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        y = float32(x[i])
        acc = float32(0)
        for _ in range(10):
            acc += y * float32(0.1)
        out[i] = acc


def test_float32_accumulation_stays_float32(target, rng):
    x = rand(rng, N, np.float64, -10, 10)
    out = poison(N, np.float64)
    (got, _) = run(float32_precision_k, 3, 32, out, x)
    want = np.zeros(N, np.float32)
    for _ in range(10):
        want += x.astype(np.float32) * np.float32(0.1)
    np.testing.assert_allclose(got, want.astype(np.float64), rtol=1e-6, atol=1e-6)


@cuda.jit
def float_of_float_k(out, x, y, z, h):
    i = cuda.grid(1)
    if i < x.size:
        # numba types float() of a float32 as float32 (of a float16 as float16): the products
        # round to float32 after each step, not once from float64.
        out[0, i] = float(x[i]) * y[i] * z[i]
        out[1, i] = float(h[i]) * h[i]
        out[2, i] = float(np.int32(i)) / 3


def test_float_of_a_float_keeps_its_type(target, rng):
    x, y, z = (rand(rng, N, np.float32, -10, 10) for _ in range(3))
    h = rand(rng, N, np.float16, -10, 10)
    out = poison((3, N), np.float64)
    (got, *_) = run(float_of_float_k, 3, 32, out, x, y, z, h)
    want32 = x * y * z  # NumPy float32 arithmetic, rounded after each product
    np.testing.assert_array_equal(got[0], want32.astype(np.float64))
    assert (want32.astype(np.float64) != x.astype(np.float64) * y * z).any()  # a real test
    np.testing.assert_array_equal(got[1], (h * h).astype(np.float64))
    np.testing.assert_array_equal(got[2], np.arange(N) / 3)  # an int's float() is float64


@cuda.jit
def cuda_types_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        x = cuda.types.float32(a[i])  # numba-cuda's cuda.types module names the types
        out[i] = x * cuda.types.int32(3) + cuda.types.float16(0.5)


def test_cuda_types_in_device_code(target, rng):
    a = rand(rng, 40, np.float64)
    (got, _) = run(cuda_types_k, 1, 64, poison(40, np.float32), a)
    # numba's typing: float32 * int32 is float64, so the kernel computes 3x + 0.5 in float64
    # (exactly: x has 24 significant bits) and rounds once at the store. A float32 reference
    # rounds twice and, where 3x is near -0.5, differs by more than any relative tolerance.
    x = a.astype(np.float32).astype(np.float64)
    want = (x * 3 + np.float64(np.float16(0.5))).astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=1e-6)
