//! Transfers: copying the elements of one view into another, across host and device.
//!
//! [`copy`] takes two views of the same shape and item size (the caller broadcasts the source
//! and checks the dtypes) and picks the cheapest correct path:
//! - both contiguous with the same strides: one `memcpy` (host) or one driver copy;
//! - a strided device source: its extent comes to a host staging buffer and is gathered there;
//! - a strided device destination: its extent is read, the new elements scattered into it, and
//!   the extent written back (read-modify-write, ordered on the stream);
//! - host to host: a strided copy, through a temporary when the two views overlap.
//!
//! Stream semantics (numba-cuda's): on the default stream (handle 0) copies use the synchronous
//! entry points; on another stream they are enqueued with the asynchronous ones. Staging buffers
//! are pageable, for which the driver completes a device-to-host copy before returning and
//! stages a host-to-device copy before returning, so they may be freed right after the call.

use std::ffi::c_void;
use std::sync::Arc;

use crate::context::DeviceContext;
use crate::copy::{copy_strided, ranges_overlap};
use crate::error::Error;
use crate::layout::{Layout, Order, contiguous_strides};
use crate::stream::Stream;

/// Where a view's memory is.
#[derive(Debug, Clone, Copy)]
pub enum Mem<'a> {
    /// CPU-addressable memory (NumPy arrays, host-backend arrays).
    Host,
    /// Device memory of a context.
    Device(&'a Arc<DeviceContext>),
}

/// A view: memory kind, data pointer and layout.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// Where the memory is.
    pub mem: Mem<'a>,
    /// The address of element `(0, …, 0)`.
    pub ptr: u64,
    /// Shape, strides, item size.
    pub layout: &'a Layout,
}

impl Place<'_> {
    fn range(&self) -> (u64, u64) {
        let (lo, hi) = self.layout.extent();
        (
            self.ptr.wrapping_add_signed(lo),
            self.ptr.wrapping_add_signed(hi),
        )
    }
}

/// Whether two layouts address their elements at the same offsets (extent-1 axes ignored).
fn same_strides(a: &Layout, b: &Layout) -> bool {
    a.shape()
        .iter()
        .zip(a.strides().iter().zip(b.strides()))
        .all(|(&n, (x, y))| n <= 1 || x == y)
}

fn usize_of(n: i64) -> usize {
    usize::try_from(n).expect("a layout's byte counts are non-negative")
}

/// Copies the elements of `src` into `dst`. See the module doc.
///
/// # Errors
/// `ValueError` when the shapes or item sizes differ; the driver's errors.
///
/// # Safety
/// Both places describe memory valid for their whole extent for the duration of the call (and
/// of the enqueued work, for asynchronous copies into or out of page-locked host memory).
pub unsafe fn copy(dst: &Place<'_>, src: &Place<'_>, stream: &Stream) -> Result<(), Error> {
    if dst.layout.shape() != src.layout.shape() || dst.layout.itemsize() != src.layout.itemsize() {
        return Err(Error::Value(format!(
            "cannot copy {} elements of {} bytes into {} elements of {} bytes",
            crate::layout::shape_str(src.layout.shape()),
            src.layout.itemsize(),
            crate::layout::shape_str(dst.layout.shape()),
            dst.layout.itemsize()
        )));
    }
    if dst.layout.size() == 0 {
        return Ok(());
    }
    let itemsize = usize_of(dst.layout.itemsize());
    let direct = dst.layout.is_contiguous() && same_strides(dst.layout, src.layout);
    let nbytes = usize_of(dst.layout.nbytes());
    // The caller's contract covers both places; staging buffers are sized to the extents they
    // receive.
    match (dst.mem, src.mem) {
        (Mem::Host, Mem::Host) => {
            // SAFETY: see above.
            unsafe {
                if ranges_overlap(dst.range(), src.range()) {
                    let tmp = crate::copy::gather(src.ptr as *const u8, src.layout);
                    let dense =
                        contiguous_strides(src.layout.shape(), src.layout.itemsize(), Order::C);
                    copy_strided(
                        dst.ptr as *mut u8,
                        dst.layout.strides(),
                        tmp.as_ptr(),
                        &dense,
                        dst.layout.shape(),
                        itemsize,
                    );
                } else {
                    copy_strided(
                        dst.ptr as *mut u8,
                        dst.layout.strides(),
                        src.ptr as *const u8,
                        src.layout.strides(),
                        dst.layout.shape(),
                        itemsize,
                    );
                }
                Ok(())
            }
        }
        (Mem::Host, Mem::Device(ctx)) => {
            // SAFETY: see above.
            unsafe {
                ctx.make_current()?;
                let s = stream.async_handle();
                if direct {
                    ctx.driver()
                        .copy_dtoh(dst.ptr as *mut c_void, src.ptr, nbytes, s)?;
                    return Ok(());
                }
                let (lo, hi) = src.layout.extent();
                let mut tmp = vec![0u8; usize_of(hi - lo)];
                ctx.driver().copy_dtoh(
                    tmp.as_mut_ptr().cast(),
                    src.ptr.wrapping_add_signed(lo),
                    tmp.len(),
                    s,
                )?;
                stream.synchronize()?;
                copy_strided(
                    dst.ptr as *mut u8,
                    dst.layout.strides(),
                    tmp.as_ptr().offset(-isize::try_from(lo).expect("extent")),
                    src.layout.strides(),
                    dst.layout.shape(),
                    itemsize,
                );
                Ok(())
            }
        }
        (Mem::Device(ctx), Mem::Host) => {
            // SAFETY: see above.
            unsafe {
                ctx.make_current()?;
                let s = stream.async_handle();
                if direct {
                    ctx.driver()
                        .copy_htod(dst.ptr, src.ptr as *const c_void, nbytes, s)?;
                    return Ok(());
                }
                let (lo, hi) = dst.layout.extent();
                let mut tmp = vec![0u8; usize_of(hi - lo)];
                let base = dst.ptr.wrapping_add_signed(lo);
                if !dst.layout.is_contiguous() {
                    // Read-modify-write: keep the bytes between the elements.
                    ctx.driver()
                        .copy_dtoh(tmp.as_mut_ptr().cast(), base, tmp.len(), s)?;
                    stream.synchronize()?;
                }
                copy_strided(
                    tmp.as_mut_ptr()
                        .offset(-isize::try_from(lo).expect("extent")),
                    dst.layout.strides(),
                    src.ptr as *const u8,
                    src.layout.strides(),
                    dst.layout.shape(),
                    itemsize,
                );
                ctx.driver()
                    .copy_htod(base, tmp.as_ptr().cast(), tmp.len(), s)?;
                Ok(())
            }
        }
        (Mem::Device(dctx), Mem::Device(sctx)) if direct && !Arc::ptr_eq(dctx, sctx) => {
            // Between devices (docs/multi-gpu.md): one peer copy, ordered after the work of
            // both contexts, so neither stream needs a synchronisation of its own.
            // SAFETY: see above.
            unsafe {
                dctx.make_current()?;
                dctx.driver().copy_peer(
                    dst.ptr,
                    dctx.handle().raw(),
                    src.ptr,
                    sctx.handle().raw(),
                    nbytes,
                )?;
                Ok(())
            }
        }
        (Mem::Device(dctx), Mem::Device(_)) => {
            // SAFETY: see above.
            unsafe {
                if direct {
                    dctx.make_current()?;
                    dctx.driver()
                        .copy_dtod(dst.ptr, src.ptr, nbytes, stream.async_handle())?;
                    return Ok(());
                }
                // Stage through the host: gather the source densely, then write it.
                let dense = Layout::contiguous(src.layout.shape(), src.layout.itemsize(), Order::C)
                    .map_err(|e| Error::Value(e.to_string()))?;
                let mut tmp = vec![0u8; nbytes];
                let host = Place {
                    mem: Mem::Host,
                    ptr: tmp.as_mut_ptr() as u64,
                    layout: &dense,
                };
                copy(&host, src, stream)?;
                stream.synchronize()?;
                copy(dst, &host, stream)?;
                stream.synchronize()?;
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::{HostContext, Space};
    use crate::layout::IndexItem;
    use crate::stream::StreamKind;

    #[test]
    fn host_copies_handle_overlap_and_broadcast() {
        let stream = Stream::default_of(&Space::Host(HostContext::get()), StreamKind::Default);
        let mut data: Vec<i32> = (0..10).collect();
        let l = Layout::contiguous(&[10], 4, Order::C).unwrap();
        let rev = IndexItem::Slice {
            start: None,
            stop: None,
            step: Some(-1),
        };
        let (off, r) = l.index(&[rev]).unwrap();
        let base = data.as_mut_ptr() as u64;
        let dst = Place {
            mem: Mem::Host,
            ptr: base,
            layout: &l,
        };
        let src = Place {
            mem: Mem::Host,
            ptr: base.wrapping_add_signed(off),
            layout: &r,
        };
        // SAFETY: both views lie inside `data`.
        unsafe { copy(&dst, &src, &stream).unwrap() };
        assert_eq!(data, (0..10).rev().collect::<Vec<_>>());
        let one = [5i32];
        let b = Layout::contiguous(&[1], 4, Order::C)
            .unwrap()
            .broadcast_to(&[10])
            .unwrap();
        let src = Place {
            mem: Mem::Host,
            ptr: one.as_ptr() as u64,
            layout: &b,
        };
        // SAFETY: as above; the broadcast source reads one element.
        unsafe { copy(&dst, &src, &stream).unwrap() };
        assert_eq!(data, vec![5; 10]);
        let bad = Layout::contiguous(&[3], 4, Order::C).unwrap();
        let src = Place {
            mem: Mem::Host,
            ptr: one.as_ptr() as u64,
            layout: &bad,
        };
        // SAFETY: rejected before any access.
        let r = unsafe { copy(&dst, &src, &stream) };
        assert!(matches!(r, Err(Error::Value(_))));
    }
}
