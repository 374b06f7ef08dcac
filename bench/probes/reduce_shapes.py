"""Probe: where ``cuda.Reduce``'s time goes for a 2^28 float32 sum, against ``cupy.sum`` in
turns in one process (issue 15: Reduce >= CuPy's sum).

    python3 bench/probes/reduce_shapes.py [--turns 9]

Variants, each a whole reduction (every result checked against NumPy's float64 sum):

* ``Reduce's kernel`` / ``kernel stream 0``: the installed ``Reduce``'s vector-load stage
  launched directly on kept arrays (without and with an explicit stream 0);
* ``Reduce._run``: the same through ``Reduce._run`` (the grid, the kept buffers, the launch),
  and ``Reduce``: the whole call (argument checks, ``init``, ``res``);
* ``wave+final`` / ``wave+ticket`` / ``peeled+final``: the same loop written as plain kernels
  on one wave of 8 blocks per multiprocessor: per-block values folded by a second one-block
  kernel, or by the last block by ticket; ``peeled`` starts from each thread's own group;
* ``chunk+final`` / ``chunk+ticket``: CUB's even share: block b reads one contiguous run of
  16-byte groups (its threads 256 groups apart inside it).

The loops of ``wave+ticket`` and the ``chunk`` variants sit in device functions, where libNVVM
reads each group with four scalar loads instead of one vector load (see ``wave_sum``).

First the host time per call with the launches queued (200 calls, then one synchronisation);
then ms per reduction: 20 back-to-back reductions and one synchronisation, turns with CuPy
(``_common.time_interleaved``), medians; ``CuPy/x`` above 1: x is faster than CuPy.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

import _common
import reduce_probe

N = 1 << 28
THREADS = 256


def kernels(cuda: Any, np: Any) -> dict[str, Any]:
    """The plain-kernel variants (float32, 16-byte groups read with one vector load)."""
    f32 = np.float32

    shared = reduce_probe.variants(cuda, np)
    block_sum, final = shared["block_sum"], shared["final"]

    @cuda.jit(device=True)
    def finish_ticket(acc, partials, done, out):
        acc = block_sum(acc)
        last = cuda.shared.array(1, np.int32)
        if cuda.threadIdx.x == 0:
            partials[cuda.blockIdx.x] = acc
            cuda.threadfence()
            ticket = cuda.atomic.inc(done, 0, cuda.gridDim.x - 1)
            cuda.threadfence()
            last[0] = 1 if ticket == cuda.gridDim.x - 1 else 0
        cuda.syncthreads()
        if last[0] == 1:
            total = f32(0.0)
            k = cuda.threadIdx.x
            while k < cuda.gridDim.x:
                total += partials[k]
                k += THREADS
            total = block_sum(total)
            if cuda.threadIdx.x == 0:
                out[0] = total

    @cuda.jit(launch_bounds=(THREADS, 8))
    def wave(arr, partials):
        cuda.assume_aligned(arr, 16)
        groups = arr.size // 4
        g = cuda.grid(1)
        step = cuda.gridsize(1)
        acc = f32(0.0)
        while g < groups:
            i = 4 * g
            acc += (arr[i] + arr[i + 1]) + (arr[i + 2] + arr[i + 3])
            g += step
        acc = block_sum(acc)
        if cuda.threadIdx.x == 0:
            partials[cuda.blockIdx.x] = acc

    # wave's loop in a device function (shared by the ticket variants). Measured in its PTX:
    # there libNVVM loses the alignment proof and reads four scalar loads per group, not one
    # vector load (templates.py says why), so wave and wave_ticket differ in that too.
    @cuda.jit(device=True)
    def wave_sum(arr):
        cuda.assume_aligned(arr, 16)
        groups = arr.size // 4
        g = cuda.grid(1)
        step = cuda.gridsize(1)
        acc = f32(0.0)
        while g < groups:
            i = 4 * g
            acc += (arr[i] + arr[i + 1]) + (arr[i + 2] + arr[i + 3])
            g += step
        return acc

    @cuda.jit(launch_bounds=(THREADS, 8))
    def wave_ticket(arr, partials, done, out):
        finish_ticket(wave_sum(arr), partials, done, out)

    @cuda.jit(launch_bounds=(THREADS, 8))
    def peeled(arr, partials):
        cuda.assume_aligned(arr, 16)
        groups = arr.size // 4
        t = cuda.grid(1)
        step = cuda.gridsize(1)
        i = 4 * t
        acc = (arr[i] + arr[i + 1]) + (arr[i + 2] + arr[i + 3])
        g = t + step
        while g < groups:
            i = 4 * g
            acc += (arr[i] + arr[i + 1]) + (arr[i + 2] + arr[i + 3])
            g += step
        acc = block_sum(acc)
        if cuda.threadIdx.x == 0:
            partials[cuda.blockIdx.x] = acc

    @cuda.jit(device=True)
    def chunk_sum(arr):
        cuda.assume_aligned(arr, 16)
        groups = arr.size // 4
        per_block = (groups + cuda.gridDim.x - 1) // cuda.gridDim.x
        first = cuda.blockIdx.x * per_block
        end = min(first + per_block, groups)
        acc = f32(0.0)
        g = first + cuda.threadIdx.x
        while g < end:
            i = 4 * g
            acc += (arr[i] + arr[i + 1]) + (arr[i + 2] + arr[i + 3])
            g += THREADS
        return acc

    @cuda.jit(launch_bounds=(THREADS, 8))
    def chunk(arr, partials):
        acc = block_sum(chunk_sum(arr))
        if cuda.threadIdx.x == 0:
            partials[cuda.blockIdx.x] = acc

    @cuda.jit(launch_bounds=(THREADS, 8))
    def chunk_ticket(arr, partials, done, out):
        finish_ticket(chunk_sum(arr), partials, done, out)

    return {
        "wave": wave,
        "wave_ticket": wave_ticket,
        "peeled": peeled,
        "chunk": chunk,
        "chunk_ticket": chunk_ticket,
        "final": final,
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=9)
    args = ap.parse_args()
    import cupy as cp
    import numpy as np
    from oxcuda import cuda

    rng = np.random.default_rng()
    data = rng.random(N, dtype=np.float32)
    want = float(data.astype(np.float64).sum())
    d = cuda.to_device(data)
    r = cuda.device_array(1, np.float32)
    c = cp.asarray(data)
    sms = cuda.get_current_device().MULTIPROCESSOR_COUNT
    k = kernels(cuda, np)
    blocks = 8 * sms
    partials = cuda.device_array(blocks, np.float32)
    done = cuda.to_device(np.zeros(1, np.uint32))

    def sync() -> None:
        cuda.synchronize()
        cp.cuda.runtime.deviceSynchronize()

    def theirs(n: int) -> None:
        for _ in range(n):
            c.sum()

    def reduce_loop(red: Any) -> Any:
        def loop(n: int) -> None:
            for _ in range(n):
                red(d, res=r)

        return loop

    def two_launch(stage: Any) -> Any:
        def loop(n: int) -> None:
            for _ in range(n):
                stage[blocks, THREADS](d, partials)
                k["final"][1, THREADS](partials, r)

        return loop

    def ticket(stage: Any) -> Any:
        def loop(n: int) -> None:
            for _ in range(n):
                stage[blocks, THREADS](d, partials, done, r)

        return loop

    direct = cuda.Reduce(lambda a, b: a + b)
    direct(d, res=r)
    grouped = direct._compile(np.dtype(np.float32)).grouped
    counter = cuda.to_device(np.zeros(1, np.uint32))
    zero = np.float32(0)

    def direct_loop(n: int) -> None:
        for _ in range(n):
            grouped[blocks, THREADS](d, partials, r, counter, zero, False)

    def direct_stream0(n: int) -> None:
        for _ in range(n):
            grouped[blocks, THREADS, 0](d, partials, r, counter, zero, False)

    from oxcuda.cuda.ufunc import stream_buffers

    kept = stream_buffers.for_stream(0)
    kept_values = kept.values(np.dtype(np.float32), blocks, 0)

    def direct_kept(n: int) -> None:
        for _ in range(n):
            grouped[blocks, THREADS, 0](d, kept_values, r, kept.counter, zero, False)

    def direct_kept_init(n: int) -> None:
        for _ in range(n):
            grouped[blocks, THREADS, 0](d, kept_values, r, kept.counter, zero, True)

    def run_loop(n: int) -> None:
        for _ in range(n):
            direct._run(d, r, zero, True, 0)

    def host_us(loop: Any, n: int = 200) -> float:
        sync()
        t0 = time.perf_counter_ns()
        loop(n)
        t1 = time.perf_counter_ns()
        sync()
        return (t1 - t0) / n / 1e3

    variants: list[tuple[str, Any]] = [
        ("Reduce's kernel", direct_loop),
        ("kernel stream 0", direct_stream0),
        ("kernel, Reduce's buffers", direct_kept),
        ("kernel, buffers, init", direct_kept_init),
        ("Reduce._run", run_loop),
        ("Reduce", reduce_loop(cuda.Reduce(lambda a, b: a + b))),
        ("wave+final", two_launch(k["wave"])),
        ("wave+ticket", ticket(k["wave_ticket"])),
        ("peeled+final", two_launch(k["peeled"])),
        ("chunk+final", two_launch(k["chunk"])),
        ("chunk+ticket", ticket(k["chunk_ticket"])),
    ]
    for name, loop in variants[:6]:
        print(f"{name:26s} host time per call, launches queued: {host_us(loop):.1f} us")
    for name, loop in variants:
        loop(1)
        cuda.synchronize()
        got = float(r.copy_to_host()[0])
        turns = _common.time_interleaved({"x": loop, "cupy": theirs}, sync, 20, args.turns)
        o, t = turns["x"]["median_us"] / 1e3, turns["cupy"]["median_us"] / 1e3
        print(
            f"{name:26s} {o:.4f} ms  cupy.sum {t:.4f} ms  CuPy/x {t / o:.4f} (median of turn "
            f"ratios {turns['ratio']:.4f})  rel.err {abs(got - want) / want:.1e}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
