"""``arr.view(dtype)`` in kernels: the same bytes read as another scalar dtype (NumPy's
``ndarray.view``), for same-size and different-size items, C and F arrays, slices; writes
through a view land in the original array; misuse is a clear error with a caret."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import poison, rand, run

# The GPU runs pass NumPy arrays on purpose (copied in and out around the launch).
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")


@cuda.jit
def reinterpret_slice(byte_arr, start, stop, out):
    # numba-cuda's test_array_methods: a byte slice read as one int32.
    out[0] = byte_arr[start:stop].view(np.int32)[0]


def test_a_byte_slice_viewed_as_int32(target, rng):
    data = rand(rng, 256, np.uint8, 0, 255)
    for start in rng.choice(np.arange(0, 252, 4), 6, replace=False):
        start = int(start)
        (_, got) = run(reinterpret_slice, 1, 1, data, start, start + 4, poison(1, np.int32))
        assert got[0] == data[start : start + 4].view(np.int32)[0]


@cuda.jit
def float_bits(out, a):
    i, j = cuda.grid(2)
    bits = a.view(np.uint32)
    if i < a.shape[0] and j < a.shape[1]:
        out[i, j] = bits[i, j] ^ 0x80000000


def test_same_size_view_of_a_2d_array(target, rng):
    a = rand(rng, (9, 33), np.float32)
    (got, _) = run(float_bits, (2, 3), (8, 16), poison((9, 33), np.uint32), a)
    np.testing.assert_array_equal(got, a.view(np.uint32) ^ np.uint32(0x80000000))


@cuda.jit
def halves_and_doubles(small, big, shapes, a, b):
    i, j = cuda.grid(2)
    narrow = a.view(np.int16)  # the last axis doubles
    wide = b.view("float64")  # the last axis halves
    if i == 0 and j == 0:
        shapes[0] = narrow.shape[0]
        shapes[1] = narrow.shape[1]
        shapes[2] = wide.shape[0]
        shapes[3] = wide.shape[1]
    if i < narrow.shape[0] and j < narrow.shape[1]:
        small[i, j] = narrow[i, j]
    if i < wide.shape[0] and j < wide.shape[1]:
        big[i, j] = wide[i, j]


def test_different_size_views_recut_the_last_axis(target, rng):
    a = rand(rng, (5, 7), np.int32, -(2**31), 2**31 - 1)
    b = rand(rng, (6, 4), np.float32)
    small, big, shapes = run(
        halves_and_doubles,
        (1, 1),
        (16, 16),
        poison((5, 14), np.int16),
        poison((6, 2), np.float64),
        poison(4, np.int64),
        a,
        b,
    )[:3]
    np.testing.assert_array_equal(shapes, [5, 14, 6, 2])
    np.testing.assert_array_equal(small, a.view(np.int16))
    np.testing.assert_array_equal(big, b.view(np.float64))


@cuda.jit
def write_through_a_view(a):
    i = cuda.grid(1)
    words = a.view(np.uint64)
    if i < words.size:
        words[i] = words[i] + 1


def test_writes_through_a_view_reach_the_array(target, rng):
    a = rand(rng, 64, np.int32)
    (got,) = run(write_through_a_view, 1, 32, a)
    np.testing.assert_array_equal(got.view(np.uint64), a.view(np.uint64) + np.uint64(1))


def test_views_that_cannot_be_made_are_clear_errors(target):
    @cuda.jit
    def strided(out, a):
        out[0] = a[::2].view(np.int16)[0]

    with pytest.raises(TypingError, match="layout is A") as info:
        strided[1, 1](np.zeros(1, np.int16), np.zeros(8, np.int32))
    assert "a[::2].view(np.int16)" in str(info.value) and "^" in str(info.value)

    @cuda.jit
    def not_a_dtype(out, a):
        out[0] = a.view(3)[0]

    @cuda.jit
    def fortran(out, a):
        out[0] = a.view(np.int16)[0, 0]

    with pytest.raises(TypingError, match="layout is F"):
        fortran[1, 1](np.zeros(1, np.int16), np.zeros((4, 4), np.int32, order="F"))

    with pytest.raises(TypingError, match="view\\(\\) takes a scalar dtype"):
        not_a_dtype[1, 1](np.zeros(1, np.int32), np.zeros(8, np.int32))

    @cuda.jit
    def zero_d(out, a):
        out[0] = a.view(np.int16)[()]

    with pytest.raises(TypingError, match="0-d array"):
        zero_d[1, 1](np.zeros(1, np.int16), np.zeros((), np.int32))
