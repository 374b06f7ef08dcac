"""GPU probe for issue 15's last goal: ``cuda.Reduce`` sum of 2^28 float32 ≥ ``cupy.sum``.

    python3 bench/probes/reduce_probe.py [--variants] [--dtypes float32,float64,int32]

Times, in one process and in turns with ``cupy.sum`` of the same data (so both see the same
machine state), the installed oxcuda's ``cuda.Reduce(lambda a, b: a + b)`` into ``res=`` for
each dtype, and with ``--variants`` a few first-stage strategies written as ordinary kernels
(each followed by the same one-block second pass), to choose the template's strategy:

* ``striped``: every thread adds ``arr[t], arr[t + T], …`` (T threads in all) in one loop
  that LLVM unrolls; the grid is k blocks of 256 threads per multiprocessor;
* ``peeled``: ``striped`` without the identity: each thread starts from its own first element
  ``arr[t]`` (a grid of at most one thread per element), as a ``Reduce`` of any function can;
* ``onepass``: ``peeled`` whose last block to finish (a counter bumped by one atomic per block
  after a fence) folds the per-block values itself, so no second kernel is launched;
* ``tiles``: CUB's even share: block b owns one contiguous run of tiles of 256 x 8 elements,
  each thread reads eight elements 256 apart per tile (eight loads in flight), then the
  partial tile.

Every result is checked against NumPy's float64 sum (relative error printed). Times are ms
per reduction: a loop of 10 back-to-back reductions and one synchronisation, 7 turns,
medians; ``cupy/x`` above 1 means x is faster than CuPy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

N = 1 << 28
THREADS = 256
ITEMS = 8


def variants(cuda: Any, np: Any) -> dict[str, Any]:
    """The first-stage variants (float32), the shared second pass and the block fold
    (``block_sum``, a device function; bench/probes/reduce_shapes.py builds on both)."""
    f32 = np.float32

    @cuda.jit(device=True)
    def block_sum(acc):
        warps = cuda.shared.array(32, np.float32)
        lane = cuda.threadIdx.x % 32
        warp = cuda.threadIdx.x // 32
        width = 16
        while width > 0:
            acc += cuda.shfl_down_sync(0xFFFFFFFF, acc, width)
            width //= 2
        if lane == 0:
            warps[warp] = acc
        cuda.syncthreads()
        if cuda.threadIdx.x == 0:
            for k in range(1, cuda.blockDim.x // 32):
                acc += warps[k]
        return acc

    @cuda.jit
    def striped(arr, partials):
        acc = f32(0.0)
        i = cuda.grid(1)
        step = cuda.gridsize(1)
        while i < arr.size:
            acc += arr[i]
            i += step
        acc = block_sum(acc)
        if cuda.threadIdx.x == 0:
            partials[cuda.blockIdx.x] = acc

    @cuda.jit
    def peeled(arr, partials):
        i = cuda.grid(1)
        step = cuda.gridsize(1)
        acc = arr[i]
        i += step
        while i < arr.size:
            acc += arr[i]
            i += step
        acc = block_sum(acc)
        if cuda.threadIdx.x == 0:
            partials[cuda.blockIdx.x] = acc

    @cuda.jit
    def onepass(arr, partials, done, out):
        i = cuda.grid(1)
        step = cuda.gridsize(1)
        acc = arr[i]
        i += step
        while i < arr.size:
            acc += arr[i]
            i += step
        acc = block_sum(acc)
        last = cuda.shared.array(1, np.int32)
        if cuda.threadIdx.x == 0:
            partials[cuda.blockIdx.x] = acc
            cuda.threadfence()
            ticket = cuda.atomic.add(done, 0, 1)
            last[0] = 1 if ticket == cuda.gridDim.x - 1 else 0
        cuda.syncthreads()
        if last[0] == 1:
            cuda.threadfence()
            acc = f32(0.0)
            k = cuda.threadIdx.x
            while k < partials.size:
                acc += partials[k]
                k += THREADS
            acc = block_sum(acc)
            if cuda.threadIdx.x == 0:
                out[0] = acc
                done[0] = 0

    @cuda.jit
    def tiles(arr, partials):
        n = arr.size
        tile = THREADS * ITEMS
        full = n // tile
        per_block = (full + cuda.gridDim.x - 1) // cuda.gridDim.x
        first = cuda.blockIdx.x * per_block
        last = min(first + per_block, full)
        tid = cuda.threadIdx.x
        acc = f32(0.0)
        b = first
        while b < last:
            base = b * tile + tid
            x0 = arr[base]
            x1 = arr[base + THREADS]
            x2 = arr[base + 2 * THREADS]
            x3 = arr[base + 3 * THREADS]
            x4 = arr[base + 4 * THREADS]
            x5 = arr[base + 5 * THREADS]
            x6 = arr[base + 6 * THREADS]
            x7 = arr[base + 7 * THREADS]
            acc += ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7))
            b += 1
        if cuda.blockIdx.x == cuda.gridDim.x - 1:
            i = full * tile + tid
            while i < n:
                acc += arr[i]
                i += THREADS
        acc = block_sum(acc)
        if tid == 0:
            partials[cuda.blockIdx.x] = acc

    @cuda.jit
    def final(partials, out):
        acc = f32(0.0)
        i = cuda.threadIdx.x
        while i < partials.size:
            acc += partials[i]
            i += THREADS
        acc = block_sum(acc)
        if cuda.threadIdx.x == 0:
            out[0] = acc

    return {
        "striped": striped,
        "peeled": peeled,
        "onepass": onepass,
        "tiles": tiles,
        "final": final,
        "block_sum": block_sum,
    }


def turns(loops: dict[str, Any], sync: Any, n: int = 10, repeats: int = 7) -> dict[str, float]:
    """ms per iteration of each loop (median over turns)."""
    runs: dict[str, list[float]] = {k: [] for k in loops}
    for loop in loops.values():
        loop(2)
    sync()
    for _ in range(repeats):
        for name, loop in loops.items():
            t0 = time.perf_counter_ns()
            loop(n)
            sync()
            runs[name].append((time.perf_counter_ns() - t0) / n / 1e6)
    return {k: statistics.median(v) for k, v in runs.items()}


def host_cost(cuda: Any, cp: Any, np: Any, reduction: Any, sync: Any, label: str) -> None:
    """µs per call of a sum of 4096 float32 (the GPU's work is a few µs, so the host's cost
    shows): Reduce into ``res=``, ``cupy.sum``, and one empty kernel launch for scale."""
    host = np.random.default_rng().random(4096, dtype=np.float32)
    d = cuda.to_device(host)
    c = cp.asarray(host)
    r = cuda.device_array(1, np.float32)

    @cuda.jit
    def empty(a):
        pass

    calls = {
        "Reduce(res=)": lambda: reduction(d, res=r),
        "cupy.sum": c.sum,
        "empty launch": lambda: empty[1, 32](d),
    }
    for name, call in calls.items():
        for _ in range(200):
            call()
        sync()
        runs = []
        for _ in range(5):
            t0 = time.perf_counter_ns()
            for _ in range(2000):
                call()
            sync()
            runs.append((time.perf_counter_ns() - t0) / 2000 / 1e3)
        print(f"{label} host {name:14s} {statistics.median(runs):.2f} us/call", flush=True)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", action="store_true")
    ap.add_argument("--dtypes", default="float32,float64,int32")
    ap.add_argument("--label", default="")
    ap.add_argument("--grids", default="8,16", help="Reduce.max_blocks per SM to try too")
    ap.add_argument("--variant-grids", default="4,8,16", help="blocks per SM of the variants")
    ap.add_argument("--turns", type=int, default=7)
    ap.add_argument("--host", action="store_true", help="time the host cost of a small call")
    opts = ap.parse_args()
    opts.grids = [int(g) for g in opts.grids.split(",") if g]
    opts.variant_grids = [int(g) for g in opts.variant_grids.split(",") if g]
    import cupy as cp
    import numpy as np
    from oxcuda import cuda

    rng = np.random.default_rng()
    sms = cuda.get_current_device().MULTIPROCESSOR_COUNT

    def sync() -> None:
        cuda.synchronize()
        cp.cuda.runtime.deviceSynchronize()

    reduction = cuda.Reduce(lambda a, b: a + b)
    if opts.host:
        host_cost(cuda, cp, np, reduction, sync, opts.label)
    for name in opts.dtypes.split(","):
        dtype = np.dtype(name)
        n = N if dtype.itemsize <= 4 else N // 2
        if dtype.kind == "f":
            host = rng.random(n, dtype=np.float64).astype(dtype)
        else:
            host = rng.integers(0, 8, n).astype(dtype)
        want = float(host.astype(np.float64).sum())
        d = cuda.to_device(host)
        c = cp.asarray(host)
        r = cuda.device_array(1, dtype)

        def ours(k: int, d=d, r=r) -> None:
            for _ in range(k):
                reduction(d, res=r)

        def theirs(k: int, c=c) -> None:
            for _ in range(k):
                c.sum()

        t = turns({"oxcuda": ours, "cupy": theirs}, sync)
        got = float(r.copy_to_host()[0])
        gb = host.nbytes / t["oxcuda"] / 1e6
        ratio = t["cupy"] / t["oxcuda"]
        print(
            f"{opts.label} Reduce {name:8s} n=2^{n.bit_length() - 1}: oxcuda {t['oxcuda']:.4f} ms"
            f" ({gb:.0f} GB/s)  cupy.sum {t['cupy']:.4f} ms  cupy/oxcuda {ratio:.3f}"
            f"  rel.err {abs(got - want) / max(abs(want), 1):.1e}",
            flush=True,
        )
        del d, c, r
    if not opts.variants:
        return 0
    ks = variants(cuda, np)
    host = rng.random(N, dtype=np.float32)
    want = float(host.astype(np.float64).sum())
    d = cuda.to_device(host)
    c = cp.asarray(host)
    out = cuda.device_array(1, np.float32)
    loops: dict[str, Any] = {}

    def theirs(k: int) -> None:
        for _ in range(k):
            c.sum()

    loops["cupy"] = theirs

    def ours(k: int) -> None:
        for _ in range(k):
            reduction(d, res=out)

    loops["Reduce"] = ours
    checks: dict[str, Any] = {}
    for per_sm in opts.grids:  # the installed Reduce with another first-stage grid
        other = cuda.Reduce(lambda a, b: a + b)
        other.max_blocks = per_sm * sms

        def grid_loop(k: int, other=other) -> None:
            for _ in range(k):
                other(d, res=out)

        loops[f"Reduce/{per_sm}"] = grid_loop
    done = cuda.to_device(np.zeros(1, np.int32))
    for kind in ("striped", "peeled", "onepass", "tiles"):
        for per_sm in opts.variant_grids:
            blocks = per_sm * sms
            partials = cuda.device_array(blocks, np.float32)
            stage = ks[kind][blocks, THREADS]
            fin = ks["final"][1, THREADS]

            def loop(k: int, stage=stage, fin=fin, partials=partials, kind=kind) -> None:
                for _ in range(k):
                    if kind == "onepass":
                        stage(d, partials, done, out)
                    else:
                        stage(d, partials)
                        fin(partials, out)

            loop(1)
            cuda.synchronize()
            checks[f"{kind}/{per_sm}"] = float(out.copy_to_host()[0])
            loops[f"{kind}/{per_sm}"] = loop
    t = turns(loops, sync, repeats=opts.turns)
    for name, ms in t.items():
        err = "" if name not in checks else f"  rel.err {abs(checks[name] - want) / want:.1e}"
        print(
            f"{opts.label} variant {name:12s} {ms:.4f} ms ({host.nbytes / ms / 1e6:.0f} GB/s)"
            f"  cupy/x {t['cupy'] / ms:.3f}{err}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
