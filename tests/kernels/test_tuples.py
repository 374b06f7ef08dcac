"""Tuples: building, unpacking, constant indexing and slicing, nesting, tuples returned from
device functions, tuple arguments, iteration over tuples (unrolled), ``len``."""

from __future__ import annotations

import numpy as np
from oxcuda import cuda

from ._util import poison, rand, run

N = 64


@cuda.jit
def build_unpack_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        t = (a[i], b[i], a[i] * b[i])
        x, y, z = t
        out[i, 0] = x - y + z
        p, q = q, p = (y, x)
        out[i, 1] = p * 1000 + q
        out[i, 2] = t[0] + t[-1] + t[1] * 2
        (m, (n, o)), r = (a[i], (b[i], 3)), 4.5
        out[i, 3] = m + n * o + r
        s = t[1:]
        out[i, 4] = s[0] * 10 + s[1] + len(s) * 1000 + len(t) * 100000
        u = t + (7,)  # noqa: RUF005 - concatenation under test
        out[i, 5] = u[3] + u[::-1][0]


def test_build_unpack_index(target, rng):
    a = rand(rng, N, np.int64, -50, 50)
    b = rand(rng, N, np.int64, -50, 50)
    out = poison((N, 6), np.float64)
    (got, _, _) = run(build_unpack_k, 2, 32, out, a, b)
    for i in range(N):
        x, y = int(a[i]), int(b[i])
        z = x * y
        want = [x - y + z, x * 1000 + y, x + z + 2 * y, x + y * 3 + 4.5]
        want.append(y * 10 + z + 2000 + 300000)
        want.append(7 + 7)
        assert list(got[i]) == want, i


@cuda.jit
def swap_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        x, y = a[i], b[i]
        for _ in range(3):
            x, y = y, x + y
        out[i, 0] = x
        out[i, 1] = y


def test_swap_in_a_loop(target, rng):
    a = rand(rng, N, np.int64, -50, 50)
    b = rand(rng, N, np.int64, -50, 50)
    out = poison((N, 2), np.int64)
    (got, _, _) = run(swap_k, 2, 32, out, a, b)
    x, y = a.copy(), b.copy()
    for _ in range(3):
        x, y = y, x + y
    np.testing.assert_array_equal(got, np.stack([x, y], axis=1))


@cuda.jit(device=True)
def divmod_dev(a, b):
    return a // b, a % b


@cuda.jit(device=True)
def stats(x, y):
    return (min(x, y), max(x, y)), x + y, x * 0.5


@cuda.jit
def returned_tuples_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        q, r = divmod_dev(a[i], b[i])
        out[i, 0] = q
        out[i, 1] = r
        (lo, hi), s, h = stats(a[i], b[i])
        out[i, 2] = lo
        out[i, 3] = hi
        out[i, 4] = s
        out[i, 5] = h
        t = divmod_dev(a[i], 7)
        out[i, 6] = t[0] * 7 + t[1]


def test_tuples_returned_from_device_functions(target, rng):
    a = rand(rng, N, np.int64, -100, 100)
    b = rand(rng, N, np.int64, 1, 9) * rng.choice([-1, 1], N)
    out = poison((N, 7), np.float64)
    (got, _, _) = run(returned_tuples_k, 2, 32, out, a, b)
    for i in range(N):
        x, y = int(a[i]), int(b[i])
        want = [x // y, x % y, min(x, y), max(x, y), x + y, x * 0.5, x]
        assert list(got[i]) == want, i


@cuda.jit
def tuple_arg_k(out, t, nested):
    i = cuda.grid(1)
    if i < out.shape[0]:
        a, b, c = t
        out[i, 0] = a + b * c + i
        (arr, k), scale = nested
        out[i, 1] = arr[i] * scale + k


def test_tuple_arguments(target, rng):
    arr = rand(rng, N, np.float64, -5, 5)
    out = poison((N, 2), np.float64)
    d_out, d_arr = cuda.to_device(out), cuda.to_device(arr)
    tuple_arg_k[2, 32](d_out, (3, 2.5, np.float32(4)), ((d_arr, 7), 0.25))
    got = d_out.copy_to_host()
    np.testing.assert_array_equal(got[:, 0], 3 + 2.5 * 4 + np.arange(N))
    np.testing.assert_array_equal(got[:, 1], arr * 0.25 + 7)


@cuda.jit
def tuple_iteration_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        acc = 0.0
        for v in (a[i], b[i], 2.5, 3):
            acc = acc * 2 + v
        out[i, 0] = acc
        k = 0
        for j, v in enumerate((a[i], b[i], a[i] - b[i])):
            if v < 0:
                continue
            k += (j + 1) * v
        out[i, 1] = k
        m = -1
        for v in (5, a[i], b[i]):
            if v > 30:
                m = v
                break
        else:
            m = 99
        out[i, 2] = m
        z = 0
        for p, q in zip((1, 2, 3), (a[i], b[i], 10)):  # noqa: B905
            z += p * q
        out[i, 3] = z


def test_iterating_over_tuples(target, rng):
    a = rand(rng, N, np.int64, -50, 50)
    b = rand(rng, N, np.int64, -50, 50)
    out = poison((N, 4), np.float64)
    (got, _, _) = run(tuple_iteration_k, 2, 32, out, a, b)
    for i in range(N):
        x, y = int(a[i]), int(b[i])
        acc = 0.0
        for v in (x, y, 2.5, 3):
            acc = acc * 2 + v
        k = sum((j + 1) * v for j, v in enumerate((x, y, x - y)) if v >= 0)
        m = next((v for v in (5, x, y) if v > 30), 99)
        z = x + 2 * y + 30
        assert list(got[i]) == [acc, k, m, z], i


@cuda.jit
def shape_tuple_k(out, a):
    i = cuda.grid(1)
    if i < out.shape[0]:
        shape = a.shape
        rows, cols = shape
        t = (*shape, i)
        out[i, 0] = rows * cols
        out[i, 1] = t[2]
        out[i, 2] = len(t)


def test_shape_is_a_tuple(target, rng):
    a = rand(rng, (7, 9), np.float32)
    out = poison((N, 3), np.int64)
    (got, _) = run(shape_tuple_k, 2, 32, out, a)
    np.testing.assert_array_equal(got, np.stack([np.full(N, 63), np.arange(N), np.full(N, 3)], 1))


@cuda.jit
def tuple_compare_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        t = (a[i], b[i])
        out[i, 0] = t == (a[i], b[i])
        out[i, 1] = t != (b[i], a[i])
        out[i, 2] = (1, 2) == (1, 2)


def test_tuple_equality(target, rng):
    a = rand(rng, N, np.int64, -3, 3)
    b = rand(rng, N, np.int64, -3, 3)
    out = np.full((N, 3), 5, np.int8)
    (got, _, _) = run(tuple_compare_k, 2, 32, out, a, b)
    np.testing.assert_array_equal(got[:, 0], 1)
    np.testing.assert_array_equal(got[:, 1], (a != b).astype(np.int8))
    np.testing.assert_array_equal(got[:, 2], 1)


@cuda.jit
def literal_unroll_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        acc = 0.0
        for v in cuda.literal_unroll((a[i], 2.5, np.int8(3), True)):
            acc = acc * 2 + v
        out[i] = acc


def test_literal_unroll(target, rng):
    a = rand(rng, N, np.int64, -50, 50)
    out = poison(N, np.float64)
    (got, _) = run(literal_unroll_k, 2, 32, out, a)
    np.testing.assert_array_equal(got, ((a * 2 + 2.5) * 2 + 3) * 2 + 1)
    assert cuda.literal_unroll((1, 2)) == (1, 2)
