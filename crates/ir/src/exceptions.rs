//! The Python exception classes a failed check can raise (`Function::exceptions`): Python's
//! builtin exception classes, by name. One list, so that the front end accepts exactly what
//! the back ends and bindings can name (the simulator carries a class as its index here).

/// Python's builtin exception classes device code may raise, sorted by name.
pub const BUILTIN_EXCEPTIONS: &[&str] = &[
    "ArithmeticError",
    "AssertionError",
    "AttributeError",
    "BaseException",
    "BufferError",
    "EOFError",
    "Exception",
    "FloatingPointError",
    "IndexError",
    "KeyError",
    "LookupError",
    "MemoryError",
    "NameError",
    "NotImplementedError",
    "OSError",
    "OverflowError",
    "RecursionError",
    "ReferenceError",
    "RuntimeError",
    "StopIteration",
    "SystemError",
    "TypeError",
    "UnboundLocalError",
    "UnicodeError",
    "ValueError",
    "ZeroDivisionError",
];

/// The prefix of a user-defined exception class's key (`user:module.qualname#n`): the class
/// is found again on the host in `oxcuda.cuda._user_exceptions`, where capturing it
/// registered it.
pub const USER_EXCEPTION_PREFIX: &str = "user:";

/// Whether an exception name is a user-defined class's key rather than a builtin's name.
#[must_use]
pub fn is_user_exception(name: &str) -> bool {
    name.starts_with(USER_EXCEPTION_PREFIX)
}

/// The index of builtin exception class `name` in [`BUILTIN_EXCEPTIONS`].
#[must_use]
pub fn exception_index(name: &str) -> Option<u8> {
    BUILTIN_EXCEPTIONS
        .iter()
        .position(|c| *c == name)
        .and_then(|k| u8::try_from(k).ok())
}
