//! Atomic read-modify-write on array elements, real atomics because blocks run on several OS
//! threads.
//!
//! 4- and 8-byte elements use `AtomicU32`/`AtomicU64` on the element's address: integer
//! add/sub/and/or/xor/exchange/min/max map to the native `fetch_*`; everything else (floats,
//! `inc`/`dec`, NaN-aware min/max) is a compare-and-swap loop around [`apply`]. 1- and 2-byte
//! elements (float16, int8/16 — which CUDA itself barely has) take a striped lock instead: the
//! simulator's own accesses to them stay atomic with respect to each other. All operations are
//! `SeqCst`.
//!
//! Float min/max follow numba-cuda's implementation exactly: `max` leaves memory unchanged when
//! either the old value or the operand is NaN; `nanmax` ignores a NaN operand but replaces a NaN
//! in memory. The result is always the old value.
//!
//! Invariant: registers in and out are canonical (`arith.rs`); an element that is not
//! naturally aligned is an error (as on the GPU: "misaligned address"), never a torn access.

use std::sync::Mutex;
use std::sync::atomic::{AtomicI32, AtomicI64, AtomicU32, AtomicU64, Ordering::SeqCst};

use oxcuda_ir::{AtomicOp, Scalar};

use crate::arith::{self, float_value, norm};

/// The new value to store for `op` given the old one, or `None` to leave memory unchanged.
/// `a` is the operand (`expected` for `Cas`), `b` the second operand (`Cas`'s new value).
#[must_use]
pub(crate) fn apply(op: AtomicOp, ty: Scalar, old: u64, a: u64, b: u64) -> Option<u64> {
    use arith::compare;
    use oxcuda_ir::{BinOp, CmpOp};
    let float = ty.is_float();
    let nan = |x: u64| float && float_value(ty, x).is_nan();
    Some(match op {
        AtomicOp::Add => arith::binary(BinOp::Add, ty, old, a),
        AtomicOp::Sub => arith::binary(BinOp::Sub, ty, old, a),
        AtomicOp::And => old & a,
        AtomicOp::Or => old | a,
        AtomicOp::Xor => old ^ a,
        AtomicOp::Exch => a,
        AtomicOp::Max => {
            if nan(old) || nan(a) || !compare(CmpOp::Lt, ty, old, a) {
                return None;
            }
            a
        }
        AtomicOp::Min => {
            if nan(old) || nan(a) || !compare(CmpOp::Gt, ty, old, a) {
                return None;
            }
            a
        }
        AtomicOp::NanMax => {
            if nan(a) || !(nan(old) || compare(CmpOp::Lt, ty, old, a)) {
                return None;
            }
            a
        }
        AtomicOp::NanMin => {
            if nan(a) || !(nan(old) || compare(CmpOp::Gt, ty, old, a)) {
                return None;
            }
            a
        }
        AtomicOp::Inc => {
            if compare(CmpOp::Ge, ty, old, a) {
                0
            } else {
                norm(ty, old.wrapping_add(1))
            }
        }
        AtomicOp::Dec => {
            if old == 0 || compare(CmpOp::Gt, ty, old, a) {
                a
            } else {
                norm(ty, old.wrapping_sub(1))
            }
        }
        AtomicOp::Cas => {
            // Bitwise comparison, as CUDA's atomicCAS.
            if old != a {
                return None;
            }
            b
        }
    })
}

/// Locks for 1- and 2-byte atomics, chosen by address.
static LOCKS: [Mutex<()>; 64] = [const { Mutex::new(()) }; 64];

/// Performs `op` on the element of type `ty` at `p`; returns the old value (canonical).
///
/// # Safety
/// `p` must be valid for reads and writes of one element of `ty` (see `memory.rs`).
pub(crate) unsafe fn atomic(
    op: AtomicOp,
    ty: Scalar,
    p: *mut u8,
    a: u64,
    b: u64,
) -> Result<u64, String> {
    let size = ty.size() as usize;
    if !(p as usize).is_multiple_of(size) {
        return Err(format!(
            "misaligned atomic: a {}-byte {ty} element at address {p:p}",
            size
        ));
    }
    let signed = ty.is_signed();
    Ok(match size {
        4 => {
            // SAFETY: valid and aligned (checked above).
            let cell = unsafe { AtomicU32::from_ptr(p.cast()) };
            let native = if ty.is_int() {
                let v = a as u32;
                match op {
                    AtomicOp::Add => Some(cell.fetch_add(v, SeqCst)),
                    AtomicOp::Sub => Some(cell.fetch_sub(v, SeqCst)),
                    AtomicOp::And => Some(cell.fetch_and(v, SeqCst)),
                    AtomicOp::Or => Some(cell.fetch_or(v, SeqCst)),
                    AtomicOp::Xor => Some(cell.fetch_xor(v, SeqCst)),
                    AtomicOp::Exch => Some(cell.swap(v, SeqCst)),
                    AtomicOp::Min | AtomicOp::NanMin | AtomicOp::Max | AtomicOp::NanMax
                        if signed =>
                    {
                        // SAFETY: same cell, same size and alignment.
                        let c = unsafe { AtomicI32::from_ptr(p.cast()) };
                        let v = v as i32;
                        Some(if matches!(op, AtomicOp::Min | AtomicOp::NanMin) {
                            c.fetch_min(v, SeqCst)
                        } else {
                            c.fetch_max(v, SeqCst)
                        } as u32)
                    }
                    AtomicOp::Min | AtomicOp::NanMin => Some(cell.fetch_min(v, SeqCst)),
                    AtomicOp::Max | AtomicOp::NanMax => Some(cell.fetch_max(v, SeqCst)),
                    _ => None,
                }
            } else {
                None
            };
            let old = native.unwrap_or_else(|| {
                let r = cell.fetch_update(SeqCst, SeqCst, |old| {
                    apply(op, ty, norm(ty, u64::from(old)), a, b).map(|n| n as u32)
                });
                match r {
                    Ok(v) | Err(v) => v,
                }
            });
            norm(ty, u64::from(old))
        }
        8 => {
            // SAFETY: valid and aligned (checked above).
            let cell = unsafe { AtomicU64::from_ptr(p.cast()) };
            let native = if ty.is_int() {
                match op {
                    AtomicOp::Add => Some(cell.fetch_add(a, SeqCst)),
                    AtomicOp::Sub => Some(cell.fetch_sub(a, SeqCst)),
                    AtomicOp::And => Some(cell.fetch_and(a, SeqCst)),
                    AtomicOp::Or => Some(cell.fetch_or(a, SeqCst)),
                    AtomicOp::Xor => Some(cell.fetch_xor(a, SeqCst)),
                    AtomicOp::Exch => Some(cell.swap(a, SeqCst)),
                    AtomicOp::Min | AtomicOp::NanMin | AtomicOp::Max | AtomicOp::NanMax
                        if signed =>
                    {
                        // SAFETY: same cell, same size and alignment.
                        let c = unsafe { AtomicI64::from_ptr(p.cast()) };
                        let v = a as i64;
                        Some(if matches!(op, AtomicOp::Min | AtomicOp::NanMin) {
                            c.fetch_min(v, SeqCst)
                        } else {
                            c.fetch_max(v, SeqCst)
                        } as u64)
                    }
                    AtomicOp::Min | AtomicOp::NanMin => Some(cell.fetch_min(a, SeqCst)),
                    AtomicOp::Max | AtomicOp::NanMax => Some(cell.fetch_max(a, SeqCst)),
                    _ => None,
                }
            } else {
                None
            };
            native.unwrap_or_else(|| {
                match cell.fetch_update(SeqCst, SeqCst, |old| apply(op, ty, old, a, b)) {
                    Ok(v) | Err(v) => v,
                }
            })
        }
        _ => {
            let lock = &LOCKS[(p as usize >> 3) % LOCKS.len()];
            let _guard = lock
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            // SAFETY: valid (contract), aligned (checked); other simulator atomics on this
            // address hold the same lock.
            unsafe {
                let old = if size == 1 {
                    norm(ty, u64::from(p.read()))
                } else {
                    norm(ty, u64::from(p.cast::<u16>().read()))
                };
                if let Some(new) = apply(op, ty, old, a, b) {
                    if size == 1 {
                        p.write(new as u8);
                    } else {
                        p.cast::<u16>().write(new as u16);
                    }
                }
                old
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arith::{f32_of, of_f32};

    #[test]
    fn integer_and_float_atomics() {
        let mut x = [5i32, -3];
        let p = x.as_mut_ptr().cast::<u8>();
        // SAFETY: p points at two i32.
        unsafe {
            assert_eq!(atomic(AtomicOp::Add, Scalar::I32, p, 2, 0).unwrap(), 5);
            assert_eq!(
                atomic(AtomicOp::Min, Scalar::I32, p, (-9i64) as u64, 0).unwrap(),
                7
            );
            assert_eq!(
                atomic(AtomicOp::Cas, Scalar::I32, p.add(4), (-3i64) as u64, 11).unwrap() as i64,
                -3
            );
        }
        assert_eq!(x, [-9, 11]);

        let mut u = [10u32];
        let p = u.as_mut_ptr().cast::<u8>();
        // SAFETY: one u32.
        unsafe {
            assert_eq!(atomic(AtomicOp::Inc, Scalar::U32, p, 10, 0).unwrap(), 10);
            assert_eq!(u[0], 0);
            assert_eq!(atomic(AtomicOp::Dec, Scalar::U32, p, 7, 0).unwrap(), 0);
        }
        assert_eq!(u[0], 7);

        let mut f = [1.5f32, f32::NAN];
        let p = f.as_mut_ptr().cast::<u8>();
        // SAFETY: two f32.
        unsafe {
            assert_eq!(
                atomic(AtomicOp::Add, Scalar::F32, p, of_f32(2.0), 0).unwrap(),
                of_f32(1.5)
            );
            // max with NaN in memory: unchanged; nanmax replaces it.
            atomic(AtomicOp::Max, Scalar::F32, p.add(4), of_f32(1.0), 0).unwrap();
            assert!(
                f32_of(atomic(AtomicOp::NanMax, Scalar::F32, p.add(4), of_f32(1.0), 0).unwrap())
                    .is_nan()
            );
            atomic(AtomicOp::NanMax, Scalar::F32, p, of_f32(f32::NAN), 0).unwrap();
        }
        assert_eq!(f, [3.5, 1.0]);

        let mut h = [0u16; 2];
        let p = h.as_mut_ptr().cast::<u8>();
        let one = u64::from(crate::f16::from_f32(1.0));
        // SAFETY: two u16.
        unsafe {
            atomic(AtomicOp::Add, Scalar::F16, p.add(2), one, 0).unwrap();
            atomic(AtomicOp::Add, Scalar::F16, p.add(2), one, 0).unwrap();
            assert!(atomic(AtomicOp::Add, Scalar::F16, p.add(1), one, 0).is_err());
        }
        assert_eq!(crate::f16::to_f32(h[1]), 2.0);
    }
}
