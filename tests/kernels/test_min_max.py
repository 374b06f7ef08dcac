"""``min``/``max`` in kernels with numba-cuda's semantics, next to ``np.minimum``/``np.maximum``.

numba-cuda lowers the builtins on floats to libdevice's ``fmin``/``fmax`` (PTX ``min``/``max``):
a NaN operand gives the other one. NumPy's ``minimum``/``maximum`` return the NaN. The two
used to share Python's ``b > a ? b : a``, which is neither (``max(1.0, nan)`` gave 1.0 but
``max(nan, 1.0)`` gave NaN, and ``np.maximum(1.0, nan)`` gave 1.0).
"""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float32, float64


def builtins_and_ufuncs(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = max(a[i], b[i])
        out[i, 1] = min(a[i], b[i])
        out[i, 2] = np.maximum(a[i], b[i])
        out[i, 3] = np.minimum(a[i], b[i])
        out[i, 4] = np.fmax(a[i], b[i])
        out[i, 5] = np.fmin(a[i], b[i])


def with_nans(rng: np.random.Generator, n: int, dtype) -> tuple[np.ndarray, np.ndarray]:
    """Random pairs where about a quarter of each side is NaN (both sides NaN too)."""
    a = rng.standard_normal(n).astype(dtype)
    b = rng.standard_normal(n).astype(dtype)
    a[rng.random(n) < 0.25] = np.nan
    b[rng.random(n) < 0.25] = np.nan
    return a, b


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_nan_rules_of_builtins_and_ufuncs(target, rng, dtype):
    a, b = with_nans(rng, 512, dtype)
    out = np.zeros((a.size, 6), dtype)
    cuda.jit(builtins_and_ufuncs)[4, 128](out, a, b)
    want = np.stack(
        [
            np.fmax(a, b),
            np.fmin(a, b),
            np.maximum(a, b),
            np.minimum(a, b),
            np.fmax(a, b),
            np.fmin(a, b),
        ],
        axis=1,
    )
    np.testing.assert_array_equal(out, want)


def mixed(out, a, b, k):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = max(a[i], b[i])  # float32 with float64: float64
        out[i, 1] = min(a[i], k)  # float32 with an int: float64, as numba promotes
        out[i, 2] = max(a[i], b[i], 0.25)


def test_mixed_types_promote(target, rng):
    a = rng.standard_normal(300).astype(np.float32)
    b = rng.standard_normal(300)
    k = int(rng.integers(-2, 3))
    out = np.zeros((300, 3))
    cuda.jit(mixed)[3, 128](out, a, b, k)
    a64 = a.astype(np.float64)
    np.testing.assert_array_equal(out[:, 0], np.maximum(a64, b))
    np.testing.assert_array_equal(out[:, 1], np.minimum(a64, k))
    np.testing.assert_array_equal(out[:, 2], np.maximum(np.maximum(a64, b), 0.25))


def ints(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = max(a[i], b[i])
        out[i, 1] = min(a[i], b[i])


def test_integers(target, rng):
    a = rng.integers(-1000, 1000, 200, dtype=np.int32)
    b = rng.integers(-1000, 1000, 200, dtype=np.int64)
    out = np.zeros((200, 2), np.int64)
    cuda.jit(ints)[2, 128](out, a, b)
    np.testing.assert_array_equal(out[:, 0], np.maximum(a, b))
    np.testing.assert_array_equal(out[:, 1], np.minimum(a, b))


def builtin_max(out, a, b):
    out[0] = max(a[0], b[0])


@pytest.mark.parametrize(
    ("ta", "tb", "instruction"),
    [(float32, float32, "max.f32"), (float32, float64, "max.f64"), (float64, float64, "max.f64")],
)
def test_ptx_is_one_max_instruction_without_libdevice(ta, tb, instruction):
    out = float64 if instruction.endswith("f64") else float32
    ptx, _ = cuda.compile_ptx(builtin_max, (out[:], ta[:], tb[:]))
    assert instruction in ptx
    assert "__nv_" not in ptx  # NVVM's fmax intrinsic: no libdevice function is linked
