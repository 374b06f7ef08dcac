"""Neighbouring-row accesses `a[i ± k, j]`, whose row offsets the NVVM IR writer multiplies out
as `i·s ± k·s` (and a negative index's wraparound as `+ n·s`: `codegen/arrays.rs`,
`strided_offset`): the elements read are NumPy's, negative indices wrapping, on the simulator
and the GPU, for C, F and non-contiguous layouts."""

import numpy as np
import pytest
from oxcuda import cuda


@cuda.jit
def neighbours(out, a, k):
    i, j = cuda.grid(2)
    rows, cols = a.shape
    if i < rows and j < cols:
        near = a[i - 1, j] + np.float64(2) * a[i - 3, j] + np.float64(3) * a[i + 1 - rows, j]
        far = np.float64(5) * a[i - k, j - 1] + np.float64(7) * a[i + 2 - rows, j - 2]
        out[i, j] = near + far


def neighbours_reference(a, k):
    rows, cols = a.shape
    out = np.empty_like(a)
    for i in range(rows):
        for j in range(cols):
            near = a[i - 1, j] + 2 * a[i - 3, j] + 3 * a[i + 1 - rows, j]
            out[i, j] = near + 5 * a[i - k, j - 1] + 7 * a[i + 2 - rows, j - 2]
    return out


@pytest.mark.parametrize("layout", ["C", "F", "strided"])
def test_neighbouring_rows_read_numpys_elements(target, rng, layout):
    rows, cols = int(rng.integers(5, 14)), int(rng.integers(5, 12))
    base = rng.uniform(-1, 1, (2 * rows, 3 * cols))
    a = {
        "C": np.ascontiguousarray(base[:rows, :cols]),
        "F": np.asfortranarray(base[:rows, :cols]),
        "strided": base[::2, ::3],
    }[layout]
    k = int(rng.integers(0, rows))
    out = np.zeros((rows, cols))
    neighbours[(2, 2), (8, 8)](out, a, k)
    np.testing.assert_allclose(out, neighbours_reference(a, k), rtol=1e-14, atol=1e-14)
