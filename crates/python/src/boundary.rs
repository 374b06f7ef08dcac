//! The one Rust → Python error boundary.
//!
//! Rust errors are mapped to Python exceptions here and nowhere else: the classes of
//! `python/oxcuda/errors.py` (looked up by name in that module, so the hierarchy is defined
//! once, in Python, where users read it) for driver, support, linker and internal errors, and
//! the builtin exceptions for runtime, layout and simulator errors (`runtime_error`,
//! `layout_error`, `sim_error`). Panics become `InternalCompilerError` in [`guard`].

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};

use oxcuda_runtime::{Error, LayoutError};
use pyo3::call::PyCallArgs;
use pyo3::exceptions::{
    PyAssertionError, PyIndexError, PyMemoryError, PyNotImplementedError, PyRuntimeError,
    PyValueError,
};
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
    /// nvJitLink or libNVVM refused an input.
    Linker,
    /// NVRTC could not compile a CUDA C++ source.
    NvrtcCompilation,
    /// A signature or type that does not parse.
    Typing,
    /// The simulator's race detection found problems.
    Race,
    /// The kernel uses what the target cannot compile (numba's `UnsupportedError`).
    Unsupported,
}

impl ErrorKind {
    fn class_name(self) -> &'static str {
        match self {
            Self::CudaSupport => "CudaSupportError",
            Self::CudaDriver => "CudaDriverError",
            Self::InternalCompiler => "InternalCompilerError",
            Self::Linker => "LinkerError",
            Self::NvrtcCompilation => "NvrtcCompilationError",
            Self::Typing => "TypingError",
            Self::Race => "RaceError",
            Self::Unsupported => "UnsupportedError",
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
pub fn driver_error(py: Python<'_>, e: &oxcuda_runtime::DriverError) -> PyErr {
    raise(
        py,
        ErrorKind::CudaDriver,
        (e.call, e.code, e.name.clone(), e.description.clone()),
    )
}

/// A runtime error as the Python exception the module doc lists.
pub fn runtime_error(py: Python<'_>, e: &Error) -> PyErr {
    match e {
        Error::Driver(d) => driver_error(py, d),
        Error::DeviceOutOfMemory(m) => raise(
            py,
            ErrorKind::CudaDriver,
            ("cuMemAlloc", 2, "CUDA_ERROR_OUT_OF_MEMORY", m.clone()),
        ),
        Error::HostOutOfMemory(m) => PyMemoryError::new_err(m.clone()),
        Error::Value(m) => PyValueError::new_err(m.clone()),
        Error::Context(m) => PyRuntimeError::new_err(m.clone()),
    }
}

/// A layout error as `ValueError`, `IndexError` or `NotImplementedError`.
pub fn layout_error(e: LayoutError) -> PyErr {
    match e {
        LayoutError::Value(m) => PyValueError::new_err(m),
        LayoutError::Index(m) => PyIndexError::new_err(m),
        LayoutError::NeedsCopy(m) => PyNotImplementedError::new_err(m),
    }
}

pub fn sim_error(py: Python<'_>, e: oxcuda_sim::SimError) -> PyErr {
    use oxcuda_sim::SimErrorKind as K;
    match e.kind {
        K::IndexError => PyIndexError::new_err(e.message),
        K::AssertionError => match e.raises {
            Some(class) => builtin_exception(py, &class, e.message),
            None => PyAssertionError::new_err(e.message),
        },
        K::LaunchError => PyValueError::new_err(e.message),
        K::InternalError => raise(py, ErrorKind::InternalCompiler, (e.message,)),
        K::BarrierError | K::UnsupportedError => PyRuntimeError::new_err(e.message),
        K::Interrupted => crate::launch::sim_interrupt::interrupted(py, e.message),
        K::RaceError => raise(py, ErrorKind::Race, (e.message,)),
    }
}

/// The exception class `class` with `message`: a builtin by name (`ZeroDivisionError`,
/// `ValueError`, …), or a user-defined class by the key its capture registered
/// (`oxcuda_ir::is_user_exception`, `oxcuda.cuda._user_exceptions`); `AssertionError` when
/// neither is found.
pub fn builtin_exception(py: Python<'_>, class: &str, message: String) -> PyErr {
    let found = if oxcuda_ir::is_user_exception(class) {
        py.import("oxcuda.cuda._user_exceptions")
            .and_then(|m| m.call_method1("lookup", (class,)))
            .ok()
    } else {
        py.import("builtins").and_then(|b| b.getattr(class)).ok()
    };
    let found = found
        .and_then(|c| c.cast_into::<pyo3::types::PyType>().ok())
        .filter(|t| {
            t.is_subclass_of::<pyo3::exceptions::PyBaseException>()
                .unwrap_or(false)
        });
    match found {
        Some(t) => PyErr::from_type(t, message),
        None => PyAssertionError::new_err(message),
    }
}

pub fn support_error(py: Python<'_>, component: &str, e: &dyn std::fmt::Display) -> PyErr {
    raise(
        py,
        ErrorKind::CudaSupport,
        (format!("{component} is unusable: {e}"),),
    )
}

/// Set by the hidden test hook `_native._panic_in_next_guard()`: the next guarded call panics
/// before its body runs, so a test can check that any export (a getter, say) turns a panic
/// into `InternalCompilerError`. One relaxed load per call when unset.
static PANIC_IN_NEXT_GUARD: AtomicBool = AtomicBool::new(false);

/// Arms [`PANIC_IN_NEXT_GUARD`] (the test hook).
pub fn panic_in_next_guard() {
    PANIC_IN_NEXT_GUARD.store(true, Ordering::Relaxed);
}

/// Runs `body`, turning a panic into `InternalCompilerError`.
///
/// The panic message and the crate version go into the exception; the interpreter goes on.
/// Every function and method `oxcuda._native` exports runs its body through this (getters,
/// dunder methods and constructors too); the only exceptions are `__traverse__` methods,
/// which the garbage collector calls and which only visit references.
pub fn guard<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    let armed = || {
        PANIC_IN_NEXT_GUARD.load(Ordering::Relaxed)
            && PANIC_IN_NEXT_GUARD.swap(false, Ordering::Relaxed)
    };
    match catch_unwind(AssertUnwindSafe(|| {
        if armed() {
            panic!("a panic provoked by _native._panic_in_next_guard (a test hook)");
        }
        body()
    })) {
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

/// The `CudaSupportError` for a compiler library (`tool`, e.g. "NVRTC") used before it was
/// opened: it names the `oxcuda._toolchain` function (`call`) that opens it.
pub fn not_open(py: Python<'_>, tool: &str, call: &str) -> PyErr {
    raise(
        py,
        ErrorKind::CudaSupport,
        (format!(
            "{tool} is not open: call oxcuda._toolchain.{call}() first"
        ),),
    )
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
            not_open(py, tool.name(), call)
        }
        E::MissingLibdevice | E::Libdevice { .. } => {
            raise(py, ErrorKind::CudaSupport, (e.to_string(),))
        }
        E::Link { .. } => raise(py, ErrorKind::Linker, (e.to_string(),)),
        E::Input { .. } | E::Unreachable { .. } => {
            pyo3::exceptions::PyValueError::new_err(e.to_string())
        }
        E::Codegen { ref error, .. } if error.unsupported_target => {
            let at = if error.loc.line > 0 {
                format!(" (line {})", error.loc.line)
            } else {
                String::new()
            };
            raise(
                py,
                ErrorKind::Unsupported,
                (format!("{}{at}: {}", error.function, error.message),),
            )
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
