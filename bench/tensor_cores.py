"""Tensor-core matmul throughput: oxcuda vs cuBLAS vs the same algorithm in CUDA C++.

C = A @ B with float16 A, B and float32 accumulation, at M = N = K = 4096 (``--size``):
- oxcuda: ``examples/tensor_core_matmul.py``'s kernel (cuda.wmma + cuda.pipeline), float32 C;
- cuBLAS: ``cupy.matmul`` on the float16 arrays (cuBLAS's own kernel; float16 C);
- CUDA C++: ``bench/kernels/tensor_cores.cu``, the example's algorithm in nvcuda::wmma with
  cp.async, built with ``nvcc -O3 -arch=sm_XX -cubin`` (NVRTC through CuPy without nvcc).

Each is checked against a float64 product of the same inputs (on the GPU, by CuPy), then timed
with CUDA events: ``--repeats`` launches back to back, an event between each two, median and
best. TFLOP/s counts 2·M·N·K operations. Needs a GPU, CuPy and oxcuda; prints a table and,
with ``--out``, writes JSON. docs/performance.md records a run.

    python bench/tensor_cores.py [--size 4096] [--repeats 50] [--out tensor_cores.json]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLE = os.path.join(HERE, "..", "examples", "tensor_core_matmul.py")
SOURCE = os.path.join(HERE, "kernels", "tensor_cores.cu")


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("tensor_core_matmul", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _cxx_kernel(cp: Any) -> tuple[Any, str]:
    arch = cp.cuda.Device().compute_capability
    nvcc = shutil.which("nvcc") or (
        os.path.join(os.environ["CUDA_HOME"], "bin", "nvcc") if "CUDA_HOME" in os.environ else None
    )
    if nvcc and os.path.exists(nvcc):
        out = os.path.join(tempfile.mkdtemp(prefix="oxcuda_tc_"), f"tc_sm{arch}.cubin")
        cmd = [nvcc, "-O3", f"-arch=sm_{arch}", "-cubin", SOURCE, "-o", out]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"nvcc failed: {proc.stderr[-2000:]}")
        return cp.RawModule(path=out).get_function("matmul_f16"), " ".join(cmd)
    with open(SOURCE) as f:
        code = f.read()
    module = cp.RawModule(code=code, options=("--std=c++17",))
    version = ".".join(map(str, cp.cuda.nvrtc.getVersion()))
    return module.get_function("matmul_f16"), f"NVRTC {version} (no nvcc), sm_{arch}"


def _time(cp: Any, launch: Any, repeats: int) -> dict[str, float]:
    launch()
    cp.cuda.Device().synchronize()
    events = [cp.cuda.Event() for _ in range(repeats + 1)]
    events[0].record()
    for k in range(repeats):
        launch()
        events[k + 1].record()
    events[-1].synchronize()
    times = [cp.cuda.get_elapsed_time(events[k], events[k + 1]) for k in range(repeats)]
    return {"median_ms": statistics.median(times), "min_ms": min(times)}


def _check(cp: Any, name: str, got: Any, want: Any, k: int) -> float:
    err = float(cp.abs(got.astype(cp.float64) - want).max())
    # float32 accumulation (cuBLAS: float16 output, so its rounding of |C| ~ sqrt(K) / 3).
    limit = 2e-6 * k if got.dtype == cp.float32 else float(cp.abs(want).max()) * 2**-10
    if not err <= limit:
        raise AssertionError(f"{name}: max error {err:.3g} > {limit:.3g}")
    return err


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--size", type=int, default=4096)
    p.add_argument("--repeats", type=int, default=50)
    p.add_argument("--out")
    args = p.parse_args(argv)
    import cupy as cp
    from oxcuda import cuda

    n = args.size
    ex = _example()
    rng = cp.random.default_rng()
    a = rng.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
    b = rng.uniform(-1, 1, (n, n), dtype=cp.float32).astype(cp.float16)
    want = a.astype(cp.float64) @ b.astype(cp.float64)
    flops = 2.0 * n * n * n
    rows: dict[str, Any] = {}

    c_ox = cp.full((n, n), cp.nan, dtype=cp.float32)
    ex.launch(a, b, c_ox)
    cuda.synchronize()
    rows["oxcuda"] = {"error": _check(cp, "oxcuda", c_ox, want, n)}
    rows["oxcuda"].update(_time(cp, lambda: ex.launch(a, b, c_ox), args.repeats))

    c_blas = cp.matmul(a, b)
    rows["cuBLAS"] = {"error": _check(cp, "cuBLAS", c_blas, want, n)}
    out = cp.empty_like(c_blas)
    rows["cuBLAS"].update(_time(cp, lambda: cp.matmul(a, b, out=out), args.repeats))

    kernel, build = _cxx_kernel(cp)
    c_cxx = cp.full((n, n), cp.nan, dtype=cp.float32)
    grid = (n // ex.BN, n // ex.BM)
    size = cp.int32(n)

    def cxx() -> None:
        kernel(grid, (ex.THREADS,), (a, b, c_cxx, size, size, size))

    cxx()
    rows["CUDA C++"] = {"error": _check(cp, "CUDA C++", c_cxx, want, n), "build": build}
    rows["CUDA C++"].update(_time(cp, cxx, args.repeats))

    for r in rows.values():
        r["tflops"] = flops / (r["median_ms"] * 1e-3) / 1e12
        r["best_tflops"] = flops / (r["min_ms"] * 1e-3) / 1e12
    result = {
        "size": n,
        "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(),
        "rows": rows,
        "oxcuda_vs_cublas": rows["oxcuda"]["tflops"] / rows["cuBLAS"]["tflops"],
        "oxcuda_vs_cxx": rows["oxcuda"]["tflops"] / rows["CUDA C++"]["tflops"],
    }
    print(f"{n}^3 float16 matmul, float32 accumulate, on {result['device']}")
    print(f"{'':10} {'median ms':>10} {'TFLOP/s':>9} {'best':>9} {'max error':>10}")
    for name, r in rows.items():
        print(
            f"{name:10} {r['median_ms']:10.3f} {r['tflops']:9.1f} {r['best_tflops']:9.1f} "
            f"{r['error']:10.2e}"
        )
    print(f"oxcuda / cuBLAS   = {result['oxcuda_vs_cublas']:.2f}")
    print(f"oxcuda / CUDA C++ = {result['oxcuda_vs_cxx']:.2f}  (C++ build: {build})")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(result, f, indent=2)
    return result


if __name__ == "__main__":
    main()
