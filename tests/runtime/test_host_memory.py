"""Pinned, mapped and managed memory on the host backend: ``pinned_array``, ``mapped_array``,
``managed_array``, their ``*_like`` forms, ``cuda.pinned`` and ``cuda.mapped``, compared with
NumPy on random data, and the errors for bad input."""

from __future__ import annotations

import gc

import numpy as np
import pytest
from oxcuda import _native, cuda
from oxcuda.cuda.memory import ManagedNDArray, MappedNDArray

ALLOCATORS = [cuda.pinned_array, cuda.mapped_array, cuda.managed_array]

SHAPES = [(), (0,), (7,), (3, 5), (2, 3, 4), (1, 0, 3)]
DTYPES = [np.bool_, np.int8, np.uint16, np.int32, np.float32, np.float64, np.complex128]


@pytest.mark.parametrize("alloc", ALLOCATORS)
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("order", ["C", "F"])
def test_shapes_orders_and_strides_match_numpy_empty(alloc, shape, order):
    a = alloc(shape, np.float32, order=order)
    ref = np.empty(shape, np.float32, order=order)
    assert (a.shape, a.dtype) == (ref.shape, ref.dtype) and a.flags.writeable
    if ref.size:  # NumPy's strides of empty arrays vary between versions
        assert a.strides == ref.strides
        assert a.flags["C_CONTIGUOUS"] == ref.flags["C_CONTIGUOUS"]


@pytest.mark.parametrize("alloc", ALLOCATORS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_holds_random_data(alloc, dtype, rng):
    h = (rng.standard_normal((6, 5)) * 100).astype(dtype)
    a = alloc(h.shape, dtype)
    a[...] = h
    np.testing.assert_array_equal(a, h)
    assert a.ctypes.data % 256 == 0, "blocks are aligned like cuMemHostAlloc's"


@pytest.mark.parametrize("alloc", ALLOCATORS)
def test_explicit_strides_and_int_shape(alloc, rng):
    a = alloc((4, 3), np.int64, strides=(8, 32))
    assert a.strides == (8, 32) and a.shape == (4, 3)
    h = rng.integers(-1000, 1000, (4, 3))
    a[...] = h
    np.testing.assert_array_equal(a, h)
    b = alloc(5)
    assert b.shape == (5,) and b.dtype == np.float64


def test_pinned_array_is_a_plain_ndarray_that_keeps_its_memory_alive(rng):
    a = cuda.pinned_array((64, 33), np.float64)
    assert type(a) is np.ndarray
    h = rng.standard_normal(a.shape)
    a[...] = h
    mem = a.base.base  # ndarray over the bytes, over the PinnedMemory
    assert isinstance(mem, cuda.PinnedMemory) and mem.size == a.nbytes
    del mem
    for _ in range(3):
        gc.collect()
        junk = [np.ones(1000) for _ in range(50)]  # would reuse freed memory
        del junk
    np.testing.assert_array_equal(a, h)


def test_pinned_arrays_take_part_in_transfers_sync_and_on_streams(rng):
    h = rng.standard_normal((40, 30)).astype(np.float32)
    src = cuda.pinned_array(h.shape, h.dtype)
    src[...] = h
    d = cuda.to_device(src)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    s = cuda.stream()
    dst = cuda.pinned_array_like(h)
    dst[...] = np.nan
    d.copy_to_host(dst, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(dst, h)
    d2 = cuda.device_array_like(h)
    d2.copy_to_device(src[::-1], stream=s)
    np.testing.assert_array_equal(d2.copy_to_host(), h[::-1])


def test_mapped_array_exports_its_device_address_and_shares_memory(rng):
    m = cuda.mapped_array((5, 8), np.int32)
    assert isinstance(m, MappedNDArray) and isinstance(m, np.ndarray)
    cai = m.__cuda_array_interface__
    assert cai["data"] == (m.ctypes.data, False)  # the host backend maps 1:1
    assert cai["shape"] == (5, 8) and cai["strides"] is None and cai["typestr"] == "<i4"
    assert cai["version"] == 3 and cai["stream"] is None
    d = cuda.as_cuda_array(m)
    assert d.device_pointer_value == m.ctypes.data
    h = rng.integers(-50, 50, m.shape, dtype=np.int32)
    m[...] = h
    np.testing.assert_array_equal(d.copy_to_host(), h)
    d[1:3, ::2] = 7  # writes through the device view land in the host array
    h[1:3, ::2] = 7
    np.testing.assert_array_equal(m, h)


def test_views_of_mapped_memory_stay_mapped_and_copies_do_not(rng):
    m = cuda.mapped_array((6, 4), np.float64)
    m[...] = rng.standard_normal(m.shape)
    v = m[2:, ::-1]
    assert isinstance(v, MappedNDArray)
    offset = v.ctypes.data - m.ctypes.data
    assert v.__cuda_array_interface__["data"][0] == m.__cuda_array_interface__["data"][0] + offset
    np.testing.assert_array_equal(cuda.as_cuda_array(v).copy_to_host(), m[2:, ::-1])
    for result in (m + 1, np.sqrt(np.abs(m)), m.copy()):
        assert type(result) is np.ndarray or getattr(result, "gpu_data", None) is None
    empty = np.empty_like(m)
    with pytest.raises(AttributeError, match="not in device-visible memory"):
        empty.__cuda_array_interface__  # noqa: B018
    assert not hasattr(empty, "__cuda_array_interface__")


def test_mapped_array_as_a_kernel_argument_on_the_simulator(rng):
    @cuda.jit
    def axpy(r, a, x, y):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = a * x[i] + y[i]

    n = 1000
    x = cuda.mapped_array(n, np.float32)
    y = cuda.mapped_array(n, np.float32)
    r = cuda.mapped_array(n, np.float32)
    x[:] = rng.standard_normal(n)
    y[:] = rng.standard_normal(n)
    r[:] = np.nan
    axpy[8, 128](r, np.float32(2.5), x, y)
    np.testing.assert_allclose(r, np.float32(2.5) * x + y, rtol=1e-6)


def test_managed_array_is_host_and_device_visible(rng):
    g = cuda.managed_array((3, 7), np.complex64, attach_global=False)
    assert isinstance(g, ManagedNDArray)
    h = (rng.standard_normal(g.shape) + 1j * rng.standard_normal(g.shape)).astype(np.complex64)
    g[...] = h
    d = cuda.as_cuda_array(g)
    assert d.device_pointer_value == g.ctypes.data
    np.testing.assert_array_equal(d.copy_to_host(), h)
    np.testing.assert_array_equal(g.copy_to_host(), h)
    out = np.empty_like(h)
    assert g.copy_to_host(out) is out
    g.copy_to_device(h * 2)
    np.testing.assert_array_equal(g, h * 2)


def test_like_forms_follow_numba_strides(rng):
    f = np.asfortranarray(rng.standard_normal((3, 4)))
    p = cuda.pinned_array_like(f)
    assert p.strides == f.strides and p.flags["F_CONTIGUOUS"]
    # non-contiguous: compact strides in the same axis order
    t = rng.standard_normal((4, 5, 6)).transpose(1, 2, 0)[:, ::2]
    m = cuda.mapped_array_like(t, wc=True, portable=True)
    assert m.shape == t.shape
    ref = np.empty_like(t)  # NumPy's empty_like keeps the axis order too
    assert m.strides == ref.strides
    with pytest.raises(TypeError, match="takes a NumPy or device array"):
        cuda.pinned_array_like([1, 2, 3])


def test_pinned_block_leaves_the_arrays_alone(rng):
    a = rng.standard_normal((10, 3))
    b = rng.integers(0, 9, 17)[::2]
    ref_a, ref_b = a.copy(), b.copy()
    with cuda.pinned(a, b) as nothing:
        assert nothing is None
        d = cuda.to_device(a)
    np.testing.assert_array_equal(d.copy_to_host(), ref_a)
    np.testing.assert_array_equal(a, ref_a)
    np.testing.assert_array_equal(b, ref_b)
    manager = cuda.current_context().memory_manager
    assert manager.allocations == {}


def test_mapped_block_yields_device_views_of_the_host_arrays(rng):
    a = rng.standard_normal((8, 5))
    b = rng.integers(-9, 9, 30, dtype=np.int16)[::3]
    with cuda.mapped(a, b) as (da, db):
        assert da.shape == a.shape and da.strides == a.strides and da.dtype == a.dtype
        assert db.shape == b.shape and db.strides == b.strides
        np.testing.assert_array_equal(db.copy_to_host(), b)
        da[::2, 1] = -1.0
        expected = a.copy()
    expected[::2, 1] = -1.0
    np.testing.assert_array_equal(a, expected)
    with cuda.mapped(a) as single:
        assert isinstance(single, cuda.DeviceNDArray)
        np.testing.assert_array_equal(single.copy_to_host(), a)
    with cuda.mapped(np.zeros((0, 4))) as empty:
        assert empty.shape == (0, 4) and empty.device_pointer_value == 0
    assert cuda.current_context().memory_manager.allocations == {}


def test_mapped_block_with_a_stream_and_read_only_arrays(rng):
    ro = rng.standard_normal(12)
    ro.flags.writeable = False
    s = cuda.stream()
    with cuda.mapped(ro, stream=s) as d:
        assert d.readonly and d.stream is s
        np.testing.assert_array_equal(d.copy_to_host(), ro)
        with pytest.raises(ValueError, match="read-only"):
            d[0] = 1.0


def test_context_memory_methods_of_the_default_manager(rng):
    ctx = cuda.current_context()
    pinned = ctx.memhostalloc(100)
    assert isinstance(pinned, cuda.PinnedMemory) and pinned.size == 100
    mapped = ctx.memhostalloc(64, mapped=True)
    assert mapped.device_pointer_value == mapped.host_pointer
    assert np.asarray(mapped).shape == (64,)
    managed = ctx.memallocmanaged(32)
    view = np.asarray(managed)
    view[:] = rng.integers(0, 255, 32, dtype=np.uint8)
    assert view.ctypes.data == managed.device_pointer_value
    host = np.zeros(16)
    pin = ctx.mempin(host, host.ctypes.data, host.nbytes, mapped=True)
    assert pin.device_pointer_value == host.ctypes.data
    pin.free()
    assert ctx.memory_manager.allocations.keys() == {mapped.host_pointer, managed.device_pointer}


def test_dead_memory_is_freed_and_deferred_cleanup_waits():
    manager = cuda.current_context().memory_manager
    with cuda.defer_cleanup():
        before = len(manager.deallocations)
        mem = cuda.current_context().memhostalloc(1000, mapped=True)
        key = mem.host_pointer
        del mem
        gc.collect()
        assert key not in manager.allocations
        assert len(manager.deallocations) == before + 1, "freed only when the block ends"
    assert len(manager.deallocations) == before


def test_native_host_memory_exposes_and_refuses_after_free():
    ctx = cuda.current_context()
    mem = _native.host_alloc(ctx, 40, mapped=True)
    assert (mem.kind, mem.size, len(mem), mem.device_accessible) == ("mapped", 40, 40, True)
    view = np.asarray(mem)
    view[:] = 3
    assert view.base is mem and mem.freed is False
    mem.free()
    mem.free()  # once only
    assert mem.freed and "freed" in repr(mem)
    with pytest.raises(ValueError, match="was freed"):
        np.asarray(mem)
    reg = _native.host_register(ctx, view, view.ctypes.data, 40, mapped=False)
    assert (reg.kind, reg.owner is view, reg.device_accessible) == ("registered", True, False)


# ---- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize("alloc", ALLOCATORS)
def test_bad_shapes_dtypes_strides_and_orders(alloc):
    with pytest.raises(ValueError, match="negative dimensions"):
        alloc((3, -1))
    with pytest.raises(TypeError, match="shape must be an int or a tuple of ints"):
        alloc((2.5, 3))
    with pytest.raises(TypeError, match="shape must be an int or a tuple of ints"):
        alloc(None)
    with pytest.raises(TypeError, match="not a NumPy dtype"):
        alloc(3, "not-a-dtype")
    with pytest.raises(TypeError, match="dtype=object"):
        alloc(3, object)
    with pytest.raises(ValueError, match="strides must be 2 ints"):
        alloc((2, 3), strides=(8,))
    with pytest.raises(ValueError, match="non-negative for a new allocation"):
        alloc((2, 3), strides=(-24, 8))
    with pytest.raises(ValueError, match="order must be 'C' or 'F'"):
        alloc(3, order="K")


def test_pinned_and_mapped_blocks_refuse_what_is_not_a_numpy_array():
    with pytest.raises(TypeError, match=r"cuda.pinned\(\) takes NumPy arrays, got list"):
        with cuda.pinned([1, 2, 3]):
            pass
    with pytest.raises(TypeError, match=r"cuda.mapped\(\) takes NumPy arrays"):
        with cuda.mapped(np.zeros(3), "x"):
            pass
    with pytest.raises(TypeError, match="dtype=object"):
        with cuda.pinned(np.array([None, 1], dtype=object)):
            pass
    with pytest.raises(TypeError, match="only the keyword 'stream'"):
        with cuda.mapped(np.zeros(3), strem=0):
            pass


def test_native_entry_points_check_their_arguments():
    ctx = cuda.current_context()
    with pytest.raises(ValueError, match="size must be a non-negative number of bytes"):
        _native.host_alloc(ctx, -1)
    with pytest.raises(ValueError, match="size must be a non-negative"):
        _native.managed_alloc(ctx, -5)
    with pytest.raises(TypeError, match="owner must be the object"):
        _native.host_register(ctx, None, 4096, 10)
    with pytest.raises(ValueError, match="NULL"):
        _native.host_register(ctx, object(), 0, 10)
    with pytest.raises(MemoryError, match="out of host memory allocating"):
        _native.host_alloc(ctx, 2**62)
