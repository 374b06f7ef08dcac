"""On the GPU, launches with more shared memory than a block may use (even opting in) fail
with an error that says "shared memory", the amounts, the limit and the kernel, as the
simulator's does (tests/kernels/test_clear_errors.py)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda, float32

pytestmark = pytest.mark.gpu


@cuda.jit
def dynamic_fill(out):
    buf = cuda.shared.array(0, float32)
    buf[cuda.threadIdx.x] = 1.0
    cuda.syncthreads()
    out[0] = buf[0]


@pytest.mark.parametrize("target", ["gpu", "sim"])
def test_a_megabyte_of_dynamic_shared_memory_is_refused_on_both(target):
    with config.override(TARGET=target):
        out = cuda.to_device(np.zeros(1, np.float32))
        with pytest.raises(Exception) as info:
            dynamic_fill[1, 32, 0, 1 << 20](out)
        message = str(info.value)
        assert "shared memory per block" in message, message
        assert "1048576" in message and "232448" in message and "dynamic_fill" in message


def test_within_the_limit_runs_on_the_gpu():
    with config.override(TARGET="gpu"):
        out = cuda.to_device(np.zeros(1, np.float32))
        dynamic_fill[1, 32, 0, 48 * 1024](out)
        assert out.copy_to_host()[0] == 1.0
