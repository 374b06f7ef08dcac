"""numba-cuda's ``numba.cuda.cudadrv.devicearray`` names: the device array classes (re-exported,
see the package doc) and the helpers numba-cuda's users import from this path,
:func:`auto_device`, :func:`is_contiguous`, :func:`from_array_like` and
:func:`from_record_like` (defined in :mod:`oxcuda.cuda.devicearray`)."""

from __future__ import annotations

from oxcuda._native import DeviceNDArray, DeviceRecord
from oxcuda.cuda.devicearray import (
    auto_device,
    from_array_like,
    from_record_like,
    is_contiguous,
)
from oxcuda.cuda.memory.ipc import IpcArrayHandle
from oxcuda.cuda.memory.ndarray import ManagedNDArray, MappedNDArray

__all__ = [
    "DeviceNDArray",
    "DeviceRecord",
    "IpcArrayHandle",
    "ManagedNDArray",
    "MappedNDArray",
    "auto_device",
    "from_array_like",
    "from_record_like",
    "is_contiguous",
]
