"""``python -m oxcuda`` / ``oxcuda.cuda.detect()``, and what ``import oxcuda`` does not do."""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
import sys
import textwrap
import time

import numpy
import oxcuda
import pytest
from oxcuda import _toolchain, cuda
from oxcuda._knobs import KNOBS, PREFIX, SOURCES

SECTIONS = ["CUDA driver", "GPUs", "libNVVM", "libdevice", "nvJitLink", "NVRTC", "Settings"]


def _clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(PREFIX)}
    env.update(extra)
    return env


def _run(args: list[str], **extra_env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=_clean_env(**extra_env),
        check=False,
    )


def _sections(report: str) -> dict[str, list[str]]:
    """The report's sections: a line ``Name:`` at column 0, then its indented lines."""
    sections: dict[str, list[str]] = {}
    current = None
    for line in report.splitlines():
        if line.endswith(":") and not line.startswith(" "):
            current = line[:-1]
            sections[current] = []
        elif current is not None:
            assert line.startswith("  "), line
            sections[current].append(line.strip())
    return sections


def _check_report(report: str) -> dict[str, list[str]]:
    """What every report holds, whatever this machine has."""
    head = report.splitlines()[:3]
    assert head[0] == f"oxcuda {oxcuda.__version__}"
    assert head[1].startswith(f"Python {platform.python_version()} (")
    assert head[2] == f"numpy {numpy.__version__}"
    sections = _sections(report)
    assert list(sections) == SECTIONS
    for name, lines in sections.items():
        assert lines, f"section {name} is empty"
    settings = sections["Settings"]
    assert len(settings) == len(KNOBS)
    pattern = re.compile(r"^OXCUDA_(\w+) = (.+)  \((\w+)\)$")
    for line, name in zip(settings, KNOBS, strict=True):
        match = pattern.match(line)
        assert match, line
        assert match.group(1) == name
        assert match.group(3) in SOURCES
    return sections


@pytest.fixture(scope="module")
def report_run() -> subprocess.CompletedProcess[str]:
    return _run(["-m", "oxcuda"])


def test_python_m_oxcuda_exits_zero(report_run):
    assert report_run.returncode == 0, report_run.stderr
    assert "Traceback" not in report_run.stderr


def test_python_m_oxcuda_report(report_run):
    sections = _check_report(report_run.stdout)
    settings = sections["Settings"]
    assert "OXCUDA_NVVM_PATH = None  (default)" in settings
    assert "OXCUDA_USE_NVJITLINK = True  (auto)" in settings
    target = "gpu" if _toolchain.gpu_present() else "sim"
    assert f"OXCUDA_TARGET = {target!r}  (auto)" in settings
    # The compiler libraries come from the wheels: paths and versions.
    nvvm = _toolchain.nvvm_info()
    assert sections["libNVVM"][0].startswith(f"path: {nvvm['path']}  (found by cuda-pathfinder")
    isa = ".".join(map(str, nvvm["ptx_isa"]))
    assert f"emits PTX ISA {isa}" in sections["libNVVM"][1]
    assert sections["libdevice"][0].startswith(
        f"path: {_toolchain.locate_libdevice().path}  (found by "
    )
    link = _toolchain.nvjitlink_info()
    assert sections["nvJitLink"][0].startswith(f"path: {link['path']}")
    assert sections["nvJitLink"][1].startswith("version {}.{}".format(*link["version"]))
    assert sections["nvJitLink"][2] == "nvJitLink >= libNVVM: ok"
    nvrtc = _toolchain.nvrtc_info()
    assert sections["NVRTC"] == [
        f"path: {nvrtc['path']}  (found by {nvrtc['how']})",
        "version {}.{}".format(*nvrtc["version"]),
    ]


def test_python_m_oxcuda_without_a_driver(report_run):
    if _toolchain.gpu_present():
        pytest.skip("this machine has a CUDA GPU")
    sections = _sections(report_run.stdout)
    assert sections["CUDA driver"][0].startswith("not available: ")
    assert "libcuda.so.1" in sections["CUDA driver"][0]
    assert sections["GPUs"][0].startswith("Found 0 CUDA devices")
    assert "simulator" in sections["GPUs"][0]


def test_python_m_oxcuda_reports_a_bad_setting_and_exits_zero():
    result = _run(["-m", "oxcuda"], OXCUDA_NVVM_PATH="/nonexistent")
    assert result.returncode == 0, result.stderr
    sections = _check_report(result.stdout)
    problem = sections["libNVVM"]
    assert len(problem) == 1
    assert problem[0].startswith("not available: libNVVM not found")
    assert "OXCUDA_NVVM_PATH='/nonexistent' (from the environment)" in problem[0]
    # The version check needs libNVVM too: reported, not raised.
    assert sections["nvJitLink"][-1].startswith("PROBLEM: libNVVM not found")
    assert "OXCUDA_NVVM_PATH = '/nonexistent'  (environment)" in sections["Settings"]
    # The other libraries are still found.
    assert sections["NVRTC"][0].startswith("path: ")


def test_python_m_oxcuda_reports_a_bad_setting_value():
    result = _run(["-m", "oxcuda"], OXCUDA_TARGET="tpu")
    assert result.returncode == 0, result.stderr
    settings = _sections(result.stdout)["Settings"]
    # The bad setting is named with the problem; every other setting is still listed.
    assert settings[0] == (
        "OXCUDA_TARGET: PROBLEM: OXCUDA_TARGET (environment) is 'tpu'; expected one of 'gpu', 'sim'"
    )
    assert len(settings) == len(KNOBS)
    assert "OXCUDA_USE_NVJITLINK = True  (auto)" in settings


@pytest.mark.usefixtures("clean_settings")
def test_detect_prints_the_report_and_says_whether_a_gpu_is_usable(capsys):
    expected = _toolchain.gpu_present()  # False on a machine with no driver
    result = cuda.detect()
    assert result is expected
    sections = _check_report(capsys.readouterr().out)
    assert sections["GPUs"][0].startswith("Found 0 CUDA devices") is (not expected)
    # numba-cuda's summary line leads the section, with the count of the devices listed.
    count = len(sections["GPUs"]) - 1 if expected else 0
    assert sections["GPUs"][0].startswith(f"Found {count} CUDA devices")


@pytest.mark.usefixtures("clean_settings")
def test_detect_returns_false_without_a_driver(monkeypatch, capsys):
    monkeypatch.setenv("OXCUDA_DRIVER_PATH", "/nonexistent/libcuda.so.1")
    assert cuda.detect() is False
    assert cuda.is_available() is False
    sections = _check_report(capsys.readouterr().out)
    assert sections["CUDA driver"][0].startswith("not available: the CUDA driver not found")
    assert "OXCUDA_DRIVER_PATH='/nonexistent/libcuda.so.1'" in sections["CUDA driver"][0]
    assert sections["GPUs"][0].startswith("Found 0 CUDA devices")
    assert "OXCUDA_TARGET = 'sim'  (auto)" in sections["Settings"]


def test_import_loads_no_cuda_library_and_is_fast():
    code = textwrap.dedent(
        """
        import json, sys, time
        start = time.perf_counter()
        import oxcuda
        elapsed = time.perf_counter() - start
        with open("/proc/self/maps") as f:
            maps = f.read()
        print(json.dumps({"elapsed": elapsed, "maps": maps, "modules": sorted(sys.modules)}))
        """
    )
    start = time.perf_counter()
    result = _run(["-c", code])
    wall = time.perf_counter() - start
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    print(f"import oxcuda: {data['elapsed'] * 1000:.1f} ms; whole process: {wall * 1000:.1f} ms")
    for lib in ["libnvvm", "libcuda", "libnvJitLink", "libnvrtc"]:
        assert lib not in data["maps"], f"import oxcuda loaded {lib}"
    assert "oxcuda._native" in data["modules"]  # the native core itself is loaded
    assert data["elapsed"] < 0.5
