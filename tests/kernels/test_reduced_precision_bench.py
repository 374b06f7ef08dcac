"""``bench/reduced_precision.py``: its kernels compute what the bench checks (on the simulator
and the GPU, small fresh random data), its table turns times into GB/s and shares of copy
bandwidth, and ``--quick`` without a GPU reports every implementation as skipped and exits 0."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from oxcuda import cuda

from ._bench import BENCH, load_script

bench = load_script("reduced_precision_bench", "reduced_precision.py")
KERNELS = bench._kernels(cuda)
copy_kernel, fma16_kernel, sum16_kernel = KERNELS["copy"], KERNELS["fma16"], KERNELS["sum16"]


def test_the_bench_kernels_compute_what_it_checks(target, rng):
    n = 3000  # not a multiple of the block: the bounds checks matter
    hx = rng.uniform(-2, 2, n).astype(np.float16)
    hy = rng.uniform(-2, 2, n).astype(np.float16)
    x, y = cuda.to_device(hx), cuda.to_device(hy)
    out = cuda.to_device(np.full(n, np.nan, np.float16))
    blocks = (n + bench.THREADS - 1) // bench.THREADS
    copy_kernel[blocks, bench.THREADS](out, x)
    np.testing.assert_array_equal(out.copy_to_host(), hx)
    fma16_kernel[blocks, bench.THREADS](out, x, y)
    # An fma rounds once; float64 holds x * y + x of float16 values exactly.
    want = (hx.astype(np.float64) * hy + hx).astype(np.float16)
    np.testing.assert_array_equal(out.copy_to_host(), want)
    acc = cuda.to_device(np.zeros(1, np.float32))
    sum16_kernel[4, bench.THREADS](acc, x)
    ref = hx.astype(np.float64).sum()
    assert abs(float(acc.copy_to_host()[0]) - ref) <= 1e-3 * max(abs(ref), 1.0)


def test_the_fp8_bench_kernel_matches_ml_dtypes_bit_for_bit(target):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    from oxcuda.cuda.fp8 import fp8_e4m3

    n = 3000
    hq = bench._fp8_inputs(n, ml_dtypes)
    q = cuda.to_device(hq)
    out = cuda.to_device(np.full(n, 0x7F, np.uint8).view(ml_dtypes.float8_e4m3fn))
    blocks = (n + bench.THREADS - 1) // bench.THREADS
    bench._fp8_kernel(cuda, fp8_e4m3)[blocks, bench.THREADS](out, q, np.float32(bench.FP8_SCALE))
    got = out.copy_to_host().view(np.uint8)
    # The reference, independently: float32 product, one rounding by ml_dtypes.
    want = (hq.astype(np.float32) * np.float32(1.5)).astype(ml_dtypes.float8_e4m3fn)
    np.testing.assert_array_equal(got, want.view(np.uint8))
    assert len(np.unique(got)) > 100  # fresh, varied data, not a constant


def test_table_gives_bandwidth_and_share_of_copy():
    n = bench.N
    suite = {
        # copy moves 4 bytes an element: 2^28 * 4 B in 1 ms is 1073.7 GB/s.
        "oxcuda": {"n": n, "copy_ms": 1.0, "fma16_ms": 2.0, "sum16_ms": 0.5,
                   "bf16": {"skipped": "oxcuda has no cuda.bf16 module"}},
        "numba": {"skipped": "numba is not installed"},
        "torch": {"n": n, "copy_ms": 1.0, "fma16_ms": 1.5, "bf16_ms": 1.5, "sum16_ms": 0.25,
                  "fp8_ms": 1.0},
    }  # fmt: skip
    text = bench.table(suite)
    assert "| case (268435456 elements) | oxcuda | torch |" in text
    assert "1.000 ms, 1074 GB/s" in text
    # fma moves 6 bytes an element: 2 ms is 805 GB/s, 75% of the 1074 GB/s copy.
    assert "2.000 ms, 805 GB/s (75% of copy)" in text
    assert "1.500 ms, 1074 GB/s (100% of copy)" in text
    # sum moves 2 bytes an element: 0.5 ms is 1074 GB/s, 100%; torch's 0.25 ms 200%.
    assert "0.500 ms, 1074 GB/s (100% of copy)" in text
    assert "0.250 ms, 2147 GB/s (200% of copy)" in text
    assert "skipped: oxcuda has no cuda.bf16 module" in text
    # fp8 moves 2 bytes an element: torch's 1 ms is 537 GB/s, 50% of its copy.
    assert "| fp8 e4m3 dequantise-scale-quantise | — | 1.000 ms, 537 GB/s (50% of copy) |" in text
    assert "- numba: skipped (numba is not installed)" in text


@pytest.mark.skipif(cuda.is_available(), reason="checks the path without a GPU")
def test_quick_without_a_gpu_skips_every_implementation_and_exits_0():
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    done = subprocess.run(
        [sys.executable, str(BENCH / "reduced_precision.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "oxcuda: skipped (oxcuda: no GPU here" in done.stdout, done.stdout
    assert "numba: skipped" in done.stdout, done.stdout
    assert "torch: skipped" in done.stdout, done.stdout
