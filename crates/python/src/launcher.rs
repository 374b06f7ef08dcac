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
//! `oxcuda.config` has not changed since (its `generation` attribute), so a change of
//! `config.TARGET` always goes through the slow path first.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use oxcuda_ir::Type;
use oxcuda_types::parse_type;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

use crate::args;
use crate::boundary::guard;
use crate::kernel::GpuKernel;

/// Loaded GPU kernels of one dispatcher, by argument types.
#[pyclass(frozen, module = "oxcuda._native")]
#[derive(Debug)]
pub struct LaunchCache {
    table: Mutex<HashMap<Vec<Type>, Py<GpuKernel>>>,
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
        grid: [u32; 3],
        block: [u32; 3],
        handle: usize,
        shared: u32,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<bool> {
        let Ok(read) = args::read_all_for_launch(args, handle) else {
            return Ok(false);
        };
        let types: Vec<Type> = read.iter().map(args::Arg::ty).collect();
        let kernel = {
            let table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
            match table.get(&types) {
                Some(k) => k.clone_ref(py),
                None => return Ok(false),
            }
        };
        kernel
            .get()
            .launch_read(py, grid, block, handle, shared, &read)?;
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
    #[new]
    fn new() -> Self {
        Self {
            table: Mutex::new(HashMap::new()),
            target_generation: AtomicU64::new(u64::MAX),
            target_gpu: AtomicBool::new(false),
        }
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
            .insert(key, kernel);
        Ok(())
    }

    /// Forgets every kernel (contexts closed, target switched).
    fn clear(&self) {
        self.table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
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
            self.try_launch(py, dims(grid)?, dims(block)?, handle, shared, args)
        })
    }
}

/// `kernel[grid, block, stream, sharedmem]`: call it with the kernel's arguments.
#[pyclass(frozen, module = "oxcuda._native")]
#[derive(Debug)]
pub struct ConfiguredLaunch {
    cache: Py<LaunchCache>,
    config: Py<PyAny>,
    grid: [u32; 3],
    block: [u32; 3],
    stream: Py<PyAny>,
    shared: u32,
    /// The Python slow path: called with the arguments when the fast path does not launch.
    slow: Py<PyAny>,
}

#[pymethods]
impl ConfiguredLaunch {
    #[new]
    fn new(
        cache: Py<LaunchCache>,
        config: Py<PyAny>,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        stream: Py<PyAny>,
        shared: u32,
        slow: Py<PyAny>,
    ) -> Self {
        Self {
            cache,
            config,
            grid: [grid.0, grid.1, grid.2],
            block: [block.0, block.1, block.2],
            stream,
            shared,
            slow,
        }
    }

    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let fast = guard(|| {
            let cache = self.cache.get();
            let generation: u64 = self
                .config
                .bind(py)
                .getattr(pyo3::intern!(py, "generation"))?
                .extract()?;
            if cache.target_generation.load(Ordering::Acquire) != generation
                || !cache.target_gpu.load(Ordering::Relaxed)
            {
                return Ok(false);
            }
            let handle = LaunchCache::handle_of(self.stream.bind(py))?;
            cache.try_launch(py, self.grid, self.block, handle, self.shared, args)
        })?;
        if fast {
            return Ok(py.None());
        }
        Ok(self.slow.bind(py).call1(args)?.unbind())
    }

    #[getter]
    fn griddim(&self) -> (u32, u32, u32) {
        (self.grid[0], self.grid[1], self.grid[2])
    }

    #[getter]
    fn blockdim(&self) -> (u32, u32, u32) {
        (self.block[0], self.block[1], self.block[2])
    }

    #[getter]
    fn stream(&self, py: Python<'_>) -> Py<PyAny> {
        self.stream.clone_ref(py)
    }

    #[getter]
    fn sharedmem(&self) -> u32 {
        self.shared
    }
}
