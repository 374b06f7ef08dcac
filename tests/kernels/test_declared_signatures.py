"""Declared signatures are applied, as numba-cuda applies them: a device function with an
explicit signature is compiled for those types only, calls convert their arguments to them,
and every ``return`` converts to the declared return type (docs/typing.md)."""

from __future__ import annotations

import re

import numpy as np
import pytest
from oxcuda import cuda, float64, int32, uint8
from oxcuda.errors import TypingError

from ._util import poison, rand

# On the GPU these kernels take NumPy arrays (copied each launch) on purpose.
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")


@cuda.jit("float64(int32)", device=True)
def half(x):
    return x / 2


@cuda.jit("int32(int32, int32)", device=True)
def add32(a, b):
    return a + b


@cuda.jit("uint8(uint8)", device=True)
def inc8(x):
    return x + 1


@cuda.jit
def use_k(h, s, w, f, a, b, u):
    i = cuda.grid(1)
    if i < f.size:
        h[i] = half(f[i])
        s[i] = add32(a[i], b[i])
        w[i] = inc8(u[i])


def test_arguments_and_results_convert_to_the_declared_types(target, rng):
    n = 64
    f = rand(rng, n, np.float64, -1000, 1000)
    f[0] = 3.7
    a = rand(rng, n, np.int32, -(2**31), 2**31 - 1)
    b = rand(rng, n, np.int32, -(2**31), 2**31 - 1)
    a[1], b[1] = 2**31 - 1, 1
    u = rand(rng, n, np.uint8, 0, 255)
    u[2] = 255
    h, s, w = poison(n, np.float64), poison(n, np.int64), poison(n, np.int64)
    dh, ds, dw = cuda.to_device(h), cuda.to_device(s), cuda.to_device(w)
    use_k[2, 32](dh, ds, dw, f, a, b, u)
    np.testing.assert_array_equal(dh.copy_to_host(), np.trunc(f).astype(np.int32) / 2)
    want = (a.astype(np.int64) + b).astype(np.int32)  # wraps at 32 bits
    np.testing.assert_array_equal(ds.copy_to_host(), want)
    np.testing.assert_array_equal(dw.copy_to_host(), (u + np.uint8(1)).astype(np.uint8))
    assert dh.copy_to_host()[0] == 1.5
    assert ds.copy_to_host()[1] == -(2**31)
    assert dw.copy_to_host()[2] == 0


def plain_add(a, b):
    return a + b


def test_compile_ptx_returns_the_declared_type():
    ptx, ret = cuda.compile_ptx(plain_add, int32(int32, int32), device=True)
    assert ret == int32
    assert ".b32 func_retval0" in ptx
    ptx, ret = cuda.compile_ptx(plain_add, float64(uint8, uint8), device=True)
    assert ret == float64
    # numba's ABI (compile_ptx's default): the float64 is stored through the result pointer.
    assert re.search(r"st\.f64 \t\[%rd\d+\]", ptx), ptx
    ptx, _ = cuda.compile_ptx(plain_add, float64(uint8, uint8), device=True, abi="c")
    assert "st.param.f64 \t[func_retval0" in ptx


def _add(a, b):
    return a + b


add_two_ways = cuda.jit(["(int64, int64)", "(float64, float64)"], device=True)(_add)


@cuda.jit
def add_k(r, x, y):
    r[0] = add_two_ways(x, y)


@pytest.mark.parametrize(
    ("x", "y", "dtype"),
    [
        (np.int64, np.int64, np.int64),  # exact
        (np.float64, np.float64, np.float64),  # exact
        (np.int32, np.int32, np.int64),  # promote to int64 beats safe to float64
        (np.float32, np.float32, np.float64),  # promote to float64 beats unsafe to int64
        (np.int32, np.float64, np.float64),  # safe + exact beats promote + unsafe
    ],
)
def test_several_declared_signatures_choose_by_numbas_ratings(target, rng, x, y, dtype):
    a, b = (rng.integers(-1000, 1000) * 0.5 + 0.25 for _ in range(2))
    a, b = x(a), y(b)
    r = np.zeros(1, dtype)
    add_k[1, 1](r, a, b)
    want = dtype(dtype(a) + dtype(b))  # the chosen signature's arithmetic
    assert r[0] == want and r.dtype == dtype


@cuda.jit
def add_complex_k(r, x, y):
    r[0] = add_two_ways(x, y)


def test_arguments_no_declared_signature_accepts_are_a_typing_error(target):
    with pytest.raises(TypingError, match=r"with parameters \(complex128, complex128\)") as info:
        add_complex_k[1, 1](np.zeros(1, np.complex128), 1j, 1j)
    assert "(int64, int64), (float64, float64)" in str(info.value)
    assert len(add_two_ways.overloads) <= 2  # nothing new was compiled for complex128


def _sub(x, y):
    return x - y


tie = cuda.jit(["(float32, float64)", "(float64, float32)", "(int64, int64)"], device=True)(_sub)


@cuda.jit
def tie_k(r, x, y):
    r[0] = tie(x, y)


def test_equally_good_signatures_call_the_first_declared(target, rng):
    """numba's resolve_overload in device code allows ambiguity: of the tied (float32, float64)
    and (float64, float32) -- one unsafe conversion each for (float64, float64) -- the first
    declared is called (numba-cuda's test_explicit_signatures_device_ambiguous)."""
    x, y = rng.uniform(1, 2, 2)
    r = np.zeros(1)
    tie_k[1, 1](r, x, y)
    first = np.float64(np.float32(x)) - y
    second = x - np.float64(np.float32(y))
    assert first != second
    assert r[0] == first
