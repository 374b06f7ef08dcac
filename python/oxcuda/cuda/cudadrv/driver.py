"""numba-cuda's ``numba.cuda.cudadrv.driver`` names, re-exported (see the package doc)."""

from oxcuda._native import Context, Event, Stream
from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda.memory.default import (
    SUPPORTED_EMM_INTERFACE_VERSION as _SUPPORTED_EMM_INTERFACE_VERSION,
)
from oxcuda.cuda.memory.host import (
    ManagedMemory,
    ManagedOwnedPointer,
    MappedMemory,
    MappedOwnedPointer,
    PinnedMemory,
)
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin, IpcHandle
from oxcuda.cuda.memory.manager import BaseCUDAMemoryManager, HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import AutoFreePointer, MemoryPointer, OwnedPointer
from oxcuda.cuda.memory.selection import set_memory_manager
from oxcuda.errors import CudaAPIError, CudaDriverError, CudaSupportError

__all__ = [
    "_SUPPORTED_EMM_INTERFACE_VERSION",
    "AutoFreePointer",
    "BaseCUDAMemoryManager",
    "Context",
    "CudaAPIError",
    "CudaDriverError",
    "CudaSupportError",
    "Event",
    "GetIpcHandleMixin",
    "HostOnlyCUDAMemoryManager",
    "IpcHandle",
    "ManagedMemory",
    "ManagedOwnedPointer",
    "MappedMemory",
    "MappedOwnedPointer",
    "MemoryInfo",
    "MemoryPointer",
    "OwnedPointer",
    "PinnedMemory",
    "Stream",
    "set_memory_manager",
]
