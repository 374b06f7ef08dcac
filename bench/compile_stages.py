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

import sim_kernels
from oxcuda import cuda, float32
from oxcuda.cuda import compiler

# axpy and the tiled matmul are the simulator benchmark's kernels (one source for both benches).
sim_kernels.cuda, sim_kernels.float32 = cuda, float32
_axpy, _matmul, _, _ = sim_kernels.build()
axpy, matmul = _axpy.py_func, _matmul.py_func


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


KERNELS = {
    "axpy": (axpy, "void(float32[::1], float32, float32[::1], float32[::1])"),
    "tiled matmul 16x16": (matmul, "void(float32[:, ::1], float32[:, ::1], float32[:, ::1])"),
    "black-scholes (math)": (
        black_scholes,
        "void(float64[::1], float64[::1], float64[::1], float64[::1], float64[::1], "
        "float64, float64)",
    ),
}
STAGES = ["typing", "optimize", "nvvm-ir", "libnvvm", "nvjitlink"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cc", default="9.0")
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    cc = tuple(int(p) for p in args.cc.split("."))
    print(f"{'kernel':<22}" + "".join(f"{s:>10}" for s in ["capture", *STAGES, "total", "ours"]))
    for name, (fn, sig) in KERNELS.items():
        compiler.compile_pyfunc(fn, sig, device=False, output="cubin", cc=cc)  # warm up
        rows = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            result = compiler.compile_pyfunc(fn, sig, device=False, output="cubin", cc=cc)
            total = time.perf_counter() - start
            stages = dict(result["times"])
            timed = sum(stages.values())
            capture = total - timed  # source capture, signature parsing, Python glue
            ours = capture + sum(stages.get(s, 0.0) for s in ("typing", "optimize", "nvvm-ir"))
            rows.append([capture, *(stages.get(s, 0.0) for s in STAGES), total, ours])
        med = [statistics.median(col) * 1e3 for col in zip(*rows, strict=True)]
        print(f"{name:<22}" + "".join(f"{m:>8.2f}ms" for m in med))


if __name__ == "__main__":
    main()
