"""numba-cuda's ``numba.cuda.cudadrv.devicearray`` names, re-exported (see the package doc)."""

from oxcuda._native import DeviceNDArray, DeviceRecord
from oxcuda.cuda.memory.ipc import IpcArrayHandle
from oxcuda.cuda.memory.ndarray import ManagedNDArray, MappedNDArray

__all__ = ["DeviceNDArray", "DeviceRecord", "IpcArrayHandle", "ManagedNDArray", "MappedNDArray"]
