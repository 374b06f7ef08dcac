//! libdevice functions that neither Rust's std nor the `libm` crate has: the inverse error
//! functions, the scaled complementary error function, the normal distribution, `sinpi` and
//! `cospi`, and correctly rounded float32 `rsqrt`.
//!
//! The inverses start from Giles' single-precision approximation ("Approximating the erfinv
//! function", 2010) and are refined by Newton's method on `erf` (centre) or on `ln erfc`
//! (tails, where `1 − y` would cancel), which converges to float64 accuracy in a few steps.
//! Products with π and 1/√2 are compensated (error-free products with `fma`), so the
//! argument is not rounded before a steep function sees it.

use std::f64::consts::{FRAC_1_SQRT_2, PI, SQRT_2};

/// 2/√π.
const TWO_OVER_SQRT_PI: f64 = std::f64::consts::FRAC_2_SQRT_PI;
/// The low part of π (π − `PI`).
const PI_LO: f64 = 1.224_646_799_147_353_2e-16;
/// The low part of 1/√2.
const FRAC_1_SQRT_2_LO: f64 = -4.833_646_656_726_457e-17;

/// Giles' approximation of `erfinv(x)` given `w = −ln((1 − x)(1 + x))` (relative error
/// about 1e-7).
fn giles(x: f64, w: f64) -> f64 {
    let p = if w < 5.0 {
        let w = w - 2.5;
        [
            2.810_226_36e-08,
            3.432_739_39e-07,
            -3.523_387_7e-06,
            -4.391_506_54e-06,
            0.000_218_580_87,
            -0.001_253_725_03,
            -0.004_177_681_64,
            0.246_640_727,
            1.501_409_41,
        ]
        .iter()
        .fold(0.0, |p, c| p * w + c)
    } else {
        let w = w.sqrt() - 3.0;
        [
            -0.000_200_214_257,
            0.000_100_950_558,
            0.001_349_343_22,
            -0.003_673_428_44,
            0.005_739_507_73,
            -0.007_622_461_3,
            0.009_438_870_47,
            1.001_674_06,
            2.832_976_82,
        ]
        .iter()
        .fold(0.0, |p, c| p * w + c)
    };
    p * x
}

/// `erfinv(y)`: the `x` with `erf(x) = y`, for `y` in [−1, 1].
#[must_use]
pub fn erfinv(y: f64) -> f64 {
    if y.is_nan() || y.abs() > 1.0 {
        return f64::NAN;
    }
    if y.abs() == 1.0 {
        return y * f64::INFINITY;
    }
    if y.abs() > 0.5 {
        // 1 − |y| is exact here (Sterbenz).
        return erfcinv(1.0 - y.abs()).copysign(y);
    }
    if y == 0.0 {
        return y;
    }
    let mut x = giles(y, -((1.0 - y) * (1.0 + y)).ln());
    for _ in 0..3 {
        let err = libm::erf(x) - y;
        x -= err / (TWO_OVER_SQRT_PI * (-x * x).exp());
    }
    x
}

/// `erfcinv(z)`: the `x` with `erfc(x) = z`, for `z` in [0, 2].
#[must_use]
pub fn erfcinv(z: f64) -> f64 {
    if z.is_nan() || !(0.0..=2.0).contains(&z) {
        return f64::NAN;
    }
    if z == 0.0 {
        return f64::INFINITY;
    }
    if z == 2.0 {
        return f64::NEG_INFINITY;
    }
    if z > 1.0 {
        return -erfcinv(2.0 - z); // exact (Sterbenz)
    }
    if z > 0.5 {
        return erfinv(1.0 - z); // exact; the centre, where Newton on erf is well conditioned
    }
    // Newton on f(x) = ln erfc(x) − ln z: f'(x) = −(2/√π) / erfcx(x).
    let w = -(z * (2.0 - z)).ln();
    let mut x = if w < 36.0 {
        giles(1.0 - z, w)
    } else {
        // Beyond Giles' range: erfc(x) ≈ e^(−x²)/(x√π), solved by fixed-point iteration.
        let mut x = (-z.ln()).sqrt();
        for _ in 0..3 {
            x = (-z.ln() - (x * PI.sqrt()).ln()).sqrt();
        }
        x
    };
    let target = z.ln();
    for _ in 0..12 {
        let ex = erfcx(x);
        let f = (ex.ln() - x * x) - target;
        let step = f * ex / TWO_OVER_SQRT_PI;
        x += step;
        if step.abs() <= x.abs() * 1e-17 {
            break;
        }
    }
    x
}

/// `e^(x²)` with `x²` carried as a double-double (its rounding error would be amplified by `x²`).
fn exp_square(x: f64) -> f64 {
    let h = x * x;
    let e = x.mul_add(x, -h);
    h.exp() * e.exp()
}

/// `erfcx(x) = e^(x²) erfc(x)`.
#[must_use]
pub fn erfcx(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x < 0.0 {
        if x < -26.7 {
            return f64::INFINITY;
        }
        return 2.0 * exp_square(x) - erfcx(-x);
    }
    if x < 26.0 {
        return exp_square(x) * libm::erfc(x);
    }
    if x.is_infinite() {
        return 0.0;
    }
    // Asymptotic series: 1/(x√π) Σ (−1)^n (2n−1)!! / (2x²)^n.
    let t = 0.5 / (x * x);
    let (mut term, mut sum) = (1.0, 1.0);
    for n in 1..12 {
        term *= -f64::from(2 * n - 1) * t;
        sum += term;
    }
    sum / (x * std::f64::consts::PI.sqrt())
}

/// The standard normal cumulative distribution function, `erfc(−x/√2) / 2`.
#[must_use]
pub fn normcdf(x: f64) -> f64 {
    if !x.is_finite() {
        return if x.is_nan() {
            x
        } else if x > 0.0 {
            1.0
        } else {
            0.0
        };
    }
    let t = -x * FRAC_1_SQRT_2;
    let t_lo = (-x).mul_add(FRAC_1_SQRT_2, -t) + (-x) * FRAC_1_SQRT_2_LO;
    let base = libm::erfc(t);
    if base == 0.0 {
        return 0.0;
    }
    // erfc(t + δ) ≈ erfc(t) − δ (2/√π) e^(−t²) = erfc(t) (1 − δ (2/√π) / erfcx(t)).
    0.5 * base * (1.0 - t_lo * TWO_OVER_SQRT_PI / erfcx(t))
}

/// The inverse of [`normcdf`]: `−√2 · erfcinv(2p)`.
#[must_use]
pub fn normcdfinv(p: f64) -> f64 {
    -SQRT_2 * erfcinv(2.0 * p)
}

/// `π · r` as a double-double `(hi, lo)`.
fn times_pi(r: f64) -> (f64, f64) {
    let hi = PI * r;
    (hi, PI.mul_add(r, -hi) + PI_LO * r)
}

/// `sin(πr)` for |r| ≤ 0.5.
fn sin_pi_small(r: f64) -> f64 {
    let (hi, lo) = times_pi(r);
    hi.sin() + lo * hi.cos()
}

/// `cos(πr)` for |r| ≤ 0.25.
fn cos_pi_small(r: f64) -> f64 {
    let (hi, lo) = times_pi(r);
    hi.cos() - lo * hi.sin()
}

/// `sin(πx)`, exact at integers (±0 with the sign of x) and half-integers.
#[must_use]
pub fn sinpi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let r = x - 2.0 * (x * 0.5).round(); // exact, in [−1, 1]
    let r = if r > 0.5 {
        1.0 - r
    } else if r < -0.5 {
        -1.0 - r
    } else {
        r
    };
    if r == 0.0 {
        return 0.0f64.copysign(x);
    }
    sin_pi_small(r)
}

/// `cos(πx)`, exact (+0) at half-integers and ±1 at integers.
#[must_use]
pub fn cospi(x: f64) -> f64 {
    if !x.is_finite() {
        return f64::NAN;
    }
    let a = x.abs();
    let r = a - 2.0 * (a * 0.5).floor(); // exact, in [0, 2)
    let (r, sign) = if r > 1.0 { (2.0 - r, 1.0) } else { (r, 1.0) };
    // cos(πr) for r in [0, 1]: cos(π(1 − r)) = −cos(πr).
    let (r, sign) = if r > 0.5 { (1.0 - r, -sign) } else { (r, sign) };
    if r == 0.5 {
        return 0.0;
    }
    if r <= 0.25 {
        sign * cos_pi_small(r)
    } else {
        sign * sin_pi_small(0.5 - r) // exact subtraction (Sterbenz)
    }
}

/// `1/∛x`.
#[must_use]
pub fn rcbrt(x: f64) -> f64 {
    1.0 / x.cbrt()
}

/// `1/√x`.
#[must_use]
pub fn rsqrt(x: f64) -> f64 {
    1.0 / x.sqrt()
}

/// `1/√x` correctly rounded to float32: the float64 estimate, then moved to the neighbour on
/// the right side of each rounding midpoint `m` (decided exactly: `m²x < 1`, with `m²` exact
/// in float64 and the sign of `m²x − 1` exact from one `fma`).
#[must_use]
pub fn rsqrt_f32_rn(x: f32) -> f32 {
    if !(x > 0.0 && x.is_finite()) {
        return 1.0 / x.sqrt();
    }
    let xd = f64::from(x);
    let below = |m: f64| (m * m).mul_add(xd, -1.0) < 0.0; // m < 1/√x
    let mut r = (1.0 / xd.sqrt()) as f32;
    for _ in 0..4 {
        let up = 0.5 * (f64::from(r) + f64::from(r.next_up()));
        let down = 0.5 * (f64::from(r) + f64::from(r.next_down()));
        if below(up) {
            r = r.next_up();
        } else if !below(down) {
            r = r.next_down();
        } else {
            break;
        }
    }
    r
}

/// `ilogb` with libdevice's special values: 0 and NaN give `i32::MIN`, ±∞ `i32::MAX`.
#[must_use]
pub fn ilogb(x: f64) -> i32 {
    if x == 0.0 || x.is_nan() {
        i32::MIN
    } else if x.is_infinite() {
        i32::MAX
    } else {
        libm::ilogb(x)
    }
}

/// `logb`: the exponent as a float; −∞ at 0, +∞ at ±∞, NaN at NaN.
#[must_use]
pub fn logb(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else if x.is_infinite() {
        f64::INFINITY
    } else if x.is_nan() {
        x
    } else {
        f64::from(libm::ilogb(x))
    }
}

/// `llround`: to nearest, halves away from zero, saturated to int64 (NaN → 0, as `cvt`).
#[must_use]
pub fn llround(x: f64) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let r = x.round();
    if r >= 9.223_372_036_854_776e18 {
        i64::MAX
    } else if r <= -9.223_372_036_854_776e18 {
        i64::MIN
    } else {
        r as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverses_invert() {
        for k in 1..2000 {
            let y = -1.0 + f64::from(k) / 1000.0;
            let x = erfinv(y);
            assert!(
                (libm::erf(x) - y).abs() <= 4e-16 * y.abs().max(1e-3),
                "{y} {x}"
            );
        }
        for k in 1..300 {
            let z = 10f64.powi(-k);
            let x = erfcinv(z);
            let back = libm::erfc(x);
            assert!(
                ((back - z) / z).abs() < 1e-13 * x.max(1.0) * x.max(1.0),
                "{z} {x} {back}"
            );
        }
        assert_eq!(sinpi(3.0), 0.0);
        assert_eq!(cospi(2.5), 0.0);
        assert_eq!(cospi(3.0), -1.0);
        assert!((sinpi(0.25) - FRAC_1_SQRT_2).abs() < 2e-16);
        assert!((normcdf(1.0) - 0.841_344_746_068_542_9).abs() < 2e-16);
        assert!((normcdfinv(0.975) - 1.959_963_984_540_054).abs() < 1e-15);
        assert_eq!(rsqrt_f32_rn(4.0), 0.5);
    }
}
