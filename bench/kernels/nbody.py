"""One all-pairs n-body force evaluation in float32, tiled through shared memory.

Each thread owns one body; the block stages 256 bodies at a time in shared memory and every
thread accumulates their pull on its body through a device function (softened gravity,
``1 / math.sqrt(r²)`` for the inverse distance: what Python can say for rsqrt). Positions
and masses are an (n, 4) float32 array; the accelerations an (n, 3) array. Compute-bound;
the rate counts the customary 20 floating-point operations per interaction. ``n`` must be a
multiple of 256.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from . import checks
from .benchmark import Benchmark, Buffer, Check, Launch, Sizes, uniform

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound before build()

THREADS = 256
SOFTENING = np.float32(1e-2)  # ε², added to every r²
FLOPS_PER_INTERACTION = 20
SAMPLED_BODIES = 256
TOLERANCE = 1e-4


def build() -> dict[str, Any]:
    @cuda.jit(device=True)
    def pull(ax, ay, az, xi, yi, zi, xj, yj, zj, mj, softening):
        dx = xj - xi
        dy = yj - yi
        dz = zj - zi
        r2 = dx * dx + dy * dy + dz * dz + softening
        inv_r = np.float32(1.0) / math.sqrt(r2)
        scale = mj * inv_r * inv_r * inv_r
        return ax + dx * scale, ay + dy * scale, az + dz * scale

    @cuda.jit
    def nbody_forces(acc, bodies, softening):
        xs = cuda.shared.array(THREADS, np.float32)
        ys = cuda.shared.array(THREADS, np.float32)
        zs = cuda.shared.array(THREADS, np.float32)
        ms = cuda.shared.array(THREADS, np.float32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        xi = bodies[i, 0]
        yi = bodies[i, 1]
        zi = bodies[i, 2]
        ax = np.float32(0.0)
        ay = np.float32(0.0)
        az = np.float32(0.0)
        for tile in range(bodies.shape[0] // THREADS):
            j = tile * THREADS + t
            xs[t] = bodies[j, 0]
            ys[t] = bodies[j, 1]
            zs[t] = bodies[j, 2]
            ms[t] = bodies[j, 3]
            cuda.syncthreads()
            for k in range(THREADS):
                ax, ay, az = pull(ax, ay, az, xi, yi, zi, xs[k], ys[k], zs[k], ms[k], softening)
            cuda.syncthreads()
        acc[i, 0] = ax
        acc[i, 1] = ay
        acc[i, 2] = az

    return {"nbody_forces": nbody_forces}


class NBody(Benchmark):
    name = "nbody_forces"
    title = "n-body forces"
    unit = "GFLOP/s"
    ceiling = ""
    sizes = Sizes(full=1 << 16, quick=1 << 14, sim=512)
    counts = f"floating-point operations: {FLOPS_PER_INTERACTION} per pair, n² pairs"
    rule = (
        f"{SAMPLED_BODIES} random bodies: max |err| ≤ {TOLERANCE:g} · max |want| against the "
        "float64 sum over all bodies (positions in [-1, 1)³, masses in [0.5, 1))"
    )

    def describe(self, n: int) -> str:
        return f"{n} bodies, float32"

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        bodies = np.empty((n, 4), np.float32)
        bodies[:, :3] = uniform(rng, (n, 3), -1, 1, np.float32)
        bodies[:, 3] = uniform(rng, n, 0.5, 1, np.float32)
        return {"bodies": bodies}

    def outputs(self, n: int) -> dict[str, Buffer]:
        return {"acc": Buffer((n, 3), np.float32)}

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        return float(FLOPS_PER_INTERACTION) * n * n

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        kernel = kernels[self.name][n // THREADS, THREADS]
        acc, bodies = arrays["acc"], arrays["bodies"]
        return lambda: kernel(acc, bodies, SOFTENING)

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        kernel = module.get_function(self.name)
        grid, block = (n // THREADS,), (THREADS,)
        args = (arrays["acc"], arrays["bodies"], SOFTENING, np.int32(n))
        return lambda: kernel(grid, block, args)

    def expected(self, rng, inputs, n) -> tuple[np.ndarray, np.ndarray]:
        rows = checks.sample_rows(rng, n, SAMPLED_BODIES)
        bodies = inputs["bodies"].astype(np.float64)
        want = np.empty((rows.size, 3))
        for k, i in enumerate(rows):
            delta = bodies[:, :3] - bodies[i, :3]
            r2 = (delta * delta).sum(axis=1) + float(SOFTENING)
            want[k] = (delta * (bodies[:, 3] / (r2 * np.sqrt(r2)))[:, None]).sum(axis=0)
        return rows, want

    def check(self, expected, outputs, n) -> Check:
        rows, want = expected
        err = float(np.abs(outputs["acc"][rows].astype(np.float64) - want).max())
        scale = float(np.abs(want).max())
        detail = f"max |err| {err:.3g} = {err / scale:.3g} · max |want| (tolerance {TOLERANCE:g})"
        return Check(err <= TOLERANCE * scale, detail)


BENCHMARKS = (NBody(),)
