"""CuPy arrays on the launch fast path (crates/python/src/interop/cupy.rs): read through
CuPy's own attributes, they must give the kernel exactly what `__cuda_array_interface__`
gives, for every layout, and decline (to the synchronising slow path) where the interface
would."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda import dispatcher as dispatcher_module

pytestmark = pytest.mark.gpu
cp = pytest.importorskip("cupy")


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


@pytest.fixture
def slow_calls(monkeypatch) -> list[int]:
    """Counts launches the native fast path hands to the Python slow path."""
    calls: list[int] = []
    original = dispatcher_module._Configured.__call__

    def counting(self, *args):
        calls.append(1)
        return original(self, *args)

    monkeypatch.setattr(dispatcher_module._Configured, "__call__", counting)
    return calls


@cuda.jit
def affine2d(out, a, scale):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = a[i, j] * scale + i - j


def _launch(out, a, scale, stream=0):
    affine2d[(8, 8), (8, 8), stream](out, a, scale)


@pytest.mark.parametrize(
    "make",
    [
        lambda h: cp.asarray(h),  # C-contiguous
        lambda h: cp.asfortranarray(cp.asarray(h)),  # F-contiguous
        lambda h: cp.asarray(np.repeat(h, 2, axis=1))[:, ::2],  # strided view
        lambda h: cp.asarray(np.ascontiguousarray(h[::-1]))[::-1],  # negative stride
    ],
    ids=["C", "F", "strided", "reversed"],
)
def test_cupy_layouts_give_the_kernel_what_numpy_says(make, slow_calls):
    rng = np.random.default_rng()
    h = rng.standard_normal((50, 37)).astype(np.float32)
    a = make(h)
    np.testing.assert_array_equal(cp.asnumpy(a), h)
    out = cp.zeros(h.shape, np.float32)
    _launch(out, a, np.float32(1.5))  # first launch: resolves the target
    cp.cuda.runtime.deviceSynchronize()
    before = len(slow_calls)
    scale = np.float32(rng.uniform(0.5, 2))
    _launch(out, a, scale)
    cp.cuda.runtime.deviceSynchronize()
    assert len(slow_calls) == before, "a cupy.ndarray took the slow path"
    i, j = np.indices(h.shape)
    np.testing.assert_allclose(cp.asnumpy(out), h * scale + i - j, rtol=1e-6, atol=1e-5)


@cuda.jit
def copy_any(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i]


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint16, np.int64, np.complex64])
def test_cupy_dtypes_round_trip(dtype):
    rng = np.random.default_rng()
    h = (rng.standard_normal(300) * 50).astype(dtype)
    if np.issubdtype(dtype, np.complexfloating):
        h = h + 1j * rng.standard_normal(300).astype(np.float32)
    a = cp.asarray(h)
    out = cp.zeros_like(a)
    copy_any[3, 128](out, a)
    copy_any[3, 128](out, a)
    np.testing.assert_array_equal(cp.asnumpy(out), h)


def test_empty_cupy_arrays_launch():
    a = cp.zeros(0, np.float32)
    out = cp.zeros(0, np.float32)
    copy_any[1, 32](out, a)
    copy_any[1, 32](out, a)
    cp.cuda.runtime.deviceSynchronize()


def test_another_current_stream_takes_the_synchronising_path(slow_calls):
    rng = np.random.default_rng()
    h = rng.standard_normal((64, 64)).astype(np.float32)
    a, out = cp.asarray(h), cp.zeros((64, 64), np.float32)
    _launch(out, a, np.float32(1.0))
    with cp.cuda.Stream(non_blocking=True) as s:
        before = len(slow_calls)
        _launch(out, a, np.float32(2.0))  # cupy's current stream is not the launch's
        assert len(slow_calls) == before + 1
        cuda.synchronize()
        i, j = np.indices(h.shape)
        np.testing.assert_allclose(cp.asnumpy(out), h * 2 + i - j, rtol=1e-6, atol=1e-5)
        # On CuPy's own stream the fast path takes it again.
        ext = cuda.external_stream(s.ptr)
        _launch(out, a, np.float32(3.0), stream=ext)
        on_ext = len(slow_calls)
        _launch(out, a, np.float32(3.0), stream=ext)
        s.synchronize()
        assert len(slow_calls) == on_ext
    np.testing.assert_allclose(cp.asnumpy(out), h * 3 + i - j, rtol=1e-6, atol=1e-5)


def test_cupy_subclasses_go_through_the_interface():
    class Tagged(cp.ndarray):
        pass

    rng = np.random.default_rng()
    h = rng.standard_normal(200).astype(np.float32)
    a = cp.asarray(h).view(Tagged)
    assert type(a) is Tagged
    out = cp.zeros(200, np.float32)
    copy_any[2, 128](out, a)
    copy_any[2, 128](out, a)
    np.testing.assert_array_equal(cp.asnumpy(out), h)
