//! Atomic read-modify-write on an array element; every one returns the old value and uses
//! `monotonic` ordering (CUDA's `atomicAdd` and friends are relaxed, as in numba-cuda).
//!
//! | operation | 32/64-bit integers | float32/float64 | float16 |
//! |---|---|---|---|
//! | add, sub | `atomicrmw add/sub` | `llvm.nvvm.atomic.load.add.f32/f64` (sub adds `-v`) | `atom.add.noftz.f16` (inline PTX) |
//!
//! bfloat16 add/sub: `atom.add.noftz.bf16` on sm_90 and later (except in debug builds, where
//! ptxas `-G` may crash on it), a compare-and-swap loop on the
//! enclosing 32-bit word before (`helpers::atomic_add_bf16`); both round as `bf16.rs` does.
//! | and, or, xor | `atomicrmw` | — | — |
//! | exch | `atomicrmw xchg` | `xchg` on the bits | — |
//! | min, max, nanmin, nanmax | `atomicrmw min/max/umin/umax` | CAS loop helper | — |
//! | inc, dec | `llvm.nvvm.atomic.load.inc/dec.32`; 64-bit: CAS loop helper | — | — |
//! | cas | `cmpxchg` | `cmpxchg` on the bits | — |
//!
//! NVVM 7 has no `atomicrmw fadd` and no 8/16-bit `atomicrmw` ("Atomic operations on
//! non-i32/i64/i128 types are not supported"), so those are refused with an error, never
//! passed to libNVVM.

use oxcuda_ir::{AtomicOp, Scalar, Value};

use super::arith::neg_zero_literal;
use super::function::{FnWriter, Result};
use super::helpers;
use super::types::scalar_mem;

impl FnWriter<'_, '_> {
    pub(super) fn atomic(
        &mut self,
        op: AtomicOp,
        a: Value,
        idx: &[Value],
        args: &[Value],
    ) -> Result<String> {
        let want = if op == AtomicOp::Cas { 2 } else { 1 };
        if args.len() != want {
            return Err(self.err(format!("atomic {op:?} takes {want} operands")));
        }
        let ops: Vec<String> = args.iter().map(|v| self.op(*v)).collect::<Result<_>>()?;
        if self.ty(a).as_array().is_some_and(|arr| !arr.aligned) {
            return Err(self.err("an atomic on an unaligned array".to_owned()));
        }
        let (ptr, s) = self.element_ptr(a, idx)?;
        let t = scalar_mem(s);
        let wide_int = s.is_int() && s.bits() >= 32;
        let unsupported = |w: &Self| w.err(format!("atomic {op:?} on {s}"));
        if wide_int {
            let rmw = |name: &str| format!("atomicrmw {name} {t}* {ptr}, {t} {} monotonic", ops[0]);
            let signed = s.is_signed();
            return Ok(match op {
                AtomicOp::Add => self.emit(rmw("add")),
                AtomicOp::Sub => self.emit(rmw("sub")),
                AtomicOp::And => self.emit(rmw("and")),
                AtomicOp::Or => self.emit(rmw("or")),
                AtomicOp::Xor => self.emit(rmw("xor")),
                AtomicOp::Exch => self.emit(rmw("xchg")),
                AtomicOp::Min | AtomicOp::NanMin => {
                    self.emit(rmw(if signed { "min" } else { "umin" }))
                }
                AtomicOp::Max | AtomicOp::NanMax => {
                    self.emit(rmw(if signed { "max" } else { "umax" }))
                }
                AtomicOp::Inc | AtomicOp::Dec => {
                    let inc = op == AtomicOp::Inc;
                    if s.bits() == 32 {
                        let name = format!(
                            "llvm.nvvm.atomic.load.{}.32.p0i32",
                            if inc { "inc" } else { "dec" }
                        );
                        self.cx.declare(&name, "i32", &["i32*", "i32"]);
                        self.emit(format!("call i32 @{name}(i32* {ptr}, i32 {})", ops[0]))
                    } else {
                        let name = helpers::atomic_incdec64(self.cx, inc);
                        self.emit(format!("call i64 @{name}(i64* {ptr}, i64 {})", ops[0]))
                    }
                }
                AtomicOp::Cas => self.cmpxchg(t, &ptr, &ops[0], &ops[1]),
            });
        }
        if s == Scalar::F32 || s == Scalar::F64 {
            let i = if s == Scalar::F32 { "i32" } else { "i64" };
            return Ok(match op {
                AtomicOp::Add | AtomicOp::Sub => {
                    let mut v = ops[0].clone();
                    if op == AtomicOp::Sub {
                        v = self.emit(format!("fsub {t} {}, {v}", neg_zero_literal(s)));
                    }
                    let suffix = if s == Scalar::F32 {
                        "f32.p0f32"
                    } else {
                        "f64.p0f64"
                    };
                    let name = format!("llvm.nvvm.atomic.load.add.{suffix}");
                    self.cx.declare(&name, t, &[&format!("{t}*"), t]);
                    self.emit(format!("call {t} @{name}({t}* {ptr}, {t} {v})"))
                }
                AtomicOp::Exch => {
                    let iptr = self.emit(format!("bitcast {t}* {ptr} to {i}*"));
                    let bits = self.emit(format!("bitcast {t} {} to {i}", ops[0]));
                    let old =
                        self.emit(format!("atomicrmw xchg {i}* {iptr}, {i} {bits} monotonic"));
                    self.emit(format!("bitcast {i} {old} to {t}"))
                }
                AtomicOp::Cas => {
                    let iptr = self.emit(format!("bitcast {t}* {ptr} to {i}*"));
                    let expected = self.emit(format!("bitcast {t} {} to {i}", ops[0]));
                    let new = self.emit(format!("bitcast {t} {} to {i}", ops[1]));
                    let old = self.cmpxchg(i, &iptr, &expected, &new);
                    self.emit(format!("bitcast {i} {old} to {t}"))
                }
                AtomicOp::Min | AtomicOp::Max | AtomicOp::NanMin | AtomicOp::NanMax => {
                    let name = helpers::atomic_float_minmax(self.cx, op, s);
                    self.emit(format!("call {t} @{name}({t}* {ptr}, {t} {})", ops[0]))
                }
                _ => return Err(unsupported(self)),
            });
        }
        if s == Scalar::BF16 && matches!(op, AtomicOp::Add | AtomicOp::Sub) {
            let mut v = ops[0].clone();
            if op == AtomicOp::Sub {
                v = self.emit(format!("xor i16 {v}, -32768"));
            }
            // Not in a debug build: ptxas's `-G` (nvJitLink 13.x) crashes the process on some
            // kernels with `atom.add.noftz.bf16` (a float16 or bfloat16 atomic add on shared
            // memory, sm_90 and sm_100); the compare-and-swap loop gives the same result.
            if self.cx.opts.cc >= (9, 0) && !self.cx.opts.debug {
                let addr = self.emit(format!("ptrtoint i16* {ptr} to i64"));
                return Ok(self.emit(format!(
                    "call i16 asm sideeffect \"atom.add.noftz.bf16 $0, [$1], $2;\", \"=h,l,h,~{{memory}}\"(i64 {addr}, i16 {v})"
                )));
            }
            let name = helpers::atomic_add_bf16(self.cx);
            return Ok(self.emit(format!("call i16 @{name}(i16* {ptr}, i16 {v})")));
        }
        if s == Scalar::F16 && matches!(op, AtomicOp::Add | AtomicOp::Sub) {
            let mut v = ops[0].clone();
            if op == AtomicOp::Sub {
                v = self.emit(format!("fsub half {}, {v}", neg_zero_literal(s)));
            }
            let bits = self.emit(format!("bitcast half {v} to i16"));
            let addr = self.emit(format!("ptrtoint half* {ptr} to i64"));
            let old = self.emit(format!(
                "call i16 asm sideeffect \"atom.add.noftz.f16 $0, [$1], $2;\", \"=h,l,h,~{{memory}}\"(i64 {addr}, i16 {bits})"
            ));
            return Ok(self.emit(format!("bitcast i16 {old} to half")));
        }
        Err(unsupported(self))
    }

    fn cmpxchg(&mut self, t: &str, ptr: &str, expected: &str, new: &str) -> String {
        let pair = self.emit(format!(
            "cmpxchg {t}* {ptr}, {t} {expected}, {t} {new} monotonic monotonic"
        ));
        self.emit(format!("extractvalue {{ {t}, i1 }} {pair}, 0"))
    }
}
