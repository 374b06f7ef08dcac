//! Page-locked, mapped and managed memory: host memory the GPU can reach.
//!
//! A [`HostBlock`] is one such region:
//! - **pinned** (`cuMemHostAlloc`): page-locked host memory, so transfers to and from it are
//!   true DMA and asynchronous copies on a stream do not block the host;
//! - **mapped** (`cuMemHostAlloc` with `DEVICEMAP`): pinned and also mapped into the device
//!   address space (`cuMemHostGetDevicePointer`), so kernels read and write it directly;
//! - **registered** (`cuMemHostRegister`): someone else's host memory (a NumPy array) page-locked
//!   in place, optionally mapped; released by `cuMemHostUnregister`, never freed by us;
//! - **managed** (`cuMemAllocManaged`): unified memory, one address valid on host and device.
//!
//! On the host backend (no GPU) every kind is plain 256-byte-aligned host memory and the device
//! address equals the host address; registration is a no-op. So the same API works in CI.
//!
//! Invariants:
//! - `host..host+size` is host-addressable memory and `device..device+size` its device address
//!   (equal to `host` on the host backend and for managed memory) until [`HostBlock::release`];
//! - release happens once (explicitly or on drop): freed for allocated kinds, unregistered for
//!   registered memory; the block holds its context (`Space`) so the driver call finds it.

use std::alloc::{Layout as AllocLayout, alloc, dealloc};
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};

use oxcuda_driver::DriverError;
use oxcuda_driver::memory::{
    CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED, CUDA_ERROR_OUT_OF_MEMORY, MEM_ATTACH_GLOBAL,
    MEM_ATTACH_HOST, MEMHOSTALLOC_DEVICEMAP, MEMHOSTALLOC_PORTABLE, MEMHOSTALLOC_WRITECOMBINED,
    MEMHOSTREGISTER_DEVICEMAP, MEMHOSTREGISTER_PORTABLE,
};

use crate::allocator::human;
use crate::context::{DeviceContext, Space};
use crate::error::Error;
use crate::host::ALIGNMENT;

/// What a [`HostBlock`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostKind {
    /// Page-locked host memory we allocated.
    Pinned,
    /// Page-locked host memory we allocated, mapped into the device address space.
    Mapped,
    /// Someone else's host memory, page-locked in place (`mapped`: also mapped).
    Registered {
        /// Whether the memory is also mapped into the device address space.
        mapped: bool,
    },
    /// Unified (managed) memory.
    Managed,
}

impl HostKind {
    /// `'pinned'`, `'mapped'`, `'registered'`, `'registered-mapped'` or `'managed'`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Pinned => "pinned",
            Self::Mapped => "mapped",
            Self::Registered { mapped: false } => "registered",
            Self::Registered { mapped: true } => "registered-mapped",
            Self::Managed => "managed",
        }
    }

    /// Whether the device can address the memory (mapped or managed).
    #[must_use]
    pub fn device_accessible(self) -> bool {
        matches!(
            self,
            Self::Mapped | Self::Managed | Self::Registered { mapped: true }
        )
    }
}

/// Flags of a pinned allocation (numba's `memhostalloc(size, mapped, portable, wc)`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PinFlags {
    /// Map into the device address space.
    pub mapped: bool,
    /// Pinned for every context, not only the current one.
    pub portable: bool,
    /// Write-combined memory (fast for the host to write and the device to read).
    pub write_combined: bool,
}

/// A region of host memory the GPU can reach. See the module doc.
#[derive(Debug)]
pub struct HostBlock {
    host: u64,
    device: u64,
    size: usize,
    /// Bytes actually allocated (at least 1, so empty arrays still get a valid address).
    allocated: usize,
    kind: HostKind,
    space: Space,
    released: AtomicBool,
}

fn host_layout(size: usize) -> Option<AllocLayout> {
    AllocLayout::from_size_align(size.max(1), ALIGNMENT).ok()
}

fn host_alloc(size: usize, what: &str) -> Result<u64, Error> {
    let oom = || {
        Error::HostOutOfMemory(format!(
            "out of host memory allocating {} ({size} bytes) of {what} memory",
            human(size)
        ))
    };
    let layout = host_layout(size).ok_or_else(oom)?;
    // SAFETY: the layout has a non-zero size.
    let ptr = unsafe { alloc(layout) };
    if ptr.is_null() {
        return Err(oom());
    }
    Ok(ptr as u64)
}

/// Retries `f` once after returning the context's cached device memory when it fails with
/// `CUDA_ERROR_OUT_OF_MEMORY` (numba retries mapped and managed allocations the same way).
fn with_retry<T>(
    ctx: &DeviceContext,
    mut f: impl FnMut() -> Result<T, DriverError>,
) -> Result<T, DriverError> {
    match f() {
        Err(e) if e.code == CUDA_ERROR_OUT_OF_MEMORY => {
            let _ = ctx.allocator().flush();
            f()
        }
        other => other,
    }
}

fn out_of_memory(ctx: &DeviceContext, e: &DriverError, size: usize, what: &str) -> Error {
    if e.code != CUDA_ERROR_OUT_OF_MEMORY {
        return Error::Driver(e.clone());
    }
    let free = ctx
        .memory_info()
        .map_or_else(|_| "unknown".to_owned(), |(free, _)| human(free));
    let text = format!(
        "out of memory allocating {} ({size} bytes) of {what} memory on device {} ({free} of \
         device memory free after returning the cache); allocate less or free arrays first",
        human(size),
        ctx.device().ordinal
    );
    if what == "managed" {
        Error::DeviceOutOfMemory(text)
    } else {
        Error::HostOutOfMemory(text)
    }
}

impl HostBlock {
    /// `size` bytes of page-locked host memory (`cuMemHostAlloc`), mapped when `flags.mapped`.
    ///
    /// # Errors
    /// Out of memory (after one retry for mapped memory), naming the size; the driver's errors.
    pub fn alloc_pinned(space: &Space, size: usize, flags: PinFlags) -> Result<Self, Error> {
        let kind = if flags.mapped {
            HostKind::Mapped
        } else {
            HostKind::Pinned
        };
        let allocated = size.max(1);
        let (host, device) = match space {
            Space::Host(_) => {
                let p = host_alloc(size, kind.name())?;
                (p, p)
            }
            Space::Device(ctx) => {
                ctx.make_current()?;
                let mut bits = 0;
                if flags.mapped {
                    bits |= MEMHOSTALLOC_DEVICEMAP;
                }
                if flags.portable {
                    bits |= MEMHOSTALLOC_PORTABLE;
                }
                if flags.write_combined {
                    bits |= MEMHOSTALLOC_WRITECOMBINED;
                }
                let driver = ctx.driver();
                let host = with_retry(ctx, || driver.mem_host_alloc_pinned(allocated, bits))
                    .map_err(|e| out_of_memory(ctx, &e, size, kind.name()))?;
                let device = if flags.mapped {
                    // SAFETY: host was just allocated with DEVICEMAP in the current context.
                    match unsafe { driver.mapped_device_pointer(host) } {
                        Ok(d) => d,
                        Err(e) => {
                            // SAFETY: just allocated, unused.
                            let _ = unsafe { driver.mem_free_pinned(host) };
                            return Err(e.into());
                        }
                    }
                } else {
                    0
                };
                (host as u64, device)
            }
        };
        Ok(Self {
            host,
            device,
            size,
            allocated,
            kind,
            space: space.clone(),
            released: AtomicBool::new(false),
        })
    }

    /// Page-locks `ptr..ptr+size` in place (`cuMemHostRegister`), mapped when `mapped`.
    ///
    /// # Errors
    /// A clear error when the range is already page-locked; the driver's errors.
    ///
    /// # Safety
    /// `ptr..ptr+size` is host memory that stays allocated until this block is released (the
    /// caller keeps its owner alive at least as long).
    pub unsafe fn register(
        space: &Space,
        ptr: u64,
        size: usize,
        mapped: bool,
        portable: bool,
    ) -> Result<Self, Error> {
        let kind = HostKind::Registered { mapped };
        let device = match space {
            Space::Host(_) => ptr,
            Space::Device(_) if size == 0 => 0,
            Space::Device(ctx) => {
                ctx.make_current()?;
                let mut bits = 0;
                if mapped {
                    bits |= MEMHOSTREGISTER_DEVICEMAP;
                }
                if portable {
                    bits |= MEMHOSTREGISTER_PORTABLE;
                }
                let driver = ctx.driver();
                let host = ptr as *mut c_void;
                // SAFETY: the caller's contract.
                with_retry(ctx, || unsafe { driver.mem_host_register(host, size, bits) })
                    .map_err(|e| match e.code {
                        CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED => Error::Value(format!(
                            "cannot page-lock {} at {ptr:#x}: part of it is already page-locked \
                             (by another cuda.pinned()/cuda.mapped() block still open, or it is \
                             pinned memory); leave the other block first or use the memory as it is",
                            human(size)
                        )),
                        _ => out_of_memory(ctx, &e, size, kind.name()),
                    })?;
                if mapped {
                    // SAFETY: host was just registered with DEVICEMAP in the current context.
                    match unsafe { driver.mapped_device_pointer(host) } {
                        Ok(d) => d,
                        Err(e) => {
                            // SAFETY: just registered, unused.
                            let _ = unsafe { driver.mem_host_unregister(host) };
                            return Err(e.into());
                        }
                    }
                } else {
                    0
                }
            }
        };
        Ok(Self {
            host: ptr,
            device,
            size,
            allocated: size,
            kind,
            space: space.clone(),
            released: AtomicBool::new(false),
        })
    }

    /// `size` bytes of managed memory (`cuMemAllocManaged`), attached globally or to the host.
    ///
    /// # Errors
    /// Out of memory after one retry, naming the size; the driver's errors (devices without
    /// managed memory support).
    pub fn alloc_managed(space: &Space, size: usize, attach_global: bool) -> Result<Self, Error> {
        let allocated = size.max(1);
        let ptr = match space {
            Space::Host(_) => host_alloc(size, "managed")?,
            Space::Device(ctx) => {
                ctx.make_current()?;
                let flags = if attach_global {
                    MEM_ATTACH_GLOBAL
                } else {
                    MEM_ATTACH_HOST
                };
                let driver = ctx.driver();
                with_retry(ctx, || driver.mem_alloc_unified(allocated, flags))
                    .map_err(|e| out_of_memory(ctx, &e, size, "managed"))?
            }
        };
        Ok(Self {
            host: ptr,
            device: ptr,
            size,
            allocated,
            kind: HostKind::Managed,
            space: space.clone(),
            released: AtomicBool::new(false),
        })
    }

    /// The host address of the first byte.
    #[must_use]
    pub fn host_ptr(&self) -> u64 {
        self.host
    }

    /// The device address of the first byte (0 when the memory is not mapped).
    #[must_use]
    pub fn device_ptr(&self) -> u64 {
        self.device
    }

    /// The bytes asked for.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// What the block is.
    #[must_use]
    pub fn kind(&self) -> HostKind {
        self.kind
    }

    /// The context the memory belongs to.
    #[must_use]
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// Whether [`release`](Self::release) ran.
    #[must_use]
    pub fn is_released(&self) -> bool {
        self.released.load(Ordering::Acquire)
    }

    /// Frees the memory (allocated kinds) or unlocks it (registered memory), once; `Ok(false)`
    /// when it was already released.
    ///
    /// # Errors
    /// The driver's error; the block counts as released regardless.
    ///
    /// # Safety
    /// Nothing uses the memory through this block's addresses any more (for registered memory
    /// the host memory itself stays valid: it belongs to its owner).
    pub unsafe fn release(&self) -> Result<bool, Error> {
        if self.released.swap(true, Ordering::AcqRel) {
            return Ok(false);
        }
        match &self.space {
            Space::Host(_) => {
                if !matches!(self.kind, HostKind::Registered { .. }) {
                    let layout = host_layout(self.allocated).expect("valid when allocated");
                    // SAFETY: allocated by host_alloc with this layout; released once.
                    unsafe { dealloc(self.host as *mut u8, layout) };
                }
            }
            Space::Device(ctx) => {
                ctx.make_current()?;
                let driver = ctx.driver();
                // SAFETY: allocated or registered by this block, released once; the caller
                // promises nothing uses it.
                unsafe {
                    match self.kind {
                        HostKind::Pinned | HostKind::Mapped => {
                            driver.mem_free_pinned(self.host as *mut c_void)?;
                        }
                        HostKind::Registered { .. } if self.size > 0 => {
                            driver.mem_host_unregister(self.host as *mut c_void)?;
                        }
                        HostKind::Registered { .. } => {}
                        HostKind::Managed => driver.mem_free_device(self.host)?,
                    }
                }
            }
        }
        Ok(true)
    }
}

impl Drop for HostBlock {
    fn drop(&mut self) {
        // SAFETY: the last owner is gone, so nothing uses the memory through this block. A
        // failure (a context torn down by a fatal error) leaks; there is nobody to tell.
        let _ = unsafe { self.release() };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::HostContext;

    fn host() -> Space {
        Space::Host(HostContext::get())
    }

    #[test]
    fn host_backend_blocks_are_aligned_writable_and_released_once() {
        for flags in [
            PinFlags::default(),
            PinFlags {
                mapped: true,
                portable: true,
                write_combined: true,
            },
        ] {
            let b = HostBlock::alloc_pinned(&host(), 1000, flags).unwrap();
            assert_eq!(b.host_ptr() % ALIGNMENT as u64, 0);
            assert_eq!(b.device_ptr(), b.host_ptr());
            assert_eq!(b.size(), 1000);
            assert_eq!(b.kind().device_accessible(), flags.mapped);
            // SAFETY: 1000 bytes were just allocated.
            unsafe { std::ptr::write_bytes(b.host_ptr() as *mut u8, 0x5A, 1000) };
            // SAFETY: nothing uses it.
            assert!(unsafe { b.release() }.unwrap());
            // SAFETY: as above.
            assert!(!unsafe { b.release() }.unwrap());
            assert!(b.is_released());
        }
        let m = HostBlock::alloc_managed(&host(), 0, true).unwrap();
        assert_eq!(m.kind(), HostKind::Managed);
        assert_ne!(m.host_ptr(), 0, "empty blocks still have an address");
    }

    #[test]
    fn registration_on_the_host_backend_leaves_the_memory_alone() {
        let mut v = vec![7u8; 64];
        let p = v.as_mut_ptr() as u64;
        // SAFETY: v outlives the block.
        let b = unsafe { HostBlock::register(&host(), p, 64, true, false) }.unwrap();
        assert_eq!((b.host_ptr(), b.device_ptr()), (p, p));
        drop(b);
        assert!(v.iter().all(|&x| x == 7));
    }

    #[test]
    fn host_exhaustion_is_a_host_out_of_memory_error_naming_the_size() {
        let e =
            HostBlock::alloc_pinned(&host(), usize::MAX - 100, PinFlags::default()).unwrap_err();
        assert!(
            matches!(&e, Error::HostOutOfMemory(m) if m.contains("pinned")),
            "{e}"
        );
    }
}
