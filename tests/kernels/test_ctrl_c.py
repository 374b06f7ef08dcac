"""Ctrl-C stops a simulated kernel (issue 17: an infinite loop ignored SIGINT): the launch
raises KeyboardInterrupt, and the process stays usable — the next launch runs and is right.
Each case runs in a child process that a SIGINT is sent to."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

SCRIPT = textwrap.dedent(
    """
    import sys, time
    import numpy as np
    from oxcuda import config, cuda

    config.TARGET = "sim"
    BLOCKS = int(sys.argv[1])

    @cuda.jit
    def spin(a):
        i = cuda.grid(1)
        while a[0] >= 0.0:   # always true: a[0] stays 1
            a[i % a.size] += 0.0

    @cuda.jit
    def spin_with_barrier(a):
        while a[0] >= 0.0:
            cuda.syncthreads()

    @cuda.jit
    def add_one(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] += 1

    kernel = spin_with_barrier if len(sys.argv) > 2 else spin
    d = cuda.to_device(np.ones(64))
    print("started", flush=True)
    t0 = time.perf_counter()
    try:
        kernel[BLOCKS, 32](d)
    except KeyboardInterrupt:
        print("interrupted after %.2f s" % (time.perf_counter() - t0), flush=True)
    h = np.random.default_rng().standard_normal(1000)
    x = cuda.to_device(h)
    add_one[8, 128](x)
    assert np.array_equal(x.copy_to_host(), h + 1)
    print("usable", flush=True)
    """
)


@pytest.mark.parametrize("args", [["1"], ["64"], ["4", "barrier"]])
def test_sigint_stops_an_infinite_simulated_kernel(tmp_path, args):
    script = tmp_path / "spin.py"
    script.write_text(SCRIPT)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OXCUDA_")}
    proc = subprocess.Popen(
        [sys.executable, str(script), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout.readline().strip() == "started"
        time.sleep(1.0)  # inside the launch (the kernel compiles in milliseconds)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, (proc.returncode, err[-3000:])
    assert "interrupted after" in out and out.strip().endswith("usable"), (out, err)
