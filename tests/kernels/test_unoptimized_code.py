"""``opt=False`` (and every ``debug=True`` build): libNVVM's ``-opt=0``, and each Python
variable kept in its stack slot (the PTX's ``__local_depot``), as in numba-cuda's unoptimised
code, so a debugger finds every variable in memory; nothing is contracted into ``fma``. The
results are the optimised kernel's."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float64

SIG = (float64[::1],)


def _store_one(x):
    x[0] = 1


def _prefix_sums(out, a):
    i = cuda.grid(1)
    if i < out.size:
        total = 0.0
        j = 0
        while j <= i:
            total += a[j]
            j += 1
        out[i] = total


def _mul_add(x, y, z):
    return x * y + z


prefix_sums_unoptimized = cuda.jit(opt=False)(_prefix_sums)
prefix_sums_debug = cuda.jit(debug=True)(_prefix_sums)
prefix_sums = cuda.jit(_prefix_sums)


@pytest.mark.parametrize("kernel", [prefix_sums_unoptimized, prefix_sums_debug, prefix_sums])
def test_unoptimised_kernels_compute_what_optimised_ones_do(kernel, target, rng):
    a = rng.standard_normal(200)
    out = np.full(200, np.nan)
    kernel[4, 64](out, a)
    np.testing.assert_allclose(out, np.cumsum(a), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("options", [{"opt": False}, {"debug": True}, {}])
def test_variables_stay_in_the_local_depot_only_without_optimisation(options):
    kernel = cuda.jit(SIG, **options)(_store_one)
    ptx = kernel.inspect_asm(SIG)
    assert ("__local_depot0" in ptx) is bool(options), ptx


def test_lazy_unoptimised_kernels_keep_their_depot(target):
    kernel = cuda.jit(opt=False)(_store_one)
    x = np.zeros(1)
    kernel[1, 1](x)
    assert x[0] == 1.0
    (ptx,) = kernel.inspect_asm().values()
    assert "__local_depot0" in ptx


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
def test_an_unoptimised_device_function_is_not_contracted(cc):
    sig = (float64, float64, float64)
    optimized, _ = cuda.compile_ptx(_mul_add, sig, device=True, cc=cc)
    unoptimized, _ = cuda.compile_ptx(_mul_add, sig, device=True, cc=cc, opt=False)
    assert "fma.rn.f64" in optimized
    assert "fma.rn.f64" not in unoptimized
    assert "mul.rn.f64" in unoptimized or "mul.f64" in unoptimized


@cuda.jit(device=True)
def _total(first, *rest):
    s = first
    for r in rest:
        s += r
    return s


@cuda.jit(debug=True)
def _totals_debug(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = _total(x[i])  # `rest` is the empty tuple: a parameter without bits
        out[i, 1] = _total(x[i], y[i], 3.0)


def test_debug_builds_call_functions_with_empty_parameters(target, rng):
    """libNVVM's debug builds refuse parameters of an empty type, so none is passed."""
    x = rng.standard_normal(100)
    y = rng.standard_normal(100)
    out = np.full((100, 2), np.nan)
    _totals_debug[2, 64](out, x, y)
    np.testing.assert_array_equal(out[:, 0], x)
    np.testing.assert_allclose(out[:, 1], x + y + 3.0, rtol=1e-15)
