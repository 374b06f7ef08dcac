//! The math functions of `MathFn` (the C library's, as libdevice provides them on the GPU).
//!
//! float32 is computed in f32 (`sinf`, not `sin` then rounding), float64 in f64, float16 in f64
//! and rounded to float16 once (except `nextafter`, which steps float16's own bit patterns).
//! Sources: Rust's `f32`/`f64` methods, which call the platform C library (glibc on Linux:
//! correctly rounded or within 1 ulp for the elementary functions) or are exact (`sqrt`, `fma`,
//! `floor`, …); the `libm` crate (musl's implementations, ≤ 1–2 ulp) for `erf`, `erfc`, `tgamma`,
//! `lgamma`, `remainder`, `nextafter`, `ldexp`, and for `asinh`, `acosh`, `atanh`, which Rust's
//! std computes with textbook formulas. `docs/simulator.md` lists the bounds against
//! libdevice's documented errors.
//!
//! Invariant: the functions take and return canonical registers of the operand type (bool for
//! the `Is*` predicates, int32 for `Ilogb`); `Ldexp`'s exponent is an int32 register.

use oxcuda_ir::{MathFn, Scalar};

use crate::arith::{f32_of, f64_of, of_f32, of_f64};
use crate::f16;
use oxcuda_types::bf16;

macro_rules! unary_fn {
    (
        $name:ident, $t:ty, $erf:path, $erfc:path, $tgamma:path, $lgamma:path, $asinh:path,
        $acosh:path, $atanh:path, $cbrt:path
    ) => {
        fn $name(f: MathFn, x: $t) -> $t {
            match f {
                MathFn::Sin => x.sin(),
                MathFn::Cos => x.cos(),
                MathFn::Tan => x.tan(),
                MathFn::Asin => x.asin(),
                MathFn::Acos => x.acos(),
                MathFn::Atan => x.atan(),
                MathFn::Sinh => x.sinh(),
                MathFn::Cosh => x.cosh(),
                MathFn::Tanh => x.tanh(),
                // Rust's std computes these three with textbook formulas (17 ulp for acosh
                // near 1); musl's are accurate.
                MathFn::Asinh => $asinh(x),
                MathFn::Acosh => $acosh(x),
                MathFn::Atanh => $atanh(x),
                MathFn::Exp => x.exp(),
                MathFn::Exp2 => x.exp2(),
                MathFn::Expm1 => x.exp_m1(),
                MathFn::Log => x.ln(),
                MathFn::Log2 => x.log2(),
                MathFn::Log10 => x.log10(),
                MathFn::Log1p => x.ln_1p(),
                MathFn::Sqrt => x.sqrt(),
                MathFn::Rsqrt => 1.0 / x.sqrt(),
                // musl's cbrt (the libm crate) is within 1 ulp on every platform; glibc's, which
                // NumPy and CPython call, is 3 ulp off for some float64 inputs.
                MathFn::Cbrt => $cbrt(x),
                MathFn::Fabs => x.abs(),
                MathFn::Ceil => x.ceil(),
                MathFn::Floor => x.floor(),
                MathFn::Trunc => x.trunc(),
                MathFn::Rint => x.round_ties_even(),
                MathFn::Erf => $erf(x),
                MathFn::Erfc => $erfc(x),
                MathFn::Tgamma => $tgamma(x),
                MathFn::Lgamma => $lgamma(x),
                // Binary functions, predicates and fma never reach here (decoding sorts them).
                _ => <$t>::NAN,
            }
        }
    };
}

unary_fn!(
    unary_f32,
    f32,
    libm::erff,
    libm::erfcf,
    libm::tgammaf,
    libm::lgammaf,
    libm::asinhf,
    libm::acoshf,
    libm::atanhf,
    libm::cbrtf
);
unary_fn!(
    unary_f64,
    f64,
    libm::erf,
    libm::erfc,
    libm::tgamma,
    libm::lgamma,
    libm::asinh,
    libm::acosh,
    libm::atanh,
    libm::cbrt
);

macro_rules! binary_fn {
    ($name:ident, $t:ty, $fmod:path, $rem:path, $next:path) => {
        fn $name(f: MathFn, x: $t, y: $t) -> $t {
            match f {
                MathFn::Atan2 => x.atan2(y),
                MathFn::Hypot => x.hypot(y),
                MathFn::Pow => x.powf(y),
                MathFn::Fmod => $fmod(x, y),
                MathFn::Copysign => x.copysign(y),
                MathFn::Remainder => $rem(x, y),
                MathFn::Nextafter => $next(x, y),
                MathFn::Fmin => x.min(y),
                MathFn::Fmax => x.max(y),
                _ => <$t>::NAN,
            }
        }
    };
}

binary_fn!(
    binary_f32,
    f32,
    libm::fmodf,
    libm::remainderf,
    libm::nextafterf
);
binary_fn!(
    binary_f64,
    f64,
    libm::fmod,
    libm::remainder,
    libm::nextafter
);

/// Whether `f` is one of the bool-valued predicates.
#[must_use]
pub const fn is_predicate(f: MathFn) -> bool {
    matches!(f, MathFn::IsNan | MathFn::IsInf | MathFn::IsFinite)
}

/// A one-operand function (including the predicates) on a float register of type `ty`.
#[must_use]
pub fn unary(f: MathFn, ty: Scalar, a: u64) -> u64 {
    if is_predicate(f) {
        let v = crate::arith::float_value(ty, a);
        return u64::from(match f {
            MathFn::IsNan => v.is_nan(),
            MathFn::IsInf => v.is_infinite(),
            _ => v.is_finite(),
        });
    }
    if f == MathFn::Ilogb {
        return ilogb(crate::arith::float_value(ty, a));
    }
    if f == MathFn::Fabs && matches!(ty, Scalar::F16 | Scalar::BF16) {
        // The sign bit cleared, as the GPU does (`codegen/math.rs`) and NumPy's half `abs`:
        // a signalling NaN stays signalling (a round trip through f64 would quiet it).
        return a & 0x7fff;
    }
    match ty {
        Scalar::F32 => of_f32(unary_f32(f, f32_of(a))),
        Scalar::F64 => of_f64(unary_f64(f, f64_of(a))),
        // float16 in f64, rounded once: f64's functions are within 2 ulp of the exact value,
        // and no float16 input has a result within 2^-30 of a float16 rounding midpoint (checked
        // over every input in tests/kernels/test_fp16.py), so the result is the correctly
        // rounded float16 — the one the GPU computes the same way (`codegen/math.rs`).
        // bfloat16 likewise in f64, rounded once (checked over every input in
        // tests/kernels/test_bf16.py).
        Scalar::BF16 => u64::from(bf16::from_f64(unary_f64(f, bf16::to_f64(a as u16)))),
        _ => u64::from(f16::from_f64(unary_f64(f, f16::to_f64(a as u16)))),
    }
}

/// `ilogb` as a canonical int32 register, with libdevice's values for zero, NaN (`i32::MIN`)
/// and infinity (`i32::MAX`). The value is widened to f64 first: exact for every float type,
/// and f64's exponent range holds every float32 and float16 exponent, subnormals included.
fn ilogb(x: f64) -> u64 {
    let e = if x.is_nan() || x == 0.0 {
        i32::MIN
    } else if x.is_infinite() {
        i32::MAX
    } else {
        libm::ilogb(x)
    };
    i64::from(e) as u64
}

/// A two-operand function on float registers of type `ty` (`Ldexp`: `b` is an int32 register).
#[must_use]
pub fn binary(f: MathFn, ty: Scalar, a: u64, b: u64) -> u64 {
    if f == MathFn::Ldexp {
        let n = b as i64 as i32;
        return match ty {
            Scalar::F32 => of_f32(libm::scalbnf(f32_of(a), n)),
            Scalar::F64 => of_f64(libm::scalbn(f64_of(a), n)),
            Scalar::BF16 => u64::from(bf16::from_f64(libm::scalbn(bf16::to_f64(a as u16), n))),
            // Scaling in f64 is exact for every float16 input and exponent that matters.
            _ => u64::from(f16::from_f64(libm::scalbn(f16::to_f64(a as u16), n))),
        };
    }
    match ty {
        Scalar::F32 => of_f32(binary_f32(f, f32_of(a), f32_of(b))),
        Scalar::F64 => of_f64(binary_f64(f, f64_of(a), f64_of(b))),
        Scalar::BF16 if f == MathFn::Nextafter => u64::from(nextafter_bf16(a as u16, b as u16)),
        Scalar::BF16 => u64::from(bf16::from_f64(binary_f64(
            f,
            bf16::to_f64(a as u16),
            bf16::to_f64(b as u16),
        ))),
        _ if f == MathFn::Nextafter => u64::from(nextafter_f16(a as u16, b as u16)),
        _ => u64::from(f16::from_f64(binary_f64(
            f,
            f16::to_f64(a as u16),
            f16::to_f64(b as u16),
        ))),
    }
}

/// `fma(a, b, c)` rounded once (float16: computed in f64, then rounded to float16).
#[must_use]
pub fn fma(ty: Scalar, a: u64, b: u64, c: u64) -> u64 {
    match ty {
        Scalar::F32 => of_f32(f32_of(a).mul_add(f32_of(b), f32_of(c))),
        Scalar::F64 => of_f64(f64_of(a).mul_add(f64_of(b), f64_of(c))),
        Scalar::BF16 => {
            let (x, y, z) = (
                bf16::to_f64(a as u16),
                bf16::to_f64(b as u16),
                bf16::to_f64(c as u16),
            );
            // The product (16 significant bits) is exact in f64; the f64 fma rounds the sum
            // once and, as for float16 below, cannot land on a bfloat16 midpoint the exact
            // sum is not on. The GPU computes the same (`fma.rn.f64`, then this rounding).
            u64::from(bf16::from_f64(x.mul_add(y, z)))
        }
        _ => {
            let (x, y, z) = (
                f16::to_f64(a as u16),
                f16::to_f64(b as u16),
                f16::to_f64(c as u16),
            );
            // One rounding: the product of two float16 values is exact in f64, and the f64
            // sum cannot land on a float16 rounding midpoint unless the exact sum is that
            // midpoint (its distance from one is at least the product's last bit, 2^-21 of
            // the product, far above f64's resolution), so rounding it to float16 rounds the
            // exact value.
            u64::from(f16::from_f64(x.mul_add(y, z)))
        }
    }
}

/// `nextafter` on bfloat16 bit patterns (a NaN operand gives the canonical NaN).
fn nextafter_bf16(x: u16, y: u16) -> u16 {
    let (fx, fy) = (bf16::to_f32(x), bf16::to_f32(y));
    if fx.is_nan() || fy.is_nan() {
        return bf16::NAN;
    }
    if fx == fy {
        return y;
    }
    if fx == 0.0 {
        return (y & 0x8000) | 1;
    }
    if (fy > fx) == (fx > 0.0) {
        x + 1
    } else {
        x - 1
    }
}

/// `nextafter` on float16 bit patterns.
fn nextafter_f16(x: u16, y: u16) -> u16 {
    let (fx, fy) = (f16::to_f32(x), f16::to_f32(y));
    if fx.is_nan() || fy.is_nan() {
        return 0x7e00;
    }
    if fx == fy {
        return y;
    }
    if fx == 0.0 {
        return (y & 0x8000) | 1;
    }
    // Away from zero when moving outward, toward zero otherwise.
    if (fy > fx) == (fx > 0.0) {
        x + 1
    } else {
        x - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ilogb_is_exact_with_libdevice_special_values() {
        let int = |r: u64| r as i64;
        assert_eq!(int(unary(MathFn::Ilogb, Scalar::F64, of_f64(1.0))), 0);
        assert_eq!(int(unary(MathFn::Ilogb, Scalar::F64, of_f64(-0.75))), -1);
        assert_eq!(
            int(unary(MathFn::Ilogb, Scalar::F64, of_f64(5e-324))),
            -1074
        );
        assert_eq!(int(unary(MathFn::Ilogb, Scalar::F32, of_f32(1e-45))), -149);
        assert_eq!(int(unary(MathFn::Ilogb, Scalar::F32, of_f32(3.0e38))), 127);
        assert_eq!(int(unary(MathFn::Ilogb, Scalar::F16, 0x0001)), -24);
        let min = i64::from(i32::MIN);
        assert_eq!(int(unary(MathFn::Ilogb, Scalar::F64, of_f64(0.0))), min);
        assert_eq!(
            int(unary(MathFn::Ilogb, Scalar::F32, of_f32(f32::NAN))),
            min
        );
        let inf = unary(MathFn::Ilogb, Scalar::F64, of_f64(f64::NEG_INFINITY));
        assert_eq!(int(inf), i64::from(i32::MAX));
    }

    #[test]
    fn float32_functions_are_computed_in_f32() {
        let x = 0.7f32;
        assert_eq!(f32_of(unary(MathFn::Sin, Scalar::F32, of_f32(x))), x.sin());
        assert_eq!(
            f32_of(unary(MathFn::Erf, Scalar::F32, of_f32(0.5))),
            libm::erff(0.5)
        );
        assert_eq!(
            f64_of(unary(MathFn::Tgamma, Scalar::F64, of_f64(5.0))),
            24.0
        );
        assert!(
            (f64_of(unary(MathFn::Lgamma, Scalar::F64, of_f64(10.0))) - 362_880f64.ln()).abs()
                < 1e-13
        );
        assert_eq!(f32_of(unary(MathFn::Rint, Scalar::F32, of_f32(2.5))), 2.0);
        assert_eq!(unary(MathFn::IsNan, Scalar::F32, of_f32(f32::NAN)), 1);
        assert_eq!(
            unary(MathFn::IsFinite, Scalar::F64, of_f64(f64::INFINITY)),
            0
        );
        assert_eq!(
            f64_of(binary(MathFn::Ldexp, Scalar::F64, of_f64(1.5), 3)),
            12.0
        );
        assert_eq!(
            f64_of(binary(
                MathFn::Remainder,
                Scalar::F64,
                of_f64(5.0),
                of_f64(2.0)
            )),
            1.0
        );
        assert_eq!(
            f32_of(binary(
                MathFn::Nextafter,
                Scalar::F32,
                of_f32(1.0),
                of_f32(2.0)
            )),
            1.0f32.next_up()
        );
        assert_eq!(
            f32_of(fma(Scalar::F32, of_f32(0.1), of_f32(10.0), of_f32(-1.0))),
            0.1f32.mul_add(10.0, -1.0)
        );
    }

    #[test]
    fn float16_rounds_once_and_steps_its_own_ulps() {
        let h = |x: f32| u64::from(f16::from_f32(x));
        assert_eq!(unary(MathFn::Sqrt, Scalar::F16, h(2.0)), h(2f32.sqrt()));
        assert_eq!(
            binary(MathFn::Nextafter, Scalar::F16, h(1.0), h(2.0)),
            0x3c01
        );
        assert_eq!(
            binary(MathFn::Nextafter, Scalar::F16, h(1.0), h(0.0)),
            0x3bff
        );
        assert_eq!(
            binary(MathFn::Nextafter, Scalar::F16, h(-1.0), h(0.0)),
            0xbbff
        );
        assert_eq!(binary(MathFn::Nextafter, Scalar::F16, 0, h(-1.0)), 0x8001);
    }
}

#[cfg(test)]
mod accuracy {
    //! float32 results against float64 references (whose own error, below 2^-29 float32 ulp,
    //! does not matter here), on pseudo-random inputs over each function's useful range. The
    //! bounds asserted are libdevice's documented maximum errors, so the simulator is at least
    //! as accurate as the GPU; `cargo test -p oxcuda-sim accuracy -- --nocapture` prints the
    //! measured maxima (quoted in docs/simulator.md).

    use super::*;

    /// The float32 ulp at the magnitude of `x`.
    fn ulp32(x: f64) -> f64 {
        let x = (x.abs() as f32).max(f32::MIN_POSITIVE);
        f64::from(x.next_up() - x)
    }

    struct Lcg(u64);

    impl Lcg {
        fn unit(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
        fn range(&mut self, lo: f64, hi: f64) -> f32 {
            (lo + (hi - lo) * self.unit()) as f32
        }
        fn log_range(&mut self, lo: f64, hi: f64) -> f32 {
            (lo.ln() + (hi.ln() - lo.ln()) * self.unit()).exp() as f32
        }
    }

    fn max_ulp(f: MathFn, mut input: impl FnMut() -> (f32, f32)) -> f64 {
        let mut worst = 0f64;
        for _ in 0..20_000 {
            let (x, y) = input();
            let got = if f.arity() == 2 {
                f32_of(binary(f, Scalar::F32, of_f32(x), of_f32(y)))
            } else {
                f32_of(unary(f, Scalar::F32, of_f32(x)))
            };
            let want = if f.arity() == 2 {
                f64_of(binary(f, Scalar::F64, of_f64(x.into()), of_f64(y.into())))
            } else {
                f64_of(unary(f, Scalar::F64, of_f64(x.into())))
            };
            if !want.is_finite() || want.abs() > f64::from(f32::MAX) {
                continue;
            }
            let err = (f64::from(got) - want).abs() / ulp32(want);
            worst = worst.max(err);
        }
        worst
    }

    /// Draws one (x, y) input.
    type Input = Box<dyn FnMut(&mut Lcg) -> (f32, f32)>;

    #[test]
    fn float32_functions_are_within_libdevice_bounds() {
        let mut r = Lcg(12345);
        // (function, libdevice float32 bound in ulp, input generator)
        let cases: Vec<(MathFn, f64, Input)> = vec![
            (
                MathFn::Sin,
                2.0,
                Box::new(|r| (r.range(-100.0, 100.0), 0.0)),
            ),
            (
                MathFn::Cos,
                2.0,
                Box::new(|r| (r.range(-100.0, 100.0), 0.0)),
            ),
            (MathFn::Tan, 4.0, Box::new(|r| (r.range(-1.5, 1.5), 0.0))),
            (MathFn::Asin, 2.0, Box::new(|r| (r.range(-1.0, 1.0), 0.0))),
            (MathFn::Acos, 2.0, Box::new(|r| (r.range(-1.0, 1.0), 0.0))),
            (
                MathFn::Atan,
                2.0,
                Box::new(|r| (r.range(-100.0, 100.0), 0.0)),
            ),
            (MathFn::Sinh, 3.0, Box::new(|r| (r.range(-80.0, 80.0), 0.0))),
            (MathFn::Cosh, 2.0, Box::new(|r| (r.range(-80.0, 80.0), 0.0))),
            (MathFn::Tanh, 2.0, Box::new(|r| (r.range(-10.0, 10.0), 0.0))),
            (
                MathFn::Asinh,
                3.0,
                Box::new(|r| (r.range(-1000.0, 1000.0), 0.0)),
            ),
            (
                MathFn::Acosh,
                4.0,
                Box::new(|r| (r.log_range(1.0, 1000.0), 0.0)),
            ),
            (
                MathFn::Atanh,
                3.0,
                Box::new(|r| (r.range(-0.999, 0.999), 0.0)),
            ),
            (MathFn::Exp, 2.0, Box::new(|r| (r.range(-80.0, 80.0), 0.0))),
            (
                MathFn::Exp2,
                2.0,
                Box::new(|r| (r.range(-120.0, 120.0), 0.0)),
            ),
            (
                MathFn::Expm1,
                1.0,
                Box::new(|r| (r.range(-10.0, 10.0), 0.0)),
            ),
            (
                MathFn::Log,
                1.0,
                Box::new(|r| (r.log_range(1e-30, 1e30), 0.0)),
            ),
            (
                MathFn::Log2,
                1.0,
                Box::new(|r| (r.log_range(1e-30, 1e30), 0.0)),
            ),
            (
                MathFn::Log10,
                2.0,
                Box::new(|r| (r.log_range(1e-30, 1e30), 0.0)),
            ),
            (
                MathFn::Log1p,
                1.0,
                Box::new(|r| (r.range(-0.99, 1000.0), 0.0)),
            ),
            (
                MathFn::Sqrt,
                0.5,
                Box::new(|r| (r.log_range(1e-30, 1e30), 0.0)),
            ),
            (
                MathFn::Rsqrt,
                2.0,
                Box::new(|r| (r.log_range(1e-30, 1e30), 0.0)),
            ),
            (MathFn::Cbrt, 1.0, Box::new(|r| (r.range(-1e6, 1e6), 0.0))),
            (MathFn::Erf, 2.0, Box::new(|r| (r.range(-5.0, 5.0), 0.0))),
            (MathFn::Erfc, 4.0, Box::new(|r| (r.range(-5.0, 9.0), 0.0))),
            (
                MathFn::Tgamma,
                5.0,
                Box::new(|r| (r.range(0.01, 30.0), 0.0)),
            ),
            (
                MathFn::Lgamma,
                6.0,
                Box::new(|r| (r.range(0.01, 1000.0), 0.0)),
            ),
            (
                MathFn::Atan2,
                3.0,
                Box::new(|r| (r.range(-10.0, 10.0), r.range(-10.0, 10.0))),
            ),
            (
                MathFn::Hypot,
                3.0,
                Box::new(|r| (r.range(-1e3, 1e3), r.range(-1e3, 1e3))),
            ),
            (
                MathFn::Pow,
                4.0,
                Box::new(|r| (r.log_range(1e-3, 1e3), r.range(-10.0, 10.0))),
            ),
        ];
        let mut report = Vec::new();
        for (f, bound, mut gen_input) in cases {
            let worst = max_ulp(f, || gen_input(&mut r));
            report.push(format!(
                "{:>7}: {worst:.2} ulp (libdevice {bound})",
                f.c_name()
            ));
            assert!(
                worst <= bound + 0.5,
                "{} float32: {worst} ulp, libdevice's bound is {bound}",
                f.c_name()
            );
        }
        println!("{}", report.join("\n"));
    }
}
