//! numba's casting rules between scalar types (`numba/core/typeconv/rules.py`): the kind of
//! conversion from one scalar to another, closed over chains as numba's cast graph closes them
//! (a chain's kind is its worst step, and the best chain wins).
//!
//! Two users rank signatures with them, both as numba's overload resolution does: a launch
//! choosing among a kernel's eager signatures (`oxcuda_runtime::conversion`, which adds the
//! array and tuple rules of the launch's argument types) and a call of a device function with
//! several declared signatures (`oxcuda_typeck`).

use std::sync::OnceLock;

use crate::Scalar;

/// How an argument of one type becomes a parameter of another (numba's `Conversion`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Conversion {
    /// The same type.
    Exact,
    /// A wider type of the same kind.
    Promote,
    /// Another kind without losing values (or a less specific array layout).
    Safe,
    /// Values may change.
    Unsafe,
}

/// The numeric scalars numba's casting rules cover, in [`rule_table`]'s index order.
const RULED: [Scalar; 14] = [
    Scalar::Bool,
    Scalar::I8,
    Scalar::I16,
    Scalar::I32,
    Scalar::I64,
    Scalar::U8,
    Scalar::U16,
    Scalar::U32,
    Scalar::U64,
    Scalar::F16,
    Scalar::F32,
    Scalar::F64,
    Scalar::C64,
    Scalar::C128,
];

/// numba's direct rules: (from, to, forward kind, reverse kind or `None` for one-way).
const RULES: &[(Scalar, Scalar, Conversion, Option<Conversion>)] = {
    const P: Conversion = Conversion::Promote;
    const S: Conversion = Conversion::Safe;
    const L: Conversion = Conversion::Unsafe;
    use Scalar::*;
    &[
        (Bool, I8, S, Some(L)),
        (Bool, U8, S, Some(L)),
        (I8, I16, P, Some(L)),
        (U8, U16, P, Some(L)),
        (I16, I32, P, Some(L)),
        (U16, U32, P, Some(L)),
        (I32, I64, P, Some(L)),
        (U32, U64, P, Some(L)),
        (U8, I16, S, Some(L)),
        (U16, I32, S, Some(L)),
        (U32, I64, S, Some(L)),
        (I8, F16, S, Some(L)),
        (I16, F32, S, Some(L)),
        (I32, F64, S, Some(L)),
        (I16, F16, L, Some(L)),
        (I32, F32, L, Some(L)),
        // numba marks these safe although float64 cannot hold every int64: it prefers
        // float64 for `float64 + int64`.
        (I64, F64, S, Some(L)),
        (U64, F64, S, Some(L)),
        (F16, F32, P, Some(L)),
        (F32, F64, P, Some(L)),
        (F32, C64, S, None),
        (F64, C128, S, None),
        (C64, C128, P, Some(L)),
    ]
};

fn index(s: Scalar) -> Option<usize> {
    RULED.iter().position(|&r| r == s)
}

/// The closed table: `[from][to]` the best chain's kind, `None` when no chain exists.
fn rule_table() -> &'static [[Option<Conversion>; 14]; 14] {
    static TABLE: OnceLock<[[Option<Conversion>; 14]; 14]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[None; 14]; 14];
        for (i, row) in t.iter_mut().enumerate() {
            row[i] = Some(Conversion::Exact);
        }
        for &(from, to, forward, reverse) in RULES {
            let (a, b) = (index(from).unwrap_or(0), index(to).unwrap_or(0));
            t[a][b] = Some(forward);
            if let Some(r) = reverse {
                t[b][a] = Some(r);
            }
        }
        // Floyd–Warshall over (best chain, worst step).
        for k in 0..14 {
            for i in 0..14 {
                for j in 0..14 {
                    if let (Some(ik), Some(kj)) = (t[i][k], t[k][j]) {
                        let through = ik.max(kj);
                        if t[i][j].is_none_or(|direct| through < direct) {
                            t[i][j] = Some(through);
                        }
                    }
                }
            }
        }
        t
    })
}

/// numba's conversion kind from scalar `got` to scalar `want`; `None` when there is none
/// (a complex number to a real one).
#[must_use]
pub fn scalar_conversion(got: Scalar, want: Scalar) -> Option<Conversion> {
    if got == want {
        return Some(Conversion::Exact);
    }
    match (index(got), index(want)) {
        (Some(g), Some(w)) => rule_table()[g][w],
        // bfloat16 and the fp8 formats are outside numba's rules: any other real scalar
        // converts to or from them with loss.
        _ => (!got.is_complex() || want.is_complex()).then_some(Conversion::Unsafe),
    }
}

/// A signature's rating for a call (numba's `Rating`): counts of unsafe, safe and promoting
/// conversions, compared in that order; smaller is better.
pub type Rating = (usize, usize, usize);

/// The rating of parameters `want` for arguments `got`, each pair's kind given by `convert`;
/// `None` when some argument cannot convert or the counts differ.
pub fn rate<T>(
    got: &[T],
    want: &[T],
    convert: impl Fn(&T, &T) -> Option<Conversion>,
) -> Option<Rating> {
    if got.len() != want.len() {
        return None;
    }
    let mut rating = (0, 0, 0);
    for (g, w) in got.iter().zip(want) {
        match convert(g, w)? {
            Conversion::Exact => {}
            Conversion::Promote => rating.2 += 1,
            Conversion::Safe => rating.1 += 1,
            Conversion::Unsafe => rating.0 += 1,
        }
    }
    Some(rating)
}
