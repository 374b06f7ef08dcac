"""numba-cuda's ``numba.cuda.cudadrv.devicearray`` names: the device array classes (re-exported,
see the package doc) and the helpers numba-cuda's users import from this path,
:func:`auto_device` and :func:`is_contiguous`."""

from __future__ import annotations

from typing import Any

from oxcuda._native import DeviceNDArray, DeviceRecord
from oxcuda.cuda.memory.ipc import IpcArrayHandle
from oxcuda.cuda.memory.ndarray import ManagedNDArray, MappedNDArray


def is_contiguous(ary: Any) -> bool:
    """Whether ``ary`` (a NumPy or device array) is C-contiguous, judged from its shape and
    strides as numba's ``is_contiguous`` does: unit-length dimensions may have any stride."""
    size = ary.dtype.itemsize
    for extent, stride in zip(reversed(ary.shape), reversed(ary.strides), strict=True):
        if extent > 1 and stride != size:
            return False
        size *= extent
    return True


def auto_device(obj: Any, stream: Any = 0, copy: bool = True, user_explicit: bool = False):
    """``(device_array, converted)``: ``obj`` itself when it is already on the device
    (``converted`` False), else a new device copy of it (``converted`` True; ``copy=False``
    allocates without copying). Scalars and sequences are converted with ``numpy.asarray``.

    ``user_explicit`` is numba's flag for a copy the user asked for; oxcuda's launcher warns
    about implicit copies itself, so it changes nothing here.
    """
    import numpy as np

    from oxcuda.cuda import devicearray

    if devicearray.is_cuda_array(obj):
        return devicearray.as_cuda_array(obj), False
    if isinstance(obj, np.void):
        return devicearray.to_device(obj, stream=stream), True
    if not isinstance(obj, np.ndarray):
        obj = np.asarray(obj)
    if copy:
        return devicearray.to_device(obj, stream=stream), True
    return devicearray.device_array_like(obj, stream=stream), True


__all__ = [
    "DeviceNDArray",
    "DeviceRecord",
    "IpcArrayHandle",
    "ManagedNDArray",
    "MappedNDArray",
    "auto_device",
    "is_contiguous",
]
