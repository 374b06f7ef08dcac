"""Cooperative launches on the GPU: a grid-sync kernel is launched with
cuLaunchCooperativeKernel automatically, fills the device to its co-residency limit correctly,
and a larger grid is refused before launching, naming the limit (never a hang)."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.gpu


@cuda.jit
def sequential_rows(M):  # noqa: N803 - numba's example
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    for row in range(1, M.shape[0]):
        M[row, col] = M[row - 1, M.shape[1] - col - 1] + 1
        g.sync()


@cuda.jit
def plain(a):
    a[cuda.grid(1)] += 1


def test_full_device_cooperative_launch_and_the_limit():
    rng = np.random.default_rng()
    with oxcuda.config.override(TARGET="gpu"):
        probe = cuda.to_device(np.zeros((2, 128), np.int32))
        sequential_rows[1, 128](probe)
        limit = sequential_rows.max_cooperative_grid_blocks(128)
        assert limit >= cuda.get_current_device().MULTIPROCESSOR_COUNT
        kernel = sequential_rows._gpu_kernel(None, "cooperative")
        assert kernel.cooperative is True
        cols = limit * 128
        m = np.zeros((16, cols), np.int32)
        m[0] = rng.integers(-1000, 1000, size=cols)
        want = m.copy()
        for r in range(1, m.shape[0]):
            want[r] = want[r - 1][::-1] + 1
        d = cuda.to_device(m)
        sequential_rows[limit, 128](d)
        np.testing.assert_array_equal(d.copy_to_host(), want)
        too_many = cuda.to_device(np.zeros((2, (limit + 1) * 128), np.int32))
        with pytest.raises(ValueError, match=f"exceeds the device's {limit}"):
            sequential_rows[limit + 1, 128](too_many)
        cuda.synchronize()  # nothing was launched: the context is healthy


def test_kernels_without_grid_sync_launch_normally():
    with oxcuda.config.override(TARGET="gpu"):
        a = cuda.to_device(np.zeros(1 << 16, np.float32))
        plain[256, 256](a)
        assert plain._gpu_kernel(None, "cooperative").cooperative is False
        np.testing.assert_array_equal(a.copy_to_host(), 1)


CACHED = textwrap.dedent(
    """
    import json
    import numpy as np
    from oxcuda import cuda

    @cuda.jit(cache=True)
    def rows(M):
        col = cuda.grid(1)
        g = cuda.cg.this_grid()
        for row in range(1, M.shape[0]):
            M[row, col] = M[row - 1, M.shape[1] - col - 1] + 1
            g.sync()

    m = np.zeros((8, 1024), np.int32)
    m[0] = np.arange(1024)
    want = m.copy()
    for r in range(1, 8):
        want[r] = want[r - 1][::-1] + 1
    d = cuda.to_device(m)
    rows[8, 128](d)
    ok = bool((d.copy_to_host() == want).all())
    coop = rows._gpu_kernel(None, "cooperative").cooperative
    print(json.dumps({"ok": ok, "cooperative": coop, "stats": dict(rows.stats)}))
    """
)


def test_a_cached_image_still_launches_cooperatively(tmp_path):
    """The disk cache keeps the cooperative flag: a kernel loaded from it (compiling nothing)
    is launched cooperatively too."""
    script = tmp_path / "cached_rows.py"
    script.write_text(CACHED)
    env = {**os.environ, "OXCUDA_CACHE_DIR": str(tmp_path / "cache"), "OXCUDA_TARGET": "gpu"}
    results = []
    for _ in range(2):
        proc = subprocess.run(
            [sys.executable, str(script)], capture_output=True, text=True, env=env, check=False
        )
        assert proc.returncode == 0, proc.stderr
        results.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    cold, warm = results
    assert "libnvvm" in cold["stats"] and "libnvvm" not in warm["stats"]
    assert cold["ok"] and warm["ok"] and cold["cooperative"] and warm["cooperative"]
