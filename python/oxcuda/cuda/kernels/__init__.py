"""``oxcuda.cuda.kernels``: numba-cuda's ready-made kernels (``numba.cuda.kernels``):
:mod:`~oxcuda.cuda.kernels.transpose`. (numba-cuda's reduction kernel is ``cuda.Reduce``.)"""

from oxcuda.cuda.kernels import transpose

__all__ = ["transpose"]
