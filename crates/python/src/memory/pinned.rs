//! Pinned, mapped and managed memory for Python: `oxcuda.cuda.cudadrv.HostMemory`.
//!
//! A `HostMemory` owns one [`HostBlock`] (see `oxcuda_runtime::pinned`) and exposes it to NumPy
//! through `__array_interface__` as a 1-d `uint8` array: `numpy.asarray(mem)` is a view whose
//! `base` is the `HostMemory`, so the memory lives as long as any NumPy array over it. The
//! Python layer (`oxcuda.cuda.memory`) builds `pinned_array`, `mapped_array`, `managed_array`,
//! `cuda.pinned` and `cuda.mapped` on these, through the EMM classes.
//!
//! Invariants:
//! - for registered memory the owner (the NumPy array whose memory was page-locked) is held, so
//!   the registration never outlives the memory;
//! - `free()` releases at once (numba's `MemoryPointer.free()`): arrays made over the memory
//!   before must not be used afterwards; `__array_interface__` refuses after it.

use std::sync::Arc;

use oxcuda_runtime::{HostBlock, PinFlags};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::boundary::guard;
use crate::boundary::runtime_error;
use crate::context::runtime::Context;

/// Page-locked, mapped or managed memory. See the module doc.
#[pyclass(frozen, module = "oxcuda.cuda.cudadrv", name = "HostMemory")]
#[derive(Debug)]
pub struct HostMemory {
    inner: Arc<HostBlock>,
    owner: Option<Py<PyAny>>,
}

impl HostMemory {
    /// The block.
    #[must_use]
    #[allow(dead_code, reason = "for other native consumers")]
    pub fn block(&self) -> &Arc<HostBlock> {
        &self.inner
    }
}

fn size_arg(size: i64, what: &str) -> PyResult<usize> {
    usize::try_from(size).map_err(|_| {
        PyValueError::new_err(format!(
            "{what}: size must be a non-negative number of bytes, got {size}"
        ))
    })
}

#[pymethods]
impl HostMemory {
    /// The host address of the first byte.
    #[getter]
    fn host_pointer(&self) -> PyResult<u64> {
        guard(|| Ok(self.inner.host_ptr()))
    }

    /// The device address of the first byte (`cuMemHostGetDevicePointer` for mapped memory,
    /// the same address for managed memory and on the host backend; 0 when not mapped).
    #[getter]
    fn device_pointer(&self) -> PyResult<u64> {
        guard(|| Ok(self.inner.device_ptr()))
    }

    /// Bytes.
    #[getter]
    fn size(&self) -> PyResult<usize> {
        guard(|| Ok(self.inner.size()))
    }

    /// `'pinned'`, `'mapped'`, `'registered'`, `'registered-mapped'` or `'managed'`.
    #[getter]
    fn kind(&self) -> PyResult<&'static str> {
        guard(|| Ok(self.inner.kind().name()))
    }

    /// Whether kernels can address the memory (mapped or managed).
    #[getter]
    fn device_accessible(&self) -> PyResult<bool> {
        guard(|| Ok(self.inner.kind().device_accessible()))
    }

    /// The context the memory belongs to.
    #[getter]
    fn context(&self) -> PyResult<Context> {
        guard(|| Ok(Context::new(self.inner.space().clone())))
    }

    /// The object whose memory was page-locked (registered memory), else `None`.
    #[getter]
    fn owner(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        guard(|| Ok(self.owner.as_ref().map(|o| o.clone_ref(py))))
    }

    /// Whether `free()` ran.
    #[getter]
    fn freed(&self) -> PyResult<bool> {
        guard(|| Ok(self.inner.is_released()))
    }

    /// Frees (allocated memory) or unlocks (registered memory) now; later calls do nothing.
    fn free(&self, py: Python<'_>) -> PyResult<()> {
        guard(|| {
            let inner = Arc::clone(&self.inner);
            // SAFETY: numba's contract for free(): the caller no longer uses the memory.
            py.detach(move || unsafe { inner.release() })
                .map(drop)
                .map_err(|e| runtime_error(py, &e))
        })
    }

    /// The memory as a 1-d `uint8` NumPy array interface (version 3).
    #[getter]
    fn __array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            if self.inner.is_released() {
                return Err(PyValueError::new_err(
                    "this pinned/mapped/managed memory was freed (free() or the end of its \
                 cuda.pinned()/cuda.mapped() block); it can no longer be viewed",
                ));
            }
            let d = PyDict::new(py);
            d.set_item("shape", PyTuple::new(py, [self.inner.size()])?)?;
            d.set_item("typestr", "|u1")?;
            d.set_item("data", (self.inner.host_ptr(), false))?;
            d.set_item("strides", py.None())?;
            d.set_item("version", 3)?;
            Ok(d)
        })
    }

    fn __len__(&self) -> PyResult<usize> {
        guard(|| Ok(self.inner.size()))
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok({
                format!(
                    "<oxcuda {} host memory of {} bytes at {:#x}{}>",
                    self.inner.kind().name(),
                    self.inner.size(),
                    self.inner.host_ptr(),
                    if self.inner.is_released() {
                        " (freed)"
                    } else {
                        ""
                    }
                )
            })
        })
    }
}

/// `host_alloc(context, size, mapped=False, portable=False, wc=False)`: page-locked host
/// memory (`cuMemHostAlloc`), mapped into the device address space when `mapped`.
#[pyfunction]
#[pyo3(signature = (context, size, mapped = false, portable = false, wc = false))]
pub(crate) fn host_alloc(
    py: Python<'_>,
    context: &Context,
    size: i64,
    mapped: bool,
    portable: bool,
    wc: bool,
) -> PyResult<HostMemory> {
    guard(|| {
        let size = size_arg(size, "memhostalloc")?;
        let flags = PinFlags {
            mapped,
            portable,
            write_combined: wc,
        };
        let space = context.space.clone();
        let block = py
            .detach(move || HostBlock::alloc_pinned(&space, size, flags))
            .map_err(|e| runtime_error(py, &e))?;
        Ok(HostMemory {
            inner: Arc::new(block),
            owner: None,
        })
    })
}

/// `host_register(context, owner, pointer, size, mapped=False, portable=False)`: page-locks
/// `pointer..pointer+size`, memory `owner` keeps alive (`cuMemHostRegister`). `owner` is held
/// until the registration is released.
#[pyfunction]
#[pyo3(signature = (context, owner, pointer, size, mapped = false, portable = false))]
pub(crate) fn host_register(
    py: Python<'_>,
    context: &Context,
    owner: &Bound<'_, PyAny>,
    pointer: u64,
    size: i64,
    mapped: bool,
    portable: bool,
) -> PyResult<HostMemory> {
    guard(|| {
        let size = size_arg(size, "mempin")?;
        if pointer == 0 && size > 0 {
            return Err(PyValueError::new_err(
                "mempin: the pointer is NULL; pass the address of the host memory to page-lock",
            ));
        }
        if owner.is_none() {
            return Err(PyTypeError::new_err(
                "mempin: owner must be the object that owns the memory (kept alive while it is \
                 page-locked), not None",
            ));
        }
        let space = context.space.clone();
        // SAFETY: `owner` owns the range (the caller's contract, as numba's mempin) and is held
        // by the returned object for as long as the registration exists.
        let block = py
            .detach(move || unsafe { HostBlock::register(&space, pointer, size, mapped, portable) })
            .map_err(|e| runtime_error(py, &e))?;
        Ok(HostMemory {
            inner: Arc::new(block),
            owner: Some(owner.clone().unbind()),
        })
    })
}

/// `managed_alloc(context, size, attach_global=True)`: unified memory (`cuMemAllocManaged`).
#[pyfunction]
#[pyo3(signature = (context, size, attach_global = true))]
pub(crate) fn managed_alloc(
    py: Python<'_>,
    context: &Context,
    size: i64,
    attach_global: bool,
) -> PyResult<HostMemory> {
    guard(|| {
        let size = size_arg(size, "memallocmanaged")?;
        let space = context.space.clone();
        let block = py
            .detach(move || HostBlock::alloc_managed(&space, size, attach_global))
            .map_err(|e| runtime_error(py, &e))?;
        Ok(HostMemory {
            inner: Arc::new(block),
            owner: None,
        })
    })
}
