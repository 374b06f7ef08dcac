"""numba-cuda's device-function ABI for ``compile_ptx(..., device=True)`` (``abi="numba"``, the
default) and ``cuda.compile(..., device=True, abi="numba")``: the entry is
``int sym(RET *out, ARGS...)``, storing its result through the first argument and returning the
status 0, so the PTX links into a kernel that declares it with ``cuda.declare_device`` (numba's
ABI too). ``abi="c"`` returns the value. Compile and link only, no GPU (docs/abi.md); the GPU
run of such a link is ``tests/gpu/test_linking_gpu.py::test_compile_ptx_output_links_back``.
"""

from __future__ import annotations

import re

import oxcuda
import pytest
from oxcuda import bool_, cuda, float16, float32, float64, int64, void
from oxcuda.cuda import compiler

ARCHS = ((7, 5), (9, 0), (10, 0))


def native_cast(x):
    return float(x)


def mul(a, b):
    return a * b


def is_odd(x):
    return x % 2 == 1


def nothing(x):
    pass


def _entry(ptx: str) -> str:
    """The PTX of the visible function, from its header to its closing brace."""
    start = ptx.index(".visible .func")
    return ptx[start : ptx.index("\n}", start)]


def _returns_zero(entry: str) -> bool:
    """Whether the function's status (its 32-bit return value) is the constant 0."""
    m = re.search(r"st\.param\.b32 \t\[func_retval0(?:\+0)?\], (\S+);", entry)
    if m is None:
        return False
    value = m.group(1)
    return value == "0" or re.search(rf"mov\.u32 \t{re.escape(value)}, 0;", entry) is not None


def _symbol(ptx: str) -> str:
    return re.search(r"\.visible \.func\s*(?:\([^)]*\))?\s*(\w+)\(", ptx).group(1)


@pytest.mark.parametrize("cc", ARCHS)
def test_the_result_is_stored_through_the_first_argument(cc):
    ptx, ret = cuda.compile_ptx(native_cast, (float32,), device=True, cc=cc)
    assert ret == float32  # numba types float() of a float32 as float32
    entry = _entry(ptx)
    assert re.search(r"st\.[bf]32", entry), entry  # numba-cuda's test_native_cast form
    assert _returns_zero(entry), entry  # the status
    # Two parameters: the result pointer (64 bits), then the float.
    assert re.search(r"\.param \.b64 \w+_param_0,\s*\.param \.b32 \w+_param_1", entry), entry
    ptx, _ = cuda.compile_ptx(native_cast, (float16,), device=True, cc=cc)
    assert re.search(r"st\.[bu]16", _entry(ptx))


def test_bool_crosses_as_a_byte_and_none_writes_nothing():
    ptx, ret = cuda.compile_ptx(is_odd, (int64,), device=True)
    assert ret == bool_
    assert re.search(r"st\.[bu]8", _entry(ptx)), ptx
    ptx, ret = cuda.compile_ptx(nothing, (float64,), device=True)
    entry = _entry(ptx)
    assert ret == oxcuda.types.none
    assert _returns_zero(entry), entry
    assert not re.search(r"\bst\.(?!param)", entry), entry


def test_the_c_abi_returns_the_value():
    ptx, _ = cuda.compile_ptx(mul, float32(float32, float32), device=True, abi="c")
    entry = _entry(ptx)
    assert ".func  (.param .b32 func_retval0) mul(" in entry, entry
    assert "st.param.f32 \t[func_retval0+0]" in entry, entry


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


def test_recursion_calls_the_body():
    ptx, ret = cuda.compile_ptx(fact, (int64,), device=True, opt=False)
    assert ret == int64
    symbol = re.escape(_symbol(ptx))
    # The recursive calls (opt=False keeps them) go to internal functions, never to the
    # numba-ABI wrapper, whose signature differs.
    assert not re.search(rf"^\s*{symbol},\s*$", ptx, re.M), ptx
    assert re.search(r"^\s*call\.uni", ptx, re.M), ptx


def test_lto_ir_and_cuda_compile_take_the_same_abi():
    ltoir, ret = cuda.compile(
        mul, float32(float32, float32), device=True, abi="numba", output="ltoir"
    )
    assert isinstance(ltoir, bytes) and ltoir and ret == float32
    ptx, _ = cuda.compile(mul, float32(float32, float32), device=True, abi="numba")
    assert re.search(r"st\.[bf]32", _entry(ptx))


@pytest.mark.parametrize("cc", ARCHS)
@pytest.mark.parametrize("lto", [False, True])
def test_compile_ptx_output_links_into_a_kernel_that_declares_it(tmp_path, cc, lto):
    ptx, _ = cuda.compile_ptx(mul, float32(float32, float32), device=True, cc=cc)
    path = tmp_path / "mul.ptx"
    path.write_text(ptx)
    declared = cuda.declare_device(_symbol(ptx), "float32(float32, float32)", link=str(path))

    def k(out, x, y):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = declared(x[i], y[i])

    result = compiler.compile_pyfunc(
        k,
        void(float32[::1], float32[::1], float32[::1]),
        device=False,
        output="cubin",
        cc=cc,
        lto=lto,
    )
    assert result["cubin"][:4] == b"\x7fELF"


def test_a_declared_bool_result_links_too(tmp_path):
    ptx, _ = cuda.compile_ptx(is_odd, (int64,), device=True, cc=(9, 0))
    path = tmp_path / "is_odd.ptx"
    path.write_text(ptx)
    odd = cuda.declare_device(_symbol(ptx), "bool(int64)", link=str(path))

    def k(flags):
        i = cuda.grid(1)
        if i < flags.size:
            flags[i] = odd(i)

    result = compiler.compile_pyfunc(k, void(bool_[::1]), device=False, output="cubin", cc=(9, 0))
    assert result["cubin"][:4] == b"\x7fELF"
