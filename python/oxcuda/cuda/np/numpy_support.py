"""numba-cuda's ``numba.cuda.np.numpy_support`` path (numba-cuda 0.30 has its own copy of
numba's module): the same ``from_dtype``, ``as_dtype`` and ``numpy_version`` as
:mod:`oxcuda.np.numpy_support`."""

from oxcuda.np.numpy_support import as_dtype, from_dtype, numpy_version

__all__ = ["as_dtype", "from_dtype", "numpy_version"]
