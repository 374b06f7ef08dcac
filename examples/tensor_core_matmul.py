"""Matrix multiplication on the tensor cores: float16 inputs, float32 accumulation.

C = A @ B with A (M x K) and B (K x N) in float16 and C in float32. Each block of 256 threads
(8 warps) computes a 128 x 128 tile of C; each warp a 64 x 32 part of it, as 4 x 2 accumulator
fragments of 16 x 16 (cuda.wmma.fragment). The block walks along K in steps of 32: while the
warps multiply the tiles of A and B in one shared-memory stage (wmma.load_matrix_sync and
wmma.mma_sync), the asynchronous copy engine fills the other stage with the next tiles
(cuda.pipeline.memcpy_async, 16 bytes per copy, then commit and wait_prior). Shared rows are
padded by 8 halves so that the warps' fragment loads do not collide in the same banks.

Shows: cuda.wmma (fragments, load, mma, store), cuda.pipeline (cp.async double buffering),
3-d shared arrays addressed by flat offsets. Checked against NumPy's float64 product of the
same float16 inputs. M, N and K must be multiples of 128, 128 and 32 (the kernel has no edge
handling); bench/tensor_cores.py times it against cuBLAS and the same algorithm in CUDA C++.

    python examples/tensor_core_matmul.py    # GPU if present (4096^2), else the simulator (small)
"""

import numpy as np
import oxcuda
from oxcuda import cuda, float16, float32

wmma = cuda.wmma

BM, BN, BK = 128, 128, 32  # the block's tile of C, and the step along K
PAD = 8  # halves of padding per shared row (16 bytes: keeps cp.async and wmma alignment)
LDA = BK + PAD  # shared A tile: BM rows of LDA halves
LDB = BN + PAD  # shared B tile: BK rows of LDB halves
A_STAGE = BM * LDA
B_STAGE = BK * LDB
THREADS = 256


@cuda.jit
def load_stage(sa, sb, a, b, stage, row0, col0, k0, tid):
    # A's tile is BM x BK halves = 512 chunks of 8 halves; B's is BK x BN = 512 chunks too.
    # Each of the 256 threads starts two 16-byte copies of each.
    lda = a.shape[1]
    ldb = b.shape[1]
    for r in range(2):
        chunk = tid + r * THREADS
        i = chunk // (BK // 8)
        j = (chunk % (BK // 8)) * 8
        cuda.pipeline.memcpy_async(
            sa, stage * A_STAGE + i * LDA + j, a, (row0 + i) * lda + k0 + j, 8
        )
        i = chunk // (BN // 8)
        j = (chunk % (BN // 8)) * 8
        cuda.pipeline.memcpy_async(
            sb, stage * B_STAGE + i * LDB + j, b, (k0 + i) * ldb + col0 + j, 8
        )
    cuda.pipeline.commit()


@cuda.jit
def matmul_f16(a, b, c):
    sa = cuda.shared.array((2, BM, LDA), float16)
    sb = cuda.shared.array((2, BK, LDB), float16)
    tid = cuda.threadIdx.x
    warp = tid // 32
    row0 = cuda.blockIdx.y * BM
    col0 = cuda.blockIdx.x * BN
    wr = (warp // 4) * 64  # the warp's rows within the block tile: 2 x 4 warps of 64 x 32
    wc = (warp % 4) * 32
    fa0 = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fa1 = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fa2 = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fa3 = wmma.fragment(wmma.matrix_a, 16, 16, 16, float16, wmma.row_major)
    fb0 = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.row_major)
    fb1 = wmma.fragment(wmma.matrix_b, 16, 16, 16, float16, wmma.row_major)
    c00 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    c01 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    c10 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    c11 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    c20 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    c21 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    c30 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    c31 = wmma.fragment(wmma.accumulator, 16, 16, 16, float32)
    wmma.fill_fragment(c00, 0.0)
    wmma.fill_fragment(c01, 0.0)
    wmma.fill_fragment(c10, 0.0)
    wmma.fill_fragment(c11, 0.0)
    wmma.fill_fragment(c20, 0.0)
    wmma.fill_fragment(c21, 0.0)
    wmma.fill_fragment(c30, 0.0)
    wmma.fill_fragment(c31, 0.0)
    steps = a.shape[1] // BK
    load_stage(sa, sb, a, b, 0, row0, col0, 0, tid)
    for t in range(steps):
        s = t % 2
        if t + 1 < steps:
            load_stage(sa, sb, a, b, 1 - s, row0, col0, (t + 1) * BK, tid)
        else:
            cuda.pipeline.commit()  # an empty group keeps wait_prior(1)'s count right
        cuda.pipeline.wait_prior(1)
        cuda.syncthreads()
        for kk in range(0, BK, 16):
            oa = s * A_STAGE + wr * LDA + kk
            wmma.load_matrix_sync(fa0, sa, oa, LDA)
            wmma.load_matrix_sync(fa1, sa, oa + 16 * LDA, LDA)
            wmma.load_matrix_sync(fa2, sa, oa + 32 * LDA, LDA)
            wmma.load_matrix_sync(fa3, sa, oa + 48 * LDA, LDA)
            ob = s * B_STAGE + kk * LDB + wc
            wmma.load_matrix_sync(fb0, sb, ob, LDB)
            wmma.load_matrix_sync(fb1, sb, ob + 16, LDB)
            wmma.mma_sync(c00, fa0, fb0, c00)
            wmma.mma_sync(c01, fa0, fb1, c01)
            wmma.mma_sync(c10, fa1, fb0, c10)
            wmma.mma_sync(c11, fa1, fb1, c11)
            wmma.mma_sync(c20, fa2, fb0, c20)
            wmma.mma_sync(c21, fa2, fb1, c21)
            wmma.mma_sync(c30, fa3, fb0, c30)
            wmma.mma_sync(c31, fa3, fb1, c31)
        cuda.syncthreads()  # the stage is refilled next round
    ldc = c.shape[1]
    base = (row0 + wr) * ldc + col0 + wc
    wmma.store_matrix_sync(c, base, c00, ldc, wmma.mem_row_major)
    wmma.store_matrix_sync(c, base + 16, c01, ldc, wmma.mem_row_major)
    wmma.store_matrix_sync(c, base + 16 * ldc, c10, ldc, wmma.mem_row_major)
    wmma.store_matrix_sync(c, base + 16 * ldc + 16, c11, ldc, wmma.mem_row_major)
    wmma.store_matrix_sync(c, base + 32 * ldc, c20, ldc, wmma.mem_row_major)
    wmma.store_matrix_sync(c, base + 32 * ldc + 16, c21, ldc, wmma.mem_row_major)
    wmma.store_matrix_sync(c, base + 48 * ldc, c30, ldc, wmma.mem_row_major)
    wmma.store_matrix_sync(c, base + 48 * ldc + 16, c31, ldc, wmma.mem_row_major)


def launch(a, b, c):
    """C = A @ B on device arrays (shapes multiples of 128 x 32 and 32 x 128)."""
    m, k = a.shape
    n = b.shape[1]
    if m % BM or n % BN or k % BK or b.shape[0] != k or c.shape != (m, n):
        raise ValueError(f"shapes {a.shape} @ {b.shape} -> {c.shape}: need multiples of 128/32")
    matmul_f16[(n // BN, m // BM), THREADS](a, b, c)


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    m, n, k = (128, 128, 64) if on_sim else (4096, 4096, 4096)
    rng = np.random.default_rng()
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = cuda.device_array((m, n), dtype=np.float32)
    launch(cuda.to_device(a), cuda.to_device(b), c)
    want = a.astype(np.float64) @ b.astype(np.float64)
    got = c.copy_to_host()
    # float32 accumulation of K exact products (tensor cores may truncate partial sums).
    np.testing.assert_allclose(got, want, rtol=0, atol=2e-6 * k)
    print(f"tensor-core matmul {m}x{k} @ {k}x{n} (float16 in, float32 accumulate): ok")


if __name__ == "__main__":
    main()
