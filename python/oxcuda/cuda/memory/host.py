"""Host memory the GPU can reach: ``PinnedMemory``, ``MappedMemory``, ``ManagedMemory``
(numba-cuda's EMM classes and signatures).

Each exposes its bytes to NumPy: ``numpy.asarray(mem)`` is a 1-d ``uint8`` array over the
memory whose ``base`` keeps ``mem`` (and so the memory) alive. That is ``__array_interface__``;
on Python 3.12 and later ``memoryview(mem)`` works too (``__buffer__``). numba-cuda exposes the
same memory through the buffer protocol of a C base class; oxcuda's native core is built for the
stable ABI of Python 3.10, which has no buffer protocol for extension classes.
"""

from __future__ import annotations

import weakref
from typing import Any

from oxcuda import _native
from oxcuda.cuda.memory.pointer import (
    AutoFreePointer,
    OwnedPointer,
    _address,
    _size,
    native_context,
)


def _array_interface(pointer: int, size: int) -> dict[str, Any]:
    return {
        "shape": (size,),
        "typestr": "|u1",
        "data": (pointer, False),
        "strides": None,
        "version": 3,
    }


class _HostBuffer:
    """``__array_interface__`` / ``__buffer__`` over ``_bufptr_`` and ``_buflen_`` (the names of
    numba's ``mviewbuf.MemAlloc``)."""

    _bufptr_: int
    _buflen_: int

    @property
    def __array_interface__(self) -> dict[str, Any]:
        finalizer = getattr(self, "_finalizer", None)
        if finalizer is not None and not finalizer.alive:
            raise ValueError(
                f"this {type(self).__name__} was freed (free(), or the end of its "
                "cuda.pinned()/cuda.mapped() block); it can no longer be viewed"
            )
        return _array_interface(self._bufptr_, self._buflen_)

    def __buffer__(self, flags: int) -> memoryview:
        import numpy as np

        return memoryview(np.asarray(self))


class MappedMemory(_HostBuffer, AutoFreePointer):
    """Host memory at ``pointer`` mapped into the device address space: ``device_pointer`` is
    its device address (``cuMemHostGetDevicePointer``), ``host_pointer`` the host one."""

    __cuda_memory__ = True

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.owned = owner
        self.host_pointer = _address(pointer, "MappedMemory")
        # Empty regions are not mapped (nothing was page-locked), so they have no device address.
        devptr = (
            _native.host_device_pointer(native_context(context), self.host_pointer)
            if _size(size, "MappedMemory")
            else 0
        )
        self._bufptr_ = self.host_pointer
        super().__init__(context, devptr, size, finalizer=finalizer)
        self.handle = self.host_pointer
        self._buflen_ = self.size

    def own(self) -> MappedOwnedPointer:
        return MappedOwnedPointer(self)


class PinnedMemory(_HostBuffer):
    """Page-locked host memory at ``pointer`` (not mapped: kernels cannot address it, but
    transfers from and to it are faster and can be asynchronous)."""

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.context = context
        self.owned = owner
        self.size = _size(size, "PinnedMemory")
        self.host_pointer = _address(pointer, "PinnedMemory")
        self.is_managed = finalizer is not None
        self.handle = self.host_pointer
        self._buflen_ = self.size
        self._bufptr_ = self.host_pointer
        self._finalizer = weakref.finalize(self, finalizer) if finalizer is not None else None

    def own(self) -> PinnedMemory:
        return self

    def free(self) -> None:
        """Releases the memory now (unpins memory pinned by ``mempin``; frees memory from
        ``memhostalloc``). An oxcuda addition: ``cuda.pinned()`` unpins with it on exit."""
        if self._finalizer is not None and self._finalizer.alive:
            self._finalizer()

    def __repr__(self) -> str:
        return f"<PinnedMemory of {self.size} bytes at {self.host_pointer:#x}>"


class ManagedMemory(_HostBuffer, AutoFreePointer):
    """Managed (unified) memory: one address valid on the host and the device."""

    __cuda_memory__ = True

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.owned = owner
        super().__init__(context, pointer, size, finalizer=finalizer)
        self.host_pointer = self.device_pointer
        self._buflen_ = self.size
        self._bufptr_ = self.device_pointer

    def own(self) -> ManagedOwnedPointer:
        return ManagedOwnedPointer(self)


class _OwnedHostPointer(OwnedPointer):
    """An owned reference NumPy views as the memory itself."""

    @property
    def __array_interface__(self) -> dict[str, Any]:
        return self._view.__array_interface__

    def __buffer__(self, flags: int) -> memoryview:
        return self._view.__buffer__(flags)


class MappedOwnedPointer(_OwnedHostPointer):
    """An owned reference to :class:`MappedMemory`."""


class ManagedOwnedPointer(_OwnedHostPointer):
    """An owned reference to :class:`ManagedMemory`."""


__all__ = [
    "ManagedMemory",
    "ManagedOwnedPointer",
    "MappedMemory",
    "MappedOwnedPointer",
    "PinnedMemory",
]
