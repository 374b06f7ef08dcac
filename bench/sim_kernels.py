"""The simulator benchmark's kernels, written once against a module-level ``cuda``.

``bench/sim.py`` imports this module after choosing the implementation: it sets
``sim_kernels.cuda`` (and the type names) to oxcuda's or numba-cuda's before calling
``build()``, so both simulators run the very same source.
"""

import numpy as np

cuda = None  # set by the caller: oxcuda.cuda or numba.cuda
float32 = None

TILE = 16
BINS = 64


def build():
    """The four kernels, compiled by whichever ``cuda`` is set."""

    @cuda.jit
    def axpy(r, a, x, y):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = a * x[i] + y[i]

    @cuda.jit
    def matmul(a, b, c):
        sa = cuda.shared.array((TILE, TILE), float32)
        sb = cuda.shared.array((TILE, TILE), float32)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        row = cuda.blockIdx.y * TILE + ty
        col = cuda.blockIdx.x * TILE + tx
        acc = float32(0.0)
        for t in range(a.shape[1] // TILE):
            sa[ty, tx] = a[row, t * TILE + tx]
            sb[ty, tx] = b[t * TILE + ty, col]
            cuda.syncthreads()
            for k in range(TILE):
                acc += sa[ty, k] * sb[k, tx]
            cuda.syncthreads()
        c[row, col] = acc

    @cuda.jit
    def block_sum(out, x):
        s = cuda.shared.array(256, float32)
        t = cuda.threadIdx.x
        i = cuda.grid(1)
        s[t] = x[i] if i < x.size else float32(0.0)
        cuda.syncthreads()
        step = 128
        while step > 0:
            if t < step:
                s[t] += s[t + step]
            cuda.syncthreads()
            step //= 2
        if t == 0:
            out[cuda.blockIdx.x] = s[0]

    @cuda.jit
    def histogram(bins, data):
        i = cuda.grid(1)
        if i < data.size:
            cuda.atomic.add(bins, data[i] % BINS, 1)

    return axpy, matmul, block_sum, histogram


def inputs(seed: int = 0):
    rng = np.random.default_rng(seed)
    n = 1 << 14
    return {
        "x": rng.random(n, dtype=np.float32),
        "y": rng.random(n, dtype=np.float32),
        "a": rng.random(64 * 64, dtype=np.float32).reshape(64, 64),
        "b": rng.random(64 * 64, dtype=np.float32).reshape(64, 64),
        "data": rng.integers(0, 1 << 20, n, dtype=np.int32),
    }
