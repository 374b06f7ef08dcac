"""Library files named by ``OXCUDA_*_PATH`` settings are checked before they are opened
(``oxcuda._libfile``): a truncated or foreign file is a CudaSupportError naming the component,
the file and the setting — not SIGBUS in the system loader (a truncated libNVVM used to kill
the process) or an InternalCompilerError (libdevice pointing at a text file). A driver setting
that cannot be honoured is an error, not a quiet fallback to the simulator (issue 17)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import oxcuda
import pytest
from oxcuda import _libfile, _toolchain
from oxcuda.errors import CudaSupportError

pytestmark = pytest.mark.usefixtures("clean_settings")


@pytest.fixture
def fresh_cache(monkeypatch):
    monkeypatch.setattr(_toolchain, "_cache", {})


def _real(info):
    try:
        return str(info()["path"])
    except CudaSupportError:
        pytest.skip("library not installed")


@pytest.mark.parametrize(
    "info", [_toolchain.nvvm_info, _toolchain.nvjitlink_info, _toolchain.nvrtc_info]
)
def test_installed_libraries_pass_the_check(info):
    path = _real(info)
    _libfile.check_shared_object(path, "x", "test")  # no exception


@pytest.mark.parametrize("fraction", [0.0005, 0.3, 0.6, 0.999])
def test_truncated_libnvvm_is_refused_naming_the_setting(tmp_path, fresh_cache, fraction):
    real = _real(_toolchain.nvvm_info)
    _toolchain._cache.clear()
    data = Path(real).read_bytes()
    cut = tmp_path / "libnvvm.so.4"
    cut.write_bytes(data[: int(len(data) * fraction)])
    oxcuda.config.NVVM_PATH = str(cut)
    with pytest.raises(CudaSupportError) as info:
        _toolchain.nvvm_info()
    message = str(info.value)
    assert message.startswith("libNVVM is unusable: ")
    assert str(cut) in message and "truncated" in message
    assert "NVVM_PATH" in message and "oxcuda.config" in message


def test_truncated_library_in_a_fresh_process_is_an_error_not_sigbus(tmp_path):
    real = _real(_toolchain.nvvm_info)
    cut = tmp_path / "libnvvm.so.4"
    shutil.copyfile(real, cut)
    with open(cut, "r+b") as f:
        f.truncate(int(cut.stat().st_size * 0.3))
    script = textwrap.dedent(
        """
        from oxcuda import cuda
        from oxcuda.errors import CudaSupportError
        import numpy as np

        @cuda.jit
        def k(a):
            a[0] = 1

        try:
            cuda.compile_ptx(k.py_func, "void(float32[::1])")
        except CudaSupportError as e:
            print("refused:", e)
        """
    )
    env = {"OXCUDA_NVVM_PATH": str(cut), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**__import__("os").environ, **env},
        check=False,
        timeout=120,
    )
    assert proc.returncode == 0, (proc.returncode, proc.stderr[-2000:])
    assert "refused: libNVVM is unusable" in proc.stdout
    assert "OXCUDA_NVVM_PATH=" in proc.stdout and "(from the environment)" in proc.stdout


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"root:x:0:0:root:/root:/bin/bash\n", "no ELF header"),
        (b"\x7fELF\x02\x01\x01" + b"\0" * 9 + b"\x01\0" + b"\0" * 46, "not a shared library"),
        (b"\x7fELF\x02\x01\x01" + b"\0" * 13, "truncated"),
    ],
)
def test_foreign_files_are_refused(tmp_path, content, why):
    path = tmp_path / "lib.so"
    path.write_bytes(content)
    with pytest.raises(CudaSupportError, match=why):
        _libfile.check_shared_object(str(path), "nvJitLink", "OXCUDA_NVJITLINK_PATH='x'")


def test_libdevice_that_is_not_bitcode_names_libdevice_and_the_setting(fresh_cache):
    oxcuda.config.LIBDEVICE_PATH = "/etc/passwd"
    with pytest.raises(CudaSupportError) as info:
        _toolchain.locate_libdevice()
    message = str(info.value)
    assert message.startswith("libdevice is unusable: /etc/passwd is not LLVM bitcode")
    assert "LIBDEVICE_PATH" in message


def test_libdevice_setting_refused_at_compile(fresh_cache):
    """A kernel that needs libdevice (math.sin) reports the setting, not an internal error."""
    import math

    from oxcuda import cuda

    _real(_toolchain.nvvm_info)

    def k(out, x):
        out[0] = math.sin(x[0])

    oxcuda.config.LIBDEVICE_PATH = "/etc/passwd"
    with pytest.raises(CudaSupportError, match="libdevice is unusable: /etc/passwd"):
        cuda.compile_ptx(k, "void(float64[::1], float64[::1])")


def test_missing_driver_setting_is_an_error_not_a_fallback(tmp_path):
    """With TARGET auto-detected, an explicit OXCUDA_DRIVER_PATH that cannot be opened is an
    error naming it (it used to fall back to the simulator silently)."""
    script = textwrap.dedent(
        """
        import numpy as np
        from oxcuda import cuda
        from oxcuda.errors import CudaSupportError

        @cuda.jit
        def k(a):
            a[0] = 1

        try:
            k[1, 1](np.zeros(1))
        except CudaSupportError as e:
            print("refused:", e)
        else:
            print("ran")
        """
    )
    import os

    path = tmp_path / "driver_setting.py"
    path.write_text(script)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OXCUDA_")}
    env["OXCUDA_DRIVER_PATH"] = str(tmp_path / "missing" / "libcuda.so.1")
    proc = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, env=env, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert "refused: the CUDA driver not found" in proc.stdout
    assert "OXCUDA_DRIVER_PATH=" in proc.stdout and "missing" in proc.stdout
    # Asking for the simulator explicitly does not need the driver.
    env["OXCUDA_TARGET"] = "sim"
    proc = subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, env=env, check=False
    )
    assert proc.stdout.strip() == "ran", proc.stderr
