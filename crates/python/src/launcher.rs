//! The launch fast path: argument types → loaded kernel → `cuLaunchKernel`, all in Rust.
//!
//! A [`LaunchCache`] belongs to one dispatcher. `launch` reads the arguments (device arrays'
//! fields, Python and NumPy scalars, tuples) without creating Python objects, looks their
//! types up in the table of kernels compiled so far, packs the parameters and launches. It
//! returns `False` — and does nothing — whenever the Python dispatcher must act instead: an
//! argument that needs conversion (a NumPy array, a CUDA Array Interface producer, `cuda.In`),
//! or types not compiled yet. So the fast path adds no behaviour of its own: every rule lives
//! in the slow path, and the fast path only skips work the slow path would find done.

use std::collections::HashMap;
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
#[pyclass(module = "oxcuda._native")]
#[derive(Debug, Default)]
pub struct LaunchCache {
    table: Mutex<HashMap<Vec<Type>, Py<GpuKernel>>>,
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
        Self::default()
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
            let handle: usize = if stream.is_instance_of::<PyInt>() {
                stream.extract()?
            } else if stream.is_none() {
                0
            } else {
                stream.getattr("handle")?.extract()?
            };
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
                .launch_read(py, dims(grid)?, dims(block)?, handle, shared, &read)?;
            Ok(true)
        })
    }
}
