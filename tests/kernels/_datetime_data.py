"""Random datetime64/timedelta64 data for kernel tests, NaT included, and an exact
comparison (dtype and int64 counts)."""

from __future__ import annotations

import numpy as np

NAT = np.iinfo(np.int64).min

#: Counts per day of the units the tests draw datetimes in (about 2000 ± a few thousand days).
_PER_DAY = {"D": 1, "h": 24, "m": 1_440, "s": 86_400, "ms": 86_400_000, "us": 86_400_000_000}


def with_nat(rng: np.random.Generator, counts: np.ndarray) -> np.ndarray:
    """``counts`` with about one in eight (at least one) replaced by NaT's count."""
    counts = counts.astype(np.int64)
    counts[rng.choice(counts.size, size=max(1, counts.size // 8), replace=False)] = NAT
    return counts


def dates(rng: np.random.Generator, n: int, unit: str, nat: bool = True) -> np.ndarray:
    """Random ``datetime64[unit]`` values around the year 2000, a few NaT when ``nat``."""
    if unit in ("Y", "M"):
        span = {"Y": 60, "M": 720}[unit]
        counts = rng.integers(-span, span, size=n) + {"Y": 30, "M": 360}[unit]
    else:
        per_day = _PER_DAY[unit]
        counts = rng.integers(-3_000 * per_day, 3_000 * per_day, size=n) + 10_957 * per_day
    counts = with_nat(rng, counts) if nat else counts.astype(np.int64)
    return counts.view(f"datetime64[{unit}]")


def deltas(rng: np.random.Generator, n: int, unit: str, nat: bool = True) -> np.ndarray:
    """Random ``timedelta64[unit]`` spans of either sign (zeros included), a few NaT."""
    counts = rng.integers(-(10**6), 10**6, size=n)
    counts[rng.choice(n, size=max(1, n // 16), replace=False)] = 0
    counts = with_nat(rng, counts) if nat else counts.astype(np.int64)
    return counts.view(f"timedelta64[{unit}]")


def timedelta_sign(x: np.ndarray) -> np.ndarray:
    """numba's ``np.sign`` of timedeltas: -1, 0 or 1 in the same unit, -1 for NaT (the int64
    minimum). NumPy 2.4 agrees; NumPy 2.5 returns float64 with NaN for NaT, so the reference
    is computed from the counts, whatever NumPy is installed."""
    return np.sign(np.asarray(x).view(np.int64)).view(np.asarray(x).dtype)


def same(got: np.ndarray, want: np.ndarray) -> None:
    """Equal dtypes and equal counts, NaT exactly where NumPy has NaT."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    np.testing.assert_array_equal(got.view(np.int64), want.view(np.int64))
