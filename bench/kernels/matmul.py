"""Dense float32 matrix multiply through 16 x 16 shared-memory tiles (the textbook kernel).

Compute-bound: each block stages one tile of A and one of B in shared memory per step, then
every thread does 16 multiply-adds from shared memory. DESIGN §7 asks oxcuda to at least match
the same algorithm in CUDA C++; cuBLAS (CuPy's matmul, no TF32) is shown as the ceiling.
The matrices are square with a side divisible by 16.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, uniform

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

TILE = 16
SAMPLED_ROWS = 64


def build() -> dict[str, Any]:
    @cuda.jit
    def matmul_tiled(c, a, b):
        sa = cuda.shared.array((TILE, TILE), np.float32)
        sb = cuda.shared.array((TILE, TILE), np.float32)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        row = cuda.blockIdx.y * TILE + ty
        col = cuda.blockIdx.x * TILE + tx
        acc = np.float32(0.0)
        for t in range(a.shape[1] // TILE):
            sa[ty, tx] = a[row, t * TILE + tx]
            sb[ty, tx] = b[t * TILE + ty, col]
            cuda.syncthreads()
            for k in range(TILE):
                acc += sa[ty, k] * sb[k, tx]
            cuda.syncthreads()
        c[row, col] = acc

    return {"matmul_tiled": matmul_tiled}


class TiledMatmul(Benchmark):
    name = "matmul_tiled"
    title = "tiled matmul 16x16"
    unit = "GFLOP/s"
    ceiling = "cublas"
    sizes = Sizes(full=4096, quick=1024, sim=64)
    counts = "floating-point operations: 2·n³"
    rule = f"{SAMPLED_ROWS} random rows within 1e-4·|want| of float64 A @ B (inputs in [0, 1))"

    def describe(self, n: int) -> str:
        return f"{n}² float32"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {
            "a": uniform(rng, (n, n), 0, 1, np.float32),
            "b": uniform(rng, (n, n), 0, 1, np.float32),
        }

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"c": Buffer((n, n), np.float32)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 2.0 * n**3

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][(n // TILE, n // TILE), (TILE, TILE)]
        c, a, b = arrays["c"], arrays["a"], arrays["b"]
        return lambda: kernel(c, a, b)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (n // TILE, n // TILE), (TILE, TILE)
        args = (arrays["c"], arrays["a"], arrays["b"], np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch:
        c, a, b = arrays["c"], arrays["a"], arrays["b"]
        return lambda: cp.matmul(a, b, out=c)

    def expected(self, rng, inputs, n) -> tuple[np.ndarray, np.ndarray]:
        rows = checks.sample_rows(rng, n, SAMPLED_ROWS)
        return rows, inputs["a"][rows].astype(np.float64) @ inputs["b"].astype(np.float64)

    def check(self, expected, outputs, n) -> Check:
        rows, want = expected
        return checks.within(outputs["c"][rows], want, rtol=1e-4)


BENCHMARKS = (TiledMatmul(),)
