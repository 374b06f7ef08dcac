//! `oxcuda._native`: the one PyO3 module.
//!
//! This crate is the only place that touches Python. Every function exported here runs its body
//! through [`boundary::guard`], which turns Rust errors into the `oxcuda.errors` hierarchy and a
//! Rust panic into `InternalCompilerError`, so a bug in the core never aborts the interpreter.

mod args;
mod assertions;
mod boundary;
mod c_api;
mod cai;
mod capture;
mod compile;
pub mod devicearray;
mod devicerecord;
mod dlpack;
mod dlpack_abi;
mod dlpack_exchange;
mod emm;
mod kernel;
mod launcher;
mod link;
mod pinned;
mod records;
mod runtime;
mod sim_interrupt;
mod stream;
mod toolchain;

use pyo3::prelude::*;

/// Deliberately panics inside the boundary: the test that a panic becomes
/// `InternalCompilerError` and leaves the interpreter alive calls this.
#[pyfunction]
fn _panic_for_test(message: &str) -> PyResult<()> {
    boundary::guard(|| panic!("{message}"))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    toolchain::register(m)?;
    compile::register(m)?;
    link::register(m)?;
    kernel::register(m)?;
    records::register(m)?;
    runtime::register(m)?;
    c_api::register(m)?; // after runtime: it sets an attribute on DeviceNDArray
    Ok(())
}
