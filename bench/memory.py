"""Memory benchmarks: allocation + free latency, small ``to_device`` latency, and host↔device
bandwidth (pageable and pinned), for one implementation per process.

    python3 bench/memory.py --impl oxcuda|numba|cupy [--quick] [--json FILE]

* **allocation + free**: ``device_array(n, uint8)`` then dropping it, back to back, for sizes
  from 1 KiB to 1 GiB; µs per pair, the median of the repeats. After the first round every size
  is served from the implementation's cache (oxcuda's caching allocator, numba-cuda's deferred
  frees, CuPy's memory pool), which is what programs that allocate in a loop see. DESIGN §7's
  goal is ≤ 2 µs for cached sizes. CuPy allocates with ``cupy.empty``.
* **to_device**: ``to_device(host)`` of 8 B, 1 KiB and 64 KiB arrays, synchronous; µs per call.
  CuPy: ``cupy.asarray``.
* **bandwidth**: 256 MiB (64 MiB with ``--quick``) copied host→device and device→host into
  existing arrays, from pageable NumPy memory and from pinned memory (``pinned_array``; CuPy:
  ``cupyx.empty_pinned``); GB/s (10⁹ bytes per second), the median of the repeats.

Every copy is checked: the bytes that come back equal fresh random bytes that went in.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import _common
import numpy as np

KIB = 1 << 10
MIB = 1 << 20
GIB = 1 << 30
ALLOC_SIZES = (KIB, 64 * KIB, MIB, 16 * MIB, 256 * MIB, GIB)
TO_DEVICE_SIZES = (8, KIB, 64 * KIB)


def _per_call_us(body: Callable[[int], None], n: int, repeats: int) -> dict[str, Any]:
    """µs per iteration of ``body(n)``: warm-up, then the median of ``repeats`` runs."""
    body(max(1, n // 10))
    runs = []
    for _ in range(repeats):
        gc.collect()
        t0 = time.perf_counter_ns()
        body(n)
        runs.append((time.perf_counter_ns() - t0) / n / 1e3)
    return {"median_us": statistics.median(runs), "runs_us": [round(r, 3) for r in runs], "n": n}


def _gbps(seconds: list[float], nbytes: int) -> dict[str, Any]:
    rates = [nbytes / s / 1e9 for s in seconds]
    return {"median_gbps": statistics.median(rates), "runs_gbps": [round(r, 2) for r in rates]}


class Impl:
    """The operations measured, for one implementation."""

    def __init__(self, name: str) -> None:
        self.name = name
        if name == "cupy":
            import cupy
            import cupyx

            self.cp, self.cpx = cupy, cupyx
            self.sync = cupy.cuda.Device().synchronize
        else:
            self.cuda = _common.import_cuda(name)
            self.sync = self.cuda.synchronize

    def alloc_free(self, nbytes: int) -> Callable[[int], None]:
        if self.name == "cupy":
            empty, u8 = self.cp.empty, self.cp.uint8

            def loop(n: int) -> None:
                for _ in range(n):
                    a = empty(nbytes, u8)
                    del a

        else:
            device_array, u8 = self.cuda.device_array, np.uint8

            def loop(n: int) -> None:
                for _ in range(n):
                    a = device_array(nbytes, u8)
                    del a

        return loop

    def to_device(self, host: np.ndarray) -> Callable[[int], None]:
        put = self.cp.asarray if self.name == "cupy" else self.cuda.to_device

        def loop(n: int) -> None:
            for _ in range(n):
                put(host)
            self.sync()

        return loop

    def device_empty(self, nbytes: int) -> Any:
        if self.name == "cupy":
            return self.cp.empty(nbytes, self.cp.uint8)
        return self.cuda.device_array(nbytes, np.uint8)

    def host_empty(self, nbytes: int, pinned: bool) -> np.ndarray:
        if not pinned:
            return np.empty(nbytes, np.uint8)
        if self.name == "cupy":
            return self.cpx.empty_pinned(nbytes, np.uint8)
        return self.cuda.pinned_array(nbytes, np.uint8)

    def h2d(self, dev: Any, host: np.ndarray) -> None:
        if self.name == "cupy":
            dev.set(host)
        else:
            dev.copy_to_device(host)
        self.sync()

    def d2h(self, dev: Any, host: np.ndarray) -> None:
        if self.name == "cupy":
            dev.get(out=host)
        else:
            dev.copy_to_host(host)
        self.sync()


def bench(impl: Impl, opts: argparse.Namespace) -> dict[str, Any]:
    rng = np.random.default_rng()
    results: dict[str, Any] = {"alloc_free": {}, "to_device": {}, "bandwidth": {}}
    for size in ALLOC_SIZES:
        n = 2000 if size <= MIB else (200 if size <= 16 * MIB else 20)
        if opts.quick:
            n = max(5, n // 10)
        results["alloc_free"][str(size)] = _per_call_us(impl.alloc_free(size), n, opts.repeats)
        _report(impl.name, f"alloc+free {size} B", results["alloc_free"][str(size)])
    for size in TO_DEVICE_SIZES:
        host = rng.integers(0, 256, size, dtype=np.uint8)
        n = 200 if opts.quick else 2000
        results["to_device"][str(size)] = _per_call_us(impl.to_device(host), n, opts.repeats)
        _report(impl.name, f"to_device {size} B", results["to_device"][str(size)])
    nbytes = (64 if opts.quick else 256) * MIB
    dev = impl.device_empty(nbytes)
    for pinned in (False, True):
        src = impl.host_empty(nbytes, pinned)
        src[:] = rng.integers(0, 256, nbytes, dtype=np.uint8)
        back = impl.host_empty(nbytes, pinned)
        label = "pinned" if pinned else "pageable"
        for direction in ("h2d", "d2h"):
            seconds = []
            for _ in range(opts.repeats + 1):
                t0 = time.perf_counter()
                if direction == "h2d":
                    impl.h2d(dev, src)
                else:
                    impl.d2h(dev, back)
                seconds.append(time.perf_counter() - t0)
            entry = _gbps(seconds[1:], nbytes)  # the first run warms up (page faults, pinning)
            results["bandwidth"][f"{direction}/{label}"] = entry
            print(
                f"  {impl.name:8s} {direction} {label:9s} {entry['median_gbps']:8.2f} GB/s",
                file=sys.stderr,
                flush=True,
            )
        if not np.array_equal(back, src):
            raise AssertionError(f"{impl.name}: the {label} round trip changed the bytes")
        results["bandwidth"][f"checked/{label}"] = True
    results["bandwidth"]["bytes"] = nbytes
    return results


# ---- the doc's table (bench/run.py renders it from the three processes' results) ----------

IMPLS = ("oxcuda", "numba", "cupy")


def cell(results: dict[str, Any], impl: str, part: str, key: str, field: str) -> float | None:
    row = (results.get(impl) or {}).get("results", {})
    row = row.get(part, {}).get(key) if isinstance(row, dict) else None
    return row.get(field) if isinstance(row, dict) else None


def table(results: dict[str, Any]) -> str:
    """Markdown: allocation, to_device and bandwidth rows, oxcuda next to numba-cuda and CuPy."""
    if not results:
        return "(not measured in this run)"

    def fmt(x: float | None, digits: int = 2) -> str:
        return "—" if x is None else f"{x:.{digits}f}"

    def ratio(a: float | None, b: float | None) -> str:
        return "—" if a is None or b is None or b == 0 else f"{a / b:.2f}\u00d7"

    lines = [
        "| operation | oxcuda | numba-cuda | CuPy | oxcuda/numba | oxcuda/CuPy |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for part, sizes, field, unit in (
        ("alloc_free", ALLOC_SIZES, "median_us", "µs"),
        ("to_device", TO_DEVICE_SIZES, "median_us", "µs"),
    ):
        what = "allocation + free" if part == "alloc_free" else "`to_device`"
        for size in sizes:
            ox, nb, cp = (cell(results, i, part, str(size), field) for i in IMPLS)
            label = f"{what}, {_size(size)} ({unit})"
            lines.append(
                f"| {label} | {fmt(ox)} | {fmt(nb)} | {fmt(cp)} | {ratio(ox, nb)} | "
                f"{ratio(ox, cp)} |"
            )
    for key in ("h2d/pageable", "d2h/pageable", "h2d/pinned", "d2h/pinned"):
        ox, nb, cp = (cell(results, i, "bandwidth", key, "median_gbps") for i in IMPLS)
        direction, memory = key.split("/")
        label = f"{'host → device' if direction == 'h2d' else 'device → host'}, {memory} (GB/s)"
        lines.append(
            f"| {label} | {fmt(ox)} | {fmt(nb)} | {fmt(cp)} | {ratio(ox, nb)} | {ratio(ox, cp)} |"
        )
    for impl in IMPLS:
        entry = results.get(impl) or {}
        res = entry.get("results", entry)
        if isinstance(res, dict) and ("error" in res or "skipped" in res):
            lines.append(f"\n{impl}: {res.get('error') or res.get('skipped')}")
    return "\n".join(lines)


def _size(n: int) -> str:
    for unit, factor in (("GiB", GIB), ("MiB", MIB), ("KiB", KIB)):
        if n >= factor:
            return f"{n // factor} {unit}"
    return f"{n} B"


def _report(impl: str, what: str, row: dict[str, Any]) -> None:
    print(f"  {impl:8s} {what:28s} {row['median_us']:10.2f} us", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=["oxcuda", "numba", "cupy"], required=True)
    parser.add_argument("--quick", action="store_true", help="fewer iterations, 64 MiB copies")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the median is kept (5)")
    parser.add_argument("--json", default=None, help="write results here (default: stdout)")
    opts = parser.parse_args(argv)
    try:
        impl = Impl(opts.impl)
    except Exception as exc:  # noqa: BLE001 - not installed, or fails to import
        results = _common.missing(opts.impl, f"cannot be imported ({type(exc).__name__}: {exc})")
    else:
        try:
            results = bench(impl, opts)
        except Exception as exc:  # noqa: BLE001 - recorded; run.py shows it
            results = {"error": f"{type(exc).__name__}: {exc}"}
    _common.write_json({"impl": opts.impl, "results": results}, opts.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
