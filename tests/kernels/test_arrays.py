"""Arrays: every dtype, 1-3 dimensions, negative-index wraparound, slicing to views, array
attributes, ``len``, layouts (C, F, strided), arrays passed to device functions."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda

from ._util import poison, rand, run

ALL_DTYPES = [
    np.bool_,
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float16,
    np.float32,
    np.float64,
    np.complex64,
    np.complex128,
]


@cuda.jit
def copy_reverse_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[a.size - 1 - i]


@pytest.mark.parametrize("dtype", ALL_DTYPES, ids=lambda d: np.dtype(d).name)
def test_copy_every_dtype(target, rng, dtype):
    n = 77
    a = rand(rng, n, dtype)
    out = poison(n, dtype) if np.dtype(dtype).kind != "b" else ~a[::-1]
    (got, _) = run(copy_reverse_k, 3, 32, out, a)
    np.testing.assert_array_equal(got, a[::-1])


@cuda.jit
def scale_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * 3 - 1


@pytest.mark.parametrize(
    "dtype",
    [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64],
    ids=lambda d: np.dtype(d).name,
)
def test_store_truncates_to_element_type(target, rng, dtype):
    n = 77
    a = rand(rng, n, dtype, -(2**62), 2**62)
    out = poison(n, dtype)
    (got, _) = run(scale_k, 3, 32, out, a)
    wide = np.int64 if np.dtype(dtype).kind == "i" else np.uint64
    with np.errstate(over="ignore"):
        want = (a.astype(wide) * wide(3) - wide(1)).astype(dtype)
    np.testing.assert_array_equal(got, want)


@cuda.jit
def half_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] + b[i]


def test_float16_arithmetic(target, rng):
    a = rand(rng, 64, np.float16, -10, 10)
    b = rand(rng, 64, np.float16, -10, 10)
    out = poison(64, np.float16)
    (got, _, _) = run(half_k, 2, 32, out, a, b)
    np.testing.assert_array_equal(got, a + b)


@cuda.jit
def half_typing_k(out, a, b, small):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] * b[i]  # float16
        out[i, 1] = a[i] * small[i]  # int8 converts to float16 exactly: float16
        out[i, 2] = a[i] * 3  # an int literal is int64: float64
        out[i, 3] = float(a[i]) * b[i]  # numba-cuda: float() of a float16 stays float16
        out[i, 4] = a[i] / b[i]  # float16
        out[i, 5] = a[i] + np.float32(0.5)  # float32


def test_float16_typing(target, rng):
    a = rand(rng, 64, np.float16, -8, 8)
    b = rand(rng, 64, np.float16, 0.5, 8)
    small = rand(rng, 64, np.int8, -20, 20)
    out = poison((64, 6), np.float64)
    (got, _, _, _) = run(half_typing_k, 2, 32, out, a, b, small)
    np.testing.assert_array_equal(got[:, 0], a * b)
    np.testing.assert_array_equal(got[:, 1], a * small.astype(np.float16))
    np.testing.assert_array_equal(got[:, 2], a.astype(np.float64) * 3)
    np.testing.assert_array_equal(got[:, 3], a * b)
    np.testing.assert_allclose(got[:, 4], a / b, rtol=2**-10)
    np.testing.assert_array_equal(got[:, 5], a.astype(np.float32) + np.float32(0.5))


@cuda.jit
def index_2d_k(out, a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = a[i, j] * 2 + a[-1 - i, j] + a[i, -1]


def test_2d_indexing_with_negative_indices(target, rng):
    a = rand(rng, (13, 21), np.float64)
    out = poison(a.shape, np.float64)
    (got, _) = run(index_2d_k, (2, 3), (8, 8), out, a)
    want = a * 2 + a[::-1, :] + a[:, -1:]
    np.testing.assert_allclose(got, want, rtol=1e-15, atol=1e-12)


@cuda.jit
def index_3d_k(out, a):
    i, j, k = cuda.grid(3)
    if i < a.shape[0] and j < a.shape[1] and k < a.shape[2]:
        out[i, j, k] = a[i, j, k] - a[(i + 1) % a.shape[0], j, -k - 1]
        out[i, j, k] += a[i - a.shape[0], j, k]


def test_3d_indexing(target, rng):
    a = rand(rng, (5, 6, 7), np.int64)
    out = poison(a.shape, np.int64)
    (got, _) = run(index_3d_k, (2, 2, 2), (4, 4, 4), out, a)
    want = a - np.roll(a, -1, axis=0)[:, :, ::-1] + a
    np.testing.assert_array_equal(got, want)


@cuda.jit
def negative_index_k(out, a, idx):
    i = cuda.grid(1)
    if i < idx.size:
        out[i] = a[idx[i]]
        a2 = a
        a2[idx[i]] = a2[idx[i]]


def test_runtime_negative_indices_wrap(target, rng):
    a = rand(rng, 50, np.int32)
    idx = rand(rng, 64, np.int64, -50, 49)
    out = poison(64, np.int32)
    (got, _, _) = run(negative_index_k, 2, 32, out, a, idx)
    np.testing.assert_array_equal(got, a[idx])


@cuda.jit
def tuple_index_k(out, a):
    i, j = cuda.grid(2)
    if i < a.shape[0] and j < a.shape[1]:
        ij = (i, j)
        out[ij] = a[ij] + 1
        t = (-1, j)
        out[i, j] += a[t]


def test_tuple_indices(target, rng):
    a = rand(rng, (9, 10), np.float32)
    out = poison(a.shape, np.float32)
    (got, _) = run(tuple_index_k, (1, 1), (16, 16), out, a)
    np.testing.assert_allclose(got, (a + 1) + a[-1:, :], rtol=1e-6, atol=1e-4)


@cuda.jit
def attrs_k(out, a):
    if cuda.grid(1) == 0:
        out[0] = a.shape[0]
        out[1] = a.shape[1]
        out[2] = a.shape[2]
        out[3] = a.strides[0]
        out[4] = a.strides[1]
        out[5] = a.strides[2]
        out[6] = a.size
        out[7] = a.ndim
        out[8] = len(a)
        s0, s1, s2 = a.shape
        out[9] = s0 * 100 + s1 * 10 + s2
        out[10] = len(a.shape)
        out[11] = a.itemsize


@pytest.mark.parametrize("dtype", [np.int16, np.float64])
def test_shape_strides_size_ndim_len(target, rng, dtype):
    a = rand(rng, (3, 4, 5), dtype)
    out = poison(12, np.int64)
    (got, _) = run(attrs_k, 1, 1, out, a)
    want = [*a.shape, *a.strides, a.size, a.ndim, len(a), 345, 3, a.itemsize]
    np.testing.assert_array_equal(got, want)


def test_attributes_of_strided_and_fortran_arrays(target, rng):
    base = rand(rng, (6, 8, 10), np.float64)
    strided = cuda.to_device(base)[::2, 1:7, ::-3]
    fortran = cuda.to_device(np.asfortranarray(base))
    for d, a in ((strided, base[::2, 1:7, ::-3]), (fortran, np.asfortranarray(base))):
        assert d.strides == a.strides
        out = cuda.to_device(poison(12, np.int64))
        attrs_k[1, 1](out, d)
        want = [*a.shape, *a.strides, a.size, a.ndim, len(a), 0, 3, a.itemsize]
        want[9] = a.shape[0] * 100 + a.shape[1] * 10 + a.shape[2]
        np.testing.assert_array_equal(out.copy_to_host(), want)


@cuda.jit
def strided_sum_k(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        s = 0.0
        for j in range(a.shape[1]):
            s += a[i, j] * (j + 1)
        out[i] = s


def test_strided_and_fortran_arguments(target, rng):
    base = rand(rng, (30, 40), np.float64)
    whole = cuda.to_device(base)
    views = (
        (whole, base),
        (whole[::3, ::-2], base[::3, ::-2]),
        (cuda.to_device(np.asfortranarray(base)), base),
        (whole.T, base.T),
    )
    for d, a in views:
        out = poison(a.shape[0], np.float64)
        o = cuda.to_device(out)
        strided_sum_k[2, 32](o, d)
        np.testing.assert_allclose(
            o.copy_to_host(), a @ np.arange(1, a.shape[1] + 1), rtol=1e-12, atol=1e-10
        )


@cuda.jit
def row_views_k(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        row = a[i]
        tail = a[i, 1:]
        s = 0.0
        for j in range(row.size):
            s += row[j]
        t = 0.0
        for j in range(len(tail)):
            t += tail[j] * (j + 1)
        out[i, 0] = s
        out[i, 1] = t
        out[i, 2] = tail.shape[0]
        out[i, 3] = row[-1]


def test_row_and_tail_views(target, rng):
    a = rand(rng, (20, 9), np.float64)
    out = poison((20, 4), np.float64)
    (got, _) = run(row_views_k, 1, 32, out, a)
    np.testing.assert_allclose(got[:, 0], a.sum(axis=1), rtol=1e-13, atol=1e-10)
    np.testing.assert_allclose(got[:, 1], a[:, 1:] @ np.arange(1, 9), rtol=1e-13, atol=1e-10)
    np.testing.assert_array_equal(got[:, 2], 8)
    np.testing.assert_array_equal(got[:, 3], a[:, -1])


@cuda.jit(device=True)
def summarize(out, k, v):
    out[k, 0] = v.shape[0]
    acc = 0
    for j in range(v.shape[0]):
        acc = acc * 3 + v[j]
    out[k, 1] = acc
    out[k, 2] = v[0] if v.shape[0] > 0 else -1


@cuda.jit
def slices_1d_k(out, a, lo, hi):
    if cuda.grid(1) == 0:
        summarize(out, 0, a[::2])
        summarize(out, 1, a[::-1])
        summarize(out, 2, a[1:-1])
        summarize(out, 3, a[lo:hi])
        summarize(out, 4, a[-3:])
        summarize(out, 5, a[hi:lo:-2])
        summarize(out, 6, a[5:2])
        summarize(out, 7, a[:100])


def test_1d_slices(target, rng):
    a = rand(rng, 21, np.int64, -3, 3)
    lo, hi = int(rng.integers(0, 10)), int(rng.integers(10, 21))
    out = poison((8, 3), np.int64)
    (got, _) = run(slices_1d_k, 1, 1, out, a, lo, hi)
    views = (a[::2], a[::-1], a[1:-1], a[lo:hi], a[-3:], a[hi:lo:-2], a[5:2], a[:100])
    for k, v in enumerate(views):
        acc = 0
        for x in v:
            acc = acc * 3 + int(x)
        assert list(got[k]) == [len(v), acc, int(v[0]) if len(v) else -1], k


@cuda.jit
def slices_2d_k(out, a):
    if cuda.grid(1) == 0:
        v = a[1:, ::-2]
        for i in range(v.shape[0]):
            for j in range(v.shape[1]):
                out[i, j] = v[i, j]
        w = a[:, 2]
        for i in range(w.shape[0]):
            out[i, 7] = w[i]
        c = a[2:4]
        out[0, 8] = c.shape[0]
        out[1, 8] = c.shape[1]
        out[2, 8] = c[1, 3]


def test_2d_slices(target, rng):
    a = rand(rng, (6, 9), np.float32)
    out = poison((6, 9), np.float32)
    (got, _) = run(slices_2d_k, 1, 1, out, a)
    v = a[1:, ::-2]
    np.testing.assert_array_equal(got[: v.shape[0], : v.shape[1]], v)
    np.testing.assert_array_equal(got[:, 7], a[:, 2])
    np.testing.assert_array_equal(got[:3, 8], [2, 9, a[3, 3]])


@cuda.jit
def write_through_view_k(a, b):
    i = cuda.grid(1)
    v = a[::-1]
    if i < v.size:
        v[i] = v[i] * 10 + i
    r = b[1:, ::2]
    if i < r.shape[0]:
        r[i, 1] = -i


def test_write_through_views(target, rng):
    a = rand(rng, 40, np.int64, -100, 100)
    b = rand(rng, (5, 6), np.int64, -100, 100)
    got_a, got_b = run(write_through_view_k, 2, 32, a, b)
    np.testing.assert_array_equal(got_a, a * 10 + np.arange(40)[::-1])
    want_b = b.copy()
    want_b[1:, 2] = -np.arange(4)
    np.testing.assert_array_equal(got_b, want_b)


@cuda.jit(device=True)
def dot(x, y):
    s = 0.0
    for k in range(x.shape[0]):
        s += x[k] * y[k]
    return s


@cuda.jit(device=True)
def fill_row(row, value):
    for k in range(row.size):
        row[k] = value + k


@cuda.jit
def device_array_args_k(out, a, b, rows):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = dot(a[i], b)
        fill_row(rows[i], i * 100)


def test_arrays_and_views_passed_to_device_functions(target, rng):
    a = rand(rng, (12, 7), np.float64)
    b = rand(rng, 7, np.float64)
    out = poison(12, np.float64)
    rows = poison((12, 5), np.int32)
    got, _, _, got_rows = run(device_array_args_k, 1, 16, out, a, b, rows)
    np.testing.assert_allclose(got, a @ b, rtol=1e-13, atol=1e-10)
    np.testing.assert_array_equal(got_rows, np.arange(12)[:, None] * 100 + np.arange(5))


@cuda.jit
def bool_array_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = (a[i] and not b[i]) or (b[i] and not a[i])


def test_bool_arrays(target, rng):
    a = rand(rng, 50, np.bool_)
    b = rand(rng, 50, np.bool_)
    out = ~(a ^ b)
    (got, _, _) = run(bool_array_k, 2, 32, out, a, b)
    np.testing.assert_array_equal(got, a ^ b)


@cuda.jit
def complex_parts_k(re, im, z):
    i = cuda.grid(1)
    if i < z.size:
        re[i] = z[i].real
        im[i] = z[i].imag
        z[i] = z[i] * 1j


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_arrays(target, rng, dtype):
    z = rand(rng, 40, dtype)
    part = np.float32 if dtype == np.complex64 else np.float64
    re, im = poison(40, part), poison(40, part)
    got_re, got_im, got_z = run(complex_parts_k, 2, 32, re, im, z)
    np.testing.assert_array_equal(got_re, z.real)
    np.testing.assert_array_equal(got_im, z.imag)
    np.testing.assert_allclose(got_z, z * 1j, rtol=1e-6)


@cuda.jit
def zero_dim_k(out, a):
    out[0] = a[()] * 2


def test_zero_dim_array(target):
    out = poison(1, np.float64)
    (got, _) = run(zero_dim_k, 1, 1, out, np.array(3.5))
    assert got[0] == 7.0


@cuda.jit
def transpose_k(out, a):
    i, j = cuda.grid(2)
    t = a.T
    if i < t.shape[0] and j < t.shape[1]:
        out[i, j] = t[i, j]


def test_transpose_attribute(target, rng):
    a = rand(rng, (5, 11), np.float64)
    out = poison((11, 5), np.float64)
    (got, _) = run(transpose_k, 1, (16, 16), out, a)
    np.testing.assert_array_equal(got, a.T)


@cuda.jit
def layout_unify_k(out, a):
    v = a
    if out.size > 3:
        v = a[::2]
    for j in range(v.size):
        out[j] = v[j]


def test_variable_holding_arrays_of_two_layouts(target, rng):
    a = rand(rng, 20, np.int64)
    out = poison(10, np.int64)
    (got, _) = run(layout_unify_k, 1, 1, out, a)
    np.testing.assert_array_equal(got, a[::2])


@cuda.jit
def runtime_step_k(out, a, lo, hi, step):
    if cuda.grid(1) == 0:
        v = a[lo:hi:step]
        w = a[::step]
        out[0] = v.size
        out[1] = w.size
        acc = 0
        for j in range(v.size):
            acc = acc * 3 + v[j]
        out[2] = acc
        acc = 0
        for x in w:
            acc = acc * 3 + x
        out[3] = acc


@pytest.mark.parametrize("step", [1, 2, 3, -1, -2, -5])
def test_slices_with_runtime_steps(target, rng, step):
    a = rand(rng, 23, np.int64, -3, 3)
    lo, hi = int(rng.integers(-25, 25)), int(rng.integers(-25, 25))
    out = poison(4, np.int64)
    (got, _) = run(runtime_step_k, 1, 1, out, a, lo, hi, step)
    v, w = a[lo:hi:step], a[::step]

    def fold(xs):
        acc = 0
        for x in xs:
            acc = acc * 3 + int(x)
        return acc

    np.testing.assert_array_equal(got, [v.size, w.size, fold(v), fold(w)])


@cuda.jit
def slice_assign_k(out, rows, a, b):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i, :] = i * 10  # broadcast a scalar
        out[i, 1::2] = -1.5
        rows[i] = a[i]  # copy a row: the same number of dimensions
        rows[i, ::-1][:2] = b[:2]
    cuda.syncthreads()
    if i == 0:
        out[-1, 2:4] = b[1:3]


def test_slice_assignment(target, rng):
    a = rand(rng, (20, 6), np.float64)
    b = rand(rng, 6, np.float64)
    out, rows = poison((20, 7), np.float64), poison((20, 6), np.float64)
    got, got_rows, _, _ = run(slice_assign_k, 1, 32, out, rows, a, b)
    want = np.repeat(np.arange(20.0)[:, None] * 10, 7, axis=1)
    want[:, 1::2] = -1.5
    want[-1, 2:4] = b[1:3]
    want_rows = a.copy()
    want_rows[:, ::-1][:, :2] = b[:2]
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(got_rows, want_rows)
