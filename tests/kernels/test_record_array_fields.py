"""Field views of record arrays in device code, as numba-cuda's (its ``test_recarray``):
``recs.name`` of an array of records (a ``np.recarray``'s field access) is the array of that
field over the same memory — read, written, strided, in aligned and packed records, 1-d and
2-d; array attributes come first; a subarray field is refused with the fix. On both targets;
references: NumPy's own field views (``recs["name"]``) on fresh random data."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

ALIGNED = np.dtype([("value1", np.int64), ("value2", np.float64), ("c", np.int8)], align=True)
PACKED = np.dtype([("c", np.int8), ("value2", np.float64), ("value1", np.int32)])


@cuda.jit
def copy_fields_k(x, out1, out2):
    i = cuda.grid(1)
    if i < x.size:
        out1[i] = x.value1[i]
        out2[i] = x.value2[i]
        x.value2[i] = x.value2[i] * 2 + x.value1[i]


@cuda.jit
def field_shape_k(x, out):
    out[0] = x.value1.size
    out[1] = x.value2.shape[0]
    out[2] = x.shape[0]


@cuda.jit
def grid_sum_k(x, out):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        out[i, j] = x.value1[i, j] + x.value2[i, j]


def _records(rng, dtype, shape):
    recs = np.zeros(shape, dtype)
    recs["value1"] = rng.integers(-(2**20), 2**20, size=shape)
    recs["value2"] = rng.standard_normal(shape)
    recs["c"] = rng.integers(-100, 100, size=shape)
    return recs


@pytest.mark.parametrize("dtype", [ALIGNED, PACKED], ids=["aligned", "packed"])
def test_fields_of_a_recarray_read_and_write(target, rng, dtype):
    n = int(rng.integers(20, 300))
    recs = _records(rng, dtype, n).view(np.recarray)
    expect = recs.copy()
    out1 = np.zeros(n, dtype["value1"])
    out2 = np.zeros(n)
    copy_fields_k[(n + 127) // 128, 128](recs, out1, out2)
    np.testing.assert_array_equal(out1, expect["value1"])
    np.testing.assert_array_equal(out2, expect["value2"])
    np.testing.assert_array_equal(recs["value2"], expect["value2"] * 2 + expect["value1"])
    np.testing.assert_array_equal(recs["c"], expect["c"])  # the other fields are untouched


def test_fields_of_a_strided_device_array_of_records(target, rng):
    recs = _records(rng, ALIGNED, 64)
    d = cuda.to_device(recs)[::3]
    n = d.shape[0]
    out1, out2 = np.zeros(n, np.int64), np.zeros(n)
    copy_fields_k[1, 64](d, out1, out2)
    np.testing.assert_array_equal(out1, recs["value1"][::3])
    np.testing.assert_array_equal(out2, recs["value2"][::3])
    got = d.copy_to_host()
    np.testing.assert_array_equal(got["value2"], recs["value2"][::3] * 2 + recs["value1"][::3])
    shapes = np.zeros(3, np.int64)
    field_shape_k[1, 1](d, shapes)
    assert shapes.tolist() == [n, n, n]


def test_fields_of_a_2d_array_of_records(target, rng):
    recs = _records(rng, PACKED, (int(rng.integers(3, 20)), int(rng.integers(3, 20))))
    out = np.zeros(recs.shape)
    grid_sum_k[(1, 1), (32, 32)](recs, out)
    np.testing.assert_array_equal(out, recs["value1"] + recs["value2"])


def test_a_subarray_field_has_no_view(target):
    dtype = np.dtype([("v", np.float32, (3,)), ("w", np.float32)])

    @cuda.jit
    def k(x, out):
        out[0] = x.v[0, 1]

    with pytest.raises(TypingError, match=r"(?s)subarray field.*recs\[i\]\.v\[j\]"):
        k[1, 1](np.zeros(2, dtype), np.zeros(1, np.float32))

    @cuda.jit
    def missing(x, out):
        out[0] = x.nope[0]

    with pytest.raises(TypingError, match="arrays have no attribute 'nope'"):
        missing[1, 1](np.zeros(2, dtype), np.zeros(1, np.float32))
