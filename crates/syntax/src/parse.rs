//! Parsing a function's source with `ruff_python_parser`.

use ruff_python_ast::{Stmt, StmtFunctionDef};
use ruff_text_size::{TextRange, TextSize};

use crate::codes;
use crate::diagnostic::Diagnostic;

/// A parsed module and the function definition it holds.
#[derive(Debug)]
pub struct ParsedFunction {
    /// The function definition (the first `def` in the source).
    pub def: StmtFunctionDef,
}

/// Parses `text` and returns its first function definition.
///
/// # Errors
/// A `syntax-error` diagnostic at the parser's error position, or when no `def` is present.
pub fn parse_function(text: &str) -> Result<ParsedFunction, Diagnostic> {
    for stmt in parse_statements(text)? {
        if let Stmt::FunctionDef(def) = stmt {
            return Ok(ParsedFunction { def });
        }
    }
    Err(Diagnostic::new(
        codes::SYNTAX_ERROR,
        TextRange::empty(TextSize::from(0)),
        "the source holds no function definition",
    ))
}

/// Parses `text` as a module and returns its top-level statements.
///
/// # Errors
/// A `syntax-error` diagnostic at the parser's error position.
pub fn parse_statements(text: &str) -> Result<Vec<Stmt>, Diagnostic> {
    let parsed = ruff_python_parser::parse_module(text).map_err(|e| {
        Diagnostic::new(
            codes::SYNTAX_ERROR,
            e.location,
            format!("invalid syntax: {}", e.error),
        )
    })?;
    Ok(parsed.into_syntax().body.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_function_and_reports_syntax_errors() {
        let f = parse_function("@cuda.jit\ndef k(a, b):\n    a[0] = b\n").unwrap();
        assert_eq!(f.def.name.as_str(), "k");
        assert_eq!(f.def.parameters.args.len(), 2);
        let err = parse_function("def k(a:\n    pass\n").unwrap_err();
        assert_eq!(err.code.name, "syntax-error");
    }
}
