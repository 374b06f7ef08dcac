"""``assert`` in ``debug=True`` kernels: a failure raises ``AssertionError`` on the host with
numba-cuda's prefix (function, file, line, ``tid=[x, y, z] ctaid=[x, y, z]``), the message, then
the kernel, ``file:line:col`` and the function, in the same form on the GPU and in the simulator
(docs/debugging.md). On the GPU the kernel records
the failure and ends the thread (no trap), so the context stays usable.

Every test runs on both targets (the ``target`` fixture); without a GPU the ``[gpu]`` cases
skip, and the compile-only checks of the GPU code are in tests/compile/test_compile_asserts.py.
"""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest
from oxcuda import cuda

from ._util import poison, rand


@cuda.jit(debug=True, opt=False)
def positive_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] >= 0, "negative input"
        out[i] = x[i] * 2


def _line_of(fn, text: str) -> int:
    """The file line of the first source line of ``fn`` containing ``text``."""
    lines, first = inspect.getsourcelines(fn)
    return first + next(k for k, line in enumerate(lines) if text in line)


POSITIVE_LINE = _line_of(positive_k.py_func, "assert")


def _launch(kernel, x, grid=2, block=32):
    out = cuda.to_device(poison(x.size, np.float64))
    kernel[grid, block](out, cuda.to_device(x))
    return out


def test_message_names_kernel_location_thread_and_block(target, rng):
    x = rand(rng, 100, np.float64, 0, 10)
    x[70] = -1.0  # thread 6 of block 2 with blocks of 32
    with pytest.raises(AssertionError) as info:
        _launch(positive_k, x, grid=4)
    want = (
        f"In function 'positive_k', file {__file__}, line {POSITIVE_LINE}, "
        "tid=[6, 0, 0] ctaid=[2, 0, 0]: negative input\n"
        f"  in kernel 'positive_k' at {__file__}:{POSITIVE_LINE}:9 in positive_k"
    )
    assert str(info.value) == want


def test_a_launch_after_a_failure_works(target, rng):
    """The failure is cleared and the context is not poisoned: later launches run and check
    again."""
    x = rand(rng, 64, np.float64, 0, 10)
    bad = x.copy()
    bad[5] = -3.0
    for _ in range(2):
        with pytest.raises(AssertionError, match=r"tid=\[5, 0, 0\] ctaid=\[0, 0, 0\]: "):
            _launch(positive_k, bad)
        out = _launch(positive_k, x)
        np.testing.assert_array_equal(out.copy_to_host(), x * 2)
    # other kernels and copies still work in the same context
    d = cuda.to_device(np.arange(8.0))
    np.testing.assert_array_equal(d.copy_to_host(), np.arange(8.0))


def test_one_failure_is_reported_when_many_threads_fail(target, rng):
    x = rand(rng, 64, np.float64, 0, 10)
    failing = {3, 17, 40, 63}
    for i in failing:
        x[i] = -1.0
    with pytest.raises(AssertionError) as info:
        _launch(positive_k, x)
    m = re.search(r"tid=\[(\d+), 0, 0\] ctaid=\[(\d+), 0, 0\]: negative input\n", str(info.value))
    assert m, str(info.value)
    assert int(m[1]) + 32 * int(m[2]) in failing


@cuda.jit(device=True)
def check_not_five(v):
    assert v != 5.0, "five is not allowed"
    return v


@cuda.jit(debug=True)
def calls_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = check_not_five(x[i])


def test_assert_in_a_device_function_names_that_function(target, rng):
    x = rand(rng, 40, np.float64, 6, 10)
    x[33] = 5.0
    line = _line_of(check_not_five.py_func, "assert")
    with pytest.raises(AssertionError) as info:
        _launch(calls_k, x)
    first, *rest = str(info.value).split("\n  called from")
    assert first == (
        f"In function 'check_not_five', file {__file__}, line {line}, "
        "tid=[1, 0, 0] ctaid=[1, 0, 0]: five is not allowed\n"
        f"  in kernel 'calls_k' at {__file__}:{line}:5 in check_not_five"
    )
    # the simulator also names the callers; the GPU cannot
    assert len(rest) == (1 if target == "sim" else 0)


@cuda.jit(debug=True)
def bare_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] < 100
        if x[i] == 42:
            assert False, 42  # noqa: B011, RUF040 (device code: a constant failure)
        out[i] = x[i]


def test_messages_default_and_constants(target, rng):
    """An ``assert`` without a message gives numba-cuda's prefix alone; a constant message
    follows it."""
    x = rand(rng, 16, np.float64, 0, 10)
    x[2] = 1000.0
    line = _line_of(bare_k.py_func, "assert x[i] < 100")
    with pytest.raises(AssertionError) as info:
        _launch(bare_k, x, grid=1)
    assert str(info.value) == (
        f"In function 'bare_k', file {__file__}, line {line}, tid=[2, 0, 0] ctaid=[0, 0, 0]\n"
        f"  in kernel 'bare_k' at {__file__}:{line}:9 in bare_k"
    )
    x[2] = 42.0
    want = r"^In function 'bare_k', .*tid=\[2, 0, 0\] ctaid=\[0, 0, 0\]: 42\n  in kernel 'bare_k' "
    with pytest.raises(AssertionError, match=want):
        _launch(bare_k, x, grid=1)


@cuda.jit(debug=True)
def grid2d_k(out):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        assert not (i == 9 and j == 4), "corner"
        out[i, j] = i * 10 + j


def test_multidimensional_indices_are_reported(target):
    out = cuda.to_device(np.zeros((12, 12)))
    with pytest.raises(AssertionError, match=r"tid=\[1, 0, 0\] ctaid=\[2, 1, 0\]: corner\n"):
        grid2d_k[(3, 3), (4, 4)](out)


@cuda.jit
def unchecked_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] >= 0, "never checked"
        out[i] = x[i] * 2


def test_kernels_without_debug_skip_asserts(target, rng):
    x = rand(rng, 40, np.float64, -10, -1)
    out = _launch(unchecked_k, x)
    np.testing.assert_array_equal(out.copy_to_host(), x * 2)
