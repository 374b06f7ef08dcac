//! Streams: work queues on a GPU, or their synchronous stand-in on the host backend.
//!
//! Kinds, as numba-cuda names them: the default stream (handle 0), the legacy default stream
//! (`CU_STREAM_LEGACY`), the per-thread default stream (`CU_STREAM_PER_THREAD`), streams we
//! create (destroyed when dropped), and external streams (someone else's handle, never
//! destroyed by us).
//!
//! Invariants:
//! - an owned stream is destroyed only when the last reference goes, after parking the cached
//!   blocks last used on it (see `allocator`), so a recycled handle never inherits them;
//! - on the host backend every operation completes before it returns, so a stream is only an
//!   identity (and ordering is program order); host functions run immediately;
//! - [`Stream::tag`] says whether the stream synchronises with the legacy default stream, read
//!   once from the driver for external streams.

use std::ffi::c_void;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use oxcuda_driver::stream::{CU_STREAM_LEGACY, CU_STREAM_PER_THREAD};

use crate::allocator::StreamTag;
use crate::context::{DeviceContext, Space};
use crate::error::Error;

/// What a stream is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StreamKind {
    /// Handle 0.
    Default,
    /// `CU_STREAM_LEGACY`.
    Legacy,
    /// `CU_STREAM_PER_THREAD`.
    PerThread,
    /// Created by us, destroyed with the last reference.
    Owned,
    /// Someone else's; never destroyed by us.
    External,
}

/// A stream of one space. See the module doc.
#[derive(Debug)]
pub struct Stream {
    handle: u64,
    kind: StreamKind,
    space: Space,
    blocking: bool,
}

/// Handles of host-backend streams (distinct from 0, 1 and 2).
static NEXT_HOST_STREAM: AtomicU64 = AtomicU64::new(0x100);

impl Stream {
    /// One of the three default streams of `space`.
    #[must_use]
    pub fn default_of(space: &Space, kind: StreamKind) -> Self {
        let handle = match kind {
            StreamKind::Legacy => CU_STREAM_LEGACY,
            StreamKind::PerThread => CU_STREAM_PER_THREAD,
            _ => 0,
        };
        Self {
            handle,
            kind,
            space: space.clone(),
            blocking: true,
        }
    }

    /// A new stream (blocking with respect to the legacy default stream, as numba-cuda's).
    ///
    /// # Errors
    /// The driver's error.
    pub fn create(space: &Space) -> Result<Self, Error> {
        let handle = match space {
            Space::Device(ctx) => {
                ctx.make_current()?;
                ctx.driver().create_stream(0)? as u64
            }
            Space::Host(_) => NEXT_HOST_STREAM.fetch_add(1, Ordering::Relaxed),
        };
        Ok(Self {
            handle,
            kind: StreamKind::Owned,
            space: space.clone(),
            blocking: true,
        })
    }

    /// Wraps a stream handle someone else owns.
    ///
    /// A `CUstream` is the address of a driver object, and the driver dereferences what it is
    /// given: a wrong integer would crash the process inside the driver. So the handle must be
    /// pointer-aligned and point at readable memory of this process ([`readable`]); the three
    /// special handles (0, `CU_STREAM_LEGACY`, `CU_STREAM_PER_THREAD`) are taken as they are.
    /// As numba-cuda's, wrapping asks the driver nothing: a readable address that is no stream
    /// (numba's tests wrap a dummy pointer) reaches the driver only when the stream is used,
    /// and asking for its flags here crashed the process inside the driver (numba-cuda's
    /// `test_external_stream_create` on the H200). Nor can the flags be read while the stream
    /// captures a graph. So an external stream counts as non-blocking for the allocator (no
    /// implicit order with the legacy default stream), the assumption that is never wrong.
    ///
    /// # Errors
    /// `Error::Value` for a handle that cannot be a stream.
    pub fn external(space: &Space, handle: u64) -> Result<Self, Error> {
        let blocking = match space {
            Space::Device(_) if handle > CU_STREAM_PER_THREAD => {
                if !handle.is_multiple_of(8) || !readable(handle, 64) {
                    return Err(Error::Value(format!(
                        "{handle:#x} is not a CUstream: a stream handle is the address of a \
                         driver object of this process (pointer-aligned, mapped); pass the \
                         integer value of a live CUstream (CuPy's stream.ptr, PyTorch's \
                         stream.cuda_stream), or 0 for the default stream"
                    )));
                }
                false
            }
            _ => true,
        };
        Ok(Self {
            handle,
            kind: StreamKind::External,
            space: space.clone(),
            blocking,
        })
    }

    /// The `CUstream` handle as an integer (`int(stream)`).
    #[must_use]
    pub fn handle(&self) -> u64 {
        self.handle
    }

    /// What kind of stream this is.
    #[must_use]
    pub fn kind(&self) -> StreamKind {
        self.kind
    }

    /// The space the stream belongs to.
    #[must_use]
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// The allocator's view of the stream.
    #[must_use]
    pub fn tag(&self) -> StreamTag {
        StreamTag {
            handle: self.handle,
            blocking: self.blocking,
        }
    }

    /// The handle for asynchronous driver calls; `None` for the default stream, whose copies
    /// use the synchronous entry points (numba-cuda's "synchronous when stream is 0").
    #[must_use]
    pub fn async_handle(&self) -> Option<*mut c_void> {
        (self.handle != 0).then_some(self.handle as *mut c_void)
    }

    fn device(&self) -> Option<&Arc<DeviceContext>> {
        self.space.device()
    }

    /// Waits for the stream's work.
    ///
    /// # Errors
    /// The driver's error, including faults of earlier work.
    pub fn synchronize(&self) -> Result<(), Error> {
        if let Some(ctx) = self.device() {
            ctx.make_current()?;
            // SAFETY: a live stream of this context.
            unsafe { ctx.driver().synchronize_stream(self.handle as *mut c_void) }?;
        }
        Ok(())
    }

    /// Whether all the stream's work is done.
    ///
    /// # Errors
    /// The driver's error.
    pub fn query(&self) -> Result<bool, Error> {
        match self.device() {
            Some(ctx) => {
                ctx.make_current()?;
                // SAFETY: a live stream of this context.
                Ok(unsafe { ctx.driver().query_stream(self.handle as *mut c_void) }?)
            }
            None => Ok(true),
        }
    }

    /// Runs `f` after the stream's current work (on a driver thread); on the host backend, now.
    ///
    /// # Errors
    /// The driver's error; `f` is dropped without running then.
    pub fn launch_host_fn(&self, f: Box<dyn FnOnce() + Send>) -> Result<(), Error> {
        let Some(ctx) = self.device() else {
            f();
            return Ok(());
        };
        unsafe extern "C" fn trampoline(data: *mut c_void) {
            // SAFETY: data is the Box leaked below, passed to exactly one call.
            let f = unsafe { Box::from_raw(data.cast::<Box<dyn FnOnce() + Send>>()) };
            // A panic must not unwind into the driver.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        }
        ctx.make_current()?;
        let data = Box::into_raw(Box::new(f)).cast::<c_void>();
        // SAFETY: the trampoline makes no CUDA call; data lives until it runs.
        let r = unsafe {
            ctx.driver()
                .launch_host_function(self.handle as *mut c_void, Some(trampoline), data)
        };
        if r.is_err() {
            // SAFETY: the driver did not take the callback: we still own data.
            drop(unsafe { Box::from_raw(data.cast::<Box<dyn FnOnce() + Send>>()) });
        }
        Ok(r?)
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.kind != StreamKind::Owned {
            return;
        }
        if let Some(ctx) = self.space.device() {
            ctx.allocator().forget_stream(self.handle);
            if ctx.make_current().is_ok() {
                // SAFETY: we created the stream; this is its last reference.
                let _ = unsafe { ctx.driver().destroy_stream(self.handle as *mut c_void) };
            }
        }
    }
}

/// Whether `bytes` bytes at address `addr` can be read by this process, found without
/// touching them: the kernel copies them into a pipe, and reports `EFAULT` instead of a fault
/// for an address that is not mapped readable.
#[cfg(unix)]
fn readable(addr: u64, bytes: usize) -> bool {
    let mut fds = [0 as libc::c_int; 2];
    // SAFETY: writes two file descriptors.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return false;
    }
    let mut ok = true;
    let mut sink = [0u8; 64];
    let mut done = 0;
    while done < bytes {
        let chunk = (bytes - done).min(sink.len());
        // SAFETY: `write` only reads `chunk` bytes at the address, and fails with EFAULT
        // rather than faulting when they are not readable.
        let n =
            unsafe { libc::write(fds[1], (addr as usize + done) as *const libc::c_void, chunk) };
        if n <= 0 {
            ok = false;
            break;
        }
        let n = n.unsigned_abs();
        // SAFETY: reads back at most `n` bytes into `sink` (64 bytes).
        unsafe { libc::read(fds[0], sink.as_mut_ptr().cast(), n) };
        done += n;
    }
    // SAFETY: the two descriptors `pipe` made, closed once.
    unsafe {
        libc::close(fds[0]);
        libc::close(fds[1]);
    }
    ok
}

/// Elsewhere no probe exists; the driver is trusted with aligned handles.
#[cfg(not(unix))]
fn readable(_addr: u64, _bytes: usize) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::readable;

    #[test]
    fn readable_tells_mapped_from_unmapped_memory() {
        let data = [7u64; 16];
        assert!(readable(data.as_ptr() as u64, 64));
        assert!(!readable(0xdead_bee8, 64));
        assert!(!readable(8, 8));
    }
}
