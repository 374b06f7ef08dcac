"""``oxcuda.cuda``: numba-cuda's ``numba.cuda`` API, kept name for name."""

from oxcuda._detect import detect
from oxcuda._toolchain import gpu_present as is_available
from oxcuda.errors import CudaDriverError, CudaSupportError, KernelRuntimeError

__all__ = ["CudaDriverError", "CudaSupportError", "KernelRuntimeError", "detect", "is_available"]
