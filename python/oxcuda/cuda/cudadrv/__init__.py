"""``oxcuda.cuda.cudadrv``: the module paths of numba-cuda's ``numba.cuda.cudadrv``, so code
that imports from them (EMM plugins written for numba-cuda, for instance) runs after changing
``numba`` to ``oxcuda``. The objects live elsewhere; these modules only re-export them:

- :mod:`~oxcuda.cuda.cudadrv.driver`: the EMM classes, ``Context``, ``Stream``, ``Event``;
- :mod:`~oxcuda.cuda.cudadrv.devicearray`: ``DeviceNDArray``, ``DeviceRecord``,
  ``MappedNDArray``, ``ManagedNDArray``, ``IpcArrayHandle``;
- :mod:`~oxcuda.cuda.cudadrv.dummyarray`: numba's data-less model of an array view's layout
  (shape, strides, contiguity, the byte extents a copy must transfer).
"""

from oxcuda.cuda.cudadrv import devicearray, driver, dummyarray, error, runtime

__all__ = ["devicearray", "driver", "dummyarray", "error", "runtime"]
