"""Streams and events on the host backend: synchronous but ordered, CPU-clock timing."""

from __future__ import annotations

import asyncio
import time

import numpy as np
import pytest
from oxcuda import cuda


def test_stream_kinds_and_protocol():
    s = cuda.stream()
    assert isinstance(s, cuda.Stream) and s.kind == "new"
    assert int(s) == s.handle != 0 and s.__cuda_stream__() == (0, s.handle)
    assert cuda.stream() != s
    assert cuda.default_stream().handle == 0
    assert cuda.legacy_default_stream().handle == 1
    assert cuda.per_thread_default_stream().handle == 2
    ext = cuda.external_stream(s.handle)
    assert ext.kind == "external" and ext.handle == s.handle
    assert "stream" in repr(s)
    s.synchronize()
    assert s.query()


def test_foreign_stream_objects_are_accepted(rng):
    class Foreign:
        def __init__(self, handle):
            self.handle = handle

        def __cuda_stream__(self):
            return (0, self.handle)

    s = cuda.stream()
    h = rng.standard_normal(10)
    d = cuda.to_device(h, stream=Foreign(s.handle))
    np.testing.assert_array_equal(d.copy_to_host(stream=Foreign(s.handle)), h)
    np.testing.assert_array_equal(d.copy_to_host(stream=s.handle), h)
    with pytest.raises(TypeError, match="expected a stream"):
        d.copy_to_host(stream="fast")


def test_callbacks_run_in_order():
    s = cuda.stream()
    seen = []
    s.add_callback(lambda stream, status, arg: seen.append((stream, status, arg)), "a")
    s.add_callback(lambda stream, status, arg: seen.append(arg), "b")
    s.synchronize()
    assert seen == [(s, 0, "a"), "b"]


def test_auto_synchronize_and_async_done(rng):
    s = cuda.stream()
    with s.auto_synchronize() as t:
        assert t is s
        d = cuda.to_device(rng.standard_normal(4), stream=s)

    async def wait():
        await s.async_done()
        return True

    assert asyncio.run(wait())
    assert d.stream is s


def test_events_time_with_the_cpu_clock():
    start, end = cuda.event(), cuda.event(timing=True)
    start.record()
    time.sleep(0.02)
    end.record(cuda.stream())
    end.synchronize()
    assert end.query()
    ms = start.elapsed_time(end)
    assert 15 <= ms < 2000
    assert cuda.event_elapsed_time(start, end) == pytest.approx(ms)
    start.wait(cuda.stream())


def test_event_misuse_is_reported():
    a, b = cuda.event(), cuda.event()
    with pytest.raises(ValueError, match="recorded"):
        a.elapsed_time(b)
    c = cuda.event(timing=False)
    c.record()
    a.record()
    with pytest.raises(ValueError, match="timing=True"):
        a.elapsed_time(c)


def test_unknown_stream_kind():
    with pytest.raises(ValueError, match="unknown stream kind"):
        cuda.Stream(cuda.current_context(), "fast")
