"""oxcuda's own memory manager, behind the EMM interface: device memory from the native caching
allocator (``crates/runtime/src/allocator.rs``), host memory from the native core.

It is the manager of every context while no plugin is set. Device arrays do not go through it
(they call the native allocator directly, with no Python on the way); it serves the EMM-level
calls: ``current_context().memalloc(n)``, ``memhostalloc``, ``mempin``, ``get_ipc_handle``, …
"""

from __future__ import annotations

from oxcuda import _native
from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda.memory.deallocations import PendingDeallocations
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin
from oxcuda.cuda.memory.manager import HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import MemoryPointer

#: The EMM interface version oxcuda implements.
SUPPORTED_EMM_INTERFACE_VERSION = 1


class OxcudaMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """The default manager (numba-cuda's ``NumbaCUDAMemoryManager``; not a public name).

    Its ``deallocations`` also holds the device blocks that dead arrays left in the native
    caching allocator: ``clear()`` returns them to the driver, ``disable()`` (``defer_cleanup``)
    keeps them cached (``memory/deallocations.py``)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.deallocations = PendingDeallocations(native_context=self._native_context)

    def initialize(self) -> None:
        pass

    def memalloc(self, size):
        """``size`` bytes from the caching allocator: a :class:`MemoryPointer` that owns
        them, as numba's does: its ``owner`` is itself, ``view()`` counts references, and
        the bytes go back to the cache when the pointer and its views are gone, or at
        ``free()``."""
        ctx = self._native_context()
        block = _native.device_array(ctx, (int(size),), "uint8")
        held = [block]  # released by the pointer's finalizer (its death, or free())
        return MemoryPointer(self.context, block.device_pointer_value, size, finalizer=held.clear)

    def get_memory_info(self) -> MemoryInfo:
        return MemoryInfo(*self._native_context()._raw_memory_info())

    def reset(self) -> None:
        """Carries out the pending frees: queued host frees, and the cached device blocks go
        back to the driver (arrays still alive keep their memory; nothing while deferred)."""
        super().reset()

    @property
    def interface_version(self) -> int:
        return SUPPORTED_EMM_INTERFACE_VERSION


__all__ = ["SUPPORTED_EMM_INTERFACE_VERSION", "OxcudaMemoryManager"]
