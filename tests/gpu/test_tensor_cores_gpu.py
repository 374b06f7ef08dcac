"""Tensor cores on the GPU: the example's matmul at a size with several blocks in each
direction against float64, the simulator's answer equal to the GPU's on the same inputs, and
the benchmark (oxcuda vs cuBLAS vs CUDA C++) running end to end at a small size.

The per-feature kernels (every fragment kind, layouts, int8, tf32, cp.async) run on the GPU
through tests/kernels/test_tensor_cores.py's ``target`` fixture."""

import importlib.util
import pathlib
import sys

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.gpu

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _load(path: pathlib.Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def test_example_matmul_against_float64_and_the_simulator():
    ex = _load(ROOT / "examples" / "tensor_core_matmul.py", "tensor_core_matmul_gpu_test")
    rng = np.random.default_rng()
    m, n, k = 512, 384, 256
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    want = a.astype(np.float64) @ b.astype(np.float64)
    with oxcuda.config.override(TARGET="gpu"):
        c = cuda.to_device(np.full((m, n), np.nan, np.float32))
        ex.launch(cuda.to_device(a), cuda.to_device(b), c)
        gpu = c.copy_to_host()
    np.testing.assert_allclose(gpu, want, rtol=0, atol=2e-6 * k)
    # The simulator on the same inputs (a corner of C: one block's tile).
    with oxcuda.config.override(TARGET="sim"):
        cs = cuda.to_device(np.full((128, 128), np.nan, np.float32))
        ex.launch(cuda.to_device(a[:128].copy()), cuda.to_device(b[:, :128].copy()), cs)
        sim = cs.copy_to_host()
    np.testing.assert_allclose(sim, gpu[:128, :128], rtol=0, atol=2e-6 * k)


def test_bench_runs_and_reports_ratios():
    pytest.importorskip("cupy")
    bench = _load(ROOT / "bench" / "tensor_cores.py", "tensor_cores_bench_gpu_test")
    result = bench.main(["--size", "1024", "--repeats", "5"])
    rows = result["rows"]
    assert set(rows) == {"oxcuda", "cuBLAS", "CUDA C++"}
    for r in rows.values():
        assert r["tflops"] > 0
    assert result["oxcuda_vs_cublas"] > 0 and result["oxcuda_vs_cxx"] > 0
