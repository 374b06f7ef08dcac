//! Caching allocator tests over a fake raw source with a capacity.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use super::*;

/// A fake memory space of `capacity` bytes handing out increasing addresses.
#[derive(Debug, Default)]
struct Fake {
    capacity: usize,
    used: AtomicUsize,
    next: AtomicU64,
    syncs: AtomicUsize,
}

impl Fake {
    fn new(capacity: usize) -> Self {
        Self {
            capacity,
            next: AtomicU64::new(0x1000),
            ..Self::default()
        }
    }
}

impl RawMemory for Fake {
    type Error = String;
    fn raw_alloc(&self, size: usize) -> Result<u64, RawError<String>> {
        if self.used.load(Ordering::SeqCst) + size > self.capacity {
            return Err(RawError::OutOfMemory);
        }
        self.used.fetch_add(size, Ordering::SeqCst);
        Ok(self.next.fetch_add(size as u64, Ordering::SeqCst))
    }
    unsafe fn raw_free(&self, _ptr: u64, size: usize) {
        self.used.fetch_sub(size, Ordering::SeqCst);
    }
    fn synchronize(&self) -> Result<(), String> {
        self.syncs.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
    fn memory_info(&self) -> Result<(usize, usize), String> {
        let used = self.used.load(Ordering::SeqCst);
        Ok((self.capacity - used, self.capacity))
    }
}

const S1: StreamTag = StreamTag {
    handle: 0x100,
    blocking: true,
};
const S2: StreamTag = StreamTag {
    handle: 0x200,
    blocking: true,
};
const NB: StreamTag = StreamTag {
    handle: 0x300,
    blocking: false,
};

#[test]
fn size_classes_bound_the_waste() {
    for size in [
        1usize,
        511,
        512,
        513,
        4096,
        1 << 20,
        (1 << 20) + 1,
        3 << 29,
        80 << 30,
    ] {
        let c = size_class(size);
        assert!(c >= size, "{size}");
        assert!(
            c - size <= (size / 8).max(2 << 20).max(511),
            "{size} -> {c}"
        );
        assert_eq!(size_class(c), c, "classes are fixed points");
    }
}

#[test]
fn freed_blocks_are_reused_without_raw_calls() {
    let a = CachingAllocator::new(Fake::new(1 << 30));
    let b = a.allocate(1000, StreamTag::LEGACY).unwrap();
    // SAFETY: b came from a.
    unsafe { a.release(b, StreamTag::LEGACY) };
    let c = a.allocate(700, StreamTag::LEGACY).unwrap();
    assert_eq!(c, b);
    assert_eq!(a.stats().raw_allocs, 1);
    assert_eq!(a.allocate(0, S1).unwrap(), Block { ptr: 0, size: 0 });
}

#[test]
fn reuse_respects_stream_order() {
    let a = CachingAllocator::new(Fake::new(1 << 30));
    let on_s1 = a.allocate(4096, S1).unwrap();
    // SAFETY: came from a.
    unsafe { a.release(on_s1, S1) };
    // S2 is not ordered after S1: a fresh block.
    let on_s2 = a.allocate(4096, S2).unwrap();
    assert_ne!(on_s2, on_s1);
    // The legacy stream waits for blocking S1: reuse.
    assert_eq!(a.allocate(4096, StreamTag::LEGACY).unwrap(), on_s1);
    // A non-blocking stream is ordered with nothing but itself.
    let nb = a.allocate(4096, NB).unwrap();
    // SAFETY: came from a.
    unsafe { a.release(nb, NB) };
    assert_ne!(a.allocate(4096, StreamTag::LEGACY).unwrap(), nb);
    assert_eq!(a.allocate(4096, NB).unwrap(), nb);
}

#[test]
fn out_of_memory_flushes_then_reports() {
    let a = CachingAllocator::new(Fake::new(8 << 20));
    let x = a.allocate(6 << 20, StreamTag::LEGACY).unwrap();
    // SAFETY: came from a.
    unsafe { a.release(x, StreamTag::LEGACY) };
    // 4 MiB does not fit beside the cached 6 MiB: the flush makes room.
    let y = a.allocate(4 << 20, S1).unwrap();
    assert_eq!(a.stats().raw_frees, 1);
    assert_eq!(a.raw().syncs.load(Ordering::SeqCst), 1);
    let err = a.allocate(6 << 20, S1).unwrap_err();
    let AllocError::OutOfMemory {
        requested, free, ..
    } = err.clone()
    else {
        panic!("{err:?}")
    };
    assert_eq!(requested, 6 << 20);
    assert_eq!(free, Some(4 << 20));
    let text = err.to_string();
    assert!(
        text.contains("6.0 MiB") && text.contains("4.0 MiB free"),
        "{text}"
    );
    // SAFETY: came from a.
    unsafe { a.release(y, S1) };
}

#[test]
fn deferred_cleanup_and_parked_streams() {
    let a = CachingAllocator::new(Fake::new(1 << 30));
    let x = a.allocate(1 << 16, S1).unwrap();
    // SAFETY: came from a.
    unsafe { a.release(x, S1) };
    a.forget_stream(S1.handle);
    assert_ne!(
        a.allocate(1 << 16, S1).unwrap(),
        x,
        "parked blocks are not reused"
    );
    {
        let _guard = a.defer_cleanup();
        assert_eq!(a.flush().unwrap(), 0);
    }
    assert_eq!(a.flush().unwrap(), 1 << 16);
    assert_eq!(a.stats().cached, 0);
}

#[test]
fn cached_blocks_count_the_frees_waiting_in_the_cache() {
    let a = CachingAllocator::new(Fake::new(1 << 24));
    let x = a.allocate(100, S1).unwrap();
    let y = a.allocate(5000, S1).unwrap();
    assert_eq!(a.stats().cached_blocks, 0);
    // SAFETY: the blocks came from `a` and are not used again.
    unsafe {
        a.release(x, S1);
        a.release(y, S1);
    }
    assert_eq!(a.stats().cached_blocks, 2);
    let z = a.allocate(100, S1).unwrap();
    assert_eq!(z, x, "the cached block is reused");
    assert_eq!(
        a.stats().cached_blocks,
        1,
        "reuse takes it out of the cache"
    );
    {
        let _guard = a.defer_cleanup();
        a.flush().unwrap();
        assert_eq!(a.stats().cached_blocks, 1, "a deferred flush frees nothing");
    }
    a.flush().unwrap();
    assert_eq!(a.stats().cached_blocks, 0);
    // SAFETY: as above.
    unsafe { a.release(z, S1) };
    assert_eq!(a.stats().cached_blocks, 1);
}
