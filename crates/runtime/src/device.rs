//! Device attributes by name (`CU_DEVICE_ATTRIBUTE_*`), the raw current-context handle the
//! `with gpus[i]:` block saves and restores, and peer access between devices.

use std::ffi::c_void;

use oxcuda_driver::DriverError;
use oxcuda_driver::device::{ATTRIBUTES, attribute_by_name};

use crate::context::Runtime;

/// The attribute names [`Runtime::device_attribute`] knows (`CU_DEVICE_ATTRIBUTE_*` without
/// the prefix, as numba-cuda's `Device` attributes are spelt).
#[must_use]
pub fn device_attribute_names() -> Vec<&'static str> {
    ATTRIBUTES.iter().map(|a| a.name).collect()
}

impl Runtime {
    /// Attribute `name` of device `ordinal`; `None` when `name` is not one of
    /// [`device_attribute_names`].
    ///
    /// # Errors
    /// The driver's error (a bad ordinal).
    pub fn device_attribute(&self, ordinal: i32, name: &str) -> Result<Option<i32>, DriverError> {
        let Some(attribute) = attribute_by_name(name) else {
            return Ok(None);
        };
        let driver = self.driver();
        let device = driver.device(ordinal)?;
        driver.device_attribute(device, attribute.code).map(Some)
    }

    /// The calling thread's current `CUcontext` as an address (0 when none).
    ///
    /// # Errors
    /// The driver's error.
    pub fn current_context_handle(&self) -> Result<usize, DriverError> {
        self.driver().current_context().map(|c| c as usize)
    }

    /// Makes `handle` (from [`Self::current_context_handle`], or 0) current on this thread.
    ///
    /// # Safety
    /// `handle` is 0 or a context that is still alive (a primary context this runtime
    /// retains, or one its owner keeps).
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn set_current_context_handle(&self, handle: usize) -> Result<(), DriverError> {
        // SAFETY: the caller's contract.
        unsafe { self.driver().set_current_context(handle as *mut c_void) }
    }

    /// Whether device `device` can access device `peer`'s memory directly.
    ///
    /// # Errors
    /// The driver's error (a bad ordinal).
    pub fn can_access_peer(&self, device: i32, peer: i32) -> Result<bool, DriverError> {
        if device == peer {
            return Ok(true);
        }
        let driver = self.driver();
        let (a, b) = (driver.device(device)?, driver.device(peer)?);
        driver.can_access_peer(a, b)
    }
}

/// One visible device, as `python -m oxcuda` and `cuda.detect()` describe it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceSummary {
    /// The device ordinal.
    pub ordinal: i32,
    /// The marketing name.
    pub name: String,
    /// `GPU-…` UUID.
    pub uuid: String,
    /// `(major, minor)`.
    pub compute_capability: (i32, i32),
    /// Bytes of device memory.
    pub total_memory: usize,
}

/// The driver's version (`(major, minor)`) and its visible devices.
///
/// # Errors
/// The driver's error.
pub fn describe(
    driver: &oxcuda_driver::Driver,
) -> Result<((i32, i32), Vec<DeviceSummary>), DriverError> {
    let version = driver.version()?;
    let mut devices = Vec::new();
    for ordinal in 0..driver.device_count()? {
        let d = driver.device(ordinal)?;
        devices.push(DeviceSummary {
            ordinal,
            name: driver.device_name(d)?,
            uuid: driver.device_uuid(d)?,
            compute_capability: driver.compute_capability(d)?,
            total_memory: driver.device_total_memory(d)?,
        });
    }
    Ok((version, devices))
}
