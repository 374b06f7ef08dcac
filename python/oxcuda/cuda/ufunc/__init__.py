"""GPU ufuncs and reductions: ``vectorize``, ``guvectorize``, ``Reduce`` (docs/ufuncs.md).

Each is built from the kernel templates of :mod:`.templates`, compiled by oxcuda's own
pipeline once per signature (and in the disk cache with ``cache=True``), and runs on the GPU
or on the simulator like any ``cuda.jit`` kernel.
"""

from oxcuda.cuda.ufunc.guvectorize import CUDAGUFunc, guvectorize
from oxcuda.cuda.ufunc.reduction import Reduce, reduce
from oxcuda.cuda.ufunc.vectorize import CUDAUFunc, vectorize

__all__ = ["CUDAGUFunc", "CUDAUFunc", "Reduce", "guvectorize", "reduce", "vectorize"]
