"""Type objects as kernel arguments on a GPU (numba-cuda's ``test_linker`` cases):
``kernel[1, 100](arr, np.float64)`` specialises on the type object, which passes no bytes, and
the kernel's resource queries answer for that specialisation (a shared array of 100 elements of
the type)."""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import config, cuda, float64, int32, types, void

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def on_gpu():
    with config.override(TARGET="gpu"):
        yield


def fill_shared(ary, dty):
    sm = cuda.shared.array(100, dty)
    i = cuda.grid(1)
    if i == 0:
        for j in range(100):
            sm[j] = j * 1.5
    cuda.syncthreads()
    ary[i] = sm[i]


def convert(out, x, dty, scale):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = dty(x[i]) * scale


def test_shared_memory_follows_the_type_object():
    eager = cuda.jit(void(int32[::1], oxcuda.typeof(np.int32)))(fill_shared)
    assert eager.get_shared_mem_per_block() == 400
    out = cuda.to_device(np.full(100, -1, np.int32))
    eager[1, 100](out, np.int32)
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(100) * 3 // 2)
    spec = cuda.jit(fill_shared).specialize(np.zeros(100, dtype=np.int32), np.float64)
    assert spec.get_shared_mem_per_block() == 800


def test_arguments_after_a_type_object_arrive_intact():
    rng = np.random.default_rng()
    x = rng.uniform(-50, 50, 1000)
    kernel = cuda.jit(convert)
    for cls, expect in (
        (np.int32, np.trunc(x).astype(np.int32) * 2.5),
        (np.float32, x.astype(np.float32).astype(np.float64) * 2.5),
    ):
        out = cuda.to_device(np.full(1000, np.nan))
        kernel[8, 128](out, cuda.to_device(x), cls, 2.5)
        np.testing.assert_array_equal(out.copy_to_host(), expect)
    assert {s[2] for s in kernel.signatures} == {
        types.NumberClass(int32),
        types.NumberClass(types.float32),
    }
    assert all(s[3] == float64 for s in kernel.signatures)
