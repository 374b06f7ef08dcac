"""The simulator benchmark: oxcuda's simulator vs numba-cuda's (NUMBA_ENABLE_CUDASIM=1) on the
same kernel source, in one run, on this machine's CPU.

    python bench/sim.py            # both (numba-cuda runs in a subprocess with its own env)
    python bench/sim.py --impl oxcuda

Kernels (issue 6): axpy on 2^14 elements, a tiled 16x16 matmul on 64x64, a block reduction with
syncthreads, a histogram with atomics. Each result is checked against NumPy; the time is the
median of several launches after one warm-up launch (which compiles).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def _time(fn, repeats: int) -> float:
    fn()  # warm-up: compiles
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(impl: str, repeats: int) -> dict[str, float]:
    sys.path.insert(0, HERE)
    import sim_kernels

    if impl == "oxcuda":
        import oxcuda

        oxcuda.config.TARGET = "sim"
        from oxcuda import cuda, float32
    else:
        np.row_stack = np.vstack  # numba-cuda 0.30.4 still uses the name numpy 2.5 removed
        from numba import cuda, float32
    sim_kernels.cuda = cuda
    sim_kernels.float32 = float32
    axpy, matmul, block_sum, histogram = sim_kernels.build()
    d = sim_kernels.inputs()
    n = d["x"].size
    x, y = cuda.to_device(d["x"]), cuda.to_device(d["y"])
    r = cuda.device_array_like(x)
    a, b = cuda.to_device(d["a"]), cuda.to_device(d["b"])
    c = cuda.device_array((64, 64), dtype=np.float32)
    sums = cuda.device_array(n // 256, dtype=np.float32)
    data = cuda.to_device(d["data"])
    bins = cuda.to_device(np.zeros(sim_kernels.BINS, dtype=np.int32))
    alpha = np.float32(2.0)

    results = {}
    results["axpy_2^14"] = _time(lambda: axpy[n // 256, 256](r, alpha, x, y), repeats)
    np.testing.assert_allclose(r.copy_to_host(), alpha * d["x"] + d["y"], rtol=1e-6)
    results["matmul_64"] = _time(lambda: matmul[(4, 4), (16, 16)](a, b, c), repeats)
    np.testing.assert_allclose(c.copy_to_host(), d["a"] @ d["b"], rtol=1e-4)
    results["block_sum_2^14"] = _time(lambda: block_sum[n // 256, 256](sums, x), repeats)
    np.testing.assert_allclose(sums.copy_to_host(), d["x"].reshape(-1, 256).sum(axis=1), rtol=1e-4)

    def hist():
        bins.copy_to_device(np.zeros(sim_kernels.BINS, dtype=np.int32))
        histogram[n // 256, 256](bins, data)

    results["histogram_2^14"] = _time(hist, repeats)
    expected = np.bincount(d["data"] % sim_kernels.BINS, minlength=sim_kernels.BINS)
    np.testing.assert_array_equal(bins.copy_to_host(), expected)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=["oxcuda", "numba", "both"], default="both")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", help="write the results here")
    args = parser.parse_args()
    if args.impl != "both":
        print(json.dumps(run(args.impl, args.repeats)))
        return
    ours = run("oxcuda", max(args.repeats, 5))
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run(
        [sys.executable, __file__, "--impl", "numba", "--repeats", str(args.repeats)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        print(f"numba-cuda's simulator did not run:\n{proc.stderr[-2000:]}")
        theirs = {}
    else:
        theirs = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"{'kernel':<18} {'oxcuda sim':>12} {'numba sim':>12} {'speed-up':>10}")
    for k, t in ours.items():
        other = theirs.get(k)
        ratio = f"{other / t:,.0f}x" if other else "-"
        other_text = f"{other * 1e3:,.1f} ms" if other else "-"
        print(f"{k:<18} {t * 1e3:>9.3f} ms {other_text:>12} {ratio:>10}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"oxcuda": ours, "numba": theirs}, f, indent=2)


if __name__ == "__main__":
    main()
