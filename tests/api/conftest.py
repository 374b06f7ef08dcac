"""Fixtures of the API tests: ``stub_driver``, a stand-in for libcuda built from
``bench/stub_driver.c`` (its entry points succeed at once: a context "exists", kernels compile
for real for its compute capability 9.0 and "launch" without running), for the launch path's
tests without a GPU."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _toolchain_present() -> bool:
    from oxcuda import _toolchain

    try:
        _toolchain.nvvm_info()
        _toolchain.nvjitlink_info()
    except Exception:  # noqa: BLE001 - a probe
        return False
    return True


@pytest.fixture(scope="module")
def stub_driver(tmp_path_factory: pytest.TempPathFactory) -> str:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the stub driver")
    if not _toolchain_present():
        pytest.skip("libNVVM or nvJitLink not installed")
    out = tmp_path_factory.mktemp("stub") / "libcuda.so.1"
    subprocess.run(
        [cc, "-O1", "-shared", "-fPIC", "-o", str(out), str(ROOT / "bench" / "stub_driver.c")],
        check=True,
    )
    return str(out)
