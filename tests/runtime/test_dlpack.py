"""DLPack on the host backend (device ``kDLCPU``): export to NumPy (``numpy.from_dlpack``),
import from NumPy (``cuda.from_dlpack``), versioned and legacy capsules, lifetimes, and the
errors for what DLPack cannot carry. Hand-made capsules (ctypes) cover producers NumPy cannot
imitate: another device, a newer DLPack, vector elements."""

from __future__ import annotations

import ctypes
import gc

import numpy as np
import pytest
from oxcuda import cuda

DTYPES = [
    np.bool_,
    np.int8,
    np.uint8,
    np.int16,
    np.uint32,
    np.int64,
    np.float16,
    np.float32,
    np.float64,
    np.complex64,
    np.complex128,
]


def _random(rng, shape, dtype):
    return (rng.standard_normal(shape) * 100).astype(dtype)


VIEWS = [
    lambda a: a,
    lambda a: a[::2, 1:],
    lambda a: a[::-1, ::-3],
    lambda a: a.T,
    lambda a: a[3],
    lambda a: a[2, 4, ...],
    lambda a: a[:0],
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("view", range(len(VIEWS)))
def test_numpy_imports_device_arrays_without_copying(rng, dtype, view):
    h = _random(rng, (6, 9), dtype)
    d = VIEWS[view](cuda.to_device(h))
    expected = VIEWS[view](h)
    a = np.from_dlpack(d)
    assert a.shape == expected.shape and a.dtype == expected.dtype
    np.testing.assert_array_equal(a, expected)
    if a.size:
        assert a.ctypes.data == d.device_pointer_value
        assert a.strides == d.strides
    assert d.__dlpack_device__() == (1, 0)


def test_the_export_shares_memory_and_keeps_it_alive(rng):
    h = rng.standard_normal((50, 4))
    d = cuda.to_device(h)
    a = np.from_dlpack(d)
    a[7, 2] = -1.0  # writes through
    assert d[7, 2] == -1.0
    h[7, 2] = -1.0
    in_use = cuda.current_context().memory_stats()["in_use"]
    del d
    gc.collect()
    assert cuda.current_context().memory_stats()["in_use"] == in_use, "the capsule holds it"
    junk = [cuda.to_device(np.zeros((50, 4))) for _ in range(5)]
    np.testing.assert_array_equal(a, h)
    del a, junk
    gc.collect()
    assert cuda.current_context().memory_stats()["in_use"] < in_use


class LegacyProducer:
    """A producer from before DLPack 1.0: no ``max_version``."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__(stream=stream)

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


def _capsule_name(capsule) -> bytes:
    get = ctypes.pythonapi.PyCapsule_GetName
    get.restype, get.argtypes = ctypes.c_char_p, [ctypes.py_object]
    return get(capsule)


def test_versioned_and_legacy_capsules(rng):
    h = rng.integers(-100, 100, (4, 5), dtype=np.int32)
    d = cuda.to_device(h)
    assert _capsule_name(d.__dlpack__()) == b"dltensor"
    assert _capsule_name(d.__dlpack__(max_version=(0, 8))) == b"dltensor"
    assert _capsule_name(d.__dlpack__(max_version=(1, 0))) == b"dltensor_versioned"
    assert _capsule_name(d.__dlpack__(max_version=(2, 3))) == b"dltensor_versioned"
    np.testing.assert_array_equal(np.from_dlpack(LegacyProducer(d)), h)
    # an unconsumed capsule frees what it holds
    ctx = cuda.current_context()
    in_use = ctx.memory_stats()["in_use"]
    capsules = [d[1:].__dlpack__(max_version=(1, 0)), d.__dlpack__()]
    del d
    gc.collect()
    assert ctx.memory_stats()["in_use"] == in_use
    del capsules
    gc.collect()
    assert ctx.memory_stats()["in_use"] < in_use


def test_read_only_arrays_export_only_versioned_and_read_only(rng):
    h = rng.standard_normal(10)
    h.flags.writeable = False
    d = cuda.as_cuda_array(_ReadOnlyCai(cuda.to_device(h)))
    assert d.readonly
    a = np.from_dlpack(d)
    assert not a.flags.writeable
    np.testing.assert_array_equal(a, h)
    with pytest.raises(BufferError, match="read-only array through a legacy DLPack capsule"):
        d.__dlpack__()


class _ReadOnlyCai:
    def __init__(self, d):
        desc = dict(d.__cuda_array_interface__)
        desc["data"] = (desc["data"][0], True)
        self.__cuda_array_interface__ = desc
        self.keep = d


def test_copy_and_device_requests(rng):
    h = rng.standard_normal((3, 8))
    d = cuda.to_device(h)[:, ::2]
    c = np.from_dlpack(d, copy=True)
    assert c.ctypes.data != d.device_pointer_value
    np.testing.assert_array_equal(c, h[:, ::2])
    same = np.from_dlpack(d, device="cpu")
    assert same.ctypes.data == d.device_pointer_value
    with pytest.raises(BufferError, match="cross-device copy"):
        d.__dlpack__(dl_device=(2, 0))
    with pytest.raises(TypeError, match="dl_device must be a"):
        d.__dlpack__(dl_device="cuda")
    with pytest.raises(TypeError, match="max_version must be a"):
        d.__dlpack__(max_version=1)


def test_what_dlpack_cannot_carry_is_refused():
    rec = cuda.to_device(np.zeros(3, dtype=[("a", "i4"), ("b", "f8")]))
    with pytest.raises(BufferError, match="has no DLPack equivalent"):
        rec.__dlpack__()
    with pytest.raises(TypeError, match="Unsupported array dtype: >i4"):
        cuda.to_device(np.arange(4, dtype=">i4"))  # no device array is byte-swapped
    raw = cuda.to_device(np.zeros(32, np.uint8))
    desc = {"shape": (3,), "strides": (6,), "typestr": "<i4", "version": 3}
    desc["data"] = (raw.device_pointer_value, False)
    skewed = cuda.from_cuda_array_interface(desc, owner=raw)
    with pytest.raises(BufferError, match="stride of 6 bytes is not a multiple of the item size"):
        skewed.__dlpack__(max_version=(1, 0))
    np.testing.assert_array_equal(np.from_dlpack(skewed, copy=True), np.zeros(3, np.int32))


# ---- import ----------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("view", range(len(VIEWS)))
def test_from_dlpack_views_numpy_memory(rng, dtype, view):
    h = VIEWS[view](_random(rng, (6, 9), dtype))
    d = cuda.from_dlpack(h)
    assert isinstance(d, cuda.DeviceNDArray)
    assert (d.shape, d.dtype) == (h.shape, h.dtype)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    if h.size:
        assert d.device_pointer_value == h.ctypes.data and d.strides == h.strides


def test_from_dlpack_writes_through_and_keeps_the_producer_alive(rng):
    h = rng.standard_normal((20, 3))
    expected = h.copy()
    d = cuda.from_dlpack(h)
    d[4] = 9.0
    expected[4] = 9.0
    np.testing.assert_array_equal(h, expected)
    del h
    gc.collect()
    junk = [np.ones((20, 3)) for _ in range(20)]
    np.testing.assert_array_equal(d.copy_to_host(), expected)
    del junk


def test_from_dlpack_of_a_read_only_array_is_read_only(rng):
    h = rng.standard_normal(5)
    h.flags.writeable = False
    d = cuda.from_dlpack(h)
    assert d.readonly
    with pytest.raises(ValueError, match="read-only"):
        d[0] = 1.0


def test_round_trip_and_capsules_consumed_once(rng):
    h = rng.standard_normal(16).astype(np.float32)
    d = cuda.to_device(h)
    back = cuda.from_dlpack(np.from_dlpack(d))
    assert back.device_pointer_value == d.device_pointer_value
    capsule = d.__dlpack__(max_version=(1, 0))
    e = cuda.from_dlpack(capsule)
    np.testing.assert_array_equal(e.copy_to_host(), h)
    assert _capsule_name(capsule) == b"used_dltensor_versioned"
    with pytest.raises(ValueError, match="can be imported once"):
        cuda.from_dlpack(capsule)
    legacy = cuda.from_dlpack(LegacyProducer(d))
    assert legacy.device_pointer_value == d.device_pointer_value


def test_from_dlpack_refuses_what_is_not_dlpack():
    with pytest.raises(TypeError, match="does not implement the DLPack protocol"):
        cuda.from_dlpack([1, 2, 3])

    class Liar:
        def __dlpack__(self, **kwargs):
            return "not a capsule"

    with pytest.raises(TypeError, match="not a DLPack capsule"):
        cuda.from_dlpack(Liar())


# ---- hand-made capsules ------------------------------------------------------------------------


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


DELETER = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
DESTRUCTOR = ctypes.CFUNCTYPE(None, ctypes.c_void_p)


class DLPackVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [
        ("version", DLPackVersion),
        ("manager_ctx", ctypes.c_void_p),
        ("deleter", DELETER),
        ("flags", ctypes.c_uint64),
        ("dl_tensor", DLTensor),
    ]


class HandMade:
    """A versioned capsule over ``data`` with any device, version and element type; counts
    deleter calls."""

    def __init__(self, data, *, device=(1, 0), version=(1, 0), code=2, bits=64, lanes=1):
        self.data = data
        self.deleted = 0
        self.shape = (ctypes.c_int64 * 1)(data.size)
        self.deleter = DELETER(self._delete)
        self.tensor = DLManagedTensorVersioned(
            DLPackVersion(*version),
            None,
            self.deleter,
            0,
            DLTensor(
                data.ctypes.data, DLDevice(*device), 1, DLDataType(code, bits, lanes),
                self.shape, None, 0,
            ),
        )  # fmt: skip

    def _delete(self, _ptr):
        self.deleted += 1

    def _destroy(self, capsule):
        # A producer's capsule destructor: delete the tensor unless a consumer took it.
        valid = ctypes.pythonapi.PyCapsule_IsValid
        valid.restype, valid.argtypes = ctypes.c_int, [ctypes.c_void_p, ctypes.c_char_p]
        if valid(capsule, b"dltensor_versioned"):
            self.deleter(ctypes.addressof(self.tensor))

    def __dlpack__(self, stream=None, max_version=None):
        self.destructor = DESTRUCTOR(self._destroy)
        new = ctypes.pythonapi.PyCapsule_New
        new.restype = ctypes.py_object
        new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, DESTRUCTOR]
        return new(ctypes.addressof(self.tensor), b"dltensor_versioned", self.destructor)

    def __dlpack_device__(self):
        return self.tensor.dl_tensor.device.device_type, self.tensor.dl_tensor.device.device_id


def test_hand_made_capsule_is_imported_and_deleted_once(rng):
    h = rng.standard_normal(7)
    producer = HandMade(h)
    d = cuda.from_dlpack(producer)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    assert producer.deleted == 0
    del d
    gc.collect()
    assert producer.deleted == 1


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"device": (2, 0)}, r"on kDLCUDA \(2\), but oxcuda runs on the host backend"),
        ({"device": (10, 0)}, r"kDLROCM \(10\)"),
        ({"version": (2, 0)}, r"sent DLPack 2.0; oxcuda reads DLPack 1.x"),
        ({"lanes": 4}, "vector elements"),
        ({"code": 4, "bits": 32}, "type code 4 with 32 bits"),  # bfloat16 is 16 bits
        ({"code": 2, "bits": 128}, "type code 2 with 128 bits"),
        ({"code": 9, "bits": 8}, "type code 9"),
    ],
)
def test_hand_made_capsules_that_cannot_be_viewed(rng, kwargs, match):
    producer = HandMade(rng.standard_normal(4), **kwargs)
    with pytest.raises(BufferError, match=match):
        cuda.from_dlpack(producer)
    gc.collect()
    assert producer.deleted == 1, "a refused capsule is deleted by its destructor"
