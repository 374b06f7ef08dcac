"""Array shapes from locals bound once to an integer literal (numba-cuda's constant inference):
``N = 100; cuda.shared.array(N, int32)`` and ``cuda.local.array((R, C), ...)``. A local that is
assigned more than once, or a parameter, is not a constant and stays a ``not-constant`` error
(``crates/typeck/src/lower/shape_constants.rs`` states the rule)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float64, int32
from oxcuda.errors import TypingError

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")


@cuda.jit
def shared_from_local_k(src, out):
    n = 128
    sm = cuda.shared.array(n, int32)
    i = cuda.threadIdx.x
    sm[i] = src[i]
    cuda.syncthreads()
    out[i] = sm[n - 1 - i]


def test_shared_array_shape_from_a_local_constant(target, rng):
    src = rng.integers(-1000, 1000, size=128).astype(np.int32)
    out = np.zeros_like(src)
    shared_from_local_k[1, 128](src, out)
    np.testing.assert_array_equal(out, src[::-1])


@cuda.jit
def local_2d_from_locals_k(x, out):
    rows = 3
    cols = 4
    tile = cuda.local.array(shape=(rows, cols), dtype=float64)
    i = cuda.grid(1)
    if i < out.size:
        for r in range(rows):
            for c in range(cols):
                tile[r, c] = x[i] * (r + 1) + c
        acc = 0.0
        for r in range(rows):
            for c in range(cols):
                acc += tile[r, c]
        out[i] = acc


def test_local_array_tuple_shape_from_local_constants(target, rng):
    x = rng.standard_normal(300)
    out = np.zeros_like(x)
    local_2d_from_locals_k[3, 128](x, out)
    expect = np.array([sum(v * (r + 1) + c for r in range(3) for c in range(4)) for v in x])
    np.testing.assert_allclose(out, expect, rtol=1e-12)


@cuda.jit
def reassigned_k(out, flag):
    n = 8
    if flag:
        n = 16
    sm = cuda.shared.array(n, int32)
    sm[0] = 1
    out[0] = sm[0]


def test_a_local_assigned_twice_is_not_a_shape():
    out = np.zeros(1, np.int32)
    with pytest.raises(TypingError, match=r"(?s)not-constant.*needs a shape known at compile time"):
        reassigned_k[1, 1](out, True)
