"""NVIDIA ``cuda.core`` objects and exception classes where numba-cuda uses them, on a GPU:
a ``cuda.core.Buffer`` kernel argument (``Array(uint8, 1, 'C')``), a launch over CUDA's block
limit and a ``.cu`` NVRTC cannot compile raising ``cuda.core``'s ``CUDAError`` and
``NVRTCError`` (``oxcuda.errors._joined``), and a forked child's driver error naming the fork
(numba's "CUDA initialized before forking")."""

from __future__ import annotations

import concurrent.futures
import multiprocessing as mp
import os

import numpy as np
import pytest
from oxcuda import config, cuda, errors

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def on_gpu():
    with config.override(TARGET="gpu"):
        yield


def _length_and_sum(buf, out):
    out[0] = len(buf)
    total = 0
    for i in range(len(buf)):
        total += buf[i]
    out[1] = total


def test_a_cuda_core_buffer_is_a_uint8_array():
    core = pytest.importorskip("cuda.core")
    rng = np.random.default_rng()
    host = rng.integers(0, 200, 1000).astype(np.uint8)
    dev = cuda.to_device(host)
    buf = core.Buffer.from_handle(dev.device_ctypes_pointer.value, size=host.size)
    out = cuda.to_device(np.full(2, 7, dtype=np.uint64))
    cuda.jit(_length_and_sum)[1, 1](buf, out)
    assert tuple(out.copy_to_host()) == (host.size, int(host.astype(np.int64).sum()))


def _simple(a):
    a[cuda.threadIdx.x] = 1


def test_a_block_over_the_limit_is_cuda_cores_cuda_error():
    pytest.importorskip("cuda.core")
    from cuda.core._utils.cuda_utils import CUDAError

    kernel = cuda.jit("void(int32[::1])")(_simple)
    a = cuda.device_array(1025, dtype=np.int32)
    with pytest.raises(CUDAError, match="CUDA_ERROR_INVALID_VALUE") as info:
        kernel[1, 1025](a)
    assert isinstance(info.value, errors.LaunchDimensionError)
    assert isinstance(info.value, ValueError)


def test_an_nvrtc_compile_error_is_cuda_cores_nvrtc_error(tmp_path):
    pytest.importorskip("cuda.core")
    from cuda.core._utils.cuda_utils import NVRTCError

    path = tmp_path / "error.cu"
    path.write_text('extern "C" __device__ int bar(int x) { return SYNTAX; }\n')
    bar = cuda.declare_device("bar", "int32(int32)")
    with pytest.raises(NVRTCError) as info:

        @cuda.jit("void(int32)", link=[str(path)])
        def kernel(x):
            bar(x)

    message = info.value.args[0]
    assert "NVRTC_ERROR_COMPILATION" in message
    assert 'identifier "SYNTAX" is undefined' in message
    assert 'in the compilation of "error.cu"' in message
    assert isinstance(info.value, errors.NvrtcCompilationError)


@pytest.mark.skipif(os.name != "posix", reason="fork is POSIX")
def test_cuda_in_a_forked_child_names_the_fork():
    cuda.current_context()  # initialise CUDA in this process
    rng = np.random.default_rng()
    with concurrent.futures.ProcessPoolExecutor(mp_context=mp.get_context("fork")) as exe:
        future = exe.submit(cuda.to_device, rng.standard_normal(16))
    with pytest.raises(errors.CudaDriverError, match="CUDA initialized before forking") as info:
        future.result()
    assert "'spawn'" in str(info.value)
