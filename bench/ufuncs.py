"""GPU ufuncs and reductions side by side: oxcuda, numba-cuda and CuPy (issue 15).

    python3 bench/ufuncs.py                  # on the GPU machine: every implementation, a table
    python3 bench/ufuncs.py --impl oxcuda    # one implementation's JSON (what the table runs)
    python3 bench/ufuncs.py --dispatch-only  # no GPU: oxcuda's dispatch logic alone (see below)

Cases, each implementation in its own process (``_common``), float32, the formula
``x * y + x`` everywhere:

* **dispatch** — a call on 1,000 elements of device arrays, back to back, one synchronisation
  at the end (µs per call): oxcuda's ``vectorize`` with and without ``out=``, the equivalent
  hand-written ``@cuda.jit`` kernel (``k[4, 256](out, x, y)``, with and without allocating
  ``out`` each call), numba-cuda's ``vectorize(target="cuda")``, CuPy's ``ElementwiseKernel``;
* **throughput** — the same calls on 2^26 elements with ``out=`` (ms per call, GB/s moved);
* **reduce** — a sum of 2^28 float32: oxcuda's and numba-cuda's ``Reduce`` (into ``res=``, so
  no copy to the host), CuPy's ``sum``.

The table gives the issue's ratios: oxcuda vectorize / hand-written launch (goal ≤ 2), numba /
oxcuda dispatch (≥ 10), hand-written / vectorize throughput (≥ 0.95), vectorize / CuPy
``ElementwiseKernel`` throughput (≥ 1), oxcuda ``Reduce`` / CuPy ``sum`` throughput (≥ 1) and
numba / oxcuda ``Reduce`` time (≥ 5).

``--dispatch-only`` needs no GPU: on the host backend it replaces the configured launch of the
ufunc's hot path by a no-op and times what is left — the work a ``vectorize`` call does before
the launch a hand-written kernel also makes (µs per call, with and without allocating the
output) — next to the hand-written kernel's own ``k[4, 256]`` look-up, so the dispatch logic
can be measured on any machine.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

import _common

HERE = os.path.dirname(os.path.abspath(__file__))
DISPATCH_N = 1000
THROUGHPUT_N = 1 << 26
REDUCE_N = 1 << 28


def _timed(loop, sync, n: int, repeats: int, budget: float) -> float:
    return _common.time_loop(loop, sync, n, repeats, budget, min_n=5)["median_us"]


def run_oxcuda(opts: argparse.Namespace) -> dict[str, Any]:
    import numpy as np
    from oxcuda import cuda

    @cuda.vectorize(["float32(float32, float32)"])
    def fma(x, y):
        return x * y + x

    @cuda.jit
    def fma_kernel(out, x, y):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = x[i] * y[i] + x[i]

    sum_reduce = cuda.Reduce(lambda a, b: a + b)
    sync = cuda.synchronize
    res: dict[str, Any] = {}
    rng = np.random.default_rng()
    x = cuda.to_device(rng.random(DISPATCH_N, dtype=np.float32))
    y = cuda.to_device(rng.random(DISPATCH_N, dtype=np.float32))
    out = cuda.device_array(DISPATCH_N, np.float32)
    blocks = (DISPATCH_N + 255) // 256
    launch = fma_kernel[blocks, 256]

    def vec(n):
        for _ in range(n):
            fma(x, y)

    def vec_out(n):
        for _ in range(n):
            fma(x, y, out=out)

    def hand(n):
        for _ in range(n):
            launch(out, x, y)

    def hand_alloc(n):
        for _ in range(n):
            o = cuda.device_array(DISPATCH_N, np.float32)
            fma_kernel[blocks, 256](o, x, y)

    loops = {"vectorize": vec, "vectorize_out": vec_out, "handwritten": hand}
    loops["handwritten_alloc"] = hand_alloc
    for name, loop in loops.items():
        res[f"dispatch/{name}"] = _timed(loop, sync, opts.n, opts.repeats, opts.budget)
    turns = _common.time_interleaved({"hand": hand, "vec_out": vec_out}, sync, opts.n, 5)
    res["dispatch/ratio_out_in_turns"] = turns["ratio"]
    turns = _common.time_interleaved({"hand": hand_alloc, "vec": vec}, sync, opts.n, 5)
    res["dispatch/ratio_alloc_in_turns"] = turns["ratio"]
    hx, hy = x.copy_to_host(), y.copy_to_host()
    np.testing.assert_allclose(out.copy_to_host(), hx * hy + hx, rtol=1e-6)
    # throughput
    bx = cuda.to_device(rng.random(THROUGHPUT_N, dtype=np.float32))
    by = cuda.to_device(rng.random(THROUGHPUT_N, dtype=np.float32))
    bout = cuda.device_array(THROUGHPUT_N, np.float32)
    big = fma_kernel[(THROUGHPUT_N + 255) // 256, 256]

    def tvec(n):
        for _ in range(n):
            fma(bx, by, out=bout)

    def thand(n):
        for _ in range(n):
            big(bout, bx, by)

    turns = _common.time_interleaved({"hand": thand, "vec": tvec}, sync, 50, opts.repeats)
    res["throughput/vectorize_ms"] = turns["vec"]["median_us"] / 1e3
    res["throughput/handwritten_ms"] = turns["hand"]["median_us"] / 1e3
    bx = by = bout = None  # free the device memory before the reduction's 1 GiB
    # reduce
    data = rng.random(REDUCE_N, dtype=np.float32)
    d = cuda.to_device(data)
    r = cuda.device_array(1, np.float32)

    def red(n):
        for _ in range(n):
            sum_reduce(d, res=r)

    res["reduce/oxcuda_ms"] = _timed(red, sync, 20, opts.repeats, opts.budget) / 1e3
    got, want = float(r.copy_to_host()[0]), float(data.astype(np.float64).sum())
    res["reduce/relative_error"] = abs(got - want) / want
    return res


def run_numba(opts: argparse.Namespace) -> dict[str, Any]:
    import numpy as np

    cuda = _common.import_cuda("numba")

    @cuda.vectorize(["float32(float32, float32)"])
    def fma(x, y):
        return x * y + x

    sum_reduce = cuda.Reduce(lambda a, b: a + b)
    sync = cuda.synchronize
    rng = np.random.default_rng()
    res: dict[str, Any] = {}
    x = cuda.to_device(rng.random(DISPATCH_N, dtype=np.float32))
    y = cuda.to_device(rng.random(DISPATCH_N, dtype=np.float32))
    out = cuda.device_array(DISPATCH_N, np.float32)

    def vec(n):
        for _ in range(n):
            fma(x, y)

    def vec_out(n):
        for _ in range(n):
            fma(x, y, out=out)

    res["dispatch/vectorize"] = _timed(vec, sync, opts.n // 10, opts.repeats, opts.budget)
    res["dispatch/vectorize_out"] = _timed(vec_out, sync, opts.n // 10, opts.repeats, opts.budget)
    bx = cuda.to_device(rng.random(THROUGHPUT_N, dtype=np.float32))
    by = cuda.to_device(rng.random(THROUGHPUT_N, dtype=np.float32))
    bout = cuda.device_array(THROUGHPUT_N, np.float32)

    def tvec(n):
        for _ in range(n):
            fma(bx, by, out=bout)

    res["throughput/vectorize_ms"] = _timed(tvec, sync, 50, opts.repeats, opts.budget) / 1e3
    bx = by = bout = None  # free the device memory before the reduction's 1 GiB
    d = cuda.to_device(rng.random(REDUCE_N, dtype=np.float32))
    r = cuda.device_array(1, np.float32)

    def red(n):
        for _ in range(n):
            sum_reduce(d, res=r)

    res["reduce/numba_ms"] = _timed(red, sync, 5, opts.repeats, opts.budget) / 1e3
    return res


def run_cupy(opts: argparse.Namespace) -> dict[str, Any]:
    import cupy as cp
    import numpy as np

    fma = cp.ElementwiseKernel(
        "float32 x, float32 y", "float32 z", "z = x * y + x", "oxcuda_bench_fma"
    )  # not "fma": CUDA has a function of that name

    def sync():
        cp.cuda.runtime.deviceSynchronize()

    rng = np.random.default_rng()
    res: dict[str, Any] = {}
    x = cp.asarray(rng.random(DISPATCH_N, dtype=np.float32))
    y = cp.asarray(rng.random(DISPATCH_N, dtype=np.float32))
    out = cp.empty(DISPATCH_N, cp.float32)

    def vec(n):
        for _ in range(n):
            fma(x, y)

    def vec_out(n):
        for _ in range(n):
            fma(x, y, out)

    res["dispatch/elementwise"] = _timed(vec, sync, opts.n, opts.repeats, opts.budget)
    res["dispatch/elementwise_out"] = _timed(vec_out, sync, opts.n, opts.repeats, opts.budget)
    bx = cp.asarray(rng.random(THROUGHPUT_N, dtype=np.float32))
    by = cp.asarray(rng.random(THROUGHPUT_N, dtype=np.float32))
    bout = cp.empty(THROUGHPUT_N, cp.float32)

    def tvec(n):
        for _ in range(n):
            fma(bx, by, bout)

    res["throughput/elementwise_ms"] = _timed(tvec, sync, 50, opts.repeats, opts.budget) / 1e3
    bx = by = bout = None  # free the device memory before the reduction's 1 GiB
    d = cp.asarray(rng.random(REDUCE_N, dtype=np.float32))

    def red(n):
        for _ in range(n):
            d.sum()

    res["reduce/cupy_sum_ms"] = _timed(red, sync, 20, opts.repeats, opts.budget) / 1e3
    return res


def dispatch_only(opts: argparse.Namespace) -> dict[str, Any]:
    """oxcuda's dispatch with the launches replaced by no-ops, on the host backend."""
    import oxcuda

    oxcuda.config.TARGET = "sim"
    import numpy as np
    from oxcuda import cuda

    @cuda.vectorize(["float32(float32, float32)"])
    def fma(x, y):
        return x * y + x

    x = cuda.to_device(np.ones(DISPATCH_N, np.float32))
    y = cuda.to_device(np.ones(DISPATCH_N, np.float32))
    out = cuda.device_array(DISPATCH_N, np.float32)
    fma(x, y)
    fma(x, y)  # the second call takes the hot path, which makes its configured launch
    (launcher,) = fma._hot.values()

    def noop(*args):
        return None

    for key in list(launcher.configs):
        launcher.configs[key] = noop

    @cuda.jit
    def fma_kernel(out, x, y):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = x[i] * y[i] + x[i]

    cases = {
        "vectorize, no launch (allocates out)": lambda: fma(x, y),
        "vectorize out=, no launch": lambda: fma(x, y, out=out),
        "allocation alone": lambda: cuda.device_array(DISPATCH_N, np.float32),
        "hand-written k[4, 256] look-up": lambda: fma_kernel[4, 256],
    }
    # Many short runs, the fastest kept: on a shared machine, preemption only adds time.
    res = {}
    runs: dict[str, list[float]] = {name: [] for name in cases}
    calls = max(1, opts.n // 100)
    for _ in range(100 * opts.repeats):
        for name, call in cases.items():
            t0 = time.perf_counter_ns()
            for _ in range(calls):
                call()
            runs[name].append((time.perf_counter_ns() - t0) / calls / 1e3)
    for name in cases:
        res[name] = min(runs[name])
    return res


def print_table(suite: dict[str, Any]) -> None:
    ox, nb, cp = (suite.get(k) or {} for k in ("oxcuda", "numba", "cupy"))

    def ratio(a: Any, b: Any) -> str:
        return f"{a / b:.2f}" if isinstance(a, float) and isinstance(b, float) and b else "-"

    def fmt(v: Any, unit: str) -> str:
        return f"{v:.2f} {unit}" if isinstance(v, float) else "-"

    rows = [
        ("dispatch, vectorize (µs)", ox.get("dispatch/vectorize"), "µs"),
        ("dispatch, vectorize out= (µs)", ox.get("dispatch/vectorize_out"), "µs"),
        ("dispatch, hand-written (µs)", ox.get("dispatch/handwritten"), "µs"),
        ("dispatch, hand-written + alloc (µs)", ox.get("dispatch/handwritten_alloc"), "µs"),
        ("dispatch, numba vectorize (µs)", nb.get("dispatch/vectorize"), "µs"),
        ("dispatch, CuPy ElementwiseKernel (µs)", cp.get("dispatch/elementwise"), "µs"),
        ("throughput 2^26, vectorize (ms)", ox.get("throughput/vectorize_ms"), "ms"),
        ("throughput 2^26, hand-written (ms)", ox.get("throughput/handwritten_ms"), "ms"),
        ("throughput 2^26, numba vectorize (ms)", nb.get("throughput/vectorize_ms"), "ms"),
        ("throughput 2^26, CuPy (ms)", cp.get("throughput/elementwise_ms"), "ms"),
        ("Reduce 2^28, oxcuda (ms)", ox.get("reduce/oxcuda_ms"), "ms"),
        ("Reduce 2^28, numba (ms)", nb.get("reduce/numba_ms"), "ms"),
        ("sum 2^28, CuPy (ms)", cp.get("reduce/cupy_sum_ms"), "ms"),
    ]
    for label, value, unit in rows:
        print(f"  {label:42s} {fmt(value, unit)}")
    gb = 3 * 4 * THROUGHPUT_N / 1e9
    if isinstance(ox.get("throughput/vectorize_ms"), float):
        print(f"  vectorize bandwidth: {gb / (ox['throughput/vectorize_ms'] / 1e3):.0f} GB/s")
    if isinstance(ox.get("reduce/oxcuda_ms"), float):
        rgb = 4 * REDUCE_N / 1e9
        print(f"  Reduce bandwidth:    {rgb / (ox['reduce/oxcuda_ms'] / 1e3):.0f} GB/s")
    print("ratios (goal):")
    checks = [
        (
            "vectorize out= / hand-written, in turns (≤ 2)",
            f"{ox['dispatch/ratio_out_in_turns']:.2f}"
            if "dispatch/ratio_out_in_turns" in ox
            else "-",
        ),
        (
            "vectorize / (alloc + hand-written), in turns (≤ 2)",
            f"{ox['dispatch/ratio_alloc_in_turns']:.2f}"
            if "dispatch/ratio_alloc_in_turns" in ox
            else "-",
        ),
        (
            "vectorize / hand-written without alloc (≤ 2)",
            ratio(ox.get("dispatch/vectorize"), ox.get("dispatch/handwritten")),
        ),
        (
            "numba / oxcuda vectorize dispatch (≥ 10)",
            ratio(nb.get("dispatch/vectorize"), ox.get("dispatch/vectorize")),
        ),
        (
            "hand-written / vectorize throughput (≥ 0.95)",
            ratio(ox.get("throughput/handwritten_ms"), ox.get("throughput/vectorize_ms")),
        ),
        (
            "CuPy / oxcuda throughput time (≥ 1)",
            ratio(cp.get("throughput/elementwise_ms"), ox.get("throughput/vectorize_ms")),
        ),
        (
            "CuPy sum / oxcuda Reduce time (≥ 1)",
            ratio(cp.get("reduce/cupy_sum_ms"), ox.get("reduce/oxcuda_ms")),
        ),
        (
            "numba / oxcuda Reduce time (≥ 5)",
            ratio(nb.get("reduce/numba_ms"), ox.get("reduce/oxcuda_ms")),
        ),
    ]
    for label, value in checks:
        print(f"  {label:52s} {value}")


RUNNERS = {"oxcuda": run_oxcuda, "numba": run_numba, "cupy": run_cupy}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=sorted(RUNNERS), help="run one implementation")
    parser.add_argument("--dispatch-only", action="store_true", help="no GPU: see the module")
    parser.add_argument("--n", type=int, default=20000, help="calls per timed dispatch run")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per timed run")
    parser.add_argument("--json", default=None, help="write the results here")
    opts = parser.parse_args(argv)
    if opts.dispatch_only:
        res = dispatch_only(opts)
        for name, us in res.items():
            print(f"  {name:32s} {us:7.3f} µs per call")
        if opts.json:
            _common.write_json(res, opts.json)
        return 0
    if opts.impl:
        if opts.impl == "oxcuda":
            _common.pin_to_one_cpu()
        _common.write_json(RUNNERS[opts.impl](opts), opts.json)
        return 0
    suite: dict[str, Any] = {}
    for impl in RUNNERS:
        cmd = [sys.executable, os.path.abspath(__file__), "--impl", impl, "--json", "-"]
        cmd += ["--n", str(opts.n), "--repeats", str(opts.repeats), "--budget", str(opts.budget)]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
        if done.returncode != 0:
            tail = (done.stderr or "").strip().splitlines()[-1:] or ["failed"]
            suite[impl] = {"skipped": tail[0]}
            print(f"{impl}: skipped ({tail[0]})", file=sys.stderr)
            continue
        suite[impl] = json.loads(done.stdout)
    print_table(suite)
    if opts.json:
        _common.write_json(suite, opts.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
