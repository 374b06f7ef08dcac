// The CUDA C++ baseline of the kernel throughput suite (bench/kernels/*.py): the same
// algorithms as the Python kernels, block sizes and launch shapes included, written the way a
// CUDA programmer writes them: 32-bit int indices, `const T* __restrict__` inputs (which let
// the compiler use the read-only data path), no fast-math. Compiled by bench/kernels/cxx.py
// with `nvcc -O3 -arch=sm_XX -cubin` (or NVRTC through CuPy when there is no nvcc) and launched
// through CuPy's RawModule. Argument order and types match the launchers in the .py files.
// The file includes nothing, so NVRTC compiles it as it is.

// ---- vector.py ------------------------------------------------------------------------------

extern "C" __global__ void vector_add(float* __restrict__ out, const float* __restrict__ a,
                                      const float* __restrict__ b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + b[i];
}

extern "C" __global__ void saxpy(float* __restrict__ out, float alpha,
                                 const float* __restrict__ x, const float* __restrict__ y,
                                 int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = alpha * x[i] + y[i];
}

// ---- stencil.py -----------------------------------------------------------------------------

extern "C" __global__ void stencil5(float* __restrict__ out, const float* __restrict__ a,
                                    int rows, int cols) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (y < rows && x < cols) {
        int i = y * cols + x;
        if (0 < y && y < rows - 1 && 0 < x && x < cols - 1) {
            float around = a[i - cols] + a[i + cols] + a[i - 1] + a[i + 1];
            out[i] = 0.5f * a[i] + 0.125f * around;
        } else {
            out[i] = a[i];
        }
    }
}

// ---- matmul.py ------------------------------------------------------------------------------

#define MATMUL_TILE 16

extern "C" __global__ void matmul_tiled(float* __restrict__ c, const float* __restrict__ a,
                                        const float* __restrict__ b, int n) {
    __shared__ float sa[MATMUL_TILE][MATMUL_TILE];
    __shared__ float sb[MATMUL_TILE][MATMUL_TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * MATMUL_TILE + ty;
    int col = blockIdx.x * MATMUL_TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n / MATMUL_TILE; ++t) {
        sa[ty][tx] = a[row * n + t * MATMUL_TILE + tx];
        sb[ty][tx] = b[(t * MATMUL_TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < MATMUL_TILE; ++k) acc += sa[ty][k] * sb[k][tx];
        __syncthreads();
    }
    c[row * n + col] = acc;
}

// ---- reduction.py ---------------------------------------------------------------------------

#define REDUCE_THREADS 256

extern "C" __global__ void block_sum(double* total, const float* __restrict__ x, int n) {
    __shared__ float partial[REDUCE_THREADS];
    int t = threadIdx.x;
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x) acc += x[i];
    partial[t] = acc;
    __syncthreads();
    for (int step = REDUCE_THREADS / 2; step > 0; step /= 2) {
        if (t < step) partial[t] += partial[t + step];
        __syncthreads();
    }
    if (t == 0) atomicAdd(total, (double)partial[0]);
}

// ---- histogram.py ---------------------------------------------------------------------------

#define BINS 256

extern "C" __global__ void histogram(int* bins, const unsigned char* __restrict__ values, int n) {
    __shared__ int local[BINS];
    int t = threadIdx.x;
    local[t] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[values[i]], 1);
    __syncthreads();
    atomicAdd(&bins[t], local[t]);
}

// ---- black_scholes.py -----------------------------------------------------------------------

__device__ inline float math_exp(float x) { return expf(x); }
__device__ inline double math_exp(double x) { return exp(x); }
__device__ inline float math_log(float x) { return logf(x); }
__device__ inline double math_log(double x) { return log(x); }
__device__ inline float math_sqrt(float x) { return sqrtf(x); }
__device__ inline double math_sqrt(double x) { return sqrt(x); }
__device__ inline float math_fabs(float x) { return fabsf(x); }
__device__ inline double math_fabs(double x) { return fabs(x); }

template <typename T>
__device__ inline T cnd(T d) {
    const T a1 = T(0.31938153), a2 = T(-0.356563782), a3 = T(1.781477937);
    const T a4 = T(-1.821255978), a5 = T(1.330274429);
    const T rsqrt2pi = T(0.39894228040143267793994605993438);
    T k = T(1.0) / (T(1.0) + T(0.2316419) * math_fabs(d));
    T poly = k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5))));
    T value = rsqrt2pi * math_exp(T(-0.5) * d * d) * poly;
    if (d > 0) value = T(1.0) - value;
    return value;
}

template <typename T>
__device__ inline void black_scholes(T* __restrict__ call, T* __restrict__ put,
                                     const T* __restrict__ price, const T* __restrict__ strike,
                                     const T* __restrict__ years, T rate, T volatility, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        T s = price[i], x = strike[i], t = years[i];
        T sqrt_t = math_sqrt(t);
        T d1 = (math_log(s / x) + (rate + T(0.5) * volatility * volatility) * t) /
               (volatility * sqrt_t);
        T d2 = d1 - volatility * sqrt_t;
        T cnd_d1 = cnd(d1), cnd_d2 = cnd(d2);
        T discounted = x * math_exp(-rate * t);
        call[i] = s * cnd_d1 - discounted * cnd_d2;
        put[i] = discounted * (T(1.0) - cnd_d2) - s * (T(1.0) - cnd_d1);
    }
}

extern "C" __global__ void black_scholes_f32(float* __restrict__ call, float* __restrict__ put,
                                             const float* __restrict__ price,
                                             const float* __restrict__ strike,
                                             const float* __restrict__ years, float rate,
                                             float volatility, int n) {
    black_scholes<float>(call, put, price, strike, years, rate, volatility, n);
}

extern "C" __global__ void black_scholes_f64(double* __restrict__ call,
                                             double* __restrict__ put,
                                             const double* __restrict__ price,
                                             const double* __restrict__ strike,
                                             const double* __restrict__ years, double rate,
                                             double volatility, int n) {
    black_scholes<double>(call, put, price, strike, years, rate, volatility, n);
}

// ---- nbody.py -------------------------------------------------------------------------------

#define NBODY_THREADS 256

__device__ inline void pull(float& ax, float& ay, float& az, float xi, float yi, float zi,
                            float xj, float yj, float zj, float mj, float softening) {
    float dx = xj - xi, dy = yj - yi, dz = zj - zi;
    float r2 = dx * dx + dy * dy + dz * dz + softening;
    float inv_r = 1.0f / sqrtf(r2);
    float scale = mj * inv_r * inv_r * inv_r;
    ax = ax + dx * scale;
    ay = ay + dy * scale;
    az = az + dz * scale;
}

// bodies: n × 4 (x, y, z, mass); acc: n × 3.
extern "C" __global__ void nbody_forces(float* __restrict__ acc, const float* __restrict__ bodies,
                                        float softening, int n) {
    __shared__ float xs[NBODY_THREADS], ys[NBODY_THREADS], zs[NBODY_THREADS],
        ms[NBODY_THREADS];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    float xi = bodies[4 * i], yi = bodies[4 * i + 1], zi = bodies[4 * i + 2];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int tile = 0; tile < n / NBODY_THREADS; ++tile) {
        int j = tile * NBODY_THREADS + t;
        xs[t] = bodies[4 * j];
        ys[t] = bodies[4 * j + 1];
        zs[t] = bodies[4 * j + 2];
        ms[t] = bodies[4 * j + 3];
        __syncthreads();
        for (int k = 0; k < NBODY_THREADS; ++k)
            pull(ax, ay, az, xi, yi, zi, xs[k], ys[k], zs[k], ms[k], softening);
        __syncthreads();
    }
    acc[3 * i] = ax;
    acc[3 * i + 1] = ay;
    acc[3 * i + 2] = az;
}

// ---- mandelbrot.py --------------------------------------------------------------------------

extern "C" __global__ void mandelbrot(int* __restrict__ out, float x_min, float y_min,
                                      float step, int max_iter, int rows, int cols) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (y < rows && x < cols) {
        float c_re = x_min + step * (float)x;
        float c_im = y_min + step * (float)y;
        float z_re = 0.0f, z_im = 0.0f;
        int count = 0;
        while (count < max_iter) {
            float re2 = z_re * z_re, im2 = z_im * z_im;
            if (re2 + im2 > 4.0f) break;
            z_im = 2.0f * z_re * z_im + c_im;
            z_re = re2 - im2 + c_re;
            ++count;
        }
        out[y * cols + x] = count;
    }
}

// ---- transpose.py ---------------------------------------------------------------------------

#define TRANSPOSE_TILE 32
#define ROWS_PER_PASS 8

extern "C" __global__ void transpose(float* __restrict__ out, const float* __restrict__ a,
                                     int rows, int cols) {
    __shared__ float tile[TRANSPOSE_TILE][TRANSPOSE_TILE + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
    int x = blockIdx.x * TRANSPOSE_TILE + tx;
    int y = blockIdx.y * TRANSPOSE_TILE + ty;
    for (int j = 0; j < TRANSPOSE_TILE; j += ROWS_PER_PASS)
        if (x < cols && y + j < rows) tile[ty + j][tx] = a[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TRANSPOSE_TILE + tx;
    y = blockIdx.x * TRANSPOSE_TILE + ty;
    for (int j = 0; j < TRANSPOSE_TILE; j += ROWS_PER_PASS)
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[tx][ty + j];
}

// ---- scan.py --------------------------------------------------------------------------------

#define SCAN_BLOCK 1024

extern "C" __global__ void block_scan(int* __restrict__ out, const int* __restrict__ values,
                                      int n) {
    __shared__ int buf[SCAN_BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    buf[t] = i < n ? values[i] : 0;
    __syncthreads();
    for (int offset = 1; offset < SCAN_BLOCK; offset *= 2) {
        int before = t >= offset ? buf[t - offset] : 0;
        __syncthreads();
        buf[t] += before;
        __syncthreads();
    }
    if (i < n) out[i] = buf[t];
}
