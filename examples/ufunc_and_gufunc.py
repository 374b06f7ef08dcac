"""A GPU ufunc and a generalized ufunc, without writing a kernel.

cuda.vectorize turns a scalar function into a NumPy-style ufunc that runs on the GPU, with
broadcasting, out= and streams; cuda.guvectorize does the same for a function of sub-arrays (its
layout string, here "(n),(n)->()", names the core dimensions), looping over the other axes.

Shows: eager signatures, NumPy and device arrays as inputs, broadcasting, a gufunc over a batch.
Checked against NumPy.

    python examples/ufunc_and_gufunc.py
"""

import math

import numpy as np
import oxcuda
from oxcuda import cuda


@cuda.vectorize(["float32(float32, float32)", "float64(float64, float64)"])
def hypot(x, y):
    return math.sqrt(x * x + y * y)


@cuda.guvectorize(["void(float64[:], float64[:], float64[:])"], "(n),(n)->()")
def dot(a, b, out):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] * b[i]
    out[0] = s


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    n, batch = (256, 8) if on_sim else (1 << 22, 4096)
    rng = np.random.default_rng()

    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    np.testing.assert_allclose(hypot(x, y), np.hypot(x, y), rtol=1e-6)  # NumPy in, NumPy out

    dx, dy = cuda.to_device(x), cuda.to_device(y)
    dr = hypot(dx, dy)  # device arrays in: a device array out, nothing copied
    np.testing.assert_allclose(dr.copy_to_host(), np.hypot(x, y), rtol=1e-6)

    grid = hypot(x[:16].reshape(4, 4), np.float32(3.0))  # broadcasting a scalar
    np.testing.assert_allclose(grid, np.hypot(x[:16].reshape(4, 4), 3.0), rtol=1e-6)

    a = rng.random((batch, 64))
    b = rng.random((batch, 64))
    np.testing.assert_allclose(dot(a, b), np.einsum("ij,ij->i", a, b), rtol=1e-12)
    print(f"hypot on {n:,} elements and dot over a batch of {batch}: ok")


if __name__ == "__main__":
    main()
