//! The message of a failed debug check (`assert`, `raise`, a zero divisor, …), as the host
//! raises it: one formatting for the GPU and the simulator (docs/debugging.md).
//!
//! The message leads with numba-cuda's prefix, which programs and numba-cuda's own tests match
//! on: `In function 'name', file /abs/path.py, line N, tid=[x, y, z] ctaid=[x, y, z]`, then
//! `: message` when the check has one (numba-cuda: the exception's first argument; none for a
//! bare `raise MyError` or an `assert` without a message). oxcuda's detail follows on its own
//! line: the kernel, `file:line:col` and the qualified name of the function holding the check.
//!
//! Invariants: the first line is exactly numba-cuda's (the function's plain name as Python's
//! `repr` writes it, the file made absolute as `os.path.abspath` does, the 1-based line); the
//! thread and block indices are written x, y, z, as numba-cuda's simulator writes them (its GPU
//! launcher lists them z, y, x); the location part is left out when the file or line is
//! unknown, as numba-cuda leaves it out without a location.

use std::fmt::Write as _;

/// A failed check and where it failed.
#[derive(Debug, Clone, Copy)]
pub struct FailedCheck<'a> {
    /// The check's message; empty when it has none.
    pub message: &'a str,
    /// The Python qualified name of the function holding the check.
    pub function: &'a str,
    /// Its Python file (may be empty).
    pub file: &'a str,
    /// 1-based line and column (0 when unknown).
    pub line: u32,
    /// See `line`.
    pub col: u32,
    /// The kernel's Python name.
    pub kernel: &'a str,
    /// `threadIdx` of the failing thread.
    pub thread: [u32; 3],
    /// `blockIdx` of its block.
    pub block: [u32; 3],
}

impl FailedCheck<'_> {
    /// The exception's message: numba-cuda's first line, then oxcuda's detail line.
    #[must_use]
    pub fn message(&self) -> String {
        let mut out = String::new();
        if !self.file.is_empty() && self.line > 0 {
            let name = self.function.rsplit('.').next().unwrap_or(self.function);
            let _ = write!(
                out,
                "In function {}, file {}, line {}, ",
                python_str_repr(name),
                absolute(self.file),
                self.line
            );
        }
        let dim3 = |d: [u32; 3]| format!("[{}, {}, {}]", d[0], d[1], d[2]);
        let _ = write!(out, "tid={} ctaid={}", dim3(self.thread), dim3(self.block));
        if !self.message.is_empty() {
            let _ = write!(out, ": {}", self.message);
        }
        let file = if self.file.is_empty() {
            "<unknown file>"
        } else {
            self.file
        };
        let _ = write!(
            out,
            "\n  in kernel '{}' at {file}:{}:{} in {}",
            self.kernel, self.line, self.col, self.function
        );
        out
    }
}

/// `file` made absolute against the working directory, as `os.path.abspath` does (a name in
/// angle brackets, `<string>`, stays as it is: it names no file).
fn absolute(file: &str) -> String {
    let path = std::path::Path::new(file);
    if path.is_absolute() || file.starts_with('<') {
        return file.to_owned();
    }
    std::path::absolute(path).map_or_else(|_| file.to_owned(), |p| p.display().to_string())
}

/// A string as Python's `repr` writes it (single quotes unless it holds one and no double
/// quote; backslashes and the chosen quote escaped).
fn python_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        if c == '\\' || c == quote {
            out.push('\\');
        }
        out.push(c);
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(message: &str) -> FailedCheck<'_> {
        FailedCheck {
            message,
            function: "TestUserExc.test.<locals>.test_exc",
            file: "/home/u/k.py",
            line: 7,
            col: 17,
            kernel: "TestUserExc.test.<locals>.test_exc",
            thread: [1, 2, 3],
            block: [4, 5, 6],
        }
    }

    #[test]
    fn numba_prefix_then_message_then_detail() {
        assert_eq!(
            check("foo").message(),
            "In function 'test_exc', file /home/u/k.py, line 7, tid=[1, 2, 3] ctaid=[4, 5, 6]: \
             foo\n  in kernel 'TestUserExc.test.<locals>.test_exc' at /home/u/k.py:7:17 in \
             TestUserExc.test.<locals>.test_exc"
        );
    }

    #[test]
    fn no_message_is_the_prefix_alone() {
        let m = check("").message();
        assert!(m.starts_with(
            "In function 'test_exc', file /home/u/k.py, line 7, tid=[1, 2, 3] ctaid=[4, 5, 6]\n"
        ));
    }

    #[test]
    fn unknown_location_leaves_the_location_out() {
        let mut c = check("m");
        c.file = "";
        c.line = 0;
        assert!(
            c.message()
                .starts_with("tid=[1, 2, 3] ctaid=[4, 5, 6]: m\n")
        );
    }

    #[test]
    fn relative_file_is_made_absolute() {
        let mut c = check("m");
        c.file = "k.py";
        let cwd = std::env::current_dir().unwrap();
        let want = format!("file {}, line 7", cwd.join("k.py").display());
        assert!(c.message().contains(&want), "{}", c.message());
        c.file = "<string>";
        assert!(c.message().contains("file <string>, line 7"));
    }

    #[test]
    fn repr_quotes() {
        assert_eq!(python_str_repr("a'b"), "\"a'b\"");
        assert_eq!(python_str_repr("ab"), "'ab'");
    }
}
