"""The NumPy subclasses of ``mapped_array`` and ``managed_array``: :class:`MappedNDArray` and
:class:`ManagedNDArray`, host arrays that also export ``__cuda_array_interface__`` with the
device address of their memory, so kernels take them without copies.

A separate module because defining an ``ndarray`` subclass imports NumPy, which
``import oxcuda.cuda`` must not do; ``oxcuda.cuda.memory`` loads it on first use.
"""

from __future__ import annotations

import ctypes
from typing import Any

import numpy as np


def _bounds(ary: np.ndarray) -> tuple[int, int]:
    """``[lo, hi)``: the host bytes ``ary`` spans."""
    ptr = ary.__array_interface__["data"][0]
    if ary.size == 0:
        return ptr, ptr
    lo = hi = ptr
    for n, s in zip(ary.shape, ary.strides, strict=True):
        if s < 0:
            lo += (n - 1) * s
        else:
            hi += (n - 1) * s
    return lo, hi + ary.itemsize


class _DeviceVisibleNDArray(np.ndarray):
    """A NumPy array in memory a kernel can address; ``gpu_data`` is that memory (a pointer
    object from the memory manager), ``stream`` the stream it is bound to."""

    __cuda_memory__ = True
    gpu_data: Any = None
    stream: Any = 0

    def device_setup(self, gpu_data: Any, stream: Any = 0) -> None:
        self.gpu_data = gpu_data
        self.stream = stream

    def __array_finalize__(self, obj: Any) -> None:
        # A view of our memory stays device-visible; anything else (a ufunc's result, a copy)
        # is ordinary memory.
        gpu = getattr(obj, "gpu_data", None)
        self.stream = getattr(obj, "stream", 0)
        self.gpu_data = gpu if gpu is not None and self._inside(gpu) else None

    def __array_wrap__(self, array: Any, *args: Any, **kwargs: Any) -> Any:
        result = super().__array_wrap__(array, *args, **kwargs)
        if isinstance(result, _DeviceVisibleNDArray) and result.gpu_data is None:
            return result.view(np.ndarray)
        return result

    def _inside(self, gpu: Any) -> bool:
        base = _host_pointer(gpu)
        lo, hi = _bounds(self)
        return base <= lo and hi <= base + gpu.size

    def _device_data(self) -> int:
        gpu = self.gpu_data
        if gpu is None:
            raise AttributeError(
                f"this {type(self).__name__} is not in device-visible memory (it is a copy or a "
                "new array made from one); only views of a mapped_array()/managed_array() are"
            )
        base = gpu.device_pointer_value or 0
        if self.size == 0:
            return 0
        return base + (self.__array_interface__["data"][0] - _host_pointer(gpu))

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        """The CUDA Array Interface (v3) with the device address of the memory."""
        data = self._device_data()
        desc: dict[str, Any] = {
            "shape": self.shape,
            "strides": None if self.flags["C_CONTIGUOUS"] else self.strides,
            "data": (data, not self.flags["WRITEABLE"]),
            "typestr": self.dtype.str,
            "version": 3,
        }
        if self.dtype.fields is not None:
            desc["descr"] = self.dtype.descr
        handle = int(getattr(self.stream, "handle", self.stream) or 0)
        desc["stream"] = handle or None
        return desc

    @property
    def device_ctypes_pointer(self) -> ctypes.c_void_p:
        return ctypes.c_void_p(self._device_data() or None)

    def copy_to_host(self, ary: np.ndarray | None = None, stream: Any = 0) -> np.ndarray:
        """A host copy (into ``ary`` when given), after ``stream``'s work is done."""
        if stream:
            stream.synchronize()
        src = self.view(np.ndarray)
        if ary is None:
            return src.copy()
        np.copyto(ary, src)
        return ary

    def copy_to_device(self, ary: Any, stream: Any = 0) -> None:
        """Copies ``ary`` into this memory (after ``stream``'s work is done)."""
        if stream:
            stream.synchronize()
        np.copyto(self.view(np.ndarray), np.asarray(ary))


class MappedNDArray(_DeviceVisibleNDArray):
    """A host array in mapped (pinned, device-addressable) memory."""


class ManagedNDArray(_DeviceVisibleNDArray):
    """A host array in managed (unified) memory."""


def _host_pointer(gpu: Any) -> int:
    host = getattr(gpu, "host_pointer", None)
    if host is None:
        host = gpu.device_pointer_value or 0
    return int(host)


__all__ = ["ManagedNDArray", "MappedNDArray"]
