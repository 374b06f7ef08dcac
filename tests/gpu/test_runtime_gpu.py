"""The runtime on a real GPU: devices, primary contexts, device memory, transfers, streams,
events, CUDA Array Interface interop with CuPy and PyTorch, and out-of-memory reporting."""

from __future__ import annotations

import asyncio
import gc
import re
import time
from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.errors import CudaDriverError

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()


def test_devices_and_contexts():
    assert len(cuda.gpus) >= 1
    dev = cuda.gpus[0]
    assert dev.name and re.fullmatch(r"GPU-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", dev.uuid)
    assert dev.MULTIPROCESSOR_COUNT > 0 and dev.WARP_SIZE == 32
    assert dev.compute_capability == (dev.COMPUTE_CAPABILITY_MAJOR, dev.COMPUTE_CAPABILITY_MINOR)
    with pytest.raises(AttributeError, match="CU_DEVICE_ATTRIBUTE"):
        dev.NOT_AN_ATTRIBUTE  # noqa: B018
    with cuda.gpus[0]:
        assert cuda.get_current_device() == dev
    assert cuda.select_device(0) == dev
    ctx = cuda.current_context()
    assert ctx.handle != 0 and not ctx.is_host and ctx.device_id == 0
    free, total = cuda.get_memory_info()
    assert 0 < free <= total
    cuda.synchronize()
    with pytest.raises(IndexError):
        cuda.gpus[len(cuda.gpus)]


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.float16, np.float64, np.complex64])
def test_round_trips_and_strided_views(rng, dtype):
    h = (rng.standard_normal((33, 17)) * 50).astype(dtype)
    d = cuda.to_device(h)
    assert d.backend == "gpu"
    np.testing.assert_array_equal(d.copy_to_host(), h)
    np.testing.assert_array_equal(d[::-3, 2::4].copy_to_host(), h[::-3, 2::4])
    np.testing.assert_array_equal(d.T.copy_to_host(), h.T)
    assert d[5, 7] == h[5, 7]
    # strided device destination: read-modify-write
    v = (rng.standard_normal(len(range(1, 33, 4))) * 50).astype(dtype)
    d[1::4, 3] = v
    h[1::4, 3] = v
    d[:, 0] = 7
    h[:, 0] = 7
    np.testing.assert_array_equal(d.copy_to_host(), h)
    # device to device, contiguous and strided
    e = cuda.device_array_like(d)
    e.copy_to_device(d)
    np.testing.assert_array_equal(e.copy_to_host(), h)
    e[:32:2] = d[1::2]
    want = h.copy()
    want[:32:2] = h[1::2]
    np.testing.assert_array_equal(e.copy_to_host(), want)


def test_async_copies_callbacks_and_events(rng):
    s = cuda.stream()
    h = rng.standard_normal(1 << 20)
    start, end = cuda.event(), cuda.event()
    start.record(s)
    d = cuda.to_device(h, stream=s)
    out = d.copy_to_host(stream=s)
    end.record(s)
    seen = []
    s.add_callback(lambda stream, status, arg: seen.append((status, arg)), "done")
    s.synchronize()
    np.testing.assert_array_equal(out, h)
    assert seen == [(0, "done")]
    assert end.query()
    assert cuda.event_elapsed_time(start, end) > 0

    async def wait():
        d2 = cuda.to_device(h, stream=s)
        await s.async_done()
        return d2

    np.testing.assert_array_equal(asyncio.run(wait()).copy_to_host(), h)
    with s.auto_synchronize():
        d.copy_to_device(h[::-1].copy(), stream=s)
    np.testing.assert_array_equal(d.copy_to_host(), h[::-1])


def test_caching_allocator_reuses_blocks(rng):
    ctx = cuda.current_context()
    cuda.device_array(1 << 20)
    before = ctx.memory_stats()["raw_allocs"]
    t = time.perf_counter()
    for _ in range(1000):
        cuda.device_array(1 << 20)
    per = (time.perf_counter() - t) / 1000
    assert ctx.memory_stats()["raw_allocs"] == before
    print(f"device_array(8 MiB) + free, cached: {per * 1e6:.2f} us")
    small = np.ones(256, np.float32)
    t = time.perf_counter()
    for _ in range(1000):
        cuda.to_device(small)
    print(f"to_device(1 KiB): {(time.perf_counter() - t) * 1e3:.2f} us")


def test_out_of_memory_names_size_and_free_memory():
    free, _ = cuda.get_memory_info()
    with pytest.raises(CudaDriverError) as info:
        cuda.device_array(free * 4, dtype=np.uint8)
    err = info.value
    assert err.name == "CUDA_ERROR_OUT_OF_MEMORY"
    assert str(free * 4) in str(err) and "free" in str(err)
    cuda.device_array(1 << 20)  # still usable


def test_cupy_interop_is_zero_copy(rng):
    cp = pytest.importorskip("cupy")
    h = rng.standard_normal((64, 3))
    c = cp.asarray(h)
    d = cuda.as_cuda_array(c)
    assert d.device_pointer_value == c.data.ptr
    np.testing.assert_array_equal(d.copy_to_host(), h)
    d[0, 0] = 123.0
    assert float(c[0, 0]) == 123.0
    back = cp.asarray(d)
    assert back.data.ptr == d.device_pointer_value
    np.testing.assert_array_equal(cp.asnumpy(back), d.copy_to_host())
    with cp.cuda.Stream() as cs:
        ext = cuda.external_stream(cs.ptr)
        out = d.copy_to_host(stream=cs)  # __cuda_stream__ or int handle
        ext.synchronize()
    np.testing.assert_array_equal(out, cp.asnumpy(c))


def test_torch_interop_is_zero_copy(rng):
    torch = pytest.importorskip("torch")
    t = torch.arange(24, dtype=torch.float32, device="cuda").reshape(4, 6)
    d = cuda.as_cuda_array(t)
    assert d.device_pointer_value == t.data_ptr()
    np.testing.assert_array_equal(d.copy_to_host(), t.cpu().numpy())
    back = torch.as_tensor(d, device="cuda")
    assert back.data_ptr() == d.device_pointer_value
    tt = t.t()
    dt = cuda.as_cuda_array(tt)
    np.testing.assert_array_equal(dt.copy_to_host(), tt.cpu().numpy())


def test_close_then_use_again(rng):
    h = rng.standard_normal(100)
    d = cuda.to_device(h)
    cuda.close()
    np.testing.assert_array_equal(d.copy_to_host(), h)  # alive arrays keep their context
    del d
    gc.collect()
    e = cuda.to_device(h)
    np.testing.assert_array_equal(e.copy_to_host(), h)
