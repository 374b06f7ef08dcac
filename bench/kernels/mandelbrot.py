"""The Mandelbrot set's escape counts in float32: a data-dependent loop with an early exit.

One pixel per thread over the fixed view [-2, 0.5] x [-1.25, 1.25], at most 256 iterations of
z ← z² + c on separate real and imaginary parts; the count is written as int32. There is no
random input, so every run does the same work; the check samples random pixels instead. The
rate is escape-time iterations per second (the total is read from the result).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

BLOCK_X, BLOCK_Y = 32, 8
MAX_ITER = np.int32(256)
X_MIN, Y_MIN, WIDTH = -2.0, -1.25, 2.5
SAMPLED_PIXELS = 4096
MAX_DIFFERENT = 0.02


def build() -> dict[str, Any]:
    @cuda.jit
    def mandelbrot(out, x_min, y_min, step, max_iter):
        x, y = cuda.grid(2)
        rows, cols = out.shape
        if y < rows and x < cols:
            c_re = x_min + step * np.float32(x)
            c_im = y_min + step * np.float32(y)
            z_re = np.float32(0.0)
            z_im = np.float32(0.0)
            count = 0
            while count < max_iter:
                re2 = z_re * z_re
                im2 = z_im * z_im
                if re2 + im2 > np.float32(4.0):
                    break
                z_im = np.float32(2.0) * z_re * z_im + c_im
                z_re = re2 - im2 + c_re
                count += 1
            out[y, x] = count

    return {"mandelbrot": mandelbrot}


def view(n: int) -> tuple[np.float32, np.float32, np.float32]:
    """The corner and the pixel step of an n x n image of the view, as float32."""
    return np.float32(X_MIN), np.float32(Y_MIN), np.float32(WIDTH / n)


def escape_counts(c_re: np.ndarray, c_im: np.ndarray) -> np.ndarray:
    """The same iteration in NumPy float32, for the sampled pixels."""
    z_re = np.zeros_like(c_re)
    z_im = np.zeros_like(c_im)
    count = np.zeros(c_re.shape, np.int32)
    active = np.ones(c_re.shape, bool)
    for _ in range(int(MAX_ITER)):
        re2, im2 = z_re * z_re, z_im * z_im
        active &= ~(re2 + im2 > np.float32(4.0))
        if not active.any():
            break
        z_im = np.where(active, np.float32(2.0) * z_re * z_im + c_im, z_im)
        z_re = np.where(active, re2 - im2 + c_re, z_re)
        count += active
    return count


class Mandelbrot(Benchmark):
    name = "mandelbrot"
    title = "Mandelbrot"
    unit = "Giter/s"
    ceiling = ""
    sizes = Sizes(full=4096, quick=1024, sim=67)
    counts = "iterations of z ← z² + c, summed over all pixels (from the result)"
    rule = (
        f"{SAMPLED_PIXELS} random pixels: at most {MAX_DIFFERENT:.0%} differ from the same "
        "float32 iteration in NumPy (contracted multiply-adds change counts near the boundary)"
    )

    def describe(self, n: int) -> str:
        return f"{n}² pixels, ≤ {int(MAX_ITER)} iterations"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"out": Buffer((n, n), np.int32)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return float(outputs["out"].sum(dtype=np.int64))

    def _grid(self, n: int) -> tuple[tuple[int, int], tuple[int, int]]:
        return (blocks(n, BLOCK_X), blocks(n, BLOCK_Y)), (BLOCK_X, BLOCK_Y)

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        grid, block = self._grid(n)
        kernel = kernels[self.name][grid, block]
        out = arrays["out"]
        args = (*view(n), MAX_ITER)
        return lambda: kernel(out, *args)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = self._grid(n)
        args = (arrays["out"], *view(n), MAX_ITER, np.int32(n), np.int32(n))
        return lambda: kernel(grid, block, args)

    def expected(self, rng, inputs, n) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        ys = rng.integers(0, n, SAMPLED_PIXELS)
        xs = rng.integers(0, n, SAMPLED_PIXELS)
        x_min, y_min, step = view(n)
        c_re = x_min + step * xs.astype(np.float32)
        c_im = y_min + step * ys.astype(np.float32)
        return ys, xs, escape_counts(c_re, c_im)

    def check(self, expected, outputs, n) -> Check:
        ys, xs, want = expected
        return checks.mostly_equal(outputs["out"][ys, xs], want, MAX_DIFFERENT)


BENCHMARKS = (Mandelbrot(),)
