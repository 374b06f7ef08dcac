"""CUDA ufuncs on the GPU with foreign device memory: CuPy arrays and PyTorch tensors go in
without a copy (CUDA Array Interface / DLPack) and the result is an oxcuda device array;
``out=`` writes into them in place; ``Reduce`` and ``guvectorize`` take them too; large
arrays (several waves of blocks) agree with NumPy."""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

pytestmark = pytest.mark.gpu


@cuda.vectorize(["float32(float32, float32)", "float64(float64, float64)"])
def axpy2(x, y):
    return 2 * x + y


sum_reduce = cuda.Reduce(lambda a, b: a + b)


@cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->()")
def row_sum(x, out):
    s = np.float32(0)
    for i in range(x.shape[0]):
        s += x[i]
    out[0] = s


@pytest.fixture(autouse=True)
def _on_gpu():
    with oxcuda.config.override(TARGET="gpu"):
        yield


def test_cupy_inputs_and_out():
    cp = pytest.importorskip("cupy")
    rng = np.random.default_rng()
    x, y = rng.random(5000, dtype=np.float32), rng.random(5000, dtype=np.float32)
    cx, cy = cp.asarray(x), cp.asarray(y)
    got = axpy2(cx, cy)
    assert isinstance(got, cuda.DeviceNDArray)
    want = (2 * x.astype(np.float64) + y).astype(np.float32)
    np.testing.assert_allclose(got.copy_to_host(), want, rtol=1e-6)
    out = cp.full(5000, cp.nan, dtype=cp.float32)
    # numba-cuda's semantics: the result is a device array over out's memory.
    result = axpy2(cx, cy, out=out)
    assert isinstance(result, cuda.DeviceNDArray)
    assert result.device_pointer_value == out.data.ptr
    np.testing.assert_allclose(cp.asnumpy(out), want, rtol=1e-6)
    assert sum_reduce(cx) == pytest.approx(float(x.astype(np.float64).sum()), rel=1e-4)
    m = rng.random((64, 33), dtype=np.float32)
    np.testing.assert_allclose(row_sum(cp.asarray(m)).copy_to_host(), m.sum(1), rtol=1e-5)


def test_torch_inputs_and_out():
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng()
    x, y = rng.random(3000), rng.random(3000)
    tx, ty = torch.tensor(x, device="cuda"), torch.tensor(y, device="cuda")
    got = axpy2(tx, ty)
    np.testing.assert_allclose(got.copy_to_host(), 2 * x + y)
    out = torch.full((3000,), float("nan"), device="cuda", dtype=torch.float64)
    axpy2(tx, ty, out=out)
    torch.cuda.synchronize()
    np.testing.assert_allclose(out.cpu().numpy(), 2 * x + y)
    assert sum_reduce(tx) == pytest.approx(x.sum())
    # a broadcast torch view (a column against a row)
    col, row = tx[:50].reshape(50, 1), ty[:40].reshape(1, 40)
    np.testing.assert_allclose(axpy2(col, row).copy_to_host(), 2 * x[:50, None] + y[None, :40])


def test_large_arrays_and_reductions_agree_with_numpy():
    rng = np.random.default_rng()
    n = (1 << 22) + 123
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    dx, dy = cuda.to_device(x), cuda.to_device(y)
    got = axpy2(dx, dy).copy_to_host()
    np.testing.assert_allclose(got, (2 * x.astype(np.float64) + y).astype(np.float32), rtol=1e-6)
    assert sum_reduce(dx) == pytest.approx(float(x.astype(np.float64).sum()), rel=1e-3, abs=1.0)
    ints = rng.integers(-1000, 1000, n).astype(np.int64)
    assert sum_reduce(cuda.to_device(ints)) == ints.sum()
    res = cuda.device_array(1, np.int64)
    assert sum_reduce(cuda.to_device(ints), res=res, init=5) is None
    assert res.copy_to_host()[0] == ints.sum() + 5


def test_stream_ordering():
    rng = np.random.default_rng()
    s = cuda.stream()
    x = rng.random(1 << 20)
    dx = cuda.to_device(x, s)
    r = axpy2(dx, dx, stream=s)
    r2 = axpy2(r, dx, stream=s)
    s.synchronize()
    np.testing.assert_allclose(r2.copy_to_host(), 2 * (3 * x) + x)


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8, np.complex64])
@pytest.mark.parametrize("blocks", [None, 7])
def test_tiled_first_stage_on_the_gpu(dtype, blocks):
    # Reduce's tiled first stage (arrays of two tiles of 2048 or more): the default grid (one
    # wave) and an uneven share (7 blocks), a partial last tile, a maximum and a sum of every
    # dtype kind. Integer results exact; float sums within the dtype's rounding of the float64
    # sum (the fold associates differently from NumPy's pairwise sum).
    rng = np.random.default_rng()
    n = (1 << 23) + 2048 * 3 + 1001
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        x = (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)
    elif dtype.kind == "f":
        x = rng.standard_normal(n).astype(dtype)
    else:
        x = rng.integers(0, 100, n).astype(dtype)
    r = cuda.Reduce(lambda a, b: a + b)
    m = cuda.Reduce(lambda a, b: a if a > b else b)
    r.max_blocks = m.max_blocks = blocks
    dx = cuda.to_device(x)
    got = r(dx)
    if dtype.kind in "fc":
        single = dtype.itemsize * (1 if dtype.kind == "f" else 0.5) <= 4
        bound = (1e-5 if single else 1e-13) * np.abs(x).sum()
        assert abs(got - x.astype(np.complex128).sum()) <= bound
        if dtype.kind == "f":
            assert m(dx, init=-np.inf) == x.max()
    else:
        assert got == x.sum(dtype=dtype)
        assert m(dx) == x.max()
