"""numba-cuda's ``numba.cuda.cudadrv.error`` names, mapped to the oxcuda errors raised in the
same situations:

- ``CudaSupportError``, ``NvvmSupportError``, ``NvrtcSupportError``: a CUDA component is missing
  (oxcuda's :class:`~oxcuda.errors.CudaSupportError`, which names the component);
- ``CudaDriverError``: a driver call failed;
- ``NvvmError``, ``NvrtcError``, ``NvrtcCompilationError``: libNVVM or NVRTC refused an input
  (oxcuda's :class:`~oxcuda.errors.LinkerError`, which carries the tool's log).
"""

from oxcuda.errors import CudaDriverError, CudaSupportError, LinkerError

NvvmSupportError = CudaSupportError
NvrtcSupportError = CudaSupportError
NvvmError = LinkerError
NvrtcError = LinkerError
NvrtcCompilationError = LinkerError

__all__ = [
    "CudaDriverError",
    "CudaSupportError",
    "NvrtcCompilationError",
    "NvrtcError",
    "NvrtcSupportError",
    "NvvmError",
    "NvvmSupportError",
]
