"""Independent float64/Python references for ``cuda.libdevice`` (``test_libdevice.py``).

Each reference is ordinary Python or NumPy: exact rational arithmetic (``fractions``) rounded
in the requested mode for the rounding-mode functions, Python integers for the bit helpers,
``math``/NumPy in float64 (or 80-bit ``longdouble``) for the float functions, bisection on
``math.erf`` for the inverse error functions, and Gauss-Legendre quadrature of Bessel's
integrals for ``j0 … yn``. None of them shares code with the simulator.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

F32_MAX = float(np.finfo(np.float32).max)
#: π to the precision of ``longdouble`` (80-bit on x86-64).
PI_L = np.longdouble("3.14159265358979323846264338327950288")


def _neighbours(q: Fraction, dtype) -> tuple[float, float]:
    """The floats of ``dtype`` just below-or-at and just above-or-at ``q``."""
    c = dtype(float(q))
    while Fraction(float(c)) > q:
        c = np.nextafter(c, dtype(-np.inf))
    lo = c
    while Fraction(float(c)) < q:
        c = np.nextafter(c, dtype(np.inf))
    return float(lo), float(c)


def round_fraction(q: Fraction, mode: str, dtype) -> float:
    """``q`` rounded to ``dtype`` (float32 or float64) in ``mode`` (rn rz ru rd)."""
    lo, hi = _neighbours(q, dtype)
    if lo == hi:
        return lo
    if mode == "rd":
        return lo
    if mode == "ru":
        return hi
    if mode == "rz":
        return lo if q > 0 else hi
    dl, dh = q - Fraction(lo), Fraction(hi) - q
    if dl != dh:
        return lo if dl < dh else hi
    bits = np.array(lo, dtype=dtype).view(np.uint32 if dtype == np.float32 else np.uint64)
    return lo if int(bits) % 2 == 0 else hi


def _sqrt_fraction(x: float, dtype, mode: str) -> float:
    """√x rounded in ``mode``: bracket by exact squares of neighbours."""
    r = dtype(math.sqrt(x))
    q = Fraction(x)
    while Fraction(float(r)) ** 2 > q:
        r = np.nextafter(r, dtype(-np.inf))
    while Fraction(float(np.nextafter(r, dtype(np.inf)))) ** 2 <= q:
        r = np.nextafter(r, dtype(np.inf))
    lo = float(r)
    if Fraction(lo) ** 2 == q:
        return lo
    hi = float(np.nextafter(r, dtype(np.inf)))
    if mode in ("rd", "rz"):
        return lo
    if mode == "ru":
        return hi
    mid = (Fraction(lo) + Fraction(hi)) / 2
    return lo if mid * mid > q else hi


def rounded(op: str, mode: str, dtype, *xs: float) -> float:
    """The rounding-mode arithmetic of libdevice (``add sub mul div rcp sqrt fma``)."""
    q = [Fraction(x) for x in xs]
    if op == "sqrt":
        return _sqrt_fraction(xs[0], dtype, mode)
    exact = {
        "add": lambda: q[0] + q[1],
        "sub": lambda: q[0] - q[1],
        "mul": lambda: q[0] * q[1],
        "div": lambda: q[0] / q[1],
        "rcp": lambda: 1 / q[0],
        "fma": lambda: q[0] * q[1] + q[2],
    }[op]()
    if exact == 0:
        return 0.0
    return round_fraction(exact, mode, dtype)


def to_int(x: float, mode: str, lo: int, hi: int) -> int:
    """PTX ``cvt`` to an integer: rounded in ``mode``, saturated."""
    if math.isnan(x):
        return 0
    q = Fraction(x)
    r = {
        "rn": round(q),  # Python rounds halves to even
        "rz": math.trunc(q),
        "ru": math.ceil(q),
        "rd": math.floor(q),
    }[mode]
    return min(max(r, lo), hi)


def wrap(v: int, bits: int) -> int:
    """``v`` as a signed integer of ``bits`` bits (two's complement)."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def byte_perm(x: int, y: int, s: int) -> int:
    """PTX ``prmt`` in its default mode."""
    b = ((y & 0xFFFFFFFF) << 32) | (x & 0xFFFFFFFF)
    out = 0
    for k in range(4):
        sel = (s >> (4 * k)) & 7
        out |= ((b >> (8 * sel)) & 0xFF) << (8 * k)
    return wrap(out, 32)


def erfinv(y: float) -> float:
    """The x with erf(x) = y, by bisection on ``math.erf`` (``math.erfc`` in the tails)."""
    if y == 0:
        return y
    lo, hi = 0.0, 30.0
    target = abs(y)
    tail = target > 0.5
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if tail:
            below = math.erfc(mid) > 1 - target
        else:
            below = math.erf(mid) < target
        lo, hi = (mid, hi) if below else (lo, mid)
    return math.copysign(0.5 * (lo + hi), y)


def erfcinv(z: float) -> float:
    """The x with erfc(x) = z (bisection on ``math.erfc``)."""
    if z > 1:
        return -erfcinv(2 - z)
    if z > 0.5:
        return erfinv(1 - z)  # exact; erf is accurate near 0 where erfc is flat
    lo, hi = 0.0, 30.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        lo, hi = (mid, hi) if math.erfc(mid) > z else (lo, mid)
    return 0.5 * (lo + hi)


_NODES, _WEIGHTS = np.polynomial.legendre.leggauss(200)


def _integral(f, a: float, b: float) -> float:
    t = 0.5 * (b - a) * _NODES + 0.5 * (a + b)
    return float(0.5 * (b - a) * np.sum(_WEIGHTS * f(t)))


def jn(n: int, x: float) -> float:
    """Bessel J_n(x) = (1/π) ∫₀^π cos(nt - x sin t) dt."""
    return _integral(lambda t: np.cos(n * t - x * np.sin(t)), 0.0, math.pi) / math.pi


def yn(n: int, x: float) -> float:
    """Bessel Y_n(x) (x > 0) from its two integrals."""
    first = _integral(lambda t: np.sin(x * np.sin(t) - n * t), 0.0, math.pi) / math.pi
    second = (
        sum(
            _integral(
                lambda t: (np.exp(n * t) + (-1) ** n * np.exp(-n * t)) * np.exp(-x * np.sinh(t)),
                a,
                a + 1.0,
            )
            for a in range(8)
        )
        / math.pi
    )
    return first - second


def sinpi(x: float) -> float:
    """sin(πx) from the exactly reduced argument, in 80-bit ``longdouble``."""
    r = x - 2.0 * round(x / 2.0)
    if r > 0.5:
        r = 1.0 - r
    elif r < -0.5:
        r = -1.0 - r
    return float(np.sin(PI_L * np.longdouble(r)))


def cospi(x: float) -> float:
    """cos(πx) from the exactly reduced argument |x| mod 2, in ``longdouble``."""
    return float(np.cos(PI_L * np.longdouble(math.fmod(abs(x), 2.0))))


def normcdf(x: float) -> float:
    """erfc(-x/√2)/2 with the argument carried in ``longdouble`` and its float64 rounding
    error corrected to first order (erfc's condition number grows like x²)."""
    t = -np.longdouble(x) / np.sqrt(np.longdouble(2))
    hi = float(t)
    lo = float(t - np.longdouble(hi))
    return 0.5 * (math.erfc(hi) - lo * 2 / math.sqrt(math.pi) * math.exp(-hi * hi))
