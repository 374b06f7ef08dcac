//! Errors from the compiler libraries.

use std::fmt;

/// A compiler library refused its input or failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    /// `"libNVVM"`, `"nvJitLink"` or `"NVRTC"`.
    pub tool: &'static str,
    /// The entry point that failed, e.g. `"nvvmCompileProgram"`.
    pub call: &'static str,
    /// The numeric status.
    pub code: i32,
    /// The library's name for the status, e.g. `"NVVM_ERROR_INVALID_IR"`.
    pub status: String,
    /// The program log, possibly empty.
    pub log: String,
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {} failed: {} ({})",
            self.tool, self.call, self.status, self.code
        )?;
        if !self.log.trim().is_empty() {
            write!(f, "\n{}", self.log.trim_end())?;
        }
        Ok(())
    }
}

impl std::error::Error for ToolError {}
