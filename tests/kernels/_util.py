"""Helpers for kernel tests: random inputs, poisoned outputs, launches, comparisons."""

from __future__ import annotations

from typing import Any

import numpy as np
from oxcuda import cuda

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOAT_DTYPES = [np.float32, np.float64]


def rand(rng: np.random.Generator, shape: Any, dtype: Any, lo: float = -100, hi: float = 100):
    """Random values of ``dtype`` in ``[lo, hi)`` (clipped to the dtype's range), never all zero."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo_, hi_ = max(int(lo), int(info.min)), min(int(hi), int(info.max))
        out = rng.integers(lo_, hi_, size=shape, dtype=dtype, endpoint=True)
    elif dtype.kind == "c":
        re = rng.uniform(lo, hi, size=shape)
        im = rng.uniform(lo, hi, size=shape)
        out = (re + 1j * im).astype(dtype)
    elif dtype.kind == "b":
        out = rng.integers(0, 2, size=shape).astype(bool)
    else:
        out = rng.uniform(lo, hi, size=shape).astype(dtype)
    return out


def poison(shape: Any, dtype: Any) -> np.ndarray:
    """An output buffer filled with a value no correct kernel writes by accident."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f":
        return np.full(shape, np.nan, dtype=dtype)
    if dtype.kind == "c":
        return np.full(shape, complex(np.nan, np.nan), dtype=dtype)
    if dtype.kind == "b":
        return np.zeros(shape, dtype=dtype)
    info = np.iinfo(dtype)
    return np.full(shape, info.max - 3, dtype=dtype)


def run(kernel: Any, grid: Any, block: Any, *args: Any, sharedmem: int = 0) -> list[np.ndarray]:
    """Launches ``kernel`` with NumPy arrays copied to device arrays; returns every array
    argument copied back to the host (scalars pass through)."""
    dev = [cuda.to_device(a) if isinstance(a, np.ndarray) else a for a in args]
    kernel[grid, block, 0, sharedmem](*dev)
    return [d.copy_to_host() for d, a in zip(dev, args, strict=True) if isinstance(a, np.ndarray)]


def ulps(got: np.ndarray, ref: np.ndarray, dtype: Any) -> np.ndarray:
    """Distance in units of ``dtype``'s last place between ``got`` and float64 ``ref``."""
    dtype = np.dtype(dtype)
    ref = np.asarray(ref, dtype=np.float64)
    spacing = np.abs(np.spacing(ref.astype(dtype))).astype(np.float64)
    tiny = np.finfo(dtype).tiny
    return np.abs(got.astype(np.float64) - ref) / np.maximum(spacing, tiny)


def assert_ulps(got: np.ndarray, ref: np.ndarray, dtype: Any, max_ulps: float) -> None:
    """``got`` within ``max_ulps`` of ``ref``; NaNs and infinities must match exactly."""
    got = np.asarray(got)
    ref = np.asarray(ref, dtype=np.float64)
    assert got.shape == ref.shape
    special = ~np.isfinite(ref)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(ref))
    np.testing.assert_array_equal(got[special & ~np.isnan(ref)], ref[special & ~np.isnan(ref)])
    finite = np.isfinite(ref)
    err = ulps(got[finite], ref[finite], dtype)
    worst = int(np.argmax(err)) if err.size else 0
    assert not err.size or err.max() <= max_ulps, (
        f"{err.max():.1f} ulp at {worst}: got {got[finite][worst]!r}, want {ref[finite][worst]!r}"
    )
