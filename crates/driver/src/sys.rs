//! Raw driver types and the function table.
//!
//! The table is written by hand (one line per entry point) rather than generated with bindgen:
//! oxcuda calls a few dozen functions, each with the exact versioned symbol the CUDA 12/13 headers
//! map it to (`cuMemAlloc` is `cuMemAlloc_v2`, …), and a hand table needs no CUDA headers at build
//! time. Symbols are resolved once, when the library is loaded; a missing symbol is a
//! [`LoadError`] naming it, never a crash at call time.

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::ops::Deref;
use std::path::Path;

use oxcuda_dylib::function_table;

use crate::error::{LoadError, check};

/// `CUresult`: 0 is success, anything else an error code.
pub type CuResult = c_int;
/// `CUdevice`: an ordinal.
pub type CuDevice = c_int;
/// `CUcontext`.
pub type CuContext = *mut c_void;
/// `CUmodule`.
pub type CuModule = *mut c_void;
/// `CUfunction`.
pub type CuFunction = *mut c_void;
/// `CUkernel`: a kernel of a context-independent library (`cuLibraryLoadData`).
pub type CuKernel = *mut c_void;
/// `CUlinkState`: a driver link in progress.
pub type CuLinkState = *mut c_void;
/// `CUstream`.
pub type CuStream = *mut c_void;
/// `CUevent`.
pub type CuEvent = *mut c_void;
/// `CUdeviceptr`.
pub type CuDevicePtr = u64;
/// `CUipcMemHandle`: 64 opaque bytes naming a device allocation to another process.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpcMemHandle {
    /// The handle's bytes.
    pub reserved: [u8; 64],
}
/// `CUhostFn`: a host function `cuLaunchHostFunc` runs in stream order.
pub type HostFn = Option<unsafe extern "C" fn(*mut c_void)>;

function_table! {
    /// The driver library's entry points; see [`Driver`], which owns one after `cuInit`.
    pub struct DriverApi -> CuResult {
    init = "cuInit": fn(c_uint);
    driver_get_version = "cuDriverGetVersion": fn(*mut c_int);
    get_error_name = "cuGetErrorName": fn(CuResult, *mut *const c_char);
    get_error_string = "cuGetErrorString": fn(CuResult, *mut *const c_char);
    device_get_count = "cuDeviceGetCount": fn(*mut c_int);
    device_get = "cuDeviceGet": fn(*mut CuDevice, c_int);
    device_get_name = "cuDeviceGetName": fn(*mut c_char, c_int, CuDevice);
    device_get_attribute = "cuDeviceGetAttribute": fn(*mut c_int, c_int, CuDevice);
    device_total_mem = "cuDeviceTotalMem_v2": fn(*mut usize, CuDevice);
    device_get_uuid = "cuDeviceGetUuid_v2": fn(*mut [u8; 16], CuDevice);
    primary_ctx_retain = "cuDevicePrimaryCtxRetain": fn(*mut CuContext, CuDevice);
    primary_ctx_release = "cuDevicePrimaryCtxRelease_v2": fn(CuDevice);
    ctx_set_current = "cuCtxSetCurrent": fn(CuContext);
    ctx_get_current = "cuCtxGetCurrent": fn(*mut CuContext);
    ctx_synchronize = "cuCtxSynchronize": fn();
    mem_get_info = "cuMemGetInfo_v2": fn(*mut usize, *mut usize);
    mem_alloc = "cuMemAlloc_v2": fn(*mut CuDevicePtr, usize);
    mem_free = "cuMemFree_v2": fn(CuDevicePtr);
    memcpy_htod = "cuMemcpyHtoD_v2": fn(CuDevicePtr, *const c_void, usize);
    memcpy_dtoh = "cuMemcpyDtoH_v2": fn(*mut c_void, CuDevicePtr, usize);
    memcpy_dtod = "cuMemcpyDtoD_v2": fn(CuDevicePtr, CuDevicePtr, usize);
    memcpy_htod_async = "cuMemcpyHtoDAsync_v2": fn(CuDevicePtr, *const c_void, usize, CuStream);
    memcpy_dtoh_async = "cuMemcpyDtoHAsync_v2": fn(*mut c_void, CuDevicePtr, usize, CuStream);
    memset_d8 = "cuMemsetD8_v2": fn(CuDevicePtr, u8, usize);
    module_load_data = "cuModuleLoadData": fn(*mut CuModule, *const c_void);
    module_unload = "cuModuleUnload": fn(CuModule);
    module_get_function = "cuModuleGetFunction": fn(*mut CuFunction, CuModule, *const c_char);
    module_get_global = "cuModuleGetGlobal_v2": fn(*mut CuDevicePtr, *mut usize, CuModule, *const c_char);
    kernel_get_function = "cuKernelGetFunction": fn(*mut CuFunction, CuKernel);
    func_get_module = "cuFuncGetModule": fn(*mut CuModule, CuFunction);
    func_get_attribute = "cuFuncGetAttribute": fn(*mut c_int, c_int, CuFunction);
    func_set_attribute = "cuFuncSetAttribute": fn(CuFunction, c_int, c_int);
    launch_kernel = "cuLaunchKernel": fn(
        CuFunction, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, CuStream,
        *mut *mut c_void, *mut *mut c_void,
    );
    // Kernels that synchronise the grid (cuda.cg): every block resident at once.
    launch_cooperative_kernel = "cuLaunchCooperativeKernel": fn(
        CuFunction, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, CuStream,
        *mut *mut c_void,
    );
    stream_create = "cuStreamCreate": fn(*mut CuStream, c_uint);
    stream_destroy = "cuStreamDestroy_v2": fn(CuStream);
    stream_synchronize = "cuStreamSynchronize": fn(CuStream);
    stream_query = "cuStreamQuery": fn(CuStream);
    event_create = "cuEventCreate": fn(*mut CuEvent, c_uint);
    event_record = "cuEventRecord": fn(CuEvent, CuStream);
    event_synchronize = "cuEventSynchronize": fn(CuEvent);
    event_query = "cuEventQuery": fn(CuEvent);
    event_elapsed_time = "cuEventElapsedTime": fn(*mut f32, CuEvent, CuEvent);
    event_destroy = "cuEventDestroy_v2": fn(CuEvent);
    stream_wait_event = "cuStreamWaitEvent": fn(CuStream, CuEvent, c_uint);
    // The runtime (crates/runtime): contexts, streams, transfers, host memory, pointers.
    ctx_get_device = "cuCtxGetDevice": fn(*mut CuDevice);
    stream_get_flags = "cuStreamGetFlags": fn(CuStream, *mut c_uint);
    launch_host_func = "cuLaunchHostFunc": fn(CuStream, HostFn, *mut c_void);
    memcpy_dtod_async = "cuMemcpyDtoDAsync_v2": fn(CuDevicePtr, CuDevicePtr, usize, CuStream);
    memcpy_peer = "cuMemcpyPeer": fn(CuDevicePtr, CuContext, CuDevicePtr, CuContext, usize);
    memset_d8_async = "cuMemsetD8Async": fn(CuDevicePtr, u8, usize, CuStream);
    mem_host_alloc = "cuMemHostAlloc": fn(*mut *mut c_void, usize, c_uint);
    mem_free_host = "cuMemFreeHost": fn(*mut c_void);
    mem_host_get_device_pointer = "cuMemHostGetDevicePointer_v2": fn(*mut CuDevicePtr, *mut c_void, c_uint);
    mem_host_register = "cuMemHostRegister_v2": fn(*mut c_void, usize, c_uint);
    mem_host_unregister = "cuMemHostUnregister": fn(*mut c_void);
    mem_alloc_managed = "cuMemAllocManaged": fn(*mut CuDevicePtr, usize, c_uint);
    pointer_get_attribute = "cuPointerGetAttribute": fn(*mut c_void, c_int, CuDevicePtr);
    // Pinned, mapped and managed memory; IPC (crates/runtime/src/pinned.rs, the EMM classes).
    mem_get_address_range = "cuMemGetAddressRange_v2": fn(*mut CuDevicePtr, *mut usize, CuDevicePtr);
    ipc_get_mem_handle = "cuIpcGetMemHandle": fn(*mut IpcMemHandle, CuDevicePtr);
    ipc_open_mem_handle = "cuIpcOpenMemHandle_v2": fn(*mut CuDevicePtr, IpcMemHandle, c_uint);
    ipc_close_mem_handle = "cuIpcCloseMemHandle": fn(CuDevicePtr);
    device_can_access_peer = "cuDeviceCanAccessPeer": fn(*mut c_int, CuDevice, CuDevice);
    // Occupancy (max_cooperative_grid_blocks) and the driver's linker (link.rs), used when
    // nvJitLink is switched off.
    occupancy_max_active_blocks = "cuOccupancyMaxActiveBlocksPerMultiprocessor":
        fn(*mut c_int, CuFunction, c_int, usize);
    link_create = "cuLinkCreate_v2": fn(c_uint, *mut c_int, *mut *mut c_void, *mut CuLinkState);
    link_add_data = "cuLinkAddData_v2": fn(
        CuLinkState, c_int, *mut c_void, usize, *const c_char, c_uint, *mut c_int,
        *mut *mut c_void,
    );
    link_complete = "cuLinkComplete": fn(CuLinkState, *mut *mut c_void, *mut usize);
    link_destroy = "cuLinkDestroy": fn(CuLinkState);
    }
}

/// An initialised driver: the entry points, after `cuInit(0)` succeeded.
pub struct Driver {
    api: DriverApi,
}

impl Deref for Driver {
    type Target = DriverApi;
    fn deref(&self) -> &DriverApi {
        &self.api
    }
}

impl Driver {
    /// Opens the driver library at `path`, resolves every entry point and calls `cuInit(0)`.
    ///
    /// # Errors
    /// [`LoadError`] when the file cannot be opened, a symbol is missing, or `cuInit` fails (as it
    /// does on a machine with a driver but no usable GPU).
    pub fn load(path: &Path) -> Result<Self, LoadError> {
        let driver = Self {
            api: DriverApi::open(path).map_err(LoadError::Library)?,
        };
        // SAFETY: cuInit takes a flags word that must be 0.
        check(&driver, "cuInit", unsafe { (driver.init)(0) }).map_err(LoadError::Init)?;
        Ok(driver)
    }

    /// The driver's CUDA version as `(major, minor)`, e.g. `(13, 0)`.
    ///
    /// # Errors
    /// The driver's error, if any.
    pub fn version(&self) -> Result<(i32, i32), crate::DriverError> {
        let mut v = 0;
        // SAFETY: writes one int.
        check(self, "cuDriverGetVersion", unsafe {
            (self.driver_get_version)(&raw mut v)
        })?;
        Ok((v / 1000, (v % 1000) / 10))
    }
}

impl std::fmt::Debug for Driver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Driver")
            .field("path", &self.api.path())
            .finish_non_exhaustive()
    }
}
