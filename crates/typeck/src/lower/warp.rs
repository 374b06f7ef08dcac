//! Warp-level calls: the shuffles, the votes, the matches, `activemask` and `lanemask_lt`,
//! typed as numba-cuda types them (`cudadecl.py`, `intrinsics.py`, `intrinsic_wrapper.py`):
//!
//! - `shfl_sync(mask, value, src_lane)`, `shfl_up_sync(mask, value, delta)`,
//!   `shfl_down_sync(mask, value, delta)`, `shfl_xor_sync(mask, value, lane_mask)`: the value is
//!   an int32, int64, uint32, uint64, float32 or float64; the result has its type;
//! - `all_sync`, `any_sync`, `eq_sync(mask, predicate)`: bool; `ballot_sync`: int32; the
//!   predicate is an integer or a bool (numba-cuda's rule);
//! - `match_any_sync(mask, value)`: int32; `match_all_sync`: `(int32, bool)`; the value is an
//!   integer, bool or float (narrower than 32 bits: widened to int32 or float32);
//! - `activemask()`, `lanemask_lt()`: uint32.
//!
//! Masks are integers of any width, truncated to uint32 as numba-cuda truncates them; lane
//! operands are integers truncated to int32. numba-cuda's shuffles refuse uint32 and uint64
//! values; oxcuda accepts them (same bits, same result).

use oxcuda_ir::{CmpOp, Intrinsic, MatchMode, Op, ShflMode, Value, VoteMode};
use oxcuda_syntax::codes;
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::builtins::Rule;
use crate::value::Val;

impl Lower<'_, '_> {
    /// Lowers a call of the warp function `path` by its registry rule (its arity is checked).
    pub(super) fn warp_call(&mut self, path: &str, rule: Rule, args: &[Arg]) -> Val {
        let val = match rule {
            Rule::Shfl(mode) => self.shfl(path, mode, args),
            Rule::Vote(mode) => self.vote(path, mode, args),
            Rule::Match(mode) => self.match_sync(path, mode, args),
            Rule::LaneMask(which) => {
                let u32t = Type::Scalar(Scalar::U32);
                Some(Val::Rt(
                    self.emit(Op::Intrinsic(which, Vec::new()), u32t.clone()),
                    u32t,
                ))
            }
            _ => None,
        };
        val.unwrap_or(Val::Poison)
    }

    fn shfl(&mut self, path: &str, mode: ShflMode, args: &[Arg]) -> Option<Val> {
        let mask = self.warp_mask(path, &args[0]);
        let value = self.shfl_value(path, &args[1]);
        let lane = self.lane_operand(path, &args[2]);
        let ((mask, (v, s)), b) = (mask.zip(value)?, lane?);
        let t = Type::Scalar(s);
        let r = self.emit(
            Op::Intrinsic(Intrinsic::Shfl(mode), vec![mask, v, b]),
            t.clone(),
        );
        Some(Val::Rt(r, t))
    }

    fn vote(&mut self, path: &str, mode: VoteMode, args: &[Arg]) -> Option<Val> {
        let mask = self.warp_mask(path, &args[0]);
        // numba-cuda's vote functions take an integer or boolean predicate only.
        let p = &args[1].val;
        let int_or_bool = matches!(p, Val::Int(_) | Val::Bool(_))
            || self
                .scalar_type_of(p)
                .is_some_and(|s| s.is_int() || s == Scalar::Bool);
        if !int_or_bool && *p != Val::Poison {
            let what = p.describe();
            self.error_hint(
                codes::TYPE_MISMATCH,
                args[1].range,
                format!(
                    "Predicate must be an integer or boolean: {path}() takes an integer or bool predicate, not {what}"
                ),
                "compare first, e.g. x != 0.0",
            );
            return None;
        }
        let pred = self.truth(args[1].val.clone(), args[1].range);
        let (mask, pred) = mask.zip(pred)?;
        let pred = self.cond_value(pred);
        let t = if mode == VoteMode::Ballot {
            Type::I32
        } else {
            Type::BOOL
        };
        let r = self.emit(
            Op::Intrinsic(Intrinsic::Vote(mode), vec![mask, pred]),
            t.clone(),
        );
        Some(Val::Rt(r, t))
    }

    fn match_sync(&mut self, path: &str, mode: MatchMode, args: &[Arg]) -> Option<Val> {
        let mask = self.warp_mask(path, &args[0]);
        let value = self.match_value(path, &args[1]);
        let (mask, v) = mask.zip(value)?;
        let r = self.emit(
            Op::Intrinsic(Intrinsic::Match(mode), vec![mask, v]),
            Type::I32,
        );
        if mode == MatchMode::Any {
            return Some(Val::Rt(r, Type::I32));
        }
        // The thread is in its own mask, so "all equal" is exactly "a non-zero mask".
        let zero = self.const_int(0, Scalar::I32);
        let pred = self.emit(Op::Compare(CmpOp::Ne, r, zero), Type::BOOL);
        Some(Val::Tuple(vec![
            Val::Rt(r, Type::I32),
            Val::Rt(pred, Type::BOOL),
        ]))
    }

    /// A mask operand: any integer, truncated to uint32.
    fn warp_mask(&mut self, path: &str, a: &Arg) -> Option<Value> {
        let u32t = Type::Scalar(Scalar::U32);
        match &a.val {
            Val::Int(i) => Some(self.const_int(i & 0xffff_ffff, Scalar::U32)),
            v if self.scalar_type_of(v).is_some_and(Scalar::is_int) => {
                self.convert(v.clone(), &u32t, a.range)
            }
            v => {
                let what = v.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!(
                        "Mask type must be an integer: {path}() takes an integer mask, not {what}"
                    ),
                    "a mask has one bit per lane: 0xFFFFFFFF is the whole warp",
                );
                None
            }
        }
    }

    /// A lane operand (source lane, delta, lane mask): any integer, truncated to int32.
    fn lane_operand(&mut self, path: &str, a: &Arg) -> Option<Value> {
        match &a.val {
            Val::Int(i) => {
                let wrapped = i128::from((i & 0xffff_ffff) as u32 as i32);
                Some(self.const_int(wrapped, Scalar::I32))
            }
            v if self.scalar_type_of(v).is_some_and(Scalar::is_int) => {
                self.convert(v.clone(), &Type::I32, a.range)
            }
            v => {
                let what = v.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!("{path}() takes an integer lane operand, not {what}"),
                );
                None
            }
        }
    }

    /// A shuffled value: a 32- or 64-bit integer or float (int literals are int64, float
    /// literals float64).
    fn shfl_value(&mut self, path: &str, a: &Arg) -> Option<(Value, Scalar)> {
        let s = self.scalar_type_of(&a.val).filter(|s| {
            matches!(
                s,
                Scalar::I32 | Scalar::I64 | Scalar::U32 | Scalar::U64 | Scalar::F32 | Scalar::F64
            )
        });
        let Some(s) = s else {
            let what = a.val.describe();
            self.error_hint(
                codes::TYPE_MISMATCH,
                a.range,
                format!("{path}() shuffles 32- and 64-bit integers and floats, not {what}"),
                "convert the value first, e.g. int32(x) or float32(x)",
            );
            return None;
        };
        let v = self.convert(a.val.clone(), &Type::Scalar(s), a.range)?;
        Some((v, s))
    }

    /// A matched value: integers, bools and floats; those narrower than 32 bits widen to 32
    /// (int32, float32), which keeps equal values equal and different ones different.
    fn match_value(&mut self, path: &str, a: &Arg) -> Option<Value> {
        let to = match self.scalar_type_of(&a.val) {
            Some(s @ (Scalar::I32 | Scalar::I64 | Scalar::U32 | Scalar::U64)) => s,
            Some(s @ (Scalar::F32 | Scalar::F64)) => s,
            Some(Scalar::Bool | Scalar::I8 | Scalar::I16 | Scalar::U8 | Scalar::U16) => Scalar::I32,
            Some(Scalar::F16) => Scalar::F32,
            _ => {
                let what = a.val.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!("{path}() matches integers and floats, not {what}"),
                );
                return None;
            }
        };
        self.convert(a.val.clone(), &Type::Scalar(to), a.range)
    }
}
