"""``max_cooperative_grid_blocks``: the occupancy calculator's blocks per multiprocessor times
the multiprocessors, checked against the device's own limits."""

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, float32

pytestmark = pytest.mark.gpu


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


def test_cooperative_grid_blocks_follow_the_device_limits():
    with oxcuda.config.override(TARGET="gpu"):
        a = cuda.to_device(np.random.default_rng().random(1000).astype(np.float32))
        scale[4, 256](a, float32(2.0))
        dev = cuda.get_current_device()
        sms = dev.MULTIPROCESSOR_COUNT
        per_sm_threads = dev.MAX_THREADS_PER_MULTIPROCESSOR
        for threads in (32, 128, 256, (16, 16), 1024):
            total = threads if isinstance(threads, int) else threads[0] * threads[1]
            blocks = scale.max_cooperative_grid_blocks(threads)
            assert blocks % sms == 0
            assert sms <= blocks <= sms * (per_sm_threads // total)
        # A block that takes all the shared memory of a multiprocessor fits once per SM.
        smem = dev.MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
        assert scale.max_cooperative_grid_blocks(128, smem // 2 + 1) <= sms
        with pytest.raises(ValueError, match="dynsmemsize"):
            scale.max_cooperative_grid_blocks(128, -1)


def test_cooperative_grid_blocks_need_a_gpu_kernel():
    @cuda.jit
    def k(a):
        a[0] = 1

    with oxcuda.config.override(TARGET="sim"):
        k[1, 1](cuda.to_device(np.zeros(1)))
        with pytest.raises(RuntimeError, match="needs a GPU kernel"):
            k.max_cooperative_grid_blocks(32)
