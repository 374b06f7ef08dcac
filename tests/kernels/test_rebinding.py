"""A variable re-bound to a value of another type: as in numba's SSA form, an assignment among
a function's top-level statements starts a new version of the variable with a type of its
own; assignments inside branches and loops unify with the version they reach."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import poison, rand, run


@cuda.jit
def rebind_k(out, a):
    i = cuda.grid(1)
    if i >= a.size:
        return
    x = a[i]  # int64
    out[i, 0] = x // 3  # integer floor division: x is still an integer here
    x = x * 0.5  # now float64
    out[i, 1] = x
    t = (a[i], 7)
    out[i, 2] = t[0] + t[1]
    t = a  # now an array
    out[i, 3] = t[i] * 2
    big = 2**62 + 1  # exact as an integer before the variable becomes a float
    out[i, 4] = big - 2**62
    big = 1.5
    out[i, 5] = big * 2


def test_rebinding_at_top_level_gives_each_version_its_type(target, rng):
    a = rand(rng, 100, np.int64, -1000, 1000)
    (got, _) = run(rebind_k, 2, 64, poison((100, 6), np.float64), a)
    np.testing.assert_array_equal(got[:, 0], a // 3)
    np.testing.assert_array_equal(got[:, 1], a * 0.5)
    np.testing.assert_array_equal(got[:, 2], a + 7)
    np.testing.assert_array_equal(got[:, 3], a * 2)
    np.testing.assert_array_equal(got[:, 4], 1)
    np.testing.assert_array_equal(got[:, 5], 3.0)


@cuda.jit
def unify_in_branches_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        x = 0
        if a[i] > 0:
            x = 1.5  # unifies with the int: x is float64 on both paths (numba's phi)
        out[i] = x + a[i] // 2


def test_branches_unify(target, rng):
    a = rand(rng, 64, np.int64, -100, 100)
    (got, _) = run(unify_in_branches_k, 1, 64, poison(64, np.float64), a)
    np.testing.assert_array_equal(got, np.where(a > 0, 1.5, 0.0) + a // 2)


@cuda.jit
def conflict_in_branch_k(out, a):
    x = 0
    if a[0] > 0:
        x = a  # <-- an array cannot unify with the integer the other path leaves
    out[0] = x[0]


def test_types_that_cannot_unify_at_a_merge_are_an_error():
    with pytest.raises(TypingError) as info:
        conflict_in_branch_k[1, 1](np.zeros(1), np.ones(1))
    assert info.value.diagnostics[0].code == "variable-type-conflict", info.value
