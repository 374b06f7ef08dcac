"""``array.ctypes.data`` in device code: the address of an array's first element as a uint64,
numba's ``uintp`` (numba-cuda's test_array_alignment reads it to check ``alignment=``)."""

from __future__ import annotations

import linecache
import re

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler
from oxcuda.errors import TypingError


def addresses(arr, out):
    out[0] = arr.ctypes.data
    view = arr[3:]
    out[1] = view.ctypes.data


def test_argument_and_view_addresses(target, rng):
    d = cuda.to_device(rng.standard_normal(64))
    out = cuda.to_device(np.zeros(2, np.uint64))
    cuda.jit(addresses)[1, 1](d, out)
    got = out.copy_to_host()
    assert got[0] == d.device_pointer_value
    assert got[1] == d.device_pointer_value + 3 * d.itemsize
    offset = d[5:]  # a view passed from the host: its own address
    cuda.jit(addresses)[1, 1](offset, out)
    assert out.copy_to_host()[0] == d.device_pointer_value + 5 * d.itemsize


def test_the_address_is_uint64():
    art = compiler.compile_pyfunc(
        addresses, "void(float64[::1], uint64[::1])", device=False, output="nvvm", cc=(9, 0)
    )
    assert "ptrtoint" in art["nvvm"]


@pytest.mark.parametrize("alignment", [16, 64, 256])
@pytest.mark.parametrize("where", ["shared", "local"])
def test_alignment_of_shared_and_local_arrays(target, alignment, where):
    # Each kernel makes an array with the alignment asked and writes its address.
    source = f"""
def k(out):
    a = cuda.{where}.array(5, np.float32, alignment={alignment})
    b = cuda.{where}.array(3, np.int8, alignment={alignment})
    a[0] = 1.0
    b[0] = 1
    out[0] = a.ctypes.data
    out[1] = b.ctypes.data
"""
    filename = f"<ctypes.data {where} {alignment}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"cuda": cuda, "np": np}
    exec(compile(source, filename, "exec"), namespace)
    out = cuda.to_device(np.zeros(2, np.uint64))
    cuda.jit(namespace["k"])[1, 1](out)
    got = out.copy_to_host()
    assert got[0] != 0 and got[1] != 0
    assert got[0] % alignment == 0 and got[1] % alignment == 0, [hex(int(x)) for x in got]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("out[0] = arr.ctypes.shape", "has no attribute 'shape'"),
        ("out[0] = arr.ctypes()", "not callable"),
    ],
)
def test_other_uses_are_clear_errors(body, message):
    source = f"def k(arr, out):\n    {body}\n"
    filename = f"<ctypes {body}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"cuda": cuda}
    exec(compile(source, filename, "exec"), namespace)
    with pytest.raises(TypingError, match=message):
        compiler.compile_pyfunc(
            namespace["k"], "void(float64[::1], uint64[::1])", device=False, output="ptx", cc=(9, 0)
        )


def test_local_alignment_reaches_the_alloca():
    # The GPU's local array is an `alloca`: its alignment is the one asked for (it was capped
    # at 16 bytes before).
    source = """
def k(out):
    a = cuda.local.array(5, np.float32, alignment=128)
    a[0] = 1.0
    out[0] = a.ctypes.data
"""
    filename = "<ctypes.data alloca alignment>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"cuda": cuda, "np": np}
    exec(compile(source, filename, "exec"), namespace)
    nvvm = compiler.compile_pyfunc(
        namespace["k"], "void(uint64[::1])", device=False, output="nvvm", cc=(9, 0)
    )["nvvm"]
    assert "alloca [5 x float], align 128" in nvvm, nvvm


def _alignment_kernel(where: str, alignment: str):
    source = f"""
def k(out):
    a = cuda.{where}.array(5, np.uint8, alignment={alignment})
    a[0] = 1
    out[0] = a.ctypes.data
"""
    filename = f"<alignment {where} {alignment}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"cuda": cuda, "np": np}
    exec(compile(source, filename, "exec"), namespace)
    return cuda.jit(namespace["k"])


@pytest.mark.parametrize("where", ["shared", "local"])
@pytest.mark.parametrize(
    ("alignment", "why"),
    [
        ("-1", "positive"),
        ("0", "positive"),
        ("3", "a power of 2"),
        ("17", "a power of 2"),
        ("4", "a multiple of 8"),
        ("2**30", "at most 2**29"),
    ],
)
def test_integer_alignments_numba_refuses_are_value_errors(where, alignment, why):
    """numba-cuda's _validate_alignment (test_array_alignment.test_invalid_aligments): a
    ``ValueError`` "Alignment must be …", here also a ``TypingError`` with the diagnostic."""
    from oxcuda.errors import InvalidAlignmentError

    kernel = _alignment_kernel(where, alignment)
    with pytest.raises(ValueError, match=re.escape(f"Alignment must be {why}, not ")) as info:
        kernel[1, 1](np.zeros(1, np.uint64))
    assert isinstance(info.value, InvalidAlignmentError)
    assert isinstance(info.value, TypingError)
    assert info.value.diagnostics[0].code == "bad-call"


@pytest.mark.parametrize("where", ["shared", "local"])
@pytest.mark.parametrize("alignment", ['"1.0"', '"foo"', "1.0", "1.5", "True"])
def test_non_integer_alignments_are_require_literal_value(where, alignment):
    kernel = _alignment_kernel(where, alignment)
    with pytest.raises(
        TypingError, match=r"RequireLiteralValue:.*alignment must be a constant integer"
    ) as info:
        kernel[1, 1](np.zeros(1, np.uint64))
    assert not isinstance(info.value, ValueError)


@pytest.mark.parametrize("where", ["shared", "local"])
def test_alignment_eight_is_numbas_smallest(target, where):
    got = cuda.to_device(np.zeros(1, np.uint64))
    _alignment_kernel(where, "8")[1, 1](got)
    assert got.copy_to_host()[0] % 8 == 0
