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
}

impl ErrorKind {
    fn class_name(self) -> &'static str {
        match self {
            Self::CudaSupport => "CudaSupportError",
            Self::CudaDriver => "CudaDriverError",
            Self::InternalCompiler => "InternalCompilerError",
            Self::Linker => "LinkerError",
            Self::Typing => "TypingError",
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

/// A compile failure as the `oxcuda.errors` class for whose fault it is: the kernel's
/// (`CompileError`/`TypingError` with the diagnostics), a missing or unusable library
/// (`CudaSupportError`), a link input (`LinkerError`), a bad stage input (`ValueError`), or
/// oxcuda's own bug (`InternalCompilerError`, with the IR it is about).
pub fn compile_error(py: Python<'_>, e: oxcuda_compiler::CompileError) -> PyErr {
    use oxcuda_compiler::{CompileError as E, Tool};
    match e {
        E::Diagnostics(diags) => diagnostics_error(py, &diags),
        E::ToolMissing(tool) => {
            let call = match tool {
                Tool::Nvvm => "nvvm_info",
                Tool::NvJitLink => "nvjitlink_info",
            };
            raise(
                py,
                ErrorKind::CudaSupport,
                (format!(
                    "{} is not open: call oxcuda._toolchain.{call}() first",
                    tool.name()
                ),),
            )
        }
        E::MissingLibdevice | E::Libdevice { .. } => {
            raise(py, ErrorKind::CudaSupport, (e.to_string(),))
        }
        E::Link { .. } => raise(py, ErrorKind::Linker, (e.to_string(),)),
        E::Input { .. } | E::Unreachable { .. } => {
            pyo3::exceptions::PyValueError::new_err(e.to_string())
        }
        E::Verification { .. } | E::Codegen { .. } | E::Nvvm { .. } => {
            raise(py, ErrorKind::InternalCompiler, (e.to_string(),))
        }
    }
}

/// Diagnostics as the Python `CompileError`/`TypingError` built by `oxcuda.errors`.
pub fn diagnostics_error(py: Python<'_>, diags: &[oxcuda_syntax::diagnostic::Resolved]) -> PyErr {
    use pyo3::types::{PyDict, PyList};
    let build = || -> PyResult<PyErr> {
        let list = PyList::empty(py);
        for d in diags {
            let item = PyDict::new(py);
            item.set_item("code", d.code)?;
            item.set_item("typing", d.typing)?;
            item.set_item("message", &d.message)?;
            item.set_item("file", &d.file)?;
            item.set_item("line", d.line)?;
            item.set_item("column", d.column)?;
            item.set_item("source_line", &d.source_line)?;
            item.set_item("hint", &d.hint)?;
            item.set_item("rendered", d.render())?;
            list.append(item)?;
        }
        let exc = py
            .import("oxcuda.errors")?
            .getattr("_from_diagnostics")?
            .call1((list,))?;
        Ok(PyErr::from_value(exc))
    };
    build().unwrap_or_else(|e| e)
}
