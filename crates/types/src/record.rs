//! Records: NumPy structured dtypes (`np.dtype([('a', np.float64), ('v', np.float32, 3)])`),
//! and [`Dtype`], what an array's elements are (a scalar or a record).
//!
//! A [`RecordType`] lists its fields in declaration order, each with a name, a dtype (a scalar or
//! a nested record), a shape (empty for a plain field, the extents of a fixed-size subarray
//! field) and a byte offset, plus the record's item size and the alignment every record of
//! the type is known to have (`align`: the dtype's alignment for `align=True` dtypes, 1 for
//! packed ones).
//!
//! Records are interned: [`Record`] is a `Copy` handle to the one shared description of each
//! distinct record type (leaked on purpose, like numba's type cache, which also lives as long
//! as the process), so array types stay `Copy` and comparing two record types is a pointer
//! comparison.
//!
//! Invariants (checked by [`Record::new`]):
//! - every field lies inside the record: `offset + size(field) <= size`;
//! - field names are unique;
//! - `align` is a power of two, and a nested record field's own `align` divides the alignment
//!   its place guarantees (`align` and the offset's lowest set bit), so a reference to the
//!   nested record never promises more alignment than its address has.

use std::collections::HashSet;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use crate::charseq::CharSeqType;
use crate::datetime::DatetimeType;
use crate::scalar::Scalar;
use crate::ty::{ArrayType, Layout, Type};

/// What the elements of an array (or the items of a record field) are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dtype {
    /// A scalar.
    Scalar(Scalar),
    /// A record (a structured dtype).
    Record(Record),
    /// `datetime64`/`timedelta64` of a unit (front end only: int64 in the IR; see
    /// [`crate::datetime`]).
    Datetime(DatetimeType),
    /// A fixed-width string, `S<n>` or `U<n>` (front end only: its storage record in the IR;
    /// see [`crate::charseq`]).
    CharSeq(CharSeqType),
}

impl Dtype {
    /// The item size in bytes.
    #[must_use]
    pub fn size(self) -> u32 {
        match self {
            Self::Scalar(s) => s.size(),
            Self::Record(r) => r.size,
            Self::Datetime(_) => 8,
            Self::CharSeq(c) => c.size(),
        }
    }

    /// The alignment an item of this dtype is accessed with: a scalar's natural alignment (a
    /// complex number aligns as its parts), a record's `align`.
    #[must_use]
    pub fn align(self) -> u32 {
        match self {
            Self::Scalar(s) => scalar_align(s),
            Self::Record(r) => r.align,
            Self::Datetime(_) => 8,
            // Accessed byte by byte wherever it sits (crate::charseq's module doc).
            Self::CharSeq(_) => 1,
        }
    }

    /// The scalar, if this is one.
    #[must_use]
    pub const fn as_scalar(self) -> Option<Scalar> {
        match self {
            Self::Scalar(s) => Some(s),
            Self::Record(_) | Self::Datetime(_) | Self::CharSeq(_) => None,
        }
    }

    /// The record, if this is one.
    #[must_use]
    pub const fn as_record(self) -> Option<Record> {
        match self {
            Self::Record(r) => Some(r),
            Self::Scalar(_) | Self::Datetime(_) | Self::CharSeq(_) => None,
        }
    }

    /// The dtype the IR holds items of this dtype as: int64 for a datetime, the storage record
    /// for a char sequence, a record with char sequence fields as [`Record::erased`], else
    /// itself.
    #[must_use]
    pub fn erased(self) -> Self {
        match self {
            Self::Datetime(_) => Self::Scalar(Scalar::I64),
            Self::CharSeq(c) => Self::Record(c.storage()),
            Self::Record(r) => Self::Record(r.erased()),
            other @ Self::Scalar(_) => other,
        }
    }

    /// Whether [`Self::erased`] changes anything.
    #[must_use]
    pub fn is_nominal(self) -> bool {
        match self {
            Self::Datetime(_) | Self::CharSeq(_) => true,
            Self::Record(r) => r.holds_char_seq(),
            Self::Scalar(_) => false,
        }
    }

    /// The char sequence, if this is one.
    #[must_use]
    pub const fn as_char_seq(self) -> Option<CharSeqType> {
        match self {
            Self::CharSeq(c) => Some(c),
            _ => None,
        }
    }
}

impl From<Scalar> for Dtype {
    fn from(s: Scalar) -> Self {
        Self::Scalar(s)
    }
}

impl From<Record> for Dtype {
    fn from(r: Record) -> Self {
        Self::Record(r)
    }
}

impl PartialEq<Scalar> for Dtype {
    fn eq(&self, other: &Scalar) -> bool {
        *self == Self::Scalar(*other)
    }
}

impl fmt::Display for Dtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Scalar(s) => s.fmt(f),
            Self::Record(r) => r.fmt(f),
            Self::Datetime(d) => d.fmt(f),
            Self::CharSeq(c) => c.fmt(f),
        }
    }
}

/// The natural alignment of a scalar in memory (a complex number aligns as its parts).
#[must_use]
pub const fn scalar_align(s: Scalar) -> u32 {
    match s {
        Scalar::C64 | Scalar::C128 => s.size() / 2,
        _ => s.size(),
    }
}

/// One field of a record.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Field {
    /// The name (any string NumPy accepts).
    pub name: String,
    /// The item type.
    pub dtype: Dtype,
    /// Extents of a subarray field (`('v', 'f4', (3, 2))`: `[3, 2]`), empty for a plain field.
    pub shape: Vec<u64>,
    /// Byte offset from the start of the record.
    pub offset: u32,
}

impl Field {
    /// Bytes the field occupies: the item size times the subarray's elements.
    #[must_use]
    pub fn size(&self) -> u64 {
        self.shape
            .iter()
            .fold(u64::from(self.dtype.size()), |acc, n| {
                acc.saturating_mul(*n)
            })
    }

    /// The type reading the field of a record aligned to `record_align` gives: the scalar, a
    /// reference to the nested record, or a C-contiguous array view of a subarray field —
    /// `unaligned` when the items may sit below their natural alignment (a packed record).
    #[must_use]
    pub fn value_type(&self, record_align: u32) -> Type {
        if self.shape.is_empty() {
            return Type::of_dtype(self.dtype);
        }
        Type::Array(ArrayType {
            dtype: self.dtype,
            ndim: u32::try_from(self.shape.len()).unwrap_or(u32::MAX),
            layout: Layout::C,
            readonly: false,
            aligned: self.access_align(record_align) >= self.dtype.align(),
        })
    }

    /// The alignment accesses to the field's items can assume in a record aligned to
    /// `record_align`: the item's own alignment, lowered to what the offset guarantees.
    #[must_use]
    pub fn access_align(&self, record_align: u32) -> u32 {
        let place = if self.offset == 0 {
            record_align
        } else {
            record_align.min(1 << self.offset.trailing_zeros())
        };
        self.dtype.align().min(place).max(1)
    }
}

/// A record type: fields, item size, alignment. See the module doc.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RecordType {
    /// The fields, in declaration order.
    pub fields: Vec<Field>,
    /// The item size in bytes (NumPy's `itemsize`, padding included).
    pub size: u32,
    /// The alignment every record of this type has (a power of two; 1 for packed dtypes).
    pub align: u32,
}

impl RecordType {
    /// The field named `name` and its index.
    #[must_use]
    pub fn field(&self, name: &str) -> Option<(usize, &Field)> {
        self.fields.iter().enumerate().find(|(_, f)| f.name == name)
    }

    /// The field names, quoted and comma-separated, for messages: `'a', 'b', 'c'`.
    #[must_use]
    pub fn field_list(&self) -> String {
        let names: Vec<String> = self
            .fields
            .iter()
            .map(|f| format!("'{}'", f.name))
            .collect();
        names.join(", ")
    }
}

/// A handle to an interned [`RecordType`]. See the module doc.
#[derive(Clone, Copy)]
pub struct Record(&'static RecordType);

impl Record {
    /// The interned record with these fields, size and alignment.
    ///
    /// # Errors
    /// When a field lies outside the record, two fields share a name, `align` is not a power
    /// of two, or a nested record field promises more alignment than its place has.
    pub fn new(fields: Vec<Field>, size: u32, align: u32) -> Result<Self, String> {
        if !align.is_power_of_two() {
            return Err(format!("record alignment {align} is not a power of two"));
        }
        let mut names = HashSet::new();
        for f in &fields {
            if !names.insert(f.name.as_str()) {
                return Err(format!("the record has two fields named '{}'", f.name));
            }
            if u64::from(f.offset) + f.size() > u64::from(size) {
                return Err(format!(
                    "field '{}' ({} bytes at offset {}) does not fit a record of {size} bytes",
                    f.name,
                    f.size(),
                    f.offset
                ));
            }
            if let Dtype::Record(r) = f.dtype
                && f.access_align(align) < r.align
            {
                return Err(format!(
                    "field '{}' holds a record aligned to {} bytes at a place aligned to {}",
                    f.name,
                    r.align,
                    f.access_align(align)
                ));
            }
        }
        Ok(intern(RecordType {
            fields,
            size,
            align,
        }))
    }

    /// Whether a field (of this record or a nested one) is a char sequence.
    #[must_use]
    pub fn holds_char_seq(self) -> bool {
        self.fields.iter().any(|f| match f.dtype {
            Dtype::CharSeq(_) => true,
            Dtype::Record(r) => r.holds_char_seq(),
            Dtype::Scalar(_) | Dtype::Datetime(_) => false,
        })
    }

    /// The record the IR holds this one as: every char sequence field (nested ones too) a
    /// field of its storage record ([`CharSeqType::storage`]), names, offsets, shapes, size
    /// and alignment unchanged; a record without char sequences is itself.
    #[must_use]
    pub fn erased(self) -> Self {
        if !self.holds_char_seq() {
            return self;
        }
        let fields = self
            .fields
            .iter()
            .map(|f| Field {
                dtype: match f.dtype {
                    Dtype::CharSeq(_) | Dtype::Record(_) => f.dtype.erased(),
                    other => other,
                },
                ..f.clone()
            })
            .collect();
        // The storage records are aligned to 1, so every invariant the original kept holds.
        Self::new(fields, self.size, self.align)
            .unwrap_or_else(|e| unreachable!("an erased record is valid: {e}"))
    }

    /// The record type this handle stands for.
    #[must_use]
    pub fn get(self) -> &'static RecordType {
        self.0
    }
}

impl std::ops::Deref for Record {
    type Target = RecordType;

    fn deref(&self) -> &RecordType {
        self.0
    }
}

// Interning makes equal record types the same allocation: pointer equality is equality.
impl PartialEq for Record {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Record {}

impl std::hash::Hash for Record {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl fmt::Debug for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

fn intern(ty: RecordType) -> Record {
    static TABLE: OnceLock<Mutex<HashSet<&'static RecordType>>> = OnceLock::new();
    let table = TABLE.get_or_init(|| Mutex::new(HashSet::new()));
    let mut table = table
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(found) = table.get(&ty) {
        return Record(found);
    }
    let leaked: &'static RecordType = Box::leak(Box::new(ty));
    table.insert(leaked);
    Record(leaked)
}

/// Whether `name` prints bare in the text form (`[A-Za-z_][A-Za-z0-9_]*`).
fn is_plain_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `Record(a: float64 @0, v: float32[3] @8, "x y": int8 @20; size 24, align 8)`: plain names
/// bare, others as Rust string literals; a subarray field's extents follow its dtype.
impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Record(")?;
        for (i, field) in self.fields.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if is_plain_name(&field.name) {
                f.write_str(&field.name)?;
            } else {
                write!(f, "{:?}", field.name)?;
            }
            write!(f, ": {}", field.dtype)?;
            if !field.shape.is_empty() {
                let dims: Vec<String> = field.shape.iter().map(u64::to_string).collect();
                write!(f, "[{}]", dims.join(", "))?;
            }
            write!(f, " @{}", field.offset)?;
        }
        if !self.fields.is_empty() {
            f.write_str("; ")?;
        }
        write!(f, "size {}, align {})", self.size, self.align)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(name: &str, dtype: impl Into<Dtype>, shape: &[u64], offset: u32) -> Field {
        Field {
            name: name.to_owned(),
            dtype: dtype.into(),
            shape: shape.to_vec(),
            offset,
        }
    }

    #[test]
    fn interning_makes_equal_records_identical() {
        let make = || {
            Record::new(
                vec![
                    field("a", Scalar::F64, &[], 0),
                    field("v", Scalar::F32, &[3], 8),
                ],
                24,
                8,
            )
            .unwrap()
        };
        let (r1, r2) = (make(), make());
        assert!(std::ptr::eq(r1.get(), r2.get()));
        assert_eq!(r1, r2);
        let other = Record::new(vec![field("a", Scalar::F64, &[], 0)], 8, 8).unwrap();
        assert_ne!(r1, other);
        assert_eq!(
            r1.to_string(),
            "Record(a: float64 @0, v: float32[3] @8; size 24, align 8)"
        );
        assert_eq!(r1.field("v").unwrap().0, 1);
        assert_eq!(r1.field_list(), "'a', 'v'");
    }

    #[test]
    fn invalid_records_are_refused() {
        let too_far = Record::new(vec![field("a", Scalar::F64, &[], 4)], 8, 1);
        assert!(too_far.unwrap_err().contains("does not fit"));
        let twice = Record::new(
            vec![
                field("a", Scalar::I8, &[], 0),
                field("a", Scalar::I8, &[], 1),
            ],
            2,
            1,
        );
        assert!(twice.unwrap_err().contains("two fields"));
        assert!(Record::new(vec![], 0, 3).is_err());
        let inner = Record::new(vec![field("x", Scalar::F64, &[], 0)], 8, 8).unwrap();
        let misplaced = Record::new(
            vec![
                field("c", Scalar::I8, &[], 0),
                field("n", Dtype::Record(inner), &[], 1),
            ],
            9,
            1,
        );
        assert!(misplaced.unwrap_err().contains("aligned to 8"));
    }

    #[test]
    fn erasing_char_sequences_keeps_the_layout() {
        use crate::charseq::CharSeqType;
        let inner = Record::new(
            vec![
                field("t", Dtype::CharSeq(CharSeqType::unicode(2)), &[], 0),
                field("k", Scalar::I16, &[], 8),
            ],
            10,
            1,
        )
        .unwrap();
        let outer = Record::new(
            vec![
                field("x", Scalar::I8, &[], 0),
                field("inner", inner, &[], 1),
                field("tag", Dtype::CharSeq(CharSeqType::bytes(2)), &[3], 11),
            ],
            17,
            1,
        )
        .unwrap();
        assert!(outer.holds_char_seq() && Dtype::Record(outer).is_nominal());
        let erased = outer.erased();
        assert!(!erased.holds_char_seq());
        assert_eq!(
            erased.to_string(),
            "Record(x: int8 @0, inner: Record(t: Record(chars: uint32[2] @0; size 8, align 1) \
             @0, k: int16 @8; size 10, align 1) @1, tag: Record(chars: uint8[2] @0; size 2, \
             align 1)[3] @11; size 17, align 1)"
        );
        assert_eq!(erased.erased(), erased);
        let plain = Record::new(vec![field("a", Scalar::F64, &[], 0)], 8, 8).unwrap();
        assert_eq!(plain.erased(), plain);
        assert!(!Dtype::Record(plain).is_nominal());
    }

    #[test]
    fn access_alignment_follows_the_offset() {
        let f = field("b", Scalar::F64, &[], 4);
        assert_eq!(f.access_align(8), 4);
        assert_eq!(f.access_align(1), 1);
        assert_eq!(field("c", Scalar::C128, &[], 16).access_align(16), 8);
        assert_eq!(field("d", Scalar::I32, &[], 0).access_align(16), 4);
    }
}
