//! The Python face of the compile pipeline (`oxcuda-compiler`): Python values → a
//! [`Request`], and the [`Artifacts`] back as a [`CompileArtifacts`] object that reads each stage
//! when asked (typed IR is printed only then). Errors go through `boundary::compile_error`.
//!
//! The stage names Python uses (`OXCUDA_DUMP`, `inspect_*`, `python -m oxcuda.compile_stage`)
//! come from `compile_stages()`, i.e. from `oxcuda_compiler::STAGES`; nothing here lists them.

use std::path::PathBuf;
use std::time::Instant;

use oxcuda_compiler::{
    Artifacts, ExtensionResolver, Form, Options, Request, STAGES, Signature, Stage, Toolchain,
};
use oxcuda_ir::FunctionKind;
use oxcuda_nvvm::ptx_version;
use oxcuda_nvvm::{CodegenOptions, LaunchBounds};
use oxcuda_typeck::CompileOptions;
use oxcuda_types::{Type, parse_type};
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::boundary::{ErrorKind, compile_error, guard, raise};
use crate::toolchain;

fn parse_types(py: Python<'_>, texts: &[String]) -> PyResult<Vec<Type>> {
    texts
        .iter()
        .map(|t| {
            parse_type(t).map_err(|e| {
                raise(
                    py,
                    ErrorKind::Typing,
                    (format!("bad type {t:?} in the signature: {e}"),),
                )
            })
        })
        .collect()
}

fn option<T>(options: &Bound<'_, PyDict>, key: &str) -> PyResult<Option<T>>
where
    T: for<'a, 'py> FromPyObject<'a, 'py>,
{
    match options.get_item(key)? {
        Some(v) if !v.is_none() => Ok(Some(v.extract().map_err(Into::into)?)),
        _ => Ok(None),
    }
}

/// A stage by name (or alias), or `ValueError` listing the names.
fn stage(name: &str, what: &str) -> PyResult<Stage> {
    Stage::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "{what} must be a compile stage ({}), not {name:?}",
            Stage::names()
        ))
    })
}

/// The compile options of a Python dict, for `target`.
fn options(
    options: &Bound<'_, PyDict>,
    target: Stage,
    libdevice: Option<PathBuf>,
) -> PyResult<Options> {
    let cc: (u32, u32) = option(options, "cc")?.unwrap_or((7, 5));
    let launch_bounds = match option::<Vec<u32>>(options, "launch_bounds")? {
        None => None,
        Some(v) if v.is_empty() => None,
        Some(v) => Some(LaunchBounds {
            max_threads_per_block: v[0],
            min_blocks_per_sm: v.get(1).copied(),
            max_blocks_per_cluster: v.get(2).copied(),
        }),
    };
    let keep = option::<Vec<String>>(options, "keep")?
        .unwrap_or_default()
        .iter()
        .map(|n| stage(n, "a kept stage"))
        .collect::<PyResult<_>>()?;
    Ok(Options {
        target,
        codegen: CodegenOptions {
            cc,
            arch_suffix: match option::<String>(options, "arch_suffix")?.as_deref() {
                None | Some("") => None,
                Some("a") => Some('a'),
                Some("f") => Some('f'),
                Some(other) => {
                    return Err(PyValueError::new_err(format!(
                        "cc's third item is {other:?}; it must be \"a\" (architecture-specific, \
                         e.g. sm_90a) or \"f\" (family-specific, e.g. sm_100f)"
                    )));
                }
            },
            fastmath: option(options, "fastmath")?.unwrap_or(false),
            opt_level: if option(options, "opt")?.unwrap_or(true) {
                3
            } else {
                0
            },
            lineinfo: option(options, "lineinfo")?.unwrap_or(false),
            debug: option(options, "debug")?.unwrap_or(false),
            max_registers: option(options, "max_registers")?,
            launch_bounds,
            lto: option(options, "lto")?.unwrap_or(false),
            ir_version: (2, 0, 3, 2),
            numba_abi: option(options, "numba_abi")?.unwrap_or(false),
        },
        libdevice,
        link: match options.get_item("link")? {
            Some(list) if !list.is_none() => crate::link::inputs(list.cast::<PyList>()?)?,
            _ => Vec::new(),
        },
        keep,
        lto_auto: option(options, "lto_auto")?.unwrap_or(false),
    })
}

/// Builds a [`Request`] from the Python arguments of `_native.compile`.
#[allow(clippy::too_many_arguments, reason = "mirrors the Python call")]
fn request(
    py: Python<'_>,
    sources: &Bound<'_, PyList>,
    entry: usize,
    args: Vec<String>,
    kind: &str,
    ret: Option<String>,
    opts: &Bound<'_, PyDict>,
    output: &str,
    libdevice: Option<PathBuf>,
) -> PyResult<Request> {
    let start = Instant::now();
    let kind = match kind {
        "kernel" => FunctionKind::Kernel,
        "device" => FunctionKind::Device,
        other => {
            return Err(PyValueError::new_err(format!(
                "kind must be 'kernel' or 'device', not {other:?}"
            )));
        }
    };
    let target = stage(output, "output")?;
    let ret = match ret {
        Some(r) => Some(parse_types(py, &[r])?.remove(0)),
        None => None,
    };
    let options = options(opts, target, libdevice)?;
    let signature = Signature {
        args: parse_types(py, &args)?,
        kind,
        ret,
        typeck: CompileOptions {
            debug: options.codegen.debug,
            fastmath: options.codegen.fastmath,
        },
        symbol: option(opts, "symbol")?,
        resolver: match opts.get_item("resolver")? {
            Some(r) if !r.is_none() => Some(ExtensionResolver(std::sync::Arc::new(
                crate::compile::extending::PyResolver::new(r.unbind()),
            ))),
            _ => None,
        },
    };
    let sources = crate::capture::sources(sources)?;
    Ok(Request {
        sources,
        entry,
        signature,
        options,
        source_seconds: start.elapsed().as_secs_f64(),
    })
}

/// The libraries `crates/python/src/compile/toolchain.rs` has opened.
fn tools() -> Toolchain {
    Toolchain {
        nvvm: toolchain::nvvm(),
        nvjitlink: toolchain::nvjitlink(),
    }
}

/// What a compile produced (`oxcuda_compiler::Artifacts`), read like a dict: a stage's name
/// (or alias) gives its output (`str`, or `bytes` for LTO-IR and cubins; `None` when this
/// compile did not produce it), and `kernel_name`, `return_type`, `times`, `lto`, `asserts`,
/// `warnings`,
/// `ptx_isa` and `module` (the typed IR for the simulator) give the rest. Keys the Python side
/// sets (`cache_file`, …) are kept beside them.
#[derive(Debug)]
#[pyclass(module = "oxcuda._native", name = "CompileArtifacts")]
pub struct CompileArtifacts {
    artifacts: Artifacts,
    extra: Py<PyDict>,
}

impl CompileArtifacts {
    fn new(py: Python<'_>, artifacts: Artifacts) -> Self {
        Self {
            artifacts,
            extra: PyDict::new(py).unbind(),
        }
    }

    fn stage_value<'py>(&self, py: Python<'py>, stage: Stage) -> Option<Bound<'py, PyAny>> {
        match stage.info().form {
            Form::Bytes => self
                .artifacts
                .bytes(stage)
                .map(|b| PyBytes::new(py, b).into_any()),
            _ => self
                .artifacts
                .text(stage)
                .map(|t| pyo3::types::PyString::new(py, &t).into_any()),
        }
    }

    fn field<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        let a = &self.artifacts;
        Ok(Some(match key {
            "kernel_name" => a.kernel_name.clone().into_pyobject(py)?.into_any(),
            "return_type" => a.ret.to_string().into_pyobject(py)?.into_any(),
            "times" => a.times.clone().into_pyobject(py)?.into_any(),
            "lto" => pyo3::types::PyBool::new(py, a.lto).to_owned().into_any(),
            // The compute capability the GPU stages are (or would be) compiled for.
            "cc" => a.options.codegen.cc.into_pyobject(py)?.into_any(),
            // The kernel synchronises the grid: the launcher launches it cooperatively.
            "cooperative" => pyo3::types::PyBool::new(py, a.cooperative)
                .to_owned()
                .into_any(),
            "asserts" => self.asserts(py)?,
            // numba-cuda's compile-time warnings, for `warnings.warn(…, NumbaWarning)`.
            "warnings" => a.warnings.clone().into_pyobject(py)?.into_any(),
            "ptx_isa" => match a.text(Stage::Ptx) {
                Some(ptx) => ptx_version::ptx_isa_version(&ptx)
                    .into_pyobject(py)?
                    .into_any(),
                None => return Ok(None),
            },
            "module" => match a.typed() {
                // The simulator's input: the one copy of the typed IR a simulator compile makes.
                Some(m) => {
                    Bound::new(py, crate::kernel::IrModule { module: m.clone() })?.into_any()
                }
                None => return Ok(None),
            },
            _ => return Err(PyKeyError::new_err(key.to_owned())),
        }))
    }

    /// `(kernel's Python name, [(message, function, file, line, col)])` for `GpuKernel`, or
    /// `None` when no assert is checked.
    fn asserts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let a = &self.artifacts;
        if a.asserts.is_empty() {
            return Ok(py.None().into_bound(py));
        }
        let sites: Vec<crate::assertions::Site> = a
            .asserts
            .iter()
            .map(|s| {
                (
                    s.message.clone(),
                    s.function.clone(),
                    s.file.clone(),
                    s.line,
                    s.col,
                    s.exception.clone(),
                )
            })
            .collect();
        let name = a.typed().map_or_else(
            || a.kernel_name.clone(),
            |m| m.functions[0].display_name.clone(),
        );
        Ok((name, sites).into_pyobject(py)?.into_any())
    }
}

#[pymethods]
impl CompileArtifacts {
    fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            if let Some(v) = self.extra.bind(py).get_item(key)? {
                return Ok(v);
            }
            if let Some(stage) = Stage::from_name(key) {
                return Ok(self
                    .stage_value(py, stage)
                    .unwrap_or_else(|| py.None().into_bound(py)));
            }
            Ok(self
                .field(py, key)?
                .unwrap_or_else(|| py.None().into_bound(py)))
        })
    }

    fn __setitem__(&self, py: Python<'_>, key: &str, value: Bound<'_, PyAny>) -> PyResult<()> {
        guard(|| self.extra.bind(py).set_item(key, value))
    }

    fn __contains__(&self, py: Python<'_>, key: &str) -> PyResult<bool> {
        guard(|| {
            Ok(self.extra.bind(py).contains(key)?
                || Stage::from_name(key).is_some_and(|s| self.artifacts.get(s).is_some())
                || self.field(py, key).is_ok_and(|v| v.is_some()))
        })
    }

    /// `self[key]`, or `default` when the key is unknown or its value is `None`.
    #[pyo3(signature = (key, default=None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &str,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let default = default.unwrap_or_else(|| py.None().into_bound(py));
        match self.__getitem__(py, key) {
            Ok(v) if !v.is_none() => Ok(v),
            Ok(_) => Ok(default),
            Err(e) if e.is_instance_of::<PyKeyError>(py) => Ok(default),
            Err(e) => Err(e),
        }
    }

    /// The names of the stages this compile holds, in pipeline order.
    fn stored(&self) -> PyResult<Vec<&'static str>> {
        guard(|| Ok(self.artifacts.stored().map(Stage::name).collect()))
    }

    /// Produces `target` from the stored stages (the typed IR of a simulator compile, the NVVM
    /// IR of an LTO compile), running only the steps after them; the libraries it needs must be
    /// open (`oxcuda._toolchain`). `libdevice` replaces the compile's (a simulator compile
    /// has none).
    #[pyo3(signature = (target, libdevice=None))]
    fn advance(
        &mut self,
        py: Python<'_>,
        target: &str,
        libdevice: Option<PathBuf>,
    ) -> PyResult<()> {
        guard(|| {
            let target = stage(target, "target")?;
            if libdevice.is_some() {
                self.artifacts.options.libdevice = libdevice;
            }
            let tools = tools();
            self.artifacts
                .advance(target, &tools)
                .map_err(|e| compile_error(py, e))
        })
    }

    /// nvJitLink's `-verbose` report of the cubin's link (advance to "cubin" first): ptxas's
    /// registers, stack frame, shared and constant memory of the kernel, which
    /// `oxcuda.cuda._resources` reads for a simulator kernel's resource queries.
    fn link_report(&self, py: Python<'_>) -> PyResult<String> {
        guard(|| {
            let tools = tools();
            self.artifacts
                .link_report(&tools)
                .map_err(|e| compile_error(py, e))
        })
    }
}

/// `_native.compile(sources, entry, args, kind, ret, options, output, libdevice)`: the pipeline
/// for `cuda.compile_ptx`, `cuda.compile` and the dispatcher, up to the stage `output`.
#[pyfunction]
#[pyo3(signature = (sources, entry, args, kind, ret, options, output, libdevice=None))]
#[allow(clippy::too_many_arguments, reason = "mirrors the Python call")]
pub(crate) fn compile(
    py: Python<'_>,
    sources: &Bound<'_, PyList>,
    entry: usize,
    args: Vec<String>,
    kind: &str,
    ret: Option<String>,
    options: &Bound<'_, PyDict>,
    output: &str,
    libdevice: Option<PathBuf>,
) -> PyResult<CompileArtifacts> {
    guard(|| {
        let req = request(
            py, sources, entry, args, kind, ret, options, output, libdevice,
        )?;
        // Without the GIL: the compile is Rust and NVIDIA's libraries (an extension resolver
        // takes the GIL back for each question it asks Python), so other Python threads run
        // meanwhile — the compiler's warm-up beside a context creation, or a second compile.
        let tools = tools();
        let artifacts = py
            .detach(|| oxcuda_compiler::compile(req, &tools))
            .map_err(|e| compile_error(py, e))?;
        Ok(CompileArtifacts::new(py, artifacts))
    })
}

/// `_native.compile_from(stage, data, target, options, libdevice)`: `data` (a file's bytes) fed
/// into the pipeline as the output of `stage`, compiled up to `target` (docs/debugging.md).
#[pyfunction]
#[pyo3(signature = (stage, data, target, options, libdevice=None))]
pub(crate) fn compile_from(
    py: Python<'_>,
    stage: &str,
    data: &[u8],
    target: &str,
    options: &Bound<'_, PyDict>,
    libdevice: Option<PathBuf>,
) -> PyResult<CompileArtifacts> {
    guard(|| {
        let fed = self::stage(stage, "the stage fed in")?;
        let target = self::stage(target, "the target")?;
        let options = self::options(options, target, libdevice)?;
        let artifacts = oxcuda_compiler::compile_from(fed, data, options, &tools())
            .map_err(|e| compile_error(py, e))?;
        Ok(CompileArtifacts::new(py, artifacts))
    })
}

/// One stage for Python: `(name, aliases, timer, form, feedable, what)`.
type StageRow = (
    &'static str,
    Vec<&'static str>,
    &'static str,
    &'static str,
    bool,
    &'static str,
);

/// `_native.compile_stages()`: every stage in pipeline order, as
/// `(name, aliases, timer, form, feedable, what)` (`form`: `sources`, `module`, `text`,
/// `bytes`).
#[pyfunction]
pub(crate) fn compile_stages() -> Vec<StageRow> {
    STAGES
        .iter()
        .map(|i| {
            let form = match i.form {
                Form::Sources => "sources",
                Form::Module => "module",
                Form::Text => "text",
                Form::Bytes => "bytes",
            };
            (
                i.name,
                i.aliases.to_vec(),
                i.timer,
                form,
                i.feedable,
                i.what,
            )
        })
        .collect()
}

/// `_native.cuda_release_for_isa((major, minor))`: the CUDA release that introduced a PTX ISA
/// version, or `(99, 0)` for one newer than oxcuda knows.
#[pyfunction]
pub(crate) fn cuda_release_for_isa(isa: (u32, u32)) -> (u32, u32) {
    ptx_version::cuda_release_for_isa(isa).unwrap_or((99, 0))
}

/// `_native.parse_signature(text)`: `(argument type texts, return type text or None)`, each in
/// canonical form, or `TypingError` naming the problem.
#[pyfunction]
pub(crate) fn parse_signature(
    py: Python<'_>,
    text: &str,
) -> PyResult<(Vec<String>, Option<String>)> {
    guard(|| {
        let sig = oxcuda_types::parse_signature(text).map_err(|e| {
            raise(
                py,
                ErrorKind::Typing,
                (format!("bad signature {text:?}: {e}"),),
            )
        })?;
        Ok((
            sig.args.iter().map(ToString::to_string).collect(),
            sig.ret.map(|t| t.to_string()),
        ))
    })
}
