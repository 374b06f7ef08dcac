"""The sum of a float32 array: grid-stride partial sums, a tree in shared memory per block,
one float64 atomic add per block.

Each thread adds its grid-stride share in float32; the block's 256 partial sums are halved in
shared memory (``syncthreads`` between steps); thread 0 adds the block's float32 total, widened
to float64, into a one-element float64 accumulator. The grid is capped at 1024 blocks (about
one wave of 256-thread blocks on an H100/H200), so there are at most 1024 atomics on one
address. Memory-bound: the input is read once.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks, power_of_two, uniform

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

THREADS = 256
MAX_BLOCKS = 1024
RTOL = 1e-5


def build() -> dict[str, Any]:
    @cuda.jit
    def block_sum(total, x):
        partial = cuda.shared.array(THREADS, np.float32)
        t = cuda.threadIdx.x
        acc = np.float32(0.0)
        i = cuda.grid(1)
        stride = cuda.gridsize(1)
        while i < x.size:
            acc += x[i]
            i += stride
        partial[t] = acc
        cuda.syncthreads()
        step = THREADS // 2
        while step > 0:
            if t < step:
                partial[t] += partial[t + step]
            cuda.syncthreads()
            step //= 2
        if t == 0:
            cuda.atomic.add(total, 0, np.float64(partial[0]))

    return {"block_sum": block_sum}


def grid_size(n: int) -> int:
    return min(blocks(n, THREADS), MAX_BLOCKS)


class BlockSum(Benchmark):
    name = "block_sum"
    no_float64 = False  # the float64 accumulator
    title = "reduction (sum)"
    sizes = Sizes(full=1 << 28, quick=1 << 24, sim=5000)
    counts = "bytes: 1 read of 4 bytes per element"
    rule = f"float64 total within {RTOL:g}·|want| of NumPy's float64 sum (inputs in [0, 1))"

    def describe(self, n: int) -> str:
        return f"{power_of_two(n)} float32 → float64"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {"x": uniform(rng, n, 0, 1, np.float32)}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"total": Buffer((1,), np.float64, fill=0.0)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 4.0 * n

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][grid_size(n), THREADS]
        total, x = arrays["total"], arrays["x"]
        return lambda: kernel(total, x)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (grid_size(n),), (THREADS,)
        args = (arrays["total"], arrays["x"], np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch:
        total, x = arrays["total"].reshape(()), arrays["x"]
        return lambda: cp.sum(x, dtype=cp.float64, out=total)

    def expected(self, rng, inputs, n) -> float:
        return float(np.sum(inputs["x"], dtype=np.float64))

    def check(self, expected, outputs, n) -> Check:
        got, want = float(outputs["total"][0]), expected
        err = abs(got - want) / max(abs(want), 1e-300)
        detail = f"got {got!r}, want {want!r}: rel err {err:.3g} (tolerance {RTOL:g})"
        return Check(err <= RTOL, detail)


BENCHMARKS = (BlockSum(),)
