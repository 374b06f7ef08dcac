"""``kernel[grid, block]`` finds the configuration it handed out last by the identity of its
key (``crates/python/src/launch/last_config.rs``): the same object back for the same constant
subscript, and never a stale one — a mutated list, a claimed configuration (pre-launch
callbacks), a cleared dispatcher each get their own, as through the dictionary. Launches run
on the simulator and are checked against NumPy."""

from __future__ import annotations

import gc
import weakref

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda


@pytest.fixture(autouse=True)
def _sim():
    with oxcuda.config.override(TARGET="sim"):
        yield


def _kernel():
    @cuda.jit
    def mark(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = cuda.blockDim.x * 1000 + cuda.gridDim.x

    return mark


def _launched(configured, n=64):
    out = cuda.to_device(np.full(n, -1, np.int64))
    configured(out)
    return out.copy_to_host()


def test_a_constant_subscript_gives_the_same_configuration_and_launches_it():
    k = _kernel()
    first = k[2, 32]
    assert all(k[2, 32] is first for _ in range(3))
    got = _launched(k[2, 32])
    np.testing.assert_array_equal(got, np.full(64, 32 * 1000 + 2))
    blocks, threads = 4, 16  # a tuple built afresh: found through the dictionary
    assert k[blocks, threads] is k[blocks, threads]
    assert k[2, 32] is first  # alternating keys: still the right one
    assert k[blocks, threads].griddim == (4, 1, 1) and first.blockdim == (32, 1, 1)


def test_a_mutated_list_is_configured_afresh():
    k = _kernel()
    rng = np.random.default_rng()
    grid = [int(rng.integers(1, 4)), 1]
    cfg = (grid, 32)  # one tuple object each time, holding a list: unhashable, never remembered
    a = k[cfg]
    assert a.griddim == (grid[0], 1, 1)
    grid[0] += 1
    b = k[cfg]
    assert b.griddim == (grid[0], 1, 1)
    got = _launched(b, n=32 * grid[0])
    np.testing.assert_array_equal(got, np.full(32 * grid[0], 32 * 1000 + grid[0]))


def test_a_claimed_configuration_is_not_handed_out_again():
    k = _kernel()
    cfg = k[1, 32]
    cfg.pre_launch_callbacks.append(lambda kernel, config: None)
    fresh = k[1, 32]
    assert fresh is not cfg and fresh.pre_launch_callbacks == []
    assert k[1, 32] is fresh


def test_clearing_forgets_the_remembered_configuration():
    k = _kernel()
    before = k[1, 32]
    k.clear()
    after = k[1, 32]
    assert after is not before
    np.testing.assert_array_equal(_launched(after)[:32], np.full(32, 32 * 1000 + 1))


def test_a_remembered_configuration_does_not_keep_its_dispatcher_alive():
    k = _kernel()
    k[1, 32]
    k[1, 32]  # remembered now
    ref = weakref.ref(k)
    del k
    gc.collect()
    assert ref() is None
