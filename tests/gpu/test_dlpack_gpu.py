"""DLPack on a real GPU: zero-copy exchange with CuPy and PyTorch both ways (same pointer),
versioned and legacy capsules, the stream handshake, and host memory refused."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()


def test_device_and_capsules(rng):
    d = cuda.to_device(rng.standard_normal(10))
    assert d.__dlpack_device__() == (2, cuda.get_current_device().id)
    assert d.__dlpack__(stream=1) is not None
    assert d.__dlpack__(stream=-1, max_version=(1, 0)) is not None
    with pytest.raises(ValueError, match="stream=0 is ambiguous"):
        d.__dlpack__(stream=0)
    with pytest.raises(TypeError, match="stream must be an int"):
        d.__dlpack__(stream="default")


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int64, np.float16,
                                   np.float32, np.complex128])  # fmt: skip
def test_cupy_round_trips_share_memory(rng, dtype):
    cp = pytest.importorskip("cupy")
    h = (rng.standard_normal((40, 7)) * 50).astype(dtype)
    d = cuda.to_device(h)
    c = cp.from_dlpack(d[::2, 1:])
    assert c.data.ptr == d[::2, 1:].device_pointer_value
    np.testing.assert_array_equal(cp.asnumpy(c), h[::2, 1:])
    source = cp.asarray(h.T)
    e = cuda.from_dlpack(source)
    assert e.device_pointer_value == source.data.ptr and e.strides == source.strides
    np.testing.assert_array_equal(e.copy_to_host(), h.T)
    del source
    gc.collect()
    np.testing.assert_array_equal(e.copy_to_host(), h.T)  # the producer is kept alive


def test_torch_round_trips_share_memory(rng):
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch without CUDA")
    h = rng.standard_normal((16, 9)).astype(np.float32)
    d = cuda.to_device(h)
    t = torch.from_dlpack(d)
    assert t.data_ptr() == d.device_pointer_value and t.is_cuda
    t.mul_(2)
    torch.cuda.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), 2 * h)
    src = torch.arange(30, device="cuda", dtype=torch.int32).reshape(5, 6)[:, ::2]
    e = cuda.from_dlpack(src)
    assert e.device_pointer_value == src.data_ptr()
    np.testing.assert_array_equal(e.copy_to_host(), src.cpu().numpy())
    b = cuda.from_dlpack(torch.tensor([True, False, True], device="cuda"))
    assert b.dtype == np.bool_ and b.copy_to_host().tolist() == [True, False, True]


def test_consumer_stream_waits_for_the_producers_stream(rng):
    cp = pytest.importorskip("cupy")
    n = 1 << 22
    s = cuda.stream()
    h = rng.standard_normal(n)
    d = cuda.device_array(n, stream=s)
    d.copy_to_device(h, stream=s)  # enqueued on s
    with cp.cuda.Stream(non_blocking=True) as consumer:
        c = cp.from_dlpack(d.bind(s))  # the consumer's stream waits for s
        total = float(c.sum())
    consumer.synchronize()
    assert total == pytest.approx(h.sum())


def test_host_memory_is_refused_on_the_gpu():
    with pytest.raises(BufferError, match=r"host memory \(kDLCPU\)"):
        cuda.from_dlpack(np.arange(4.0))
