"""Half-precision kernels side by side: oxcuda, numba-cuda and torch's own operators (issue 14).

    python3 bench/reduced_precision.py                 # on the GPU machine: a table
    python3 bench/reduced_precision.py --impl oxcuda   # one implementation's JSON

Cases, each implementation in its own process (``_common``), 2^28 elements:

* **copy** — ``out[i] = x[i]`` on float16 (oxcuda and numba: a ``@cuda.jit`` kernel; torch:
  ``out.copy_(x)``): the bandwidth every elementwise kernel is compared with;
* **fma16** — ``out[i] = cuda.fp16.hfma(x[i], y[i], x[i])`` on float16 (torch:
  ``torch.addcmul(x, x, y, out=out)``), its GB/s as a share of the implementation's copy;
* **bf16** — ``out = x * y + x`` on bfloat16: torch only (oxcuda has no bfloat16 type yet, and
  numba-cuda's needs its ``cuda.bf16`` bindings on bfloat16 arrays); reported as skipped for
  the others with the reason;
* **sum16** — the sum of a float16 array: a grid-stride kernel accumulating in float32, a
  shared-memory tree per block and one ``cuda.atomic.add`` per block (the same source for
  oxcuda and numba-cuda), against ``x.sum(dtype=torch.float32)``.

Bandwidths count the bytes each kernel must move (copy: 2 * 2 bytes per element, fma: 3 * 2,
sum: 2). Results are checked against NumPy before timing.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any

import _common

N = 1 << 28
THREADS = 256
SUM_BLOCKS = 132 * 8


def _timed_ms(loop, sync, opts: argparse.Namespace) -> float:
    return _common.time_loop(loop, sync, 20, opts.repeats, opts.budget, min_n=5)["median_us"] / 1e3


def _kernels(cuda: Any) -> dict[str, Any]:
    """The same kernel sources for oxcuda and numba-cuda (both have `cuda.fp16`)."""
    from numpy import float32

    @cuda.jit
    def copy(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i]

    @cuda.jit
    def fma16(out, x, y):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = cuda.fp16.hfma(x[i], y[i], x[i])

    @cuda.jit
    def sum16(acc, x):
        tile = cuda.shared.array(256, float32)
        t = cuda.threadIdx.x
        s = float32(0)
        for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):
            s += float32(x[i])
        tile[t] = s
        cuda.syncthreads()
        step = 128
        while step > 0:
            if t < step:
                tile[t] += tile[t + step]
            cuda.syncthreads()
            step //= 2
        if t == 0:
            cuda.atomic.add(acc, 0, tile[0])

    return {"copy": copy, "fma16": fma16, "sum16": sum16}


def _run_jit(impl: str, opts: argparse.Namespace) -> dict[str, Any]:
    import numpy as np

    cuda = _common.import_cuda(impl)
    k = _kernels(cuda)
    sync = cuda.synchronize
    rng = np.random.default_rng()
    hx = rng.uniform(-2, 2, N).astype(np.float16)
    hy = rng.uniform(-2, 2, N).astype(np.float16)
    x, y = cuda.to_device(hx), cuda.to_device(hy)
    out = cuda.device_array(N, np.float16)
    blocks = (N + THREADS - 1) // THREADS
    copy, fma = k["copy"][blocks, THREADS], k["fma16"][blocks, THREADS]
    copy(out, x)
    np.testing.assert_array_equal(out.copy_to_host(), hx)
    fma(out, x, y)
    want = (hx.astype(np.float64) * hy + hx).astype(np.float16)
    np.testing.assert_array_equal(out.copy_to_host(), want)
    res: dict[str, Any] = {}

    def copies(n):
        for _ in range(n):
            copy(out, x)

    def fmas(n):
        for _ in range(n):
            fma(out, x, y)

    res["copy_ms"] = _timed_ms(copies, sync, opts)
    res["fma16_ms"] = _timed_ms(fmas, sync, opts)
    res["bf16"] = _common.missing(
        f"{impl} bf16", "no bfloat16 kernels here yet (oxcuda has no bfloat16 type)"
    )
    acc = cuda.to_device(np.zeros(1, np.float32))
    total = k["sum16"][SUM_BLOCKS, THREADS]

    def sums(n):
        for _ in range(n):
            total(acc, x)

    total(acc, x)
    got, ref = float(acc.copy_to_host()[0]), float(hx.astype(np.float64).sum())
    res["sum16_relative_error"] = abs(got - ref) / max(abs(ref), 1.0)
    res["sum16_ms"] = _timed_ms(sums, sync, opts)
    return res


def run_oxcuda(opts: argparse.Namespace) -> dict[str, Any]:
    return _run_jit("oxcuda", opts)


def run_numba(opts: argparse.Namespace) -> dict[str, Any]:
    return _run_jit("numba", opts)


def run_torch(opts: argparse.Namespace) -> dict[str, Any]:
    import torch

    def sync():
        torch.cuda.synchronize()

    x = torch.empty(N, dtype=torch.float16, device="cuda").uniform_(-2, 2)
    y = torch.empty(N, dtype=torch.float16, device="cuda").uniform_(-2, 2)
    out = torch.empty_like(x)
    res: dict[str, Any] = {}

    def copies(n):
        for _ in range(n):
            out.copy_(x)

    def fmas(n):
        for _ in range(n):
            torch.addcmul(x, x, y, out=out)

    res["copy_ms"] = _timed_ms(copies, sync, opts)
    res["fma16_ms"] = _timed_ms(fmas, sync, opts)
    bx, by = x.to(torch.bfloat16), y.to(torch.bfloat16)
    bout = torch.empty_like(bx)

    def bf16(n):
        for _ in range(n):
            torch.addcmul(bx, bx, by, out=bout)

    res["bf16_ms"] = _timed_ms(bf16, sync, opts)
    bx = by = bout = None

    def sums(n):
        for _ in range(n):
            x.sum(dtype=torch.float32)

    res["sum16_ms"] = _timed_ms(sums, sync, opts)
    return res


def print_table(suite: dict[str, Any]) -> None:
    impls = [i for i in RUNNERS if isinstance(suite.get(i), dict)]
    gb = {
        "copy_ms": 4 * N / 1e9,
        "fma16_ms": 6 * N / 1e9,
        "bf16_ms": 6 * N / 1e9,
        "sum16_ms": 2 * N / 1e9,
    }
    print(f"  {'case (2^28 elements)':28s}" + "".join(f"{i:>22s}" for i in impls))
    for key, label in [
        ("copy_ms", "copy float16"),
        ("fma16_ms", "hfma float16"),
        ("bf16_ms", "x*y+x bfloat16"),
        ("sum16_ms", "sum float16"),
    ]:
        cells = []
        for impl in impls:
            r = suite[impl]
            ms, copy = r.get(key), r.get("copy_ms")
            if not isinstance(ms, float):
                cells.append("-")
                continue
            rate = gb[key] / (ms / 1e3)
            share = (
                f" {rate / (gb['copy_ms'] / (copy / 1e3)):.0%}" if isinstance(copy, float) else ""
            )
            cells.append(f"{ms:.3f} ms {rate:.0f} GB/s{share if key != 'copy_ms' else ''}")
        print(f"  {label:28s}" + "".join(f"{c:>22s}" for c in cells))
    print("  (GB/s: bytes the kernel must move; % = share of the same implementation's copy)")


RUNNERS = {"oxcuda": run_oxcuda, "numba": run_numba, "torch": run_torch}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=sorted(RUNNERS), help="run one implementation")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per timed run")
    parser.add_argument("--json", default=None, help="write the results here")
    opts = parser.parse_args(argv)
    if opts.impl:
        _common.write_json(RUNNERS[opts.impl](opts), opts.json)
        return 0
    suite: dict[str, Any] = {}
    for impl in RUNNERS:
        cmd = [sys.executable, os.path.abspath(__file__), "--impl", impl, "--json", "-"]
        cmd += ["--repeats", str(opts.repeats), "--budget", str(opts.budget)]
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=False)
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
