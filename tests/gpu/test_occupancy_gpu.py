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


def test_the_loaded_kernel_answers_as_numbas_overload_does():
    """numba's ``kernel.overloads[sig].max_cooperative_grid_blocks(blockdim)``: the same
    count for the same threads in 1, 2 or 3 dimensions, equal to the dispatcher's answer."""
    sig = (float32[::1], float32)
    k = cuda.jit(sig)(scale.py_func)
    with oxcuda.config.override(TARGET="gpu"):
        a = cuda.to_device(np.random.default_rng().random(256).astype(np.float32))
        k[1, 256](a, float32(3.0))
        overload = k.overloads[sig]
        blocks = overload.max_cooperative_grid_blocks(256)
        assert blocks > 0
        assert overload.max_cooperative_grid_blocks((16, 16)) == blocks
        assert overload.max_cooperative_grid_blocks((16, 4, 4)) == blocks
        assert k.max_cooperative_grid_blocks(256) == blocks
        with pytest.raises(ValueError, match="blockdim"):
            overload.max_cooperative_grid_blocks((16, 0))
        with pytest.raises(TypeError, match="blockdim"):
            overload.max_cooperative_grid_blocks("256")
