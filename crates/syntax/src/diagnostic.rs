//! Diagnostics: what is wrong, where, and how to fix it.

use std::fmt::Write;

use ruff_text_size::TextRange;

use crate::codes::Code;
use crate::source::SourceFile;

/// One problem found in the user's source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code (`docs/errors/<code>.md`).
    pub code: Code,
    /// What is wrong, in one sentence.
    pub message: String,
    /// The offending source span.
    pub range: TextRange,
    /// How to fix it, when we can say.
    pub hint: Option<String>,
}

impl Diagnostic {
    /// A diagnostic without a hint.
    #[must_use]
    pub fn new(code: Code, range: TextRange, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            range,
            hint: None,
        }
    }

    /// Adds a hint.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Where the diagnostic points, resolved against its source.
    #[must_use]
    pub fn resolve(&self, src: &SourceFile) -> Resolved {
        let (line, column) = src.line_col(self.range.start());
        let source_line = src.line_text(self.range.start());
        let (end_line, end_col) = src.line_col(self.range.end());
        let width = if end_line == line {
            end_col.saturating_sub(column).max(1)
        } else {
            1
        };
        Resolved {
            code: self.code.name,
            typing: self.code.typing,
            message: self.message.clone(),
            file: src.file.clone(),
            line,
            column,
            source_line,
            width,
            hint: self.hint.clone(),
        }
    }
}

/// A diagnostic with its position in the user's file, ready for Python.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The code's name.
    pub code: &'static str,
    /// Raised as `TypingError` rather than `CompileError`.
    pub typing: bool,
    /// The message.
    pub message: String,
    /// File name.
    pub file: String,
    /// 1-based file line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// The whole source line.
    pub source_line: String,
    /// How many columns the caret underline covers.
    pub width: u32,
    /// The hint.
    pub hint: Option<String>,
}

impl Resolved {
    /// The rendered form:
    ///
    /// ```text
    /// error[type-mismatch]: cannot add array(float32, 1d, A) and int64
    ///   --> kernels.py:12:9
    ///    |
    /// 12 |     r = x + 1
    ///    |         ^^^^^
    ///    = hint: index the array: x[i] + 1
    /// ```
    #[must_use]
    pub fn render(&self) -> String {
        let mut out = String::new();
        let num = self.line.to_string();
        let pad = " ".repeat(num.len());
        let _ = writeln!(out, "error[{}]: {}", self.code, self.message);
        let _ = writeln!(out, "{pad}--> {}:{}:{}", self.file, self.line, self.column);
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{num} | {}", self.source_line);
        let lead: String = self
            .source_line
            .chars()
            .take(self.column.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let _ = writeln!(out, "{pad} | {lead}{}", "^".repeat(self.width as usize));
        if let Some(hint) = &self.hint {
            let _ = writeln!(out, "{pad} = hint: {hint}");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes;
    use ruff_text_size::TextSize;

    #[test]
    fn renders_the_line_with_a_caret() {
        let src = SourceFile::new("k.py", "def f(x):\n    r = x + 1\n", 11, 0);
        let start = u32::try_from(src.text.find("x + 1").unwrap()).unwrap();
        let range = TextRange::new(TextSize::from(start), TextSize::from(start + 5));
        let d = Diagnostic::new(codes::TYPE_MISMATCH, range, "cannot add").with_hint("index it");
        let r = d.resolve(&src);
        assert_eq!((r.line, r.column, r.width), (12, 9, 5));
        let text = r.render();
        assert!(
            text.contains("12 |     r = x + 1\n   |         ^^^^^\n"),
            "{text}"
        );
        assert!(text.contains("--> k.py:12:9"));
        assert!(text.contains("= hint: index it"));
    }
}
