//! [`CodegenError`]: IR the writer cannot translate.
//!
//! The writer verifies the module first, so an error here means either an operation the GPU
//! back end does not support (an atomic on `int8`, complex `min`, …) or IR that passed the
//! verifier yet breaks a rule documented on the operation. Either is the compiler's fault or a
//! missing feature, never the user's typo: the Python side reports it as an internal error or an
//! unsupported-feature error with the source line from `loc`.

use std::fmt;

use oxcuda_ir::Loc;

/// An operation or module the writer refuses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodegenError {
    /// The function's symbol (empty for module-level problems).
    pub function: String,
    /// Where in the IR: `bb3[5]`, `bb3` (the terminator) or empty.
    pub location: String,
    /// The Python source position of the instruction (0:0 when unknown).
    pub loc: Loc,
    /// What is wrong.
    pub message: String,
    /// The kernel asks for instructions the target lacks (a tensor-core form or `cp.async`
    /// on too old a compute capability): the user's choice of target, not oxcuda's bug.
    pub unsupported_target: bool,
}

impl fmt::Display for CodegenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.function.is_empty() {
            return write!(f, "NVVM IR writer: {}", self.message);
        }
        write!(f, "NVVM IR writer: {}", self.function)?;
        if !self.location.is_empty() {
            write!(f, " {}", self.location)?;
        }
        if self.loc.line > 0 {
            write!(f, " (line {}:{})", self.loc.line, self.loc.col)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for CodegenError {}

impl CodegenError {
    /// A module-level error.
    pub(super) fn module(message: impl Into<String>) -> Self {
        Self {
            function: String::new(),
            location: String::new(),
            loc: Loc::default(),
            message: message.into(),
            unsupported_target: false,
        }
    }
}
