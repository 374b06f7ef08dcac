"""Compile stages on the GPU path: the source is captured once per compile (disk-cache key and
compile share it, and so does the driver linker's link-input scan), and ``inspect_*`` read the
artifacts the launch's compile stored, compiling nothing again."""

import numpy as np
import oxcuda
import pytest
from oxcuda import _capture, _native, cuda

pytestmark = pytest.mark.gpu


@pytest.fixture
def counted(monkeypatch):
    calls = {"compile": 0, "capture": 0}
    real_compile, real_capture = _native.compile, _capture.capture

    def compile_(*args, **kwargs):
        calls["compile"] += 1
        return real_compile(*args, **kwargs)

    def capture(pyfunc, *args, **kwargs):
        # The kernel's own source: an extension's typing functions, registered by other tests
        # of the session, are captured for the disk-cache key too (oxcuda.cuda._disk_cache).
        if getattr(pyfunc, "__name__", "") == "scale":
            calls["capture"] += 1
        return real_capture(pyfunc, *args, **kwargs)

    monkeypatch.setattr(_native, "compile", compile_)
    monkeypatch.setattr(_capture, "capture", capture)
    return calls


def _launch(kernel, n):
    rng = np.random.default_rng()
    x = rng.random(n, dtype=np.float32)
    a = np.float32(rng.random() + 0.5)
    out = cuda.device_array(n, np.float32)
    kernel[(n + 127) // 128, 128](out, a, cuda.to_device(x))
    np.testing.assert_allclose(out.copy_to_host(), a * x, rtol=1e-6)


@pytest.mark.parametrize("nvjitlink", [True, False])
@pytest.mark.parametrize("cache", [True, False])
def test_the_source_is_captured_once_per_compile(counted, tmp_path, nvjitlink, cache):
    @cuda.jit(cache=cache)
    def scale(out, a, x):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i]

    with oxcuda.config.override(
        TARGET="gpu", USE_NVJITLINK=nvjitlink, CACHE_DIR=str(tmp_path / "cache")
    ):
        _launch(scale, 1000 + int(np.random.default_rng().integers(0, 1000)))
    assert counted == {"compile": 1, "capture": 1}


def test_inspect_reads_what_the_gpu_compile_stored(counted):
    @cuda.jit
    def scale(out, a, x):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = a * x[i]

    with oxcuda.config.override(TARGET="gpu", USE_NVJITLINK=True):
        _launch(scale, 777)
        (sig,) = scale.signatures
        typed = scale.inspect_types(signature=sig)
        nvvm = scale.inspect_llvm(sig)
        ptx = scale.inspect_asm(sig)
    assert counted["compile"] == 1  # nothing compiled again
    assert "kernel @f0" in typed and "define" in nvvm
    cc = cuda.get_current_device().compute_capability
    assert f".target sm_{cc[0]}{cc[1]}" in ptx
