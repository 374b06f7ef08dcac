"""numba-cuda's ``numba.cuda._internal.cuda_fp8`` names: the fp8 types (``fp8_e4m3``,
``fp8_e5m2``, ``fp8_e8m0``), the enums ``saturation_t`` and ``fp8_interpretation_t``, and the
``cvt_*`` conversion functions. They are the objects of :mod:`oxcuda.cuda.fp8`.
"""

from __future__ import annotations

from oxcuda.cuda import fp8 as _fp8

_NAMES = {name: getattr(_fp8, name) for name in _fp8.__all__ if name != "cudaRoundMode"}
globals().update(_NAMES)

__all__ = sorted(_NAMES)
