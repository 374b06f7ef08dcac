"""numba-cuda's driver-layer modules at their paths: ``cudadrv.devices`` and ``cudadrv.driver``
(the ``driver`` object, numba's pointer, size and raw-transfer helpers), on the simulator and,
marked ``gpu``, on a GPU. References: NumPy (the bytes copied and filled), ctypes (addresses
and sizes), and ``cuda.gpus`` / ``cuda.current_context()`` (the objects these wrap)."""

from __future__ import annotations

import ctypes
import threading

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda.cudadrv import devices, driver


@pytest.fixture(params=["sim", pytest.param("gpu", marks=pytest.mark.gpu)])
def target(request):
    with oxcuda.config.override(TARGET=request.param):
        yield request.param


@pytest.fixture
def rng():
    return np.random.default_rng()


# --- devices ------------------------------------------------------------------------------


def test_devices_are_cudas_own(target):
    assert devices.gpus is cuda.gpus
    assert len(devices.gpus) == len(cuda.list_devices()) >= 1
    assert devices.get_context() is cuda.current_context() or (
        devices.get_context() == cuda.current_context()
    )
    ctx = devices.get_context(0)
    assert ctx.device.id == 0 == cuda.get_current_device().id
    assert isinstance(devices.gpus[0], (devices.Device, devices.SimulatorDevice))
    if target == "gpu":
        assert devices._DeviceContextManager is type(devices.gpus[0])


def test_get_context_refuses_a_device_that_is_not_there(target):
    with pytest.raises(IndexError, match=r"no .*device 99"):
        devices.get_context(99)
    with pytest.raises(TypeError, match="device number"):
        devices.get_context("zero")


def test_require_context_runs_the_function_with_a_context(target):
    seen = []

    @devices.require_context
    def work(x):
        seen.append(cuda.current_context())
        return x * 2

    assert work(21) == 42
    assert seen and seen[0].device.id == 0


def test_reset_releases_and_work_goes_on(target, rng):
    host = rng.standard_normal(64)
    cuda.to_device(host)
    devices.reset()
    np.testing.assert_array_equal(cuda.to_device(host).copy_to_host(), host)


def test_reset_on_another_thread_keeps_the_main_threads_arrays(target, rng):
    host = rng.standard_normal(16)
    dev = cuda.to_device(host)
    errors = []

    def other():
        try:
            devices.reset()
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert not errors
    np.testing.assert_array_equal(dev.copy_to_host(), host)


# --- the driver object --------------------------------------------------------------------


def test_driver_object_answers_from_the_device_list(target):
    d = driver.driver
    assert d is driver.Driver()
    assert d.get_device_count() == len(cuda.gpus)
    assert d.get_device(0) == cuda.gpus[0]
    assert d.list_devices() == list(cuda.gpus)
    assert d.is_available is oxcuda._toolchain.gpu_present()
    with pytest.raises(IndexError):
        d.get_device(d.get_device_count())


def test_active_context(target):
    d = driver.driver
    cuda.current_context()
    with d.get_active_context() as ac:
        if target == "sim":
            assert ac.context_handle is None and ac.devnum is None and not ac
        else:
            assert ac and ac.devnum == cuda.get_current_device().id
            assert ac.context_handle == int(cuda.current_context().handle)


def test_pop_active_context(target):
    d = driver.driver
    if target == "sim":
        assert d.pop_active_context() is None
        return
    handle = int(cuda.current_context().handle)
    assert d.pop_active_context() == handle
    with d.get_active_context() as ac:
        assert ac.context_handle is None
    assert d.pop_active_context() is None
    # Work goes on: the next use makes the primary context current again.
    assert int(cuda.current_context().handle) == handle


def _has_cuda_python() -> bool:
    try:
        from cuda.bindings import driver as _  # noqa: F401
    except ImportError:
        return False
    return True


def test_raw_driver_calls_without_cuda_python_say_what_is_missing():
    if _has_cuda_python():
        pytest.skip("cuda-python is installed here")
    with pytest.raises(AttributeError, match="pip install cuda-bindings"):
        driver.driver.cuMemGetInfo()
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        driver.driver.nonsense  # noqa: B018 - the attribute access is the test


class _FakeResult(int):
    """A stand-in for cuda-python's CUresult enum members (an int with a ``name``)."""

    def __new__(cls, value, name):
        self = super().__new__(cls, value)
        self.name = name
        return self


def test_raw_driver_calls_are_forwarded_with_numbas_result_check(monkeypatch):
    import sys
    import types as pytypes

    ok, bad = _FakeResult(0, "CUDA_SUCCESS"), _FakeResult(1, "CUDA_ERROR_INVALID_VALUE")
    calls = []
    fake = pytypes.ModuleType("cuda.bindings.driver")
    fake.cuPairOfValues = lambda x: (calls.append(x), (ok, x + 1, x * 2))[1]
    fake.cuOneValue = lambda x: (ok, x * 3)
    fake.cuNoValue = lambda: (ok,)
    fake.cuFails = lambda: (bad,)
    package = pytypes.ModuleType("cuda.bindings")
    package.driver = fake
    top = pytypes.ModuleType("cuda")
    top.bindings = package
    monkeypatch.setitem(sys.modules, "cuda", top)
    monkeypatch.setitem(sys.modules, "cuda.bindings", package)
    monkeypatch.setitem(sys.modules, "cuda.bindings.driver", fake)
    monkeypatch.setattr(oxcuda._toolchain, "driver_info", lambda: {})
    d = driver.driver
    try:
        assert d.cuPairOfValues(20) == (21, 40) and calls == [20]
        assert d.cuOneValue(5) == 15
        assert d.cuNoValue() == ()
        assert d.cuPairOfValues is vars(d)["cuPairOfValues"]  # bound once
        with pytest.raises(driver.CudaAPIError, match="CUDA_ERROR_INVALID_VALUE") as e:
            d.cuFails()
        assert e.value.code == 1 and "Call to cuFails" in e.value.msg
        with pytest.raises(AttributeError, match="has no cuMissing"):
            d.cuMissing()
    finally:
        for name in ("cuPairOfValues", "cuOneValue", "cuNoValue", "cuFails"):
            vars(d).pop(name, None)


@pytest.mark.gpu
def test_raw_driver_calls_reach_the_gpu():
    pytest.importorskip("cuda.bindings.driver")
    with oxcuda.config.override(TARGET="gpu"):
        free, total = driver.driver.cuMemGetInfo()
        assert total == cuda.current_context().get_memory_info().total
        assert 0 < free <= total
        assert driver.driver.cuDeviceGetCount() == driver.driver.get_device_count()


def test_driver_version_and_nvjitlink():
    assert driver._have_nvjitlink() is oxcuda._toolchain.nvjitlink_available()
    if oxcuda._toolchain.gpu_present():
        major, minor = driver.get_version()
        assert major >= 12 and 0 <= minor < 100
        assert driver.driver.initialization_error is None
    else:
        with pytest.raises(oxcuda.errors.CudaSupportError):
            driver.get_version()
        assert "driver" in driver.driver.initialization_error


# --- host memory --------------------------------------------------------------------------


def _byte_bounds(a):
    utils = getattr(np.lib, "array_utils", None)
    return (utils.byte_bounds if utils is not None else np.byte_bounds)(a)


def test_host_extents_match_numpys_own_bounds(rng):
    for a in (
        np.arange(100),
        np.asfortranarray(rng.standard_normal((2, 50))),
        np.asarray(np.uint32(1234)),
        rng.standard_normal((7, 9))[::2, ::-3],
        np.zeros((0, 4)),
    ):
        lo, hi = _byte_bounds(a)
        assert driver.host_memory_extents(a) == (lo, hi)
        assert driver.host_memory_size(a) == hi - lo
        assert driver.host_pointer(a) == a.ctypes.data
        assert driver.memory_size_from_info(a.shape, a.strides, a.itemsize) == hi - lo


def test_ctypes_objects_and_buffers():
    class Point(ctypes.Structure):
        _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int)]

    p = Point(x=123, y=432)
    assert driver.host_memory_size(p) == ctypes.sizeof(p)
    assert driver.host_pointer(p) == ctypes.addressof(p)
    d = ctypes.c_double(1.234)
    assert driver.host_memory_extents(d) == (ctypes.addressof(d), ctypes.addressof(d) + 8)
    buf = bytearray(b"abcdef")
    assert driver.host_memory_size(buf) == 6
    assert driver.host_pointer(12345) == 12345


def test_read_only_host_memory_is_refused_as_a_destination():
    data = np.arange(4.0)
    data.flags.writeable = False
    assert driver.host_pointer(data, readonly=True) == data.ctypes.data
    with pytest.raises(BufferError, match="read-only"):
        driver.host_pointer(data)
    with pytest.raises(BufferError, match="read-only"):
        driver.host_pointer(b"immutable")
    with pytest.raises(TypeError, match="not host memory"):
        driver.host_pointer(object())


# --- device memory and transfers ----------------------------------------------------------


def test_device_memory_predicates(target):
    ctx = cuda.current_context()
    for obj in (
        ctx.memalloc(1024),
        ctx.memalloc(1024).view(10),
        ctx.memhostalloc(1024, mapped=True),
        cuda.to_device(np.arange(3.0)),
        cuda.mapped_array(4),
    ):
        assert driver.is_device_memory(obj)
        driver.require_device_memory(obj)
        assert driver.device_pointer(obj) == driver.device_ctypes_pointer(obj).value
    for obj in (np.arange(3.0), 7, None):
        assert not driver.is_device_memory(obj)
    with pytest.raises(TypeError, match="not CUDA memory"):
        driver.require_device_memory(np.arange(3.0))
    assert driver.device_pointer(None) == 0


def test_device_memory_size(target):
    ctx = cuda.current_context()
    assert driver.device_memory_size(ctx.memalloc(1000)) == 1000
    assert driver.device_memory_size(ctx.memalloc(1000).view(100)) == 900
    assert driver.device_memory_size(cuda.to_device(np.zeros((3, 5), np.int16))) == 30
    assert driver.device_memory_size(cuda.mapped_array(10, dtype=np.uint32)) == 40
    start, end = driver.device_extents(ctx.memalloc(64))
    assert end - start == 64


def test_round_trip_through_device_memory(target, rng):
    ctx = cuda.current_context()
    host = rng.integers(0, 2**32, 100, dtype=np.uint32)
    back = np.zeros_like(host)
    dev1, dev2 = ctx.memalloc(host.nbytes), ctx.memalloc(host.nbytes)
    driver.host_to_device(dev1, host, host.nbytes)
    driver.device_to_device(dev2, dev1, host.nbytes)
    driver.device_to_host(back, dev2, host.nbytes)
    np.testing.assert_array_equal(back, host)
    # A part of the bytes, through views, as numba-cuda's raw helpers allow.
    part = np.zeros(10, np.uint32)
    driver.device_to_host(part, dev2.view(40), 40)
    np.testing.assert_array_equal(part, host[10:20])


def test_transfers_on_a_stream(target, rng):
    ctx = cuda.current_context()
    host = rng.standard_normal(256)
    back = cuda.pinned_array(256)
    dev = ctx.memalloc(host.nbytes)
    s = cuda.stream()
    driver.host_to_device(dev, host, host.nbytes, stream=s)
    driver.device_to_host(back, dev, host.nbytes, stream=s)
    s.synchronize()
    np.testing.assert_array_equal(back, host)


def test_device_arrays_and_ctypes_buffers(target, rng):
    host = rng.standard_normal(32)
    dev = cuda.device_array(32)
    driver.host_to_device(dev, host, host.nbytes)
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    array = (ctypes.c_double * 32)()
    driver.device_to_host(array, dev, host.nbytes)
    np.testing.assert_array_equal(np.ctypeslib.as_array(array), host)


def test_memset(target, rng):
    ctx = cuda.current_context()
    byte = int(rng.integers(1, 256))
    dev = ctx.memalloc(40)
    driver.host_to_device(dev, np.zeros(10, np.uint32), 40)
    driver.device_memset(dev, byte, 24)
    out = np.empty(40, np.uint8)
    driver.device_to_host(out, dev, 40)
    np.testing.assert_array_equal(out, [byte] * 24 + [0] * 16)
    mapped = cuda.mapped_array(10, dtype=np.uint32)
    mapped.fill(123)
    driver.device_memset(mapped, 0, driver.device_memory_size(mapped))
    np.testing.assert_array_equal(mapped, np.zeros(10))
    pinned = cuda.pinned_array(10, dtype=np.uint32)
    pinned.fill(7)
    devary = cuda.to_device(pinned)
    driver.device_memset(devary, 0xAB, driver.device_memory_size(devary))
    np.testing.assert_array_equal(pinned, 7)
    np.testing.assert_array_equal(devary.copy_to_host(), 0xABABABAB)


def test_sizes_beyond_either_side_are_refused_before_copying(target):
    ctx = cuda.current_context()
    dev = ctx.memalloc(16)
    with pytest.raises(ValueError, match="device memory holds 16"):
        driver.host_to_device(dev, np.zeros(8), 64)
    with pytest.raises(ValueError, match="host buffer holds 8"):
        driver.device_to_host(np.zeros(1), dev, 16)
    with pytest.raises(ValueError, match="device memory holds 16"):
        driver.device_memset(dev, 0, 17)
    with pytest.raises(ValueError, match="non-negative"):
        driver.device_memset(dev, 0, -1)
    with pytest.raises(ValueError, match="byte"):
        driver.device_memset(dev, 256, 4)
    with pytest.raises(TypeError, match="not CUDA memory"):
        driver.host_to_device(np.zeros(2), np.zeros(2), 16)


def test_device_memory_depends_keeps_objects_alive(target):
    import gc
    import weakref

    ctx = cuda.current_context()
    mem = ctx.memalloc(8)

    class Held:
        pass

    held = Held()
    ref = weakref.ref(held)
    driver.device_memory_depends(mem, held)
    del held
    gc.collect()
    assert ref() is not None and mem._depends_[0] is ref()


def test_cuda_namespace_attributes():
    assert cuda.devices is devices and cuda.driver is driver
    from oxcuda.cuda.cudadrv import nvvm, runtime

    assert cuda.nvvm is nvvm and cuda.runtime is runtime.runtime


def test_context_default_stream_getters(target):
    ctx = devices.get_context()
    for getter, ref, handle, text in (
        (ctx.get_default_stream, cuda.default_stream, 0, "Default CUDA stream"),
        (ctx.get_legacy_default_stream, cuda.legacy_default_stream, 1, "Legacy default"),
        (ctx.get_per_thread_default_stream, cuda.per_thread_default_stream, 2, "Per-thread"),
    ):
        s = getter()
        assert int(s) == int(ref()) == handle and s.kind == ref().kind
        assert text in repr(s) and s and not s.external
        assert s.__cuda_stream__() == (0, handle)
    owned = ctx.create_stream()
    assert owned.external is False
    assert cuda.external_stream(int(owned)).external is True


def test_views_of_allocated_memory_count_references_as_numbas(target):
    # numba-cuda's contract (its test_derived_pointer): a view's owner is the allocation, each
    # live view is one more reference, and the addresses are offset by the view's start.
    ctx = devices.get_context()
    m = ctx.memalloc(1024)
    assert m.owner is m and m.refct == 1 and m.is_managed
    for offset in (0, 1, 100):
        v1 = m.view(offset)
        assert int(v1.owner.handle) == int(m.handle) and m.refct == 2
        assert int(v1.handle) - offset == int(m.handle)
        v2 = v1.view(offset)
        assert int(v2.owner.handle) == int(m.handle) and m.refct == 3
        assert int(v2.handle) - 2 * offset == int(m.handle)
        assert (v1 == m) is (offset == 0) and v2.size == 1024 - 2 * offset
        del v2
        assert m.refct == 2
        del v1
        assert m.refct == 1
    # free() gives the bytes back at once (to the caching allocator); a second free is an error.
    before = ctx.memory_stats()["in_use"]
    p = ctx.memalloc(4096)
    assert ctx.memory_stats()["in_use"] >= before + 4096
    p.free()
    assert ctx.memory_stats()["in_use"] == before
    with pytest.raises(RuntimeError, match="Freeing dead memory"):
        p.free()
