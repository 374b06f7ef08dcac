/*
 * The CUDA device environment of linked CUDA C++ on oxcuda's simulator.
 *
 * On the simulator (OXCUDA_TARGET=sim) the CUDA C++ that a kernel links (`link=` files and
 * `cuda.CUSource`s, the code behind `cuda.declare_device`) is compiled for the host with the
 * system C++ compiler and called natively, one simulated thread at a time
 * (oxcuda/cuda/_sim_native_code.py). This header is force-included before every such source.
 * It gives the parts of CUDA's device language that mean the same thing in host code:
 *
 *   - the qualifiers (__device__, __host__, __forceinline__, __restrict__, __constant__, ...);
 *   - threadIdx, blockIdx, blockDim, gridDim and warpSize of the calling simulated thread;
 *   - atomics (real host atomics: the simulator runs blocks on several OS threads, and its own
 *     atomics are the same sequentially consistent operations on the same memory);
 *   - __threadfence*, the bit intrinsics (__popc, __clz, __ffs, __brev, ...), the reinterpreting
 *     casts (__float_as_int, ...), min/max, rsqrtf, __saturatef, __fdividef and __ldg (the C
 *     library's <cmath> gives the math functions, and glibc the __expf/__sinf/... spellings).
 *
 * What would mean something else on the host is left out on purpose, so that using it fails to
 * compile rather than computing a wrong answer: __syncthreads and every other barrier, warp
 * functions (__shfl_*, __ballot_sync, ...), __shared__ memory (a host global would be shared by
 * all blocks), inline PTX, and the CUDA headers (cuda_runtime.h, curand_kernel.h, ...).
 */
#ifndef OXCUDA_SIM_DEVICE_RUNTIME_H
#define OXCUDA_SIM_DEVICE_RUNTIME_H

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#define __device__
#define __host__
#define __global__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...)
#define __shared__ __oxcuda_sim_shared_memory_is_not_available_in_linked_cuda_cpp

/* The calling thread's geometry, set by the thunk before each call (inst::geom's table:
 * threadIdx.xyz, blockIdx.xyz, blockDim.xyz, gridDim.xyz, lane, warp size). */
extern thread_local const unsigned long long *__oxcuda_sim_geometry;

struct uint3 {
    unsigned int x, y, z;
};
struct dim3 {
    unsigned int x, y, z;
};

static inline uint3 __oxcuda_sim_uint3(int k) {
    const unsigned long long *g = __oxcuda_sim_geometry;
    return uint3{(unsigned int)g[k], (unsigned int)g[k + 1], (unsigned int)g[k + 2]};
}
static inline dim3 __oxcuda_sim_dim3(int k) {
    const unsigned long long *g = __oxcuda_sim_geometry;
    return dim3{(unsigned int)g[k], (unsigned int)g[k + 1], (unsigned int)g[k + 2]};
}

#define threadIdx (__oxcuda_sim_uint3(0))
#define blockIdx (__oxcuda_sim_uint3(3))
#define blockDim (__oxcuda_sim_dim3(6))
#define gridDim (__oxcuda_sim_dim3(9))
#define warpSize ((int)__oxcuda_sim_geometry[13])

/* ---- memory fences ------------------------------------------------------------------- */
static inline void __threadfence() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system() { __atomic_thread_fence(__ATOMIC_SEQ_CST); }

/* ---- atomics: each returns the old value ------------------------------------------------ */
#define OXCUDA_SIM_ATOMIC_INT(T)                                                             \
    static inline T atomicAdd(T *p, T v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); } \
    static inline T atomicSub(T *p, T v) { return __atomic_fetch_sub(p, v, __ATOMIC_SEQ_CST); } \
    static inline T atomicExch(T *p, T v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); } \
    static inline T atomicAnd(T *p, T v) { return __atomic_fetch_and(p, v, __ATOMIC_SEQ_CST); } \
    static inline T atomicOr(T *p, T v) { return __atomic_fetch_or(p, v, __ATOMIC_SEQ_CST); }   \
    static inline T atomicXor(T *p, T v) { return __atomic_fetch_xor(p, v, __ATOMIC_SEQ_CST); } \
    static inline T atomicCAS(T *p, T expected, T desired) {                                  \
        __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST,            \
                                    __ATOMIC_SEQ_CST);                                          \
        return expected;                                                                       \
    }                                                                                          \
    static inline T atomicMin(T *p, T v) {                                                     \
        T old = __atomic_load_n(p, __ATOMIC_SEQ_CST);                                          \
        while (v < old && !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST,    \
                                                       __ATOMIC_SEQ_CST)) {                    \
        }                                                                                      \
        return old;                                                                            \
    }                                                                                          \
    static inline T atomicMax(T *p, T v) {                                                     \
        T old = __atomic_load_n(p, __ATOMIC_SEQ_CST);                                          \
        while (v > old && !__atomic_compare_exchange_n(p, &old, v, false, __ATOMIC_SEQ_CST,    \
                                                       __ATOMIC_SEQ_CST)) {                    \
        }                                                                                      \
        return old;                                                                            \
    }

OXCUDA_SIM_ATOMIC_INT(int)
OXCUDA_SIM_ATOMIC_INT(unsigned int)
OXCUDA_SIM_ATOMIC_INT(long long)
OXCUDA_SIM_ATOMIC_INT(unsigned long long)
#undef OXCUDA_SIM_ATOMIC_INT

static inline unsigned short atomicCAS(unsigned short *p, unsigned short expected,
                                       unsigned short desired) {
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return expected;
}

/* CUDA's wrapping increment and decrement: inc gives old >= limit ? 0 : old + 1, dec gives
 * (old == 0 || old > limit) ? limit : old - 1. */
static inline unsigned int atomicInc(unsigned int *p, unsigned int limit) {
    unsigned int old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    while (!__atomic_compare_exchange_n(p, &old, old >= limit ? 0u : old + 1u, false,
                                        __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
    return old;
}
static inline unsigned int atomicDec(unsigned int *p, unsigned int limit) {
    unsigned int old = __atomic_load_n(p, __ATOMIC_SEQ_CST);
    while (!__atomic_compare_exchange_n(p, &old, (old == 0u || old > limit) ? limit : old - 1u,
                                        false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    }
    return old;
}

/* Floats: a compare-and-swap loop on the bits. */
#define OXCUDA_SIM_ATOMIC_FLOAT(F, U)                                                         \
    static inline F atomicAdd(F *p, F v) {                                                     \
        U *bits = reinterpret_cast<U *>(p);                                                    \
        U old = __atomic_load_n(bits, __ATOMIC_SEQ_CST), want;                                 \
        F got;                                                                                 \
        do {                                                                                   \
            std::memcpy(&got, &old, sizeof got);                                               \
            F sum = got + v;                                                                   \
            std::memcpy(&want, &sum, sizeof want);                                             \
        } while (!__atomic_compare_exchange_n(bits, &old, want, false, __ATOMIC_SEQ_CST,       \
                                              __ATOMIC_SEQ_CST));                              \
        return got;                                                                            \
    }                                                                                          \
    static inline F atomicExch(F *p, F v) {                                                    \
        U want, old;                                                                           \
        std::memcpy(&want, &v, sizeof want);                                                   \
        old = __atomic_exchange_n(reinterpret_cast<U *>(p), want, __ATOMIC_SEQ_CST);           \
        F got;                                                                                 \
        std::memcpy(&got, &old, sizeof got);                                                   \
        return got;                                                                            \
    }

OXCUDA_SIM_ATOMIC_FLOAT(float, unsigned int)
OXCUDA_SIM_ATOMIC_FLOAT(double, unsigned long long)
#undef OXCUDA_SIM_ATOMIC_FLOAT

/* ---- bits and reinterpreting casts ------------------------------------------------------ */
static inline int __popc(unsigned int x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
static inline int __clzll(long long x) {
    return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned int __brev(unsigned int x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x) {
    return ((unsigned long long)__brev((unsigned int)x) << 32) | __brev((unsigned int)(x >> 32));
}

template <typename To, typename From>
static inline To __oxcuda_sim_bits(From x) {
    static_assert(sizeof(To) == sizeof(From), "same size");
    To y;
    std::memcpy(&y, &x, sizeof y);
    return y;
}
static inline int __float_as_int(float x) { return __oxcuda_sim_bits<int>(x); }
static inline unsigned int __float_as_uint(float x) { return __oxcuda_sim_bits<unsigned int>(x); }
static inline float __int_as_float(int x) { return __oxcuda_sim_bits<float>(x); }
static inline float __uint_as_float(unsigned int x) { return __oxcuda_sim_bits<float>(x); }
static inline long long __double_as_longlong(double x) { return __oxcuda_sim_bits<long long>(x); }
static inline double __longlong_as_double(long long x) { return __oxcuda_sim_bits<double>(x); }

/* ---- arithmetic ---------------------------------------------------------------------- */
static inline int min(int a, int b) { return a < b ? a : b; }
static inline int max(int a, int b) { return a > b ? a : b; }
static inline unsigned int min(unsigned int a, unsigned int b) { return a < b ? a : b; }
static inline unsigned int max(unsigned int a, unsigned int b) { return a > b ? a : b; }
static inline long long min(long long a, long long b) { return a < b ? a : b; }
static inline long long max(long long a, long long b) { return a > b ? a : b; }
static inline unsigned long long min(unsigned long long a, unsigned long long b) {
    return a < b ? a : b;
}
static inline unsigned long long max(unsigned long long a, unsigned long long b) {
    return a > b ? a : b;
}
static inline float min(float a, float b) { return fminf(a, b); }
static inline float max(float a, float b) { return fmaxf(a, b); }
static inline double min(double a, double b) { return fmin(a, b); }
static inline double max(double a, double b) { return fmax(a, b); }

static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
static inline float __fdividef(float a, float b) { return a / b; }

template <typename T>
static inline T __ldg(const T *p) {
    return *p;
}

#endif /* OXCUDA_SIM_DEVICE_RUNTIME_H */
