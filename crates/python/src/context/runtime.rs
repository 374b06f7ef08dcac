//! Contexts and devices for Python: `oxcuda.cuda`'s `current_context`, `select_device`,
//! `get_memory_info`, `synchronize`, `close` and the `Device` attributes.
//!
//! Invariants:
//! - the driver is the one `toolchain::open_driver` opened (Python opens it first, on first use,
//!   never at import); a [`Runtime`] is made for it once and replaced only if the driver is;
//! - a [`Context`] is either a GPU's primary context or the host backend, and every array,
//!   stream and event is made in one; Python chooses which (`oxcuda.config.TARGET`);
//! - every blocking driver call runs with the GIL released, so stream callbacks (which take the
//!   GIL on a driver thread) cannot deadlock against a waiting Python thread.
//!
//! Errors map here: driver failures become `CudaDriverError` (via `boundary::driver_error`),
//! device out-of-memory a `CudaDriverError` of `CUDA_ERROR_OUT_OF_MEMORY` whose text names the
//! request and the free memory, bad values `ValueError`, layout errors `ValueError`/`IndexError`/
//! `NotImplementedError`.

use std::sync::{Arc, Mutex, PoisonError};

use oxcuda_runtime::{Error, HostContext, Runtime, Space};
use pyo3::exceptions::{PyAttributeError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::boundary::{ErrorKind, driver_error, guard, raise, runtime_error};
use crate::compile::toolchain;

static RUNTIME: Mutex<Option<Arc<Runtime>>> = Mutex::new(None);

/// The runtime over the opened driver.
pub fn runtime(py: Python<'_>) -> PyResult<Arc<Runtime>> {
    let driver = toolchain::driver().ok_or_else(|| {
        raise(
            py,
            ErrorKind::CudaSupport,
            (
                "the CUDA driver has not been opened: call oxcuda._toolchain.driver_info() first \
              (oxcuda.cuda does this on first use)",
            ),
        )
    })?;
    let mut slot = RUNTIME.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(rt) = slot.as_ref().filter(|rt| Arc::ptr_eq(rt.driver(), &driver)) {
        return Ok(Arc::clone(rt));
    }
    let rt = Arc::new(Runtime::new(driver));
    *slot = Some(Arc::clone(&rt));
    Ok(rt)
}

/// A context: a GPU's primary context or the host backend.
#[pyclass(frozen, weakref, module = "oxcuda.cuda.cudadrv", name = "Context")]
#[derive(Debug)]
pub struct Context {
    pub space: Space,
}

impl Context {
    pub fn new(space: Space) -> Self {
        Self { space }
    }
}

impl Context {
    fn raw_handle(&self) -> usize {
        self.space.device().map_or(0, |c| c.handle().0)
    }

    /// Calls `oxcuda.cuda.memory.context.<name>(self, *args)`: numba's memory methods of a
    /// context go through the memory manager (an EMM plugin or oxcuda's own), which is Python.
    fn memory_call<'py>(
        slf: &Bound<'py, Self>,
        name: &str,
        args: impl IntoIterator<Item = Bound<'py, PyAny>>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let f = py.import("oxcuda.cuda.memory.context")?.getattr(name)?;
        let mut all = vec![slf.clone().into_any()];
        all.extend(args);
        f.call(pyo3::types::PyTuple::new(py, all)?, kwargs)
    }
}

static HANDLE_CLASS: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();

#[pymethods]
impl Context {
    /// The `CUcontext` (0 for the host backend): an `int` that also has numba's ctypes-era
    /// `.value`, as Apache Arrow reads it (`context.handle.value`).
    #[getter]
    fn handle<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let class = HANDLE_CLASS.get_or_try_init(py, || {
                py.import("oxcuda.cuda.memory.context")
                    .and_then(|m| m.getattr("ContextHandle"))
                    .map(Bound::unbind)
            })?;
            class.bind(py).call1((self.raw_handle(),))
        })
    }

    /// The device (`cuda.gpus[device_id]`; the simulator's device on the host backend).
    #[getter]
    fn device<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            py.import("oxcuda.cuda._devices")?
                .getattr("_context_device")?
                .call1((self.device_id()?, self.is_host()?))
        })
    }

    /// numba's `Context.memalloc(size)`: device memory from the memory manager.
    fn memalloc<'py>(
        slf: &Bound<'py, Self>,
        size: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| Self::memory_call(slf, "memalloc", [size.clone()], None))
    }

    /// numba's `Context.memhostalloc(size, mapped=False, portable=False, wc=False)`.
    #[pyo3(signature = (size, mapped = false, portable = false, wc = false))]
    fn memhostalloc<'py>(
        slf: &Bound<'py, Self>,
        size: &Bound<'py, PyAny>,
        mapped: bool,
        portable: bool,
        wc: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let py = slf.py();
            let kw = PyDict::new(py);
            kw.set_item("mapped", mapped)?;
            kw.set_item("portable", portable)?;
            kw.set_item("wc", wc)?;
            Self::memory_call(slf, "memhostalloc", [size.clone()], Some(&kw))
        })
    }

    /// numba's `Context.mempin(owner, pointer, size, mapped=False)`.
    #[pyo3(signature = (owner, pointer, size, mapped = false))]
    fn mempin<'py>(
        slf: &Bound<'py, Self>,
        owner: &Bound<'py, PyAny>,
        pointer: &Bound<'py, PyAny>,
        size: &Bound<'py, PyAny>,
        mapped: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let py = slf.py();
            let kw = PyDict::new(py);
            kw.set_item("mapped", mapped)?;
            Self::memory_call(
                slf,
                "mempin",
                [owner.clone(), pointer.clone(), size.clone()],
                Some(&kw),
            )
        })
    }

    /// numba's `Context.memallocmanaged(size, attach_global=True)`.
    #[pyo3(signature = (size, attach_global = true))]
    fn memallocmanaged<'py>(
        slf: &Bound<'py, Self>,
        size: &Bound<'py, PyAny>,
        attach_global: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let py = slf.py();
            let kw = PyDict::new(py);
            kw.set_item("attach_global", attach_global)?;
            Self::memory_call(slf, "memallocmanaged", [size.clone()], Some(&kw))
        })
    }

    /// numba's `Context.get_ipc_handle(memory)`.
    fn get_ipc_handle<'py>(
        slf: &Bound<'py, Self>,
        memory: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| Self::memory_call(slf, "get_ipc_handle", [memory.clone()], None))
    }

    /// numba's `Context.defer_cleanup()`: a context manager.
    fn defer_cleanup<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| Self::memory_call(slf, "defer_cleanup", [], None))
    }

    /// The memory manager of this context (an EMM plugin instance, or oxcuda's own).
    #[getter]
    fn memory_manager<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| Self::memory_call(slf, "memory_manager", [], None))
    }

    /// Makes `manager` (an instance, as numba-cuda's tests set it) serve this context.
    #[setter]
    fn set_memory_manager<'py>(slf: &Bound<'py, Self>, manager: Bound<'py, PyAny>) -> PyResult<()> {
        guard(|| Self::memory_call(slf, "set_memory_manager", [manager], None).map(drop))
    }

    /// The device ordinal (0 for the host backend).
    #[getter]
    fn device_id(&self) -> PyResult<i32> {
        guard(|| Ok(self.space.device().map_or(0, |c| c.device().ordinal)))
    }

    /// True for the host backend (the simulator's memory).
    #[getter]
    fn is_host(&self) -> PyResult<bool> {
        guard(|| Ok(self.space.is_host()))
    }

    /// numba's `MemoryInfo(free, total)` bytes of the context: its EMM plugin's figures when
    /// one serves it, else the driver's (host RAM on the host backend).
    fn get_memory_info<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            if crate::memory::emm::hook_set() {
                return Self::memory_call(slf, "get_memory_info", [], None);
            }
            let py = slf.py();
            let (free, total) = slf.get()._raw_memory_info(py)?;
            py.import("oxcuda.cuda._devices")?
                .getattr("MemoryInfo")?
                .call1((free, total))
        })
    }

    /// numba's other `Context` members (`create_stream`, `create_event`, …), written in Python:
    /// `oxcuda.cuda._context_methods.attribute(self, name)`, called only for names not found
    /// here.
    fn __getattr__<'py>(slf: &Bound<'py, Self>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            slf.py()
                .import("oxcuda.cuda._context_methods")?
                .getattr("attribute")?
                .call1((slf, name))
        })
    }

    /// numba's `Context.reset()`: the memory manager's `reset()` (oxcuda's own returns the
    /// cache to the driver), and the kernels whose linked code has module callbacks are
    /// unloaded, their teardown callbacks run (`oxcuda.cuda._module_callbacks`; numba clears
    /// the context's modules). Arrays still alive keep their memory.
    fn reset<'py>(slf: &Bound<'py, Self>) -> PyResult<()> {
        guard(|| {
            Self::memory_call(slf, "reset", [], None)?;
            slf.py()
                .import("oxcuda.cuda._module_callbacks")?
                .call_method0("release_all")?;
            Ok(())
        })
    }

    /// `(free, total)` bytes from the driver (host RAM on the host backend).
    fn _raw_memory_info(&self, py: Python<'_>) -> PyResult<(usize, usize)> {
        guard(|| match &self.space {
            Space::Device(ctx) => py
                .detach(|| ctx.memory_info())
                .map_err(|e| driver_error(py, &e)),
            Space::Host(h) => {
                use oxcuda_runtime::allocator::RawMemory;
                h.allocator()
                    .raw()
                    .memory_info()
                    .map_err(|e| PyRuntimeError::new_err(e.to_string()))
            }
        })
    }

    /// Waits for all work of the context.
    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        guard(|| match &self.space {
            Space::Device(ctx) => py
                .detach(|| ctx.synchronize())
                .map_err(|e| driver_error(py, &e)),
            Space::Host(_) => Ok(()),
        })
    }

    /// Returns cached blocks to the driver (or the host allocator); the number of bytes freed.
    fn empty_cache(&self, py: Python<'_>) -> PyResult<usize> {
        guard(|| match &self.space {
            Space::Device(ctx) => py
                .detach(|| ctx.allocator().empty_cache())
                .map_err(|e| driver_error(py, &e)),
            Space::Host(h) => Ok(h.allocator().empty_cache().unwrap_or(0)),
        })
    }

    /// The allocator's counters: `{in_use, cached, cached_blocks, raw_allocs, raw_frees}`
    /// (bytes and counts).
    fn memory_stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let stats = match &self.space {
                Space::Device(ctx) => ctx.allocator().stats(),
                Space::Host(h) => h.allocator().stats(),
            };
            let d = PyDict::new(py);
            d.set_item("in_use", stats.in_use)?;
            d.set_item("cached", stats.cached)?;
            d.set_item("cached_blocks", stats.cached_blocks)?;
            d.set_item("raw_allocs", stats.raw_allocs)?;
            d.set_item("raw_frees", stats.raw_frees)?;
            Ok(d)
        })
    }

    /// Opens a `defer_cleanup()` section (the Python context manager pairs it with `_end_defer`).
    fn _begin_defer(&self) -> PyResult<()> {
        guard(|| {
            match &self.space {
                Space::Device(ctx) => ctx.allocator().begin_defer(),
                Space::Host(h) => h.allocator().begin_defer(),
            }
            Ok(())
        })
    }

    fn _end_defer(&self) -> PyResult<()> {
        guard(|| {
            match &self.space {
                Space::Device(ctx) => ctx.allocator().end_defer(),
                Space::Host(h) => h.allocator().end_defer(),
            }
            Ok(())
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        guard(|| {
            Ok({
                other
                    .cast::<Context>()
                    .is_ok_and(|o| o.get().space.same(&self.space))
            })
        })
    }

    fn __hash__(&self) -> PyResult<usize> {
        guard(|| Ok(self.raw_handle()))
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok({
                match &self.space {
                    Space::Device(c) => format!(
                        "<CUDA context {:#x} of device {}>",
                        c.handle().0,
                        c.device().ordinal
                    ),
                    Space::Host(_) => "<oxcuda host-backend context (simulator)>".to_owned(),
                }
            })
        })
    }
}

/// The host backend's context.
#[pyfunction]
pub(crate) fn host_context() -> PyResult<Context> {
    guard(|| Ok(Context::new(Space::Host(HostContext::get()))))
}

/// The calling thread's GPU context (device 0's primary context when none is current).
#[pyfunction]
pub(crate) fn current_device_context(py: Python<'_>) -> PyResult<Context> {
    guard(|| {
        let rt = runtime(py)?;
        // The first call creates the primary context (hundreds of milliseconds): without the
        // GIL, so other threads run meanwhile.
        let ctx = py
            .detach(|| rt.current())
            .map_err(|e| runtime_error(py, &Error::from(e)))?;
        Ok(Context::new(Space::Device(ctx)))
    })
}

/// Makes device `ordinal`'s primary context current on this thread.
#[pyfunction]
pub(crate) fn select_device(py: Python<'_>, ordinal: i32) -> PyResult<Context> {
    guard(|| {
        let rt = runtime(py)?;
        let ctx = rt
            .select(ordinal)
            .map_err(|e| runtime_error(py, &Error::from(e)))?;
        Ok(Context::new(Space::Device(ctx)))
    })
}

/// Unbinds the context current on this thread if it is `ctx` (the end of `with gpus[i]:`) and
/// makes `previous` (a context handle, 0 for none) current again.
#[pyfunction]
pub(crate) fn restore_context(py: Python<'_>, previous: usize) -> PyResult<()> {
    guard(|| {
        let rt = runtime(py)?;
        // SAFETY: `previous` was the current context before the `with`; it is a primary context
        // this runtime retains, or null.
        unsafe { rt.set_current_context_handle(previous) }.map_err(|e| driver_error(py, &e))
    })
}

/// The raw current context handle (0 when none), to restore after `with gpus[i]:`.
#[pyfunction]
pub(crate) fn current_context_handle(py: Python<'_>) -> PyResult<usize> {
    guard(|| {
        let rt = runtime(py)?;
        rt.current_context_handle()
            .map_err(|e| driver_error(py, &e))
    })
}

/// numba-cuda's `close()`: synchronise, empty the caches, release the contexts.
#[pyfunction]
pub(crate) fn close_runtime(py: Python<'_>) -> PyResult<()> {
    guard(|| {
        let Some(rt) = RUNTIME
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
        else {
            return Ok(());
        };
        py.detach(|| rt.close()).map_err(|e| driver_error(py, &e))
    })
}

/// The ordinals of the contexts the runtime holds (for tests and `python -m oxcuda`).
#[pyfunction]
pub(crate) fn open_contexts(py: Python<'_>) -> PyResult<Vec<i32>> {
    guard(|| {
        let _ = py;
        Ok(RUNTIME
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map(|rt| rt.contexts().iter().map(|c| c.device().ordinal).collect())
            .unwrap_or_default())
    })
}

/// Reads `CU_DEVICE_ATTRIBUTE_<name>` of device `ordinal`.
#[pyfunction]
pub(crate) fn device_attribute(py: Python<'_>, ordinal: i32, name: &str) -> PyResult<i32> {
    guard(|| {
        let rt = runtime(py)?;
        rt.device_attribute(ordinal, name)
            .map_err(|e| driver_error(py, &e))?
            .ok_or_else(|| {
                PyAttributeError::new_err(format!(
                    "Device has no attribute {name:?}: it is not a CU_DEVICE_ATTRIBUTE_* name \
                     oxcuda knows (see Device.attribute_names())"
                ))
            })
    })
}

/// The attribute names `device_attribute` knows.
#[pyfunction]
pub(crate) fn device_attribute_names() -> PyResult<Vec<&'static str>> {
    guard(|| Ok(oxcuda_runtime::device::device_attribute_names()))
}
