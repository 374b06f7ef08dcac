"""Memory beyond plain device arrays: the External Memory Management (EMM) plugin interface
(numba-cuda's classes, names and signatures), pinned/mapped/managed host memory, and IPC.

One concept per module:

- :mod:`~oxcuda.cuda.memory.pointer`: ``MemoryPointer``, ``AutoFreePointer``, ``OwnedPointer``;
- :mod:`~oxcuda.cuda.memory.host`: ``PinnedMemory``, ``MappedMemory``, ``ManagedMemory``;
- :mod:`~oxcuda.cuda.memory.manager`: ``BaseCUDAMemoryManager``, ``HostOnlyCUDAMemoryManager``;
- :mod:`~oxcuda.cuda.memory.ipc`: ``GetIpcHandleMixin``, ``IpcHandle``;
- :mod:`~oxcuda.cuda.memory.default`: oxcuda's own manager (the native caching allocator);
- :mod:`~oxcuda.cuda.memory.selection`: ``set_memory_manager``, ``OXCUDA_MEMORY_MANAGER``;
- :mod:`~oxcuda.cuda.memory.context`: a context's numba-style memory methods;
- :mod:`~oxcuda.cuda.memory.arrays`: ``pinned_array``, ``mapped_array``, ``managed_array``,
  ``cuda.pinned``, ``cuda.mapped``.

Ready plugins over CuPy's and PyTorch's allocators are :mod:`oxcuda.memory.cupy` and
:mod:`oxcuda.memory.torch`.
"""

from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda.memory.arrays import (
    managed_array,
    mapped,
    mapped_array,
    mapped_array_like,
    pinned,
    pinned_array,
    pinned_array_like,
)
from oxcuda.cuda.memory.host import (
    ManagedMemory,
    ManagedOwnedPointer,
    MappedMemory,
    MappedOwnedPointer,
    PinnedMemory,
)
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin, IpcArrayHandle, IpcHandle, open_ipc_array
from oxcuda.cuda.memory.manager import BaseCUDAMemoryManager, HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import AutoFreePointer, MemoryPointer, OwnedPointer
from oxcuda.cuda.memory.selection import set_memory_manager

__all__ = [
    "AutoFreePointer",
    "BaseCUDAMemoryManager",
    "GetIpcHandleMixin",
    "HostOnlyCUDAMemoryManager",
    "IpcArrayHandle",
    "IpcHandle",
    "ManagedMemory",
    "ManagedNDArray",
    "ManagedOwnedPointer",
    "MappedMemory",
    "MappedNDArray",
    "MappedOwnedPointer",
    "MemoryInfo",
    "MemoryPointer",
    "OwnedPointer",
    "PinnedMemory",
    "managed_array",
    "mapped",
    "mapped_array",
    "mapped_array_like",
    "open_ipc_array",
    "pinned",
    "pinned_array",
    "pinned_array_like",
    "set_memory_manager",
]


def __getattr__(name: str):
    # The ndarray subclasses import NumPy, which importing oxcuda.cuda must not.
    if name in ("MappedNDArray", "ManagedNDArray"):
        from oxcuda.cuda.memory import ndarray

        return getattr(ndarray, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
