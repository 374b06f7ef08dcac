"""CUDA IPC: ``GetIpcHandleMixin`` (the default ``get_ipc_handle`` of a memory manager) and
``IpcHandle`` (a picklable handle another process opens), numba-cuda's names and contracts.

A handle names a whole device allocation (``cuIpcGetMemHandle`` of its base address, found with
``cuMemGetAddressRange``) plus the offset of the shared bytes in it. Opening it in another
process maps the allocation (``cuIpcOpenMemHandle``) directly when the devices are peers, or
copies it into a fresh allocation ("staged") when they are not. Linux only; the host backend
(the simulator) has no IPC and says so.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from oxcuda import _native
from oxcuda.cuda.memory.pointer import MemoryPointer, native_context


class GetIpcHandleMixin:
    """A default ``get_ipc_handle()`` for memory managers."""

    def get_ipc_handle(self, memory):
        """An :class:`IpcHandle` for ``memory``: the IPC handle of the allocation containing it
        and the offset of ``memory`` in that allocation."""
        ctx = native_context(self.context)
        pointer = memory.device_pointer_value or 0
        base, handle = _native.ipc_get_handle(ctx, pointer)
        source_info = ctx.device.get_device_identity()
        return IpcHandle(memory, handle, memory.size, source_info, offset=pointer - base)


def _device_from_identity(identity: dict[str, Any]):
    from oxcuda.cuda._devices import list_devices

    for device in list_devices():
        if device.get_device_identity() == identity:
            return device
    raise RuntimeError(f"no device of this process has the identity {identity}")


class IpcHandle:
    """A CUDA IPC handle: ``base`` (the exported memory, kept alive; ``None`` once unpickled
    in another process), ``handle`` (64 bytes), ``size``, ``source_info`` (the exporting
    device's PCI identity) and ``offset`` into the allocation."""

    def __init__(self, base, handle, size, source_info=None, offset=0):
        self.base = base
        self.handle = _handle_bytes(handle)  # an IpcMemHandle: bytes with ``.reserved``
        self.size = size
        self.source_info = source_info
        self.offset = offset
        self._opened: tuple[_native.Context, int] | None = None

    def _sentry_source_info(self) -> None:
        if self.source_info is None:
            raise RuntimeError("IPC handle doesn't have source info")

    def can_access_peer(self, context) -> bool:
        """Whether ``context``'s device can map the exporting device's memory."""
        self._sentry_source_info()
        ctx = native_context(context)
        if self.source_info == ctx.device.get_device_identity():
            return True
        source = _device_from_identity(self.source_info)
        return _native.can_access_peer(ctx.device_id, source.id)

    def open_direct(self, context):
        """Maps the memory into ``context`` (``cuIpcOpenMemHandle``); a pointer to it."""
        if self.base is not None:
            raise ValueError("opening IpcHandle from original process")
        if self._opened is not None:
            raise ValueError("IpcHandle is already opened")
        ctx = native_context(context)
        base = _native.ipc_open(ctx, self.handle)
        self._opened = (ctx, base)
        return MemoryPointer(context, base + self.offset, self.size, owner=self)

    def open_staged(self, context):
        """Opens the memory on the exporting device and copies it into a new allocation of
        ``context`` (for devices that are not peers)."""
        self._sentry_source_info()
        if self._opened is not None:
            raise ValueError("IpcHandle is already opened")
        from oxcuda import cuda

        source = _device_from_identity(self.source_info)
        with cuda.gpus[source.id]:
            source_ctx = cuda.current_context()
            base = _native.ipc_open(source_ctx, self.handle)
        try:
            ctx = native_context(context)
            new = ctx.memalloc(self.size)
            _native.memcpy(
                ctx, "dtod", new.device_pointer_value or 0, base + self.offset, self.size
            )
        finally:
            with cuda.gpus[source.id]:
                _native.ipc_close(source_ctx, base)
        self._opened = (ctx, 0)
        return new

    def open(self, context):
        """The memory in ``context``: mapped directly when the devices are peers, else
        copied (staged)."""
        if self.source_info is None or self.can_access_peer(context):
            return self.open_direct(context)
        return self.open_staged(context)

    def open_array(self, context, shape, dtype, strides=None):
        """Like :meth:`open`, as a device array of ``shape`` and ``dtype``."""
        import numpy as np

        from oxcuda.cuda.memory.arrays import device_array_over

        dtype = np.dtype(dtype)
        pointer = self.open(context)
        return device_array_over(native_context(context), pointer, shape, dtype, strides)

    def close(self) -> None:
        """Unmaps memory opened with :meth:`open_direct` (staged copies are freed with their
        arrays)."""
        if self._opened is None:
            raise ValueError("IpcHandle not opened")
        ctx, base = self._opened
        if base:
            _native.ipc_close(ctx, base)
        self._opened = None

    def __reduce__(self):
        return (
            _rebuild_ipc_handle,
            (type(self), bytes(self.handle), self.size, self.source_info, self.offset),
        )

    def __repr__(self) -> str:
        return f"<IpcHandle of {self.size} bytes at offset {self.offset}>"


class IpcArrayHandle:
    """What ``DeviceNDArray.get_ipc_handle()`` returns: an :class:`IpcHandle` and the array's
    shape, strides, dtype and offset. Picklable; in another process ``open()`` (or ``with
    handle as array:``) gives a device array viewing the exporter's memory, ``close()`` unmaps
    it."""

    def __init__(self, ipc_handle: IpcHandle, array_desc: dict[str, Any]) -> None:
        self._array_desc = array_desc
        self._ipc_handle = ipc_handle

    def open(self):
        """The array, in the current context."""
        from oxcuda.cuda._devices import current_context
        from oxcuda.cuda.memory.arrays import device_array_over

        ctx = current_context()
        desc = self._array_desc
        pointer = self._ipc_handle.open(ctx)
        return device_array_over(
            ctx, pointer, desc["shape"], desc["dtype"], desc["strides"], desc.get("offset", 0)
        )

    def close(self) -> None:
        """Unmaps the memory; arrays from ``open()`` must not be used afterwards."""
        self._ipc_handle.close()

    def __enter__(self):
        return self.open()

    def __exit__(self, *exc: object) -> None:
        self.close()


def array_ipc_handle(array) -> IpcArrayHandle:
    """``DeviceNDArray.get_ipc_handle()``: the IPC handle of the bytes the array spans."""
    gpu_data = array.gpu_data
    ipc_handle = array.context.get_ipc_handle(gpu_data)
    offset = (array.device_pointer_value or 0) - (gpu_data.device_pointer_value or 0)
    desc = {
        "shape": array.shape,
        "strides": array.strides,
        "dtype": array.dtype,
        "offset": offset if array.size else 0,
    }
    return IpcArrayHandle(ipc_handle=ipc_handle, array_desc=desc)


@contextlib.contextmanager
def open_ipc_array(handle, shape, dtype, strides=None, offset=0) -> Iterator[Any]:
    """Opens an IPC handle (the 64 bytes of a ``CUipcMemHandle``, e.g. ``bytes`` or a tuple of
    ints) as a device array of ``shape``/``dtype`` (C-contiguous unless ``strides``), ``offset``
    bytes into the allocation; closed when the block ends. Linux only, GPU only."""
    import numpy as np

    from oxcuda.cuda._devices import current_context

    dtype = np.dtype(dtype)
    dims = (shape,) if isinstance(shape, int) else tuple(shape)
    size = int(np.prod(dims, dtype=np.int64)) * dtype.itemsize
    ipc_handle = IpcHandle(None, handle, size, offset=offset)
    array = ipc_handle.open_array(current_context(), dims, dtype, strides)
    try:
        yield array
    finally:
        ipc_handle.close()


class IpcMemHandle(bytes):
    """The 64 bytes of a ``CUipcMemHandle``. A ``bytes`` (it pickles, compares and hashes as
    its bytes), with the ``reserved`` attribute of cuda.bindings' struct, which is how
    numba-cuda's users read a handle's bytes (``ipch.handle.reserved``)."""

    __slots__ = ()

    @property
    def reserved(self) -> bytes:
        """The handle's bytes, as a plain ``bytes``."""
        return bytes(self)


def _handle_bytes(handle: Any) -> IpcMemHandle:
    if hasattr(handle, "reserved"):  # cuda.bindings' CUipcMemHandle, or ours
        handle = handle.reserved
    data = bytes(bytearray(handle))
    if len(data) != 64:
        raise ValueError(f"an IPC handle is 64 bytes, got {len(data)}")
    return IpcMemHandle(data)


def _rebuild_ipc_handle(cls, handle, size, source_info, offset):
    return cls(base=None, handle=handle, size=size, source_info=source_info, offset=offset)


__all__ = ["GetIpcHandleMixin", "IpcArrayHandle", "IpcHandle", "open_ipc_array"]
