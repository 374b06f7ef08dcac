"""Half-precision kernels side by side: oxcuda, numba-cuda and torch's own operators (issue 14).

    python3 bench/reduced_precision.py                 # on the GPU machine: a table
    python3 bench/reduced_precision.py --quick         # 2^20 elements, few repeats (smoke test)
    python3 bench/reduced_precision.py --impl oxcuda   # one implementation's JSON

``bench/run.py`` runs it too (its ``reduced`` part) and puts the table in docs/performance.md.
Without a GPU (or without numba-cuda or torch) each missing implementation is reported as
skipped with the reason, and the script still exits 0: the simulator is never used for timing.

Cases, each implementation in its own process (``_common``), 2^28 elements (2^20 with
``--quick``):

* **copy** — ``out[i] = x[i]`` on float16 (oxcuda and numba: a ``@cuda.jit`` kernel; torch:
  ``out.copy_(x)``): the bandwidth every elementwise kernel is compared with;
* **fma16** — ``out[i] = cuda.fp16.hfma(x[i], y[i], x[i])`` on float16 (torch:
  ``torch.addcmul(x, x, y, out=out)``), its GB/s as a share of the implementation's copy;
* **bf16** — ``out[i] = cuda.bf16.hfma(x[i], y[i], x[i])`` on bfloat16 arrays (``ml_dtypes``
  NumPy arrays copied with ``cuda.to_device``; torch: ``torch.addcmul`` on bfloat16 tensors).
  It runs wherever the implementation has ``cuda.bf16`` and bfloat16 arrays, and is reported as
  skipped with the reason (the exception's message) where it has not;
* **sum16** — the sum of a float16 array: a grid-stride kernel accumulating in float32, a
  shared-memory tree per block and one ``cuda.atomic.add`` per block (the same source for
  oxcuda and numba-cuda), against ``x.sum(dtype=torch.float32)``;
* **fp8** — ``q_out[i] = fp8_e4m3(float32(q[i]) * s)`` on ``float8_e4m3fn`` arrays (dequantise,
  scale, quantise: saturating, to nearest even), against torch's own ops
  (``torch.mul(q.float(), s, out=tmp)`` then ``q_out.copy_(tmp)``: torch has no fused one).
  It runs where the implementation has fp8 types and accepts ``ml_dtypes`` float8 arrays, and is
  reported as skipped with the reason where it has not.

Bandwidths count the bytes each kernel must move (copy: 2 * 2 bytes per element, fma: 3 * 2,
sum: 2, fp8: 2). Results are checked against NumPy before timing: copy and hfma exactly (an fma
rounds once, and float64 holds x * y + x of float16 values exactly), bfloat16 within one unit in
the last place of ``ml_dtypes``' rounding, the float32-accumulated sum within 1e-3 of float64's,
fp8 bit for bit against ``ml_dtypes`` (float32 product, then one rounding to e4m3).
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
QUICK_N = 1 << 20
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


def _bf16_kernel(cuda: Any) -> Any:
    """``out[i] = bf16.hfma(x[i], y[i], x[i])``: compiled on its first launch, so an
    implementation without ``cuda.bf16`` fails there (and the row is skipped with the reason)."""

    @cuda.jit
    def fma_bf16(out, x, y):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = cuda.bf16.hfma(x[i], y[i], x[i])

    return fma_bf16


FP8_SCALE = 1.5


def _fp8_kernel(cuda: Any, fp8_e4m3: Any) -> Any:
    """``q_out[i] = fp8_e4m3(float32(q[i]) * s)``: dequantise, scale, quantise."""
    from numpy import float32

    @cuda.jit
    def rescale_fp8(q_out, q, s):
        i = cuda.grid(1)
        if i < q.size:
            q_out[i] = fp8_e4m3(float32(q[i]) * s)

    return rescale_fp8


def _fp8_inputs(n: int, ml_dtypes: Any) -> Any:
    """Random e4m3 values whose products with ``FP8_SCALE`` stay finite (|x| * 1.5 < 448)."""
    import numpy as np

    rng = np.random.default_rng()
    return rng.uniform(-250, 250, n).astype(np.float32).astype(ml_dtypes.float8_e4m3fn)


def _fp8_reference(hq: Any, ml_dtypes: Any) -> Any:
    """The bits ``ml_dtypes`` gives for the kernel's arithmetic: a float32 product, one rounding."""
    import numpy as np

    scaled = hq.astype(np.float32) * np.float32(FP8_SCALE)
    return scaled.astype(ml_dtypes.float8_e4m3fn).view(np.uint8)


def _run_fp8(impl: str, cuda: Any, n: int, opts: argparse.Namespace) -> dict[str, Any]:
    """The fp8 row of a ``@cuda.jit`` implementation, or the reason it cannot run."""
    import importlib

    import numpy as np

    ml_dtypes = _common.optional("ml_dtypes")
    if ml_dtypes is None:
        return _common.missing(f"{impl} fp8", "ml_dtypes is not installed (float8 arrays)")
    try:
        fp8_e4m3 = importlib.import_module(f"{cuda.__name__}._internal.cuda_fp8").fp8_e4m3
    except (ImportError, AttributeError) as exc:
        return _common.missing(f"{impl} fp8", f"no fp8_e4m3 type ({exc})")
    hq = _fp8_inputs(n, ml_dtypes)
    try:
        q = cuda.to_device(hq)
        out = cuda.device_array(n, ml_dtypes.float8_e4m3fn)
        rescale = _fp8_kernel(cuda, fp8_e4m3)[(n + THREADS - 1) // THREADS, THREADS]
        rescale(out, q, np.float32(FP8_SCALE))
        got = out.copy_to_host().view(np.uint8)
    except Exception as exc:  # noqa: BLE001 - no fp8 arrays or conversions: skipped, with why
        return _common.missing(f"{impl} fp8", f"{type(exc).__name__}: {str(exc)[:200]}")
    want = _fp8_reference(hq, ml_dtypes)
    if not np.array_equal(got, want):
        k = int(np.argmax(got != want))
        raise AssertionError(f"{impl} fp8 wrong at {k}: {got[k]:#04x} vs {want[k]:#04x}")

    def rescales(count):
        for _ in range(count):
            rescale(out, q, np.float32(FP8_SCALE))

    return {"fp8_ms": _timed_ms(rescales, cuda.synchronize, opts)}


def _no_gpu_reason(impl: str, cuda: Any) -> str | None:
    """Why ``impl`` cannot be timed here (no GPU), or None."""
    try:
        if cuda.is_available():
            return None
    except Exception as exc:  # noqa: BLE001 - a driver that fails to load is no GPU either
        return f"{impl}: no usable GPU ({type(exc).__name__}: {exc})"
    return f"{impl}: no GPU here (timings are taken on the GPU only, never the simulator)"


def _run_bf16(impl: str, cuda: Any, n: int, opts: argparse.Namespace) -> dict[str, Any]:
    """The bfloat16 row of a ``@cuda.jit`` implementation, or the reason it cannot run."""
    import numpy as np

    ml_dtypes = _common.optional("ml_dtypes")
    if ml_dtypes is None:
        return _common.missing(f"{impl} bf16", "ml_dtypes is not installed (bfloat16 arrays)")
    if not hasattr(cuda, "bf16"):
        return _common.missing(f"{impl} bf16", f"{impl} has no cuda.bf16 module")
    rng = np.random.default_rng()
    bf16 = ml_dtypes.bfloat16
    hx = rng.uniform(-2, 2, n).astype(np.float32).astype(bf16)
    hy = rng.uniform(-2, 2, n).astype(np.float32).astype(bf16)
    try:
        x, y = cuda.to_device(hx), cuda.to_device(hy)
        out = cuda.device_array(n, bf16)
        fma = _bf16_kernel(cuda)[(n + THREADS - 1) // THREADS, THREADS]
        fma(out, x, y)
        got = out.copy_to_host().astype(np.float64)
    except Exception as exc:  # noqa: BLE001 - no bfloat16 arrays or bf16.hfma: skipped, with why
        return _common.missing(f"{impl} bf16", f"{type(exc).__name__}: {str(exc)[:200]}")
    fx, fy = hx.astype(np.float64), hy.astype(np.float64)
    want = fx * fy + fx
    # One bfloat16 unit in the last place at the correctly rounded result: float32's spacing
    # times 2^16 (bfloat16 keeps 8 of float32's 24 significand bits).
    rounded = want.astype(np.float32).astype(bf16).astype(np.float32)
    ulp = np.spacing(np.abs(rounded)).astype(np.float64) * 2.0**16
    err = np.abs(got - want)
    bad = err > np.maximum(ulp, 2.0**-133)
    if bad.any():
        k = int(np.argmax(bad))
        raise AssertionError(f"{impl} bf16.hfma wrong at {k}: {got[k]} vs {want[k]}")

    def fmas(count):
        for _ in range(count):
            fma(out, x, y)

    return {"bf16_ms": _timed_ms(fmas, cuda.synchronize, opts)}


def _run_jit(impl: str, opts: argparse.Namespace) -> dict[str, Any]:
    import numpy as np

    try:
        cuda = _common.import_cuda(impl)
    except ImportError as exc:
        return {"skipped": f"{impl} is not installed ({exc})"}
    reason = _no_gpu_reason(impl, cuda)
    if reason:
        return {"skipped": reason}
    n = opts.n
    k = _kernels(cuda)
    sync = cuda.synchronize
    rng = np.random.default_rng()
    hx = rng.uniform(-2, 2, n).astype(np.float16)
    hy = rng.uniform(-2, 2, n).astype(np.float16)
    x, y = cuda.to_device(hx), cuda.to_device(hy)
    out = cuda.device_array(n, np.float16)
    blocks = (n + THREADS - 1) // THREADS
    copy, fma = k["copy"][blocks, THREADS], k["fma16"][blocks, THREADS]
    copy(out, x)
    np.testing.assert_array_equal(out.copy_to_host(), hx)
    fma(out, x, y)
    want = (hx.astype(np.float64) * hy + hx).astype(np.float16)
    np.testing.assert_array_equal(out.copy_to_host(), want)
    res: dict[str, Any] = {"n": n}

    def copies(count):
        for _ in range(count):
            copy(out, x)

    def fmas(count):
        for _ in range(count):
            fma(out, x, y)

    res["copy_ms"] = _timed_ms(copies, sync, opts)
    res["fma16_ms"] = _timed_ms(fmas, sync, opts)
    acc = cuda.to_device(np.zeros(1, np.float32))
    total = k["sum16"][SUM_BLOCKS, THREADS]

    def sums(count):
        for _ in range(count):
            total(acc, x)

    total(acc, x)
    got, ref = float(acc.copy_to_host()[0]), float(hx.astype(np.float64).sum())
    res["sum16_relative_error"] = abs(got - ref) / max(abs(ref), 1.0)
    if res["sum16_relative_error"] > 1e-3:
        raise AssertionError(f"{impl} sum16: {got} vs {ref}")
    res["sum16_ms"] = _timed_ms(sums, sync, opts)
    x = y = out = None  # free the float16 arrays before the bfloat16 ones
    for part, row in (("bf16", _run_bf16), ("fp8", _run_fp8)):
        got = row(impl, cuda, n, opts)
        if f"{part}_ms" in got:
            res[f"{part}_ms"] = got[f"{part}_ms"]
        else:
            res[part] = got
    return res


def run_oxcuda(opts: argparse.Namespace) -> dict[str, Any]:
    return _run_jit("oxcuda", opts)


def run_numba(opts: argparse.Namespace) -> dict[str, Any]:
    return _run_jit("numba", opts)


def run_torch(opts: argparse.Namespace) -> dict[str, Any]:
    torch = _common.optional("torch")
    if torch is None:
        return {"skipped": "torch is not installed"}
    if not torch.cuda.is_available():
        return {"skipped": "torch: no GPU here"}
    n = opts.n

    def sync():
        torch.cuda.synchronize()

    x = torch.empty(n, dtype=torch.float16, device="cuda").uniform_(-2, 2)
    y = torch.empty(n, dtype=torch.float16, device="cuda").uniform_(-2, 2)
    out = torch.empty_like(x)
    res: dict[str, Any] = {"n": n}

    def copies(count):
        for _ in range(count):
            out.copy_(x)

    def fmas(count):
        for _ in range(count):
            torch.addcmul(x, x, y, out=out)

    res["copy_ms"] = _timed_ms(copies, sync, opts)
    res["fma16_ms"] = _timed_ms(fmas, sync, opts)
    bx, by = x.to(torch.bfloat16), y.to(torch.bfloat16)
    bout = torch.empty_like(bx)

    def bf16(count):
        for _ in range(count):
            torch.addcmul(bx, bx, by, out=bout)

    res["bf16_ms"] = _timed_ms(bf16, sync, opts)
    bx = by = bout = None

    def sums(count):
        for _ in range(count):
            x.sum(dtype=torch.float32)

    res["sum16_ms"] = _timed_ms(sums, sync, opts)
    x = y = out = None
    fp8 = _run_torch_fp8(torch, n, opts)
    if "fp8_ms" in fp8:
        res["fp8_ms"] = fp8["fp8_ms"]
    else:
        res["fp8"] = fp8
    return res


def _run_torch_fp8(torch: Any, n: int, opts: argparse.Namespace) -> dict[str, Any]:
    """torch's fp8 rescale: ``torch.mul`` into a float32 buffer, then ``copy_`` into e4m3."""
    import numpy as np

    ml_dtypes = _common.optional("ml_dtypes")
    if ml_dtypes is None:
        return _common.missing("torch fp8", "ml_dtypes is not installed (the reference)")
    if not hasattr(torch, "float8_e4m3fn"):
        return _common.missing("torch fp8", "this torch has no float8_e4m3fn")
    hq = _fp8_inputs(n, ml_dtypes)
    q = torch.from_numpy(hq.view(np.uint8)).cuda().view(torch.float8_e4m3fn)
    out = torch.empty_like(q)
    tmp = torch.empty(n, dtype=torch.float32, device="cuda")

    def rescale():
        torch.mul(q.float(), FP8_SCALE, out=tmp)
        out.copy_(tmp)

    rescale()
    got = out.view(torch.uint8).cpu().numpy()
    want = _fp8_reference(hq, ml_dtypes)
    if not np.array_equal(got, want):
        k = int(np.argmax(got != want))
        raise AssertionError(f"torch fp8 wrong at {k}: {got[k]:#04x} vs {want[k]:#04x}")

    def rescales(count):
        for _ in range(count):
            rescale()

    return {"fp8_ms": _timed_ms(rescales, torch.cuda.synchronize, opts)}


#: The rows: result key, label, bytes moved per element.
ROWS = [
    ("copy_ms", "copy float16", 4),
    ("fma16_ms", "hfma float16", 6),
    ("bf16_ms", "hfma bfloat16", 6),
    ("sum16_ms", "sum float16 (float32 accumulator)", 2),
    ("fp8_ms", "fp8 e4m3 dequantise-scale-quantise", 2),
]


def _cells(suite: dict[str, Any]) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The implementations measured and, per row, one cell each: time, GB/s and the share of
    the implementation's own copy bandwidth (the reason, where a row was not measured)."""
    impls = [i for i in RUNNERS if isinstance(suite.get(i), dict) and "skipped" not in suite[i]]
    rows = []
    for key, label, nbytes in ROWS:
        cells = []
        for impl in impls:
            r = suite[impl]
            n, ms, copy = r.get("n", N), r.get(key), r.get("copy_ms")
            if not isinstance(ms, float):
                why = (r.get(key.removesuffix("_ms")) or {}).get("skipped")
                cells.append(f"skipped: {why}" if why else "—")
                continue
            rate = nbytes * n / 1e9 / (ms / 1e3)
            cell = f"{ms:.3f} ms, {rate:.0f} GB/s"
            if key != "copy_ms" and isinstance(copy, float):
                cell += f" ({rate / (4 * n / 1e9 / (copy / 1e3)):.0%} of copy)"
            cells.append(cell)
        rows.append((label, cells))
    return impls, rows


def table(suite: dict[str, Any]) -> str:
    """The results as a Markdown table (docs/performance.md), with the skipped parts below."""
    impls, rows = _cells(suite)
    n = next((suite[i].get("n") for i in impls if suite[i].get("n")), N)
    lines = [f"| case ({n} elements) | " + " | ".join(impls) + " |"]
    lines.append("|---" * (len(impls) + 1) + "|")
    lines += [f"| {label} | " + " | ".join(cells) + " |" for label, cells in rows]
    lines.append("")
    lines.append(
        "GB/s counts the bytes each kernel must move; the share compares with the same "
        "implementation's float16 copy."
    )
    skipped = [
        f"- {impl}: skipped ({entry['skipped']})"
        for impl, entry in ((i, suite.get(i)) for i in RUNNERS)
        if isinstance(entry, dict) and "skipped" in entry
    ]
    if skipped:
        lines += ["", *skipped]
    return "\n".join(lines)


def print_table(suite: dict[str, Any]) -> None:
    impls, rows = _cells(suite)
    for impl in RUNNERS:
        entry = suite.get(impl)
        if isinstance(entry, dict) and "skipped" in entry:
            print(f"  {impl}: skipped ({entry['skipped']})")
    if not impls:
        return
    print(f"  {'case':36s}" + "".join(f"{i:>40s}" for i in impls))
    for label, cells in rows:
        print(f"  {label:36s}" + "".join(f"{c[:39]:>40s}" for c in cells))
    print("  (GB/s: bytes the kernel must move; % = share of the same implementation's copy)")


RUNNERS = {"oxcuda": run_oxcuda, "numba": run_numba, "torch": run_torch}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=sorted(RUNNERS), help="run one implementation")
    parser.add_argument("--quick", action="store_true", help="2^20 elements, 2 repeats")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--budget", type=float, default=20.0, help="seconds per timed run")
    parser.add_argument("--json", default=None, help="write the results here")
    opts = parser.parse_args(argv)
    opts.n = QUICK_N if opts.quick else N
    if opts.quick:
        opts.repeats, opts.budget = min(opts.repeats, 2), min(opts.budget, 2.0)
    if opts.impl:
        _common.write_json(RUNNERS[opts.impl](opts), opts.json)
        return 0
    suite: dict[str, Any] = {}
    for impl in RUNNERS:
        cmd = [sys.executable, os.path.abspath(__file__), "--impl", impl, "--json", "-"]
        cmd += ["--repeats", str(opts.repeats), "--budget", str(opts.budget)]
        cmd += ["--quick"] if opts.quick else []
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=280, check=False)
        except subprocess.TimeoutExpired:
            suite[impl] = {"skipped": "timed out after 280 s"}
            continue
        sys.stderr.write(done.stderr)
        if done.returncode != 0:
            tail = (done.stderr or "").strip().splitlines()[-1:] or ["failed"]
            suite[impl] = {"error": tail[0], "skipped": f"failed: {tail[0]}"}
            print(f"{impl}: failed ({tail[0]})", file=sys.stderr)
            continue
        suite[impl] = json.loads(done.stdout)
    print_table(suite)
    if opts.json:
        _common.write_json(suite, opts.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
