"""A 2-D 5-point stencil on float32: each interior point becomes half itself plus an eighth of
each of its four neighbours (one smoothing step); boundary points are copied.

Memory-bound with reuse: every input value is read by five threads, mostly from cache, so the
minimal traffic is one read and one write per point. Threads run along x, the contiguous axis
(``a[y, x]``), in blocks of 32 x 8.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks, uniform

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

BLOCK_X, BLOCK_Y = 32, 8
CENTRE = np.float32(0.5)
NEIGHBOUR = np.float32(0.125)


def build() -> dict[str, Any]:
    @cuda.jit
    def stencil5(out, a):
        x, y = cuda.grid(2)
        rows, cols = a.shape
        if y < rows and x < cols:
            if 0 < y < rows - 1 and 0 < x < cols - 1:
                around = a[y - 1, x] + a[y + 1, x] + a[y, x - 1] + a[y, x + 1]
                out[y, x] = CENTRE * a[y, x] + NEIGHBOUR * around
            else:
                out[y, x] = a[y, x]

    return {"stencil5": stencil5}


class Stencil(Benchmark):
    name = "stencil5"
    title = "5-point stencil"
    sizes = Sizes(full=8192, quick=2048, sim=67)
    counts = "bytes: 1 read + 1 write of 4 bytes per point"
    rule = "within 1e-6 + 1e-6·|want| of the float64 stencil"

    def describe(self, n: int) -> str:
        return f"{n}² float32"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {"a": uniform(rng, (n, n), 0, 1, np.float32)}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"out": Buffer((n, n), np.float32)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 8.0 * n * n

    def _grid(self, n: int) -> tuple[tuple[int, int], tuple[int, int]]:
        return (blocks(n, BLOCK_X), blocks(n, BLOCK_Y)), (BLOCK_X, BLOCK_Y)

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

        centre, neighbour = float(CENTRE), float(NEIGHBOUR)  # Python floats keep float32

        def smooth() -> None:
            around = a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:]
            out[1:-1, 1:-1] = centre * a[1:-1, 1:-1] + neighbour * around
            out[0, :] = a[0, :]
            out[-1, :] = a[-1, :]
            out[:, 0] = a[:, 0]
            out[:, -1] = a[:, -1]

        return smooth

    def expected(self, rng, inputs, n) -> checks.Reference:
        a = inputs["a"]

        def want(s: slice) -> np.ndarray:
            lo, hi = max(0, s.start - 1), min(n, s.stop + 1)
            block = a[lo:hi].astype(np.float64)
            result = block.copy()
            around = block[:-2, 1:-1] + block[2:, 1:-1] + block[1:-1, :-2] + block[1:-1, 2:]
            result[1:-1, 1:-1] = 0.5 * block[1:-1, 1:-1] + 0.125 * around
            return result[s.start - lo : s.start - lo + (s.stop - s.start)]

        return want

    def check(self, expected, outputs, n) -> Check:
        return checks.within(outputs["out"], expected, rtol=1e-6, atol=1e-6)


BENCHMARKS = (Stencil(),)
