//! Events: markers recorded in streams, for waiting, ordering across streams and timing.

use std::ffi::c_uint;

use crate::error::{DriverError, check};
use crate::stream::CUDA_ERROR_NOT_READY;
use crate::sys::{CuEvent, CuStream, Driver};

/// `CU_EVENT_DISABLE_TIMING`.
pub const CU_EVENT_DISABLE_TIMING: c_uint = 0x2;

impl Driver {
    /// A new event; `timing` keeps timestamps (`cuEventElapsedTime`).
    ///
    /// # Errors
    /// The driver's error.
    pub fn create_event(&self, timing: bool) -> Result<CuEvent, DriverError> {
        let mut e: CuEvent = std::ptr::null_mut();
        let flags = if timing { 0 } else { CU_EVENT_DISABLE_TIMING };
        // SAFETY: writes one CUevent.
        check(self, "cuEventCreate", unsafe {
            (self.event_create)(&raw mut e, flags)
        })?;
        Ok(e)
    }

    /// Destroys an event.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// `e` came from [`create_event`](Self::create_event) and is not used after.
    pub unsafe fn destroy_event(&self, e: CuEvent) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        check(self, "cuEventDestroy", unsafe { (self.event_destroy)(e) })
    }

    /// Records `e` at the current end of stream `s`.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn record_event(&self, e: CuEvent, s: CuStream) -> Result<(), DriverError> {
        // SAFETY: handles of the current context.
        check(self, "cuEventRecord", unsafe { (self.event_record)(e, s) })
    }

    /// Waits until `e` has completed.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn synchronize_event(&self, e: CuEvent) -> Result<(), DriverError> {
        // SAFETY: an event handle.
        check(self, "cuEventSynchronize", unsafe {
            (self.event_synchronize)(e)
        })
    }

    /// Whether `e` has completed.
    ///
    /// # Errors
    /// The driver's errors other than `CUDA_ERROR_NOT_READY`.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn query_event(&self, e: CuEvent) -> Result<bool, DriverError> {
        // SAFETY: an event handle.
        let rc = unsafe { (self.event_query)(e) };
        if rc == CUDA_ERROR_NOT_READY {
            return Ok(false);
        }
        check(self, "cuEventQuery", rc).map(|()| true)
    }

    /// Milliseconds between two completed timing events.
    ///
    /// # Errors
    /// The driver's error (an event not recorded, not complete, or without timing).
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn event_elapsed_ms(
        &self,
        start: CuEvent,
        end: CuEvent,
    ) -> Result<f32, DriverError> {
        let mut ms = 0f32;
        // SAFETY: writes one float.
        check(self, "cuEventElapsedTime", unsafe {
            (self.event_elapsed_time)(&raw mut ms, start, end)
        })?;
        Ok(ms)
    }

    /// Makes later work on `s` wait for `e`.
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn stream_wait(&self, s: CuStream, e: CuEvent) -> Result<(), DriverError> {
        // SAFETY: handles of the current context.
        check(self, "cuStreamWaitEvent", unsafe {
            (self.stream_wait_event)(s, e, 0)
        })
    }
}
