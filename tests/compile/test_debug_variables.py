"""``debug=True``: every named Python variable is a ``DILocalVariable`` of its DWARF type,
declared on its stack slot, so ``cuda-gdb`` prints it by name (numba-cuda's debug builds
allow the same). Types are named as numba names them; an array is oxcuda's
``{data, shape, strides}``. Compile only (NVVM IR, PTX and cubins for sm_75/90/100), no GPU.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from oxcuda import complex64, cuda, float32, float64, from_dtype, int8, int32, uint16
from oxcuda.cuda import compiler

ARCHS = ((7, 5), (9, 0), (10, 0))


def _kernel(out, a, z, n, u, small):
    total = a * 2
    for i in range(n):
        total += i
    pair = (n, total)
    flag = u > 3
    out[0] = total + z.real + pair[1] + small + flag


SIG = (float64[::1], float32, complex64, int32, uint16, int8)


def _variables(ir: str) -> dict[str, str]:
    """Each ``DILocalVariable``'s name and the text of the type node it names."""
    nodes = dict(re.findall(r"^!(\d+) = (.*)$", ir, flags=re.M))
    found = {}
    for name, ty in re.findall(r'!DILocalVariable\(name: "([^"]+)".*type: !(\d+)\)', ir):
        found[name] = nodes[ty]
    return found


def _dwarf_bytes(ptx: str) -> bytes:
    """The bytes of the PTX's ``.b8`` directives, in order."""
    numbers = re.findall(r"^\.b8 ([\d,]+)$", ptx, flags=re.M)
    return bytes(int(b) for line in numbers for b in line.split(","))


@pytest.fixture(scope="module")
def ir() -> str:
    kernel = cuda.jit(SIG, debug=True)(_kernel)
    return kernel.inspect_llvm(SIG)


def test_every_named_variable_is_declared_with_its_type(ir):
    found = _variables(ir)
    assert {"out", "a", "z", "n", "u", "small", "total", "i", "pair", "flag"} <= set(found)
    assert not any(name.startswith("$") for name in found), found
    assert 'encoding: DW_ATE_float, name: "float32", size: 32' in found["a"]
    assert 'encoding: DW_ATE_float, name: "float64", size: 64' in found["total"]
    assert 'encoding: DW_ATE_signed, name: "int32", size: 32' in found["n"]
    assert 'encoding: DW_ATE_unsigned, name: "uint16", size: 16' in found["u"]
    assert 'encoding: DW_ATE_signed, name: "int8", size: 8' in found["small"]
    assert 'encoding: DW_ATE_boolean, name: "bool", size: 8' in found["flag"]
    assert 'DW_TAG_structure_type, name: "complex64", size: 64' in found["z"]
    assert 'name: "array(float64, 1d, C)", size: 192' in found["out"]
    assert "DW_TAG_structure_type" in found["pair"] and "size: 128" in found["pair"]
    declared = re.findall(r"call void @llvm\.dbg\.declare\(metadata .*? (%var\d+\.slot),", ir)
    assert len(declared) == len(found)


def test_members_follow_the_layout(ir):
    assert re.search(r'name: "imag", baseType: !\d+, size: 32, offset: 32\)', ir)
    assert re.search(r'name: "shape", baseType: !\d+, size: 64, offset: 64\)', ir)
    assert re.search(r'name: "strides", baseType: !\d+, size: 64, offset: 128\)', ir)
    # (int32, float64): the float64 at its 64-bit alignment.
    assert re.search(r'name: "1", baseType: !\d+, size: 64, offset: 64\)', ir)


@pytest.mark.parametrize("cc", ARCHS)
def test_debug_builds_with_variables_compile_to_cubins(cc):
    out = compiler.compile_pyfunc(_kernel, SIG, device=False, output="cubin", cc=cc, debug=True)
    assert bytes(out["cubin"])[:4] == b"\x7fELF"
    ptx = compiler.compile_pyfunc(_kernel, SIG, device=False, output="ptx", cc=cc, debug=True)
    text = ptx["ptx"]
    assert re.search(r"\.section\s+\.debug_info", text)
    # The names reach the DWARF sections (as `.b8` bytes).
    assert b"total" in _dwarf_bytes(text)


def test_line_info_alone_declares_no_variable():
    kernel = cuda.jit(SIG, lineinfo=True)(_kernel)
    ir = kernel.inspect_llvm(SIG)
    assert "DILocalVariable" not in ir and "dbg.declare" not in ir


def test_parameters_are_numbered_arguments(ir):
    args = dict(re.findall(r'!DILocalVariable\(name: "(\w+)", arg: (\d+),', ir))
    assert args == {"out": "1", "a": "2", "z": "3", "n": "4", "u": "5", "small": "6"}


_REC = np.dtype([("a", np.int32), ("b", np.float64), ("v", np.float32, (3,))], align=True)
_NESTED = np.dtype([("r", _REC), ("k", np.int8)])


def _record_kernel(recs, nested, out):
    r = recs[0]
    x = r.b + r.v[1]
    n = nested[0]
    out[0] = x + n.k + n.r.a


RECORD_SIG = (from_dtype(_REC)[::1], from_dtype(_NESTED)[::1], float64[::1])


def test_records_are_structures_of_their_fields():
    kernel = cuda.jit(RECORD_SIG, debug=True)(_record_kernel)
    ir = kernel.inspect_llvm(RECORD_SIG)
    found = _variables(ir)
    assert {"recs", "nested", "out", "r", "n", "x"} <= set(found)
    # A record value is a reference: a pointer to the record's structure.
    assert "DW_TAG_pointer_type" in found["r"]
    for field, offset, size in (("a", 0, 32), ("b", 64, 64), ("v", 128, 96), ("k", 256, 8)):
        assert re.search(rf'name: "{field}", baseType: !\d+, size: {size}, offset: {offset}\)', ir)
    assert re.search(r"DW_TAG_array_type, baseType: !\d+, size: 96, elements: !\d+\)", ir)
    assert "!DISubrange(count: 3)" in ir


@pytest.mark.parametrize("cc", ARCHS)
def test_debug_builds_with_records_compile_to_cubins(cc):
    out = compiler.compile_pyfunc(
        _record_kernel, RECORD_SIG, device=False, output="cubin", cc=cc, debug=True
    )
    assert bytes(out["cubin"])[:4] == b"\x7fELF"
