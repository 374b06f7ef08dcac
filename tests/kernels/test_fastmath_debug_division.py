"""`debug=True` checks divisors (numba's Python error model: a zero divisor raises
ZeroDivisionError), except a float divisor under `fastmath=True`, whose fast division numba
does not check; integer division is checked either way."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda, float32, int64


def _divide(r, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = x / y


def _floor_divide(r, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = x // y


FLOAT_SIG = (float32[::1], float32, float32)
INT_SIG = (int64[::1], int64, int64)


def test_fast_float_division_is_not_checked(target, rng):
    fast = cuda.jit(FLOAT_SIG, fastmath=True, debug=True, opt=False)(_divide)
    precise = cuda.jit(FLOAT_SIG, debug=True, opt=False)(_divide)
    x = np.float32(rng.uniform(1, 100))
    r = np.zeros(10, np.float32)
    with config.override(TARGET=target):
        with pytest.raises(ZeroDivisionError):
            precise[1, 10](r, x, np.float32(0))
        fast[1, 10](r, x, np.float32(0))
        np.testing.assert_array_equal(r, np.full(10, np.inf, np.float32))
        y = np.float32(rng.uniform(1, 100))
        fast[1, 10](r, x, y)
        np.testing.assert_allclose(r, np.full(10, x / y), rtol=1e-6)


def test_integer_division_stays_checked_under_fastmath(target, rng):
    k = cuda.jit(INT_SIG, fastmath=True, debug=True, opt=False)(_floor_divide)
    r = np.zeros(4, np.int64)
    a = int(rng.integers(1, 10**6))
    with config.override(TARGET=target):
        with pytest.raises(ZeroDivisionError):
            k[1, 4](r, a, 0)
        k[1, 4](r, a, 7)
    np.testing.assert_array_equal(r, np.full(4, a // 7))
