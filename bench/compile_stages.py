"""Compile latency per stage for three kernels, without a GPU: capture, typing (parse included),
passes, NVVM IR, libNVVM, nvJitLink. Issue 3's goal: the whole pipeline ≤ 50 ms warm for the
tiled matmul, oxcuda's own stages ≤ 5 ms.

    python bench/compile_stages.py [--cc 9.0] [--repeats 7]

"Warm" means the libraries are already open (one compile first); every timed compile runs the
whole pipeline again (no cache is involved). Medians in milliseconds.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from typing import Any

cuda: Any = None  # oxcuda.cuda, bound by kernels(): importing this module imports no oxcuda


def black_scholes(call, put, s, k, t, r, v):
    i = cuda.grid(1)
    if i < s.size:
        sqrt_t = math.sqrt(t[i])
        d1 = (math.log(s[i] / k[i]) + (r + 0.5 * v * v) * t[i]) / (v * sqrt_t)
        d2 = d1 - v * sqrt_t
        cnd1 = 0.5 * (1.0 + math.erf(d1 / math.sqrt(2.0)))
        cnd2 = 0.5 * (1.0 + math.erf(d2 / math.sqrt(2.0)))
        discount = math.exp(-r * t[i])
        call[i] = s[i] * cnd1 - k[i] * discount * cnd2
        put[i] = k[i] * discount * (1.0 - cnd2) - s[i] * (1.0 - cnd1)


def kernels() -> dict[str, tuple[Any, str]]:
    """The three kernels with their signatures; axpy and the tiled matmul are the simulator
    benchmark's (one source for both benches)."""
    global cuda
    import sim_kernels
    from oxcuda import cuda as oxcuda_cuda
    from oxcuda import float32

    cuda = oxcuda_cuda
    sim_kernels.cuda, sim_kernels.float32 = cuda, float32
    axpy, matmul, _, _ = sim_kernels.build()
    return {
        "axpy": (axpy.py_func, "void(float32[::1], float32, float32[::1], float32[::1])"),
        "tiled matmul 16x16": (
            matmul.py_func,
            "void(float32[:, ::1], float32[:, ::1], float32[:, ::1])",
        ),
        "black-scholes (math)": (
            black_scholes,
            "void(float64[::1], float64[::1], float64[::1], float64[::1], float64[::1], "
            "float64, float64)",
        ),
    }


def stage_timers() -> list[str]:
    """The timers of the compile stages after the source, in pipeline order, from the native
    stage list (libNVVM's one timer serves the PTX and LTO-IR stages)."""
    from oxcuda.cuda import compiler

    timers = [s.timer for s in compiler.stages()[1:]]
    return list(dict.fromkeys(timers))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cc", default="9.0")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", default=None, help="also write the medians (ms) here")
    args = parser.parse_args(argv)
    results: dict[str, dict[str, float]] = {}
    cc = tuple(int(p) for p in args.cc.split("."))
    from oxcuda.cuda import compiler

    stages = stage_timers()
    source = compiler.stages()[0].timer
    print(f"{'kernel':<22}" + "".join(f"{s:>10}" for s in ["capture", *stages, "total", "ours"]))

    for name, (fn, sig) in kernels().items():
        compiler.compile_pyfunc(fn, sig, device=False, output="cubin", cc=cc)  # warm up
        rows = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            result = compiler.compile_pyfunc(fn, sig, device=False, output="cubin", cc=cc)
            total = time.perf_counter() - start
            times = dict(result["times"])
            # source capture (the core's conversion of it included), signature parsing, glue
            capture = total - sum(v for k, v in times.items() if k != source)
            ours = capture + sum(times.get(s, 0.0) for s in ("typing", "optimize", "nvvm-ir"))
            rows.append([capture, *(times.get(s, 0.0) for s in stages), total, ours])
        med = [statistics.median(col) * 1e3 for col in zip(*rows, strict=True)]
        print(f"{name:<22}" + "".join(f"{m:>8.2f}ms" for m in med))
        results[name] = dict(zip(["capture", *stages, "total", "ours"], med, strict=True))
    if args.json:
        import _common

        _common.write_json({"cc": args.cc, "repeats": args.repeats, "ms": results}, args.json)


def table(data: dict | None) -> str:
    """Markdown: the stages' medians per kernel (bench/run.py renders it)."""
    if not isinstance(data, dict) or "ms" not in data:
        why = data.get("error", "skipped") if isinstance(data, dict) else "skipped"
        return f"(not measured: {why})"
    columns = list(next(iter(data["ms"].values()), {}))  # the columns main() measured
    lines = [
        "| kernel | " + " | ".join(columns) + " |",
        "|---|" + "---:|" * len(columns),
    ]
    for name, ms in data["ms"].items():
        lines.append(f"| {name} | " + " | ".join(f"{ms[c]:.2f}" for c in columns) + " |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
