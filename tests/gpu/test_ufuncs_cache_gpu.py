"""``vectorize(..., cache=True)``, ``guvectorize(..., cache=True)`` on the GPU: a second
process loads the ufunc's kernels from the disk cache (compiling nothing) and computes the same
result."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.gpu

SCRIPT = textwrap.dedent(
    """
    import json
    import numpy as np
    from oxcuda import cuda

    @cuda.vectorize(["float32(float32, float32)"], cache=True)
    def fma(x, y):
        return x * y + x

    @cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->()", cache=True)
    def total(x, out):
        s = np.float32(0)
        for i in range(x.shape[0]):
            s += x[i]
        out[0] = s

    rng = np.random.default_rng()
    x = rng.random(5000, dtype=np.float32)
    y = rng.random(5000, dtype=np.float32)
    got = fma(cuda.to_device(x), cuda.to_device(y)).copy_to_host()
    m = rng.random((50, 20), dtype=np.float32)
    sums = total(m)
    ok = bool(np.allclose(got, x * y + x, rtol=1e-6))
    ok = ok and bool(np.allclose(sums, m.sum(1), rtol=1e-5))
    kernels = list(fma._elementwise._kernels.values()) + [total._kernel]
    print(json.dumps({"ok": ok, "stats": [dict(k.stats) for k in kernels]}))
    """
)


def run(tmp_path, cache_dir):
    script = tmp_path / "cached_ufunc.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "OXCUDA_CACHE_DIR": str(cache_dir), "OXCUDA_TARGET": "gpu"}
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_second_process_loads_the_ufunc_kernels_from_the_disk_cache(tmp_path):
    cache_dir = tmp_path / "cache"
    cold = run(tmp_path, cache_dir)
    assert cold["ok"] and all("libnvvm" in s for s in cold["stats"])
    assert len([p for p in cache_dir.iterdir() if p.suffix == ".nbc"]) == len(cold["stats"])
    warm = run(tmp_path, cache_dir)
    assert warm["ok"]
    assert all(set(s) == {"cache_load"} for s in warm["stats"]), warm["stats"]
