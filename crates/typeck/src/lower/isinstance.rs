//! `isinstance(obj, classinfo)` in device code, decided at compile time as numba decides it
//! (`numba/cpython/builtins.py`, `ol_isinstance`): the result is a bool constant, so an `if`
//! on it keeps only the branch that applies (and the other branch need not type-check for
//! this argument type, as numba's branch pruning allows).
//!
//! numba's rules, kept here:
//! - A Python class names the numba type of its instances: `int` is int64, `float` float64,
//!   `complex` complex128, `bool` boolean; `obj` matches when its type *is* that type, so an
//!   int32 value is not an `int`, and an int64 one is (numba aliases Python and NumPy
//!   scalars: `isinstance(np.intp(1), int)` is `True`).
//! - A NumPy scalar class (`np.float32`) or a numba scalar type (`float32`, `types.int8`)
//!   names itself: the same exact-type test.
//! - `tuple` matches every tuple; `str` a string constant; `list`, `dict`, `set`, `bytes` and
//!   `range` match nothing device code holds (numba's containers do not exist on the GPU).
//! - A tuple of classes matches when one does.
//! - `obj` may be a number, a bool, a tuple, an array, a datetime, `None`, a string or a
//!   function; other types (records, enum members, vector types) are numba's
//!   "isinstance() does not support variables of type" error. A class that is a numba type
//!   other than a scalar (`float32[:]`) is numba's "Numba type classes are not supported".
//!
//! Beyond numba: `np.ndarray` matches every array (numba cannot type `np.ndarray` at all), and
//! a namedtuple is a `tuple` (Python's answer; numba refuses namedtuple variables).

use oxcuda_syntax::ast::{self, Expr};
use oxcuda_syntax::{Ranged, TextRange, codes};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use crate::value::Val;

/// What an `isinstance` class matches.
#[derive(Debug, Clone, PartialEq)]
enum Class {
    /// Values of exactly this type.
    Exact(Type),
    /// Every tuple.
    Tuple,
    /// Every array (`np.ndarray`).
    Ndarray,
    /// String constants.
    Str,
    /// Nothing device code can hold (`list`, `dict`, `set`, `bytes`, `range`).
    Nothing,
}

/// What `obj` is, for the test.
enum Subject {
    Typed(Type),
    Str,
    Function,
}

/// Python's classes by name, with what they match.
fn python_class(name: &str) -> Option<Class> {
    Some(match name {
        "int" => Class::Exact(Type::I64),
        "float" => Class::Exact(Type::F64),
        "complex" => Class::Exact(Type::Scalar(Scalar::C128)),
        "bool" => Class::Exact(Type::BOOL),
        "tuple" => Class::Tuple,
        "str" => Class::Str,
        "list" | "dict" | "set" | "bytes" | "range" => Class::Nothing,
        _ => return None,
    })
}

impl Lower<'_, '_> {
    /// `isinstance(obj, classinfo)`: a bool constant.
    pub(super) fn isinstance_call(&mut self, c: &ast::ExprCall) -> Val {
        let range = c.range();
        let args = &c.arguments.args;
        if args.len() != 2
            || !c.arguments.keywords.is_empty()
            || args.iter().any(|a| matches!(a, Expr::Starred(_)))
        {
            return self.error(
                codes::BAD_CALL,
                range,
                "isinstance() takes exactly two positional arguments: isinstance(obj, classinfo)",
            );
        }
        let obj = self.expr(&args[0]);
        let Some(subject) = self.isinstance_subject(obj, args[0].range()) else {
            return Val::Poison;
        };
        let Some(classes) = self.isinstance_classes(&args[1]) else {
            return Val::Poison;
        };
        Val::Bool(classes.iter().any(|k| matches_class(&subject, k)))
    }

    fn isinstance_subject(&mut self, obj: Val, range: TextRange) -> Option<Subject> {
        let ty = match Self::plain(obj) {
            Val::Poison => return None,
            Val::Int(_) => Type::I64,
            Val::Float(_) => Type::F64,
            Val::Bool(_) => Type::BOOL,
            Val::Complex(..) => Type::Scalar(Scalar::C128),
            Val::NoneV => Type::None,
            Val::Str(_) => return Some(Subject::Str),
            Val::Tuple(_) => Type::Tuple(Vec::new()),
            Val::Jit(_)
            | Val::Callable(_)
            | Val::Closure(..)
            | Val::Extern(_)
            | Val::Overload(..) => return Some(Subject::Function),
            Val::Rt(
                _,
                ty @ (Type::Scalar(_)
                | Type::Array(_)
                | Type::Tuple(_)
                | Type::Datetime(_)
                | Type::None),
            ) => ty,
            Val::GlobalArray(name) => {
                let v = Val::GlobalArray(name);
                let (_, ty) = self.materialize(v, range)?;
                ty
            }
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!(
                        "isinstance() does not support variables of type \"{what}\" (as in numba)"
                    ),
                );
                return None;
            }
        };
        Some(Subject::Typed(ty))
    }

    /// The classes `e` names: a class, or a tuple of them.
    fn isinstance_classes(&mut self, e: &Expr) -> Option<Vec<Class>> {
        match e {
            Expr::Tuple(t) => {
                let mut all = Vec::new();
                for item in &t.elts {
                    all.extend(self.isinstance_classes(item)?);
                }
                Some(all)
            }
            // Python's classes that are not device-code names (`list`, `str`, ...), unless the
            // function or its globals rebind the name.
            Expr::Name(n)
                if !self.assigned.contains(n.id.as_str())
                    && !self.fsrc.globals.contains_key(n.id.as_str())
                    && python_class(n.id.as_str()).is_some() =>
            {
                python_class(n.id.as_str()).map(|k| vec![k])
            }
            // `np.ndarray`: not a device-code attribute, so read before evaluating it.
            Expr::Attribute(a) if a.attr.as_str() == "ndarray" => {
                match Self::plain(self.expr(&a.value)) {
                    Val::Namespace(m) if m == "numpy" => Some(vec![Class::Ndarray]),
                    Val::Poison => None,
                    other => {
                        let what = other.describe();
                        self.error(
                            codes::TYPE_MISMATCH,
                            e.range(),
                            format!("isinstance() class {what}.ndarray is not a type"),
                        );
                        None
                    }
                }
            }
            _ => {
                let v = self.expr(e);
                self.classes_of(v, e.range())
            }
        }
    }

    fn classes_of(&mut self, v: Val, range: TextRange) -> Option<Vec<Class>> {
        match Self::plain(v) {
            Val::Poison => None,
            Val::Tuple(items) => {
                let mut all = Vec::new();
                for item in items {
                    all.extend(self.classes_of(item, range)?);
                }
                Some(all)
            }
            Val::Callable(p) if python_class(&p).is_some() => python_class(&p).map(|k| vec![k]),
            Val::Namespace(p) if p == "numpy.ndarray" => Some(vec![Class::Ndarray]),
            Val::TypeObj(t @ (Type::Scalar(_) | Type::Datetime(_))) => Some(vec![Class::Exact(t)]),
            Val::TypeObj(t) => {
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("isinstance() with the type {t} as its class: numba type classes other than scalar types are not supported (as in numba)"),
                    "for arrays, test isinstance(x, np.ndarray), then x.dtype or x.ndim",
                );
                None
            }
            other => {
                let what = other.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("isinstance() cannot infer a numba type from {what} (as in numba)"),
                    "the class must be int, float, complex, bool, tuple, str, np.ndarray, a NumPy or numba scalar type, or a tuple of them",
                );
                None
            }
        }
    }
}

fn matches_class(subject: &Subject, class: &Class) -> bool {
    match (subject, class) {
        (Subject::Typed(t), Class::Exact(k)) => t == k,
        (Subject::Typed(Type::Tuple(_)), Class::Tuple) => true,
        (Subject::Typed(Type::Array(_)), Class::Ndarray) => true,
        (Subject::Str, Class::Str) => true,
        _ => false,
    }
}
