"""oxcuda's errors as NVIDIA ``cuda.core``'s exception classes too, where numba-cuda raises those.

numba-cuda launches kernels and compiles CUDA C++ through ``cuda.core``, so what it raises for
a failed driver call (a launch with too many threads per block: ``CUDA_ERROR_INVALID_VALUE``)
is ``cuda.core``'s ``CUDAError``, and for a ``.cu`` file NVRTC cannot compile, ``cuda.core``'s
``NVRTCError``; numba-cuda's programs and tests catch those. oxcuda does not need ``cuda.core``,
but when it is installed the errors raised in those situations are instances of both classes:

========================================  =============================================
oxcuda class                              also a ``cuda.core._utils.cuda_utils`` class
========================================  =============================================
:class:`~oxcuda.errors.CudaDriverError`   ``CUDAError``
:class:`~oxcuda.errors.LaunchDimensionError`  ``CUDAError``
:class:`~oxcuda.errors.NvrtcCompilationError` ``NVRTCError`` (a ``CUDAError``)
========================================  =============================================

This module's attribute of each name is the class to *raise*: the oxcuda class itself without
``cuda.core``, else a subclass of it and of the ``cuda.core`` class, with the same name and
docstring. The native core raises the driver and NVRTC errors through these attributes
(``crates/python/src/boundary.rs``).

Invariants: ``cuda.core`` is imported only when the first such error is raised (never by
``import oxcuda``), and a broken ``cuda.core`` install falls back to the plain class; a raised
error pickles and unpickles as the same class (pickle finds it here by name), so errors keep
their classes across ``multiprocessing``; ``except oxcuda.errors.CudaDriverError`` catches them
all.
"""

from __future__ import annotations

import functools
import importlib.util
from typing import Any

from oxcuda import errors

#: oxcuda's class name -> the name of the ``cuda.core._utils.cuda_utils`` class it also is.
CUDA_CORE_CLASSES = {
    "CudaDriverError": "CUDAError",
    "LaunchDimensionError": "CUDAError",
    "NvrtcCompilationError": "NVRTCError",
}


def _cuda_core_class(name: str) -> type | None:
    """``cuda.core._utils.cuda_utils.<name>``, or ``None`` when ``cuda.core`` is not installed
    or cannot be imported."""
    try:
        if importlib.util.find_spec("cuda.core") is None:
            return None
        from cuda.core._utils import cuda_utils
    except Exception:  # noqa: BLE001 - any broken install means "no cuda.core"
        return None
    found = getattr(cuda_utils, name, None)
    return found if isinstance(found, type) and issubclass(found, BaseException) else None


@functools.cache
def raising_class(name: str) -> type:
    """The class to raise for oxcuda's error class ``name`` (a key of
    :data:`CUDA_CORE_CLASSES`): see the module doc."""
    ours = getattr(errors, name)
    theirs = _cuda_core_class(CUDA_CORE_CLASSES[name])
    if theirs is None or issubclass(ours, theirs):
        return ours
    return type(
        name,
        (ours, theirs),
        {"__module__": __name__, "__qualname__": name, "__doc__": ours.__doc__},
    )


def __getattr__(name: str) -> Any:
    if name in CUDA_CORE_CLASSES:
        return raising_class(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["CUDA_CORE_CLASSES", "raising_class"]
