"""Streams and events: ``stream()``, the three default streams, ``external_stream``, ``event``.

:class:`Stream` subclasses the native stream (which the launcher and the arrays read directly)
to add the pure-Python conveniences. On the host backend (the simulator) every operation has
finished when it returns: streams are identities that keep program order, callbacks run at once,
and events time with the CPU clock.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from oxcuda import _native
from oxcuda.cuda._devices import current_context


class Stream(_native.Stream):
    """A CUDA stream. ``int(s)`` is its handle; ``s.__cuda_stream__()`` is ``(0, handle)``."""

    @property
    def external(self) -> bool:
        """Whether the stream belongs to someone else (``cuda.external_stream``), as numba's
        ``Stream.external``: oxcuda never destroys it."""
        return self.kind == "external"

    @contextlib.contextmanager
    def auto_synchronize(self) -> Iterator[Stream]:
        """``with s.auto_synchronize():`` synchronises the stream when the block ends."""
        yield self
        self.synchronize()

    def async_done(self):
        """An ``asyncio`` future completed when the work queued so far is done."""
        import asyncio  # ~50 ms to import: only when used

        loop = asyncio.get_running_loop()
        future = loop.create_future()

        def resolve(status: int) -> None:
            if future.done():
                return
            if status == 0:
                future.set_result(None)
            else:
                future.set_exception(RuntimeError(f"stream error {status}"))

        def callback(stream: Stream, status: int, arg: object) -> None:
            loop.call_soon_threadsafe(resolve, status)

        self.add_callback(callback, None)
        return future


def stream() -> Stream:
    """A new stream (blocking with respect to the legacy default stream)."""
    return Stream(current_context(), "new")


def default_stream() -> Stream:
    """The default stream (handle 0)."""
    return Stream(current_context(), "default")


def legacy_default_stream() -> Stream:
    """The legacy default stream (``CU_STREAM_LEGACY``)."""
    return Stream(current_context(), "legacy")


def per_thread_default_stream() -> Stream:
    """The per-thread default stream (``CU_STREAM_PER_THREAD``)."""
    return Stream(current_context(), "per_thread")


def external_stream(ptr: int) -> Stream:
    """Wraps a stream someone else owns (a ``CUstream`` as an integer); never destroyed here."""
    return Stream(current_context(), "external", int(ptr))


def event(timing: bool = True) -> _native.Event:
    """A new event; ``timing=True`` allows ``elapsed_time``."""
    return _native.Event(current_context(), timing)


event_elapsed_time = _native.event_elapsed_time
Event = _native.Event
