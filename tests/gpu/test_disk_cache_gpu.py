"""``@cuda.jit(cache=True)`` on the GPU: a second process loads the kernel from the disk cache
(compiling nothing) and computes the same result."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.gpu

SCRIPT = textwrap.dedent(
    """
    import json, sys, time
    import numpy as np
    from oxcuda import cuda

    @cuda.jit(cache=True)
    def axpy(out, a, x, y):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i] + y[i]

    rng = np.random.default_rng()
    n = int(rng.integers(1000, 100000))
    x = rng.random(n, dtype=np.float32)
    y = rng.random(n, dtype=np.float32)
    a = np.float32(rng.random())
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    out = cuda.device_array(n, np.float32)
    cuda.synchronize()
    t0 = time.perf_counter()
    axpy[(n + 127) // 128, 128](out, a, dx, dy)
    cuda.synchronize()
    first = time.perf_counter() - t0
    ok = bool(np.allclose(out.copy_to_host(), a * x + y, rtol=1e-6))
    st = axpy.stats
    counts = {
        "hits": sum(st.cache_hits.values()),
        "misses": sum(st.cache_misses.values()),
        "path": st.cache_path,
    }
    print(json.dumps({"ok": ok, "stats": dict(st), "first_s": first, **counts}))
    """
)


def run(tmp_path, cache_dir, source=SCRIPT):
    script = tmp_path / "cached_kernel.py"
    script.write_text(source)
    env = {**os.environ, "OXCUDA_CACHE_DIR": str(cache_dir), "OXCUDA_TARGET": "gpu"}
    proc = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_second_process_loads_from_the_disk_cache(tmp_path):
    cache_dir = tmp_path / "cache"
    cold = run(tmp_path, cache_dir)
    assert cold["ok"] and "libnvvm" in cold["stats"]
    assert (cold["hits"], cold["misses"], cold["path"]) == (0, 1, str(cache_dir))
    # numba's layout: one index for the function, one data file for the specialisation.
    entries = sorted(p.name for p in cache_dir.iterdir())
    assert len(entries) == 2 and all(e.startswith("__main__.axpy-") for e in entries), entries
    assert entries[0].endswith(".nbc") and entries[1].endswith(".nbi")
    warm = run(tmp_path, cache_dir)
    assert warm["ok"]
    assert set(warm["stats"]) == {"cache_load"}  # nothing compiled
    assert (warm["hits"], warm["misses"]) == (1, 0)  # numba's stats.cache_hits/cache_misses
    assert warm["first_s"] < cold["first_s"]


def test_changed_source_misses(tmp_path):
    cache_dir = tmp_path / "cache"
    run(tmp_path, cache_dir)
    edited = SCRIPT.replace("a * x[i] + y[i]", "a * x[i] + y[i] + 0.0")
    again = run(tmp_path, cache_dir, edited)
    assert again["ok"] and "libnvvm" in again["stats"]
    # The edit changed the source file: the next store deleted the stale entry.
    data = [p.name for p in cache_dir.iterdir() if p.suffix == ".nbc"]
    assert len(data) == 1 and len(list(cache_dir.iterdir())) == 2
