"""``cuda.fp16`` in device code: numba-cuda's float16 functions (``cuda_fp16.h``'s names).

The loader (``library/mod.rs``) compiles this file once, for float16: ``F`` is ``float16``.
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


def _sign(a):
    return _bits(a) >> uint16(15)


def _is_nan(a):
    return a != a


def _saturate(r):
    # [0, 1], NaN (and -0.0) to +0.0.
    if not r > F(0):
        return F(0)
    if r > F(1):
        return F(1)
    return r


def _clamp(x, lo, hi):
    if x != x:
        return 0.0
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def _round_rn(x):
    return F(x)


def _round_rd(x):
    h = F(x)
    if float64(h) > x:
        h = math.nextafter(h, F(-math.inf))
    return h


def _round_ru(x):
    h = F(x)
    if float64(h) < x:
        h = math.nextafter(h, F(math.inf))
    return h


def _round_rz(x):
    h = F(x)
    if abs(float64(h)) > abs(x):
        h = math.nextafter(h, F(0))
    return h


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


def hdiv(a, b):
    return F(a) / F(b)


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


def hfma_sat(a, b, c):
    return _saturate(hfma(a, b, c))


def hfma_relu(a, b, c):
    r = hfma(a, b, c)
    if _is_nan(r):
        return _nan()
    if r > F(0):
        return r
    return F(0)


def _max(a, b):
    if a > b:
        return a
    if b > a:
        return b
    # Equal: only zeros of opposite signs differ; +0.0 is the larger.
    if _sign(a) == uint16(0):
        return a
    return b


def _min(a, b):
    if a < b:
        return a
    if b < a:
        return b
    if _sign(a) == uint16(1):
        return a
    return b


def hmax(a, b):
    a = F(a)
    b = F(b)
    if _is_nan(a):
        if _is_nan(b):
            return _nan()
        return b
    if _is_nan(b):
        return a
    return _max(a, b)


def hmin(a, b):
    a = F(a)
    b = F(b)
    if _is_nan(a):
        if _is_nan(b):
            return _nan()
        return b
    if _is_nan(b):
        return a
    return _min(a, b)


def hmax_nan(a, b):
    a = F(a)
    b = F(b)
    if _is_nan(a) or _is_nan(b):
        return _nan()
    return _max(a, b)


def hmin_nan(a, b):
    a = F(a)
    b = F(b)
    if _is_nan(a) or _is_nan(b):
        return _nan()
    return _min(a, b)


# ---- comparisons: ordered (False with a NaN) and unordered (True with a NaN) ----


def heq(a, b):
    return F(a) == F(b)


def hne(a, b):
    a = F(a)
    b = F(b)
    return a < b or a > b


def hgt(a, b):
    return F(a) > F(b)


def hge(a, b):
    return F(a) >= F(b)


def hlt(a, b):
    return F(a) < F(b)


def hle(a, b):
    return F(a) <= F(b)


def hequ(a, b):
    return not hne(a, b)


def hneu(a, b):
    return not heq(a, b)


def hgtu(a, b):
    return not hle(a, b)


def hgeu(a, b):
    return not hlt(a, b)


def hltu(a, b):
    return not hge(a, b)


def hleu(a, b):
    return not hgt(a, b)


def hisnan(a):
    return _is_nan(F(a))


def hisinf(a):
    a = F(a)
    if a == F(math.inf):
        return int32(1)
    if a == F(-math.inf):
        return int32(-1)
    return int32(0)


# ---- math: float64, rounded once (correctly rounded for every float16 input) ----


def hsin(a):
    return F(math.sin(float64(F(a))))


def hcos(a):
    return F(math.cos(float64(F(a))))


def hexp(a):
    return F(math.exp(float64(F(a))))


def hexp2(a):
    return F(math.exp2(float64(F(a))))


def hexp10(a):
    return F(cuda.libdevice.exp10(float64(F(a))))


def hlog(a):
    return F(math.log(float64(F(a))))


def hlog2(a):
    return F(math.log2(float64(F(a))))


def hlog10(a):
    return F(math.log10(float64(F(a))))


def htanh(a):
    return F(math.tanh(float64(F(a))))


def htanh_approx(a):
    return htanh(a)


def hsqrt(a):
    return F(math.sqrt(float64(F(a))))


def hrsqrt(a):
    return F(1.0 / math.sqrt(float64(F(a))))


def hrcp(a):
    return F(1.0 / float64(F(a)))


def hceil(a):
    return F(cuda.libdevice.ceil(float64(F(a))))


def hfloor(a):
    return F(cuda.libdevice.floor(float64(F(a))))


def htrunc(a):
    return F(cuda.libdevice.trunc(float64(F(a))))


def hrint(a):
    return F(cuda.libdevice.rint(float64(F(a))))


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

