"""GPU probe for issue 21 (kernels and copies): the suite kernels that ran below CUDA C++, timed
before and after a compiler change, next to nvcc's build of the same algorithm; and pageable
host↔device copies, oxcuda's path next to the raw driver call and numba-cuda's, on one buffer.

    # on the GPU machine, with the wheels of main (before) and of the branch (after) installed
    # side by side (pip install --no-deps --target DIR wheel):
    python3 bench/probes/kernel_probe.py --site before=/tmp/site_main --site after=/tmp/site_new
    python3 bench/probes/kernel_probe.py            # the oxcuda this interpreter imports
    python3 bench/probes/kernel_probe.py --only mandelbrot,stencil5 --skip-copies

Kernels: each site runs ``bench/throughput.py --impl oxcuda --only …`` in its own process
(``PYTHONPATH=DIR``), and the C++ column comes from one ``--impl cupy`` process (the cubin from
``nvcc -O3 -arch=sm_XX`` when nvcc is found, else NVRTC): fresh random inputs, every result
checked against NumPy, CUDA events around back-to-back launches (``bench/kernels/timing.py``).
Rounds alternate the sites (``--rounds``, default 3) and the table gives each site's median over
rounds, so a drifting clock does not favour one site.

Copies (``--skip-copies`` leaves them out): one process per site, and one for numba-cuda when it
imports. 256 MiB uint8, pageable NumPy memory both ways, the median of 7 copies after one
warm-up, each as: oxcuda ``copy_to_device``/``copy_to_host``; the raw ``cuMemcpyHtoD_v2`` /
``cuMemcpyDtoH_v2`` through ctypes on the same two buffers in the same process; and, in the
numba process, numba-cuda's ``copy_to_device``/``copy_to_host``. If the raw call in oxcuda's
process is as slow as oxcuda's path, the cause is the process (how its memory was mapped, the
CPU it runs on), not the copy path. Each variant also runs with the host buffer aligned to
2 MiB (a huge-page boundary) and with the process pinned to one CPU.

Prints one table per part and writes ``--json`` (default ``kernel_probe.json`` in the current
directory).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
THROUGHPUT = os.path.join(BENCH, "throughput.py")

#: The suite kernels slower than C++ in the 2026-11-30 run (docs/performance.md).
DEFAULT_KERNELS = (
    "mandelbrot",
    "stencil5",
    "black_scholes_f64",
    "black_scholes_f32",
    "nbody_forces",
    "transpose",
    "block_scan",
)
COPY_BYTES = 256 << 20
COPY_REPEATS = 7


# ---- kernels -----------------------------------------------------------------------------


def _env_with(site: str | None) -> dict[str, str]:
    env = dict(os.environ)
    if site:
        env["PYTHONPATH"] = site + (os.pathsep + env["PYTHONPATH"] if "PYTHONPATH" in env else "")
    return env


def _throughput(impl: str, only: str, repeats: int, site: str | None) -> dict[str, Any]:
    """One ``throughput.py --impl`` process; its JSON (``{}`` when it failed)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "out.json")
        cmd = [sys.executable, THROUGHPUT, "--impl", impl, "--only", only]
        cmd += ["--repeats", str(repeats), "--budget", "0", "--json", path]
        proc = subprocess.run(
            cmd, env=_env_with(site), capture_output=True, text=True, timeout=600, check=False
        )
        if proc.returncode != 0 or not os.path.exists(path):
            print(f"  {impl} ({site or 'this python'}) failed:\n{proc.stderr[-3000:]}")
            return {}
        with open(path) as f:
            return json.load(f)


def _median_ms(result: dict[str, Any], kernel: str, column: str) -> tuple[float | None, str]:
    row = result.get("kernels", {}).get(kernel, {}).get("columns", {}).get(column, {})
    if "median_ms" not in row:
        return None, row.get("error") or row.get("skipped") or "not run"
    ok = row.get("check", {}).get("ok", True)
    return row["median_ms"], "" if ok else "CHECK FAILED"


def probe_kernels(sites: dict[str, str | None], only: str, repeats: int, rounds: int) -> dict:
    kernels = only.split(",")
    times: dict[str, dict[str, list[float]]] = {s: {k: [] for k in kernels} for s in sites}
    notes: dict[str, dict[str, str]] = {s: {} for s in sites}
    cxx = _throughput("cupy", only, repeats, None)
    cxx_ms = {k: _median_ms(cxx, k, "cxx") for k in kernels}
    for r in range(rounds):
        order = list(sites) if r % 2 == 0 else list(reversed(sites))
        for name in order:
            result = _throughput("oxcuda", only, repeats, sites[name])
            for k in kernels:
                ms, note = _median_ms(result, k, "oxcuda")
                if ms is not None:
                    times[name][k].append(ms)
                if note:
                    notes[name][k] = note
    header = ["kernel", "C++ ms"]
    for name in sites:
        header += [f"{name} ms", f"{name} vs C++"]
    print("\n| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    table = {}
    for k in kernels:
        want, why = cxx_ms[k]
        cells = [k, f"{want:.4f}" if want else why]
        table[k] = {"cxx_ms": want}
        for name in sites:
            got = statistics.median(times[name][k]) if times[name][k] else None
            table[k][name] = {"ms": got, "runs": times[name][k], "note": notes[name].get(k, "")}
            cells.append(f"{got:.4f}" if got else notes[name].get(k, "—"))
            cells.append(f"{want / got:.3f}x" if got and want else "—")
            if notes[name].get(k):
                cells[-1] += f" ({notes[name][k]})"
        print("| " + " | ".join(cells) + " |")
    print("\n(vs C++ = C++ time / oxcuda time: above 1, oxcuda is faster)")
    return {"kernels": table, "cxx_build": cxx.get("cxx_build"), "repeats": repeats}


# ---- copies (run in a child process per implementation) ----------------------------------


def _libcuda() -> Any:
    lib = ctypes.CDLL("libcuda.so.1")
    for name, args in (
        ("cuMemcpyHtoD_v2", (ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t)),
        ("cuMemcpyDtoH_v2", (ctypes.c_void_p, ctypes.c_uint64, ctypes.c_size_t)),
    ):
        getattr(lib, name).argtypes = args
        getattr(lib, name).restype = ctypes.c_int
    return lib


def _timed(fn: Any) -> float:
    """GB/s: the median of COPY_REPEATS calls after one warm-up."""
    fn()
    seconds = []
    for _ in range(COPY_REPEATS):
        t0 = time.perf_counter()
        fn()
        seconds.append(time.perf_counter() - t0)
    return COPY_BYTES / statistics.median(seconds) / 1e9


def _aligned(np: Any, nbytes: int, align: int) -> Any:
    raw = np.empty(nbytes + align, np.uint8)
    start = (-raw.ctypes.data) % align
    return raw[start : start + nbytes]


def _checked(rc: int, call: str) -> None:
    if rc != 0:
        raise RuntimeError(f"{call} failed: CUresult {rc}")


def _copy_variants(impl: str, cuda: Any, lib: Any, dev: Any, src: Any, back: Any) -> dict:
    """GB/s of the implementation's copies and of the raw driver calls on the same buffers."""
    dptr = dev.__cuda_array_interface__["data"][0]

    def path_h2d() -> None:
        dev.copy_to_device(src)
        cuda.synchronize()

    def path_d2h() -> None:
        dev.copy_to_host(back)
        cuda.synchronize()

    def raw_h2d() -> None:
        _checked(lib.cuMemcpyHtoD_v2(dptr, src.ctypes.data, COPY_BYTES), "cuMemcpyHtoD_v2")

    def raw_d2h() -> None:
        _checked(lib.cuMemcpyDtoH_v2(back.ctypes.data, dptr, COPY_BYTES), "cuMemcpyDtoH_v2")

    return {
        f"{impl} h2d": _timed(path_h2d),
        f"{impl} d2h": _timed(path_d2h),
        "raw h2d": _timed(raw_h2d),
        "raw d2h": _timed(raw_d2h),
    }


def copies_child(impl: str) -> dict[str, Any]:
    import numpy as np

    if impl == "numba":
        if not hasattr(np, "row_stack"):
            np.row_stack = np.vstack  # removed in NumPy 2.5; numba-cuda still names it
        from numba import cuda
    else:
        from oxcuda import cuda
    lib = _libcuda()
    rng = np.random.default_rng()
    out: dict[str, Any] = {"impl": impl}
    dev = cuda.device_array(COPY_BYTES, np.uint8)
    for layout in ("numpy", "2MiB-aligned"):
        if layout == "numpy":
            src, back = np.empty(COPY_BYTES, np.uint8), np.empty(COPY_BYTES, np.uint8)
        else:
            src, back = _aligned(np, COPY_BYTES, 2 << 20), _aligned(np, COPY_BYTES, 2 << 20)
        src[:] = rng.integers(0, 256, COPY_BYTES, dtype=np.uint8)
        for pinned_cpu in (False, True):
            if pinned_cpu and hasattr(os, "sched_setaffinity"):
                cpus = sorted(os.sched_getaffinity(0))
                keep = set(cpus)
                os.sched_setaffinity(0, {cpus[len(cpus) // 2]})
            key = f"{layout}{', one CPU' if pinned_cpu else ''}"
            row = _copy_variants(impl, cuda, lib, dev, src, back)
            if not np.array_equal(back, src):
                raise AssertionError(f"{impl}: the round trip changed the bytes ({key})")
            out[key] = {k: round(v, 2) for k, v in row.items()}
            if pinned_cpu and hasattr(os, "sched_setaffinity"):
                os.sched_setaffinity(0, keep)
    return out


def probe_copies(sites: dict[str, str | None]) -> dict[str, Any]:
    runs: dict[str, Any] = {}
    children = [(name, "oxcuda", site) for name, site in sites.items()] + [
        ("numba-cuda", "numba", None)
    ]
    for name, impl, site in children:
        cmd = [sys.executable, os.path.abspath(__file__), "--copies-child", impl]
        proc = subprocess.run(
            cmd, env=_env_with(site), capture_output=True, text=True, timeout=300, check=False
        )
        if proc.returncode != 0:
            runs[name] = {"error": proc.stderr[-2000:]}
            print(f"  copies, {name}: failed\n{proc.stderr[-2000:]}")
            continue
        runs[name] = json.loads(proc.stdout)
    print("\n| process | host buffer | path h2d GB/s | path d2h GB/s | raw h2d | raw d2h |")
    print("|---|---|---:|---:|---:|---:|")
    for name, data in runs.items():
        if "error" in data:
            continue
        impl = data["impl"]
        for key, row in data.items():
            if key == "impl":
                continue
            print(
                f"| {name} | {key} | {row[f'{impl} h2d']} | {row[f'{impl} d2h']} | "
                f"{row['raw h2d']} | {row['raw d2h']} |"
            )
    return runs


# ---- main --------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--site",
        action="append",
        default=[],
        help="NAME=DIR: an oxcuda install to time (PYTHONPATH=DIR); repeatable",
    )
    parser.add_argument("--only", default=",".join(DEFAULT_KERNELS), help="kernel names")
    parser.add_argument("--repeats", type=int, default=20, help="timed launches per kernel")
    parser.add_argument("--rounds", type=int, default=3, help="processes per site, alternating")
    parser.add_argument("--skip-kernels", action="store_true")
    parser.add_argument("--skip-copies", action="store_true")
    parser.add_argument("--json", default="kernel_probe.json")
    parser.add_argument("--copies-child", choices=("oxcuda", "numba"), help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.copies_child:
        print(json.dumps(copies_child(opts.copies_child)))
        return 0
    sites: dict[str, str | None] = {}
    for item in opts.site:
        name, sep, path = item.partition("=")
        if not sep or not os.path.isdir(path):
            parser.error(f"--site wants NAME=DIR with an existing DIR, got {item!r}")
        sites[name] = os.path.abspath(path)
    if not sites:
        sites["oxcuda"] = None
    results: dict[str, Any] = {"sites": sites}
    if not opts.skip_kernels:
        results["kernels"] = probe_kernels(sites, opts.only, opts.repeats, opts.rounds)
    if not opts.skip_copies:
        results["copies"] = probe_copies(sites)
    with open(opts.json, "w") as f:
        json.dump(results, f, indent=1)
    print(f"\nwrote {opts.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
