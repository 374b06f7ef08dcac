//! bfloat16 on the GPU: an `i16` holding the bits, computed in float32 or float64.
//!
//! The LLVM 7 dialect libNVVM reads has no `bfloat` type, so a bfloat16 is its 16 bits in an
//! `i16`, in registers and in memory. Widening is exact (the bits shifted into the upper half
//! of a float32). Every operation widens, computes in float32 (`+ - * /`, comparisons, `//`,
//! `%`, `**`, as for float16) or float64 (math functions, `fma`), and rounds back once:
//!
//! - float32 → bfloat16 rounds to nearest even with integer operations (`+ 0x7fff + lsb`, the
//!   upper half kept), a NaN becoming the canonical `0x7fff`; this runs on every arch (PTX
//!   `cvt.rn.bf16.f32` needs sm_80) and, being integer arithmetic, is never contracted into a
//!   neighbouring float operation;
//! - float64 → bfloat16 rounds to float32 *to odd* first (`cvt.rz.f32.f64`, the last bit set
//!   when inexact), so the second rounding gives the correctly rounded result;
//! - integers → bfloat16: up to 32 bits through float64 (exact), 64 bits through float32 to odd
//!   (`cvt.rz.f32.s64`, inexact when converting back differs).
//!
//! The simulator computes the same with `oxcuda_types::bf16` (same roundings, same NaN), so both
//! targets agree bit for bit.

use oxcuda_ir::Scalar;

use super::function::FnWriter;

impl FnWriter<'_, '_> {
    /// The float32 value of bfloat16 bits `x` (exact).
    pub(super) fn bf16_to_f32(&mut self, x: &str) -> String {
        let w = self.emit(format!("zext i16 {x} to i32"));
        let hi = self.emit(format!("shl i32 {w}, 16"));
        self.emit(format!("bitcast i32 {hi} to float"))
    }

    /// float32 `x` rounded to nearest even bfloat16 bits (NaN → 0x7fff).
    pub(super) fn f32_to_bf16(&mut self, x: &str) -> String {
        let b = self.emit(format!("bitcast float {x} to i32"));
        let kept = self.emit(format!("lshr i32 {b}, 16"));
        let lsb = self.emit(format!("and i32 {kept}, 1"));
        let bias = self.emit(format!("add i32 {lsb}, 32767"));
        let sum = self.emit(format!("add i32 {b}, {bias}"));
        let hi = self.emit(format!("lshr i32 {sum}, 16"));
        let r = self.emit(format!("trunc i32 {hi} to i16"));
        let nan = self.emit(format!("fcmp uno float {x}, {x}"));
        self.emit(format!("select i1 {nan}, i16 32767, i16 {r}"))
    }

    /// float64 `x` rounded once to nearest even bfloat16 bits (NaN → 0x7fff).
    pub(super) fn f64_to_bf16(&mut self, x: &str) -> String {
        self.cx.declare("llvm.nvvm.d2f.rz", "float", &["double"]);
        let f = self.emit(format!("call float @llvm.nvvm.d2f.rz(double {x})"));
        let back = self.emit(format!("fpext float {f} to double"));
        let inexact = self.emit(format!("fcmp une double {back}, {x}"));
        self.odd_f32_to_bf16(&f, &inexact)
    }

    /// float32 `f` (rounded toward zero from a wider value) with its last bit set when
    /// `inexact`, then rounded to bfloat16.
    fn odd_f32_to_bf16(&mut self, f: &str, inexact: &str) -> String {
        let b = self.emit(format!("bitcast float {f} to i32"));
        let odd = self.emit(format!("or i32 {b}, 1"));
        let b = self.emit(format!("select i1 {inexact}, i32 {odd}, i32 {b}"));
        let f = self.emit(format!("bitcast i32 {b} to float"));
        self.f32_to_bf16(&f)
    }

    /// Integer (or bool) `x` of type `from` rounded once to bfloat16 bits.
    pub(super) fn int_to_bf16(&mut self, x: &str, from: Scalar) -> String {
        let t = super::types::scalar_reg(from);
        let signed = from.is_signed();
        if from.bits() < 64 {
            let conv = if signed { "sitofp" } else { "uitofp" };
            let d = self.emit(format!("{conv} {t} {x} to double"));
            return self.f64_to_bf16(&d);
        }
        let (to_f, to_i) = if signed {
            ("llvm.nvvm.ll2f.rz", "llvm.nvvm.f2ll.rz")
        } else {
            ("llvm.nvvm.ull2f.rz", "llvm.nvvm.f2ull.rz")
        };
        self.cx.declare(to_f, "float", &["i64"]);
        self.cx.declare(to_i, "i64", &["float"]);
        let f = self.emit(format!("call float @{to_f}(i64 {x})"));
        // Toward zero never leaves the integer's range, so converting back is exact.
        let back = self.emit(format!("call i64 @{to_i}(float {f})"));
        let inexact = self.emit(format!("icmp ne i64 {back}, {x}"));
        self.odd_f32_to_bf16(&f, &inexact)
    }

    /// `nextafter(x, y)` on bfloat16 bits, as the simulator computes it (a NaN operand gives
    /// the canonical NaN).
    pub(super) fn nextafter_bf16(&mut self, x: &str, y: &str) -> String {
        let fx = self.bf16_to_f32(x);
        let fy = self.bf16_to_f32(y);
        let nan = self.emit(format!("fcmp uno float {fx}, {fy}"));
        let eq = self.emit(format!("fcmp oeq float {fx}, {fy}"));
        let x_zero = self.emit(format!("fcmp oeq float {fx}, 0.0"));
        let y_sign = self.emit(format!("and i16 {y}, -32768"));
        let tiny = self.emit(format!("or i16 {y_sign}, 1"));
        let up = self.emit(format!("fcmp ogt float {fy}, {fx}"));
        let positive = self.emit(format!("fcmp ogt float {fx}, 0.0"));
        let inward = self.emit(format!("xor i1 {up}, {positive}"));
        let step = self.emit(format!("select i1 {inward}, i16 -1, i16 1"));
        let moved = self.emit(format!("add i16 {x}, {step}"));
        let r = self.emit(format!("select i1 {x_zero}, i16 {tiny}, i16 {moved}"));
        let r = self.emit(format!("select i1 {eq}, i16 {y}, i16 {r}"));
        self.emit(format!("select i1 {nan}, i16 32767, i16 {r}"))
    }
}
