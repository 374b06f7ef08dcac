//! Failed `assert`s of debug kernels on the GPU (docs/debugging.md).
//!
//! A kernel compiled with `debug=True` records its first failed assertion in the module global
//! `__oxcuda_assert_info` (`oxcuda_nvvm::ASSERT_INFO`: the assertion's number plus one, then
//! `threadIdx` and `blockIdx`) and ends the failing thread, with no trap, so the context stays
//! usable. After each launch of such a kernel, [`Asserts::check`] waits for the launch, reads
//! the record and, when an assertion failed, clears the record and raises `AssertionError`
//! with the message the simulator gives (`oxcuda_ir::FailedCheck`: numba-cuda's prefix first). Kernels without checked asserts have no
//! [`Asserts`], so their launches pay nothing.

use oxcuda_nvvm::{ASSERT_INFO, ASSERT_INFO_WORDS};
use oxcuda_runtime::assertions::{AssertRecord, RecordError};
use oxcuda_runtime::module::Kernel;
use pyo3::exceptions::PyAssertionError;
use pyo3::prelude::*;

use crate::boundary::driver_error;

/// One checked `assert` (or debug check): message, function, file, line, column, and the
/// builtin exception class a failure raises (as the compile reports them).
pub type Site = (String, String, String, u32, u32, String);

/// The checked `assert`s of a loaded kernel and the address of their record.
#[derive(Debug)]
pub struct Asserts {
    /// The kernel's Python name.
    kernel: String,
    /// By number (the record holds the number plus one).
    sites: Vec<Site>,
    record: AssertRecord<ASSERT_INFO_WORDS>,
}

impl Asserts {
    /// Finds the record in `loaded` for a kernel whose compile reported `sites`; `None` when
    /// there are none to check.
    pub fn find(
        py: Python<'_>,
        loaded: &Kernel,
        kernel: String,
        sites: Vec<Site>,
    ) -> PyResult<Option<Self>> {
        if sites.is_empty() {
            return Ok(None);
        }
        let record = AssertRecord::find(loaded, ASSERT_INFO).map_err(|e| match e {
            RecordError::Driver(e) => driver_error(py, &e),
            RecordError::Size(bytes, want) => PyAssertionError::new_err(format!(
                "{ASSERT_INFO} of kernel {kernel} has {bytes} bytes, not {want}"
            )),
        })?;
        Ok(Some(Self {
            kernel,
            sites,
            record,
        }))
    }

    /// Waits for the launch on `stream` and raises `AssertionError` if an assertion failed
    /// (the runtime clears the record first, so the next launch starts clean).
    pub fn check(&self, py: Python<'_>, loaded: &Kernel, stream: usize) -> PyResult<()> {
        let record = self.record;
        match py.detach(|| record.take(loaded, stream)) {
            Ok(None) => Ok(()),
            Ok(Some(words)) => {
                let message = self.message(&words);
                let index = usize::try_from(words[0].wrapping_sub(1)).unwrap_or(usize::MAX);
                Err(match self.sites.get(index) {
                    Some(site) => crate::boundary::builtin_exception(py, &site.5, message),
                    None => PyAssertionError::new_err(message),
                })
            }
            Err(e) => Err(driver_error(py, &e)),
        }
    }

    /// The message for a record, as the simulator gives it (`oxcuda_ir::FailedCheck`).
    fn message(&self, words: &[u32; ASSERT_INFO_WORDS]) -> String {
        let thread = [words[1], words[2], words[3]];
        let block = [words[4], words[5], words[6]];
        let index = usize::try_from(words[0].wrapping_sub(1)).unwrap_or(usize::MAX);
        match self.sites.get(index) {
            Some((message, function, file, line, col, _)) => oxcuda_ir::FailedCheck {
                message,
                function,
                file,
                line: *line,
                col: *col,
                kernel: &self.kernel,
                thread,
                block,
            }
            .message(),
            None => format!(
                "assertion #{} failed\n  in kernel '{}', thread {thread:?} of block {block:?}",
                words[0], self.kernel
            ),
        }
    }
}
