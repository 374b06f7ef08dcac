//! The two-call pattern every compiler library uses for results and logs: ask the size, then
//! read into a buffer of that size.

use std::ffi::{CString, c_int};

/// Reads a sized result: `size` writes the byte count, `read` fills a buffer of that many bytes.
/// Returns the failing status code if either call fails. Trailing NULs are removed.
pub(crate) fn read_sized(
    size: impl FnOnce(&mut usize) -> c_int,
    read: impl FnOnce(*mut u8) -> c_int,
    strip_nul: bool,
) -> Result<Vec<u8>, c_int> {
    let mut n = 0usize;
    let rc = size(&mut n);
    if rc != 0 {
        return Err(rc);
    }
    let mut buf = vec![0u8; n];
    if n > 0 {
        let rc = read(buf.as_mut_ptr());
        if rc != 0 {
            return Err(rc);
        }
    }
    if strip_nul {
        while buf.last() == Some(&0) {
            buf.pop();
        }
    }
    Ok(buf)
}

/// Reads a log as text; a log that cannot be read is empty (it only decorates an error).
pub(crate) fn read_log(
    size: impl FnOnce(&mut usize) -> c_int,
    read: impl FnOnce(*mut u8) -> c_int,
) -> String {
    read_sized(size, read, true)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default()
}

/// A C string from Rust text; interior NULs (never valid in names or options) are dropped.
pub(crate) fn c_string(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

/// Looks up a status code's name in a table indexed by code.
pub(crate) fn status_name(table: &[&str], code: c_int, kind: &str) -> String {
    usize::try_from(code)
        .ok()
        .and_then(|i| table.get(i))
        .map_or_else(|| format!("{kind} {code}"), |s| (*s).to_owned())
}
