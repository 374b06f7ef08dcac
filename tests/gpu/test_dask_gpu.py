"""examples/dask_gpu.py on GPUs: CuPy chunks on a dask-cuda ``LocalCUDACluster`` (one worker
per visible GPU), with oxcuda's default memory and with RMM's pool. Needs the ``dask`` extra,
dask-cuda, CuPy (and RMM for the second); tools/gpu_wheels.sh downloads the wheels."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gpu

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "dask_gpu.py"


@pytest.mark.parametrize("memory", ["default", "rmm"])
def test_the_dask_example_runs_on_a_local_cuda_cluster(memory):
    pytest.importorskip("dask_cuda")
    pytest.importorskip("cupy")
    args = ["--size", str(1 << 24), "--chunk", str(1 << 21)]
    if memory == "rmm":
        pytest.importorskip("rmm")
        args.append("--rmm")
    env = dict(os.environ, OXCUDA_TARGET="gpu")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), *args], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "matches NumPy" in done.stdout
    print(done.stdout)  # the example's time on this machine's GPUs
