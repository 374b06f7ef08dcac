"""``cuda.bf16`` in device code: numba-cuda's bfloat16 functions (``cuda_bf16.h``'s names).

The loader (``library/mod.rs``) compiles this file once, for bfloat16: ``F`` is ``bfloat16``,
together with ``half_common.py``, the functions float16 and bfloat16 write alike
(comparisons, maximum and minimum, the math functions, the rounding helpers).
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


# ---- arithmetic ----


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
