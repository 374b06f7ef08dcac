"""Shared pieces of the benchmarks: choosing the implementation, timing launches, JSON out.

Each benchmark script runs one implementation per process (``--impl oxcuda|numba|...``), so
that imports, contexts and caches of one never help or hurt another. ``bench/run.py`` starts
them and merges their JSON.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import shutil
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

#: How the implementations are named in results and tables.
IMPLS = ("oxcuda", "numba", "cupy")


def import_cuda(impl: str) -> Any:
    """The ``cuda`` module of ``impl``: ``oxcuda.cuda`` or numba-cuda's ``numba.cuda``.

    numba-cuda 0.30.4 uses ``np.row_stack``, which NumPy 2.5 removed: it is put back before
    numba is imported. numba's low-occupancy warning (a grid of 1 block is "too small") is
    switched off so that its ``warnings.warn`` call per launch does not count against numba.
    """
    if impl == "oxcuda":
        from oxcuda import cuda

        return cuda
    if impl == "numba":
        import numpy as np

        if not hasattr(np, "row_stack"):
            np.row_stack = np.vstack
        os.environ.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")
        from numba import cuda

        return cuda
    raise ValueError(f"no cuda module for {impl!r}")


def optional(name: str) -> Any | None:
    """``import name``, or None when it is not installed (or fails to import)."""
    try:
        return importlib.import_module(name)
    except Exception:  # noqa: BLE001 - any failure means "not available here"
        return None


def missing(what: str, why: str) -> dict[str, Any]:
    """A result entry for something that could not be measured, with the reason."""
    print(f"  {what}: {why}", file=sys.stderr)
    return {"skipped": why}


def time_loop(
    loop: Callable[[int], None],
    sync: Callable[[], None],
    n: int,
    repeats: int,
    budget_s: float,
    min_n: int = 1000,
) -> dict[str, Any]:
    """Microseconds per iteration of ``loop(n)`` (n back-to-back launches) followed by one
    ``sync()``: the median of ``repeats`` runs after a warm-up.

    ``n`` is lowered (to no less than ``min_n``) when one run would take longer than
    ``budget_s``, so that slow cases keep the whole suite inside its time limit; the ``n`` used
    is recorded.
    """
    loop(200)
    sync()
    t0 = time.perf_counter_ns()
    loop(500)
    sync()
    estimate_us = (time.perf_counter_ns() - t0) / 500 / 1e3
    if estimate_us * n > budget_s * 1e6:
        n = max(min(n, min_n), int(budget_s * 1e6 / max(estimate_us, 1e-3)))
    total, enqueue = [], []
    for _ in range(repeats):
        gc.collect()
        t0 = time.perf_counter_ns()
        loop(n)
        t1 = time.perf_counter_ns()
        sync()
        t2 = time.perf_counter_ns()
        total.append((t2 - t0) / n / 1e3)
        enqueue.append((t1 - t0) / n / 1e3)
    return {
        "median_us": statistics.median(total),
        "total_us": [round(x, 4) for x in total],
        "enqueue_us": [round(x, 4) for x in enqueue],
        "n": n,
        "repeats": repeats,
    }


def pin_to_one_cpu() -> int | None:
    """Pins this process (and the threads it starts from now on) to one CPU; returns it.

    A launch costs a few microseconds, and moving between cores or sockets changes that cost
    by as much as our whole overhead (measured on the H200 machine: the same loop took 4.4 or
    6.3 µs per launch). Every launch benchmark pins itself the same way, the C program through
    ``taskset`` with the CPU from :func:`bench_cpu`.
    """
    cpu = bench_cpu()
    if cpu is not None:
        os.sched_setaffinity(0, {cpu})
    return cpu


def bench_cpu() -> int | None:
    """The CPU launch benchmarks run on: one in the middle of those allowed (None where the
    platform cannot pin)."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    return cpus[len(cpus) // 2]


def time_with_events(
    cuda: Any, cp: Any, loops: dict[str, Callable[[], None]], calls: int, turns: int
) -> dict[str, list[float]]:
    """Milliseconds per call of each function, GPU time alone: every turn queues a
    single-thread kernel of about a millisecond, records a CuPy event on the legacy default
    stream (both libraries' default), makes ``calls`` calls and records a second event, so the
    host's submissions run ahead of the GPU and the events time only the GPU's work
    (METHOD.md). The functions take turns ``turns`` times; returns every turn's figure, by
    name. Each function is called once first (compiles, allocations)."""
    import numpy as np

    @cuda.jit
    def busy(out, steps):
        x = out[0]
        for _ in range(steps):
            x = x * 0.999999 + 1e-7
        out[0] = x

    cell = cuda.to_device(np.ones(1))
    busy[1, 1](cell, 400_000)
    for call in loops.values():
        call()
    cuda.synchronize()
    times: dict[str, list[float]] = {name: [] for name in loops}
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    for _ in range(turns):
        for name, call in loops.items():
            busy[1, 1](cell, 400_000)  # keeps the GPU busy while the host queues the calls
            start.record(cp.cuda.Stream.null)
            for _ in range(calls):
                call()
            stop.record(cp.cuda.Stream.null)
            stop.synchronize()
            times[name].append(cp.cuda.get_elapsed_time(start, stop) / calls)
    return times


def time_interleaved(
    loops: dict[str, Callable[[int], None]], sync: Callable[[], None], n: int, repeats: int
) -> dict[str, Any]:
    """Microseconds per iteration of each loop, the loops taking turns ``repeats`` times.

    Two loops timed in turns see the same machine state, so their ratio is steadier than the
    ratio of two figures measured apart. Returns each loop's median and runs, and ``ratio``:
    the median over the turns of (second loop / first loop).
    """
    names = list(loops)
    runs: dict[str, list[float]] = {name: [] for name in names}
    for loop in loops.values():
        loop(500)
        sync()
    for _ in range(repeats):
        for name in names:
            gc.collect()
            t0 = time.perf_counter_ns()
            loops[name](n)
            sync()
            runs[name].append((time.perf_counter_ns() - t0) / n / 1e3)
    out: dict[str, Any] = {
        name: {"median_us": statistics.median(r), "total_us": [round(x, 4) for x in r]}
        for name, r in runs.items()
    }
    if len(names) == 2:
        a, b = (runs[name] for name in names)
        out["ratio"] = statistics.median(y / x for x, y in zip(a, b, strict=True))
    out["n"], out["repeats"] = n, repeats
    return out


def find_nvcc() -> str | None:
    """nvcc on the PATH, else the toolkit's usual place; None when there is none."""
    return shutil.which("nvcc") or next(
        (p for p in ("/usr/local/cuda/bin/nvcc",) if os.path.exists(p)), None
    )


def write_json(data: Any, path: str | None) -> None:
    """Writes ``data`` to ``path``, or to stdout when ``path`` is None or ``-``."""
    text = json.dumps(data, indent=1, sort_keys=False, default=str)
    if path in (None, "-"):
        print(text)
    else:
        with open(path, "w") as f:
            f.write(text + "\n")
