/* Host time per cuLaunchKernel: the floor the Python launchers of bench/launch.py are measured
 * against.
 *
 * Build (bench/run.py does this):
 *   nvcc -cubin -arch=sm_90 bench/launch_kernels.cu -o launch_kernels.cubin
 *   gcc -O2 bench/launch_c.c -I/usr/local/cuda/include -L/usr/local/nvidia/lib64 -lcuda
 * Run:
 *   ./a.out launch_kernels.cubin [N=20000] [REPEATS=5] [WARMUP=2000]
 *
 * For each kernel of launch_kernels.cu: WARMUP launches and a synchronisation, then REPEATS
 * times N back-to-back launches of <<<1, 32>>> on the default stream followed by one
 * cuCtxSynchronize. Prints one JSON object per kernel: the microseconds per launch of every
 * repeat, up to the synchronisation ("total") and before it ("enqueue"). Every driver call's
 * result is checked.
 *
 * With -DLAUNCH_C_DLOPEN the driver is opened with dlopen("libcuda.so.1") instead of being
 * linked (for machines where no linkable libcuda.so is found); the calls are the same.
 */
#define _POSIX_C_SOURCE 200809L
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#ifdef LAUNCH_C_DLOPEN
#include <dlfcn.h>
#define STR_(x) #x
#define STR(x) STR_(x)
/* cuda.h maps some names to versioned symbols (cuMemAlloc -> cuMemAlloc_v2): STR expands them. */
#define DECLARE(fn) static __typeof__(&fn) p_##fn;
#define LOAD(fn)                                                                   \
    do {                                                                           \
        p_##fn = (__typeof__(&fn))dlsym(lib, STR(fn));                             \
        if (!p_##fn) {                                                             \
            fprintf(stderr, "launch_c: %s not found in libcuda.so.1\n", STR(fn));  \
            exit(2);                                                               \
        }                                                                          \
    } while (0)
#define CU(fn) p_##fn
DECLARE(cuInit)
DECLARE(cuDeviceGet)
DECLARE(cuDevicePrimaryCtxRetain)
DECLARE(cuCtxSetCurrent)
DECLARE(cuModuleLoadData)
DECLARE(cuModuleGetFunction)
DECLARE(cuMemAlloc)
DECLARE(cuLaunchKernel)
DECLARE(cuCtxSynchronize)
DECLARE(cuGetErrorName)
DECLARE(cuDriverGetVersion)
static void open_driver(void) {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "launch_c: dlopen(libcuda.so.1): %s\n", dlerror());
        exit(2);
    }
    LOAD(cuInit);
    LOAD(cuDeviceGet);
    LOAD(cuDevicePrimaryCtxRetain);
    LOAD(cuCtxSetCurrent);
    LOAD(cuModuleLoadData);
    LOAD(cuModuleGetFunction);
    LOAD(cuMemAlloc);
    LOAD(cuLaunchKernel);
    LOAD(cuCtxSynchronize);
    LOAD(cuGetErrorName);
    LOAD(cuDriverGetVersion);
}
#define LINKAGE "dlopen"
#else
#define CU(fn) fn
static void open_driver(void) {}
#define LINKAGE "linked"
#endif

static void check(CUresult rc, const char *what) {
    if (rc != CUDA_SUCCESS) {
        const char *name = "?";
        CU(cuGetErrorName)(rc, &name);
        fprintf(stderr, "launch_c: %s failed: %s (%d)\n", what, name, (int)rc);
        exit(1);
    }
}

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static void *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        exit(2);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size + 1);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        fprintf(stderr, "launch_c: cannot read %s\n", path);
        exit(2);
    }
    buf[size] = 0;
    fclose(f);
    return buf;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct kernel_case {
    const char *name;
    const char *kind; /* "array" (float* parameters) or "scalar" (long long parameters) */
    int nargs;
};

int main(int argc, char **argv) {
    if (argc < 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s launch_kernels.cubin [N=20000] [REPEATS=5] [WARMUP=2000]\n",
                argv[0]);
        return 2;
    }
    int n = argc > 2 ? atoi(argv[2]) : 20000;
    int repeats = argc > 3 ? atoi(argv[3]) : 5;
    int warmup = argc > 4 ? atoi(argv[4]) : 2000;
    if (n < 1 || repeats < 1 || repeats > 100 || warmup < 0) {
        fprintf(stderr, "launch_c: bad N, REPEATS or WARMUP\n");
        return 2;
    }

    open_driver();
    check(CU(cuInit)(0), "cuInit");
    int driver_version = 0;
    check(CU(cuDriverGetVersion)(&driver_version), "cuDriverGetVersion");
    CUdevice dev;
    check(CU(cuDeviceGet)(&dev, 0), "cuDeviceGet");
    CUcontext ctx;
    check(CU(cuDevicePrimaryCtxRetain)(&ctx, dev), "cuDevicePrimaryCtxRetain");
    check(CU(cuCtxSetCurrent)(ctx), "cuCtxSetCurrent");
    CUmodule module;
    check(CU(cuModuleLoadData)(&module, read_file(argv[1])), "cuModuleLoadData");

    CUdeviceptr arrays[16];
    long long scalars[16];
    void *array_params[16], *scalar_params[16];
    for (int i = 0; i < 16; i++) {
        check(CU(cuMemAlloc)(&arrays[i], 64), "cuMemAlloc");
        scalars[i] = i + 1;
        array_params[i] = &arrays[i];
        scalar_params[i] = &scalars[i];
    }

    static const struct kernel_case cases[] = {
        {"k0", "array", 0},  {"k1", "array", 1},  {"k3", "array", 3},  {"k16", "array", 16},
        {"s1", "scalar", 1}, {"s3", "scalar", 3}, {"s16", "scalar", 16},
    };
    double total[100], enqueue[100];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        CUfunction f;
        check(CU(cuModuleGetFunction)(&f, module, cases[c].name), "cuModuleGetFunction");
        void **params = cases[c].kind[0] == 'a' ? array_params : scalar_params;
        for (int i = 0; i < warmup; i++) {
            check(CU(cuLaunchKernel)(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL),
                  "cuLaunchKernel");
        }
        check(CU(cuCtxSynchronize)(), "cuCtxSynchronize");
        for (int r = 0; r < repeats; r++) {
            double t0 = now_us();
            for (int i = 0; i < n; i++) {
                CUresult rc = CU(cuLaunchKernel)(f, 1, 1, 1, 32, 1, 1, 0, NULL, params, NULL);
                if (rc != CUDA_SUCCESS) {
                    check(rc, "cuLaunchKernel");
                }
            }
            double t1 = now_us();
            check(CU(cuCtxSynchronize)(), "cuCtxSynchronize");
            double t2 = now_us();
            total[r] = (t2 - t0) / n;
            enqueue[r] = (t1 - t0) / n;
        }
        printf("{\"kernel\": \"%s\", \"kind\": \"%s\", \"nargs\": %d, \"n\": %d, "
               "\"driver_version\": %d, \"linkage\": \"%s\", \"total_us\": [",
               cases[c].name, cases[c].kind, cases[c].nargs, n, driver_version, LINKAGE);
        for (int r = 0; r < repeats; r++) {
            printf("%s%.4f", r ? ", " : "", total[r]);
        }
        printf("], \"enqueue_us\": [");
        for (int r = 0; r < repeats; r++) {
            printf("%s%.4f", r ? ", " : "", enqueue[r]);
        }
        qsort(total, (size_t)repeats, sizeof total[0], cmp_double);
        printf("], \"median_us\": %.4f}\n", total[repeats / 2]);
        fflush(stdout);
    }
    return 0;
}
