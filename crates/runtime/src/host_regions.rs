//! The live allocations of the host backend (the simulator's device memory), by address.
//!
//! A `CPointer` kernel parameter is passed a bare integer address. On the GPU the driver knows
//! what it points to; on the simulator this table does: every host-backend [`Allocation`] —
//! one of the caching allocator's blocks, or foreign host memory imported as a device array —
//! registers its byte range when it is made and removes it when it is dropped, so
//! [`containing`] answers which live allocation an address lies in, and the simulator checks
//! each access through the pointer against that range (`oxcuda-sim`'s `pointer.rs`).
//!
//! Invariant: a range is in the table exactly while its `Allocation` lives, so the range is
//! valid memory whenever [`containing`] returns it (the caller keeps the owning array alive
//! for the launch, as on the GPU). Ranges may overlap (two imports of one NumPy buffer); a
//! look-up returns the one that starts nearest below the address among those containing it.
//!
//! [`Allocation`]: crate::Allocation

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

/// `(start, serial) → size`: the serial tells apart ranges that start at one address.
static REGIONS: Mutex<BTreeMap<(u64, u64), u64>> = Mutex::new(BTreeMap::new());
static SERIAL: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A registered range; [`unregister`] it when the memory goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    start: u64,
    serial: u64,
}

/// Records `size > 0` bytes at `start` as live host-backend memory.
pub fn register(start: u64, size: u64) -> Region {
    let serial = SERIAL.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut table = REGIONS.lock().unwrap_or_else(PoisonError::into_inner);
    table.insert((start, serial), size);
    Region { start, serial }
}

/// Removes a range recorded by [`register`].
pub fn unregister(region: Region) {
    let mut table = REGIONS.lock().unwrap_or_else(PoisonError::into_inner);
    table.remove(&(region.start, region.serial));
}

/// The live host-backend allocation `(start, size)` that `addr` lies in, where a one-past-the-end
/// address counts as inside (a valid C pointer, never dereferenced); `None` when there is none.
#[must_use]
pub fn containing(addr: u64) -> Option<(u64, u64)> {
    let table = REGIONS.lock().unwrap_or_else(PoisonError::into_inner);
    table
        .range(..=(addr, u64::MAX))
        .rev()
        .find(|&(&(start, _), &size)| addr <= start.saturating_add(size))
        .map(|(&(start, _), &size)| (start, size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_find_their_live_range() {
        // Addresses no real allocation has (the table is process-wide).
        let base = u64::MAX - (1 << 20);
        let a = register(base, 256);
        let b = register(base + 512, 64);
        assert_eq!(containing(base), Some((base, 256)));
        assert_eq!(containing(base + 100), Some((base, 256)));
        assert_eq!(containing(base + 256), Some((base, 256)));
        assert_eq!(containing(base + 300), None);
        assert_eq!(containing(base + 520), Some((base + 512, 64)));
        unregister(b);
        assert_eq!(containing(base + 520), None);
        unregister(a);
        assert_eq!(containing(base + 100), None);
    }
}
