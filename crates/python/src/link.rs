//! Link inputs from Python: NVRTC for CUDA C++ sources (`_native.nvrtc_compile`) and the
//! `link` compile option, `[(kind, bytes, name), …]`, read into nvJitLink inputs.
//!
//! Python decides what to link (`python/oxcuda/cuda/_linker.py`: files read, `.cu` compiled
//! here, the LTO choice); the compile pipeline (`compile.rs`) hands the inputs to
//! `oxcuda_nvvm::link_cubin` with our own PTX or LTO-IR. Every failure is a `LinkerError` whose
//! message names the input and carries the tool's log.

use oxcuda_nvvm::{LinkInput, LinkInputKind, NvrtcOutput, ToolError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};

use crate::boundary::{ErrorKind, guard, raise};
use crate::toolchain;

/// `_native.nvrtc_compile(source, name, options, output)`: CUDA C++ → `output` (`"ptx"` or
/// `"ltoir"`) with the NVRTC opened by `open_nvrtc`. A compile error is a `LinkerError` naming
/// `name`, with NVRTC's log.
#[pyfunction]
fn nvrtc_compile<'py>(
    py: Python<'py>,
    source: &str,
    name: &str,
    options: Vec<String>,
    output: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    guard(|| {
        let output = match output {
            "ptx" => NvrtcOutput::Ptx,
            "ltoir" => NvrtcOutput::LtoIr,
            "cubin" => NvrtcOutput::Cubin,
            other => {
                return Err(pyo3::exceptions::PyValueError::new_err(format!(
                    "output must be 'ptx', 'ltoir' or 'cubin', not {other:?}"
                )));
            }
        };
        let nvrtc = toolchain::nvrtc().ok_or_else(|| {
            raise(
                py,
                ErrorKind::CudaSupport,
                ("NVRTC is not open: call oxcuda._toolchain.nvrtc_info() first",),
            )
        })?;
        let bytes = py
            .detach(|| nvrtc.compile_to(source, name, &options, output))
            .map_err(|e| {
                raise(
                    py,
                    ErrorKind::Linker,
                    (format!(
                        "NVRTC could not compile {name} ({}):\n{}",
                        e.status,
                        e.log.trim_end()
                    ),),
                )
            })?;
        Ok(PyBytes::new(py, &bytes))
    })
}

/// The `link` option: `[(kind, data, name), …]` with `kind` one of `ptx`, `ltoir`, `cubin`,
/// `fatbin`, `o`, `a`.
pub fn inputs(list: &Bound<'_, PyList>) -> PyResult<Vec<LinkInput>> {
    list.iter()
        .map(|item| {
            let t = item.cast::<PyTuple>()?;
            let kind: String = t.get_item(0)?.extract()?;
            let data = t.get_item(1)?;
            let data = data.cast::<PyBytes>()?.as_bytes().to_vec();
            let name: String = t.get_item(2)?.extract()?;
            let kind = LinkInputKind::from_extension(&kind).ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "link input {name}: unknown kind {kind:?}"
                ))
            })?;
            Ok(LinkInput { kind, data, name })
        })
        .collect()
}

/// The message of a failed link: what was linked, then nvJitLink's status and log; a
/// sentence in shared-memory terms first when the log says the kernel has too much.
pub fn link_error_message(kernel: &str, inputs: &[LinkInput], e: &ToolError) -> String {
    let log = e.to_string();
    let hint = shared_memory_overflow(kernel, &log).unwrap_or_default();
    if inputs.is_empty() {
        return format!("{hint}linking {kernel} failed: {log}");
    }
    let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
    format!(
        "{hint}linking {kernel} with {} failed: {log}",
        names.join(", ")
    )
}

/// For ptxas's "uses too much shared data (0x800000 bytes, 0xc000 max)": the amount and the
/// limit in shared-memory terms, as a sentence ending in a newline.
fn shared_memory_overflow(kernel: &str, log: &str) -> Option<String> {
    let at = log.find("uses too much shared data (")?;
    let rest = &log[at + "uses too much shared data (".len()..];
    let hex = |s: &str| u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok();
    let (used, rest) = rest.split_once(" bytes, ")?;
    let (limit, _) = rest.split_once(" max)")?;
    let (used, limit) = (hex(used)?, hex(limit)?);
    Some(format!(
        "kernel {kernel} uses {used} bytes of static shared memory per block (its \
         cuda.shared.array buffers), more than the {limit} bytes the device allows; use \
         smaller shared arrays\n"
    ))
}

/// `_native.driver_link(kernel, inputs)`: links `[(kind, bytes, name), …]` (`ptx`, `cubin`,
/// `fatbin`, `o`, `a`) with the driver's linker for the current device and returns the cubin —
/// the path taken when nvJitLink is switched off. LTO-IR and unknown kinds are a `LinkerError`
/// naming the input; so is every failure of the link, with the driver's log.
#[pyfunction]
fn driver_link<'py>(
    py: Python<'py>,
    kernel: &str,
    inputs: &Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyBytes>> {
    use oxcuda_driver::link::{DriverLinker, JitInput};
    guard(|| {
        let inputs = self::inputs(inputs)?;
        let rt = crate::runtime::runtime(py)?;
        let ctx = rt
            .current()
            .map_err(|e| raise(py, ErrorKind::CudaSupport, (e.to_string(),)))?;
        ctx.make_current()
            .map_err(|e| crate::boundary::driver_error(py, &e))?;
        let names: Vec<&str> = inputs.iter().map(|i| i.name.as_str()).collect();
        let failed = |what: String| {
            raise(
                py,
                ErrorKind::Linker,
                (format!(
                    "linking {kernel} with {} by the driver's linker failed: {what}",
                    names.join(", ")
                ),),
            )
        };
        let mut linker = DriverLinker::new(ctx.driver()).map_err(|e| failed(e.to_string()))?;
        for input in &inputs {
            let kind = match input.kind {
                LinkInputKind::Ptx => JitInput::Ptx,
                LinkInputKind::Cubin => JitInput::Cubin,
                LinkInputKind::Fatbin => JitInput::Fatbin,
                LinkInputKind::Object => JitInput::Object,
                LinkInputKind::Library => JitInput::Library,
                LinkInputKind::LtoIr => {
                    return Err(raise(
                        py,
                        ErrorKind::Linker,
                        (format!(
                            "{}: LTO-IR can only be linked by nvJitLink, and nvJitLink is off \
                             (OXCUDA_USE_NVJITLINK); the driver's linker takes PTX, cubin, \
                             fatbin, .o and .a inputs",
                            input.name
                        ),),
                    ));
                }
            };
            linker
                .add(kind, &input.data, &input.name)
                .map_err(|e| failed(format!("{}: {e}", input.name)))?;
        }
        let cubin = linker.finish().map_err(|e| failed(e.to_string()))?;
        Ok(PyBytes::new(py, &cubin))
    })
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(nvrtc_compile, m)?)?;
    m.add_function(wrap_pyfunction!(driver_link, m)?)?;
    Ok(())
}
