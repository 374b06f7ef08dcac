"""``arr.reshape(shape)`` and a complex array's ``.real``/``.imag`` in kernels (numba-cuda's
test_array_reshape and test_atomic_on_real/imag): views over the same memory, checked against
NumPy on fresh random data, with the refusals and the mismatched-size rule (``ValueError``
under ``debug``; without it every extent of the result is 0)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError


def reshape_1d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        got[i] = y[i]


def reshape_2d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            got[i, j] = y[i, j]


def reshape_3d(arr, newshape, got):
    y = arr.reshape(newshape)
    for i in range(y.shape[0]):
        for j in range(y.shape[1]):
            for k in range(y.shape[2]):
                got[i, j, k] = y[i, j, k]


KERNELS = {1: reshape_1d, 2: reshape_2d, 3: reshape_3d}


def run(arr, shape):
    want = arr.reshape(shape)
    got = np.full(want.shape, -7, arr.dtype)
    cuda.jit(KERNELS[want.ndim])[1, 1](arr, shape, got)
    np.testing.assert_array_equal(got, want)


def test_reshapes_of_c_contiguous_arrays(target, rng):
    rows, cols = (int(v) for v in rng.integers(2, 7, 2))
    arr = rng.standard_normal(rows * cols * 2)
    for shape in [(rows * cols * 2,), (rows, cols * 2), (2 * rows, cols), (rows, 2, cols)]:
        run(arr, shape)
    run(arr.reshape(1, rows, 1, cols, 2, 1), (rows, cols * 2))


def test_inferred_extents_and_empty_arrays(target, rng):
    n = int(rng.integers(2, 6))
    arr = rng.integers(-100, 100, (n, 5)).astype(np.int32)
    for shape in [-1, (-1,), (-1, 5), (n, -1, 5), (n, 5, -1)]:
        run(arr, shape)
    empty = np.array([], np.float32)
    for shape in [0, (0,), (1, 0, 2)]:
        run(empty, shape)


def several_ints(arr, got):
    y = arr.reshape(3, 4)
    for i in range(3):
        for j in range(4):
            got[i, j] = y[i, j] * 2


def test_extents_as_separate_arguments(target, rng):
    arr = rng.standard_normal(12).astype(np.float32)
    got = np.zeros((3, 4), np.float32)
    cuda.jit(several_ints)[1, 1](arr, got)
    np.testing.assert_array_equal(got, arr.reshape(3, 4) * 2)


def strided_1d(arr, got):
    y = arr[::2].reshape((2, 3))  # a strided 1-d array: strides are multiples of its own
    for i in range(2):
        for j in range(3):
            got[i, j] = y[i, j]
    y[1, 2] = -1.0  # a view: writes reach the array


def test_a_strided_1d_array_reshapes_as_a_view(target, rng):
    arr = rng.standard_normal(12)
    got = np.zeros((2, 3))
    before = arr.copy()
    cuda.jit(strided_1d)[1, 1](arr, got)
    np.testing.assert_array_equal(got, before[::2].reshape(2, 3))
    before[10] = -1.0
    np.testing.assert_array_equal(arr, before)


def test_a_size_mismatch_raises_under_debug_and_gives_no_elements_without(target, rng):
    arr = rng.standard_normal(10)
    got = np.full(3, 7.0)
    cuda.jit(reshape_1d)[1, 1](arr, (3,), got)
    np.testing.assert_array_equal(got, 7.0)  # every extent 0: the loop never ran
    with pytest.raises(ValueError, match="cannot reshape the array"):
        cuda.jit(reshape_1d, debug=True, opt=False)[1, 1](arr, (3,), got)
    with pytest.raises(ValueError, match="cannot reshape the array"):
        cuda.jit(reshape_2d, debug=True, opt=False)[1, 1](arr, (-1, -1), np.zeros((2, 5)))


def atomic_parts(values):
    i = cuda.grid(1)
    if i < values.size:
        cuda.atomic.add(values.real, i, 1)
        cuda.atomic.add(values.imag, i, 2)


def test_atomics_on_real_and_imaginary_parts(target, rng):
    n = 64
    z = rng.standard_normal(n) + 1j * rng.standard_normal(n)
    got = z.copy()
    cuda.jit(atomic_parts)[2, 32](got)
    np.testing.assert_array_equal(got, z + 1 + 2j)


def parts_2d(z, re, im):
    i, j = cuda.grid(2)
    if i < z.shape[0] and j < z.shape[1]:
        re[i, j] = z.real[i, j]
        im[i, j] = z.imag[i, j]
        z.imag[i, j] = z.real[i, j] * 3


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_parts_of_a_2d_view(target, rng, dtype):
    z = (rng.standard_normal((6, 10)) + 1j * rng.standard_normal((6, 10))).astype(dtype)
    view = z[1:5, ::3]
    want_re, want_im = view.real.copy(), view.imag.copy()
    re = np.zeros(view.shape, want_re.dtype)
    im = np.zeros(view.shape, want_re.dtype)
    d = cuda.to_device(z)
    cuda.jit(parts_2d)[(1, 1), (8, 8)](d[1:5, ::3], re, im)
    np.testing.assert_array_equal(re, want_re)
    np.testing.assert_array_equal(im, want_im)
    after = d.copy_to_host()
    np.testing.assert_array_equal(after[1:5, ::3].imag, want_re * 3)
    np.testing.assert_array_equal(after[0], z[0])  # rows outside the view are untouched


def reshape_f(arr, got):
    y = arr.reshape(6)
    got[0] = y[0]


def imag_of_real(arr, got):
    got[0] = arr.imag[0]


def reshape_float(arr, got):
    y = arr.reshape(2.5)
    got[0] = y[0]


@pytest.mark.parametrize(
    ("kernel", "arg", "message"),
    [
        (reshape_f, np.asfortranarray(np.ones((2, 3))), "not in C order"),
        (imag_of_real, np.ones(3), "only complex arrays have parts"),
        (reshape_float, np.ones(3), "integer extents"),
    ],
)
def test_refusals_are_typing_errors(target, kernel, arg, message):
    with pytest.raises(TypingError, match=message):
        cuda.jit(kernel)[1, 1](arg, np.zeros(3))
