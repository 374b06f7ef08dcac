"""``cuda.fp16``: every function against an independent NumPy/fractions reference, on every
float16 input where that is cheap (65 536 of them) and on fresh random data otherwise, on the
simulator and on the GPU (the ``target`` fixture), plus the GPU compared with the simulator bit
for bit (``test_gpu_matches_simulator_bitwise``).

References: float16 results are the exact value rounded once to float16 (NumPy's float64 to
float16 conversion is correctly rounded; for ``fma`` the exact value comes from ``fractions``);
directed roundings search the sorted table of every float16; float16 to integer conversions
round in float64 with NumPy and saturate as PTX ``cvt`` does.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from oxcuda import cuda, float16
from oxcuda.cuda import fp16

from ._util import run

ALL_BITS = np.arange(1 << 16, dtype=np.uint16)
ALL_HALVES = ALL_BITS.view(np.float16)
# Every finite float16 and the infinities, ascending (for directed-rounding references).
_ORDERED = np.unique(ALL_HALVES[~np.isnan(ALL_HALVES)].astype(np.float64))

N_THREADS = 256


def _grid(n: int) -> int:
    return (n + N_THREADS - 1) // N_THREADS


def _same(got: np.ndarray, want: np.ndarray) -> None:
    """Bit-identical float16 results, except that any NaN matches any NaN."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape
    gn, wn = np.isnan(got), np.isnan(want)
    bad = (gn != wn) | (~gn & (got.view(np.uint16) != want.view(np.uint16)))
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        raise AssertionError(f"{bad.sum()} differ; first at {k}: got {got[k]!r}, want {want[k]!r}")


def _random_halves(rng: np.random.Generator, n: int, nan: bool = False) -> np.ndarray:
    """Random float16 bit patterns: every exponent, subnormals, zeros, infinities (and NaNs)."""
    x = rng.integers(0, 1 << 16, size=n, dtype=np.uint16).view(np.float16).copy()
    if not nan:
        x[np.isnan(x)] = np.float16(1.5)
    return x


# ---- unary math, exhaustive ----

UNARY_MATH = {
    "hsin": (fp16.hsin, np.sin),
    "hcos": (fp16.hcos, np.cos),
    "hexp": (fp16.hexp, np.exp),
    "hexp2": (fp16.hexp2, np.exp2),
    "hexp10": (fp16.hexp10, lambda v: np.power(10.0, v)),
    "hlog": (fp16.hlog, np.log),
    "hlog2": (fp16.hlog2, np.log2),
    "hlog10": (fp16.hlog10, np.log10),
    "htanh": (fp16.htanh, np.tanh),
    "htanh_approx": (fp16.htanh_approx, np.tanh),
    "hsqrt": (fp16.hsqrt, np.sqrt),
    "hrsqrt": (fp16.hrsqrt, lambda v: 1.0 / np.sqrt(v)),
    "hrcp": (fp16.hrcp, lambda v: 1.0 / v),
    "hceil": (fp16.hceil, np.ceil),
    "hfloor": (fp16.hfloor, np.floor),
    "htrunc": (fp16.htrunc, np.trunc),
    "hrint": (fp16.hrint, np.rint),
    "habs": (fp16.habs, np.abs),
    "__habs": (fp16.__habs, np.abs),
}


def _unary_kernel(fn):
    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = fn(x[i])

    return k


_UNARY_KERNELS = {name: _unary_kernel(fn) for name, (fn, _) in UNARY_MATH.items()}


def _unary_reference(ref, x: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return ref(x.astype(np.float64)).astype(np.float16)


@pytest.mark.parametrize("name", sorted(UNARY_MATH))
def test_unary_math_every_input(target, name: str):
    out = np.full(ALL_HALVES.size, np.nan, dtype=np.float16)
    (got,) = run(_UNARY_KERNELS[name], _grid(out.size), N_THREADS, out, ALL_HALVES)[:1]
    _same(got, _unary_reference(UNARY_MATH[name][1], ALL_HALVES))


@pytest.mark.parametrize(
    "ref",
    [np.sin, np.cos, np.exp, np.exp2, np.log, np.log2, np.log10, np.tanh],
    ids=lambda f: f.__name__,
)
def test_float64_evaluation_is_correctly_rounded_for_every_input(ref):
    """The invariant behind the math functions: no float16 input has a result closer than
    2**-30 (relative; the closest, for sin, is 2**-26.7) to a float16 rounding midpoint, so a
    float64 evaluation within a few ulp (2**-50) rounds to the correctly rounded float16. A
    float32 one (2 ulp = 2**-22) could not guarantee it."""
    x = ALL_HALVES[np.isfinite(ALL_HALVES)].astype(np.float64)
    with np.errstate(all="ignore"):
        v = ref(x)
        v = v[np.isfinite(v) & (v != 0) & (np.abs(v) < 65504)]
        h = v.astype(np.float16)
        up = np.nextafter(h, np.float16(np.inf)).astype(np.float64)
        down = np.nextafter(h, np.float16(-np.inf)).astype(np.float64)
        here = h.astype(np.float64)
        mid = np.minimum(np.abs(v - (here + up) / 2), np.abs(v - (here + down) / 2))
        rel = mid[mid > 0] / np.abs(v[mid > 0])
    assert rel.min() > 2.0**-30
    assert rel.min() < 2.0**-22  # float32 would not do


# ---- arithmetic ----


@cuda.jit
def _binary_ops(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[0, i] = cuda.fp16.hadd(a[i], b[i])
        out[1, i] = cuda.fp16.hsub(a[i], b[i])
        out[2, i] = cuda.fp16.hmul(a[i], b[i])
        out[3, i] = cuda.fp16.hdiv(a[i], b[i])
        out[4, i] = fp16.__hadd_rn(a[i], b[i])
        out[5, i] = fp16.__hsub_rn(a[i], b[i])
        out[6, i] = fp16.__hmul_rn(a[i], b[i])
        out[7, i] = fp16.__hadd(a[i], b[i])
        out[8, i] = fp16.__hadd_sat(a[i], b[i])
        out[9, i] = fp16.__hsub_sat(a[i], b[i])
        out[10, i] = fp16.__hmul_sat(a[i], b[i])
        out[11, i] = fp16.hmax(a[i], b[i])
        out[12, i] = fp16.hmin(a[i], b[i])
        out[13, i] = fp16.__hmax_nan(a[i], b[i])
        out[14, i] = fp16.__hmin_nan(a[i], b[i])


def _sat(x: np.ndarray) -> np.ndarray:
    r = np.where(x > 0, x, np.float16(0)).astype(np.float16)
    return np.where(r > 1, np.float16(1), r).astype(np.float16)


def _max_ref(a: np.ndarray, b: np.ndarray, nan_wins: bool, larger: bool) -> np.ndarray:
    out = np.empty_like(a)
    for k, (x, y) in enumerate(zip(a.tolist(), b.tolist(), strict=True)):
        if math.isnan(x) or math.isnan(y):
            out[k] = (
                np.nan
                if nan_wins or (math.isnan(x) and math.isnan(y))
                else (y if math.isnan(x) else x)
            )
        elif x == y:
            neg_x = math.copysign(1, x) < 0
            out[k] = (y if neg_x else x) if larger else (x if neg_x else y)
        else:
            out[k] = max(x, y) if larger else min(x, y)
    return out


def test_binary_arithmetic(target, rng):
    a = _random_halves(rng, 4096, nan=True)
    b = _random_halves(rng, 4096, nan=True)
    b[:64] = a[:64]  # equal operands
    b[64:96] = -a[64:96]
    a[96:100], b[96:100] = np.float16(0.0), np.float16(-0.0)
    b[100:104], a[100:104] = np.float16(0.0), np.float16(-0.0)
    out = np.full((15, a.size), np.nan, dtype=np.float16)
    (got,) = run(_binary_ops, _grid(a.size), N_THREADS, out, a, b)[:1]
    x, y = a.astype(np.float64), b.astype(np.float64)
    with np.errstate(all="ignore"):
        add, sub, mul, div = (v.astype(np.float16) for v in (x + y, x - y, x * y, x / y))
    for row, want in enumerate([add, sub, mul, div, add, sub, mul, add]):
        _same(got[row], want)
    _same(got[8], _sat(add))
    _same(got[9], _sat(sub))
    _same(got[10], _sat(mul))
    _same(got[11], _max_ref(a, b, nan_wins=False, larger=True))
    _same(got[12], _max_ref(a, b, nan_wins=False, larger=False))
    _same(got[13], _max_ref(a, b, nan_wins=True, larger=True))
    _same(got[14], _max_ref(a, b, nan_wins=True, larger=False))
    # The canonical NaN of two NaN operands.
    both = np.isnan(a) & np.isnan(b)
    assert (got[11][both].view(np.uint16) == 0x7FFF).all()


def _round_half(q: Fraction) -> np.float16:
    """The float16 nearest the rational q, ties to even (overflow to infinity as IEEE)."""
    v = float(q)
    k = int(np.searchsorted(_ORDERED, v))
    cands = [_ORDERED[j] for j in (k - 1, k, k + 1) if 0 <= j < _ORDERED.size]
    finite = [c for c in cands if math.isfinite(c)]
    best = min(finite, key=lambda c: (abs(Fraction(c) - q), int(np.float16(c).view(np.uint16)) & 1))
    if abs(q) >= Fraction(65520):
        return np.float16(math.copysign(math.inf, v))
    return np.float16(best)


@cuda.jit
def _fma_ops(out, a, b, c):
    i = cuda.grid(1)
    if i < a.size:
        out[0, i] = cuda.fp16.hfma(a[i], b[i], c[i])
        out[1, i] = fp16.__hfma_sat(a[i], b[i], c[i])
        out[2, i] = fp16.__hfma_relu(a[i], b[i], c[i])
        out[3, i] = cuda.fma(a[i], b[i], c[i])


def test_fma_rounds_once(target, rng):
    n = 1024
    a = (rng.uniform(-4, 4, n) * 2.0 ** rng.integers(-12, 12, n)).astype(np.float16)
    b = (rng.uniform(-4, 4, n) * 2.0 ** rng.integers(-12, 12, n)).astype(np.float16)
    c = (rng.uniform(-4, 4, n) * 2.0 ** rng.integers(-14, 14, n)).astype(np.float16)
    # Double-rounding traps: c a float16 midpoint's neighbour, a*b a tiny nudge.
    c[:32] = np.float16(2048.0) + np.float16(2.0) * np.arange(32)
    a[:32], b[:32] = np.float16(1.0), np.float16(2.0**-14)
    b[32:48] = -b[32:48]
    out = np.full((4, n), np.nan, dtype=np.float16)
    (got,) = run(_fma_ops, _grid(n), N_THREADS, out, a, b, c)[:1]
    want = np.array(
        [
            _round_half(Fraction(float(p)) * Fraction(float(q)) + Fraction(float(r)))
            for p, q, r in zip(a, b, c, strict=True)
        ],
        dtype=np.float16,
    )
    _same(got[0], want)
    _same(got[3], want)
    _same(got[1], _sat(want))
    relu = np.where(want > 0, want, np.float16(0)).astype(np.float16)
    _same(got[2], relu)


# ---- negation, comparisons, classification ----


@cuda.jit
def _compare_ops(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[0, i] = fp16.heq(a[i], b[i])
        out[1, i] = fp16.hne(a[i], b[i])
        out[2, i] = fp16.hgt(a[i], b[i])
        out[3, i] = fp16.hge(a[i], b[i])
        out[4, i] = fp16.hlt(a[i], b[i])
        out[5, i] = fp16.hle(a[i], b[i])
        out[6, i] = fp16.__hequ(a[i], b[i])
        out[7, i] = fp16.__hneu(a[i], b[i])
        out[8, i] = fp16.__hgtu(a[i], b[i])
        out[9, i] = fp16.__hgeu(a[i], b[i])
        out[10, i] = fp16.__hltu(a[i], b[i])
        out[11, i] = fp16.__hleu(a[i], b[i])
        out[12, i] = fp16.__hisnan(a[i])
        out[13, i] = fp16.__hisinf(a[i])


def test_comparisons_ordered_and_unordered(target, rng):
    a = _random_halves(rng, 4096, nan=True)
    b = _random_halves(rng, 4096, nan=True)
    b[:200] = a[:200]
    a[200:210] = np.float16(np.inf)
    a[210:220] = np.float16(-np.inf)
    out = np.full((14, a.size), 7, dtype=np.int32)
    (got,) = run(_compare_ops, _grid(a.size), N_THREADS, out, a, b)[:1]
    x, y = a.astype(np.float64), b.astype(np.float64)
    nan = np.isnan(x) | np.isnan(y)
    ordered = [x == y, (x != y) & ~nan, x > y, x >= y, x < y, x <= y]
    unordered = [
        (x == y) | nan,
        x != y,
        (x > y) | nan,
        (x >= y) | nan,
        (x < y) | nan,
        (x <= y) | nan,
    ]
    for row, want in enumerate(ordered + unordered):
        np.testing.assert_array_equal(got[row], want.astype(np.int32), err_msg=f"row {row}")
    np.testing.assert_array_equal(got[12], np.isnan(x))
    np.testing.assert_array_equal(got[13], np.where(np.isinf(x), np.sign(x), 0).astype(np.int32))


@cuda.jit
def _bits_ops(out_h, out_s, out_u, a, s):
    i = cuda.grid(1)
    if i < a.size:
        out_h[0, i] = fp16.hneg(a[i])
        out_h[1, i] = fp16.__short_as_half(s[i])
        out_h[2, i] = fp16.__ushort_as_half(fp16.__half_as_ushort(a[i]))
        out_h[3, i] = -a[i]
        out_h[4, i] = abs(a[i])
        out_h[5, i] = fp16.__hneg(a[i])
        out_s[i] = fp16.__half_as_short(a[i])
        out_u[i] = fp16.__half_as_ushort(a[i])


def test_negation_and_bit_reinterpretation_every_input(target):
    a = ALL_HALVES
    s = ALL_BITS.view(np.int16)
    out_h = np.zeros((6, a.size), dtype=np.uint16).view(np.float16)
    out_s = np.zeros(a.size, dtype=np.int16)
    out_u = np.zeros(a.size, dtype=np.uint16)
    got_h, got_s, got_u = run(_bits_ops, _grid(a.size), N_THREADS, out_h, out_s, out_u, a, s)[:3]
    # Negation and abs are the sign bit flipped or cleared, NaNs included (IEEE 754, NumPy).
    for row in (0, 3, 5):
        np.testing.assert_array_equal(got_h[row].view(np.uint16), ALL_BITS ^ 0x8000, f"row {row}")
    np.testing.assert_array_equal(got_h[4].view(np.uint16), ALL_BITS & 0x7FFF)
    np.testing.assert_array_equal(got_h[1].view(np.uint16), ALL_BITS)
    np.testing.assert_array_equal(got_h[2].view(np.uint16), ALL_BITS)
    np.testing.assert_array_equal(got_s, s)
    np.testing.assert_array_equal(got_u, ALL_BITS)


# ---- conversions ----


def _directed(x: np.ndarray, mode: str) -> np.ndarray:
    """Float64 values rounded to float16 in `mode`, by search in the table of every float16."""
    out = np.empty(x.size, dtype=np.float16)
    for k, v in enumerate(x.tolist()):
        if math.isnan(v):
            out[k] = np.nan
            continue
        j = int(np.searchsorted(_ORDERED, v))
        if j < _ORDERED.size and _ORDERED[j] == v:
            out[k] = v
            continue
        below, above = _ORDERED[j - 1], _ORDERED[j]
        if mode == "rn":
            with np.errstate(all="ignore"):
                out[k] = np.float16(v)
        elif mode == "rd":
            out[k] = below
        elif mode == "ru":
            out[k] = above
        else:
            out[k] = below if v > 0 else above
        if out[k] == 0:
            out[k] = math.copysign(0.0, v)  # IEEE: a rounded result keeps the exact sign
    return out


def _to_half_kernel(fn):
    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = fn(x[i])

    return k


MODES = ("rn", "rz", "rd", "ru")
TO_HALF = {f"__float2half_{m}": (getattr(fp16, f"__float2half_{m}"), np.float32, m) for m in MODES}
TO_HALF["__float2half"] = (fp16.__float2half, np.float32, "rn")
TO_HALF["__double2half"] = (fp16.__double2half, np.float64, "rn")
for _c, _t in [
    ("int", np.int32),
    ("ll", np.int64),
    ("short", np.int16),
    ("uint", np.uint32),
    ("ull", np.uint64),
    ("ushort", np.uint16),
]:
    for _m in MODES:
        TO_HALF[f"__{_c}2half_{_m}"] = (getattr(fp16, f"__{_c}2half_{_m}"), _t, _m)
_TO_HALF_KERNELS = {name: _to_half_kernel(fn) for name, (fn, _, _) in TO_HALF.items()}


def _inputs_for(dtype, rng: np.random.Generator, n: int) -> np.ndarray:
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        x = rng.uniform(-1, 1, n) * 2.0 ** rng.integers(-30, 20, n)
        x[:8] = [np.inf, -np.inf, np.nan, 0.0, -0.0, 65504.0, 65520.0, -65519.0]
        return x.astype(dtype)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True)
    small = rng.integers(max(info.min, -70000), min(info.max, 70000), size=n // 2, endpoint=True)
    x[: n // 2] = small.astype(dtype)
    return x


@pytest.mark.parametrize("name", sorted(TO_HALF))
def test_conversions_to_half(target, rng, name: str):
    _, dtype, mode = TO_HALF[name]
    x = _inputs_for(dtype, rng, 512)
    out = np.full(x.size, np.nan, dtype=np.float16)
    (got,) = run(_TO_HALF_KERNELS[name], _grid(x.size), N_THREADS, out, x)[:1]
    _same(got, _directed(x.astype(np.float64), mode))


FROM_HALF = {}
_INT_RANGE = {
    "int": np.int32,
    "ll": np.int64,
    "short": np.int16,
    "uint": np.uint32,
    "ull": np.uint64,
    "ushort": np.uint16,
}
for _c, _t in _INT_RANGE.items():
    for _m in MODES:
        FROM_HALF[f"__half2{_c}_{_m}"] = (getattr(fp16, f"__half2{_c}_{_m}"), _t, _m)
FROM_HALF["__half2char_rz"] = (fp16.__half2char_rz, np.int8, "rz")
FROM_HALF["__half2uchar_rz"] = (fp16.__half2uchar_rz, np.uint8, "rz")
_FROM_HALF_KERNELS = {name: _to_half_kernel(fn) for name, (fn, _, _) in FROM_HALF.items()}
_ROUND = {"rn": np.rint, "rz": np.trunc, "rd": np.floor, "ru": np.ceil}


@pytest.mark.parametrize("name", sorted(FROM_HALF))
def test_conversions_from_half_every_input(target, name: str):
    _, dtype, mode = FROM_HALF[name]
    info = np.iinfo(dtype)
    out = np.full(ALL_HALVES.size, 3, dtype=dtype)
    (got,) = run(_FROM_HALF_KERNELS[name], _grid(out.size), N_THREADS, out, ALL_HALVES)[:1]
    with np.errstate(all="ignore"):
        r = _ROUND[mode](ALL_HALVES.astype(np.float64))
    want = [0 if math.isnan(v) else int(min(max(v, info.min), info.max)) for v in r.tolist()]
    np.testing.assert_array_equal(got, np.array(want, dtype=dtype))


@cuda.jit
def _misc_conversions(out_f, out_h, a, x):
    i = cuda.grid(1)
    if i < a.size:
        out_f[i] = fp16.__half2float(a[i])
        out_h[i] = fp16.__half(x[i])


def test_half_to_float_and_constructor(target, rng):
    a = ALL_HALVES
    x = rng.uniform(-70000, 70000, a.size)
    out_f = np.full(a.size, np.nan, dtype=np.float32)
    out_h = np.full(a.size, np.nan, dtype=np.float16)
    got_f, got_h = run(_misc_conversions, _grid(a.size), N_THREADS, out_f, out_h, a, x)[:2]
    np.testing.assert_array_equal(got_f, a.astype(np.float32))
    with np.errstate(all="ignore"):
        _same(got_h, x.astype(np.float16))


# ---- typing, errors, code ----


def test_scalar_arguments_convert_and_results_are_float16(target):
    @cuda.jit
    def k(out, a):
        out[0] = fp16.hadd(a[0], 1)
        out[1] = fp16.hmul(a[0], 2.5)
        out[2] = fp16.hfma(a[0], a[0], np.float32(0.25))

    a = np.array([1.5], dtype=np.float16)
    out = np.full(3, np.nan, dtype=np.float16)
    (got, _) = run(k, 1, 1, out, a)
    np.testing.assert_array_equal(got, np.array([2.5, 3.75, 2.5], dtype=np.float16))
    sig = k.signatures[0]
    assert "float16" in str(sig)


def test_non_number_argument_is_a_clear_error():
    from oxcuda.errors import TypingError

    @cuda.jit
    def k(out, a):
        out[0] = fp16.hadd(a, a)

    a = np.ones(4, dtype=np.float16)
    with pytest.raises(TypingError, match=r"cuda\.fp16\.hadd\(\) takes real numbers, not array"):
        k[1, 1](np.zeros(1, np.float16), a)


def test_host_call_is_an_error():
    with pytest.raises(RuntimeError, match="can only be called inside"):
        fp16.hadd(1, 2)


def test_names_match_numba_cuda():
    # numba-cuda's cuda.fp16 names (numba_cuda/numba/cuda/fp16.py), less its typing/target
    # registries and the pointer-based atomicAdd (use cuda.atomic.add on float16 arrays).
    for name in [
        "hadd",
        "__hadd",
        "__hadd_rn",
        "__hadd_sat",
        "hfma",
        "__hfma_relu",
        "hmax",
        "__hmax_nan",
        "heq",
        "__hequ",
        "hsin",
        "hexp10",
        "hrcp",
        "htanh_approx",
        "__float2half_rd",
        "__ull2half_ru",
        "__half2char_rz",
        "__half2ull_rn",
        "__short_as_half",
        "__half_as_ushort",
        "__half",
        "__double2half",
        "__hisinf",
    ]:
        assert name in fp16.__all__, name
        assert getattr(cuda.fp16, name).__doc__


def test_ptx_uses_native_half_instructions():
    def k(out, a, b, c):
        out[0] = fp16.__hadd_rn(a[0], b[0])
        out[1] = fp16.__hmul_rn(a[0], b[0])
        out[2] = fp16.hfma(a[0], b[0], c[0])

    arr = "float16[::1]"
    ptx, _ = cuda.compile_ptx(k, f"void({arr}, {arr}, {arr}, {arr})", cc=(9, 0))
    assert "add.rn.f16" in ptx
    assert "mul.rn.f16" in ptx
    assert "fma.rn.f16" in ptx


@cuda.jit
def _mul_add(out, a, b, c):
    i = cuda.grid(1)
    if i < a.size:
        out[0, i] = fp16.hadd(fp16.hmul(a[i], b[i]), c[i])
        out[1, i] = a[i] * b[i] + c[i]
        out[2, i] = fp16.__hadd_rn(fp16.__hmul_rn(a[i], b[i]), c[i])


def test_hadd_of_hmul_is_rounded_twice_or_contracted(target, rng):
    # hadd/hmul are numba-cuda's add.f16/mul.f16, which the GPU's back end may contract into one
    # fma.rn.f16 (as float32 a * b + c); the _rn forms never are. The simulator rounds twice.
    n = 1024
    a = (rng.uniform(-4, 4, n) * 2.0 ** rng.integers(-6, 6, n)).astype(np.float16)
    b = (rng.uniform(-4, 4, n) * 2.0 ** rng.integers(-6, 6, n)).astype(np.float16)
    c = (rng.uniform(-4, 4, n) * 2.0 ** rng.integers(-6, 6, n)).astype(np.float16)
    out = np.full((3, n), np.nan, dtype=np.float16)
    (got,) = run(_mul_add, _grid(n), N_THREADS, out, a, b, c)[:1]
    product = (a.astype(np.float64) * b.astype(np.float64)).astype(np.float16)
    twice = (product.astype(np.float64) + c.astype(np.float64)).astype(np.float16)
    once = np.array(
        [
            _round_half(Fraction(float(x)) * Fraction(float(y)) + Fraction(float(z)))
            for x, y, z in zip(a, b, c, strict=True)
        ],
        dtype=np.float16,
    )
    _same(got[2], twice)
    for row in (0, 1):
        if target == "sim":
            _same(got[row], twice)
        else:
            ok = (got[row] == twice) | (got[row] == once)
            assert ok.all(), f"row {row}: {np.flatnonzero(~ok)[:8]}"
    # The data must tell the two apart somewhere, or the test proves nothing about contraction.
    assert (twice != once).any()


def test_ptx_of_hadd_and_operators_is_numba_cuda_form():
    def k(out, a, b):
        out[0] = fp16.hadd(a[0], b[0])
        out[1] = fp16.hsub(a[0], b[0])
        out[2] = fp16.hmul(a[0], b[0])
        out[3] = -a[0]
        out[4] = abs(b[0])

    arr = "float16[::1]"
    for cc in ((7, 5), (9, 0), (10, 0)):
        ptx, _ = cuda.compile_ptx(k, f"void({arr}, {arr}, {arr})", cc=cc)
        for instr in ("add.f16", "sub.f16", "mul.f16", "xor.b16", "and.b16"):
            assert instr in ptx, (cc, instr)
        # Not rounded with .rn (numba-cuda's __hadd may be contracted, and so may these), and
        # negation is the exact sign flip, not the arithmetic (-0.0) - x (a 0x8000 operand).
        assert ".rn.f16" not in ptx and "0x8000" not in ptx, cc


@cuda.jit
def _bytes_to_half(out, s, u):
    i = cuda.grid(1)
    if i < s.size:
        out[0, i] = np.float16(s[i])
        out[1, i] = np.float16(u[i])


def test_int8_and_uint8_to_half_every_input(target, rng):
    # One cvt.rn.f16.s8 / .u8 on the GPU (numba-cuda's form); every 8-bit integer is exact.
    s = rng.permutation(np.arange(-128, 128, dtype=np.int8))
    u = rng.permutation(np.arange(256, dtype=np.uint8))
    out = np.full((2, 256), np.nan, dtype=np.float16)
    (got,) = run(_bytes_to_half, 1, 256, out, s, u)[:1]
    np.testing.assert_array_equal(got[0], s.astype(np.float16))
    np.testing.assert_array_equal(got[1], u.astype(np.float16))


def test_ptx_of_8_bit_integer_to_half_is_one_conversion():
    def to_half(x):
        return np.float16(x)

    for cc in ((7, 5), (9, 0), (10, 0)):
        for ty, form in (("int8", "cvt.rn.f16.s8"), ("uint8", "cvt.rn.f16.u8")):
            ptx, ret = cuda.compile_ptx(to_half, f"float16({ty})", device=True, cc=cc)
            assert ret == float16
            assert form in ptx and "cvt.rn.f16.s16" not in ptx and "cvt.rn.f16.u16" not in ptx
        ptx, _ = cuda.compile_ptx(to_half, "float16(int32)", device=True, cc=cc)
        assert "cvt.rn.f16.s32" in ptx
