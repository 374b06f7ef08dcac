"""``math`` and NumPy scalar functions in kernels against NumPy/Python in float64, within a
few units in the last place (libdevice on the GPU, the simulator's own math on the CPU)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda

from ._util import assert_ulps, poison, rand, run

N = 128


def _make_unary(fn):
    # One kernel per function: the function is a closure constant, resolved at compile time.
    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = fn(x[i])

    return k


def _vec(f):
    return lambda x: np.array([f(float(v)) for v in x])


# name: (function, reference on float64, domain, max ulps float32, max ulps float64)
UNARY = {
    "sin": (math.sin, np.sin, (-10, 10), 2, 2),
    "cos": (math.cos, np.cos, (-10, 10), 2, 2),
    "tan": (math.tan, np.tan, (-1.4, 1.4), 4, 2),
    "asin": (math.asin, np.arcsin, (-0.99, 0.99), 4, 2),
    "acos": (math.acos, np.arccos, (-0.99, 0.99), 4, 2),
    "atan": (math.atan, np.arctan, (-10, 10), 2, 2),
    "sinh": (math.sinh, np.sinh, (-5, 5), 3, 2),
    "cosh": (math.cosh, np.cosh, (-5, 5), 3, 2),
    "tanh": (math.tanh, np.tanh, (-5, 5), 3, 2),  # glibc tanhf: 2.1 ulp seen on CI
    "asinh": (math.asinh, np.arcsinh, (-10, 10), 3, 2),
    "acosh": (math.acosh, np.arccosh, (1.01, 10), 4, 2),
    "atanh": (math.atanh, np.arctanh, (-0.99, 0.99), 3, 2),
    "exp": (math.exp, np.exp, (-20, 20), 2, 2),
    "exp2": (math.exp2, np.exp2, (-20, 20), 2, 2),
    "expm1": (math.expm1, np.expm1, (-2, 2), 2, 2),
    "log": (math.log, np.log, (0.01, 100), 2, 2),
    "log2": (math.log2, np.log2, (0.01, 100), 2, 2),
    "log10": (math.log10, np.log10, (0.01, 100), 2, 2),
    "log1p": (math.log1p, np.log1p, (-0.5, 10), 2, 2),
    "sqrt": (math.sqrt, np.sqrt, (0, 100), 0.5, 0.5),
    "fabs": (math.fabs, np.fabs, (-100, 100), 0, 0),
    "erf": (math.erf, _vec(math.erf), (-3, 3), 3, 3),
    "erfc": (math.erfc, _vec(math.erfc), (-3, 3), 5, 5),
    # Python's own gamma/lgamma are off by up to 5/6 ulp in float64 (checked with mpmath): the
    # float64 bounds add that to libdevice's documented 10/4 ulp. Python's lgamma reaches 27 ulp
    # on 2.5..3, where the result is small (its zero is at 2), so lgamma's range starts at 4.
    "gamma": (math.gamma, _vec(math.gamma), (0.1, 10), 8, 16),
    "lgamma": (math.lgamma, _vec(math.lgamma), (4, 20), 8, 24),
}

KERNELS = {name: _make_unary(spec[0]) for name, spec in UNARY.items()}


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_math(target, rng, name, dtype):
    _, ref, (lo, hi), ulp32, ulp64 = UNARY[name]
    x = rand(rng, N, dtype, lo, hi)
    out = poison(N, dtype)
    (got, _) = run(KERNELS[name], 4, 32, out, x)
    assert_ulps(got, ref(x.astype(np.float64)), dtype, ulp32 if dtype == np.float32 else ulp64)


@cuda.jit
def int_argument_k(out, n):
    i = cuda.grid(1)
    if i < n.size:
        out[i, 0] = math.sqrt(n[i])
        out[i, 1] = math.exp(n[i] // 8)
        out[i, 2] = math.sin(n[i])


def test_integer_arguments_become_float64(target, rng):
    n = rand(rng, N, np.int32, 0, 200)
    out = poison((N, 3), np.float64)
    (got, _) = run(int_argument_k, 4, 32, out, n)
    assert_ulps(got[:, 0], np.sqrt(n.astype(np.float64)), np.float64, 0.5)
    assert_ulps(got[:, 1], np.exp((n // 8).astype(np.float64)), np.float64, 2)
    assert_ulps(got[:, 2], np.sin(n.astype(np.float64)), np.float64, 2)


@cuda.jit
def binary_math_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = math.atan2(y[i], x[i])
        out[i, 1] = math.hypot(x[i], y[i])
        out[i, 2] = math.pow(abs(x[i]), y[i])
        out[i, 3] = math.fmod(y[i] * 10, x[i])
        out[i, 4] = math.copysign(x[i], y[i])
        out[i, 5] = math.remainder(y[i] * 10, x[i])
        out[i, 6] = math.nextafter(x[i], y[i])
        out[i, 7] = abs(x[i]) ** y[i]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_binary_math(target, rng, dtype):
    x = rand(rng, N, dtype, -4, 4)
    y = rand(rng, N, dtype, -4, 4)
    out = poison((N, 8), dtype)
    (got, _, _) = run(binary_math_k, 4, 32, out, x, y)
    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    assert_ulps(got[:, 0], np.arctan2(y64, x64), dtype, 3)
    assert_ulps(got[:, 1], np.hypot(x64, y64), dtype, 2)
    assert_ulps(got[:, 2], np.abs(x64) ** y64, dtype, 4)
    # fmod/remainder/copysign/nextafter are exact. `y[i] * 10` is float64 (an int literal
    # promotes float32 to float64), so fmod and remainder run in float64.
    np.testing.assert_array_equal(got[:, 3], np.fmod(y64 * 10, x64).astype(dtype))
    np.testing.assert_array_equal(got[:, 4], np.copysign(x, y))
    want_rem = np.array([math.remainder(a * 10, b) for a, b in zip(y64, x64, strict=True)])
    np.testing.assert_array_equal(got[:, 5], want_rem.astype(dtype))
    np.testing.assert_array_equal(got[:, 6], np.nextafter(x, y))
    assert_ulps(got[:, 7], np.abs(x64) ** y64, dtype, 4)


@cuda.jit
def rounding_k(out_i, out_f, x):
    i = cuda.grid(1)
    if i < x.size:
        out_i[i, 0] = math.floor(x[i])
        out_i[i, 1] = math.ceil(x[i])
        out_i[i, 2] = math.trunc(x[i])
        out_i[i, 3] = round(x[i])
        out_i[i, 4] = int(x[i])
        out_f[i, 0] = np.floor(x[i])
        out_f[i, 1] = np.ceil(x[i])
        out_f[i, 2] = np.trunc(x[i])
        out_f[i, 3] = np.rint(x[i])
        out_f[i, 4] = round(x[i], 2)
        # math.floor gives an int: integer arithmetic follows (// on ints).
        out_f[i, 5] = math.floor(x[i]) // 3


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_rounding(target, rng, dtype):
    x = rand(rng, N, dtype, -1000, 1000)
    x[:8] = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 3.0, -3.0]
    out_i, out_f = poison((N, 5), np.int64), poison((N, 6), np.float64)
    got_i, got_f, _ = run(rounding_k, 4, 32, out_i, out_f, x)
    np.testing.assert_array_equal(got_i[:, 0], np.floor(x))
    np.testing.assert_array_equal(got_i[:, 1], np.ceil(x))
    np.testing.assert_array_equal(got_i[:, 2], np.trunc(x))
    np.testing.assert_array_equal(got_i[:, 3], [round(float(v)) for v in x])
    np.testing.assert_array_equal(got_i[:, 4], [int(float(v)) for v in x])
    np.testing.assert_array_equal(got_f[:, 0], np.floor(x))
    np.testing.assert_array_equal(got_f[:, 1], np.ceil(x))
    np.testing.assert_array_equal(got_f[:, 2], np.trunc(x))
    np.testing.assert_array_equal(got_f[:, 3], np.rint(x))
    rtol = 1e-6 if dtype == np.float32 else 1e-15
    # numba-cuda's round(x, ndigits) is CPython's algorithm on the value's exact decimal
    # expansion (not NumPy's scale-round-unscale, which differs at near-halves in float32).
    want = np.array([round(float(v), 2) for v in x]).astype(dtype)
    np.testing.assert_allclose(got_f[:, 4], want, rtol=rtol)
    np.testing.assert_array_equal(got_f[:, 5], np.floor(x).astype(np.int64) // 3)


@cuda.jit
def predicates_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = math.isnan(x[i])
        out[i, 1] = math.isinf(x[i])
        out[i, 2] = math.isfinite(x[i])
        out[i, 3] = np.isnan(x[i]) or x[i] > 0


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_predicates(target, rng, dtype):
    x = rand(rng, N, dtype, -5, 5)
    x[::7] = np.nan
    x[1::9] = np.inf
    x[2::11] = -np.inf
    out = np.full((N, 4), 9, np.int8)
    (got, _) = run(predicates_k, 4, 32, out, x)
    with np.errstate(invalid="ignore"):
        want = np.stack([np.isnan(x), np.isinf(x), np.isfinite(x), np.isnan(x) | (x > 0)], axis=1)
    np.testing.assert_array_equal(got, want.astype(np.int8))


@cuda.jit
def constants_k(out):
    out[0] = math.pi
    out[1] = math.e
    out[2] = math.inf
    out[3] = -math.inf
    out[4] = math.nan
    out[5] = np.pi
    out[6] = math.tau
    out[7] = math.degrees(1.0)
    out[8] = math.radians(180.0)


def test_constants(target):
    out = np.zeros(9)
    (got,) = run(constants_k, 1, 1, out)
    want = [math.pi, math.e, math.inf, -math.inf, math.nan, np.pi, math.tau, 180 / math.pi, math.pi]
    np.testing.assert_allclose(got, want, rtol=1e-15)


@cuda.jit
def ldexp_k(out, x, e):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.ldexp(x[i], e[i])


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_ldexp(target, rng, dtype):
    x = rand(rng, N, dtype, -10, 10)
    e = rand(rng, N, np.int32, -20, 20)
    out = poison(N, dtype)
    (got, _, _) = run(ldexp_k, 4, 32, out, x, e)
    np.testing.assert_array_equal(got, np.ldexp(x, e))


@cuda.jit
def numpy_functions_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = np.sin(x[i]) + np.arctan2(y[i], x[i])
        out[i, 1] = np.minimum(x[i], y[i])
        out[i, 2] = np.maximum(x[i], y[i])
        out[i, 3] = np.sign(x[i])
        out[i, 4] = np.square(x[i])
        out[i, 5] = np.reciprocal(y[i])
        out[i, 6] = np.fmin(x[i], y[i])
        out[i, 7] = np.absolute(x[i])
        out[i, 8] = np.deg2rad(x[i])
        out[i, 9] = np.power(np.abs(x[i]), 1.5)


def test_numpy_scalar_functions(target, rng):
    x = rand(rng, N, np.float64, -4, 4)
    y = rand(rng, N, np.float64, 0.5, 4)
    x[:3] = 0.0
    out = poison((N, 10), np.float64)
    (got, _, _) = run(numpy_functions_k, 4, 32, out, x, y)
    np.testing.assert_allclose(got[:, 0], np.sin(x) + np.arctan2(y, x), rtol=1e-14, atol=1e-15)
    np.testing.assert_array_equal(got[:, 1], np.minimum(x, y))
    np.testing.assert_array_equal(got[:, 2], np.maximum(x, y))
    np.testing.assert_array_equal(got[:, 3], np.sign(x))
    np.testing.assert_array_equal(got[:, 4], np.square(x))
    np.testing.assert_allclose(got[:, 5], np.reciprocal(y), rtol=1e-15)
    np.testing.assert_array_equal(got[:, 6], np.fmin(x, y))
    np.testing.assert_array_equal(got[:, 7], np.absolute(x))
    np.testing.assert_allclose(got[:, 8], np.deg2rad(x), rtol=1e-15)
    np.testing.assert_allclose(got[:, 9], np.power(np.abs(x), 1.5), rtol=1e-14)


@cuda.jit
def float16_math_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = math.sqrt(x[i])
        out[i, 1] = math.sin(x[i])
        out[i, 2] = math.exp(x[i])
        out[i, 3] = math.floor(x[i])


def test_float16_math(target, rng):
    x = rand(rng, 64, np.float16, 0.1, 4)
    out = poison((64, 4), np.float64)
    (got, _) = run(float16_math_k, 2, 32, out, x)
    x64 = x.astype(np.float64)
    assert_ulps(got[:, 0].astype(np.float16), np.sqrt(x64), np.float16, 1)
    assert_ulps(got[:, 1].astype(np.float16), np.sin(x64), np.float16, 2)
    assert_ulps(got[:, 2].astype(np.float16), np.exp(x64), np.float16, 2)
    np.testing.assert_array_equal(got[:, 3], np.floor(x64))


@cuda.jit
def frexp_modf_k(mant, exps, fracs, whole, x):
    i = cuda.grid(1)
    if i < x.size:
        m, e = math.frexp(x[i])
        mant[i] = m
        exps[i] = e
        f, w = math.modf(x[i])
        fracs[i] = f
        whole[i] = w


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_frexp_and_modf(target, rng, dtype):
    """Exact, with Python's special values: frexp(±0/±inf/nan) = (x, 0), modf(±inf) =
    (±0.0, ±inf), the fraction keeps x's sign; subnormals included."""
    info = np.finfo(dtype)
    # mantissas in [-1, 1) times powers of two over most of the exponent range
    k = rng.integers(info.minexp - info.nmant, info.maxexp, N)
    x = (rng.uniform(-1, 1, N) * np.ldexp(1.0, k)).astype(dtype)
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 0.5, 1.0, -2.5, 3.0, -7.0]
    specials += [info.smallest_subnormal, -3 * info.smallest_subnormal, info.tiny, info.max]
    x[: len(specials)] = np.array(specials, dtype=dtype)
    mant, exps = poison(N, dtype), poison(N, np.int32)
    fracs, whole = poison(N, dtype), poison(N, dtype)
    got_m, got_e, got_f, got_w, _ = run(frexp_modf_k, 4, 32, mant, exps, fracs, whole, x)
    want = [math.frexp(float(v)) for v in x]
    np.testing.assert_array_equal(got_m, np.array([m for m, _ in want], dtype=dtype))
    np.testing.assert_array_equal(got_e, [e for _, e in want])
    want = [math.modf(float(v)) for v in x]
    np.testing.assert_array_equal(got_f, np.array([f for f, _ in want], dtype=dtype))
    np.testing.assert_array_equal(got_w, np.array([w for _, w in want], dtype=dtype))
    # signs of zeros (assert_array_equal treats -0.0 == 0.0)
    np.testing.assert_array_equal(np.signbit(got_m), np.signbit(x))
    np.testing.assert_array_equal(np.signbit(got_f[~np.isnan(x)]), np.signbit(x[~np.isnan(x)]))


@cuda.jit
def frexp_int_k(mant, exps, n):
    i = cuda.grid(1)
    if i < n.size:
        mant[i], exps[i] = math.frexp(n[i])


def test_frexp_of_integers_is_float64(target, rng):
    n = rand(rng, N, np.int64, -(2**40), 2**40)
    mant, exps = poison(N, np.float64), poison(N, np.int32)
    got_m, got_e, _ = run(frexp_int_k, 4, 32, mant, exps, n)
    want = [math.frexp(int(v)) for v in n]
    np.testing.assert_array_equal(got_m, [m for m, _ in want])
    np.testing.assert_array_equal(got_e, [e for _, e in want])
