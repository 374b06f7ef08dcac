// The CUDA C++ build of examples/tensor_core_matmul.py's algorithm, for bench/tensor_cores.py:
// C (float32) = A (float16, M x K, row-major) @ B (float16, K x N, row-major).
//
// The same algorithm line by line: a block of WARPS_M x WARPS_N warps computes a
// (64 WARPS_M) x (32 WARPS_N) tile of C, each warp a 64 x 32 part as 4 x 2 nvcuda::wmma
// 16x16x16 accumulators; K advances by BK through a ring of STAGES shared stages filled by
// cp.async (__pipeline_memcpy_async, 16 bytes per copy, __pipeline_commit,
// __pipeline_wait_prior(STAGES - 2)), one barrier per step; shared rows padded by 8 halves.
// The configuration is set with -D (the defaults are the example's); bench/tensor_cores.py
// compiles it with `nvcc -O3 -arch=sm_XX -cubin -DWARPS_M=.. ...` and launches it through CuPy.

#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>

using namespace nvcuda;

#ifndef WARPS_M
#define WARPS_M 2
#endif
#ifndef WARPS_N
#define WARPS_N 4
#endif
#ifndef BK
#define BK 32
#endif
#ifndef MIN_BLOCKS
#define MIN_BLOCKS 2
#endif
#ifndef STAGES
#define STAGES 2
#endif
#define PAD 8
#define BM (64 * WARPS_M)
#define BN (32 * WARPS_N)
#define THREADS (32 * WARPS_M * WARPS_N)
#define LDA (BK + PAD)
#define LDB (BN + PAD)
#define A_STAGE (BM * LDA)
#define B_STAGE (BK * LDB)
#define A_ROW_CHUNKS (BK / 8)
#define B_ROW_CHUNKS (BN / 8)
#define A_COPIES (BM * A_ROW_CHUNKS / THREADS)
#define B_COPIES (BK * B_ROW_CHUNKS / THREADS)

static_assert(A_COPIES * THREADS == BM * A_ROW_CHUNKS, "A's chunks divide among the threads");
static_assert(B_COPIES * THREADS == BK * B_ROW_CHUNKS, "B's chunks divide among the threads");

__device__ __forceinline__ void load_stage(half* sa, half* sb, const half* __restrict__ a,
                                           const half* __restrict__ b, int lda, int ldb,
                                           int stage, int row0, int col0, int k0, int tid) {
#pragma unroll
    for (int r = 0; r < A_COPIES; ++r) {
        int chunk = tid + r * THREADS;
        int i = chunk / A_ROW_CHUNKS;
        int j = (chunk % A_ROW_CHUNKS) * 8;
        __pipeline_memcpy_async(sa + stage * A_STAGE + i * LDA + j,
                                a + (size_t)(row0 + i) * lda + k0 + j, 16);
    }
#pragma unroll
    for (int r = 0; r < B_COPIES; ++r) {
        int chunk = tid + r * THREADS;
        int i = chunk / B_ROW_CHUNKS;
        int j = (chunk % B_ROW_CHUNKS) * 8;
        __pipeline_memcpy_async(sb + stage * B_STAGE + i * LDB + j,
                                b + (size_t)(k0 + i) * ldb + col0 + j, 16);
    }
    __pipeline_commit();
}

extern "C" __global__ void __launch_bounds__(THREADS, MIN_BLOCKS)
    matmul_f16(const half* __restrict__ a, const half* __restrict__ b, float* __restrict__ c,
               int m, int n, int k) {
    __shared__ __align__(32) half sa[STAGES * A_STAGE];
    __shared__ __align__(32) half sb[STAGES * B_STAGE];
    int tid = threadIdx.x;
    int warp = tid / 32;
    int row0 = blockIdx.y * BM;
    int col0 = blockIdx.x * BN;
    int wr = (warp / WARPS_N) * 64;
    int wc = (warp % WARPS_N) * 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa[4];
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb[2];
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
    int steps = k / BK;
#pragma unroll
    for (int s = 0; s < STAGES - 1; ++s) {
        if (s < steps) {
            load_stage(sa, sb, a, b, k, n, s, row0, col0, s * BK, tid);
        } else {
            __pipeline_commit();
        }
    }
    int s = 0;           // the stage multiplied in this step (ring counters: no division)
    int w = STAGES - 1;  // the stage filled in this step
    for (int t = 0; t < steps; ++t) {
        __pipeline_wait_prior(STAGES - 2);
        __syncthreads();
        int nt = t + STAGES - 1;
        if (nt < steps) {
            load_stage(sa, sb, a, b, k, n, w, row0, col0, nt * BK, tid);
        } else {
            __pipeline_commit();
        }
        w = w == STAGES - 1 ? 0 : w + 1;
#pragma unroll
        for (int kk = 0; kk < BK; kk += 16) {
            const half* pa = sa + s * A_STAGE + wr * LDA + kk;
#pragma unroll
            for (int i = 0; i < 4; ++i) wmma::load_matrix_sync(fa[i], pa + i * 16 * LDA, LDA);
            const half* pb = sb + s * B_STAGE + kk * LDB + wc;
#pragma unroll
            for (int j = 0; j < 2; ++j) wmma::load_matrix_sync(fb[j], pb + j * 16, LDB);
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 2; ++j) wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
        }
        s = s == STAGES - 1 ? 0 : s + 1;
    }
    float* pc = c + (size_t)(row0 + wr) * n + col0 + wc;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
            wmma::store_matrix_sync(pc + (size_t)i * 16 * n + j * 16, acc[i][j], n,
                                    wmma::mem_row_major);
}
