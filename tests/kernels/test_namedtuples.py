"""Namedtuples in kernels: arguments with attribute access and indexing, instances built in
kernels from a captured class (positional, keyword, defaults), passed to and returned from
device functions, captured as globals, and the errors misuse gets (numba-cuda's semantics)."""

from __future__ import annotations

import inspect
from collections import namedtuple
from typing import NamedTuple

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import poison, rand, run

Point = namedtuple("Point", ["x", "y"])
Interval = namedtuple("Interval", ["lo", "hi", "scale"], defaults=[1.5])


class Particle(NamedTuple):
    mass: float
    charge: int


ORIGIN = Point(3, 4.25)


@cuda.jit
def fields_k(p, q, out):
    out[0] = p.x
    out[1] = p.y
    out[2] = p[0] + p[-1]
    out[3] = len(p)
    a, b = q
    out[4] = a * 10 + b
    out[5] = q.mass / q.charge
    s = 0.0
    for item in p:
        s += item
    out[6] = s


def test_attributes_and_indexing_of_arguments(target, rng):
    x, y = (float(v) for v in rng.uniform(-100, 100, 2))
    m, c = float(rng.uniform(1, 10)), int(rng.integers(1, 9))
    out = poison(7, np.float64)
    (got,) = run(fields_k, 1, 1, Point(x, y), Particle(m, c), out)
    np.testing.assert_array_equal(got, [x, y, x + y, 2, m * 10 + c, m / c, x + y])


@cuda.jit
def int_fields_k(p, out):
    out[0] = p.x * p.y


def test_integer_fields(target, rng):
    a, b = (int(v) for v in rng.integers(-1000, 1000, 2))
    out = poison(1, np.int64)
    (got,) = run(int_fields_k, 1, 1, Point(a, b), out)
    assert got[0] == a * b


@cuda.jit(device=True)
def midpoint(p, q):
    return Point((p.x + q.x) / 2, (p.y + q.y) / 2)


@cuda.jit(device=True)
def norm1(p):
    return abs(p.x) + abs(p.y)


@cuda.jit
def build_k(xs, ys, out):
    i = cuda.grid(1)
    if i < xs.size:
        p = Point(xs[i], ys[i])
        q = Point(y=ys[i] * 2, x=1.0)
        m = midpoint(p, q)
        out[i, 0] = m.x
        out[i, 1] = m.y
        out[i, 2] = norm1(m)
        iv = Interval(xs[i], ys[i])
        out[i, 3] = (iv.hi - iv.lo) * iv.scale
        out[i, 4] = ORIGIN.x + ORIGIN.y + ORIGIN[1]


def test_built_in_kernels_and_through_device_functions(target, rng):
    n = 100
    xs, ys = rand(rng, n, np.float64), rand(rng, n, np.float64)
    (_, _, got) = run(build_k, 2, 64, xs, ys, poison((n, 5), np.float64))
    mx, my = (xs + 1.0) / 2, (ys + ys * 2) / 2
    np.testing.assert_array_equal(got[:, 0], mx)
    np.testing.assert_array_equal(got[:, 1], my)
    np.testing.assert_array_equal(got[:, 2], np.abs(mx) + np.abs(my))
    np.testing.assert_array_equal(got[:, 3], (ys - xs) * 1.5)
    np.testing.assert_array_equal(got[:, 4], 3 + 4.25 + 4.25)


def test_one_specialisation_per_class(target):
    out = poison(1, np.int64)
    (got,) = run(int_fields_k, 1, 1, Point(2, 3), out)
    assert got[0] == 6
    other = namedtuple("Other", ["x", "y"])
    (got,) = run(int_fields_k, 1, 1, other(5, 7), out)
    assert got[0] == 35
    sigs = [str(s) for s in int_fields_k.signatures]
    assert len(sigs) == 2, sigs


# ---- errors -------------------------------------------------------------------------------


def line_of(func, marker: str) -> int:
    lines, first = inspect.getsourcelines(func.py_func)
    return first + next(k for k, text in enumerate(lines) if marker in text)


@cuda.jit
def no_field_k(p, out):
    out[0] = p.z  # <-- here


@cuda.jit
def missing_field_k(p, out):
    q = Point(1.0)  # <-- here
    out[0] = q.x


@cuda.jit
def unknown_keyword_k(p, out):
    q = Point(1.0, w=2.0)  # <-- here
    out[0] = q.x


@cuda.jit
def too_many_k(p, out):
    q = Point(1.0, 2.0, 3.0)  # <-- here
    out[0] = q.x


@pytest.mark.parametrize(
    ("kernel", "code", "words"),
    [
        (no_field_k, "unknown-attribute", "has no field 'z' (its fields: x, y)"),
        (missing_field_k, "bad-call", "missing a value for field 'y'"),
        (unknown_keyword_k, "bad-call", "has no field 'w'"),
        (too_many_k, "bad-call", "takes 2 arguments but 3 were given"),
    ],
)
def test_misuse_is_a_typing_error_at_the_line(kernel, code, words):
    with pytest.raises(TypingError) as info:
        kernel[1, 1](Point(1.0, 2.0), np.zeros(1))
    d = info.value.diagnostics[0]
    assert d.code == code, info.value
    assert words in str(info.value), info.value
    assert d.line == line_of(kernel, "<-- here")
