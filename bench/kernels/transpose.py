"""Matrix transpose of float32 through a 32 x 33 shared-memory tile.

Each 32 x 8 block moves one 32 x 32 tile: it reads four rows per thread along the input's
contiguous axis into shared memory, then writes them out along the output's contiguous axis,
so both global accesses are coalesced. The extra column keeps the column-wise shared reads free
of bank conflicts. Memory-bound: one read and one write per element.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks, uniform

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

TILE = 32
PADDED = TILE + 1
ROWS_PER_PASS = 8  # the block is TILE x ROWS_PER_PASS threads


def build() -> dict[str, Any]:
    @cuda.jit
    def transpose(out, a):
        tile = cuda.shared.array((TILE, PADDED), np.float32)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        rows, cols = a.shape
        x = cuda.blockIdx.x * TILE + tx
        y = cuda.blockIdx.y * TILE + ty
        for j in range(0, TILE, ROWS_PER_PASS):
            if x < cols and y + j < rows:
                tile[ty + j, tx] = a[y + j, x]
        cuda.syncthreads()
        x = cuda.blockIdx.y * TILE + tx
        y = cuda.blockIdx.x * TILE + ty
        for j in range(0, TILE, ROWS_PER_PASS):
            if x < rows and y + j < cols:
                out[y + j, x] = tile[tx, ty + j]

    return {"transpose": transpose}


class Transpose(Benchmark):
    name = "transpose"
    title = "transpose (32x33 tile)"
    sizes = Sizes(full=8192, quick=2048, sim=67)
    counts = "bytes: 1 read + 1 write of 4 bytes per element"
    rule = "exactly equal to a.T"

    def describe(self, n: int) -> str:
        return f"{n}² float32"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {"a": uniform(rng, (n, n), 0, 1, np.float32)}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"out": Buffer((n, n), np.float32)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 8.0 * n * n

    def _grid(self, n: int) -> tuple[tuple[int, int], tuple[int, int]]:
        return (blocks(n, TILE), blocks(n, TILE)), (TILE, ROWS_PER_PASS)

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        grid, block = self._grid(n)
        kernel = kernels[self.name][grid, block]
        out, a = arrays["out"], arrays["a"]
        return lambda: kernel(out, a)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = self._grid(n)
        args = (arrays["out"], arrays["a"], np.int32(n), np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch:
        out, a = arrays["out"], arrays["a"]
        return lambda: cp.copyto(out, a.T)

    def expected(self, rng, inputs, n) -> np.ndarray:
        return inputs["a"].T

    def check(self, expected, outputs, n) -> Check:
        return checks.within(outputs["out"], expected)


BENCHMARKS = (Transpose(),)
