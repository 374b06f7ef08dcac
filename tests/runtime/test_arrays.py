"""The device-array API on the host backend: transfers, indexing, metadata, CAI, and the
errors for bad input."""

from __future__ import annotations

import ctypes
import gc
import weakref

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda.devicearray import DeviceNDArray


@pytest.mark.parametrize(
    "dtype",
    [
        np.bool_,
        np.int8,
        np.uint16,
        np.int32,
        np.int64,
        np.float16,
        np.float32,
        np.float64,
        np.complex128,
    ],
)
def test_round_trip_every_dtype(rng, dtype):
    h = (rng.standard_normal((7, 5)) * 100).astype(dtype)
    d = cuda.to_device(h)
    assert isinstance(d, DeviceNDArray)
    assert (d.shape, d.strides, d.dtype, d.size, d.ndim) == (h.shape, h.strides, h.dtype, 35, 2)
    assert d.nbytes == h.nbytes and d.itemsize == h.itemsize and len(d) == 7
    np.testing.assert_array_equal(d.copy_to_host(), h)
    np.testing.assert_array_equal(np.asarray(d), h)
    np.testing.assert_array_equal(np.asarray(d, dtype=np.complex128), h.astype(np.complex128))


def test_copy_to_host_into_given_array_and_on_a_stream(rng):
    h = rng.standard_normal((4, 3))
    d = cuda.to_device(h)
    out = np.full((4, 3), np.nan)
    assert d.copy_to_host(out) is out
    np.testing.assert_array_equal(out, h)
    fortran = np.asfortranarray(np.full((4, 3), np.nan))
    d.copy_to_host(fortran, stream=cuda.stream())
    np.testing.assert_array_equal(fortran, h)
    # numba accepts shapes equal after removing extents of 1
    col = np.empty((1, 4, 1, 3))
    d.copy_to_host(col)
    np.testing.assert_array_equal(col[0, :, 0, :], h)


def test_copy_to_device_from_host_device_and_views(rng):
    h = rng.standard_normal((6, 4)).astype(np.float32)
    d = cuda.device_array((6, 4), dtype=np.float32)
    d.copy_to_device(h)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    e = cuda.device_array_like(d)
    e.copy_to_device(d)
    np.testing.assert_array_equal(e.copy_to_host(), h)
    # into a strided view, from a reversed view
    g = rng.standard_normal((6, 4)).astype(np.float32)
    e[::2].copy_to_device(cuda.to_device(g)[::-2])
    want = h.copy()
    want[::2] = g[::-2]
    np.testing.assert_array_equal(e.copy_to_host(), want)
    t = cuda.to_device(h, to=cuda.device_array_like(h))
    np.testing.assert_array_equal(t.copy_to_host(), h)


def test_non_contiguous_host_input_and_negative_strides(rng):
    base = rng.standard_normal((8, 9))
    h = base[::-2, 1::3]
    d = cuda.to_device(h)
    assert d.is_c_contiguous()
    np.testing.assert_array_equal(d.copy_to_host(), h)
    r = cuda.to_device(base)[::-1, ::-1]
    assert r.strides == base[::-1, ::-1].strides
    np.testing.assert_array_equal(r.copy_to_host(), base[::-1, ::-1])


def test_device_array_like_keeps_axis_order(rng):
    f = np.asfortranarray(rng.standard_normal((3, 4)))
    assert cuda.device_array_like(f).is_f_contiguous()
    odd = rng.standard_normal((3, 4, 5)).transpose(1, 0, 2)
    like = cuda.device_array_like(odd)
    assert like.shape == odd.shape
    assert np.argsort(like.strides).tolist() == np.argsort(odd.strides).tolist()
    assert like.nbytes == odd.nbytes


def test_device_array_with_explicit_strides_and_order(rng):
    d = cuda.device_array((3, 4), dtype=np.int32, strides=(4, 12))
    assert d.is_f_contiguous() and d.strides == (4, 12)
    h = rng.integers(-50, 50, size=(3, 4)).astype(np.int32)
    d.copy_to_device(h)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    assert cuda.device_array(5).dtype == np.float64
    assert cuda.device_array((2, 3), order="F").is_f_contiguous()


def test_scalar_reads_and_writes(rng):
    h = rng.standard_normal((3, 4))
    d = cuda.to_device(h)
    assert d[1, 2] == h[1, 2] and isinstance(d[1, 2], np.float64)
    assert d[-1, -1] == h[-1, -1]
    d[1, 2] = 42.5
    h[1, 2] = 42.5
    d[0] = np.arange(4)
    h[0] = np.arange(4)
    d[:, 3] = -1
    h[:, 3] = -1
    np.testing.assert_array_equal(d.copy_to_host(), h)


def test_empty_and_zero_dimensional_arrays(rng):
    e = cuda.to_device(np.empty((0, 3), np.float32))
    assert e.size == 0 and e.copy_to_host().shape == (0, 3)
    assert e.__cuda_array_interface__["data"][0] == 0
    s = cuda.to_device(np.float32(3.5))
    assert s.shape == () and s[()] == np.float32(3.5)
    with pytest.raises(TypeError, match="unsized"):
        len(s)


def test_host_backend_pointer_is_a_real_host_address(rng):
    h = rng.standard_normal(16)
    d = cuda.to_device(h)
    ptr = d.__cuda_array_interface__["data"][0]
    assert ptr == d.device_pointer_value and ptr % 256 == 0
    seen = np.ctypeslib.as_array((ctypes.c_double * 16).from_address(ptr))
    np.testing.assert_array_equal(seen, h)
    view = d[3::2]
    assert view.device_pointer_value == ptr + 3 * 8


def test_views_keep_memory_alive(rng):
    h = rng.standard_normal(1000)
    d = cuda.to_device(h)
    v = d[10:20]
    del d
    gc.collect()
    for _ in range(5):
        cuda.to_device(rng.standard_normal(1000))  # would reuse a freed block
    np.testing.assert_array_equal(v.copy_to_host(), h[10:20])


def test_freed_blocks_are_reused(rng):
    ctx = cuda.current_context()
    cuda.to_device(rng.standard_normal(5000))
    before = ctx.memory_stats()["raw_allocs"]
    for _ in range(10):
        cuda.to_device(rng.standard_normal(5000))
    assert ctx.memory_stats()["raw_allocs"] == before
    with cuda.defer_cleanup():
        assert ctx.empty_cache() == 0
    assert ctx.empty_cache() > 0


def test_cuda_array_interface_export_and_import(rng):
    h = rng.standard_normal((5, 6))
    d = cuda.to_device(h)
    cai = d.__cuda_array_interface__
    assert cai["version"] == 3 and cai["shape"] == (5, 6) and cai["strides"] is None
    assert cai["typestr"] == "<f8" and cai["stream"] is None and cai["data"][1] is False
    t = d.T.__cuda_array_interface__
    assert t["strides"] == (8, 48)

    class Producer:
        def __init__(self, desc):
            self.__cuda_array_interface__ = desc

    p = Producer(d[1:, ::2].__cuda_array_interface__)
    assert cuda.is_cuda_array(p) and not cuda.is_cuda_array(h)
    w = cuda.as_cuda_array(p)
    assert w.device_pointer_value == d[1:, ::2].device_pointer_value  # zero-copy
    np.testing.assert_array_equal(w.copy_to_host(), h[1:, ::2])
    assert cuda.as_cuda_array(d) is d
    # the owner stays alive as long as the view
    ref = weakref.ref(p)
    del p
    gc.collect()
    assert ref() is not None
    del w
    gc.collect()
    assert ref() is None


def test_read_only_imports_refuse_writes(rng):
    d = cuda.to_device(rng.standard_normal(4))
    desc = dict(d.__cuda_array_interface__)
    desc["data"] = (desc["data"][0], True)
    ro = cuda.from_cuda_array_interface(desc, owner=d)
    assert ro.readonly and not ro.flags["WRITEABLE"]
    with pytest.raises(ValueError, match="read-only"):
        ro[0] = 1.0
    with pytest.raises(ValueError, match="read-only"):
        ro.copy_to_device(np.zeros(4))


def test_bind_and_stream_attribute(rng):
    d = cuda.to_device(rng.standard_normal(3))
    assert d.stream == 0
    s = cuda.stream()
    b = d.bind(s)
    assert b.stream is s and b.device_pointer_value == d.device_pointer_value
    assert b.__cuda_array_interface__["stream"] == s.handle


# ---- bad input -----------------------------------------------------------------------------


def test_out_of_range_and_unsupported_indices(rng):
    d = cuda.to_device(rng.standard_normal((3, 4)))
    with pytest.raises(IndexError, match="index 3 is out of bounds for axis 0 with size 3"):
        d[3]
    with pytest.raises(IndexError, match="too many indices"):
        d[0, 0, 0]
    with pytest.raises(IndexError, match="advanced"):
        d[np.array([0, 1])]
    with pytest.raises(IndexError, match="single ellipsis"):
        d[..., ...]
    with pytest.raises(ValueError, match="step cannot be zero"):
        d[::0]
    with pytest.raises(TypeError, match="slice indices must be integers"):
        d[1.5:]


def test_copy_mismatches_name_the_problem(rng):
    d = cuda.to_device(rng.standard_normal((3, 4)))
    with pytest.raises(TypeError, match="dtypes differ"):
        d.copy_to_device(np.zeros((3, 4), np.float32))
    with pytest.raises(ValueError, match=r"shapes differ .*\(3, 4\).*\(4, 3\)"):
        d.copy_to_device(np.zeros((4, 3)))
    with pytest.raises(TypeError, match="dtypes differ"):
        d.copy_to_host(np.zeros((3, 4), np.int64))
    with pytest.raises(ValueError, match="shapes differ"):
        d.copy_to_host(np.zeros(12))
    with pytest.raises(TypeError, match=r"numpy\.ndarray"):
        d.copy_to_host([0] * 12)
    ro = np.zeros((3, 4))
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        d.copy_to_host(ro)
    with pytest.raises(ValueError, match="could not broadcast"):
        d[:] = np.zeros(3)
    with pytest.raises(ValueError, match=r"^Can't assign 3-D array to 1-D self$"):  # numba's
        d[0] = np.zeros((1, 1, 4))
    with pytest.raises(ValueError, match=r"^repeated axis in transpose$"):  # NumPy's
        np.transpose(d, axes=(0, 0))
    with pytest.raises(ValueError, match=r"^`copy=False` is not supported"):  # numba's start
        np.array(d, copy=False)


def test_bad_shapes_dtypes_and_orders():
    with pytest.raises(ValueError, match="negative dimensions"):
        cuda.device_array((2, -1))
    with pytest.raises(ValueError, match="order must be 'C' or 'F'"):
        cuda.device_array(3, order="K")
    with pytest.raises(TypeError, match="shape must be an int or a tuple"):
        cuda.device_array("big")
    with pytest.raises(TypeError):
        cuda.device_array(3, dtype="not-a-dtype")
    with pytest.raises(TypeError, match="dtype=object"):
        cuda.to_device(np.array([object()]))
    with pytest.raises(ValueError, match="different lengths"):
        cuda.device_array((2, 3), strides=(8,))
    with pytest.raises(ValueError, match="too big"):
        cuda.device_array((1 << 40, 1 << 40))
    d = cuda.device_array((2, 6))
    with pytest.raises(ValueError, match="cannot reshape array of size 12 into shape"):
        d.reshape(5, 3)
    with pytest.raises(ValueError, match="one unknown dimension"):
        d.reshape(-1, -1)
    with pytest.raises(NotImplementedError, match="requires copying"):
        d.T.reshape(12)
    with pytest.raises(ValueError, match="squeeze"):
        d.squeeze(0)
    with pytest.raises(ValueError, match="axes don't match"):
        d.transpose((0,))
    with pytest.raises(ValueError, match="1-d"):
        list(d.split(2))
    with pytest.raises(ValueError, match="copy=False"):
        d.__array__(copy=False)


def test_cai_import_errors():
    good = {"shape": (2,), "typestr": "<f4", "data": (0, False), "version": 3}
    with pytest.raises(NotImplementedError, match="mask"):
        cuda.from_cuda_array_interface({**good, "mask": object()})
    with pytest.raises(ValueError, match="no 'shape'"):
        cuda.from_cuda_array_interface({k: v for k, v in good.items() if k != "shape"})
    with pytest.raises(ValueError, match="must not be 0"):
        cuda.from_cuda_array_interface({**good, "stream": 0})
    with pytest.raises(TypeError, match="does not implement __cuda_array_interface__"):
        cuda.as_cuda_array(np.zeros(3))
