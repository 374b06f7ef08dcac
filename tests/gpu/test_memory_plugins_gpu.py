"""The ready EMM plugins on a real GPU: device arrays allocated from CuPy's memory pool and
from PyTorch's caching allocator, selected with ``set_memory_manager`` or
``OXCUDA_MEMORY_MANAGER``."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda.memory.default import OxcudaMemoryManager

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield
    cuda.set_memory_manager(OxcudaMemoryManager)
    gc.collect()


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()


@cuda.jit
def scale(r, a, x):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i]


def test_cupy_plugin_allocates_from_cupys_pool(rng):
    cp = pytest.importorskip("cupy")
    from oxcuda.memory.cupy import CuPyMemoryManager

    pool = cp.get_default_memory_pool()
    cuda.set_memory_manager(CuPyMemoryManager)
    before = pool.used_bytes()
    h = rng.standard_normal((1000, 33))
    d = cuda.to_device(h)
    assert pool.used_bytes() >= before + h.nbytes
    assert isinstance(cuda.current_context().memory_manager, CuPyMemoryManager)
    np.testing.assert_array_equal(d.copy_to_host(), h)
    r = cuda.device_array_like(d[:, 0])
    x = d[:, 5]
    scale[(1000 + 127) // 128, 128](r, 3.0, x)
    np.testing.assert_allclose(r.copy_to_host(), 3.0 * h[:, 5])
    # the memory is CuPy's: a CuPy array views it without a copy
    view = cp.asarray(d)
    assert view.data.ptr == d.device_pointer_value
    del view, d, r, x
    gc.collect()
    assert pool.used_bytes() == before
    free, total = cuda.get_memory_info()
    assert 0 < free <= total


def test_torch_plugin_allocates_from_the_caching_allocator(rng):
    torch = pytest.importorskip("torch")
    if not torch.cuda.is_available():
        pytest.skip("PyTorch without CUDA")
    from oxcuda.memory.torch import TorchMemoryManager

    cuda.set_memory_manager(TorchMemoryManager)
    torch.cuda.synchronize()
    before = torch.cuda.memory_allocated()
    h = rng.standard_normal((777, 5)).astype(np.float32)
    d = cuda.to_device(h)
    assert torch.cuda.memory_allocated() >= before + h.nbytes
    np.testing.assert_array_equal(d.copy_to_host(), h)
    r = cuda.device_array(777, np.float32)
    scale[7, 128](r, np.float32(-1.0), d[:, 2])
    np.testing.assert_array_equal(r.copy_to_host(), -h[:, 2])
    t = torch.as_tensor(d, device="cuda")
    assert t.data_ptr() == d.device_pointer_value
    del t, d, r
    gc.collect()
    torch.cuda.synchronize()
    assert torch.cuda.memory_allocated() == before
    free, total = cuda.get_memory_info()
    assert 0 < free <= total


def test_plugins_keep_host_memory_working(rng):
    cp = pytest.importorskip("cupy")
    from oxcuda.memory.cupy import CuPyMemoryManager

    cuda.set_memory_manager(CuPyMemoryManager)
    m = cuda.mapped_array(256, np.float64)
    m[:] = rng.standard_normal(256)
    r = cuda.device_array(256)
    scale[2, 128](r, 2.0, m)
    np.testing.assert_array_equal(r.copy_to_host(), 2.0 * m)
    assert cp.get_default_memory_pool().used_bytes() >= r.nbytes


PROGRAM = """
import numpy as np
from oxcuda import cuda
d = cuda.to_device(np.arange(1000.0))
print(type(cuda.current_context().memory_manager).__name__, d.copy_to_host().sum())
"""


@pytest.mark.parametrize(
    ("module", "library", "cls"),
    [("oxcuda.memory.cupy", "cupy", "CuPyMemoryManager"),
     ("oxcuda.memory.torch", "torch", "TorchMemoryManager")],
)  # fmt: skip
def test_the_environment_variable_selects_a_plugin(module, library, cls):
    pytest.importorskip(library)
    env = {k: v for k, v in os.environ.items() if not k.startswith("OXCUDA_")}
    env.update(OXCUDA_TARGET="gpu", OXCUDA_MEMORY_MANAGER=module)
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [cls, "499500.0"]
