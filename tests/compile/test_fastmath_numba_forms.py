"""fastmath's float32 division and tanh take numba-cuda's instructions: ``div.approx.ftz.f32``
(libdevice's ``__nv_fast_fdividef``) and, on sm_75 and later, ``tanh.approx.f32``; without
fastmath they stay IEEE ``div.rn.f32`` and libdevice's ``tanhf``. Compiled to cubins for every
architecture the project targets, and run against float64 references."""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda, float32
from oxcuda.cuda import compiler

SIG = (float32[::1], float32[::1], float32[::1])


def divide_and_tanh(r, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = x[i] / y[i] + math.tanh(x[i])


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
def test_fastmath_instructions(cc):
    fast, _ = cuda.compile_ptx(divide_and_tanh, SIG, fastmath=True, cc=cc)
    precise, _ = cuda.compile_ptx(divide_and_tanh, SIG, cc=cc)
    assert "div.approx.ftz.f32" in fast and "div.rn.f32" not in fast
    assert "tanh.approx.f32" in fast
    assert "div.rn.f32" in precise and "div.approx" not in precise
    assert "tanh.approx.f32" not in precise
    compiler.compile_pyfunc(
        divide_and_tanh, SIG, device=False, output="cubin", cc=cc, fastmath=True
    )


@pytest.mark.gpu
def test_fastmath_results_are_close_to_float64():
    rng = np.random.default_rng()
    n = 4096
    x = rng.uniform(-4, 4, n).astype(np.float32)
    y = rng.uniform(0.5, 8, n).astype(np.float32) * rng.choice([-1, 1], n).astype(np.float32)
    r = np.zeros(n, np.float32)
    cuda.jit(SIG, fastmath=True)(divide_and_tanh)[n // 128, 128](r, x, y)
    x64, y64 = x.astype(np.float64), y.astype(np.float64)
    want = x64 / y64 + np.tanh(x64)
    # div.approx is within 2 ulp; tanh.approx's relative error is about 2^-11.
    np.testing.assert_allclose(r, want, rtol=2e-3, atol=2e-3)
