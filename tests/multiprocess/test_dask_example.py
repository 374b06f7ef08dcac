"""examples/dask_gpu.py in its simulator mode: NumPy chunks on ``distributed.LocalCluster``
with two worker processes, so the kernels, the device-function-free reduction and the
chunk functions really are pickled (by value: the example runs as ``__main__``), unpickled and
compiled in the workers. Checked against NumPy by the example itself. Skipped only when the
``dask`` extra is not installed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask.array")
pytest.importorskip("distributed")
pytest.importorskip("cloudpickle")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "dask_gpu.py"


def test_the_dask_example_runs_on_the_simulator_with_worker_processes():
    env = dict(os.environ, OXCUDA_TARGET="sim")
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--sim", "--size", "20000", "--chunk", "2500"],
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "in 8 chunks on 2 worker(s) (the simulator)" in done.stdout
    assert "matches NumPy" in done.stdout
