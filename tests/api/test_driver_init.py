"""numba-cuda's driver initialisation, as its ``test_init`` observes it: the first use of a GPU
context runs ``driver.cuInit(0)`` (replaceable); a ``CudaAPIError`` from it is the
``CudaSupportError`` ``"Error at driver init: NAME (code)"``, raised again on every later use
and reported by ``cuda.cuda_error()``; ``NUMBA_DISABLE_CUDA=1`` / ``OXCUDA_DISABLE_CUDA=1``
refuse CUDA with numba's sentence. Each case runs in a fresh interpreter (initialisation
happens once per process) with ``OXCUDA_TARGET=gpu`` or auto-detection, so no GPU is needed:
the replaced ``cuInit`` or the setting decides before any driver is opened."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import textwrap

import pytest
from oxcuda.errors import CudaAPIError, CudaDriverError


def _run(code: str, **env: str) -> dict:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("OXCUDA_", "NUMBA_"))}
    clean.update(env)
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env=clean,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


ATTEMPTS = textwrap.dedent(
    """
    import json
    from oxcuda import cuda
    from oxcuda.cuda.cudadrv.driver import CudaAPIError, driver
    from oxcuda.cuda.cudadrv.error import CudaSupportError

    {setup}
    messages = []
    for _ in range(2):
        try:
            cuda.device_array(1)
        except CudaSupportError as e:
            messages.append(e.msg)
        else:
            messages.append(None)
    print(json.dumps({{"messages": messages, "error": cuda.cuda_error(),
                      "available": cuda.is_available()}}))
"""
)


def test_a_failing_cuinit_is_numbas_error_at_driver_init():
    setup = """
    def cuInit(flags):
        raise CudaAPIError(999, "CUDA_ERROR_UNKNOWN")

    driver.cuInit = cuInit
    """
    got = _run(ATTEMPTS.format(setup=textwrap.dedent(setup).strip()), OXCUDA_TARGET="gpu")
    expected = "Error at driver init: CUDA_ERROR_UNKNOWN (999)"
    assert got["messages"] == [expected, expected]
    assert got["error"] == "CUDA_ERROR_UNKNOWN (999)"


def test_the_replacement_cuinit_is_called_with_zero_once_per_success():
    setup = """
    calls = []
    original = driver.cuInit

    def cuInit(flags):
        calls.append(flags)
        raise CudaAPIError(100, "CUDA_ERROR_NO_DEVICE")

    driver.cuInit = cuInit
    """
    code = ATTEMPTS.format(setup=textwrap.dedent(setup).strip())
    code = code.replace('"available"', '"calls": calls, "available"')
    got = _run(code, OXCUDA_TARGET="gpu")
    assert got["calls"] == [0]  # the failure is remembered, not retried
    assert got["messages"] == ["Error at driver init: CUDA_ERROR_NO_DEVICE (100)"] * 2


@pytest.mark.parametrize("variable", ["NUMBA_DISABLE_CUDA", "OXCUDA_DISABLE_CUDA"])
def test_disable_cuda_refuses_cuda_with_numbas_sentence(variable):
    got = _run(ATTEMPTS.format(setup=""), **{variable: "1"})
    expected = f"CUDA is disabled due to setting {variable}=1 in the environment"
    assert all(m.startswith(expected) for m in got["messages"]), got
    assert "OXCUDA_TARGET=sim" in got["messages"][0]
    assert got["error"].startswith(expected)
    assert got["available"] is False


def test_disable_cuda_leaves_the_simulator_usable():
    got = _run(ATTEMPTS.format(setup=""), NUMBA_DISABLE_CUDA="1", OXCUDA_TARGET="sim")
    assert got == {"messages": [None, None], "error": None, "available": False}


def test_numbas_two_argument_cuda_api_error():
    e = CudaAPIError(999, "CUDA_ERROR_UNKNOWN")
    assert isinstance(e, CudaDriverError)
    assert (e.code, e.msg, str(e)) == (999, "CUDA_ERROR_UNKNOWN", "[999] CUDA_ERROR_UNKNOWN")
    again = pickle.loads(pickle.dumps(e))
    assert (again.code, again.msg, str(again)) == (e.code, e.msg, str(e))
    full = CudaDriverError("cuMemAlloc", 2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory")
    assert str(full) == "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (2): out of memory"
    assert full.msg == "out of memory" and full.function == "cuMemAlloc"
