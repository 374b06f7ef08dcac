//! Allocations: the reference-counted blocks every array view points into.
//!
//! An [`Allocation`] is one block of memory in a [`Space`] (a GPU context or the host backend).
//! Array views hold it in an `Arc`, so the block lives exactly as long as the last view: dropping
//! the last `Arc` returns a cached block to its context's allocator (no driver call), or drops
//! the foreign owner of imported memory (a CuPy array, a torch tensor: the Python object keeps
//! the memory alive, we never free it).
//!
//! Invariants:
//! - `ptr..ptr+size` is memory of `space` for the allocation's whole life;
//! - a cached block is released with the stream tag it was allocated for, which the allocator
//!   uses to keep reuse stream-ordered (see `allocator`);
//! - on the host backend, `ptr` is a real host address (the simulator dereferences it), and
//!   a non-empty range is listed in `host_regions` while the allocation lives.

use std::any::Any;
use std::fmt;

use crate::allocator::{AllocError, Block, StreamTag};
use crate::context::Space;
use crate::error::Error;
use crate::host_regions;

enum Owner {
    /// A block of the space's caching allocator.
    Cached { block: Block, stream: StreamTag },
    /// Memory owned by someone else, kept alive by this value (dropped with the allocation).
    Foreign(Box<dyn Any + Send + Sync>),
}

/// A block of memory and what keeps it alive. See the module doc.
pub struct Allocation {
    ptr: u64,
    size: usize,
    space: Space,
    owner: Owner,
    /// Its entry among the host backend's live ranges (`host_regions`), for `CPointer`
    /// arguments on the simulator.
    region: Option<host_regions::Region>,
}

impl fmt::Debug for Allocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Allocation")
            .field("ptr", &format_args!("{:#x}", self.ptr))
            .field("size", &self.size)
            .field("host", &self.space.is_host())
            .field("foreign", &matches!(self.owner, Owner::Foreign(_)))
            .finish()
    }
}

impl Allocation {
    /// `size` bytes in `space`, for use on `stream` (a cached block when one fits).
    ///
    /// # Errors
    /// Out of memory after one flush-and-retry (naming the size and the free memory), or the
    /// driver's error.
    pub fn new(space: &Space, size: usize, stream: StreamTag) -> Result<Self, Error> {
        let block = match space {
            Space::Device(ctx) => ctx
                .allocator()
                .allocate(size, stream)
                .map_err(|e| match e {
                    AllocError::OutOfMemory { .. } => {
                        Error::DeviceOutOfMemory(format!("device {}: {e}", ctx.device().ordinal))
                    }
                    AllocError::Other(d) => Error::Driver(d),
                })?,
            Space::Host(host) => host
                .allocator()
                .allocate(size, stream)
                .map_err(|e| match e {
                    AllocError::OutOfMemory { .. } => {
                        Error::HostOutOfMemory(format!("host memory: {e}"))
                    }
                    AllocError::Other(h) => Error::HostOutOfMemory(h.0),
                })?,
        };
        Ok(Self {
            ptr: block.ptr,
            size,
            space: space.clone(),
            owner: Owner::Cached { block, stream },
            region: host_region(space, block.ptr, size),
        })
    }

    /// Memory someone else owns (`ptr..ptr+size` in `space`), kept alive by `owner` until this
    /// allocation is dropped. Never freed by oxcuda.
    #[must_use]
    pub fn foreign(
        space: &Space,
        ptr: u64,
        size: usize,
        owner: Box<dyn Any + Send + Sync>,
    ) -> Self {
        Self {
            ptr,
            size,
            space: space.clone(),
            owner: Owner::Foreign(owner),
            region: host_region(space, ptr, size),
        }
    }

    /// The address of the first byte.
    #[must_use]
    pub fn ptr(&self) -> u64 {
        self.ptr
    }

    /// The bytes requested.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The space the memory lives in.
    #[must_use]
    pub fn space(&self) -> &Space {
        &self.space
    }

    /// What keeps foreign memory alive (`None` for memory of the caching allocator).
    #[must_use]
    pub fn foreign_owner(&self) -> Option<&(dyn Any + Send + Sync)> {
        match &self.owner {
            Owner::Foreign(owner) => Some(owner.as_ref()),
            Owner::Cached { .. } => None,
        }
    }

    /// Whether oxcuda owns (and will recycle) the memory.
    #[must_use]
    pub fn is_owned(&self) -> bool {
        matches!(self.owner, Owner::Cached { .. })
    }
}

/// Registers a non-empty host-backend range (see `host_regions`).
fn host_region(space: &Space, ptr: u64, size: usize) -> Option<host_regions::Region> {
    (space.is_host() && size > 0 && ptr != 0).then(|| host_regions::register(ptr, size as u64))
}

impl Drop for Allocation {
    fn drop(&mut self) {
        if let Some(region) = self.region.take() {
            host_regions::unregister(region);
        }
        if let Owner::Cached { block, stream } = self.owner {
            // SAFETY: the block came from this space's allocator; every view holding it is gone
            // (they hold the Arc this is the last of).
            unsafe {
                match &self.space {
                    Space::Device(ctx) => ctx.allocator().release(block, stream),
                    Space::Host(host) => host.allocator().release(block, stream),
                }
            }
        }
    }
}
