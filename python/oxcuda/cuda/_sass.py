"""SASS disassembly of compiled kernels, for ``Dispatcher.inspect_sass()``.

It runs NVIDIA's ``nvdisasm`` (from a CUDA toolkit or the ``nvidia-cuda-nvdisasm`` wheel,
found with cuda-pathfinder or under ``CUDA_HOME``/``CUDA_PATH``). Without it,
:func:`disassemble` raises ``NvdisasmError`` (a ``CudaSupportError`` and, as numba-cuda's, a
``RuntimeError``) saying where it looked.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile

from oxcuda.errors import NvdisasmError


def find_nvdisasm() -> str:
    """The path of ``nvdisasm``, or ``NvdisasmError``."""
    searched = []
    try:
        from cuda import pathfinder

        found = pathfinder.find_nvidia_binary_utility("nvdisasm")
        if found:
            return found
        searched.append("cuda-pathfinder")
    except Exception as exc:  # noqa: BLE001 - any failure means "not found"; reported below
        searched.append(f"cuda-pathfinder ({exc})")
    for var in ("CUDA_HOME", "CUDA_PATH"):
        root = os.environ.get(var)
        if root:
            candidate = os.path.join(root, "bin", "nvdisasm")
            searched.append(candidate)
            if os.path.exists(candidate):
                return candidate
    on_path = shutil.which("nvdisasm")
    if on_path:
        return on_path
    searched.append("PATH")
    raise NvdisasmError(
        "nvdisasm was not found (searched: "
        + "; ".join(searched)
        + "); install the CUDA toolkit or `pip install nvidia-cuda-nvdisasm`"
    )


def disassemble(cubin: bytes) -> str:
    """The SASS of a cubin, as ``nvdisasm -c`` prints it."""
    tool = find_nvdisasm()
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(cubin)
        path = f.name
    try:
        done = subprocess.run([tool, "-c", path], capture_output=True, text=True, check=False)
    finally:
        os.unlink(path)
    if done.returncode != 0:
        raise NvdisasmError(f"nvdisasm failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout


def control_flow_graph(cubin: bytes) -> str:
    """The control-flow graph of a cubin's SASS in Graphviz's DOT language, as
    ``nvdisasm -cfg`` prints it (``Dispatcher.inspect_sass_cfg()``)."""
    tool = find_nvdisasm()
    with tempfile.NamedTemporaryFile(suffix=".cubin", delete=False) as f:
        f.write(cubin)
        path = f.name
    try:
        done = subprocess.run([tool, "-cfg", path], capture_output=True, text=True, check=False)
    finally:
        os.unlink(path)
    if done.returncode != 0:
        raise NvdisasmError(f"nvdisasm -cfg failed ({done.returncode}): {done.stderr.strip()}")
    return done.stdout
