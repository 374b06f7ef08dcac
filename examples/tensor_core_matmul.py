"""Matrix multiplication on the tensor cores: float16 inputs, float32 accumulation.

C = A @ B with A (M x K) and B (K x N) in float16 and C in float32. Each block of
``WARPS_M x WARPS_N`` warps computes a ``(64 WARPS_M) x (32 WARPS_N)`` tile of C; each warp a
64 x 32 part of it, as 4 x 2 accumulator fragments of 16 x 16 (cuda.wmma.fragment). The
block walks along K in steps of ``BK`` through a ring of ``STAGES`` shared-memory stages:
while the warps multiply the tiles of A and B of one stage (wmma.load_matrix_sync, which
reads shared memory with ``ldmatrix``, and wmma.mma_sync), the asynchronous copy engine fills
the stages ahead with the next tiles (cuda.pipeline.memcpy_async, 16 bytes per copy, then
commit and wait_prior). Shared rows are padded by 8 halves so that the warps' fragment loads
do not collide in the same banks. One barrier per step: the stage refilled in step t is the
one every warp finished multiplying in step t - 1.

Shows: cuda.wmma (fragments, load, mma, store), cuda.pipeline (a multistage cp.async ring),
fragments passed to device functions, kernels built by a function from compile-time
constants. Checked against NumPy's float64 product of the same float16 inputs. M, N and K
must be multiples of the block tile and BK (no edge handling); bench/tensor_cores.py times it
against cuBLAS and the same algorithm in CUDA C++ (bench/kernels/tensor_cores.cu).

    python examples/tensor_core_matmul.py    # GPU if present (4096^2), else the simulator (small)
"""

import numpy as np
import oxcuda
from oxcuda import cuda, float16, float32

wmma = cuda.wmma

# The default configuration (bench/tensor_cores.py measures others with build()).
WARPS_M, WARPS_N = 2, 4  # warps per block along M and N: a 128 x 128 tile of C
BK = 32  # the step along K
STAGES = 2  # shared-memory stages in the cp.async ring
MIN_BLOCKS = 2  # blocks per multiprocessor the registers must allow (the launch bound)
PAD = 8  # halves of padding per shared row (16 bytes: keeps cp.async and wmma alignment)


def build(warps_m=WARPS_M, warps_n=WARPS_N, bk=BK, stages=STAGES, min_blocks=MIN_BLOCKS):
    """The kernel and its block tile for one configuration: ``(kernel, bm, bn, bk, threads)``.

    Every argument is a compile-time constant of the kernel (closure variables are);
    ``min_blocks`` is the launch bound's blocks per multiprocessor (registers are limited so
    that many fit)."""
    if bk % 16 or stages < 2:
        raise ValueError(f"bk={bk} must be a multiple of 16 and stages={stages} at least 2")
    bm, bn = 64 * warps_m, 32 * warps_n
    threads = 32 * warps_m * warps_n
    lda = bk + PAD  # shared A tile: bm rows of lda halves
    ldb = bn + PAD  # shared B tile: bk rows of ldb halves
    a_stage = bm * lda
    b_stage = bk * ldb
    a_row_chunks = bk // 8  # 16-byte chunks per row of A's tile
    b_row_chunks = bn // 8
    a_copies = bm * a_row_chunks // threads  # copies per thread per stage
    b_copies = bk * b_row_chunks // threads
    if a_copies * threads != bm * a_row_chunks or b_copies * threads != bk * b_row_chunks:
        raise ValueError("the tiles' 16-byte chunks must divide evenly among the threads")

    @cuda.jit
    def load_stage(sa, sb, a, b, stage, row0, col0, k0, tid):
        # Each thread starts a_copies + b_copies 16-byte copies, then commits them as a group.
        lda_g = a.shape[1]
        ldb_g = b.shape[1]
        for r in range(a_copies):
            chunk = tid + r * threads
            i = chunk // a_row_chunks
            j = (chunk % a_row_chunks) * 8
            cuda.pipeline.memcpy_async(
                sa, stage * a_stage + i * lda + j, a, (row0 + i) * lda_g + k0 + j, 8
            )
        for r in range(b_copies):
            chunk = tid + r * threads
            i = chunk // b_row_chunks
            j = (chunk % b_row_chunks) * 8
            cuda.pipeline.memcpy_async(
                sb, stage * b_stage + i * ldb + j, b, (k0 + i) * ldb_g + col0 + j, 8
            )
        cuda.pipeline.commit()

    @cuda.jit
    def mma_row(c0, c1, fa, fb0, fb1):
        # One row of the warp's 4 x 2 accumulators: C[i, j] += A[i] @ B[j].
        wmma.mma_sync(c0, fa, fb0, c0)
        wmma.mma_sync(c1, fa, fb1, c1)

    @cuda.jit
    def store_row(c, base, ldc, c0, c1):
        wmma.store_matrix_sync(c, base, c0, ldc, wmma.mem_row_major)
        wmma.store_matrix_sync(c, base + 16, c1, ldc, wmma.mem_row_major)

    @cuda.jit(launch_bounds=(threads, min_blocks))
    def matmul_f16(a, b, c):
        sa = cuda.shared.array((stages, bm, lda), float16)
        sb = cuda.shared.array((stages, bk, ldb), float16)
        tid = cuda.threadIdx.x
        warp = tid // 32
        row0 = cuda.blockIdx.y * bm
        col0 = cuda.blockIdx.x * bn
        wr = (warp // warps_n) * 64  # the warp's 64 x 32 tile within the block's
        wc = (warp % warps_n) * 32
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
        steps = a.shape[1] // bk
        # The ring's first stages-1 stages (an empty group past the end keeps the count).
        for s in range(stages - 1):
            if s < steps:
                load_stage(sa, sb, a, b, s, row0, col0, s * bk, tid)
            else:
                cuda.pipeline.commit()
        s = 0  # the stage multiplied in this step (ring counters: no division in the loop)
        w = stages - 1  # the stage filled in this step
        for t in range(steps):
            cuda.pipeline.wait_prior(stages - 2)  # this step's stage has landed
            cuda.syncthreads()  # ... for every thread; and the previous stage is free
            nt = t + stages - 1
            if nt < steps:
                load_stage(sa, sb, a, b, w, row0, col0, nt * bk, tid)
            else:
                cuda.pipeline.commit()
            w = 0 if w == stages - 1 else w + 1
            for kk in range(0, bk, 16):
                oa = s * a_stage + wr * lda + kk
                wmma.load_matrix_sync(fa0, sa, oa, lda)
                wmma.load_matrix_sync(fa1, sa, oa + 16 * lda, lda)
                wmma.load_matrix_sync(fa2, sa, oa + 32 * lda, lda)
                wmma.load_matrix_sync(fa3, sa, oa + 48 * lda, lda)
                ob = s * b_stage + kk * ldb + wc
                wmma.load_matrix_sync(fb0, sb, ob, ldb)
                wmma.load_matrix_sync(fb1, sb, ob + 16, ldb)
                mma_row(c00, c01, fa0, fb0, fb1)
                mma_row(c10, c11, fa1, fb0, fb1)
                mma_row(c20, c21, fa2, fb0, fb1)
                mma_row(c30, c31, fa3, fb0, fb1)
            s = 0 if s == stages - 1 else s + 1
        ldc = c.shape[1]
        base = (row0 + wr) * ldc + col0 + wc
        store_row(c, base, ldc, c00, c01)
        store_row(c, base + 16 * ldc, ldc, c10, c11)
        store_row(c, base + 32 * ldc, ldc, c20, c21)
        store_row(c, base + 48 * ldc, ldc, c30, c31)

    return matmul_f16, bm, bn, bk, threads


matmul_f16, BM, BN, _, THREADS = build()


def launch(a, b, c, kernel=None):
    """C = A @ B on device arrays (M, N, K multiples of the block tile and of BK).

    ``kernel`` is a ``build()`` result (the default configuration when omitted)."""
    kernel, bm, bn, bk, threads = kernel or (matmul_f16, BM, BN, BK, THREADS)
    m, k = a.shape
    n = b.shape[1]
    if m % bm or n % bn or k % bk or b.shape[0] != k or c.shape != (m, n):
        raise ValueError(
            f"shapes {a.shape} @ {b.shape} -> {c.shape}: M, N, K must be multiples of "
            f"{bm}, {bn} and {bk}"
        )
    kernel[(n // bn, m // bm), threads](a, b, c)


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    m, n, k = (128, 256, 96) if on_sim else (4096, 4096, 4096)
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
