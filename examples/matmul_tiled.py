"""Tiled matrix multiplication with shared memory.

Each block computes one TILE x TILE tile of C = A @ B. Its threads load one tile of A and one of
B into shared memory, wait for each other (cuda.syncthreads), multiply the tiles from shared
memory, and move on to the next pair of tiles along the shared dimension. Every element of A and
B is read from global memory N / TILE times instead of N times.

Shows: 2-d grids (cuda.grid(2)), cuda.shared.array, cuda.syncthreads, launch configuration for
shapes that are not multiples of the tile. Checked against NumPy's A @ B.

    python examples/matmul_tiled.py          # GPU if present, else the simulator (small sizes)
"""

import math

import numpy as np
import oxcuda
from oxcuda import cuda, float32

TILE = 16


@cuda.jit
def matmul(a, b, c):
    sa = cuda.shared.array((TILE, TILE), float32)
    sb = cuda.shared.array((TILE, TILE), float32)
    row, col = cuda.grid(2)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    acc = float32(0.0)
    for t in range(math.ceil(a.shape[1] / TILE)):
        # Load one tile of each input; threads past the edge load zeros.
        k = t * TILE
        sa[tx, ty] = a[row, k + ty] if row < a.shape[0] and k + ty < a.shape[1] else 0
        sb[tx, ty] = b[k + tx, col] if k + tx < b.shape[0] and col < b.shape[1] else 0
        cuda.syncthreads()
        for j in range(TILE):
            acc += sa[tx, j] * sb[j, ty]
        cuda.syncthreads()  # nobody overwrites the tiles while others still read them
    if row < c.shape[0] and col < c.shape[1]:
        c[row, col] = acc


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    m, k, n = (40, 24, 33) if on_sim else (1000, 700, 900)
    rng = np.random.default_rng()
    a = rng.random((m, k), dtype=np.float32)
    b = rng.random((k, n), dtype=np.float32)
    c = cuda.device_array((m, n), dtype=np.float32)
    grid = (math.ceil(m / TILE), math.ceil(n / TILE))
    matmul[grid, (TILE, TILE)](cuda.to_device(a), cuda.to_device(b), c)
    np.testing.assert_allclose(c.copy_to_host(), a @ b, rtol=1e-4)
    print(f"matmul {m}x{k} @ {k}x{n}: ok")


if __name__ == "__main__":
    main()
