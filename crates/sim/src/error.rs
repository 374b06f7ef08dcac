//! [`SimError`]: every way a launch can fail, as a value.
//!
//! Invariants: the simulator never panics on user input — a bad kernel, bad arguments or a bad
//! launch configuration all come back as a `SimError`; its [`SimError::message`] is complete on
//! its own (kernel, source position, thread and block where they apply), so a binding can show it
//! as is. The structured fields repeat the parts a binding may want to map (the Python side turns
//! [`SimErrorKind::IndexError`] into Python's `IndexError`).

use std::fmt;

/// What went wrong, for mapping onto the host language's exception types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SimErrorKind {
    /// A load, store or atomic indexed outside an array's shape.
    IndexError,
    /// Threads of a block disagreed about a barrier (some waited while others exited, or they
    /// waited at different barriers), or a warp barrier could not complete.
    BarrierError,
    /// An `assert` in the kernel failed.
    AssertionError,
    /// The program uses something the simulator does not implement (or exceeds one of its
    /// limits, such as the call depth).
    UnsupportedError,
    /// The launch itself is wrong: grid or block dimensions, argument count or types.
    LaunchError,
    /// The IR is malformed (it fails the verifier): a compiler bug, not a user error.
    InternalError,
    /// [`crate::interrupt_launches`] stopped the launch (Ctrl-C).
    Interrupted,
    /// Race detection (`LaunchConfig::racecheck`) found data races or uninitialised shared
    /// reads; the launch ran to completion.
    RaceError,
}

impl SimErrorKind {
    /// The kind's name, as the Python side names the exception family.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::IndexError => "IndexError",
            Self::BarrierError => "BarrierError",
            Self::AssertionError => "AssertionError",
            Self::UnsupportedError => "UnsupportedError",
            Self::LaunchError => "LaunchError",
            Self::InternalError => "InternalError",
            Self::Interrupted => "Interrupted",
            Self::RaceError => "RaceError",
        }
    }
}

/// A source position in a kernel or device function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLoc {
    /// The function's Python qualified name.
    pub function: String,
    /// The Python file it was defined in (may be empty).
    pub file: String,
    /// 1-based line (0 when unknown).
    pub line: u32,
    /// 1-based column (0 when unknown).
    pub col: u32,
}

impl fmt::Display for SourceLoc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = if self.file.is_empty() {
            "<unknown file>"
        } else {
            &self.file
        };
        write!(f, "{file}:{}:{} in {}", self.line, self.col, self.function)
    }
}

/// A failed preparation or launch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SimError {
    /// The category.
    pub kind: SimErrorKind,
    /// The full message: what, where (kernel, file:line:col), which thread and block.
    pub message: String,
    /// Where in the source, when the error belongs to an instruction.
    pub location: Option<Box<SourceLoc>>,
    /// `threadIdx` of the failing thread, for errors raised while executing.
    pub thread: Option<[u32; 3]>,
    /// `blockIdx` of the failing block, for errors raised while executing.
    pub block: Option<[u32; 3]>,
    /// For a failed check ([`SimErrorKind::AssertionError`]) that is not an `assert`: the
    /// Python exception class it raises (`ZeroDivisionError`, a `raise`d class, …): a
    /// builtin's name, or a user class's key (`oxcuda_ir::is_user_exception`).
    pub raises: Option<String>,
}

impl SimError {
    /// An error with only a kind and a message.
    #[must_use]
    pub fn new(kind: SimErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
            location: None,
            thread: None,
            block: None,
            raises: None,
        }
    }

    /// A launch-configuration or argument error.
    #[must_use]
    pub fn launch(message: impl Into<String>) -> Self {
        Self::new(SimErrorKind::LaunchError, message)
    }

    /// The Python exception class a failed check raises, when it is not `AssertionError`.
    #[must_use]
    pub fn exception(&self) -> Option<&str> {
        self.raises.as_deref()
    }

    /// Whether the kind is `kind`.
    #[must_use]
    pub fn is(&self, kind: SimErrorKind) -> bool {
        self.kind == kind
    }
}

impl fmt::Display for SimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.name(), self.message)
    }
}

impl std::error::Error for SimError {}

/// `(x, y, z)` for messages.
pub(crate) fn fmt_dim3(d: [u32; 3]) -> String {
    format!("({}, {}, {})", d[0], d[1], d[2])
}
