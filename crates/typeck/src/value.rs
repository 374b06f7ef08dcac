//! The values expressions evaluate to while lowering: runtime IR values, or things known at
//! compile time (Python constants, tuples of them, modules, type objects, functions).
//!
//! Keeping constants symbolic is what folds `cuda.shared.array((T, T + 1), float32)`: `T + 1`
//! is an `Int`, never an IR value, until something needs it at run time.

use oxcuda_ir::Value;
use oxcuda_types::Type;

/// An evaluated expression.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Val {
    /// A runtime value and its type.
    Rt(Value, Type),
    /// A Python int.
    Int(i128),
    /// A Python float.
    Float(f64),
    /// A Python bool.
    Bool(bool),
    /// A Python complex.
    Complex(f64, f64),
    /// `None`.
    NoneV,
    /// A string literal (dtype names, a constant stored into a `U<n>` item).
    Str(String),
    /// A bytes literal (a constant stored into an `S<n>` item, `crate::lower::charseq`).
    Bytes(Vec<u8>),
    /// A tuple built in the source (`(a, b)`), kept element-wise.
    Tuple(Vec<Val>),
    /// A namespace (`cuda`, `cuda.threadIdx`, `math`).
    Namespace(String),
    /// A callable by path (`math.sin`, `cuda.grid`, `range`).
    Callable(String),
    /// A type object (`float32`, `float32[:]`).
    TypeObj(Type),
    /// A `@cuda.jit` function (index into the session's sources).
    Jit(usize),
    /// A function defined inside a kernel or device function, a `def` or a lambda (index into
    /// the session's sources; `crate::nested`), and the values of the locals it captures once
    /// bound (when it is passed to another function: they must then be compile-time values, as
    /// numba requires of an escaping closure); empty while it is read from its definer.
    Closure(usize, Vec<Val>),
    /// An external device function (`cuda.declare_device`).
    Extern(Box<crate::globals::ExternFn>),
    /// A frozen global NumPy array (index into the function's globals by name).
    GlobalArray(String),
    /// An enum class (`Color`): its members are its attributes and items.
    EnumClass(Box<crate::globals::EnumClass>),
    /// A namedtuple class (`Point`): calling it builds an instance.
    NamedTupleClass(Box<crate::globals::NamedTupleClass>),
    /// A struct constructor (`crate::globals::RecordCtor`): calling it builds a record.
    RecordCtor(Box<crate::globals::RecordCtor>),
    /// A method bound to its receiver (`z.conjugate`), called next.
    Method(Box<Val>, &'static str),
    /// A function with extension implementations (registry number, name).
    Overload(u64, String),
    /// An `@overload_method` bound to its receiver (`arr.foo`), resolved when called.
    ExtMethod(Box<Val>, String),
    /// An expression whose type is not known yet, or that already produced an error: every use
    /// yields poison again, silently.
    Poison,
}

impl Val {
    /// A short description for error messages: the type, or what the thing is.
    pub(crate) fn describe(&self) -> String {
        match self {
            Self::Rt(_, t) => t.to_string(),
            Self::Int(i) => format!("int literal {i}"),
            Self::Float(x) => format!("float literal {x}"),
            Self::Bool(b) => format!("bool literal {b}"),
            Self::Complex(..) => "complex literal".into(),
            Self::NoneV => "None".into(),
            Self::Str(s) => format!("string {s:?}"),
            Self::Bytes(b) => format!("bytes literal {}", bytes_repr(b)),
            Self::Tuple(items) => format!("tuple of {}", items.len()),
            Self::Namespace(p) if p == crate::resolve::GRID_GROUP => {
                "a grid group (cuda.cg.this_grid())".into()
            }
            Self::Namespace(p) => format!("module {p}"),
            Self::Callable(p) => format!("function {p}"),
            Self::TypeObj(t) => format!("type {t}"),
            Self::Jit(_) => "a @cuda.jit function".into(),
            Self::Closure(..) => "a nested function".into(),
            Self::Extern(e) => format!("external function {}", e.symbol),
            Self::GlobalArray(n) => format!("global array {n}"),
            Self::Method(_, name) => format!("method {name}"),
            Self::Overload(_, name) => format!("function {name}"),
            Self::ExtMethod(_, name) => format!("method {name}"),
            Self::EnumClass(c) => format!("the enum class {}", c.class),
            Self::NamedTupleClass(c) => format!("the namedtuple class {}", c.class),
            Self::RecordCtor(c) => format!("the struct constructor {}", c.name),
            Self::Poison => "an erroneous value".into(),
        }
    }
}

/// Python's `repr` of a bytes value: `b'AB\x00'`.
pub(crate) fn bytes_repr(b: &[u8]) -> String {
    let mut out = String::from("b'");
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\'' => out.push_str("\\'"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(char::from(c)),
            _ => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push('\'');
    out
}
