//! Result types of operators, following numba-cuda's CUDA target (inventory §6).
//!
//! The rules, in short:
//! - integer arithmetic is done in 64 bits: the result is `int64` if any operand is signed
//!   (bool counts as signed), else `uint64` (`int32 + int32 → int64`, `uint8 + uint8 → uint64`);
//! - an integer meets a float by converting to the smallest float that holds it exactly
//!   (8-bit → float16, 16-bit → float32, wider → float64), then the wider float wins, so
//!   `float32 * int16 → float32` but `float32 * int32 → float64` and `float32 * 2 → float64`
//!   (Python int literals are int64);
//! - bfloat16 meets bfloat16, bool and 8-bit integers as bfloat16 (numba-cuda's `Bfloat16`
//!   converts 8-bit integers safely), float16 as float32 (neither holds the other), and every
//!   other type as float16 would;
//! - `/` on integers is `float64`; `//` and `%` stay integer;
//! - `float32 ** int → float32`; `int ** int → int64`;
//! - bitwise operators on two bools give bool, otherwise follow the integer rule;
//! - comparisons compare in the unified type and give bool.

use crate::scalar::Scalar;

/// The operator classes that type alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryClass {
    /// `+ - *`
    Arith,
    /// `/`
    TrueDiv,
    /// `// %`
    FloorDivMod,
    /// `**`
    Pow,
    /// `& | ^`
    Bitwise,
    /// `<< >>`
    Shift,
    /// `== != < <= > >=`
    Compare,
}

/// Types of a binary operation: both operands are converted to `operand`; the result is `result`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BinaryTypes {
    /// The left operand's type after conversion.
    pub lhs: Scalar,
    /// The right operand's type after conversion.
    pub rhs: Scalar,
    /// The result type.
    pub result: Scalar,
}

impl BinaryTypes {
    const fn same(operand: Scalar, result: Scalar) -> Self {
        Self {
            lhs: operand,
            rhs: operand,
            result,
        }
    }
}

/// numba's `choose_result_int`: 64-bit, signed if either is signed (bool counts as signed).
#[must_use]
pub const fn integer_result(a: Scalar, b: Scalar) -> Scalar {
    let signed =
        a.is_signed() || b.is_signed() || matches!(a, Scalar::Bool) || matches!(b, Scalar::Bool);
    if signed { Scalar::I64 } else { Scalar::U64 }
}

/// The smallest float that holds every value of an integer (or bool) exactly.
#[must_use]
pub const fn float_for_int(s: Scalar) -> Scalar {
    match s.bits() {
        0..=8 => Scalar::F16,
        9..=16 => Scalar::F32,
        _ => Scalar::F64,
    }
}

const fn float_rank(s: Scalar) -> u32 {
    match s {
        Scalar::F16 | Scalar::BF16 => 1,
        Scalar::F32 => 2,
        Scalar::F64 => 3,
        _ => 0,
    }
}

const fn wider_float(a: Scalar, b: Scalar) -> Scalar {
    let (ra, rb) = (float_rank(a), float_rank(b));
    if ra == 1
        && rb == 1
        && !matches!(
            (a, b),
            (Scalar::F16, Scalar::F16) | (Scalar::BF16, Scalar::BF16)
        )
    {
        // float16 and bfloat16: float32 holds both exactly.
        return Scalar::F32;
    }
    if ra >= rb { a } else { b }
}

/// The float an operand becomes when the other side is a float.
const fn as_float(s: Scalar) -> Scalar {
    if s.is_float() { s } else { float_for_int(s) }
}

/// bool or an 8-bit integer: exact in bfloat16.
const fn small_int(s: Scalar) -> bool {
    matches!(s, Scalar::Bool | Scalar::I8 | Scalar::U8)
}

/// The numeric type two scalars unify to for arithmetic (`None` never happens for scalars).
#[must_use]
pub const fn unify(a: Scalar, b: Scalar) -> Scalar {
    if a.is_complex() || b.is_complex() {
        let part_a = if a.is_complex() {
            a.complex_part()
        } else {
            as_float(a)
        };
        let part_b = if b.is_complex() {
            b.complex_part()
        } else {
            as_float(b)
        };
        return if float_rank(wider_float(part_a, part_b)) <= 2 {
            Scalar::C64
        } else {
            Scalar::C128
        };
    }
    if a.is_float() || b.is_float() {
        if matches!(a, Scalar::BF16) && small_int(b) || matches!(b, Scalar::BF16) && small_int(a) {
            return Scalar::BF16;
        }
        return wider_float(as_float(a), as_float(b));
    }
    integer_result(a, b)
}

/// The types of `a <op> b`, or `None` when the operator does not apply to these types
/// (bitwise on floats, `//` on complex, …).
#[must_use]
pub fn binary(class: BinaryClass, a: Scalar, b: Scalar) -> Option<BinaryTypes> {
    // The fp8 types are storage: numba-cuda gives them no operators (convert explicitly).
    if a.is_fp8() || b.is_fp8() {
        return None;
    }
    let u = unify(a, b);
    Some(match class {
        BinaryClass::Arith => BinaryTypes::same(u, u),
        BinaryClass::TrueDiv => {
            if u.is_int() {
                BinaryTypes::same(Scalar::F64, Scalar::F64)
            } else {
                BinaryTypes::same(u, u)
            }
        }
        BinaryClass::FloorDivMod => {
            if u.is_complex() {
                return None;
            }
            BinaryTypes::same(u, u)
        }
        BinaryClass::Pow => {
            if a.is_float() && (b.is_int() || b == Scalar::Bool) {
                // numba special-cases float ** int: the base keeps its type.
                BinaryTypes {
                    lhs: a,
                    rhs: Scalar::I64,
                    result: a,
                }
            } else {
                BinaryTypes::same(u, u)
            }
        }
        BinaryClass::Bitwise | BinaryClass::Shift => {
            if a == Scalar::Bool && b == Scalar::Bool && class == BinaryClass::Bitwise {
                BinaryTypes::same(Scalar::Bool, Scalar::Bool)
            } else if u.is_int() {
                BinaryTypes::same(u, u)
            } else {
                return None;
            }
        }
        BinaryClass::Compare => BinaryTypes::same(u, Scalar::Bool),
    })
}

/// The result of unary `-x` / `+x` / `~x`: integers (and bool) widen to 64 bits; floats and
/// complex keep their type. `~` on a float is `None`.
#[must_use]
pub fn unary_arith(operand: Scalar, bitwise: bool) -> Option<Scalar> {
    if operand.is_fp8() {
        None
    } else if operand.is_int() || operand == Scalar::Bool {
        Some(integer_result(operand, operand))
    } else if bitwise {
        None
    } else {
        Some(operand)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Scalar::*;

    fn result(class: BinaryClass, a: Scalar, b: Scalar) -> Option<Scalar> {
        binary(class, a, b).map(|t| t.result)
    }

    #[test]
    fn integers_widen_to_64_bits() {
        assert_eq!(result(BinaryClass::Arith, I32, I32), Some(I64));
        assert_eq!(result(BinaryClass::Arith, U8, U8), Some(U64));
        assert_eq!(result(BinaryClass::Arith, U32, U32), Some(U64));
        assert_eq!(result(BinaryClass::Arith, U64, I64), Some(I64));
        assert_eq!(result(BinaryClass::Arith, U32, I64), Some(I64));
        assert_eq!(result(BinaryClass::Arith, Bool, Bool), Some(I64));
        assert_eq!(result(BinaryClass::FloorDivMod, I32, I32), Some(I64));
    }

    #[test]
    fn floats_meet_ints_as_numba_does() {
        assert_eq!(result(BinaryClass::Arith, F32, I64), Some(F64));
        assert_eq!(result(BinaryClass::Arith, F32, I32), Some(F64));
        assert_eq!(result(BinaryClass::Arith, F32, I16), Some(F32));
        assert_eq!(result(BinaryClass::Arith, F32, F64), Some(F64));
        assert_eq!(result(BinaryClass::Arith, F16, F32), Some(F32));
        assert_eq!(result(BinaryClass::Arith, F16, F16), Some(F16));
        assert_eq!(result(BinaryClass::TrueDiv, I32, I32), Some(F64));
        assert_eq!(result(BinaryClass::TrueDiv, F32, F32), Some(F32));
    }

    #[test]
    fn bfloat16_meets_other_types() {
        assert_eq!(result(BinaryClass::Arith, BF16, BF16), Some(BF16));
        assert_eq!(result(BinaryClass::Arith, BF16, I8), Some(BF16));
        assert_eq!(result(BinaryClass::Arith, U8, BF16), Some(BF16));
        assert_eq!(result(BinaryClass::Arith, BF16, F16), Some(F32));
        assert_eq!(result(BinaryClass::Arith, F16, BF16), Some(F32));
        assert_eq!(result(BinaryClass::Arith, BF16, I16), Some(F32));
        assert_eq!(result(BinaryClass::Arith, BF16, I64), Some(F64));
        assert_eq!(result(BinaryClass::Arith, BF16, F32), Some(F32));
        assert_eq!(result(BinaryClass::Arith, F64, BF16), Some(F64));
        assert_eq!(result(BinaryClass::TrueDiv, BF16, BF16), Some(BF16));
        assert_eq!(unify(BF16, C64), C64);
    }

    #[test]
    fn pow_bitwise_compare() {
        assert_eq!(
            binary(BinaryClass::Pow, F32, I64).map(|t| (t.lhs, t.rhs, t.result)),
            Some((F32, I64, F32))
        );
        assert_eq!(result(BinaryClass::Pow, I64, I64), Some(I64));
        assert_eq!(result(BinaryClass::Pow, I64, F32), Some(F64));
        assert_eq!(result(BinaryClass::Bitwise, Bool, Bool), Some(Bool));
        assert_eq!(result(BinaryClass::Bitwise, U32, U32), Some(U64));
        assert_eq!(result(BinaryClass::Bitwise, F32, I32), None);
        assert_eq!(result(BinaryClass::Shift, I32, I32), Some(I64));
        assert_eq!(
            binary(BinaryClass::Compare, F32, I32).map(|t| (t.lhs, t.result)),
            Some((F64, Bool))
        );
        assert_eq!(result(BinaryClass::FloorDivMod, C64, C64), None);
    }

    #[test]
    fn complex_and_unary() {
        assert_eq!(unify(C64, F32), C64);
        assert_eq!(unify(C64, F64), C128);
        assert_eq!(unify(C64, I64), C128);
        assert_eq!(unary_arith(I32, false), Some(I64));
        assert_eq!(unary_arith(U16, true), Some(U64));
        assert_eq!(unary_arith(F32, false), Some(F32));
        assert_eq!(unary_arith(F32, true), None);
    }
}
