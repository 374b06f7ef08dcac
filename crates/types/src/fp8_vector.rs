//! numba-cuda's fp8 vector storage types (`numba.cuda._internal.cuda_fp8`): `fp8x2_e4m3`,
//! `fp8x2_e5m2`, `fp8x2_e8m0` and `fp8x4_e4m3`, `fp8x4_e5m2`, `fp8x4_e8m0`, CUDA's
//! `__nv_fp8x2_e4m3` … structs.
//!
//! Invariants:
//! - A value is CUDA's struct of one member, `__x`: the storage integer of its lanes' bits,
//!   `uint16` for two lanes and `uint32` for four, lane 0 (`.x` of the vector it was built
//!   from) in the lowest byte. It is held as the one-item tuple of that integer
//!   ([`Type::erased`]), so the IR, the simulator and the NVVM writer see a plain tuple.
//! - As numba-cuda allows them: values in device code (built by their constructors, passed to
//!   and returned from device functions), never kernel arguments (no host object has the type)
//!   nor array elements (no NumPy dtype is one), so no value of one is ever laid out in memory.
//! - A type's text is its numba-cuda name (`fp8x2_e4m3`); CUDA's (`__nv_fp8x2_e4m3`) parses to
//!   the same type (`signature.rs`).

use std::fmt;

use crate::scalar::Scalar;
use crate::ty::Type;

/// The fp8 formats the vector types exist for, in numba-cuda's order.
pub const FP8_FORMATS: [Scalar; 3] = [Scalar::E5M2, Scalar::E4M3, Scalar::E8M0];

/// An fp8 vector storage type: `lanes` (2 or 4) values of the fp8 scalar type `format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fp8VectorType {
    /// The fp8 type of every lane (`Scalar::E4M3`, `E5M2` or `E8M0`).
    pub format: Scalar,
    /// 2 or 4.
    pub lanes: u8,
}

impl Fp8VectorType {
    /// The vector type of `lanes` values of `format`, if numba-cuda has one.
    #[must_use]
    pub fn new(format: Scalar, lanes: u8) -> Option<Self> {
        (FP8_FORMATS.contains(&format) && matches!(lanes, 2 | 4)).then_some(Self { format, lanes })
    }

    /// The type named `name`: numba-cuda's name (`fp8x2_e4m3`) or CUDA's (`__nv_fp8x2_e4m3`).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        let rest = name
            .strip_prefix("__nv_")
            .unwrap_or(name)
            .strip_prefix("fp8x")?;
        let (lanes, format) = rest.split_once('_')?;
        let lanes = lanes.parse().ok()?;
        let format = FP8_FORMATS
            .into_iter()
            .find(|s| s.name().strip_prefix("fp8_") == Some(format))?;
        Self::new(format, lanes)
    }

    /// numba-cuda's name, `fp8x2_e4m3`.
    #[must_use]
    pub fn name(self) -> String {
        let format = self.format.name().trim_start_matches("fp8_");
        format!("fp8x{}_{format}", self.lanes)
    }

    /// The type of the storage member `__x`: `uint16` for two lanes, `uint32` for four.
    #[must_use]
    pub const fn storage(self) -> Scalar {
        if self.lanes == 2 {
            Scalar::U16
        } else {
            Scalar::U32
        }
    }

    /// How the value is held: the one-item tuple of its storage integer.
    #[must_use]
    pub fn erased(self) -> Type {
        Type::Tuple(vec![Type::Scalar(self.storage())])
    }

    /// Every fp8 vector type, in numba-cuda's order (by format, two lanes first).
    pub fn all() -> impl Iterator<Item = Self> {
        FP8_FORMATS
            .into_iter()
            .flat_map(|format| [2, 4].map(move |lanes| Self { format, lanes }))
    }
}

impl fmt::Display for Fp8VectorType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_types_with_round_tripping_names() {
        let all: Vec<Fp8VectorType> = Fp8VectorType::all().collect();
        assert_eq!(all.len(), 6);
        for v in &all {
            assert_eq!(Fp8VectorType::from_name(&v.name()), Some(*v));
            assert_eq!(
                Fp8VectorType::from_name(&format!("__nv_{}", v.name())),
                Some(*v)
            );
            assert_eq!(v.to_string(), v.name());
        }
        assert_eq!(all[0].name(), "fp8x2_e5m2");
        assert_eq!(all[3].name(), "fp8x4_e4m3");
    }

    #[test]
    fn storage_is_two_or_four_bytes() {
        let x2 = Fp8VectorType::from_name("fp8x2_e8m0").unwrap();
        let x4 = Fp8VectorType::from_name("fp8x4_e8m0").unwrap();
        assert_eq!(x2.erased(), Type::Tuple(vec![Type::Scalar(Scalar::U16)]));
        assert_eq!(x4.erased(), Type::Tuple(vec![Type::Scalar(Scalar::U32)]));
    }

    #[test]
    fn other_names_are_not_fp8_vectors() {
        for name in [
            "fp8x3_e4m3",
            "fp8x2_e4m4",
            "fp8x2",
            "fp8_e4m3",
            "float32x2",
            "fp8x2_e4m3x",
        ] {
            assert_eq!(Fp8VectorType::from_name(name), None, "{name}");
        }
    }
}
