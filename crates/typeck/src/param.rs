//! The parameters a device function is specialised for: a runtime type, or a value known at
//! compile time that becomes part of the specialisation.
//!
//! numba types a function value (`cuda.atomic.add`, `math.sin`, a `@cuda.jit` function) and a
//! type object (`uint32`, `np.float32`) passed to a device function as a type of its own — the
//! callee's type names the value, so each distinct value gives a distinct specialisation — and
//! types integer/tuple constants as literals when the callee needs them constant
//! (`cuda.shared.array(n, dtype)` with `n` an argument). oxcuda does the same with
//! [`Param::Static`]: the value is in the specialisation key and bound to the parameter's name
//! while the callee is lowered (a read gives the value itself, so `binop_func(sm, i, v)` is a
//! call of `cuda.atomic.add`, and `cuda.shared.array(n, dtype)` sees the constant). A static
//! parameter has no runtime form: the IR function has no parameter for it and a call passes
//! nothing, so neither the simulator nor the GPU code generator ever sees one.
//!
//! Function values and type objects are always static (they have no runtime form). Numbers,
//! bools and tuples of them are passed as runtime values first, as numba passes a literal's
//! non-literal type first; only when that specialisation fails to compile is the call retried
//! with them static (`lower/call.rs`, `device_call`).

use std::fmt;

use oxcuda_types::Type;

use crate::globals::ExternFn;
use crate::value::Val;

/// One parameter of a specialisation.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Param {
    /// A runtime value of this type: an IR parameter.
    Rt(Type),
    /// A value known at compile time, bound to the parameter's name; no IR parameter.
    Static(Static),
}

/// A compile-time value as a specialisation key.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Static {
    /// A function of the builtin registry by path (`cuda.atomic.add`, `math.sin`, `min`).
    Builtin(String),
    /// A `@cuda.jit` function (index into the session's sources) and its name.
    Device(usize, String),
    /// An external device function (`cuda.declare_device`).
    Extern(Box<ExternFn>),
    /// A function defined inside a kernel or device function (`crate::nested`) passed to
    /// another function, its name and the locals it captures: compile-time values, or runtime
    /// values passed as extra IR parameters right where the closure's argument stands.
    Closure(usize, String, Vec<Param>),
    /// A type object (`uint32`, `np.float32`, `float32[:]`).
    Class(Type),
    /// A module or namespace (`math`, `cuda.atomic`).
    Namespace(String),
    /// A Python int.
    Int(i128),
    /// A Python float, by its bits.
    Float(u64),
    /// A Python bool.
    Bool(bool),
    /// `None`.
    None,
    /// A string.
    Str(String),
    /// A bytes value.
    Bytes(Vec<u8>),
    /// A tuple of compile-time values.
    Tuple(Vec<Static>),
}

impl Static {
    /// The compile-time value of `val` if it has one. `literals` admits numbers and bools (and
    /// tuples of them); without it only values with no runtime form qualify.
    pub(crate) fn of(
        val: &Val,
        literals: bool,
        sources: &crate::session::Sources<'_>,
    ) -> Option<Self> {
        Some(match val {
            Val::Callable(p) => Self::Builtin(p.clone()),
            Val::Jit(i) => Self::Device(*i, sources.get(*i).name.clone()),
            Val::Closure(i, bound) => Self::Closure(
                *i,
                sources.get(*i).name.clone(),
                bound
                    .iter()
                    .map(|v| Self::of(v, true, sources).map(Param::Static))
                    .collect::<Option<Vec<_>>>()?,
            ),
            Val::Extern(e) => Self::Extern(e.clone()),
            Val::TypeObj(t) => Self::Class(t.clone()),
            Val::Namespace(p) if p != crate::resolve::GRID_GROUP => Self::Namespace(p.clone()),
            Val::NoneV => Self::None,
            Val::Str(s) => Self::Str(s.clone()),
            Val::Bytes(b) => Self::Bytes(b.clone()),
            Val::Int(i) if literals => Self::Int(*i),
            Val::Float(x) if literals => Self::Float(x.to_bits()),
            Val::Bool(b) if literals => Self::Bool(*b),
            Val::Tuple(items) => {
                let items: Option<Vec<Self>> =
                    items.iter().map(|v| Self::of(v, true, sources)).collect();
                let items = items?;
                // A tuple of numbers alone is a runtime value unless literals are asked for;
                // one holding a function or a type is static, its numbers literals.
                if !literals && !items.iter().any(Self::has_no_runtime_form) {
                    return None;
                }
                Self::Tuple(items)
            }
            _ => return None,
        })
    }

    /// Whether this value cannot be passed at run time (a function, a type, a module…).
    fn has_no_runtime_form(&self) -> bool {
        match self {
            Self::Int(_) | Self::Float(_) | Self::Bool(_) => false,
            Self::Tuple(items) => items.iter().any(Self::has_no_runtime_form),
            _ => true,
        }
    }

    /// The value a read of the parameter gives.
    pub(crate) fn to_val(&self) -> Val {
        match self {
            Self::Builtin(p) => Val::Callable(p.clone()),
            Self::Device(i, _) => Val::Jit(*i),
            Self::Closure(i, _, bound) => Val::Closure(
                *i,
                bound
                    .iter()
                    .map(|p| match p {
                        Param::Static(s) => s.to_val(),
                        Param::Rt(_) => Val::Poison,
                    })
                    .collect(),
            ),
            Self::Extern(e) => Val::Extern(e.clone()),
            Self::Class(t) => Val::TypeObj(t.clone()),
            Self::Namespace(p) => Val::Namespace(p.clone()),
            Self::Int(i) => Val::Int(*i),
            Self::Float(bits) => Val::Float(f64::from_bits(*bits)),
            Self::Bool(b) => Val::Bool(*b),
            Self::None => Val::NoneV,
            Self::Str(s) => Val::Str(s.clone()),
            Self::Bytes(b) => Val::Bytes(b.clone()),
            Self::Tuple(items) => Val::Tuple(items.iter().map(Self::to_val).collect()),
        }
    }
}

impl Param {
    /// The runtime type, if this parameter has one.
    #[must_use]
    pub const fn runtime(&self) -> Option<&Type> {
        match self {
            Self::Rt(t) => Some(t),
            Self::Static(_) => None,
        }
    }

    /// The runtime types of `params`, in order (the IR function's parameters): a closure's
    /// runtime captures stand where the closure does.
    #[must_use]
    pub fn runtime_types(params: &[Self]) -> Vec<Type> {
        let mut out = Vec::new();
        for p in params {
            p.runtime_types_into(&mut out);
        }
        out
    }

    fn runtime_types_into(&self, out: &mut Vec<Type>) {
        match self {
            Self::Rt(t) => out.push(t.clone()),
            Self::Static(Static::Closure(_, _, captured)) => {
                for c in captured {
                    c.runtime_types_into(out);
                }
            }
            Self::Static(_) => {}
        }
    }
}

impl fmt::Display for Static {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Builtin(p) => write!(f, "Function({p})"),
            Self::Device(_, name) | Self::Closure(_, name, _) => write!(f, "Function({name})"),
            Self::Extern(e) => write!(f, "Function({})", e.symbol),
            Self::Class(t) => write!(f, "class({t})"),
            Self::Namespace(p) => write!(f, "Module({p})"),
            Self::Int(i) => write!(f, "Literal[int]({i})"),
            Self::Float(bits) => write!(f, "Literal[float]({})", f64::from_bits(*bits)),
            Self::Bool(b) => write!(f, "Literal[bool]({b})"),
            Self::None => f.write_str("none"),
            Self::Str(s) => write!(f, "Literal[str]({s:?})"),
            Self::Bytes(b) => write!(f, "Literal[bytes]({})", crate::value::bytes_repr(b)),
            Self::Tuple(items) => {
                f.write_str("Tuple(")?;
                for (i, s) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    s.fmt(f)?;
                }
                f.write_str(")")
            }
        }
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Rt(t) => t.fmt(f),
            Self::Static(s) => s.fmt(f),
        }
    }
}
