"""Atomics on global and shared arrays, with int and tuple indices: add, sub, max, min,
nanmax, nanmin, and_, or_, xor, exch, inc, dec, cas, compare_and_swap; returned old values."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float32, float64, int32, int64, uint32, uint64

from ._util import poison, rand, run

NT = 256  # threads
NB = 8  # bins

ARITH_DTYPES = [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64]
BIT_DTYPES = [np.int32, np.uint32, np.int64, np.uint64]


def _ids(d):
    return np.dtype(d).name


def _integral(a: np.ndarray) -> np.ndarray:
    """Whole numbers, so that float sums are exact in any order."""
    return np.round(a).astype(a.dtype) if a.dtype.kind == "f" else a


@cuda.jit
def global_arith_k(bins, old, vals, which):
    i = cuda.grid(1)
    if i < vals.size:
        b = which[i]
        old[i, 0] = cuda.atomic.add(bins, (0, b), vals[i])
        old[i, 1] = cuda.atomic.sub(bins[1], b, vals[i])
        old[i, 2] = cuda.atomic.max(bins, (2, b), vals[i])
        old[i, 3] = cuda.atomic.min(bins[3], b, vals[i])


@pytest.mark.parametrize("dtype", ARITH_DTYPES, ids=_ids)
def test_add_sub_max_min_global(target, rng, dtype):
    vals = _integral(rand(rng, NT, dtype, 0, 50))
    which = rand(rng, NT, np.int64, 0, NB - 1)
    init = _integral(rand(rng, (4, NB), dtype, 1000, 2000))
    old = poison((NT, 4), dtype)
    got_bins, got_old, _, _ = run(global_arith_k, NT // 64, 64, init, old, vals, which)
    want = init.copy()
    for b in range(NB):
        v = vals[which == b]
        with np.errstate(over="ignore"):  # unsigned subtraction wraps, as on the device
            want[0, b] = init[0, b] + v.sum(dtype=dtype)
            want[1, b] = init[1, b] - v.sum(dtype=dtype)
        want[2, b] = max(init[2, b], v.max(initial=0))
        want[3, b] = min(init[3, b], v.min(initial=init[3, b]))
        # The returned old values of the adds to one bin are running sums: the first is the
        # initial value, and each stays below the final sum (the values are non-negative).
        olds = got_old[which == b, 0]
        if olds.size:
            assert olds.min() == init[0, b]
            assert np.all(olds <= want[0, b])
    np.testing.assert_array_equal(got_bins, want)
    # Every thread saw an old max no larger than the final, no smaller than the initial.
    assert np.all(got_old[:, 2] >= init[2, which]) and np.all(got_old[:, 2] <= want[2, which])
    assert np.all(got_old[:, 3] <= init[3, which]) and np.all(got_old[:, 3] >= want[3, which])


@cuda.jit
def add_returns_k(counter, old):
    i = cuda.grid(1)
    if i < old.size:
        old[i] = cuda.atomic.add(counter, 0, 1)


@pytest.mark.parametrize("dtype", [np.int32, np.uint64, np.float64], ids=_ids)
def test_add_returns_distinct_old_values(target, dtype):
    counter = np.array([5], dtype=dtype)
    old = poison(NT, dtype)
    got_c, got_old = run(add_returns_k, NT // 64, 64, counter, old)
    assert got_c[0] == 5 + NT
    np.testing.assert_array_equal(np.sort(got_old), np.arange(5, 5 + NT, dtype=dtype))


def _make_shared_arith(nbtype):
    @cuda.jit
    def k(out, vals, which):
        sh = cuda.shared.array((4, NB), nbtype)
        t = cuda.threadIdx.x
        if t < NB:
            sh[0, t] = 0
            sh[1, t] = 1000
            sh[2, t] = 0
            sh[3, t] = 1000
        cuda.syncthreads()
        i = cuda.grid(1)
        b = which[i]
        cuda.atomic.add(sh, (0, b), vals[i])
        cuda.atomic.sub(sh, (1, b), vals[i])
        cuda.atomic.max(sh, (2, b), vals[i])
        cuda.atomic.min(sh[3], b, vals[i])
        cuda.syncthreads()
        if t < NB:
            for r in range(4):
                cuda.atomic.add(out, (r, t), sh[r, t])

    return k


SHARED_ARITH = {
    np.int32: _make_shared_arith(int32),
    np.uint32: _make_shared_arith(uint32),
    np.int64: _make_shared_arith(int64),
    np.uint64: _make_shared_arith(uint64),
    np.float32: _make_shared_arith(float32),
    np.float64: _make_shared_arith(float64),
}


@pytest.mark.parametrize("dtype", ARITH_DTYPES, ids=_ids)
def test_add_sub_max_min_shared(target, rng, dtype):
    blocks = 4
    vals = _integral(rand(rng, blocks * 64, dtype, 0, 15))
    which = rand(rng, blocks * 64, np.int64, 0, NB - 1)
    out = np.zeros((4, NB), dtype)
    (got, _, _) = run(SHARED_ARITH[dtype], blocks, 64, out, vals, which)
    want = np.zeros((4, NB), dtype)
    for blk in range(blocks):
        v, w = vals[blk * 64 : (blk + 1) * 64], which[blk * 64 : (blk + 1) * 64]
        for b in range(NB):
            s = v[w == b]
            want[0, b] += s.sum(dtype=dtype)
            want[1, b] += dtype(1000) - s.sum(dtype=dtype)
            want[2, b] += s.max(initial=0)
            want[3, b] += s.min(initial=1000)
    np.testing.assert_array_equal(got, want)


@cuda.jit
def bitwise_k(bins, vals, which):
    i = cuda.grid(1)
    if i < vals.size:
        b = which[i]
        cuda.atomic.and_(bins, (0, b), vals[i])
        cuda.atomic.or_(bins, (1, b), vals[i])
        cuda.atomic.xor(bins[2], b, vals[i])


@pytest.mark.parametrize("dtype", BIT_DTYPES, ids=_ids)
def test_and_or_xor(target, rng, dtype):
    info = np.iinfo(dtype)
    vals = rand(rng, NT, dtype, info.min, info.max)
    which = rand(rng, NT, np.int64, 0, NB - 1)
    init = rand(rng, (3, NB), dtype, info.min, info.max)
    (got, _, _) = run(bitwise_k, NT // 64, 64, init.copy(), vals, which)
    want = init.copy()
    for b in range(NB):
        for v in vals[which == b]:
            want[0, b] &= v
            want[1, b] |= v
            want[2, b] ^= v
    np.testing.assert_array_equal(got, want)


@cuda.jit
def shared_bitwise_k(out, vals):
    sh = cuda.shared.array(3, uint32)
    t = cuda.threadIdx.x
    if t == 0:
        sh[0] = 0xFFFFFFFF
        sh[1] = 0
        sh[2] = 0
    cuda.syncthreads()
    cuda.atomic.and_(sh, 0, vals[t])
    cuda.atomic.or_(sh, 1, vals[t])
    cuda.atomic.xor(sh, 2, vals[t])
    cuda.syncthreads()
    if t < 3:
        out[t] = sh[t]


def test_bitwise_on_shared(target, rng):
    vals = rand(rng, 64, np.uint32, 0, 2**32 - 1)
    out = poison(3, np.uint32)
    (got, _) = run(shared_bitwise_k, 1, 64, out, vals)
    np.testing.assert_array_equal(
        got,
        [np.bitwise_and.reduce(vals), np.bitwise_or.reduce(vals), np.bitwise_xor.reduce(vals)],
    )


@cuda.jit
def nan_minmax_k(bins, vals, which):
    i = cuda.grid(1)
    if i < vals.size:
        cuda.atomic.nanmax(bins, (0, which[i]), vals[i])
        cuda.atomic.nanmin(bins, (1, which[i]), vals[i])


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=_ids)
def test_nanmax_nanmin_ignore_nan(target, rng, dtype):
    vals = rand(rng, NT, dtype, -100, 100)
    vals[::5] = np.nan
    which = rand(rng, NT, np.int64, 0, NB - 1)
    init = rand(rng, (2, NB), dtype, -10, 10)
    init[:, 0] = np.nan  # a NaN already there is replaced
    (got, _, _) = run(nan_minmax_k, NT // 64, 64, init.copy(), vals, which)
    want = init.copy()
    for b in range(NB):
        v = vals[which == b]
        want[0, b] = np.nanmax(np.concatenate([[init[0, b]], v]))
        want[1, b] = np.nanmin(np.concatenate([[init[1, b]], v]))
    np.testing.assert_array_equal(got, want)


@cuda.jit
def exch_k(cell, old, vals):
    i = cuda.grid(1)
    if i < vals.size:
        old[i] = cuda.atomic.exch(cell, (0, 1), vals[i])


@pytest.mark.parametrize("dtype", BIT_DTYPES, ids=_ids)
def test_exch(target, rng, dtype):
    vals = rng.permutation(NT).astype(dtype) + dtype(10)
    cell = np.full((2, 2), 3, dtype)
    old = poison(NT, dtype)
    got_cell, got_old, _ = run(exch_k, NT // 64, 64, cell, old, vals)
    # Each exchange returns what the previous one stored: the olds and the final value are
    # the initial value and every stored value, each once.
    everything = np.sort(np.concatenate([got_old, [got_cell[0, 1]]]))
    np.testing.assert_array_equal(everything, np.sort(np.concatenate([vals, [dtype(3)]])))
    np.testing.assert_array_equal(got_cell[[0, 1, 1], [0, 0, 1]], 3)


@cuda.jit
def inc_dec_k(cells, old, limit):
    i = cuda.grid(1)
    if i < old.shape[0]:
        old[i, 0] = cuda.atomic.inc(cells, 0, limit)
        old[i, 1] = cuda.atomic.dec(cells, 1, limit)
        cuda.atomic.inc(cells, 2, 100000)


@pytest.mark.parametrize("dtype", [np.uint32, np.uint64], ids=_ids)
def test_inc_dec_wrap(target, rng, dtype):
    limit = int(rng.integers(5, 40))
    start = int(rng.integers(0, limit))
    cells = np.array([start, start, 7], dtype)
    old = poison((NT, 2), dtype)
    (
        got_cells,
        got_old,
    ) = run(inc_dec_k, NT // 64, 64, cells, old, dtype(limit))[:2]
    # inc: old >= limit ? 0 : old + 1, a counter modulo limit + 1; dec: old == 0 or
    # old > limit ? limit : old - 1.
    assert got_cells[0] == (start + NT) % (limit + 1)
    assert got_cells[1] == (start - NT) % (limit + 1)
    assert got_cells[2] == 7 + NT
    counts = np.bincount(got_old[:, 0].astype(np.int64), minlength=limit + 1)
    assert counts.sum() == NT and counts.max() - counts.min() <= 1


@cuda.jit
def cas_k(cell, old, winners):
    i = cuda.grid(1)
    if i < old.size:
        old[i] = cuda.atomic.cas(cell, 0, 0, i + 1)
        if old[i] == 0:
            winners[0] = i + 1
        # A 2-d cas with a tuple index: every thread swaps in its own slot.
        cuda.atomic.cas(cell, 1 + (i % 2), cell[1 + (i % 2)], cell[1 + (i % 2)])


@pytest.mark.parametrize("dtype", BIT_DTYPES, ids=_ids)
def test_cas_one_winner(target, dtype):
    cell = np.array([0, 5, 6], dtype)
    old = poison(NT, dtype)
    winners = np.zeros(1, dtype)
    got_cell, got_old, got_w = run(cas_k, NT // 64, 64, cell, old, winners)
    winner = int(got_w[0])
    assert 1 <= winner <= NT
    assert got_cell[0] == winner
    assert np.count_nonzero(got_old == 0) == 1
    np.testing.assert_array_equal(got_old[got_old != 0], winner)
    np.testing.assert_array_equal(got_cell[1:], [5, 6])


@cuda.jit
def cas_2d_k(grid, old):
    i = cuda.grid(1)
    if i < old.size:
        r = i % grid.shape[0]
        c = (i // grid.shape[0]) % grid.shape[1]
        old[i] = cuda.atomic.cas(grid, (r, c), -1, i)


def test_cas_with_tuple_index(target):
    g = np.full((4, 8), -1, np.int64)
    old = poison(NT, np.int64)
    got_g, got_old = run(cas_2d_k, NT // 64, 64, g, old)
    i = np.arange(NT)
    r, c = i % 4, (i // 4) % 8
    # The first thread of each cell (smallest i for the cell? any one) wins.
    for rr in range(4):
        for cc in range(8):
            mine = i[(r == rr) & (c == cc)]
            winner = got_g[rr, cc]
            assert winner in mine
            np.testing.assert_array_equal(
                np.sort(got_old[mine]), np.sort(np.where(mine == winner, -1, winner))
            )


@cuda.jit
def legacy_cas_k(cell, old):
    i = cuda.grid(1)
    if i < old.size:
        old[i] = cuda.atomic.compare_and_swap(cell, 0, i + 1)


def test_compare_and_swap_legacy(target):
    cell = np.zeros(1, np.int32)
    old = poison(64, np.int32)
    got_cell, got_old = run(legacy_cas_k, 1, 64, cell, old)
    assert 1 <= got_cell[0] <= 64
    assert np.count_nonzero(got_old == 0) == 1
    np.testing.assert_array_equal(got_old[got_old != 0], got_cell[0])
