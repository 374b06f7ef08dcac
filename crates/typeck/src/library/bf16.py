"""``cuda.bf16`` in device code: numba-cuda's bfloat16 functions (``cuda_bf16.h``'s names).

The loader (``library/mod.rs``) compiles this file once, for bfloat16: ``F`` is ``bfloat16``.
``cuda.bf16.hadd``/``hsub``/``hmul`` (and their ``_rn`` forms) and the bit reinterpretations
are single IR operations; every other function is written here in terms of them, of bfloat16
operators (computed in float32 and rounded once) and of float64 math, so the GPU and the
simulator run the same program and agree bit for bit. numba-cuda's NumPy-style aliases
(``bfloat16_to_int32_rz``, …) call these functions (``builtins/bf16.rs``).

Invariants (docs/reduced-precision.md):

- ``F(x)`` of a float64 or an integer rounds once to nearest even (the back ends round to
  float32 *to odd* first), so every conversion below rounds once.
- The math functions (``hsin``, ``hexp``, ``hlog2``, ``hrsqrt``, …) are correctly rounded: the
  argument is widened to float64, the float64 function (within 2 ulp) is evaluated and the
  result rounded once; no bfloat16 input has a result that close to a bfloat16 rounding
  midpoint (every input is checked by tests/kernels/test_bf16.py).
- ``hfma`` rounds once: the product of two bfloat16 values is exact in float64, the sum's
  rounding error is recovered exactly (TwoSum) and folded in as a sticky bit (rounding to
  odd), so the final rounding to bfloat16 is the only one.
- Directed roundings (``_rz``, ``_rd``, ``_ru``) round to nearest first and step one bfloat16
  toward the requested direction when the nearest value lies on the wrong side of the exact
  one (compared exactly: in float64, or as integers for 64-bit integers).
- bfloat16 to integer conversions saturate at the integer type's range and give 0 for NaN.
- The canonical NaN is 0x7fff, the NaN the GPU's bfloat16 instructions produce.
"""

import math

from oxcuda import cuda, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64

CANONICAL_NAN_BITS = 0x7FFF


def _nan():
    return cuda.bf16.ushort_as_bfloat16(uint16(CANONICAL_NAN_BITS))


def _bits(a):
    return cuda.bf16.bfloat16_as_ushort(F(a))


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


def hdiv(a, b):
    return F(a) / F(b)


def hfma(a, b, c):
    p = float64(F(a)) * float64(F(b))
    z = float64(F(c))
    s = p + z
    # TwoSum: the exact error of the sum (p is exact: 16 significant bits).
    bb = s - p
    err = (p - (s - bb)) + (z - bb)
    if err != 0.0 and (cuda.libdevice.double_as_longlong(s) & int64(1)) == int64(0):
        # Round to odd: the neighbour toward the exact sum has its last bit set.
        if err > 0.0:
            s = math.nextafter(s, math.inf)
        else:
            s = math.nextafter(s, -math.inf)
    return F(s)


def hneg(a):
    return cuda.bf16.ushort_as_bfloat16(_bits(a) ^ uint16(0x8000))


def habs(a):
    return cuda.bf16.ushort_as_bfloat16(_bits(a) & uint16(0x7FFF))


def hadd_sat(a, b):
    return _saturate(cuda.bf16.hadd_rn(a, b))


def hsub_sat(a, b):
    return _saturate(cuda.bf16.hsub_rn(a, b))


def hmul_sat(a, b):
    return _saturate(cuda.bf16.hmul_rn(a, b))


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


# ---- math: float64, rounded once (correctly rounded for every bfloat16 input) ----


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


def bfloat162float(a):
    return float32(F(a))


def float2bfloat16(x):
    return F(float32(x))


def double2bfloat16(x):
    return F(float64(x))


def float2bfloat16_rn(x):
    return F(float32(x))


def float2bfloat16_rz(x):
    return _round_rz(float64(float32(x)))


def float2bfloat16_rd(x):
    return _round_rd(float64(float32(x)))


def float2bfloat16_ru(x):
    return _round_ru(float64(float32(x)))


def _int64_cmp(i, h):
    # The sign of h - i, exactly (h a bfloat16 holding an integer within int64's range).
    j = int64(h)
    if j > i:
        return 1
    if j < i:
        return -1
    return 0


def _uint64_cmp(i, h):
    j = uint64(h)
    if j > i:
        return 1
    if j < i:
        return -1
    return 0


def _ll_cmp(i, h):
    if float64(h) >= 9223372036854775808.0:
        return 1
    if float64(h) < -9223372036854775808.0:
        return -1
    return _int64_cmp(i, h)


def _ull_cmp(i, h):
    if float64(h) >= 18446744073709551616.0:
        return 1
    return _uint64_cmp(i, h)


def ll2bfloat16_rn(i):
    return F(int64(i))


def ll2bfloat16_rz(i):
    i = int64(i)
    h = F(i)
    c = _ll_cmp(i, h)
    if (i > int64(0) and c > 0) or (i < int64(0) and c < 0):
        h = math.nextafter(h, F(0))
    return h


def ll2bfloat16_rd(i):
    i = int64(i)
    h = F(i)
    if _ll_cmp(i, h) > 0:
        h = math.nextafter(h, F(-math.inf))
    return h


def ll2bfloat16_ru(i):
    i = int64(i)
    h = F(i)
    if _ll_cmp(i, h) < 0:
        h = math.nextafter(h, F(math.inf))
    return h


def ull2bfloat16_rn(i):
    return F(uint64(i))


def ull2bfloat16_rz(i):
    i = uint64(i)
    h = F(i)
    if _ull_cmp(i, h) > 0:
        h = math.nextafter(h, F(0))
    return h


def ull2bfloat16_rd(i):
    return ull2bfloat16_rz(i)


def ull2bfloat16_ru(i):
    i = uint64(i)
    h = F(i)
    if _ull_cmp(i, h) < 0:
        h = math.nextafter(h, F(math.inf))
    return h


def int2bfloat16_rn(i):
    return _round_rn(float64(int32(i)))


def int2bfloat16_rz(i):
    return _round_rz(float64(int32(i)))


def int2bfloat16_rd(i):
    return _round_rd(float64(int32(i)))


def int2bfloat16_ru(i):
    return _round_ru(float64(int32(i)))


def short2bfloat16_rn(i):
    return _round_rn(float64(int16(i)))


def short2bfloat16_rz(i):
    return _round_rz(float64(int16(i)))


def short2bfloat16_rd(i):
    return _round_rd(float64(int16(i)))


def short2bfloat16_ru(i):
    return _round_ru(float64(int16(i)))


def ushort2bfloat16_rn(i):
    return _round_rn(float64(uint16(i)))


def ushort2bfloat16_rz(i):
    return _round_rz(float64(uint16(i)))


def ushort2bfloat16_rd(i):
    return _round_rd(float64(uint16(i)))


def ushort2bfloat16_ru(i):
    return _round_ru(float64(uint16(i)))


def uint2bfloat16_rn(i):
    return _round_rn(float64(uint32(i)))


def uint2bfloat16_rz(i):
    return _round_rz(float64(uint32(i)))


def uint2bfloat16_rd(i):
    return _round_rd(float64(uint32(i)))


def uint2bfloat16_ru(i):
    return _round_ru(float64(uint32(i)))


def bfloat162int_rn(a):
    return int32(_clamp(cuda.libdevice.rint(float64(F(a))), -2147483648.0, 2147483647.0))


def bfloat162int_rz(a):
    return int32(_clamp(cuda.libdevice.trunc(float64(F(a))), -2147483648.0, 2147483647.0))


def bfloat162int_rd(a):
    return int32(_clamp(cuda.libdevice.floor(float64(F(a))), -2147483648.0, 2147483647.0))


def bfloat162int_ru(a):
    return int32(_clamp(cuda.libdevice.ceil(float64(F(a))), -2147483648.0, 2147483647.0))


def bfloat162short_rn(a):
    return int16(_clamp(cuda.libdevice.rint(float64(F(a))), -32768.0, 32767.0))


def bfloat162short_rz(a):
    return int16(_clamp(cuda.libdevice.trunc(float64(F(a))), -32768.0, 32767.0))


def bfloat162short_rd(a):
    return int16(_clamp(cuda.libdevice.floor(float64(F(a))), -32768.0, 32767.0))


def bfloat162short_ru(a):
    return int16(_clamp(cuda.libdevice.ceil(float64(F(a))), -32768.0, 32767.0))


def bfloat162uint_rn(a):
    return uint32(_clamp(cuda.libdevice.rint(float64(F(a))), 0.0, 4294967295.0))


def bfloat162uint_rz(a):
    return uint32(_clamp(cuda.libdevice.trunc(float64(F(a))), 0.0, 4294967295.0))


def bfloat162uint_rd(a):
    return uint32(_clamp(cuda.libdevice.floor(float64(F(a))), 0.0, 4294967295.0))


def bfloat162uint_ru(a):
    return uint32(_clamp(cuda.libdevice.ceil(float64(F(a))), 0.0, 4294967295.0))


def bfloat162ushort_rn(a):
    return uint16(_clamp(cuda.libdevice.rint(float64(F(a))), 0.0, 65535.0))


def bfloat162ushort_rz(a):
    return uint16(_clamp(cuda.libdevice.trunc(float64(F(a))), 0.0, 65535.0))


def bfloat162ushort_rd(a):
    return uint16(_clamp(cuda.libdevice.floor(float64(F(a))), 0.0, 65535.0))


def bfloat162ushort_ru(a):
    return uint16(_clamp(cuda.libdevice.ceil(float64(F(a))), 0.0, 65535.0))


def bfloat162char_rz(a):
    return int8(_clamp(cuda.libdevice.trunc(float64(F(a))), -128.0, 127.0))


def bfloat162uchar_rz(a):
    return uint8(_clamp(cuda.libdevice.trunc(float64(F(a))), 0.0, 255.0))


def bfloat162ll_rn(a):
    x = cuda.libdevice.rint(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x >= 9223372036854775808.0:
        return int64(9223372036854775807)
    return int64(x)


def bfloat162ull_rn(a):
    x = cuda.libdevice.rint(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x >= 18446744073709551616.0:
        return uint64(18446744073709551615)
    return uint64(x)


def bfloat162ll_rz(a):
    x = cuda.libdevice.trunc(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x >= 9223372036854775808.0:
        return int64(9223372036854775807)
    return int64(x)


def bfloat162ull_rz(a):
    x = cuda.libdevice.trunc(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x >= 18446744073709551616.0:
        return uint64(18446744073709551615)
    return uint64(x)


def bfloat162ll_rd(a):
    x = cuda.libdevice.floor(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x >= 9223372036854775808.0:
        return int64(9223372036854775807)
    return int64(x)


def bfloat162ull_rd(a):
    x = cuda.libdevice.floor(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x >= 18446744073709551616.0:
        return uint64(18446744073709551615)
    return uint64(x)


def bfloat162ll_ru(a):
    x = cuda.libdevice.ceil(float64(F(a)))
    if x != x:
        return int64(0)
    if x <= -9223372036854775808.0:
        return int64(-9223372036854775808)
    if x >= 9223372036854775808.0:
        return int64(9223372036854775807)
    return int64(x)


def bfloat162ull_ru(a):
    x = cuda.libdevice.ceil(float64(F(a)))
    if x != x:
        return uint64(0)
    if x <= 0.0:
        return uint64(0)
    if x >= 18446744073709551616.0:
        return uint64(18446744073709551615)
    return uint64(x)
