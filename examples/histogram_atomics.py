"""A histogram with atomic additions, first in global memory, then privatised in shared memory.

Many threads add to the same bin at once: cuda.atomic.add makes each read-add-write indivisible,
so no update is lost. The second kernel gives each block a private histogram in shared memory
(fast atomics, little contention), then adds it to the global one: the usual way to make
histograms fast on GPUs.

Shows: cuda.atomic.add on global and shared arrays, shared memory initialised by the block.
Checked against np.histogram.

    python examples/histogram_atomics.py
"""

import numpy as np
import oxcuda
from oxcuda import cuda, int32

BINS = 64


@cuda.jit
def histogram_global(x, lo, hi, bins):
    i = cuda.grid(1)
    if i < x.size:
        b = int((x[i] - lo) / (hi - lo) * BINS)
        cuda.atomic.add(bins, min(max(b, 0), BINS - 1), 1)


@cuda.jit
def histogram_shared(x, lo, hi, bins):
    local = cuda.shared.array(BINS, int32)
    t = cuda.threadIdx.x
    for b in range(t, BINS, cuda.blockDim.x):
        local[b] = 0
    cuda.syncthreads()
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        b = int((x[i] - lo) / (hi - lo) * BINS)
        cuda.atomic.add(local, min(max(b, 0), BINS - 1), 1)
    cuda.syncthreads()
    for b in range(t, BINS, cuda.blockDim.x):
        cuda.atomic.add(bins, b, local[b])


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    n = 4000 if on_sim else 1 << 24
    x = np.random.default_rng().random(n)
    lo, hi = 0.0, 1.0
    expected, _ = np.histogram(x, bins=BINS, range=(lo, hi))
    dx = cuda.to_device(x)

    bins = cuda.to_device(np.zeros(BINS, dtype=np.int32))
    histogram_global[(n + 255) // 256, 256](dx, lo, hi, bins)
    np.testing.assert_array_equal(bins.copy_to_host(), expected)

    bins = cuda.to_device(np.zeros(BINS, dtype=np.int32))
    histogram_shared[4 if on_sim else 512, 256](dx, lo, hi, bins)
    np.testing.assert_array_equal(bins.copy_to_host(), expected)
    print(f"histogram of {n:,} values into {BINS} bins, global and shared atomics: ok")


if __name__ == "__main__":
    main()
