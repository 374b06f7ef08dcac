//! CUDA intrinsics: special registers, barriers, fences, warp synchronisation, bit counting,
//! `nanosleep`, `assert`, `reinterpret` (an LLVM `bitcast`) and the `.rn` arithmetic (inline PTX
//! `add.rn`/`sub.rn`/`mul.rn`, never contracted into an `fma`); the grid barrier is a helper (`grid_sync.rs`) (shuffles, votes, matches and `activemask`: `warp.rs`).
//!
//! Each maps to the NVVM intrinsic numba-cuda uses (`llvm.nvvm.read.ptx.sreg.*`,
//! `llvm.nvvm.barrier0[.popc|.and|.or]`, `llvm.nvvm.membar.{gl,cta,sys}`,
//! `llvm.nvvm.bar.warp.sync`) or to a target-independent LLVM intrinsic (`llvm.ctpop`,
//! `llvm.ctlz`, `llvm.cttz`, `llvm.bitreverse`); `nanosleep` is inline PTX. `warpsize` is the
//! constant 32. `ffs` is `x == 0 ? 0 : cttz(x) + 1` as uint32, so it needs no libdevice.
//! `assert` is checked only with `debug`: a false condition records the failure for the host
//! and ends the thread (`assertions`).
//!
//! Special-register reads carry `!range` metadata with CUDA's limits on block and grid extents
//! (what clang's NVVMIntrRange pass adds; libNVVM does not add it), and their values widen as
//! unsigned (`zext`, equal to `sext` for values ≥ 0): LLVM then drops negative-index
//! wraparound on thread indices and keeps `blockIdx.x * blockDim.x` a single `mul.wide.u32`.

use oxcuda_ir::{BinOp, Dim, Intrinsic, Scalar, Type, Value};

use super::function::{FnWriter, Result};
use super::types::scalar_reg;

fn sreg(i: Intrinsic) -> Option<String> {
    let (reg, d) = match i {
        Intrinsic::ThreadIdx(d) => ("tid", d),
        Intrinsic::BlockIdx(d) => ("ctaid", d),
        Intrinsic::BlockDim(d) => ("ntid", d),
        Intrinsic::GridDim(d) => ("nctaid", d),
        Intrinsic::LaneId => return Some("llvm.nvvm.read.ptx.sreg.laneid".to_owned()),
        Intrinsic::LanemaskLt => return Some("llvm.nvvm.read.ptx.sreg.lanemask.lt".to_owned()),
        _ => return None,
    };
    let axis = match d {
        Dim::X => "x",
        Dim::Y => "y",
        Dim::Z => "z",
    };
    Some(format!("llvm.nvvm.read.ptx.sreg.{reg}.{axis}"))
}

/// The values `[lo, hi)` special register `i` can hold: block extents are at most
/// 1024 × 1024 × 64, grid extents at most (2^31 − 1) × 65535 × 65535, a warp has 32 lanes (the
/// limits of every compute capability; LLVM's NVVMIntrRange uses the same). `hi` = 2^31 is
/// written as the i32 it wraps to, which `!range` reads as the unsigned bound.
pub(super) fn sreg_range(i: Intrinsic) -> Option<(u32, u32)> {
    let block = |d: Dim| if d == Dim::Z { 64 } else { 1024 };
    Some(match i {
        Intrinsic::ThreadIdx(d) => (0, block(d)),
        Intrinsic::BlockDim(d) => (1, block(d) + 1),
        Intrinsic::BlockIdx(d) => (0, if d == Dim::X { 0x7fff_ffff } else { 65535 }),
        Intrinsic::GridDim(d) => (1, if d == Dim::X { 1 << 31 } else { 65536 }),
        Intrinsic::LaneId => (0, 32),
        _ => return None,
    })
}

impl FnWriter<'_, '_> {
    fn int_operand(&self, args: &[Value], what: Intrinsic) -> Result<(String, Scalar)> {
        let [v] = args else {
            return Err(self.err(format!("{what:?} takes one operand")));
        };
        match self.ty(*v).as_scalar() {
            Some(s) if s.is_int() => Ok((self.op(*v)?, s)),
            _ => Err(self.err(format!("{what:?} of {}", self.ty(*v)))),
        }
    }

    /// An `int32` (or bool) result converted to the instruction's declared result type.
    fn int32_result(&mut self, x: String, result: Option<&Type>) -> Result<Option<String>> {
        match result {
            None => Ok(None),
            Some(ty) => Ok(Some(self.cast(&x, &Type::I32, ty)?)),
        }
    }

    pub(super) fn intrinsic(
        &mut self,
        i: Intrinsic,
        args: &[Value],
        result: Option<&Type>,
    ) -> Result<Option<String>> {
        if let Some(name) = sreg(i) {
            self.cx.declare(&name, "i32", &[]);
            let range = match sreg_range(i) {
                Some((lo, hi)) => {
                    let node = format!("!{{i32 {lo}, i32 {}}}", hi.cast_signed());
                    format!(", !range !{}", self.cx.meta_shared(node))
                }
                None => String::new(),
            };
            let x = self.emit(format!("call i32 @{name}(){range}"));
            return match result {
                Some(ty) => Ok(Some(self.cast(&x, &Type::Scalar(Scalar::U32), ty)?)),
                None => Ok(None),
            };
        }
        match i {
            Intrinsic::WarpSize => self.int32_result("32".to_owned(), result),
            Intrinsic::Syncthreads => {
                self.void_call("llvm.nvvm.barrier0", "");
                Ok(None)
            }
            Intrinsic::SyncthreadsCount | Intrinsic::SyncthreadsAnd | Intrinsic::SyncthreadsOr => {
                let [p] = args else {
                    return Err(self.err(format!("{i:?} takes one bool operand")));
                };
                let p = self.op(*p)?;
                let p32 = self.emit(format!("zext i1 {p} to i32"));
                let suffix = match i {
                    Intrinsic::SyncthreadsCount => "popc",
                    Intrinsic::SyncthreadsAnd => "and",
                    _ => "or",
                };
                let name = format!("llvm.nvvm.barrier0.{suffix}");
                self.cx.declare(&name, "i32", &["i32"]);
                let mut r = self.emit(format!("call i32 @{name}(i32 {p32})"));
                if i != Intrinsic::SyncthreadsCount {
                    let b = self.emit(format!("icmp ne i32 {r}, 0"));
                    r = self.emit(format!("zext i1 {b} to i32"));
                }
                self.int32_result(r, result)
            }
            Intrinsic::GridSync => {
                let name = super::grid_sync::grid_sync(self.cx);
                self.stmt(format!("call void @{name}()"));
                Ok(None)
            }
            Intrinsic::Threadfence => {
                self.void_call("llvm.nvvm.membar.gl", "");
                Ok(None)
            }
            Intrinsic::ThreadfenceBlock => {
                self.void_call("llvm.nvvm.membar.cta", "");
                Ok(None)
            }
            Intrinsic::ThreadfenceSystem => {
                self.void_call("llvm.nvvm.membar.sys", "");
                Ok(None)
            }
            Intrinsic::Syncwarp => {
                let (mask, s) = self.int_operand(args, i)?;
                let mask = self.cast(&mask, &Type::Scalar(s), &Type::I32)?;
                self.cx.declare("llvm.nvvm.bar.warp.sync", "void", &["i32"]);
                self.stmt(format!("call void @llvm.nvvm.bar.warp.sync(i32 {mask})"));
                Ok(None)
            }
            Intrinsic::Shfl(_)
            | Intrinsic::Vote(_)
            | Intrinsic::Match(_)
            | Intrinsic::ActiveMask => self.warp_intrinsic(i, args, result),
            Intrinsic::Popc | Intrinsic::Clz | Intrinsic::Brev => {
                let (x, s) = self.int_operand(args, i)?;
                let t = scalar_reg(s);
                let (base, extra, extra_ty) = match i {
                    Intrinsic::Popc => ("llvm.ctpop", "", None),
                    Intrinsic::Clz => ("llvm.ctlz", ", i1 false", Some("i1")),
                    _ => ("llvm.bitreverse", "", None),
                };
                let name = format!("{base}.{t}");
                let mut params = vec![t];
                params.extend(extra_ty);
                self.cx.declare(&name, t, &params);
                let r = self.emit(format!("call {t} @{name}({t} {x}{extra})"));
                match result {
                    Some(ty) => Ok(Some(self.cast(&r, &Type::Scalar(s), ty)?)),
                    None => Ok(None),
                }
            }
            Intrinsic::Ffs => {
                let (x, s) = self.int_operand(args, i)?;
                let t = scalar_reg(s);
                let name = format!("llvm.cttz.{t}");
                self.cx.declare(&name, t, &[t, "i1"]);
                let tz = self.emit(format!("call {t} @{name}({t} {x}, i1 false)"));
                let pos = self.emit(format!("add {t} {tz}, 1"));
                let zero = self.emit(format!("icmp eq {t} {x}, 0"));
                let r = self.emit(format!("select i1 {zero}, {t} 0, {t} {pos}"));
                // The position fits every width; read it as unsigned.
                let unsigned = Scalar::int(s.bits(), false);
                let r = self.cast(&r, &Type::Scalar(unsigned), &Type::Scalar(Scalar::U32))?;
                match result {
                    Some(ty) => Ok(Some(self.cast(&r, &Type::Scalar(Scalar::U32), ty)?)),
                    None => Ok(None),
                }
            }
            Intrinsic::Nanosleep => {
                let (ns, s) = self.int_operand(args, i)?;
                let ns = self.cast(&ns, &Type::Scalar(s), &Type::I32)?;
                self.stmt(format!(
                    "call void asm sideeffect \"nanosleep.u32 $0;\", \"r\"(i32 {ns})"
                ));
                Ok(None)
            }
            Intrinsic::Reinterpret => {
                let ([v], Some(to)) = (args, result) else {
                    return Err(self.err("reinterpret takes one operand and a result".to_owned()));
                };
                let from = self.ty(*v).clone();
                let x = self.op(*v)?;
                Ok(Some(self.emit(format!(
                    "bitcast {} {x} to {}",
                    super::types::reg(&from),
                    super::types::reg(to)
                ))))
            }
            Intrinsic::ArithRn(op) => {
                let [a, b] = args else {
                    return Err(self.err(format!("{i:?} takes two operands")));
                };
                let s = self
                    .ty(*a)
                    .as_scalar()
                    .filter(|s| s.is_float())
                    .ok_or_else(|| self.err(format!("{i:?} of {}", self.ty(*a))))?;
                let (a, b) = (self.op(*a)?, self.op(*b)?);
                Ok(Some(self.arith_rn(op, s, &a, &b)?))
            }
            Intrinsic::CvtFp8x2(format) => {
                let [x, y, soft] = args else {
                    return Err(self.err(format!("{i:?} takes three operands")));
                };
                if self.cx.opts.cc < (8, 9) {
                    // No fp8 conversion instruction before sm_89: the software result.
                    return Ok(Some(self.op(*soft)?));
                }
                // `cvt … d, a, b` puts `a` in the upper byte; the software result becomes
                // dead and LLVM removes it (the device library is pure).
                let kind = if format == Scalar::E5M2 {
                    "e5m2x2"
                } else {
                    "e4m3x2"
                };
                let (x, y) = (self.op(*x)?, self.op(*y)?);
                Ok(Some(self.emit(format!(
                    "call i16 asm \"cvt.rn.satfinite.{kind}.f32 $0, $1, $2;\", \"=h,f,f\"(float {y}, float {x})"
                ))))
            }
            Intrinsic::CvtFp8ToF32(format, k) => {
                let [bits, soft] = args else {
                    return Err(self.err(format!("{i:?} takes two operands")));
                };
                if self.cx.opts.cc < (8, 9) {
                    return Ok(Some(self.op(*soft)?));
                }
                Ok(Some(self.fp8_to_f32_hw(format, k, *bits)?))
            }
            Intrinsic::Exit => {
                // The thread ends here; the IR block ends `unreachable` after it.
                self.stmt("call void asm sideeffect \"exit;\", \"\"()".to_owned());
                Ok(None)
            }
            Intrinsic::Assume => {
                let [c] = args else {
                    return Err(self.err("assume takes one bool operand".to_owned()));
                };
                let c = self.op(*c)?;
                self.cx.declare("llvm.assume", "void", &["i1"]);
                self.stmt(format!("call void @llvm.assume(i1 {c})"));
                Ok(None)
            }
            Intrinsic::Assert => {
                let [c] = args else {
                    return Err(self.err("assert takes one bool operand".to_owned()));
                };
                if self.cx.opts.debug {
                    let c = self.op(*c)?;
                    self.assert_check(&c);
                }
                Ok(None)
            }
            _ => Err(self.err(format!("intrinsic {i:?}"))),
        }
    }

    /// Byte `k` of the fp8 storage `bits` as float32 on sm_89+ (`Intrinsic::CvtFp8ToF32`):
    /// the byte's pair decoded by `cvt.rn.f16x2.e4m3x2` (exact: every e4m3/e5m2 value is a
    /// float16, lane k%2 in half k%2), widened exactly, a NaN made the canonical float32 NaN
    /// as the software decoding gives it. Each lane has its own `cvt` of its pair.
    fn fp8_to_f32_hw(&mut self, format: Scalar, k: u8, bits: Value) -> Result<String> {
        let wide = self.ty(bits).as_scalar() == Some(Scalar::U32);
        let mut pair = self.op(bits)?;
        if wide {
            if k >= 2 {
                pair = self.emit(format!("lshr i32 {pair}, 16"));
            }
            pair = self.emit(format!("trunc i32 {pair} to i16"));
        }
        let kind = if format == Scalar::E5M2 {
            "e5m2x2"
        } else {
            "e4m3x2"
        };
        let halves = self.emit(format!(
            "call i32 asm \"cvt.rn.f16x2.{kind} $0, $1;\", \"=r,h\"(i16 {pair})"
        ));
        let mut half = halves;
        if k % 2 == 1 {
            half = self.emit(format!("lshr i32 {half}, 16"));
        }
        let h = self.emit(format!("trunc i32 {half} to i16"));
        let h = self.emit(format!("bitcast i16 {h} to half"));
        let f = self.emit(format!("fpext half {h} to float"));
        let nan = self.emit(format!("fcmp uno float {f}, {f}"));
        let canonical = self.emit("bitcast i32 2147483647 to float".to_owned());
        Ok(self.emit(format!("select i1 {nan}, float {canonical}, float {f}")))
    }

    /// `a op b` rounded to nearest even by one PTX instruction with an explicit `.rn`, which
    /// neither LLVM nor ptxas fuses with another operation (a plain `fadd` may become part of
    /// an `fma`). float16 goes through 16-bit registers (`h`), as the inline PTX of
    /// `cuda_fp16.h` does.
    fn arith_rn(&mut self, op: BinOp, s: Scalar, a: &str, b: &str) -> Result<String> {
        let name = match op {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            _ => return Err(self.err(format!("{op:?}.rn"))),
        };
        Ok(match s {
            Scalar::BF16 => {
                // float32 `.rn` (exact operands, one rounding) then one rounding to bfloat16.
                let (a, b) = (self.bf16_to_f32(a), self.bf16_to_f32(b));
                let r = self.arith_rn(op, Scalar::F32, &a, &b)?;
                self.f32_to_bf16(&r)
            }
            Scalar::F16 => {
                let a = self.emit(format!("bitcast half {a} to i16"));
                let b = self.emit(format!("bitcast half {b} to i16"));
                let r = self.emit(format!(
                    "call i16 asm \"{name}.rn.f16 $0, $1, $2;\", \"=h,h,h\"(i16 {a}, i16 {b})"
                ));
                self.emit(format!("bitcast i16 {r} to half"))
            }
            Scalar::F32 => self.emit(format!(
                "call float asm \"{name}.rn.f32 $0, $1, $2;\", \"=f,f,f\"(float {a}, float {b})"
            )),
            _ => self.emit(format!(
                "call double asm \"{name}.rn.f64 $0, $1, $2;\", \"=d,d,d\"(double {a}, double {b})"
            )),
        })
    }

    fn void_call(&mut self, name: &str, args: &str) {
        self.cx.declare(name, "void", &[]);
        self.stmt(format!("call void @{name}({args})"));
    }
}
