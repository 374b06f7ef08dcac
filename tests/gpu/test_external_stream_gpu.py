"""``cuda.external_stream(handle)`` checks the handle before the driver sees it: a handle that
is not the address of readable memory of this process (0xdeadbeef, 0x10, 12345) is a
ValueError, where the driver would crash the process (issue 17, item 4); a live stream's
handle works, and kernels launched on it run."""

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.gpu


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1.0


@pytest.mark.parametrize("handle", [0xDEADBEEF, 0xDEADBEE8, 0x10, 12345, 2**63])
def test_bad_handles_are_a_value_error(handle):
    with oxcuda.config.override(TARGET="gpu"):
        with pytest.raises(ValueError, match="not a CUstream"):
            cuda.external_stream(handle)


def test_a_live_stream_handle_works():
    rng = np.random.default_rng()
    x = rng.random(1000)
    with oxcuda.config.override(TARGET="gpu"):
        owner = cuda.stream()
        s = cuda.external_stream(owner.handle)
        d = cuda.to_device(x, stream=s)
        add_one[8, 128, s](d)
        s.synchronize()
        np.testing.assert_array_equal(d.copy_to_host(), x + 1.0)


@pytest.mark.parametrize("value", [1, 2, 1024, 12345])
def test_integer_stream_slot_never_reaches_the_driver(value):
    with oxcuda.config.override(TARGET="gpu"):
        d = cuda.to_device(np.zeros(16))
        with pytest.raises(ValueError, match="stream slot"):
            add_one[1, 2, value](d)
        np.testing.assert_array_equal(d.copy_to_host(), np.zeros(16))


def test_wrapping_a_readable_address_asks_the_driver_nothing():
    """numba-cuda wraps a handle without asking the driver (its tests wrap a dummy pointer):
    a readable, aligned address that is no stream is taken as it is, and nothing dereferences
    it until the stream is used (asking for its flags crashed the process in the driver)."""
    memory = np.zeros(64, dtype=np.uint64)
    with oxcuda.config.override(TARGET="gpu"):
        s = cuda.external_stream(memory.ctypes.data)
        assert int(s.handle) == memory.ctypes.data
        assert s.external is True
