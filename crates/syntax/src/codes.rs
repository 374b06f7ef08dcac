//! The registry of diagnostic codes. Each code has a page `docs/errors/<code>.md`; a test in
//! the Python suite checks that every code here has its page.

/// A diagnostic code and a one-line summary of what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Code {
    /// Kebab-case name, stable across releases.
    pub name: &'static str,
    /// Whether the Python side raises `TypingError` (true) or plain `CompileError`.
    pub typing: bool,
    /// One line.
    pub summary: &'static str,
}

macro_rules! codes {
    ($($ident:ident = $name:literal, $typing:literal, $summary:literal;)*) => {
        $(
            #[doc = $summary]
            pub const $ident: Code = Code { name: $name, typing: $typing, summary: $summary };
        )*
        /// Every code.
        pub const ALL: &[Code] = &[$($ident),*];
    };
}

codes! {
    SYNTAX_ERROR = "syntax-error", false, "The function's source does not parse as Python.";
    UNSUPPORTED_SYNTAX = "unsupported-syntax", false, "Valid Python that kernels cannot use (with, try, lambda, comprehensions, …).";
    UNKNOWN_NAME = "unknown-name", true, "A name that is neither a local, a global, a closure variable nor a builtin.";
    UNSUPPORTED_GLOBAL = "unsupported-global", true, "A global or closure value of a kind kernels cannot use.";
    UNKNOWN_ATTRIBUTE = "unknown-attribute", true, "An attribute that the object does not have in device code.";
    UNKNOWN_FIELD = "unknown-field", true, "A record field (r.name, r['name'], r[k]) that the record's dtype does not have.";
    UNDEFINED_VARIABLE = "undefined-variable", true, "A local variable read before any assignment reaches it.";
    TYPE_MISMATCH = "type-mismatch", true, "An operation applied to values of types it does not accept.";
    VARIABLE_TYPE_CONFLICT = "variable-type-conflict", true, "A variable assigned values of types that cannot be unified.";
    BAD_CALL = "bad-call", true, "A call with the wrong number or kinds of arguments.";
    NOT_CONSTANT = "not-constant", true, "A value that must be known at compile time (a shape, a dtype, a grid dimension) is not.";
    BAD_INDEX = "bad-index", true, "An index or slice that does not fit the array or tuple.";
    READONLY_ARRAY = "readonly-array", true, "A write to a read-only array (a constant array or a readonly argument).";
    BAD_RETURN = "bad-return", true, "A kernel returning a value, or returns of incompatible types.";
    BAD_SIGNATURE = "bad-signature", true, "A signature that does not parse or does not fit the function.";
    RECURSION = "recursion", true, "Recursion whose return type cannot be inferred, or mutual recursion.";
    NO_MATCHING_OVERLOAD = "no-matching-overload", true, "No @overload (or @overload_method, @overload_attribute) of the function accepts the argument types.";
    EXTENSION_ERROR = "extension-error", true, "A typing function of the extension API misbehaved: it returned something that is not an implementation, or one whose signature differs from its own.";
}

/// Looks a code up by name.
#[must_use]
pub fn by_name(name: &str) -> Option<Code> {
    ALL.iter().copied().find(|c| c.name == name)
}
