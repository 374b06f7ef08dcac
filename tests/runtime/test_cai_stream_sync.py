"""The producer's stream of a CUDA Array Interface (v3) import, as numba-cuda handles it
(docs/runtime.md, "Foreign memory"): the imported array's default stream is that stream, an
external ``Stream`` (``.external``, the same handle), and with ``sync`` the consumer waits for
it through that object's ``synchronize()`` — once per foreign array, for ``as_cuda_array`` and
for a kernel launch alike; an interface without a stream, ``sync=False`` or
``OXCUDA_CUDA_ARRAY_INTERFACE_SYNC=0`` waits for nothing. On the simulator and, marked ``gpu``,
on a GPU; references: NumPy (the data seen through the import and written by the kernel)."""

from __future__ import annotations

from unittest.mock import call, patch

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda.cudadrv import driver


@pytest.fixture(params=["sim", pytest.param("gpu", marks=pytest.mark.gpu)], autouse=True)
def target(request):
    with oxcuda.config.override(TARGET=request.param):
        yield request.param


class Foreign:
    """Hides a device array behind ``__cuda_array_interface__`` (numba's ForeignArray)."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


@cuda.jit
def axpy(out, a, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + out[i]


@pytest.fixture
def rng():
    return np.random.default_rng()


class _Waits:
    """Replaces ``Stream.synchronize`` (as numba's tests do) and records the streams waited on."""

    def __init__(self, monkeypatch):
        self.streams = []
        monkeypatch.setattr(driver.Stream, "synchronize", lambda s: self.streams.append(s))

    def handles(self):
        return sorted(int(s.handle) for s in self.streams)


def test_import_takes_the_producers_stream_and_waits_for_it_once(rng, monkeypatch):
    host = rng.standard_normal(int(rng.integers(5, 50)))
    s = cuda.stream()
    foreign = Foreign(cuda.to_device(host, stream=s))
    s.synchronize()
    waits = _Waits(monkeypatch)
    imported = cuda.as_cuda_array(foreign)
    (waited,) = waits.streams
    assert waited.external and int(waited.handle) == int(s.handle)
    assert imported.stream.external and int(imported.stream.handle) == int(s.handle)
    np.testing.assert_array_equal(imported.copy_to_host(), host)


def test_no_stream_sync_false_or_the_setting_off_wait_for_nothing(rng, monkeypatch):
    s = cuda.stream()
    with_stream = Foreign(cuda.device_array(8, stream=s))
    without = Foreign(cuda.device_array(8))
    assert "stream" not in without.__cuda_array_interface__ or (
        without.__cuda_array_interface__["stream"] is None
    )
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        assert cuda.as_cuda_array(without).stream == 0
        cuda.as_cuda_array(with_stream, sync=False)
        monkeypatch.setenv("OXCUDA_CUDA_ARRAY_INTERFACE_SYNC", "0")
        kept = cuda.as_cuda_array(with_stream)
    sync.assert_not_called()
    assert kept.stream.external  # the stream is still the array's, only the wait is skipped


def test_a_launch_waits_once_for_each_foreign_arrays_stream(rng, monkeypatch):
    n = int(rng.integers(10, 200))
    out_host, x_host = rng.standard_normal(n), rng.standard_normal(n)
    a = float(rng.standard_normal())
    s1, s2 = cuda.stream(), cuda.stream()
    out = Foreign(cuda.to_device(out_host, stream=s1))
    x = Foreign(cuda.to_device(x_host, stream=s2))
    s1.synchronize()
    s2.synchronize()
    with patch.object(driver.Stream, "synchronize", return_value=None) as sync:
        axpy[(n + 63) // 64, 64](out, a, x)
    sync.assert_has_calls([call(), call()])
    assert sync.call_count == 2
    waits = _Waits(monkeypatch)
    axpy[(n + 63) // 64, 64](out, a, x)
    assert waits.handles() == sorted([int(s1.handle), int(s2.handle)])
    monkeypatch.undo()
    cuda.synchronize()
    expected = a * x_host + (a * x_host + out_host)  # launched twice
    np.testing.assert_allclose(out._arr.copy_to_host(), expected, rtol=1e-14)


def test_a_real_wait_orders_the_producers_work(rng):
    n = int(rng.integers(100, 1000))
    host = rng.standard_normal(n)
    s = cuda.stream()
    d = cuda.to_device(host, stream=s)
    axpy[(n + 63) // 64, 64, s](d, 2.0, d)  # d = 3 * host, queued on s
    imported = cuda.as_cuda_array(Foreign(d))  # waits for s
    np.testing.assert_allclose(imported.copy_to_host(), 3 * host, rtol=1e-15)
