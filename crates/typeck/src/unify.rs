//! Unification of the types assigned to one variable (or returned by one function).
//!
//! - equal types unify to themselves;
//! - bool with an integer gives the integer; two integers give the wider width, signed if
//!   either is (numba gives float64 for int64 ∪ uint64; we give int64, as the arithmetic rule
//!   does: documented in `docs/typing.md`);
//! - an integer or bool with a float, or two floats, follow [`promote::unify`];
//! - arrays of one dtype and ndim unify with layout `A` where layouts differ, readonly if either is,
//!   unaligned if either is;
//! - tuples unify element-wise;
//! - an `Optional(T)` with `Optional(U)` or `U` gives `Optional(unify(T, U))`;
//! - anything else does not unify (a `variable-type-conflict`).

use oxcuda_types::{ArrayType, Layout, Scalar, Type, promote};

/// The unified type, or `None` when the two cannot live in one variable.
#[must_use]
pub fn unify(a: &Type, b: &Type) -> Option<Type> {
    if a == b {
        return Some(a.clone());
    }
    match (a, b) {
        // An fp8 value converts only explicitly, so it shares a variable with no other type.
        (Type::Scalar(x), Type::Scalar(y)) if x.is_fp8() || y.is_fp8() => None,
        (Type::Scalar(x), Type::Scalar(y)) => Some(Type::Scalar(unify_scalars(*x, *y))),
        (Type::Array(x), Type::Array(y)) if x.dtype == y.dtype && x.ndim == y.ndim => {
            Some(Type::Array(ArrayType {
                layout: if x.layout == y.layout {
                    x.layout
                } else {
                    Layout::A
                },
                readonly: x.readonly || y.readonly,
                aligned: x.aligned && y.aligned,
                ..*x
            }))
        }
        (Type::Tuple(xs), Type::Tuple(ys)) if xs.len() == ys.len() => xs
            .iter()
            .zip(ys)
            .map(|(x, y)| unify(x, y))
            .collect::<Option<Vec<_>>>()
            .map(Type::Tuple),
        // An IntEnum member meeting an integer is an integer.
        (Type::Enum(e), Type::Scalar(s)) | (Type::Scalar(s), Type::Enum(e))
            if e.int && (s.is_int() || *s == Scalar::Bool) =>
        {
            unify(&e.value, &Type::Scalar(*s))
        }
        (Type::NamedTuple(x), Type::NamedTuple(y))
            if x.class == y.class && x.fields == y.fields && x.items.len() == y.items.len() =>
        {
            let items = x
                .items
                .iter()
                .zip(&y.items)
                .map(|(a, b)| unify(a, b))
                .collect::<Option<Vec<_>>>()?;
            Some(Type::NamedTuple(Box::new(oxcuda_types::NamedTupleType {
                items,
                ..(**x).clone()
            })))
        }
        // numba's Optional: a value or None, unified with the value's type.
        (Type::Optional(x), Type::Optional(y)) => Some(Type::Optional(Box::new(unify(x, y)?))),
        (Type::Optional(x), y) | (y, Type::Optional(x)) => {
            Some(Type::Optional(Box::new(unify(x, y)?)))
        }
        _ => None,
    }
}

fn unify_scalars(a: Scalar, b: Scalar) -> Scalar {
    let int_like = |s: Scalar| s.is_int() || s == Scalar::Bool;
    if int_like(a) && int_like(b) {
        if a == Scalar::Bool {
            return b;
        }
        if b == Scalar::Bool {
            return a;
        }
        let bits = a.bits().max(b.bits());
        return Scalar::int(bits, a.is_signed() || b.is_signed());
    }
    promote::unify(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_unify_as_documented() {
        let s = Type::Scalar;
        assert_eq!(
            unify(&s(Scalar::I32), &s(Scalar::I64)),
            Some(s(Scalar::I64))
        );
        assert_eq!(
            unify(&s(Scalar::I64), &s(Scalar::F64)),
            Some(s(Scalar::F64))
        );
        assert_eq!(
            unify(&s(Scalar::Bool), &s(Scalar::I32)),
            Some(s(Scalar::I32))
        );
        assert_eq!(unify(&s(Scalar::U32), &s(Scalar::I8)), Some(s(Scalar::I32)));
        let a = |layout| {
            Type::Array(ArrayType {
                dtype: Scalar::F32.into(),
                ndim: 1,
                layout,
                readonly: false,
                aligned: true,
            })
        };
        assert_eq!(unify(&a(Layout::C), &a(Layout::F)), Some(a(Layout::A)));
        assert_eq!(unify(&a(Layout::C), &s(Scalar::F32)), None);
    }

    #[test]
    fn enum_members_and_namedtuples_unify_by_class() {
        let member = |class: &str, int| {
            Type::Enum(Box::new(oxcuda_types::EnumType {
                class: class.into(),
                int,
                value: Type::I64,
            }))
        };
        let color = member("m.Color", false);
        assert_eq!(unify(&color, &color), Some(color.clone()));
        assert_eq!(unify(&color, &member("m.Shake", false)), None);
        assert_eq!(unify(&color, &Type::I64), None);
        // An IntEnum member meeting an integer is an integer.
        let shape = member("m.Shape", true);
        assert_eq!(unify(&shape, &Type::I32), Some(Type::I64));
        let point = |y: Scalar| {
            Type::NamedTuple(Box::new(oxcuda_types::NamedTupleType {
                class: "m.Point".into(),
                fields: vec!["x".into(), "y".into()],
                items: vec![Type::I64, Type::Scalar(y)],
            }))
        };
        assert_eq!(
            unify(&point(Scalar::I32), &point(Scalar::F64)),
            Some(point(Scalar::F64))
        );
        assert_eq!(
            unify(
                &point(Scalar::I32),
                &Type::Tuple(vec![Type::I64, Type::I32])
            ),
            None
        );
    }
}
