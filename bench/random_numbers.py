"""cuda.random side by side: oxcuda's xoroshiro128+ vs numba-cuda's and CuPy's cuRAND.

    python3 bench/random_numbers.py            # on the GPU machine: every implementation
    python3 bench/random_numbers.py --quick    # 10**7 normals, 10**5 / 10**6 states (smoke test)
    python3 bench/random_numbers.py --out DIR  # also write DIR/random.json (default: $OUT if set)

Two measurements, each implementation in its own process (``--impl NAME`` runs one):

- **Monte Carlo**: 10**8 float32 standard normals drawn in a kernel, 10**6 threads of 100
  draws each, every thread summing ``x * x`` into its own slot (E[x**2] = 1 is checked).
  oxcuda and numba-cuda run the same kernel text with their own ``xoroshiro128p_normal_float32``;
  CuPy generates ``cupy.random.standard_normal(10**8, dtype=float32)`` (cuRAND, the default
  XORWOW generator) and reduces ``(x * x)`` per row, which also writes the numbers to memory.
  Best of 5 after a warm-up, timed with CUDA events around the launch.
- **State creation**: ``create_xoroshiro128p_states(n, seed)`` for n = 10**6 and 10**7,
  synchronised, compile excluded (a warm-up creates a few states first). numba-cuda computes
  the states on the host one jump after another; oxcuda on the device, all at once. The two
  results are compared for n = 10**6 when both run (they must be equal).

Prints a table and one JSON line per implementation; a missing package is reported as skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

IMPLS = ("oxcuda", "numba-cuda", "cupy")
SEED = 12345


def _kernel(cuda, normal):
    @cuda.jit
    def monte_carlo(states, draws, out):
        i = cuda.grid(1)
        if i < states.shape[0]:
            acc = 0.0
            for _ in range(draws):
                x = normal(states, i)
                acc += x * x
            out[i] = acc

    return monte_carlo


def _events(cuda):
    return cuda.event(timing=True), cuda.event(timing=True)


def run_xoroshiro(impl: str, normals: int, state_counts: list[int]) -> dict:
    import numpy as np

    if impl == "oxcuda":
        import oxcuda
        from oxcuda import cuda
        from oxcuda.cuda import random as rnd

        oxcuda.config.TARGET = "gpu"
    else:
        np.row_stack = np.vstack  # numba-cuda 0.30.4 still uses the old name
        from numba import cuda
        from numba.cuda import random as rnd

    threads = 10**6 if normals >= 10**8 else normals // 100
    draws = normals // threads
    kernel = _kernel(cuda, rnd.xoroshiro128p_normal_float32)
    states = rnd.create_xoroshiro128p_states(threads, SEED)
    out = cuda.device_array(threads, dtype=np.float32)
    block = 256
    grid = (threads + block - 1) // block
    kernel[grid, block](states, draws, out)  # compile, warm up
    cuda.synchronize()
    best = float("inf")
    for _ in range(5):
        start, stop = _events(cuda)
        start.record()
        kernel[grid, block](states, draws, out)
        stop.record()
        stop.synchronize()
        best = min(best, cuda.event_elapsed_time(start, stop) / 1e3)
    mean_square = float(out.copy_to_host().astype(np.float64).sum()) / (threads * draws)
    result = {
        "impl": impl,
        "normals": threads * draws,
        "monte_carlo_s": best,
        "normals_per_s": threads * draws / best,
        "mean_square": mean_square,
        "states_s": {},
    }
    rnd.create_xoroshiro128p_states(1024, SEED)  # compile the creation kernel (oxcuda)
    cuda.synchronize()
    for n in state_counts:
        t0 = time.perf_counter()
        s = rnd.create_xoroshiro128p_states(n, SEED)
        cuda.synchronize()
        result["states_s"][str(n)] = time.perf_counter() - t0
        if n == state_counts[0]:
            host = s.copy_to_host()
            result["states_digest"] = int(np.bitwise_xor.reduce(host["s0"] ^ host["s1"]))
    return result


def run_cupy(normals: int) -> dict:
    import cupy as cp

    rows = 10**6 if normals >= 10**8 else normals // 100
    cols = normals // rows

    def once():
        x = cp.random.standard_normal((rows, cols), dtype=cp.float32)
        return (x * x).sum(axis=1)

    once()
    cp.cuda.Device().synchronize()
    best = float("inf")
    mean_square = 0.0
    for _ in range(5):
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        start.record()
        r = once()
        stop.record()
        stop.synchronize()
        best = min(best, cp.cuda.get_elapsed_time(start, stop) / 1e3)
        mean_square = float(r.sum()) / (rows * cols)
    return {
        "impl": "cupy",
        "normals": rows * cols,
        "monte_carlo_s": best,
        "normals_per_s": rows * cols / best,
        "mean_square": mean_square,
        "states_s": {},
    }


def child(impl: str, quick: bool) -> None:
    normals = 10**7 if quick else 10**8
    counts = [10**5, 10**6] if quick else [10**6, 10**7]
    try:
        if impl == "cupy":
            result = run_cupy(normals)
        else:
            result = run_xoroshiro(impl, normals, counts)
    except ImportError as e:
        result = {"impl": impl, "skipped": f"not installed: {e}"}
    print("RESULT " + json.dumps(result))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--impl", choices=IMPLS)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=os.environ.get("OUT"))
    args = ap.parse_args()
    if args.impl:
        child(args.impl, args.quick)
        return
    results = []
    for impl in IMPLS:
        cmd = [sys.executable, __file__, "--impl", impl] + (["--quick"] if args.quick else [])
        p = subprocess.run(cmd, capture_output=True, text=True, check=False)
        lines = [ln for ln in p.stdout.splitlines() if ln.startswith("RESULT ")]
        if p.returncode or not lines:
            results.append({"impl": impl, "skipped": (p.stderr or p.stdout)[-800:]})
        else:
            results.append(json.loads(lines[-1][len("RESULT ") :]))
        print(json.dumps(results[-1]), flush=True)
    print()
    print(
        "| implementation | normals/s (Monte Carlo, float32) | E[x²] "
        "| states 1st n (s) | states 2nd n (s) |"
    )
    print("|---|---|---|---|---|")
    for r in results:
        if "skipped" in r:
            print(f"| {r['impl']} | skipped | | | |")
            continue
        st = [*r["states_s"].values(), "—", "—"]
        fmt = [f"{v:.4f}" if isinstance(v, float) else v for v in st[:2]]
        rate, ms = r["normals_per_s"], r["mean_square"]
        print(f"| {r['impl']} | {rate:.3e} | {ms:.4f} | {fmt[0]} | {fmt[1]} |")
    digests = {r.get("states_digest") for r in results if "states_digest" in r}
    if len(digests) > 1:
        print("\nSTATES DIFFER between oxcuda and numba-cuda")
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "random.json"), "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
