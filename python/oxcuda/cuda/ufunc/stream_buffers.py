"""The device buffers a reduction keeps per stream: the ticket counter the stage's blocks draw
from (``templates.reduce_finish``) and the per-block values, one buffer per dtype.

Why per stream: a counter or buffer shared by two reductions running at the same time would mix
their tickets or values, and launches on one stream never overlap, so the next reduction on a
stream touches them only after the previous one finished with them. The key is the device, the
stream's handle and, for the default streams, the host thread (they name a different stream in
each thread under per-thread default streams). A handle is not reused while work on it is
pending (``cuStreamDestroy`` frees a stream's resources once its work completes), so two streams
that overlap never share a key.

Why kept: allocating the per-block values per call made ``Reduce`` slower on the GPU, measured
on the H200 (bench/probes/reduce_shapes.py, 2^28 float32 in turns with ``cupy.sum``): 0.987-0.994
of CuPy's speed with a per-call allocation, 0.993-0.996 with the kept buffer (eight runs). The
counter is 0 between launches (``atomic.inc`` wraps it); a values buffer grows to the largest
grid asked for. Both live for the process's life (a counter and at most the block limit's values
per stream and dtype), or until ``cuda.close()`` (:func:`forget`).

On the simulator every call gets new zeroed buffers: an exception raised in a simulated block (a
user's operation failing) would leave a shared counter mid-count.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from oxcuda.cuda._devices import current_context, use_gpu
from oxcuda.cuda.dispatcher import _stream_slot
from oxcuda.cuda.ufunc import operands

#: The handles of the default streams (``0``, ``CU_STREAM_LEGACY``, ``CU_STREAM_PER_THREAD``).
_DEFAULT_HANDLES = (0, 1, 2)


class StreamBuffers:
    """One stream's ``counter`` (``uint32[1]``, 0 between launches) and per-block values."""

    __slots__ = ("_values", "counter")

    def __init__(self) -> None:
        self.counter = operands.to_device(np.zeros(1, np.uint32), 0)
        self._values: dict[np.dtype, Any] = {}

    def values(self, dtype: np.dtype, blocks: int, stream: Any) -> Any:
        """A device array of at least ``blocks`` items of ``dtype`` for the blocks' values,
        on ``stream`` (this object's): a buffer the growth replaces is freed on the stream its
        last reduction ran on, so the allocator reuses it only after that work."""
        found = self._values.get(dtype)
        if found is None or found.size < blocks:
            with _lock:
                found = self._values.get(dtype)
                if found is None or found.size < blocks:
                    found = self._values[dtype] = operands.allocate((blocks,), dtype, stream)
        return found


_buffers: dict[tuple[int, int, int], StreamBuffers] = {}
_lock = threading.Lock()


def for_stream(stream: Any) -> StreamBuffers:
    """The buffers of ``stream`` (see the module); new ones per call on the simulator."""
    if not use_gpu():
        return StreamBuffers()
    handle = int(_stream_slot(stream))
    thread = threading.get_ident() if handle in _DEFAULT_HANDLES else 0
    key = (current_context().device_id, handle, thread)
    found = _buffers.get(key)
    if found is None:
        with _lock:
            found = _buffers.get(key)
            if found is None:
                found = _buffers[key] = StreamBuffers()
    return found


def forget() -> None:
    """Drops every kept buffer (``cuda.close()`` calls it: the next reduction makes new ones in
    the context current then)."""
    with _lock:
        _buffers.clear()
