"""CuPy arrays and PyTorch tensors captured as globals or closure variables, by reference
(``__cuda_array_interface__``), as numba-cuda captures them: the kernel reads and writes the
producer's memory on the GPU; the PTX addresses it directly."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


def test_cupy_arrays_as_closure_variables():
    cp = pytest.importorskip("cupy")
    rng = np.random.default_rng()
    host = rng.uniform(-10, 10, (33, 17)).astype(np.float32)
    table = cp.asarray(host)
    counts = cp.zeros(4, dtype=cp.int32)

    @cuda.jit
    def k(out):
        i, j = cuda.grid(2)
        if i < table.shape[0] and j < table.shape[1]:
            out[i, j] = table[i, j] * 2
            table[i, j] = -1
            cuda.atomic.add(counts, (i + j) % 4, 1)

    out = cuda.device_array(host.shape, np.float32)
    k[(3, 2), (16, 16)](out)
    np.testing.assert_array_equal(out.copy_to_host(), host * 2)
    np.testing.assert_array_equal(cp.asnumpy(table), np.full(host.shape, -1, np.float32))
    i, j = np.indices(host.shape)
    np.testing.assert_array_equal(cp.asnumpy(counts), np.bincount(((i + j) % 4).ravel()))


def test_torch_tensors_as_globals():
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch without CUDA")
    rng = np.random.default_rng()
    host = rng.integers(-1000, 1000, 257).astype(np.int64)
    tensor = torch.as_tensor(host, device="cuda")

    @cuda.jit
    def k(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = tensor[tensor.shape[0] - 1 - i] + 1

    out = cuda.device_array(host.size, np.int64)
    k[3, 128](out)
    np.testing.assert_array_equal(out.copy_to_host(), host[::-1] + 1)
