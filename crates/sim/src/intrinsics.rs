//! Thread geometry and the bit-manipulation intrinsics.
//!
//! Geometry: each thread carries a small table ([`geometry`]) of its `threadIdx`, `blockIdx`,
//! `blockDim`, `gridDim`, `laneid`, `warpsize` (int32) and `lanemask_lt()` (uint32) as
//! registers; `Inst::Geom` copies one entry. Warps are groups of 32 consecutive *linear* thread ids
//! (`x + y·blockDim.x + z·blockDim.x·blockDim.y`), as on the GPU, so `laneid = linear % 32`.
//!
//! Bit operations work on the operand's raw bits at its width: `popc`, `clz` and `brev` return
//! the operand's type, `ffs` a uint32 (1-based position of the lowest set bit, 0 for 0).
//!
//! `threadfence_block` and `nanosleep` have no instruction at all (the threads of a block run
//! one at a time); `threadfence` and `threadfence_system` are `SeqCst` fences (`Inst::Fence`),
//! since blocks run on several cores: see `decode.rs` and `docs/simulator.md`.

use oxcuda_ir::Scalar;

use crate::arith::norm;
use crate::inst::{BitsOp, geom};

/// CUDA's warp size.
pub(crate) const WARP_SIZE: u32 = 32;

/// The geometry table of thread `tid` of block `bid`.
#[must_use]
pub(crate) fn geometry(
    tid: [u32; 3],
    bid: [u32; 3],
    bdim: [u32; 3],
    gdim: [u32; 3],
) -> [u64; geom::LEN] {
    let mut g = [0u64; geom::LEN];
    for k in 0..3 {
        g[geom::TID as usize + k] = u64::from(tid[k]);
        g[geom::BID as usize + k] = u64::from(bid[k]);
        g[geom::BDIM as usize + k] = u64::from(bdim[k]);
        g[geom::GDIM as usize + k] = u64::from(gdim[k]);
    }
    let linear = tid[0] + tid[1] * bdim[0] + tid[2] * bdim[0] * bdim[1];
    g[geom::LANE as usize] = u64::from(linear % WARP_SIZE);
    g[geom::LANEMASK_LT as usize] = lanemask_lt(linear % WARP_SIZE);
    g[geom::WARPSIZE as usize] = u64::from(WARP_SIZE);
    g
}

/// `lanemask_lt()` of lane `lane`: the bits of the lanes below it.
#[must_use]
pub(crate) const fn lanemask_lt(lane: u32) -> u64 {
    (1u64 << lane) - 1
}

/// `popc`, `brev`, `clz`, `ffs` on an integer register of type `ty`.
#[must_use]
pub(crate) fn bits(op: BitsOp, ty: Scalar, a: u64) -> u64 {
    let width = ty.bits();
    let raw = if width >= 64 {
        a
    } else {
        a & ((1u64 << width) - 1)
    };
    match op {
        BitsOp::Popc => u64::from(raw.count_ones()),
        BitsOp::Brev => norm(ty, raw.reverse_bits() >> (64 - width)),
        BitsOp::Clz => u64::from(raw.leading_zeros() - (64 - width)),
        BitsOp::Ffs => {
            if raw == 0 {
                0
            } else {
                u64::from(raw.trailing_zeros() + 1)
            }
        }
        // Floats are their bits zero-extended, integers sign- or zero-extended by their own
        // signedness (`arith.rs`): `norm` makes the bits canonical for `to`.
        BitsOp::Reinterpret(to) => norm(to, raw),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_operations_at_the_operand_width() {
        let m1 = u64::MAX; // int32 -1, canonical
        assert_eq!(bits(BitsOp::Popc, Scalar::I32, m1), 32);
        assert_eq!(bits(BitsOp::Popc, Scalar::I64, m1), 64);
        assert_eq!(bits(BitsOp::Clz, Scalar::I32, 1), 31);
        assert_eq!(bits(BitsOp::Clz, Scalar::U64, 0), 64);
        assert_eq!(bits(BitsOp::Clz, Scalar::I32, m1), 0);
        assert_eq!(bits(BitsOp::Brev, Scalar::U32, 1), 0x8000_0000);
        assert_eq!(bits(BitsOp::Brev, Scalar::U64, 1), 1 << 63);
        assert_eq!(bits(BitsOp::Ffs, Scalar::U32, 0), 0);
        assert_eq!(bits(BitsOp::Ffs, Scalar::I32, 0b1000), 4);
        assert_eq!(bits(BitsOp::Ffs, Scalar::I32, m1), 1);
    }

    #[test]
    fn reinterpretation_gives_canonical_registers() {
        let r = |from, to, x| bits(BitsOp::Reinterpret(to), from, x);
        // float16 -0.0 as int16 is negative (sign-extended), as uint16 zero-extended.
        assert_eq!(r(Scalar::F16, Scalar::I16, 0x8000), (-32768i64) as u64);
        assert_eq!(r(Scalar::F16, Scalar::U16, 0x8000), 0x8000);
        // int16 -1 (canonical: all ones) as float16 is the NaN 0xffff, zero-extended.
        assert_eq!(r(Scalar::I16, Scalar::F16, u64::MAX), 0xffff);
        assert_eq!(
            r(Scalar::F32, Scalar::I32, 0xbf80_0000),
            0xbf80_0000u32 as i32 as i64 as u64
        );
        assert_eq!(r(Scalar::I64, Scalar::F64, u64::MAX), u64::MAX);
    }

    #[test]
    fn lanes_follow_linear_ids() {
        let g = geometry([3, 1, 0], [2, 0, 0], [20, 4, 1], [5, 1, 1]);
        assert_eq!(g[geom::LANE as usize], 23);
        assert_eq!(g[geom::LANEMASK_LT as usize], (1 << 23) - 1);
        assert_eq!(g[geom::BDIM as usize], 20);
        assert_eq!(g[geom::WARPSIZE as usize], 32);
    }
}
