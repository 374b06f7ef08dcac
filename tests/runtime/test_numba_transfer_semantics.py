"""numba-cuda's transfer semantics kept by oxcuda's device arrays: ``cuda.to_device`` of a
broadcast host array keeps its zero strides (only the repeated core is allocated and copied;
layout ``A``), an empty array keeps its strides, and ``a[i] = v`` with no stream on an array
bound to none is synchronous (the default stream's ``Stream.synchronize()`` is called)."""

from __future__ import annotations

from unittest.mock import patch

import numpy as np
import pytest
from oxcuda import _native, cuda


def test_a_broadcast_host_array_keeps_its_zero_strides(rng):
    core = rng.standard_normal(3)
    host = np.broadcast_to(core, (1000, 3))
    dev = cuda.to_device(host)
    assert dev.strides == (0, 8) and dev.shape == (1000, 3)
    assert dev.alloc_size == core.nbytes  # the core only
    assert dev._numba_type_.layout == "A"
    assert not dev.flags["C_CONTIGUOUS"] and not dev.flags["F_CONTIGUOUS"]
    np.testing.assert_array_equal(dev.copy_to_host(), host)


@pytest.mark.parametrize("order", ["C", "F"])
def test_a_broadcast_array_of_either_core_order_round_trips(rng, order):
    core = np.asarray(rng.standard_normal((2, 3)), order=order)
    host = np.broadcast_to(core[:, None, :], (2, 5, 3))
    dev = cuda.to_device(host)
    assert dev.strides == host.strides
    np.testing.assert_array_equal(dev.copy_to_host(), host)


def _row_sums(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        total = 0.0
        for j in range(a.shape[1]):
            total += a[i, j]
        out[i] = total


def test_a_kernel_reads_a_broadcast_device_array(rng):
    core = rng.standard_normal(7)
    host = np.broadcast_to(core, (50, 7))
    dev = cuda.to_device(host)
    out = cuda.to_device(np.full(50, np.nan))
    cuda.jit(_row_sums)[1, 64](out, dev)
    np.testing.assert_allclose(out.copy_to_host(), host.sum(axis=1), rtol=1e-12)


def test_a_broadcast_array_of_a_strided_core_is_copied_compactly(rng):
    base = rng.standard_normal(8)
    host = np.broadcast_to(base[::2], (4, 4))  # the core is not contiguous
    dev = cuda.to_device(host)
    assert 0 not in dev.strides and dev.alloc_size == host.size * host.itemsize
    np.testing.assert_array_equal(dev.copy_to_host(), host)


def test_an_empty_array_keeps_its_strides():
    host = np.ndarray(shape=(0,), strides=(0,), dtype=np.int8)
    dev = cuda.to_device(host)
    assert (dev.shape, dev.strides) == ((0,), (0,))
    other = cuda.cudadrv.devicearray.DeviceNDArray(shape=(0,), strides=(8,), dtype=np.int8)
    other.copy_to_device(dev)  # strides are irrelevant when nothing is copied
    dev.copy_to_device(other)
    other.copy_to_host(host)


def test_setitem_without_a_stream_synchronizes_once(rng):
    values = rng.standard_normal(5)
    dev = cuda.to_device(values)
    with patch.object(_native.Stream, "synchronize", return_value=None) as sync:
        dev[0] = 10.0
    sync.assert_called_once()
    values[0] = 10.0
    np.testing.assert_array_equal(dev.copy_to_host(), values)


@pytest.mark.parametrize("make", [cuda.stream, cuda.default_stream, cuda.legacy_default_stream])
def test_setitem_on_a_stream_does_not_synchronize(rng, make):
    stream = make()
    values = rng.standard_normal(5)
    bound = cuda.to_device(values, stream=stream)
    free = cuda.to_device(values)
    with patch.object(_native.Stream, "synchronize", return_value=None) as sync:
        bound[1] = 3.0
        free.setitem(2, 4.0, stream=stream)
    sync.assert_not_called()
    stream.synchronize()
    np.testing.assert_array_equal(bound.copy_to_host()[1], 3.0)
    np.testing.assert_array_equal(free.copy_to_host()[2], 4.0)
