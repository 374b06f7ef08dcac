"""A kernel compiled for several signatures (`@cuda.jit([sig, sig])`) called with argument
types none of them names exactly: the signature is chosen by numba's overload resolution
(oxcuda_runtime::conversion): fewest unsafe conversions, then safe, then promoting ones; two
best signatures with equal ratings are ambiguous and the launch raises numba's TypeError
instead of choosing one."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda


def add_kernel(r, x, y):
    r[0] = x + y


def scale_kernel(r, x):
    r[0] = x * 17179869184  # 2**34: wraps for int64 x >= 2**29, not for float64


AMBIGUOUS_SIGS = [
    "(float64[::1], float32, float64)",
    "(float64[::1], float64, float32)",
    "(float64[::1], int64, int64)",
]


def test_equal_best_ratings_raise_and_launch_nothing(target, rng):
    f = cuda.jit(AMBIGUOUS_SIGS)(add_kernel)
    before = rng.standard_normal(1)
    r = before.copy()
    x, y = rng.standard_normal(2)
    with config.override(TARGET=target):
        with pytest.raises(TypeError) as info:
            f[1, 1](r, float(x), float(y))
    message = str(info.value)
    assert message.startswith("Ambiguous overloading for <function add_kernel"), message
    lines = message.splitlines()
    array = "Array(float64, 1, 'C', False, aligned=True)"  # numba's spelling
    assert f"({array}, float64, float64):" in lines[0]
    assert lines[1] == f"({array}, float32, float64) -> none"
    assert lines[2] == f"({array}, float64, float32) -> none"
    assert "int64" not in message  # a worse candidate is not listed
    np.testing.assert_array_equal(r, before)


def test_a_unique_best_signature_is_chosen(target, rng):
    f = cuda.jit(AMBIGUOUS_SIGS)(add_kernel)
    r = np.zeros(1)
    with config.override(TARGET=target):
        # Exact: int64, int64.
        a, b = (int(v) for v in rng.integers(-(10**6), 10**6, 2))
        f[1, 1](r, a, b)
        assert r[0] == a + b
        # float32, float64 is exact for the first signature.
        x = np.float32(rng.standard_normal())
        y = float(rng.standard_normal())
        f[1, 1](r, x, y)
        assert r[0] == np.float64(x) + y


def test_safe_beats_unsafe(target, rng):
    """(int64, float64) against (float32, float32) [two unsafe] and (float64, float64)
    [one safe]: the float64 signature runs, so the small addend is not lost to float32."""
    g = cuda.jit(["(float64[::1], float32, float32)", "(float64[::1], float64, float64)"])(
        add_kernel
    )
    r = np.zeros(1)
    small = float(2.0**-25 * (1 + rng.random()))
    with config.override(TARGET=target):
        g[1, 1](r, 1, small)
        assert r[0] == 1.0 + small
        g[1, 1](r, np.float32(1), np.float32(small))
        assert r[0] == np.float64(np.float32(1) + np.float32(small))


def test_promotion_beats_a_safe_conversion(target, rng):
    """An int32 argument against (float64) [safe] and (int64) [promote]: int64 runs, whose
    product wraps as integers do; float64's would not."""
    h = cuda.jit(["(float64[::1], float64)", "(float64[::1], int64)"])(scale_kernel)
    r = np.zeros(1)
    x = np.int32(rng.integers(2**30, 2**31 - 1))
    with config.override(TARGET=target):
        h[1, 1](r, x)
    wrapped = (int(x) * 2**34 + 2**63) % 2**64 - 2**63
    assert r[0] == float(wrapped)
    assert r[0] != float(x) * 2.0**34


def test_no_signature_accepts_complex_for_real(target):
    f = cuda.jit(AMBIGUOUS_SIGS)(add_kernel)
    with config.override(TARGET=target):
        with pytest.raises(TypeError, match="No matching definition"):
            f[1, 1](np.zeros(1), 1j, 2.0)
