//! Device memory: allocation, transfers, memset and the memory report.
//!
//! These are the raw calls; `crates/runtime` caches allocations and decides when copies are
//! synchronous. A `stream` of `None` uses the synchronous entry point (ordered on the legacy
//! default stream and returning when the copy is done).

use std::ffi::{c_uint, c_void};

use crate::error::{DriverError, check};
use crate::sys::{CuContext, CuDevicePtr, CuStream, Driver, IpcMemHandle};

/// `CUDA_ERROR_OUT_OF_MEMORY`.
pub const CUDA_ERROR_OUT_OF_MEMORY: i32 = 2;

/// `CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED`: `cuMemHostRegister` of memory already page-locked.
pub const CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED: i32 = 712;

/// `CU_MEMHOSTALLOC_PORTABLE`: pinned for every context, not only the allocating one.
pub const MEMHOSTALLOC_PORTABLE: c_uint = 0x1;
/// `CU_MEMHOSTALLOC_DEVICEMAP`: mapped into the device address space.
pub const MEMHOSTALLOC_DEVICEMAP: c_uint = 0x2;
/// `CU_MEMHOSTALLOC_WRITECOMBINED`: write-combined (fast host writes and device reads).
pub const MEMHOSTALLOC_WRITECOMBINED: c_uint = 0x4;
/// `CU_MEMHOSTREGISTER_PORTABLE`.
pub const MEMHOSTREGISTER_PORTABLE: c_uint = 0x1;
/// `CU_MEMHOSTREGISTER_DEVICEMAP`.
pub const MEMHOSTREGISTER_DEVICEMAP: c_uint = 0x2;
/// `CU_MEM_ATTACH_GLOBAL`: managed memory accessible from any stream.
pub const MEM_ATTACH_GLOBAL: c_uint = 0x1;
/// `CU_MEM_ATTACH_HOST`: managed memory attached to the host until a stream attaches it.
pub const MEM_ATTACH_HOST: c_uint = 0x2;
/// `CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS`.
pub const IPC_MEM_LAZY_ENABLE_PEER_ACCESS: c_uint = 0x1;

/// `CU_POINTER_ATTRIBUTE_MEMORY_TYPE`.
pub const POINTER_ATTRIBUTE_MEMORY_TYPE: i32 = 2;
/// `CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL`.
pub const POINTER_ATTRIBUTE_DEVICE_ORDINAL: i32 = 9;
/// `CU_POINTER_ATTRIBUTE_RANGE_START_ADDR`.
pub const POINTER_ATTRIBUTE_RANGE_START_ADDR: i32 = 11;
/// `CU_POINTER_ATTRIBUTE_RANGE_SIZE`.
pub const POINTER_ATTRIBUTE_RANGE_SIZE: i32 = 12;

impl Driver {
    /// `cuMemAlloc`.
    ///
    /// # Errors
    /// `CUDA_ERROR_OUT_OF_MEMORY` ([`CUDA_ERROR_OUT_OF_MEMORY`]) and the driver's other errors.
    pub fn mem_alloc_device(&self, size: usize) -> Result<CuDevicePtr, DriverError> {
        let mut ptr = 0;
        // SAFETY: writes one CUdeviceptr.
        check(self, "cuMemAlloc", unsafe {
            (self.mem_alloc)(&raw mut ptr, size)
        })?;
        Ok(ptr)
    }

    /// `cuMemFree`.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `ptr` came from `cuMemAlloc` and nothing uses it any more.
    pub unsafe fn mem_free_device(&self, ptr: CuDevicePtr) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuMemFree", unsafe { (self.mem_free)(ptr) })
    }

    /// `(free, total)` bytes of the current context's device.
    ///
    /// # Errors
    /// The driver's error.
    pub fn memory_info(&self) -> Result<(usize, usize), DriverError> {
        let (mut free, mut total) = (0, 0);
        // SAFETY: writes two size_t.
        check(self, "cuMemGetInfo", unsafe {
            (self.mem_get_info)(&raw mut free, &raw mut total)
        })?;
        Ok((free, total))
    }

    /// Host → device copy of `bytes` bytes.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `src` is readable for `bytes` (until the copy completes, when asynchronous on pinned
    /// memory) and `dst` is device memory of at least `bytes`.
    pub unsafe fn copy_htod(
        &self,
        dst: CuDevicePtr,
        src: *const c_void,
        bytes: usize,
        stream: Option<CuStream>,
    ) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        unsafe {
            match stream {
                None => check(self, "cuMemcpyHtoD", (self.memcpy_htod)(dst, src, bytes)),
                Some(s) => check(
                    self,
                    "cuMemcpyHtoDAsync",
                    (self.memcpy_htod_async)(dst, src, bytes, s),
                ),
            }
        }
    }

    /// Device → host copy.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `dst` is writable for `bytes` (until the copy completes) and `src` is device memory.
    pub unsafe fn copy_dtoh(
        &self,
        dst: *mut c_void,
        src: CuDevicePtr,
        bytes: usize,
        stream: Option<CuStream>,
    ) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        unsafe {
            match stream {
                None => check(self, "cuMemcpyDtoH", (self.memcpy_dtoh)(dst, src, bytes)),
                Some(s) => check(
                    self,
                    "cuMemcpyDtoHAsync",
                    (self.memcpy_dtoh_async)(dst, src, bytes, s),
                ),
            }
        }
    }

    /// Device → device copy.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// Both ranges are device memory of at least `bytes`.
    pub unsafe fn copy_dtod(
        &self,
        dst: CuDevicePtr,
        src: CuDevicePtr,
        bytes: usize,
        stream: Option<CuStream>,
    ) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        unsafe {
            match stream {
                None => check(self, "cuMemcpyDtoD", (self.memcpy_dtod)(dst, src, bytes)),
                Some(s) => check(
                    self,
                    "cuMemcpyDtoDAsync",
                    (self.memcpy_dtod_async)(dst, src, bytes, s),
                ),
            }
        }
    }

    /// Device → device copy between two contexts (`cuMemcpyPeer`): by peer access where the
    /// devices have it, staged through the host by the driver otherwise; ordered after all
    /// work already enqueued in both contexts, and before work enqueued after it.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `dst` is device memory of `dst_ctx` and `src` of `src_ctx`, each of at least `bytes`;
    /// both contexts are alive.
    pub unsafe fn copy_peer(
        &self,
        dst: CuDevicePtr,
        dst_ctx: CuContext,
        src: CuDevicePtr,
        src_ctx: CuContext,
        bytes: usize,
    ) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        unsafe {
            check(
                self,
                "cuMemcpyPeer",
                (self.memcpy_peer)(dst, dst_ctx, src, src_ctx, bytes),
            )
        }
    }

    /// Sets `bytes` bytes at `dst` to `value`.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `dst` is device memory of at least `bytes`.
    pub unsafe fn memset(
        &self,
        dst: CuDevicePtr,
        value: u8,
        bytes: usize,
        stream: Option<CuStream>,
    ) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        unsafe {
            match stream {
                None => check(self, "cuMemsetD8", (self.memset_d8)(dst, value, bytes)),
                Some(s) => check(
                    self,
                    "cuMemsetD8Async",
                    (self.memset_d8_async)(dst, value, bytes, s),
                ),
            }
        }
    }

    /// Page-locked host memory (`cuMemHostAlloc` with `CU_MEMHOSTALLOC_*` flags).
    ///
    /// # Errors
    /// The driver's error.
    pub fn mem_host_alloc_pinned(
        &self,
        bytes: usize,
        flags: c_uint,
    ) -> Result<*mut c_void, DriverError> {
        let mut ptr: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one pointer.
        check(self, "cuMemHostAlloc", unsafe {
            (self.mem_host_alloc)(&raw mut ptr, bytes, flags)
        })?;
        Ok(ptr)
    }

    /// Frees page-locked host memory.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `ptr` came from `cuMemHostAlloc` and nothing uses it any more.
    pub unsafe fn mem_free_pinned(&self, ptr: *mut c_void) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuMemFreeHost", unsafe { (self.mem_free_host)(ptr) })
    }

    /// The device address of mapped host memory.
    ///
    /// # Errors
    /// The driver's error (memory not mapped).
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn mapped_device_pointer(
        &self,
        host: *mut c_void,
    ) -> Result<CuDevicePtr, DriverError> {
        let mut ptr = 0;
        // SAFETY: writes one CUdeviceptr.
        check(self, "cuMemHostGetDevicePointer", unsafe {
            (self.mem_host_get_device_pointer)(&raw mut ptr, host, 0)
        })?;
        Ok(ptr)
    }

    /// Unified memory (`cuMemAllocManaged`; flags 1 = `CU_MEM_ATTACH_GLOBAL`).
    ///
    /// # Errors
    /// The driver's error.
    pub fn mem_alloc_unified(
        &self,
        bytes: usize,
        flags: c_uint,
    ) -> Result<CuDevicePtr, DriverError> {
        let mut ptr = 0;
        // SAFETY: writes one CUdeviceptr.
        check(self, "cuMemAllocManaged", unsafe {
            (self.mem_alloc_managed)(&raw mut ptr, bytes, flags)
        })?;
        Ok(ptr)
    }

    /// Reads an integer pointer attribute (`CU_POINTER_ATTRIBUTE_*`) of `ptr`.
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_VALUE` for memory the driver does not know).
    pub fn pointer_attribute(&self, ptr: CuDevicePtr, attribute: i32) -> Result<i32, DriverError> {
        let mut value: i32 = 0;
        // SAFETY: the attributes read here are all 32-bit integers.
        check(self, "cuPointerGetAttribute", unsafe {
            (self.pointer_get_attribute)((&raw mut value).cast(), attribute, ptr)
        })?;
        Ok(value)
    }

    /// The allocation containing `ptr`: its start address and size in bytes
    /// (`CU_POINTER_ATTRIBUTE_RANGE_START_ADDR` and `_RANGE_SIZE`).
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_VALUE` for memory the driver does not know).
    pub fn pointer_range(&self, ptr: CuDevicePtr) -> Result<(CuDevicePtr, usize), DriverError> {
        let mut start: CuDevicePtr = 0;
        let mut size: usize = 0;
        // SAFETY: RANGE_START_ADDR writes one CUdeviceptr, RANGE_SIZE one size_t.
        check(self, "cuPointerGetAttribute", unsafe {
            (self.pointer_get_attribute)(
                (&raw mut start).cast(),
                POINTER_ATTRIBUTE_RANGE_START_ADDR,
                ptr,
            )
        })?;
        // SAFETY: as above.
        check(self, "cuPointerGetAttribute", unsafe {
            (self.pointer_get_attribute)((&raw mut size).cast(), POINTER_ATTRIBUTE_RANGE_SIZE, ptr)
        })?;
        Ok((start, size))
    }

    /// Page-locks `bytes` bytes of existing host memory (`cuMemHostRegister`, flags
    /// `CU_MEMHOSTREGISTER_*`).
    ///
    /// # Errors
    /// The driver's error ([`CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED`] when a page of the range
    /// is already locked).
    ///
    /// # Safety
    /// `ptr..ptr+bytes` is host memory that stays allocated until [`Self::mem_host_unregister`].
    pub unsafe fn mem_host_register(
        &self,
        ptr: *mut c_void,
        bytes: usize,
        flags: c_uint,
    ) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuMemHostRegister", unsafe {
            (self.mem_host_register)(ptr, bytes, flags)
        })
    }

    /// Undoes [`Self::mem_host_register`].
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED`).
    ///
    /// # Safety
    /// `ptr` was registered and no queued work uses it through its device mapping.
    pub unsafe fn mem_host_unregister(&self, ptr: *mut c_void) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuMemHostUnregister", unsafe {
            (self.mem_host_unregister)(ptr)
        })
    }

    /// The base address and size of the allocation containing `ptr` (`cuMemGetAddressRange`).
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_VALUE` for an address it did not allocate).
    pub fn mem_address_range(&self, ptr: CuDevicePtr) -> Result<(CuDevicePtr, usize), DriverError> {
        let (mut base, mut size) = (0, 0);
        // SAFETY: writes one CUdeviceptr and one size_t.
        check(self, "cuMemGetAddressRange", unsafe {
            (self.mem_get_address_range)(&raw mut base, &raw mut size, ptr)
        })?;
        Ok((base, size))
    }

    /// An IPC handle for the allocation whose base address is `base` (`cuIpcGetMemHandle`).
    ///
    /// # Errors
    /// The driver's error.
    pub fn ipc_mem_handle(&self, base: CuDevicePtr) -> Result<IpcMemHandle, DriverError> {
        let mut handle = IpcMemHandle { reserved: [0; 64] };
        // SAFETY: writes 64 bytes.
        check(self, "cuIpcGetMemHandle", unsafe {
            (self.ipc_get_mem_handle)(&raw mut handle, base)
        })?;
        Ok(handle)
    }

    /// Maps another process's allocation into the current context (`cuIpcOpenMemHandle`, with
    /// `CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS`).
    ///
    /// # Errors
    /// The driver's error (a handle of this process, a closed allocation, no peer access).
    pub fn ipc_open(&self, handle: IpcMemHandle) -> Result<CuDevicePtr, DriverError> {
        let mut ptr = 0;
        // SAFETY: writes one CUdeviceptr; the handle is passed by value.
        check(self, "cuIpcOpenMemHandle", unsafe {
            (self.ipc_open_mem_handle)(&raw mut ptr, handle, IPC_MEM_LAZY_ENABLE_PEER_ACCESS)
        })?;
        Ok(ptr)
    }

    /// Unmaps memory opened with [`Self::ipc_open`].
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `ptr` came from [`Self::ipc_open`] and nothing uses it any more.
    pub unsafe fn ipc_close(&self, ptr: CuDevicePtr) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuIpcCloseMemHandle", unsafe {
            (self.ipc_close_mem_handle)(ptr)
        })
    }

    /// Whether `device` can access the memory of `peer` directly (`cuDeviceCanAccessPeer`).
    ///
    /// # Errors
    /// The driver's error.
    pub fn can_access_peer(
        &self,
        device: crate::Device,
        peer: crate::Device,
    ) -> Result<bool, DriverError> {
        let mut can = 0;
        // SAFETY: writes one int.
        check(self, "cuDeviceCanAccessPeer", unsafe {
            (self.device_can_access_peer)(&raw mut can, device.handle, peer.handle)
        })?;
        Ok(can != 0)
    }
}
