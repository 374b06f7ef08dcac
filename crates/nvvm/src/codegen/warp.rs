//! Warp-level intrinsics: shuffles, votes, matches and `activemask`.
//!
//! Each is the LLVM NVPTX intrinsic libNVVM accepts on every architecture it targets (checked
//! for compute_75, compute_90 and compute_100 by the `nvvm_compile` tests):
//! - `llvm.nvvm.shfl.sync.{idx,up,down,bfly}.{i32,f32}(mask, a, b, c)`, with `c = 0x1f`, or `0`
//!   for `up` (numba-cuda's clamp: one 32-lane segment). A 64-bit value is shuffled as its low
//!   and high halves with the same lane operand, as numba-cuda does;
//! - `llvm.nvvm.vote.{all,any,uni}.sync(mask, pred) -> i1`, `llvm.nvvm.vote.ballot.sync -> i32`;
//! - `llvm.nvvm.match.any.sync.{i32,i64}(mask, v) -> i32` and
//!   `llvm.nvvm.match.all.sync.{i32,i64}p -> {i32, i1}` (the IR keeps the mask; its predicate
//!   is `mask != 0`). Floats are matched by their bits (bitcast), as numba-cuda does;
//! - `activemask` is inline PTX (`activemask.b32`): compute_75 and compute_90 do not know
//!   `llvm.nvvm.activemask` (they leave an unresolved call), compute_100 does.
//!
//! The verifier has checked every operand and result type (`oxcuda_ir::verify`).

use oxcuda_ir::{Intrinsic, MatchMode, Scalar, ShflMode, Type, Value, VoteMode};

use super::function::{FnWriter, Result};
use super::types::scalar_reg;

impl FnWriter<'_, '_> {
    pub(super) fn warp_intrinsic(
        &mut self,
        i: Intrinsic,
        args: &[Value],
        result: Option<&Type>,
    ) -> Result<Option<String>> {
        let r = match (i, args) {
            (Intrinsic::Shfl(mode), [mask, v, b]) => self.shfl(mode, *mask, *v, *b)?,
            (Intrinsic::Vote(mode), [mask, p]) => {
                let (mask, p) = (self.op(*mask)?, self.op(*p)?);
                let name = match mode {
                    VoteMode::All => "llvm.nvvm.vote.all.sync",
                    VoteMode::Any => "llvm.nvvm.vote.any.sync",
                    VoteMode::Uni => "llvm.nvvm.vote.uni.sync",
                    VoteMode::Ballot => "llvm.nvvm.vote.ballot.sync",
                };
                let ret = if mode == VoteMode::Ballot {
                    "i32"
                } else {
                    "i1"
                };
                self.cx.declare(name, ret, &["i32", "i1"]);
                self.emit(format!("call {ret} @{name}(i32 {mask}, i1 {p})"))
            }
            (Intrinsic::Match(mode), [mask, v]) => {
                let mask = self.op(*mask)?;
                let (x, t) = self.as_int_bits(*v)?;
                match mode {
                    MatchMode::Any => {
                        let name = format!("llvm.nvvm.match.any.sync.{t}");
                        self.cx.declare(&name, "i32", &["i32", t]);
                        self.emit(format!("call i32 @{name}(i32 {mask}, {t} {x})"))
                    }
                    MatchMode::All => {
                        let name = format!("llvm.nvvm.match.all.sync.{t}p");
                        self.cx.declare(&name, "{i32, i1}", &["i32", t]);
                        let pair =
                            self.emit(format!("call {{i32, i1}} @{name}(i32 {mask}, {t} {x})"));
                        self.emit(format!("extractvalue {{i32, i1}} {pair}, 0"))
                    }
                }
            }
            (Intrinsic::ActiveMask, []) => {
                self.emit("call i32 asm sideeffect \"activemask.b32 $0;\", \"=r\"()".to_owned())
            }
            _ => {
                return Err(self.err(format!("intrinsic {i:?} with {} operands", args.len())));
            }
        };
        Ok(result.map(|_| r))
    }

    /// `v` as an integer of its width (floats bitcast) and that integer's LLVM type.
    fn as_int_bits(&mut self, v: Value) -> Result<(String, &'static str)> {
        let s = self
            .ty(v)
            .as_scalar()
            .ok_or_else(|| self.err(format!("warp operation on {}", self.ty(v))))?;
        let x = self.op(v)?;
        let t = if s.bits() == 64 { "i64" } else { "i32" };
        if s.is_float() {
            let ft = scalar_reg(s);
            return Ok((self.emit(format!("bitcast {ft} {x} to {t}")), t));
        }
        Ok((x, t))
    }

    fn shfl(&mut self, mode: ShflMode, mask: Value, v: Value, b: Value) -> Result<String> {
        let (mask, b) = (self.op(mask)?, self.op(b)?);
        let mode_name = match mode {
            ShflMode::Idx => "idx",
            ShflMode::Up => "up",
            ShflMode::Down => "down",
            ShflMode::Bfly => "bfly",
        };
        let c = if mode == ShflMode::Up { 0 } else { 0x1f };
        let s = self.ty(v).as_scalar().unwrap_or(Scalar::I32);
        let call = |this: &mut Self, t: &str, x: &str| {
            let name = format!(
                "llvm.nvvm.shfl.sync.{mode_name}.{}",
                if t == "float" { "f32" } else { "i32" }
            );
            this.cx.declare(&name, t, &["i32", t, "i32", "i32"]);
            this.emit(format!(
                "call {t} @{name}(i32 {mask}, {t} {x}, i32 {b}, i32 {c})"
            ))
        };
        if s == Scalar::F32 {
            let x = self.op(v)?;
            return Ok(call(self, "float", &x));
        }
        let (x, t) = self.as_int_bits(v)?;
        if t == "i32" {
            return Ok(call(self, "i32", &x));
        }
        // 64 bits: the low and the high half, each from the same source lane.
        let lo = self.emit(format!("trunc i64 {x} to i32"));
        let shifted = self.emit(format!("lshr i64 {x}, 32"));
        let hi = self.emit(format!("trunc i64 {shifted} to i32"));
        let lo = call(self, "i32", &lo);
        let hi = call(self, "i32", &hi);
        let lo = self.emit(format!("zext i32 {lo} to i64"));
        let hi = self.emit(format!("zext i32 {hi} to i64"));
        let hi = self.emit(format!("shl i64 {hi}, 32"));
        let r = self.emit(format!("or i64 {hi}, {lo}"));
        if s == Scalar::F64 {
            return Ok(self.emit(format!("bitcast i64 {r} to double")));
        }
        Ok(r)
    }
}
