//! Sharing device memory between processes (CUDA IPC) and what the driver knows of a raw
//! device address: the allocation around it and its device.

use oxcuda_driver::DriverError;
use oxcuda_driver::memory::POINTER_ATTRIBUTE_DEVICE_ORDINAL;
use oxcuda_driver::sys::IpcMemHandle;

use crate::context::DeviceContext;

/// Bytes of an IPC memory handle.
pub const IPC_HANDLE_BYTES: usize = 64;

impl DeviceContext {
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
