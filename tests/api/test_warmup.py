"""The compiler's warm-up beside the first context (``oxcuda.cuda._warmup``), without a GPU:
the driver is ``bench/stub_driver.c``, built here, whose entry points succeed at once, so a
context "exists" and kernels compile for real (libNVVM, nvJitLink) for its compute capability
9.0. Each case runs in a fresh process, where the first context is the process's first."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parents[2]


SCRIPT = textwrap.dedent("""
    import hashlib, json, sys
    import numpy as np
    from oxcuda import cuda
    from oxcuda.cuda import _warmup, compiler

    def axpy(r, a, x, y):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = a * x[i] + y[i]

    x = cuda.to_device(np.arange(4, dtype=np.float32))  # the process's first context
    started = _warmup._thread is not None
    _warmup.join()
    alive = started and _warmup._thread.is_alive()
    sig = "void(float32[::1], float32, float32[::1], float32[::1])"
    result = compiler.compile_pyfunc(axpy, sig, device=False, output="cubin", cc=(9, 0))
    digest = hashlib.sha256(result["ptx"].encode() + result["cubin"]).hexdigest()
    k = cuda.jit(axpy)
    k[1, 32](x, 2.0, x, x)  # compiles, loads into the stub, launches (a no-op)
    json.dump({"started": started, "alive": alive, "digest": digest}, sys.stdout)
""")


def _run(stub: str, **env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ, OXCUDA_DRIVER_PATH=stub, OXCUDA_TARGET="gpu", **env)
    return subprocess.run(
        [sys.executable, "-c", SCRIPT], env=full, capture_output=True, text=True, timeout=300
    )


def test_the_warm_up_runs_with_the_first_context_and_changes_no_output(stub_driver):
    warm = _run(stub_driver)
    assert warm.returncode == 0, warm.stderr
    cold = _run(stub_driver, OXCUDA_WARM_COMPILER="0")
    assert cold.returncode == 0, cold.stderr
    warm_result, cold_result = json.loads(warm.stdout), json.loads(cold.stdout)
    assert warm_result["started"] is True
    assert warm_result["alive"] is False  # join() waited for it
    assert cold_result["started"] is False  # the setting turns it off
    # The same PTX and cubin, with or without the warm-up before them.
    assert warm_result["digest"] == cold_result["digest"]


def test_a_warm_up_that_fails_is_silent_and_the_compile_reports_the_error(stub_driver, tmp_path):
    missing = str(tmp_path / "no-such-libnvvm.so")
    run = _run(stub_driver, OXCUDA_NVVM_PATH=missing)
    assert run.returncode != 0
    # The error is the compile's own, naming the setting, raised once, on the main thread.
    assert "CudaSupportError" in run.stderr
    assert "OXCUDA_NVVM_PATH" in run.stderr
    assert "Exception in thread" not in run.stderr
    assert run.stderr.count("Traceback") == 1


def test_a_compile_before_the_driver_answers_does_not_wait_for_it(monkeypatch):
    """join() releases a thread still waiting for the architecture: a compile never waits for
    the driver through the warm-up."""
    import threading

    from oxcuda.cuda import _warmup

    monkeypatch.setattr(_warmup, "_thread", None)
    monkeypatch.setattr(_warmup, "_arch", threading.Event())
    monkeypatch.setattr(_warmup, "_cc", None)
    from oxcuda._knobs import config

    with config.override(WARM_COMPILER=True):
        _warmup.start()
    thread = _warmup._thread
    assert thread is not None
    _warmup.join()  # device_known() was never called: join must not hang
    assert not thread.is_alive()
