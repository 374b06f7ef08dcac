"""The kernel throughput suite (issue 7): oxcuda vs numba-cuda vs CUDA C++ vs CuPy, per kernel.

    python3 bench/throughput.py                 # on the GPU machine: every version, ~2 minutes
    python3 bench/throughput.py --quick         # smaller problems, 10 repeats
    python3 bench/throughput.py --sim           # tiny problems on the simulators (no GPU)
    python3 bench/throughput.py --only vector_add,matmul_tiled
    python3 bench/throughput.py --impl oxcuda --json out.json   # one process (run.py does this)

The kernels are in ``bench/kernels/`` (one module per family; the C++ in ``suite.cu``). Each
implementation runs in its own process: ``--impl oxcuda`` and ``--impl numba`` run the same
Python kernel source, ``--impl cupy`` runs the C++ kernels (through CuPy's RawModule) and CuPy's
array-level versions. Every process draws fresh random inputs (the seed is recorded), checks
every result against NumPy, measures the device-to-device copy bandwidth, and times each kernel
with CUDA events (see ``kernels/timing.py``). Without ``--impl`` this script starts the three
processes, merges their JSON, prints the tables and writes ``bench/results/throughput.json``.
``bench/run.py`` runs the same processes as part of the whole benchmark.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import subprocess
import sys
import time
from typing import Any

import _common
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")

#: The benchmark processes, in the order they run.
PROCESSES = ("oxcuda", "numba", "cupy")
#: Timed launches per version, and the copy size in MiB, per mode.
REPEATS = {"full": 20, "quick": 10, "sim": 2}
COPY_MIB = {"full": 1024, "quick": 256, "sim": 1}
#: Seconds a process may spend before it skips the kernels left (0: no limit), per mode.
BUDGET = {"full": 90, "quick": 60, "sim": 0}
#: Seconds one benchmark process may take before the driver gives up on it.
TIMEOUT = {"full": 240, "quick": 150, "sim": 900}


def versions(names: tuple[str, ...]) -> dict[str, str]:
    found = {}
    for name in names:
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            pass
    return found


# ---- one process -------------------------------------------------------------------------


def python_kernels(impl: str, sim: bool) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The backend, the launchers and the environment of an oxcuda or numba-cuda process."""
    if impl == "oxcuda":
        os.environ["OXCUDA_TARGET"] = "sim" if sim else "gpu"
    elif sim:
        os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
    cuda = _common.import_cuda(impl)
    if not sim and not cuda.is_available():
        raise LookupError(f"{impl}: no CUDA GPU available")
    from kernels import backends, catalog

    compiled = catalog.build(cuda)

    def launch(bench: Any, arrays: dict[str, Any], n: int) -> Any:
        return bench.python(compiled, arrays, n)

    env = versions(("oxcuda",) if impl == "oxcuda" else ("numba-cuda", "numba", "llvmlite"))
    env["target"] = "simulator" if sim else "gpu"
    return backends.PythonKernelArrays(cuda), {impl: launch}, env


def cupy_versions(sim: bool, build_dir: str) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """The backend, the launchers (C++ and CuPy) and the environment of the CuPy process."""
    if sim:
        raise LookupError("CuPy and the C++ kernels have no simulator")
    cp = _common.optional("cupy")
    if cp is None:
        raise LookupError("cupy not installed")
    if cp.cuda.runtime.getDeviceCount() == 0:
        raise LookupError("cupy: no CUDA GPU available")
    from kernels import backends, cxx

    env: dict[str, Any] = {"cupy": cp.__version__}
    env["cuda_runtime"] = cp.cuda.runtime.runtimeGetVersion()
    env["gpu"] = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    launchers: dict[str, Any] = {}
    try:
        module, how = cxx.load(cp, _common.find_nvcc(), build_dir)
        env["cxx_build"] = {"how": how}

        def launch_cxx(bench: Any, arrays: dict[str, Any], n: int) -> Any:
            return bench.cxx(module, arrays, n)

        launchers["cxx"] = launch_cxx
    except Exception as exc:  # noqa: BLE001 - the CuPy versions still run
        env["cxx_build"] = {"error": f"{type(exc).__name__}: {exc}"[:2000]}

    def launch_cupy(bench: Any, arrays: dict[str, Any], n: int) -> Any:
        return bench.cupy(cp, arrays, n)

    launchers["cupy"] = launch_cupy
    return backends.CupyArrays(cp), launchers, env


def run_process(opts: argparse.Namespace) -> dict[str, Any]:
    """Every selected benchmark in every version this process runs."""
    started = time.perf_counter()
    seed = opts.seed if opts.seed is not None else time.time_ns() % (1 << 63)
    out: dict[str, Any] = {"impl": opts.impl, "mode": opts.mode, "seed": seed}
    out["repeats"] = opts.repeats
    try:
        if opts.impl == "cupy":
            backend, launchers, env = cupy_versions(opts.mode == "sim", opts.build_dir)
        else:
            backend, launchers, env = python_kernels(opts.impl, opts.mode == "sim")
    except Exception as exc:  # noqa: BLE001 - not installed, no GPU, fails to import
        out["skipped"] = f"{type(exc).__name__}: {exc}"
        print(f"  {opts.impl}: skipped: {out['skipped']}", file=sys.stderr)
        return out
    from kernels import catalog, runner, timing

    out["env"] = env
    if "cxx_build" in env:
        out["cxx_build"] = env.pop("cxx_build")
    try:
        out["copy"] = timing.copy_bandwidth(backend, COPY_MIB[opts.mode] << 20, opts.repeats)
        out["copy"]["how"] = f"{opts.impl}: device-to-device copy of {COPY_MIB[opts.mode]} MiB"
        _report(opts.impl, "copy", out["copy"], "GB/s", out["copy"]["gbps"])
    except Exception as exc:  # noqa: BLE001
        out["copy"] = {"error": f"{type(exc).__name__}: {exc}"}
    rng = np.random.default_rng(seed)
    out["kernels"] = {}
    held: tuple[tuple[str, int], dict[str, np.ndarray]] | None = None
    for bench in catalog.select(opts.only):
        n = bench.size(opts.mode)
        entry: dict[str, Any] = {
            "title": bench.title,
            "size": bench.describe(n),
            "n": n,
            "unit": bench.unit,
            "ceiling": bench.ceiling,
            "counts": bench.counts,
            "rule": bench.rule,
            "columns": {},
        }
        out["kernels"][bench.name] = entry
        if opts.budget and time.perf_counter() - started > opts.budget:
            why = f"the process's time budget ({opts.budget:g} s) was used up"
            entry["columns"] = {column: {"skipped": why} for column in launchers}
            print(f"  {bench.name}: skipped: {why}", file=sys.stderr, flush=True)
            continue
        start = time.perf_counter()
        family = (bench.input_family, n)
        if held is not None and bench.input_family and held[0] == family:
            inputs = held[1]
        else:
            held = None
            inputs = bench.inputs(rng, n)
        held = (family, inputs) if bench.input_family else None
        entry["inputs_s"] = round(time.perf_counter() - start, 3)
        expected = runner.Expected(bench, rng, inputs, n)
        for column, launcher in launchers.items():
            row = runner.measure(bench, backend, launcher, inputs, expected, n, opts.repeats)
            entry["columns"][column] = row
            _report(column, bench.name, row, bench.unit, row.get("rate"))
        entry["expected_s"] = round(expected.seconds, 3)
        del inputs, expected
        out["wall_s"] = round(time.perf_counter() - started, 1)
        if opts.json:  # after every kernel: a process that dies keeps what it measured
            save(out, opts.json)
    return out


def save(data: dict[str, Any], path: str) -> None:
    """Writes the JSON whole or not at all (a reader never sees half a file)."""
    _common.write_json(data, path + ".part")
    os.replace(path + ".part", path)


def _report(column: str, name: str, row: dict[str, Any], unit: str, rate: Any) -> None:
    if "error" in row or "skipped" in row:
        text = row.get("error") or row.get("skipped")
    else:
        failed = not row.get("check", {}).get("ok", True)
        text = f"{row['median_ms']:10.4f} ms  {rate:10.1f} {unit}"
        text += "  CHECK FAILED" if failed else ""
    print(f"  {column:7s} {name:20s} {text}", file=sys.stderr, flush=True)


# ---- all processes -----------------------------------------------------------------------


def run_all(opts: argparse.Namespace) -> dict[str, Any]:
    """Runs each implementation's process and merges their results."""
    suite: dict[str, Any] = {}
    os.makedirs(RESULTS, exist_ok=True)
    for impl in opts.impls:
        path = os.path.join(RESULTS, f"throughput-{impl}-{opts.mode}.json")
        python = opts.numba_python if impl == "numba" and opts.numba_python else sys.executable
        cmd = [python, os.path.abspath(__file__), "--impl", impl, "--mode", opts.mode]
        cmd += ["--repeats", str(opts.repeats), "--budget", str(opts.budget), "--json", path]
        if opts.only:
            cmd += ["--only", opts.only]
        print(f"$ {' '.join(cmd[1:])}", file=sys.stderr, flush=True)
        if os.path.exists(path):
            os.remove(path)
        try:
            proc = subprocess.run(cmd, timeout=TIMEOUT[opts.mode], check=False)
            failed = proc.returncode != 0 or not os.path.exists(path)
            error = f"exit status {proc.returncode}"
        except (OSError, subprocess.TimeoutExpired) as exc:
            failed, error = True, f"{type(exc).__name__}: {exc}"
        if failed and os.path.exists(path):  # died part-way: keep what it wrote
            with open(path) as f:
                suite[impl] = {**json.load(f), "error": error}
            continue
        if failed:
            suite[impl] = {"error": error}
            continue
        with open(path) as f:
            suite[impl] = json.load(f)
    return suite


def print_tables(suite: dict[str, Any]) -> None:
    from kernels import report

    print(report.rate_table(suite))
    print()
    print(report.time_table(suite))
    print()
    print("\n".join(report.summary_lines(suite) + report.skipped_lines(suite)))
    failed = [ln for ln in report.check_lines(suite) if ln.startswith("  -")]
    if failed:
        print("\n".join(failed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=PROCESSES, help="run only this process's versions")
    parser.add_argument("--impls", default=",".join(PROCESSES), help="processes to run (all)")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_const", const="quick", dest="mode")
    size.add_argument("--sim", action="store_const", const="sim", dest="mode")
    size.add_argument("--mode", choices=("full", "quick", "sim"))
    parser.add_argument("--only", default=None, help="comma-separated kernel names")
    parser.add_argument("--repeats", type=int, default=None, help="timed launches (20/10/2)")
    parser.add_argument("--seed", type=int, default=None, help="default: from the clock")
    parser.add_argument(
        "--budget", type=float, default=None, help="seconds per process (90/60/none)"
    )
    parser.add_argument("--json", default=None, help="write the results here")
    parser.add_argument(
        "--numba-python", default=None, help="the Python that runs the numba-cuda process"
    )
    parser.add_argument(
        "--build-dir", default=os.path.join(RESULTS, "build"), help="where the cubin goes"
    )
    opts = parser.parse_args(argv)
    opts.mode = opts.mode or "full"
    if opts.repeats is None:
        opts.repeats = REPEATS[opts.mode]
    if opts.budget is None:
        opts.budget = BUDGET[opts.mode]
    sys.path.insert(0, HERE)
    if opts.impl:
        if opts.json and os.path.exists(opts.json):
            os.remove(opts.json)  # never leave an earlier run's results in its place
        results = run_process(opts)
        if opts.json:
            save(results, opts.json)
        else:
            _common.write_json(results, "-")
        return 0
    opts.impls = [p for p in opts.impls.split(",") if p]
    suite = run_all(opts)
    _common.write_json(suite, opts.json or os.path.join(RESULTS, f"throughput-{opts.mode}.json"))
    print_tables(suite)
    return 0


if __name__ == "__main__":
    sys.exit(main())
