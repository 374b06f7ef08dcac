"""Independent references for the fp8 tests (``test_fp8.py``, ``test_fp8_vectors.py``): the
formats decoded from their definitions (sign, exponent, significand), encoding by the nearest
entry of the sorted table of every finite value (ties to the even pattern) with CUDA's overflow
and NaN rules (``cuda_fp8.hpp``), e8m0 by powers of two, and fresh random float32 inputs.
``test_fp8.py`` checks the decoding against ``ml_dtypes``."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

E4M3 = "e4m3"
E5M2 = "e5m2"
DTYPES = {
    E4M3: ml_dtypes.float8_e4m3fn,
    E5M2: ml_dtypes.float8_e5m2,
    "e8m0": ml_dtypes.float8_e8m0fnu,
}
#: CUDA's canonical float32 NaN (0x7fffffff), which a float32 NaN becomes before encoding.
CANONICAL_F32_NAN = float(np.array([0x7FFFFFFF], np.uint32).view(np.float32)[0])


def decode(bits: int, fmt: str) -> float:
    """The value of fp8 bits from the format's definition (NaN as float('nan'))."""
    if fmt == "e8m0":
        return math.nan if bits == 0xFF else math.ldexp(1.0, bits - 127)
    mant, bias = (3, 7) if fmt == E4M3 else (2, 15)
    sign = -1.0 if bits & 0x80 else 1.0
    e, m = (bits & 0x7F) >> mant, bits & ((1 << mant) - 1)
    if fmt == E4M3 and bits & 0x7F == 0x7F:
        return math.nan
    if fmt == E5M2 and e == 31:
        return math.nan if m else sign * math.inf
    if e == 0:
        return sign * math.ldexp(m, 1 - bias - mant)
    return sign * math.ldexp((1 << mant) + m, e - bias - mant)


def finite_table(fmt: str) -> tuple[np.ndarray, np.ndarray]:
    """The non-negative finite values of e4m3/e5m2, sorted, with their bit patterns."""
    pairs = sorted((decode(b, fmt), b) for b in range(0x80) if math.isfinite(decode(b, fmt)))
    return np.array([v for v, _ in pairs]), np.array([b for _, b in pairs])


def encode(x: float, fmt: str, satfinite: bool) -> int:
    """e4m3/e5m2 bits of float64 ``x`` as CUDA's ``__nv_cvt_double_to_fp8`` rounds it."""
    values, bits = finite_table(fmt)
    sign = 0x80 if math.copysign(1.0, x) < 0 else 0
    if math.isnan(x):
        return (
            sign | 0x7F
            if fmt == E4M3
            else sign | 0x7E | ((np.float64(x).view(np.uint64) >> 50) & 3)
        )
    a = abs(x)
    top, ulp = values[-1], values[-1] - values[-2]
    if a > top + ulp / 2 or (fmt == E5M2 and a == top + ulp / 2):
        if satfinite:
            return sign | int(bits[-1])
        return sign | (0x7F if fmt == E4M3 else 0x7C)
    k = int(np.searchsorted(values, a))
    if k < len(values) and values[k] == a:
        return sign | int(bits[k])
    lo, hi = k - 1, min(k, len(values) - 1)
    dlo, dhi = a - values[lo], values[hi] - a
    pick = lo if dlo < dhi or (dlo == dhi and bits[lo] % 2 == 0) else hi
    return sign | int(bits[pick])


def encode_e8m0(x: float, satfinite: bool, up: bool) -> int:
    """e8m0 bits of ``|x|``: the power of two at or below (toward zero) or above (``up``)."""
    if math.isnan(x):
        return 0xFF
    a = abs(x)
    if a == 0 or a < 2.0**-127:
        return 0 if not up or a <= 2.0**-127 else 1
    if math.isinf(a):
        return 0xFE if satfinite else 0xFF
    m, e = math.frexp(a)  # a = m * 2^e, m in [0.5, 1)
    e -= 1
    if up and m != 0.5:
        e += 1
    r = e + 127
    if r >= 0xFF:
        return 0xFE if satfinite else 0xFF
    return max(r, 0)


def same_values(got: np.ndarray, want: np.ndarray) -> np.ndarray:
    """Element-wise: equal as numbers with the same sign (zeros), or both NaN."""
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    both_nan = np.isnan(got) & np.isnan(want)
    return both_nan | ((got == want) & (np.signbit(got) == np.signbit(want)))


def random_f32(rng: np.random.Generator, n: int) -> np.ndarray:
    """Fresh float32 inputs: random bit patterns, values around the fp8 ranges, and edges."""
    bits = rng.integers(0, 2**32, n // 2, dtype=np.uint64).astype(np.uint32).view(np.float32)
    near = (rng.standard_normal(n // 2) * 10.0 ** rng.uniform(-5, 5, n // 2)).astype(np.float32)
    edges = np.array(
        [
            0.0,
            -0.0,
            np.inf,
            -np.inf,
            np.nan,
            448,
            464,
            480,
            -464,
            57344,
            61440,
            65536,
            2**-9,
            2**-10,
            2**-16,
            2**-17,
            1e-30,
            -1e-30,
            3.4e38,
        ],
        dtype=np.float32,
    )
    return np.concatenate([bits, near, edges])
