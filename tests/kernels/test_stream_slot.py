"""The stream slot of ``kernel[grid, block, stream, sharedmem]``: Stream objects and 0 (or
None) are accepted, as in numba-cuda; any other integer — typically a shared-memory size put
one slot too early — or another object is refused when the configuration is made, naming the
slot, before anything reaches the driver (issue 17, item 4)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda

from ._util import rand


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1.0


@pytest.mark.parametrize("stream", [0, None, "default", "legacy", "per_thread", "new"])
def test_accepted_streams_launch(target, rng, stream):
    streams = {
        "default": cuda.default_stream,
        "legacy": cuda.legacy_default_stream,
        "per_thread": cuda.per_thread_default_stream,
        "new": cuda.stream,
    }
    s = streams[stream]() if isinstance(stream, str) else stream
    x = rand(rng, 300, np.float64)
    d = cuda.to_device(x)
    add_one[3, 128, s](d)
    add_one[3, 128, s, 0](d)
    cuda.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), x + 2.0)


@pytest.mark.parametrize("value", [1, 2, 1024, 12345, -1, 2**70])
def test_integer_in_the_stream_slot_is_a_value_error(target, value):
    d = cuda.to_device(np.zeros(4))
    with pytest.raises(ValueError, match="stream slot") as info:
        add_one[1, 2, value](d)
    assert f"kernel[grid, block, 0, {value}]" in str(info.value)
    np.testing.assert_array_equal(d.copy_to_host(), np.zeros(4))  # nothing ran


@pytest.mark.parametrize("value", ["s", 1.5, True, object(), (0,)])
def test_other_objects_in_the_stream_slot_are_a_type_error(target, value):
    d = cuda.to_device(np.zeros(4))
    with pytest.raises(TypeError, match="stream slot"):
        add_one[1, 2, value](d)


def test_sharedmem_must_be_a_non_negative_int(target):
    d = cuda.to_device(np.zeros(4))
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="sharedmem"):
            add_one[1, 2, 0, bad](d)


def test_cuda_stream_protocol_objects_are_wrapped(target, rng):
    """An object with ``__cuda_stream__`` (CuPy >= 13, cuda.core) is taken as an external
    stream with that handle."""
    s = cuda.stream()

    class Foreign:
        def __cuda_stream__(self):
            return (0, s.handle)

    x = rand(rng, 64, np.float64)
    d = cuda.to_device(x)
    add_one[1, 64, Foreign()](d)
    cuda.synchronize()
    np.testing.assert_array_equal(d.copy_to_host(), x + 1.0)
