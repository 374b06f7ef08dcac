//! The compile pipeline behind `cuda.compile_ptx`, `cuda.compile` and the dispatcher:
//! captured sources → typed IR → NVVM IR → PTX or LTO-IR → cubin, each stage timed.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use oxcuda_ir::{FunctionKind, Module};
use oxcuda_nvvm::codegen::{CodegenOptions, LaunchBounds};
use oxcuda_nvvm::pipeline::{self, LinkDebug};
use oxcuda_nvvm::{LinkInput, NvvmOutput, ptx_version};
use oxcuda_syntax::diagnostic::Resolved;
use oxcuda_typeck::{CompileOptions, FunctionSource};
use oxcuda_types::{Type, parse_type};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::boundary::{ErrorKind, guard, raise};
use crate::toolchain;

/// How far to go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// Typed IR only (the simulator's input).
    Ir,
    /// NVVM IR text.
    Nvvm,
    /// PTX text.
    Ptx,
    /// LTO-IR bytes.
    LtoIr,
    /// A cubin for the exact architecture.
    Cubin,
}

/// What to compile and how.
#[derive(Debug, Clone)]
pub struct Request {
    pub sources: Vec<FunctionSource>,
    pub entry: usize,
    pub args: Vec<Type>,
    pub kind: FunctionKind,
    pub ret: Option<Type>,
    pub typeck: CompileOptions,
    pub codegen: CodegenOptions,
    pub output: Output,
    pub libdevice: Option<PathBuf>,
    /// The entry function's symbol, when the caller chose it (`abi="c"`).
    pub symbol: Option<String>,
    /// The user's link inputs (`link=`, `declare_device(link=)`), linked into the cubin.
    pub link: Vec<LinkInput>,
}

/// Everything a compile produced.
#[derive(Debug, Clone)]
pub struct Artifacts {
    pub module: Module,
    pub nvvm: Option<String>,
    pub ptx: Option<String>,
    pub ltoir: Option<Vec<u8>>,
    pub cubin: Option<Vec<u8>>,
    pub kernel_name: String,
    pub ret: Type,
    /// The cubin was linked with link-time optimisation (our LTO-IR, `-lto`).
    pub lto: bool,
    /// `(stage, seconds)` in pipeline order.
    pub times: Vec<(&'static str, f64)>,
    /// The checked `assert`s (debug builds), by number (`oxcuda_nvvm::AssertSite`).
    pub asserts: Vec<oxcuda_nvvm::AssertSite>,
}

fn libdevice_bytes(path: &PathBuf) -> std::io::Result<Arc<Vec<u8>>> {
    static CACHE: Mutex<Option<HashMap<PathBuf, Arc<Vec<u8>>>>> = Mutex::new(None);
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let map = cache.get_or_insert_with(HashMap::new);
    if let Some(bytes) = map.get(path) {
        return Ok(Arc::clone(bytes));
    }
    let bytes = Arc::new(std::fs::read(path)?);
    map.insert(path.clone(), Arc::clone(&bytes));
    Ok(bytes)
}

/// Diagnostics as the Python `CompileError`/`TypingError` built by `oxcuda.errors`.
pub fn diagnostics_error(py: Python<'_>, diags: &[Resolved]) -> PyErr {
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

/// Runs the pipeline up to `request.output`.
pub fn run(py: Python<'_>, request: &Request) -> PyResult<Artifacts> {
    let mut times = Vec::new();
    let t = Instant::now();
    let module = oxcuda_typeck::compile(
        &request.sources,
        request.entry,
        &request.args,
        request.kind,
        request.ret.as_ref(),
        request.typeck,
    )
    .map_err(|d| diagnostics_error(py, &d))?;
    let mut module = module;
    if let Some(symbol) = &request.symbol {
        module.functions[0].name.clone_from(symbol);
    }
    times.push(("typing", t.elapsed().as_secs_f64()));
    let t = Instant::now();
    // Verifying after every pass costs little next to libNVVM; a failure is our bug.
    // An internal error carries the IR it is about, so a bug report holds what is needed.
    let verified = oxcuda_opt::optimize(&mut module, true);
    verified.map_err(|(pass, errors)| {
        let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
        raise(
            py,
            ErrorKind::InternalCompiler,
            (format!(
                "the IR failed verification after pass '{pass}':\n{}\n\nthe typed IR:\n{module}",
                list.join("\n")
            ),),
        )
    })?;
    times.push(("optimize", t.elapsed().as_secs_f64()));
    let entry = &module.functions[0];
    let mut out = Artifacts {
        kernel_name: entry.name.clone(),
        ret: entry.ret.clone(),
        lto: false,
        module: module.clone(),
        nvvm: None,
        ptx: None,
        ltoir: None,
        cubin: None,
        times: Vec::new(),
        asserts: Vec::new(),
    };
    if request.output == Output::Ir {
        out.times = times;
        return Ok(out);
    }
    let t = Instant::now();
    let nvvm_lib = toolchain::nvvm().ok_or_else(|| {
        raise(
            py,
            ErrorKind::CudaSupport,
            ("libNVVM is not open: call oxcuda._toolchain.nvvm_info() first",),
        )
    })?;
    let mut options = request.codegen.clone();
    options.ir_version = nvvm_lib.ir_version();
    options.lto = request.output == Output::LtoIr || options.lto;
    let written = oxcuda_nvvm::codegen::write_module_full(&module, &options).map_err(|e| {
        raise(
            py,
            ErrorKind::InternalCompiler,
            (format!(
                "writing NVVM IR failed: {e}\n\nthe typed IR:\n{module}"
            ),),
        )
    })?;
    times.push(("nvvm-ir", t.elapsed().as_secs_f64()));
    out.nvvm = Some(written.text.clone());
    out.asserts.clone_from(&written.asserts);
    if let Some(name) = written.kernels.first() {
        out.kernel_name.clone_from(name);
    }
    if request.output == Output::Nvvm {
        out.times = times;
        return Ok(out);
    }
    let t = Instant::now();
    let libdevice = match (&request.libdevice, written.needs_libdevice) {
        (Some(path), true) => Some(libdevice_bytes(path).map_err(|e| {
            raise(
                py,
                ErrorKind::CudaSupport,
                (format!("cannot read libdevice at {}: {e}", path.display()),),
            )
        })?),
        _ => None,
    };
    let compiled = pipeline::compile_written(
        &nvvm_lib,
        &written,
        &options,
        libdevice.as_deref().map(Vec::as_slice),
    )
    .map_err(|e| match e {
        pipeline::CompileError::MissingLibdevice => {
            raise(py, ErrorKind::CudaSupport, (e.to_string(),))
        }
        other => raise(
            py,
            ErrorKind::InternalCompiler,
            (format!(
                "libNVVM rejected the IR oxcuda wrote for {}: {other}\n\nthe NVVM IR:\n{}",
                request.sources[request.entry].name, written.text
            ),),
        ),
    })?;
    times.push(("libnvvm", t.elapsed().as_secs_f64()));
    match &compiled {
        NvvmOutput::Ptx(ptx) => out.ptx = Some(ptx.clone()),
        NvvmOutput::LtoIr(bytes) => out.ltoir = Some(bytes.clone()),
    }
    if request.output != Output::Cubin {
        out.times = times;
        return Ok(out);
    }
    let t = Instant::now();
    let link = toolchain::nvjitlink().ok_or_else(|| {
        raise(
            py,
            ErrorKind::CudaSupport,
            ("nvJitLink is not open: call oxcuda._toolchain.nvjitlink_info() first",),
        )
    })?;
    let debug = if request.codegen.debug {
        LinkDebug::Full
    } else if request.codegen.lineinfo {
        LinkDebug::LineInfo
    } else {
        LinkDebug::None
    };
    let cubin = pipeline::link_cubin(
        &link,
        &compiled,
        &request.link,
        request.codegen.cc,
        options.lto,
        debug,
    )
    .map_err(|e| {
        let message = crate::link::link_error_message(&out.kernel_name, &request.link, &e);
        raise(py, ErrorKind::Linker, (message,))
    })?;
    times.push(("nvjitlink", t.elapsed().as_secs_f64()));
    out.lto = matches!(compiled, NvvmOutput::LtoIr(_));
    out.cubin = Some(cubin);
    out.times = times;
    Ok(out)
}

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

/// Builds a [`Request`] from the Python arguments of `_native.compile`.
#[allow(clippy::too_many_arguments, reason = "mirrors the Python call")]
pub fn request(
    py: Python<'_>,
    sources: &Bound<'_, PyList>,
    entry: usize,
    args: Vec<String>,
    kind: &str,
    ret: Option<String>,
    options: &Bound<'_, PyDict>,
    output: &str,
    libdevice: Option<PathBuf>,
) -> PyResult<Request> {
    let kind = match kind {
        "kernel" => FunctionKind::Kernel,
        "device" => FunctionKind::Device,
        other => {
            return Err(PyValueError::new_err(format!(
                "kind must be 'kernel' or 'device', not {other:?}"
            )));
        }
    };
    let output = match output {
        "ir" => Output::Ir,
        "nvvm" | "llvm" => Output::Nvvm,
        "ptx" => Output::Ptx,
        "ltoir" => Output::LtoIr,
        "cubin" => Output::Cubin,
        other => {
            return Err(PyValueError::new_err(format!(
                "output must be one of ir, nvvm, ptx, ltoir, cubin; not {other:?}"
            )));
        }
    };
    let ret = match ret {
        Some(r) => Some(parse_types(py, &[r])?.remove(0)),
        None => None,
    };
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
    let debug = option(options, "debug")?.unwrap_or(false);
    Ok(Request {
        sources: crate::capture::sources(sources)?,
        entry,
        args: parse_types(py, &args)?,
        kind,
        ret,
        typeck: CompileOptions { debug },
        codegen: CodegenOptions {
            cc,
            fastmath: option(options, "fastmath")?.unwrap_or(false),
            opt_level: if option(options, "opt")?.unwrap_or(true) {
                3
            } else {
                0
            },
            lineinfo: option(options, "lineinfo")?.unwrap_or(false),
            debug,
            max_registers: option(options, "max_registers")?,
            launch_bounds,
            lto: option(options, "lto")?.unwrap_or(false),
            ir_version: (2, 0, 3, 2),
        },
        output,
        libdevice,
        symbol: option(options, "symbol")?,
        link: match options.get_item("link")? {
            Some(list) if !list.is_none() => crate::link::inputs(list.cast::<PyList>()?)?,
            _ => Vec::new(),
        },
    })
}

/// Artifacts as a Python dict: `ir`, `nvvm`, `ptx`, `ltoir`, `cubin`, `kernel_name`,
/// `return_type`, `times`, `lto`, `asserts`.
pub fn artifacts_dict<'py>(py: Python<'py>, a: &Artifacts) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("ir", a.module.to_string())?;
    d.set_item(
        "module",
        crate::kernel::IrModule {
            module: a.module.clone(),
        },
    )?;
    d.set_item("nvvm", &a.nvvm)?;
    d.set_item("ptx", &a.ptx)?;
    d.set_item("ltoir", a.ltoir.as_ref().map(|b| PyBytes::new(py, b)))?;
    d.set_item("cubin", a.cubin.as_ref().map(|b| PyBytes::new(py, b)))?;
    d.set_item("kernel_name", &a.kernel_name)?;
    d.set_item("return_type", a.ret.to_string())?;
    d.set_item("times", a.times.clone())?;
    d.set_item("lto", a.lto)?;
    // (kernel's Python name, [(message, function, file, line, col)]) for GpuKernel; None
    // when no assert is checked
    let asserts = (!a.asserts.is_empty()).then(|| {
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
                )
            })
            .collect();
        (a.module.functions[0].display_name.clone(), sites)
    });
    d.set_item("asserts", asserts)?;
    if let Some(ptx) = &a.ptx {
        d.set_item("ptx_isa", ptx_version::ptx_isa_version(ptx))?;
    }
    Ok(d)
}

/// `_native.compile(sources, entry, args, kind, ret, options, output, libdevice)`: the pipeline
/// for `cuda.compile_ptx` and `cuda.compile`.
#[pyfunction]
#[pyo3(signature = (sources, entry, args, kind, ret, options, output, libdevice=None))]
#[allow(clippy::too_many_arguments, reason = "mirrors the Python call")]
fn compile<'py>(
    py: Python<'py>,
    sources: &Bound<'py, PyList>,
    entry: usize,
    args: Vec<String>,
    kind: &str,
    ret: Option<String>,
    options: &Bound<'py, PyDict>,
    output: &str,
    libdevice: Option<PathBuf>,
) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let req = request(
            py, sources, entry, args, kind, ret, options, output, libdevice,
        )?;
        let artifacts = run(py, &req)?;
        artifacts_dict(py, &artifacts)
    })
}

/// `_native.cuda_release_for_isa((major, minor))`: the CUDA release that introduced a PTX ISA
/// version, or `(99, 0)` for one newer than oxcuda knows.
#[pyfunction]
fn cuda_release_for_isa(isa: (u32, u32)) -> (u32, u32) {
    ptx_version::cuda_release_for_isa(isa).unwrap_or((99, 0))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(compile, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_release_for_isa, m)?)?;
    m.add_function(wrap_pyfunction!(parse_signature, m)?)?;
    Ok(())
}

/// `_native.parse_signature(text)`: `(argument type texts, return type text or None)`, each in
/// canonical form, or `TypingError` naming the problem.
#[pyfunction]
fn parse_signature(py: Python<'_>, text: &str) -> PyResult<(Vec<String>, Option<String>)> {
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
}
