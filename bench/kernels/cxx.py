"""Builds the CUDA C++ baseline (``suite.cu``) and loads it as a CuPy ``RawModule``.

With nvcc: ``nvcc -O3 -arch=sm_XX -cubin`` for the GPU's own compute capability, then
``RawModule(path=cubin)``. Without: NVRTC through ``RawModule(code=...)`` (NVRTC optimises
device code fully by default; it takes no ``-O3``). The kernels are ``extern "C"``, so
``get_function`` finds them by their plain names.
"""

from __future__ import annotations

import os
import subprocess
from typing import Any

SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "suite.cu")


def load(cp: Any, nvcc: str | None, build_dir: str) -> tuple[Any, str]:
    """The module and how it was built (the command line, or "NVRTC …")."""
    arch = cp.cuda.Device().compute_capability  # e.g. "90"
    if nvcc:
        os.makedirs(build_dir, exist_ok=True)
        cubin = os.path.join(build_dir, f"suite_sm{arch}.cubin")
        cmd = [nvcc, "-O3", f"-arch=sm_{arch}", "-cubin", SOURCE, "-o", cubin]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"nvcc failed: {proc.stderr.strip()[-1500:]}")
        return cp.RawModule(path=cubin), " ".join(cmd)
    with open(SOURCE) as f:
        code = f.read()
    options = ("--std=c++17",)
    module = cp.RawModule(code=code, options=options)
    module.compile()
    version = ".".join(map(str, cp.cuda.nvrtc.getVersion()))
    return module, f"NVRTC {version} through cupy.RawModule, options {options}, arch sm_{arch}"
