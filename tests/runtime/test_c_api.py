"""The device arrays' C API capsule (``oxcuda._native._C_API``, ``oxcuda/devicearray.h``), read
here through ctypes exactly as a C extension would, on host-backend arrays (no GPU needed)."""

import ctypes
import os

import numpy as np
import oxcuda
import pytest
from oxcuda import _native, cuda


class View(ctypes.Structure):
    _fields_ = (
        ("data", ctypes.c_uint64),
        ("ndim", ctypes.c_int32),
        ("device_id", ctypes.c_int32),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("itemsize", ctypes.c_int64),
        ("stream", ctypes.c_uint64),
        ("kind", ctypes.c_char),
        ("readonly", ctypes.c_uint8),
        ("host", ctypes.c_uint8),
        ("c_contiguous", ctypes.c_uint8),
        ("f_contiguous", ctypes.c_uint8),
    )


IS_ARRAY = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object)
GET_VIEW = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.POINTER(View))


class Api(ctypes.Structure):
    _fields_ = (
        ("version", ctypes.c_uint32),
        ("size", ctypes.c_uint32),
        ("is_device_array", IS_ARRAY),
        ("get_view", GET_VIEW),
    )


def imported_api() -> Api:
    """``PyCapsule_Import("oxcuda._native._C_API", 0)``: what the header's import helper does."""
    capsule_import = ctypes.pythonapi.PyCapsule_Import
    capsule_import.restype = ctypes.c_void_p
    capsule_import.argtypes = (ctypes.c_char_p, ctypes.c_int)
    address = capsule_import(b"oxcuda._native._C_API", 0)
    assert address
    return Api.from_address(address)


@pytest.fixture(autouse=True)
def on_host_backend():
    with oxcuda.config.override(TARGET="sim"):
        yield


def test_capsule_is_named_by_its_import_path_and_on_the_type():
    api = imported_api()
    assert api.version == 1
    assert api.size == ctypes.sizeof(Api)
    assert _native._C_API is cuda.devicearray.DeviceNDArray._C_API
    assert "oxcuda._native._C_API" in repr(_native._C_API)


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.complex128, np.uint8])
def test_view_matches_the_array(dtype):
    rng = np.random.default_rng()
    shape = tuple(int(n) for n in rng.integers(2, 9, size=int(rng.integers(1, 4))))
    host = (rng.random(shape) * 100).astype(dtype)
    d = cuda.to_device(host)
    step = d[::2] if d.ndim == 1 else d[:, ::-1]
    api = imported_api()
    for arr in (d, step, d.T):
        view = View()
        assert api.is_device_array(arr) == 1
        assert api.get_view(arr, ctypes.byref(view)) == 0
        assert view.ndim == arr.ndim
        assert [view.shape[k] for k in range(arr.ndim)] == list(arr.shape)
        assert [view.strides[k] for k in range(arr.ndim)] == list(arr.strides)
        assert view.itemsize == np.dtype(dtype).itemsize
        assert view.kind.decode() == np.dtype(dtype).kind
        assert (view.host, view.device_id, view.readonly) == (1, -1, 0)
        assert view.c_contiguous == int(arr.is_c_contiguous())
        assert view.f_contiguous == int(arr.is_f_contiguous())
        assert view.stream == 0
        # The data address reads the same elements NumPy sees.
        expected = arr.copy_to_host()
        assert ctypes.string_at(view.data, view.itemsize) == expected.flat[0].tobytes()


def test_view_of_something_else_is_a_type_error():
    api = imported_api()
    assert api.is_device_array(np.zeros(3)) == 0
    assert api.is_device_array(None) == 0
    view = View()
    with pytest.raises(TypeError, match="expected an oxcuda DeviceNDArray, got ndarray"):
        api.get_view(np.zeros(3), ctypes.byref(view))


def test_header_is_installed():
    header = os.path.join(oxcuda.get_include(), "oxcuda", "devicearray.h")
    with open(header) as f:
        text = f.read()
    assert '"oxcuda._native._C_API"' in text
    assert "get_view" in text
