"""Pickled kernels and device arrays on the GPU: workers started with ``spawn`` unpickle
kernels (by reference and by value), compile them for their GPU on first call, and receive and
return device arrays through host memory; a ``cache=True`` kernel unpickled in a fresh process
loads the disk cache's image instead of compiling."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context

import _mp_kernels as mk
import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.gpu

pytest.importorskip("cloudpickle")


@pytest.fixture(autouse=True)
def _gpu():
    with oxcuda.config.override(TARGET="gpu"):
        yield


def test_kernels_and_arrays_travel_to_gpu_workers(monkeypatch):
    rng = np.random.default_rng()
    x = rng.random(5000)
    offset = float(rng.integers(1, 50))
    monkeypatch.setenv("OXCUDA_TARGET", "gpu")
    with ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn")) as pool:
        by_reference = pool.submit(mk.launch, mk.scale, x, 5.0).result(timeout=300)
        by_value = pool.submit(mk.launch, mk.make_offset_kernel(offset), x).result(timeout=300)
        doubled, _ = pool.submit(mk.double_device_array, cuda.to_device(x)).result(timeout=300)
    np.testing.assert_allclose(by_reference[0], 5.0 * x)
    np.testing.assert_allclose(by_value[0], x + offset)
    assert doubled.context.device_id == cuda.get_current_device().id
    np.testing.assert_allclose(doubled.copy_to_host(), 2.0 * x)


MAKE = """
import pickle, sys
from oxcuda import cuda

@cuda.jit(cache=True)
def cached_axpy(r, a, x):
    i = cuda.grid(1)
    if i < x.size:
        r[i] = a * x[i] + 1.0

with open(sys.argv[1], "wb") as f:
    pickle.dump(cached_axpy, f)
"""

RUN = """
import pickle, sys
import numpy as np
from oxcuda import cuda
kernel = pickle.load(open(sys.argv[1], "rb"))
x = np.arange(100, dtype=np.float64) * 0.25
r = cuda.to_device(np.full(100, np.nan))
kernel[1, 128](r, 3.0, cuda.to_device(x))
np.testing.assert_allclose(r.copy_to_host(), 3.0 * x + 1.0)

print("cache_load" in kernel.stats)
"""


def test_an_unpickled_cache_true_kernel_loads_the_disk_cache(tmp_path):
    script = tmp_path / "cached_kernel.py"
    script.write_text(textwrap.dedent(MAKE))
    blob = tmp_path / "kernel.pickle"
    env = dict(os.environ, OXCUDA_TARGET="gpu", OXCUDA_CACHE_DIR=str(tmp_path / "cache"))
    subprocess.run([sys.executable, str(script), str(blob)], check=True, env=env, timeout=120)
    runs = [
        subprocess.run(
            [sys.executable, "-c", RUN, str(blob)],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        for _ in range(2)
    ]
    for done in runs:
        assert done.returncode == 0, done.stderr
    assert runs[0].stdout.split()[-1] == "False"  # compiled, and stored
    assert runs[1].stdout.split()[-1] == "True"  # a fresh process: loaded from the disk cache
