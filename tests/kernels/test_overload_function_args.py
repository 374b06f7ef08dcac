"""Functions passed as values to ``@overload``-ed functions (numba-cuda's
test_make_function_to_jit_function: numba turns an escaping closure into a jitted function of
type ``types.Dispatcher``): a function defined in device code, with or without captured locals
and ``*args``, and a ``@cuda.jit`` device function. The typing function sees
``types.Dispatcher``; the implementation calls the function. Also keyword-only parameters of
device functions, which the captured locals of a closure taking ``*args`` become. Compared with
Python on fresh random data; kernels run on both targets and compile to cubin for sm_75/90/100
(tests/kernels/conftest.py)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda.extending import overload
from oxcuda.errors import CompileError, TypingError

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

N = 64
SEEN: list = []


def apply(arg, func):
    return func(arg)


@overload(apply)
def _apply_ol(arg, func):
    SEEN.append(func)
    if isinstance(func, types.Dispatcher):
        return lambda arg, func: func(arg)
    return None


def twice(func, *args):
    return func(func(*args)) if len(args) == 2 else func(*args)


@overload(twice)
def _twice_ol(func, *args):
    if len(args) == 1:

        def impl(func, *args):
            return func(*args)

        return impl

    def impl(func, *args):
        return func(func(*args))

    return impl


@cuda.jit(device=True)
def triple(v):
    return 3 * v


def apply_kernel_body(out, x, k):
    i = cuda.grid(1)
    if i < x.size:
        scale = k[i]  # a runtime local the closures capture

        def mul(v):
            return v * scale

        def add_all(*z):
            if len(z) == 1:
                t = z[0]
            else:
                t = z[0] + z[1]
            return t + scale

        out[i, 0] = apply(x[i], mul)
        out[i, 1] = apply(x[i], triple)
        out[i, 2] = twice(add_all, x[i]) + twice(add_all, x[i], x[i])


apply_k = cuda.jit(apply_kernel_body)


def _reference(x, k):
    out = np.zeros((x.size, 3), np.int64)
    for i in range(x.size):
        scale = k[i]
        out[i, 0] = x[i] * scale
        out[i, 1] = 3 * x[i]
        out[i, 2] = (x[i] + scale) + ((x[i] + x[i] + scale) + scale)
    return out


def test_functions_passed_to_overloads(target, rng):
    x = rng.integers(-1000, 1000, N)
    k = rng.integers(-50, 50, N)
    out = np.zeros((N, 3), np.int64)
    SEEN.clear()
    apply_k[1, N](out, x, k)
    np.testing.assert_array_equal(out, _reference(x, k))
    # The typing function saw numba's Dispatcher type, named by the function.
    names = {t.function_name for t in SEEN if isinstance(t, types.Dispatcher)}
    assert any(n.endswith("mul") for n in names) and "triple" in names, SEEN
    assert all(str(t).startswith("type(CUDADispatcher(") for t in SEEN)


def _numba_apply_like_case(arg):
    def mul10(x):
        return x * 10

    return apply(arg, mul10)


numba_apply_device = cuda.jit(device=True)(_numba_apply_like_case)


@cuda.jit
def numba_apply_k(out, a):
    out[0] = numba_apply_device(a)


def test_numba_basic_apply_like_case(target, rng):
    a = int(rng.integers(-(10**6), 10**6))
    out = np.zeros(1, np.int64)
    numba_apply_k[1, 1](out, a)
    assert out[0] == a * 10


@cuda.jit(device=True)
def scaled(x, *rest, scale=2, shift):
    total = x
    for r in rest:
        total += r
    return total * scale + shift


@cuda.jit
def kwonly_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = scaled(x[i], shift=1)
        out[i, 1] = scaled(x[i], y[i], scale=3, shift=-2)
        out[i, 2] = scaled(x[i], y[i], x[i], shift=y[i])


def test_keyword_only_parameters_of_device_functions(target, rng):
    x = rng.integers(-1000, 1000, N)
    y = rng.integers(-1000, 1000, N)
    out = np.zeros((N, 3), np.int64)
    kwonly_k[1, N](out, x, y)
    want = np.stack([x * 2 + 1, (x + y) * 3 - 2, (2 * x + y) * 2 + y], axis=1)
    np.testing.assert_array_equal(out, want)


def test_a_missing_keyword_only_argument_is_a_typing_error():
    @cuda.jit
    def k(out, x):
        out[0] = scaled(x[0])

    with pytest.raises(TypingError, match="missing required keyword-only argument 'shift'"):
        k[1, 1](np.zeros(1, np.int64), np.ones(1, np.int64))


def test_keyword_only_parameters_of_a_kernel_are_refused():
    def k(out, *, x):
        out[0] = x

    with pytest.raises(CompileError, match="keyword-only parameters in kernels") as info:
        cuda.jit("void(int64[::1], int64)")(k)
    assert info.value.diagnostics[0].code == "unsupported-syntax"
