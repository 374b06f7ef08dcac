//! Warp matrix fragments (`cuda.wmma.fragment`): the tiles of a warp-level matrix
//! multiply-accumulate, in the roles, shapes and element types the tensor cores take
//! (`nvcuda::wmma`'s `fragment<Use, M, N, K, T, Layout>`; docs/tensor-cores.md).
//!
//! A fragment is a front-end type: typing keeps its role, shape, element type and layout so a
//! fragment of one kind given where another is expected is a compile error, and the IR holds
//! its storage only ([`FragmentType::storage`], a per-thread 1-d array; see
//! `oxcuda_ir::WmmaOp` for what the back ends keep in it). [`FragmentType::new`] is the one
//! place that decides which combinations exist; every other rule assumes a valid fragment.

use std::fmt;

use crate::scalar::Scalar;
use crate::ty::{ArrayType, Layout, Type};

/// What a fragment holds: an operand (`matrix_a`: M×K, `matrix_b`: K×N) or the accumulator
/// (M×N, also the result).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FragmentRole {
    /// The left operand, M×K.
    MatrixA,
    /// The right operand, K×N.
    MatrixB,
    /// The accumulator and result, M×N.
    Accumulator,
}

/// A tensor-core tile shape (`m16n16k16`, …): the M, N and K of `D = A·B + C`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WmmaShape {
    /// 16×16×16 (float16, int8/uint8).
    M16N16K16,
    /// 32×8×16 (float16, int8/uint8).
    M32N8K16,
    /// 8×32×16 (float16, int8/uint8).
    M8N32K16,
    /// 16×16×8 (tf32 only).
    M16N16K8,
}

impl WmmaShape {
    /// Every shape.
    pub const ALL: [Self; 4] = [
        Self::M16N16K16,
        Self::M32N8K16,
        Self::M8N32K16,
        Self::M16N16K8,
    ];

    /// `(m, n, k)`.
    #[must_use]
    pub const fn mnk(self) -> (u32, u32, u32) {
        match self {
            Self::M16N16K16 => (16, 16, 16),
            Self::M32N8K16 => (32, 8, 16),
            Self::M8N32K16 => (8, 32, 16),
            Self::M16N16K8 => (16, 16, 8),
        }
    }

    /// The shape of these extents, if the tensor cores have it.
    #[must_use]
    pub fn from_mnk(m: i128, n: i128, k: i128) -> Option<Self> {
        let small = |x: i128| u32::try_from(x).ok().filter(|&x| x <= 64);
        let want = (small(m)?, small(n)?, small(k)?);
        Self::ALL.into_iter().find(|s| s.mnk() == want)
    }

    /// PTX's name: `m16n16k16`.
    #[must_use]
    pub fn name(self) -> String {
        let (m, n, k) = self.mnk();
        format!("m{m}n{n}k{k}")
    }
}

/// The element type of a fragment as the tensor cores see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FragmentElem {
    /// IEEE half precision (operands or accumulator).
    F16,
    /// bfloat16 (operands of the 16-deep shapes; float32 accumulator).
    Bf16,
    /// TensorFloat-32: float32 storage of which the multiplier reads sign, 8 exponent bits and
    /// the 10 high mantissa bits (operands of `m16n16k8` only).
    Tf32,
    /// float32 (accumulator).
    F32,
    /// Signed 8-bit integers (operands).
    S8,
    /// Unsigned 8-bit integers (operands).
    U8,
    /// int32 (accumulator of integer products).
    S32,
}

impl FragmentElem {
    /// The scalar type an element is stored, loaded and stored as.
    #[must_use]
    pub const fn scalar(self) -> Scalar {
        match self {
            Self::F16 => Scalar::F16,
            Self::Bf16 => Scalar::BF16,
            Self::Tf32 | Self::F32 => Scalar::F32,
            Self::S8 => Scalar::I8,
            Self::U8 => Scalar::U8,
            Self::S32 => Scalar::I32,
        }
    }

    /// PTX's type name (`f16`, `tf32`, `s8`, …).
    #[must_use]
    pub const fn ptx(self) -> &'static str {
        match self {
            Self::F16 => "f16",
            Self::Bf16 => "bf16",
            Self::Tf32 => "tf32",
            Self::F32 => "f32",
            Self::S8 => "s8",
            Self::U8 => "u8",
            Self::S32 => "s32",
        }
    }

    /// The name a user writes (`float16`, `tf32`, `int8`, …).
    #[must_use]
    pub const fn python(self) -> &'static str {
        match self {
            Self::F16 => "float16",
            Self::Bf16 => "bfloat16",
            Self::Tf32 => "tf32",
            Self::F32 => "float32",
            Self::S8 => "int8",
            Self::U8 => "uint8",
            Self::S32 => "int32",
        }
    }

    /// Whether it is an integer type.
    #[must_use]
    pub const fn is_int(self) -> bool {
        matches!(self, Self::S8 | Self::U8 | Self::S32)
    }
}

/// Row-major (`row_major`: element `(i, j)` at `i·ldm + j`) or column-major (`col_major`:
/// at `i + j·ldm`) storage of a tile in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatrixLayout {
    /// `cuda.wmma.row_major`.
    Row,
    /// `cuda.wmma.col_major`.
    Col,
}

impl MatrixLayout {
    /// PTX's name: `row` or `col`.
    #[must_use]
    pub const fn ptx(self) -> &'static str {
        match self {
            Self::Row => "row",
            Self::Col => "col",
        }
    }

    /// The Python name: `row_major` or `col_major`.
    #[must_use]
    pub const fn python(self) -> &'static str {
        match self {
            Self::Row => "row_major",
            Self::Col => "col_major",
        }
    }
}

/// One kind of fragment. Valid by construction ([`Self::new`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FragmentType {
    /// Operand or accumulator.
    pub role: FragmentRole,
    /// The multiply-accumulate's shape.
    pub shape: WmmaShape,
    /// The element type.
    pub elem: FragmentElem,
    /// The memory layout the operand is loaded with (operands only: an accumulator's layout
    /// is given at each load and store).
    pub layout: Option<MatrixLayout>,
}

impl FragmentType {
    /// The fragment of these parameters, or why the tensor cores have none.
    ///
    /// # Errors
    /// A message naming the parameter at fault and what is accepted.
    pub fn new(
        role: FragmentRole,
        shape: WmmaShape,
        elem: FragmentElem,
        layout: Option<MatrixLayout>,
    ) -> Result<Self, String> {
        let operand = role != FragmentRole::Accumulator;
        let ok = match (operand, elem) {
            (
                true,
                FragmentElem::F16 | FragmentElem::Bf16 | FragmentElem::S8 | FragmentElem::U8,
            ) => shape != WmmaShape::M16N16K8,
            (true, FragmentElem::Tf32) => shape == WmmaShape::M16N16K8,
            (false, FragmentElem::F32) => true,
            (false, FragmentElem::F16 | FragmentElem::S32) => shape != WmmaShape::M16N16K8,
            _ => false,
        };
        if !ok {
            let what = if operand {
                "operands (matrix_a, matrix_b) are float16, bfloat16, int8 or uint8 in \
                 m16n16k16, m32n8k16 and m8n32k16, and tf32 in m16n16k8"
            } else {
                "accumulators are float32 (any shape), float16 or int32 (not m16n16k8)"
            };
            return Err(format!(
                "no {} fragment of {} in {}: {what}",
                role_name(role),
                elem.python(),
                shape.name()
            ));
        }
        match (operand, layout) {
            (true, None) => Err(format!(
                "a {} fragment needs a layout (cuda.wmma.row_major or cuda.wmma.col_major)",
                role_name(role)
            )),
            (false, Some(_)) => Err(
                "an accumulator fragment takes no layout (give it to load_matrix_sync and \
                 store_matrix_sync instead)"
                    .to_owned(),
            ),
            _ => Ok(Self {
                role,
                shape,
                elem,
                layout,
            }),
        }
    }

    /// The tile's `(rows, cols)`: M×K for `matrix_a`, K×N for `matrix_b`, M×N for the
    /// accumulator.
    #[must_use]
    pub const fn dims(self) -> (u32, u32) {
        let (m, n, k) = self.shape.mnk();
        match self.role {
            FragmentRole::MatrixA => (m, k),
            FragmentRole::MatrixB => (k, n),
            FragmentRole::Accumulator => (m, n),
        }
    }

    /// Elements of the whole tile (`rows · cols`).
    #[must_use]
    pub const fn elements(self) -> u32 {
        let (r, c) = self.dims();
        r * c
    }

    /// The IR type of its storage: a 1-d C array of [`FragmentElem::scalar`].
    #[must_use]
    pub const fn storage(self) -> Type {
        Type::Array(ArrayType {
            dtype: crate::record::Dtype::Scalar(self.elem.scalar()),
            ndim: 1,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        })
    }
}

/// `matrix_a`, `matrix_b` or `accumulator`.
#[must_use]
pub const fn role_name(role: FragmentRole) -> &'static str {
    match role {
        FragmentRole::MatrixA => "matrix_a",
        FragmentRole::MatrixB => "matrix_b",
        FragmentRole::Accumulator => "accumulator",
    }
}

impl fmt::Display for FragmentType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (m, n, k) = self.shape.mnk();
        write!(
            f,
            "fragment({}, {m}, {n}, {k}, {}",
            role_name(self.role),
            self.elem.python()
        )?;
        if let Some(l) = self.layout {
            write!(f, ", {}", l.python())?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tensor_cores_combinations() {
        use FragmentElem::*;
        use FragmentRole::*;
        use WmmaShape::*;
        let row = Some(MatrixLayout::Row);
        assert!(FragmentType::new(MatrixA, M16N16K16, F16, row).is_ok());
        assert!(FragmentType::new(MatrixB, M32N8K16, S8, row).is_ok());
        assert!(FragmentType::new(MatrixA, M16N16K8, Tf32, row).is_ok());
        assert!(FragmentType::new(MatrixA, M16N16K16, Tf32, row).is_err());
        assert!(FragmentType::new(MatrixA, M16N16K8, F16, row).is_err());
        assert!(FragmentType::new(MatrixB, M8N32K16, Bf16, row).is_ok());
        assert!(FragmentType::new(MatrixA, M16N16K8, Bf16, row).is_err());
        assert!(FragmentType::new(Accumulator, M16N16K16, Bf16, None).is_err());
        assert!(FragmentType::new(Accumulator, M16N16K8, F32, None).is_ok());
        assert!(FragmentType::new(Accumulator, M16N16K8, S32, None).is_err());
        assert!(FragmentType::new(Accumulator, M16N16K16, S8, None).is_err());
        let e = FragmentType::new(MatrixA, M16N16K16, F16, None).unwrap_err();
        assert!(e.contains("needs a layout"), "{e}");
        let e = FragmentType::new(Accumulator, M16N16K16, F32, row).unwrap_err();
        assert!(e.contains("takes no layout"), "{e}");
    }

    #[test]
    fn dims_follow_the_role() {
        let a = FragmentType::new(
            FragmentRole::MatrixA,
            WmmaShape::M32N8K16,
            FragmentElem::F16,
            Some(MatrixLayout::Col),
        )
        .unwrap();
        assert_eq!(a.dims(), (32, 16));
        assert_eq!(
            a.to_string(),
            "fragment(matrix_a, 32, 8, 16, float16, col_major)"
        );
        let c = FragmentType::new(
            FragmentRole::Accumulator,
            WmmaShape::M8N32K16,
            FragmentElem::F32,
            None,
        )
        .unwrap();
        assert_eq!((c.dims(), c.elements()), ((8, 32), 256));
        assert_eq!(WmmaShape::from_mnk(16, 16, 8), Some(WmmaShape::M16N16K8));
        assert_eq!(WmmaShape::from_mnk(16, 16, 32), None);
    }
}
