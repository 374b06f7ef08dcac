//! Scalar semantics on register bits: encoding, arithmetic, comparisons, casts.
//!
//! Every scalar occupies one 64-bit register slot in a **canonical encoding**:
//! - signed integers are sign-extended from their width, unsigned ones zero-extended, so a
//!   64-bit comparison (signed or unsigned) orders them correctly and a cast between integer
//!   types is one [`norm`];
//! - `bool` is 0 or 1;
//! - float16/bfloat16/float32/float64 are their bits, zero-extended;
//! - complex values take two slots (real, imaginary), each a float of the component type
//!   (see `complex.rs`).
//!
//! Invariant: every function here takes canonical inputs and returns a canonical output, so the
//! interpreter never re-normalises. The semantics are `oxcuda_ir::ops`'s, which is binding:
//! integer wraparound at the type's width, Python floor division and modulo with a zero divisor
//! giving 0, shifts clamped like PTX (`shl`/unsigned `shr` by ≥ width give 0, signed `shr` fills
//! with the sign), float32 computed in f32, float16 and bfloat16 computed in f32 and rounded after each op.

use oxcuda_ir::{BinOp, CmpOp, Scalar, UnaryOp};

use crate::f16;
use oxcuda_types::bf16;

/// Reduces 64 bits to the canonical encoding of the integer (or bool) type `ty`.
#[inline]
#[must_use]
pub fn norm(ty: Scalar, x: u64) -> u64 {
    match ty {
        Scalar::I8 => x as i8 as i64 as u64,
        Scalar::I16 => x as i16 as i64 as u64,
        Scalar::I32 => x as i32 as i64 as u64,
        Scalar::U8 | Scalar::E4M3 | Scalar::E5M2 | Scalar::E8M0 => x & 0xff,
        Scalar::U16 => x & 0xffff,
        Scalar::U32 => x & 0xffff_ffff,
        Scalar::Bool => u64::from(x != 0),
        _ => x,
    }
}

/// f32 from a register.
#[inline]
#[must_use]
pub fn f32_of(x: u64) -> f32 {
    f32::from_bits(x as u32)
}

/// f64 from a register.
#[inline]
#[must_use]
pub fn f64_of(x: u64) -> f64 {
    f64::from_bits(x)
}

/// A register holding an f32.
#[inline]
#[must_use]
pub fn of_f32(x: f32) -> u64 {
    u64::from(x.to_bits())
}

/// A register holding an f64.
#[inline]
#[must_use]
pub fn of_f64(x: f64) -> u64 {
    x.to_bits()
}

/// The value of a float register of type `ty` as f64 (exact).
#[inline]
#[must_use]
pub fn float_value(ty: Scalar, x: u64) -> f64 {
    match ty {
        Scalar::F16 => f16::to_f64(x as u16),
        Scalar::BF16 => bf16::to_f64(x as u16),
        Scalar::F32 => f64::from(f32_of(x)),
        _ => f64_of(x),
    }
}

/// A float register of type `ty` holding `v` rounded once to the type.
#[inline]
#[must_use]
pub fn of_float(ty: Scalar, v: f64) -> u64 {
    match ty {
        Scalar::F16 => u64::from(f16::from_f64(v)),
        Scalar::BF16 => u64::from(bf16::from_f64(v)),
        Scalar::F32 => of_f32(v as f32),
        _ => of_f64(v),
    }
}

/// The canonical register of an integer constant of type `ty` (wrapping if it does not fit).
#[must_use]
pub fn of_int(ty: Scalar, v: i128) -> u64 {
    norm(ty, v as u64)
}

/// Unary operation on a real scalar of type `ty`.
#[inline]
#[must_use]
pub fn unary(op: UnaryOp, ty: Scalar, a: u64) -> u64 {
    match op {
        UnaryOp::Not => u64::from(a == 0),
        UnaryOp::BitNot => norm(ty, !a),
        UnaryOp::Neg => match ty {
            Scalar::F16 | Scalar::BF16 => a ^ 0x8000,
            Scalar::F32 => a ^ 0x8000_0000,
            Scalar::F64 => a ^ (1 << 63),
            _ => norm(ty, a.wrapping_neg()),
        },
    }
}

/// Binary operation on two real scalars of type `ty` (see the module doc for the rules).
#[inline]
#[must_use]
pub fn binary(op: BinOp, ty: Scalar, a: u64, b: u64) -> u64 {
    match ty {
        Scalar::F32 => of_f32(bin_f32(op, f32_of(a), f32_of(b))),
        Scalar::F64 => of_f64(bin_f64(op, f64_of(a), f64_of(b))),
        Scalar::F16 => {
            let r = bin_f32(op, f16::to_f32(a as u16), f16::to_f32(b as u16));
            u64::from(f16::from_f32(r))
        }
        Scalar::BF16 => {
            let r = bin_f32(op, bf16::to_f32(a as u16), bf16::to_f32(b as u16));
            u64::from(bf16::from_f32(r))
        }
        _ => bin_int(op, ty, a, b),
    }
}

/// Comparison of two real scalars of type `ty`: floats ordered except `Ne`.
#[inline]
#[must_use]
pub fn compare(op: CmpOp, ty: Scalar, a: u64, b: u64) -> bool {
    match ty {
        Scalar::F32 => cmp(op, f32_of(a), f32_of(b)),
        Scalar::F64 => cmp(op, f64_of(a), f64_of(b)),
        Scalar::F16 => cmp(op, f16::to_f32(a as u16), f16::to_f32(b as u16)),
        Scalar::BF16 => cmp(op, bf16::to_f32(a as u16), bf16::to_f32(b as u16)),
        Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => cmp(op, a as i64, b as i64),
        _ => cmp(op, a, b),
    }
}

#[inline]
fn cmp<T: PartialOrd>(op: CmpOp, a: T, b: T) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

macro_rules! float_binary {
    ($name:ident, $t:ty, $fmod:path, $pow:path) => {
        /// Binary operation on floats of this width, each op rounded once in the width.
        #[inline]
        #[must_use]
        pub fn $name(op: BinOp, a: $t, b: $t) -> $t {
            match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mul => a * b,
                BinOp::Div => a / b,
                BinOp::FloorDiv => (a / b).floor(),
                BinOp::Mod => {
                    // fmod, then moved to the divisor's sign (Python); a zero result takes the
                    // divisor's sign too, as CPython's float_rem does.
                    let r = $fmod(a, b);
                    if r == 0.0 {
                        (0.0 as $t).copysign(b)
                    } else if (r < 0.0) != (b < 0.0) {
                        r + b
                    } else {
                        r
                    }
                }
                BinOp::Pow => $pow(a, b),
                BinOp::Min => {
                    if b < a {
                        b
                    } else {
                        a
                    }
                }
                BinOp::Max => {
                    if b > a {
                        b
                    } else {
                        a
                    }
                }
                // Bitwise operations and shifts on floats are rejected when decoding.
                BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr => <$t>::NAN,
            }
        }
    };
}

float_binary!(bin_f32, f32, libm::fmodf, f32::powf);
float_binary!(bin_f64, f64, libm::fmod, f64::powf);

/// Whether an integer type (or bool) is signed.
#[inline]
const fn signed(ty: Scalar) -> bool {
    matches!(ty, Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64)
}

/// Binary operation on canonical integers (or bools) of type `ty`.
#[inline]
#[must_use]
pub fn bin_int(op: BinOp, ty: Scalar, a: u64, b: u64) -> u64 {
    let bits = ty.bits();
    match op {
        BinOp::Add => norm(ty, a.wrapping_add(b)),
        BinOp::Sub => norm(ty, a.wrapping_sub(b)),
        BinOp::Mul => norm(ty, a.wrapping_mul(b)),
        BinOp::BitAnd => a & b,
        BinOp::BitOr => a | b,
        BinOp::BitXor => a ^ b,
        BinOp::FloorDiv => {
            if b == 0 {
                0
            } else if signed(ty) {
                let (x, y) = (a as i64, b as i64);
                let q = x.wrapping_div(y);
                let adjust = x.wrapping_rem(y) != 0 && ((x < 0) != (y < 0));
                norm(ty, (q - i64::from(adjust)) as u64)
            } else {
                a / b
            }
        }
        BinOp::Mod => {
            if b == 0 {
                0
            } else if signed(ty) {
                let (x, y) = (a as i64, b as i64);
                let r = x.wrapping_rem(y);
                let r = if r != 0 && ((r < 0) != (y < 0)) {
                    r + y
                } else {
                    r
                };
                norm(ty, r as u64)
            } else {
                a % b
            }
        }
        BinOp::Pow => norm(ty, int_pow(a, b, signed(ty))),
        BinOp::Shl => {
            // The count is read as unsigned: a negative count is a huge one (PTX clamps).
            if b >= u64::from(bits) {
                0
            } else {
                norm(ty, a << b)
            }
        }
        BinOp::Shr => {
            if signed(ty) {
                ((a as i64) >> b.min(63)) as u64
            } else if b >= u64::from(bits) {
                0
            } else {
                a >> b
            }
        }
        BinOp::Min => {
            if compare(CmpOp::Lt, ty, b, a) {
                b
            } else {
                a
            }
        }
        BinOp::Max => {
            if compare(CmpOp::Gt, ty, b, a) {
                b
            } else {
                a
            }
        }
        // True division of integers is rejected when decoding (the front end converts).
        BinOp::Div => 0,
    }
}

/// `a ** b` with wrapping: repeated squaring modulo 2^64, which agrees with wrapping at any
/// narrower width. A negative exponent gives 0, except for a base of 1 (1) or -1 (±1).
fn int_pow(a: u64, b: u64, signed: bool) -> u64 {
    if signed && (b as i64) < 0 {
        return match a as i64 {
            1 => 1,
            -1 => {
                if b & 1 == 1 {
                    u64::MAX
                } else {
                    1
                }
            }
            _ => 0,
        };
    }
    let (mut base, mut e, mut acc) = (a, b, 1u64);
    while e != 0 {
        if e & 1 == 1 {
            acc = acc.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        e >>= 1;
    }
    acc
}

/// Float → integer exactly as the GPU converts (`Op::Cast`; the GPU back end emits PTX
/// `cvt.rzi` through `llvm.nvvm.{f,d}2{i,ui,ll,ull}.rz`): toward zero, saturating at the range
/// of a 32- or 64-bit target; NaN gives 0 when the source is float32 (or float16, converted to
/// float32 first) and the target 32-bit, and `1 << (bits - 1)` when the source is float64 or
/// the target 64-bit (PTX ISA, `cvt`: `MININT` signed, `(MAXINT >> 1) + 1` unsigned). An 8- or
/// 16-bit target is converted as int32 and truncated to its width (so NaN gives 0 there).
/// Returns the canonical register of `to`.
#[must_use]
pub fn float_to_int(from_f64: bool, v: f64, to: Scalar) -> u64 {
    let bits = to.bits();
    if bits < 32 {
        let wide = float_to_int(from_f64, v, Scalar::I32);
        return norm(to, wide);
    }
    if v.is_nan() {
        return if from_f64 || bits == 64 {
            norm(to, 1u64 << (bits - 1))
        } else {
            0
        };
    }
    // Rust's `as` truncates toward zero and saturates, exactly cvt.rzi's clamping.
    match to {
        Scalar::I32 => v as i32 as i64 as u64,
        Scalar::I64 => v as i64 as u64,
        Scalar::U32 => u64::from(v as u32),
        _ => v as u64,
    }
}

/// Converts a real scalar register of type `from` to type `to` (see `Op::Cast`): integers
/// truncate or extend by their own signedness, float → int as the GPU does
/// ([`float_to_int`]), int → float rounds to nearest, anything → bool is `!= 0`.
#[inline]
#[must_use]
pub fn cast(from: Scalar, to: Scalar, a: u64) -> u64 {
    if from == to {
        return a;
    }
    let from_int = from.is_int() || from == Scalar::Bool;
    let to_int = to.is_int();
    match (from_int, to_int) {
        (true, true) => norm(to, a),
        (true, false) => match to {
            Scalar::Bool => u64::from(a != 0),
            Scalar::F32 => {
                if signed(from) {
                    of_f32(a as i64 as f32)
                } else {
                    of_f32(a as f32)
                }
            }
            Scalar::F64 => {
                if signed(from) {
                    of_f64(a as i64 as f64)
                } else {
                    of_f64(a as f64)
                }
            }
            // Rounded once from the exact integer (through f64 it could round twice).
            Scalar::BF16 => {
                let v = if signed(from) {
                    i128::from(a as i64)
                } else {
                    i128::from(a)
                };
                u64::from(bf16::from_int(v))
            }
            // Via f64: exact below 2^53, and anything larger overflows float16 anyway.
            _ => {
                let v = if signed(from) {
                    a as i64 as f64
                } else {
                    a as f64
                };
                u64::from(f16::from_f64(v))
            }
        },
        (false, true) => float_to_int(from == Scalar::F64, float_value(from, a), to),
        (false, false) => {
            if to == Scalar::Bool {
                return u64::from(float_value(from, a) != 0.0);
            }
            match (from, to) {
                (Scalar::F64, Scalar::F32) => of_f32(f64_of(a) as f32),
                _ => of_float(to, float_value(from, a)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Scalar::*;

    fn i(ty: Scalar, v: i128) -> u64 {
        of_int(ty, v)
    }

    #[test]
    fn wraparound_at_each_width() {
        assert_eq!(bin_int(BinOp::Add, I8, i(I8, 127), i(I8, 1)), i(I8, -128));
        assert_eq!(bin_int(BinOp::Mul, I8, i(I8, 16), i(I8, 16)), 0);
        assert_eq!(
            bin_int(BinOp::Add, I32, i(I32, 2_147_483_647), i(I32, 1)),
            i(I32, -2_147_483_648)
        );
        assert_eq!(bin_int(BinOp::Sub, U64, 0, 1), u64::MAX);
        assert_eq!(bin_int(BinOp::Sub, U8, 0, 1), 255);
        assert_eq!(unary(UnaryOp::Neg, I16, i(I16, -32768)), i(I16, -32768));
        assert_eq!(unary(UnaryOp::BitNot, U16, 0), 0xffff);
        assert_eq!(unary(UnaryOp::BitNot, I32, 0), u64::MAX);
    }

    #[test]
    fn python_floordiv_and_mod() {
        for (a, b, q, r) in [
            (7, 2, 3, 1),
            (-7, 2, -4, 1),
            (7, -2, -4, -1),
            (-7, -2, 3, -1),
            (-8, 2, -4, 0),
            (5, 0, 0, 0),
        ] {
            assert_eq!(
                bin_int(BinOp::FloorDiv, I32, i(I32, a), i(I32, b)),
                i(I32, q)
            );
            assert_eq!(bin_int(BinOp::Mod, I64, i(I64, a), i(I64, b)), i(I64, r));
        }
        assert_eq!(
            bin_int(BinOp::FloorDiv, I32, i(I32, -2_147_483_648), i(I32, -1)),
            i(I32, -2_147_483_648)
        );
        assert_eq!(
            bin_int(BinOp::Mod, I64, i(I64, i64::MIN.into()), i(I64, -1)),
            0
        );
        assert_eq!(bin_f64(BinOp::Mod, -7.0, 2.0), 1.0);
        assert_eq!(bin_f64(BinOp::Mod, 7.0, -2.0), -1.0);
        assert!(bin_f64(BinOp::Mod, -4.0, 2.0).is_sign_positive());
        assert!(bin_f64(BinOp::Mod, 4.0, -2.0).is_sign_negative());
        assert_eq!(bin_f32(BinOp::FloorDiv, -7.0, 2.0), -4.0);
    }

    #[test]
    fn shifts_clamp_like_ptx() {
        assert_eq!(bin_int(BinOp::Shl, I32, 1, 31), i(I32, -2_147_483_648));
        assert_eq!(bin_int(BinOp::Shl, I32, 1, 32), 0);
        assert_eq!(bin_int(BinOp::Shl, I32, 1, i(I32, -1)), 0);
        assert_eq!(bin_int(BinOp::Shr, I32, i(I32, -8), 40), u64::MAX);
        assert_eq!(bin_int(BinOp::Shr, I32, i(I32, -8), 1), i(I32, -4));
        assert_eq!(bin_int(BinOp::Shr, U32, 0xffff_ffff, 32), 0);
        assert_eq!(bin_int(BinOp::Shl, U8, 0x81, 1), 0x02);
    }

    #[test]
    fn int_pow_wraps_and_handles_negative_exponents() {
        assert_eq!(bin_int(BinOp::Pow, I64, 3, 4), 81);
        assert_eq!(bin_int(BinOp::Pow, I32, 2, 31), i(I32, -2_147_483_648));
        assert_eq!(bin_int(BinOp::Pow, I32, 2, i(I32, -1)), 0);
        assert_eq!(bin_int(BinOp::Pow, I32, i(I32, -1), i(I32, -3)), i(I32, -1));
        assert_eq!(bin_int(BinOp::Pow, I32, 1, i(I32, -3)), 1);
        assert_eq!(bin_int(BinOp::Pow, U8, 3, 5), 243);
    }

    #[test]
    fn casts() {
        assert_eq!(cast(I32, U64, i(I32, -1)), u64::MAX);
        assert_eq!(cast(U32, I64, 0xffff_ffff), 0xffff_ffff);
        assert_eq!(cast(I64, I8, 300), i(I8, 44));
        assert_eq!(cast(F64, I32, of_f64(-2.7)), i(I32, -2));
        // PTX cvt.rzi: 8/16-bit targets through int32, truncated; NaN by the PTX ISA's rule.
        assert_eq!(cast(F32, U8, of_f32(-1.0)), 255);
        assert_eq!(cast(F64, I8, of_f64(300.7)), i(I8, 44));
        assert_eq!(cast(F32, I32, of_f32(f32::NAN)), 0);
        assert_eq!(cast(F64, I32, of_f64(f64::NAN)), i(I32, -2_147_483_648));
        assert_eq!(cast(F64, U32, of_f64(f64::NAN)), 1 << 31);
        assert_eq!(
            cast(F32, I64, of_f32(f32::NAN)),
            i(I64, i128::from(i64::MIN))
        );
        assert_eq!(cast(F64, U64, of_f64(f64::NAN)), 1 << 63);
        assert_eq!(cast(F64, I16, of_f64(f64::NAN)), 0);
        assert_eq!(cast(F64, I32, of_f64(1e20)), i(I32, 2_147_483_647));
        assert_eq!(cast(F32, U32, of_f32(-5.0)), 0);
        assert_eq!(cast(I64, F32, i(I64, 16_777_217)), of_f32(16_777_216.0));
        assert_eq!(
            cast(U64, F64, u64::MAX),
            of_f64(18_446_744_073_709_551_616.0)
        );
        assert_eq!(cast(F64, F32, of_f64(0.1)), of_f32(0.1));
        assert_eq!(cast(F64, F16, of_f64(0.1)), 0x2e66);
        assert_eq!(
            cast(I32, F16, i(I32, 2049)),
            u64::from(f16::from_f32(2048.0))
        );
        assert_eq!(cast(F16, F32, 0x3c00), of_f32(1.0));
        assert_eq!(cast(F64, Bool, of_f64(f64::NAN)), 1);
        assert_eq!(cast(I32, Bool, i(I32, -5)), 1);
        assert_eq!(cast(Bool, F32, 1), of_f32(1.0));
    }

    #[test]
    fn float_compare_nan_rules_and_min_max() {
        let nan = of_f32(f32::NAN);
        let one = of_f32(1.0);
        assert!(!compare(CmpOp::Eq, F32, nan, nan));
        assert!(compare(CmpOp::Ne, F32, nan, one));
        assert!(!compare(CmpOp::Lt, F32, nan, one));
        assert!(!compare(CmpOp::Ge, F32, nan, one));
        assert!(f32_of(binary(BinOp::Min, F32, nan, one)).is_nan());
        assert_eq!(binary(BinOp::Min, F32, one, nan), one);
        assert!(compare(CmpOp::Lt, I8, i(I8, -1), i(I8, 1)));
        assert!(compare(CmpOp::Gt, U8, 255, 1));
        assert_eq!(binary(BinOp::Max, U64, u64::MAX, 1), u64::MAX);
        assert_eq!(binary(BinOp::Min, I64, i(I64, -3), 2), i(I64, -3));
    }

    #[test]
    fn float32_is_computed_in_f32_and_float16_rounds_each_op() {
        let (a, b) = (16_777_216.0f32, 1.0f32);
        assert_eq!(f32_of(binary(BinOp::Add, F32, of_f32(a), of_f32(b))), a);
        let h = |x: f32| u64::from(f16::from_f32(x));
        assert_eq!(binary(BinOp::Add, F16, h(2048.0), h(1.0)), h(2048.0));
        assert_eq!(binary(BinOp::Mul, F16, h(300.0), h(300.0)), 0x7c00);
    }
}
