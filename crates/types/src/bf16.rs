//! bfloat16 conversions, without a dependency.
//!
//! A bfloat16 is the upper half of a float32 (sign, 8 exponent bits, 7 stored significand
//! bits) and lives in a register as its 16 bits. Widening is exact (the bits shifted left by
//! 16). Arithmetic widens to f32, computes there and rounds back with [`from_f32`]: for
//! `+ - * /` and `sqrt` that equals the correctly rounded bfloat16 result (f32 carries more than
//! 2·8+2 significand bits), so bfloat16 arithmetic is exact IEEE-style arithmetic in 8 bits.
//!
//! Rounding a value that is not a float32 ([`from_f64`], [`from_int`]) must not round twice:
//! f64 → f32 → bfloat16, both to nearest, can land on a bfloat16 midpoint that the exact value
//! was not on. [`from_f64`] therefore rounds to float32 *to odd* first (toward zero, then the
//! last bit set when inexact), which keeps the information the second rounding needs; the GPU
//! back end computes the same with `cvt.rz.f32.f64` and a comparison. [`from_int`] rounds the
//! integer directly.
//!
//! Invariants: every rounding is to nearest, ties to even, overflows to ±inf and keeps the
//! sign of zero; every NaN becomes the canonical NaN `0x7fff` (what the GPU's
//! `cvt.rn.bf16.f32` gives). Tested against every bfloat16 and its rounding midpoints here
//! and against `ml_dtypes` in `tests/kernels/test_bf16.py`.

/// The canonical bfloat16 NaN.
pub const NAN: u16 = 0x7fff;

/// The float value of bfloat16 bits (exact).
#[must_use]
pub fn to_f32(h: u16) -> f32 {
    f32::from_bits(u32::from(h) << 16)
}

/// The float64 value of bfloat16 bits (exact).
#[must_use]
pub fn to_f64(h: u16) -> f64 {
    f64::from(to_f32(h))
}

/// bfloat16 bits of an f32, rounded to nearest even (NaN → [`NAN`]).
#[must_use]
pub fn from_f32(x: f32) -> u16 {
    if x.is_nan() {
        return NAN;
    }
    let b = x.to_bits();
    // Adding 0x7fff (+1 when the kept part is odd) carries into bit 16 exactly when the
    // dropped half is above the midpoint, or on it with an odd kept part; a carry out of the
    // largest finite value gives the infinity's bits.
    let bias = 0x7fff + ((b >> 16) & 1);
    ((b + bias) >> 16) as u16
}

/// bfloat16 bits of an f64, rounded once to nearest even (NaN → [`NAN`]).
#[must_use]
pub fn from_f64(x: f64) -> u16 {
    if x.is_nan() {
        return NAN;
    }
    from_f32(round_to_odd_f32(x))
}

/// `x` rounded toward zero to f32, with the last significand bit set when that was inexact:
/// rounding this to bfloat16 (16 bits fewer) to nearest gives the same as rounding `x`.
fn round_to_odd_f32(x: f64) -> f32 {
    #[expect(clippy::cast_possible_truncation, reason = "rounding is the point")]
    let mut f = x as f32;
    // `as` rounds to nearest; step toward zero when that went away from zero.
    if f64::from(f).abs() > x.abs() {
        f = f32::from_bits(f.to_bits() - 1);
    }
    if f64::from(f) != x {
        f = f32::from_bits(f.to_bits() | 1);
    }
    f
}

/// bfloat16 bits of an integer, rounded once to nearest even.
#[must_use]
pub fn from_int(v: i128) -> u16 {
    let sign: u16 = if v < 0 { 0x8000 } else { 0 };
    let mag = v.unsigned_abs();
    let n = 128 - mag.leading_zeros();
    if n <= 8 {
        #[expect(clippy::cast_precision_loss, reason = "exact: at most 8 bits")]
        return sign | from_f32(mag as f32);
    }
    let shift = n - 8;
    let mut kept = mag >> shift;
    let rem = mag & ((1u128 << shift) - 1);
    let half = 1u128 << (shift - 1);
    if rem > half || (rem == half && kept & 1 == 1) {
        kept += 1;
    }
    // kept · 2^shift is exact in f64 (at most 9 significant bits, below 2^129 for any i128);
    // beyond float32's range it rounds to infinity below, as it must.
    #[expect(
        clippy::cast_precision_loss,
        reason = "exact: at most 9 significant bits"
    )]
    let value = kept as f64 * 2f64.powi(i32::try_from(shift).unwrap_or(i32::MAX));
    sign | from_f64(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        assert_eq!(from_f32(1.0), 0x3f80);
        assert_eq!(from_f32(-2.0), 0xc000);
        assert_eq!(from_f32(1.5), 0x3fc0);
        assert_eq!(from_f32(2.718_75), 0x402e);
        assert_eq!(from_f32(f32::MAX), 0x7f80);
        assert_eq!(from_f32(f32::INFINITY), 0x7f80);
        assert_eq!(from_f32(-0.0), 0x8000);
        assert_eq!(from_f32(f32::NAN), NAN);
        assert_eq!(from_f64(-f64::NAN), NAN);
        assert_eq!(from_f64(1e300), 0x7f80);
        assert_eq!(from_f64(-1e-300), 0x8000);
        assert_eq!(to_f32(0x3f80), 1.0);
        assert_eq!(from_int(789), from_f32(789.0));
        assert_eq!(from_int(-789), from_f32(-789.0));
        assert_eq!(from_int(i128::from(u64::MAX)), from_f64(2f64.powi(64)));
    }

    #[test]
    fn every_bfloat16_round_trips() {
        for h in 0..=u16::MAX {
            let x = to_f32(h);
            if x.is_nan() {
                assert_eq!(from_f32(x), NAN);
                continue;
            }
            assert_eq!(from_f32(x), h, "{h:#06x}");
            assert_eq!(from_f64(f64::from(x)), h, "{h:#06x}");
        }
    }

    #[test]
    fn midpoints_round_to_even_and_neighbours_to_nearest() {
        // The midpoint of adjacent positive bfloat16s is exact in f64; it rounds to the even
        // one, the f64 just below (above) it to the lower (upper) one: no double rounding.
        for lo in 0..0x7f80u16 {
            let hi = lo + 1;
            let (a, b) = (
                to_f64(lo),
                if hi == 0x7f80 {
                    2f64.powi(128)
                } else {
                    to_f64(hi)
                },
            );
            let mid = (a + b) / 2.0;
            let even = if lo % 2 == 0 { lo } else { hi };
            assert_eq!(from_f64(mid), even, "mid of {lo:#06x}");
            assert_eq!(from_f64(mid.next_down()), lo, "below mid of {lo:#06x}");
            assert_eq!(from_f64(mid.next_up()), hi, "above mid of {lo:#06x}");
            assert_eq!(from_f64(-mid.next_down()), lo | 0x8000);
        }
    }

    #[test]
    fn integers_round_once() {
        // 2^62 + 2^54 is a bfloat16 midpoint; one more rounds up, though as an f64 (to
        // nearest) it would fall back onto the midpoint and round to even (down).
        let mid = (1i128 << 62) + (1i128 << 54);
        assert_eq!(from_int(mid), from_f64(2f64.powi(62)));
        assert_eq!(from_int(mid + 1), from_f64(2f64.powi(62) + 2f64.powi(55)));
        assert_eq!(from_int(-(mid + 1)), 0x8000 | from_int(mid + 1));
        for v in [
            0i128,
            1,
            -1,
            255,
            256,
            257,
            383,
            384,
            385,
            65535,
            i128::from(i64::MIN),
        ] {
            #[expect(clippy::cast_precision_loss, reason = "exact for these")]
            let exact = v as f64;
            assert_eq!(from_int(v), from_f64(exact), "{v}");
        }
    }
}
