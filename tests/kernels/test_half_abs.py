"""``abs`` of float16 and bfloat16 clears the sign bit on both targets (NumPy's half ``abs``):
one ``and.b16`` on the GPU rather than a round trip through float64 and libdevice, and every
bit pattern, signalling NaNs included, comes out as NumPy's."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda


def absolute(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = abs(x[i])


def test_every_float16_bit_pattern(target, rng):
    bits = rng.permutation(np.arange(65536, dtype=np.uint16))
    x = bits.view(np.float16)
    out = np.zeros_like(x)
    cuda.jit(absolute)[256, 256](out, x)
    np.testing.assert_array_equal(out.view(np.uint16), bits & 0x7FFF)


def test_every_bfloat16_bit_pattern(target, rng):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    bits = rng.permutation(np.arange(65536, dtype=np.uint16))
    x = bits.view(ml_dtypes.bfloat16)
    out = np.zeros_like(x)
    cuda.jit(absolute)[256, 256](out, x)
    np.testing.assert_array_equal(out.view(np.uint16), bits & 0x7FFF)


def test_the_ptx_is_a_mask():
    ptx, _ = cuda.compile_ptx(absolute, "void(float16[::1], float16[::1])")
    assert "and.b16" in ptx and "cvt.f64.f16" not in ptx and "__nv_" not in ptx
