"""A packed record whose float64 field sits at a 4-byte offset (``[('a', int32), ('b',
float64)]``, not aligned): numba-cuda refuses such kernels ("type float64 is not aligned");
oxcuda accepts them and reads and writes the field correctly on both targets
(docs/migrating-from-numba-cuda.md, "Deliberate differences")."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import from_dtype

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

PACKED = np.dtype([("a", "int32"), ("b", "float64")])
assert PACKED.fields["b"][1] == 4 and not PACKED.isalignedstruct


@cuda.jit((from_dtype(PACKED)[:],))
def swap_fields_k(recs):
    i = cuda.grid(1)
    if i < recs.size:
        b = recs[i].b
        recs[i].b = recs[i].a * 0.5
        recs[i].a = b


def test_misaligned_float64_field_reads_and_writes(target, rng):
    recs = np.zeros(257, PACKED)
    recs["a"] = rng.integers(-(2**20), 2**20, size=recs.size)
    recs["b"] = rng.uniform(-1e6, 1e6, size=recs.size)
    expect = recs.copy()
    expect["a"] = np.trunc(recs["b"]).astype(np.int32)
    expect["b"] = recs["a"] * 0.5
    swap_fields_k[3, 128](recs)
    np.testing.assert_array_equal(recs["a"], expect["a"])
    np.testing.assert_array_equal(recs["b"], expect["b"])
