"""numba-cuda's transfer semantics on a GPU (``tests/runtime/test_numba_transfer_semantics.py``
on the simulator): a broadcast host array keeps its zero strides on the device (the core only
is allocated and copied) and kernels read it, an empty array keeps its strides, ``a[i] = v``
with no stream synchronises the default stream, and ``ravel()`` refuses strided arrays."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from oxcuda import _native, config, cuda

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def on_gpu():
    with config.override(TARGET="gpu"):
        yield


def _row_sums(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        total = 0.0
        for j in range(a.shape[1]):
            total += a[i, j]
        out[i] = total


def test_a_broadcast_array_is_its_core_on_the_device():
    rng = np.random.default_rng()
    core = rng.standard_normal(9)
    host = np.broadcast_to(core, (4096, 9))
    dev = cuda.to_device(host)
    assert dev.strides == (0, 8) and dev.alloc_size == core.nbytes
    assert dev._numba_type_.layout == "A"
    np.testing.assert_array_equal(dev.copy_to_host(), host)
    out = cuda.to_device(np.full(4096, np.nan))
    cuda.jit(_row_sums)[32, 128](out, dev)
    np.testing.assert_allclose(out.copy_to_host(), host.sum(axis=1), rtol=1e-12)


def test_an_empty_array_keeps_its_strides_and_copies_nothing():
    host = np.ndarray(shape=(0,), strides=(0,), dtype=np.int8)
    dev = cuda.to_device(host)
    assert (dev.shape, dev.strides) == ((0,), (0,))
    other = cuda.cudadrv.devicearray.DeviceNDArray(shape=(0,), strides=(8,), dtype=np.int8)
    other.copy_to_device(dev)
    dev.copy_to_device(other)
    other.copy_to_host(host)


def test_setitem_without_a_stream_synchronizes_the_default_stream():
    rng = np.random.default_rng()
    values = rng.standard_normal(100)
    dev = cuda.to_device(values)
    with patch.object(_native.Stream, "synchronize", return_value=None) as sync:
        dev[3] = 10.0
    sync.assert_called_once()
    stream = cuda.stream()
    bound = cuda.to_device(values, stream=stream)
    with patch.object(_native.Stream, "synchronize", return_value=None) as sync:
        bound[4] = 11.0
    sync.assert_not_called()
    stream.synchronize()
    expected_dev, expected_bound = values.copy(), values.copy()
    expected_dev[3], expected_bound[4] = 10.0, 11.0
    np.testing.assert_array_equal(dev.copy_to_host(), expected_dev)
    np.testing.assert_array_equal(bound.copy_to_host(), expected_bound)


def test_ravel_refuses_a_strided_array():
    dev = cuda.to_device(np.random.default_rng().standard_normal(60))
    with pytest.raises(NotImplementedError, match="ravel on non-contiguous array"):
        dev[::2].ravel()
