"""``oxcuda.cuda.np``: numba-cuda's ``numba.cuda.np`` path, for
:mod:`oxcuda.cuda.np.numpy_support`."""
