"""Shared, local and constant memory, barriers: static shared arrays (shapes folded from
globals), dynamic shared memory sized by the launch, ``syncthreads`` and its count/and/or
forms, ``local.array``, ``const.array_like``, global NumPy arrays, a block reduction and a
tiled shared-memory matrix multiply."""

from __future__ import annotations

import numpy as np
from oxcuda import cuda, float32, float64, int32

from ._util import poison, rand, run

TPB = 128
T = 16


@cuda.jit
def block_reverse_k(out, a):
    buf = cuda.shared.array(TPB, float64)
    t = cuda.threadIdx.x
    base = cuda.blockIdx.x * cuda.blockDim.x
    buf[t] = a[base + t]
    cuda.syncthreads()
    out[base + t] = buf[TPB - 1 - t]


def test_shared_array_with_barrier(target, rng):
    a = rand(rng, 4 * TPB, np.float64)
    out = poison(4 * TPB, np.float64)
    (got, _) = run(block_reverse_k, 4, TPB, out, a)
    np.testing.assert_array_equal(got, a.reshape(4, TPB)[:, ::-1].ravel())


@cuda.jit
def block_sum_k(out, a):
    buf = cuda.shared.array(TPB, float32)
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    buf[t] = a[i] if i < a.size else float32(0)
    cuda.syncthreads()
    s = TPB // 2
    while s > 0:
        if t < s:
            buf[t] += buf[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = buf[0]


def test_block_reduction(target, rng):
    n = 5 * TPB - 37
    a = rand(rng, n, np.float32, -1, 1)
    out = poison(5, np.float32)
    (got, _) = run(block_sum_k, 5, TPB, out, a)
    padded = np.concatenate([a, np.zeros(5 * TPB - n, np.float32)]).reshape(5, TPB)
    np.testing.assert_allclose(got, padded.astype(np.float64).sum(axis=1), rtol=1e-5, atol=1e-5)


@cuda.jit
def matmul_k(c, a, b):
    sa = cuda.shared.array((T, T + 1), float32)
    sb = cuda.shared.array((T, T), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    col = cuda.blockIdx.x * T + tx
    row = cuda.blockIdx.y * T + ty
    acc = float32(0)
    for tile in range((a.shape[1] + T - 1) // T):
        k = tile * T
        sa[ty, tx] = a[row, k + tx] if row < a.shape[0] and k + tx < a.shape[1] else 0
        sb[ty, tx] = b[k + ty, col] if k + ty < b.shape[0] and col < b.shape[1] else 0
        cuda.syncthreads()
        for j in range(T):
            acc += sa[ty, j] * sb[j, tx]
        cuda.syncthreads()
    if row < c.shape[0] and col < c.shape[1]:
        c[row, col] = acc


def test_tiled_matmul(target, rng):
    m, k, n = 45, 37, 29
    a = rand(rng, (m, k), np.float32, -1, 1)
    b = rand(rng, (k, n), np.float32, -1, 1)
    c = poison((m, n), np.float32)
    grid = ((n + T - 1) // T, (m + T - 1) // T)
    (got, _, _) = run(matmul_k, grid, (T, T), c, a, b)
    np.testing.assert_allclose(got, a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)


@cuda.jit
def dynamic_shared_k(out, a):
    buf = cuda.shared.array(0, dtype=int32)
    other = cuda.shared.array(shape=0, dtype=int32)  # aliases buf: the same base
    t = cuda.threadIdx.x
    n = cuda.blockDim.x
    buf[t] = a[cuda.grid(1)]
    cuda.syncthreads()
    out[cuda.grid(1)] = other[(t + 1) % n] + other[t]


def test_dynamic_shared_memory(target, rng):
    a = rand(rng, 3 * 64, np.int32, -1000, 1000)
    out = poison(3 * 64, np.int32)
    (got, _) = run(dynamic_shared_k, 3, 64, out, a, sharedmem=64 * 4)
    blocks = a.reshape(3, 64)
    np.testing.assert_array_equal(got, (np.roll(blocks, -1, axis=1) + blocks).ravel())


@cuda.jit
def sync_predicates_k(out, a):
    t = cuda.threadIdx.x
    i = cuda.grid(1)
    p = a[i] > 0
    c = cuda.syncthreads_count(p)
    all_ = cuda.syncthreads_and(p)
    any_ = cuda.syncthreads_or(a[i] > 90)
    if t == 0:
        b = cuda.blockIdx.x
        out[b, 0] = c
        out[b, 1] = all_
        out[b, 2] = any_


def test_syncthreads_count_and_or(target, rng):
    a = rand(rng, (4, 64), np.int64, -100, 100)
    a[1] = np.abs(a[1]) + 1  # all positive
    a[2] = np.minimum(a[2], 50)  # none above 90
    out = poison((4, 3), np.int64)
    (got, _) = run(sync_predicates_k, 4, 64, out, a.ravel())
    np.testing.assert_array_equal(got[:, 0], (a > 0).sum(axis=1))
    assert [bool(v) for v in got[:, 1]] == list((a > 0).all(axis=1))
    assert [bool(v) for v in got[:, 2]] == list((a > 90).any(axis=1))


@cuda.jit
def local_array_k(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        tmp = cuda.local.array(8, dtype=float64)
        grid2 = cuda.local.array((2, 3), int32)
        for j in range(8):
            tmp[j] = a[i, j] * (j + 1)
        for r in range(2):
            for c in range(3):
                grid2[r, c] = r * 10 + c
        s = 0.0
        for j in range(7, -1, -1):
            s = s * 0.5 + tmp[j]
        out[i] = s + grid2[1, 2]


def test_local_arrays(target, rng):
    a = rand(rng, (50, 8), np.float64, -1, 1)
    out = poison(50, np.float64)
    (got, _) = run(local_array_k, 2, 32, out, a)
    want = np.zeros(50)
    for j in range(7, -1, -1):
        want = want * 0.5 + a[:, j] * (j + 1)
    np.testing.assert_allclose(got, want + 12, rtol=1e-14, atol=1e-12)


COEFFS = np.array([0.5, -1.25, 2.0, 3.5, -0.75], dtype=np.float64)
TABLE = np.arange(12, dtype=np.int16).reshape(3, 4) * 3 - 7


@cuda.jit
def const_memory_k(out, x):
    c = cuda.const.array_like(COEFFS)
    i = cuda.grid(1)
    if i < x.size:
        acc = 0.0
        for k in range(c.shape[0] - 1, -1, -1):
            acc = acc * x[i] + c[k]
        out[i, 0] = acc
        out[i, 1] = TABLE[i % 3, i % 4] + TABLE[-1, -1] + TABLE.size
        out[i, 2] = COEFFS[i % 5] * len(COEFFS)


def test_constant_and_global_arrays(target, rng):
    x = rand(rng, 64, np.float64, -2, 2)
    out = poison((64, 3), np.float64)
    (got, _) = run(const_memory_k, 2, 32, out, x)
    i = np.arange(64)
    np.testing.assert_allclose(
        got[:, 0], np.polynomial.polynomial.polyval(x, COEFFS), rtol=1e-13, atol=1e-12
    )
    np.testing.assert_array_equal(got[:, 1], TABLE[i % 3, i % 4] + TABLE[-1, -1] + TABLE.size)
    np.testing.assert_array_equal(got[:, 2], COEFFS[i % 5] * 5)


SHAPE = (4, 2 * 4)


@cuda.jit
def folded_shapes_k(out):
    s = cuda.shared.array(SHAPE, int32)
    l = cuda.local.array(SHAPE[1] + 1, int32)  # noqa: E741
    t = cuda.threadIdx.x
    r, c = t // SHAPE[1], t % SHAPE[1]
    s[r, c] = t
    l[0] = s.shape[0] * 100 + s.shape[1] * 10 + l.shape[0]
    cuda.syncthreads()
    out[t] = s[SHAPE[0] - 1 - r, c] + l[0] * 1000


def test_shapes_folded_from_globals(target):
    out = poison(32, np.int64)
    (got,) = run(folded_shapes_k, 1, 32, out)
    t = np.arange(32)
    r, c = t // 8, t % 8
    np.testing.assert_array_equal(got, (3 - r) * 8 + c + 489 * 1000)


@cuda.jit
def shared_dtypes_k(out_i, out_f, a):
    si = cuda.shared.array(32, dtype="int16")
    sf = cuda.shared.array(32, dtype=np.float32)
    t = cuda.threadIdx.x
    si[t] = a[t] * 3
    sf[t] = a[t] * float32(0.5)
    cuda.syncthreads()
    out_i[t] = si[31 - t]
    out_f[t] = sf[31 - t]


def test_shared_dtype_spellings(target, rng):
    a = rand(rng, 32, np.int16, -1000, 1000)
    out_i, out_f = poison(32, np.int16), poison(32, np.float32)
    got_i, got_f, _ = run(shared_dtypes_k, 1, 32, out_i, out_f, a)
    np.testing.assert_array_equal(got_i, (a * 3)[::-1])
    np.testing.assert_array_equal(got_f, (a.astype(np.float32) * np.float32(0.5))[::-1])


@cuda.jit
def only_a_barrier():
    cuda.syncthreads()


def test_a_kernel_with_no_registers_and_a_barrier_runs(target):
    """Regression: a kernel whose only instruction is a plain syncthreads (no parameters, no
    values) was an internal error in the simulator's decoder ("slots 0..1 beyond a frame of
    0"): the plain barrier's unused operand slots were checked against an empty frame."""
    only_a_barrier[2, 64]()
    cuda.synchronize()
