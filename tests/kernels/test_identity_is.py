"""``is`` / ``is not`` in device code, as Python and numba-cuda answer them.

Python has one ``True`` and one ``False``, so ``flag is True`` asks whether the flag is true;
numba lowers ``is`` between booleans (literal or not) as ``==``. oxcuda once answered ``False``
for every runtime bool against a literal, a silent wrong result (numba-cuda's
``test_ssa::test_issue5623_equal_statements_in_same_bb``). Values of different types are never
the same object (``1 is True`` is ``False``)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")


@cuda.jit
def bool_identity_k(flags, out):
    i = cuda.grid(1)
    if i < flags.size:
        f = flags[i] != 0
        g = flags[(i + 1) % flags.size] != 0
        out[i, 0] = f is True
        out[i, 1] = f is False
        out[i, 2] = f is not True
        out[i, 3] = True is f
        out[i, 4] = f is g
        out[i, 5] = f is not g
        out[i, 6] = f is None
        n = flags[i]
        out[i, 7] = n is True


def python_reference(flags: np.ndarray) -> np.ndarray:
    rows = []
    for i in range(flags.size):
        f = bool(flags[i] != 0)
        g = bool(flags[(i + 1) % flags.size] != 0)
        n = int(flags[i])
        rows.append(
            [f is True, f is False, f is not True, True is f, f is g, f is not g, f is None, False]
        )
        assert (n is True) is False
    return np.array(rows, dtype=np.int32)


def test_bool_is_literal_compares_the_value(target, rng):
    flags = rng.integers(0, 2, size=200).astype(np.int32)
    assert 0 < flags.sum() < flags.size
    out = np.full((flags.size, 8), -1, np.int32)
    bool_identity_k[4, 64](flags, out)
    np.testing.assert_array_equal(out, python_reference(flags))


@cuda.jit
def store_if_true_k(pred, stack):
    i = 0
    c = 1
    if pred is True:
        stack[i] = c
        i += 1
        stack[i] = c
        i += 1


@pytest.mark.parametrize("pred", [True, False])
def test_bool_argument_is_true_branch(target, pred):
    stack = np.array([0, 666])
    store_if_true_k[1, 1](pred, stack)
    expect = np.array([1, 1]) if pred else np.array([0, 666])
    np.testing.assert_array_equal(stack, expect)
