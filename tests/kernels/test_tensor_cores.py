"""Tensor cores (``cuda.wmma``) and asynchronous copies (``cuda.pipeline``) on the simulator and
the GPU, against NumPy float64 (or exact integer) references on fresh random data
(docs/tensor-cores.md)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from oxcuda import bfloat16, cuda, float16, float32, int8, int32, uint8
from oxcuda.errors import TypingError, UnsupportedError

from ._util import poison, run

wmma = cuda.wmma

#: Kernels whose instructions need a newer GPU than sm_75 (the autouse cubin check of
#: conftest.py compiles them only for the architectures that have them).
CUBIN_MIN_CC = {
    "tf32_k": (8, 0),
    "bf16_tile_k": (8, 0),
    "copy_async_k": (8, 0),
    "copy_async_deferred_k": (8, 0),
    "pipelined_matmul_k": (8, 0),
}


def _line(func, marker: str) -> int:
    lines, first = inspect.getsourcelines(func.py_func)
    return first + next(k for k, text in enumerate(lines) if marker in text)


def _ref(a, b, c):
    return a.astype(np.float64) @ b.astype(np.float64) + c.astype(np.float64)


# ---- one tile, every layout -------------------------------------------------------------


@cuda.jit
def tile_rr_k(a, b, c, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.row_major)
    fc = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.load_matrix_sync(fa, a, 0, 16)
    wmma.load_matrix_sync(fb, b, 0, 16)
    wmma.load_matrix_sync(fc, c, 0, 16, wmma.mem_row_major)
    wmma.mma_sync(fc, fa, fb, fc)
    wmma.store_matrix_sync(d, 0, fc, 16, wmma.mem_row_major)


@cuda.jit
def tile_cc_k(a, b, c, d):
    # A and B column-major, C loaded and D stored column-major.
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.col_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.col_major)
    fc = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.load_matrix_sync(fa, a, 0, 16)
    wmma.load_matrix_sync(fb, b, 0, 16)
    wmma.load_matrix_sync(fc, c, 0, 16, wmma.col_major)
    wmma.mma_sync(fc, fa, fb, fc)
    wmma.store_matrix_sync(d, 0, fc, 16, wmma.col_major)


def test_one_tile_row_major(target, rng):
    a = rng.standard_normal((16, 16)).astype(np.float16)
    b = rng.standard_normal((16, 16)).astype(np.float16)
    c = rng.standard_normal((16, 16)).astype(np.float32)
    (d,) = run(tile_rr_k, 1, 32, a, b, c, poison((16, 16), np.float32))[3:]
    np.testing.assert_allclose(d, _ref(a, b, c), rtol=1e-5, atol=1e-5)


def test_one_tile_column_major(target, rng):
    a = rng.standard_normal((16, 16)).astype(np.float16)
    b = rng.standard_normal((16, 16)).astype(np.float16)
    c = rng.standard_normal((16, 16)).astype(np.float32)
    # Column-major storage of X is the C-order array of X.T.
    out = run(tile_cc_k, 1, 32, a.T.copy(), b.T.copy(), c.T.copy(), poison((16, 16), np.float32))
    np.testing.assert_allclose(out[3].T, _ref(a, b, c), rtol=1e-5, atol=1e-5)


# ---- the other shapes, float16 accumulators, fill ----------------------------------------


def _shape_kernel(m, n, k):
    # The shape must be a compile-time constant: closure variables are (numba freezes them).
    def shape_k(a, b, d):
        fa = wmma.fragment(wmma.matrix_a, m, n, k, float16, wmma.row_major)
        fb = wmma.fragment(wmma.matrix_b, m, n, k, float16, wmma.col_major)
        fc = wmma.fragment(wmma.accumulator, m, n, k, float32)
        wmma.fill_fragment(fc, 0.5)
        wmma.load_matrix_sync(fa, a, 0, k)
        wmma.load_matrix_sync(fb, b, 0, k)
        wmma.mma_sync(fc, fa, fb, fc)
        wmma.store_matrix_sync(d, 0, fc, n, wmma.row_major)

    return shape_k


@pytest.mark.parametrize(("m", "n", "k"), [(16, 16, 16), (32, 8, 16), (8, 32, 16)])
def test_shapes_with_a_filled_accumulator(target, rng, m, n, k):
    kernel = cuda.jit(_shape_kernel(m, n, k))
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    (d,) = run(kernel, 1, 32, a, b.T.copy(), poison((m, n), np.float32))[2:]
    np.testing.assert_allclose(d, _ref(a, b, np.full((m, n), 0.5)), rtol=1e-5, atol=1e-5)


@cuda.jit
def half_acc_k(a, b, c, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.row_major)
    fc = wmma.fragment(wmma.accumulator, 16, 16, 16, float16)
    wmma.load_matrix_sync(fa, a, 0, 16)
    wmma.load_matrix_sync(fb, b, 0, 16)
    wmma.load_matrix_sync(fc, c, 0, 16, wmma.row_major)
    wmma.mma_sync(fc, fa, fb, fc)
    wmma.store_matrix_sync(d, 0, fc, 16, wmma.row_major)


def test_float16_accumulator(target, rng):
    a = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    b = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    c = rng.uniform(-1, 1, (16, 16)).astype(np.float16)
    (d,) = run(half_acc_k, 1, 32, a, b, c, poison((16, 16), np.float16))[3:]
    # Sixteen additions rounded to float16: a few float16 ulps of the result's magnitude.
    np.testing.assert_allclose(d.astype(np.float64), _ref(a, b, c), rtol=0, atol=2e-2)


# ---- integers and tf32 -------------------------------------------------------------------


@cuda.jit
def int8_k(a, b, c, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, int8, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 16, int8, wmma.col_major)
    fc = wmma.fragment(wmma.accumulator, 16, 16, 16, int32)
    wmma.load_matrix_sync(fa, a, 0, 16)
    wmma.load_matrix_sync(fb, b, 0, 16)
    wmma.load_matrix_sync(fc, c, 0, 16, wmma.row_major)
    wmma.mma_sync(fc, fa, fb, fc)
    wmma.store_matrix_sync(d, 0, fc, 16, wmma.row_major)


@cuda.jit
def uint8_k(a, b, c, d):
    fa = wmma.fragment(wmma.matrix_a, 32, 8, 16, uint8, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 32, 8, 16, uint8, wmma.row_major)
    fc = wmma.fragment(wmma.accumulator, 32, 8, 16, int32)
    wmma.load_matrix_sync(fa, a, 0, 16)
    wmma.load_matrix_sync(fb, b, 0, 8 * 2)
    wmma.load_matrix_sync(fc, c, 0, 8, wmma.row_major)
    wmma.mma_sync(fc, fa, fb, fc)
    wmma.store_matrix_sync(d, 0, fc, 8, wmma.row_major)


def test_int8_is_exact(target, rng):
    a = rng.integers(-128, 128, (16, 16), dtype=np.int8)
    b = rng.integers(-128, 128, (16, 16), dtype=np.int8)
    c = rng.integers(-(2**20), 2**20, (16, 16), dtype=np.int32)
    (d,) = run(int8_k, 1, 32, a, b.T.copy(), c, poison((16, 16), np.int32))[3:]
    np.testing.assert_array_equal(d, a.astype(np.int64) @ b.astype(np.int64) + c)


def test_uint8_m32n8k16_is_exact(target, rng):
    a = rng.integers(0, 256, (32, 16), dtype=np.uint8)
    # B is 16 x 8 row-major, with ldm 16 (the matrix sits in the left half of 16-wide rows).
    b_wide = rng.integers(0, 256, (16, 16), dtype=np.uint8)
    c = rng.integers(-(2**20), 2**20, (32, 8), dtype=np.int32)
    (d,) = run(uint8_k, 1, 32, a, b_wide, c, poison((32, 8), np.int32))[3:]
    b = b_wide[:, :8]
    np.testing.assert_array_equal(d, a.astype(np.int64) @ b.astype(np.int64) + c)


@cuda.jit
def tf32_k(a, b, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 8, wmma.tf32, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 8, wmma.tf32, wmma.row_major)
    fc = wmma.fragment(wmma.accumulator, 16, 16, 8, float32)
    wmma.fill_fragment(fc, 0)
    wmma.load_matrix_sync(fa, a, 0, 8)
    wmma.load_matrix_sync(fb, b, 0, 16)
    wmma.mma_sync(fc, fa, fb, fc)
    wmma.store_matrix_sync(d, 0, fc, 16, wmma.row_major)


def _tf32(x):
    return (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32)


def test_tf32(target, rng):
    a = rng.standard_normal((16, 8)).astype(np.float32)
    b = rng.standard_normal((8, 16)).astype(np.float32)
    (d,) = run(tf32_k, 1, 32, a, b, poison((16, 16), np.float32))[2:]
    # Against the exact product of the float32 inputs: tf32 keeps 10 mantissa bits.
    np.testing.assert_allclose(d, _ref(a, b, np.zeros((16, 16))), rtol=0, atol=3e-2)
    if target == "sim":
        # The simulator reads tf32 as the tensor cores do: low 13 mantissa bits cleared.
        ref = _ref(_tf32(a), _tf32(b), np.zeros((16, 16)))
        np.testing.assert_allclose(d, ref, rtol=1e-5, atol=1e-5)


# ---- bfloat16 operands ----------------------------------------------------------------------


def bf16_tile(m, n, k):
    @cuda.jit
    def bf16_tile_k(a, b, c, d):
        fa = wmma.fragment(wmma.matrix_a, m, n, k, bfloat16, wmma.row_major)
        fb = wmma.fragment(wmma.matrix_b, m, n, k, bfloat16, wmma.col_major)
        fc = wmma.fragment(wmma.accumulator, m, n, k, float32)
        wmma.load_matrix_sync(fa, a, 0, k)
        wmma.load_matrix_sync(fb, b, 0, k)
        wmma.load_matrix_sync(fc, c, 0, n, wmma.mem_row_major)
        wmma.mma_sync(fc, fa, fb, fc)
        wmma.store_matrix_sync(d, 0, fc, n, wmma.mem_row_major)

    return bf16_tile_k


def _sequential_f32(a, b, c):
    """A @ B + C in float32, each product exact and added in order of k: the simulator's."""
    acc = c.astype(np.float32).copy()
    for kk in range(a.shape[1]):
        acc = acc + np.outer(a[:, kk].astype(np.float32), b[kk, :].astype(np.float32))
    return acc


@pytest.mark.parametrize("m, n, k", [(16, 16, 16), (32, 8, 16), (8, 32, 16)])
def test_bfloat16_operands(target, rng, m, n, k):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    a = rng.standard_normal((m, k)).astype(ml_dtypes.bfloat16)
    b = rng.standard_normal((k, n)).astype(ml_dtypes.bfloat16)
    c = rng.standard_normal((m, n)).astype(np.float32)
    b_col = np.ascontiguousarray(b.T)  # B stored column-major: B[kk, j] at kk + j*k
    (d,) = run(bf16_tile(m, n, k), 1, 32, a, b_col, c, poison((m, n), np.float32))[3:]
    np.testing.assert_allclose(d, _ref(a, b, c), rtol=0, atol=1e-4 * k)
    if target == "sim":
        # bfloat16 products are exact in float32; the sum is float32's, in order of k.
        np.testing.assert_array_equal(d, _sequential_f32(a, b, c))


def test_bfloat16_accumulator_is_refused():
    @cuda.jit
    def bf16_acc_k(d):
        fc = wmma.fragment(wmma.accumulator, 16, 16, 16, bfloat16)
        wmma.store_matrix_sync(d, 0, fc, 16, wmma.mem_row_major)

    with pytest.raises(TypingError, match="accumulators are float32"):
        cuda.compile_ptx(bf16_acc_k.py_func, (float32[::1],), cc=(9, 0))


def test_bfloat16_needs_compute_capability_8():
    kernel = bf16_tile(16, 16, 16)
    sig = (bfloat16[:, ::1], bfloat16[:, ::1], float32[:, ::1], float32[:, ::1])
    with pytest.raises(UnsupportedError, match=r"needs compute capability 8\.0"):
        cuda.compile_ptx(kernel.py_func, sig, cc=(7, 5))


# ---- a tiled matmul through shared memory --------------------------------------------------

TILE = 16


@cuda.jit
def matmul_k(a, b, c, n_k):
    # One warp per 16 x 16 tile of C; A's and B's tiles staged in shared memory.
    sa = cuda.shared.array((TILE, TILE), float16)
    sb = cuda.shared.array((TILE, TILE), float16)
    row = cuda.blockIdx.y * TILE
    col = cuda.blockIdx.x * TILE
    lane = cuda.threadIdx.x
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.row_major)
    acc = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.fill_fragment(acc, 0.0)
    for kt in range(n_k // TILE):
        for e in range(lane, TILE * TILE, 32):
            i = e // TILE
            j = e % TILE
            sa[i, j] = a[row + i, kt * TILE + j]
            sb[i, j] = b[kt * TILE + i, col + j]
        cuda.syncwarp()
        wmma.load_matrix_sync(fa, sa, 0, TILE)
        wmma.load_matrix_sync(fb, sb, 0, TILE)
        wmma.mma_sync(acc, fa, fb, acc)
        cuda.syncwarp()
    wmma.store_matrix_sync(c, row * c.shape[1] + col, acc, c.shape[1], wmma.mem_row_major)


def test_tiled_matmul_through_shared_memory(target, rng):
    m, n, k = 48, 32, 64
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    (c,) = run(matmul_k, (n // 16, m // 16), 32, a, b, poison((m, n), np.float32), k)[2:]
    np.testing.assert_allclose(c, _ref(a, b, np.zeros((m, n))), rtol=1e-4, atol=1e-4)


# ---- cp.async ------------------------------------------------------------------------------


@cuda.jit
def copy_async_k(src, out):
    s = cuda.shared.array(160, float32)
    t = cuda.threadIdx.x
    # Three groups: 32 threads x 2 floats (8 bytes), 16 x 4 floats (16 bytes), 32 x 1 (4 bytes).
    cuda.pipeline.memcpy_async(s, 2 * t, src, 2 * t, 2)
    cuda.pipeline.commit()
    if t < 16:
        cuda.pipeline.memcpy_async(s, 64 + 4 * t, src, 128 + 4 * t, 4)
    cuda.pipeline.commit()
    cuda.pipeline.memcpy_async(s, 128 + t, src, 200 + t, 1)
    cuda.pipeline.commit()
    cuda.pipeline.wait_prior(0)
    cuda.syncthreads()
    for e in range(t, 160, 32):
        out[e] = s[e] * 2


def test_copy_async_then_wait(target, rng):
    src = rng.standard_normal(240).astype(np.float32)
    (out,) = run(copy_async_k, 1, 32, src, poison(160, np.float32))[1:]
    want = np.concatenate([src[:64], src[128:192], src[200:232]]) * 2
    np.testing.assert_array_equal(out, want)


@cuda.jit
def copy_async_deferred_k(src, before, after):
    s = cuda.shared.array(32, int32)
    t = cuda.threadIdx.x
    s[t] = -1
    cuda.pipeline.memcpy_async(s, t, src, t, 1)
    cuda.pipeline.commit()
    before[t] = s[t]  # a read the copy may not have reached yet (the simulator: never)
    cuda.pipeline.wait_prior(0)
    after[t] = s[t]


def test_the_simulator_copies_at_the_wait():
    with cuda_target("sim"):
        src = np.arange(100, 132, dtype=np.int32)
        before, after = run(
            copy_async_deferred_k, 1, 32, src, poison(32, np.int32), poison(32, np.int32)
        )[1:]
    np.testing.assert_array_equal(before, -1)
    np.testing.assert_array_equal(after, src)


@cuda.jit
def pipelined_matmul_k(a, b, c, n_k):
    # Two shared stages: while the warp multiplies stage s, cp.async fills stage 1 - s.
    sa = cuda.shared.array((2, TILE, TILE), float16)
    sb = cuda.shared.array((2, TILE, TILE), float16)
    row = cuda.blockIdx.y * TILE
    col = cuda.blockIdx.x * TILE
    lane = cuda.threadIdx.x
    lda = a.shape[1]
    ldb = b.shape[1]
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.row_major)
    acc = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.fill_fragment(acc, 0.0)
    tiles = n_k // TILE
    # Each lane copies 8 halves (16 bytes) of each 16 x 16 tile: row lane // 2, half lane % 2.
    i = lane // 2
    j = (lane % 2) * 8
    cuda.pipeline.memcpy_async(sa, i * TILE + j, a, (row + i) * lda + j, 8)
    cuda.pipeline.memcpy_async(sb, i * TILE + j, b, i * ldb + col + j, 8)
    cuda.pipeline.commit()
    for kt in range(tiles):
        s = kt % 2
        if kt + 1 < tiles:
            o = (1 - s) * TILE * TILE
            k0 = (kt + 1) * TILE
            cuda.pipeline.memcpy_async(sa, o + i * TILE + j, a, (row + i) * lda + k0 + j, 8)
            cuda.pipeline.memcpy_async(sb, o + i * TILE + j, b, (k0 + i) * ldb + col + j, 8)
        cuda.pipeline.commit()
        cuda.pipeline.wait_prior(1)
        cuda.syncwarp()
        wmma.load_matrix_sync(fa, sa, s * TILE * TILE, TILE)
        wmma.load_matrix_sync(fb, sb, s * TILE * TILE, TILE)
        wmma.mma_sync(acc, fa, fb, acc)
        cuda.syncwarp()
    wmma.store_matrix_sync(c, row * c.shape[1] + col, acc, c.shape[1], wmma.mem_row_major)


def test_pipelined_matmul(target, rng):
    m, n, k = 32, 48, 80
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    (c,) = run(pipelined_matmul_k, (n // 16, m // 16), 32, a, b, poison((m, n), np.float32), k)[2:]
    np.testing.assert_allclose(c, _ref(a, b, np.zeros((m, n))), rtol=1e-4, atol=1e-4)


# ---- code generation ------------------------------------------------------------------------


def test_ptx_uses_the_tensor_core_instructions():
    sig16 = (float16[:, ::1], float16[:, ::1], float32[:, ::1], float32[:, ::1])
    ptx, _ = cuda.compile_ptx(tile_rr_k.py_func, sig16, cc=(9, 0))
    assert "wmma.load.a.sync" in ptx and "wmma.mma.sync" in ptx, ptx
    assert "wmma.store.d.sync" in ptx
    assert ".local" not in ptx, "fragments stay in registers"
    sig8 = (int8[:, ::1], int8[:, ::1], int32[:, ::1], int32[:, ::1])
    ptx, _ = cuda.compile_ptx(int8_k.py_func, sig8, cc=(9, 0))
    assert "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32" in ptx, ptx
    ptx, _ = cuda.compile_ptx(copy_async_k.py_func, (float32[::1], float32[::1]), cc=(9, 0))
    assert "cp.async.cg.shared.global" in ptx and "cp.async.ca.shared.global" in ptx, ptx
    assert "cp.async.wait_group 0" in ptx and "cp.async.commit_group" in ptx


def test_old_architectures_are_refused_clearly():
    with pytest.raises(UnsupportedError, match=r"needs compute capability 8\.0 or newer"):
        cuda.compile_ptx(copy_async_k.py_func, (float32[::1], float32[::1]), cc=(7, 5))
    with pytest.raises(UnsupportedError, match=r"needs compute capability 8\.0"):
        cuda.compile_ptx(
            tf32_k.py_func, (float32[:, ::1], float32[:, ::1], float32[:, ::1]), cc=(7, 5)
        )


# ---- misuse: compile errors at the line -------------------------------------------------------


@cuda.jit
def shape_mismatch_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 32, 8, 16, float16, wmma.row_major)
    fb = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.row_major)
    fc = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.mma_sync(fc, fa, fb, fc)  # <-- here


@cuda.jit
def role_mismatch_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fc = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.mma_sync(fc, fa, fa, fc)  # <-- here


@cuda.jit
def dynamic_shape_k(a, d):
    m = a.shape[0]
    fa = wmma.fragment(wmma.matrix_a, m, 16, 16, float16, wmma.row_major)  # <-- here
    wmma.fill_fragment(fa, 0)


@cuda.jit
def bad_dtype_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float64, wmma.row_major)  # <-- here
    wmma.fill_fragment(fa, 0)


@cuda.jit
def no_layout_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16)  # <-- here
    wmma.fill_fragment(fa, 0)


@cuda.jit
def bad_shape_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 32, float16, wmma.row_major)  # <-- here
    wmma.fill_fragment(fa, 0)


@cuda.jit
def wrong_array_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    wmma.load_matrix_sync(fa, d, 0, 16)  # <-- here


@cuda.jit
def acc_layout_k(a, d):
    fc = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.load_matrix_sync(fc, d, 0, 16)  # <-- here


@cuda.jit
def not_a_fragment_k(a, d):
    wmma.fill_fragment(a, 0)  # <-- here


@cuda.jit
def copy_size_k(a, d):
    s = cuda.shared.array(64, float32)
    cuda.pipeline.memcpy_async(s, 0, d, 0, 3)  # <-- here


@cuda.jit
def wait_dynamic_k(a, d):
    cuda.pipeline.wait_prior(a.shape[0])  # <-- here


float64 = np.float64

MISUSE = [
    (shape_mismatch_k, "type-mismatch", "has shape m32n8k16"),
    (role_mismatch_k, "type-mismatch", "needs a matrix_b fragment here"),
    (dynamic_shape_k, "not-constant", "shape (m, n, k) known at compile time"),
    (bad_dtype_k, "type-mismatch", "is not a tensor-core element type"),
    (no_layout_k, "bad-call", "needs a layout"),
    (bad_shape_k, "bad-call", "no tensor-core shape m=16, n=16, k=32"),
    (wrong_array_k, "type-mismatch", "arrays of float16, not float32"),
    (acc_layout_k, "bad-call", "needs the memory layout"),
    (not_a_fragment_k, "type-mismatch", "needs a fragment"),
    (copy_size_k, "bad-call", "copies 4, 8 or 16 bytes"),
    (wait_dynamic_k, "not-constant", "known at compile time"),
]


@pytest.mark.parametrize(("kernel", "code", "message"), MISUSE, ids=[m[0].__name__ for m in MISUSE])
def test_misuse_is_a_typing_error_at_the_line(kernel, code, message):
    a = cuda.to_device(np.zeros((16, 16), np.float16))
    d = cuda.to_device(np.zeros((16, 16), np.float32))
    with cuda_target("sim"), pytest.raises(TypingError) as info:
        kernel[1, 32](a, d)
    diag = info.value.diagnostics[0]
    assert diag.code == code, info.value
    assert message in diag.message, diag.message
    assert diag.line == _line(kernel, "<-- here"), info.value


# ---- misuse the simulator reports at run time -------------------------------------------------


@cuda.jit
def past_the_end_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    wmma.load_matrix_sync(fa, a, 16, 16)


@cuda.jit
def misaligned_k(a, d):
    fa = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    wmma.load_matrix_sync(fa, a, 1, 24)


def test_the_simulator_checks_tiles():
    with cuda_target("sim"):  # the arrays too: simulator memory, also on a machine with a GPU
        a = cuda.to_device(np.ones((16, 16), np.float16))
        d = cuda.to_device(np.zeros((16, 16), np.float32))
        with pytest.raises(IndexError, match="reaches past the array's 256 elements"):
            past_the_end_k[1, 32](a, d)
        big = cuda.to_device(np.ones((32, 32), np.float16))
        with pytest.raises(IndexError, match="not 32-byte aligned"):
            misaligned_k[1, 32](big, d)


def cuda_target(name):
    import oxcuda

    return oxcuda.config.override(TARGET=name)


def test_host_objects_are_documented():
    assert "mma_sync" in wmma.mma_sync.__doc__
    assert "cp.async" in cuda.pipeline.memcpy_async.__doc__
    with pytest.raises(RuntimeError):
        wmma.mma_sync(None, None, None, None)


def test_uint8_dtype_is_used():
    # The uint8 kernel really is an unsigned kernel (a guard against a silently signed load).
    sig = (uint8[:, ::1], uint8[:, ::1], int32[:, ::1], int32[:, ::1])
    ptx, _ = cuda.compile_ptx(uint8_k.py_func, sig, cc=(9, 0))
    assert "m32n8k16.s32.u8.u8.s32" in ptx, ptx


def test_every_shape_compiles_to_a_cubin():
    from oxcuda.cuda import compiler

    sig = "void(float16[:, ::1], float16[:, ::1], float32[:, ::1])"
    for m, n, k in [(16, 16, 16), (32, 8, 16), (8, 32, 16)]:
        cubin = compiler.compile_pyfunc(
            _shape_kernel(m, n, k), sig, device=False, output="cubin", cc=(9, 0)
        )
        assert cubin
