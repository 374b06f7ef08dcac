"""``oxcuda.cuda.fp8``: numba-cuda's fp8 types and conversion functions for kernels.

numba-cuda keeps them in ``numba.cuda._internal.cuda_fp8`` (``oxcuda.cuda._internal.cuda_fp8``
has the same objects under that path). The types are ``fp8_e4m3`` (torch's and ``ml_dtypes``'
``float8_e4m3fn``: no infinity, largest finite 448), ``fp8_e5m2`` (``float8_e5m2``, IEEE-like)
and ``fp8_e8m0`` (``float8_e8m0fnu``, a power of two). In a kernel ``fp8_e4m3(x)`` converts a
number (saturating, to nearest even, as CUDA's ``__nv_fp8_e4m3`` constructor), ``fp8_e4m3()``
is the value of bits 0, and ``float32(v)``, ``float16(v)``, ``int32(v)``, … convert back; they
are the element types of ``ml_dtypes`` float8 NumPy arrays and torch float8 tensors (through
DLPack). The ``cvt_*``
functions return fp8 storage bits (``uint8``/``uint16``) with an explicit ``saturation_t`` and
``fp8_interpretation_t`` (or ``cudaRoundMode`` for e8m0); each is a row of the builtin
registry (``crates/typeck/src/builtins/fp8.rs``), and calling one on the host is an error.
The vector storage types ``fp8x2_e4m3``, ``fp8x4_e4m3`` (and ``_e5m2``, ``_e8m0``) hold two or
four fp8 values in one ``uint16``/``uint32`` (``.__x``), built from ``float32x2``/``float64x2``
(``float32x4``/``float64x4``) vectors and converted back with ``cuda.float32x2(v)``
(``crates/typeck/src/lower/fp8_vector.rs``). docs/reduced-precision.md gives the semantics.
"""

from __future__ import annotations

from enum import IntEnum

from oxcuda.cuda import _kernel_api
from oxcuda.cuda._device_only import _DeviceOnly, export_members
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


class _Fp8VectorConstructor(_DeviceOnly):
    """The kernel-side constructor of one fp8 vector storage type (``fp8x2_e4m3``)."""

    def __init__(self, fmt: str, lanes: int) -> None:
        name = f"fp8x{lanes}_{fmt}"
        storage = "uint16" if lanes == 2 else "uint32"
        rounding = (
            "each lane rounded up to a power of two (``cudaRoundPosInf``), saturating"
            if fmt == "e8m0"
            else "each lane rounded to nearest even, saturating (``SATFINITE``)"
        )
        doc = (
            f"{name}(v=None, /): numba-cuda's {name} (CUDA's ``__nv_{name}``): {lanes} fp8_{fmt} "
            f"values stored in one {storage}, read as ``.__x`` (lane k in byte k).\n\n"
            f"Builds the value inside a kernel or device function from a ``float32x{lanes}`` or "
            f"``float64x{lanes}`` vector, {rounding}; with no argument its storage is 0 (CUDA's "
            "default constructor, value-initialised"
            + (": two 2^-127" if fmt == "e8m0" else ": +0 in every lane")
            + f"). ``cuda.float32x{lanes}(v)`` converts it back (exact). It is not a kernel "
            "argument nor an array element type, as in numba-cuda.\n\n"
            "Parameters\n----------\n"
            f"v : float32x{lanes} or float64x{lanes}, optional\n"
            "    The values to store.\n\n"
            f"Returns\n-------\n{name}\n    The stored values.\n\n"
            "Raises\n------\n"
            "RuntimeError\n"
            "    When called on the host: the value exists only inside ``@cuda.jit`` functions.\n"
            "oxcuda.errors.TypingError\n"
            "    At compile time, for any other argument.\n\n"
            "Examples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n"
            f"    q = {name}(cuda.float32x{lanes}({', '.join('abcd'[:lanes])}))\n"
            f"    bits = q.__x\n"
            f"    back = cuda.float32x{lanes}(q)"
        )
        super().__init__(f"cuda.fp8.{name}", "v=None, /", doc)
        self.__name__ = name
        self.__qualname__ = name

    def __repr__(self) -> str:
        return f"<oxcuda fp8 vector type {self.__name__}>"


fp8x2_e5m2 = _Fp8VectorConstructor("e5m2", 2)
fp8x4_e5m2 = _Fp8VectorConstructor("e5m2", 4)
fp8x2_e4m3 = _Fp8VectorConstructor("e4m3", 2)
fp8x4_e4m3 = _Fp8VectorConstructor("e4m3", 4)
fp8x2_e8m0 = _Fp8VectorConstructor("e8m0", 2)
fp8x4_e8m0 = _Fp8VectorConstructor("e8m0", 4)

__all__ = export_members(
    _kernel_api.fp8,
    globals(),
    "cudaRoundMode",
    "fp8_e4m3",
    "fp8_e5m2",
    "fp8_e8m0",
    "fp8_interpretation_t",
    "fp8x2_e4m3",
    "fp8x2_e5m2",
    "fp8x2_e8m0",
    "fp8x4_e4m3",
    "fp8x4_e5m2",
    "fp8x4_e8m0",
    "saturation_t",
)
