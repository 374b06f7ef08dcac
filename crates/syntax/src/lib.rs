//! Kernel source text: where it came from, how to parse it, how to point at it.
//!
//! - [`source`]: [`SourceFile`], the dedented text of one Python function plus the file name,
//!   first line and indentation needed to map byte offsets back to the user's real lines.
//! - [`diagnostic`]: [`Diagnostic`] (code, message, span, hint) and its rendering with the
//!   source line and a caret; [`codes`] is the registry of error codes, each with a page in
//!   `docs/errors/`.
//! - [`parse`]: parsing with `ruff_python_parser` (pinned) and finding the function definition.
//!
//! The ruff AST is the front end's syntax tree: names are resolved while typing
//! (`oxcuda-typeck`), against the snapshot of globals the Python side captured.

pub mod codes;
pub mod diagnostic;
pub mod parse;
pub mod source;

pub use diagnostic::Diagnostic;
pub use parse::parse_function;
pub use ruff_python_ast as ast;
pub use ruff_text_size::{Ranged, TextRange, TextSize};
pub use source::SourceFile;
