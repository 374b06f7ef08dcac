"""The diagnostic report of ``python -m oxcuda`` and ``oxcuda.cuda.detect()``.

It never raises for a missing piece: each section says what was found, or why not. Users paste
it into bug reports, so it names versions and paths.
"""

from __future__ import annotations

import os
import platform
import sys
from collections.abc import Callable
from typing import Any

from oxcuda import _toolchain
from oxcuda._knobs import KNOBS, config
from oxcuda.errors import CudaSupportError


def _version(v: Any) -> str:
    return ".".join(str(x) for x in v) if v is not None else "unknown"


def _section(name: str, probe: Callable[[], list[str]]) -> list[str]:
    try:
        lines = probe()
    except Exception as exc:  # noqa: BLE001 - the report shows every failure instead of raising
        lines = [f"not available: {exc}"]
    return [f"{name}:"] + [f"  {line}" for line in lines]


def _nvvm() -> list[str]:
    info = _toolchain.nvvm_info()
    return [
        f"path: {info['path']}  (found by {info['how']})",
        f"API version {_version(info['api_version'])}, IR version "
        f"{_version(info['ir_version'][:2])} (debug {_version(info['ir_version'][2:])}), "
        f"emits PTX ISA {_version(info['ptx_isa'])} (CUDA {_version(info['cuda_release'])})",
    ]


def _libdevice() -> list[str]:
    found = _toolchain.locate_libdevice()
    return [f"path: {found.path}  (found by {found.how})"]


def _nvjitlink() -> list[str]:
    info = _toolchain.nvjitlink_info()
    lines = [
        f"path: {info['path']}  (found by {info['how']})",
        f"version {_version(info['version'])}, accepts PTX ISA up to "
        f"{_version(info['max_ptx_isa'])}",
    ]
    try:
        _toolchain.check_versions()
        lines.append("nvJitLink >= libNVVM: ok")
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        lines.append(f"PROBLEM: {exc}")
    return lines


def _nvrtc() -> list[str]:
    info = _toolchain.nvrtc_info()
    return [
        f"path: {info['path']}  (found by {info['how']})",
        f"version {_version(info['version'])}",
    ]


def _driver() -> list[str]:
    info = _toolchain.driver_info()
    return [
        f"path: {info['path']}  (found by {info['how']})",
        f"CUDA driver version {_version(info['version'])}",
    ]


def _gpus() -> list[str]:
    # The first line is numba-cuda's detect() summary ("Found N CUDA devices").
    try:
        devices = _toolchain.driver_info()["devices"]
    except CudaSupportError:
        return ["Found 0 CUDA devices: no CUDA driver (see above); kernels run on the simulator"]
    if not devices:
        return ["Found 0 CUDA devices: the driver loaded but reports none"]
    return [f"Found {len(devices)} CUDA devices"] + [
        f"[{d['ordinal']}] {d['name']}  compute capability {_version(d['compute_capability'])}, "
        f"{d['total_memory'] / 2**30:.1f} GiB, {d['uuid']}"
        for d in devices
    ]


def _settings() -> list[str]:
    # One line per setting, so a bad value hides none of the others.
    lines = []
    for name in KNOBS:
        try:
            s = config.resolve(name)
        except Exception as exc:  # noqa: BLE001 - reported, not raised
            lines.append(f"OXCUDA_{name}: PROBLEM: {exc}")
        else:
            where = f"{s.source}: {s.via}" if s.via else s.source
            lines.append(f"OXCUDA_{s.name} = {s.value!r}  ({where})")
    from oxcuda import _numba_config

    for var in sorted(os.environ):
        name = var[len(_numba_config.NUMBA_PREFIX) :]
        if var.startswith(_numba_config.NUMBA_PREFIX) and not _numba_config.is_numba_name(name):
            lines.append(f"{var}: a numba setting oxcuda has no counterpart for (ignored)")
        elif name in _numba_config.FIXED and var.startswith(_numba_config.NUMBA_PREFIX):
            fixed = _numba_config.FIXED[name]
            lines.append(f"{var} = {os.environ[var]!r}: fixed in oxcuda: {fixed.instead}")
    return lines


def report() -> str:
    """The whole report as text."""
    from oxcuda import __version__

    try:
        import numpy

        numpy_version = numpy.__version__
    except ImportError:
        numpy_version = "not installed"
    lines = [
        f"oxcuda {__version__}",
        f"Python {sys.version.split()[0]} ({platform.python_implementation()}), "
        f"{platform.platform()}",
        f"numpy {numpy_version}",
    ]
    for name, probe in [
        ("CUDA driver", _driver),
        ("GPUs", _gpus),
        ("libNVVM", _nvvm),
        ("libdevice", _libdevice),
        ("nvJitLink", _nvjitlink),
        ("NVRTC", _nvrtc),
        ("Settings", _settings),
    ]:
        lines += _section(name, probe)
    return "\n".join(lines)


def detect() -> bool:
    """Prints the report; True when at least one GPU is usable (numba-cuda's ``detect``)."""
    print(report())
    return _toolchain.gpu_present()
