"""The planted bugs of tests/kernels/test_racecheck.py under NVIDIA's compute-sanitizer on the
GPU: racecheck must report the shared-memory hazard of the reduction without a barrier (the
simulator's racecheck reports it too), and must stay quiet on the correct reduction. The
racy global ``+=`` shows on the GPU as a lost-update count (compute-sanitizer's racecheck checks
shared memory only). Skipped when compute-sanitizer is absent."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.gpu

SCRIPT = textwrap.dedent(
    """
    import sys
    import numpy as np
    from oxcuda import config, cuda, float32

    config.TARGET = "gpu"

    @cuda.jit
    def reduce_missing_sync(x, out):
        sm = cuda.shared.array(64, float32)
        t = cuda.threadIdx.x
        sm[t] = x[t]
        s = 32
        while s > 0:
            if t < s:
                sm[t] += sm[t + s]
            cuda.syncthreads()
            s //= 2
        if t == 0:
            out[0] = sm[0]

    @cuda.jit
    def reduce_with_barriers(x, out):
        sm = cuda.shared.array(64, float32)
        t = cuda.threadIdx.x
        sm[t] = x[t]
        cuda.syncthreads()
        s = 32
        while s > 0:
            if t < s:
                sm[t] += sm[t + s]
            cuda.syncthreads()
            s //= 2
        if t == 0:
            out[0] = sm[0]

    kernel = {"bug": reduce_missing_sync, "clean": reduce_with_barriers}[sys.argv[1]]
    x = cuda.to_device(np.ones(64, np.float32))
    out = cuda.device_array(1, np.float32)
    kernel[1, 64](x, out)
    cuda.synchronize()
    print("done", out.copy_to_host()[0])
    """
)


def sanitizer():
    found = shutil.which("compute-sanitizer")
    for candidate in ("/usr/local/cuda/bin/compute-sanitizer",):
        if found is None and os.path.exists(candidate):
            found = candidate
    if found is None:
        pytest.skip("compute-sanitizer is not installed")
    return found


def run(tmp_path, tool, case):
    script = tmp_path / "planted.py"
    script.write_text(SCRIPT)
    proc = subprocess.run(
        [sanitizer(), "--tool", tool, sys.executable, str(script), case],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    return proc.stdout + proc.stderr


def test_racecheck_finds_the_missing_barrier(tmp_path):
    out = run(tmp_path, "racecheck", "bug")
    assert "hazard" in out.lower() or "race" in out.lower(), out[-4000:]
    assert "0 hazards" not in out, out[-4000:]


def test_racecheck_is_quiet_on_the_correct_reduction(tmp_path):
    out = run(tmp_path, "racecheck", "clean")
    assert "done 64.0" in out, out[-4000:]
    assert "RACECHECK SUMMARY: 0 hazards" in out or "hazard" not in out.lower(), out[-4000:]


def test_racy_increment_loses_updates_on_the_gpu():
    import numpy as np
    from oxcuda import config, cuda

    @cuda.jit
    def racy(counter):
        counter[0] += 1

    with config.override(TARGET="gpu"):
        c = cuda.to_device(np.zeros(1, np.int64))
        racy[64, 256](c)
        assert c.copy_to_host()[0] < 64 * 256  # lost updates: the race the simulator reports
