//! [`Type`]: what a value in a kernel is.

use std::fmt;

use crate::charseq::CharSeqType;
use crate::datetime::DatetimeType;
use crate::fp8_vector::Fp8VectorType;
use crate::fragment::FragmentType;
use crate::nominal::{EnumType, NamedTupleType};
use crate::record::{Dtype, Record};
use crate::scalar::Scalar;
use crate::vector::VectorType;

/// Array memory layout, as numba names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// C-contiguous (last index varies fastest, unit stride known at compile time).
    C,
    /// Fortran-contiguous.
    F,
    /// Any strides.
    A,
}

impl Layout {
    /// `"C"`, `"F"` or `"A"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::C => "C",
            Self::F => "F",
            Self::A => "A",
        }
    }
}

/// An array type: element type, dimensions, layout and whether writes are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ArrayType {
    /// The element type: a scalar or a record.
    pub dtype: Dtype,
    /// Number of dimensions (0 allowed).
    pub ndim: u32,
    /// Memory layout.
    pub layout: Layout,
    /// Writes are a typing error.
    pub readonly: bool,
    /// Every element is at its dtype's natural alignment (numba's `Array.aligned`). Only the
    /// subarray fields of packed records are not: their elements are read and written byte by
    /// byte, and atomics on them are refused.
    pub aligned: bool,
}

/// The type of a value.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    /// No value: the return type of kernels (`void`) and of statements.
    None,
    /// A scalar.
    Scalar(Scalar),
    /// An array (a view on memory: data pointer, shape, strides).
    Array(ArrayType),
    /// A tuple, possibly heterogeneous and nested.
    Tuple(Vec<Type>),
    /// An untyped-length address of elements of a dtype (internal: array data pointers).
    Pointer(Dtype),
    /// A record: a reference to a structured value in memory (an element of an array of
    /// records, a record argument, a nested record field), as numba passes records.
    Record(Record),
    /// A member of an `enum.Enum`/`IntEnum` class (front end only: held as its value).
    Enum(Box<EnumType>),
    /// An instance of a namedtuple class (front end only: held as a tuple).
    NamedTuple(Box<NamedTupleType>),
    /// A CUDA vector type (`float32x4`; front end only: held as the tuple of its lanes).
    Vector(VectorType),
    /// An fp8 vector storage type (`fp8x2_e4m3`; front end only: held as the one-item tuple
    /// of its storage integer, `fp8_vector.rs`).
    Fp8Vector(Fp8VectorType),
    /// A warp matrix fragment (`cuda.wmma.fragment`; front end only: held as its storage
    /// array, [`FragmentType::storage`]).
    Fragment(Box<FragmentType>),
    /// A `datetime64`/`timedelta64` value (front end only: held as its int64 count).
    Datetime(DatetimeType),
    /// An item of an `S<n>`/`U<n>` array or record field (numba's `CharSeq`,
    /// `UnicodeCharSeq`): a reference to its memory, like a record (front end only: held as
    /// a reference to its storage record, [`crate::charseq`]).
    CharSeq(CharSeqType),
    /// numba's `Optional(T)`: a value of `T` or `None`, the return type of a device function
    /// that returns a value on some paths and nothing on others (front end only: held as the
    /// tuple `(value, present)`, the value zero when absent).
    Optional(Box<Type>),
    /// A type object passed as a value (numba's `NumberClass`, `class(float64)`: `np.float64`
    /// as a kernel argument); front end only: it has no runtime form and is held as the empty
    /// tuple, so it passes no bytes.
    Class(Box<Type>),
}

impl Type {
    /// Shorthand for a scalar type.
    #[must_use]
    pub const fn scalar(s: Scalar) -> Self {
        Self::Scalar(s)
    }

    /// The scalar, if this is one.
    #[must_use]
    pub const fn as_scalar(&self) -> Option<Scalar> {
        match self {
            Self::Scalar(s) => Some(*s),
            _ => None,
        }
    }

    /// The type of one item of `dtype` as a value: the scalar, or a record reference.
    #[must_use]
    pub const fn of_dtype(dtype: Dtype) -> Self {
        match dtype {
            Dtype::Scalar(s) => Self::Scalar(s),
            Dtype::Record(r) => Self::Record(r),
            Dtype::Datetime(d) => Self::Datetime(d),
            Dtype::CharSeq(c) => Self::CharSeq(c),
        }
    }

    /// The record, if this is one.
    #[must_use]
    pub const fn as_record(&self) -> Option<Record> {
        match self {
            Self::Record(r) => Some(*r),
            _ => None,
        }
    }

    /// The array type, if this is one.
    #[must_use]
    pub const fn as_array(&self) -> Option<ArrayType> {
        match self {
            Self::Array(a) => Some(*a),
            _ => None,
        }
    }

    /// `bool`.
    pub const BOOL: Self = Self::Scalar(Scalar::Bool);
    /// `int32`.
    pub const I32: Self = Self::Scalar(Scalar::I32);
    /// `int64`.
    pub const I64: Self = Self::Scalar(Scalar::I64);
    /// `float64`.
    pub const F64: Self = Self::Scalar(Scalar::F64);
}

impl fmt::Display for ArrayType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.readonly {
            f.write_str("readonly ")?;
        }
        if !self.aligned {
            f.write_str("unaligned ")?;
        }
        write!(
            f,
            "array({}, {}d, {})",
            self.dtype,
            self.ndim,
            self.layout.name()
        )
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::None => f.write_str("none"),
            Self::Scalar(s) => s.fmt(f),
            Self::Array(a) => a.fmt(f),
            Self::Tuple(items) => {
                if let Some(first) = items.first()
                    && items.len() > 1
                    && items.iter().all(|t| t == first)
                {
                    return write!(f, "UniTuple({first} x {})", items.len());
                }
                f.write_str("Tuple(")?;
                for (i, t) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    t.fmt(f)?;
                }
                f.write_str(")")
            }
            Self::Pointer(s) => write!(f, "CPointer({s})"),
            Self::Record(r) => r.fmt(f),
            Self::Enum(e) => e.fmt(f),
            Self::NamedTuple(n) => n.fmt(f),
            Self::Vector(v) => v.fmt(f),
            Self::Fp8Vector(v) => v.fmt(f),
            Self::Fragment(x) => x.fmt(f),
            Self::Datetime(d) => d.fmt(f),
            Self::CharSeq(c) => c.fmt(f),
            Self::Optional(t) => write!(f, "OptionalType({t})"),
            Self::Class(t) => write!(f, "class({t})"),
        }
    }
}
