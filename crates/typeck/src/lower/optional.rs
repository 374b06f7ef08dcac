//! numba's `Optional(T)`: the value of a device function that returns a value on some paths
//! and nothing (`return`, `return None`, falling off the end) on others.
//!
//! Invariant: an `Optional(T)` IR value is the tuple `(value, present)` (its erased type,
//! `oxcuda_types::nominal`); `value` is `T`'s zero when `present` is false, so reading it is
//! always defined. As in numba, `x is None` / `x is not None` test `present`, and anywhere a
//! `T` is wanted (arithmetic, a store, a conversion, a declared return type) the value is
//! used as it is, unchecked: numba's Optional-to-`T` cast on CUDA does not trap either.

use oxcuda_ir::{Const, Op, UnaryOp, Value};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use crate::value::Val;

/// `Optional(t)`; an Optional stays itself (numba's `Optional(Optional(T))` is `Optional(T)`).
pub(crate) fn optional_of(t: Type) -> Type {
    match t {
        Type::Optional(_) => t,
        other => Type::Optional(Box::new(other)),
    }
}

impl Lower<'_, '_> {
    /// `v` (of type `inner`) as a present `Optional(inner)`.
    pub(crate) fn optional_some(&mut self, v: Value, inner: &Type) -> Value {
        let yes = self.emit(Op::Const(Const::Bool(true)), Type::BOOL);
        self.emit(Op::MakeTuple(vec![v, yes]), optional_of(inner.clone()))
    }

    /// An absent `Optional(inner)`; `None` when `inner` has no zero to hold (an array, a
    /// record reference).
    pub(crate) fn optional_none(&mut self, inner: &Type) -> Option<Value> {
        let zero = self.zero_of(inner)?;
        let no = self.emit(Op::Const(Const::Bool(false)), Type::BOOL);
        Some(self.emit(Op::MakeTuple(vec![zero, no]), optional_of(inner.clone())))
    }

    /// Whether the Optional `v` holds a value.
    pub(crate) fn optional_present(&mut self, v: Value) -> Value {
        self.emit(Op::TupleGet(v, 1), Type::BOOL)
    }

    /// `v is None` for an Optional `v`.
    pub(crate) fn optional_is_none(&mut self, v: Value) -> Val {
        let present = self.optional_present(v);
        Val::Rt(
            self.emit(Op::Unary(UnaryOp::Not, present), Type::BOOL),
            Type::BOOL,
        )
    }

    /// The value an Optional `v` of inner type `inner` holds (its zero when absent).
    pub(crate) fn optional_value(&mut self, v: Value, inner: &Type) -> Value {
        self.emit(Op::TupleGet(v, 0), inner.clone())
    }

    /// `val` with an Optional unwrapped to its value, for the operations that take a `T`
    /// (numba converts `Optional(T)` to `T` where a `T` is wanted); anything else unchanged.
    pub(crate) fn unwrap_optional(&mut self, val: Val) -> Val {
        match val {
            Val::Rt(v, Type::Optional(inner)) => {
                let x = self.optional_value(v, &inner);
                Val::Rt(x, *inner)
            }
            other => other,
        }
    }

    /// The zero of `t`: numbers, booleans, tuples of them and Optionals; `None` for other
    /// types.
    fn zero_of(&mut self, t: &Type) -> Option<Value> {
        match t {
            Type::Scalar(s) => {
                let zero = self.const_int(0, Scalar::I64);
                Some(self.cast(zero, Scalar::I64, *s))
            }
            Type::Tuple(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.zero_of(item)?);
                }
                Some(self.emit(Op::MakeTuple(values), t.clone()))
            }
            Type::Optional(inner) => self.optional_none(inner),
            _ => None,
        }
    }
}
