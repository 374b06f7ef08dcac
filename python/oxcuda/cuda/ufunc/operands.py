"""What a ufunc's arguments are, and how they reach a kernel.

Every argument of a ``vectorize``/``guvectorize`` call is one of:

* a **device array**: an oxcuda ``DeviceNDArray``, or any CUDA Array Interface producer (CuPy,
  PyTorch, numba) or DLPack producer on a CUDA device (JAX), wrapped without a copy;
* a **scalar**: a Python ``bool``/``int``/``float``/``complex`` or a NumPy scalar; it is passed
  to the kernel by value (no device memory), typed as numba types it (``int`` → int64, ``float``
  → float64, a NumPy scalar by its dtype) unless a signature says otherwise;
* a **host array**: a NumPy array, or anything ``numpy.asarray`` takes (lists, tuples), copied to
  the device for the call.

The result stays on the device (a ``DeviceNDArray``) when any argument was a device array, and
comes back as NumPy otherwise — numba-cuda's rule.

:func:`strided_view` makes the views the kernels read: an operand with a new shape and byte
strides over the same memory (stride 0 for broadcast axes), kept alive by the view.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from oxcuda import _native
from oxcuda.cuda import devicearray

DeviceNDArray = _native.DeviceNDArray

#: DLPack's device type of CUDA memory (``kDLCUDA``) and of managed memory (``kDLCUDAManaged``).
_DLPACK_CUDA = (2, 13)

_SCALAR_TYPES = (bool, int, float, complex, np.generic)


def is_scalar(obj: Any) -> bool:
    """Whether ``obj`` is passed by value (see the module)."""
    return isinstance(obj, _SCALAR_TYPES)


def as_device(obj: Any) -> Any:
    """``obj`` as a ``DeviceNDArray`` without copying, or None when it is not device memory."""
    if type(obj) is DeviceNDArray:
        return obj
    if hasattr(obj, "__cuda_array_interface__"):
        return devicearray.as_cuda_array(obj)
    dev = getattr(obj, "__dlpack_device__", None)
    if dev is not None and not isinstance(obj, np.ndarray):
        try:
            kind = dev()[0]
        except Exception:  # noqa: BLE001 - a producer that cannot say is not device memory
            return None
        if kind in _DLPACK_CUDA:
            return devicearray.from_dlpack(obj)
    return None


def scalar_dtype(value: Any) -> np.dtype:
    """The dtype numba types a scalar argument with."""
    if isinstance(value, np.generic):
        return value.dtype
    if isinstance(value, bool):
        return np.dtype(np.bool_)
    if isinstance(value, int):
        return np.dtype(np.int64)
    if isinstance(value, float):
        return np.dtype(np.float64)
    return np.dtype(np.complex128)


def as_host(obj: Any, what: str) -> np.ndarray:
    """A host argument as a NumPy array, or a ``TypeError`` saying what ``obj`` was."""
    try:
        array = np.asarray(obj)
    except Exception as exc:
        raise TypeError(f"{what} is a {type(obj).__name__}, not an array or scalar") from exc
    if array.dtype.kind not in "biufcMm":
        raise TypeError(
            f"{what} has dtype {array.dtype}; ufuncs take booleans, integers, floats, "
            "complex numbers, datetime64 and timedelta64"
        )
    return array


def strided_view(dev: Any, shape: tuple[int, ...], strides: tuple[int, ...], offset: int = 0):
    """A device array over ``dev``'s memory with ``shape`` and byte ``strides``, starting
    ``offset`` bytes in (``dev`` stays alive with it)."""
    desc = {
        "shape": tuple(shape),
        "strides": tuple(strides),
        "typestr": dev.dtype.str,
        "data": (dev.device_pointer_value + offset, bool(dev.readonly)),
        "version": 3,
    }
    return devicearray.from_cuda_array_interface(desc, owner=dev, sync=False)


def to_device(host: np.ndarray, stream: Any) -> Any:
    """A device copy of a host argument."""
    if not host.flags.c_contiguous:
        host = host.copy(order="C")  # (np.ascontiguousarray would make a 0-d array 1-d)
    return devicearray.to_device(host, stream=stream)


def allocate(shape: tuple[int, ...], dtype: np.dtype, stream: Any) -> Any:
    """A new C-contiguous device array."""
    return devicearray.device_array(shape, dtype, stream=stream)


def cast_scalar(value: Any, dtype: np.dtype, what: str) -> Any:
    """A scalar argument converted to the NumPy scalar of ``dtype`` (the kernel's parameter
    type); an error when the value does not fit (``int`` 300 for a ``uint8``)."""
    try:
        converted = dtype.type(value)
    except (OverflowError, TypeError, ValueError) as exc:
        raise TypeError(f"{what} ({value!r}) cannot be converted to {dtype}: {exc}") from None
    if dtype.kind in "iu" and isinstance(value, (int, np.integer)) and converted != value:
        raise TypeError(f"{what} ({value!r}) does not fit in {dtype}")
    return converted
