//! Driver errors: one [`check`] for every call.

use std::ffi::{CStr, c_char};
use std::fmt;

use crate::sys::{CuResult, Driver};

/// A driver call returned an error code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverError {
    /// The entry point that failed, e.g. `"cuMemAlloc"`.
    pub call: &'static str,
    /// The numeric `CUresult`.
    pub code: i32,
    /// The `CUresult` name, e.g. `"CUDA_ERROR_OUT_OF_MEMORY"`.
    pub name: String,
    /// The driver's description of the code.
    pub description: String,
}

impl fmt::Display for DriverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} failed: {} ({}): {}",
            self.call, self.name, self.code, self.description
        )
    }
}

impl std::error::Error for DriverError {}

/// The driver library could not be made usable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// The library could not be opened or lacks an entry point.
    Library(oxcuda_dylib::LoadError),
    /// `cuInit` failed.
    Init(DriverError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Library(e) => e.fmt(f),
            Self::Init(e) => write!(f, "the driver loaded but could not initialise: {e}"),
        }
    }
}

impl std::error::Error for LoadError {}

/// Turns a `CUresult` into `Ok(())` or a [`DriverError`] naming `call`.
///
/// # Errors
/// Any non-zero code.
#[inline]
pub fn check(driver: &Driver, call: &'static str, code: CuResult) -> Result<(), DriverError> {
    if code == 0 {
        Ok(())
    } else {
        Err(describe(driver, call, code))
    }
}

#[cold]
fn describe(driver: &Driver, call: &'static str, code: CuResult) -> DriverError {
    let read = |f: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult| {
        let mut text: *const c_char = std::ptr::null();
        // SAFETY: the driver writes a pointer to a static NUL-terminated string or leaves null.
        let rc = unsafe { f(code, &raw mut text) };
        if rc != 0 || text.is_null() {
            None
        } else {
            // SAFETY: non-null, NUL-terminated, static storage per the driver's contract.
            Some(
                unsafe { CStr::from_ptr(text) }
                    .to_string_lossy()
                    .into_owned(),
            )
        }
    };
    let description = read(driver.get_error_string).unwrap_or_else(|| "unknown error".to_owned());
    let description = match crate::fork::forked_from() {
        Some(parent) => crate::fork::forked_message(parent, &description),
        None => description,
    };
    DriverError {
        call,
        code,
        name: read(driver.get_error_name).unwrap_or_else(|| format!("CUresult {code}")),
        description,
    }
}
