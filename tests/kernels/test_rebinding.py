"""A variable re-bound to a value of another type: as in numba's SSA form, every assignment
starts a version of the variable, and only the assignments that one read can see (they meet at
a phi node: a branch's merge, a loop's back edge) must unify; each version has a type of its
own, at the top level, inside branches and inside loops alike."""

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


@cuda.jit
def rebind_in_loops_k(out, a, b, m):
    # numba's issue 3931: inside the loop `x` is a 1-d view, then a 2-d one again; only the
    # 2-d versions meet (at the loop's back edge and after it).
    i = cuda.grid(1)
    if i >= 1:
        return
    x = a
    for _ in range(m):
        x = x.reshape(a.size)
        x = x.reshape(a.shape[0], a.shape[1])
    for r in range(x.shape[0]):
        for c in range(x.shape[1]):
            out[r, c] = x[r, c] * 2
    # numba's issue 5493: `t` counts, then names an array inside the inner loop, where only
    # that array is read; the outer loop assigns the counter again before any other read.
    for t in range(1, m):
        for k in range(b.size):
            t = b
            out[0, 0] += t[k]


def test_rebinding_inside_loops_gives_each_version_its_type(target, rng):
    a = rand(rng, (3, 2), np.float64)
    b = rand(rng, 4, np.float64)
    m = 3
    (got, _, _) = run(rebind_in_loops_k, 1, 1, poison((3, 2), np.float64), a, b, m)
    want = a * 2
    want[0, 0] += (m - 1) * b.sum()
    np.testing.assert_allclose(got, want, rtol=1e-14)


@cuda.jit
def rebind_in_branch_k(out, a, flags):
    i = cuda.grid(1)
    if i < a.size:
        if flags[i]:
            v = a  # an array here ...
            out[i, 0] = v[i] * 3
            v = v[i] + 1  # ... and a float in the same branch: no read sees both
            out[i, 1] = v
        else:
            v = i  # an integer on the other path, read only there
            out[i, 0] = v
            out[i, 1] = -v


def test_rebinding_inside_a_branch(target, rng):
    a = rand(rng, 50, np.float64)
    flags = rand(rng, 50, np.int64, 0, 2)
    (got, _, _) = run(rebind_in_branch_k, 1, 64, poison((50, 2), np.float64), a, flags)
    idx = np.arange(50, dtype=np.float64)
    np.testing.assert_allclose(got[:, 0], np.where(flags != 0, a * 3, idx), rtol=1e-15)
    np.testing.assert_allclose(got[:, 1], np.where(flags != 0, a + 1, -idx), rtol=1e-15)


@cuda.jit(device=True)
def first_if_tuple(b, is_tuple):
    # numba's issue 5219: the branch is pruned when `is_tuple` is a compile-time constant, so
    # the tuple parameter and the integer meet at no phi.
    if is_tuple is True:
        b = b[0]
    return b


@cuda.jit
def pruned_branch_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = first_if_tuple((a[i], 5), True) + first_if_tuple(a[i], False)


def test_a_pruned_branch_meets_no_other_version(target, rng):
    a = rand(rng, 40, np.int64, -1000, 1000)
    (got, _) = run(pruned_branch_k, 1, 64, poison(40, np.int64), a)
    np.testing.assert_array_equal(got, 2 * a)


@cuda.jit
def conflict_in_loop_k(out, a, n):
    x = 0
    for k in range(n):
        out[k] = x  # <-- sees the integer before the loop and the array from the last turn
        x = a


def test_types_that_cannot_unify_at_a_loop_back_edge_are_an_error():
    with pytest.raises(TypingError) as info:
        conflict_in_loop_k[1, 1](np.zeros(2), np.ones(2), 2)
    diag = info.value.diagnostics[0]
    assert diag.code == "variable-type-conflict", info.value
    assert "variable 'x' is assigned" in str(info.value)
