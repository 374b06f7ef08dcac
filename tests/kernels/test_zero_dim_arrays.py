"""0-d NumPy arrays passed to kernels are arrays (numba's ``Array(dtype, 0, 'C')``), not
scalars: ``r[()]`` reads and writes the one element, and the write reaches the host array. A
NumPy scalar (``np.float64(2.0)``) stays a scalar."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import run


@cuda.jit
def axpy_0d_k(r, a, x):
    r[()] = a[()] * x[()] + r[()]


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int32, np.int64])
def test_zero_dim_arrays_read_and_write_through_empty_tuples(target, rng, dtype):
    r, a, x = (np.array(rng.integers(-50, 50), dtype=dtype) for _ in range(3))
    want = a * x + r
    (got, _, _) = run(axpy_0d_k, 1, 1, r.copy(), a, x)
    assert got.shape == ()
    np.testing.assert_array_equal(got, want)


def test_a_host_zero_dim_array_is_written_back(target, rng):
    r = np.array(rng.uniform(-3, 3))
    a, x = np.array(rng.uniform(1, 2)), np.array(rng.uniform(-1, 1))
    want = a * x + r
    axpy_0d_k[1, 1](r, a, x)
    np.testing.assert_allclose(r, want)


@cuda.jit
def props_k(r, out):
    out[0] = r.ndim
    out[1] = r.size


def test_zero_dim_array_properties(target):
    (_, out) = run(props_k, 1, 1, np.array(5.0), np.zeros(2, np.int64))
    np.testing.assert_array_equal(out, [0, 1])


@cuda.jit
def scalar_k(s, out):
    out[0] = s * 2


def test_numpy_scalars_stay_scalars(target, rng):
    s = np.float64(rng.uniform(-9, 9))
    (out,) = run(scalar_k, 1, 1, s, np.zeros(1))
    np.testing.assert_array_equal(out, [s * 2])


@cuda.jit
def index_0d_with_int_k(r):
    r[0] = 1.0


def test_indexing_a_zero_dim_array_with_an_integer_is_an_error():
    with pytest.raises(TypingError, match="0"):
        index_0d_with_int_k[1, 1](np.array(0.0))


@cuda.jit
def gather_k(r, ary, i):
    r[()] = ary[i]


def test_a_zero_dim_integer_array_indexes_with_its_element(target, rng):
    ary = rng.uniform(-9, 9, 10)
    k = int(rng.integers(0, 10))
    (r, _, _) = run(gather_k, 1, 1, np.array(0.0), ary, np.array(k))
    assert r[()] == ary[k]
