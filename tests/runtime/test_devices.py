"""Devices and contexts on the host backend (the simulator's device), and the GPU backend's
errors on a machine without a driver."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.errors import CudaSupportError


def test_the_simulator_device():
    assert len(cuda.gpus) == 1
    dev = cuda.gpus[0]
    assert dev.name == "SIMULATOR" and dev.id == 0
    assert dev.uuid.startswith("GPU-")
    assert dev.WARP_SIZE == 32 and dev.MAX_THREADS_PER_BLOCK == 1024
    assert dev.compute_capability == (dev.COMPUTE_CAPABILITY_MAJOR, dev.COMPUTE_CAPABILITY_MINOR)
    with pytest.raises(AttributeError):
        dev.NOT_AN_ATTRIBUTE  # noqa: B018
    with cuda.gpus[0] as d:
        assert d == dev
    assert cuda.list_devices() == [dev]
    assert cuda.get_current_device() == dev
    assert cuda.gpus.current == dev
    assert cuda.select_device(0) == dev
    with pytest.raises(IndexError, match="one device"):
        cuda.select_device(1)
    with pytest.raises(IndexError):
        cuda.gpus[3]
    # A slice is a list of devices, as numba's cuda.gpus (a list) gives.
    assert cuda.gpus[:] == [dev] == cuda.gpus[-1:] and cuda.gpus[1:] == []


def test_context_memory_info_synchronize_close(rng):
    ctx = cuda.current_context()
    assert ctx.is_host and ctx.handle == 0 and ctx == cuda.current_context()
    info = cuda.get_memory_info()
    assert isinstance(info, cuda.MemoryInfo) and 0 < info.free <= info.total
    cuda.synchronize()
    d = cuda.to_device(rng.standard_normal(10))
    cuda.close()
    assert d.copy_to_host().shape == (10,)  # arrays outlive close()

    @cuda.require_context
    def f(x):
        return x + 1

    assert f(1) == 2


def test_gpu_target_without_a_driver_is_a_support_error(tmp_path):
    missing = str(tmp_path / "libcuda.so.1")
    with config.override(TARGET="gpu", DRIVER_PATH=missing):
        with pytest.raises(CudaSupportError, match="does not exist"):
            cuda.to_device([1.0, 2.0])
        with pytest.raises(CudaSupportError):
            cuda.current_context()


def test_device_selection_on_the_simulator_is_one_device(rng):
    """The simulator's device selection (docs/multi-gpu.md): one device, 0 (or -1); selecting
    it, nesting ``with`` blocks and launching inside them work; any other is an IndexError
    saying how many there are."""
    from oxcuda.cuda.memory.pointer import native_context

    @cuda.jit
    def twice(r, x):
        i = cuda.grid(1)
        if i < x.size:
            r[i] = 2.0 * x[i]

    with config.override(TARGET="sim"):
        assert len(cuda.gpus) == 1 and cuda.gpus[-1] == cuda.gpus[0]
        assert [d.id for d in cuda.gpus] == [0]
        for bad in (1, 2, -2):
            with pytest.raises(IndexError, match=r"the simulator has one device \(0\)"):
                cuda.gpus[bad]
            with pytest.raises(IndexError, match=r"the simulator has one device \(0\)"):
                cuda.select_device(bad)
        with cuda.gpus[0], cuda.gpus[0] as inner:
            assert cuda.get_current_device() == inner
            x = rng.random(100)
            d = cuda.to_device(x)
            assert native_context(d.context).is_host and d.context.device_id == 0
            r = cuda.device_array_like(d)
            twice[1, 128](r, d)
            np.testing.assert_allclose(r.copy_to_host(), 2.0 * x)
        assert cuda.select_device(-1) == cuda.gpus[0]
