//! Direct calls into libNVVM and NVRTC for numba-cuda's driver-layer modules
//! (`oxcuda.cuda.cudadrv.nvvm`, `oxcuda.cuda.cudadrv.nvrtc`): NVVM IR the user wrote, compiled
//! with the options the user gave, and the architectures NVRTC knows.
//!
//! The compile pipeline does not go through here: these calls serve users who drive the tools
//! themselves, as numba-cuda lets them. They use the libraries `open_nvvm` / `open_nvrtc`
//! opened; a library not yet opened is a `CudaSupportError` saying so. A tool's refusal is a
//! `LinkerError` (numba-cuda's `NvvmError`) carrying the tool's status and log.

use oxcuda_nvvm::NvvmOutput;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::boundary::{ErrorKind, guard, not_open, raise};
use crate::compile::toolchain;

/// `_native.nvvm_compile(modules, lazy_modules, options)`: NVVM IR `modules` (text or
/// bitcode; verified) and `lazy_modules` (added after verification, only what is used is
/// kept: libdevice) compiled by libNVVM with `options` (`-arch=compute_90`, `-opt=3`,
/// `-gen-lto`, ...). Returns `(code, log)`: PTX (text as bytes) or, with `-gen-lto`, LTO-IR,
/// and libNVVM's warnings (empty when none).
#[pyfunction]
pub(crate) fn nvvm_compile<'py>(
    py: Python<'py>,
    modules: Vec<Vec<u8>>,
    lazy_modules: Vec<Vec<u8>>,
    options: Vec<String>,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    guard(|| {
        let nvvm = toolchain::nvvm().ok_or_else(|| not_open(py, "libNVVM", "nvvm_info"))?;
        let names: Vec<String> = (0..modules.len()).map(|i| format!("module{i}")).collect();
        let mods: Vec<(&[u8], &str)> = modules
            .iter()
            .zip(&names)
            .map(|(m, n)| (m.as_slice(), n.as_str()))
            .collect();
        let lazy: Vec<(&[u8], &str)> = lazy_modules
            .iter()
            .map(|m| (m.as_slice(), "libdevice"))
            .collect();
        let (out, log) = py
            .detach(|| nvvm.compile_logged(&mods, &lazy, &options))
            .map_err(|e| {
                raise(
                    py,
                    ErrorKind::Linker,
                    (format!(
                        "libNVVM could not compile the NVVM IR ({} in {}):\n{}",
                        e.status,
                        e.call,
                        e.log.trim_end()
                    ),),
                )
            })?;
        let bytes = match out {
            NvvmOutput::Ptx(text) => text.into_bytes(),
            NvvmOutput::LtoIr(bytes) => bytes,
        };
        Ok((PyBytes::new(py, &bytes), log))
    })
}

/// `_native.nvrtc_supported_archs()`: the architectures the opened NVRTC compiles for, as
/// `major * 10 + minor`, ascending.
#[pyfunction]
pub(crate) fn nvrtc_supported_archs(py: Python<'_>) -> PyResult<Vec<i32>> {
    guard(|| {
        let nvrtc = toolchain::nvrtc().ok_or_else(|| not_open(py, "NVRTC", "nvrtc_info"))?;
        nvrtc.supported_archs().map_err(|e| {
            raise(
                py,
                ErrorKind::CudaSupport,
                (format!(
                    "NVRTC cannot list its architectures ({})",
                    e.status
                ),),
            )
        })
    })
}
