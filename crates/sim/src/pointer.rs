//! Bounded pointers: `CPointer` values and the check of every array made from one.
//!
//! In the simulator a pointer value is *fat*: three register slots, its address and the bounds
//! `[lo, hi)` its accesses must stay in (`frame.rs`). A `CPointer(T)` kernel parameter is
//! passed a [`PointerArg`]: an address together with the allocation it lies in, which the
//! binding finds among the simulator's own allocations (host-backend device arrays). Moving a
//! pointer (`p + k`) keeps its bounds; an array's data pointer is bounded by the bytes the
//! array spans ([`span`]), and an address cast to a pointer (a captured device array, whose
//! memory was checked where it was captured) has none (`0, u64::MAX`).
//!
//! Every element access through a pointer is an access to a small array made at the pointer
//! (`makearray`, see `oxcuda-typeck`'s `lower/pointer.rs`); [`check_span`] runs where that
//! array is made and refuses one whose bytes leave the bounds, so a kernel can neither read nor
//! write outside the allocation its pointer argument came from.
//!
//! Invariant: a [`PointerArg`] is made only through the `unsafe` [`PointerArg::new`], whose
//! contract (its bounds are memory valid for reads and writes during the launch) is what makes
//! the checked accesses sound.

use crate::error::SimError;

/// A `CPointer` argument: an address and the allocation `[start, start + len)` it points into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointerArg {
    addr: u64,
    start: u64,
    len: u64,
}

impl PointerArg {
    /// A pointer at `addr` whose accesses must stay inside the `len` bytes at `start`.
    ///
    /// # Safety
    /// The `len` bytes at `start` must be valid for reads and writes (from any thread) whenever
    /// a launch given this argument runs, and nothing else may write them during that launch
    /// except through the simulator.
    ///
    /// # Errors
    /// When `addr` does not lie in `[start, start + len)` (the end included: a one-past-the-end
    /// pointer is a valid C pointer, though it cannot be dereferenced) or the range overflows.
    pub unsafe fn new(addr: u64, start: u64, len: u64) -> Result<Self, SimError> {
        let end = start.checked_add(len).ok_or_else(|| {
            SimError::launch(format!(
                "an allocation of {len} bytes at {start:#x} overflows"
            ))
        })?;
        if addr < start || addr > end {
            return Err(SimError::launch(format!(
                "the address {addr:#x} is not inside the allocation {start:#x}..{end:#x}"
            )));
        }
        Ok(Self { addr, start, len })
    }

    /// The address.
    #[must_use]
    pub fn addr(&self) -> u64 {
        self.addr
    }

    /// The allocation's first byte and its size in bytes.
    #[must_use]
    pub fn bounds(&self) -> (u64, u64) {
        (self.start, self.len)
    }

    /// The three register slots of the pointer: address, low and high bound.
    pub(crate) fn slots(&self) -> [u64; 3] {
        [self.addr, self.start, self.start + self.len]
    }
}

/// The bytes `[lo, hi)` the array whose slots are `arr` (data pointer, extents, byte strides)
/// spans with elements of `size` bytes; an empty array spans nothing (`lo == hi`), and a span
/// past the address space is cut at its ends.
pub(crate) fn span(arr: &[u64], size: u32) -> (u64, u64) {
    let ndim = (arr.len() - 1) / 2;
    let data = i128::from(arr[0]);
    let (mut first, mut last) = (0i128, 0i128);
    for k in 0..ndim {
        let (n, stride) = (arr[1 + k] as i64, arr[1 + ndim + k] as i64);
        if n <= 0 {
            return (arr[0], arr[0]);
        }
        let reach = i128::from(n - 1) * i128::from(stride);
        if reach < 0 {
            first += reach;
        } else {
            last += reach;
        }
    }
    let clamp = |x: i128| u64::try_from(x.max(0)).unwrap_or(u64::MAX);
    (clamp(data + first), clamp(data + last + i128::from(size)))
}

/// Whether the array whose slots are `arr` (data pointer, extents, byte strides) with elements
/// of `size` bytes lies inside `[lo, hi)`; `Err` is the sentence to report.
pub(crate) fn check_span(arr: &[u64], size: u32, lo: u64, hi: u64) -> Result<(), String> {
    let ndim = (arr.len() - 1) / 2;
    let data = arr[0];
    let (mut first, mut last) = (0i128, 0i128);
    for k in 0..ndim {
        let (n, stride) = (arr[1 + k] as i64, arr[1 + ndim + k] as i64);
        if n == 0 {
            return Ok(()); // an empty array is never dereferenced
        }
        let reach = i128::from(n - 1) * i128::from(stride);
        if reach < 0 {
            first += reach;
        } else {
            last += reach;
        }
    }
    let start = i128::from(data) + first;
    let end = i128::from(data) + last + i128::from(size);
    if start >= i128::from(lo) && end <= i128::from(hi) {
        return Ok(());
    }
    let offset = i128::from(data) - i128::from(lo);
    Err(format!(
        "pointer access out of bounds: {size} bytes at byte offset {offset} of the {} bytes the \
         pointer may reach (a CPointer argument's simulator allocation, or the array a pointer \
         was taken from)",
        hi - lo
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_inside_pass_and_outside_fail() {
        let (lo, hi) = (1000u64, 1064u64);
        assert!(check_span(&[1000, 1, 8], 8, lo, hi).is_ok());
        assert!(check_span(&[1056, 1, 8], 8, lo, hi).is_ok());
        let e = check_span(&[1060, 1, 4], 4, lo, hi);
        assert!(e.is_ok(), "4-byte element at the end");
        let e = check_span(&[1064, 1, 8], 8, lo, hi).unwrap_err();
        assert!(e.contains("byte offset 64 of the 64 bytes"), "{e}");
        let e = check_span(&[992, 1, 8], 8, lo, hi).unwrap_err();
        assert!(e.contains("byte offset -8"), "{e}");
        // Negative strides reach before the data pointer; empty arrays never fail.
        assert!(check_span(&[1056, 8, (-8i64) as u64], 8, lo, hi).is_ok());
        assert!(check_span(&[1048, 8, (-8i64) as u64], 8, lo, hi).is_err());
        assert!(check_span(&[5, 0, 8], 8, lo, hi).is_ok());
    }

    #[test]
    fn array_spans_cover_every_element() {
        assert_eq!(span(&[1000, 4, 8], 8), (1000, 1032));
        assert_eq!(span(&[1000, 3, 2, 16, 8], 4), (1000, 1044));
        assert_eq!(span(&[1024, 4, (-8i64) as u64], 8), (1000, 1032));
        assert_eq!(span(&[1000, 5, 0], 8), (1000, 1008));
        assert_eq!(span(&[1000, 0, 8], 8), (1000, 1000));
    }

    #[test]
    fn pointer_args_lie_in_their_allocation() {
        // SAFETY: never used for a launch.
        unsafe {
            assert!(PointerArg::new(1010, 1000, 64).is_ok());
            assert!(PointerArg::new(1064, 1000, 64).is_ok());
            assert!(PointerArg::new(999, 1000, 64).is_err());
            assert!(PointerArg::new(5, u64::MAX - 1, 64).is_err());
        }
    }
}
