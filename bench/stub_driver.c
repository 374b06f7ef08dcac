/* A stand-in for libcuda.so.1 that runs nothing, for measuring oxcuda's own launch cost on a
   machine without a GPU (bench/launch_overhead.py builds and uses it).

   Every entry point oxcuda's driver table resolves (crates/driver/src/sys.rs) is here and
   succeeds at once: one device of compute capability 9.0, "device" memory from malloc, copies
   as memcpy, modules, functions, streams and events as fixed dummy handles, cuLaunchKernel and
   the other entry points below the generated line returning CUDA_SUCCESS without touching
   their arguments. Nothing executes a kernel: it measures the host path up to the driver call.
   Regenerate the trailing list when the table grows (launch_overhead.py says which symbol is
   missing). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int the_context, the_module, the_function, a_stream, an_event;
static __thread void *current;

/* STUB_DRIVER_INIT_MS (milliseconds, default 0): how long cuInit and the first
   cuDevicePrimaryCtxRetain each take, as the real driver's take a few hundred (for measuring
   what overlaps them). */
static void init_delay(void) {
    const char *ms = getenv("STUB_DRIVER_INIT_MS");
    if (ms != NULL && atoi(ms) > 0) {
        struct timespec t = {atoi(ms) / 1000, (long)(atoi(ms) % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
}

int cuInit(unsigned flags) { (void)flags; init_delay(); return 0; }
int cuDriverGetVersion(int *v) { *v = 13000; return 0; }
int cuGetErrorName(int e, const char **s) { (void)e; *s = "CUDA_ERROR_STUB"; return 0; }
int cuGetErrorString(int e, const char **s) { (void)e; *s = "stub driver error"; return 0; }
int cuDeviceGetCount(int *n) { *n = 1; return 0; }
int cuDeviceGet(int *d, int ordinal) { *d = ordinal; return ordinal == 0 ? 0 : 101; }
int cuDeviceGetName(char *name, int len, int d) { (void)d; strncpy(name, "Stub GPU (no device)", len); return 0; }
int cuDeviceGetAttribute(int *v, int attr, int d) {
    (void)d;
    switch (attr) {
    case 75: *v = 9; break;          /* compute capability major */
    case 76: *v = 0; break;          /* minor */
    case 16: *v = 132; break;        /* multiprocessors */
    case 10: *v = 32; break;         /* warp size */
    case 1: *v = 1024; break;        /* max threads per block */
    case 2: case 3: *v = 1024; break;
    case 4: *v = 64; break;
    case 5: *v = 2147483647; break;
    case 6: case 7: *v = 65535; break;
    case 8: *v = 49152; break;
    case 39: *v = 2048; break;       /* max threads per multiprocessor */
    case 41: *v = 1; break;          /* unified addressing */
    default: *v = 1; break;
    }
    return 0;
}
int cuDeviceTotalMem_v2(size_t *b, int d) { (void)d; *b = (size_t)80 << 30; return 0; }
int cuDeviceGetUuid_v2(unsigned char (*u)[16], int d) { (void)d; memset(u, 0x5a, 16); return 0; }
int cuDevicePrimaryCtxRetain(void **c, int d) {
    static int retained;
    (void)d;
    if (!retained++) init_delay();
    *c = &the_context;
    return 0;
}
int cuCtxSetCurrent(void *c) { current = c; return 0; }
int cuCtxGetCurrent(void **c) { *c = current; return 0; }
int cuCtxGetDevice(int *d) { *d = 0; return 0; }
int cuMemGetInfo_v2(size_t *f, size_t *t) { *f = (size_t)70 << 30; *t = (size_t)80 << 30; return 0; }
int cuMemAlloc_v2(uint64_t *p, size_t n) { *p = (uint64_t)(uintptr_t)malloc(n ? n : 1); return 0; }
int cuMemFree_v2(uint64_t p) { free((void *)(uintptr_t)p); return 0; }
int cuMemAllocManaged(uint64_t *p, size_t n, unsigned f) { (void)f; return cuMemAlloc_v2(p, n); }
int cuMemHostAlloc(void **p, size_t n, unsigned f) { (void)f; *p = malloc(n ? n : 1); return 0; }
int cuMemFreeHost(void *p) { free(p); return 0; }
int cuMemHostGetDevicePointer_v2(uint64_t *d, void *h, unsigned f) { (void)f; *d = (uint64_t)(uintptr_t)h; return 0; }
int cuMemcpyHtoD_v2(uint64_t d, const void *s, size_t n) { memcpy((void *)(uintptr_t)d, s, n); return 0; }
int cuMemcpyDtoH_v2(void *d, uint64_t s, size_t n) { memcpy(d, (void *)(uintptr_t)s, n); return 0; }
int cuMemcpyDtoD_v2(uint64_t d, uint64_t s, size_t n) { memmove((void *)(uintptr_t)d, (void *)(uintptr_t)s, n); return 0; }
int cuMemcpyHtoDAsync_v2(uint64_t d, const void *s, size_t n, void *st) { (void)st; return cuMemcpyHtoD_v2(d, s, n); }
int cuMemcpyDtoHAsync_v2(void *d, uint64_t s, size_t n, void *st) { (void)st; return cuMemcpyDtoH_v2(d, s, n); }
int cuMemcpyDtoDAsync_v2(uint64_t d, uint64_t s, size_t n, void *st) { (void)st; return cuMemcpyDtoD_v2(d, s, n); }
int cuMemsetD8_v2(uint64_t d, unsigned char v, size_t n) { memset((void *)(uintptr_t)d, v, n); return 0; }
int cuMemsetD8Async(uint64_t d, unsigned char v, size_t n, void *st) { (void)st; return cuMemsetD8_v2(d, v, n); }
int cuModuleLoadData(void **m, const void *image) { (void)image; *m = &the_module; return 0; }
int cuModuleGetFunction(void **f, void *m, const char *name) { (void)m; (void)name; *f = &the_function; return 0; }
int cuModuleGetGlobal_v2(uint64_t *p, size_t *n, void *m, const char *name) { (void)m; (void)name; (void)p; (void)n; return 500; /* not found */ }
int cuFuncGetAttribute(int *v, int attr, void *f) { (void)f; *v = attr == 0 ? 1024 : 0; return 0; }
int cuStreamCreate(void **s, unsigned f) { (void)f; *s = &a_stream; return 0; }
int cuEventCreate(void **e, unsigned f) { (void)f; *e = &an_event; return 0; }
int cuEventElapsedTime(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 0.0f; return 0; }
int cuStreamGetFlags(void *s, unsigned *f) { (void)s; *f = 0; return 0; }
int cuDeviceCanAccessPeer(int *v, int a, int b) { (void)a; (void)b; *v = 0; return 0; }
int cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, void *f, int threads, size_t shared) { (void)f; (void)shared; *n = threads ? 2048 / threads : 1; if (*n > 32) *n = 32; return 0; }
int cuLaunchHostFunc(void *s, void (*fn)(void *), void *data) { (void)s; if (fn) fn(data); return 0; }

/* cuLaunchKernel records the first n parameters of each launch (8 bytes of
   each, read through kernelParams), for tests of the packing: stub_record_params(n) sets how
   many (0, the default, records none), stub_last_params() returns the record, and
   stub_launches() counts the launches. */
static int record_params;
static uint64_t last_params[256];
static long launches;
void stub_record_params(int n) { record_params = n < 0 ? 0 : (n > 256 ? 256 : n); }
const uint64_t *stub_last_params(void) { return last_params; }
long stub_launches(void) { return launches; }
int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                   unsigned bz, unsigned shared, void *stream, void **params, void **extra) {
    (void)f; (void)gx; (void)gy; (void)gz; (void)bx; (void)by; (void)bz; (void)shared;
    (void)stream; (void)extra;
    for (int i = 0; i < record_params; i++) memcpy(&last_params[i], params[i], 8);
    launches++;
    return 0;
}

/* ---- the rest of the table: succeed and do nothing ---- */
int cuCtxSynchronize(void) { return 0; }
int cuDevicePrimaryCtxRelease_v2(void) { return 0; }
int cuEventDestroy_v2(void) { return 0; }
int cuEventQuery(void) { return 0; }
int cuEventRecord(void) { return 0; }
int cuEventSynchronize(void) { return 0; }
int cuFuncSetAttribute(void) { return 0; }
int cuIpcCloseMemHandle(void) { return 0; }
int cuIpcGetMemHandle(void) { return 0; }
int cuIpcOpenMemHandle_v2(void) { return 0; }
int cuLaunchCooperativeKernel(void) { return 0; }
int cuLinkAddData_v2(void) { return 0; }
int cuLinkComplete(void) { return 0; }
int cuLinkCreate_v2(void) { return 0; }
int cuLinkDestroy(void) { return 0; }
int cuMemGetAddressRange_v2(void) { return 0; }
int cuMemHostRegister_v2(void) { return 0; }
int cuMemHostUnregister(void) { return 0; }
int cuMemcpyPeer(void) { return 0; }
int cuModuleUnload(void) { return 0; }
int cuKernelGetFunction(void) { return 1; /* invalid value: the stub loads no libraries */ }
int cuFuncGetModule(void) { return 1; }
int cuPointerGetAttribute(void) { return 0; }
int cuStreamDestroy_v2(void) { return 0; }
int cuStreamQuery(void) { return 0; }
int cuStreamSynchronize(void) { return 0; }
int cuStreamWaitEvent(void) { return 0; }
