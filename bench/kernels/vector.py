"""Vector add and saxpy on float32: one element per thread, three arrays streamed once.

The purest measure of how close a kernel gets to the memory bandwidth: DESIGN §7 asks vector
add at 2^28 float32 to reach 0.95 of the device-to-device copy bandwidth. ``alpha`` is passed
as a NumPy float32 so that ``alpha * x[i]`` stays float32 under numba's typing rules.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks, power_of_two, uniform

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

THREADS = 256
ALPHA = np.float32(2.5)


def build() -> dict[str, Any]:
    @cuda.jit
    def vector_add(out, a, b):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a[i] + b[i]

    @cuda.jit
    def saxpy(out, alpha, x, y):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = alpha * x[i] + y[i]

    return {"vector_add": vector_add, "saxpy": saxpy}


class _Streaming(Benchmark):
    """Two float32 input arrays, one output: 12 bytes per element."""

    sizes = Sizes(full=1 << 28, quick=1 << 24, sim=5000)
    input_family = "two uniform float32 arrays"
    counts = "bytes: 2 reads + 1 write of 4 bytes per element"

    def describe(self, n: int) -> str:
        return f"{power_of_two(n)} float32"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {"a": uniform(rng, n, 0, 1, np.float32), "b": uniform(rng, n, 0, 1, np.float32)}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"out": Buffer((n,), np.float32)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 12.0 * n


class VectorAdd(_Streaming):
    name = "vector_add"
    title = "vector add"
    rule = "exactly equal to NumPy's float32 a + b"

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][blocks(n, THREADS), THREADS]
        out, a, b = arrays["out"], arrays["a"], arrays["b"]
        return lambda: kernel(out, a, b)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (blocks(n, THREADS),), (THREADS,)
        args = (arrays["out"], arrays["a"], arrays["b"], np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch:
        out, a, b = arrays["out"], arrays["a"], arrays["b"]
        return lambda: cp.add(a, b, out=out)

    def expected(self, rng, inputs, n) -> checks.Reference:
        a, b = inputs["a"], inputs["b"]
        return lambda s: a[s] + b[s]

    def check(self, expected, outputs, n) -> Check:
        return checks.within(outputs["out"], expected)


class Saxpy(_Streaming):
    name = "saxpy"
    title = "saxpy"
    rule = "within 1e-6·|want| of float64 alpha·x + y (a fused multiply-add may round once)"

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][blocks(n, THREADS), THREADS]
        out, x, y = arrays["out"], arrays["a"], arrays["b"]
        return lambda: kernel(out, ALPHA, x, y)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (blocks(n, THREADS),), (THREADS,)
        args = (arrays["out"], ALPHA, arrays["a"], arrays["b"], np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch:
        out, x, y = arrays["out"], arrays["a"], arrays["b"]
        alpha = float(ALPHA)  # a Python float keeps float32
        return lambda: cp.add(cp.multiply(x, alpha), y, out=out)

    def expected(self, rng, inputs, n) -> checks.Reference:
        x, y = inputs["a"], inputs["b"]
        alpha = float(ALPHA)
        return lambda s: alpha * x[s].astype(np.float64) + y[s]

    def check(self, expected, outputs, n) -> Check:
        return checks.within(outputs["out"], expected, rtol=1e-6)


BENCHMARKS = (VectorAdd(), Saxpy())
