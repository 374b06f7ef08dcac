//! A caching allocator over any raw memory source, with stream-aware reuse.
//!
//! Device allocation (`cuMemAlloc`) and free (`cuMemFree`, which synchronises the device) cost
//! tens of microseconds; numba-cuda defers frees for that reason. This allocator goes further:
//! a freed block goes back to a cache keyed by its size class and is handed to the next request
//! of that class without a driver call. Memory returns to the driver only when the cache is
//! flushed: on out-of-memory (flush, then retry once), on [`CachingAllocator::empty_cache`], or
//! when the allocator is dropped.
//!
//! Stream ordering, the invariant that makes reuse safe without synchronising: a block freed by
//! an array bound to stream `s` is reused only by a request on `s` itself, or when one of the two
//! streams is the legacy default stream and the other synchronises with it (a blocking stream) —
//! in both cases the driver orders the new user's work after the old user's. This is the contract
//! of CUDA's stream-ordered allocator (`cuMemFreeAsync`) too: memory used on a second stream
//! needs that stream to be ordered before the free. A block whose stream is destroyed is parked
//! ([`CachingAllocator::forget_stream`]) and released only by a flush, which first synchronises.
//!
//! [`CachingAllocator::defer_cleanup`] (numba's `defer_cleanup()`) suspends flushing while held.
//!
//! The raw source is a [`RawMemory`]: the driver for device memory, aligned host memory for the
//! host backend, a counting fake in the tests.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, PoisonError};

/// Raw allocations of one memory space.
pub trait RawMemory: Send + Sync + 'static {
    /// The source's error type.
    type Error: fmt::Display + fmt::Debug + Clone + Send + Sync + 'static;

    /// Allocates `size > 0` bytes, aligned to at least 256.
    ///
    /// # Errors
    /// [`RawError::OutOfMemory`] when the space is exhausted, [`RawError::Other`] otherwise.
    fn raw_alloc(&self, size: usize) -> Result<u64, RawError<Self::Error>>;

    /// Frees a block.
    ///
    /// # Safety
    /// `ptr` came from [`raw_alloc`](Self::raw_alloc) with `size`, and nothing uses it any more.
    unsafe fn raw_free(&self, ptr: u64, size: usize);

    /// Waits for all work that might use cached blocks (before a flush frees them).
    ///
    /// # Errors
    /// The source's error.
    fn synchronize(&self) -> Result<(), Self::Error>;

    /// `(free, total)` bytes of the space.
    ///
    /// # Errors
    /// The source's error.
    fn memory_info(&self) -> Result<(usize, usize), Self::Error>;
}

/// A raw allocation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RawError<E> {
    /// The space is exhausted.
    OutOfMemory,
    /// Anything else.
    Other(E),
}

/// An allocation request failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AllocError<E> {
    /// Out of memory even after flushing the cache and retrying.
    OutOfMemory {
        /// The bytes asked for.
        requested: usize,
        /// Free bytes in the space after the flush, when known.
        free: Option<usize>,
        /// Bytes held by live allocations of this allocator.
        in_use: usize,
    },
    /// The raw source failed otherwise.
    Other(E),
}

impl<E: fmt::Display> fmt::Display for AllocError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::OutOfMemory {
                requested,
                free,
                in_use,
            } => {
                write!(
                    f,
                    "out of memory allocating {} ({requested} bytes): ",
                    human(*requested)
                )?;
                match free {
                    Some(free) => write!(f, "{} free", human(*free))?,
                    None => write!(f, "free memory unknown")?,
                }
                write!(
                    f,
                    ", {} held by live arrays of this context, after every cached block was \
                     released. Free arrays you no longer need (del them), or allocate less.",
                    human(*in_use)
                )
            }
            Self::Other(e) => e.fmt(f),
        }
    }
}

impl<E: fmt::Display + fmt::Debug> std::error::Error for AllocError<E> {}

/// `123456789` as `"117.7 MiB"`.
#[must_use]
pub fn human(bytes: usize) -> String {
    #[allow(
        clippy::cast_precision_loss,
        reason = "an approximate figure for people"
    )]
    let b = bytes as f64;
    let (value, unit) = if b >= (1u64 << 30) as f64 {
        (b / (1u64 << 30) as f64, "GiB")
    } else if b >= (1u64 << 20) as f64 {
        (b / (1u64 << 20) as f64, "MiB")
    } else if b >= 1024.0 {
        (b / 1024.0, "KiB")
    } else {
        return format!("{bytes} bytes");
    };
    format!("{value:.1} {unit}")
}

/// Which stream a block was last ordered on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StreamTag {
    /// The `CUstream` handle (0 and 1 are the legacy default stream).
    pub handle: u64,
    /// Whether the stream synchronises with the legacy default stream.
    pub blocking: bool,
}

impl StreamTag {
    /// The legacy default stream.
    pub const LEGACY: Self = Self {
        handle: 0,
        blocking: true,
    };
    /// Never matches a request: blocks of destroyed streams wait for a flush.
    const PARKED: Self = Self {
        handle: u64::MAX,
        blocking: false,
    };

    fn is_legacy(self) -> bool {
        self.handle <= 1
    }

    /// Whether work on `next` is ordered after earlier work on `self`.
    #[must_use]
    pub fn orders_before(self, next: Self) -> bool {
        self != Self::PARKED
            && (self.handle == next.handle
                || (self.is_legacy() && next.blocking)
                || (next.is_legacy() && self.blocking))
    }
}

/// Rounds a request up to its size class: multiples of 512 bytes up to 1 MiB, then 2 MiB
/// granules with at most an eighth of waste.
#[must_use]
pub fn size_class(size: usize) -> usize {
    const SMALL: usize = 1 << 20;
    const GRANULE: usize = 2 << 20;
    if size <= SMALL {
        return size.div_ceil(512).max(1) * 512;
    }
    let step = (size.next_power_of_two() / 16).max(GRANULE);
    size.div_ceil(step).saturating_mul(step)
}

/// Counters, for `get_memory_info`-style reports and the tests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Bytes held by live blocks (size classes).
    pub in_use: usize,
    /// Bytes held in the cache.
    pub cached: usize,
    /// Blocks held in the cache: frees of dead arrays not yet returned to the raw source
    /// (numba's pending deallocations, `Context.deallocations`).
    pub cached_blocks: usize,
    /// Raw allocations made.
    pub raw_allocs: usize,
    /// Raw frees made.
    pub raw_frees: usize,
}

#[derive(Debug, Default)]
struct State {
    free: HashMap<usize, Vec<(u64, StreamTag)>>,
    stats: Stats,
    defer_depth: usize,
}

/// A live block handed out by [`CachingAllocator::allocate`]; give it back with
/// [`CachingAllocator::release`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// The address (0 for a zero-byte request).
    pub ptr: u64,
    /// The size class actually reserved (≥ the request).
    pub size: usize,
}

/// The caching allocator; see the module doc.
pub struct CachingAllocator<R: RawMemory> {
    raw: R,
    state: Mutex<State>,
}

impl<R: RawMemory> fmt::Debug for CachingAllocator<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CachingAllocator")
            .field("stats", &self.stats())
            .finish_non_exhaustive()
    }
}

impl<R: RawMemory> CachingAllocator<R> {
    /// An empty cache over `raw`.
    pub fn new(raw: R) -> Self {
        Self {
            raw,
            state: Mutex::new(State::default()),
        }
    }

    /// The raw source.
    pub fn raw(&self) -> &R {
        &self.raw
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A block of at least `size` bytes for use on `stream`.
    ///
    /// # Errors
    /// [`AllocError::OutOfMemory`] after one flush-and-retry; the source's other errors.
    pub fn allocate(&self, size: usize, stream: StreamTag) -> Result<Block, AllocError<R::Error>> {
        if size == 0 {
            return Ok(Block { ptr: 0, size: 0 });
        }
        let class = size_class(size);
        {
            let mut state = self.lock();
            if let Some(list) = state.free.get_mut(&class)
                && let Some(i) = list.iter().rposition(|(_, tag)| tag.orders_before(stream))
            {
                let (ptr, _) = list.swap_remove(i);
                state.stats.cached -= class;
                state.stats.cached_blocks -= 1;
                state.stats.in_use += class;
                return Ok(Block { ptr, size: class });
            }
        }
        let raw = match self.raw.raw_alloc(class) {
            Ok(ptr) => Ok((ptr, class)),
            Err(RawError::OutOfMemory) => {
                self.flush().map_err(AllocError::Other)?;
                // Retry the class, then the bare request rounded to 512 bytes.
                let exact = size.div_ceil(512) * 512;
                self.raw
                    .raw_alloc(class)
                    .map(|p| (p, class))
                    .or_else(|_| self.raw.raw_alloc(exact).map(|p| (p, exact)))
                    .map_err(|e| match e {
                        RawError::OutOfMemory => AllocError::OutOfMemory {
                            requested: size,
                            free: self.raw.memory_info().ok().map(|(free, _)| free),
                            in_use: self.lock().stats.in_use,
                        },
                        RawError::Other(e) => AllocError::Other(e),
                    })
            }
            Err(RawError::Other(e)) => Err(AllocError::Other(e)),
        }?;
        let mut state = self.lock();
        state.stats.raw_allocs += 1;
        state.stats.in_use += raw.1;
        Ok(Block {
            ptr: raw.0,
            size: raw.1,
        })
    }

    /// Returns a block to the cache, last used on `stream`.
    ///
    /// # Safety
    /// `block` came from [`allocate`](Self::allocate) of this allocator and is not used after
    /// (except by work already ordered on `stream`).
    pub unsafe fn release(&self, block: Block, stream: StreamTag) {
        if block.size == 0 {
            return;
        }
        let mut state = self.lock();
        state.stats.in_use -= block.size;
        state.stats.cached += block.size;
        state.stats.cached_blocks += 1;
        state
            .free
            .entry(block.size)
            .or_default()
            .push((block.ptr, stream));
    }

    /// Parks the cached blocks of a stream about to be destroyed: they wait for a flush.
    pub fn forget_stream(&self, handle: u64) {
        let mut state = self.lock();
        for list in state.free.values_mut() {
            for (_, tag) in list.iter_mut() {
                if tag.handle == handle {
                    *tag = StreamTag::PARKED;
                }
            }
        }
    }

    /// Synchronises, then returns every cached block to the raw source (unless cleanup is
    /// deferred). Returns the number of bytes released.
    ///
    /// # Errors
    /// The synchronisation's error; nothing is freed then.
    pub fn flush(&self) -> Result<usize, R::Error> {
        {
            let state = self.lock();
            if state.defer_depth > 0 || state.stats.cached == 0 {
                return Ok(0);
            }
        }
        self.raw.synchronize()?;
        let blocks: Vec<(u64, usize)> = {
            let mut state = self.lock();
            state.stats.cached = 0;
            state.stats.cached_blocks = 0;
            state
                .free
                .drain()
                .flat_map(|(size, list)| list.into_iter().map(move |(p, _)| (p, size)))
                .collect()
        };
        let released = blocks.iter().map(|b| b.1).sum();
        for &(ptr, size) in &blocks {
            // SAFETY: cached blocks came from raw_alloc and have no users after the sync.
            unsafe { self.raw.raw_free(ptr, size) };
        }
        self.lock().stats.raw_frees += blocks.len();
        Ok(released)
    }

    /// [`flush`](Self::flush) under its public name (`torch.cuda.empty_cache`).
    ///
    /// # Errors
    /// As [`flush`](Self::flush).
    pub fn empty_cache(&self) -> Result<usize, R::Error> {
        self.flush()
    }

    /// Suspends flushing until the guard is dropped (nestable).
    pub fn defer_cleanup(&self) -> DeferGuard<'_, R> {
        self.lock().defer_depth += 1;
        DeferGuard { allocator: self }
    }

    /// Opens a deferral without a guard (for Python's `__enter__`); pair it with
    /// [`end_defer`](Self::end_defer).
    pub fn begin_defer(&self) {
        self.lock().defer_depth += 1;
    }

    /// Closes a deferral opened by [`begin_defer`](Self::begin_defer).
    pub fn end_defer(&self) {
        let mut state = self.lock();
        state.defer_depth = state.defer_depth.saturating_sub(1);
    }

    /// The counters.
    pub fn stats(&self) -> Stats {
        self.lock().stats
    }
}

impl<R: RawMemory> Drop for CachingAllocator<R> {
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(PoisonError::into_inner);
        if state.stats.cached > 0 && self.raw.synchronize().is_ok() {
            for (size, list) in state.free.drain() {
                for (ptr, _) in list {
                    // SAFETY: cached blocks came from raw_alloc; the device is idle.
                    unsafe { self.raw.raw_free(ptr, size) };
                }
            }
        }
    }
}

/// Holds a [`CachingAllocator::defer_cleanup`] open.
pub struct DeferGuard<'a, R: RawMemory> {
    allocator: &'a CachingAllocator<R>,
}

impl<R: RawMemory> fmt::Debug for DeferGuard<'_, R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DeferGuard")
    }
}

impl<R: RawMemory> Drop for DeferGuard<'_, R> {
    fn drop(&mut self) {
        self.allocator.end_defer();
    }
}

#[cfg(test)]
mod tests;
