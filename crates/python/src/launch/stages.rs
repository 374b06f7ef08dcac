//! A loaded kernel's way back to its compile stages: numba's `_Kernel.inspect_llvm()` and
//! `inspect_asm()` on the objects of `Dispatcher.overloads`.
//!
//! The kernel holds the dispatcher's stage reader (`stages`, a Python callable taking a stage
//! name from `compiler.stages()` and a compute capability or `None`), never the stage texts themselves: the dispatcher keeps the
//! artifacts and produces a stage the compile did not store on demand (the simulator's kernels
//! stop at the typed IR, and their NVVM IR is written when asked). A kernel made without one
//! (directly from a cubin) says so.

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The stage reader of one kernel, or none.
#[derive(Debug, Default)]
pub struct Stages(Option<Py<PyAny>>);

impl Stages {
    /// Holds `reader` (a callable `reader(stage_name)`), if any.
    pub fn new(reader: Option<Py<PyAny>>) -> Self {
        Self(reader)
    }

    /// The output of compile stage `stage` (`"nvvm"`, `"ptx"`, …) for this kernel.
    pub fn read(&self, py: Python<'_>, stage: &str) -> PyResult<Py<PyAny>> {
        self.read_for(py, stage, None)
    }

    /// [`Self::read`] for compute capability `cc` (numba's `_Kernel.inspect_asm(cc)`): the
    /// kernel's own output when `cc` is `None` or the one it was compiled for, else the
    /// dispatcher compiles the stage for `cc`.
    pub fn read_for(
        &self,
        py: Python<'_>,
        stage: &str,
        cc: Option<Py<PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        match &self.0 {
            Some(reader) => Ok(reader.call1(py, (stage, cc))?),
            None => Err(PyRuntimeError::new_err(format!(
                "this kernel was loaded without its compile stages, so its {stage} cannot be \
                 shown: use the dispatcher's inspect_llvm()/inspect_asm(signature)"
            ))),
        }
    }
}
