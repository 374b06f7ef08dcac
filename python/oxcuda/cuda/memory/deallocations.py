"""A memory manager's pending deallocations: numba-cuda's ``Context.deallocations`` queue.

numba-cuda does not free a dead allocation at once: ``cuMemFree`` synchronises the device, so
each free is queued (``add_item``) and the queue is emptied (``clear()``) in batches;
``cuda.defer_cleanup()`` disables ``clear()`` while it is held (``disable()``, nestable), so
that no free synchronises inside a timed or asynchronous section.

oxcuda keeps the interface and its meaning — *frees decided but not yet carried out* — with
oxcuda's policy:

- **Device memory** of the default manager goes through the native caching allocator
  (``crates/runtime/src/allocator.rs``): a dead array's block waits in the cache until an
  allocation of its size reuses it or the cache is returned to the driver. Those cached blocks
  are the pending deallocations: ``len()`` counts them and ``clear()`` returns them to the
  driver (``empty_cache``). There is no count or byte threshold (numba's
  ``CUDA_DEALLOCS_COUNT``/``CUDA_DEALLOCS_RATIO``): the cache is also emptied when an
  allocation runs out of memory, so memory never stays unusable.
- **Host memory** (pinned, mapped, managed; :class:`HostOnlyCUDAMemoryManager`) is freed at
  once unless cleanup is disabled; while it is, the frees are queued here and run when the
  outermost ``disable()`` (``defer_cleanup()``) ends, or by a ``clear()`` after that.
- ``mempin`` unregistration is never queued (as in numba: the same memory may be pinned again
  at once), nor are streams and events (destroying them does not synchronise).

Invariants: while disabled, ``clear()`` frees nothing (numba's contract, which the tests of
``defer_cleanup`` rely on); every queued free runs exactly once, at the end of the outermost
``disable()`` at the latest (also when the block raised).
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Callable, Iterator
from typing import Any


class PendingDeallocations:
    """The frees a memory manager has decided and not yet carried out (numba's
    ``_PendingDeallocs``): ``len()``, ``clear()``, ``disable()``, ``is_disabled``,
    ``add_item(dtor, handle, size)``.

    ``native_context`` (a callable returning the native context, for oxcuda's own manager)
    adds the device blocks waiting in that context's caching allocator.
    """

    def __init__(self, native_context: Callable[[], Any] | None = None) -> None:
        self._queue: deque[tuple[Callable[[Any], Any], Any, int]] = deque()
        self._disable_count = 0
        self._native_context = native_context

    def add_item(self, dtor: Callable[[Any], Any], handle: Any, size: int = 0) -> None:
        """Frees ``handle`` with ``dtor(handle)``: at once, or when cleanup is disabled, by the
        first ``clear()`` after it is enabled again. ``size`` is the byte size (informative)."""
        if self.is_disabled:
            self._queue.append((dtor, handle, int(size)))
        else:
            dtor(handle)

    def clear(self) -> None:
        """Carries out every pending free (and returns the cached device blocks to the
        driver); does nothing while disabled."""
        if self.is_disabled:
            return
        self._run_queued()
        if self._native_context is not None:
            self._native_context().empty_cache()

    @contextlib.contextmanager
    def disable(self) -> Iterator[None]:
        """While held (nestable), ``clear()`` frees nothing and host frees are queued; the
        native allocator keeps its cache too. The queued host frees run when the outermost
        one ends (the device cache stays: only ``clear()`` empties it)."""
        native = self._native_context() if self._native_context is not None else None
        self._disable_count += 1
        if native is not None:
            native._begin_defer()
        try:
            yield
        finally:
            if native is not None:
                native._end_defer()
            self._disable_count -= 1
            assert self._disable_count >= 0, "disable() ended more often than it began"
            if not self._disable_count:
                self._run_queued()

    def _run_queued(self) -> None:
        while self._queue:
            dtor, handle, _ = self._queue.popleft()
            dtor(handle)

    @property
    def is_disabled(self) -> bool:
        """Whether a ``disable()`` (``defer_cleanup()``) is held."""
        return self._disable_count > 0

    @property
    def queued_bytes(self) -> int:
        """The bytes of the queued host frees plus the cached device blocks."""
        size = sum(item[2] for item in self._queue)
        if self._native_context is not None:
            size += self._native_context().memory_stats()["cached"]
        return size

    def __len__(self) -> int:
        count = len(self._queue)
        if self._native_context is not None:
            count += self._native_context().memory_stats()["cached_blocks"]
        return count

    def __repr__(self) -> str:
        state = ", disabled" if self.is_disabled else ""
        return f"<PendingDeallocations: {len(self)} pending{state}>"


__all__ = ["PendingDeallocations"]
