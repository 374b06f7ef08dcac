//! Contexts: the primary context of a device, and the calling thread's current context.
//!
//! oxcuda uses only primary contexts (as numba-cuda and the CUDA runtime do), so a context shared
//! with CuPy or PyTorch in the same process is the same context. Retaining and releasing are
//! counted by the driver; `crates/runtime` retains each device's once and releases it when the
//! last user is gone.

use std::ffi::c_void;

use crate::Device;
use crate::error::{DriverError, check};
use crate::sys::{CuContext, Driver};

impl Driver {
    /// Retains the primary context of `device` (creating it on first use).
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_OUT_OF_MEMORY`, a device in exclusive use, …).
    pub fn primary_context_retain(&self, device: Device) -> Result<CuContext, DriverError> {
        let mut ctx: CuContext = std::ptr::null_mut();
        // SAFETY: writes one CUcontext.
        check(self, "cuDevicePrimaryCtxRetain", unsafe {
            (self.primary_ctx_retain)(&raw mut ctx, device.handle)
        })?;
        Ok(ctx)
    }

    /// Releases one retain of the primary context of `device`.
    ///
    /// # Errors
    /// The driver's error.
    pub fn primary_context_release(&self, device: Device) -> Result<(), DriverError> {
        // SAFETY: releases a retain this process made.
        check(self, "cuDevicePrimaryCtxRelease", unsafe {
            (self.primary_ctx_release)(device.handle)
        })
    }

    /// Makes `ctx` current on the calling thread (null unbinds).
    ///
    /// # Errors
    /// The driver's error.
    ///
    /// # Safety
    /// The handles are live (created and not destroyed) in the current context.
    pub unsafe fn set_current_context(&self, ctx: CuContext) -> Result<(), DriverError> {
        // SAFETY: any retained context, or null.
        check(self, "cuCtxSetCurrent", unsafe {
            (self.ctx_set_current)(ctx)
        })
    }

    /// The calling thread's current context (null when none).
    ///
    /// # Errors
    /// The driver's error.
    pub fn current_context(&self) -> Result<CuContext, DriverError> {
        let mut ctx: *mut c_void = std::ptr::null_mut();
        // SAFETY: writes one CUcontext.
        check(self, "cuCtxGetCurrent", unsafe {
            (self.ctx_get_current)(&raw mut ctx)
        })?;
        Ok(ctx)
    }

    /// The device of the current context.
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_CONTEXT` when none is current).
    pub fn current_context_device(&self) -> Result<Device, DriverError> {
        let mut handle = 0;
        // SAFETY: writes one CUdevice.
        check(self, "cuCtxGetDevice", unsafe {
            (self.ctx_get_device)(&raw mut handle)
        })?;
        Ok(Device {
            handle,
            ordinal: handle,
        })
    }

    /// Waits for all work in the current context.
    ///
    /// # Errors
    /// The driver's error, including a fault of an earlier asynchronous launch.
    pub fn synchronize_context(&self) -> Result<(), DriverError> {
        // SAFETY: no arguments.
        check(self, "cuCtxSynchronize", unsafe {
            (self.ctx_synchronize)()
        })
    }
}
