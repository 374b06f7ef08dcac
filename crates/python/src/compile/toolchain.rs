//! The CUDA libraries the core has opened, one of each, and their versions.
//!
//! Python resolves where each library is (`python/oxcuda/_toolchain.py`: settings, then
//! cuda-pathfinder) and calls `open_*` with the absolute path; the opened library is kept for the
//! life of the process. Opening the same path again returns the same library; a different path
//! replaces it for later compiles (what a test of an override needs).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use oxcuda_nvvm::{Libnvvm, Nvjitlink, Nvrtc};
use oxcuda_runtime::Driver;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::boundary::{driver_error, guard, support_error};

/// One slot per library.
struct Slot<T>(Mutex<Option<Arc<T>>>);

impl<T> Slot<T> {
    const fn new() -> Self {
        Self(Mutex::new(None))
    }

    /// The library opened at `path`, opening it with `open` unless it already is.
    fn get_or_open<E>(
        &self,
        path: &Path,
        current_path: impl Fn(&T) -> &Path,
        open: impl FnOnce(&Path) -> Result<T, E>,
    ) -> Result<Arc<T>, E> {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(lib) = slot.as_ref().filter(|lib| current_path(lib) == path) {
            return Ok(Arc::clone(lib));
        }
        let lib = Arc::new(open(path)?);
        *slot = Some(Arc::clone(&lib));
        Ok(lib)
    }

    /// The library opened last, if any.
    pub fn current(&self) -> Option<Arc<T>> {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}

static NVVM: Slot<Libnvvm> = Slot::new();
static NVJITLINK: Slot<Nvjitlink> = Slot::new();
static NVRTC: Slot<Nvrtc> = Slot::new();
static DRIVER: Slot<Driver> = Slot::new();

/// The driver opened by `open_driver`, for the runtime.
pub fn driver() -> Option<Arc<Driver>> {
    DRIVER.current()
}

/// The libNVVM opened by `open_nvvm`, for the compiler.
pub fn nvvm() -> Option<Arc<Libnvvm>> {
    NVVM.current()
}

/// The nvJitLink opened by `open_nvjitlink`, for the linker.
pub fn nvjitlink() -> Option<Arc<Nvjitlink>> {
    NVJITLINK.current()
}

/// The NVRTC opened by `open_nvrtc`, for `.cu` link inputs.
pub fn nvrtc() -> Option<Arc<Nvrtc>> {
    NVRTC.current()
}

/// Opens libNVVM; returns `{path, api_version, ir_version, ptx_isa, cuda_release}`.
#[pyfunction]
pub(crate) fn open_nvvm<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        // The GIL is released while the library loads and first runs (tens of milliseconds):
        // the compiler's warm-up thread does this while the main thread makes a context.
        let lib = py
            .detach(|| NVVM.get_or_open(&path, Libnvvm::path, Libnvvm::open))
            .map_err(|e| support_error(py, "libNVVM", &e))?;
        let isa = py
            .detach(|| lib.emitted_ptx_isa())
            .map_err(|e| support_error(py, "libNVVM", &e))?;
        let info = PyDict::new(py);
        info.set_item("path", lib.path())?;
        info.set_item("api_version", lib.version())?;
        info.set_item("ir_version", lib.ir_version())?;
        info.set_item("ptx_isa", isa)?;
        info.set_item(
            "cuda_release",
            oxcuda_nvvm::ptx_version::cuda_release_for_isa(isa),
        )?;
        Ok(info)
    })
}

/// Opens nvJitLink; returns `{path, version, max_ptx_isa}`.
#[pyfunction]
pub(crate) fn open_nvjitlink<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let lib = py
            .detach(|| NVJITLINK.get_or_open(&path, Nvjitlink::path, Nvjitlink::open))
            .map_err(|e| support_error(py, "nvJitLink", &e))?;
        let info = PyDict::new(py);
        info.set_item("path", lib.path())?;
        info.set_item("version", lib.version())?;
        info.set_item(
            "max_ptx_isa",
            oxcuda_nvvm::ptx_version::isa_for_cuda_release(lib.version()),
        )?;
        Ok(info)
    })
}

/// Opens NVRTC; returns `{path, version}`.
#[pyfunction]
pub(crate) fn open_nvrtc<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let lib = NVRTC
            .get_or_open(&path, Nvrtc::path, Nvrtc::open)
            .map_err(|e| support_error(py, "NVRTC", &e))?;
        let info = PyDict::new(py);
        info.set_item("path", lib.path())?;
        info.set_item("version", lib.version())?;
        Ok(info)
    })
}

/// Opens the driver and calls `cuInit`; returns `{path, version, devices}` where each device is
/// `{ordinal, name, uuid, compute_capability, total_memory}`.
#[pyfunction]
pub(crate) fn open_driver<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        // `cuInit` takes a few hundred milliseconds: the GIL is released for it (and for the
        // load), so other threads (the compiler's warm-up) run meanwhile.
        let driver = py
            .detach(|| DRIVER.get_or_open(&path, |d: &Driver| d.path(), Driver::load))
            .map_err(|e| support_error(py, "the CUDA driver", &e))?;
        let (version, summaries) = py
            .detach(|| oxcuda_runtime::device::describe(&driver))
            .map_err(|e| driver_error(py, &e))?;
        let info = PyDict::new(py);
        info.set_item("path", driver.path())?;
        info.set_item("version", version)?;
        let mut devices = Vec::new();
        for d in summaries {
            let entry = PyDict::new(py);
            entry.set_item("ordinal", d.ordinal)?;
            entry.set_item("name", d.name)?;
            entry.set_item("uuid", d.uuid)?;
            entry.set_item("compute_capability", d.compute_capability)?;
            entry.set_item("total_memory", d.total_memory)?;
            devices.push(entry);
        }
        info.set_item("devices", devices)?;
        Ok(info)
    })
}
