//! The native side of External Memory Management (EMM) plugins.
//!
//! The plugin classes live in Python (`oxcuda.cuda.memory`, numba-cuda's names and contracts).
//! This file gives them what needs the driver:
//! - the **allocation hook**: when a plugin is set, `oxcuda.cuda.memory` installs a Python
//!   callable `hook(context, size) -> MemoryPointer`; every device-array allocation of a
//!   non-empty size then calls it and wraps `device_pointer_value` as foreign memory, holding the
//!   returned pointer object as the owner (its finalizer frees the memory when the last array
//!   view goes). Without a hook, arrays come from the Rust caching allocator. Checking for the
//!   hook is one atomic load;
//! - raw pointer operations on memory a `MemoryPointer` describes: `memset`, `memcpy`, the
//!   allocation range, IPC handles, peer access.
//!
//! Invariant: memory from the hook is never freed by oxcuda; only its owner object is dropped.

use std::sync::Mutex;
use std::sync::PoisonError;
use std::sync::atomic::{AtomicBool, Ordering};

use oxcuda_runtime::raw_memory::RawCopy;
use oxcuda_runtime::{Allocation, Space};
use pyo3::exceptions::{PyNotImplementedError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::boundary::{driver_error, guard};
use crate::context::runtime::Context;
use crate::context::stream::resolve_stream;

static HOOK_SET: AtomicBool = AtomicBool::new(false);
static HOOK: Mutex<Option<Py<PyAny>>> = Mutex::new(None);

/// Installs (or, with `None`, removes) the allocation hook. See the module doc.
#[pyfunction]
#[pyo3(name = "_set_memalloc_hook", signature = (hook = None))]
pub(crate) fn set_memalloc_hook(hook: Option<Py<PyAny>>) -> PyResult<()> {
    guard(|| {
        let mut slot = HOOK.lock().unwrap_or_else(PoisonError::into_inner);
        HOOK_SET.store(hook.is_some(), Ordering::Release);
        *slot = hook;
        Ok(())
    })
}

/// Whether a plugin allocates device arrays.
#[pyfunction]
#[pyo3(name = "_memalloc_hook_set")]
pub(crate) fn memalloc_hook_set() -> PyResult<bool> {
    guard(|| Ok(HOOK_SET.load(Ordering::Acquire)))
}

/// Whether an allocation hook is installed (some context is served by a plugin).
pub fn hook_set() -> bool {
    HOOK_SET.load(Ordering::Acquire)
}

/// `size > 0` bytes in `space` from the plugin serving it, when there is one; `None` otherwise
/// (also when the hook answers `None`: oxcuda's own manager serves that context).
pub fn external_allocation(
    py: Python<'_>,
    space: &Space,
    size: usize,
) -> PyResult<Option<Allocation>> {
    if size == 0 || !HOOK_SET.load(Ordering::Acquire) {
        return Ok(None);
    }
    let Some(hook) = HOOK
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_ref()
        .map(|h| h.clone_ref(py))
    else {
        return Ok(None);
    };
    let pointer = hook.bind(py).call1((Context::new(space.clone()), size))?;
    if pointer.is_none() {
        return Ok(None);
    }
    let value = pointer.getattr("device_pointer_value").map_err(|_| {
        PyTypeError::new_err(format!(
            "the memory manager's memalloc({size}) returned a {}, which has no \
             device_pointer_value; memalloc must return a MemoryPointer \
             (oxcuda.cuda.MemoryPointer or a subclass)",
            pointer
                .get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string())
        ))
    })?;
    let ptr: u64 = if value.is_none() { 0 } else { value.extract()? };
    if ptr == 0 {
        return Err(PyValueError::new_err(format!(
            "the memory manager's memalloc({size}) returned a NULL pointer; it must return \
             memory of at least {size} bytes (or raise an error when it has none)"
        )));
    }
    if let Ok(got) = pointer.getattr("size").and_then(|s| s.extract::<usize>())
        && got < size
    {
        return Err(PyValueError::new_err(format!(
            "the memory manager's memalloc({size}) returned a pointer to only {got} bytes"
        )));
    }
    Ok(Some(Allocation::foreign(
        space,
        ptr,
        size,
        Box::new(pointer.unbind()),
    )))
}

fn device_space<'a>(
    context: &'a Context,
    what: &str,
) -> PyResult<&'a std::sync::Arc<oxcuda_runtime::DeviceContext>> {
    context.space.device().ok_or_else(|| {
        PyNotImplementedError::new_err(format!(
            "{what} needs a GPU: the host backend (the simulator's memory, \
             oxcuda.config.TARGET == 'sim') has no CUDA IPC"
        ))
    })
}

/// `memset(context, pointer, value, count, stream=None)`: sets `count` bytes at `pointer` to
/// `value` (device memory of the context; host memory on the host backend).
#[pyfunction]
#[pyo3(signature = (context, pointer, value, count, stream = None))]
pub(crate) fn memset(
    py: Python<'_>,
    context: &Context,
    pointer: u64,
    value: i64,
    count: i64,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    guard(|| {
        let byte = u8::try_from(value).map_err(|_| {
            PyValueError::new_err(format!(
                "memset: the value must be a byte (0 to 255), got {value}"
            ))
        })?;
        let count = usize::try_from(count).map_err(|_| {
            PyValueError::new_err(format!("memset: count must be non-negative, got {count}"))
        })?;
        if count == 0 {
            return Ok(());
        }
        if pointer == 0 {
            return Err(PyValueError::new_err("memset: the pointer is NULL"));
        }
        match &context.space {
            Space::Host(_) => {
                // SAFETY: the EMM contract: the pointer object describes `count` live bytes of
                // this space (host memory on the host backend).
                unsafe { std::ptr::write_bytes(pointer as *mut u8, byte, count) };
                Ok(())
            }
            Space::Device(ctx) => {
                let (s, _) = resolve_stream(py, &context.space, stream)?;
                let ctx = std::sync::Arc::clone(ctx);
                let handle = s.async_handle().map(|h| h as usize);
                // SAFETY: as above, device memory of this context; the stream is live.
                py.detach(move || unsafe {
                    ctx.memset(pointer, byte, count, handle.map(|h| h as *mut _))
                })
                .map_err(|e| driver_error(py, &e))
            }
        }
    })
}

/// The device address of mapped host memory at `pointer` (`cuMemHostGetDevicePointer`; the
/// same address on the host backend).
#[pyfunction]
pub(crate) fn host_device_pointer(
    py: Python<'_>,
    context: &Context,
    pointer: u64,
) -> PyResult<u64> {
    guard(|| match &context.space {
        Space::Host(_) => Ok(pointer),
        Space::Device(ctx) => ctx
            .mapped_device_pointer(pointer)
            .map_err(|e| driver_error(py, &e)),
    })
}

/// `(base, size)` of the device allocation containing `pointer` (`cuMemGetAddressRange`).
#[pyfunction]
pub(crate) fn address_range(
    py: Python<'_>,
    context: &Context,
    pointer: u64,
) -> PyResult<(u64, usize)> {
    guard(|| {
        let ctx = device_space(context, "cuMemGetAddressRange")?;
        ctx.address_range(pointer).map_err(|e| driver_error(py, &e))
    })
}

/// `(base, handle)`: the IPC handle (64 bytes) of the allocation containing `pointer`.
#[pyfunction]
pub(crate) fn ipc_get_handle<'py>(
    py: Python<'py>,
    context: &Context,
    pointer: u64,
) -> PyResult<(u64, Bound<'py, PyBytes>)> {
    guard(|| {
        let ctx = device_space(context, "get_ipc_handle")?;
        let (base, handle) = ctx.ipc_handle(pointer).map_err(|e| driver_error(py, &e))?;
        Ok((base, PyBytes::new(py, &handle)))
    })
}

/// Opens an IPC handle (64 bytes) in `context`; the device address of the allocation.
#[pyfunction]
pub(crate) fn ipc_open(py: Python<'_>, context: &Context, handle: &[u8]) -> PyResult<u64> {
    guard(|| {
        let ctx = device_space(context, "IpcHandle.open")?;
        let reserved: [u8; 64] = handle.try_into().map_err(|_| {
            PyValueError::new_err(format!(
                "an IPC handle is 64 bytes, got {} bytes",
                handle.len()
            ))
        })?;
        let ctx = std::sync::Arc::clone(ctx);
        py.detach(move || ctx.ipc_open(reserved))
            .map_err(|e| driver_error(py, &e))
    })
}

/// Closes memory opened with `ipc_open`.
#[pyfunction]
pub(crate) fn ipc_close(py: Python<'_>, context: &Context, pointer: u64) -> PyResult<()> {
    guard(|| {
        let ctx = device_space(context, "IpcHandle.close")?;
        // SAFETY: the IpcHandle that opened the pointer closes it once.
        unsafe { ctx.ipc_close(pointer) }.map_err(|e| driver_error(py, &e))
    })
}

/// Whether device `device` can access device `peer`'s memory directly.
#[pyfunction]
pub(crate) fn can_access_peer(py: Python<'_>, device: i32, peer: i32) -> PyResult<bool> {
    guard(|| {
        let rt = crate::context::runtime::runtime(py)?;
        rt.can_access_peer(device, peer)
            .map_err(|e| driver_error(py, &e))
    })
}

/// `memcpy(context, kind, dst, src, count, stream=None)`: copies `count` bytes from address
/// `src` to address `dst`, `kind` saying which sides are device memory: `"htod"`, `"dtoh"` or
/// `"dtod"` (device addresses of the unified address space, any devices). Synchronous unless
/// a stream is given. On the host backend every side is host memory and the copy is a
/// `memmove`.
#[pyfunction]
#[pyo3(signature = (context, kind, dst, src, count, stream = None))]
pub(crate) fn memcpy(
    py: Python<'_>,
    context: &Context,
    kind: &str,
    dst: u64,
    src: u64,
    count: i64,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    guard(|| {
        let kind = match kind {
            "htod" => RawCopy::HostToDevice,
            "dtoh" => RawCopy::DeviceToHost,
            "dtod" => RawCopy::DeviceToDevice,
            other => {
                return Err(PyValueError::new_err(format!(
                    "memcpy: kind must be 'htod', 'dtoh' or 'dtod', not {other:?}"
                )));
            }
        };
        let count = usize::try_from(count).map_err(|_| {
            PyValueError::new_err(format!("memcpy: count must be non-negative, got {count}"))
        })?;
        if count == 0 {
            return Ok(());
        }
        if dst == 0 || src == 0 {
            return Err(PyValueError::new_err(format!(
                "memcpy: the {} pointer is NULL",
                if dst == 0 { "destination" } else { "source" }
            )));
        }
        match &context.space {
            Space::Host(_) => {
                // SAFETY: the EMM contract: both describe live host memory of `count` bytes.
                unsafe { std::ptr::copy(src as *const u8, dst as *mut u8, count) };
                Ok(())
            }
            Space::Device(ctx) => {
                let (s, _) = resolve_stream(py, &context.space, stream)?;
                let ctx = std::sync::Arc::clone(ctx);
                let handle = s.async_handle().map(|h| h as usize);
                // SAFETY: as above, memory of the kinds `kind` names; the stream is live.
                py.detach(move || unsafe {
                    ctx.copy_raw(kind, dst, src, count, handle.map(|h| h as *mut _))
                })
                .map_err(|e| driver_error(py, &e))
            }
        }
    })
}
