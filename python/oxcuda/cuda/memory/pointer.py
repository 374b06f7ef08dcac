"""Memory pointers: ``MemoryPointer``, ``AutoFreePointer`` and ``OwnedPointer``, numba-cuda's
EMM classes with their names, signatures and reference-counting contract.

A :class:`MemoryPointer` describes ``size`` bytes at a device address in a context. Its buffer
lives as long as the instance: when it is garbage-collected its ``finalizer`` (if any) runs and
frees the memory. ``own()`` hands out an :class:`OwnedPointer`, which counts as a reference
(``refct``); :class:`AutoFreePointer` starts at zero references, so its finalizer runs as soon as
the last owned pointer goes, even while the pointer object itself is still referenced.

``context`` is the first positional parameter and a real attribute (Apache Arrow passes it
positionally and reads ``context.handle.value``); it is the context the memory belongs to.
"""

from __future__ import annotations

import ctypes
import weakref
from typing import Any

from oxcuda import _native


def _address(pointer: Any, who: str) -> int:
    """``pointer`` as an int: an int, a ``ctypes.c_void_p``, or anything ``int()`` accepts
    (cuda-bindings' ``CUdeviceptr``)."""
    if isinstance(pointer, ctypes.c_void_p):
        return pointer.value or 0
    if pointer is None:
        return 0
    try:
        value = int(pointer)
    except (TypeError, ValueError):
        raise TypeError(
            f"{who}: pointer must be an int, a ctypes.c_void_p or an object int() accepts (such "
            f"as cuda.bindings' CUdeviceptr), got {type(pointer).__name__}"
        ) from None
    if value < 0:
        raise ValueError(f"{who}: pointer must be a non-negative address, got {value}")
    return value


def _size(size: Any, who: str) -> int:
    try:
        value = int(size)
    except (TypeError, ValueError):
        raise TypeError(f"{who}: size must be an int, got {type(size).__name__}") from None
    if value < 0:
        raise ValueError(f"{who}: size must be a non-negative number of bytes, got {value}")
    return value


def native_context(context: Any) -> _native.Context:
    """The native context of a pointer's ``context`` (the current one when it is ``None`` or a
    proxy, as numba's plugins sometimes store)."""
    if type(context) is _native.Context:
        return context
    from oxcuda.cuda._devices import current_context

    return current_context()


def _stream_arg(stream: Any) -> Any:
    return None if not stream else stream


class MemoryPointer:
    """``size`` bytes of device memory at ``pointer`` in ``context``, freed by ``finalizer``
    when the instance dies (numba-cuda's contract; see the module doc)."""

    __cuda_memory__ = True

    def __init__(self, context, pointer, size, owner=None, finalizer=None):
        self.context = context
        self.device_pointer = _address(pointer, type(self).__name__)
        self.size = _size(size, type(self).__name__)
        self._cuda_memsize_ = self.size
        self.is_managed = finalizer is not None
        self.refct = 1
        self.handle = self.device_pointer
        self._owner = owner
        if finalizer is not None:
            if not callable(finalizer):
                raise TypeError(
                    f"{type(self).__name__}: finalizer must be callable (it frees the memory), "
                    f"got {type(finalizer).__name__}"
                )
            self._finalizer = weakref.finalize(self, finalizer)

    @property
    def owner(self):
        """The object that owns the memory: the given owner, else this pointer."""
        return self if self._owner is None else self._owner

    def own(self) -> OwnedPointer:
        """A new reference to the memory."""
        return OwnedPointer(self)

    def __eq__(self, other: object) -> bool:
        # numba's MemoryPointer compares by device address: two views of one allocation at the
        # same offset are equal, whatever their sizes (an OwnedPointer view too).
        if not isinstance(other, (MemoryPointer, OwnedPointer)):
            return NotImplemented
        return self.device_pointer_value == other.device_pointer_value

    def __hash__(self) -> int:
        return hash(self.device_pointer_value)

    def free(self) -> None:
        """Frees the memory now (runs the finalizer); for pointers without one, nothing."""
        if self.is_managed:
            if not self._finalizer.alive:
                raise RuntimeError("Freeing dead memory")
            self._finalizer()

    def memset(self, byte: int, count: int | None = None, stream: Any = 0) -> None:
        """Sets ``count`` bytes (all by default) to ``byte``; on ``stream`` when given."""
        count = self.size if count is None else count
        if not 0 <= count <= self.size:
            raise ValueError(
                f"memset: count {count} is outside the {self.size} bytes of this pointer"
            )
        _native.memset(
            native_context(self.context), self.device_pointer, byte, count, _stream_arg(stream)
        )

    def view(self, start: int, stop: int | None = None):
        """The bytes ``start:stop`` as a pointer that keeps this memory alive."""
        size = self.size - start if stop is None else stop - start
        if not self.device_pointer_value:
            if size != 0:
                raise RuntimeError("non-empty slice into empty slice")
            view = self
        else:
            if size < 0:
                raise RuntimeError("size cannot be negative")
            if start < 0 or start + size > self.size:
                raise ValueError(
                    f"view({start}, {stop}) is outside the {self.size} bytes of this pointer"
                )
            view = MemoryPointer(self.context, self.device_pointer + start, size, owner=self.owner)
        if isinstance(self.owner, (MemoryPointer, OwnedPointer)):
            return OwnedPointer(self.owner, view)
        return view

    @property
    def device_ctypes_pointer(self) -> ctypes.c_size_t:
        """The device address as a ``ctypes.c_size_t`` (numba-cuda's type; 0 when empty)."""
        return ctypes.c_size_t(self.device_pointer)

    @property
    def device_pointer_value(self) -> int | None:
        return self.device_pointer or None

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} of {self.size} bytes at {self.device_pointer:#x}"
            f" refct={self.refct}>"
        )


class AutoFreePointer(MemoryPointer):
    """A :class:`MemoryPointer` whose memory is freed when the last :class:`OwnedPointer` made
    by ``own()`` goes (its reference count starts at zero)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.refct -= 1


class OwnedPointer:
    """A counted reference to a :class:`MemoryPointer` (``view``: a sub-range of it); every
    other attribute is the viewed pointer's."""

    def __init__(self, memptr, view=None):
        self._mem = memptr
        self._view = memptr if view is None else view
        mem = memptr

        def deref() -> None:
            mem.refct -= 1
            if mem.refct == 0 and mem.is_managed and mem._finalizer.alive:
                mem.free()

        mem.refct += 1
        weakref.finalize(self, deref)
        self.device_ctypes_pointer = self._view.device_ctypes_pointer

    def __getattr__(self, name: str):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return getattr(self._view, name)

    __cuda_memory__ = True

    @property
    def device_pointer_value(self) -> int | None:
        return self._view.device_pointer_value

    def __eq__(self, other: object) -> bool:
        # By device address, as MemoryPointer compares.
        if not isinstance(other, (MemoryPointer, OwnedPointer)):
            return NotImplemented
        return self.device_pointer_value == other.device_pointer_value

    def __hash__(self) -> int:
        return hash(self.device_pointer_value)

    def __repr__(self) -> str:
        return f"<OwnedPointer of {self._view!r}>"


__all__ = ["AutoFreePointer", "MemoryPointer", "OwnedPointer"]
