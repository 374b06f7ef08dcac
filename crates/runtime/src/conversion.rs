//! numba's conversion kinds between argument types, and the rating of a signature for a call:
//! how a launch chooses among a kernel's eager signatures (`@cuda.jit([sig, sig])`) when the
//! arguments match none exactly.
//!
//! numba ranks every conversion as exact < promote (a wider type of the same kind: `int32 →
//! int64`, `float32 → float64`) < safe (no value lost across kinds: `int32 → float64`, an
//! array view to a less specific layout) < unsafe (`float64 → float32`, `float64 → int64`). A
//! signature's rating counts its arguments' conversions of each kind, compared unsafe first,
//! then safe, then promote: fewer is better. Two best signatures with equal ratings are
//! ambiguous, and numba raises rather than pick one; so does oxcuda.
//!
//! Invariants:
//! - [`conversion`] is `Some` exactly when [`crate::launch::compatible`] accepts the pair, so
//!   the rating never admits a signature the launch would refuse, nor the reverse;
//! - the scalar kinds are numba's casting rules (`oxcuda_types::conversion`), closed over
//!   chains as numba's cast graph closes them: a chain's kind is its worst step, and the best
//!   chain wins.

use oxcuda_ir::{Scalar, Type};
pub use oxcuda_types::conversion::{Conversion, Rating, scalar_conversion};

use crate::launch::compatible;

/// The worst of the elements' conversions, `None` when one has none.
fn elementwise<'a>(pairs: impl Iterator<Item = (&'a Type, &'a Type)>) -> Option<Conversion> {
    pairs
        .map(|(g, w)| conversion(g, w))
        .try_fold(Conversion::Exact, |worst, c| Some(worst.max(c?)))
}

/// numba's conversion kind from an argument of type `got` to a parameter of type `want`;
/// `None` when the launch refuses it.
#[must_use]
pub fn conversion(got: &Type, want: &Type) -> Option<Conversion> {
    if got == want {
        return Some(Conversion::Exact);
    }
    if !compatible(got, want) {
        return None;
    }
    Some(match (got, want) {
        (Type::Scalar(g), Type::Scalar(w)) => scalar_conversion(*g, *w)?,
        (Type::Tuple(g), Type::Tuple(w)) => elementwise(g.iter().zip(w))?,
        (Type::NamedTuple(g), Type::NamedTuple(w)) => elementwise(g.items.iter().zip(&w.items))?,
        (Type::NamedTuple(g), Type::Tuple(w)) => {
            elementwise(g.items.iter().zip(w))?.max(Conversion::Safe)
        }
        // An IntEnum member to an integer: at least safe, as numba's IntEnumMember.
        (Type::Enum(_), Type::Scalar(w)) => {
            scalar_conversion(Scalar::I64, *w)?.max(Conversion::Safe)
        }
        // An integer address to a pointer (numba passes an int for a CPointer parameter).
        (Type::Scalar(_), Type::Pointer(_)) => Conversion::Unsafe,
        // An array to a less specific layout or mutability: numba's Array.can_convert_to.
        _ => Conversion::Safe,
    })
}

/// The rating of parameters `want` for arguments `got` (`oxcuda_types::conversion::rate` with
/// the launch's conversions); `None` when some argument cannot convert or the counts differ.
#[must_use]
pub fn rate(got: &[Type], want: &[Type]) -> Option<Rating> {
    oxcuda_types::conversion::rate(got, want, conversion)
}

/// What overload resolution found among `candidates` for arguments `got`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// The one best candidate (its index).
    Best(usize),
    /// Several candidates share the best rating (their indices, in the given order).
    Ambiguous(Vec<usize>),
    /// No candidate accepts the arguments.
    NoMatch,
}

/// numba's overload resolution over `candidates` for arguments `got`.
#[must_use]
pub fn resolve<'a>(got: &[Type], candidates: impl IntoIterator<Item = &'a [Type]>) -> Resolution {
    let mut best: Option<Rating> = None;
    let mut tied = Vec::new();
    for (i, want) in candidates.into_iter().enumerate() {
        let Some(rating) = rate(got, want) else {
            continue;
        };
        match best {
            Some(b) if rating > b => {}
            Some(b) if rating == b => tied.push(i),
            _ => {
                best = Some(rating);
                tied.clear();
                tied.push(i);
            }
        }
    }
    match tied.as_slice() {
        [] => Resolution::NoMatch,
        [one] => Resolution::Best(*one),
        _ => Resolution::Ambiguous(tied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Conversion::*;
    use Scalar::*;

    fn s(x: Scalar) -> Type {
        Type::Scalar(x)
    }

    #[test]
    fn numbas_scalar_kinds() {
        let cases = [
            (I32, I64, Promote),
            (I8, I64, Promote),
            (F32, F64, Promote),
            (I32, F64, Safe),
            (I64, F64, Safe),
            (U8, I16, Safe),
            (U8, I64, Safe),
            (I16, F64, Safe),
            (F64, F32, Unsafe),
            (F64, I64, Unsafe),
            (I32, F32, Unsafe),
            (I64, I32, Unsafe),
            (F32, C128, Safe),
            (Bool, I64, Safe),
        ];
        for (g, w, want) in cases {
            assert_eq!(conversion(&s(g), &s(w)), Some(want), "{g:?} -> {w:?}");
        }
        assert_eq!(conversion(&s(C64), &s(F64)), None);
    }

    #[test]
    fn equal_best_ratings_are_ambiguous() {
        let a = [s(F32), s(F64)];
        let b = [s(F64), s(F32)];
        let c = [s(I64), s(I64)];
        let got = [s(F64), s(F64)];
        assert_eq!(
            resolve(&got, [&a[..], &b[..], &c[..]]),
            Resolution::Ambiguous(vec![0, 1])
        );
        // (int64, int64) → (float32, float64) is unsafe + safe; → (int64, int64) exact.
        assert_eq!(
            resolve(&[s(I64), s(I64)], [&a[..], &c[..]]),
            Resolution::Best(1)
        );
    }

    #[test]
    fn promotion_beats_a_safe_conversion() {
        let to_f64 = [s(F64)];
        let to_i64 = [s(I64)];
        // int32 → int64 promotes; int32 → float64 is safe.
        assert_eq!(
            resolve(&[s(I32)], [&to_f64[..], &to_i64[..]]),
            Resolution::Best(1)
        );
        assert_eq!(resolve(&[s(C64)], [&to_f64[..]]), Resolution::NoMatch);
    }
}
