//! Operations on raw device addresses, for the external memory-manager interface (EMM
//! plugins hand oxcuda bare pointers) and CUDA IPC (sharing device memory between processes):
//! fills and copies, the allocation around an address and its device, mapped host memory.
//!
//! Invariant: each operation makes its context current first. The callers promise what the
//! driver cannot check (that an address describes live memory of the size given); those are
//! the `unsafe` ones.

use std::ffi::c_void;

use oxcuda_driver::DriverError;
use oxcuda_driver::memory::POINTER_ATTRIBUTE_DEVICE_ORDINAL;
use oxcuda_driver::sys::IpcMemHandle;

use crate::context::DeviceContext;

/// The direction of a [`DeviceContext::copy_raw`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RawCopy {
    /// Host memory to device memory (`cuMemcpyHtoD`).
    HostToDevice,
    /// Device memory to host memory (`cuMemcpyDtoH`).
    DeviceToHost,
    /// Device memory to device memory (`cuMemcpyDtoD`).
    DeviceToDevice,
}

/// Bytes of an IPC memory handle.
pub const IPC_HANDLE_BYTES: usize = 64;

impl DeviceContext {
    /// Sets `count` bytes at `dst` to `byte`, on `stream` (`None`: synchronously).
    ///
    /// # Safety
    /// `dst` is device memory of this context of at least `count` bytes; `stream`, if any, is
    /// a live stream of this context.
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn memset(
        &self,
        dst: u64,
        byte: u8,
        count: usize,
        stream: Option<*mut c_void>,
    ) -> Result<(), DriverError> {
        self.make_current()?;
        // SAFETY: the caller's contract.
        unsafe { self.driver().memset(dst, byte, count, stream) }
    }

    /// Copies `count` bytes from `src` to `dst` in the direction `kind` (device addresses of
    /// the unified address space, any devices, for the device sides), on `stream` (`None`:
    /// synchronously).
    ///
    /// # Safety
    /// Each side describes live memory of its kind of at least `count` bytes (host memory
    /// stays valid until an asynchronous copy completes); `stream`, if any, is a live stream
    /// of this context.
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn copy_raw(
        &self,
        kind: RawCopy,
        dst: u64,
        src: u64,
        count: usize,
        stream: Option<*mut c_void>,
    ) -> Result<(), DriverError> {
        self.make_current()?;
        let driver = self.driver();
        // SAFETY: the caller's contract.
        unsafe {
            match kind {
                RawCopy::HostToDevice => driver.copy_htod(dst, src as *const c_void, count, stream),
                RawCopy::DeviceToHost => driver.copy_dtoh(dst as *mut c_void, src, count, stream),
                RawCopy::DeviceToDevice => driver.copy_dtod(dst, src, count, stream),
            }
        }
    }

    /// The device address of mapped host memory at `host` (`cuMemHostGetDevicePointer`).
    ///
    /// # Errors
    /// The driver's error (an address it did not map).
    pub fn mapped_device_pointer(&self, host: u64) -> Result<u64, DriverError> {
        self.make_current()?;
        // SAFETY: the driver validates the address (an error for memory it did not map).
        unsafe { self.driver().mapped_device_pointer(host as *mut c_void) }
    }

    /// `(base, size)` of the allocation containing `ptr` (`cuMemGetAddressRange`).
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_VALUE` for an address it did not allocate).
    pub fn address_range(&self, ptr: u64) -> Result<(u64, usize), DriverError> {
        self.make_current()?;
        self.driver().mem_address_range(ptr)
    }

    /// The ordinal of the device whose memory `ptr` is, when the driver knows the pointer.
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_VALUE` for an address it does not know).
    pub fn pointer_device_ordinal(&self, ptr: u64) -> Result<i32, DriverError> {
        self.driver()
            .pointer_attribute(ptr, POINTER_ATTRIBUTE_DEVICE_ORDINAL)
    }

    /// `(base, handle)`: the IPC handle of the allocation containing `ptr`.
    ///
    /// # Errors
    /// The driver's error.
    pub fn ipc_handle(&self, ptr: u64) -> Result<(u64, [u8; IPC_HANDLE_BYTES]), DriverError> {
        let (base, _) = self.address_range(ptr)?;
        let handle = self.driver().ipc_mem_handle(base)?;
        Ok((base, handle.reserved))
    }

    /// Maps another process's allocation into this context; its device address here.
    ///
    /// # Errors
    /// The driver's error (a handle of this process, a closed allocation, no peer access).
    pub fn ipc_open(&self, handle: [u8; IPC_HANDLE_BYTES]) -> Result<u64, DriverError> {
        self.make_current()?;
        self.driver().ipc_open(IpcMemHandle { reserved: handle })
    }

    /// Unmaps memory opened with [`Self::ipc_open`].
    ///
    /// # Safety
    /// `ptr` came from [`Self::ipc_open`] in this context and nothing uses it any more.
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn ipc_close(&self, ptr: u64) -> Result<(), DriverError> {
        self.make_current()?;
        // SAFETY: the caller's contract.
        unsafe { self.driver().ipc_close(ptr) }
    }
}
