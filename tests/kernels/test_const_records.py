"""NumPy structured arrays captured as globals: frozen into constant memory like other global
arrays, their items read as records (``C[i]["x"]``, ``C[i].y``), directly or through
``cuda.const.array_like``."""

from __future__ import annotations

import numpy as np
from oxcuda import cuda

from ._util import poison, rand, run

_RNG = np.random.default_rng()
PACKED = np.zeros(32, dtype=[("x", np.float64), ("y", np.int64), ("v", np.float32, 3)])
PACKED["x"] = _RNG.uniform(-100, 100, 32)
PACKED["y"] = _RNG.integers(-1000, 1000, 32)
PACKED["v"] = _RNG.uniform(-1, 1, (32, 3))
ALIGNED = np.zeros(
    16,
    dtype=np.dtype(
        [("a", np.uint8), ("b", np.uint8), ("y", np.uint32), ("z", np.uint8)], align=True
    ),
)
ALIGNED["a"] = _RNG.integers(0, 255, 16)
ALIGNED["b"] = _RNG.integers(0, 255, 16)
ALIGNED["y"] = _RNG.integers(0, 2**32 - 1, 16)
ALIGNED["z"] = _RNG.integers(0, 255, 16)
EMPTY = np.zeros(0, dtype=[("x", np.float64), ("y", np.int64)])


@cuda.jit
def read_k(out, k):
    i = cuda.grid(1)
    if i < PACKED.size:
        j = k[i]
        out[i, 0] = PACKED[j]["x"]
        out[i, 1] = PACKED[j].y
        c = cuda.const.array_like(PACKED)
        out[i, 2] = c[j].v[1]
        out[i, 3] = len(EMPTY)


def test_structured_global_arrays_are_constant_records(target, rng):
    k = rand(rng, 32, np.int64, 0, 31)
    (got, _) = run(read_k, 1, 32, poison((32, 4), np.float64), k)
    np.testing.assert_array_equal(got[:, 0], PACKED["x"][k])
    np.testing.assert_array_equal(got[:, 1], PACKED["y"][k])
    np.testing.assert_array_equal(got[:, 2], PACKED["v"][k, 1].astype(np.float64))
    np.testing.assert_array_equal(got[:, 3], 0)


@cuda.jit
def aligned_k(a, b, y, z):
    i = cuda.grid(1)
    if i < ALIGNED.size:
        r = ALIGNED[i]
        a[i] = r.a
        b[i] = r["b"]
        y[i] = r.y
        z[i] = r.z


def test_aligned_structured_global(target):
    outs = [poison(16, np.int64) for _ in range(4)]
    got = run(aligned_k, 1, 16, *outs)
    for field, g in zip("abyz", got, strict=True):
        np.testing.assert_array_equal(g, ALIGNED[field])
