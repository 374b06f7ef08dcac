//! The launch fast path: argument types → loaded kernel → `cuLaunchKernel`, all in Rust.
//!
//! A [`LaunchCache`] belongs to one dispatcher. `launch` reads the arguments (device arrays'
//! fields, Python and NumPy scalars, tuples) without creating Python objects, looks their
//! types up in the table of kernels compiled so far, packs the parameters and launches. It
//! returns `False` — and does nothing — whenever the Python dispatcher must act instead: an
//! argument that needs conversion (a NumPy array, a CUDA Array Interface producer, `cuda.In`),
//! or types not compiled yet. So the fast path adds no behaviour of its own: every rule lives
//! in the slow path, and the fast path only skips work the slow path would find done.
//!
//! [`ConfiguredLaunch`] is `kernel[grid, block, stream, sharedmem]`: a native callable that
//! tries the fast path and otherwise calls the Python slow path. It launches on the fast path
//! only while the target the slow path last resolved (`set_target`) is the GPU and
//! `oxcuda.config` has not changed since (its `generation`, mirrored here in
//! [`CONFIG_GENERATION`] by `Config._changed`), so a change of `config.TARGET` always goes
//! through the slow path first.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use oxcuda_ir::Type;
use oxcuda_runtime::launch::LaunchConfig;
use oxcuda_types::parse_type;
use pyo3::PyTraverseError;
use pyo3::exceptions::PyValueError;
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyTuple};

use crate::args;
use crate::boundary::guard;
use crate::kernel::GpuKernel;

/// `oxcuda.config.generation`, kept equal to it by `Config._changed` (`set_config_generation`):
/// the fast path compares it without looking up a Python attribute.
static CONFIG_GENERATION: AtomicU64 = AtomicU64::new(0);

/// `_native.set_config_generation(g)`: called by `oxcuda.config` whenever a setting changes.
#[pyfunction]
pub fn set_config_generation(generation: u64) {
    CONFIG_GENERATION.store(generation, Ordering::Release);
}

/// Launch configurations a [`LaunchCache`] keeps (a program uses a handful; a loop over
/// grid sizes must not grow the dictionary without bound).
const MAX_CONFIGS: usize = 64;

/// The kernels of a [`LaunchCache`], by argument types, and the last one launched.
///
/// A program mostly launches one specialisation many times in a row, so the last hit is
/// compared first, argument by argument, without building or hashing a key.
#[derive(Debug, Default)]
struct Table {
    by_types: HashMap<Vec<Type>, Py<GpuKernel>>,
    last: Option<(Vec<Type>, Py<GpuKernel>)>,
}

impl Table {
    fn find(&mut self, py: Python<'_>, read: &[args::Arg]) -> Option<Py<GpuKernel>> {
        if let Some((types, kernel)) = &self.last
            && types.len() == read.len()
            && read.iter().zip(types).all(|(a, t)| a.has_type(t))
        {
            return Some(kernel.clone_ref(py));
        }
        let types: Vec<Type> = read.iter().map(args::Arg::ty).collect();
        let kernel = self.by_types.get(&types)?.clone_ref(py);
        self.last = Some((types, kernel.clone_ref(py)));
        Some(kernel)
    }
}

/// Loaded GPU kernels of one dispatcher, by argument types, and its launch configurations.
///
/// The Python `Dispatcher` subclasses it, so `kernel[grid, block]` is this type's native
/// `__getitem__`: a dictionary hit returns the [`ConfiguredLaunch`] made before; a miss asks
/// the dispatcher's `_configure(config)` for one (which validates the configuration) and keeps
/// up to [`MAX_CONFIGS`] of them.
#[pyclass(frozen, subclass, module = "oxcuda._native")]
#[derive(Debug)]
pub struct LaunchCache {
    table: Mutex<Table>,
    configs: Py<PyDict>,
    /// The `oxcuda.config.generation` at which the target was last resolved (`u64::MAX`: never).
    target_generation: AtomicU64,
    /// Whether that target was the GPU.
    target_gpu: AtomicBool,
}

impl LaunchCache {
    fn handle_of(stream: &Bound<'_, PyAny>) -> PyResult<usize> {
        if stream.is_instance_of::<PyInt>() {
            stream.extract()
        } else if stream.is_none() {
            Ok(0)
        } else {
            stream.getattr("handle")?.extract()
        }
    }

    /// The fast path: launches and returns true, or returns false having done nothing.
    fn try_launch(
        &self,
        py: Python<'_>,
        config: &LaunchConfig,
        handle: usize,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<bool> {
        let Ok(read) = args::read_all_for_launch(args, handle) else {
            return Ok(false);
        };
        let found = self
            .table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .find(py, &read);
        let Some(kernel) = found else {
            return Ok(false);
        };
        kernel.get().launch_read(py, config, handle, &read)?;
        Ok(true)
    }
}

fn dims(obj: &Bound<'_, PyAny>) -> PyResult<[u32; 3]> {
    let t = obj.cast::<PyTuple>()?;
    Ok([
        t.get_item(0)?.extract()?,
        t.get_item(1)?.extract()?,
        t.get_item(2)?.extract()?,
    ])
}

#[pymethods]
impl LaunchCache {
    /// Takes (and ignores) any arguments, so that subclasses' `__init__` take theirs.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> Self {
        Self {
            table: Mutex::new(Table::default()),
            configs: PyDict::new(py).unbind(),
            target_generation: AtomicU64::new(u64::MAX),
            target_gpu: AtomicBool::new(false),
        }
    }

    /// The garbage collector's view of the cycle `dispatcher → configs → ConfiguredLaunch →
    /// dispatcher`: without it, a dispatcher that was ever configured would never be freed
    /// (issue 17, item 2). The dictionary is a builtin container the collector clears, so no
    /// `__clear__` is needed (every cycle holds one mutable reference).
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.configs)
    }

    /// `kernel[grid, block, stream, sharedmem]`: the configured launch, made once per
    /// configuration.
    fn __getitem__(slf: &Bound<'_, Self>, config: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let configs = slf.get().configs.bind(slf.py());
        // An unhashable configuration (a list) is a miss, and is not kept.
        if let Ok(Some(hit)) = configs.get_item(config) {
            return Ok(hit.unbind());
        }
        let configured = slf.call_method1(pyo3::intern!(slf.py(), "_configure"), (config,))?;
        if configs.len() < MAX_CONFIGS {
            let _ = configs.set_item(config, &configured);
        }
        Ok(configured.unbind())
    }

    /// Records the target the slow path resolved at config generation `generation`.
    fn set_target(&self, generation: u64, gpu: bool) {
        self.target_gpu.store(gpu, Ordering::Relaxed);
        self.target_generation.store(generation, Ordering::Release);
    }

    /// Records `kernel` as the one to launch for arguments of `types`.
    fn insert(&self, types: Vec<String>, kernel: Py<GpuKernel>) -> PyResult<()> {
        let key = types
            .iter()
            .map(|t| parse_type(t).map_err(|e| PyValueError::new_err(e.to_string())))
            .collect::<PyResult<Vec<_>>>()?;
        self.table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .by_types
            .insert(key, kernel);
        Ok(())
    }

    /// Forgets every kernel (contexts closed, target switched).
    fn clear(&self, py: Python<'_>) {
        *self.table.lock().unwrap_or_else(PoisonError::into_inner) = Table::default();
        self.configs.bind(py).clear();
    }

    /// Launches when the arguments' types have a kernel; returns whether it launched.
    /// `grid` and `block` are 3-tuples; `stream` is 0, a `CUstream` address, or an object with
    /// a `handle`.
    fn launch(
        &self,
        py: Python<'_>,
        grid: &Bound<'_, PyAny>,
        block: &Bound<'_, PyAny>,
        stream: &Bound<'_, PyAny>,
        shared: u32,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<bool> {
        guard(|| {
            let handle = Self::handle_of(stream)?;
            let config = LaunchConfig {
                grid: dims(grid)?,
                block: dims(block)?,
                shared,
            };
            self.try_launch(py, &config, handle, args)
        })
    }
}

/// `kernel[grid, block, stream, sharedmem]`: call it with the kernel's arguments.
#[pyclass(frozen, weakref, module = "oxcuda._native")]
#[derive(Debug)]
pub struct ConfiguredLaunch {
    cache: Py<LaunchCache>,
    config: LaunchConfig,
    stream: Py<PyAny>,
    /// The stream's `CUstream` when it is fixed at configuration (an int or None); objects
    /// are asked for their `handle` at each launch, as numba-cuda does.
    stream_handle: Option<usize>,
    /// The Python slow path: called with the arguments when the fast path does not launch.
    slow: Py<PyAny>,
}

#[pymethods]
impl ConfiguredLaunch {
    #[new]
    fn new(
        cache: Py<LaunchCache>,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        stream: &Bound<'_, PyAny>,
        shared: u32,
        slow: Py<PyAny>,
    ) -> Self {
        let stream_handle = if stream.is_instance_of::<PyInt>() || stream.is_none() {
            LaunchCache::handle_of(stream).ok()
        } else {
            None
        };
        Self {
            cache,
            config: LaunchConfig {
                grid: [grid.0, grid.1, grid.2],
                block: [block.0, block.1, block.2],
                shared,
            },
            stream: stream.clone().unbind(),
            stream_handle,
            slow,
        }
    }

    /// What the configured launch holds, for the garbage collector (see
    /// `LaunchCache::__traverse__`).
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.cache)?;
        visit.call(&self.stream)?;
        visit.call(&self.slow)
    }

    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let fast = guard(|| {
            let cache = self.cache.get();
            let generation = CONFIG_GENERATION.load(Ordering::Acquire);
            if cache.target_generation.load(Ordering::Acquire) != generation
                || !cache.target_gpu.load(Ordering::Relaxed)
            {
                return Ok(false);
            }
            let handle = match self.stream_handle {
                Some(h) => h,
                None => LaunchCache::handle_of(self.stream.bind(py))?,
            };
            cache.try_launch(py, &self.config, handle, args)
        })?;
        if fast {
            return Ok(py.None());
        }
        Ok(self.slow.bind(py).call1(args)?.unbind())
    }

    #[getter]
    fn griddim(&self) -> (u32, u32, u32) {
        let g = self.config.grid;
        (g[0], g[1], g[2])
    }

    #[getter]
    fn blockdim(&self) -> (u32, u32, u32) {
        let b = self.config.block;
        (b[0], b[1], b[2])
    }

    #[getter]
    fn stream(&self, py: Python<'_>) -> Py<PyAny> {
        self.stream.clone_ref(py)
    }

    #[getter]
    fn sharedmem(&self) -> u32 {
        self.config.shared
    }
}
