"""A 256-bin histogram of uint8 values with atomics, privatised per block in shared memory.

Each 256-thread block zeroes its own shared int32 bins (one per thread), counts its grid-stride
share of the values with shared-memory atomics, then adds its bins into the global int32 bins
with one global atomic per bin. The grid is capped at 1024 blocks. Bound by the shared-memory
atomics rather than by the one byte read per value; the rate is still given in GB/s of input.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks, power_of_two

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

BINS = 256  # also the block size: one thread per bin
MAX_BLOCKS = 1024


def build() -> dict[str, Any]:
    @cuda.jit
    def histogram(bins, values):
        local = cuda.shared.array(BINS, np.int32)
        t = cuda.threadIdx.x
        local[t] = 0
        cuda.syncthreads()
        i = cuda.grid(1)
        stride = cuda.gridsize(1)
        while i < values.size:
            cuda.atomic.add(local, values[i], 1)
            i += stride
        cuda.syncthreads()
        cuda.atomic.add(bins, t, local[t])

    return {"histogram": histogram}


def grid_size(n: int) -> int:
    return min(blocks(n, BINS), MAX_BLOCKS)


class Histogram(Benchmark):
    name = "histogram"
    title = "histogram 256 bins"
    sizes = Sizes(full=1 << 28, quick=1 << 24, sim=5000)
    counts = "bytes: 1 read of 1 byte per value (the bins are negligible)"
    rule = "bins exactly equal to np.bincount"

    def describe(self, n: int) -> str:
        return f"{power_of_two(n)} uint8"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {"values": rng.integers(0, BINS, n, dtype=np.uint8)}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"bins": Buffer((BINS,), np.int32, fill=0)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 1.0 * n

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][grid_size(n), BINS]
        bins, values = arrays["bins"], arrays["values"]
        return lambda: kernel(bins, values)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (grid_size(n),), (BINS,)
        args = (arrays["bins"], arrays["values"], np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch:
        bins, values = arrays["bins"], arrays["values"]

        def count() -> None:
            bins[...] = cp.bincount(values, minlength=BINS)

        return count

    def expected(self, rng, inputs, n) -> np.ndarray:
        values, counts = inputs["values"], np.zeros(BINS, np.int64)
        for start in range(0, n, checks.CHUNK):  # bincount would widen all of it to int64
            counts += np.bincount(values[start : start + checks.CHUNK], minlength=BINS)
        return counts.astype(np.int32)

    def check(self, expected, outputs, n) -> Check:
        return checks.within(outputs["bins"], expected)


BENCHMARKS = (Histogram(),)
