"""Launching kernels on CuPy arrays and PyTorch tensors: zero-copy through the CUDA Array
Interface, on the Rust fast path when no stream synchronisation is needed."""

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.gpu


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


def _check(r, x, y, a):
    np.testing.assert_allclose(r, a * x + y, rtol=1e-6)


def test_cupy_arrays_zero_copy():
    cp = pytest.importorskip("cupy")
    rng = np.random.default_rng()
    n = int(rng.integers(1000, 5000))
    x = cp.asarray(rng.random(n, dtype=np.float32))
    y = cp.asarray(rng.random(n, dtype=np.float32))
    r = cp.full(n, cp.nan, dtype=cp.float32)
    a = np.float32(rng.random())
    with oxcuda.config.override(TARGET="gpu"):
        for _ in range(3):  # first launch compiles; later ones take the fast path
            axpy[(n + 127) // 128, 128](r, a, x, y)
    cp.cuda.runtime.deviceSynchronize()
    _check(cp.asnumpy(r), cp.asnumpy(x), cp.asnumpy(y), a)


def test_cupy_arrays_on_another_stream():
    cp = pytest.importorskip("cupy")
    rng = np.random.default_rng()
    n = 4096
    with cp.cuda.Stream() as s:
        x = cp.asarray(rng.random(n, dtype=np.float32))
        y = cp.asarray(rng.random(n, dtype=np.float32))
        r = cp.full(n, cp.nan, dtype=cp.float32)
    s.synchronize()
    a = np.float32(0.5)
    with oxcuda.config.override(TARGET="gpu"):
        axpy[n // 128, 128](r, a, x, y)
        axpy[n // 128, 128](r, a, x, y)
    cp.cuda.runtime.deviceSynchronize()
    _check(cp.asnumpy(r), cp.asnumpy(x), cp.asnumpy(y), a)


def test_torch_tensors_zero_copy():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng()
    n = int(rng.integers(1000, 5000))
    x = torch.tensor(rng.random(n, dtype=np.float32), device="cuda")
    y = torch.tensor(rng.random(n, dtype=np.float32), device="cuda")
    r = torch.full((n,), float("nan"), device="cuda")
    a = np.float32(rng.random())
    with oxcuda.config.override(TARGET="gpu"):
        for _ in range(3):
            axpy[(n + 127) // 128, 128](r, a, x, y)
    torch.cuda.synchronize()
    _check(r.cpu().numpy(), x.cpu().numpy(), y.cpu().numpy(), a)


def test_launch_limits_are_named():
    out = cuda.to_device(np.zeros(4, dtype=np.float32))
    x = cuda.to_device(np.ones(4, dtype=np.float32))
    with oxcuda.config.override(TARGET="gpu"):
        with pytest.raises(ValueError, match="MAX_THREADS_PER_BLOCK"):
            axpy[1, (32, 32, 2)](out, np.float32(1), x, x)
        with pytest.raises(ValueError, match="MAX_BLOCK_DIM_Z"):
            axpy[1, (1, 1, 65)](out, np.float32(1), x, x)
        with pytest.raises(ValueError, match="MAX_GRID_DIM_Y"):
            axpy[(1, 70000), 32](out, np.float32(1), x, x)
