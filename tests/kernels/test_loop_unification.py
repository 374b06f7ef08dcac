"""A variable re-bound inside a ``for`` (or ``while``) loop to a value of another type takes the
unified type, as numba's type inference unifies it across the loop's back edge: an integer
meeting a float is float64, int32 meeting int64 is int64, float32 meeting float64 is float64, an
integer meeting a complex is complex128, integer literals stay int64. Each kernel is checked
against the same loop in Python on fresh random data. A tuple or an array meeting a number
cannot unify: a ``variable-type-conflict`` naming both assignments' lines."""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import poison, rand, run

ROWS, COLS = 48, 9


@cuda.jit
def int_then_float_k(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = 0  # int64 here, float64 once the loop adds a float64
        for j in range(a.shape[1]):
            x = x + a[i, j]
        out[i] = x


def test_int_meeting_float_in_a_loop_is_float64(target, rng):
    a = rand(rng, (ROWS, COLS), np.float64, -10, 10)
    (got, _) = run(int_then_float_k, 1, 64, poison(ROWS, np.float64), a)
    want = []
    for row in a:
        x = 0
        for v in row:
            x = x + float(v)
        want.append(x)
    np.testing.assert_array_equal(got, np.array(want))


@cuda.jit
def int32_then_int64_k(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = np.int32(0)
        for j in range(a.shape[1]):
            x += a[i, j]  # int64: the sum leaves int32's range, exactly
        out[i] = x


def test_int32_meeting_int64_in_a_loop_is_int64(target, rng):
    a = rand(rng, (ROWS, COLS), np.int64, 2**31, 2**40)
    (got, _) = run(int32_then_int64_k, 1, 64, poison(ROWS, np.int64), a)
    want = [sum(int(v) for v in row) for row in a]
    assert max(want) > 2**31
    np.testing.assert_array_equal(got, np.array(want, dtype=np.int64))


@cuda.jit
def float32_then_float64_k(out, start, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        x = start[i]  # float32
        j = 0
        while j < a.shape[1]:
            x = x * 0.5 + a[i, j]  # float64 from the second iteration on
            j += 1
        out[i] = x


def test_float32_meeting_float64_in_a_loop_is_float64(target, rng):
    start = rand(rng, ROWS, np.float32, -10, 10)
    a = rand(rng, (ROWS, COLS), np.float64, -1, 1) / 3
    (got, _, _) = run(float32_then_float64_k, 1, 64, poison(ROWS, np.float64), start, a)
    want = []
    for s, row in zip(start, a, strict=True):
        x = float(s)
        for v in row:
            x = x * 0.5 + float(v)
        want.append(x)
    # float64 throughout: the same bits as Python's floats, not float32's rounding
    np.testing.assert_array_equal(got, np.array(want))


@cuda.jit
def int_then_complex_k(out, c, counts):
    i = cuda.grid(1)
    if i < c.shape[0]:
        x = 1
        for j in range(c.shape[1]):
            if j < counts[i]:
                x = x * c[i, j] + j  # complex128 from the first product on
        out[i] = x


def test_int_meeting_complex_in_a_loop_is_complex128(target, rng):
    c = rand(rng, (ROWS, COLS), np.complex128, -1, 1)
    counts = rand(rng, ROWS, np.int64, 0, COLS)
    (got, _, _) = run(int_then_complex_k, 1, 64, poison(ROWS, np.complex128), c, counts)
    want = []
    for row, n in zip(c, counts, strict=True):
        x = 1
        for j, v in enumerate(row):
            if j < n:
                x = x * complex(v) + j
        want.append(complex(x))
    np.testing.assert_allclose(got, np.array(want), rtol=1e-13, atol=1e-13)


@cuda.jit
def literals_k(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        n = 0  # integer literals only: stays int64, exact
        y = 1  # meets the float literal 1.5: float64
        for j in range(a.shape[1]):
            for k in range(3):
                n = n * 3 + (a[i, j] + k) % 7
                y = y * 1.5 - k
        out[i, 0] = n
        out[i, 1] = y


def test_integer_literals_stay_int64_and_meet_float_literals_as_float64(target, rng):
    a = rand(rng, (ROWS, COLS), np.int64, -1000, 1000)
    (got, _) = run(literals_k, 1, 64, poison((ROWS, 2), np.float64), a)
    for i, row in enumerate(a):
        n, y = 0, 1
        for v in row:
            for k in range(3):
                n = (n * 3 + (int(v) + k) % 7) % 2**64
                y = y * 1.5 - k
        n = n - 2**64 if n >= 2**63 else n  # int64 wraps as the GPU does
        assert got[i, 0] == np.float64(np.int64(n))
        assert got[i, 1] == y


def tuple_in_loop(out, a):
    x = 0
    for j in range(a.size):
        x = (a[j], 1)
    out[0] = x[1]


def array_in_loop(out, a):
    x = 0.5
    for j in range(a.size):  # noqa: B007 - j is read after the loop
        x = a
    out[0] = x[j]


@pytest.mark.parametrize(
    ("kernel", "what"),
    [(tuple_in_loop, r"Tuple\(float64, int64\)"), (array_in_loop, r"array\(float64, 1d, C\)")],
)
def test_a_tuple_or_array_meeting_a_number_in_a_loop_names_both_lines(kernel, what):
    lines, first = inspect.getsourcelines(kernel)
    start = first + 1  # `x = ...` before the loop
    with pytest.raises(TypingError) as info:
        cuda.jit(kernel)[1, 1](np.zeros(1), np.ones(4))
    assert len(info.value.diagnostics) == 1, info.value  # the reads after it add no error
    d = info.value.diagnostics[0]
    assert d.code == "variable-type-conflict", info.value
    assert d.line == start + 2, info.value  # reported at the assignment in the loop
    assert re.search(rf"variable 'x' is assigned {what} here but", d.message), d.message
    assert f"elsewhere (line {start}: `{lines[1].strip()}`)" in d.message, d.message
