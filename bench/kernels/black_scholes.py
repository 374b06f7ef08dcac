"""Black-Scholes call and put prices, in float32 and in float64, from one kernel source.

The cumulative normal distribution is the classic polynomial approximation (Abramowitz and
Stegun 26.2.17, as in the CUDA SDK sample) in a device function; the kernel calls math.sqrt,
math.log and math.exp. ``black_scholes_kernel(real)`` writes every constant as ``real(...)``
and the rate and volatility arrive as ``real`` scalars, so the float32 kernel has no float64
operation under numba's typing rules. One option per thread; five arrays streamed once.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks, power_of_two, uniform

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

THREADS = 256
#: The inputs and the ranges they are drawn from (uniformly).
RANGES = {"price": (5.0, 30.0), "strike": (1.0, 100.0), "years": (0.25, 10.0)}
INPUTS = tuple(RANGES)
RATE = 0.02
VOLATILITY = 0.30
# The polynomial of the cumulative normal distribution.
A1 = 0.31938153
A2 = -0.356563782
A3 = 1.781477937
A4 = -1.821255978
A5 = 1.330274429
RSQRT2PI = 0.39894228040143267793994605993438


def black_scholes_kernel(real: Any) -> Any:
    """The kernel with every floating-point value of type ``real`` (np.float32 or np.float64)."""

    @cuda.jit(device=True)
    def cnd(d):
        k = real(1.0) / (real(1.0) + real(0.2316419) * math.fabs(d))
        poly = k * (real(A1) + k * (real(A2) + k * (real(A3) + k * (real(A4) + k * real(A5)))))
        value = real(RSQRT2PI) * math.exp(real(-0.5) * d * d) * poly
        if d > real(0.0):
            value = real(1.0) - value
        return value

    @cuda.jit
    def black_scholes(call, put, price, strike, years, rate, volatility):
        i = cuda.grid(1)
        if i < call.size:
            s = price[i]
            x = strike[i]
            t = years[i]
            sqrt_t = math.sqrt(t)
            d1 = (math.log(s / x) + (rate + real(0.5) * volatility * volatility) * t) / (
                volatility * sqrt_t
            )
            d2 = d1 - volatility * sqrt_t
            cnd_d1 = cnd(d1)
            cnd_d2 = cnd(d2)
            discounted = x * math.exp(-rate * t)
            call[i] = s * cnd_d1 - discounted * cnd_d2
            put[i] = discounted * (real(1.0) - cnd_d2) - s * (real(1.0) - cnd_d1)

    return black_scholes


def build() -> dict[str, Any]:
    return {
        "black_scholes_f32": black_scholes_kernel(np.float32),
        "black_scholes_f64": black_scholes_kernel(np.float64),
    }


def cnd_arrays(xp: Any, d: Any) -> Any:
    """The same polynomial on whole arrays of NumPy (``xp`` = numpy) or CuPy (``xp`` = cupy);
    the constants are Python floats, which keep ``d``'s dtype."""
    k = 1.0 / (1.0 + 0.2316419 * xp.abs(d))
    poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))))
    value = RSQRT2PI * xp.exp(-0.5 * d * d) * poly
    return xp.where(d > 0, 1.0 - value, value)


def black_scholes_arrays(xp: Any, s: Any, x: Any, t: Any) -> tuple[Any, Any]:
    """Call and put prices by the same formula on whole arrays: the NumPy reference (in
    float64) and CuPy's array-level version (in the inputs' dtype)."""
    sqrt_t = xp.sqrt(t)
    d1 = (xp.log(s / x) + (RATE + 0.5 * VOLATILITY * VOLATILITY) * t) / (VOLATILITY * sqrt_t)
    d2 = d1 - VOLATILITY * sqrt_t
    discounted = x * xp.exp(-RATE * t)
    cnd_d1, cnd_d2 = cnd_arrays(xp, d1), cnd_arrays(xp, d2)
    call = s * cnd_d1 - discounted * cnd_d2
    put = discounted * (1.0 - cnd_d2) - s * (1.0 - cnd_d1)
    return call, put


class BlackScholes(Benchmark):
    title = "Black-Scholes"
    sizes = Sizes(full=1 << 26, quick=1 << 22, sim=5000)

    def __init__(self, real: Any, rtol: float, atol: float) -> None:
        self.real = real
        self.rtol, self.atol = rtol, atol
        bits = np.dtype(real).itemsize * 8
        self.name = f"black_scholes_f{bits}"
        self.no_float64 = bits == 32
        self.title = f"Black-Scholes float{bits}"
        self.counts = f"bytes: 3 reads + 2 writes of {bits // 8} bytes per option"
        self.rule = (
            f"call and put within {atol:g} + {rtol:g}·|want| of the same formula in float64 "
            "(S in [5, 30), X in [1, 100), T in [0.25, 10))"
        )

    def describe(self, n: int) -> str:
        return f"{power_of_two(n)} options, {np.dtype(self.real).name}"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {k: uniform(rng, n, lo, hi, self.real) for k, (lo, hi) in RANGES.items()}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"call": Buffer((n,), self.real), "put": Buffer((n,), self.real)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 5.0 * np.dtype(self.real).itemsize * n

    def _args(self, arrays: dict[str, Any]) -> tuple:
        names = ("call", "put", "price", "strike", "years")
        return (*(arrays[k] for k in names), self.real(RATE), self.real(VOLATILITY))

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][blocks(n, THREADS), THREADS]
        args = self._args(arrays)
        return lambda: kernel(*args)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (blocks(n, THREADS),), (THREADS,)
        args = (*self._args(arrays), np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch:
        call, put = arrays["call"], arrays["put"]
        s, x, t = arrays["price"], arrays["strike"], arrays["years"]

        def price_options() -> None:
            call[...], put[...] = black_scholes_arrays(cp, s, x, t)

        return price_options

    def expected(self, rng, inputs, n) -> checks.Reference:
        def prices(part: slice) -> np.ndarray:
            s, x, t = (inputs[k][part].astype(np.float64) for k in INPUTS)
            return np.stack(black_scholes_arrays(np, s, x, t), axis=1)

        return prices

    def check(self, expected, outputs, n) -> Check:
        got = np.stack([outputs["call"], outputs["put"]], axis=1)
        return checks.within(got, expected, self.rtol, self.atol)


BENCHMARKS = (
    BlackScholes(np.float32, rtol=1e-4, atol=1e-3),
    BlackScholes(np.float64, rtol=1e-10, atol=1e-10),
)
