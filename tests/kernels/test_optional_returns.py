"""Device functions that return a value on some paths and nothing on others: as in numba, a
bare ``return``, ``return None`` or falling off the end gives ``None``, the function returns
``Optional(T)``, the caller tests it with ``is None`` / ``is not None``, and where a ``T`` is
wanted (arithmetic, a store, a call, a declared return type) the value is used."""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.errors import TypingError

from ._util import poison, rand, run

SENTINEL = -999


@cuda.jit(device=True)
def plus_one_if_positive(x):
    if x > 0:
        return x + 1
    else:
        return


@cuda.jit(device=True)
def index_of(a, v):
    for i in range(a.size):
        if a[i] == v:
            return i  # falling off the end (no match) returns None


@cuda.jit(device=True)
def half_or_none(x):
    if x < 0:
        return None
    return x * 0.5


@cuda.jit(device=True)
def passes_it_on(x):
    return plus_one_if_positive(x)  # an Optional returned as it is


@cuda.jit
def optional_k(out, a, needles):
    i = cuda.grid(1)
    if i < a.size:
        r = plus_one_if_positive(a[i])
        if r is None:
            out[i, 0] = SENTINEL
        else:
            out[i, 0] = r  # the Optional's value, stored
        out[i, 1] = plus_one_if_positive(a[i]) is not None
        j = index_of(a, needles[i])
        out[i, 2] = SENTINEL if j is None else j
        h = half_or_none(a[i])
        out[i, 3] = SENTINEL if h is None else h * 4  # arithmetic on the value
        p = passes_it_on(a[i])
        out[i, 4] = SENTINEL if p is None else abs(p - 100)  # a builtin takes the value


def reference(a, needles):
    out = np.empty((a.size, 5), np.int64)
    for i, x in enumerate(a.tolist()):
        where = np.flatnonzero(a == needles[i])
        out[i] = (
            x + 1 if x > 0 else SENTINEL,
            x > 0,
            where[0] if where.size else SENTINEL,
            int(x * 0.5 * 4) if x >= 0 else SENTINEL,
            abs(x + 1 - 100) if x > 0 else SENTINEL,
        )
    return out


def test_optional_returns_reach_the_caller(target, rng):
    a = rand(rng, 64, np.int64, -50, 50)
    needles = np.where(rng.random(64) < 0.5, a[rng.integers(0, 64, 64)], 1000)
    (got, _, _) = run(optional_k, 1, 64, poison((64, 5), np.int64), a, needles)
    np.testing.assert_array_equal(got, reference(a, needles))


def test_the_return_type_is_numbas_optional():
    _, resty = cuda.compile_ptx(plus_one_if_positive.py_func, (types.int64,), device=True)
    assert isinstance(resty, types.Optional) and resty.type == types.int64, resty
    assert str(resty) == "OptionalType(int64)"


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)], ids=lambda c: f"sm_{c[0]}{c[1]}")
def test_a_c_abi_caller_of_an_optional_compiles(cc):
    # numba-cuda's test_compile_cabi_calling_device_function_returning_optional.
    def wrapper(x):
        return plus_one_if_positive(x)

    ptx, resty = cuda.compile_ptx(wrapper, types.int32(types.int32), device=True, abi="c", cc=cc)
    assert resty == types.int32
    assert ".func" in ptx


@cuda.jit(device=True)
def array_or_nothing(a, flag):
    if flag:
        return a
    return


@cuda.jit
def optional_array_k(out, a):
    b = array_or_nothing(a, out[0] > 0)
    out[0] = b[0]


@cuda.jit(types.int64(types.int64), device=True)
def declared_bare_return(x):
    if x > 0:
        return x
    return


@cuda.jit
def calls_declared_k(out):
    out[0] = declared_bare_return(out[0])


def test_optional_errors_are_clear():
    with pytest.raises(TypingError, match=r"cannot be empty in device code") as info:
        optional_array_k[1, 1](np.zeros(2), np.ones(2))
    assert info.value.diagnostics[0].code == "bad-return"
    with pytest.raises(TypingError, match=r"the declared return type is int64; a bare return"):
        calls_declared_k[1, 1](np.zeros(1, np.int64))


@cuda.jit(device=True)
def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


@cuda.jit
def factorial_k(out, ns):
    i = cuda.grid(1)
    if i < ns.size:
        out[i] = factorial(ns[i])


def test_a_recursion_with_a_base_case_returns_its_type_not_optional(target, rng):
    # The recursive call has no type in the first typing pass; that must not make the
    # function's end look reachable (which would give Optional(int64)).
    _, ret = cuda.compile_ptx(factorial, (types.int64,), device=True)
    assert ret == types.int64
    ns = rng.integers(0, 16, 40).astype(np.int64)
    (got, _) = run(factorial_k, 1, 64, poison(40, np.int64), ns)
    np.testing.assert_array_equal(got, [math.factorial(int(n)) for n in ns])
