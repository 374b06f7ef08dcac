"""``Context.deallocations`` (numba's pending-deallocation queue) and its interplay with
``cuda.defer_cleanup()``: dead device arrays wait in the caching allocator until ``clear()``,
reuse, or the end of a deferral; host frees are queued only while cleanup is deferred.

Every test runs on the host backend (the simulator's memory) and, marked ``gpu``, on a device
context: the policy is the native caching allocator's on both.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda.memory.deallocations import PendingDeallocations


@pytest.fixture(autouse=True, params=["sim", pytest.param("gpu", marks=pytest.mark.gpu)])
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    with config.override(TARGET=request.param):
        yield request.param


@pytest.fixture
def deallocs():
    queue = cuda.current_context().memory_manager.deallocations
    queue.clear()
    assert len(queue) == 0
    return queue


def _fresh(rng, n):
    return rng.standard_normal(n)


def test_context_and_manager_share_the_queue():
    ctx = cuda.current_context()
    assert ctx.deallocations is ctx.memory_manager.deallocations
    assert isinstance(ctx.deallocations, PendingDeallocations)


def test_dead_arrays_are_pending_until_clear(deallocs):
    rng = np.random.default_rng()
    host_a, host_b = _fresh(rng, 100), _fresh(rng, 3000)
    a = cuda.to_device(host_a)
    b = cuda.to_device(host_b)
    np.testing.assert_array_equal(a.copy_to_host(), host_a)
    del a
    assert len(deallocs) == 1
    del b
    assert len(deallocs) == 2
    stats = cuda.current_context().memory_stats()
    assert stats["cached_blocks"] == 2 and stats["cached"] >= host_a.nbytes + host_b.nbytes
    frees = stats["raw_frees"]
    deallocs.clear()
    assert len(deallocs) == 0
    assert cuda.current_context().memory_stats()["raw_frees"] == frees + 2


def test_reuse_takes_a_pending_block(deallocs):
    rng = np.random.default_rng()
    a = cuda.to_device(_fresh(rng, 64))
    pointer = a.device_ctypes_pointer.value
    del a
    assert len(deallocs) == 1
    host = _fresh(rng, 64)
    b = cuda.to_device(host)
    assert b.device_ctypes_pointer.value == pointer, "the cached block is handed out again"
    assert len(deallocs) == 0
    np.testing.assert_array_equal(b.copy_to_host(), host)


def test_clear_does_nothing_while_deferred_nested(deallocs):
    rng = np.random.default_rng()
    first = cuda.to_device(_fresh(rng, 5))
    with cuda.defer_cleanup():
        with cuda.defer_cleanup():
            second = cuda.to_device(_fresh(rng, 5))
            del first
            assert len(deallocs) == 1
            del second
            assert len(deallocs) == 2
            deallocs.clear()
            assert len(deallocs) == 2
            assert cuda.current_context().empty_cache() == 0, "the native flush waits too"
        assert deallocs.is_disabled
        deallocs.clear()
        assert len(deallocs) == 2
    assert not deallocs.is_disabled
    assert len(deallocs) == 2, "ending a deferral keeps the device cache"
    deallocs.clear()
    assert len(deallocs) == 0


def test_a_raising_block_ends_the_deferral(deallocs):
    class BoomError(Exception):
        pass

    rng = np.random.default_rng()
    kept = cuda.to_device(_fresh(rng, 7))
    with pytest.raises(BoomError), cuda.defer_cleanup():
        doomed = cuda.to_device(_fresh(rng, 7))
        del doomed
        deallocs.clear()
        assert len(deallocs) == 1
        raise BoomError
    assert not deallocs.is_disabled
    deallocs.clear()
    assert len(deallocs) == 0
    del kept
    assert len(deallocs) == 1
    deallocs.clear()
    assert len(deallocs) == 0


def test_host_frees_wait_for_the_end_of_the_deferral(deallocs):
    ctx = cuda.current_context()
    rng = np.random.default_rng()
    with cuda.defer_cleanup():
        pinned = ctx.memhostalloc(4096)
        view = np.asarray(pinned).view(np.float64)
        data = rng.standard_normal(view.size)
        view[:] = data
        np.testing.assert_array_equal(view, data)
        del view, pinned
        gc.collect()
        assert len(deallocs) == 1
        assert deallocs.queued_bytes >= 4096
        deallocs.clear()
        assert len(deallocs) == 1
    assert len(deallocs) == 0, "the outermost deferral's end frees host memory"
    mem = ctx.memhostalloc(32)
    del mem
    gc.collect()
    assert len(deallocs) == 0, "not deferred: freed at once"


def test_add_item_frees_at_once_or_exactly_once_later(deallocs):
    freed: list[int] = []
    deallocs.add_item(freed.append, 1, 8)
    assert freed == [1] and len(deallocs) == 0
    with deallocs.disable():
        deallocs.add_item(freed.append, 2, 8)
        deallocs.add_item(freed.append, 3)
        deallocs.clear()
        assert freed == [1] and len(deallocs) == 2
    assert freed == [1, 2, 3]
    deallocs.clear()
    assert freed == [1, 2, 3]


def test_a_plugin_without_a_queue_is_named(monkeypatch):
    from oxcuda.cuda import _context_methods
    from oxcuda.cuda.memory import selection

    class Plugin:
        pass

    ctx = cuda.current_context()
    monkeypatch.setattr(selection, "manager_for", lambda _ctx: Plugin())
    with pytest.raises(AttributeError, match="Plugin has no 'deallocations' queue"):
        _context_methods.deallocations(ctx)
