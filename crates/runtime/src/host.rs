//! Aligned host memory: the raw source of the host backend.
//!
//! When there is no GPU (`OXCUDA_TARGET=sim`), "device" arrays live in ordinary host memory and
//! the simulator executes kernels directly on their addresses. Blocks are aligned to 256 bytes,
//! as `cuMemAlloc`'s are, so alignment-dependent code behaves the same on both backends.
//!
//! Invariant: a pointer handed out stays valid until [`RawMemory::raw_free`] with the same size;
//! the [`CachingAllocator`](crate::allocator::CachingAllocator) above it guarantees that happens
//! only after every array view on the block is gone.

use std::alloc::{Layout, alloc, dealloc};

use crate::allocator::{RawError, RawMemory};

/// Alignment of every host-backend block, as the driver's.
pub const ALIGNMENT: usize = 256;

/// The host's memory as a [`RawMemory`].
#[derive(Debug, Default, Clone, Copy)]
pub struct HostMemory;

/// Host memory has no error other than exhaustion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostError(pub String);

impl std::fmt::Display for HostError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

fn layout(size: usize) -> Option<Layout> {
    Layout::from_size_align(size, ALIGNMENT).ok()
}

impl RawMemory for HostMemory {
    type Error = HostError;

    fn raw_alloc(&self, size: usize) -> Result<u64, RawError<HostError>> {
        let layout = layout(size).ok_or(RawError::OutOfMemory)?;
        // SAFETY: the layout has a non-zero size (the allocator never asks for 0 bytes).
        let ptr = unsafe { alloc(layout) };
        if ptr.is_null() {
            return Err(RawError::OutOfMemory);
        }
        Ok(ptr as u64)
    }

    unsafe fn raw_free(&self, ptr: u64, size: usize) {
        let layout = layout(size).expect("the layout was valid when allocated");
        // SAFETY: the caller passes a pointer from raw_alloc with the same size.
        unsafe { dealloc(ptr as *mut u8, layout) };
    }

    fn synchronize(&self) -> Result<(), HostError> {
        Ok(())
    }

    fn memory_info(&self) -> Result<(usize, usize), HostError> {
        meminfo().ok_or_else(|| HostError("cannot read /proc/meminfo".to_owned()))
    }
}

/// `(MemAvailable, MemTotal)` in bytes from `/proc/meminfo` (Linux).
fn meminfo() -> Option<(usize, usize)> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let field = |name: &str| -> Option<usize> {
        let line = text.lines().find(|l| l.starts_with(name))?;
        let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib * 1024)
    };
    Some((field("MemAvailable:")?, field("MemTotal:")?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_aligned_and_writable() {
        let m = HostMemory;
        let p = m.raw_alloc(1000).unwrap();
        assert_eq!(p % ALIGNMENT as u64, 0);
        // SAFETY: 1000 bytes were just allocated at p.
        unsafe {
            std::ptr::write_bytes(p as *mut u8, 0xAB, 1000);
            m.raw_free(p, 1000);
        }
        assert!(matches!(
            m.raw_alloc(usize::MAX - 100),
            Err(RawError::OutOfMemory)
        ));
        let (free, total) = m.memory_info().unwrap();
        assert!(free <= total && total > 0);
    }
}
