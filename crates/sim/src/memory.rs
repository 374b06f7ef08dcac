//! Element access: address computation with bounds checks, loads and stores, memory buffers.
//!
//! An array value is `1 + 2·ndim` register slots: data pointer (a real host address), extents,
//! byte strides. [`element`] computes the address of `arr[i0, …]` after checking
//! `0 ≤ ik < extent_k` for every axis (one unsigned comparison each: a negative index is a huge
//! unsigned one), and reports the failing axis otherwise.
//!
//! Soundness: the addresses are valid because every array the interpreter can see is one of
//! (a) a launch argument, whose [`crate::ArrayArg::new`] contract guarantees its extent is backed
//! by memory for the launch, (b) a shared, dynamic-shared, constant or local array, backed by
//! buffers this crate allocates with exactly the declared size, (c) a view the compiler builds
//! with `makearray` (slicing) inside one of those — the simulator trusts the compiler there, as
//! the GPU does — or (d) a device array captured from a global by reference (an address cast to
//! a pointer; `oxcuda-typeck`'s `device_array_global`), which the dispatcher keeps alive as long
//! as the compiled kernel.
//!
//! Accesses to naturally aligned 1/2/4/8-byte elements are relaxed atomic loads and stores (a
//! plain `mov` on x86-64 and AArch64), so racy kernels — legal CUDA, with unspecified results —
//! are not undefined behaviour in the simulator, even with blocks on several OS threads.
//! Misaligned elements (possible only through odd strides) use unaligned plain accesses.

use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering::Relaxed};

use crate::inst::MemKind;

/// `Err(axis)` names the first out-of-range index.
#[inline(always)]
pub(crate) fn check(index: u64, extent: u64, axis: usize) -> Result<(), usize> {
    if index < extent { Ok(()) } else { Err(axis) }
}

/// The address of `arr[indices]`, where `arr` points at the array's first slot.
///
/// # Safety
/// `arr` must be valid for reading `1 + 2·ndim` slots and `idx(k)` must be callable for
/// `k < ndim`.
#[inline(always)]
pub(crate) unsafe fn element(
    arr: *const u64,
    ndim: usize,
    mut idx: impl FnMut(usize) -> u64,
) -> Result<*mut u8, usize> {
    // SAFETY: the caller guarantees the array's slots are readable.
    unsafe {
        let mut addr = *arr as usize;
        for k in 0..ndim {
            let i = idx(k);
            check(i, *arr.add(1 + k), k)?;
            let stride = *arr.add(1 + ndim + k);
            addr = addr.wrapping_add((i as i64).wrapping_mul(stride as i64) as usize);
        }
        Ok(addr as *mut u8)
    }
}

macro_rules! rd {
    ($p:expr, $t:ty, $at:ty) => {{
        let p = $p;
        // Used inside the callers' unsafe blocks: `p` is valid (module doc); the aligned case
        // is atomic so concurrent access is defined.
        if (p as usize).is_multiple_of(std::mem::align_of::<$t>()) {
            <$at>::from_ptr(p.cast::<$t>()).load(Relaxed)
        } else {
            p.cast::<$t>().read_unaligned()
        }
    }};
}

macro_rules! wr {
    ($p:expr, $t:ty, $at:ty, $v:expr) => {{
        let p = $p;
        let v: $t = $v;
        // As in `rd!`.
        if (p as usize).is_multiple_of(std::mem::align_of::<$t>()) {
            <$at>::from_ptr(p.cast::<$t>()).store(v, Relaxed)
        } else {
            p.cast::<$t>().write_unaligned(v)
        }
    }};
}

/// Reads the element at `p` into register(s) `d` in the canonical encoding.
///
/// # Safety
/// `p` must be valid for reading the element; `d` for writing 1 slot (2 for complex kinds).
#[inline(always)]
pub(crate) unsafe fn load(k: MemKind, p: *mut u8, d: *mut u64) {
    // SAFETY: `p` and `d` are valid per the contract; aligned element accesses are atomic.
    unsafe {
        match k {
            MemKind::Bool => *d = u64::from(rd!(p, u8, AtomicU8) != 0),
            MemKind::I8 => *d = rd!(p, u8, AtomicU8) as i8 as i64 as u64,
            MemKind::I16 => *d = rd!(p, u16, AtomicU16) as i16 as i64 as u64,
            MemKind::I32 => *d = rd!(p, u32, AtomicU32) as i32 as i64 as u64,
            MemKind::U8 => *d = u64::from(rd!(p, u8, AtomicU8)),
            MemKind::U16 => *d = u64::from(rd!(p, u16, AtomicU16)),
            MemKind::U32 => *d = u64::from(rd!(p, u32, AtomicU32)),
            MemKind::X64 => *d = rd!(p, u64, AtomicU64),
            MemKind::C64 => {
                *d = u64::from(rd!(p, u32, AtomicU32));
                *d.add(1) = u64::from(rd!(p.add(4), u32, AtomicU32));
            }
            MemKind::C128 => {
                *d = rd!(p, u64, AtomicU64);
                *d.add(1) = rd!(p.add(8), u64, AtomicU64);
            }
        }
    }
}

/// Writes register(s) `v` to the element at `p`.
///
/// # Safety
/// `p` must be valid for writing the element; `v` for reading 1 slot (2 for complex kinds).
#[inline(always)]
pub(crate) unsafe fn store(k: MemKind, p: *mut u8, v: *const u64) {
    // SAFETY: `p` and `v` are valid per the contract; aligned element accesses are atomic.
    unsafe {
        match k {
            MemKind::Bool | MemKind::I8 | MemKind::U8 => wr!(p, u8, AtomicU8, *v as u8),
            MemKind::I16 | MemKind::U16 => wr!(p, u16, AtomicU16, *v as u16),
            MemKind::I32 | MemKind::U32 => wr!(p, u32, AtomicU32, *v as u32),
            MemKind::X64 => wr!(p, u64, AtomicU64, *v),
            MemKind::C64 => {
                wr!(p, u32, AtomicU32, *v as u32);
                wr!(p.add(4), u32, AtomicU32, *v.add(1) as u32);
            }
            MemKind::C128 => {
                wr!(p, u64, AtomicU64, *v);
                wr!(p.add(8), u64, AtomicU64, *v.add(1));
            }
        }
    }
}

/// Copies `n` bytes from `src` to `dst` (a record assignment), byte by byte with relaxed
/// atomic accesses, so a racing kernel is not undefined behaviour; overlapping ranges copy as
/// `memmove` does.
///
/// # Safety
/// `src` must be valid for reading and `dst` for writing `n` bytes.
pub(crate) unsafe fn copy_bytes(dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY: both ranges are valid per the contract; byte accesses are always aligned.
    unsafe {
        let byte = |p: *const u8| AtomicU8::from_ptr(p.cast_mut());
        if (dst as usize) <= (src as usize) {
            for i in 0..n {
                byte(dst.add(i)).store(byte(src.add(i)).load(Relaxed), Relaxed);
            }
        } else {
            for i in (0..n).rev() {
                byte(dst.add(i)).store(byte(src.add(i)).load(Relaxed), Relaxed);
            }
        }
    }
}

/// A zero-initialised byte buffer whose start is 16-byte aligned (shared memory, constant
/// memory). Its address never changes while it lives.
#[derive(Debug, Default)]
pub(crate) struct AlignedBuf {
    words: Vec<u128>,
    len: usize,
}

impl AlignedBuf {
    /// `len` zero bytes.
    pub(crate) fn zeroed(len: usize) -> Self {
        Self {
            words: vec![0; len.div_ceil(16)],
            len,
        }
    }

    /// A copy of `bytes`.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Self {
        let mut b = Self::zeroed(bytes.len());
        b.as_bytes_mut().copy_from_slice(bytes);
        b
    }

    /// Makes the buffer `len` zero bytes, reusing the allocation when it is large enough.
    pub(crate) fn reset(&mut self, len: usize) {
        let words = len.div_ceil(16);
        if self.words.len() < words {
            self.words = vec![0; words];
        } else {
            self.words[..words].fill(0);
        }
        self.len = len;
    }

    /// The bytes.
    pub(crate) fn as_bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: the u128 buffer holds at least `len` initialised bytes; u8 has no alignment.
        unsafe { std::slice::from_raw_parts_mut(self.words.as_mut_ptr().cast::<u8>(), self.len) }
    }

    /// The start address.
    pub(crate) fn as_mut_ptr(&mut self) -> *mut u8 {
        self.words.as_mut_ptr().cast::<u8>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_checks_every_axis() {
        let mut data = [0u8; 64];
        let base = data.as_mut_ptr() as u64;
        // A 4×2 array of 8-byte elements, C layout.
        let arr = [base, 4, 2, 16, 8];
        // SAFETY: arr has 5 slots.
        let p = unsafe { element(arr.as_ptr(), 2, |k| [3, 1][k]) }.unwrap();
        assert_eq!(p as u64 - base, 56);
        // SAFETY: as above.
        let e = unsafe { element(arr.as_ptr(), 2, |k| [1, 2][k]) };
        assert_eq!(e, Err(1));
        // SAFETY: as above.
        let e = unsafe { element(arr.as_ptr(), 2, |k| [(-1i64) as u64, 0][k]) };
        assert_eq!(e, Err(0));
    }

    #[test]
    fn loads_extend_and_stores_truncate() {
        let mut mem = [0u8; 16];
        let p = mem.as_mut_ptr();
        let mut r = [0u64; 2];
        // SAFETY: 16 valid bytes, 2 valid slots.
        unsafe {
            store(MemKind::I32, p.add(1), &(-2i64 as u64)); // misaligned path
            load(MemKind::I32, p.add(1), r.as_mut_ptr());
            assert_eq!(r[0] as i64, -2);
            load(MemKind::U16, p.add(1), r.as_mut_ptr());
            assert_eq!(r[0], 0xfffe);
            store(MemKind::C64, p.add(8), [1u64, 2u64].as_ptr());
            load(MemKind::C64, p.add(8), r.as_mut_ptr());
            assert_eq!(r, [1, 2]);
            store(MemKind::Bool, p, &1);
            mem[0] = 7;
            load(MemKind::Bool, mem.as_mut_ptr(), r.as_mut_ptr());
            assert_eq!(r[0], 1);
        }
    }
}
