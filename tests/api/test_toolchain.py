"""Finding and opening the CUDA libraries (``oxcuda._toolchain``).

These run without a GPU: libNVVM, libdevice, nvJitLink and NVRTC come from the pip wheels
(extra ``cu13``); the driver is absent on CI machines, and tests that need it are marked ``gpu``.
"""

from __future__ import annotations

import ctypes
import os

import oxcuda
import pytest
from oxcuda import _native, _toolchain
from oxcuda._knobs import Setting
from oxcuda.errors import CudaSupportError

pytestmark = pytest.mark.usefixtures("clean_settings")

config = oxcuda.config

LLVM_BITCODE_MAGIC = b"BC\xc0\xde"
BITCODE_WRAPPER_MAGIC = b"\xde\xc0\x17\x0b"


@pytest.fixture
def fresh_cache(monkeypatch):
    """An empty ``_toolchain._cache`` for this test; the previous one comes back after."""
    monkeypatch.setattr(_toolchain, "_cache", {})


@pytest.fixture
def not_a_library(tmp_path):
    path = tmp_path / "libnotreally.so"
    path.write_text("this is not a shared library\n")
    return path


def _driver_loadable() -> bool:
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    return True


# ---- found through cuda-pathfinder ---------------------------------------------------------


def test_libnvvm_is_found_with_sane_versions():
    info = _toolchain.nvvm_info()
    assert os.path.isfile(info["path"])
    assert os.path.basename(info["path"]).startswith("libnvvm.so")
    assert info["how"].startswith("cuda-pathfinder")
    assert tuple(info["ir_version"][:2]) == (2, 0)
    assert len(info["ir_version"]) == 4
    assert tuple(info["api_version"]) >= (2, 0)
    assert tuple(info["ptx_isa"]) >= (8, 0)
    assert tuple(info["cuda_release"]) >= (12, 0)


def test_nvjitlink_is_found_with_sane_versions():
    info = _toolchain.nvjitlink_info()
    assert os.path.isfile(info["path"])
    assert os.path.basename(info["path"]).startswith("libnvJitLink.so")
    assert info["how"].startswith("cuda-pathfinder")
    assert info["version"][0] >= 12
    assert tuple(info["max_ptx_isa"]) >= (8, 0)


def test_nvrtc_is_found_with_sane_versions():
    info = _toolchain.nvrtc_info()
    assert os.path.isfile(info["path"])
    assert os.path.basename(info["path"]).startswith("libnvrtc.so")
    assert info["how"].startswith("cuda-pathfinder")
    assert info["version"][0] >= 12


def test_installed_libraries_pass_the_version_check():
    _toolchain.check_versions()
    assert tuple(_toolchain.nvjitlink_info()["max_ptx_isa"]) >= tuple(
        _toolchain.nvvm_info()["ptx_isa"]
    )


def test_libdevice_is_found_and_is_bitcode():
    found = _toolchain.locate_libdevice()
    assert os.path.basename(found.path) == "libdevice.10.bc"
    assert found.how in ("beside libNVVM", "cuda-pathfinder")
    with open(found.path, "rb") as f:
        magic = f.read(4)
    assert magic in (LLVM_BITCODE_MAGIC, BITCODE_WRAPPER_MAGIC)
    assert os.path.getsize(found.path) > 100_000


def test_infos_are_cached_per_process():
    assert _toolchain.nvvm_info() is _toolchain.nvvm_info()
    assert _toolchain.nvjitlink_info() is _toolchain.nvjitlink_info()


# ---- explicit paths ------------------------------------------------------------------------


def test_explicit_nvvm_path_is_used(monkeypatch, fresh_cache):
    real = str(_toolchain.nvvm_info()["path"])
    _toolchain._cache.clear()
    monkeypatch.setenv("OXCUDA_NVVM_PATH", real)
    info = _toolchain.nvvm_info()
    assert str(info["path"]) == real
    assert info["how"] == f"OXCUDA_NVVM_PATH={real!r} (from the environment)"


def test_explicit_libdevice_path_is_used(tmp_path):
    fake = tmp_path / "libdevice.10.bc"
    fake.write_bytes(LLVM_BITCODE_MAGIC + b"\0" * 16)
    config.LIBDEVICE_PATH = fake
    found = _toolchain.locate_libdevice()
    assert found.path == str(fake)
    assert "set on oxcuda.config" in found.how


@pytest.mark.parametrize(
    ("knob", "locate", "component"),
    [
        ("NVVM_PATH", _toolchain.locate_nvvm, "libNVVM"),
        ("NVJITLINK_PATH", _toolchain.locate_nvjitlink, "nvJitLink"),
        ("NVRTC_PATH", _toolchain.locate_nvrtc, "NVRTC"),
        ("LIBDEVICE_PATH", _toolchain.locate_libdevice, "libdevice"),
        ("DRIVER_PATH", _toolchain.locate_driver, "the CUDA driver"),
    ],
)
def test_explicit_path_to_a_missing_file_raises(monkeypatch, knob, locate, component):
    monkeypatch.setenv(f"OXCUDA_{knob}", "/nonexistent/lib.so")
    with pytest.raises(CudaSupportError) as info:
        locate()
    message = str(info.value)
    assert message.startswith(f"{component} not found")
    assert f"OXCUDA_{knob}='/nonexistent/lib.so'" in message
    assert "environment" in message


def test_explicit_config_path_to_a_missing_file_names_the_config():
    with config.override(NVVM_PATH="/nonexistent/libnvvm.so.4"):
        with pytest.raises(CudaSupportError, match=r"OXCUDA_NVVM_PATH.*set on oxcuda\.config"):
            _toolchain.nvvm_info()


@pytest.mark.parametrize(
    ("knob", "info", "component"),
    [
        ("NVVM_PATH", _toolchain.nvvm_info, "libNVVM"),
        ("NVJITLINK_PATH", _toolchain.nvjitlink_info, "nvJitLink"),
        ("NVRTC_PATH", _toolchain.nvrtc_info, "NVRTC"),
    ],
)
def test_explicit_path_to_a_non_library_raises(
    monkeypatch, fresh_cache, not_a_library, knob, info, component
):
    monkeypatch.setenv(f"OXCUDA_{knob}", str(not_a_library))
    with pytest.raises(CudaSupportError) as raised:
        info()
    assert type(raised.value) is CudaSupportError
    assert f"{component} is unusable" in str(raised.value)
    assert str(not_a_library) in str(raised.value)
    # A failed open is not cached (where the file is may be: it was found).
    assert not [key for key in _toolchain._cache if key[0] != "located"]
    # The real library still opens afterwards.
    monkeypatch.delenv(f"OXCUDA_{knob}")
    assert info()["version" if component != "libNVVM" else "ptx_isa"]


def test_native_open_of_a_non_library_raises(not_a_library):
    with pytest.raises(CudaSupportError, match="libNVVM is unusable"):
        _native.open_nvvm(str(not_a_library))


# ---- the driver ----------------------------------------------------------------------------


def test_missing_driver_is_reported():
    if _driver_loadable():
        pytest.skip("this machine has a CUDA driver")
    with pytest.raises(CudaSupportError) as info:
        _toolchain.locate_driver()
    message = str(info.value)
    assert "libcuda.so.1" in message
    assert "simulator" in message
    assert "OXCUDA_DRIVER_PATH" in message
    with pytest.raises(CudaSupportError, match=r"libcuda\.so\.1"):
        _toolchain.driver_info()


def test_gpu_present_is_false_without_a_driver_and_does_not_raise(monkeypatch, not_a_library):
    if not _driver_loadable():
        assert _toolchain.gpu_present() is False
    monkeypatch.setenv("OXCUDA_DRIVER_PATH", "/nonexistent/libcuda.so.1")
    assert _toolchain.gpu_present() is False
    monkeypatch.setenv("OXCUDA_DRIVER_PATH", str(not_a_library))
    assert _toolchain.gpu_present() is False


def test_explicit_driver_path_to_a_non_library_raises(monkeypatch, not_a_library):
    monkeypatch.setenv("OXCUDA_DRIVER_PATH", str(not_a_library))
    with pytest.raises(CudaSupportError, match="the CUDA driver is unusable"):
        _toolchain.driver_info()


@pytest.mark.gpu
def test_driver_reports_devices():
    info = _toolchain.driver_info()
    assert os.path.basename(str(info["path"])).startswith("libcuda.so")
    assert tuple(info["version"]) >= (12, 0)
    assert info["devices"]
    for ordinal, device in enumerate(info["devices"]):
        assert device["ordinal"] == ordinal
        assert device["name"]
        assert tuple(device["compute_capability"]) >= (5, 0)
        assert device["total_memory"] > 2**30
        assert device["uuid"]
    assert _toolchain.gpu_present() is True
    assert config.resolve("TARGET") == Setting("TARGET", "gpu", "auto")


# ---- USE_NVJITLINK: auto-detection never errors, explicit requests are kept ---------------


def _hide_nvjitlink(monkeypatch):
    def hidden():
        raise CudaSupportError("nvJitLink not found (hidden by the test)")

    monkeypatch.setattr(_toolchain, "locate_nvjitlink", hidden)


def test_use_nvjitlink_detects_an_installed_nvjitlink():
    assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", True, "auto")


def test_hidden_nvjitlink_is_detected_as_off_without_error(monkeypatch, fresh_cache):
    _hide_nvjitlink(monkeypatch)
    assert _toolchain.nvjitlink_available() is False
    setting = config.resolve("USE_NVJITLINK")
    assert setting.value is False
    assert not setting.explicit
    # The detector answered "not installed" (it did not fail), so the value is auto-detected.
    assert setting.source == "auto"
    assert config.USE_NVJITLINK is False
    with pytest.raises(CudaSupportError, match="hidden by the test"):
        _toolchain.nvjitlink_info()


def test_explicit_use_nvjitlink_is_kept_when_nvjitlink_is_hidden(monkeypatch, fresh_cache):
    _hide_nvjitlink(monkeypatch)
    config.USE_NVJITLINK = True
    assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", True, "config")
    del config.USE_NVJITLINK
    monkeypatch.setenv("OXCUDA_USE_NVJITLINK", "1")
    assert config.resolve("USE_NVJITLINK") == Setting("USE_NVJITLINK", True, "environment")


# ---- nvJitLink >= libNVVM ------------------------------------------------------------------


def _fake_infos(monkeypatch, nvvm_isa, link_version, link_isa):
    monkeypatch.setattr(
        _toolchain,
        "nvvm_info",
        lambda: {"path": "/fake/libnvvm.so.4", "ptx_isa": nvvm_isa, "how": "test"},
    )
    monkeypatch.setattr(
        _toolchain,
        "nvjitlink_info",
        lambda: {
            "path": "/fake/libnvJitLink.so.13",
            "version": link_version,
            "max_ptx_isa": link_isa,
            "how": "test",
        },
    )


def test_check_versions_rejects_an_older_nvjitlink(monkeypatch, fresh_cache):
    _fake_infos(monkeypatch, nvvm_isa=(9, 5), link_version=(13, 0), link_isa=(9, 0))
    with pytest.raises(CudaSupportError) as info:
        _toolchain.check_versions()
    message = str(info.value)
    assert "nvJitLink 13.0 (/fake/libnvJitLink.so.13) is older than libNVVM" in message
    assert "PTX ISA 9.5" in message
    assert "/fake/libnvvm.so.4" in message
    assert "OXCUDA_NVJITLINK_PATH" in message


@pytest.mark.parametrize(
    ("nvvm_isa", "link_version", "link_isa"),
    [
        ((9, 5), (13, 5), (9, 5)),  # equal
        ((9, 0), (13, 5), (9, 5)),  # nvJitLink newer
        ((8, 8), (13, 0), (9, 0)),  # a 12.9 libNVVM with a 13.0 nvJitLink
        ((9, 5), (14, 0), None),  # max_ptx_isa unknown: not checked
    ],
)
def test_check_versions_accepts_an_equal_or_newer_nvjitlink(
    monkeypatch, fresh_cache, nvvm_isa, link_version, link_isa
):
    _fake_infos(monkeypatch, nvvm_isa, link_version, link_isa)
    assert _toolchain.check_versions() is None


def test_a_broken_pathfinder_import_is_not_reported_as_missing(monkeypatch):
    # A script next to a `random.py` shadows the standard library, and cuda-pathfinder's own
    # import fails: the error must name that failure, not claim the package is absent.
    import builtins

    real_import = builtins.__import__

    def shadowed(name, *args, **kwargs):
        if name == "cuda":
            raise ImportError("cannot import name 'Random' from 'random'", name="random")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", shadowed)
    with pytest.raises(CudaSupportError, match=r"installed but failed to import.*Random"):
        _toolchain._pathfinder_dynamic("nvvm", "libNVVM", "NVVM_PATH", "install it")


def test_a_missing_pathfinder_is_reported_as_not_installed(monkeypatch):
    import sys

    import cuda

    monkeypatch.delattr(cuda, "pathfinder", raising=False)
    monkeypatch.setitem(sys.modules, "cuda.pathfinder", None)
    with pytest.raises(CudaSupportError, match="cuda-pathfinder is not installed"):
        _toolchain._pathfinder_dynamic("nvvm", "libNVVM", "NVVM_PATH", "install it")
