"""Arithmetic with numba-cuda's typing: integer widening, float32 kept, float64 literals,
Python's ``//`` and ``%``, bitwise operators, shifts, comparisons, unary operators,
short-circuit boolean operators and conditional expressions."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float32, int32

from ._util import poison, rand, run

N = 200
TPB = 64
BLOCKS = (N + TPB - 1) // TPB


@cuda.jit
def add_k(out, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] + b[i]


@cuda.jit
def mul_k(out, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * b[i]


@cuda.jit
def sub_k(out, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] - b[i]


@cuda.jit
def mean_k(out, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (a[i] + b[i]) // 2


def test_int32_plus_int32_is_int64(target, rng):
    # Values near int32's limits: the sum only fits because numba types int32 + int32 as int64.
    a = rand(rng, N, np.int32, 2**30, 2**31 - 1)
    b = rand(rng, N, np.int32, 2**30, 2**31 - 1)
    out = poison(N, np.int32)
    (got, _, _) = run(mean_k, BLOCKS, TPB, out, a, b)
    np.testing.assert_array_equal(got, ((a.astype(np.int64) + b) // 2).astype(np.int32))
    out = poison(N, np.int64)
    (got, _, _) = run(add_k, BLOCKS, TPB, out, a, b)
    np.testing.assert_array_equal(got, a.astype(np.int64) + b)


@pytest.mark.parametrize(
    ("dtype", "out_dtype"),
    [
        (np.int8, np.int64),
        (np.int16, np.int64),
        (np.int32, np.int64),
        (np.uint8, np.uint64),
        (np.uint16, np.uint64),
        (np.uint32, np.uint64),
    ],
)
def test_small_ints_multiply_in_64_bits(target, rng, dtype, out_dtype):
    info = np.iinfo(dtype)
    a = rand(rng, N, dtype, info.min, info.max)
    b = rand(rng, N, dtype, info.min, info.max)
    out = poison(N, out_dtype)
    (got, _, _) = run(mul_k, BLOCKS, TPB, out, a, b)
    np.testing.assert_array_equal(got, a.astype(out_dtype) * b.astype(out_dtype))


def test_int64_wraps_around(target, rng):
    a = rand(rng, N, np.int64, 2**62, 2**63 - 1)
    b = rand(rng, N, np.int64, 2**62, 2**63 - 1)
    out = poison(N, np.int64)
    (got, _, _) = run(add_k, BLOCKS, TPB, out, a, b)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got, a + b)


def test_unsigned_subtraction_wraps(target, rng):
    a = rand(rng, N, np.uint64, 0, 1000)
    b = rand(rng, N, np.uint64, 1001, 5000)
    out = poison(N, np.uint64)
    (got, _, _) = run(sub_k, BLOCKS, TPB, out, a, b)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(got, a - b)


@cuda.jit
def f32_ops_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = x[i] * y[i]
        out[i, 1] = x[i] / y[i]
        out[i, 2] = x[i] + y[i]
        out[i, 3] = x[i] ** 2
        out[i, 4] = x[i] ** 3
        out[i, 5] = float32(x[i] * float32(1.1))


@cuda.jit
def literal_ops_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = x[i] * 1.1
        out[i, 1] = x[i] / 3
        out[i, 2] = x[i] + 0.1


def test_float32_stays_float32(target, rng):
    # Stored into float64 outputs: float32 arithmetic shows as float32 rounding.
    x = rand(rng, N, np.float32, -10, 10)
    y = rand(rng, N, np.float32, 0.5, 10)
    out = poison((N, 6), np.float64)
    (got, _, _) = run(f32_ops_k, BLOCKS, TPB, out, x, y)
    np.testing.assert_array_equal(got[:, 0], (x * y).astype(np.float64))
    np.testing.assert_array_equal(got[:, 1], (x / y).astype(np.float64))
    np.testing.assert_array_equal(got[:, 2], (x + y).astype(np.float64))
    np.testing.assert_array_equal(got[:, 3], (x * x).astype(np.float64))
    np.testing.assert_array_equal(got[:, 4], (x * x * x).astype(np.float64))
    np.testing.assert_array_equal(got[:, 5], (x * np.float32(1.1)).astype(np.float64))


def test_float_literals_are_float64(target, rng):
    x = rand(rng, N, np.float32, -10, 10)
    out = poison((N, 3), np.float64)
    (got, _) = run(literal_ops_k, BLOCKS, TPB, out, x)
    x64 = x.astype(np.float64)
    np.testing.assert_array_equal(got[:, 0], x64 * 1.1)
    np.testing.assert_array_equal(got[:, 1], x64 / 3)
    np.testing.assert_array_equal(got[:, 2], x64 + 0.1)


@cuda.jit
def int_truediv_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] / b[i]


def test_int_true_division_is_float64(target, rng):
    a = rand(rng, N, np.int32, -1000, 1000)
    b = rand(rng, N, np.int32, 1, 50) * rng.choice([-1, 1], N).astype(np.int32)
    out = poison(N, np.float64)
    (got, _, _) = run(int_truediv_k, BLOCKS, TPB, out, a, b)
    np.testing.assert_array_equal(got, a.astype(np.float64) / b)


@cuda.jit
def floordiv_mod_k(q, r, a, b):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.int8])
def test_python_floordiv_mod_on_negative_ints(target, rng, dtype):
    a = rand(rng, N, dtype, -120, 120)
    b = rand(rng, N, dtype, 1, 9) * rng.choice([-1, 1], N).astype(dtype)
    q, r = poison(N, np.int64), poison(N, np.int64)
    got_q, got_r, _, _ = run(floordiv_mod_k, BLOCKS, TPB, q, r, a, b)
    want_q = [int(x) // int(y) for x, y in zip(a, b, strict=True)]
    want_r = [int(x) % int(y) for x, y in zip(a, b, strict=True)]
    np.testing.assert_array_equal(got_q, want_q)
    np.testing.assert_array_equal(got_r, want_r)


def test_unsigned_floordiv_mod(target, rng):
    a = rand(rng, N, np.uint64, 0, 2**64 - 1)
    b = rand(rng, N, np.uint64, 1, 2**40)
    q, r = poison(N, np.uint64), poison(N, np.uint64)
    got_q, got_r, _, _ = run(floordiv_mod_k, BLOCKS, TPB, q, r, a, b)
    np.testing.assert_array_equal(got_q, a // b)
    np.testing.assert_array_equal(got_r, a % b)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_python_floordiv_mod_on_floats(target, rng, dtype):
    a = rand(rng, N, dtype, -50, 50)
    b = rand(rng, N, dtype, 0.5, 7) * rng.choice([-1, 1], N).astype(dtype)
    q, r = poison(N, dtype), poison(N, dtype)
    got_q, got_r, _, _ = run(floordiv_mod_k, BLOCKS, TPB, q, r, a, b)
    np.testing.assert_array_equal(got_q, np.floor_divide(a, b))
    np.testing.assert_allclose(got_r, np.mod(a, b), rtol=1e-6, atol=1e-6)
    # The remainder takes the divisor's sign, as in Python.
    nz = got_r != 0
    assert np.all(np.sign(got_r[nz]) == np.sign(b[nz]))


@cuda.jit
def const_floordiv_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] // -3
        out[i, 1] = a[i] % -3
        out[i, 2] = a[i] // 4
        out[i, 3] = a[i] % 4
        out[i, 4] = -7 // 2 + (-7 % 2) * 100 + (7 % -2) * 10000


def test_floordiv_mod_by_constants(target, rng):
    a = rand(rng, N, np.int64, -1000, 1000)
    out = poison((N, 5), np.int64)
    (got, _) = run(const_floordiv_k, BLOCKS, TPB, out, a)
    np.testing.assert_array_equal(got[:, 0], a // -3)
    np.testing.assert_array_equal(got[:, 1], a % -3)
    np.testing.assert_array_equal(got[:, 2], a // 4)
    np.testing.assert_array_equal(got[:, 3], a % 4)
    np.testing.assert_array_equal(got[:, 4], -7 // 2 + (-7 % 2) * 100 + (7 % -2) * 10000)


@cuda.jit
def bitwise_k(out, a, b, s):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] & b[i]
        out[i, 1] = a[i] | b[i]
        out[i, 2] = a[i] ^ b[i]
        out[i, 3] = ~a[i]
        out[i, 4] = a[i] << s[i]
        out[i, 5] = a[i] >> s[i]
        out[i, 6] = (a[i] ^ 0x5A5A) & 0xFFFF


def _wrap(v: int, bits: int, signed: bool) -> int:
    v &= (1 << bits) - 1
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


@pytest.mark.parametrize(
    ("dtype", "out_dtype"),
    [
        (np.int32, np.int64),
        (np.int64, np.int64),
        (np.uint32, np.uint64),
        (np.uint64, np.uint64),
        (np.int16, np.int64),
        (np.uint8, np.uint64),
    ],
)
def test_bitwise_and_shifts(target, rng, dtype, out_dtype):
    info = np.iinfo(dtype)
    a = rand(rng, N, dtype, info.min, info.max)
    b = rand(rng, N, dtype, info.min, info.max)
    s = rand(rng, N, dtype, 0, min(31, int(info.max)))
    out = poison((N, 7), out_dtype)
    (got, _, _, _) = run(bitwise_k, BLOCKS, TPB, out, a, b, s)
    signed = np.dtype(out_dtype).kind == "i"
    for i in range(N):
        x, y, k = int(a[i]), int(b[i]), int(s[i])
        want = [x & y, x | y, x ^ y, ~x, x << k, x >> k, (x ^ 0x5A5A) & 0xFFFF]
        assert [int(v) for v in got[i]] == [_wrap(w, 64, signed) for w in want], i


@cuda.jit
def compare_k(out, a, b, c):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] < b[i] <= c[i]
        out[i, 1] = a[i] == b[i] != c[i]
        out[i, 2] = a[i] > b[i] > c[i]
        out[i, 3] = not (a[i] >= b[i])
        out[i, 4] = a[i] < b[i] < c[i] < 50
        out[i, 5] = 0 <= a[i] < 10


def test_chained_comparisons(target, rng):
    a = rand(rng, N, np.int64, -5, 60)
    b = rand(rng, N, np.int64, -5, 60)
    c = rand(rng, N, np.int64, -5, 60)
    b[::7] = a[::7]  # some equal pairs
    out = np.full((N, 6), 7, np.int8)
    (got, _, _, _) = run(compare_k, BLOCKS, TPB, out, a, b, c)
    for i in range(N):
        x, y, z = int(a[i]), int(b[i]), int(c[i])
        want = [x < y <= z, x == y != z, x > y > z, not (x >= y), x < y < z < 50, 0 <= x < 10]
        assert list(got[i]) == [int(w) for w in want], i


@cuda.jit
def mixed_sign_compare_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] < b[i]


def test_compare_signed_with_unsigned(target, rng):
    a = rand(rng, N, np.int32, -1000, 1000)
    b = rand(rng, N, np.uint32, 0, 1000)
    out = np.full(N, 7, np.int8)
    (got, _, _) = run(mixed_sign_compare_k, BLOCKS, TPB, out, a, b)
    np.testing.assert_array_equal(got, (a.astype(np.int64) < b.astype(np.int64)).astype(np.int8))


@cuda.jit
def float_compare_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = x[i] < y[i]
        out[i, 1] = x[i] == y[i]
        out[i, 2] = x[i] != y[i]
        out[i, 3] = x[i] >= y[i]


def test_float_comparisons_with_nan(target, rng):
    x = rand(rng, N, np.float64, -3, 3)
    y = rand(rng, N, np.float64, -3, 3)
    x[::5] = np.nan
    y[::3] = x[::3]
    out = np.full((N, 4), 7, np.int8)
    (got, _, _) = run(float_compare_k, BLOCKS, TPB, out, x, y)
    with np.errstate(invalid="ignore"):
        want = np.stack([x < y, x == y, x != y, x >= y], axis=1).astype(np.int8)
    np.testing.assert_array_equal(got, want)


@cuda.jit
def unary_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = -a[i]
        out[i, 1] = +a[i]
        out[i, 2] = ~a[i]
        out[i, 3] = not a[i]
        out[i, 4] = -(-a[i])  # noqa: B002 - a double negation, not a decrement


def test_unary_operators(target, rng):
    a = rand(rng, N, np.int32, -1000, 1000)
    a[::9] = 0
    out = poison((N, 5), np.int64)
    (got, _) = run(unary_k, BLOCKS, TPB, out, a)
    a64 = a.astype(np.int64)
    np.testing.assert_array_equal(got[:, 0], -a64)
    np.testing.assert_array_equal(got[:, 1], a64)
    np.testing.assert_array_equal(got[:, 2], ~a64)
    np.testing.assert_array_equal(got[:, 3], (a64 == 0).astype(np.int64))
    np.testing.assert_array_equal(got[:, 4], a64)


@cuda.jit
def short_circuit_k(out, a, n):
    i = cuda.grid(1)
    # a has n elements; threads past n must not read a[i] (bounds-checked on the simulator).
    if i < n and a[i] > 0:
        out[i] = 1
    elif i >= n or a[i] == 0:
        out[i] = 2
    else:
        out[i] = 3


def test_short_circuit_guards_out_of_bounds_reads(target, rng):
    n = N - 37
    a = rand(rng, n, np.int32, -5, 5)
    total = BLOCKS * TPB
    out = poison(total, np.int32)
    (got, _) = run(short_circuit_k, BLOCKS, TPB, out, a, n)
    want = [(1 if a[i] > 0 else 2 if a[i] == 0 else 3) if i < n else 2 for i in range(total)]
    np.testing.assert_array_equal(got, want)


@cuda.jit
def bool_values_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] or b[i]
        out[i, 1] = a[i] and b[i]
        out[i, 2] = a[i] and b[i] or 7  # noqa: RUF021 - precedence under test
        out[i, 3] = not a[i] or not b[i]
        out[i, 4] = (a[i] > 0) and (b[i] > 0)


def test_and_or_give_python_values(target, rng):
    a = rand(rng, N, np.int64, -3, 3)
    b = rand(rng, N, np.int64, -3, 3)
    out = poison((N, 5), np.int64)
    (got, _, _) = run(bool_values_k, BLOCKS, TPB, out, a, b)
    for i in range(N):
        x, y = int(a[i]), int(b[i])
        want = [x or y, x and y, (x and y) or 7, int(not x or not y), int((x > 0) and (y > 0))]
        assert list(got[i]) == want, i


@cuda.jit
def ifexp_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] if a[i] > b[i] else b[i] * 2
        out[i, 1] = 1.5 if a[i] > 0 else a[i]
        out[i, 2] = (a[i] if a[i] < 0 else 0) if b[i] < 0 else (b[i] if a[i] < b[i] else -1)


def test_conditional_expressions(target, rng):
    a = rand(rng, N, np.int32, -100, 100)
    b = rand(rng, N, np.int32, -100, 100)
    out = poison((N, 3), np.float64)
    (got, _, _) = run(ifexp_k, BLOCKS, TPB, out, a, b)
    for i in range(N):
        x, y = int(a[i]), int(b[i])
        want = [
            x if x > y else y * 2,
            1.5 if x > 0 else x,
            (x if x < 0 else 0) if y < 0 else (y if x < y else -1),
        ]
        assert list(got[i]) == want, i


@cuda.jit
def augassign_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        x += b[i]
        out[i, 0] = x
        x -= 3
        out[i, 1] = x
        x *= b[i]
        out[i, 2] = x
        x //= 7
        out[i, 3] = x
        x %= 5
        out[i, 4] = x
        y = a[i]
        y <<= 3
        y |= 5
        y ^= b[i]
        y &= 0xFFFF
        y >>= 1
        out[i, 5] = y
        z = b[i]
        z **= 2
        out[i, 6] = z
        out[i, 7] = a[i]
        out[i, 7] += b[i]
        out[i, 7] *= 2


def test_augmented_assignment(target, rng):
    a = rand(rng, N, np.int64, -100, 100)
    b = rand(rng, N, np.int64, -100, 100)
    out = poison((N, 8), np.int64)
    (got, _, _) = run(augassign_k, BLOCKS, TPB, out, a, b)
    for i in range(N):
        x, y = int(a[i]), int(b[i])
        w = []
        v = x + y
        w.append(v)
        v -= 3
        w.append(v)
        v *= y
        w.append(v)
        v //= 7
        w.append(v)
        v %= 5
        w.append(v)
        u = ((((x << 3) | 5) ^ y) & 0xFFFF) >> 1
        w += [u, y**2, (x + y) * 2]
        assert list(got[i]) == w, i


@cuda.jit
def int_float_mix_k(out, a, x):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] + x[i]
        out[i, 1] = a[i] * 0.5
        out[i, 2] = True + a[i]
        v = 0
        v = v + x[i]
        out[i, 3] = v


def test_int_float_mixing(target, rng):
    a = rand(rng, N, np.int32, -1000, 1000)
    x = rand(rng, N, np.float32, -10, 10)
    out = poison((N, 4), np.float64)
    (got, _, _) = run(int_float_mix_k, BLOCKS, TPB, out, a, x)
    a64, x64 = a.astype(np.float64), x.astype(np.float64)
    # int32 + float32 -> float64 (int32 does not fit float32 exactly).
    np.testing.assert_array_equal(got[:, 0], a64 + x64)
    np.testing.assert_array_equal(got[:, 1], a64 * 0.5)
    np.testing.assert_array_equal(got[:, 2], a64 + 1)
    np.testing.assert_array_equal(got[:, 3], x64)


@cuda.jit
def int16_float32_k(out, a, x):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * x[i]


def test_int16_times_float32_is_float32(target, rng):
    a = rand(rng, N, np.int16, -30000, 30000)
    x = rand(rng, N, np.float32, -10, 10)
    out = poison(N, np.float64)
    (got, _, _) = run(int16_float32_k, BLOCKS, TPB, out, a, x)
    np.testing.assert_array_equal(got, (a.astype(np.float32) * x).astype(np.float64))


@cuda.jit
def pow_k(out, x, n):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = x[i] ** n[i]
        out[i, 1] = n[i] ** 2
        out[i, 2] = pow(x[i], 0.5)
        out[i, 3] = x[i] ** -1


def test_power(target, rng):
    x = rand(rng, N, np.float64, 0.5, 3)
    n = rand(rng, N, np.int64, 0, 6)
    out = poison((N, 4), np.float64)
    (got, _, _) = run(pow_k, BLOCKS, TPB, out, x, n)
    np.testing.assert_allclose(got[:, 0], x ** n.astype(np.float64), rtol=1e-14)
    np.testing.assert_array_equal(got[:, 1], (n**2).astype(np.float64))
    np.testing.assert_allclose(got[:, 2], np.sqrt(x), rtol=1e-15)
    np.testing.assert_allclose(got[:, 3], 1 / x, rtol=1e-15)


@cuda.jit
def complex_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] * b[i] + a[i]
        out[i, 1] = a[i] / b[i]
        out[i, 2] = a[i] - b[i] * 2
        out[i, 3] = complex(a[i].real, b[i].imag)
        out[i, 4] = abs(a[i])
        out[i, 5] = a[i].conjugate() * b[i].conjugate()
        out[i, 6] = a[i].real.conjugate() + b[i].imag.imag


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_arithmetic(target, rng, dtype):
    a = rand(rng, N, dtype, -5, 5)
    b = rand(rng, N, dtype, 1, 5)
    out = poison((N, 7), np.complex128)
    (got, _, _) = run(complex_k, BLOCKS, TPB, out, a, b)
    a128, b128 = a.astype(np.complex128), b.astype(np.complex128)
    rtol = 1e-6 if dtype == np.complex64 else 1e-13
    atol = 1e-4 if dtype == np.complex64 else 1e-11
    np.testing.assert_allclose(got[:, 0], a128 * b128 + a128, rtol=rtol, atol=atol)
    np.testing.assert_allclose(got[:, 1], a128 / b128, rtol=rtol)
    np.testing.assert_allclose(got[:, 2], a128 - b128 * 2, rtol=rtol, atol=atol)
    np.testing.assert_array_equal(got[:, 3], a.real.astype(np.float64) + 1j * b.imag)
    np.testing.assert_allclose(got[:, 4], np.abs(a128), rtol=rtol)
    np.testing.assert_allclose(got[:, 5], np.conj(a128 * b128), rtol=rtol, atol=atol)
    np.testing.assert_array_equal(got[:, 6], a.real.astype(np.float64))


@cuda.jit("void(int32[:], int32, int32)")
def eager_int32_k(out, a, b):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (a + b) // 2 + i


def test_int32_scalar_arguments_widen(target):
    a = np.int32(2**31 - 5)
    b = np.int32(2**31 - 9)
    out = poison(N, np.int32)
    d = cuda.to_device(out)
    eager_int32_k[BLOCKS, TPB](d, int32(a), int32(b))
    got = d.copy_to_host()
    np.testing.assert_array_equal(got, ((int(a) + int(b)) // 2 + np.arange(N)).astype(np.int32))


@cuda.jit
def bool_ops_k(out, p, q):
    i = cuda.grid(1)
    if i < p.size:
        out[i, 0] = ~p[i]
        out[i, 1] = p[i] & q[i]
        out[i, 2] = p[i] | q[i]
        out[i, 3] = p[i] ^ q[i]
        out[i, 4] = p[i] + q[i]
        out[i, 5] = -p[i]


def test_bool_operators(target, rng):
    p = rand(rng, N, np.bool_)
    q = rand(rng, N, np.bool_)
    out = poison((N, 6), np.int64)
    (got, _, _) = run(bool_ops_k, BLOCKS, TPB, out, p, q)
    # numba inverts booleans logically (NumPy semantics): ~True is False, not -2.
    np.testing.assert_array_equal(got[:, 0], ~p)
    np.testing.assert_array_equal(got[:, 1], p & q)
    np.testing.assert_array_equal(got[:, 2], p | q)
    np.testing.assert_array_equal(got[:, 3], p ^ q)
    np.testing.assert_array_equal(got[:, 4], p.astype(np.int64) + q)
    np.testing.assert_array_equal(got[:, 5], -p.astype(np.int64))


@cuda.jit
def complex_pow_k(out, z):
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = z[i] ** 2
        out[i, 1] = z[i] ** 3
        out[i, 2] = z[i] ** -1
        out[i, 3] = z[i] ** 0.5


def test_complex_powers(target, rng):
    z = rand(rng, N, np.complex128, -3, 3)
    out = poison((N, 4), np.complex128)
    (got, _) = run(complex_pow_k, BLOCKS, TPB, out, z)
    # Integer powers multiply out, as CPython does: z ** 2 is z * z (up to a fused
    # multiply-add in the complex product).
    np.testing.assert_allclose(got[:, 0], z * z, rtol=1e-15, atol=1e-13)
    np.testing.assert_allclose(got[:, 1], z**3, rtol=1e-14, atol=1e-12)
    np.testing.assert_allclose(got[:, 2], 1 / z, rtol=1e-15)
    np.testing.assert_allclose(got[:, 3], z**0.5, rtol=1e-14)


@cuda.jit
def complex_truth_k(out, z):
    i = cuda.grid(1)
    if i < z.size:
        out[i, 0] = 1 if z[i] else 0
        out[i, 1] = bool(z[i]) and z[i].real > 0


def test_complex_truthiness(target, rng):
    z = rand(rng, N, np.complex128, -2, 2)
    z[::4] = 0
    z[1::8] = 1j
    out = poison((N, 2), np.int64)
    (got, _) = run(complex_truth_k, BLOCKS, TPB, out, z)
    np.testing.assert_array_equal(got[:, 0], z != 0)
    np.testing.assert_array_equal(got[:, 1], (z != 0) & (z.real > 0))
