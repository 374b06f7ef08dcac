"""``oxcuda.cuda.cudadrv``: the module paths of numba-cuda's ``numba.cuda.cudadrv``, so code
that imports from them (EMM plugins written for numba-cuda, tools that drive libNVVM or NVRTC
themselves) runs after changing ``numba`` to ``oxcuda``. Each module is a thin layer over
oxcuda's own driver and toolchain bindings; none is a second driver layer:

- :mod:`~oxcuda.cuda.cudadrv.driver`: the EMM classes, ``Context``, ``Stream``, ``Event``, the
  ``driver`` object and numba's raw memory helpers (``host_to_device``, ``device_memset``, ...);
- :mod:`~oxcuda.cuda.cudadrv.devices`: ``gpus``, ``get_context``, ``require_context``, ``reset``;
- :mod:`~oxcuda.cuda.cudadrv.devicearray`: ``DeviceNDArray``, ``DeviceRecord``,
  ``MappedNDArray``, ``ManagedNDArray``, ``IpcArrayHandle`` and numba's array checks;
- :mod:`~oxcuda.cuda.cudadrv.dummyarray`: numba's data-less model of an array view's layout
  (shape, strides, contiguity, the byte extents a copy must transfer);
- :mod:`~oxcuda.cuda.cudadrv.nvvm`: NVVM IR compiled by libNVVM (``compile_ir``, ``NVVM``);
- :mod:`~oxcuda.cuda.cudadrv.nvrtc`: CUDA C++ compiled by NVRTC (``compile``) and the
  compute capabilities it supports;
- :mod:`~oxcuda.cuda.cudadrv.linkable_code`, :mod:`~oxcuda.cuda.cudadrv.error`,
  :mod:`~oxcuda.cuda.cudadrv.runtime`: link inputs, numba's error names, the CUDA release.
"""

from oxcuda.cuda.cudadrv import (
    devicearray,
    devices,
    driver,
    dummyarray,
    error,
    linkable_code,
    nvrtc,
    nvvm,
    runtime,
)

__all__ = [
    "devicearray",
    "devices",
    "driver",
    "dummyarray",
    "error",
    "linkable_code",
    "nvrtc",
    "nvvm",
    "runtime",
]
