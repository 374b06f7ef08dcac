"""Pinned, mapped and managed memory, the EMM pointer classes and IPC on a real GPU: page-locked
transfers, kernels on mapped and managed arrays, ``cuda.pinned``/``cuda.mapped`` (including
memory already page-locked), ``memset`` through the driver, and an IPC round trip between two
processes."""

from __future__ import annotations

import gc
import multiprocessing
from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import _native, config, cuda

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


def test_native_blocks_on_the_gpu():
    ctx = cuda.current_context()
    pinned = _native.host_alloc(ctx, 4096)
    assert pinned.kind == "pinned" and pinned.device_pointer == 0
    mapped = _native.host_alloc(ctx, 4096, mapped=True, portable=True, wc=True)
    assert mapped.kind == "mapped" and mapped.device_pointer != 0
    managed = _native.managed_alloc(ctx, 4096)
    assert managed.device_pointer == managed.host_pointer != 0
    for mem in (pinned, mapped, managed):
        view = np.asarray(mem)
        view[:] = 5
        assert view.sum() == 5 * 4096
        del view
        mem.free()
        assert mem.freed


def test_pinned_arrays_in_async_transfers(rng):
    h = rng.standard_normal((512, 300)).astype(np.float32)
    src = cuda.pinned_array(h.shape, h.dtype)
    src[...] = h
    dst = cuda.pinned_array_like(h)
    dst[...] = np.nan
    s = cuda.stream()
    d = cuda.to_device(src, stream=s)
    d.copy_to_host(dst, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(dst, h)
    # a strided pinned source and destination
    d2 = cuda.device_array((300, 512), np.float32)
    d2.copy_to_device(src.T, stream=s)
    out = cuda.pinned_array((300, 512), np.float32, order="F")
    d2.copy_to_host(out, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(out, h.T)


def test_kernels_write_mapped_arrays_directly(rng):
    n = 10_000
    x = cuda.mapped_array(n, np.float32)
    y = cuda.mapped_array(n, np.float32, wc=True)
    r = cuda.mapped_array(n, np.float32, portable=True)
    x[:] = rng.standard_normal(n)
    y[:] = rng.standard_normal(n)
    r[:] = np.nan
    for _ in range(2):  # compile, then the fast path
        axpy[(n + 255) // 256, 256](r, np.float32(1.5), x, y)
    cuda.synchronize()
    # The GPU fuses a * x + y into one fma (one rounding); NumPy rounds twice. Near
    # cancellation that differs by an ulp of the operands, hence the absolute tolerance.
    np.testing.assert_allclose(r, np.float32(1.5) * x + y, rtol=1e-6, atol=1e-6)
    d = cuda.as_cuda_array(r)
    assert d.device_pointer_value == r.__cuda_array_interface__["data"][0]
    np.testing.assert_array_equal(d.copy_to_host(), r)


def test_kernels_on_managed_arrays(rng):
    n = 5000
    x = cuda.managed_array(n, np.float64)
    y = cuda.managed_array(n, np.float64, attach_global=True)
    r = cuda.managed_array(n, np.float64)
    x[:] = rng.standard_normal(n)
    y[:] = rng.standard_normal(n)
    r[:] = np.nan
    axpy[(n + 127) // 128, 128](r, 0.25, x, y)
    cuda.synchronize()
    np.testing.assert_allclose(r, 0.25 * x + y, rtol=1e-12)


def test_mapped_block_maps_host_arrays_for_kernels(rng):
    n = 3000
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    r = np.full(n, np.nan, np.float32)
    with cuda.mapped(r, x, y) as (dr, dx, dy):
        axpy[(n + 127) // 128, 128](dr, np.float32(-2.0), dx, dy)
        cuda.synchronize()
    np.testing.assert_allclose(r, np.float32(-2.0) * x + y, rtol=1e-6)
    # after the block the memory is no longer page-locked: it can be mapped again
    with cuda.mapped(r) as again:
        np.testing.assert_array_equal(again.copy_to_host(), r)
    with cuda.mapped(np.zeros((0, 3))) as empty:  # nothing to lock, no device address
        assert empty.shape == (0, 3) and empty.copy_to_host().shape == (0, 3)


def test_memory_already_page_locked_is_a_clear_error(rng):
    a = rng.standard_normal(1 << 16)
    with cuda.pinned(a):
        d = cuda.to_device(a)
        with pytest.raises(ValueError, match="already page-locked"):
            with cuda.pinned(a):
                pass
    np.testing.assert_array_equal(d.copy_to_host(), a)
    with cuda.pinned(a):  # unpinned on exit, so it can be pinned again
        pass


def test_memory_pointer_memset_and_views_on_the_device(rng):
    ctx = cuda.current_context()
    assert ctx.handle.value == int(ctx.handle) != 0 and ctx.device.id == ctx.device_id
    p = ctx.memalloc(4096)
    value = int(rng.integers(1, 256))
    p.memset(value)
    s = cuda.stream()
    p.view(1024, 2048).memset(0, stream=s)
    s.synchronize()
    desc = {"shape": (4096,), "typestr": "|u1", "data": (p.device_pointer_value, False)}
    got = cuda.from_cuda_array_interface(desc, owner=p).copy_to_host()
    expected = np.full(4096, value, np.uint8)
    expected[1024:2048] = 0
    np.testing.assert_array_equal(got, expected)
    base, size = _native.address_range(ctx, p.device_pointer_value + 100)
    assert base <= p.device_pointer_value and base + size >= p.device_pointer_value + 4096


def _ipc_child(queue, pickled_handle, shape, dtype):
    import pickle

    from oxcuda import config, cuda

    config.TARGET = "gpu"
    handle = pickle.loads(pickled_handle)
    try:
        array = handle.open_array(cuda.current_context(), shape, dtype)
        queue.put(array.copy_to_host())
        del array
        handle.close()
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        queue.put(repr(exc))


def test_ipc_round_trip_between_processes(rng):
    import pickle

    h = rng.standard_normal((64, 3))
    d = cuda.to_device(h)
    pointer = cuda.MemoryPointer(None, d.device_pointer_value, d.nbytes)
    ipc = cuda.current_context().get_ipc_handle(pointer)
    assert isinstance(ipc, cuda.IpcHandle) and len(ipc.handle) == 64
    assert ipc.handle.reserved == bytes(ipc.handle)  # numba: ipch.handle.reserved
    assert ipc.source_info == cuda.get_current_device().get_device_identity()
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(target=_ipc_child, args=(queue, pickle.dumps(ipc), h.shape, h.dtype))
    child.start()
    got = queue.get(timeout=120)
    child.join(timeout=60)
    assert not isinstance(got, str), got
    np.testing.assert_array_equal(got, h)
    del d
    gc.collect()


def _ipc_array_child(queue, pickled, raw_handle, raw_size):
    import pickle

    import numpy as np
    from oxcuda import config, cuda

    config.TARGET = "gpu"
    try:
        with pickle.loads(pickled) as view:
            got_view = view.copy_to_host()
        with cuda.open_ipc_array(raw_handle, (raw_size,), np.uint8) as raw:
            got_raw = raw.copy_to_host()
        queue.put((got_view, got_raw))
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        queue.put(repr(exc))


def test_array_ipc_handles_and_open_ipc_array(rng):
    import pickle

    h = rng.standard_normal((10, 7))
    d = cuda.to_device(h)
    view = d[::-3, 2:5]  # negative strides: the handle carries the offset of element 0
    handle = view.get_ipc_handle()
    base = cuda.device_array(256, np.uint8)
    base.copy_to_device(np.arange(256, dtype=np.uint8))
    raw = cuda.current_context().get_ipc_handle(base.gpu_data)
    assert (
        raw.offset
        == base.device_pointer_value
        - _native.address_range(cuda.current_context(), base.device_pointer_value)[0]
    )
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(
        target=_ipc_array_child,
        args=(queue, pickle.dumps(handle), raw.handle, raw.offset + 256),
    )
    child.start()
    got = queue.get(timeout=120)
    child.join(timeout=60)
    assert not isinstance(got, str), got
    got_view, got_raw = got
    np.testing.assert_array_equal(got_view, h[::-3, 2:5])
    np.testing.assert_array_equal(got_raw[raw.offset :], np.arange(256, dtype=np.uint8))
