"""numba-cuda's setting names on ``oxcuda.config`` and the ``NUMBA_*`` environment variables
(``oxcuda._numba_config``): aliases, fixed behaviours, and names with no counterpart."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from oxcuda import _detect, _numba_config
from oxcuda.errors import ConfigurationError, NumbaInvalidConfigWarning


def test_numba_enable_cudasim_selects_the_simulator(clean_settings, monkeypatch):
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "1")
    s = clean_settings.resolve("TARGET")
    assert (s.value, s.source, s.via) == ("sim", "numba environment", "NUMBA_ENABLE_CUDASIM")
    assert s.explicit
    assert "NUMBA_ENABLE_CUDASIM" in s.describe()
    assert clean_settings.ENABLE_CUDASIM is True


def test_the_oxcuda_variable_outranks_the_numba_one(clean_settings, monkeypatch):
    monkeypatch.setenv("NUMBA_CUDA_MEMORY_MANAGER", "numba_side")
    monkeypatch.setenv("OXCUDA_MEMORY_MANAGER", "oxcuda_side")
    assert clean_settings.resolve("MEMORY_MANAGER").value == "oxcuda_side"
    monkeypatch.delenv("OXCUDA_MEMORY_MANAGER")
    assert clean_settings.CUDA_MEMORY_MANAGER == "numba_side"
    clean_settings.MEMORY_MANAGER = "from_config"
    assert clean_settings.CUDA_MEMORY_MANAGER == "from_config"


def test_setting_a_numba_name_sets_the_oxcuda_knob(clean_settings):
    clean_settings.ENABLE_CUDASIM = True
    assert clean_settings.resolve("TARGET").source == "config"
    assert clean_settings.TARGET == "sim"
    del clean_settings.ENABLE_CUDASIM
    assert clean_settings.resolve("TARGET").source != "config"


def test_numba_dump_variables_add_compile_stages(clean_settings, monkeypatch):
    monkeypatch.setenv("NUMBA_DUMP_LLVM", "1")
    monkeypatch.setenv("NUMBA_DUMP_ASSEMBLY", "1")
    s = clean_settings.resolve("DUMP")
    assert set(s.value) == {"nvvm", "ptx"} and s.source == "numba environment"
    assert clean_settings.DUMP_LLVM and clean_settings.DUMP_ASSEMBLY
    assert not clean_settings.DUMP_IR
    clean_settings.DUMP_IR = True
    assert "lowered" in clean_settings.DUMP
    clean_settings.DUMP_LLVM = False
    assert "nvvm" not in clean_settings.DUMP


def test_a_bad_numba_value_names_the_variable(clean_settings, monkeypatch):
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "maybe")
    with pytest.raises(ConfigurationError, match="NUMBA_ENABLE_CUDASIM"):
        clean_settings.resolve("TARGET")


def test_fixed_behaviours_answer_and_warn_when_asked_otherwise(clean_settings):
    assert clean_settings.CUDA_ARRAY_INTERFACE_SYNC is True
    assert clean_settings.CUDA_LOW_OCCUPANCY_WARNINGS is False
    assert clean_settings.FORCE_CUDA_CC is None
    with pytest.warns(NumbaInvalidConfigWarning, match="CUDA_ARRAY_INTERFACE_SYNC.*sync=False"):
        clean_settings.CUDA_ARRAY_INTERFACE_SYNC = False
    assert clean_settings.CUDA_ARRAY_INTERFACE_SYNC is True
    with pytest.warns(NumbaInvalidConfigWarning, match="FORCE_CUDA_CC.*cc="):
        clean_settings.FORCE_CUDA_CC = "8.0"


def test_unknown_numba_variables_are_named_in_a_warning():
    env = {"NUMBA_OPT": "3", "NUMBA_ENABLE_CUDASIM": "1", "NUMBA_CUDA_DEBUGINFO_DEFAULT": "1"}
    with pytest.warns(NumbaInvalidConfigWarning) as seen:
        unknown = _numba_config.warn_unknown_environment(env)
    assert unknown == ["NUMBA_OPT"]
    text = "\n".join(str(w.message) for w in seen)
    assert "NUMBA_OPT" in text and "no counterpart" in text
    assert "CUDA_DEBUGINFO_DEFAULT" in text and "debug=True" in text
    assert "ENABLE_CUDASIM" not in text


def test_python_m_oxcuda_shows_numba_sources(clean_settings, monkeypatch):
    monkeypatch.setenv("NUMBA_ENABLE_CUDASIM", "1")
    monkeypatch.setenv("NUMBA_OPT", "2")
    lines = _detect._settings()
    assert any("OXCUDA_TARGET = 'sim'" in ln and "NUMBA_ENABLE_CUDASIM" in ln for ln in lines)
    assert any(ln.startswith("NUMBA_OPT:") and "no counterpart" in ln for ln in lines)


def test_import_warns_about_an_unknown_numba_variable():
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["NUMBA_NOT_A_SETTING"] = "1"
    out = subprocess.run(
        [sys.executable, "-W", "always", "-c", "import oxcuda"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "NUMBA_NOT_A_SETTING" in out.stderr and "NumbaInvalidConfigWarning" in out.stderr


def test_dir_lists_numba_names(clean_settings):
    names = dir(clean_settings)
    assert {"ENABLE_CUDASIM", "CUDA_WARN_ON_IMPLICIT_COPY", "TARGET"} <= set(names)


def test_a_numba_name_equal_to_an_oxcuda_one_is_that_setting(clean_settings, monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert clean_settings.resolve("CACHE_DIR").source == "numba environment"
    assert clean_settings.CACHE_DIR == str(tmp_path)
    clean_settings.CACHE_DIR = str(tmp_path / "x")
    assert clean_settings.CACHE_DIR == str(tmp_path / "x")
    del clean_settings.CACHE_DIR
    assert clean_settings.CACHE_DIR == str(tmp_path)


def test_numba_config_import_paths_name_oxcuda_config():
    # numba-cuda programs import the settings object from numba.cuda and from numba.cuda.core
    # (0.30's module); after the import change each path must be oxcuda.config itself, so a
    # write through one is read through the others.
    import importlib

    import oxcuda
    from oxcuda.cuda import config as from_cuda
    from oxcuda.cuda.core import config as from_core
    from oxcuda.cuda.core.config import ENABLE_CUDASIM

    assert from_cuda is oxcuda.config
    assert from_core is oxcuda.config
    assert importlib.import_module("oxcuda.cuda.core.config") is oxcuda.config
    assert ENABLE_CUDASIM == oxcuda.config.ENABLE_CUDASIM
    before = oxcuda.config.CACHE_DIR
    try:
        from_core.CACHE_DIR = "/tmp/oxcuda-numba-path-test"
        assert from_cuda.CACHE_DIR == "/tmp/oxcuda-numba-path-test"
        assert oxcuda.config.resolve("CACHE_DIR").source == "config"
    finally:
        del oxcuda.config.CACHE_DIR
    assert oxcuda.config.CACHE_DIR == before


def test_numba_core_path_has_no_compiler_internals():
    # Only config and errors live at numba.cuda.core's path; numba's compiler modules are
    # not faked.
    import importlib

    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("oxcuda.cuda.core.ir")


def test_disable_performance_warnings_is_the_negated_knob(clean_settings, monkeypatch):
    # numba's DISABLE_PERFORMANCE_WARNINGS (1 = off) is oxcuda's PERFORMANCE_WARNINGS (False =
    # off), by attribute and by environment variable, below OXCUDA_PERFORMANCE_WARNINGS.
    assert clean_settings.PERFORMANCE_WARNINGS is True
    assert clean_settings.DISABLE_PERFORMANCE_WARNINGS is False
    clean_settings.DISABLE_PERFORMANCE_WARNINGS = 1
    assert clean_settings.PERFORMANCE_WARNINGS is False
    assert clean_settings.resolve("PERFORMANCE_WARNINGS").source == "config"
    del clean_settings.DISABLE_PERFORMANCE_WARNINGS
    monkeypatch.setenv("NUMBA_DISABLE_PERFORMANCE_WARNINGS", "1")
    s = clean_settings.resolve("PERFORMANCE_WARNINGS")
    assert (s.value, s.source) == (False, "numba environment")
    monkeypatch.setenv("OXCUDA_PERFORMANCE_WARNINGS", "1")
    assert clean_settings.PERFORMANCE_WARNINGS is True


def test_cuda_warn_on_implicit_copy_is_an_alias(clean_settings, monkeypatch):
    # numba's CUDATestCase sets config.CUDA_WARN_ON_IMPLICIT_COPY = 0 in setUp: it must turn
    # the copy warning off here too, not only warn that it cannot.
    assert clean_settings.CUDA_WARN_ON_IMPLICIT_COPY is True
    clean_settings.CUDA_WARN_ON_IMPLICIT_COPY = 0
    assert clean_settings.WARN_ON_IMPLICIT_COPY is False
    assert clean_settings.CUDA_WARN_ON_IMPLICIT_COPY is False
    del clean_settings.CUDA_WARN_ON_IMPLICIT_COPY
    monkeypatch.setenv("NUMBA_CUDA_WARN_ON_IMPLICIT_COPY", "0")
    assert clean_settings.resolve("WARN_ON_IMPLICIT_COPY").source == "numba environment"
    assert clean_settings.WARN_ON_IMPLICIT_COPY is False
