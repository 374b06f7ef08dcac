"""oxcuda's own memory manager, behind the EMM interface: device memory from the native caching
allocator (``crates/runtime/src/allocator.rs``), host memory from the native core.

It is the manager of every context while no plugin is set. Device arrays do not go through it
(they call the native allocator directly, with no Python on the way); it serves the EMM-level
calls: ``current_context().memalloc(n)``, ``memhostalloc``, ``mempin``, ``get_ipc_handle``, …
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from oxcuda import _native
from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin
from oxcuda.cuda.memory.manager import HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import MemoryPointer

#: The EMM interface version oxcuda implements.
SUPPORTED_EMM_INTERFACE_VERSION = 1


class OxcudaMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """The default manager (numba-cuda's ``NumbaCUDAMemoryManager``; not a public name)."""

    def initialize(self) -> None:
        pass

    def memalloc(self, size):
        """``size`` bytes from the caching allocator: a :class:`MemoryPointer` that owns
        them (returned to the cache when the pointer and its views are gone)."""
        ctx = self._native_context()
        block = _native.device_array(ctx, (int(size),), "uint8")
        return MemoryPointer(self.context, block.device_pointer_value, size, owner=block)

    def get_memory_info(self) -> MemoryInfo:
        return MemoryInfo(*self._native_context()._raw_memory_info())

    def reset(self) -> None:
        super().reset()
        self._native_context().empty_cache()

    @contextlib.contextmanager
    def defer_cleanup(self) -> Iterator[None]:
        ctx = self._native_context()
        with super().defer_cleanup():
            ctx._begin_defer()
            try:
                yield
            finally:
                ctx._end_defer()

    @property
    def interface_version(self) -> int:
        return SUPPORTED_EMM_INTERFACE_VERSION


__all__ = ["SUPPORTED_EMM_INTERFACE_VERSION", "OxcudaMemoryManager"]
