// The CUDA C++ build of examples/tensor_core_matmul.py's algorithm, for bench/tensor_cores.py:
// C (float32) = A (float16, M x K, row-major) @ B (float16, K x N, row-major).
//
// The same algorithm line by line: 256 threads per block compute a 128 x 128 tile of C, each of
// the 8 warps a 64 x 32 part as 4 x 2 nvcuda::wmma 16x16x16 accumulators; K advances by 32 with
// two shared stages filled by cp.async (__pipeline_memcpy_async, 16 bytes per copy,
// __pipeline_commit, __pipeline_wait_prior(1)); shared rows padded by 8 halves. Compiled by
// bench/tensor_cores.py with `nvcc -O3 -arch=sm_XX -cubin` and launched through CuPy.

#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>

using namespace nvcuda;

#define BM 128
#define BN 128
#define BK 32
#define PAD 8
#define LDA (BK + PAD)
#define LDB (BN + PAD)
#define A_STAGE (BM * LDA)
#define B_STAGE (BK * LDB)
#define THREADS 256

__device__ __forceinline__ void load_stage(half* sa, half* sb, const half* __restrict__ a,
                                           const half* __restrict__ b, int lda, int ldb,
                                           int stage, int row0, int col0, int k0, int tid) {
    for (int r = 0; r < 2; ++r) {
        int chunk = tid + r * THREADS;
        int i = chunk / (BK / 8);
        int j = (chunk % (BK / 8)) * 8;
        __pipeline_memcpy_async(sa + stage * A_STAGE + i * LDA + j,
                                a + (size_t)(row0 + i) * lda + k0 + j, 16);
        i = chunk / (BN / 8);
        j = (chunk % (BN / 8)) * 8;
        __pipeline_memcpy_async(sb + stage * B_STAGE + i * LDB + j,
                                b + (size_t)(k0 + i) * ldb + col0 + j, 16);
    }
    __pipeline_commit();
}

extern "C" __global__ void __launch_bounds__(THREADS)
    matmul_f16(const half* __restrict__ a, const half* __restrict__ b, float* __restrict__ c,
               int m, int n, int k) {
    __shared__ __align__(32) half sa[2 * A_STAGE];
    __shared__ __align__(32) half sb[2 * B_STAGE];
    int tid = threadIdx.x;
    int warp = tid / 32;
    int row0 = blockIdx.y * BM;
    int col0 = blockIdx.x * BN;
    int wr = (warp / 4) * 64;
    int wc = (warp % 4) * 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa[4];
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb[2];
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j) wmma::fill_fragment(acc[i][j], 0.0f);
    int steps = k / BK;
    load_stage(sa, sb, a, b, k, n, 0, row0, col0, 0, tid);
    for (int t = 0; t < steps; ++t) {
        int s = t % 2;
        if (t + 1 < steps) {
            load_stage(sa, sb, a, b, k, n, 1 - s, row0, col0, (t + 1) * BK, tid);
        } else {
            __pipeline_commit();
        }
        __pipeline_wait_prior(1);
        __syncthreads();
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
        __syncthreads();
    }
    float* pc = c + (size_t)(row0 + wr) * n + col0 + wc;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
            wmma::store_matrix_sync(pc + (size_t)i * 16 * n + j * 16, acc[i][j], n,
                                    wmma::mem_row_major);
}
