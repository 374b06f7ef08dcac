//! The extension API's seam in the front end: typing asks its caller about functions, methods
//! and attributes that Python code defines (`oxcuda.cuda.extending`: `@overload`,
//! `@register_jitable`, `@overload_method`, `@overload_attribute`).
//!
//! A call of such a function cannot be typed from the kernel's source alone: numba's rule is
//! that a *typing function* written in Python receives the argument types and returns an
//! implementation (another Python function), or declines. The front end has no Python, so the
//! compile request carries a [`Resolver`]; when lowering meets an extension callee it builds a
//! [`Query`] (the callee and the argument types, literal values included) and the resolver
//! answers with the implementation's captured sources, which are then compiled like any device
//! function and specialised for the argument types ([`crate::session::Session::extension`]).
//!
//! Invariants:
//! - the answer depends only on the query (the resolver is a pure function of it for one
//!   compile): a session asks each distinct query once and reuses the answer in every typing
//!   pass, so the fixpoint of `lower::function` sees the same implementation each time;
//! - an implementation's sources are numbered from [`EXT_BASE`] in the session, after the
//!   user's (from 0) and before the device library's ([`crate::library::BASE`]); its
//!   `GlobalValue::Function(i)` indices are relative to its own list and rebased on arrival;
//! - a compile without a resolver treats every extension callee as unknown (an error naming
//!   it), so the compiler crates stay testable without Python.

use oxcuda_types::Type;

use crate::globals::{FunctionSource, GlobalValue};

/// The session index of the first extension implementation's source.
pub(crate) const EXT_BASE: usize = usize::MAX / 4 + 1;

/// What the kernel called.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Callee {
    /// A Python function with `@overload` (or `@register_jitable`) implementations: its
    /// registry number (`GlobalValue::Overload`).
    Function(u64),
    /// `receiver.name(...)`: an `@overload_method` of the receiver's type (the receiver is the
    /// query's first argument).
    Method(String),
    /// `receiver.name`: an `@overload_attribute` of the receiver's type (the only argument).
    Attribute(String),
}

/// A value known at compile time, passed to typing functions as numba's literal types
/// (`types.IntegerLiteral(1)`, `types.BooleanLiteral(True)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Literal {
    /// An integer literal.
    Int(i128),
    /// `True` or `False`.
    Bool(bool),
}

/// One argument of a query: its type and, for a constant, its value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArgInfo {
    /// The type the value has at run time (an int literal is int64, as numba's non-literal
    /// typing makes it); `Type::None` for a function.
    pub ty: Type,
    /// The value, when the argument is a literal.
    pub literal: Option<Literal>,
    /// For a function passed as a value (a `@cuda.jit` function, or a function defined in
    /// device code): its Python name. Typing functions see numba's `types.Dispatcher` (numba
    /// turns an escaping closure into a jitted function of that type).
    pub function: Option<String>,
}

/// A question for the resolver.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Query {
    /// What was called.
    pub callee: Callee,
    /// Positional arguments (the receiver first for methods and attributes).
    pub args: Vec<ArgInfo>,
    /// Keyword arguments, in the order written.
    pub keywords: Vec<(String, ArgInfo)>,
}

/// The resolver's answer.
#[derive(Debug, Clone)]
pub enum Resolution {
    /// No extension of this name exists for the receiver's type (methods and attributes
    /// only): the front end reports the attribute as unknown, as without extensions.
    NotFound,
    /// The implementation: its captured sources, the implementation itself first, each with
    /// the globals it reads (`GlobalValue::Function` indices relative to this list).
    Implementation(Vec<FunctionSource>),
    /// No typing function accepted the arguments: numba's "No implementation of function …
    /// found for signature" message, listing the candidates and why each declined.
    NoMatch(String),
    /// A typing function misbehaved (returned something that is not a function, or an
    /// implementation whose signature differs from the typing function's): the message.
    Invalid(String),
}

/// Answers [`Query`]s during typing. Implemented by the Python binding
/// (`crates/python/src/compile/extending.rs`) over `oxcuda.cuda._extension_resolver`, and by
/// tests in Rust.
pub trait Resolver: Send + Sync {
    /// The answer to `query`.
    fn resolve(&self, query: &Query) -> Resolution;

    /// Whether any `@overload_method` called `name` exists (for any type): `x.name` then
    /// stands for a bound method whose resolution waits for the call's arguments.
    fn has_method(&self, name: &str) -> bool;
}

/// `sources` with every `GlobalValue::Function(i)` index shifted by `base` (they were relative
/// to the list).
pub(crate) fn rebase(mut sources: Vec<FunctionSource>, base: usize) -> Vec<FunctionSource> {
    fn shift(value: &mut GlobalValue, base: usize) {
        match value {
            GlobalValue::Function(i) => *i += base,
            GlobalValue::Tuple(items) => items.iter_mut().for_each(|v| shift(v, base)),
            _ => {}
        }
    }
    for source in &mut sources {
        source.globals.values_mut().for_each(|v| shift(v, base));
    }
    sources
}
