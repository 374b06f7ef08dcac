//! Types that carry a Python class's identity on top of a value of another type: members of
//! `enum.Enum`/`enum.IntEnum` classes (numba's `EnumMember`, `IntEnumMember`) and instances of
//! `collections.namedtuple`/`typing.NamedTuple` classes (numba's `NamedTuple`); CUDA's vector
//! types (`vector.rs`) are nominal the same way, held as the tuple of their lanes; warp matrix
//! fragments (`crate::fragment`) are erased the same way, to their storage arrays.
//!
//! They matter to typing only: an enum member is held as its value, a namedtuple as the tuple
//! of its items. [`Type::erased`] gives that representation, and the front end hands the IR
//! only erased types, so the IR, the simulator and the NVVM writer never see these.
//!
//! A class is known by its `module.qualname`: the text form of a type (signatures, the disk
//! cache's keys) must be the same in every process, which rules out `id()`. Two classes of the
//! same qualified name and the same value types therefore share compiled code; their members
//! still compare by value, as in numba.

use std::fmt;

use crate::ty::Type;

/// A member of an enum class, held as its value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnumType {
    /// The class's `module.qualname`.
    pub class: String,
    /// An `IntEnum` (its members are integers in arithmetic and comparisons).
    pub int: bool,
    /// The type every member's value has (`int64` for `IntEnum`).
    pub value: Type,
}

/// An instance of a namedtuple class, held as the tuple of its items.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NamedTupleType {
    /// The class's `module.qualname`.
    pub class: String,
    /// The field names, in order.
    pub fields: Vec<String>,
    /// The items' types, one per field.
    pub items: Vec<Type>,
}

impl NamedTupleType {
    /// The position of field `name`.
    #[must_use]
    pub fn field(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f == name)
    }
}

impl Type {
    /// The type a value of this type is held as: an enum member's value, a namedtuple's
    /// plain tuple (recursively), anything else itself.
    #[must_use]
    pub fn erased(&self) -> Self {
        match self {
            Self::Enum(e) => e.value.erased(),
            Self::NamedTuple(n) => Self::Tuple(n.items.iter().map(Self::erased).collect()),
            Self::Vector(v) => v.erased(),
            Self::Fp8Vector(v) => v.erased(),
            Self::Tuple(items) => Self::Tuple(items.iter().map(Self::erased).collect()),
            Self::Fragment(x) => x.storage(),
            Self::Datetime(_) => Self::Scalar(crate::Scalar::I64),
            Self::CharSeq(c) => Self::Record(c.storage()),
            Self::Record(r) => Self::Record(r.erased()),
            Self::Optional(t) => Self::Tuple(vec![t.erased(), Self::Scalar(crate::Scalar::Bool)]),
            Self::Class(_) => Self::Tuple(Vec::new()),
            Self::Array(a) => Self::Array(crate::ArrayType {
                dtype: a.dtype.erased(),
                ..*a
            }),
            Self::Pointer(d) => Self::Pointer(d.erased()),
            other => other.clone(),
        }
    }

    /// Whether [`Self::erased`] changes anything.
    #[must_use]
    pub fn is_nominal(&self) -> bool {
        match self {
            Self::Enum(_)
            | Self::NamedTuple(_)
            | Self::Vector(_)
            | Self::Fp8Vector(_)
            | Self::Fragment(_)
            | Self::Datetime(_)
            | Self::CharSeq(_)
            | Self::Optional(_)
            | Self::Class(_) => true,
            Self::Array(a) => a.dtype.is_nominal(),
            Self::Pointer(d) => d.is_nominal(),
            Self::Record(r) => r.holds_char_seq(),
            Self::Tuple(items) => items.iter().any(Self::is_nominal),
            _ => false,
        }
    }

    /// The element types when this is a tuple or a namedtuple.
    #[must_use]
    pub fn tuple_items(&self) -> Option<&[Self]> {
        match self {
            Self::Tuple(items) => Some(items),
            Self::NamedTuple(n) => Some(&n.items),
            _ => None,
        }
    }
}

impl fmt::Display for EnumType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = if self.int {
            "IntEnumMember"
        } else {
            "EnumMember"
        };
        write!(f, "{kind}({:?}, {})", self.class, self.value)
    }
}

impl fmt::Display for NamedTupleType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NamedTuple({:?}", self.class)?;
        for (name, ty) in self.fields.iter().zip(&self.items) {
            write!(f, ", {name}: {ty}")?;
        }
        f.write_str(")")
    }
}
