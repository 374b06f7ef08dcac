"""``assert`` in debug kernels, compiled without a GPU: no trap in the PTX, the failure record
``__oxcuda_assert_info`` the launcher reads, and the table of asserts the launcher reports
from (docs/debugging.md). The GPU behaviour itself is tested by tests/kernels/test_asserts.py
and ``test_failing_assert_raises_assertion_error[gpu]`` in tests/kernels/test_launch.py."""

import inspect
import re

import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler

RECORD = "__oxcuda_assert_info"
SIG = "void(float64[::1], float64[::1])"


def checked_device(v):
    assert v != 5.0
    return v


def checked(out, x):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] >= 0, "negative input"
        out[i] = checked_device(x[i])


def _line_of(fn, text):
    lines, first = inspect.getsourcelines(fn)
    return first + next(k for k, line in enumerate(lines) if text in line)


@pytest.fixture(autouse=True)
def _device_function():
    # `checked` calls `checked_device` as a device function
    global checked_device
    plain = checked_device
    checked_device = cuda.jit(device=True)(plain)
    yield
    checked_device = plain


@pytest.mark.parametrize("opt", [False, True])
@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)], ids=lambda cc: f"sm_{cc[0]}{cc[1]}")
def test_debug_asserts_record_and_exit_instead_of_trapping(cc, opt):
    ptx, _ = cuda.compile_ptx(checked, SIG, debug=True, opt=opt, cc=cc)
    assert "trap" not in ptx
    assert f".visible .global .align 16 .b8 {RECORD}[32]" in ptx
    assert re.search(r"atom\.[\w.]*cas\.b32", ptx)
    assert "exit;" in ptx
    cubin, _ = cuda.compile(
        checked, SIG, device=False, abi="numba", debug=True, opt=opt, cc=cc, output="cubin"
    )
    assert cubin[:4] == b"\x7fELF"
    assert RECORD.encode() in cubin  # cuModuleGetGlobal finds it by this name


def test_the_record_survives_link_time_optimisation():
    artifacts = compiler.compile_pyfunc(
        checked, SIG, device=False, output="cubin", cc=(9, 0), debug=True, lto=True
    )
    assert artifacts["lto"]
    assert RECORD.encode() in artifacts["cubin"]


def test_kernels_without_debug_have_no_checks():
    ptx, _ = cuda.compile_ptx(checked, SIG, cc=(9, 0))
    assert RECORD not in ptx
    assert "trap" not in ptx
    artifacts = compiler.compile_pyfunc(checked, SIG, device=False, output="ptx", cc=(9, 0))
    assert artifacts["asserts"] is None


def test_the_launcher_gets_the_table_of_asserts():
    """What ``_native.GpuKernel`` is given: the kernel's name and, by number, each checked
    assert's message, function, file, line and column."""
    artifacts = compiler.compile_pyfunc(
        checked, SIG, device=False, output="ptx", cc=(9, 0), debug=True
    )
    kernel, sites = artifacts["asserts"]
    assert kernel == "checked"
    assert sites == [
        ("negative input", "checked", __file__, _line_of(checked, "assert"), 9, "AssertionError"),
        (
            "",  # no message: the host gives numba-cuda's prefix alone
            "checked_device",
            __file__,
            _line_of(checked_device, "assert"),
            5,
            "AssertionError",
        ),
    ]
