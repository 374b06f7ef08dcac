"""The launch fast path reads tensors through the DLPack C exchange API
(``type(x).__dlpack_c_exchange_api__``, dlpack.h 1.3) when their type offers it.

A producer written here with ctypes exposes only that API (no ``__cuda_array_interface__``),
so the fast path launching at all proves the exchange path works; PyTorch is used too where
its tensor type has the attribute.
"""

import ctypes

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.gpu


class _Device(ctypes.Structure):
    _fields_ = (("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32))


class _DataType(ctypes.Structure):
    _fields_ = (("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16))


class _DLTensor(ctypes.Structure):
    _fields_ = (
        ("data", ctypes.c_void_p),
        ("device", _Device),
        ("ndim", ctypes.c_int32),
        ("dtype", _DataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    )


_TO_DLTENSOR = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.py_object, ctypes.POINTER(_DLTensor))
_WORK_STREAM = ctypes.CFUNCTYPE(
    ctypes.c_int, ctypes.c_int32, ctypes.c_int32, ctypes.POINTER(ctypes.c_void_p)
)


class _Api(ctypes.Structure):
    _fields_ = (
        ("major", ctypes.c_uint32),
        ("minor", ctypes.c_uint32),
        ("prev_api", ctypes.c_void_p),
        ("allocator", ctypes.c_void_p),
        ("from_py_object", ctypes.c_void_p),
        ("to_py_object", ctypes.c_void_p),
        ("dltensor_from_py_object", _TO_DLTENSOR),
        ("current_work_stream", _WORK_STREAM),
    )


#: What the fake producer reports as its current stream (a test changes it).
_STATE = {"stream": 0, "fail": False}


@_TO_DLTENSOR
def _to_dltensor(obj, out):
    if _STATE["fail"]:
        return -1
    t = out.contents
    t.data = obj.base.__cuda_array_interface__["data"][0]
    t.device = _Device(2, 0)  # kDLCUDA, device 0
    t.ndim = obj.base.ndim
    t.dtype = _DataType(2, 32, 1)  # float32
    t.shape = obj.shape_c
    t.strides = obj.strides_c
    t.byte_offset = 0
    return 0


@_WORK_STREAM
def _work_stream(device_type, device_id, out):
    out[0] = _STATE["stream"]
    return 0


_API = _Api(1, 3, None, None, None, None, _to_dltensor, _work_stream)
_NAME = b"dlpack_exchange_api"
_new_capsule = ctypes.pythonapi.PyCapsule_New
_new_capsule.restype = ctypes.py_object
_new_capsule.argtypes = (ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p)


class ExchangeOnlyTensor:
    """A float32 GPU tensor whose only export is the DLPack C exchange API."""

    __dlpack_c_exchange_api__ = _new_capsule(ctypes.addressof(_API), _NAME, None)

    def __init__(self, base):
        self.base = base  # a device array: owns the memory
        self.shape_c = (ctypes.c_int64 * base.ndim)(*base.shape)
        self.strides_c = (ctypes.c_int64 * base.ndim)(*(s // 4 for s in base.strides))


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


def _fresh(n, rng):
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    return x, y, cuda.to_device(np.full(n, np.nan, np.float32))


def test_exchange_api_tensors_launch_on_the_fast_path():
    rng = np.random.default_rng()
    n = int(rng.integers(1000, 5000))
    x, y, r = _fresh(n, rng)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    a = float(rng.random())
    grid, block = ((n + 127) // 128, 1, 1), (128, 1, 1)
    with oxcuda.config.override(TARGET="gpu"):
        axpy[grid, block](r, a, dx, dy)  # compiles for float32 1D C arrays
        _STATE.update(stream=0, fail=False)
        tensors = tuple(ExchangeOnlyTensor(d) for d in (r, dx, dy))
        r.copy_to_device(np.full(n, np.nan, np.float32))
        launched = axpy.launch(grid, block, 0, 0, (tensors[0], a, tensors[1], tensors[2]))
    cuda.synchronize()
    assert launched is True
    np.testing.assert_allclose(r.copy_to_host(), np.float32(a) * x + y, rtol=1e-6)


def test_exchange_api_declines_other_streams_and_failures():
    rng = np.random.default_rng()
    n = 256
    x, y, r = _fresh(n, rng)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    grid, block = (2, 1, 1), (128, 1, 1)
    with oxcuda.config.override(TARGET="gpu"):
        axpy[grid, block](r, 1.0, dx, dy)
        tensors = tuple(ExchangeOnlyTensor(d) for d in (r, dx, dy))
        other = cuda.stream()
        try:
            _STATE.update(stream=other.handle, fail=False)
            # Ordered on another stream: declined (the slow path would synchronise).
            assert axpy.launch(grid, block, 0, 0, (tensors[0], 1.0, *tensors[1:])) is False
            # ... but taken for a launch on that same stream.
            assert axpy.launch(grid, block, other, 0, (tensors[0], 1.0, *tensors[1:])) is True
            other.synchronize()
            _STATE.update(stream=0, fail=True)
            # The producer fails: declined, and no Python error is left behind.
            assert axpy.launch(grid, block, 0, 0, (tensors[0], 1.0, *tensors[1:])) is False
        finally:
            _STATE.update(stream=0, fail=False)
    np.testing.assert_allclose(r.copy_to_host(), x + y, rtol=1e-6)


def test_torch_tensors_through_the_exchange_api():
    torch = pytest.importorskip("torch")
    if not hasattr(torch.Tensor, "__dlpack_c_exchange_api__"):
        pytest.skip("this torch has no DLPack C exchange API")
    rng = np.random.default_rng()
    n = int(rng.integers(1000, 5000))
    x = torch.from_numpy(rng.random(n, dtype=np.float32)).cuda()
    y = torch.from_numpy(rng.random(n, dtype=np.float32)).cuda()
    r = torch.full((n,), float("nan"), device="cuda")
    a = float(rng.random())
    grid, block = ((n + 127) // 128, 1, 1), (128, 1, 1)
    with oxcuda.config.override(TARGET="gpu"):
        axpy[grid, block](r, a, x, y)  # first launch: compiles (slow path)
        r.fill_(float("nan"))
        torch.cuda.synchronize()
        assert axpy.launch(grid, block, 0, 0, (r, a, x, y)) is True
    torch.cuda.synchronize()
    np.testing.assert_allclose(
        r.cpu().numpy(), np.float32(a) * x.cpu().numpy() + y.cpu().numpy(), rtol=1e-6
    )
