"""``lineinfo=True`` and ``debug=True``: the PTX names the kernel's source file (``.file``) and
its lines (``.loc``), for kernels and for device functions compiled alone (numba's ABI entry
or the C ABI), as numba-cuda's does, so profilers and ``cuda-gdb`` map code to Python lines.
Line info alone has no DWARF sections; a debug build has them. No GPU needed."""

from __future__ import annotations

import re

import pytest
from oxcuda import cuda, float32, int32
from oxcuda.cuda import compile_all

ARCHS = ((7, 5), (9, 0), (10, 0))
THIS_FILE = re.compile(r'\.file\s+\d+\s+".*test_line_info\.py"')


def _nothing():
    pass


def _scaled(x, s):
    y = x * s
    return y + 1


def _lines(ptx: str) -> set[int]:
    """The source lines the PTX's ``.loc`` directives name (file 1)."""
    return {int(m) for m in re.findall(r"\.loc\s+1\s+(\d+)", ptx)}


@pytest.mark.parametrize("cc", ARCHS)
@pytest.mark.parametrize("abi", ["numba", "c"])
def test_a_device_function_names_its_file_with_lineinfo(cc, abi):
    ptx, _ = cuda.compile_ptx(_nothing, (), device=True, lineinfo=True, cc=cc, abi=abi)
    assert THIS_FILE.search(ptx), ptx
    assert ".debug_info" not in ptx
    ptx, _ = cuda.compile_ptx(_scaled, (float32, float32), device=True, lineinfo=True, cc=cc)
    assert THIS_FILE.search(ptx), ptx
    first = _scaled.__code__.co_firstlineno
    assert {first + 1, first + 2} <= _lines(ptx), ptx


@pytest.mark.parametrize("cc", ARCHS)
def test_a_device_function_names_its_file_with_debug(cc):
    ptx, _ = cuda.compile_ptx(_nothing, (), device=True, debug=True, opt=False, cc=cc)
    assert THIS_FILE.search(ptx), ptx
    assert re.search(r"\.section\s+\.debug_info", ptx), ptx


def test_compile_all_keeps_line_info_for_device_functions():
    (ptx,), _ = compile_all(_nothing, (), device=True, abi="numba", lineinfo=True, output="ptx")
    assert THIS_FILE.search(ptx), ptx


@pytest.mark.parametrize("cc", ARCHS)
def test_a_kernel_names_its_file(cc):
    def store(out, x):
        out[0] = x + 1

    ptx, _ = cuda.compile_ptx(store, (int32[::1], int32), lineinfo=True, cc=cc)
    assert THIS_FILE.search(ptx), ptx
    first = store.__code__.co_firstlineno
    assert first + 1 in _lines(ptx)
    # The parameters' set-up is at the function's first line, not at line 0.
    assert 0 not in _lines(ptx) and _lines(ptx) <= {first, first + 1}, ptx


def test_without_lineinfo_there_is_no_file():
    ptx, _ = cuda.compile_ptx(_scaled, (float32, float32), device=True)
    assert ".file" not in ptx and ".loc" not in ptx
