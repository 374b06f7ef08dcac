//! Streams: creation, ordering queries, and host functions run in stream order.
//!
//! Handle 0 is the default stream (the legacy one unless per-thread default streams are in
//! effect), [`CU_STREAM_LEGACY`] and [`CU_STREAM_PER_THREAD`] are the driver's named defaults.

use std::ffi::{c_uint, c_void};

use crate::error::{DriverError, check};
use crate::sys::{CuStream, Driver, HostFn};

/// `CU_STREAM_LEGACY`.
pub const CU_STREAM_LEGACY: u64 = 0x1;
/// `CU_STREAM_PER_THREAD`.
pub const CU_STREAM_PER_THREAD: u64 = 0x2;
/// `CU_STREAM_NON_BLOCKING`: the stream does not synchronise with the legacy default stream.
pub const CU_STREAM_NON_BLOCKING: c_uint = 0x1;
/// `CUDA_ERROR_NOT_READY`: work is still pending (from the query calls).
pub const CUDA_ERROR_NOT_READY: i32 = 600;

impl Driver {
    /// A new stream with `flags` (0: blocking with respect to the legacy default stream).
    ///
    /// # Errors
    /// The driver's error.
    pub fn create_stream(&self, flags: c_uint) -> Result<CuStream, DriverError> {
        let mut s: CuStream = std::ptr::null_mut();
        // SAFETY: writes one CUstream.
        check(self, "cuStreamCreate", unsafe {
            (self.stream_create)(&raw mut s, flags)
        })?;
        Ok(s)
    }

    /// Destroys a stream (its pending work still completes).
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `s` came from [`create_stream`](Self::create_stream) and is not used after.
    pub unsafe fn destroy_stream(&self, s: CuStream) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuStreamDestroy", unsafe { (self.stream_destroy)(s) })
    }

    /// Waits for the stream's work.
    ///
    /// # Errors
    /// The driver's error, including a fault of earlier work.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn synchronize_stream(&self, s: CuStream) -> Result<(), DriverError> {
        // SAFETY: any stream handle of the current context.
        check(self, "cuStreamSynchronize", unsafe {
            (self.stream_synchronize)(s)
        })
    }

    /// Whether all the stream's work is done.
    ///
    /// # Errors
    /// The driver's errors other than `CUDA_ERROR_NOT_READY`.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn query_stream(&self, s: CuStream) -> Result<bool, DriverError> {
        // SAFETY: any stream handle.
        let rc = unsafe { (self.stream_query)(s) };
        if rc == CUDA_ERROR_NOT_READY {
            return Ok(false);
        }
        check(self, "cuStreamQuery", rc).map(|()| true)
    }

    /// The stream's creation flags.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn stream_flags(&self, s: CuStream) -> Result<c_uint, DriverError> {
        let mut flags = 0;
        // SAFETY: writes one unsigned int.
        check(self, "cuStreamGetFlags", unsafe {
            (self.stream_get_flags)(s, &raw mut flags)
        })?;
        Ok(flags)
    }

    /// Enqueues `f(data)` to run on a driver thread after the stream's earlier work.
    ///
    /// # Errors
    /// The driver's error (then `f` never runs).
    ///
    /// # Safety
    /// `f` must not call into CUDA, and `data` must stay valid until `f` has run.
    pub unsafe fn launch_host_function(
        &self,
        s: CuStream,
        f: HostFn,
        data: *mut c_void,
    ) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuLaunchHostFunc", unsafe {
            (self.launch_host_func)(s, f, data)
        })
    }
}
