//! Scalar types.

use std::fmt;

/// A scalar type. The order of the variants is not meaningful; use the methods.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scalar {
    /// `bool` (one byte in memory).
    Bool,
    /// `int8`.
    I8,
    /// `int16`.
    I16,
    /// `int32`.
    I32,
    /// `int64`.
    I64,
    /// `uint8`.
    U8,
    /// `uint16`.
    U16,
    /// `uint32`.
    U32,
    /// `uint64`.
    U64,
    /// `float16`.
    F16,
    /// `bfloat16` (8 exponent bits, 7 stored significand bits; the upper half of a float32).
    BF16,
    /// `fp8_e4m3` (numba-cuda's `__nv_fp8_e4m3`; torch's and `ml_dtypes`' `float8_e4m3fn`):
    /// a storage type, converted explicitly (`crate::fp8`).
    E4M3,
    /// `fp8_e5m2` (`__nv_fp8_e5m2`, `float8_e5m2`): a storage type.
    E5M2,
    /// `fp8_e8m0` (`__nv_fp8_e8m0`, `float8_e8m0fnu`): an unsigned power of two; a storage type.
    E8M0,
    /// `float32`.
    F32,
    /// `float64`.
    F64,
    /// `complex64` (two float32).
    C64,
    /// `complex128` (two float64).
    C128,
}

/// Every scalar, for tables and tests.
pub const ALL_SCALARS: [Scalar; 18] = [
    Scalar::Bool,
    Scalar::I8,
    Scalar::I16,
    Scalar::I32,
    Scalar::I64,
    Scalar::U8,
    Scalar::U16,
    Scalar::U32,
    Scalar::U64,
    Scalar::F16,
    Scalar::BF16,
    Scalar::E4M3,
    Scalar::E5M2,
    Scalar::E8M0,
    Scalar::F32,
    Scalar::F64,
    Scalar::C64,
    Scalar::C128,
];

impl Scalar {
    /// numba's name: `int32`, `float64`, `bool`, …
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Bool => "bool",
            Self::I8 => "int8",
            Self::I16 => "int16",
            Self::I32 => "int32",
            Self::I64 => "int64",
            Self::U8 => "uint8",
            Self::U16 => "uint16",
            Self::U32 => "uint32",
            Self::U64 => "uint64",
            Self::F16 => "float16",
            Self::BF16 => "bfloat16",
            Self::E4M3 => "fp8_e4m3",
            Self::E5M2 => "fp8_e5m2",
            Self::E8M0 => "fp8_e8m0",
            Self::F32 => "float32",
            Self::F64 => "float64",
            Self::C64 => "complex64",
            Self::C128 => "complex128",
        }
    }

    /// Parses numba's names and their aliases (`i4`, `f8`, `intp`, `boolean`, `double`, …), the C
    /// aliases as numba defines them on 64-bit Linux (`byte` is uint8, `float_` float32). Python's
    /// `float`, `complex` and `int` are not numba type names (numba refuses them too).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Some(match name {
            "bool" | "bool_" | "boolean" | "b1" => Self::Bool,
            "int8" | "i1" | "char" => Self::I8,
            "int16" | "i2" | "short" => Self::I16,
            "int32" | "i4" | "intc" => Self::I32,
            "int64" | "i8" | "intp" | "int_" | "long_" | "longlong" | "ssize_t" => Self::I64,
            "uint8" | "u1" | "uchar" | "byte" => Self::U8,
            "uint16" | "u2" | "ushort" => Self::U16,
            "uint32" | "u4" | "uintc" => Self::U32,
            "uint64" | "u8" | "uintp" | "uint" | "ulong" | "ulonglong" | "size_t" => Self::U64,
            "float16" | "f2" | "half" => Self::F16,
            // numba-cuda's type is named `__nv_bfloat16`; `cuda.bf16.bfloat16` is `nv_bfloat16`.
            "bfloat16" | "__nv_bfloat16" | "nv_bfloat16" => Self::BF16,
            // numba-cuda's names, CUDA's, and the NumPy dtype names of torch and ml_dtypes.
            "fp8_e4m3" | "__nv_fp8_e4m3" | "float8_e4m3fn" => Self::E4M3,
            "fp8_e5m2" | "__nv_fp8_e5m2" | "float8_e5m2" => Self::E5M2,
            "fp8_e8m0" | "__nv_fp8_e8m0" | "float8_e8m0fnu" => Self::E8M0,
            "float32" | "f4" | "single" | "float_" => Self::F32,
            "float64" | "f8" | "double" => Self::F64,
            "complex64" | "c8" | "csingle" => Self::C64,
            "complex128" | "c16" | "cdouble" => Self::C128,
            _ => return None,
        })
    }

    /// The NumPy dtype `kind` character and item size: `('f', 4)` for float32.
    #[must_use]
    pub const fn numpy_kind(self) -> (char, u32) {
        match self {
            Self::Bool => ('b', 1),
            Self::I8 => ('i', 1),
            Self::I16 => ('i', 2),
            Self::I32 => ('i', 4),
            Self::I64 => ('i', 8),
            Self::U8 => ('u', 1),
            Self::U16 => ('u', 2),
            Self::U32 => ('u', 4),
            Self::U64 => ('u', 8),
            Self::F16 => ('f', 2),
            // ml_dtypes' bfloat16 is a NumPy dtype of kind 'V' (found by name, not kind).
            Self::BF16 => ('V', 2),
            // So are its float8 types, but for float8_e5m2, which is of kind 'f' (`"<f1"`: no
            // other NumPy dtype has that kind and size).
            Self::E4M3 | Self::E8M0 => ('V', 1),
            Self::E5M2 => ('f', 1),
            Self::F32 => ('f', 4),
            Self::F64 => ('f', 8),
            Self::C64 => ('c', 8),
            Self::C128 => ('c', 16),
        }
    }

    /// The scalar of a NumPy dtype kind and item size. Kind `'V'` (void: records, and the
    /// `ml_dtypes` types) is never a scalar here; those are found by [`Self::from_dtype_name`].
    #[must_use]
    pub fn from_numpy_kind(kind: char, itemsize: u32) -> Option<Self> {
        if kind == 'V' {
            return None;
        }
        ALL_SCALARS
            .iter()
            .copied()
            .find(|s| s.numpy_kind() == (kind, itemsize))
    }

    /// The scalar of a NumPy dtype of kind `'V'` by its `name`: `bfloat16` (`ml_dtypes`,
    /// which torch and CuPy share). `None` for records and every other name.
    #[must_use]
    pub fn from_dtype_name(name: &str) -> Option<Self> {
        match name {
            "bfloat16" => Some(Self::BF16),
            "float8_e4m3fn" => Some(Self::E4M3),
            "float8_e5m2" => Some(Self::E5M2),
            "float8_e8m0fnu" => Some(Self::E8M0),
            _ => None,
        }
    }

    /// The NumPy dtype name (`ml_dtypes`' for bfloat16 and the fp8 types: `float8_e4m3fn`).
    #[must_use]
    pub const fn dtype_name(self) -> &'static str {
        match self {
            Self::E4M3 => "float8_e4m3fn",
            Self::E5M2 => "float8_e5m2",
            Self::E8M0 => "float8_e8m0fnu",
            _ => self.name(),
        }
    }

    /// Size in bytes.
    #[must_use]
    pub const fn size(self) -> u32 {
        self.numpy_kind().1
    }

    /// Width in bits of an integer or float (bool: 1; complex: the whole pair).
    #[must_use]
    pub const fn bits(self) -> u32 {
        match self {
            Self::Bool => 1,
            _ => self.size() * 8,
        }
    }

    /// A signed or unsigned integer (not bool).
    #[must_use]
    pub const fn is_int(self) -> bool {
        matches!(
            self,
            Self::I8
                | Self::I16
                | Self::I32
                | Self::I64
                | Self::U8
                | Self::U16
                | Self::U32
                | Self::U64
        )
    }

    /// A signed integer.
    #[must_use]
    pub const fn is_signed(self) -> bool {
        matches!(self, Self::I8 | Self::I16 | Self::I32 | Self::I64)
    }

    /// float16, bfloat16, float32 or float64.
    #[must_use]
    pub const fn is_float(self) -> bool {
        matches!(self, Self::F16 | Self::BF16 | Self::F32 | Self::F64)
    }

    /// One of the fp8 storage types (`fp8_e4m3`, `fp8_e5m2`, `fp8_e8m0`): neither int nor
    /// float, so no arithmetic promotes to or from one; they convert explicitly.
    #[must_use]
    pub const fn is_fp8(self) -> bool {
        matches!(self, Self::E4M3 | Self::E5M2 | Self::E8M0)
    }

    /// complex64 or complex128.
    #[must_use]
    pub const fn is_complex(self) -> bool {
        matches!(self, Self::C64 | Self::C128)
    }

    /// The signed or unsigned integer of `bits` width.
    #[must_use]
    pub const fn int(bits: u32, signed: bool) -> Self {
        match (bits, signed) {
            (8, true) => Self::I8,
            (16, true) => Self::I16,
            (32, true) => Self::I32,
            (8, false) => Self::U8,
            (16, false) => Self::U16,
            (32, false) => Self::U32,
            (_, false) => Self::U64,
            _ => Self::I64,
        }
    }

    /// The float component type of a complex (float32 for complex64).
    #[must_use]
    pub const fn complex_part(self) -> Self {
        match self {
            Self::C64 => Self::F32,
            _ => Self::F64,
        }
    }
}

impl fmt::Display for Scalar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in ALL_SCALARS {
            assert_eq!(Scalar::from_name(s.name()), Some(s));
            let (kind, size) = s.numpy_kind();
            if kind == 'V' {
                assert_eq!(Scalar::from_dtype_name(s.dtype_name()), Some(s));
            } else {
                assert_eq!(Scalar::from_numpy_kind(kind, size), Some(s));
            }
        }
        assert_eq!(Scalar::from_name("f8"), Some(Scalar::F64));
        assert_eq!(Scalar::from_name("intp"), Some(Scalar::I64));
        assert_eq!(Scalar::from_name("float128"), None);
        assert_eq!(Scalar::from_name("__nv_bfloat16"), Some(Scalar::BF16));
        assert_eq!(Scalar::from_numpy_kind('V', 2), None);
    }
}
