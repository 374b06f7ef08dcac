"""``oxcuda.cuda.fp8``: numba-cuda's fp8 types and conversion functions for kernels.

numba-cuda keeps them in ``numba.cuda._internal.cuda_fp8`` (``oxcuda.cuda._internal.cuda_fp8``
has the same objects under that path). The types are ``fp8_e4m3`` (torch's and ``ml_dtypes``'
``float8_e4m3fn``: no infinity, largest finite 448), ``fp8_e5m2`` (``float8_e5m2``, IEEE-like)
and ``fp8_e8m0`` (``float8_e8m0fnu``, a power of two). In a kernel ``fp8_e4m3(x)`` converts a
number (saturating, to nearest even, as CUDA's ``__nv_fp8_e4m3`` constructor) and
``float32(v)``, ``float16(v)``, ``int32(v)``, … convert back; they are the element types of
``ml_dtypes`` float8 NumPy arrays and torch float8 tensors (through DLPack). The ``cvt_*``
functions return fp8 storage bits (``uint8``/``uint16``) with an explicit ``saturation_t`` and
``fp8_interpretation_t`` (or ``cudaRoundMode`` for e8m0); each is a row of the builtin
registry (``crates/typeck/src/builtins/fp8.rs``), and calling one on the host is an error.
docs/reduced-precision.md gives the semantics.
"""

from __future__ import annotations

from enum import IntEnum

from oxcuda.cuda import _kernel_api
from oxcuda.types import fp8_e4m3, fp8_e5m2, fp8_e8m0  # noqa: F401 - the types, re-exported


class saturation_t(IntEnum):  # noqa: N801 - numba-cuda's (and CUDA's) name
    """What an fp8 conversion does beyond the largest finite value: ``NOSAT`` gives NaN (e4m3,
    e8m0) or infinity (e5m2); ``SATFINITE`` gives the largest finite value."""

    NOSAT = 0
    SATFINITE = 1


class fp8_interpretation_t(IntEnum):  # noqa: N801 - numba-cuda's (and CUDA's) name
    """Which fp8 format a ``cvt_*_to_fp8`` function produces."""

    E4M3 = 0
    E5M2 = 1


class cudaRoundMode(IntEnum):  # noqa: N801 - CUDA's name (cuda.bindings.runtime.cudaRoundMode)
    """CUDA's rounding modes, for the e8m0 conversions (which take ``cudaRoundZero`` and
    ``cudaRoundPosInf``); the same values as ``cuda.bindings.runtime.cudaRoundMode``, which
    the functions accept too."""

    cudaRoundNearest = 0  # noqa: N815 - CUDA's names
    cudaRoundZero = 1  # noqa: N815
    cudaRoundPosInf = 2  # noqa: N815
    cudaRoundMinInf = 3  # noqa: N815


_NAMES = {name: value for name, value in vars(_kernel_api.fp8).items() if not name.startswith("_")}
globals().update(_NAMES)

__all__ = sorted(
    [
        *_NAMES,
        "cudaRoundMode",
        "fp8_e4m3",
        "fp8_e5m2",
        "fp8_e8m0",
        "fp8_interpretation_t",
        "saturation_t",
    ]
)
