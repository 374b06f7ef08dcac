"""Inclusive prefix sums of int32 within each block of 1024 elements, in shared memory.

Block-local only (no carry between blocks): the per-block step of a full scan. Each block
loads 1024 values into shared memory and runs the Hillis-Steele scan: ten rounds, each reading
the value ``offset`` places back, a ``syncthreads``, adding it, another ``syncthreads``. Integer
values make the check exact. Memory traffic is one read and one write per element.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, blocks, power_of_two

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

SCAN_BLOCK = 1024  # elements per scan, and threads per block
MAX_VALUE = 100


def build() -> dict[str, Any]:
    @cuda.jit
    def block_scan(out, values):
        buf = cuda.shared.array(SCAN_BLOCK, np.int32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        buf[t] = values[i] if i < values.size else np.int32(0)
        cuda.syncthreads()
        offset = 1
        while offset < SCAN_BLOCK:
            before = buf[t - offset] if t >= offset else np.int32(0)
            cuda.syncthreads()
            buf[t] += before
            cuda.syncthreads()
            offset *= 2
        if i < values.size:
            out[i] = buf[t]

    return {"block_scan": block_scan}


class BlockScan(Benchmark):
    name = "block_scan"
    title = "block prefix scan"
    sizes = Sizes(full=1 << 26, quick=1 << 22, sim=5000)
    counts = "bytes: 1 read + 1 write of 4 bytes per element"
    rule = f"exactly equal to np.cumsum within each block of {SCAN_BLOCK}"

    def describe(self, n: int) -> str:
        return f"{power_of_two(n)} int32, blocks of {SCAN_BLOCK}"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        return {"values": rng.integers(0, MAX_VALUE, n, dtype=np.int32)}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"out": Buffer((n,), np.int32)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return 8.0 * n

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][blocks(n, SCAN_BLOCK), SCAN_BLOCK]
        out, values = arrays["out"], arrays["values"]
        return lambda: kernel(out, values)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (blocks(n, SCAN_BLOCK),), (SCAN_BLOCK,)
        args = (arrays["out"], arrays["values"], np.int32(n))
        return lambda: kernel(grid, block, args)

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch | None:
        if n % SCAN_BLOCK:
            return None
        out = arrays["out"].reshape(-1, SCAN_BLOCK)
        values = arrays["values"].reshape(-1, SCAN_BLOCK)
        return lambda: cp.cumsum(values, axis=1, dtype=cp.int32, out=out)

    def expected(self, rng, inputs, n) -> np.ndarray:
        values = inputs["values"]
        padded = np.zeros(blocks(n, SCAN_BLOCK) * SCAN_BLOCK, np.int32)
        padded[:n] = values
        sums = np.cumsum(padded.reshape(-1, SCAN_BLOCK), axis=1, dtype=np.int32)
        return sums.reshape(-1)[:n]

    def check(self, expected, outputs, n) -> Check:
        return checks.within(outputs["out"], expected)


BENCHMARKS = (BlockScan(),)
