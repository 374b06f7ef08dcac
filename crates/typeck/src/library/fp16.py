"""``cuda.fp16`` in device code: numba-cuda's float16 functions (``cuda_fp16.h``'s names).

The loader (``library/mod.rs``) compiles this file once, for float16: ``F`` is ``float16``,
together with ``half_common.py``, the functions float16 and bfloat16 write alike
(comparisons, maximum and minimum, the math functions, the rounding helpers).
The ``__…_rn`` forms of ``hadd``/``hsub``/``hmul``, the bit reinterpretations and ``fma`` are
single IR operations (``add.rn.f16``, ``fma.rn.f16``, a bitcast); every other function is
written here in terms of them, of float16 operators and of float64 math, so the GPU and the
simulator run the same program and agree bit for bit, except where the GPU's back end contracts
a float16 multiplication and addition into one ``fma`` (as for float32: docs/simulator.md).

Invariants (docs/reduced-precision.md):

- The math functions (``hsin``, ``hexp``, ``hlog2``, ``hrsqrt``, …) are correctly rounded: the
  argument is widened to float64, the float64 function (within 2 ulp) is evaluated and the
  result rounded once; no float16 input has a result within 2**-30 (relative) of a float16
  rounding midpoint (the closest is 2**-26.7), so that rounding is the correct one (every input is checked by
  tests/kernels/test_fp16.py).
- Directed roundings (``_rz``, ``_rd``, ``_ru``) round to nearest first and step one float16
  toward the requested direction when the nearest value lies on the wrong side of the exact
  one (the comparison is exact in float64).
- float16 to integer conversions saturate at the integer type's range and give 0 for NaN, as
  PTX ``cvt`` does.
- The canonical NaN is 0x7fff, the NaN the GPU's half instructions produce.
"""

import math

from oxcuda import cuda, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64

CANONICAL_NAN_BITS = 0x7FFF


def _nan():
    return cuda.fp16.__ushort_as_half(uint16(CANONICAL_NAN_BITS))


def _bits(a):
    return cuda.fp16.__half_as_ushort(F(a))


# ---- arithmetic ----


# hadd/hsub/hmul are the float16 operators, cuda_fp16.h's __hadd (PTX add.f16, which the back
# end may contract with a multiplication into an fma, as numba-cuda's may be); the __*_rn forms
# are the uncontracted add.rn.f16 (Intrinsic::ArithRn).
def hadd(a, b):
    return F(a) + F(b)


def hsub(a, b):
    return F(a) - F(b)


def hmul(a, b):
    return F(a) * F(b)


def hfma(a, b, c):
    return cuda.fma(F(a), F(b), F(c))


# The sign bit flipped or cleared, exactly (IEEE 754's negate and abs, NumPy's, a NaN's payload
# kept); PTX neg.f16/abs.f16 (numba-cuda's forms) leave a NaN result unspecified.
def hneg(a):
    return cuda.fp16.__ushort_as_half(_bits(a) ^ uint16(0x8000))


def habs(a):
    return cuda.fp16.__ushort_as_half(_bits(a) & uint16(0x7FFF))


def hadd_sat(a, b):
    return _saturate(cuda.fp16.__hadd_rn(a, b))


def hsub_sat(a, b):
    return _saturate(cuda.fp16.__hsub_rn(a, b))


def hmul_sat(a, b):
    return _saturate(cuda.fp16.__hmul_rn(a, b))


# ---- conversions ----


def half(x):
    return F(x)


def double2half(x):
    return F(float64(x))


def half2float(a):
    return float32(F(a))


def float2half(x):
    return F(float32(x))


def float2half_rn(x):
    return F(float32(x))


def float2half_rz(x):
    return _round_rz(float64(float32(x)))


def float2half_rd(x):
    return _round_rd(float64(float32(x)))


def float2half_ru(x):
    return _round_ru(float64(float32(x)))


def int2half_rn(i):
    return _round_rn(float64(int32(i)))


def int2half_rz(i):
    return _round_rz(float64(int32(i)))


def int2half_rd(i):
    return _round_rd(float64(int32(i)))


def int2half_ru(i):
    return _round_ru(float64(int32(i)))


def ll2half_rn(i):
    return _round_rn(float64(int64(i)))


def ll2half_rz(i):
    return _round_rz(float64(int64(i)))


def ll2half_rd(i):
    return _round_rd(float64(int64(i)))


def ll2half_ru(i):
    return _round_ru(float64(int64(i)))


def short2half_rn(i):
    return _round_rn(float64(int16(i)))


def short2half_rz(i):
    return _round_rz(float64(int16(i)))


def short2half_rd(i):
    return _round_rd(float64(int16(i)))


def short2half_ru(i):
    return _round_ru(float64(int16(i)))


def uint2half_rn(i):
    return _round_rn(float64(uint32(i)))


def uint2half_rz(i):
    return _round_rz(float64(uint32(i)))


def uint2half_rd(i):
    return _round_rd(float64(uint32(i)))


def uint2half_ru(i):
    return _round_ru(float64(uint32(i)))


def ull2half_rn(i):
    return _round_rn(float64(uint64(i)))


def ull2half_rz(i):
    return _round_rz(float64(uint64(i)))


def ull2half_rd(i):
    return _round_rd(float64(uint64(i)))


def ull2half_ru(i):
    return _round_ru(float64(uint64(i)))


def ushort2half_rn(i):
    return _round_rn(float64(uint16(i)))


def ushort2half_rz(i):
    return _round_rz(float64(uint16(i)))


def ushort2half_rd(i):
    return _round_rd(float64(uint16(i)))


def ushort2half_ru(i):
    return _round_ru(float64(uint16(i)))


def half2int_rn(a):
    return int32(_clamp(cuda.libdevice.rint(float64(F(a))), -2147483648.0, 2147483647.0))


def half2int_rz(a):
    return int32(_clamp(cuda.libdevice.trunc(float64(F(a))), -2147483648.0, 2147483647.0))


def half2int_rd(a):
    return int32(_clamp(cuda.libdevice.floor(float64(F(a))), -2147483648.0, 2147483647.0))


def half2int_ru(a):
    return int32(_clamp(cuda.libdevice.ceil(float64(F(a))), -2147483648.0, 2147483647.0))


def half2ll_rn(a):
    x = cuda.libdevice.rint(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x > 65504.0:
        return int64(9223372036854775807)
    return int64(x)


def half2ll_rz(a):
    x = cuda.libdevice.trunc(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x > 65504.0:
        return int64(9223372036854775807)
    return int64(x)


def half2ll_rd(a):
    x = cuda.libdevice.floor(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x > 65504.0:
        return int64(9223372036854775807)
    return int64(x)


def half2ll_ru(a):
    x = cuda.libdevice.ceil(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x > 65504.0:
        return int64(9223372036854775807)
    return int64(x)


def half2short_rn(a):
    return int16(_clamp(cuda.libdevice.rint(float64(F(a))), -32768.0, 32767.0))


def half2short_rz(a):
    return int16(_clamp(cuda.libdevice.trunc(float64(F(a))), -32768.0, 32767.0))


def half2short_rd(a):
    return int16(_clamp(cuda.libdevice.floor(float64(F(a))), -32768.0, 32767.0))


def half2short_ru(a):
    return int16(_clamp(cuda.libdevice.ceil(float64(F(a))), -32768.0, 32767.0))


def half2uint_rn(a):
    return uint32(_clamp(cuda.libdevice.rint(float64(F(a))), 0.0, 4294967295.0))


def half2uint_rz(a):
    return uint32(_clamp(cuda.libdevice.trunc(float64(F(a))), 0.0, 4294967295.0))


def half2uint_rd(a):
    return uint32(_clamp(cuda.libdevice.floor(float64(F(a))), 0.0, 4294967295.0))


def half2uint_ru(a):
    return uint32(_clamp(cuda.libdevice.ceil(float64(F(a))), 0.0, 4294967295.0))


def half2ull_rn(a):
    x = cuda.libdevice.rint(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x > 65504.0:
        return uint64(18446744073709551615)
    return uint64(x)


def half2ull_rz(a):
    x = cuda.libdevice.trunc(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x > 65504.0:
        return uint64(18446744073709551615)
    return uint64(x)


def half2ull_rd(a):
    x = cuda.libdevice.floor(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x > 65504.0:
        return uint64(18446744073709551615)
    return uint64(x)


def half2ull_ru(a):
    x = cuda.libdevice.ceil(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x > 65504.0:
        return uint64(18446744073709551615)
    return uint64(x)


def half2ushort_rn(a):
    return uint16(_clamp(cuda.libdevice.rint(float64(F(a))), 0.0, 65535.0))


def half2ushort_rz(a):
    return uint16(_clamp(cuda.libdevice.trunc(float64(F(a))), 0.0, 65535.0))


def half2ushort_rd(a):
    return uint16(_clamp(cuda.libdevice.floor(float64(F(a))), 0.0, 65535.0))


def half2ushort_ru(a):
    return uint16(_clamp(cuda.libdevice.ceil(float64(F(a))), 0.0, 65535.0))


def half2char_rz(a):
    return int8(_clamp(cuda.libdevice.trunc(float64(F(a))), -128.0, 127.0))


def half2uchar_rz(a):
    return uint8(_clamp(cuda.libdevice.trunc(float64(F(a))), 0.0, 255.0))

