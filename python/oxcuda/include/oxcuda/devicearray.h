/* oxcuda device arrays for native consumers: the C API capsule `oxcuda._native._C_API`.
 *
 * Usage (with the GIL held):
 *
 *     #include <Python.h>
 *     #include <oxcuda/devicearray.h>   // -I$(python -c "import oxcuda; print(oxcuda.get_include())")
 *
 *     const OxcudaArrayApi *api = OxcudaArray_ImportApi();   // NULL with an ImportError set
 *     if (api->is_device_array(obj)) {
 *         OxcudaArrayView v;
 *         if (api->get_view(obj, &v) < 0) return NULL;         // TypeError set
 *         launch_my_kernel((void *)v.data, v.shape, v.strides, v.ndim, (CUstream)v.stream);
 *     }
 *
 * Contract: call with the GIL held; `shape` and `strides` stay valid while `obj` is alive (an
 * array's layout never changes); `data` is a device address when `host` is 0 (on device
 * `device_id`), a host address when `host` is 1 (arrays of the simulator's backend). The table
 * only grows: check `version` (or `size`) before using fields added after version 1.
 * See docs/runtime.md ("C API") in the oxcuda repository.
 */
#ifndef OXCUDA_DEVICEARRAY_H
#define OXCUDA_DEVICEARRAY_H

#include <Python.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OXCUDA_ARRAY_API_CAPSULE "oxcuda._native._C_API"
#define OXCUDA_ARRAY_API_VERSION 1

typedef struct {
    uint64_t data;          /* address of element (0, ..., 0) */
    int32_t ndim;
    int32_t device_id;      /* CUDA device ordinal; -1 for the host backend */
    const int64_t *shape;   /* ndim extents */
    const int64_t *strides; /* ndim byte strides (may be negative or zero) */
    int64_t itemsize;       /* bytes per element */
    uint64_t stream;        /* CUstream the array is bound to; 0 = legacy default stream */
    char kind;              /* NumPy dtype.kind: 'f', 'i', 'u', 'b', 'c', 'V', ... */
    uint8_t readonly;
    uint8_t host;
    uint8_t c_contiguous;
    uint8_t f_contiguous;
} OxcudaArrayView;

typedef struct {
    uint32_t version; /* OXCUDA_ARRAY_API_VERSION or later */
    uint32_t size;    /* sizeof of the table the library was built with */
    int (*is_device_array)(PyObject *obj);                   /* 1 or 0; never fails */
    int (*get_view)(PyObject *obj, OxcudaArrayView *out);    /* 0, or -1 with an error set */
} OxcudaArrayApi;

static inline const OxcudaArrayApi *OxcudaArray_ImportApi(void) {
    return (const OxcudaArrayApi *)PyCapsule_Import(OXCUDA_ARRAY_API_CAPSULE, 0);
}

#ifdef __cplusplus
}
#endif

#endif /* OXCUDA_DEVICEARRAY_H */
