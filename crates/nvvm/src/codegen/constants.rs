//! Constant literals in LLVM text.
//!
//! LLVM reads `float` and `double` constants as the hexadecimal bits of a double (so a float
//! literal must be exactly representable as float: it is rounded to float first) and `half`
//! constants as `0xH` plus the 16 bits. Integers print as the signed value of their width, so
//! `uint64` 2^64−1 is `-1`, which LLVM reads back to the same bits.

use oxcuda_ir::{Const, Scalar};

/// The literal of `c` as a value of scalar type `s`; `None` when the constant cannot have that
/// type (a complex constant for an integer, …).
pub(super) fn scalar_literal(c: Const, s: Scalar) -> Option<String> {
    let as_float = match c {
        Const::Int(i) => Some(i as f64),
        Const::Float(x) => Some(x),
        Const::Bool(b) => Some(f64::from(u8::from(b))),
        Const::Complex(..) => None,
    };
    Some(match s {
        Scalar::Bool => match c {
            Const::Bool(b) => b.to_string(),
            Const::Int(i) => (i != 0).to_string(),
            Const::Float(x) => (x != 0.0).to_string(),
            Const::Complex(..) => return None,
        },
        _ if s.is_int() => {
            let value = match c {
                Const::Int(i) => i,
                Const::Bool(b) => i128::from(b),
                Const::Float(x) if x.is_finite() => x.trunc() as i128,
                _ => return None,
            };
            wrap_signed(value, s.bits()).to_string()
        }
        Scalar::F16 => half_literal(as_float?),
        // An i16 holding the bits, rounded as the simulator rounds.
        Scalar::BF16 => {
            let bits = match c {
                Const::Int(i) => oxcuda_ir::bf16::from_int(i),
                _ => oxcuda_ir::bf16::from_f64(as_float?),
            };
            wrap_signed(i128::from(bits), 16).to_string()
        }
        // fp8 constants never reach the back end: conversions to fp8 are library calls.
        Scalar::E4M3 | Scalar::E5M2 | Scalar::E8M0 => return None,
        Scalar::F32 => float_literal(f64::from(as_float? as f32)),
        Scalar::F64 => float_literal(as_float?),
        _ => {
            let part = s.complex_part();
            let (re, im) = match c {
                Const::Complex(re, im) => (re, im),
                _ => (as_float?, 0.0),
            };
            let ty = super::types::scalar_reg(part);
            let lit = |x: f64| {
                if part == Scalar::F32 {
                    float_literal(f64::from(x as f32))
                } else {
                    float_literal(x)
                }
            };
            format!("{{ {ty} {}, {ty} {} }}", lit(re), lit(im))
        }
    })
}

/// `value` reduced to `bits` bits and read back as a signed number.
pub(super) fn wrap_signed(value: i128, bits: u32) -> i128 {
    if bits >= 128 {
        return value;
    }
    let shift = 128 - bits;
    (value << shift) >> shift
}

/// A `float`/`double` literal: the bits of the double, in hexadecimal.
pub(super) fn float_literal(x: f64) -> String {
    format!("0x{:016X}", x.to_bits())
}

/// A `half` literal: `0xH` and the IEEE binary16 bits of `x`, rounded to nearest even.
pub(super) fn half_literal(x: f64) -> String {
    format!("0xH{:04X}", f64_to_f16_bits(x))
}

/// IEEE binary16 bits of `x`, rounded to nearest, ties to even.
pub(super) fn f64_to_f16_bits(x: f64) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    if x.is_nan() {
        return sign | 0x7E00;
    }
    let a = x.abs();
    if a >= 65520.0 {
        // 65520 is the midpoint between the largest half (65504) and 2^16: rounds to infinity.
        return sign | 0x7C00;
    }
    if a < f64::from_bits(0x3E60_0000_0000_0000) {
        // Below 2^-25, half the smallest subnormal: rounds to zero (2^-25 itself ties to even 0).
        return sign;
    }
    // Scale to an integer count of the final unit: subnormal unit 2^-24, normal 2^(e-10).
    let exp = ((bits >> 52) & 0x7FF) as i32 - 1023;
    let unit_exp = if exp < -14 { -24 } else { exp - 10 };
    let scaled = a * 2f64.powi(-unit_exp);
    let mut m = round_half_even(scaled);
    let mut e = unit_exp;
    if m >= 2048.0 {
        m /= 2.0;
        e += 1;
    }
    if e == -24 && m < 1024.0 {
        return sign | m as u16;
    }
    let biased = (e + 10 + 15) as u16;
    if biased >= 31 {
        return sign | 0x7C00;
    }
    sign | (biased << 10) | ((m as u16) & 0x3FF)
}

fn round_half_even(x: f64) -> f64 {
    let r = x.round();
    if (r - x).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

/// A byte array literal `c"\01\ff..."` for constant-memory initialisers.
pub(super) fn bytes_literal(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 3 + 3);
    out.push_str("c\"");
    for b in bytes {
        out.push_str(&format!("\\{b:02X}"));
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_wrap_to_their_width() {
        assert_eq!(
            scalar_literal(Const::Int(u64::MAX.into()), Scalar::U64).unwrap(),
            "-1"
        );
        assert_eq!(scalar_literal(Const::Int(200), Scalar::U8).unwrap(), "-56");
        assert_eq!(scalar_literal(Const::Int(-5), Scalar::I32).unwrap(), "-5");
        assert_eq!(
            scalar_literal(Const::Bool(true), Scalar::Bool).unwrap(),
            "true"
        );
        assert!(scalar_literal(Const::Complex(1.0, 0.0), Scalar::I32).is_none());
    }

    #[test]
    fn floats_are_hexadecimal_doubles() {
        assert_eq!(
            scalar_literal(Const::Float(1.0), Scalar::F32).unwrap(),
            "0x3FF0000000000000"
        );
        // 0.1 rounds to float first: the literal is exactly representable as float.
        assert_eq!(
            scalar_literal(Const::Float(0.1), Scalar::F32).unwrap(),
            "0x3FB99999A0000000"
        );
        assert_eq!(
            scalar_literal(Const::Complex(1.0, -2.0), Scalar::C64).unwrap(),
            "{ float 0x3FF0000000000000, float 0xC000000000000000 }"
        );
    }

    #[test]
    fn halves_round_to_nearest_even() {
        let cases: [(f64, u16); 11] = [
            (1.0, 0x3C00),
            (-2.0, 0xC000),
            (65504.0, 0x7BFF),
            (65519.0, 0x7BFF),
            (65520.0, 0x7C00),
            (f64::INFINITY, 0x7C00),
            (5.960_464_477_539_063e-8, 0x0001), // 2^-24, the smallest subnormal
            (2.98e-8, 0x0000),
            (6.103_515_625e-5, 0x0400),   // 2^-14, the smallest normal
            (1.0 + 1.0 / 2048.0, 0x3C00), // tie: to even
            (1.0 + 3.0 / 2048.0, 0x3C02), // tie: to even (up)
        ];
        for (x, bits) in cases {
            assert_eq!(f64_to_f16_bits(x), bits, "{x}");
        }
        assert_eq!(f64_to_f16_bits(f64::NAN) & 0x7C00, 0x7C00);
        assert_eq!(f64_to_f16_bits(-0.0), 0x8000);
    }
}
