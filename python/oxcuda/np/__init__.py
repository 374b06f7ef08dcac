"""``oxcuda.np``: numba's ``numba.np`` path, for the helpers users import from it
(:mod:`oxcuda.np.numpy_support`)."""
