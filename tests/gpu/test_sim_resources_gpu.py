"""The simulator's answers to the GPU-only kernel queries (``oxcuda.cuda._resources``: ptxas's
report on the kernel's PTX) equal the driver's for the same kernel on this GPU."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda import _resources

pytestmark = pytest.mark.gpu

_TABLE = np.arange(100, dtype=np.float64)
NAMES = (
    "num_regs",
    "shared_size_bytes",
    "local_size_bytes",
    "const_size_bytes",
    "max_threads_per_block",
)


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


def _everything(a, b):
    s = cuda.shared.array(128, np.float32)
    scratch = cuda.local.array(40, np.float32)
    c = cuda.const.array_like(_TABLE)
    i = cuda.grid(1)
    for j in range(40):
        scratch[j] = a[(i + j) % a.size]
    s[cuda.threadIdx.x % 128] = scratch[i % 40] + c[i % 100]
    cuda.syncthreads()
    b[i] = s[(i + 1) % 128] * 2.0


def _axpy(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = 2.0 * a[i] + b[i]


def _prints(a, b):
    i = cuda.grid(1)
    if i == 1 << 40:
        print("never", i, a[0])
    b[i] = a[i]


def _heavy(a, b):
    # Many live float64 values: many registers.
    i = cuda.grid(1)
    x = a[i]
    acc = 0.0
    for k in range(16):
        acc += x**k / (k + 1.5) + np.float32(k) * x
    b[i] = acc


SIG = "void(float32[::1], float32[::1])"
CASES = {
    "shared, local and constant": (_everything, {}),
    "axpy": (_axpy, {}),
    "print": (_prints, {}),
    "many registers": (_heavy, {}),
    "launch bounds": (_everything, {"launch_bounds": 128}),
    "max registers": (_heavy, {"max_registers": 32}),
    "debug": (_axpy, {"debug": True, "opt": False}),
    "lineinfo": (_everything, {"lineinfo": True}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_simulators_resources_are_the_drivers(case):
    func, options = CASES[case]
    k = cuda.jit(SIG, **options)(func)
    a = cuda.to_device(np.random.default_rng().random(256).astype(np.float32))
    b = cuda.device_array(256, np.float32)
    k[2, 128](a, b)
    cuda.synchronize()
    compiled = k._one(SIG)
    # The simulator's way (oxcuda.cuda.dispatcher._kernel_attribute) on this kernel's own
    # compile: its link made again with -verbose, for this GPU's compute capability.
    sim = _resources.attributes(
        compiled.artifacts.link_report(),
        compiled.entry_name,
        bytes(k._stage(SIG, "cubin")),
        options.get("launch_bounds"),
    )
    gpu = {name: compiled.kernel.attribute(name) for name in NAMES}
    assert sim == gpu
