"""Comparing string constants in device code: a string literal, or a device function's string
argument (numba's literal strings: the function is specialised on the value), compared with
``==``, ``!=``, ``<``… folds at compile time with Python's order (numba-cuda's
test_errors::test_string_device_function_arg_compiles compares ``value == "1"`` this way)."""

from __future__ import annotations

import itertools
import linecache

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

WORDS = ["", "1", "a", "ab", "b", "zz", "é"]


@cuda.jit(device=True)
def classify(out, i, value, other):
    out[i, 0] = value == other
    out[i, 1] = value != other
    out[i, 2] = value < other
    out[i, 3] = value <= other
    out[i, 4] = value > other
    out[i, 5] = value >= other


def test_string_arguments_compare_as_python_strings(target, rng):
    pairs = list(itertools.product(WORDS, WORDS))
    order = rng.permutation(len(pairs))  # a fresh order of the pairs each run
    chosen = [pairs[k] for k in order[:12]]
    lines = [f"    classify(out, {k}, {a!r}, {b!r})" for k, (a, b) in enumerate(chosen)]
    source = "def kernel(out):\n" + "\n".join(lines) + "\n"
    filename = f"<string compare {order[0]}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = {"classify": classify}
    exec(compile(source, filename, "exec"), namespace)
    kernel = cuda.jit(namespace["kernel"])
    out = np.zeros((len(chosen), 6), np.bool_)
    kernel[1, 1](out)
    want = np.array([[a == b, a != b, a < b, a <= b, a > b, a >= b] for a, b in chosen])
    np.testing.assert_array_equal(out, want)


@cuda.jit(device=True)
def store_for(gmem, value):
    if value == "one":
        gmem[0] = 1.0
    else:
        gmem[0] = 0.0


def branches(buff):
    store_for(buff, "one")
    store_for(buff[1:], "two")


def test_a_string_argument_picks_a_branch(target):
    buff = np.full(2, 7.0, np.float32)
    cuda.jit(branches)[1, 1](buff)
    np.testing.assert_array_equal(buff, [1.0, 0.0])


def mixed(out):
    out[0] = "1" == 1


def test_a_string_with_a_number_is_still_a_typing_error(target):
    with pytest.raises(TypingError, match="cannot compare"):
        cuda.jit(mixed)[1, 1](np.zeros(1, np.bool_))
