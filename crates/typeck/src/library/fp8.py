"""fp8 in device code: the conversions of ``fp8_e4m3``, ``fp8_e5m2`` and ``fp8_e8m0``.

The loader (``library/mod.rs``) compiles this file once (``F`` is float64, unused). Every
conversion to or from an fp8 type in a kernel is a call of a function here: the typing of a
conversion (``lower/convert.rs``, ``fp8_cast``) picks the function, and the ``cuda.fp8`` rows
(numba-cuda's ``cvt_float_to_fp8`` and friends, ``builtins/fp8.rs``) call the functions of
their names. So the GPU and the simulator run the same program, built from integer and exact
float64 operations, and agree bit for bit; ``tests/kernels/test_fp8.py`` checks it against
``oxcuda_types::fp8`` and ``ml_dtypes``.

Invariants (CUDA's ``cuda_fp8.hpp``, docs/reduced-precision.md):

- Encoding rounds the exact value to nearest even once. A magnitude at most half the smallest
  subnormal gives a signed zero; beyond the largest finite value plus half an ulp (exactly
  that far: to even, which is 448 for e4m3 and infinity for e5m2) gives, saturated, the
  largest finite value, and otherwise NaN (e4m3) or infinity (e5m2).
- NaN: a float64 NaN gives ``0x7f`` (e4m3) or ``0x7e | its two leading significand bits``
  (e5m2), its sign kept; a float32 NaN is made the canonical positive NaN first, so it gives
  ``0x7f`` (CUDA's float path). Decoding a NaN gives the canonical float32 NaN.
- e8m0 (a power of two, no sign, no zero) rounds the magnitude toward zero or toward +inf,
  through bfloat16 rounded the same way (float64: to float32 first, inexactness kept as a
  sticky bit); NaN gives ``0xff``; overflow ``0xff``, or ``0xfe`` saturated.
- To integers: truncation toward zero, saturating at the type's range, NaN to 0.
"""

import math

from oxcuda import cuda, float32, float64, int8, int16, int32, int64, uint8, uint16, uint32, uint64

E4M3_MAX = 448.0
E5M2_MAX = 57344.0
# The overflow thresholds: the largest finite value plus half its ulp.
E4M3_LIMIT = 464.0
E5M2_LIMIT = 61440.0
E8M0_NAN_BITS = 0xFF


def _nan32():
    return cuda.libdevice.int_as_float(int32(0x7FFFFFFF))


def _f32_bits(x):
    return int64(cuda.libdevice.float_as_int(float32(x))) & int64(0xFFFFFFFF)


def _f32_of_bits(u):
    return cuda.libdevice.int_as_float(int32(u))


def fp8_from_f64(x, satfinite, e5m2):
    """e4m3 (``e5m2`` false) or e5m2 bits of float64 ``x``; ``satfinite``: saturate."""
    x = float64(x)
    bits = cuda.libdevice.double_as_longlong(x)
    sign = int64(0)
    if bits < int64(0):
        sign = int64(0x80)
    if x != x:
        if e5m2:
            return uint8(sign | int64(0x7E) | ((bits >> int64(50)) & int64(3)))
        return uint8(sign | int64(0x7F))
    a = math.fabs(x)
    mant = int64(3)
    bias = int64(7)
    max_bits = int64(0x7E)
    inf_bits = int64(0x7F)
    limit = E4M3_LIMIT
    if e5m2:
        mant = int64(2)
        bias = int64(15)
        max_bits = int64(0x7B)
        inf_bits = int64(0x7C)
        limit = E5M2_LIMIT
    # Half the smallest subnormal, 2^(-bias - mant): rounds to (signed) zero, as below it.
    if a <= cuda.libdevice.ldexp(1.0, int32(-bias - mant)):
        return uint8(sign)
    if a > limit or (e5m2 and a == limit):
        if satfinite:
            return uint8(sign | max_bits)
        return uint8(sign | inf_bits)
    # The ulp at a's binade (the subnormal one below the normal range) is 2^(e - mant); a
    # over it, rounded to even, counts ulps from the binade's start, so the bits are
    # (e + bias - 1) << mant plus that count (a carry into the next binade included).
    e = int64(cuda.libdevice.ilogb(a))
    if e < int64(1) - bias:
        e = int64(1) - bias
    q = int64(cuda.libdevice.rint(cuda.libdevice.ldexp(a, int32(mant - e))))
    return uint8(sign + ((e + bias - int64(1)) << mant) + q)


def fp8_from_f32(x, satfinite, e5m2):
    """e4m3 or e5m2 bits of float32 ``x`` (a NaN made the canonical positive NaN first)."""
    f = float32(x)
    if f != f:
        f = _nan32()
    return fp8_from_f64(float64(f), satfinite, e5m2)


def e4m3_to_f32(b):
    """The float32 value of e4m3 bits (exact; NaN gives the canonical NaN)."""
    u = int64(b) & int64(0xFF)
    a = u & int64(0x7F)
    if a == int64(0x7F):
        return _nan32()
    e = a >> int64(3)
    m = a & int64(7)
    if e == int64(0):
        v = float32(m) * float32(0.001953125)
        if u & int64(0x80):
            return -v
        return v
    return _f32_of_bits(((u & int64(0x80)) << int64(24)) | ((e + int64(120)) << int64(23)) | (m << int64(20)))


def e5m2_to_f32(b):
    """The float32 value of e5m2 bits (exact; NaN gives the canonical NaN)."""
    u = int64(b) & int64(0xFF)
    a = u & int64(0x7F)
    e = a >> int64(2)
    m = a & int64(3)
    sign = (u & int64(0x80)) << int64(24)
    if e == int64(31):
        if m != int64(0):
            return _nan32()
        return _f32_of_bits(sign | int64(0x7F800000))
    if e == int64(0):
        v = float32(m) * float32(1.52587890625e-05)
        if sign:
            return -v
        return v
    return _f32_of_bits(sign | ((e + int64(112)) << int64(23)) | (m << int64(21)))


def e8m0_to_f32(b):
    """The float32 value 2^(b - 127) of e8m0 bits (0xff: the canonical NaN)."""
    u = int64(b) & int64(0xFF)
    if u == int64(E8M0_NAN_BITS):
        return _nan32()
    if u == int64(0):
        return _f32_of_bits(int64(0x00400000))
    return _f32_of_bits(u << int64(23))


def e8m0_from_bf16_bits(h, satfinite, up):
    """e8m0 bits of the magnitude of bfloat16 bits ``h``, toward zero or (``up``) +inf."""
    a = int64(h) & int64(0x7FFF)
    if a > int64(0x7F80):
        return uint8(E8M0_NAN_BITS)
    r = a >> int64(7)
    if up and (a & int64(0x7F)) != int64(0) and a > int64(0x40) and a < int64(0x7F80):
        r += int64(1)
    if satfinite and r == int64(E8M0_NAN_BITS):
        r = int64(0xFE)
    return uint8(r)


def e8m0_from_f32(x, satfinite, up):
    """e8m0 bits of float32 ``|x|`` through bfloat16 rounded toward zero or (``up``) +inf."""
    f = float32(x)
    if f != f:
        return uint8(E8M0_NAN_BITS)
    b = _f32_bits(f) & int64(0x7FFFFFFF)
    h = b >> int64(16)
    if up and b < int64(0x7F800000) and (b & int64(0xFFFF)) != int64(0):
        h += int64(1)
    return e8m0_from_bf16_bits(h, satfinite, up)


def e8m0_from_f64(x, satfinite, up):
    """e8m0 bits of float64 ``|x|``: to float32 with inexactness kept as a sticky bit."""
    x = float64(x)
    if x != x:
        return uint8(E8M0_NAN_BITS)
    f = float32(x)
    d = float64(f)
    u = _f32_bits(f)
    if (x > 0.0 and d > x) or (x < 0.0 and d < x):
        u -= int64(1)
    if d != x:
        u |= int64(1)
    return e8m0_from_f32(_f32_of_bits(u), satfinite, up)


def e8m0_from_u64(a):
    """e8m0 bits of the smallest power of two at least ``a`` (0 gives 2^-127)."""
    a = uint64(a)
    if a == uint64(0):
        return uint8(0)
    e = int64(0)
    while e < int64(64) and (uint64(1) << uint64(e)) < a:
        e += int64(1)
    return uint8(e + int64(127))


def e8m0_from_i64(v):
    """e8m0 bits of the smallest power of two at least ``|v|``."""
    v = int64(v)
    if v < int64(0):
        return e8m0_from_u64(uint64(-(v + int64(1))) + uint64(1))
    return e8m0_from_u64(uint64(v))


def fp8_to_bool(b):
    """Whether e4m3 or e5m2 bits are not a zero (NaN is True), as CUDA's ``operator bool``."""
    return (int64(b) & int64(0x7F)) != int64(0)


def sat_int8(f):
    """float32 ``f`` truncated to int8, saturating; NaN gives 0."""
    if f != f:
        return int8(0)
    if f >= float32(127.0):
        return int8(127)
    if f <= float32(-128.0):
        return int8(-128)
    return int8(f)


def sat_int16(f):
    """float32 ``f`` truncated to int16, saturating; NaN gives 0."""
    if f != f:
        return int16(0)
    if f >= float32(32767.0):
        return int16(32767)
    if f <= float32(-32768.0):
        return int16(-32768)
    return int16(f)


def sat_int32(f):
    """float32 ``f`` truncated to int32, saturating; NaN gives 0."""
    if f != f:
        return int32(0)
    if f >= float32(2147483648.0):
        return int32(2147483647)
    if f <= float32(-2147483648.0):
        return int32(-2147483648)
    return int32(f)


def sat_int64(f):
    """float32 ``f`` truncated to int64, saturating; NaN gives 0."""
    if f != f:
        return int64(0)
    if f >= float32(9223372036854775808.0):
        return int64(9223372036854775807)
    if f <= float32(-9223372036854775808.0):
        return int64(-9223372036854775807) - int64(1)
    return int64(f)


def sat_uint8(f):
    """float32 ``f`` truncated to uint8, saturating; NaN gives 0."""
    if f != f or f <= float32(0.0):
        return uint8(0)
    if f >= float32(255.0):
        return uint8(255)
    return uint8(f)


def sat_uint16(f):
    """float32 ``f`` truncated to uint16, saturating; NaN gives 0."""
    if f != f or f <= float32(0.0):
        return uint16(0)
    if f >= float32(65535.0):
        return uint16(65535)
    return uint16(f)


def sat_uint32(f):
    """float32 ``f`` truncated to uint32, saturating; NaN gives 0."""
    if f != f or f <= float32(0.0):
        return uint32(0)
    if f >= float32(4294967296.0):
        return uint32(4294967295)
    return uint32(f)


def sat_uint64(f):
    """float32 ``f`` truncated to uint64, saturating; NaN gives 0."""
    if f != f or f <= float32(0.0):
        return uint64(0)
    if f >= float32(18446744073709551616.0):
        return uint64(18446744073709551615)
    return uint64(f)


def cvt_double_to_fp8(x, saturate, interpretation):
    """numba-cuda's ``cvt_double_to_fp8``: fp8 storage bits (uint8) of a float64."""
    return fp8_from_f64(float64(x), int64(saturate) == int64(1), int64(interpretation) == int64(1))


def cvt_float_to_fp8(x, saturate, interpretation):
    """numba-cuda's ``cvt_float_to_fp8``: fp8 storage bits (uint8) of a float32."""
    return fp8_from_f32(float32(x), int64(saturate) == int64(1), int64(interpretation) == int64(1))


def cvt_bfloat16raw_to_fp8(raw, saturate, interpretation):
    """numba-cuda's ``cvt_bfloat16raw_to_fp8``: fp8 bits of the bfloat16 bits ``raw.x``."""
    f = _f32_of_bits((int64(raw.x) & int64(0xFFFF)) << int64(16))
    return fp8_from_f32(f, int64(saturate) == int64(1), int64(interpretation) == int64(1))


def cvt_double2_to_fp8x2(v, saturate, interpretation):
    """numba-cuda's ``cvt_double2_to_fp8x2``: ``v.x`` in the low byte, ``v.y`` in the high."""
    lo = cvt_double_to_fp8(v.x, saturate, interpretation)
    hi = cvt_double_to_fp8(v.y, saturate, interpretation)
    return uint16((int64(hi) << int64(8)) | int64(lo))


def cvt_float2_to_fp8x2(v, saturate, interpretation):
    """numba-cuda's ``cvt_float2_to_fp8x2``: ``v.x`` in the low byte, ``v.y`` in the high."""
    lo = cvt_float_to_fp8(v.x, saturate, interpretation)
    hi = cvt_float_to_fp8(v.y, saturate, interpretation)
    return uint16((int64(hi) << int64(8)) | int64(lo))


def cvt_float_to_e8m0(x, saturate, rounding):
    """numba-cuda's ``cvt_float_to_e8m0``: e8m0 bits; rounding cudaRoundZero (1) or else up."""
    return e8m0_from_f32(float32(x), int64(saturate) == int64(1), int64(rounding) != int64(1))


def cvt_double_to_e8m0(x, saturate, rounding):
    """numba-cuda's ``cvt_double_to_e8m0``: e8m0 bits; rounding cudaRoundZero (1) or else up."""
    return e8m0_from_f64(float64(x), int64(saturate) == int64(1), int64(rounding) != int64(1))


def cvt_bfloat16raw_to_e8m0(raw, saturate, rounding):
    """numba-cuda's ``cvt_bfloat16raw_to_e8m0``: up only for cudaRoundPosInf (2), as CUDA."""
    return e8m0_from_bf16_bits(raw.x, int64(saturate) == int64(1), int64(rounding) == int64(2))


def cvt_float2_to_e8m0x2(v, saturate, rounding):
    """numba-cuda's ``cvt_float2_to_e8m0x2``: ``v.x`` in the low byte, ``v.y`` in the high."""
    lo = cvt_float_to_e8m0(v.x, saturate, rounding)
    hi = cvt_float_to_e8m0(v.y, saturate, rounding)
    return uint16((int64(hi) << int64(8)) | int64(lo))


def cvt_double2_to_e8m0x2(v, saturate, rounding):
    """numba-cuda's ``cvt_double2_to_e8m0x2``: ``v.x`` in the low byte, ``v.y`` in the high."""
    lo = cvt_double_to_e8m0(v.x, saturate, rounding)
    hi = cvt_double_to_e8m0(v.y, saturate, rounding)
    return uint16((int64(hi) << int64(8)) | int64(lo))


def cvt_e8m0_to_bf16raw(b):
    """numba-cuda's ``cvt_e8m0_to_bf16raw``: the bfloat16 bits of 2^(b - 127) in ``.x``."""
    u = int64(b) & int64(0xFF)
    r = u << int64(7)
    if u == int64(E8M0_NAN_BITS):
        r = int64(0x7FFF)
    elif u == int64(0):
        r = int64(0x0040)
    return cuda.ushort1(uint16(r))


# The fp8 vector storage types (numba-cuda's fp8x2_*/fp8x4_*, ``lower/fp8_vector.rs``): their
# constructors convert as CUDA's ``__nv_fp8x2_e4m3(float2)`` … do (saturating; e8m0 toward
# +inf; from float32 lanes, e4m3/e5m2 pairs are ``cvt_float2_to_fp8x2`` under the
# ``CvtFp8x2`` intrinsic, which sm_89+ compute in hardware), their storage holds lane k in
# byte k, and ``float32x2(v)``/``float32x4(v)`` decode
# each lane exactly (CUDA's ``operator float2``/``operator float4``).


def pack_u16x2(lo, hi):
    """The uint32 of two uint16 halves, ``lo`` in the low half."""
    return uint32((int64(hi) << int64(16)) | (int64(lo) & int64(0xFFFF)))


def fp8x4_from_double4(v, interpretation):
    """``__x`` of ``fp8x4_e4m3(double4)`` (``interpretation`` 0) or of ``fp8x4_e5m2`` (1)."""
    lo = cvt_double2_to_fp8x2(cuda.float64x2(v.x, v.y), 1, interpretation)
    hi = cvt_double2_to_fp8x2(cuda.float64x2(v.z, v.w), 1, interpretation)
    return pack_u16x2(lo, hi)


def e8m0x4_from_float4(v):
    """``__x`` of ``fp8x4_e8m0(float4)``: each lane up to a power of two, saturating."""
    lo = cvt_float2_to_e8m0x2(cuda.float32x2(v.x, v.y), 1, 2)
    hi = cvt_float2_to_e8m0x2(cuda.float32x2(v.z, v.w), 1, 2)
    return pack_u16x2(lo, hi)


def e8m0x4_from_double4(v):
    """``__x`` of ``fp8x4_e8m0(double4)``: each lane up to a power of two, saturating."""
    lo = cvt_double2_to_e8m0x2(cuda.float64x2(v.x, v.y), 1, 2)
    hi = cvt_double2_to_e8m0x2(cuda.float64x2(v.z, v.w), 1, 2)
    return pack_u16x2(lo, hi)


def _decode(b, fmt):
    """The float32 value of the fp8 bits ``b`` of format ``fmt`` (0 e4m3, 1 e5m2, 2 e8m0)."""
    if fmt == 0:
        return e4m3_to_f32(b)
    if fmt == 1:
        return e5m2_to_f32(b)
    return e8m0_to_f32(b)


def fp8x2_to_float2(x, fmt):
    """``float32x2`` of the storage ``x`` of an fp8x2 of format ``fmt``: byte 0 in ``.x``."""
    u = int64(x)
    return cuda.float32x2(_decode(u & int64(0xFF), fmt), _decode((u >> int64(8)) & int64(0xFF), fmt))


def fp8x4_to_float4(x, fmt):
    """``float32x4`` of the storage ``x`` of an fp8x4 of format ``fmt``: byte k in lane k."""
    u = int64(x)
    return cuda.float32x4(
        _decode(u & int64(0xFF), fmt),
        _decode((u >> int64(8)) & int64(0xFF), fmt),
        _decode((u >> int64(16)) & int64(0xFF), fmt),
        _decode((u >> int64(24)) & int64(0xFF), fmt),
    )
