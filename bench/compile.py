"""Import time, first-call time in a fresh process, and warm compile time: oxcuda vs numba-cuda.

* **import**: wall time of ``python -c "import oxcuda"`` (and ``from oxcuda import cuda``,
  ``from numba import cuda``) in fresh processes, minus that of ``python -c "pass"``; the
  median of ``--repeats`` runs.
* **first call** (a fresh process per repeat, ``--child``): the import, the first context
  (``cuda.to_device`` of the inputs), then the first ``axpy[blocks, 256](out, a, x, y)`` followed
  by a synchronisation: compile + load + launch. The result is checked against NumPy.
* **warm compile**: in the same process, the first call of a second specialisation (float64
  arrays), again with a synchronisation; for oxcuda with ``kernel.stats`` (seconds per compile
  stage).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import _common

cuda: Any = None  # bound in child() before axpy compiles


def axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + y[i]


N = 1 << 20
NUMBA_IMPORT = "import numpy as np; np.row_stack = np.vstack; from numba import cuda"

IMPORTS = {
    "pass": "pass",
    "import oxcuda": "import oxcuda",
    "from oxcuda import cuda": "from oxcuda import cuda",
    "import numpy": "import numpy",
    "from numba import cuda": NUMBA_IMPORT,
}


def _run_python(code: str) -> tuple[float, bool]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, check=False)
    return time.perf_counter() - t0, proc.returncode == 0


def import_times(repeats: int) -> dict[str, Any]:
    """Median wall time of each import in a fresh interpreter, and minus ``pass``."""
    out: dict[str, Any] = {}
    for label, code in IMPORTS.items():
        samples, ok = [], True
        _run_python(code)  # warm the file system cache
        for _ in range(repeats):
            seconds, good = _run_python(code)
            samples.append(seconds)
            ok = ok and good
        out[label] = {"median_s": statistics.median(samples) if ok else None, "ok": ok}
        out[label]["samples_s"] = samples
    base = out["pass"]["median_s"]
    for row in out.values():
        row["minus_pass_s"] = None if row["median_s"] is None else row["median_s"] - base
    return out


def child(impl: str, n: int = N, cache: bool = False) -> dict[str, Any]:
    """One fresh process: import, context, first call, warm compile (run with --child).
    With ``cache``, the kernel is ``cuda.jit(axpy, cache=True)``: after a first process has
    filled the disk cache, the first call is a cache hit."""
    global cuda
    t_start = time.perf_counter()
    cuda = _common.import_cuda(impl)
    import numpy as np

    t_import = time.perf_counter()
    rng = np.random.default_rng()
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    dout = cuda.device_array(n, np.float32)
    cuda.synchronize()
    t_context = time.perf_counter()

    kernel = cuda.jit(axpy, cache=True) if cache else cuda.jit(axpy)
    blocks = (n + 255) // 256
    kernel[blocks, 256](dout, np.float32(2.5), dx, dy)
    cuda.synchronize()
    t_first = time.perf_counter()
    ok32 = bool(np.allclose(dout.copy_to_host(), np.float32(2.5) * x + y, rtol=1e-6))
    stats_first = dict(kernel.stats) if impl == "oxcuda" else {}

    t0 = time.perf_counter()
    kernel[blocks, 256](dout, np.float32(2.5), dx, dy)
    cuda.synchronize()
    t_second = time.perf_counter() - t0

    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    dx64, dy64 = cuda.to_device(x64), cuda.to_device(y64)
    dout64 = cuda.device_array(n, np.float64)
    cuda.synchronize()
    t0 = time.perf_counter()
    kernel[blocks, 256](dout64, 2.5, dx64, dy64)
    cuda.synchronize()
    t_warm = time.perf_counter() - t0
    ok64 = bool(np.allclose(dout64.copy_to_host(), 2.5 * x64 + y64))
    stats_warm = dict(kernel.stats) if impl == "oxcuda" else {}
    return {
        "import_s": t_import - t_start,
        "context_s": t_context - t_import,
        "first_call_s": t_first - t_context,
        "cached_call_s": t_second,
        "warm_compile_s": t_warm,
        "import_to_first_result_s": t_first - t_start,
        "correct": ok32 and ok64,
        "stats_first": stats_first,
        "stats_warm": stats_warm,
    }


def first_calls(impl: str, repeats: int, n: int, cache_dir: str | None = None) -> dict[str, Any]:
    """``child`` in ``repeats`` fresh processes; the median of each number. With
    ``cache_dir``, the kernel uses the disk cache there, filled by one process first."""
    runs, errors = [], []
    cmd = [sys.executable, os.path.abspath(__file__), "--child", impl, "--size", str(n)]
    env = dict(os.environ)
    if cache_dir is not None:
        cmd.append("--cache")
        env.update(OXCUDA_CACHE_DIR=cache_dir, NUMBA_CACHE_DIR=cache_dir)
        subprocess.run(cmd, capture_output=True, check=False, timeout=120, env=env)
    for _ in range(repeats):
        t0 = time.perf_counter()
        proc = subprocess.run(
            cmd, capture_output=True, text=True, check=False, timeout=120, env=env
        )
        wall = time.perf_counter() - t0
        if proc.returncode != 0:
            errors.append(proc.stderr.strip().splitlines()[-1:] or [f"rc {proc.returncode}"])
            continue
        row = json.loads(proc.stdout.strip().splitlines()[-1])
        row["process_wall_s"] = wall
        runs.append(row)
    if not runs:
        return {"error": "; ".join(e[0] for e in errors)}
    keys = [k for k, v in runs[0].items() if isinstance(v, float)]
    out: dict[str, Any] = {k: statistics.median(r[k] for r in runs) for k in keys}
    out["correct"] = all(r["correct"] for r in runs)
    out["runs"] = runs
    stage_keys = sorted({k for r in runs for k in r["stats_warm"]})
    out["stats_warm_median"] = {
        k: statistics.median(r["stats_warm"].get(k, 0.0) for r in runs) for k in stage_keys
    }
    stage_keys = sorted({k for r in runs for k in r["stats_first"]})
    out["stats_first_median"] = {
        k: statistics.median(r["stats_first"].get(k, 0.0) for r in runs) for k in stage_keys
    }
    if errors:
        out["errors"] = [e[0] for e in errors]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", default="oxcuda,numba", help="comma-separated (oxcuda,numba)")
    parser.add_argument("--repeats", type=int, default=3, help="fresh processes per number (3)")
    parser.add_argument("--import-repeats", type=int, default=7, help="runs per import (7)")
    parser.add_argument("--size", type=int, default=N, help="axpy elements (2^20)")
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--cache", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--json", default=None, help="write results here (default: stdout)")
    opts = parser.parse_args(argv)
    if opts.child:
        print(json.dumps(child(opts.child, opts.size, opts.cache)))
        return 0
    results: dict[str, Any] = {"imports": import_times(opts.import_repeats)}
    for impl in [i for i in opts.impl.split(",") if i]:
        if impl == "numba" and importlib.util.find_spec("numba") is None:
            results[impl] = _common.missing(impl, "numba-cuda not installed")
            continue
        results[impl] = first_calls(impl, opts.repeats, opts.size)
        print(f"  compile {impl}: {_summary(results[impl])}", file=sys.stderr, flush=True)
        with tempfile.TemporaryDirectory() as cache_dir:
            cached = first_calls(impl, opts.repeats, opts.size, cache_dir)
        results[f"{impl}-cache"] = cached
        print(f"  compile {impl}, cache hit: {_summary(cached)}", file=sys.stderr, flush=True)
    _common.write_json(results, opts.json)
    return 0


def _summary(row: dict[str, Any]) -> str:
    if "error" in row:
        return row["error"]
    return (
        f"import {row['import_s']:.3f} s, context {row['context_s']:.3f} s, first call "
        f"{row['first_call_s']:.3f} s, warm compile {row['warm_compile_s']:.3f} s"
    )


if __name__ == "__main__":
    sys.exit(main())
