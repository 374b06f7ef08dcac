//! The failed-`assert` record of a debug kernel on the GPU (docs/debugging.md).
//!
//! A kernel compiled with `debug=True` records its first failed assertion in a module global of
//! `N` 32-bit words (the compiler names it and fixes `N`: the assertion's number plus one, then
//! `threadIdx` and `blockIdx`) and ends the failing thread, with no trap, so the context stays
//! usable. After each launch of such a kernel, [`AssertRecord::take`] waits for the launch,
//! reads the record and, when an assertion failed, clears it (so the next launch starts clean)
//! and returns the words; the caller turns them into the message.

use std::ffi::c_void;

use oxcuda_driver::DriverError;
use oxcuda_driver::sys::{CuDevicePtr, CuStream};

use crate::module::Kernel;

/// Where a loaded kernel's assert record lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssertRecord<const N: usize> {
    ptr: CuDevicePtr,
}

/// Why a kernel's assert record could not be found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RecordError {
    /// The driver could not find the global.
    Driver(DriverError),
    /// The global has the wrong size: `(bytes found, bytes expected)`.
    Size(usize, usize),
}

impl<const N: usize> AssertRecord<N> {
    const BYTES: usize = N * 4;

    /// Finds the record, module global `global`, of `kernel`.
    ///
    /// # Errors
    /// The driver's error (no such global), or [`RecordError::Size`].
    pub fn find(kernel: &Kernel, global: &str) -> Result<Self, RecordError> {
        let (ptr, bytes) = kernel.global(global).map_err(RecordError::Driver)?;
        if bytes != Self::BYTES {
            return Err(RecordError::Size(bytes, Self::BYTES));
        }
        Ok(Self { ptr })
    }

    /// Waits for the work on `stream` (of `kernel`'s context) and returns the record's words
    /// when an assertion failed, clearing the record first; `None` when none failed.
    ///
    /// The caller releases the GIL around this where it holds one (it blocks on the stream).
    ///
    /// # Errors
    /// The driver's error (a failed launch shows here, at the synchronisation).
    pub fn take(&self, kernel: &Kernel, stream: usize) -> Result<Option<[u32; N]>, DriverError> {
        let ctx = kernel.context();
        ctx.make_current()?;
        let driver = ctx.driver();
        let stream = stream as CuStream;
        // SAFETY: the stream handle is live in the current context (the launch just used it).
        unsafe { driver.synchronize_stream(stream) }?;
        let mut words = [0u32; N];
        // SAFETY: `words` holds BYTES; the record is device memory of that size.
        unsafe {
            driver.copy_dtoh(
                words.as_mut_ptr().cast::<c_void>(),
                self.ptr,
                Self::BYTES,
                None,
            )
        }?;
        if words[0] == 0 {
            return Ok(None);
        }
        // SAFETY: as above; then wait, so no later launch on any stream sees the old record.
        unsafe {
            driver
                .memset(self.ptr, 0, Self::BYTES, Some(stream))
                .and_then(|()| driver.synchronize_stream(stream))
        }?;
        Ok(Some(words))
    }
}
