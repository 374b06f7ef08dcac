"""Device arrays: ``to_device``, ``device_array``, ``device_array_like``, and CUDA Array Interface
import (``as_cuda_array``, ``from_cuda_array_interface``, ``is_cuda_array``), DLPack import
(``from_dlpack``).

:class:`DeviceNDArray` is the Rust class of ``crates/python/src/memory/devicearray.rs`` (its
module is this one). Arrays are allocated in the current context: a GPU's, or the host backend's
when ``oxcuda.config.TARGET == "sim"`` (host memory the simulator runs kernels on). NumPy is
imported by the core only when an array operation needs it, so importing this module stays cheap.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from oxcuda import _native
from oxcuda._native import DeviceNDArray, DeviceRecord, is_device_array
from oxcuda.cuda import _pickling
from oxcuda.cuda._devices import current_context

# Device arrays and records pickle through host memory (oxcuda.cuda._pickling).
_pickling.register_device_arrays()


def to_device(obj: Any, stream: Any = 0, copy: bool = True, to: DeviceNDArray | None = None):
    """Copies host data (a NumPy array or anything ``numpy.asarray`` accepts) to a new device
    array; with ``to``, copies into that array instead. A device array is returned as it is, an
    object with ``__cuda_array_interface__`` wrapped without copying. ``copy=False`` allocates
    without copying."""
    if to is not None:
        to.copy_to_device(obj, stream=stream)
        return to
    if not copy:
        return device_array_like(obj, stream=stream)
    return _native.to_device(current_context(), obj, stream)


def device_array(shape, dtype: Any = "float64", strides=None, order: str = "C", stream: Any = 0):
    """An uninitialised device array."""
    return _native.device_array(current_context(), shape, dtype, strides, order, stream)


def device_array_like(ary: Any, stream: Any = 0):
    """An uninitialised device array with ``ary``'s shape and dtype (compact strides, ``ary``'s
    axis order)."""
    return _native.device_array_like(current_context(), ary, stream)


def is_cuda_array(obj: Any) -> bool:
    """True when ``obj`` exposes ``__cuda_array_interface__``."""
    return hasattr(obj, "__cuda_array_interface__")


def as_cuda_array(obj: Any, sync: bool = True):
    """``obj`` (a CUDA Array Interface producer: CuPy, PyTorch, …) as a device array sharing its
    memory; ``obj`` stays alive as long as the view. With ``sync``, waits for the producer's
    stream first (``OXCUDA_CUDA_ARRAY_INTERFACE_SYNC=0`` turns that off)."""
    if is_device_array(obj):
        return obj
    if not is_cuda_array(obj):
        raise TypeError(
            f"{type(obj).__name__} does not implement __cuda_array_interface__; "
            "use cuda.to_device() to copy host data"
        )
    return from_cuda_array_interface(obj.__cuda_array_interface__, owner=obj, sync=sync)


def from_cuda_array_interface(desc: dict, owner: Any = None, sync: bool = True):
    """A device array over the memory ``desc`` (a CUDA Array Interface dict) describes; ``owner``
    is kept alive with it."""
    return _native.from_cuda_array_interface(current_context(), desc, owner, sync)


@contextlib.contextmanager
def defer_cleanup() -> Iterator[None]:
    """Within the block, cached memory is not returned to the driver and dead pinned memory is
    not freed (nestable); with an EMM plugin, the plugin's ``defer_cleanup()`` is held too."""
    from oxcuda.cuda.memory.selection import manager_for

    with manager_for(current_context()).defer_cleanup():
        yield


def from_dlpack(obj: Any):
    """A device array viewing the memory of ``obj`` (anything with ``__dlpack__``: CuPy,
    PyTorch, JAX; NumPy on the host backend; or a DLPack capsule) without copying. The
    producer's memory stays alive with the array; a read-only export gives a read-only array.
    The producer orders its work before the legacy default stream (the DLPack stream
    handshake)."""
    return _native.from_dlpack(current_context(), obj)


__all__ = [
    "DeviceNDArray",
    "DeviceRecord",
    "as_cuda_array",
    "auto_device",
    "defer_cleanup",
    "device_array",
    "device_array_like",
    "from_cuda_array_interface",
    "from_dlpack",
    "is_contiguous",
    "is_cuda_array",
    "is_device_array",
    "to_device",
]


def is_contiguous(ary: Any) -> bool:
    """Whether ``ary`` (a NumPy or device array) is C-contiguous once its broadcast dimensions
    (stride 0) are left out, judged from its shape and strides as numba's ``is_contiguous``
    does: unit-length dimensions may have any stride. It equals
    ``array_core(ary).flags["C_CONTIGUOUS"]`` (``oxcuda.cuda.cudadrv.devicearray``)."""
    size = ary.dtype.itemsize
    for extent, stride in zip(reversed(ary.shape), reversed(ary.strides), strict=True):
        if extent > 1 and stride != 0:
            if stride != size:
                return False
            size *= extent
    return True


def auto_device(obj: Any, stream: Any = 0, copy: bool = True, user_explicit: bool = False):
    """``(device_array, converted)``: ``obj`` itself when it is already on the device
    (``converted`` False), else a new device copy of it (``converted`` True; ``copy=False``
    allocates without copying). Scalars and sequences are converted with ``numpy.asarray``.

    ``user_explicit`` is numba's flag for a copy the user asked for; oxcuda's launcher warns
    about implicit copies itself, so it changes nothing here.
    """
    import numpy as np

    if is_cuda_array(obj):
        return as_cuda_array(obj), False
    if isinstance(obj, np.void):
        return to_device(obj, stream=stream), True
    if not isinstance(obj, np.ndarray):
        obj = np.asarray(obj)
    if copy:
        return to_device(obj, stream=stream), True
    return device_array_like(obj, stream=stream), True


def from_array_like(ary: Any, stream: Any = 0, gpu_data: Any = None) -> DeviceNDArray:
    """A device array of ``ary``'s shape, strides and dtype (numba's ``from_array_like``): new
    memory, or over ``gpu_data`` (a ``MemoryPointer``). Nothing is copied."""
    return DeviceNDArray(ary.shape, ary.strides, ary.dtype, stream=stream, gpu_data=gpu_data)


def from_record_like(rec: Any, stream: Any = 0, gpu_data: Any = None) -> DeviceRecord:
    """A device record of ``rec``'s structured dtype (numba's ``from_record_like``): new memory,
    or over ``gpu_data`` (a ``MemoryPointer``). Nothing is copied."""
    return DeviceRecord(rec.dtype, stream=stream, gpu_data=gpu_data)


def _numba_type(self: DeviceNDArray) -> Any:
    """The type a kernel sees this array (or record) as, numba's ``_numba_type_``:
    ``float32[::1]`` for a C-contiguous float32 vector (layout ``'C'``, ``'F'`` or ``'A'`` from
    its strides, as the launcher types it), the record type for a ``DeviceRecord``."""
    from oxcuda import types

    (text,) = _native.typeof_args((self,))
    return types.from_text(text)


# numba's typing hook, on the native class (whose type object accepts Python attributes):
# read-only, computed from the array's dtype and strides on each access.
DeviceNDArray._numba_type_ = property(_numba_type, doc=_numba_type.__doc__)
