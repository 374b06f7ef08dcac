"""GPU probe for issue 21's warm-compile goal: oxcuda's kernels linked through LTO (libNVVM
``-gen-lto``, nvJitLink ``-lto``) against the PTX route (libNVVM PTX, nvJitLink), same kernels.

    python3 bench/probes/lto_probe.py [--kernels stencil5,matmul_tiled,...]

For each suite kernel (``bench/kernels``), two dispatchers of the same Python function:
``cuda.jit`` with ``lto=False`` and with ``lto=True``. Prints the first call's time (compile,
load, launch, synchronise; warm libraries: one other kernel is compiled first), whether the two
results are bit-identical, and the GPU time per launch of each (20 back-to-back launches and
one synchronisation, 7 turns in rotation, medians), with their ratio (> 1: LTO faster).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = next(
    d
    for d in (os.path.dirname(HERE), os.path.join(os.getcwd(), "bench"))
    if os.path.isdir(os.path.join(d, "kernels"))
)
DEFAULT = "stencil5,matmul_tiled,black_scholes_f64,mandelbrot,transpose,block_sum"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kernels", default=DEFAULT)
    ap.add_argument("--size", choices=["full", "quick", "sim"], default="full")
    opts = ap.parse_args()
    sys.path.insert(0, BENCH)
    from kernels import catalog
    from oxcuda import cuda

    rng = np.random.default_rng()
    built = catalog.build(cuda)

    @cuda.jit
    def warm(a):
        a[0] = 1

    warm[1, 1](cuda.device_array(1, np.float32))
    cuda.synchronize()
    for bench in catalog.select(opts.kernels):
        n = getattr(bench.sizes, opts.size)
        inputs = {k: cuda.to_device(v) for k, v in bench.inputs(rng, n).items()}
        results = {}
        launches = {}
        firsts = {}
        for route, lto in (("ptx", False), ("lto", True)):
            kernels = {name: cuda.jit(lto=lto)(k.py_func) for name, k in built.items()}
            arrays = dict(inputs)
            for name, buf in bench.outputs(n).items():
                host = np.zeros(buf.shape, buf.dtype) if buf.fill is None else None
                if host is None:
                    host = np.full(buf.shape, buf.fill, buf.dtype)
                arrays[name] = cuda.to_device(host)
            launch = bench.python(kernels, arrays, n)
            t0 = time.perf_counter()
            launch()
            cuda.synchronize()
            firsts[route] = (time.perf_counter() - t0) * 1e3
            results[route] = {k: arrays[k].copy_to_host() for k in bench.outputs(n)}
            launches[route] = launch
        same = all(np.array_equal(results["ptx"][k], results["lto"][k]) for k in results["ptx"])
        if bench.name == "block_sum":  # an accumulator: the first launches' totals only
            same = all(
                np.allclose(results["ptx"][k], results["lto"][k], rtol=1e-5) for k in results["ptx"]
            )
        times: dict[str, list[float]] = {k: [] for k in launches}
        for _ in range(7):
            for route, launch in launches.items():
                launch()
                cuda.synchronize()
                t0 = time.perf_counter()
                for _ in range(20):
                    launch()
                cuda.synchronize()
                times[route].append((time.perf_counter() - t0) / 20 * 1e3)
        med = {k: statistics.median(v) for k, v in times.items()}
        print(
            f"{bench.name:18s} first call ptx {firsts['ptx']:6.1f} ms  lto {firsts['lto']:6.1f} ms"
            f" | launch ptx {med['ptx']:.4f} ms  lto {med['lto']:.4f} ms"
            f"  ptx/lto {med['ptx'] / med['lto']:.3f}  same results: {same}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
