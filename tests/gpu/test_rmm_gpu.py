"""The RMM plugin on a real GPU with real RMM (``rmm-cu13``; tools/gpu_wheels.sh downloads the
wheels): kernels on RMM-allocated arrays, RMM's statistics counting oxcuda's allocations, and
CuPy and oxcuda sharing one RMM pool."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda.memory.default import OxcudaMemoryManager

pytestmark = pytest.mark.gpu

rmm = pytest.importorskip("rmm")


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


@pytest.fixture
def stats() -> Iterator[object]:
    """A statistics adaptor over a pool, as device 0's resource, with the RMM plugin set."""
    import rmm.mr

    previous = rmm.mr.get_current_device_resource()
    pool = rmm.mr.PoolMemoryResource(rmm.mr.CudaMemoryResource(), initial_pool_size=1 << 26)
    resource = rmm.mr.StatisticsResourceAdaptor(pool)
    rmm.mr.set_current_device_resource(resource)
    from oxcuda.memory.rmm import RMMMemoryManager

    with config.override(TARGET="gpu"):
        cuda.set_memory_manager(RMMMemoryManager)
        try:
            yield resource
        finally:
            gc.collect()
            cuda.set_memory_manager(OxcudaMemoryManager)
            rmm.mr.set_current_device_resource(previous)


def _count(stats, name: str) -> int:
    """A field of RMM's allocation statistics: a dict in older RMM, a ``Statistics`` object
    with attributes since 25.x."""
    counts = stats.allocation_counts
    return counts[name] if isinstance(counts, dict) else getattr(counts, name)


def test_kernels_run_on_arrays_allocated_by_rmm(stats):
    from oxcuda.memory.rmm import RMMMemoryManager

    rng = np.random.default_rng()
    x, y = rng.random(100_000), rng.random(100_000)
    before = _count(stats, "current_bytes")
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    r = cuda.device_array_like(dx)
    assert isinstance(cuda.current_context().memory_manager, RMMMemoryManager)
    assert _count(stats, "current_bytes") >= before + 3 * x.nbytes
    axpy[(x.size + 255) // 256, 256](r, 2.5, dx, dy)
    np.testing.assert_allclose(r.copy_to_host(), 2.5 * x + y)
    free, total = cuda.current_context().get_memory_info()
    assert 0 < free <= total
    del dx, dy, r
    gc.collect()
    cuda.synchronize()
    assert _count(stats, "current_bytes") <= before


def test_cupy_and_oxcuda_share_one_rmm_pool(stats):
    cp = pytest.importorskip("cupy")
    from rmm.allocators.cupy import rmm_cupy_allocator

    cp.cuda.set_allocator(rmm_cupy_allocator)
    try:
        rng = np.random.default_rng()
        x = rng.random(50_000)
        before = _count(stats, "current_count")
        c = cp.asarray(x)  # CuPy's array, from RMM
        d = cuda.to_device(x)  # oxcuda's, from RMM
        assert _count(stats, "current_count") >= before + 2
        r = cuda.device_array_like(d)
        axpy[(x.size + 255) // 256, 256](r, 3.0, c, d)  # a CuPy array straight into a kernel
        np.testing.assert_allclose(r.copy_to_host(), 4.0 * x)
        del c, d, r
    finally:
        cp.cuda.set_allocator(cp.get_default_memory_pool().malloc)


OPEN_IN_CHILD = """
import pickle, sys
import numpy as np
from oxcuda import cuda
handle = pickle.load(open(sys.argv[1], "rb"))
with handle as array:
    np.save(sys.argv[2], array.copy_to_host())
"""


def test_ipc_handles_of_pool_memory_open_in_another_process(stats, tmp_path):
    """A pool hands out pieces of one allocation: the handle carries the piece's offset, so
    another process sees the right bytes."""
    import os
    import pickle
    import subprocess
    import sys

    rng = np.random.default_rng()
    first = cuda.to_device(rng.random(1000))
    host = rng.random(777)
    second = cuda.to_device(host)  # likely carved from the same pool allocation as `first`
    handle = second.get_ipc_handle()
    path = tmp_path / "handle.pickle"
    path.write_bytes(pickle.dumps(handle))
    out = tmp_path / "seen.npy"
    env = dict(os.environ, OXCUDA_TARGET="gpu")
    done = subprocess.run(
        [sys.executable, "-c", OPEN_IN_CHILD, str(path), str(out)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    np.testing.assert_array_equal(np.load(out), host)
    del first
