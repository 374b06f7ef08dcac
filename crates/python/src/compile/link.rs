//! Link inputs from Python: NVRTC for CUDA C++ sources (`_native.nvrtc_compile`) and the
//! `link` compile option, `[(kind, bytes, name), …]`, read into nvJitLink inputs.
//!
//! Python decides what to link (`python/oxcuda/cuda/_linker.py`: files read, `.cu` compiled
//! here, the LTO choice); the compile pipeline (`oxcuda-compiler`) hands the inputs to
//! `oxcuda_nvvm::link_cubin` with our own PTX or LTO-IR. Every failure is a `LinkerError` whose
//! message names the input and carries the tool's log.

use oxcuda_nvvm::{LinkInput, LinkInputKind, NvrtcOutput};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyTuple};

use crate::boundary::{ErrorKind, guard, not_open, raise};
use crate::compile::toolchain;

/// `_native.nvrtc_compile(source, name, options, output, path=None)`: CUDA C++ → `(code,
/// log)`, `code` of kind `output` (`"ptx"`, `"ltoir"` or `"cubin"`) and `log` NVRTC's warnings
/// (empty when none), with the NVRTC opened by `open_nvrtc`. `name` is the program's name, the
/// one NVRTC's log uses; `path`, when given, the file it came from. A compile error is an
/// `NvrtcCompilationError` naming the file (`path`, else `name`), with NVRTC's status and log.
#[pyfunction]
#[pyo3(signature = (source, name, options, output, path = None))]
pub(crate) fn nvrtc_compile<'py>(
    py: Python<'py>,
    source: &str,
    name: &str,
    options: Vec<String>,
    output: &str,
    path: Option<&str>,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
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
        let nvrtc = toolchain::nvrtc().ok_or_else(|| not_open(py, "NVRTC", "nvrtc_info"))?;
        let (bytes, log) = py
            .detach(|| nvrtc.compile_to_logged(source, name, &options, output))
            .map_err(|e| {
                raise(
                    py,
                    ErrorKind::NvrtcCompilation,
                    (format!(
                        "NVRTC could not compile {} ({}):\n{}",
                        path.unwrap_or(name),
                        e.status,
                        e.log.trim_end()
                    ),),
                )
            })?;
        Ok((PyBytes::new(py, &bytes), log))
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

/// `_native.driver_link(kernel, inputs)`: links `[(kind, bytes, name), …]` (`ptx`, `cubin`,
/// `fatbin`, `o`, `a`) with the driver's linker for the current device and returns the cubin —
/// the path taken when nvJitLink is switched off. LTO-IR and unknown kinds are a `LinkerError`
/// naming the input; so is every failure of the link, with the driver's log.
#[pyfunction]
pub(crate) fn driver_link<'py>(
    py: Python<'py>,
    kernel: &str,
    inputs: &Bound<'py, PyList>,
) -> PyResult<Bound<'py, PyBytes>> {
    use oxcuda_runtime::link::{LinkKind, link_with_driver};
    guard(|| {
        let inputs = self::inputs(inputs)?;
        let rt = crate::context::runtime::runtime(py)?;
        let ctx = rt
            .current()
            .map_err(|e| raise(py, ErrorKind::CudaSupport, (e.to_string(),)))?;
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
        let mut kinds = Vec::with_capacity(inputs.len());
        for input in &inputs {
            let kind = match input.kind {
                LinkInputKind::Ptx => LinkKind::Ptx,
                LinkInputKind::Cubin => LinkKind::Cubin,
                LinkInputKind::Fatbin => LinkKind::Fatbin,
                LinkInputKind::Object => LinkKind::Object,
                LinkInputKind::Library => LinkKind::Library,
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
            kinds.push(kind);
        }
        let cubin = link_with_driver(
            &ctx,
            kinds
                .into_iter()
                .zip(&inputs)
                .map(|(kind, i)| (kind, i.data.as_slice(), i.name.as_str())),
        )
        .map_err(|e| match e.input {
            Some(name) => failed(format!("{name}: {}", e.message)),
            None => failed(e.message),
        })?;
        Ok(PyBytes::new(py, &cubin))
    })
}

/// `_native.lto_ptx(kernel, cc, inputs)`: links `[(kind, bytes, name), …]` (LTO-IR and
/// anything nvJitLink takes) with link-time optimisation for `sm_<cc>` and returns the
/// optimised PTX (nvJitLink's `-ptx`) — `Dispatcher.inspect_lto_ptx()`. A failure is a
/// `LinkerError` with nvJitLink's log; nvJitLink must be open (`_toolchain.nvjitlink_info()`).
#[pyfunction]
pub(crate) fn lto_ptx(
    py: Python<'_>,
    kernel: &str,
    cc: (u32, u32),
    inputs: &Bound<'_, PyList>,
) -> PyResult<String> {
    guard(|| {
        let inputs = self::inputs(inputs)?;
        let nvjitlink =
            toolchain::nvjitlink().ok_or_else(|| not_open(py, "nvJitLink", "nvjitlink_info"))?;
        let mut options = oxcuda_nvvm::pipeline::link_options(
            cc,
            None,
            true,
            oxcuda_nvvm::LinkDebug::None,
            false,
        );
        options.push("-ptx".to_owned());
        let (_, ptx) = py
            .detach(|| nvjitlink.link(&inputs, &options, true))
            .map_err(|e| {
                raise(
                    py,
                    ErrorKind::Linker,
                    (format!("link-time optimisation of {kernel} failed: {e}"),),
                )
            })?;
        Ok(ptx.unwrap_or_default())
    })
}
