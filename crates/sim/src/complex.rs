//! complex64/complex128 semantics on pairs of register slots.
//!
//! A complex value occupies two consecutive slots, the real part then the imaginary part, each
//! in the canonical float encoding of the component type (float32 for complex64). Arithmetic is
//! done in the component type (complex64 in f32), with the formulas numba uses: the schoolbook
//! product and CPython's `_Py_c_quot` division (which scales by the larger divisor component);
//! a zero divisor gives NaN + NaN·j (the NumPy error model: no exception). Power follows CPython's
//! `_Py_c_pow`.
//!
//! Invariant: inputs and outputs are `(re, im)` register pairs of one component type.

use oxcuda_ir::{BinOp, CmpOp, Scalar, UnaryOp};

use crate::arith::{cast, f32_of, f64_of, of_f32, of_f64};

/// A complex register pair.
pub type Pair = (u64, u64);

macro_rules! complex_ops {
    ($bin:ident, $t:ty, $get:path, $put:path) => {
        fn $bin(op: BinOp, a: Pair, b: Pair) -> Option<Pair> {
            let (ar, ai, br, bi) = ($get(a.0), $get(a.1), $get(b.0), $get(b.1));
            let (r, i): ($t, $t) = match op {
                BinOp::Add => (ar + br, ai + bi),
                BinOp::Sub => (ar - br, ai - bi),
                BinOp::Mul => (ar * br - ai * bi, ar * bi + ai * br),
                BinOp::Div => {
                    if br.abs() >= bi.abs() {
                        if br == 0.0 {
                            (<$t>::NAN, <$t>::NAN)
                        } else {
                            let ratio = bi / br;
                            let denom = br + bi * ratio;
                            ((ar + ai * ratio) / denom, (ai - ar * ratio) / denom)
                        }
                    } else if bi == 0.0 {
                        (<$t>::NAN, <$t>::NAN)
                    } else {
                        let ratio = br / bi;
                        let denom = br * ratio + bi;
                        ((ar * ratio + ai) / denom, (ai * ratio - ar) / denom)
                    }
                }
                BinOp::Pow => {
                    if br == 0.0 && bi == 0.0 {
                        (1.0, 0.0)
                    } else if ar == 0.0 && ai == 0.0 {
                        (0.0, 0.0)
                    } else {
                        let vabs = ar.hypot(ai);
                        let mut len = vabs.powf(br);
                        let at = ai.atan2(ar);
                        let mut phase = at * br;
                        if bi != 0.0 {
                            len /= (at * bi).exp();
                            phase += bi * vabs.ln();
                        }
                        (len * phase.cos(), len * phase.sin())
                    }
                }
                _ => return None,
            };
            Some(($put(r), $put(i)))
        }
    };
}

complex_ops!(bin64, f32, f32_of, of_f32);
complex_ops!(bin128, f64, f64_of, of_f64);

/// Binary operation on complex values of type `ty` (complex64 or complex128); `None` for
/// operators complex numbers do not have (rejected when decoding).
#[must_use]
pub fn binary(op: BinOp, ty: Scalar, a: Pair, b: Pair) -> Option<Pair> {
    if ty == Scalar::C64 {
        bin64(op, a, b)
    } else {
        bin128(op, a, b)
    }
}

/// `==` / `!=` on complex values (both parts compared as floats); other comparisons are
/// rejected when decoding.
#[must_use]
pub fn compare(op: CmpOp, ty: Scalar, a: Pair, b: Pair) -> bool {
    let part = ty.complex_part();
    let eq = crate::arith::compare(CmpOp::Eq, part, a.0, b.0)
        && crate::arith::compare(CmpOp::Eq, part, a.1, b.1);
    match op {
        CmpOp::Ne => !eq,
        _ => eq,
    }
}

/// Negation (the only unary operator on complex values).
#[must_use]
pub fn unary(op: UnaryOp, ty: Scalar, a: Pair) -> Pair {
    let part = ty.complex_part();
    match op {
        UnaryOp::Neg => (
            crate::arith::unary(UnaryOp::Neg, part, a.0),
            crate::arith::unary(UnaryOp::Neg, part, a.1),
        ),
        _ => a,
    }
}

/// Casts between complex types, and from real scalars (imaginary part 0) or to real scalars
/// (the real part; to bool: either part non-zero).
#[must_use]
pub fn cast_to_complex(from: Scalar, to: Scalar, a: Pair) -> Pair {
    let part = to.complex_part();
    if from.is_complex() {
        let fp = from.complex_part();
        (cast(fp, part, a.0), cast(fp, part, a.1))
    } else {
        (cast(from, part, a.0), cast(Scalar::F64, part, 0))
    }
}

/// A complex value converted to a real scalar type.
#[must_use]
pub fn cast_from_complex(from: Scalar, to: Scalar, a: Pair) -> u64 {
    let fp = from.complex_part();
    if to == Scalar::Bool {
        return u64::from(cast(fp, Scalar::Bool, a.0) != 0 || cast(fp, Scalar::Bool, a.1) != 0);
    }
    cast(fp, to, a.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(re: f64, im: f64) -> Pair {
        (of_f64(re), of_f64(im))
    }

    fn v(p: Pair) -> (f64, f64) {
        (f64_of(p.0), f64_of(p.1))
    }

    #[test]
    fn arithmetic() {
        let (a, b) = (c(1.0, 2.0), c(3.0, -4.0));
        assert_eq!(
            v(binary(BinOp::Mul, Scalar::C128, a, b).unwrap()),
            (11.0, 2.0)
        );
        assert_eq!(
            v(binary(BinOp::Div, Scalar::C128, c(11.0, 2.0), b).unwrap()),
            (1.0, 2.0)
        );
        let z = v(binary(BinOp::Div, Scalar::C128, a, c(0.0, 0.0)).unwrap());
        assert!(z.0.is_nan() && z.1.is_nan());
        let p = v(binary(BinOp::Pow, Scalar::C128, c(0.0, 1.0), c(2.0, 0.0)).unwrap());
        assert!((p.0 + 1.0).abs() < 1e-15 && p.1.abs() < 1e-15);
        assert!(compare(CmpOp::Eq, Scalar::C128, a, a));
        assert!(compare(CmpOp::Ne, Scalar::C128, a, b));
        let f = cast_to_complex(Scalar::F32, Scalar::C128, (of_f32(1.5), 0));
        assert_eq!(v(f), (1.5, 0.0));
        let h = cast_to_complex(Scalar::C128, Scalar::C64, c(0.1, 2.0));
        assert_eq!((f32_of(h.0), f32_of(h.1)), (0.1, 2.0));
        assert_eq!(
            cast_from_complex(Scalar::C128, Scalar::Bool, c(0.0, 1.0)),
            1
        );
    }
}
