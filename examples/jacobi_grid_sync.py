"""A Jacobi iteration for the 1-d heat equation in one kernel, with a grid-wide barrier.

Each iteration replaces every interior point by the mean of its neighbours. Every thread must
see its neighbours' values of the previous iteration, which other blocks compute: instead of one
kernel launch per iteration, the threads meet at cuda.cg.this_grid().sync(), a barrier across the
whole grid. A kernel that uses it is launched cooperatively (every block resident at once), so the
grid may have at most kernel.max_cooperative_grid_blocks(block) blocks; a grid-stride loop lets
that grid cover any number of points. The kernel has an eager signature, so the limit can
be asked before the first launch.

Shows: cooperative groups, grid-stride loops, two buffers swapped between iterations. Checked
against the same iteration in NumPy.

    python examples/jacobi_grid_sync.py
"""

import numpy as np
import oxcuda
from oxcuda import cuda


@cuda.jit("void(float64[::1], float64[::1], int64)")
def jacobi(u, v, iterations):
    grid = cuda.cg.this_grid()
    start = cuda.grid(1)
    step = cuda.gridsize(1)
    n = u.size
    for it in range(iterations):
        src, dst = (u, v) if it % 2 == 0 else (v, u)
        for i in range(start, n, step):
            if 0 < i < n - 1:
                dst[i] = 0.5 * (src[i - 1] + src[i + 1])
            else:
                dst[i] = src[i]  # fixed boundary values
        grid.sync()  # every point of this iteration is written before the next one reads


def jacobi_numpy(u: np.ndarray, iterations: int) -> np.ndarray:
    u = u.copy()
    for _ in range(iterations):
        u[1:-1] = 0.5 * (u[:-2] + u[2:])
    return u


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    n, iterations = (200, 20) if on_sim else (1 << 20, 500)
    rng = np.random.default_rng()
    u0 = rng.random(n)
    u = cuda.to_device(u0)
    v = cuda.to_device(u0)
    block = 64
    # On the GPU, at most as many blocks as can be resident at once (an occupancy question
    # only the GPU answers); the simulator runs every block of a cooperative launch together.
    limit = 4 if on_sim else jacobi.max_cooperative_grid_blocks(block)
    blocks = min(limit, (n + block - 1) // block)
    jacobi[blocks, block](u, v, iterations)
    result = (u if iterations % 2 == 0 else v).copy_to_host()
    np.testing.assert_allclose(result, jacobi_numpy(u0, iterations), rtol=1e-12)
    print(f"jacobi: {iterations} iterations on {n} points in {blocks} blocks: ok")


if __name__ == "__main__":
    main()
