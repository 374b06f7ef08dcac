"""A ``cuda.core.Buffer`` kernel argument is numba-cuda's ``Array(uint8, 1, 'C')``: its ``size``
bytes at ``handle`` (``oxcuda.cuda._cuda_core_buffer``). On the host backend the buffer is a
stand-in of ``cuda.core``'s class over host memory (the simulator's device memory); the real
``cuda.core`` on a GPU is ``tests/gpu/test_cuda_core_buffer_gpu.py``."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import _cuda_core_buffer


class _Buffer:
    """cuda.core's ``Buffer`` surface the conversion reads: ``handle``, ``size``,
    ``is_device_accessible``."""

    def __init__(self, array: np.ndarray, device_accessible: bool = True) -> None:
        self._array = array
        self.handle = array.ctypes.data
        self.size = array.nbytes
        self.is_device_accessible = device_accessible


@pytest.fixture
def cuda_core(monkeypatch):
    core = types.ModuleType("cuda.core")
    core.Buffer = _Buffer
    monkeypatch.setitem(sys.modules, "cuda.core", core)
    return core


def _length_and_sum(buf, out):
    out[0] = len(buf)
    total = 0
    for i in range(len(buf)):
        total += buf[i]
    out[1] = total
    buf[0] = 255


def test_a_buffer_is_its_bytes_as_uint8(cuda_core, rng):
    host = rng.integers(0, 200, 37).astype(np.uint8)
    expected = (host.size, int(host.astype(np.int64).sum()))
    out = np.zeros(2, dtype=np.uint64)
    cuda.jit(_length_and_sum)[1, 1](cuda_core.Buffer(host), out)
    assert tuple(out) == expected
    assert host[0] == 255  # the kernel wrote the buffer's own memory


def test_the_view_is_uint8_c_contiguous_and_keeps_the_buffer(cuda_core, rng):
    buf = cuda_core.Buffer(rng.integers(0, 255, 16).astype(np.uint8))
    view = _cuda_core_buffer.buffer_array(buf)
    assert (view.shape, view.dtype, view.strides) == ((16,), np.uint8, (1,))
    assert view._numba_type_.layout == "C"
    np.testing.assert_array_equal(view.copy_to_host(), buf._array)


def test_a_buffer_the_gpu_cannot_reach_is_refused(cuda_core):
    buf = cuda_core.Buffer(np.zeros(4, np.uint8), device_accessible=False)
    with pytest.raises(TypeError, match="is_device_accessible is False"):
        cuda.jit(_length_and_sum)[1, 1](buf, np.zeros(2, dtype=np.uint64))


def test_without_cuda_core_nothing_is_a_buffer(monkeypatch):
    monkeypatch.delitem(sys.modules, "cuda.core", raising=False)
    assert not _cuda_core_buffer.is_buffer(_Buffer(np.zeros(1, np.uint8)))
