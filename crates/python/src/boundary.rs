//! The one Rust → Python error boundary.
//!
//! Rust errors are mapped to the classes of `python/oxcuda/errors.py` here and nowhere else; the
//! classes are looked up by name in that module, so the hierarchy is defined once, in Python, where
//! users read it.

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::call::PyCallArgs;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The `oxcuda.errors` class an error becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// A needed CUDA component is missing or unusable.
    CudaSupport,
    /// A driver call failed.
    CudaDriver,
    /// libNVVM rejected IR oxcuda wrote: our bug.
    InternalCompiler,
    /// nvJitLink or NVRTC refused an input.
    Linker,
    /// A signature or type that does not parse.
    Typing,
    /// The simulator's race detection found problems.
    Race,
}

impl ErrorKind {
    fn class_name(self) -> &'static str {
        match self {
            Self::CudaSupport => "CudaSupportError",
            Self::CudaDriver => "CudaDriverError",
            Self::InternalCompiler => "InternalCompilerError",
            Self::Linker => "LinkerError",
            Self::Typing => "TypingError",
            Self::Race => "RaceError",
        }
    }
}

/// Builds an `oxcuda.errors` exception of `kind` with the constructor arguments `args`.
pub fn raise<'py, A>(py: Python<'py>, kind: ErrorKind, args: A) -> PyErr
where
    A: PyCallArgs<'py>,
{
    let build = || -> PyResult<PyErr> {
        let class = py.import("oxcuda.errors")?.getattr(kind.class_name())?;
        let instance = class.call1(args)?;
        Ok(PyErr::from_value(instance))
    };
    build().unwrap_or_else(|e| e)
}

/// A driver error as `CudaDriverError(call, code, name, description)`.
pub fn driver_error(py: Python<'_>, e: &oxcuda_driver::DriverError) -> PyErr {
    raise(
        py,
        ErrorKind::CudaDriver,
        (e.call, e.code, e.name.clone(), e.description.clone()),
    )
}

/// Runs `body`, turning a panic into `InternalCompilerError`.
///
/// The panic message and the crate version go into the exception; the interpreter goes on.
pub fn guard<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".to_owned());
            Python::attach(|py| {
                let text = format!("{message} (oxcuda core {})", env!("CARGO_PKG_VERSION"));
                let err = raise(py, ErrorKind::InternalCompiler, (text,));
                if err.is_instance_of::<pyo3::exceptions::PyException>(py) {
                    Err(err)
                } else {
                    Err(PyRuntimeError::new_err(message))
                }
            })
        }
    }
}
