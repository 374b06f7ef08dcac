"""numba-cuda's ``numba.cuda.cudadrv.error`` names, mapped to the oxcuda errors raised in the
same situations:

- ``CudaSupportError``, ``NvvmSupportError``, ``NvrtcSupportError``: a CUDA component is missing
  (oxcuda's :class:`~oxcuda.errors.CudaSupportError`, which names the component);
- ``CudaDriverError``: a driver call failed;
- ``NvvmError``, ``NvrtcError``: libNVVM or NVRTC refused an input (oxcuda's
  :class:`~oxcuda.errors.LinkerError`, which carries the tool's log);
- ``NvrtcCompilationError``: NVRTC could not compile a CUDA C++ source (oxcuda's
  :class:`~oxcuda.errors.NvrtcCompilationError`, a ``LinkerError``);
- ``NvvmWarning``: libNVVM's log of a compile that succeeded (``cudadrv.nvvm``);
- ``CCSupportError``: a compute capability the toolkit cannot compile for (``cudadrv.nvrtc``).
"""

from oxcuda.errors import (
    CudaDriverError,
    CudaSupportError,
    LinkerError,
    NvrtcCompilationError,
)

NvvmSupportError = CudaSupportError
NvrtcSupportError = CudaSupportError
NvvmError = LinkerError
NvrtcError = LinkerError


class NvvmWarning(Warning):
    """libNVVM's warnings about NVVM IR it compiled (its program log)."""


class CCSupportError(RuntimeError):
    """A compute capability below the lowest the CUDA toolkit in use compiles for."""


__all__ = [
    "CCSupportError",
    "CudaDriverError",
    "CudaSupportError",
    "NvrtcCompilationError",
    "NvrtcError",
    "NvrtcSupportError",
    "NvvmError",
    "NvvmSupportError",
    "NvvmWarning",
]
