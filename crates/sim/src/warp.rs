//! What warp collectives compute once every thread taking part has arrived: PTX's `shfl.sync`,
//! `vote.sync`, `match.sync` and `activemask` (`oxcuda_ir::ops` states the semantics). The
//! scheduler (`scheduler.rs`) decides which threads take part and when; [`results`] only
//! computes.
//!
//! Operands and results are canonical registers (`arith.rs`): a shuffle returns the source
//! lane's register unchanged (same type), a match compares registers of one type, which is
//! comparing their bits; int32 results (ballot, match) are sign-extended, uint32 ones
//! (`activemask`) zero-extended.

use oxcuda_ir::{MatchMode, ShflMode, VoteMode};

use crate::inst::WarpOp;

/// Lanes per warp, as an array length.
pub(crate) const LANES: usize = crate::intrinsics::WARP_SIZE as usize;

/// An int32 result register holding `bits`.
fn int32(bits: u32) -> u64 {
    i64::from(bits.cast_signed()).cast_unsigned()
}

/// The lane a shuffle in `mode` with lane operand `b` reads for lane `lane`, or `None` when the
/// source is out of range (the thread then keeps its own value).
pub(crate) fn shfl_source(mode: ShflMode, lane: u32, b: u32) -> Option<u32> {
    let k = b & 31;
    match mode {
        ShflMode::Idx => Some(k),
        ShflMode::Up => lane.checked_sub(k),
        ShflMode::Down => Some(lane + k).filter(|&j| j < 32),
        ShflMode::Bfly => Some(lane ^ k),
    }
}

/// The result register of every lane in `group` (bit `l` set: lane `l` takes part) for `op`,
/// given each lane's operand `a[l]` (value or predicate) and shuffle lane operand `b[l]`.
/// Entries of lanes outside the group are 0; `Sync` has no result (all 0).
pub(crate) fn results(op: WarpOp, group: u32, a: &[u64; LANES], b: &[u32; LANES]) -> [u64; LANES] {
    let mut out = [0u64; LANES];
    let lanes = || (0..LANES as u32).filter(move |l| group & (1 << l) != 0);
    let has = |j: u32| group & (1 << j) != 0;
    match op {
        WarpOp::Sync => {}
        WarpOp::ActiveMask => {
            for l in lanes() {
                out[l as usize] = u64::from(group);
            }
        }
        WarpOp::Shfl(mode, _) => {
            for l in lanes() {
                // A source outside the group is undefined in PTX; the thread keeps its value.
                let j = shfl_source(mode, l, b[l as usize]).filter(|&j| has(j));
                out[l as usize] = a[j.unwrap_or(l) as usize];
            }
        }
        WarpOp::Vote(mode) => {
            let ballot = lanes()
                .filter(|&l| a[l as usize] != 0)
                .fold(0u32, |m, l| m | 1 << l);
            let r = match mode {
                VoteMode::All => u64::from(ballot == group),
                VoteMode::Any => u64::from(ballot != 0),
                VoteMode::Uni => u64::from(ballot == group || ballot == 0),
                VoteMode::Ballot => int32(ballot),
            };
            for l in lanes() {
                out[l as usize] = r;
            }
        }
        WarpOp::Match(mode, _) => {
            let same_as = |v: u64| {
                lanes()
                    .filter(|&m| a[m as usize] == v)
                    .fold(0u32, |acc, m| acc | 1 << m)
            };
            for l in lanes() {
                let same = same_as(a[l as usize]);
                out[l as usize] = match mode {
                    MatchMode::Any => int32(same),
                    MatchMode::All => int32(if same == group { group } else { 0 }),
                };
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use oxcuda_ir::Scalar;

    use super::*;

    fn lanes_of<T: Copy + Default>(f: impl Fn(usize) -> T) -> [T; LANES] {
        let mut out = [T::default(); LANES];
        for (l, x) in out.iter_mut().enumerate() {
            *x = f(l);
        }
        out
    }

    #[test]
    fn shuffle_sources_follow_ptx() {
        assert_eq!(shfl_source(ShflMode::Idx, 5, 37), Some(5));
        assert_eq!(shfl_source(ShflMode::Up, 3, 4), None);
        assert_eq!(shfl_source(ShflMode::Up, 4, 4), Some(0));
        assert_eq!(shfl_source(ShflMode::Down, 28, 4), None);
        assert_eq!(shfl_source(ShflMode::Down, 27, 4), Some(31));
        // Only the low five bits of the lane operand count.
        assert_eq!(shfl_source(ShflMode::Down, 0, 33), Some(1));
        assert_eq!(shfl_source(ShflMode::Bfly, 6, 1), Some(7));
        assert_eq!(shfl_source(ShflMode::Bfly, 6, u32::MAX), Some(25));
    }

    #[test]
    fn shuffles_keep_their_value_outside_the_group() {
        let a = lanes_of(|l| 100 + l as u64);
        let down = WarpOp::Shfl(ShflMode::Down, Scalar::I64);
        let r = results(down, 0x0000_ffff, &a, &[1; LANES]);
        assert_eq!(r[0], 101);
        assert_eq!(r[14], 115);
        assert_eq!(r[15], 115, "lane 16 is not in the group: own value");
        assert_eq!(r[16], 0, "not in the group: no result");
        let up = WarpOp::Shfl(ShflMode::Up, Scalar::I64);
        let r = results(up, u32::MAX, &a, &[3; LANES]);
        assert_eq!((r[2], r[3], r[31]), (102, 100, 128));
    }

    #[test]
    fn votes_and_ballots() {
        let pred = lanes_of(|l| u64::from(l % 3 == 0 || l == 31));
        let all = u32::MAX;
        let ballot: u32 = (0..32)
            .filter(|l| l % 3 == 0 || *l == 31)
            .fold(0, |m, l| m | 1 << l);
        let r = results(WarpOp::Vote(VoteMode::Ballot), all, &pred, &[0; LANES]);
        assert_eq!(r[7], int32(ballot));
        assert!(
            r[7] > u64::from(u32::MAX),
            "lane 31 votes: int32 result is negative"
        );
        let only = |m| results(WarpOp::Vote(m), 0b1001, &pred, &[0; LANES])[0];
        assert_eq!(only(VoteMode::All), 1);
        assert_eq!(only(VoteMode::Uni), 1);
        let some = |m| results(WarpOp::Vote(m), 0b1011, &pred, &[0; LANES])[0];
        assert_eq!(
            (
                some(VoteMode::All),
                some(VoteMode::Any),
                some(VoteMode::Uni)
            ),
            (0, 1, 0)
        );
        let none = |m| results(WarpOp::Vote(m), 0b0110, &pred, &[0; LANES])[1];
        assert_eq!((none(VoteMode::Any), none(VoteMode::Uni)), (0, 1));
    }

    #[test]
    fn matches_compare_registers() {
        let a = lanes_of(|l| (l % 4) as u64);
        let any = WarpOp::Match(MatchMode::Any, Scalar::I32);
        let r = results(any, 0xff, &a, &[0; LANES]);
        assert_eq!(r[1], 0b0010_0010);
        assert_eq!(r[4], 0b0001_0001);
        let all = WarpOp::Match(MatchMode::All, Scalar::I32);
        assert_eq!(results(all, 0xff, &a, &[0; LANES])[0], 0);
        assert_eq!(results(all, 0x11, &a, &[0; LANES])[4], 0x11);
    }

    #[test]
    fn activemask_is_the_group() {
        let r = results(WarpOp::ActiveMask, 0x8000_0001, &[0; LANES], &[0; LANES]);
        assert_eq!((r[0], r[31], r[1]), (0x8000_0001, 0x8000_0001, 0));
    }
}
