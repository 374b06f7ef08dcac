//! The filetest format: a test file is its input with the expectations in comments.
//!
//! A directive is a comment line `<c> key: value` (`<c>` is `;` in IR files, `#` in Python
//! files). The expected output, where a kind has one, is the block after the line `<c> output:`
//! to the end of the file, each line commented (`<c> text`, or a bare `<c>` for an empty line).
//! IR parsers skip `;` lines, so an IR test file is itself valid input.

use std::path::PathBuf;

/// One test file.
#[derive(Debug)]
pub struct TestFile {
    pub path: PathBuf,
    pub text: String,
    /// The comment prefix: `;` or `#`.
    pub comment: &'static str,
}

impl TestFile {
    fn marker(&self) -> String {
        format!("{} output:", self.comment)
    }

    /// The values of every `key:` directive, in order (before the output block).
    pub fn directives(&self, key: &str) -> Vec<String> {
        let prefix = format!("{} {key}:", self.comment);
        self.head()
            .lines()
            .filter_map(|l| l.strip_prefix(&prefix))
            .map(|v| v.trim().to_owned())
            .collect()
    }

    /// The one `key:` directive, if present.
    pub fn directive(&self, key: &str) -> Option<String> {
        self.directives(key).into_iter().next()
    }

    /// Whether the bare directive `key` (a line `<c> key`) is present.
    pub fn flag(&self, key: &str) -> bool {
        let line = format!("{} {key}", self.comment);
        self.head().lines().any(|l| l.trim_end() == line)
    }

    /// The file up to its output block.
    pub fn head(&self) -> &str {
        let marker = self.marker();
        match self.text.lines().position(|l| l.trim_end() == marker) {
            Some(n) => {
                let end: usize = self.text.split_inclusive('\n').take(n).map(str::len).sum();
                &self.text[..end]
            }
            None => &self.text,
        }
    }

    /// The expected output, if the file has an output block.
    pub fn output(&self) -> Option<String> {
        let marker = self.marker();
        let mut lines = self.text.lines().skip_while(|l| l.trim_end() != marker);
        lines.next()?;
        let bare = self.comment;
        let prefixed = format!("{} ", self.comment);
        let mut out = String::new();
        for l in lines {
            let body = l
                .strip_prefix(&prefixed)
                .or_else(|| (l == bare).then_some(""))?;
            out.push_str(body);
            out.push('\n');
        }
        Some(out)
    }

    /// The file with its output block replaced by `output`.
    pub fn with_output(&self, output: &str) -> String {
        let mut text = self.head().to_owned();
        if !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&self.marker());
        text.push('\n');
        for l in output.lines() {
            if l.is_empty() {
                text.push_str(self.comment);
            } else {
                text.push_str(self.comment);
                text.push(' ');
                text.push_str(l);
            }
            text.push('\n');
        }
        text
    }

    /// The file with every `key:` directive replaced by one line per value, at the first
    /// one's place (or after the leading comment lines when there is none).
    pub fn with_directives(&self, key: &str, values: &[String]) -> String {
        let prefix = format!("{} {key}:", self.comment);
        let lines: Vec<&str> = self.text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| {
                lines
                    .iter()
                    .position(|l| !l.starts_with(self.comment))
                    .unwrap_or(lines.len())
            });
        let mut out: Vec<String> = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            if i == at {
                out.extend(values.iter().map(|v| format!("{prefix} {v}")));
            }
            if !l.starts_with(&prefix) {
                out.push((*l).to_owned());
            }
        }
        if at == lines.len() {
            out.extend(values.iter().map(|v| format!("{prefix} {v}")));
        }
        out.join("\n") + "\n"
    }
}

/// Checks `text` against ordered `check:` lines (each substring must occur on a line after
/// the previous match) and `check-not:` lines (nowhere). Returns the first failure.
pub fn check_lines(text: &str, checks: &[String], nots: &[String]) -> Result<(), String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut from = 0;
    for check in checks {
        match lines[from..]
            .iter()
            .position(|l| l.contains(check.as_str()))
        {
            Some(i) => from += i + 1,
            None => {
                return Err(format!(
                    "check {check:?} not found after line {from} of:\n{text}"
                ));
            }
        }
    }
    for not in nots {
        if let Some(l) = lines.iter().find(|l| l.contains(not.as_str())) {
            return Err(format!("check-not {not:?} found: {l}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> TestFile {
        TestFile {
            path: PathBuf::from("t"),
            text: text.to_owned(),
            comment: ";",
        }
    }

    #[test]
    fn output_blocks_round_trip() {
        let f = file("; error: x\nbody\n; output:\n; a\n;\n; b\n");
        assert_eq!(f.output().as_deref(), Some("a\n\nb\n"));
        assert_eq!(f.head(), "; error: x\nbody\n");
        assert_eq!(f.with_output("a\n\nb\n"), f.text);
        assert_eq!(f.directives("error"), ["x"]);
        let g = file(&f.with_directives("error", &["y".into(), "z".into()]));
        assert_eq!(g.directives("error"), ["y", "z"]);
        assert_eq!(file("body\n").output(), None);
    }

    #[test]
    fn checks_are_ordered() {
        let text = "one\ntwo\nthree\n";
        assert!(check_lines(text, &["one".into(), "three".into()], &[]).is_ok());
        assert!(check_lines(text, &["three".into(), "one".into()], &[]).is_err());
        assert!(check_lines(text, &[], &["two".into()]).is_err());
    }
}
