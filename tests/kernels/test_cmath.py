"""``cmath`` in kernels: the device library (``crates/typeck/src/library/cmath.py``) against
Python's ``cmath``, on fresh random inputs, special values (infinities, NaN, signed zeros) and
the branch cuts.

The library is CPython's algorithm compiled by oxcuda, so complex128 results agree with
``cmath`` to a few ulp of ``abs(result)`` (libdevice's or the simulator's real functions differ
from glibc's in the last bits), and complex64 results, computed in float32 throughout, to a few
float32 ulp. The library also runs under CPython itself (``test_library_is_cpythons_algorithm``),
which pins the algorithm bit for bit where the device math cannot.
"""

from __future__ import annotations

import cmath
import itertools
import math
import sys
from pathlib import Path

import numpy as np
import pytest
from oxcuda import cuda

from ._util import run

LIBRARY = Path(__file__).parents[2] / "crates" / "typeck" / "src" / "library" / "cmath.py"

UNARY = [
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "cos",
    "cosh",
    "exp",
    "log",
    "log10",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
]
# exp(x) overflows for large real parts, cos/sin/tan for large imaginary parts.
EXP_LIKE = {"exp", "cosh", "sinh", "tanh"}
TRIG_LIKE = {"cos", "sin", "tan"}
# |got - want| <= RTOL * |want| (complex magnitudes) + ATOL (a few subnormal steps: results
# in the subnormal range have fewer significant bits).
RTOL = {np.complex64: 16 * 2.0**-24, np.complex128: 16 * 2.0**-53}
ATOL = {np.complex64: 4 * 2.0**-149, np.complex128: 4 * 2.0**-1074}


def _library_in_cpython() -> dict:
    """The library's functions, executed by CPython in float64 (``F = float``)."""
    ns = {
        "F": float,
        "C": complex,
        "F_MAX": sys.float_info.max,
        "F_MIN": sys.float_info.min,
        "F_MANT_DIG": sys.float_info.mant_dig,
    }
    exec(compile(LIBRARY.read_text(), str(LIBRARY), "exec"), ns)
    for name, value in list(ns.items()):
        if name.endswith("_SPECIAL"):
            ns[name] = np.array([[complex(*pair) for pair in row] for row in value])
    return ns


LIB = _library_in_cpython()


def _version_dependent(name: str, z: complex) -> bool:
    """Entries where the library follows CPython 3.14's tables (C11 Annex G) and older
    CPythons give NaN + NaN·j: acosh(±0 + NaN·j) = NaN + π/2·j, tanh(±0 + NaN·j) = ±0 + NaN·j,
    and tan, tanh's rotation."""
    if sys.version_info >= (3, 14):
        return False
    if name == "acosh":
        return z.real == 0 and math.isnan(z.imag)
    if name == "tanh":
        return z.real == 0 and math.isnan(z.imag)
    if name == "tan":
        return z.imag == 0 and math.isnan(z.real)
    return False


def _reference(name: str, z: complex):
    """CPython's result, or the library's own (in float64) where CPython raises instead of
    returning the C99 value (``log(0)``); None where they legitimately differ, or where both
    raise (an overflowing real function: ``test_where_cpython_raises`` covers those)."""
    if _version_dependent(name, z):
        return None
    try:
        return getattr(cmath, name)(z)
    except (ValueError, OverflowError):
        pass
    try:
        return LIB[name](z)
    except (ValueError, OverflowError):
        return None


def _same_float(got: float, want: float, scale: float, rtol: float, atol: float = 0.0) -> bool:
    if math.isnan(want) or math.isinf(want) or want == 0:
        # Special results: NaN where NaN, the same infinity, a zero of the same sign (a zero
        # may also come out as a tiny number of the right size).
        if math.isnan(want):
            return math.isnan(got)
        if math.isinf(want):
            return got == want
        if got == 0:
            return math.copysign(1, got) == math.copysign(1, want)
        return abs(got) <= rtol * scale + atol
    return abs(got - want) <= rtol * scale + atol


def _assert_close(name: str, zs, got, want_fn, rtol: float, atol: float = 0.0) -> None:
    bad = []
    for z, g in zip(zs, got, strict=True):
        w = want_fn(complex(z))
        if w is None:
            continue
        if isinstance(w, bool):
            ok = bool(g) == w
        else:
            w = complex(w)
            g = complex(g)
            scale = abs(w) if math.isfinite(abs(w)) else 0.0
            ok = _same_float(g.real, w.real, scale, rtol, atol) and _same_float(
                g.imag, w.imag, scale, rtol, atol
            )
        if not ok:
            bad.append(f"{name}({complex(z)!r}) = {g!r}, want {w!r}")
    assert not bad, f"{len(bad)} of {len(zs)} wrong:\n" + "\n".join(bad[:12])


def _unary_kernel(fn):
    @cuda.jit
    def k(out, z):
        i = cuda.grid(1)
        if i < z.size:
            out[i] = fn(z[i])

    return k


KERNELS = {name: _unary_kernel(getattr(cmath, name)) for name in UNARY}


def _launch(name: str, z: np.ndarray) -> np.ndarray:
    out = np.full(z.shape, complex(-7.0, -7.0), dtype=z.dtype)
    (got, _) = run(KERNELS[name], (z.size + 63) // 64, 64, out, z)
    return got


def _random_inputs(rng: np.random.Generator, name: str, dtype, n: int = 256) -> np.ndarray:
    """Moderate values, values near the unit circle and the axes, and magnitudes spread over
    the type's exponent range (kept where the function's result is representable)."""
    big = 30.0 if dtype == np.complex64 else 300.0
    re = rng.uniform(-10, 10, n)
    im = rng.uniform(-10, 10, n)
    # near |z| = 1 and z = ±1, where log and the inverse functions cancel
    angle = rng.uniform(-np.pi, np.pi, n // 4)
    re[: n // 4] = np.cos(angle) * (1 + rng.uniform(-1e-3, 1e-3, n // 4))
    im[: n // 4] = np.sin(angle) * (1 + rng.uniform(-1e-3, 1e-3, n // 4))
    # exponent spread with random signs
    k = slice(n // 4, n // 2)
    m = n // 2 - n // 4
    re[k] = rng.choice([-1, 1], m) * 10.0 ** rng.uniform(-big, big, m)
    im[k] = rng.choice([-1, 1], m) * 10.0 ** rng.uniform(-big, big, m)
    if name in EXP_LIKE:
        re = np.clip(re, -80, 80) if dtype == np.complex64 else np.clip(re, -700, 700)
    if name in TRIG_LIKE:
        im = np.clip(im, -80, 80) if dtype == np.complex64 else np.clip(im, -700, 700)
    return (re + 1j * im).astype(dtype)


def _representable(dtype):
    """A reference within the output type's range (else the device rightly overflows)."""
    fmax = float(np.finfo(dtype).max)

    def fits(w):
        return w is None or (abs(complex(w).real) < fmax and abs(complex(w).imag) < fmax)

    return fits


def _canonical(v):
    """A result as Python numbers (the tables hold NumPy scalars), for exact ``repr``s."""
    if isinstance(v, tuple):
        return tuple(_canonical(x) for x in v)
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (complex, np.complexfloating)):
        return complex(v)
    return float(v)


def test_library_is_cpythons_algorithm():
    """The library, run by CPython in float64, reproduces ``cmath`` bit for bit on a grid of
    special and ordinary values (the device versions can only be compared within tolerances,
    their real functions not being glibc's)."""
    values = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 0.71, 1e-310, -1e-310, 1e-200, 1e300]
    values += [-1.5e308, math.inf, -math.inf, math.nan]
    bad = []
    for name in [*UNARY, "phase", "polar", "isnan", "isinf", "isfinite"]:
        for re, im in itertools.product(values, values):
            z = complex(re, im)
            try:
                want = getattr(cmath, name)(z)
            except (ValueError, OverflowError):
                continue
            if _version_dependent(name, z):
                continue
            got = _canonical(LIB[name](z))
            if repr(got) != repr(want):
                bad.append(f"{name}({z!r}) = {got!r}, want {want!r}")
    for r, phi in itertools.product(values, values):
        try:
            want = cmath.rect(r, phi)
        except (ValueError, OverflowError):
            continue
        got = _canonical(LIB["rect"](r, phi))
        if repr(got) != repr(want):
            bad.append(f"rect({r!r}, {phi!r}) = {got!r}, want {want!r}")
    assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("name", UNARY)
def test_random_values(target, rng, name, dtype):
    z = _random_inputs(rng, name, dtype)
    got = _launch(name, z)
    fits = _representable(dtype)
    keep = [i for i, v in enumerate(z) if fits(_reference(name, complex(v)))]
    ref = lambda v: _reference(name, v)  # noqa: E731
    _assert_close(name, z[keep], got[keep], ref, RTOL[dtype], ATOL[dtype])


def _special_values(dtype) -> np.ndarray:
    finfo = np.finfo(np.float32 if dtype == np.complex64 else np.float64)
    tiny = float(finfo.smallest_subnormal) * 3
    huge = float(finfo.max) / 2
    values = [0.0, -0.0, 1.0, -1.0, 0.5, -2.5, tiny, -tiny, huge, -huge, math.inf, -math.inf]
    values.append(math.nan)
    return np.array([complex(a, b) for a, b in itertools.product(values, values)], dtype=dtype)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("name", UNARY)
def test_special_values(target, name, dtype):
    z = _special_values(dtype)
    got = _launch(name, z)
    fits = _representable(dtype)
    keep = [i for i, v in enumerate(z) if fits(_reference(name, complex(v)))]
    # Results next to an overflow or underflow threshold carry float32 rounding of the
    # intermediate steps, hence the wider tolerance there.
    rtol = RTOL[dtype] * (4 if dtype == np.complex64 else 1)
    ref = lambda v: _reference(name, v)  # noqa: E731
    _assert_close(name, z[keep], got[keep], ref, rtol, ATOL[dtype])


# Points on the branch cuts, approached from both sides by the sign of a zero part: CPython's
# results there pick the side by that sign.
CUTS = {
    "sqrt": [complex(-4, 0.0), complex(-4, -0.0)],
    "log": [complex(-1, 0.0), complex(-1, -0.0), complex(-0.5, -0.0)],
    "log10": [complex(-10, 0.0), complex(-10, -0.0)],
    "acos": [complex(2, 0.0), complex(2, -0.0), complex(-3, 0.0), complex(-3, -0.0)],
    "asin": [complex(2, 0.0), complex(2, -0.0), complex(-3, 0.0), complex(-3, -0.0)],
    "atan": [complex(0.0, 2), complex(-0.0, 2), complex(0.0, -3), complex(-0.0, -3)],
    "acosh": [complex(0.5, 0.0), complex(0.5, -0.0), complex(-2, 0.0), complex(-2, -0.0)],
    "asinh": [complex(0.0, 2), complex(-0.0, 2), complex(0.0, -3), complex(-0.0, -3)],
    "atanh": [complex(2, 0.0), complex(2, -0.0), complex(-3, 0.0), complex(-3, -0.0)],
}


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("name", sorted(CUTS))
def test_branch_cuts(target, name, dtype):
    z = np.array(CUTS[name], dtype=dtype)
    got = _launch(name, z)
    for v, g in zip(z, got, strict=True):
        want = getattr(cmath, name)(complex(v))
        # the side of the cut: the signs of both parts
        assert math.copysign(1, g.real) == math.copysign(1, want.real), (name, v, g, want)
        assert math.copysign(1, g.imag) == math.copysign(1, want.imag), (name, v, g, want)
    _assert_close(name, z, got, getattr(cmath, name), RTOL[dtype], ATOL[dtype])


# Where CPython raises ValueError or OverflowError, device code returns the C99 value (and
# keeps a zero imaginary part zero where CPython's overflowing intermediate made it NaN).
RAISING = [
    ("log", complex(0.0, 0.0), complex(-math.inf, 0.0)),
    ("log", complex(-0.0, -0.0), complex(-math.inf, -math.pi)),
    ("log10", complex(0.0, -0.0), complex(-math.inf, -0.0)),
    ("exp", complex(1000.0, 0.0), complex(math.inf, 0.0)),
    ("exp", complex(1000.0, 1.0), complex(math.inf, math.inf)),
    ("exp", complex(1000.0, -2.0), complex(-math.inf, -math.inf)),
    ("cosh", complex(-1000.0, 1.0), complex(math.inf, -math.inf)),
    ("cosh", complex(-1000.0, 0.0), complex(math.inf, -0.0)),
    ("sinh", complex(-1000.0, -0.0), complex(-math.inf, -0.0)),
    ("cos", complex(0.0, 1000.0), complex(math.inf, -0.0)),
    ("sinh", complex(1000.0, 2.0), complex(-math.inf, math.inf)),
    ("cos", complex(1.0, 1000.0), complex(math.inf, -math.inf)),
    ("sin", complex(2.0, -1000.0), complex(math.inf, math.inf)),
    ("atanh", complex(1.0, 0.0), complex(math.inf, 0.0)),
    ("atanh", complex(-1.0, -0.0), complex(-math.inf, -0.0)),
    ("sqrt", complex(math.inf, math.nan), complex(math.inf, math.nan)),
    ("exp", complex(0.0, math.inf), complex(math.nan, math.nan)),
]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_where_cpython_raises(target, dtype):
    for name, z, want in RAISING:
        got = complex(_launch(name, np.array([z], dtype=dtype))[0])
        for g, w in [(got.real, want.real), (got.imag, want.imag)]:
            assert _same_float(g, w, abs(w), RTOL[dtype]), (name, z, got, want)


@cuda.jit
def polar_k(out, flags, z):
    i = cuda.grid(1)
    if i < z.size:
        r, phi = cmath.polar(z[i])
        out[i, 0] = r
        out[i, 1] = phi
        out[i, 2] = cmath.phase(z[i])
        back = cmath.rect(r, phi)
        out[i, 3] = back.real
        out[i, 4] = back.imag
        flags[i, 0] = cmath.isnan(z[i])
        flags[i, 1] = cmath.isinf(z[i])
        flags[i, 2] = cmath.isfinite(z[i])


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_polar_phase_rect_and_predicates(target, rng, dtype):
    n = 96
    part = np.float32 if dtype == np.complex64 else np.float64
    z = (rng.uniform(-5, 5, n) + 1j * rng.uniform(-5, 5, n)).astype(dtype)
    specials = [math.inf, -math.inf, math.nan, 0.0, -0.0, 2.0]
    z[: len(specials) ** 2] = [complex(a, b) for a, b in itertools.product(specials, specials)]
    out = np.full((n, 5), np.nan, dtype=part)
    flags = np.full((n, 3), 7, dtype=np.int8)
    got, got_flags, _ = run(polar_k, 2, 64, out, flags, z)
    rtol = RTOL[dtype]
    for k, v in enumerate(z):
        v = complex(v)
        r, phi = cmath.polar(v)
        assert _same_float(got[k, 0], r, abs(r), rtol), (v, got[k, 0], r)
        assert _same_float(got[k, 1], phi, abs(phi), 2 * rtol), (v, got[k, 1], phi)
        assert _same_float(got[k, 2], phi, abs(phi), 2 * rtol), (v, got[k, 2], phi)
        try:
            back = cmath.rect(float(got[k, 0]), float(got[k, 1]))
        except ValueError:
            back = LIB["rect"](float(got[k, 0]), float(got[k, 1]))
        scale = abs(back) if math.isfinite(abs(back)) else 0.0
        assert _same_float(got[k, 3], back.real, scale, 4 * rtol), (v, got[k, 3], back)
        assert _same_float(got[k, 4], back.imag, scale, 4 * rtol), (v, got[k, 4], back)
        want_flags = [cmath.isnan(v), cmath.isinf(v), cmath.isfinite(v)]
        assert list(got_flags[k]) == want_flags, (v, got_flags[k])


@cuda.jit
def mixed_k(out, x, n, z):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = cmath.sqrt(x[i])  # float32 → complex64
        out[i, 1] = cmath.exp(n[i])  # int → complex128
        out[i, 2] = cmath.log(z[i], 2.0)
        out[i, 3] = cmath.log(z[i], z[i] + 3)
        out[i, 4] = cmath.rect(x[i], 0.5)
        out[i, 5] = cmath.infj + cmath.pi
        out[i, 6] = np.complex64(x[i], n[i])
        out[i, 7] = np.arctanh(z[i]) - cmath.atanh(z[i])  # NumPy on complex is cmath


def test_real_arguments_bases_and_constants(target, rng):
    n = 64
    x = rng.uniform(-4, 4, n).astype(np.float32)
    k = rng.integers(-5, 5, n).astype(np.int32)
    z = (rng.uniform(-4, 4, n) + 1j * rng.uniform(-4, 4, n)).astype(np.complex128)
    out = np.zeros((n, 8), dtype=np.complex128)
    got, _, _, _ = run(mixed_k, 1, 64, out, x, k, z)
    c64, c128 = RTOL[np.complex64], RTOL[np.complex128]
    for i in range(n):
        xi, ki, zi = float(x[i]), int(k[i]), complex(z[i])
        checks = [
            (got[i, 0], cmath.sqrt(xi), c64),
            (got[i, 1], cmath.exp(ki), c128),
            (got[i, 2], cmath.log(zi, 2.0), 4 * c128),
            (got[i, 3], cmath.log(zi, zi + 3), 8 * c128),
            (got[i, 4], cmath.rect(xi, 0.5), 2 * c64),
        ]
        for g, w, rtol in checks:
            assert abs(g - w) <= rtol * abs(w), (i, g, w)
        assert got[i, 5] == complex(math.pi, math.inf)
        assert got[i, 6] == complex(x[i], ki)
        assert got[i, 7] == 0
