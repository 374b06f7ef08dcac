"""numba-cuda's ``numba.cuda.cudadrv.devicearray`` names: the device array classes (re-exported,
see the package doc), the helpers numba-cuda's users import from this path,
:func:`auto_device`, :func:`is_contiguous`, :func:`from_array_like` and
:func:`from_record_like` (defined in :mod:`oxcuda.cuda.devicearray`), and numba's checks of
array objects: :func:`array_core`, :func:`sentry_contiguous`, :func:`is_cuda_ndarray`,
:func:`require_cuda_ndarray`, :func:`verify_cuda_ndarray_interface`.

Invariant: these work on NumPy arrays and device arrays alike, from their ``shape``,
``strides`` and indexing only (nothing here copies or allocates).
"""

from __future__ import annotations

from typing import Any

from oxcuda._native import DeviceNDArray, DeviceRecord
from oxcuda.cuda.devicearray import (
    auto_device,
    from_array_like,
    from_record_like,
    is_contiguous,
)
from oxcuda.cuda.memory.ipc import IpcArrayHandle
from oxcuda.cuda.memory.ndarray import ManagedNDArray, MappedNDArray

#: numba's message for an array whose data is not one block of memory.
errmsg_contiguous_buffer = (
    "Array contains non-contiguous buffer and cannot be transferred as a single memory "
    "region. Please ensure contiguous buffer with numpy .ascontiguousarray()"
)


def array_core(ary: Any) -> Any:
    """The repeated core of a broadcast array: the view of ``ary`` at index 0 of every
    dimension of stride 0 (a broadcast dimension repeats the same bytes), so that the
    contiguity of the memory that actually holds the data can be read from its flags. An
    array with no dimensions or no elements is returned as it is."""
    if not ary.strides or not ary.size:
        return ary
    return ary[tuple(0 if stride == 0 else slice(None) for stride in ary.strides)]


def sentry_contiguous(ary: Any) -> None:
    """Raises ``ValueError`` (:data:`errmsg_contiguous_buffer`) unless ``ary``'s core
    (:func:`array_core`) is C- or Fortran-contiguous, i.e. one block a single copy can move."""
    core = array_core(ary)
    if not core.flags["C_CONTIGUOUS"] and not core.flags["F_CONTIGUOUS"]:
        raise ValueError(errmsg_contiguous_buffer)


def is_cuda_ndarray(obj: Any) -> bool:
    """Whether ``obj`` declares itself a CUDA ndarray (a true ``__cuda_ndarray__``, which
    device arrays have)."""
    return bool(getattr(obj, "__cuda_ndarray__", False))


def require_cuda_ndarray(obj: Any) -> None:
    """Raises ``ValueError`` unless :func:`is_cuda_ndarray` holds for ``obj``."""
    if not is_cuda_ndarray(obj):
        raise ValueError(
            f"require a CUDA ndarray object (a device array: cuda.to_device(...)), got "
            f"{type(obj).__name__}"
        )


def verify_cuda_ndarray_interface(obj: Any) -> None:
    """Checks that ``obj`` is a CUDA ndarray with numba's array attributes: ``shape`` and
    ``strides`` tuples, a NumPy ``dtype`` and an ``int`` ``size``. ``ValueError`` when it is
    not a CUDA ndarray, ``AttributeError`` naming the attribute missing or of the wrong type."""
    import numpy as np

    require_cuda_ndarray(obj)
    for name, kind in (("shape", tuple), ("strides", tuple), ("dtype", np.dtype), ("size", int)):
        if not hasattr(obj, name):
            raise AttributeError(name)
        if not isinstance(getattr(obj, name), kind):
            raise AttributeError(f"{name} must be of type {kind}")


__all__ = [
    "DeviceNDArray",
    "DeviceRecord",
    "IpcArrayHandle",
    "ManagedNDArray",
    "MappedNDArray",
    "array_core",
    "auto_device",
    "errmsg_contiguous_buffer",
    "from_array_like",
    "from_record_like",
    "is_contiguous",
    "is_cuda_ndarray",
    "require_cuda_ndarray",
    "sentry_contiguous",
    "verify_cuda_ndarray_interface",
]
