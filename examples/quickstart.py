"""oxcuda quickstart: a kernel written in Python, compiled by oxcuda's Rust core.

On a machine with an NVIDIA GPU the kernel runs there (compiled through libNVVM and nvJitLink
to a cubin for the exact GPU). Without one it runs on oxcuda's CPU simulator, which executes the
same compiled program. Either way the result is checked against NumPy.

    python examples/quickstart.py
"""

import time

import numpy as np
import oxcuda
from oxcuda import cuda


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


def main() -> None:
    target = oxcuda.config.resolve("TARGET")
    where = "the GPU" if target.value == "gpu" else "the CPU simulator (no GPU found)"
    print(f"oxcuda {oxcuda.__version__}: running on {where}")

    n = 1 << 20
    rng = np.random.default_rng()
    x_host = rng.random(n, dtype=np.float32)
    y_host = rng.random(n, dtype=np.float32)
    a = np.float32(2.5)

    x = cuda.to_device(x_host)
    y = cuda.to_device(y_host)
    r = cuda.device_array_like(x)

    threads = 256
    blocks = (n + threads - 1) // threads
    start = time.perf_counter()
    axpy[blocks, threads](r, a, x, y)  # first call: compiles for these argument types
    cuda.synchronize()
    first = time.perf_counter() - start

    start = time.perf_counter()
    axpy[blocks, threads](r, a, x, y)
    cuda.synchronize()
    second = time.perf_counter() - start

    result = r.copy_to_host()
    expected = a * x_host + y_host
    error = float(np.max(np.abs(result - expected)))
    print(
        f"axpy on {n:,} float32 elements: first call {first * 1e3:.1f} ms (with compile), "
        f"second call {second * 1e3:.2f} ms; max |error| vs NumPy = {error:.2e}"
    )
    print("compile stages (s):", {k: round(v, 4) for k, v in axpy.stats.items()})
    if error > 1e-6:
        raise SystemExit("result does not match NumPy")
    print("ok")


if __name__ == "__main__":
    main()
