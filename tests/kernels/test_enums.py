"""Enum members in kernels: ``IntEnum``/``Enum`` members as globals and as kernel and
device-function arguments, ``==``/``!=``/``is``, IntEnum members as integers, ``.value``,
``Color["red"]``, and the errors misuse gets (numba-cuda's semantics, cudapy/test_enums.py)."""

from __future__ import annotations

import inspect
from enum import Enum, IntEnum

import numpy as np
import pytest
from oxcuda import cuda, int16, int32
from oxcuda.errors import TypingError

from ._util import poison, rand, run


class Color(Enum):
    red = 1
    green = 2
    blue = 3


class Shake(Enum):
    vanilla = 7
    mint = 3  # the value of Color.blue


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    VENUS = (4.869e24, 6.0518e6)
    EARTH = (5.976e24, 6.37814e6)


class Shape(IntEnum):
    circle = 2
    square = 500


class RequestError(IntEnum):
    dummy = 2
    not_found = 404
    internal_error = 500


class Negatives(IntEnum):
    two = 2  # the value of Shape.circle
    minus = -3


class Mixed(Enum):
    a = 1
    b = 2.0


@cuda.jit
def compare_k(a, b, out):
    out[0] = a == b
    out[1] = a != b
    out[2] = a is b
    out[3] = a is not b


PAIRS = [
    (Color.red, Color.red),
    (Color.red, Color.green),
    (Planet.EARTH, Planet.EARTH),
    (Planet.VENUS, Planet.MERCURY),
    (Shape.circle, Negatives.two),  # IntEnums of two classes, one value
    (Shape.circle, Shape.circle),
    (RequestError.not_found, Shape.square),
]


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=lambda m: str(m))
def test_compare_arguments(target, a, b):
    out = np.zeros(4, dtype=np.bool_)
    (got,) = run(compare_k, 1, 1, a, b, out)
    want = [a == b, a != b, a is b, a is not b]
    assert list(got) == want


@cuda.jit
def globals_k(out):
    out[0] = Color.red == Color.green
    out[1] = Color["red"] == Color["red"]
    out[2] = Color.blue != Color.green
    out[3] = Color.red is Color.red
    out[4] = Color.red is Color.green
    out[5] = Shape.circle == RequestError.dummy  # IntEnums compare as integers


def test_members_as_globals(target):
    out = np.zeros(6, dtype=np.bool_)
    (got,) = run(globals_k, 1, 1, out)
    want = [False, True, True, True, False, True]
    assert list(got) == want


@cuda.jit
def int_coerce_k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        if v > RequestError.internal_error:
            out[i] = v - RequestError.not_found
        else:
            out[i] = v + Shape.circle * 3


@cuda.jit
def int_cast_k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        if x[i] > int16(RequestError.internal_error):
            out[i] = x[i] - int32(RequestError.not_found)
        else:
            out[i] = x[i] + int16(Shape.circle)


def test_int_enum_members_are_integers(target, rng):
    x = rand(rng, 200, np.int32, 250, 650)
    (_, got) = run(int_coerce_k, 4, 64, x, poison(200, np.int32))
    want = np.where(x > 500, x - 404, x + 2 * 3)
    np.testing.assert_array_equal(got, want)
    (_, got) = run(int_cast_k, 4, 64, x, poison(200, np.int32))
    want = np.where(x > 500, x - 404, x + 2)
    np.testing.assert_array_equal(got, want)


@cuda.jit
def int_enum_argument_k(e, x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * e + (e > Shape.circle)  # arithmetic and ordering on an IntEnum argument


def test_int_enum_argument_arithmetic(target, rng):
    x = rand(rng, 100, np.int64, -1000, 1000)
    for e in (RequestError.not_found, Shape.circle):
        (_, got) = run(int_enum_argument_k, 2, 64, e, x, poison(100, np.int64))
        np.testing.assert_array_equal(got, x * int(e) + int(int(e) > 2))


@cuda.jit
def value_k(c, p, out):
    out[0] = c.value
    out[1] = p.value[0] / 1e24
    out[2] = p.value[1]
    out[3] = Planet.VENUS.value[1]


def test_value(target):
    out = poison(4, np.float64)
    (got,) = run(value_k, 1, 1, Color.blue, Planet.EARTH, out)
    np.testing.assert_array_equal(got, [3.0, 5.976e24 / 1e24, 6.37814e6, 6.0518e6])


@cuda.jit(device=True)
def pick(pred):
    return Color.red if pred else Color.green


@cuda.jit(device=True)
def is_red(c):
    return c == Color.red


@cuda.jit
def device_function_k(flags, out):
    i = cuda.grid(1)
    if i < flags.size:
        c = pick(flags[i] != 0)
        out[i, 0] = c == Color.red
        out[i, 1] = is_red(c)
        out[i, 2] = is_red(Color.blue)


def test_members_through_device_functions(target, rng):
    flags = rand(rng, 50, np.int32, 0, 1)
    (_, got) = run(device_function_k, 1, 64, flags, np.zeros((50, 3), dtype=np.bool_))
    np.testing.assert_array_equal(got[:, 0], flags != 0)
    np.testing.assert_array_equal(got[:, 1], flags != 0)
    assert not got[:, 2].any()


def test_a_member_passes_for_its_own_class_only(target):
    """One specialisation per enum class: Color.red and Shake.mint compile separately."""
    out = np.zeros(4, dtype=np.bool_)
    run(compare_k, 1, 1, Color.red, Color.red, out)
    run(compare_k, 1, 1, Shake.mint, Shake.mint, out)
    sigs = [str(s) for s in compare_k.signatures]
    assert any("Color" in s for s in sigs) and any("Shake" in s for s in sigs), sigs


# ---- errors -------------------------------------------------------------------------------


def line_of(func, marker: str) -> int:
    lines, first = inspect.getsourcelines(func.py_func)
    return first + next(k for k, text in enumerate(lines) if marker in text)


@cuda.jit
def other_class_k(out):
    out[0] = Color.blue == Shake.mint  # <-- here


@cuda.jit
def unknown_member_k(out):
    out[0] = Color.purple == Color.red  # <-- here


@cuda.jit
def ordering_k(out):
    out[0] = Color.red < Color.green  # <-- here


@cuda.jit
def heterogeneous_k(out):
    out[0] = Mixed.a == Mixed.a  # <-- here


@cuda.jit
def arithmetic_k(out):
    out[0] = Color.red + 1  # <-- here


@pytest.mark.parametrize(
    ("kernel", "code", "words"),
    [
        (other_class_k, "type-mismatch", "cannot compare"),
        (
            unknown_member_k,
            "unknown-attribute",
            "no member 'purple' (its members: red, green, blue)",
        ),
        (ordering_k, "type-mismatch", "no ordering"),
        (heterogeneous_k, "unsupported-global", "heterogeneous enum"),
        (arithmetic_k, "type-mismatch", "unsupported operand types for +"),
    ],
)
def test_misuse_is_a_typing_error_at_the_line(kernel, code, words):
    with pytest.raises(TypingError) as info:
        kernel[1, 1](np.zeros(1, dtype=np.bool_))
    d = info.value.diagnostics[0]
    assert d.code == code, info.value
    assert words in str(info.value), info.value
    assert d.line == line_of(kernel, "<-- here")
