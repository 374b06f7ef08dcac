"""Arrays in a byte order other than the machine's (big-endian on x86/ARM hosts) are refused
with numba-cuda's message, ``Unsupported array dtype: >f4``, wherever an array reaches the
device: launch arguments, ``to_device``, ``device_array``, views, and CUDA Array Interface
imports. (They used to be read as if little-endian: ``[1, 2, 3]`` came back as ``4.6e-41``.)
Arrays converted to the native order work, and give the right answer."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda

BIG = [">f4", ">f8", ">i4", ">u2", ">c16", ">i8"]

# The launches pass NumPy arrays on purpose; on the GPU that warns before the refusal.
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.cuda.NumbaPerformanceWarning")


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@pytest.mark.parametrize("typestr", BIG)
def test_launch_refuses_big_endian_numpy(target, typestr):
    a = np.array([1, 2, 3], dtype=typestr)
    with pytest.raises(TypeError, match=f"Unsupported array dtype: {typestr}"):
        add_one[1, 32](a)
    np.testing.assert_array_equal(a, np.array([1, 2, 3], dtype=typestr))  # untouched


@pytest.mark.parametrize("typestr", BIG)
def test_to_device_and_device_array_refuse_big_endian(target, typestr):
    with pytest.raises(TypeError, match=f"Unsupported array dtype: {typestr}"):
        cuda.to_device(np.arange(4, dtype=typestr))
    with pytest.raises(TypeError, match=f"Unsupported array dtype: {typestr}"):
        cuda.device_array(4, dtype=typestr)
    d = cuda.to_device(np.arange(4, dtype=typestr[1:]))
    with pytest.raises(TypeError, match=f"Unsupported array dtype: {typestr}"):
        d.view(typestr)


def test_native_order_conversion_works(target, rng):
    h = rng.standard_normal(100).astype(">f4")
    native = h.astype(h.dtype.newbyteorder("="))
    d = cuda.to_device(native)
    add_one[4, 32](d)
    np.testing.assert_allclose(d.copy_to_host(), h.astype(np.float64) + 1, rtol=1e-6)
    # An explicit little-endian spelling is the native order here, and accepted.
    d = cuda.to_device(np.arange(3, dtype="<f8"))
    add_one[1, 32](d)
    np.testing.assert_array_equal(d.copy_to_host(), [1.0, 2.0, 3.0])


class _Producer:
    """A CUDA Array Interface producer describing another array's memory as big-endian."""

    def __init__(self, base, typestr):
        self.base = base
        self.__cuda_array_interface__ = {
            "shape": base.shape,
            "typestr": typestr,
            "data": (base.__cuda_array_interface__["data"][0], False),
            "version": 3,
            "strides": None,
        }


@pytest.mark.parametrize("typestr", [">f4", ">i4"])
def test_cai_import_refuses_big_endian(target, typestr):
    base = cuda.to_device(np.arange(8, dtype=typestr[1:]))
    p = _Producer(base, typestr)
    with pytest.raises(TypeError, match=f"Unsupported array dtype: {typestr}"):
        cuda.as_cuda_array(p)
    with pytest.raises(TypeError, match=f"Unsupported array dtype: {typestr}"):
        cuda.from_cuda_array_interface(p.__cuda_array_interface__)
    with pytest.raises(TypeError, match=f"Unsupported array dtype: {typestr}"):
        add_one[1, 32](p)
    np.testing.assert_array_equal(base.copy_to_host(), np.arange(8))


def test_big_endian_record_field_refused(target):
    dt = np.dtype([("x", ">f4"), ("y", "<i4")])
    with pytest.raises(TypeError, match="non-native byte order"):
        add_rec[1, 1](np.zeros(2, dtype=dt))


@cuda.jit
def add_rec(r):
    r[0].x += 1
