"""Summing an array: a hand-written block reduction, then cuda.Reduce.

The kernel: each block sums a grid-stride slice of the input in registers, combines its threads'
sums through shared memory in a tree (halving the active threads each step, a syncthreads
between steps), finishes the last warp with shfl_down_sync, and adds its total to the result with
one atomic. cuda.Reduce builds such a reduction from any associative binary function.

Shows: shared memory, barriers, warp shuffles, atomics, cuda.Reduce. Checked against NumPy's sum
(float64, so the order of additions matters only at rounding level).

    python examples/reduction.py
"""

import numpy as np
import oxcuda
from oxcuda import cuda, float64

BLOCK = 128


@cuda.jit
def block_sum(x, total):
    partial = cuda.shared.array(BLOCK, float64)
    t = cuda.threadIdx.x
    acc = 0.0
    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
        acc += x[i]
    partial[t] = acc
    cuda.syncthreads()
    width = BLOCK // 2
    while width >= 32:
        if t < width:
            partial[t] += partial[t + width]
        cuda.syncthreads()
        width //= 2
    if t < 32:
        v = partial[t]
        for delta in (16, 8, 4, 2, 1):
            v += cuda.shfl_down_sync(0xFFFFFFFF, v, delta)
        if t == 0:
            cuda.atomic.add(total, 0, v)


@cuda.Reduce
def max_reduce(a, b):
    return max(a, b)


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    n = 5000 if on_sim else 1 << 24
    x = np.random.default_rng().standard_normal(n)
    total = cuda.to_device(np.zeros(1))
    block_sum[8 if on_sim else 1024, BLOCK](cuda.to_device(x), total)
    np.testing.assert_allclose(total.copy_to_host()[0], x.sum(), rtol=1e-9)

    assert max_reduce(x) == x.max()
    sum_reduce = cuda.Reduce(lambda a, b: a + b)
    np.testing.assert_allclose(sum_reduce(x), x.sum(), rtol=1e-9)
    print(f"sum and max of {n:,} float64: ok")


if __name__ == "__main__":
    main()
