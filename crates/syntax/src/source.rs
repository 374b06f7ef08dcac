//! One function's source text and the map from byte offsets to the user's lines.

use ruff_text_size::{TextRange, TextSize};

/// The dedented source of one Python function.
///
/// Invariant: `text` is what was parsed, so every span of the AST is a byte range into it.
/// `first_line` is the file line of `text`'s first line; `indent` is the number of columns
/// `textwrap.dedent` removed, added back when reporting columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The file name (`<string>` when there is none).
    pub file: String,
    /// The dedented source.
    pub text: String,
    /// 1-based file line of the first line of `text`.
    pub first_line: u32,
    /// Columns removed by dedenting.
    pub indent: u32,
    line_starts: Vec<u32>,
}

impl SourceFile {
    /// Indexes `text` for line look-ups.
    #[must_use]
    pub fn new(file: &str, text: &str, first_line: u32, indent: u32) -> Self {
        let mut line_starts = vec![0u32];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(u32::try_from(i + 1).unwrap_or(u32::MAX));
            }
        }
        Self {
            file: file.to_owned(),
            text: text.to_owned(),
            first_line,
            indent,
            line_starts,
        }
    }

    /// The 0-based line of `text` holding byte `offset`.
    fn line_index(&self, offset: TextSize) -> usize {
        let offset = u32::from(offset);
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// File line and 1-based column (in characters, indentation restored) of a byte offset.
    #[must_use]
    pub fn line_col(&self, offset: TextSize) -> (u32, u32) {
        let li = self.line_index(offset);
        let start = self.line_starts[li] as usize;
        let end = (u32::from(offset) as usize).min(self.text.len());
        let chars = self.text.get(start..end).map_or(0, |s| s.chars().count());
        let col = u32::try_from(chars).unwrap_or(u32::MAX) + 1 + self.indent;
        (self.first_line + u32::try_from(li).unwrap_or(u32::MAX), col)
    }

    /// The text of the line holding `offset`, without its newline, indentation restored.
    #[must_use]
    pub fn line_text(&self, offset: TextSize) -> String {
        let li = self.line_index(offset);
        let start = self.line_starts[li] as usize;
        let end = self
            .line_starts
            .get(li + 1)
            .map_or(self.text.len(), |e| *e as usize);
        let line = self
            .text
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches(['\n', '\r']);
        format!("{}{line}", " ".repeat(self.indent as usize))
    }

    /// The source text of a span.
    #[must_use]
    pub fn slice(&self, range: TextRange) -> &str {
        self.text
            .get(range.start().to_usize()..range.end().to_usize())
            .unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_offsets_to_file_lines_and_columns() {
        let src = SourceFile::new("k.py", "def f(a):\n    return a + 1\n", 10, 4);
        assert_eq!(src.line_col(TextSize::from(0)), (10, 5));
        let plus = u32::try_from(src.text.find('+').unwrap()).unwrap();
        assert_eq!(src.line_col(TextSize::from(plus)), (11, 18));
        assert_eq!(src.line_text(TextSize::from(plus)), "        return a + 1");
    }
}
