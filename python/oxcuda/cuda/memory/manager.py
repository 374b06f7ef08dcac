"""The EMM plugin base classes: ``BaseCUDAMemoryManager`` (the interface) and
``HostOnlyCUDAMemoryManager`` (the host side done for you), with numba-cuda's contracts.

One manager instance serves one context (``self.context``, passed as ``context=``); its methods
are always called with that context current. A plugin that allocates device memory elsewhere
(CuPy's pool, PyTorch's caching allocator, RMM) subclasses :class:`HostOnlyCUDAMemoryManager`
and implements ``memalloc``, ``initialize``, ``get_ipc_handle``, ``get_memory_info`` and
``interface_version``; pinned, mapped and managed host memory then come from oxcuda's native
core. See ``docs/runtime.md`` ("External memory management").
"""

from __future__ import annotations

import contextlib
from abc import ABCMeta, abstractmethod
from collections.abc import Iterator
from typing import Any

from oxcuda import _native
from oxcuda.cuda.memory.deallocations import PendingDeallocations
from oxcuda.cuda.memory.host import ManagedMemory, MappedMemory, PinnedMemory
from oxcuda.cuda.memory.pointer import native_context


class BaseCUDAMemoryManager(metaclass=ABCMeta):
    """Abstract base class of External Memory Management (EMM) plugins."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        if "context" not in kwargs:
            raise RuntimeError("Memory manager requires a context")
        self.context = kwargs.pop("context")

    @abstractmethod
    def memalloc(self, size):
        """``size`` bytes of device memory in the current context, as a :class:`MemoryPointer`
        that owns them (usually an ``AutoFreePointer`` with a finalizer, or its ``own()``)."""

    @abstractmethod
    def memhostalloc(self, size, mapped, portable, wc):
        """Pinned host memory: :class:`MappedMemory` when ``mapped``, else
        :class:`PinnedMemory`."""

    @abstractmethod
    def mempin(self, owner, pointer, size, mapped):
        """Page-locks existing host memory that ``owner`` owns: :class:`MappedMemory` when
        ``mapped``, else :class:`PinnedMemory`."""

    @abstractmethod
    def initialize(self):
        """Prepares the manager for use; called before first use, possibly more than once."""

    @abstractmethod
    def get_ipc_handle(self, memory):
        """An :class:`IpcHandle` for ``memory`` (a :class:`MemoryPointer` from ``memalloc``)."""

    @abstractmethod
    def get_memory_info(self):
        """``MemoryInfo(free, total)`` of the context; may raise ``NotImplementedError``."""

    @abstractmethod
    def reset(self):
        """Frees all memory of the context."""

    @abstractmethod
    def defer_cleanup(self):
        """A context manager that suppresses expensive cleanup while active."""

    @property
    @abstractmethod
    def interface_version(self):
        """The EMM interface version the plugin implements: 1."""


class HostOnlyCUDAMemoryManager(BaseCUDAMemoryManager):
    """An EMM plugin base that implements the host side (``memhostalloc``, ``mempin``,
    ``memallocmanaged``, ``reset``, ``defer_cleanup``) with oxcuda's native core; subclasses
    implement ``memalloc``, ``initialize``, ``get_ipc_handle``, ``get_memory_info`` and
    ``interface_version``. A subclass that overrides ``reset`` or ``defer_cleanup`` must call
    (or enter) ``super()``'s."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.allocations: dict[int, Any] = {}
        #: The frees not yet carried out (numba's ``deallocations``): host frees queued
        #: while cleanup is deferred.
        self.deallocations = PendingDeallocations()

    def _native_context(self) -> _native.Context:
        return native_context(self.context)

    def _free_later(self, native: Any, key: int) -> Any:
        """A finalizer that frees ``native`` (a ``HostMemory``) through
        :attr:`deallocations`: queued while cleanup is deferred."""
        allocations = self.allocations
        deallocations = self.deallocations
        size = native.size

        def finalize() -> None:
            allocations.pop(key, None)
            deallocations.add_item(_free_host_memory, native, size)

        return finalize

    def memhostalloc(self, size, mapped=False, portable=False, wc=False):
        """Page-locked host memory (``cuMemHostAlloc``); mapped into the device address space
        when ``mapped``."""
        native = _native.host_alloc(self._native_context(), size, mapped, portable, wc)
        key = native.host_pointer
        finalizer = self._free_later(native, key)
        if mapped:
            mem = MappedMemory(self.context, native.host_pointer, size, finalizer=finalizer)
            self.allocations[key] = mem
            return mem.own()
        return PinnedMemory(self.context, native.host_pointer, size, finalizer=finalizer)

    def mempin(self, owner, pointer, size, mapped=False):
        """Page-locks ``size`` bytes at ``pointer``, memory ``owner`` owns
        (``cuMemHostRegister``). Unpinning is never deferred: the same memory may be pinned
        again right after."""
        native = _native.host_register(self._native_context(), owner, int(pointer), size, mapped)
        key = native.host_pointer
        allocations = self.allocations

        def unpin() -> None:
            allocations.pop(key, None)
            native.free()

        if mapped:
            mem = MappedMemory(self.context, key, size, owner=owner, finalizer=unpin)
            self.allocations[key] = mem
            return mem.own()
        return PinnedMemory(self.context, key, size, owner=owner, finalizer=unpin)

    def memallocmanaged(self, size, attach_global=True):
        """Managed memory (``cuMemAllocManaged``), attached globally or to the host."""
        native = _native.managed_alloc(self._native_context(), size, attach_global)
        key = native.device_pointer
        mem = ManagedMemory(
            self.context, native.device_pointer, size, finalizer=self._free_later(native, key)
        )
        self.allocations[key] = mem
        return mem.own()

    def reset(self):
        """Forgets the host allocations it tracks and carries out the pending frees (none
        while cleanup is deferred)."""
        self.allocations.clear()
        self.deallocations.clear()

    @contextlib.contextmanager
    def defer_cleanup(self) -> Iterator[None]:
        """While active, pinned and managed memory that dies is not freed (nestable): the
        frees wait in :attr:`deallocations` and run when the outermost block ends."""
        with self.deallocations.disable():
            yield


def _free_host_memory(native: Any) -> None:
    native.free()


__all__ = ["BaseCUDAMemoryManager", "HostOnlyCUDAMemoryManager"]
