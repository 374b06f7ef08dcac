//! CUDA's built-in vector types (`float32x4`, `int16x2`, … and their C names `float4`,
//! `short2`, …), as numba-cuda offers them in device code (`numba.cuda.vector_types`).
//!
//! A vector type is 1–4 lanes of one base type: `int8`–`int64`, `uint8`–`uint64`, `float32` or
//! `float64` (the 40 types numba-cuda has; no float16, no bool). Its lanes are read as `.x`,
//! `.y`, `.z`, `.w` and never written.
//!
//! Invariants:
//! - A vector type is nominal (`nominal.rs`): a value is held as the tuple of its lanes
//!   ([`Type::erased`]), so the IR, the simulator and the NVVM writer never see one. numba-cuda
//!   allows vector values only in registers (constructed in device code, passed to and returned
//!   from device functions): no host object has a vector type (so no kernel argument does), and
//!   `cuda.local.array`/`cuda.shared.array` take NumPy dtypes only, so no vector is ever laid out
//!   in memory and CUDA's 8/16-byte alignment of `float2`/`float4` never comes into play.
//! - A type's text is its canonical name (`float32x4`), the same in every process, and parses
//!   back (`signature.rs`). The C names are aliases: they name the same type, as
//!   `cuda.float4 is cuda.float32x4` in numba-cuda.
//! - The C names follow numba-cuda on 64-bit Linux (LP64, NumPy's C types there): `char`
//!   int8, `short` int16, `int` int32, `long` and `longlong` int64, the `u…` forms unsigned, `float`
//!   float32, `double` float64.

use std::fmt;

use crate::scalar::Scalar;
use crate::ty::Type;

/// The lane names, in order.
pub const LANE_NAMES: [&str; 4] = ["x", "y", "z", "w"];

/// The base types vector types exist for, in numba-cuda's order.
pub const VECTOR_BASES: [Scalar; 10] = [
    Scalar::I8,
    Scalar::I16,
    Scalar::I32,
    Scalar::I64,
    Scalar::U8,
    Scalar::U16,
    Scalar::U32,
    Scalar::U64,
    Scalar::F32,
    Scalar::F64,
];

/// The C names of the base types (`char4` is `int8x4`), as numba-cuda maps them on LP64.
pub const C_NAMES: [(&str, Scalar); 12] = [
    ("char", Scalar::I8),
    ("short", Scalar::I16),
    ("int", Scalar::I32),
    ("long", Scalar::I64),
    ("longlong", Scalar::I64),
    ("uchar", Scalar::U8),
    ("ushort", Scalar::U16),
    ("uint", Scalar::U32),
    ("ulong", Scalar::U64),
    ("ulonglong", Scalar::U64),
    ("float", Scalar::F32),
    ("double", Scalar::F64),
];

/// A vector type: `lanes` values of `base`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct VectorType {
    /// The type of every lane.
    pub base: Scalar,
    /// The number of lanes, 1 to 4.
    pub lanes: u8,
}

impl VectorType {
    /// The vector type of `lanes` values of `base`, if CUDA has one.
    #[must_use]
    pub fn new(base: Scalar, lanes: u8) -> Option<Self> {
        (VECTOR_BASES.contains(&base) && (1..=4).contains(&lanes)).then_some(Self { base, lanes })
    }

    /// The type named `name`: its canonical name (`float32x4`) or a C name (`float4`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        let digit = name.chars().last()?.to_digit(10)?;
        let lanes = u8::try_from(digit).ok()?;
        let stem = &name[..name.len() - 1];
        let base = if let Some(base) = stem.strip_suffix('x') {
            let s = Scalar::from_name(base)?;
            // Only numba's own spellings (`float32x4`), not NumPy's aliases (`f4x4`).
            (s.name() == base).then_some(s)?
        } else {
            C_NAMES.iter().find(|(c, _)| *c == stem)?.1
        };
        Self::new(base, lanes)
    }

    /// The canonical name, `float32x4`.
    #[must_use]
    pub fn name(self) -> String {
        format!("{}x{}", self.base.name(), self.lanes)
    }

    /// The C names of this type (`float4`; `long4` and `longlong4` for `int64x4`).
    #[must_use]
    pub fn aliases(self) -> Vec<String> {
        C_NAMES
            .iter()
            .filter(|(_, s)| *s == self.base)
            .map(|(c, _)| format!("{c}{}", self.lanes))
            .collect()
    }

    /// The lane names of this type (`x`, `y`, `z` for a 3-vector).
    #[must_use]
    pub fn lane_names(self) -> &'static [&'static str] {
        &LANE_NAMES[..usize::from(self.lanes)]
    }

    /// The position of lane `name` (`.z` is 2), if this type has it.
    #[must_use]
    pub fn lane(self, name: &str) -> Option<usize> {
        self.lane_names().iter().position(|l| *l == name)
    }

    /// How the value is held: the tuple of its lanes.
    #[must_use]
    pub fn erased(self) -> Type {
        Type::Tuple(vec![Type::Scalar(self.base); usize::from(self.lanes)])
    }

    /// Every vector type, in numba-cuda's order (by base, then by lanes).
    pub fn all() -> impl Iterator<Item = Self> {
        VECTOR_BASES
            .into_iter()
            .flat_map(|base| (1..=4).map(move |lanes| Self { base, lanes }))
    }
}

impl fmt::Display for VectorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.base.name(), self.lanes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forty_types_with_round_tripping_names() {
        let all: Vec<VectorType> = VectorType::all().collect();
        assert_eq!(all.len(), 40);
        for v in &all {
            assert_eq!(VectorType::from_name(&v.name()), Some(*v));
            assert_eq!(v.to_string(), v.name());
            for alias in v.aliases() {
                assert_eq!(VectorType::from_name(&alias), Some(*v), "{alias}");
            }
        }
    }

    #[test]
    fn c_names_follow_lp64() {
        let f = |n: &str| VectorType::from_name(n).map(VectorType::name);
        assert_eq!(f("float3").as_deref(), Some("float32x3"));
        assert_eq!(f("double2").as_deref(), Some("float64x2"));
        assert_eq!(f("uchar4").as_deref(), Some("uint8x4"));
        assert_eq!(f("long1").as_deref(), Some("int64x1"));
        assert_eq!(f("longlong3").as_deref(), Some("int64x3"));
        assert_eq!(f("ulong2").as_deref(), Some("uint64x2"));
        assert_eq!(f("int4").as_deref(), Some("int32x4"));
        let int64x4 = VectorType::from_name("int64x4").unwrap();
        assert_eq!(int64x4.aliases(), vec!["long4", "longlong4"]);
    }

    #[test]
    fn non_vector_names_are_refused() {
        for n in [
            "float16x2",
            "boolx2",
            "float32x5",
            "float32x0",
            "float5",
            "f4x4",
            "int",
            "x4",
            "float32",
            "complex64x2",
            "half2",
            "",
        ] {
            assert_eq!(VectorType::from_name(n), None, "{n}");
        }
    }

    #[test]
    fn lanes_and_erasure() {
        let v = VectorType::from_name("float3").unwrap();
        assert_eq!(v.lane_names(), ["x", "y", "z"]);
        assert_eq!(v.lane("z"), Some(2));
        assert_eq!(v.lane("w"), None);
        assert_eq!(v.erased(), Type::Tuple(vec![Type::Scalar(Scalar::F32); 3]));
    }
}
