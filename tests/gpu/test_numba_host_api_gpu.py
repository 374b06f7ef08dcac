"""numba-cuda's host API additions on a real GPU: ``*_array_like`` of device arrays (pinned and
mapped memory the GPU reaches), the profiler range, capability answers from the device, the
runtime release, and ``auto_device`` transfers."""

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda.cudadrv import devicearray as cudadrv_devicearray
from oxcuda.cuda.cudadrv import runtime

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def on_gpu():
    with config.override(TARGET="gpu"):
        yield


def _double(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = 2 * x[i]


def test_mapped_array_like_of_a_device_array_is_written_by_a_kernel():
    rng = np.random.default_rng()
    host = rng.standard_normal(1000)
    dev = cuda.to_device(host)
    out = cuda.mapped_array_like(dev)
    cuda.jit(_double)[8, 128](out, dev)
    cuda.synchronize()
    np.testing.assert_array_equal(out, 2 * host)


def test_pinned_array_like_of_a_device_array_receives_an_async_copy():
    rng = np.random.default_rng()
    host = rng.standard_normal((64, 3))
    dev = cuda.to_device(host)
    pinned = cuda.pinned_array_like(dev)
    s = cuda.stream()
    with s.auto_synchronize():
        dev.copy_to_host(pinned, stream=s)
    np.testing.assert_array_equal(pinned, host)


def test_profiler_range_and_capabilities():
    with cuda.profiling():
        cuda.to_device(np.arange(4.0)).copy_to_host()
    dev = cuda.get_current_device()
    assert cuda.is_bfloat16_supported() is (tuple(dev.compute_capability) >= (8, 0))
    assert cuda.is_float16_supported()
    assert cuda.cuda_error() is None
    assert runtime.is_supported_version()


def test_auto_device_on_the_gpu():
    rng = np.random.default_rng()
    host = rng.standard_normal(77)
    dev, converted = cudadrv_devicearray.auto_device(host)
    assert converted and cuda.is_cuda_array(dev)
    np.testing.assert_array_equal(dev.copy_to_host(), host)


def test_context_members_on_the_gpu():
    ctx = cuda.current_context()
    info = ctx.get_memory_info()
    assert 0 < info.free <= info.total
    s = ctx.create_stream()
    assert int(s) != 0
    e0, e1 = ctx.create_event(), ctx.create_event()
    e0.record(s)
    dev = cuda.device_array(1 << 20, stream=s)
    e1.record(s)
    e1.synchronize()
    assert e0.elapsed_time(e1) >= 0
    assert dev.size == 1 << 20


def test_device_from_id_and_primary_context():
    dev = cuda.Device.from_id(0)
    assert dev == cuda.gpus[0]
    assert dev.get_primary_context().handle == cuda.gpus[0].get_primary_context().handle
    with cuda.gpus[0]:
        assert dev.get_primary_context().handle == cuda.current_context().handle
