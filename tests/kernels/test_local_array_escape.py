"""A device function must not return a ``cuda.local.array`` (or a view of one, or a tuple
holding one): its memory ends with the call. numba-cuda compiles this and the GPU reads freed
stack memory; oxcuda refuses it with the lines of the ``return`` and of the allocation. Local
arrays used inside the function, passed down to callees, or copied into an output array stay
fine."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float64
from oxcuda.errors import TypingError

from ._util import run


@cuda.jit(device=True)
def _scratch():
    a = cuda.local.array(4, float64)
    for i in range(4):
        a[i] = i
    return a


@cuda.jit(device=True)
def _scratch_view():
    a = cuda.local.array(8, float64)
    b = a
    if a.size > 4:
        b = a[2:]
    return b


@cuda.jit(device=True)
def _scratch_in_tuple():
    a = cuda.local.array(3, float64)
    return (a, 1)


@cuda.jit
def returns_local_k(out):
    out[0] = _scratch()[1]


@cuda.jit
def returns_view_k(out):
    out[0] = _scratch_view()[0]


@cuda.jit
def returns_tuple_k(out):
    out[0] = _scratch_in_tuple()[0][0]


@pytest.mark.parametrize("kernel", [returns_local_k, returns_view_k, returns_tuple_k])
def test_returning_a_local_array_is_a_compile_error(kernel):
    with pytest.raises(TypingError) as info:
        kernel[1, 1](np.zeros(1))
    text = str(info.value)
    assert "lives in the function's local memory" in text
    assert text.count("error[bad-return]") == 1


def test_the_error_points_at_the_return():
    import inspect

    with pytest.raises(TypingError) as info:
        returns_local_k[1, 1](np.zeros(1))
    lines, first = inspect.getsourcelines(_scratch.py_func)
    ret = first + next(i for i, s in enumerate(lines) if "return a" in s)
    text = str(info.value)
    assert f":{ret}:" in text


@cuda.jit(device=True)
def _fill(a, x):
    for i in range(a.size):
        a[i] = x * i
    return a[a.size - 1]


@cuda.jit(device=True)
def _passthrough(a):
    return a


@cuda.jit
def local_array_stays_local_k(out, x):
    i = cuda.grid(1)
    if i < out.size:
        a = cuda.local.array(5, float64)
        last = _fill(a, x[i])
        b = _passthrough(out)
        b[i] = last + a[1]


def test_local_arrays_used_in_place_and_passed_down_compile_and_run(target, rng):
    x = rng.uniform(-5, 5, 64)
    (out, _) = run(local_array_stays_local_k, 1, 64, np.zeros(64), x)
    np.testing.assert_allclose(out, 4 * x + x)
