//! IEEE binary16 (`float16`) conversions, without a dependency.
//!
//! A float16 lives in a register as its 16 bits. Arithmetic widens to f32 (exact), computes
//! there and rounds back with [`from_f64`] (every f32 is exactly an f64, so one rounding). For
//! `+ - * /` and `sqrt` the f32 result rounded to f16 equals the correctly rounded f16 result
//! (f32 carries more than 2·11+2 significand bits), so float16 arithmetic is exact IEEE.
//!
//! Invariants: [`from_f64`] rounds to nearest, ties to even, overflows to ±inf, keeps the sign of
//! zero and returns a quiet NaN for NaN; [`to_f32`] is exact. Both are tested exhaustively over
//! all 65 536 half values and their rounding midpoints.

/// The float value of half-precision bits (exact).
#[must_use]
pub fn to_f32(h: u16) -> f32 {
    let sign = u32::from(h & 0x8000) << 16;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match exp {
        0 => {
            if man == 0 {
                return f32::from_bits(sign);
            }
            // Subnormal: value = man · 2^-24, exact in f32.
            let v = man as f32 * f32::from_bits(0x3380_0000); // 2^-24
            return if sign != 0 { -v } else { v };
        }
        0x1f => sign | 0x7f80_0000 | (man << 13) | if man != 0 { 0x0040_0000 } else { 0 },
        _ => sign | ((exp + 127 - 15) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

/// The float64 value of half-precision bits (exact).
#[must_use]
pub fn to_f64(h: u16) -> f64 {
    f64::from(to_f32(h))
}

/// Half-precision bits of `x`, rounded to nearest even.
#[must_use]
pub fn from_f64(x: f64) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 48) & 0x8000) as u16;
    let exp = ((b >> 52) & 0x7ff) as i32;
    let man = b & ((1u64 << 52) - 1);
    if exp == 0x7ff {
        return if man == 0 {
            sign | 0x7c00
        } else {
            sign | 0x7e00 | ((man >> 42) as u16 & 0x3ff)
        };
    }
    // Unbiased exponent; the half's biased exponent would be e + 15.
    let e = exp - 1023;
    if e > 15 {
        return sign | 0x7c00;
    }
    // Significand with the implicit bit (f64 subnormals are far below half's range: they
    // round to zero through the shift below).
    let sig = if exp == 0 { man } else { man | (1u64 << 52) };
    // The half's result is sig >> shift (as an integer of half's significand units), plus the
    // biased exponent field for normals.
    let (shift, base) = if e >= -14 {
        // Normal: keep 10 fraction bits; exponent field added below via the carry trick.
        (42u32, ((e + 15) as u64) << 10)
    } else {
        // Subnormal half: unit is 2^-24; value = sig · 2^(e-52) → sig >> (52 - 24 - e - ... )
        let s = (42 + (-14 - e)) as u32;
        if s > 63 {
            return sign;
        }
        (s, 0)
    };
    let kept = sig >> shift;
    let rem = sig & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    // For normals `kept` includes the implicit bit (bit 10); remove it before adding the
    // exponent field, so a rounding carry out of the fraction bumps the exponent.
    let mut r = if e >= -14 {
        base + (kept & 0x3ff)
    } else {
        kept
    };
    if rem > half || (rem == half && (r & 1) == 1) {
        r += 1;
    }
    // r ≤ 0x7c00 here: a carry into exponent 31 is exactly infinity.
    sign | r as u16
}

/// Half-precision bits of an f32 (one rounding: f32 → f64 is exact).
#[must_use]
pub fn from_f32(x: f32) -> u16 {
    from_f64(f64::from(x))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(from_f32(1.0), 0x3c00);
        assert_eq!(from_f32(-2.0), 0xc000);
        assert_eq!(from_f32(65504.0), 0x7bff);
        assert_eq!(from_f32(65520.0), 0x7c00); // midpoint to 65536 rounds to even: inf
        assert_eq!(from_f32(65519.0), 0x7bff);
        assert_eq!(from_f32(f32::INFINITY), 0x7c00);
        assert_eq!(from_f32(-0.0), 0x8000);
        assert_eq!(from_f32(5.960_464_5e-8), 0x0001); // 2^-24
        assert_eq!(from_f32(2.980_232_2e-8), 0x0000); // 2^-25: tie to even → 0
        assert_eq!(from_f32(2.980_233e-8), 0x0001); // just above the tie
        assert_eq!(from_f32(0.1), 0x2e66);
        assert_eq!(from_f64(1e-300), 0);
        assert_eq!(from_f64(-1e300), 0xfc00);
        assert!(to_f32(from_f32(f32::NAN)).is_nan());
        assert_eq!(to_f32(0x3555), 0.333_251_95);
        assert_eq!(to_f32(0x0001), 5.960_464_5e-8);
        assert_eq!(to_f32(0x03ff), 6.097_555e-5);
        assert_eq!(to_f32(0x0400), 6.103_515_6e-5);
    }

    #[test]
    fn every_half_round_trips() {
        for h in 0..=u16::MAX {
            let x = to_f32(h);
            if x.is_nan() {
                assert!(to_f32(from_f32(x)).is_nan());
                continue;
            }
            assert_eq!(from_f32(x), h, "{h:#06x}");
            assert_eq!(from_f64(f64::from(x)), h, "{h:#06x}");
        }
    }

    #[test]
    fn midpoints_round_to_even_and_neighbours_to_nearest() {
        // Every pair of adjacent finite positive halves (and the pair 0x7bff/inf, whose midpoint
        // is 65520): the midpoint is exact in f64; it must round to the even one, and the f64
        // just below/above to the lower/upper one.
        for lo in 0..0x7c00u16 {
            let hi = lo + 1;
            let (a, b) = (to_f64(lo), if hi == 0x7c00 { 65536.0 } else { to_f64(hi) });
            let mid = (a + b) / 2.0;
            let even = if lo % 2 == 0 { lo } else { hi };
            assert_eq!(from_f64(mid), even, "mid of {lo:#06x}");
            assert_eq!(from_f64(mid.next_down()), lo, "below mid of {lo:#06x}");
            assert_eq!(from_f64(mid.next_up()), hi, "above mid of {lo:#06x}");
            assert_eq!(from_f64(-mid.next_down()), lo | 0x8000);
        }
    }
}
