//! fp8 conversions (`fp8_e4m3`, `fp8_e5m2`, `fp8_e8m0`), without a dependency.
//!
//! The three 8-bit formats numba-cuda offers (`cuda_fp8.h`'s `__nv_fp8_*`):
//!
//! - **e4m3** (`float8_e4m3fn` in torch and `ml_dtypes`): sign, 4 exponent bits (bias 7), 3
//!   stored significand bits; no infinity, one NaN pattern per sign (`0x7f`, `0xff`), largest
//!   finite 448, smallest subnormal 2^-9.
//! - **e5m2** (`float8_e5m2`): IEEE-like, the upper byte of a float16: infinities `0x7c`/`0xfc`,
//!   NaNs above them, largest finite 57344, smallest subnormal 2^-16.
//! - **e8m0** (`float8_e8m0fnu`): an exponent only, unsigned: bits `e` are 2^(e-127), `0xff`
//!   is NaN; no zero, no sign (the MX formats' scale type).
//!
//! Encoding follows CUDA's `__nv_cvt_double_to_fp8` exactly: round to nearest even from the
//! exact value, a magnitude at most half the smallest subnormal gives zero (with its sign),
//! overflow (beyond the largest finite value plus half an ulp; exactly that far rounds to
//! even) gives the largest finite value under [`Saturation::SatFinite`] and NaN (e4m3) or
//! infinity (e5m2) under [`Saturation::NoSat`]; a NaN gives `0x7f` for e4m3 and `0x7e` or
//! `0x7f` (the float64's two leading significand bits) for e5m2, the sign kept. A float32 or
//! float16 NaN is first made the canonical positive NaN (so it gives `0x7f`), as CUDA's float
//! path does. e8m0 encodes toward zero or toward +infinity (CUDA offers no other rounding for
//! it) from the magnitude; NaN gives `0xff`, and overflow `0xff` or, saturated, `0xfe`.
//!
//! Decoding is exact into float32 (every e4m3/e5m2/e8m0 value is a float32; e4m3/e5m2 values
//! are also float16 and bfloat16 values). A NaN decodes to the canonical float32 NaN
//! (`0x7fffffff`), as CUDA's half path does.
//!
//! The simulator uses these functions for kernel arguments and `print`; kernels convert with
//! the device library `library/fp8.py`, which implements the same algorithm in Python that
//! both targets compile, and `tests/kernels/test_fp8.py` checks that library against this
//! module's results and against `ml_dtypes` (every pattern decoded, fresh random inputs and
//! every rounding edge encoded).

use crate::Scalar;

/// What an encoding does with a value beyond the format's largest finite one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saturation {
    /// Overflow gives NaN (e4m3, e8m0) or infinity (e5m2): CUDA's `__NV_NOSAT`.
    NoSat,
    /// Overflow gives the largest finite value of the sign: CUDA's `__NV_SATFINITE`.
    SatFinite,
}

/// The parameters of e4m3 or e5m2.
struct Format {
    /// Stored significand bits.
    mant: u32,
    /// Exponent bias.
    bias: i32,
    /// The largest finite value's bits (positive).
    max_bits: u8,
}

const fn format(s: Scalar) -> Format {
    match s {
        Scalar::E5M2 => Format {
            mant: 2,
            bias: 15,
            max_bits: 0x7b,
        },
        _ => Format {
            mant: 3,
            bias: 7,
            max_bits: 0x7e,
        },
    }
}

/// The canonical e4m3 NaN (also the e5m2 NaN a float32 NaN gives).
pub const NAN: u8 = 0x7f;
/// The e8m0 NaN.
pub const E8M0_NAN: u8 = 0xff;

/// The float32 value of fp8 bits of format `s` (exact; NaN → the canonical float32 NaN).
#[must_use]
pub fn to_f32(bits: u8, s: Scalar) -> f32 {
    if s == Scalar::E8M0 {
        return match bits {
            E8M0_NAN => f32::from_bits(0x7fff_ffff),
            0 => f32::from_bits(0x0040_0000),
            b => f32::from_bits(u32::from(b) << 23),
        };
    }
    let f = format(s);
    let sign = if bits & 0x80 == 0 { 1.0 } else { -1.0 };
    let exp = i32::from((bits & 0x7f) >> f.mant);
    let man = f32::from(bits & ((1 << f.mant) - 1));
    let scale = f32::from(1u8 << f.mant);
    let all_ones = (1 << (7 - f.mant)) - 1;
    if s == Scalar::E4M3 && bits & 0x7f == 0x7f
        || s == Scalar::E5M2 && exp == all_ones && man != 0.0
    {
        return f32::from_bits(0x7fff_ffff);
    }
    if s == Scalar::E5M2 && exp == all_ones {
        return sign * f32::INFINITY;
    }
    let value = if exp == 0 {
        man / scale * pow2(1 - f.bias)
    } else {
        (1.0 + man / scale) * pow2(exp - f.bias)
    };
    sign * value
}

/// 2^e as an f32 (exact for the exponents fp8 uses).
fn pow2(e: i32) -> f32 {
    2f32.powi(e)
}

/// The float64 value of fp8 bits (exact).
#[must_use]
pub fn to_f64(bits: u8, s: Scalar) -> f64 {
    f64::from(to_f32(bits, s))
}

/// e4m3 or e5m2 bits of an f64, as CUDA's `__nv_cvt_double_to_fp8` rounds it.
#[must_use]
pub fn from_f64(x: f64, s: Scalar, sat: Saturation) -> u8 {
    let f = format(s);
    let bits = x.to_bits();
    let sign = ((bits >> 63) as u8) << 7;
    let abs = bits & 0x7fff_ffff_ffff_ffff;
    let abs_x = f64::from_bits(abs);
    let min_normal = pow2(1 - f.bias);
    // Half the smallest subnormal: 2^(1 - bias - mant - 1).
    let half_min_sub = f64::from(min_normal) / f64::from(1u32 << (f.mant + 1));
    let top = (abs >> (52 - f.mant)) as u8 & ((1 << f.mant) - 1);
    if x.is_nan() {
        return sign | if s == Scalar::E4M3 { 0x7f } else { 0x7e | top };
    }
    if abs_x <= half_min_sub {
        return sign;
    }
    let max = to_f64(f.max_bits, s);
    let ulp = max - to_f64(f.max_bits - 1, s);
    let threshold = max + ulp / 2.0;
    // e5m2: a tie at the threshold rounds to the odd maximum's even neighbour, infinity.
    let overflow = abs_x > threshold || s == Scalar::E5M2 && abs_x == threshold;
    if overflow {
        return sign
            | match (sat, s) {
                (Saturation::SatFinite, _) => f.max_bits,
                (Saturation::NoSat, Scalar::E4M3) => 0x7f,
                (Saturation::NoSat, _) => 0x7c,
            };
    }
    // Round |x| / quantum to an integer, ties to even, where the quantum is the format's ulp
    // at |x|'s binade (the subnormal ulp below the normal range). Exact: |x| < 2^16, the
    // quantum a power of two, so the quotient is exact in f64 and so is its rounding.
    let exp = ((abs >> 52) as i32) - 1023;
    let e = exp.max(1 - f.bias);
    let quantum = 2f64.powi(e - f.mant as i32);
    let q = (abs_x / quantum).round_ties_even();
    let value = q * quantum;
    // Re-encode the rounded value (it may have moved up a binade).
    sign | encode_exact(value, &f)
}

/// The bits of a positive value exactly representable in the format (at most the maximum).
fn encode_exact(v: f64, f: &Format) -> u8 {
    if v == 0.0 {
        return 0;
    }
    let min_normal = f64::from(pow2(1 - f.bias));
    if v < min_normal {
        let q = v / min_normal * f64::from(1u32 << f.mant);
        return q as u8;
    }
    let exp = ((v.to_bits() >> 52) as i32) - 1023;
    let man = (v / 2f64.powi(exp) - 1.0) * f64::from(1u32 << f.mant);
    (((exp + f.bias) as u8) << f.mant) | man as u8
}

/// e4m3 or e5m2 bits of an f32 (CUDA's `__nv_cvt_float_to_fp8`: a NaN is made canonical first).
#[must_use]
pub fn from_f32(x: f32, s: Scalar, sat: Saturation) -> u8 {
    let x = if x.is_nan() {
        f32::from_bits(0x7fff_ffff)
    } else {
        x
    };
    from_f64(f64::from(x), s, sat)
}

/// e8m0 bits of an f32's magnitude, rounded toward zero or (`up`) toward +infinity, as CUDA's
/// `__nv_cvt_float_to_e8m0` computes it: through bfloat16 rounded the same way.
#[must_use]
pub fn e8m0_from_f32(x: f32, sat: Saturation, up: bool) -> u8 {
    if x.is_nan() {
        return E8M0_NAN;
    }
    let b = x.abs().to_bits();
    // bfloat16 of |x| toward zero or toward +infinity.
    let mut h = (b >> 16) as u16;
    if up && b < 0x7f80_0000 && b & 0xffff != 0 {
        h += 1;
    }
    e8m0_from_bf16(h, sat, up)
}

/// e8m0 bits of bfloat16 bits' magnitude (CUDA's `__nv_cvt_bfloat16raw_to_e8m0`).
#[must_use]
pub fn e8m0_from_bf16(h: u16, sat: Saturation, up: bool) -> u8 {
    let a = h & 0x7fff;
    if a > 0x7f80 {
        return E8M0_NAN;
    }
    let mut r = (a >> 7) as u8;
    if up && a & 0x7f != 0 && a > 0x40 && a < 0x7f80 {
        r = r.wrapping_add(1);
    }
    if sat == Saturation::SatFinite && r == E8M0_NAN {
        r = 0xfe;
    }
    r
}

/// e8m0 bits of an f64's magnitude: rounded to float32 keeping inexactness as a sticky bit
/// (CUDA's `__internal_double_to_float_with_sticky`), then [`e8m0_from_f32`].
#[must_use]
pub fn e8m0_from_f64(x: f64, sat: Saturation, up: bool) -> u8 {
    if x.is_nan() {
        return E8M0_NAN;
    }
    #[expect(
        clippy::cast_possible_truncation,
        reason = "rounding to f32 is the point"
    )]
    let f = x as f32;
    let d = f64::from(f);
    let mut u = f.to_bits();
    if x > 0.0 && d > x || x < 0.0 && d < x {
        u -= 1;
    }
    if d != x {
        u |= 1;
    }
    e8m0_from_f32(f32::from_bits(u), sat, up)
}

/// fp8 bits of format `s` of an f64, as the format's constructor (`fp8_e4m3(x)`) converts:
/// saturating, to nearest even (e8m0: toward +infinity).
#[must_use]
pub fn from_f64_constructor(x: f64, s: Scalar) -> u8 {
    if s == Scalar::E8M0 {
        e8m0_from_f64(x, Saturation::SatFinite, true)
    } else {
        from_f64(x, s, Saturation::SatFinite)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_named_values() {
        assert_eq!(to_f32(0x7e, Scalar::E4M3), 448.0);
        assert_eq!(to_f32(0x01, Scalar::E4M3), 2f32.powi(-9));
        assert_eq!(to_f32(0x38, Scalar::E4M3), 1.0);
        assert!(to_f32(0xff, Scalar::E4M3).is_nan());
        assert_eq!(to_f32(0x7b, Scalar::E5M2), 57344.0);
        assert_eq!(to_f32(0x7c, Scalar::E5M2), f32::INFINITY);
        assert_eq!(to_f32(0xfc, Scalar::E5M2), f32::NEG_INFINITY);
        assert!(to_f32(0x7d, Scalar::E5M2).is_nan());
        assert_eq!(to_f32(0x01, Scalar::E5M2), 2f32.powi(-16));
        assert_eq!(to_f32(127, Scalar::E8M0), 1.0);
        assert_eq!(to_f32(0, Scalar::E8M0), 2f32.powi(-127));
        assert!(to_f32(0xff, Scalar::E8M0).is_nan());
    }

    /// Every finite pattern encodes back to itself, under both saturation modes.
    #[test]
    fn every_value_round_trips() {
        for s in [Scalar::E4M3, Scalar::E5M2] {
            for b in 0..=255u8 {
                let v = to_f64(b, s);
                if v.is_nan() || v.is_infinite() {
                    continue;
                }
                assert_eq!(from_f64(v, s, Saturation::NoSat), b, "{s:?} {b:#x}");
                assert_eq!(from_f64(v, s, Saturation::SatFinite), b, "{s:?} {b:#x}");
            }
        }
        for b in 0..=254u8 {
            let v = to_f32(b, Scalar::E8M0);
            assert_eq!(e8m0_from_f32(v, Saturation::NoSat, true), b);
            assert_eq!(e8m0_from_f32(v, Saturation::NoSat, false), b);
        }
    }

    /// Midpoints between neighbours round to the even one; just off them, to the nearer.
    #[test]
    fn midpoints_round_to_even() {
        for s in [Scalar::E4M3, Scalar::E5M2] {
            let max = format(s).max_bits;
            for b in 0..max {
                let (lo, hi) = (to_f64(b, s), to_f64(b + 1, s));
                let mid = f64::midpoint(lo, hi);
                let even = if b % 2 == 0 { b } else { b + 1 };
                assert_eq!(from_f64(mid, s, Saturation::NoSat), even, "{s:?} {b:#x}");
                assert_eq!(from_f64(mid.next_up(), s, Saturation::NoSat), b + 1);
                assert_eq!(from_f64(mid.next_down(), s, Saturation::NoSat), b);
                assert_eq!(from_f64(-mid, s, Saturation::NoSat), 0x80 | even);
            }
        }
    }

    #[test]
    fn overflow_follows_the_saturation_mode() {
        assert_eq!(from_f64(1e20, Scalar::E4M3, Saturation::NoSat), 0x7f);
        assert_eq!(from_f64(1e20, Scalar::E4M3, Saturation::SatFinite), 0x7e);
        assert_eq!(from_f64(-1e20, Scalar::E5M2, Saturation::NoSat), 0xfc);
        assert_eq!(from_f64(1e20, Scalar::E5M2, Saturation::SatFinite), 0x7b);
        // 464 is the midpoint between 448 and the (absent) 480: even, so 448.
        assert_eq!(from_f64(464.0, Scalar::E4M3, Saturation::NoSat), 0x7e);
        assert_eq!(
            from_f64(464.0f64.next_up(), Scalar::E4M3, Saturation::NoSat),
            0x7f
        );
        // 61440 is the midpoint between 57344 (odd) and infinity.
        assert_eq!(from_f64(61440.0, Scalar::E5M2, Saturation::NoSat), 0x7c);
        assert_eq!(
            from_f64(61440.0f64.next_down(), Scalar::E5M2, Saturation::NoSat),
            0x7b
        );
        assert_eq!(
            from_f64(f64::INFINITY, Scalar::E5M2, Saturation::SatFinite),
            0x7b
        );
        assert_eq!(
            from_f64(f64::INFINITY, Scalar::E5M2, Saturation::NoSat),
            0x7c
        );
        assert_eq!(
            from_f64(f64::INFINITY, Scalar::E4M3, Saturation::NoSat),
            0x7f
        );
    }

    #[test]
    fn nan_and_underflow() {
        assert_eq!(from_f32(f32::NAN, Scalar::E4M3, Saturation::NoSat), 0x7f);
        assert_eq!(from_f32(-f32::NAN, Scalar::E5M2, Saturation::NoSat), 0x7f);
        assert_eq!(from_f64(-f64::NAN, Scalar::E4M3, Saturation::NoSat), 0xff);
        assert_eq!(from_f64(2f64.powi(-10), Scalar::E4M3, Saturation::NoSat), 0);
        assert_eq!(
            from_f64(-2f64.powi(-10), Scalar::E4M3, Saturation::NoSat),
            0x80
        );
        assert_eq!(
            from_f64(2f64.powi(-10).next_up(), Scalar::E4M3, Saturation::NoSat),
            1
        );
        assert_eq!(e8m0_from_f32(f32::NAN, Saturation::SatFinite, true), 0xff);
        let over = 2f32.powi(127).next_up();
        assert_eq!(e8m0_from_f32(over, Saturation::NoSat, true), 0xff);
        assert_eq!(e8m0_from_f32(over, Saturation::SatFinite, true), 0xfe);
        assert_eq!(e8m0_from_f32(3.0, Saturation::NoSat, false), 128);
        assert_eq!(e8m0_from_f32(3.0, Saturation::NoSat, true), 129);
        assert_eq!(e8m0_from_f32(0.0, Saturation::NoSat, true), 0);
    }
}
