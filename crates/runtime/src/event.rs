//! Events: markers in streams for waiting, cross-stream ordering and timing.
//!
//! On a GPU an event is a `CUevent`. On the host backend every stream operation has completed
//! when it returns, so recording takes the CPU clock and waiting is a no-op; elapsed times are
//! wall-clock milliseconds between two records.
//!
//! Invariant: an event is destroyed with its last reference, with its context current.

use std::ffi::c_void;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use crate::context::{DeviceContext, Space};
use crate::error::Error;
use crate::stream::Stream;

#[derive(Debug)]
enum Inner {
    Device {
        ctx: Arc<DeviceContext>,
        handle: u64,
    },
    Host {
        recorded: Mutex<Option<Instant>>,
    },
}

/// An event of one space. See the module doc.
#[derive(Debug)]
pub struct Event {
    inner: Inner,
    timing: bool,
}

impl Event {
    /// A new event; `timing` allows [`elapsed_ms`](Self::elapsed_ms).
    ///
    /// # Errors
    /// The driver's error.
    pub fn new(space: &Space, timing: bool) -> Result<Self, Error> {
        let inner = match space {
            Space::Device(ctx) => {
                ctx.make_current()?;
                let handle = ctx.driver().create_event(timing)? as u64;
                Inner::Device {
                    ctx: Arc::clone(ctx),
                    handle,
                }
            }
            Space::Host(_) => Inner::Host {
                recorded: Mutex::new(None),
            },
        };
        Ok(Self { inner, timing })
    }

    /// Whether this is a host-backend event.
    #[must_use]
    pub fn is_host(&self) -> bool {
        matches!(self.inner, Inner::Host { .. })
    }

    /// The `CUevent` handle (0 on the host backend).
    #[must_use]
    pub fn handle(&self) -> u64 {
        match &self.inner {
            Inner::Device { handle, .. } => *handle,
            Inner::Host { .. } => 0,
        }
    }

    /// Records the event at the current end of `stream`.
    ///
    /// # Errors
    /// The driver's error (e.g. a stream of another context).
    pub fn record(&self, stream: &Stream) -> Result<(), Error> {
        match &self.inner {
            Inner::Device { ctx, handle } => {
                ctx.make_current()?;
                // SAFETY: live handles of this context.
                unsafe {
                    ctx.driver()
                        .record_event(*handle as *mut c_void, stream.handle() as *mut c_void)
                }?;
            }
            Inner::Host { recorded } => {
                *recorded.lock().unwrap_or_else(PoisonError::into_inner) = Some(Instant::now());
            }
        }
        Ok(())
    }

    /// Waits for the event.
    ///
    /// # Errors
    /// The driver's error.
    pub fn synchronize(&self) -> Result<(), Error> {
        if let Inner::Device { ctx, handle } = &self.inner {
            ctx.make_current()?;
            // SAFETY: a live event.
            unsafe { ctx.driver().synchronize_event(*handle as *mut c_void) }?;
        }
        Ok(())
    }

    /// Whether the event has completed (true for an event never recorded, as CUDA says).
    ///
    /// # Errors
    /// The driver's error.
    pub fn query(&self) -> Result<bool, Error> {
        match &self.inner {
            Inner::Device { ctx, handle } => {
                ctx.make_current()?;
                // SAFETY: a live event.
                Ok(unsafe { ctx.driver().query_event(*handle as *mut c_void) }?)
            }
            Inner::Host { .. } => Ok(true),
        }
    }

    /// Makes later work on `stream` wait for this event.
    ///
    /// # Errors
    /// The driver's error.
    pub fn wait(&self, stream: &Stream) -> Result<(), Error> {
        if let Inner::Device { ctx, handle } = &self.inner {
            ctx.make_current()?;
            // SAFETY: live handles.
            unsafe {
                ctx.driver()
                    .stream_wait(stream.handle() as *mut c_void, *handle as *mut c_void)
            }?;
        }
        Ok(())
    }

    /// Milliseconds from this event to `end`; both recorded and complete, both with timing.
    ///
    /// # Errors
    /// `ValueError` when an event lacks timing or was never recorded (host backend); the
    /// driver's error otherwise.
    pub fn elapsed_ms(&self, end: &Self) -> Result<f32, Error> {
        if !self.timing || !end.timing {
            return Err(Error::Value(
                "elapsed_time needs two events created with timing=True".to_owned(),
            ));
        }
        match (&self.inner, &end.inner) {
            (Inner::Device { ctx, handle: a }, Inner::Device { handle: b, .. }) => {
                ctx.make_current()?;
                // SAFETY: live events.
                Ok(unsafe {
                    ctx.driver()
                        .event_elapsed_ms(*a as *mut c_void, *b as *mut c_void)
                }?)
            }
            (Inner::Host { recorded: a }, Inner::Host { recorded: b }) => {
                let a = *a.lock().unwrap_or_else(PoisonError::into_inner);
                let b = *b.lock().unwrap_or_else(PoisonError::into_inner);
                match (a, b) {
                    (Some(a), Some(b)) => {
                        let ms = if b >= a {
                            (b - a).as_secs_f64() * 1e3
                        } else {
                            -((a - b).as_secs_f64() * 1e3)
                        };
                        #[allow(clippy::cast_possible_truncation, reason = "CUDA reports f32 ms")]
                        Ok(ms as f32)
                    }
                    _ => Err(Error::Value(
                        "elapsed_time needs both events recorded first (event.record())".to_owned(),
                    )),
                }
            }
            _ => Err(Error::Value(
                "elapsed_time between a GPU event and a simulator event".to_owned(),
            )),
        }
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        if let Inner::Device { ctx, handle } = &self.inner
            && ctx.make_current().is_ok()
        {
            // SAFETY: our event, last reference.
            let _ = unsafe { ctx.driver().destroy_event(*handle as *mut c_void) };
        }
    }
}
