"""CUDA Array Interface imports on the GPU check the pointer with the driver
(``cuPointerGetAttribute``: the range must lie in one allocation the driver knows), so a bad
pointer is a ValueError at import instead of a segfault on the first copy (issue 17).
The host-backend half is tests/runtime/test_cai_checks.py."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def on_gpu():
    with config.override(TARGET="gpu"):
        yield


def interface(ptr, shape=(4,), typestr="<f8"):
    return {"shape": shape, "typestr": typestr, "data": (ptr, False), "version": 3}


@pytest.mark.parametrize("ptr", [0x10, 0x1000])
def test_pointer_unknown_to_the_driver_is_refused(ptr):
    with pytest.raises(ValueError, match="not memory the CUDA driver knows"):
        cuda.from_cuda_array_interface(interface(ptr))


def test_null_pointer_with_a_size_is_refused():
    with pytest.raises(ValueError, match="NULL pointer"):
        cuda.from_cuda_array_interface(interface(0))


def test_host_pointer_is_refused():
    h = np.arange(4.0)
    with pytest.raises(ValueError, match="not memory the CUDA driver knows"):
        cuda.from_cuda_array_interface(interface(h.__array_interface__["data"][0]), owner=h)


def test_range_past_the_allocation_is_refused():
    d = cuda.device_array(1024, np.float64)
    ptr = d.__cuda_array_interface__["data"][0]
    with pytest.raises(ValueError, match=r"runs past the end of its allocation|not memory the"):
        cuda.from_cuda_array_interface(interface(ptr, shape=(1 << 34,)), owner=d)


def test_valid_device_memory_is_accepted(rng=None):
    h = np.random.default_rng().standard_normal(1000)
    d = cuda.to_device(h)
    view = cuda.from_cuda_array_interface(dict(d.__cuda_array_interface__), owner=d)
    np.testing.assert_array_equal(view.copy_to_host(), h)
    # A view into the middle of the allocation is inside its range too.
    inner = cuda.from_cuda_array_interface(dict(d[100:200].__cuda_array_interface__), owner=d)
    np.testing.assert_array_equal(inner.copy_to_host(), h[100:200])
    # Mapped pinned memory has a device address the driver knows.
    m = cuda.mapped_array(16, np.float64)
    m[:] = np.arange(16.0)
    mv = cuda.from_cuda_array_interface(dict(m.__cuda_array_interface__), owner=m)
    np.testing.assert_array_equal(mv.copy_to_host(), np.arange(16.0))
