"""The ``cmath`` module in device code: CPython's algorithms (``Modules/cmathmodule.c``),
written once in Python and compiled by oxcuda's own front end for complex64 and complex128.

The loader (``library/mod.rs``) compiles this file once per precision, binding:

- ``F`` / ``C``: the float and complex types (float32 / complex64 or float64 / complex128);
- ``F_MAX``, ``F_MIN`` (smallest normal), ``F_MANT_DIG``: that float type's limits;
- every module-level constant below, evaluated in float64 and rounded to ``F`` (ints stay
  ints), and every 7×7 table of ``(real, imag)`` pairs as a constant array of ``C``;
- every function below, by name, to the same precision's version.

So every literal is written ``F(...)``: a bare ``0.5`` would be float64 and would promote
float32 arithmetic to float64 (numba's rule). Special values (a non-finite part) come from
CPython's tables, indexed by ``special_type`` of the real and imaginary parts. Where CPython
raises ``ValueError`` or ``OverflowError`` (``log(0)``, ``exp(1000)``), device code returns the
C99 Annex G value CPython computed before raising, as numba-cuda does.

The file is also plain Python: ``tests/kernels/test_cmath.py`` runs it under CPython with
``F = float`` and checks it against ``cmath`` bit for bit.
"""

import math

P = math.pi
P14 = 0.25 * math.pi
P12 = 0.5 * math.pi
P34 = 0.75 * math.pi
INF = math.inf
N = math.nan
U = -9.5426319407711027e33  # never read: finite arguments do not reach the tables
E = math.e
LN2 = 0.6931471805599453094
LN10 = 2.302585092994045684
LARGE = F_MAX / 4.0
SQRT_LARGE = math.sqrt(LARGE)
LOG_LARGE = math.log(LARGE)
SQRT_MIN = math.sqrt(F_MIN)
SCALE_UP = 2 * (F_MANT_DIG // 2) + 1
SCALE_DOWN = -(SCALE_UP + 1) // 2

# Rows: the real part's special_type; columns: the imaginary part's.
# fmt: off
ACOS_SPECIAL = (
    ((P34, INF), (P, INF), (P, INF), (P, -INF), (P, -INF), (P34, -INF), (N, INF)),
    ((P12, INF), (U, U), (U, U), (U, U), (U, U), (P12, -INF), (N, N)),
    ((P12, INF), (U, U), (P12, 0.0), (P12, -0.0), (U, U), (P12, -INF), (P12, N)),
    ((P12, INF), (U, U), (P12, 0.0), (P12, -0.0), (U, U), (P12, -INF), (P12, N)),
    ((P12, INF), (U, U), (U, U), (U, U), (U, U), (P12, -INF), (N, N)),
    ((P14, INF), (0.0, INF), (0.0, INF), (0.0, -INF), (0.0, -INF), (P14, -INF), (N, INF)),
    ((N, INF), (N, N), (N, N), (N, N), (N, N), (N, -INF), (N, N)),
)
ACOSH_SPECIAL = (
    ((INF, -P34), (INF, -P), (INF, -P), (INF, P), (INF, P), (INF, P34), (INF, N)),
    ((INF, -P12), (U, U), (U, U), (U, U), (U, U), (INF, P12), (N, N)),
    ((INF, -P12), (U, U), (0.0, -P12), (0.0, P12), (U, U), (INF, P12), (N, P12)),
    ((INF, -P12), (U, U), (0.0, -P12), (0.0, P12), (U, U), (INF, P12), (N, P12)),
    ((INF, -P12), (U, U), (U, U), (U, U), (U, U), (INF, P12), (N, N)),
    ((INF, -P14), (INF, -0.0), (INF, -0.0), (INF, 0.0), (INF, 0.0), (INF, P14), (INF, N)),
    ((INF, N), (N, N), (N, N), (N, N), (N, N), (INF, N), (N, N)),
)
ASINH_SPECIAL = (
    ((-INF, -P14), (-INF, -0.0), (-INF, -0.0), (-INF, 0.0), (-INF, 0.0), (-INF, P14), (-INF, N)),
    ((-INF, -P12), (U, U), (U, U), (U, U), (U, U), (-INF, P12), (N, N)),
    ((-INF, -P12), (U, U), (-0.0, -0.0), (-0.0, 0.0), (U, U), (-INF, P12), (N, N)),
    ((INF, -P12), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (INF, P12), (N, N)),
    ((INF, -P12), (U, U), (U, U), (U, U), (U, U), (INF, P12), (N, N)),
    ((INF, -P14), (INF, -0.0), (INF, -0.0), (INF, 0.0), (INF, 0.0), (INF, P14), (INF, N)),
    ((INF, N), (N, N), (N, -0.0), (N, 0.0), (N, N), (INF, N), (N, N)),
)
ATANH_SPECIAL = (
    ((-0.0, -P12), (-0.0, -P12), (-0.0, -P12), (-0.0, P12), (-0.0, P12), (-0.0, P12), (-0.0, N)),
    ((-0.0, -P12), (U, U), (U, U), (U, U), (U, U), (-0.0, P12), (N, N)),
    ((-0.0, -P12), (U, U), (-0.0, -0.0), (-0.0, 0.0), (U, U), (-0.0, P12), (-0.0, N)),
    ((0.0, -P12), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (0.0, P12), (0.0, N)),
    ((0.0, -P12), (U, U), (U, U), (U, U), (U, U), (0.0, P12), (N, N)),
    ((0.0, -P12), (0.0, -P12), (0.0, -P12), (0.0, P12), (0.0, P12), (0.0, P12), (0.0, N)),
    ((0.0, -P12), (N, N), (N, N), (N, N), (N, N), (0.0, P12), (N, N)),
)
COSH_SPECIAL = (
    ((INF, N), (U, U), (INF, 0.0), (INF, -0.0), (U, U), (INF, N), (INF, N)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((N, 0.0), (U, U), (1.0, 0.0), (1.0, -0.0), (U, U), (N, 0.0), (N, 0.0)),
    ((N, 0.0), (U, U), (1.0, -0.0), (1.0, 0.0), (U, U), (N, 0.0), (N, 0.0)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((INF, N), (U, U), (INF, -0.0), (INF, 0.0), (U, U), (INF, N), (INF, N)),
    ((N, N), (N, N), (N, 0.0), (N, 0.0), (N, N), (N, N), (N, N)),
)
EXP_SPECIAL = (
    ((0.0, 0.0), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (0.0, 0.0), (0.0, 0.0)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((N, N), (U, U), (1.0, -0.0), (1.0, 0.0), (U, U), (N, N), (N, N)),
    ((N, N), (U, U), (1.0, -0.0), (1.0, 0.0), (U, U), (N, N), (N, N)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((INF, N), (U, U), (INF, -0.0), (INF, 0.0), (U, U), (INF, N), (INF, N)),
    ((N, N), (N, N), (N, -0.0), (N, 0.0), (N, N), (N, N), (N, N)),
)
LOG_SPECIAL = (
    ((INF, -P34), (INF, -P), (INF, -P), (INF, P), (INF, P), (INF, P34), (INF, N)),
    ((INF, -P12), (U, U), (U, U), (U, U), (U, U), (INF, P12), (N, N)),
    ((INF, -P12), (U, U), (-INF, -P), (-INF, P), (U, U), (INF, P12), (N, N)),
    ((INF, -P12), (U, U), (-INF, -0.0), (-INF, 0.0), (U, U), (INF, P12), (N, N)),
    ((INF, -P12), (U, U), (U, U), (U, U), (U, U), (INF, P12), (N, N)),
    ((INF, -P14), (INF, -0.0), (INF, -0.0), (INF, 0.0), (INF, 0.0), (INF, P14), (INF, N)),
    ((INF, N), (N, N), (N, N), (N, N), (N, N), (INF, N), (N, N)),
)
SINH_SPECIAL = (
    ((INF, N), (U, U), (-INF, -0.0), (-INF, 0.0), (U, U), (INF, N), (INF, N)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((0.0, N), (U, U), (-0.0, -0.0), (-0.0, 0.0), (U, U), (0.0, N), (0.0, N)),
    ((0.0, N), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (0.0, N), (0.0, N)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((INF, N), (U, U), (INF, -0.0), (INF, 0.0), (U, U), (INF, N), (INF, N)),
    ((N, N), (N, N), (N, -0.0), (N, 0.0), (N, N), (N, N), (N, N)),
)
SQRT_SPECIAL = (
    ((INF, -INF), (0.0, -INF), (0.0, -INF), (0.0, INF), (0.0, INF), (INF, INF), (N, INF)),
    ((INF, -INF), (U, U), (U, U), (U, U), (U, U), (INF, INF), (N, N)),
    ((INF, -INF), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (INF, INF), (N, N)),
    ((INF, -INF), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (INF, INF), (N, N)),
    ((INF, -INF), (U, U), (U, U), (U, U), (U, U), (INF, INF), (N, N)),
    ((INF, -INF), (INF, -0.0), (INF, -0.0), (INF, 0.0), (INF, 0.0), (INF, INF), (INF, N)),
    ((INF, -INF), (N, N), (N, N), (N, N), (N, N), (INF, INF), (N, N)),
)
TANH_SPECIAL = (
    ((-1.0, 0.0), (U, U), (-1.0, -0.0), (-1.0, 0.0), (U, U), (-1.0, 0.0), (-1.0, 0.0)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((-0.0, N), (U, U), (-0.0, -0.0), (-0.0, 0.0), (U, U), (-0.0, N), (-0.0, N)),
    ((0.0, N), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (0.0, N), (0.0, N)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((1.0, 0.0), (U, U), (1.0, -0.0), (1.0, 0.0), (U, U), (1.0, 0.0), (1.0, 0.0)),
    ((N, N), (N, N), (N, -0.0), (N, 0.0), (N, N), (N, N), (N, N)),
)
RECT_SPECIAL = (
    ((INF, N), (U, U), (-INF, 0.0), (-INF, -0.0), (U, U), (INF, N), (INF, N)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((0.0, 0.0), (U, U), (-0.0, 0.0), (-0.0, -0.0), (U, U), (0.0, 0.0), (0.0, 0.0)),
    ((0.0, 0.0), (U, U), (0.0, -0.0), (0.0, 0.0), (U, U), (0.0, 0.0), (0.0, 0.0)),
    ((N, N), (U, U), (U, U), (U, U), (U, U), (N, N), (N, N)),
    ((INF, N), (U, U), (INF, -0.0), (INF, 0.0), (U, U), (INF, N), (INF, N)),
    ((N, N), (N, N), (N, 0.0), (N, 0.0), (N, N), (N, N), (N, N)),
)
# fmt: on


def special_type(d):
    """CPython's classes: 0 -inf, 1 negative, 2 -0.0, 3 +0.0, 4 positive, 5 +inf, 6 NaN."""
    if math.isnan(d):
        return 6
    positive = math.copysign(F(1), d) == F(1)
    if math.isinf(d):
        return 5 if positive else 0
    if d == F(0):
        return 3 if positive else 2
    return 4 if positive else 1


def isfinite(z):
    return math.isfinite(z.real) and math.isfinite(z.imag)


def isinf(z):
    return math.isinf(z.real) or math.isinf(z.imag)


def isnan(z):
    return math.isnan(z.real) or math.isnan(z.imag)


def phase(z):
    return math.atan2(z.imag, z.real)


def polar(z):
    return abs(z), math.atan2(z.imag, z.real)


def rect(r, phi):
    if not (math.isfinite(r) and math.isfinite(phi)):
        # rect(±inf, phi) for finite nonzero phi: infinities with the signs of cos and sin.
        if math.isinf(r) and math.isfinite(phi) and phi != F(0):
            if r > F(0):
                return C(math.copysign(INF, math.cos(phi)), math.copysign(INF, math.sin(phi)))
            return C(-math.copysign(INF, math.cos(phi)), -math.copysign(INF, math.sin(phi)))
        return RECT_SPECIAL[special_type(r), special_type(phi)]
    if phi == F(0):
        return C(r, r * phi)
    return C(r * math.cos(phi), r * math.sin(phi))


def sqrt(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        return SQRT_SPECIAL[special_type(x), special_type(y)]
    if x == F(0) and y == F(0):
        return C(F(0), y)
    ax = abs(x)
    ay = abs(y)
    if ax < F_MIN and ay < F_MIN:
        # hypot(ax, ay) would be subnormal: scale both up to normal numbers first.
        ax = math.ldexp(ax, SCALE_UP)
        s = math.ldexp(math.sqrt(ax + math.hypot(ax, math.ldexp(ay, SCALE_UP))), SCALE_DOWN)
    else:
        ax = ax / F(8)
        s = F(2) * math.sqrt(ax + math.hypot(ax, ay / F(8)))
    d = ay / (F(2) * s)
    if x >= F(0):
        return C(s, math.copysign(d, y))
    return C(d, math.copysign(s, y))


def exp(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        if math.isinf(x) and math.isfinite(y) and y != F(0):
            if x > F(0):
                return C(math.copysign(INF, math.cos(y)), math.copysign(INF, math.sin(y)))
            return C(math.copysign(F(0), math.cos(y)), math.copysign(F(0), math.sin(y)))
        return EXP_SPECIAL[special_type(x), special_type(y)]
    if x > LOG_LARGE:
        # exp(x) overflows before exp(z) does: take one factor e out. A zero imaginary part
        # stays zero when the real part overflows (CPython computes inf * 0 = NaN, then
        # raises OverflowError; C99's cexp and NumPy keep the zero).
        scale = math.exp(x - F(1))
        imag = y if y == F(0) else scale * math.sin(y) * E
        return C(scale * math.cos(y) * E, imag)
    scale = math.exp(x)
    return C(scale * math.cos(y), scale * math.sin(y))


def log(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        return LOG_SPECIAL[special_type(x), special_type(y)]
    ax = abs(x)
    ay = abs(y)
    if ax > LARGE or ay > LARGE:
        real = math.log(math.hypot(ax / F(2), ay / F(2))) + LN2
    elif ax < F_MIN and ay < F_MIN:
        if ax == F(0) and ay == F(0):
            return C(-INF, math.atan2(y, x))
        # hypot(ax, ay) would be subnormal: scale up by 2**F_MANT_DIG.
        h = math.hypot(math.ldexp(ax, F_MANT_DIG), math.ldexp(ay, F_MANT_DIG))
        real = math.log(h) - F(F_MANT_DIG) * LN2
    else:
        h = math.hypot(ax, ay)
        if F(0.71) <= h and h <= F(1.73):
            # Near |z| = 1, log1p keeps the accuracy log(h) would lose.
            am = max(ax, ay)
            an = min(ax, ay)
            real = math.log1p((am - F(1)) * (am + F(1)) + an * an) / F(2)
        else:
            real = math.log(h)
    return C(real, math.atan2(y, x))


def log_base(z, base):
    return log(z) / log(base)


def log10(z):
    r = log(z)
    return C(r.real / LN10, r.imag / LN10)


def cosh(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        if math.isinf(x) and math.isfinite(y) and y != F(0):
            if x > F(0):
                return C(math.copysign(INF, math.cos(y)), math.copysign(INF, math.sin(y)))
            return C(math.copysign(INF, math.cos(y)), -math.copysign(INF, math.sin(y)))
        return COSH_SPECIAL[special_type(x), special_type(y)]
    if abs(x) > LOG_LARGE:
        # cosh(x) overflows before cosh(z) does: take one factor e out.
        x_minus_one = x - math.copysign(F(1), x)
        real = math.cos(y) * math.cosh(x_minus_one) * E
        if y == F(0):
            # the zero stays zero when the real part overflows (see exp)
            return C(real, y * math.copysign(F(1), x))
        return C(real, math.sin(y) * math.sinh(x_minus_one) * E)
    return C(math.cos(y) * math.cosh(x), math.sin(y) * math.sinh(x))


def sinh(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        if math.isinf(x) and math.isfinite(y) and y != F(0):
            if x > F(0):
                return C(math.copysign(INF, math.cos(y)), math.copysign(INF, math.sin(y)))
            return C(-math.copysign(INF, math.cos(y)), math.copysign(INF, math.sin(y)))
        return SINH_SPECIAL[special_type(x), special_type(y)]
    if abs(x) > LOG_LARGE:
        x_minus_one = x - math.copysign(F(1), x)
        real = math.cos(y) * math.sinh(x_minus_one) * E
        if y == F(0):
            # the zero stays zero when the real part overflows (see exp)
            return C(real, y)
        return C(real, math.sin(y) * math.cosh(x_minus_one) * E)
    return C(math.cos(y) * math.sinh(x), math.sin(y) * math.cosh(x))


def tanh(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        if math.isinf(x) and math.isfinite(y) and y != F(0):
            return C(math.copysign(F(1), x), math.copysign(F(0), F(2) * math.sin(y) * math.cos(y)))
        return TANH_SPECIAL[special_type(x), special_type(y)]
    if abs(x) > LOG_LARGE:
        return C(
            math.copysign(F(1), x), F(4) * math.sin(y) * math.cos(y) * math.exp(F(-2) * abs(x))
        )
    # tanh(x + iy) = (tanh(x)(1 + tan(y)^2) + i tan(y)(1 - tanh(x)^2)) / (1 + tan(y)^2 tanh(x)^2),
    # with 1 - tanh(x)^2 computed as 1 / cosh(x)^2.
    tx = math.tanh(x)
    ty = math.tan(y)
    cx = F(1) / math.cosh(x)
    txty = tx * ty
    denom = F(1) + txty * txty
    return C(tx * (F(1) + ty * ty) / denom, ((ty / denom) * cx) * cx)


def cos(z):
    return cosh(C(-z.imag, z.real))


def sin(z):
    s = sinh(C(-z.imag, z.real))
    return C(s.imag, -s.real)


def tan(z):
    s = tanh(C(-z.imag, z.real))
    return C(s.imag, -s.real)


def acos(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        return ACOS_SPECIAL[special_type(x), special_type(y)]
    if abs(x) > LARGE or abs(y) > LARGE:
        real = math.atan2(abs(y), x)
        imag = -math.copysign(math.log(math.hypot(x / F(2), y / F(2))) + LN2 * F(2), y)
        return C(real, imag)
    s1 = sqrt(C(F(1) - x, -y))
    s2 = sqrt(C(F(1) + x, y))
    real = F(2) * math.atan2(s1.real, s2.real)
    imag = math.asinh(s2.real * s1.imag - s2.imag * s1.real)
    return C(real, imag)


def acosh(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        return ACOSH_SPECIAL[special_type(x), special_type(y)]
    if abs(x) > LARGE or abs(y) > LARGE:
        real = math.log(math.hypot(x / F(2), y / F(2))) + LN2 * F(2)
        return C(real, math.atan2(y, x))
    s1 = sqrt(C(x - F(1), y))
    s2 = sqrt(C(x + F(1), y))
    real = math.asinh(s1.real * s2.real + s1.imag * s2.imag)
    imag = F(2) * math.atan2(s1.imag, s2.real)
    return C(real, imag)


def asinh(z):
    x = z.real
    y = z.imag
    if not isfinite(z):
        return ASINH_SPECIAL[special_type(x), special_type(y)]
    if abs(x) > LARGE or abs(y) > LARGE:
        big = math.log(math.hypot(x / F(2), y / F(2))) + LN2 * F(2)
        if y >= F(0):
            real = math.copysign(big, x)
        else:
            real = -math.copysign(big, -x)
        return C(real, math.atan2(y, abs(x)))
    s1 = sqrt(C(F(1) + y, -x))
    s2 = sqrt(C(F(1) - y, x))
    real = math.asinh(s1.real * s2.imag - s2.real * s1.imag)
    imag = math.atan2(y, s1.real * s2.real - s1.imag * s2.imag)
    return C(real, imag)


def asin(z):
    s = asinh(C(-z.imag, z.real))
    return C(s.imag, -s.real)


def atanh(z):
    if not isfinite(z):
        return ATANH_SPECIAL[special_type(z.real), special_type(z.imag)]
    if z.real < F(0):
        # atanh(z) = -atanh(-z)
        r = atanh_nonnegative(C(-z.real, -z.imag))
        return C(-r.real, -r.imag)
    return atanh_nonnegative(z)


def atanh_nonnegative(z):
    """atanh of a finite z with z.real >= 0."""
    x = z.real
    y = z.imag
    ay = abs(y)
    if x > SQRT_LARGE or ay > SQRT_LARGE:
        # atanh(z) ~ 1/z ± i pi/2 for large |z|.
        h = math.hypot(x / F(2), y / F(2))
        return C(x / F(4) / h / h, math.copysign(P12, y))
    if x == F(1) and ay < SQRT_MIN:
        if ay == F(0):
            return C(INF, y)
        real = -math.log(math.sqrt(ay) / math.sqrt(math.hypot(ay, F(2))))
        return C(real, math.copysign(math.atan2(F(2), -ay) / F(2), y))
    real = math.log1p(F(4) * x / ((F(1) - x) * (F(1) - x) + ay * ay)) / F(4)
    imag = -math.atan2(F(-2) * y, (F(1) - x) * (F(1) + x) - ay * ay) / F(2)
    return C(real, imag)


def atan(z):
    s = atanh(C(-z.imag, z.real))
    return C(s.imag, -s.real)
