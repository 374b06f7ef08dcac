//! The driver's linker (`cuLink*`): PTX, cubins, fatbins, objects and libraries linked into one
//! cubin for the current context's device.
//!
//! oxcuda links with nvJitLink (DESIGN decision 4); this is the fallback the settings allow
//! (`OXCUDA_USE_NVJITLINK=False`, or no nvJitLink installed). The driver's linker cannot read
//! LTO-IR, so callers refuse those inputs before getting here. A [`DriverLinker`] is one
//! `CUlinkState`: inputs are added, [`DriverLinker::finish`] copies the linked image out, and
//! dropping it destroys the state (the image the driver returned lives only that long).
//!
//! Logs: the driver writes its error and information logs into buffers we own, passed as JIT
//! options at creation; they are read back into each error's description.

use std::ffi::{CString, c_int, c_uint, c_void};

use crate::error::{DriverError, check};
use crate::sys::{CuLinkState, Driver};

/// `CUjitInputType`: what a linker input holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JitInput {
    /// `CU_JIT_INPUT_CUBIN`.
    Cubin = 0,
    /// `CU_JIT_INPUT_PTX`.
    Ptx = 1,
    /// `CU_JIT_INPUT_FATBINARY`.
    Fatbin = 2,
    /// `CU_JIT_INPUT_OBJECT`: a host object file with embedded device code.
    Object = 3,
    /// `CU_JIT_INPUT_LIBRARY`: an archive of such objects.
    Library = 4,
}

// `CUjit_option` values for the log buffers.
const CU_JIT_INFO_LOG_BUFFER: c_int = 3;
const CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES: c_int = 4;
const CU_JIT_ERROR_LOG_BUFFER: c_int = 5;
const CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES: c_int = 6;
const CU_JIT_LOG_VERBOSE: c_int = 12;

/// Bytes of each log buffer.
const LOG_BYTES: usize = 16 * 1024;

/// One driver link in progress. Not `Send`: the state belongs to the creating thread's context.
pub struct DriverLinker<'d> {
    driver: &'d Driver,
    state: CuLinkState,
    // Boxed so their addresses, given to the driver at creation, stay put when `self` moves.
    error_log: Box<[u8]>,
    info_log: Box<[u8]>,
}

impl std::fmt::Debug for DriverLinker<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DriverLinker").finish_non_exhaustive()
    }
}

fn log_text(buffer: &[u8]) -> String {
    let end = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    String::from_utf8_lossy(&buffer[..end]).trim().to_owned()
}

impl<'d> DriverLinker<'d> {
    /// Starts a link for the device of the current context.
    ///
    /// # Errors
    /// The driver's error (no current context, …).
    pub fn new(driver: &'d Driver) -> Result<Self, DriverError> {
        let mut error_log = vec![0u8; LOG_BYTES].into_boxed_slice();
        let mut info_log = vec![0u8; LOG_BYTES].into_boxed_slice();
        let mut options = [
            CU_JIT_ERROR_LOG_BUFFER,
            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            CU_JIT_INFO_LOG_BUFFER,
            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
            CU_JIT_LOG_VERBOSE,
        ];
        // Option values travel in pointer-sized slots: buffers as pointers, numbers as values.
        let mut values: [*mut c_void; 5] = [
            error_log.as_mut_ptr().cast(),
            std::ptr::without_provenance_mut(LOG_BYTES),
            info_log.as_mut_ptr().cast(),
            std::ptr::without_provenance_mut(LOG_BYTES),
            std::ptr::without_provenance_mut(1),
        ];
        let mut state: CuLinkState = std::ptr::null_mut();
        // SAFETY: the arrays hold `options.len()` entries each; the log buffers outlive the
        // state (they are dropped with `self`, after `cuLinkDestroy`).
        check(driver, "cuLinkCreate", unsafe {
            (driver.link_create)(
                options.len() as c_uint,
                options.as_mut_ptr(),
                values.as_mut_ptr(),
                &raw mut state,
            )
        })?;
        Ok(Self {
            driver,
            state,
            error_log,
            info_log,
        })
    }

    fn with_log(&self, mut e: DriverError) -> DriverError {
        let log = log_text(&self.error_log);
        let log = if log.is_empty() {
            log_text(&self.info_log)
        } else {
            log
        };
        if !log.is_empty() {
            e.description = format!("{}\n{log}", e.description);
        }
        e
    }

    /// Adds one input named `name` (the name appears in the driver's log).
    ///
    /// # Errors
    /// The driver's error, with its log (a PTX syntax error, an unsupported image, …).
    pub fn add(&mut self, kind: JitInput, data: &[u8], name: &str) -> Result<(), DriverError> {
        // PTX must be NUL-terminated; a copy with one added keeps every input uniform.
        let mut bytes = Vec::with_capacity(data.len() + 1);
        bytes.extend_from_slice(data);
        if kind == JitInput::Ptx && bytes.last() != Some(&0) {
            bytes.push(0);
        }
        let cname = CString::new(name.replace('\0', "")).unwrap_or_default();
        // SAFETY: the state is live; the buffer and name outlive the call (the driver copies).
        check(self.driver, "cuLinkAddData", unsafe {
            (self.driver.link_add_data)(
                self.state,
                kind as c_int,
                bytes.as_mut_ptr().cast(),
                bytes.len(),
                cname.as_ptr(),
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        })
        .map_err(|e| self.with_log(e))
    }

    /// Completes the link and returns a copy of the linked cubin.
    ///
    /// # Errors
    /// The driver's error, with its log (an unresolved symbol, …).
    pub fn finish(self) -> Result<Vec<u8>, DriverError> {
        let mut image: *mut c_void = std::ptr::null_mut();
        let mut size = 0usize;
        // SAFETY: the state is live; the driver returns a buffer owned by the state.
        check(self.driver, "cuLinkComplete", unsafe {
            (self.driver.link_complete)(self.state, &raw mut image, &raw mut size)
        })
        .map_err(|e| self.with_log(e))?;
        // SAFETY: `image` points to `size` bytes, valid until the state is destroyed (on drop).
        Ok(unsafe { std::slice::from_raw_parts(image.cast::<u8>(), size) }.to_vec())
    }
}

impl Drop for DriverLinker<'_> {
    fn drop(&mut self) {
        // SAFETY: the state is live and destroyed once.
        let _ = unsafe { (self.driver.link_destroy)(self.state) };
    }
}
