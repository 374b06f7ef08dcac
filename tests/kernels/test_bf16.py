"""bfloat16 and ``cuda.bf16``: every function against an independent reference, on every
bfloat16 input where that is cheap (65 536 of them) and on fresh random data otherwise, on the
simulator and on the GPU (the ``target`` fixture), plus the GPU compared with the simulator bit
for bit (``test_gpu_matches_simulator_bitwise``).

The kernels take and return bfloat16 values as their uint16 bits (``ushort_as_bfloat16``,
``bfloat16_as_ushort``), so these tests need no bfloat16 NumPy dtype; the tests of
``ml_dtypes.bfloat16`` arrays skip when ``ml_dtypes`` is absent.

References: a bfloat16's value is its bits shifted into a float32 (exact). Results are the exact
value rounded once, found in the sorted table of every bfloat16 with exact comparisons
(``fractions``), so the reference shares no code with either target and never rounds twice
(``ml_dtypes`` rounds float64 through float32, which can round twice; it is the reference for
float32 sources and for array arithmetic, where it rounds once).
"""

from __future__ import annotations

import bisect
import math
from fractions import Fraction

import numpy as np
import pytest
from oxcuda import bfloat16, cuda
from oxcuda.cuda import bf16

from ._util import run

# The GPU runs pass NumPy arrays on purpose (copied in and out around the launch).
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

ALL_BITS = np.arange(1 << 16, dtype=np.uint16)
N_THREADS = 256
MODES = ("rn", "rz", "rd", "ru")


def _grid(n: int) -> int:
    return (n + N_THREADS - 1) // N_THREADS


def value(bits: np.ndarray) -> np.ndarray:
    """The float64 values of bfloat16 bits (exact)."""
    wide = np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16
    with np.errstate(invalid="ignore"):  # signalling NaN patterns widen to quiet ones
        return wide.view(np.float32).astype(np.float64)


ALL_VALUES = value(ALL_BITS)
_FINITE_POS = [int(b) for b in ALL_BITS[:0x7F80]]  # +0 … the largest finite, ascending
_FINITE_POS_FR = [Fraction(float(value(np.uint16(b)))) for b in _FINITE_POS]
_OVERFLOW = Fraction(2) ** 128  # where the next bfloat16 after the largest would be


def round_bits(x, mode: str = "rn") -> int:
    """The bits of the exact number ``x`` (int, float or Fraction) rounded to bfloat16."""
    if isinstance(x, float) and math.isnan(x):
        return 0x7FFF
    if isinstance(x, float) and math.isinf(x):
        return 0x7F80 if x > 0 else 0xFF80
    q = Fraction(x)
    negative = q < 0 or (q == 0 and isinstance(x, float) and math.copysign(1.0, x) < 0)
    a = -q if q < 0 else q
    # Round the magnitude; rd/ru become rz/away by sign.
    m = mode
    if mode == "rd":
        m = "away" if negative else "rz"
    elif mode == "ru":
        m = "rz" if negative else "away"
    if a >= _OVERFLOW or (a > _FINITE_POS_FR[-1] and m == "rz"):
        bits = 0x7F80 if m in ("rn", "away") else 0x7F7F
    else:
        j = bisect.bisect_left(_FINITE_POS_FR, a)
        if j < len(_FINITE_POS_FR) and _FINITE_POS_FR[j] == a:
            bits = _FINITE_POS[j]
        else:
            lo = _FINITE_POS[j - 1]
            hi_val = _FINITE_POS_FR[j] if j < len(_FINITE_POS_FR) else _OVERFLOW
            hi = lo + 1
            lo_val = _FINITE_POS_FR[j - 1]
            if m == "rz":
                bits = lo
            elif m == "away":
                bits = hi
            else:
                d_lo, d_hi = a - lo_val, hi_val - a
                bits = lo if d_lo < d_hi or (d_lo == d_hi and lo % 2 == 0) else hi
    return bits | (0x8000 if negative else 0)


def round_all(xs, mode: str = "rn") -> np.ndarray:
    return np.array([round_bits(x, mode) for x in xs], dtype=np.uint16)


def same_bits(got: np.ndarray, want: np.ndarray) -> None:
    """Bit-identical bfloat16 results, except that any NaN matches any NaN."""
    got, want = np.asarray(got, np.uint16), np.asarray(want, np.uint16)
    assert got.shape == want.shape
    gn, wn = np.isnan(value(got)), np.isnan(value(want))
    bad = (gn != wn) | (~gn & (got != want))
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        raise AssertionError(
            f"{int(bad.sum())} differ; first at {k}: got {got[k]:#06x} ({value(got[k])!r}), "
            f"want {want[k]:#06x} ({value(want[k])!r})"
        )


def random_bits(rng: np.random.Generator, n: int, nan: bool = False) -> np.ndarray:
    """Random bfloat16 bit patterns: every exponent, subnormals, zeros, infinities (and NaNs)."""
    x = rng.integers(0, 1 << 16, size=n, dtype=np.uint16)
    if not nan:
        x[np.isnan(value(x))] = 0x3FC0
    return x


def test_reference_rounds_as_ieee():
    assert round_bits(1.0) == 0x3F80
    assert round_bits(1.0 + 2.0**-8) == 0x3F80  # a tie: to even
    assert round_bits(1.0 + 3 * 2.0**-8) == 0x3F82  # a tie: to even (up)
    assert round_bits(-(1.0 + 2.0**-8), "rd") == 0xBF81
    assert round_bits(float("inf")) == 0x7F80
    assert round_bits(-0.0) == 0x8000
    assert round_bits(3.5e38, "rz") == 0x7F7F


# ---- unary math, exhaustive ----

UNARY = {
    "hsin": (bf16.hsin, np.sin),
    "hcos": (bf16.hcos, np.cos),
    "hexp": (bf16.hexp, np.exp),
    "hexp2": (bf16.hexp2, np.exp2),
    "hexp10": (bf16.hexp10, lambda v: np.power(10.0, v)),
    "hlog": (bf16.hlog, np.log),
    "hlog2": (bf16.hlog2, np.log2),
    "hlog10": (bf16.hlog10, np.log10),
    "htanh": (bf16.htanh, np.tanh),
    "htanh_approx": (bf16.htanh_approx, np.tanh),
    "hsqrt": (bf16.hsqrt, np.sqrt),
    "hrsqrt": (bf16.hrsqrt, lambda v: 1.0 / np.sqrt(v)),
    "hrcp": (bf16.hrcp, lambda v: 1.0 / v),
    "hceil": (bf16.hceil, np.ceil),
    "hfloor": (bf16.hfloor, np.floor),
    "htrunc": (bf16.htrunc, np.trunc),
    "hrint": (bf16.hrint, np.rint),
    "habs": (bf16.habs, np.abs),
    "hneg": (bf16.hneg, np.negative),
    "math.sin": (math.sin, np.sin),
    "math.exp": (math.exp, np.exp),
    "math.sqrt": (math.sqrt, np.sqrt),
    "math.tanh": (math.tanh, np.tanh),
}


def _unary_kernel(fn):
    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = bf16.bfloat16_as_ushort(bfloat16(fn(bf16.ushort_as_bfloat16(x[i]))))

    return k


_UNARY_KERNELS = {name: _unary_kernel(fn) for name, (fn, _) in UNARY.items()}


def _unary_reference(ref) -> np.ndarray:
    with np.errstate(all="ignore"):
        r = ref(ALL_VALUES)
    return round_all(r.tolist())


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_math_every_input(target, name: str):
    out = np.full(ALL_BITS.size, 0x7FC1, dtype=np.uint16)
    (got,) = run(_UNARY_KERNELS[name], _grid(out.size), N_THREADS, out, ALL_BITS)[:1]
    same_bits(got, _unary_reference(UNARY[name][1]))


@pytest.mark.parametrize(
    "ref",
    [np.sin, np.cos, np.exp, np.exp2, np.log, np.log2, np.log10, np.tanh],
    ids=lambda f: f.__name__,
)
def test_float64_evaluation_is_correctly_rounded_for_every_input(ref):
    """The invariant behind the math functions: no bfloat16 input has a result within 2**-40
    (relative) of a bfloat16 rounding midpoint, so a float64 evaluation within a few ulp
    (2**-50) rounds to the correctly rounded bfloat16, on both targets."""
    x = ALL_VALUES[np.isfinite(ALL_VALUES)]
    with np.errstate(all="ignore"):
        v = ref(x)
    v = v[np.isfinite(v) & (v != 0) & (np.abs(v) < 3.3e38) & (np.abs(v) > 2.0**-126)]
    # Midpoints: the value with its float32 bits truncated to bfloat16 plus half a unit.
    f = np.abs(v).astype(np.float32)
    lo = (f.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32).astype(np.float64)
    unit = np.spacing(lo.astype(np.float32)).astype(np.float64) * 2.0**16
    mid = lo + unit / 2
    for m in (mid - unit, mid, mid + unit):
        rel = np.abs(np.abs(v) - m) / np.abs(v)
        exact = rel == 0
        # An exact midpoint is only allowed where the function is exact (e.g. exp2 of an int).
        assert not (exact & (rel != 0)).any()
        assert (rel[~exact] > 2.0**-40).all(), float(rel[~exact].min())


# ---- binary arithmetic ----


@cuda.jit
def _binary_ops(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        x = bf16.ushort_as_bfloat16(a[i])
        y = bf16.ushort_as_bfloat16(b[i])
        out[i, 0] = bf16.bfloat16_as_ushort(x + y)
        out[i, 1] = bf16.bfloat16_as_ushort(x - y)
        out[i, 2] = bf16.bfloat16_as_ushort(x * y)
        out[i, 3] = bf16.bfloat16_as_ushort(x / y)
        out[i, 4] = bf16.bfloat16_as_ushort(bf16.hadd(x, y))
        out[i, 5] = bf16.bfloat16_as_ushort(bf16.hsub_rn(x, y))
        out[i, 6] = bf16.bfloat16_as_ushort(bf16.hmul(x, y))
        out[i, 7] = bf16.bfloat16_as_ushort(bf16.hdiv(x, y))
        out[i, 8] = bf16.bfloat16_as_ushort(bf16.hadd_sat(x, y))
        out[i, 9] = bf16.bfloat16_as_ushort(bf16.hmul_sat(x, y))
        out[i, 10] = bf16.bfloat16_as_ushort(bf16.hmax(x, y))
        out[i, 11] = bf16.bfloat16_as_ushort(bf16.hmin(x, y))
        out[i, 12] = bf16.bfloat16_as_ushort(bf16.hmax_nan(x, y))
        out[i, 13] = bf16.bfloat16_as_ushort(bf16.hmin_nan(x, y))
        out[i, 14] = bf16.bfloat16_as_ushort(-x)


def _sat(r: np.ndarray) -> np.ndarray:
    out = np.where(r > 1.0, 1.0, r)
    return np.where(r > 0.0, out, 0.0)  # NaN and negatives (and -0.0) to +0.0


def _max_ref(x, y, nan_wins: bool, larger: bool) -> np.ndarray:
    out = []
    for p, q in zip(x.tolist(), y.tolist(), strict=True):
        if math.isnan(p) or math.isnan(q):
            out.append(
                math.nan
                if nan_wins or (math.isnan(p) and math.isnan(q))
                else (q if math.isnan(p) else p)
            )
            continue
        if p == q:  # zeros of opposite signs: +0.0 is the larger
            pick = p if (math.copysign(1, p) > 0) == larger else q
        else:
            pick = max(p, q) if larger else min(p, q)
        out.append(pick)
    return np.array(out)


def test_binary_arithmetic(target, rng):
    n = 2048
    a, b = random_bits(rng, n, nan=True), random_bits(rng, n, nan=True)
    a[:4], b[:4] = [0x0000, 0x8000, 0x7F7F, 0x0001], [0x8000, 0x0000, 0x7F7F, 0x8001]
    out = np.full((n, 15), 0x7FC1, dtype=np.uint16)
    (got, _, _) = run(_binary_ops, _grid(n), N_THREADS, out, a, b)
    x, y = value(a), value(b)
    with np.errstate(all="ignore"):
        exact = {"+": x + y, "-": x - y, "*": x * y, "/": x / y}
    # float64 +-*/ of two bfloat16 values rounded to bfloat16 is the correctly rounded result
    # (53 >= 2*8+2 bits: the float64 rounding is innocuous).
    for col, op in enumerate("+-*/"):
        same_bits(got[:, col], round_all(exact[op].tolist()))
        same_bits(got[:, col + 4], round_all(exact[op].tolist()))
    same_bits(got[:, 8], round_all(_sat(value(round_all(exact["+"].tolist()))).tolist()))
    same_bits(got[:, 9], round_all(_sat(value(round_all(exact["*"].tolist()))).tolist()))
    for col, (nan_wins, larger) in zip(
        (10, 11, 12, 13),
        [(False, True), (False, False), (True, True), (True, False)],
        strict=True,
    ):
        same_bits(got[:, col], round_all(_max_ref(x, y, nan_wins, larger).tolist()))
    np.testing.assert_array_equal(got[:, 14], a ^ np.uint16(0x8000))


@cuda.jit
def _fma_ops(out, a, b, c):
    i = cuda.grid(1)
    if i < a.size:
        x = bf16.ushort_as_bfloat16(a[i])
        y = bf16.ushort_as_bfloat16(b[i])
        z = bf16.ushort_as_bfloat16(c[i])
        out[i, 0] = bf16.bfloat16_as_ushort(bf16.hfma(x, y, z))
        out[i, 1] = bf16.bfloat16_as_ushort(bf16.hfma_relu(x, y, z))
        out[i, 2] = bf16.bfloat16_as_ushort(bf16.hfma_sat(x, y, z))


def test_fma_rounds_once(target, rng):
    n = 1024
    a, b, c = (random_bits(rng, n) for _ in range(3))
    # Products on a bfloat16 midpoint with a tiny addend of either sign: one rounding must see
    # the addend (through float64 alone the sum would land on the midpoint and round to even).
    a[:2], b[:2], c[:2] = [0x3F81, 0x3F81], [0x3FC0, 0x3FC0], [0x0D80, 0x8D80]
    out = np.full((n, 3), 0x7FC1, dtype=np.uint16)
    (got, *_) = run(_fma_ops, _grid(n), N_THREADS, out, a, b, c)
    want = []
    for p, q, r in zip(value(a).tolist(), value(b).tolist(), value(c).tolist(), strict=True):
        if not all(math.isfinite(v) for v in (p, q, r)):
            with np.errstate(all="ignore"):
                want.append(round_bits(float(np.float64(p) * q + r)))
            continue
        want.append(round_bits(Fraction(p) * Fraction(q) + Fraction(r)))
    want = np.array(want, dtype=np.uint16)
    same_bits(got[:, 0], want)
    w = value(want)
    relu = np.where(np.isnan(w), np.nan, np.where(w > 0, w, 0.0))
    same_bits(got[:, 1], round_all(relu.tolist()))
    same_bits(got[:, 2], round_all(_sat(w).tolist()))
    assert got[0, 0] == 0x3FC2 and got[1, 0] == 0x3FC1


@cuda.jit
def _compare_ops(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        x = bf16.ushort_as_bfloat16(a[i])
        y = bf16.ushort_as_bfloat16(b[i])
        out[i, 0] = bf16.heq(x, y)
        out[i, 1] = bf16.hne(x, y)
        out[i, 2] = bf16.hgt(x, y)
        out[i, 3] = bf16.hge(x, y)
        out[i, 4] = bf16.hlt(x, y)
        out[i, 5] = bf16.hle(x, y)
        out[i, 6] = bf16.hequ(x, y)
        out[i, 7] = bf16.hneu(x, y)
        out[i, 8] = bf16.hgtu(x, y)
        out[i, 9] = bf16.hltu(x, y)
        out[i, 10] = x < y
        out[i, 11] = x == y
        out[i, 12] = bf16.hisnan(x)
        out[i, 13] = bf16.hisinf(x) != 0


def test_comparisons_ordered_and_unordered(target, rng):
    n = 1024
    a, b = random_bits(rng, n, nan=True), random_bits(rng, n, nan=True)
    b[: n // 4] = a[: n // 4]
    out = np.zeros((n, 14), dtype=np.bool_)
    (got, _, _) = run(_compare_ops, _grid(n), N_THREADS, out, a, b)
    x, y = value(a), value(b)
    unordered = np.isnan(x) | np.isnan(y)
    want = [x == y, (x < y) | (x > y), x > y, x >= y, x < y, x <= y]
    want += [(x == y) | unordered, ~(x == y), (x > y) | unordered, (x < y) | unordered]
    want += [x < y, x == y, np.isnan(x), np.isinf(x)]
    for col, w in enumerate(want):
        np.testing.assert_array_equal(got[:, col], w, err_msg=f"column {col}")


# ---- conversions ----


def _to_bf16_kernel(fn):
    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = bf16.bfloat16_as_ushort(fn(x[i]))

    return k


TO_BF16 = {
    f"float2bfloat16_{m}": (getattr(bf16, f"float2bfloat16_{m}"), np.float32, m) for m in MODES
}
TO_BF16["float32_to_bfloat16_rd"] = (bf16.float32_to_bfloat16_rd, np.float32, "rd")
TO_BF16["float2bfloat16"] = (bf16.float2bfloat16, np.float32, "rn")
TO_BF16["float64_to_bfloat16"] = (bf16.float64_to_bfloat16, np.float64, "rn")
TO_BF16["bfloat16(float64)"] = (bfloat16, np.float64, "rn")
TO_BF16["bfloat16(int64)"] = (bfloat16, np.int64, "rn")
TO_BF16["bfloat16(uint64)"] = (bfloat16, np.uint64, "rn")
TO_BF16["bfloat16(float16)"] = (bfloat16, np.float16, "rn")
for _c, _np, _t in [
    ("int", "int32", np.int32),
    ("ll", "int64", np.int64),
    ("short", "int16", np.int16),
    ("uint", "uint32", np.uint32),
    ("ull", "uint64", np.uint64),
    ("ushort", "uint16", np.uint16),
]:
    for _m in MODES:
        TO_BF16[f"{_c}2bfloat16_{_m}"] = (getattr(bf16, f"{_c}2bfloat16_{_m}"), _t, _m)
    TO_BF16[f"{_np}_to_bfloat16_rz"] = (getattr(bf16, f"{_np}_to_bfloat16_rz"), _t, "rz")
_TO_BF16_KERNELS = {name: _to_bf16_kernel(fn) for name, (fn, _, _) in TO_BF16.items()}


def _inputs_for(dtype, rng: np.random.Generator, n: int) -> np.ndarray:
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        lo, hi = (-24, 15) if dtype.itemsize == 2 else (-140, 128)
        x = rng.uniform(-1, 1, n) * 2.0 ** rng.integers(lo, hi, n)
        x[:6] = [np.inf, -np.inf, np.nan, 0.0, -0.0, 1.0 + 2.0**-8]
        if dtype.itemsize == 8:
            x[6:8] = [1.0 + 2.0**-8 + 2.0**-40, 3.4e38]  # a float32 rounding would tie
        with np.errstate(all="ignore"):
            return x.astype(dtype)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, size=n, dtype=dtype, endpoint=True)
    small = rng.integers(max(info.min, -70000), min(info.max, 70000), size=n // 2, endpoint=True)
    x[: n // 2] = small.astype(dtype)
    if dtype.itemsize == 8:
        x[n // 2] = (1 << 62) + (1 << 54) + 1  # above a midpoint by 1: float64 would tie
        x[n // 2 + 1] = info.max
    return x


def _exact(x: np.ndarray) -> list:
    return [int(v) for v in x.tolist()] if x.dtype.kind in "iu" else x.astype(np.float64).tolist()


@pytest.mark.parametrize("name", sorted(TO_BF16))
def test_conversions_to_bfloat16(target, rng, name: str):
    _, dtype, mode = TO_BF16[name]
    x = _inputs_for(dtype, rng, 512)
    out = np.full(x.size, 0x7FC1, dtype=np.uint16)
    (got,) = run(_TO_BF16_KERNELS[name], _grid(x.size), N_THREADS, out, x)[:1]
    same_bits(got, round_all(_exact(x), mode))


FROM_BF16 = {}
for _c, _np, _t in [
    ("int", "int32", np.int32),
    ("ll", "int64", np.int64),
    ("short", "int16", np.int16),
    ("uint", "uint32", np.uint32),
    ("ull", "uint64", np.uint64),
    ("ushort", "uint16", np.uint16),
]:
    for _m in MODES:
        FROM_BF16[f"bfloat162{_c}_{_m}"] = (getattr(bf16, f"bfloat162{_c}_{_m}"), _t, _m)
    FROM_BF16[f"bfloat16_to_{_np}_rn"] = (getattr(bf16, f"bfloat16_to_{_np}_rn"), _t, "rn")
FROM_BF16["bfloat162char_rz"] = (bf16.bfloat162char_rz, np.int8, "rz")
FROM_BF16["bfloat16_to_uint8_rz"] = (bf16.bfloat16_to_uint8_rz, np.uint8, "rz")
_ROUND = {"rn": np.rint, "rz": np.trunc, "rd": np.floor, "ru": np.ceil}


def _from_bf16_kernel(fn):
    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = fn(bf16.ushort_as_bfloat16(x[i]))

    return k


_FROM_BF16_KERNELS = {name: _from_bf16_kernel(fn) for name, (fn, _, _) in FROM_BF16.items()}


@pytest.mark.parametrize("name", sorted(FROM_BF16))
def test_conversions_from_bfloat16_every_input(target, name: str):
    _, dtype, mode = FROM_BF16[name]
    info = np.iinfo(dtype)
    out = np.full(ALL_BITS.size, 3, dtype=dtype)
    (got,) = run(_FROM_BF16_KERNELS[name], _grid(out.size), N_THREADS, out, ALL_BITS)[:1]
    with np.errstate(all="ignore"):
        r = _ROUND[mode](ALL_VALUES)
    want = [0 if math.isnan(v) else int(min(max(v, info.min), info.max)) for v in r.tolist()]
    np.testing.assert_array_equal(got, np.array(want, dtype=dtype))


@cuda.jit
def _casts(out_f, out_d, out_i, out_h, a):
    i = cuda.grid(1)
    if i < a.size:
        x = bf16.ushort_as_bfloat16(a[i])
        out_f[i] = bf16.bfloat16_to_float32(x)
        out_d[i] = x
        out_i[i] = int(x) if not bf16.hisnan(x) and not bf16.hisinf(x) else 0
        out_h[i] = x


def test_bfloat16_to_floats_is_exact(target):
    n = ALL_BITS.size
    out_f = np.full(n, np.nan, np.float32)
    out_d = np.full(n, np.nan, np.float64)
    out_i = np.full(n, 3, np.int64)
    out_h = np.full(n, np.nan, np.float16)
    got_f, got_d, got_i, got_h, _ = run(
        _casts, _grid(n), N_THREADS, out_f, out_d, out_i, out_h, ALL_BITS
    )
    np.testing.assert_array_equal(got_f, ALL_VALUES.astype(np.float32))
    np.testing.assert_array_equal(got_d, ALL_VALUES)
    ok = np.isfinite(ALL_VALUES) & (np.abs(ALL_VALUES) < 2.0**63)
    np.testing.assert_array_equal(got_i[ok], np.trunc(ALL_VALUES[ok]).astype(np.int64))
    with np.errstate(all="ignore"):
        # float32 -> float16 (NumPy) rounds once; the bfloat16 value is exactly a float32.
        np.testing.assert_array_equal(got_h, ALL_VALUES.astype(np.float32).astype(np.float16))


# ---- typing, scalars, errors ----


def test_types_mix_as_numba_cuda_does(target):
    @cuda.jit
    def k(out, a):
        x = bfloat16(a[0])
        y = x + x  # bfloat16
        z = x + np.int8(1)  # bfloat16: 8-bit integers are exact in it
        w = x * 2.0  # float64 (a float literal)
        v = x + np.float16(1)  # float32
        out[0] = bf16.bfloat16_as_ushort(y)
        out[1] = bf16.bfloat16_as_ushort(z)
        out[2] = w == 2.0 * float(a[0])
        out[3] = v == np.float32(x) + np.float32(1)

    a = np.array([1.0 + 2.0**-7], dtype=np.float64)
    out = np.zeros(4, dtype=np.uint16)
    (got, _) = run(k, 1, 1, out, a)
    assert got[0] == round_bits(2 * (1.0 + 2.0**-7))
    assert got[1] == round_bits(2.0 + 2.0**-7)
    assert got[2] == 1 and got[3] == 1


def test_scalar_argument_and_signature(target):
    @cuda.jit("void(uint16[::1], bfloat16)")
    def k(out, s):
        out[0] = bf16.bfloat16_as_ushort(s + s)

    out = np.zeros(1, dtype=np.uint16)
    k[1, 1](out, 1.5)
    assert out[0] == 0x4040  # 3.0
    assert "bfloat16" in str(k.signatures[0])


def test_type_in_kernels_and_device_functions(target):
    @cuda.jit(device=True)
    def twice(a):
        return a + a

    @cuda.jit
    def k(out):
        x = bf16.bfloat16(3.14)
        out[0] = bf16.bfloat16_as_ushort(twice(x))

    out = np.zeros(1, dtype=np.uint16)
    (got,) = run(k, 1, 1, out)
    assert got[0] == round_bits(2 * value(np.uint16(round_bits(3.14))).item())


def test_float_of_a_string_constant(target):
    @cuda.jit
    def k(out):
        out[0] = bf16.bfloat16_as_ushort(bfloat16(float("nan")))
        out[1] = bf16.bfloat16_as_ushort(bfloat16(float("-inf")))
        out[2] = bf16.bfloat16_as_ushort(bfloat16(float(" 1.5 ")))
        out[3] = bf16.hisinf(bfloat16(float("Infinity")))

    out = np.zeros(4, dtype=np.uint16)
    (got,) = run(k, 1, 1, out)
    np.testing.assert_array_equal(got, [0x7FFF, 0xFF80, 0x3FC0, 1])


def test_float_of_a_bad_string_is_a_clear_error():
    from oxcuda.errors import TypingError

    @cuda.jit
    def k(out):
        out[0] = float("one")

    with pytest.raises(TypingError, match='could not convert string to float: "one"'):
        k[1, 1](np.zeros(1))


def test_non_number_argument_is_a_clear_error():
    from oxcuda.errors import TypingError

    @cuda.jit
    def k(out, a):
        out[0] = bf16.hadd(a, a)

    with pytest.raises(TypingError, match=r"cuda\.bf16\.hadd\(\) takes real numbers, not array"):
        k[1, 1](np.zeros(1, np.uint16), np.ones(4, np.uint16))


def test_host_call_is_an_error():
    with pytest.raises(RuntimeError, match="can only be called inside"):
        bf16.hadd(1, 2)


def test_names_match_numba_cuda():
    # numba-cuda's numba.cuda.bf16.__all__, less its typing/target registries.
    names = [
        "bfloat16",
        "habs",
        "hadd",
        "hsub",
        "hmul",
        "hadd_rn",
        "hsub_rn",
        "hmul_rn",
        "hdiv",
        "hadd_sat",
        "hsub_sat",
        "hmul_sat",
        "hfma",
        "hfma_sat",
        "hneg",
        "hfma_relu",
        "heq",
        "hne",
        "hge",
        "hgt",
        "hle",
        "hlt",
        "hmax",
        "hmin",
        "hmax_nan",
        "hmin_nan",
        "hisinf",
        "hisnan",
        "hequ",
        "hneu",
        "hgeu",
        "hgtu",
        "hleu",
        "hltu",
        "float32_to_bfloat16",
        "float64_to_bfloat16",
        "bfloat16_to_float32",
        "bfloat16_to_int8_rz",
        "bfloat16_to_uint8_rz",
        "bfloat16_as_int16",
        "bfloat16_as_uint16",
        "int16_as_bfloat16",
        "uint16_as_bfloat16",
        "htrunc",
        "hceil",
        "hfloor",
        "hrint",
        "hsqrt",
        "hrsqrt",
        "hrcp",
        "hlog",
        "hlog2",
        "hlog10",
        "hcos",
        "hsin",
        "htanh",
        "htanh_approx",
        "hexp",
        "hexp2",
        "hexp10",
    ]
    for t in ["int16", "uint16", "int32", "uint32", "int64", "uint64"]:
        for m in MODES:
            names += [f"{t}_to_bfloat16_{m}", f"bfloat16_to_{t}_{m}"]
    for m in MODES:
        names.append(f"float32_to_bfloat16_{m}")
    for name in names:
        assert name in bf16.__all__, name
        assert getattr(bf16, name).__doc__, name
    from oxcuda.cuda._internal import cuda_bf16

    assert cuda_bf16.nv_bfloat16 is bfloat16
    assert cuda_bf16.htrunc is bf16.htrunc


def test_type_objects():
    import oxcuda
    from oxcuda import types

    assert oxcuda.bfloat16 is types.bfloat16 is cuda.types.bfloat16 is bf16.bfloat16
    assert str(bfloat16) == "bfloat16" and bfloat16.bitwidth == 16
    assert str(bfloat16[::1]) == "bfloat16[::1]"


def test_ptx_atomics_per_arch():
    def k(acc, x):
        cuda.atomic.add(acc, 0, x[0])

    sig = "void(bfloat16[::1], bfloat16[::1])"
    ptx90, _ = cuda.compile_ptx(k, sig, cc=(9, 0))
    assert "atom.add.noftz.bf16" in ptx90
    ptx75, _ = cuda.compile_ptx(k, sig, cc=(7, 5))
    assert "atom.add.noftz.bf16" not in ptx75 and "atom.global.cas.b32" in ptx75.replace(
        "atom.cas.b32", "atom.global.cas.b32"
    )
    # A debug build takes the compare-and-swap loop everywhere: ptxas -G crashed the process
    # linking some kernels with atom.add.noftz.bf16 (_atomic_add below, sm_90 and sm_100).
    ptx90g, _ = cuda.compile_ptx(k, sig, cc=(9, 0), debug=True)
    assert "atom.add.noftz.bf16" not in ptx90g


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
def test_debug_builds_of_bfloat16_atomics_link(cc):
    from oxcuda.cuda import compiler

    sig = "void(uint16[::1], uint16[::1])"
    out = compiler.compile_pyfunc(
        _atomic_add.py_func, sig, device=False, output="cubin", cc=cc, debug=True
    )
    assert bytes(out["cubin"])[:4] == b"\x7fELF"


@cuda.jit
def _atomic_add(out, x):
    acc = cuda.shared.array(5, bfloat16)
    i = cuda.threadIdx.x
    if i < 5:
        acc[i] = bfloat16(1.0) if i == 4 else bfloat16(0)
    cuda.syncthreads()
    cuda.atomic.add(acc, i % 4, bf16.ushort_as_bfloat16(x[i]))
    cuda.syncthreads()
    if i < 5:
        out[i] = bf16.bfloat16_as_ushort(acc[i])


def test_atomic_add_on_bfloat16(target, rng):
    # Small integers: every partial sum is exact in bfloat16, so the order does not matter.
    # Five elements: the neighbours sharing a 32-bit word with each stay intact.
    vals = rng.integers(-4, 5, 512).astype(np.float64)
    x = round_all(vals.tolist())
    out = np.zeros(5, dtype=np.uint16)
    (got, _) = run(_atomic_add, 1, 512, out, x)
    want = [round_bits(vals[j::4].sum()) for j in range(4)] + [0x3F80]
    np.testing.assert_array_equal(got, want)


def test_is_bfloat16_supported_answers():
    assert isinstance(cuda.is_bfloat16_supported(), bool)
    assert isinstance(cuda.is_float16_supported(), bool)


# ---- ml_dtypes arrays ----


def test_ml_dtypes_arrays(target, rng):
    ml_dtypes = pytest.importorskip("ml_dtypes")

    @cuda.jit
    def k(out, a, b, f):
        i = cuda.grid(1)
        if i < a.size:
            out[i, 0] = a[i] * b[i] + a[i]
            out[i, 1] = bfloat16(f[i])
            out[i, 2] = ml_dtypes.bfloat16(0.1) * a[i]

    n = 1000
    a = rng.standard_normal(n).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal(n).astype(ml_dtypes.bfloat16)
    f = (rng.standard_normal(n) * 2.0 ** rng.integers(-130, 126, n)).astype(np.float32)
    f[:3] = [np.nan, np.inf, -0.0]
    out = np.zeros((n, 3), dtype=ml_dtypes.bfloat16)
    got, *_ = run(k, _grid(n), N_THREADS, out, a, b, f)
    assert got.dtype == ml_dtypes.bfloat16
    # ml_dtypes computes each operation in float32 and rounds once, as both targets do.
    with np.errstate(all="ignore"):
        want = np.stack([a * b + a, f.astype(ml_dtypes.bfloat16), ml_dtypes.bfloat16(0.1) * a], 1)
    same_bits(got.view(np.uint16), want.view(np.uint16))


def test_ml_dtypes_host_scalar_and_device_array(target, rng):
    ml_dtypes = pytest.importorskip("ml_dtypes")

    @cuda.jit
    def k(out, a, s):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = a[i] + s

    a = rng.standard_normal(300).astype(ml_dtypes.bfloat16)
    d = cuda.to_device(a)
    out = cuda.device_array(300, dtype=ml_dtypes.bfloat16)
    k[2, 256](out, d, ml_dtypes.bfloat16(1.5))
    got = out.copy_to_host()
    same_bits(got.view(np.uint16), (a + ml_dtypes.bfloat16(1.5)).view(np.uint16))


# ---- the GPU against the simulator ----


@pytest.mark.gpu
@pytest.mark.parametrize("name", sorted(UNARY))
def test_gpu_matches_simulator_bitwise(name: str):
    import oxcuda

    results = []
    for target in ("gpu", "sim"):
        with oxcuda.config.override(TARGET=target):
            out = np.full(ALL_BITS.size, 0x7FC1, dtype=np.uint16)
            results.append(run(_UNARY_KERNELS[name], _grid(out.size), N_THREADS, out, ALL_BITS)[0])
    same_bits(*results)
