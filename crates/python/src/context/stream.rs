//! Streams and events for Python (`cuda.stream()`, `cuda.event()`, …).
//!
//! `Stream` is subclassable: `oxcuda.cuda` adds the pure-Python conveniences
//! (`auto_synchronize`, `async_done`) in a subclass, while Rust code (the launcher, the arrays)
//! reads the handle from the base class directly.
//!
//! Anything accepted where a stream is expected goes through [`resolve_stream`]: `0`/`None` (the
//! default stream), our `Stream`, an object with `__cuda_stream__` (CuPy, PyTorch, cuda.core: a
//! foreign stream, wrapped without owning it) or a raw integer handle.
//!
//! Invariant: blocking waits release the GIL (see `runtime`'s module doc).

use std::sync::Arc;

use oxcuda_runtime::stream::StreamKind;
use oxcuda_runtime::{Event as RtEvent, Space, Stream as RtStream};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};

use crate::boundary::guard;
use crate::boundary::runtime_error;
use crate::context::runtime::Context;

/// A CUDA stream (or its synchronous stand-in on the host backend).
#[pyclass(subclass, frozen, module = "oxcuda.cuda.cudadrv", name = "Stream")]
#[derive(Debug)]
pub struct Stream {
    pub inner: Arc<RtStream>,
}

fn kind_of(name: &str) -> PyResult<StreamKind> {
    Ok(match name {
        "new" => StreamKind::Owned,
        "default" => StreamKind::Default,
        "legacy" => StreamKind::Legacy,
        "per_thread" => StreamKind::PerThread,
        "external" => StreamKind::External,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown stream kind {other:?}: expected 'new', 'default', 'legacy', \
                 'per_thread' or 'external'"
            )));
        }
    })
}

#[pymethods]
impl Stream {
    /// `Stream(context, kind="new", handle=0)`; use `cuda.stream()` and friends instead.
    #[new]
    #[pyo3(signature = (context, kind = "new", handle = 0))]
    fn new(py: Python<'_>, context: &Context, kind: &str, handle: u64) -> PyResult<Self> {
        guard(|| {
            let space = &context.space;
            let inner = match kind_of(kind)? {
                StreamKind::Owned => RtStream::create(space),
                StreamKind::External => RtStream::external(space, handle),
                k => Ok(RtStream::default_of(space, k)),
            }
            .map_err(|e| runtime_error(py, &e))?;
            Ok(Self {
                inner: Arc::new(inner),
            })
        })
    }

    /// The `CUstream` handle as an integer.
    #[getter]
    fn handle(&self) -> PyResult<u64> {
        guard(|| Ok(self.inner.handle()))
    }

    /// `'new'`, `'default'`, `'legacy'`, `'per_thread'` or `'external'`.
    #[getter]
    fn kind(&self) -> PyResult<&'static str> {
        guard(|| {
            Ok({
                match self.inner.kind() {
                    StreamKind::Owned => "new",
                    StreamKind::Default => "default",
                    StreamKind::Legacy => "legacy",
                    StreamKind::PerThread => "per_thread",
                    StreamKind::External => "external",
                }
            })
        })
    }

    /// The context the stream belongs to.
    #[getter]
    fn context(&self) -> PyResult<Context> {
        guard(|| Ok(Context::new(self.inner.space().clone())))
    }

    fn __int__(&self) -> PyResult<u64> {
        guard(|| Ok(self.inner.handle()))
    }

    /// The CUDA stream protocol: `(version, handle)`.
    fn __cuda_stream__(&self) -> PyResult<(u32, u64)> {
        guard(|| Ok((0, self.inner.handle())))
    }

    /// Waits for all work queued on the stream.
    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        guard(|| {
            let s = Arc::clone(&self.inner);
            py.detach(move || s.synchronize())
                .map_err(|e| runtime_error(py, &e))
        })
    }

    /// True when all queued work is done.
    fn query(&self, py: Python<'_>) -> PyResult<bool> {
        guard(|| self.inner.query().map_err(|e| runtime_error(py, &e)))
    }

    /// Calls `callback(stream, status, arg)` once the work queued so far is done (on a driver
    /// thread; at once on the host backend). `status` is 0; an exception in the callback is
    /// reported as unraisable.
    #[pyo3(signature = (callback, arg = None))]
    fn add_callback(
        slf: &Bound<'_, Self>,
        callback: Py<PyAny>,
        arg: Option<Py<PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
        guard(|| {
            let stream: Py<PyAny> = slf.clone().into_any().unbind();
            let arg = arg.unwrap_or_else(|| py.None());
            let f = Box::new(move || {
                Python::attach(|py| {
                    if let Err(e) = callback.call1(py, (stream, 0, arg)) {
                        e.write_unraisable(py, None);
                    }
                });
            });
            slf.get()
                .inner
                .launch_host_fn(f)
                .map_err(|e| runtime_error(py, &e))
        })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        guard(|| {
            Ok({
                other.cast::<Stream>().is_ok_and(|o| {
                    let o = &o.get().inner;
                    o.handle() == self.inner.handle() && o.space().same(self.inner.space())
                })
            })
        })
    }

    fn __hash__(&self) -> PyResult<u64> {
        guard(|| Ok(self.inner.handle()))
    }

    fn __repr__(&self) -> PyResult<String> {
        guard(|| {
            Ok({
                let backend = if self.inner.space().is_host() {
                    " (host backend)"
                } else {
                    ""
                };
                match self.inner.kind() {
                    StreamKind::Default => format!("<Default CUDA stream{backend}>"),
                    StreamKind::Legacy => format!("<Legacy default CUDA stream{backend}>"),
                    StreamKind::PerThread => format!("<Per-thread default CUDA stream{backend}>"),
                    StreamKind::External => {
                        format!("<External CUDA stream {:#x}{backend}>", self.inner.handle())
                    }
                    StreamKind::Owned => {
                        format!("<CUDA stream {:#x}{backend}>", self.inner.handle())
                    }
                }
            })
        })
    }
}

/// A stream argument resolved against `space`: the runtime stream and the Python object to
/// remember (`0` for the default stream).
pub fn resolve_stream<'py>(
    py: Python<'py>,
    space: &Space,
    obj: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Arc<RtStream>, Py<PyAny>)> {
    let default = || {
        Ok((
            Arc::new(RtStream::default_of(space, StreamKind::Default)),
            0i32.into_pyobject(py)?.into_any().unbind(),
        ))
    };
    let Some(obj) = obj else { return default() };
    if obj.is_none() {
        return default();
    }
    if let Ok(s) = obj.cast::<Stream>() {
        let inner = &s.get().inner;
        if inner.space().is_host() != space.is_host() {
            return Err(PyValueError::new_err(format!(
                "{} belongs to the {} backend, but the array is on the {} backend",
                s.repr()?,
                if inner.space().is_host() {
                    "host"
                } else {
                    "GPU"
                },
                if space.is_host() { "host" } else { "GPU" },
            )));
        }
        return Ok((Arc::clone(inner), obj.clone().unbind()));
    }
    // A plain int (0, or a raw handle) first: asking it for `__cuda_stream__` would raise and
    // discard an AttributeError on every allocation made with `stream=0`.
    let handle: u64 = if obj.is_exact_instance_of::<PyInt>()
        && let Ok(h) = obj.extract::<u64>()
    {
        h
    } else if let Ok(proto) = obj.getattr(pyo3::intern!(py, "__cuda_stream__")) {
        let pair = proto.call0()?;
        let pair = pair.cast::<PyTuple>().map_err(|_| {
            PyTypeError::new_err("__cuda_stream__() must return a (version, handle) tuple")
        })?;
        pair.get_item(1)?.extract()?
    } else if let Ok(h) = obj.extract::<u64>() {
        h
    } else if let Some(h) = ["cuda_stream", "ptr"]
        .iter()
        .find_map(|name| obj.getattr(*name).ok()?.extract::<u64>().ok())
    {
        // torch.cuda.Stream.cuda_stream, cupy.cuda.Stream.ptr
        h
    } else {
        return Err(PyTypeError::new_err(format!(
            "expected a stream (cuda.stream(), 0, an object with __cuda_stream__, or an integer \
             handle), got {}",
            obj.get_type().name()?
        )));
    };
    if handle == 0 {
        return default();
    }
    let s = guard(|| RtStream::external(space, handle).map_err(|e| runtime_error(py, &e)))?;
    Ok((Arc::new(s), obj.clone().unbind()))
}

/// A CUDA event (CPU-clock timing on the host backend).
#[pyclass(frozen, module = "oxcuda.cuda.cudadrv", name = "Event")]
#[derive(Debug)]
pub struct Event {
    inner: RtEvent,
}

#[pymethods]
impl Event {
    /// `Event(context, timing=True)`; use `cuda.event()` instead.
    #[new]
    #[pyo3(signature = (context, timing = true))]
    fn new(py: Python<'_>, context: &Context, timing: bool) -> PyResult<Self> {
        guard(|| {
            RtEvent::new(&context.space, timing)
                .map(|inner| Self { inner })
                .map_err(|e| runtime_error(py, &e))
        })
    }

    /// The `CUevent` handle (0 on the host backend).
    #[getter]
    fn handle(&self) -> PyResult<u64> {
        guard(|| Ok(self.inner.handle()))
    }

    /// Records the event on `stream` (the default stream when omitted).
    #[pyo3(signature = (stream = None))]
    fn record(&self, py: Python<'_>, stream: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        guard(|| {
            let space = self.space_of(py, stream)?;
            let (s, _) = resolve_stream(py, &space, stream)?;
            self.inner.record(&s).map_err(|e| runtime_error(py, &e))
        })
    }

    /// Waits until the event has happened.
    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        guard(|| {
            py.detach(|| self.inner.synchronize())
                .map_err(|e| runtime_error(py, &e))
        })
    }

    /// Makes later work on `stream` wait for the event.
    #[pyo3(signature = (stream = None))]
    fn wait(&self, py: Python<'_>, stream: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        guard(|| {
            let space = self.space_of(py, stream)?;
            let (s, _) = resolve_stream(py, &space, stream)?;
            self.inner.wait(&s).map_err(|e| runtime_error(py, &e))
        })
    }

    /// True when the event has happened.
    fn query(&self, py: Python<'_>) -> PyResult<bool> {
        guard(|| self.inner.query().map_err(|e| runtime_error(py, &e)))
    }

    /// Milliseconds from this event to `end`.
    fn elapsed_time(&self, py: Python<'_>, end: &Event) -> PyResult<f32> {
        guard(|| {
            self.inner
                .elapsed_ms(&end.inner)
                .map_err(|e| runtime_error(py, &e))
        })
    }
}

impl Event {
    /// The space to resolve a stream argument in: the stream's own, else the event's.
    fn space_of(&self, py: Python<'_>, stream: Option<&Bound<'_, PyAny>>) -> PyResult<Space> {
        if let Some(s) = stream.and_then(|s| s.cast::<Stream>().ok()) {
            return Ok(s.get().inner.space().clone());
        }
        if self.inner.is_host() {
            return Ok(Space::Host(oxcuda_runtime::HostContext::get()));
        }
        let rt = crate::context::runtime::runtime(py)?;
        rt.current()
            .map(Space::Device)
            .map_err(|e| runtime_error(py, &e.into()))
    }
}

/// `event_elapsed_time(start, end)` in milliseconds.
#[pyfunction]
pub(crate) fn event_elapsed_time(py: Python<'_>, start: &Event, end: &Event) -> PyResult<f32> {
    guard(|| start.elapsed_time(py, end))
}
