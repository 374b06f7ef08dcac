//! Failed `assert`s of debug kernels on the GPU (docs/debugging.md).
//!
//! A kernel compiled with `debug=True` records its first failed assertion in the module global
//! `__oxcuda_assert_info` (`oxcuda_nvvm::ASSERT_INFO`: the assertion's number plus one, then
//! `threadIdx` and `blockIdx`) and ends the failing thread, with no trap, so the context stays
//! usable. After each launch of such a kernel, [`Asserts::check`] waits for the launch, reads
//! the record and, when an assertion failed, clears the record and raises `AssertionError`
//! with the message in the simulator's form. Kernels without checked asserts have no
//! [`Asserts`], so their launches pay nothing.

use std::ffi::c_void;

use oxcuda_driver::sys::{CuDevicePtr, CuModule, CuStream};
use oxcuda_nvvm::{ASSERT_INFO, ASSERT_INFO_WORDS};
use oxcuda_runtime::context::DeviceContext;
use pyo3::exceptions::PyAssertionError;
use pyo3::prelude::*;

use crate::boundary::driver_error;

/// One checked `assert`: message, function, file, line, column (as the compile reports them).
pub type Site = (String, String, String, u32, u32);

/// The checked `assert`s of a loaded kernel and the address of their record.
#[derive(Debug)]
pub struct Asserts {
    /// The kernel's Python name.
    kernel: String,
    /// By number (the record holds the number plus one).
    sites: Vec<Site>,
    record: CuDevicePtr,
}

const RECORD_BYTES: usize = ASSERT_INFO_WORDS * 4;

impl Asserts {
    /// Finds the record in `module` (loaded, its context current) for a kernel whose compile
    /// reported `sites`; `None` when there are none to check.
    pub fn find(
        py: Python<'_>,
        ctx: &DeviceContext,
        module: CuModule,
        kernel: String,
        sites: Vec<Site>,
    ) -> PyResult<Option<Self>> {
        if sites.is_empty() {
            return Ok(None);
        }
        // SAFETY: the module is live and its context current (the caller's contract).
        let (record, bytes) = unsafe { ctx.driver().module_global(module, ASSERT_INFO) }
            .map_err(|e| driver_error(py, &e))?;
        if bytes != RECORD_BYTES {
            return Err(PyAssertionError::new_err(format!(
                "{ASSERT_INFO} of kernel {kernel} has {bytes} bytes, not {RECORD_BYTES}"
            )));
        }
        Ok(Some(Self {
            kernel,
            sites,
            record,
        }))
    }

    /// Waits for the launch on `stream` and raises `AssertionError` if an assertion failed
    /// (clearing the record first, so the next launch starts clean). The context is current.
    pub fn check(&self, py: Python<'_>, ctx: &DeviceContext, stream: CuStream) -> PyResult<()> {
        let driver = ctx.driver();
        let stream_addr = stream as usize;
        // SAFETY: the stream handle is live in the current context (the launch just used it).
        py.detach(|| unsafe { driver.synchronize_stream(stream_addr as CuStream) })
            .map_err(|e| driver_error(py, &e))?;
        let mut words = [0u32; ASSERT_INFO_WORDS];
        // SAFETY: `words` holds RECORD_BYTES; the record is device memory of that size.
        unsafe {
            driver.copy_dtoh(
                words.as_mut_ptr().cast::<c_void>(),
                self.record,
                RECORD_BYTES,
                None,
            )
        }
        .map_err(|e| driver_error(py, &e))?;
        if words[0] == 0 {
            return Ok(());
        }
        // SAFETY: as above; then wait, so no later launch on any stream sees the old record.
        unsafe {
            driver
                .memset(self.record, 0, RECORD_BYTES, Some(stream))
                .and_then(|()| driver.synchronize_stream(stream))
        }
        .map_err(|e| driver_error(py, &e))?;
        Err(PyAssertionError::new_err(self.message(&words)))
    }

    /// The message for a record, in the simulator's form.
    fn message(&self, words: &[u32; ASSERT_INFO_WORDS]) -> String {
        let dim3 = |w: &[u32]| format!("({}, {}, {})", w[0], w[1], w[2]);
        let (thread, block) = (dim3(&words[1..4]), dim3(&words[4..7]));
        let index = usize::try_from(words[0] - 1).unwrap_or(usize::MAX);
        match self.sites.get(index) {
            Some((message, function, file, line, col)) => format!(
                "{message}\n  in kernel '{}' at {file}:{line}:{col} in {function}, thread \
                 {thread} of block {block}",
                self.kernel
            ),
            None => format!(
                "assertion #{} failed\n  in kernel '{}', thread {thread} of block {block}",
                words[0], self.kernel
            ),
        }
    }
}
