"""``raise`` in kernels and device functions, and the checks ``debug=True`` adds (numba-cuda's
Python error model in debug builds): a zero divisor raises ``ZeroDivisionError`` and a tuple
indexed out of range ``IndexError``. With ``debug=True`` the host raises the exception with its
message, the kernel, ``file:line:col``, the function, the thread and the block, on the GPU and
on the simulator alike; without it a ``raise`` ends the raising thread and the host sees
nothing (docs/typing.md, docs/debugging.md)."""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import CompileError

from ._util import poison, rand

# On the GPU these kernels take NumPy arrays (copied each launch) on purpose.
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")


def line_of(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(getattr(fn, "py_func", fn))
    return first + next(k for k, line in enumerate(lines) if text in line)


def checked_k_body(out, x):
    i = cuda.grid(1)
    if i < x.size:
        if x[i] < 0:
            raise ValueError("negative input")
        out[i] = x[i] * 2


checked_k = cuda.jit(debug=True, opt=False)(checked_k_body)
unchecked_k = cuda.jit(checked_k_body)


def test_raise_names_the_exception_thread_and_line(target, rng):
    x = rand(rng, 64, np.float64, 0, 10)
    x[37] = -1.0  # thread 5 of block 1
    with pytest.raises(ValueError) as info:
        checked_k[2, 32](cuda.to_device(poison(64, np.float64)), cuda.to_device(x))
    line = line_of(checked_k_body, "raise ValueError")
    assert str(info.value) == (
        f"In function 'checked_k_body', file {__file__}, line {line}, "
        "tid=[5, 0, 0] ctaid=[1, 0, 0]: negative input\n"
        f"  in kernel 'checked_k_body' at {__file__}:{line}:13 in checked_k_body"
    )


def test_without_debug_the_raising_thread_ends(target, rng):
    x = rand(rng, 64, np.float64, -10, 10)
    out = cuda.to_device(poison(64, np.float64))
    unchecked_k[2, 32](out, cuda.to_device(x))
    got = out.copy_to_host()
    ok = x >= 0
    np.testing.assert_array_equal(got[ok], x[ok] * 2)
    assert np.isnan(got[~ok]).all()  # never written: those threads ended at the raise


@cuda.jit(device=True)
def must_be_small(v):
    if v > 100:
        raise OverflowError
    return v + 1


@cuda.jit(debug=True)
def calls_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = must_be_small(x[i])


def test_raise_in_a_device_function_without_arguments(target, rng):
    x = rand(rng, 16, np.int64, 0, 100)
    x[9] = 1000
    line = line_of(must_be_small, "raise OverflowError")
    with pytest.raises(OverflowError) as info:
        calls_k[1, 16](cuda.to_device(poison(16, np.int64)), cuda.to_device(x))
    # No arguments: numba-cuda's prefix alone, naming the device function.
    first, detail, *_ = str(info.value).split("\n")
    assert first == (
        f"In function 'must_be_small', file {__file__}, line {line}, tid=[9, 0, 0] ctaid=[0, 0, 0]"
    )
    assert detail == f"  in kernel 'calls_k' at {__file__}:{line}:9 in must_be_small"
    x[9] = 3
    out = cuda.to_device(poison(16, np.int64))
    calls_k[1, 16](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), x + 1)


@cuda.jit(debug=True, opt=False)
def divide_k(q, r, t, a, b):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]
        t[i] = a[i] / b[i]


@cuda.jit
def divide_nodebug_k(q, r, t, a, b):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]
        t[i] = a[i] / b[i]


def test_integer_division_by_zero_in_debug(target, rng):
    a = rand(rng, 40, np.int64, -1000, 1000)
    b = rand(rng, 40, np.int64, 1, 50) * rng.choice([-1, 1], 40)
    q, r, t = (cuda.to_device(poison(40, d)) for d in (np.int64, np.int64, np.float64))
    divide_k[2, 32](q, r, t, cuda.to_device(a), cuda.to_device(b))
    np.testing.assert_array_equal(q.copy_to_host(), a // b)
    np.testing.assert_array_equal(r.copy_to_host(), a % b)
    np.testing.assert_allclose(t.copy_to_host(), a / b, rtol=1e-15)
    b[35] = 0  # thread 3 of block 1
    with pytest.raises(ZeroDivisionError) as info:
        divide_k[2, 32](q, r, t, cuda.to_device(a), cuda.to_device(b))
    line = line_of(divide_k, "a[i] // b[i]")
    assert str(info.value).startswith(
        f"In function 'divide_k', file {__file__}, line {line}, tid=[3, 0, 0] ctaid=[1, 0, 0]: "
        f"integer division by zero\n  in kernel 'divide_k' at {__file__}:{line}:"
    )


def test_without_debug_division_by_zero_gives_zero(target, rng):
    a = rand(rng, 8, np.int64, 1, 1000)
    b = rand(rng, 8, np.int64, 1, 50)
    b[2] = 0
    q, r, t = (cuda.to_device(poison(8, d)) for d in (np.int64, np.int64, np.float64))
    divide_nodebug_k[1, 8](q, r, t, cuda.to_device(a), cuda.to_device(b))
    assert q.copy_to_host()[2] == 0 and r.copy_to_host()[2] == 0
    assert np.isinf(t.copy_to_host()[2])


@cuda.jit(debug=True, opt=False)
def float_divide_k(r, x, y):
    r[0] = y[0] / x[0]
    r[1] = y[0]


def test_float_division_by_zero_stops_the_thread(target, rng):
    """numba-cuda's test_zero_division_error_in_debug: the result is left unset and execution
    stops at the division."""
    r = cuda.to_device(np.zeros(2))
    y = rand(rng, 1, np.float64, 1, 10)
    want = r"^In function 'float_divide_k', .*: division by zero\n"
    with pytest.raises(ZeroDivisionError, match=want):
        float_divide_k[1, 1](r, cuda.to_device(np.zeros(1)), cuda.to_device(y))
    np.testing.assert_array_equal(r.copy_to_host(), [0.0, 0.0])


@cuda.jit
def bare_raise_k(a):
    raise  # <-- here


@cuda.jit
def not_an_exception_k(a):
    raise int("3")  # <-- here


@cuda.jit
def runtime_arg_k(a):
    raise ValueError(a[0])  # <-- here


@pytest.mark.parametrize(
    "kernel", [bare_raise_k, not_an_exception_k, runtime_arg_k], ids=lambda k: k.__name__
)
def test_unsupported_raises_are_compile_errors(target, kernel):
    with pytest.raises(CompileError) as info:
        kernel[1, 1](np.zeros(1))
    d = info.value.diagnostics[0]
    assert (d.code, d.line) == ("unsupported-syntax", line_of(kernel, "<-- here"))
    assert "^" in d.rendered


@cuda.jit(debug=True, opt=False)
def tuple_index_k(out, idx):
    i = cuda.grid(1)
    t = (10, 20, 30)
    if i < idx.size:
        out[i] = t[idx[i]]


def test_tuple_index_out_of_range_in_debug(target, rng):
    idx = rand(rng, 20, np.int64, -3, 2)
    out = cuda.to_device(poison(20, np.int64))
    tuple_index_k[1, 32](out, cuda.to_device(idx))
    np.testing.assert_array_equal(out.copy_to_host(), np.array([10, 20, 30])[idx])
    idx[13] = 5
    want = r"tid=\[13, 0, 0\] ctaid=\[0, 0, 0\]: tuple index out of range\n"
    with pytest.raises(IndexError, match=want):
        tuple_index_k[1, 32](out, cuda.to_device(idx))


@cuda.jit(debug=True, opt=False)
def shape_k(ary):
    x = cuda.threadIdx.x
    if x == 2:
        ary.shape[-x]


def test_numba_shape_index_exception(target):
    """numba-cuda's test_exception: ``ary.shape[-x]`` with x == 2 on a 1-d array."""
    with pytest.raises(IndexError, match="tuple index out of range"):
        shape_k[1, 3](np.array([0, 1]))


@cuda.jit
def constant_shape_k(a):
    a[0] = a.shape[-5]  # <-- here


def test_constant_tuple_index_names_the_index_written(target):
    with pytest.raises(CompileError) as info:
        constant_shape_k[1, 1](np.zeros(3))
    d = info.value.diagnostics[0]
    assert d.code == "bad-index"
    assert "tuple index -5 out of range for a tuple of 1" in d.message


class OutOfRangeError(Exception):
    """A user-defined exception class, raised in device code."""


class TooLargeError(OutOfRangeError):
    pass


def user_raise_k_body(out, x, limit):
    i = cuda.grid(1)
    if i < x.size:
        if x[i] < 0:
            raise OutOfRangeError
        if x[i] > limit:
            raise TooLargeError("above the limit", 3)
        out[i] = x[i] + 1


user_raise_k = cuda.jit(debug=True, opt=False)(user_raise_k_body)
user_raise_unchecked_k = cuda.jit(user_raise_k_body)


def test_user_defined_exception_classes(target, rng):
    x = rand(rng, 48, np.int64, 0, 50)
    out = cuda.to_device(poison(48, np.int64))
    user_raise_k[2, 32](out, cuda.to_device(x), 100)
    np.testing.assert_array_equal(out.copy_to_host(), x + 1)
    x[20] = -5
    with pytest.raises(OutOfRangeError, match=r"tid=\[20, 0, 0\] ctaid=\[0, 0, 0\]\n") as info:
        user_raise_k[2, 32](out, cuda.to_device(x), 100)
    assert type(info.value) is OutOfRangeError
    x[20] = 7
    x[40] = 1000
    want = r"tid=\[8, 0, 0\] ctaid=\[1, 0, 0\]: \('above the limit', 3\)\n"
    with pytest.raises(TooLargeError, match=want):
        user_raise_k[2, 32](out, cuda.to_device(x), 100)
    line = line_of(user_raise_k_body, "raise TooLargeError")
    with pytest.raises(OutOfRangeError, match=rf"at {__file__}:{line}:"):
        user_raise_k[2, 32](out, cuda.to_device(x), 100)  # a subclass is caught by its base
    # Without debug the raising thread ends, as for builtin classes.
    out = cuda.to_device(poison(48, np.int64))
    user_raise_unchecked_k[2, 32](out, cuda.to_device(x), 100)
    got = out.copy_to_host()
    np.testing.assert_array_equal(got[x <= 100], x[x <= 100] + 1)
    assert got[40] == poison(1, np.int64)[0]


@cuda.jit
def exception_class_as_value_k(out):
    e = OutOfRangeError  # noqa: F841
    out[0] = 1


def test_an_exception_class_as_a_value_is_a_clear_error():
    with pytest.raises(CompileError, match="can only be raised in device code"):
        exception_class_as_value_k[1, 1](np.zeros(1))


def test_a_user_exception_key_finds_its_class_by_import():
    from oxcuda.cuda import _user_exceptions

    key = f"user:{__name__}.TooLargeError"
    assert _user_exceptions.lookup(key) is TooLargeError
    assert _user_exceptions.lookup("user:no.such.module.Error") is None


# numba-cuda's regex for the first part of the prefix (its test_userexc.py).
NUMBA_LOCATION = r'In function [\'"]{}[\'"], file [\:\.\/\\\-a-zA-Z_0-9]+, line \d+'


class MyError(Exception):
    """numba-cuda's test_userexc class."""


@cuda.jit("void(int32, int32, int32)", debug=True, opt=False)
def numba_userexc_k(x, tx, bx):
    if cuda.threadIdx.x == tx and cuda.blockIdx.x == bx:
        if x == 1:
            raise MyError
        elif x == 2:
            raise MyError("foo")


def test_numba_prefix_of_a_user_exception(target, rng):
    """numba-cuda's test_userexc, with the raising thread drawn at random: the message leads
    with ``In function 'name', file F, line N, tid=[x, y, z] ctaid=[x, y, z]``, then ``: foo``
    when the exception has an argument; oxcuda's detail line follows."""
    tx, bx = (int(v) for v in rng.integers(0, 4, 2))
    numba_userexc_k[4, 4](0, tx, bx)  # no raise
    with pytest.raises(MyError) as info:
        numba_userexc_k[4, 4](1, tx, bx)
    text = str(info.value)
    assert re.match(NUMBA_LOCATION.format("numba_userexc_k"), text), text
    assert text.split("\n")[0].endswith(f"tid=[{tx}, 0, 0] ctaid=[{bx}, 0, 0]")
    line = line_of(numba_userexc_k, "raise MyError(")
    with pytest.raises(MyError) as info:
        numba_userexc_k[4, 4](2, tx, bx)
    text = str(info.value)
    assert info.value.args == (text,)
    assert text == (
        f"In function 'numba_userexc_k', file {__file__}, line {line}, "
        f"tid=[{tx}, 0, 0] ctaid=[{bx}, 0, 0]: foo\n"
        f"  in kernel 'numba_userexc_k' at {__file__}:{line}:13 in numba_userexc_k"
    )


@cuda.jit(debug=True, opt=False)
def three_d_raise_k(out):
    x, y, z = cuda.grid(3)
    if x == 5 and y == 2 and z == 3:
        raise RuntimeError("here")
    out[0] = 1


def test_numba_prefix_lists_indices_x_y_z(target):
    """tid and ctaid are written x, y, z (numba-cuda's simulator order)."""
    out = cuda.to_device(np.zeros(1))
    with pytest.raises(RuntimeError, match=r"tid=\[1, 0, 1\] ctaid=\[2, 1, 1\]: here\n"):
        three_d_raise_k[(3, 3, 3), (2, 2, 2)](out)
