"""bfloat16 on a real GPU: torch and CuPy bfloat16 arrays as kernel arguments (DLPack, zero
copy), ``cuda.from_dlpack`` and back, results compared with torch's own bfloat16 arithmetic
(float32 computation rounded once, as oxcuda computes) and with the simulator."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import bfloat16, config, cuda
from oxcuda.cuda import bf16

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


@cuda.jit
def _axpy(out, a, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = bfloat16(a) * x[i] + y[i]


@cuda.jit
def _fma_and_convert(out, bits, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = bf16.hfma(x[i], x[i], bfloat16(1.0))
        bits[i] = bf16.bfloat16_as_ushort(bfloat16(float(x[i]) * 3.0))


def test_torch_bfloat16_tensors_are_kernel_arguments():
    torch = pytest.importorskip("torch")
    n = 1 << 16
    x = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    y = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    out = torch.full((n,), float("nan"), device="cuda", dtype=torch.bfloat16)
    _axpy[(n + 255) // 256, 256](out, 1.5, x, y)
    torch.cuda.synchronize()
    # a * x rounds to bfloat16, then + y rounds again: torch's bfloat16 ops do the same.
    want = (torch.tensor(1.5, dtype=torch.bfloat16, device="cuda") * x) + y
    assert torch.equal(out.view(torch.int16), want.view(torch.int16))


def test_torch_tensor_through_from_dlpack_and_back():
    torch = pytest.importorskip("torch")
    pytest.importorskip("ml_dtypes")
    x = torch.randn(1000, device="cuda", dtype=torch.bfloat16)
    d = cuda.from_dlpack(x)
    assert d.device_pointer_value == x.data_ptr()
    assert str(d.dtype) == "bfloat16"
    back = torch.from_dlpack(d)
    assert back.dtype == torch.bfloat16 and back.data_ptr() == x.data_ptr()
    out = cuda.device_array(1000, dtype=d.dtype)
    bits = cuda.device_array(1000, dtype=np.uint16)
    _fma_and_convert[4, 256](out, bits, d)
    host_bits = bits.copy_to_host()
    with config.override(TARGET="sim"):
        h = d.copy_to_host()
        sim_out = np.zeros(1000, dtype=h.dtype)
        sim_bits = np.zeros(1000, dtype=np.uint16)
        _fma_and_convert[4, 256](sim_out, sim_bits, h)
    np.testing.assert_array_equal(out.copy_to_host().view(np.uint16), sim_out.view(np.uint16))
    np.testing.assert_array_equal(host_bits, sim_bits)


def test_cupy_bfloat16_arrays():
    cp = pytest.importorskip("cupy")
    ml_dtypes = pytest.importorskip("ml_dtypes")
    try:
        x = cp.asarray(np.arange(1, 6, dtype=ml_dtypes.bfloat16))
    except Exception as exc:  # noqa: BLE001 - CuPy before 14 has no bfloat16
        pytest.skip(f"this CuPy has no bfloat16 arrays: {exc}")
    y = cp.arange(5)
    out = cp.empty(5, dtype=ml_dtypes.bfloat16)

    @cuda.jit
    def k(a, b, r):
        i = cuda.grid(1)
        if i < a.size:
            r[i] = 2 * a[i] + 4 * b[i] + ml_dtypes.bfloat16(3.0)

    k[1, 32](x, y, out)
    np.testing.assert_array_equal(
        cp.asnumpy(out).astype(np.float64), 2 * np.arange(1, 6) + 4 * np.arange(5) + 3.0
    )


def test_atomic_add_matches_simulator():
    pytest.importorskip("ml_dtypes")
    import ml_dtypes

    @cuda.jit
    def k(acc, x):
        i = cuda.grid(1)
        if i < x.size:
            cuda.atomic.add(acc, i % 3, x[i])

    # Integers in [-2, 2], 128 per slot: every partial sum stays within 256 in magnitude,
    # where bfloat16 holds integers exactly, so the result does not depend on the order in
    # which the atomics land (beyond 256, bfloat16's 8-bit significand would round).
    x = np.random.default_rng().integers(-2, 3, 3 * 128).astype(ml_dtypes.bfloat16)
    acc = cuda.to_device(np.zeros(3, dtype=ml_dtypes.bfloat16))
    k[2, 256](acc, cuda.to_device(x))
    want = [x[j::3].astype(np.float64).sum() for j in range(3)]
    np.testing.assert_array_equal(acc.copy_to_host().astype(np.float64), want)
