//! Arithmetic with a directed rounding mode (libdevice's `_rn _rz _ru _rd` forms), exact.
//!
//! Each operation forms its exact result as an integer significand and a power of two (a
//! product, quotient or square root of `u128` significands, with a *sticky* flag when the true
//! value lies strictly between `m` and `m + 1` units), then [`round`] rounds that once to the
//! target format in the requested mode, subnormals and overflow included. Nothing is computed
//! in floating point, so there is no double rounding; NaN and infinite operands take the IEEE
//! result of the round-to-nearest operation (the mode does not change those).

/// An IEEE rounding mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// To nearest, ties to even.
    Rn,
    /// Toward zero.
    Rz,
    /// Toward +∞.
    Ru,
    /// Toward −∞.
    Rd,
}

/// A binary floating-point format.
#[derive(Debug, Clone, Copy)]
pub struct Format {
    /// Significand bits, the implicit one included.
    p: i32,
    /// The smallest normal exponent.
    emin: i32,
    /// The largest exponent.
    emax: i32,
    /// Total bits.
    bits: u32,
}

/// float32.
pub const F32: Format = Format {
    p: 24,
    emin: -126,
    emax: 127,
    bits: 32,
};
/// float64.
pub const F64: Format = Format {
    p: 53,
    emin: -1022,
    emax: 1023,
    bits: 64,
};

/// An exact value `(-1)^neg · (m + δ) · 2^e`, `δ` in (0, 1) when `sticky`, else 0.
#[derive(Debug, Clone, Copy)]
struct Exact {
    neg: bool,
    m: u128,
    e: i32,
    sticky: bool,
}

fn bitlen(m: u128) -> i32 {
    128 - m.leading_zeros() as i32
}

/// Splits the finite float of bits `x` in format `f` into sign, integer significand, exponent.
fn split(f: Format, x: u64) -> Exact {
    let frac_bits = f.p - 1;
    let neg = (x >> (f.bits - 1)) & 1 == 1;
    let exp_field = ((x >> frac_bits) & ((1 << (f.bits - 1 - frac_bits as u32)) - 1)) as i32;
    let frac = u128::from(x & ((1u64 << frac_bits) - 1));
    let (m, e) = if exp_field == 0 {
        (frac, f.emin - frac_bits)
    } else {
        (
            frac | (1u128 << frac_bits),
            exp_field - (f.emax) - frac_bits,
        )
    };
    Exact {
        neg,
        m,
        e,
        sticky: false,
    }
}

/// Rounds `v` to format `f` in `mode`: the result's bits.
fn round(f: Format, v: Exact, mode: Mode) -> u64 {
    let sign = u64::from(v.neg) << (f.bits - 1);
    if v.m == 0 && !v.sticky {
        return sign;
    }
    let (mut m, mut e, sticky) = (v.m, v.e, v.sticky);
    // Give small significands guard bits (exact: a left shift).
    if bitlen(m) < f.p + 2 {
        let s = f.p + 2 - bitlen(m);
        m <<= s;
        e -= s;
    }
    let top = bitlen(m) - 1 + e; // the value is in [2^top, 2^(top+1))
    let q = (top - (f.p - 1)).max(f.emin - (f.p - 1)); // the exponent of the result's unit
    let shift = q - e; // > 0 since m has at least p + 2 bits
    let (kept, rem, half) = if shift >= 128 {
        (0u128, m, None)
    } else {
        (
            m >> shift,
            m & ((1u128 << shift) - 1),
            Some(1u128 << (shift - 1)),
        )
    };
    let inexact = rem != 0 || sticky;
    let up = match mode {
        Mode::Rz => false,
        Mode::Ru => inexact && !v.neg,
        Mode::Rd => inexact && v.neg,
        Mode::Rn => match half {
            None => false, // far below half a unit
            Some(h) => rem > h || (rem == h && (sticky || kept & 1 == 1)),
        },
    };
    let mut kept = kept + u128::from(up);
    let mut q = q;
    if bitlen(kept) > f.p {
        kept >>= 1;
        q += 1;
    }
    let frac_bits = f.p - 1;
    if kept < (1u128 << frac_bits) {
        return sign | kept as u64; // subnormal (or zero)
    }
    let exp = q + frac_bits;
    if exp > f.emax {
        let to_inf = match mode {
            Mode::Rn => true,
            Mode::Rz => false,
            Mode::Ru => !v.neg,
            Mode::Rd => v.neg,
        };
        let inf = ((1u64 << (f.bits - 1 - frac_bits as u32)) - 1) << frac_bits;
        return sign | if to_inf { inf } else { inf - 1 };
    }
    let biased = (exp + f.emax) as u64;
    sign | (biased << frac_bits) | (kept as u64 & ((1u64 << frac_bits) - 1))
}

/// Shifts `m` right by `d`, folding what falls off into the sticky flag.
fn shr_sticky(m: u128, d: i32) -> (u128, bool) {
    if d <= 0 {
        (m, false)
    } else if d >= 128 {
        (0, m != 0)
    } else {
        (m >> d, m & ((1u128 << d) - 1) != 0)
    }
}

/// Normalises `m` (≤ 125 bits) so its top bit is bit 124.
fn to_top(v: Exact) -> Exact {
    let s = 125 - bitlen(v.m);
    Exact {
        m: v.m << s,
        e: v.e - s,
        ..v
    }
}

/// The exact sum of two exact values (no sticky on input); the sign of an exact zero follows
/// IEEE (−0 only for `-0 + -0`, or in `Rd` mode).
fn add_exact(a: Exact, b: Exact, mode: Mode) -> Exact {
    if a.m == 0 || b.m == 0 {
        let (x, y) = if a.m == 0 { (b, a) } else { (a, b) };
        if x.m != 0 {
            return x;
        }
        let neg = if x.neg == y.neg {
            x.neg
        } else {
            mode == Mode::Rd
        };
        return Exact { neg, ..x };
    }
    let (a, b) = (to_top(a), to_top(b));
    let (hi, lo) = if a.e >= b.e { (a, b) } else { (b, a) };
    let (lo_m, sticky) = shr_sticky(lo.m, hi.e - lo.e);
    if hi.neg == lo.neg {
        return Exact {
            neg: hi.neg,
            m: hi.m + lo_m,
            e: hi.e,
            sticky,
        };
    }
    if sticky {
        // hi − (lo_m + δ) = (hi − lo_m − 1) + (1 − δ)
        return Exact {
            neg: hi.neg,
            m: hi.m - lo_m - 1,
            e: hi.e,
            sticky: true,
        };
    }
    if hi.m >= lo_m {
        let m = hi.m - lo_m;
        let neg = if m == 0 { mode == Mode::Rd } else { hi.neg };
        Exact {
            neg,
            m,
            e: hi.e,
            sticky: false,
        }
    } else {
        Exact {
            neg: lo.neg,
            m: lo_m - hi.m,
            e: hi.e,
            sticky: false,
        }
    }
}

fn finite(f: Format, x: u64) -> bool {
    let frac_bits = f.p - 1;
    let exp_mask = (1u64 << (f.bits - 1 - frac_bits as u32)) - 1;
    (x >> frac_bits) & exp_mask != exp_mask
}

/// `a + b` in `mode`; `nearest` is the round-to-nearest result (used for NaN and ∞ operands).
#[must_use]
pub fn add(f: Format, a: u64, b: u64, mode: Mode, nearest: u64) -> u64 {
    if !finite(f, a) || !finite(f, b) {
        return nearest;
    }
    round(f, add_exact(split(f, a), split(f, b), mode), mode)
}

/// `a · b` in `mode`.
#[must_use]
pub fn mul(f: Format, a: u64, b: u64, mode: Mode, nearest: u64) -> u64 {
    if !finite(f, a) || !finite(f, b) {
        return nearest;
    }
    let (x, y) = (split(f, a), split(f, b));
    let v = Exact {
        neg: x.neg ^ y.neg,
        m: x.m * y.m,
        e: x.e + y.e,
        sticky: false,
    };
    round(f, v, mode)
}

/// `a · b + c` in `mode`, rounded once.
#[must_use]
pub fn fma(f: Format, a: u64, b: u64, c: u64, mode: Mode, nearest: u64) -> u64 {
    if !finite(f, a) || !finite(f, b) || !finite(f, c) {
        return nearest;
    }
    let (x, y, z) = (split(f, a), split(f, b), split(f, c));
    let p = Exact {
        neg: x.neg ^ y.neg,
        m: x.m * y.m,
        e: x.e + y.e,
        sticky: false,
    };
    round(f, add_exact(p, z, mode), mode)
}

/// `a / b` in `mode`.
#[must_use]
pub fn div(f: Format, a: u64, b: u64, mode: Mode, nearest: u64) -> u64 {
    if !finite(f, a) || !finite(f, b) {
        return nearest;
    }
    let (x, y) = (split(f, a), split(f, b));
    if x.m == 0 || y.m == 0 {
        return nearest;
    }
    let s = 126 - bitlen(x.m);
    let n = x.m << s;
    let v = Exact {
        neg: x.neg ^ y.neg,
        m: n / y.m,
        e: x.e - s - y.e,
        sticky: !n.is_multiple_of(y.m),
    };
    round(f, v, mode)
}

fn isqrt(n: u128) -> u128 {
    if n == 0 {
        return 0;
    }
    // Newton from an overestimate: x_{k+1} = (x_k + n / x_k) / 2 decreases to ⌊√n⌋.
    let mut x = 1u128 << (bitlen(n) / 2 + 1);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// `√a` in `mode`.
#[must_use]
pub fn sqrt(f: Format, a: u64, mode: Mode, nearest: u64) -> u64 {
    if !finite(f, a) {
        return nearest;
    }
    let x = split(f, a);
    if x.m == 0 || x.neg {
        return nearest;
    }
    let mut s = 126 - bitlen(x.m);
    if (x.e - s) % 2 != 0 {
        s -= 1;
    }
    let n = x.m << s;
    let r = isqrt(n);
    let v = Exact {
        neg: false,
        m: r,
        e: (x.e - s) / 2,
        sticky: r * r != n,
    };
    round(f, v, mode)
}

/// The float64 of bits `x` rounded to float32 in `mode` (float32 bits).
#[must_use]
pub fn narrow(x: u64, mode: Mode) -> u64 {
    let d = f64::from_bits(x);
    if !d.is_finite() {
        return u64::from((d as f32).to_bits());
    }
    round(F32, split(F64, x), mode)
}

/// The integer `v` rounded to format `f` in `mode` (bits).
#[must_use]
pub fn from_int(f: Format, v: i128, mode: Mode) -> u64 {
    let x = Exact {
        neg: v < 0,
        m: v.unsigned_abs(),
        e: 0,
        sticky: false,
    };
    round(f, x, mode)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-operand rounding operation (operands, mode, round-to-nearest result).
    type Op2 = fn(u64, u64, Mode, u64) -> u64;

    fn d(mode: Mode, op: impl Fn(u64, u64, Mode, u64) -> u64, a: f64, b: f64, n: f64) -> f64 {
        f64::from_bits(op(a.to_bits(), b.to_bits(), mode, n.to_bits()))
    }

    #[test]
    fn nearest_matches_hardware_and_directed_brackets_it() {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for _ in 0..20000 {
            let (a, b) = (f64::from_bits(next()), f64::from_bits(next()));
            if !a.is_finite() || !b.is_finite() {
                continue;
            }
            let cases: [(Op2, f64); 3] = [
                (|a, b, m, n| add(F64, a, b, m, n), a + b),
                (|a, b, m, n| mul(F64, a, b, m, n), a * b),
                (|a, b, m, n| div(F64, a, b, m, n), a / b),
            ];
            for (op, n) in cases {
                let rn = d(Mode::Rn, op, a, b, n);
                assert_eq!(rn.to_bits(), n.to_bits(), "{a:e} {b:e}");
                let (lo, hi) = (d(Mode::Rd, op, a, b, n), d(Mode::Ru, op, a, b, n));
                assert!(lo <= n && n <= hi, "{a:e} {b:e}");
                assert!(lo == hi || lo.next_up() == hi || (lo == f64::MAX && hi.is_infinite()));
            }
            let r = f64::from_bits(sqrt(F64, a.abs().to_bits(), Mode::Rn, 0));
            assert_eq!(r, a.abs().sqrt());
            let r = f64::from_bits(fma(
                F64,
                a.to_bits(),
                b.to_bits(),
                1.5f64.to_bits(),
                Mode::Rn,
                0,
            ));
            if a.mul_add(b, 1.5).is_finite() {
                assert_eq!(r, a.mul_add(b, 1.5));
            }
        }
    }

    #[test]
    fn exact_zero_sign_and_overflow() {
        let z = add(F64, 1.0f64.to_bits(), (-1.0f64).to_bits(), Mode::Rd, 0);
        assert_eq!(z, (-0.0f64).to_bits());
        let z = add(F64, 1.0f64.to_bits(), (-1.0f64).to_bits(), Mode::Ru, 0);
        assert_eq!(z, 0);
        let big = f64::MAX.to_bits();
        assert_eq!(f64::from_bits(add(F64, big, big, Mode::Rz, 0)), f64::MAX);
        assert!(f64::from_bits(add(F64, big, big, Mode::Rn, 0)).is_infinite());
        assert_eq!(
            f64::from_bits(add(F64, 1.0f64.to_bits(), 1e-300f64.to_bits(), Mode::Ru, 0)),
            1.0f64.next_up()
        );
        assert_eq!(
            f64::from_bits(add(
                F64,
                1.0f64.to_bits(),
                (-1e-300f64).to_bits(),
                Mode::Rz,
                0
            )),
            1.0f64.next_down()
        );
        // subnormal results
        let tiny = f64::from_bits(1);
        assert_eq!(
            f64::from_bits(mul(F64, tiny.to_bits(), 0.5f64.to_bits(), Mode::Ru, 0)),
            tiny
        );
        assert_eq!(
            f64::from_bits(mul(F64, tiny.to_bits(), 0.5f64.to_bits(), Mode::Rd, 0)),
            0.0
        );
        assert_eq!(
            f64::from_bits(mul(F64, tiny.to_bits(), 0.5f64.to_bits(), Mode::Rn, 0)),
            0.0
        );
        assert_eq!(
            f64::from_bits(mul(F64, tiny.to_bits(), 1.5f64.to_bits(), Mode::Rn, 0)),
            f64::from_bits(2)
        );
        assert_eq!(
            f32::from_bits(narrow(1.0f64.next_up().to_bits(), Mode::Ru) as u32),
            1.0f32.next_up()
        );
    }
}
