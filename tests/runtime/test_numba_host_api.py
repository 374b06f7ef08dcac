"""numba-cuda's host API names oxcuda adds at numba's paths (on the simulator): ``*_array_like``
of device arrays, ``MemoryPointer`` equality, the profiler calls, capability queries,
``cudadrv.devicearray.auto_device``/``is_contiguous``, ``cudadrv.runtime``, ``numpy_support``."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda.cudadrv import devicearray as cudadrv_devicearray
from oxcuda.cuda.cudadrv import runtime
from oxcuda.np import numpy_support


@pytest.mark.parametrize("order", ["C", "F"])
def test_pinned_and_mapped_array_like_take_a_device_array(rng, order):
    host = np.asarray(rng.standard_normal((5, 7)).astype(np.float32), order=order)
    dev = cuda.to_device(host)
    for like in (cuda.pinned_array_like, cuda.mapped_array_like):
        out = like(dev)
        assert out.shape == host.shape and out.dtype == host.dtype
        assert out.flags["C_CONTIGUOUS"] == host.flags["C_CONTIGUOUS"]
        assert out.flags["F_CONTIGUOUS"] == host.flags["F_CONTIGUOUS"]
        dev.copy_to_host(out)
        np.testing.assert_array_equal(out, host)


def test_array_like_refuses_what_is_not_an_array():
    with pytest.raises(TypeError, match="NumPy or device array"):
        cuda.pinned_array_like([1, 2, 3])


def test_memory_pointers_compare_by_address():
    ctx = cuda.current_context()
    mem = ctx.memalloc(256)
    again = mem.view(0)
    other = ctx.memalloc(256)
    assert mem == again and hash(mem) == hash(again)
    assert mem != other
    assert mem.view(16) != mem
    assert len({mem, again, other}) == 2


def test_profiler_calls_run_on_the_simulator(rng):
    x = cuda.to_device(rng.standard_normal(8))
    with cuda.profiling():
        y = x.copy_to_host()
    cuda.profile_start()
    cuda.profile_stop()
    np.testing.assert_array_equal(y, x.copy_to_host())


def test_capabilities_answer_from_the_device():
    dev = cuda.get_current_device()
    assert cuda.is_float16_supported() is bool(dev.supports_float16)
    assert cuda.is_bfloat16_supported() is (tuple(dev.compute_capability) >= (8, 0))
    assert cuda.cuda_error() is None


@pytest.mark.parametrize(
    ("shape", "strides_of", "contiguous"),
    [
        ((4, 5), lambda a: a, True),
        ((4, 5), lambda a: a.T, False),
        ((4, 5), lambda a: a[:, ::2], False),
        ((1, 5), lambda a: a[:, :], True),
        ((3, 4), lambda a: a[1:2, :], True),  # a unit dimension's stride does not matter
    ],
)
def test_is_contiguous_matches_numpy(shape, strides_of, contiguous):
    a = strides_of(np.zeros(shape, dtype=np.float64))
    assert cudadrv_devicearray.is_contiguous(a) is contiguous
    assert cudadrv_devicearray.is_contiguous(a) == a.flags["C_CONTIGUOUS"]


def test_auto_device_copies_host_data_and_passes_device_data_through(rng):
    host = rng.standard_normal(33)
    dev, converted = cudadrv_devicearray.auto_device(host)
    assert converted
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    same, converted = cudadrv_devicearray.auto_device(dev)
    assert same is dev and not converted
    from_list, converted = cudadrv_devicearray.auto_device([1.5, 2.5])
    assert converted and from_list.copy_to_host().tolist() == [1.5, 2.5]
    empty, _ = cudadrv_devicearray.auto_device(host, copy=False)
    assert empty.shape == host.shape and empty.dtype == host.dtype


def test_runtime_version_is_the_toolkits_release():
    from oxcuda import _toolchain

    try:
        release = tuple(_toolchain.nvvm_info()["cuda_release"][:2])
    except Exception:  # noqa: BLE001 - no libNVVM here: then get_version must raise the same
        with pytest.raises(Exception):  # noqa: B017 - whatever the toolchain raises
            runtime.get_version()
        return
    assert runtime.get_version() == release
    assert runtime.runtime.get_version() == release
    assert runtime.is_supported_version() is (release[0] in (12, 13))
    from oxcuda import cuda

    assert cuda.is_supported_version is runtime.is_supported_version  # numba's cuda. path


def test_numpy_support_round_trips_dtypes():
    rec = np.dtype([("a", np.int32), ("b", np.float64)], align=True)
    for dtype in (np.float32, np.int8, np.complex128, np.dtype("M8[ms]"), rec):
        assert numpy_support.as_dtype(numpy_support.from_dtype(dtype)) == np.dtype(dtype)
    assert numpy_support.from_dtype(np.float32) is types.float32
    assert numpy_support.as_dtype(types.UniTuple(types.int16, 3)) == np.dtype((np.int16, 3))
    with pytest.raises(TypeError, match="no NumPy dtype"):
        numpy_support.as_dtype(types.float32[:])


def test_numpy_support_names_the_numpy_version_as_numba_does():
    from oxcuda.cuda.np import numpy_support as cuda_numpy_support

    want = tuple(int(p) for p in np.__version__.split(".")[:2])
    assert numpy_support.numpy_version == want
    assert cuda_numpy_support.numpy_version == want


def test_context_memory_info_is_named_and_streams_events_come_from_it(rng):
    ctx = cuda.current_context()
    info = ctx.get_memory_info()
    assert (info.free, info.total) == tuple(info) and 0 < info.free <= info.total
    s = ctx.create_stream()
    assert isinstance(s, cuda.Stream)
    host = rng.standard_normal(10)
    with s.auto_synchronize():
        dev = cuda.to_device(host, stream=s)
    ev = ctx.create_event()
    ev.record(s)
    ev.synchronize()
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    ext = ctx.create_external_stream(int(s))
    assert int(ext) == int(s)
    with pytest.raises(AttributeError, match="no attribute 'not_a_member'"):
        ctx.not_a_member  # noqa: B018 - the lookup under test


@pytest.mark.parametrize("order", ["C", "F"])
def test_ravel_order_a_follows_the_arrays_layout(rng, order):
    host = np.asarray(rng.standard_normal((4, 6)), order=order)
    dev = cuda.to_device(host)
    np.testing.assert_array_equal(dev.ravel(order="A").copy_to_host(), host.ravel(order="A"))


def test_ravel_of_a_non_contiguous_array_is_refused_as_in_numba(rng):
    host = rng.standard_normal((4, 6))
    dev = cuda.to_device(host)
    # numba-cuda ravels contiguous arrays only (NumPy would copy): strided views are refused,
    # 1-d ones included, naming the layout
    for view in (dev[:, ::2], dev[:, :3], dev.ravel()[::2], dev.T):
        with pytest.raises(NotImplementedError, match="ravel on non-contiguous array: shape"):
            view.ravel()
    # a contiguous view ravels to a view of the same memory
    flat = dev[1:3].ravel()
    assert flat.device_ctypes_pointer.value == dev[1:3].device_ctypes_pointer.value
    np.testing.assert_array_equal(flat.copy_to_host(), host[1:3].ravel())
    np.testing.assert_array_equal(dev.T.ravel(order="F").copy_to_host(), host.T.ravel(order="F"))


def test_as_cuda_arg_is_the_data_pointer():
    dev = cuda.to_device(np.arange(5.0))
    assert dev.as_cuda_arg().value == dev.device_ctypes_pointer.value


def test_device_primary_context_is_the_current_context():
    dev = cuda.get_current_device()
    assert dev.get_primary_context().handle == cuda.current_context().handle


def test_gpus_lst_lists_every_device():
    assert cuda.gpus.lst == list(cuda.gpus)
    assert len(cuda.gpus.lst) == len(cuda.gpus)


def test_numba_cudas_own_numpy_support_path_and_devicearray_helpers():
    from oxcuda.cuda import devicearray
    from oxcuda.cuda.np import numpy_support as cuda_numpy_support

    assert cuda_numpy_support.from_dtype is numpy_support.from_dtype
    assert cuda_numpy_support.as_dtype is numpy_support.as_dtype
    assert devicearray.auto_device is cudadrv_devicearray.auto_device
    assert devicearray.is_contiguous is cudadrv_devicearray.is_contiguous


@pytest.mark.parametrize(
    ("shape", "strides_of"),
    [((6, 5), None), ((6, 5), lambda a: a.strides), ((4, 3), lambda a: a.T.copy().T.strides)],
)
def test_device_ndarray_constructor_allocates_with_the_given_layout(rng, shape, strides_of):
    host = np.asarray(rng.standard_normal(shape))
    strides = None if strides_of is None else strides_of(np.empty(shape))
    dev = cuda.devicearray.DeviceNDArray(shape, strides, np.float64)
    want = np.empty(shape).strides if strides is None else strides
    assert dev.shape == shape and dev.strides == want and dev.dtype == np.float64
    dev.copy_to_device(host)
    np.testing.assert_array_equal(dev.copy_to_host(), host)


def test_device_ndarray_constructor_over_gpu_data_shares_it(rng):
    host = rng.standard_normal(12)
    base = cuda.to_device(host)
    view = cuda.devicearray.DeviceNDArray((3, 4), (32, 8), np.float64, gpu_data=base.gpu_data)
    np.testing.assert_array_equal(view.copy_to_host(), host.reshape(3, 4))
    view[1, 2] = -1.0
    assert base.copy_to_host()[6] == -1.0
    with pytest.raises(ValueError, match="holds 96 bytes"):
        cuda.devicearray.DeviceNDArray((13,), None, np.float64, gpu_data=base.gpu_data)
    with pytest.raises(TypeError, match="MemoryPointer"):
        cuda.devicearray.DeviceNDArray((3,), None, np.float64, gpu_data=host)


@pytest.mark.parametrize("record_type", ["void", "record"])
def test_device_record_copies_into_a_numpy_record(rng, record_type):
    dtype = np.dtype([("a", np.int32), ("b", np.float64, (2,)), ("c", np.complex64)], align=True)
    host = np.zeros(1, dtype)
    host["a"] = rng.integers(-100, 100)
    host["b"] = rng.standard_normal((1, 2))
    host["c"] = rng.standard_normal() + 1j * rng.standard_normal()
    source = host[0] if record_type == "void" else host.view(np.recarray)[0]
    dev = cuda.to_device(source)
    target = np.zeros(1, dtype)[0].copy()
    if record_type == "record":
        target = np.zeros(1, dtype).view(np.recarray)[0]
    assert dev.copy_to_host(target) is target
    for name in dtype.names:
        np.testing.assert_array_equal(target[name], host[0][name])


_ALIGNED = np.dtype([("a", np.int32), ("b", np.float64)], align=True)


def _copy_first(dst, src):
    dst[0] = src[0]


def test_a_recarray_of_an_aligned_dtype_types_as_the_aligned_record(rng):
    rec = types.from_dtype(_ALIGNED)
    kernel = cuda.jit((rec[::1], rec[::1]))(_copy_first)
    src = np.zeros(3, _ALIGNED).view(np.recarray)
    assert src.dtype.alignment == 1  # NumPy's report for the np.record dtype
    src["a"] = rng.integers(-1000, 1000, 3)
    src["b"] = rng.standard_normal(3)
    dst = np.zeros(3, _ALIGNED)
    kernel[1, 1](dst, src)  # the recarray is accepted by the aligned signature
    assert dst[0]["a"] == src[0]["a"] and dst[0]["b"] == src[0]["b"]
    back = np.zeros(3, _ALIGNED).view(np.recarray)
    kernel[1, 1](back, dst)
    assert back[0]["a"] == src[0]["a"] and back[0]["b"] == src[0]["b"]


@pytest.mark.parametrize(
    ("make", "layout"),
    [
        (lambda: np.zeros(10), "C"),
        (lambda: np.zeros(10, order="F"), "C"),
        (lambda: np.zeros((2, 10)), "C"),
        (lambda: np.zeros((2, 10), order="F"), "F"),
    ],
)
def test_numba_type_is_the_type_kernels_see(make, layout):
    host = make()
    dev = cuda.to_device(host)
    t = dev._numba_type_
    assert (t.dtype, t.ndim, t.layout) == (types.float64, host.ndim, layout)
    assert cuda.to_device(np.zeros((5, 5)))[:, 2]._numba_type_.layout == "A"
    assert cuda.to_device(np.zeros((5, 5)))[2, :]._numba_type_.layout == "C"
    dtype = np.dtype([("a", np.int32), ("b", np.float64)], align=True)
    assert cuda.to_device(np.zeros(1, dtype)[0])._numba_type_ == types.from_dtype(dtype)


def test_from_array_like_and_from_record_like_allocate_without_copying(rng):
    host = np.asfortranarray(rng.standard_normal((3, 4)))
    dev = cudadrv_devicearray.from_array_like(host)
    assert (dev.shape, dev.strides, dev.dtype) == (host.shape, host.strides, host.dtype)
    dev.copy_to_device(host)
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    dtype = np.dtype([("a", np.int32), ("b", np.float64)], align=True)
    rec = np.zeros(1, dtype)[0]
    rec["a"], rec["b"] = rng.integers(-9, 9), rng.standard_normal()
    d_rec = cudadrv_devicearray.from_record_like(rec)
    assert isinstance(d_rec, cudadrv_devicearray.DeviceRecord) and d_rec.dtype == dtype
    d_rec.copy_to_device(rec)
    back = np.zeros(1, dtype)[0].copy()
    d_rec.copy_to_host(back)
    assert back["a"] == rec["a"] and back["b"] == rec["b"]
