"""The functions ``cuda.fp16`` and ``cuda.bf16`` share, written once: ``F`` is float16 in the
first and bfloat16 in the second.

The loader (``library/mod.rs``) compiles this file as a second part of each of ``fp16.py`` and
``bf16.py``: it is compiled twice, once per type, and its functions see that file's names (the
type's own ``_nan``, ``_bits``, ``hfma``, ...) as that file's functions see these. Everything
here is written in terms of ``F``, of float64 math and of those per-type functions, so one text
holds for both types; the invariants are the two files' (docs/reduced-precision.md), and every
input of both types is checked by tests/kernels/test_fp16.py and tests/kernels/test_bf16.py.
"""

import math

from oxcuda import cuda, float64, int32, uint16


# ---- helpers ----


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


# ---- arithmetic: division, the fused forms that saturate or clamp, maximum and minimum ----


def hdiv(a, b):
    return F(a) / F(b)


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


# ---- math: float64, rounded once (correctly rounded for every input of either type) ----


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
