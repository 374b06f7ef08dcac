//! NumPy's fixed-width strings as numba types them: `S<n>` (n bytes, numba's `CharSeq(n)`,
//! printed `[char x n]`) and `U<n>` (n UCS4 code points, 4n bytes, numba's
//! `UnicodeCharSeq(n)`, printed `[unichr x n]`), as array element dtypes and record fields.
//!
//! A char sequence is a front-end type, like a datetime: the IR holds it as its
//! [`CharSeqType::storage`] record, one subarray field `chars` of `uint8[n]` (S) or
//! `uint32[n]` (U) at offset 0, aligned to 1. So an array of `S12` is an array of such records
//! in the IR, an element is a reference to one, a record field of `U4` is a nested record, and
//! an element copy of the same type is the record copy every back end already has; the
//! operations (stores of constants, copies between lengths, `==`, `len`) are loops over the
//! `chars` view the front end writes (`crates/typeck/src/lower/charseq.rs`). No IR op, no
//! simulator case and no NVVM case is needed.
//!
//! Why alignment 1 for both kinds, although NumPy aligns `U` to 4 in `align=True` records: a
//! `U` field of a packed record may sit at any offset (`[('a', 'i1'), ('u', 'U3')]` puts `u` at
//! 1), and one representation for every place keeps a char sequence's type independent of
//! where it lives. The cost is that a code point is read and written byte by byte; NumPy's
//! layout (offsets, item sizes, the records' own alignment) is read from NumPy and unchanged.
//! [`crate::Dtype::align`] is therefore 1: the alignment accesses assume, not NumPy's.

use std::fmt;

use crate::record::{Dtype, Field, Record};
use crate::scalar::Scalar;

/// The name of the storage record's one field.
pub const CHARS_FIELD: &str = "chars";

/// `S<len>` (bytes) or `U<len>` (unicode code points). See the module doc.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CharSeqType {
    /// `U<n>` (UCS4 code points) rather than `S<n>` (bytes).
    pub unicode: bool,
    /// The number of characters (`n`), not bytes.
    pub len: u32,
}

impl CharSeqType {
    /// `S<len>`.
    #[must_use]
    pub const fn bytes(len: u32) -> Self {
        Self {
            unicode: false,
            len,
        }
    }

    /// `U<len>`.
    #[must_use]
    pub const fn unicode(len: u32) -> Self {
        Self { unicode: true, len }
    }

    /// The type of NumPy's dtype of kind `S` or `U` whose items are `itemsize` bytes (a `U`
    /// character is 4 bytes); `None` for any other kind.
    #[must_use]
    pub const fn of_numpy(kind: u8, itemsize: u32) -> Option<Self> {
        match kind {
            b'S' => Some(Self::bytes(itemsize)),
            b'U' => Some(Self::unicode(itemsize / 4)),
            _ => None,
        }
    }

    /// The type of one character as stored: `uint8` or `uint32`.
    #[must_use]
    pub const fn unit(self) -> Scalar {
        if self.unicode {
            Scalar::U32
        } else {
            Scalar::U8
        }
    }

    /// The item size in bytes (NumPy's `itemsize`).
    #[must_use]
    pub const fn size(self) -> u32 {
        self.len.saturating_mul(self.unit().size())
    }

    /// The record the IR holds the sequence as: `chars: uint8[len]` or `uint32[len]` at 0,
    /// aligned to 1 (see the module doc).
    #[must_use]
    pub fn storage(self) -> Record {
        Record::new(
            vec![Field {
                name: CHARS_FIELD.to_owned(),
                dtype: Dtype::Scalar(self.unit()),
                shape: vec![u64::from(self.len)],
                offset: 0,
            }],
            self.size(),
            1,
        )
        .unwrap_or_else(|e| unreachable!("a char sequence's storage record is valid: {e}"))
    }

    /// NumPy's name of the dtype: `S12`, `U12`.
    #[must_use]
    pub fn numpy_name(self) -> String {
        format!("{}{}", if self.unicode { 'U' } else { 'S' }, self.len)
    }

    /// numba's class name: `CharSeq` or `UnicodeCharSeq`.
    #[must_use]
    pub const fn numba_class(self) -> &'static str {
        if self.unicode {
            "UnicodeCharSeq"
        } else {
            "CharSeq"
        }
    }

    /// What a constant of this kind is in Python: `str` or `bytes`.
    #[must_use]
    pub const fn python_kind(self) -> &'static str {
        if self.unicode { "str" } else { "bytes" }
    }
}

/// numba's names: `[char x 12]`, `[unichr x 12]`.
impl fmt::Display for CharSeqType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.unicode { "unichr" } else { "char" };
        write!(f, "[{kind} x {}]", self.len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_sizes_and_storage() {
        let s = CharSeqType::bytes(12);
        let u = CharSeqType::unicode(3);
        assert_eq!(s.to_string(), "[char x 12]");
        assert_eq!(u.to_string(), "[unichr x 3]");
        assert_eq!((s.size(), u.size()), (12, 12));
        assert_eq!(
            (s.numpy_name(), u.numpy_name()),
            ("S12".into(), "U3".into())
        );
        assert_eq!(
            u.storage().to_string(),
            "Record(chars: uint32[3] @0; size 12, align 1)"
        );
        assert_eq!(s.storage(), CharSeqType::bytes(12).storage());
        assert_eq!(CharSeqType::of_numpy(b'S', 12), Some(s));
        assert_eq!(CharSeqType::of_numpy(b'U', 12), Some(u));
        assert_eq!(CharSeqType::of_numpy(b'f', 4), None);
    }
}
