//! Resolution of module attributes (`cuda.threadIdx.x`, `math.sin`, `np.float32`) and Python
//! builtins to what they mean in device code.
//!
//! Paths are canonical: `cuda` stands for `oxcuda.cuda` and `numba.cuda`, `numpy` for NumPy,
//! `oxcuda` for the type namespace of `oxcuda`/`numba`. The names themselves are the rows of
//! the builtin registry ([`crate::builtins`]); this file only says what each kind of row means.

use oxcuda_types::Scalar;

use oxcuda_ir::Intrinsic;

use crate::builtins::{self, Builtin, Rule};

/// What a name or attribute path denotes.
#[derive(Debug, Clone, PartialEq)]
pub enum Meaning {
    /// A namespace whose attributes resolve further (`cuda.shared`, `math`).
    Namespace(String),
    /// A callable implemented by the call lowering.
    Callable(String),
    /// A float constant (`math.pi`).
    Float(f64),
    /// A complex constant (`cmath.infj`).
    Complex(f64, f64),
    /// A scalar type object (`np.float32`, `cuda.int64`).
    Type(Scalar),
    /// A value read with an intrinsic (`cuda.threadIdx.x`, `cuda.laneid`): int32.
    Intrinsic(Intrinsic),
    /// A named constant of an API, by its path (`cuda.wmma.matrix_a`).
    Token(String),
}

/// The value of `cuda.cg.this_grid()`: a namespace whose only attribute is `sync`. A grid group
/// has no runtime state (the barrier's counter comes from the cooperative launch), so it is
/// known at compile time and a local holding one needs no slot (`lower/stmt.rs`).
pub const GRID_GROUP: &str = "cuda.cg.GridGroup";

/// What a row of the builtin registry denotes.
fn meaning_of(b: &Builtin) -> Meaning {
    match b.rule {
        Rule::Read(i) => Meaning::Intrinsic(i),
        Rule::Float(x) => Meaning::Float(x),
        Rule::Complex(re, im) => Meaning::Complex(re, im),
        Rule::Token => Meaning::Token(b.path.to_owned()),
        _ => Meaning::Callable(b.path.to_owned()),
    }
}

/// What `<path>.<attr>` denotes, or `None` when the attribute does not exist in device code:
/// a row of the builtin registry, a namespace of rows, or (in `cuda`, NumPy and `oxcuda`) a
/// scalar type; `cuda.bf16.bfloat16` (also `nv_bfloat16`, numba-cuda's `_internal.cuda_bf16`
/// name) and `ml_dtypes.bfloat16` are the bfloat16 type.
#[must_use]
pub fn module_attr(path: &str, attr: &str) -> Option<Meaning> {
    let full = format!("{path}.{attr}");
    if let Some(b) = builtins::find(&full) {
        return Some(meaning_of(b));
    }
    if builtins::is_namespace(&full) {
        return Some(Meaning::Namespace(full));
    }
    match path {
        // numba-cuda's `cuda.types` module: the type names (`cuda.types.float16(1.0)`).
        "cuda" if attr == "types" => Some(Meaning::Namespace(full)),
        // CUDA's vector types and their C names (`cuda.float32x4`, `cuda.float4`): constructors,
        // by canonical path (`lower/vector.rs`).
        "cuda" => oxcuda_types::VectorType::from_name(attr)
            .map(|v| Meaning::Callable(format!("cuda.{v}")))
            .or_else(|| Scalar::from_name(attr).map(Meaning::Type)),
        "numpy" | "oxcuda" | "cuda.types" => Scalar::from_name(attr).map(Meaning::Type),
        "cuda.bf16" => Scalar::from_name(attr)
            .filter(|s| *s == Scalar::BF16)
            .map(Meaning::Type),
        // The fp8 types, and the fp8 vector types' constructors by canonical path
        // (`lower/fp8_vector.rs`).
        "cuda.fp8" => Scalar::from_name(attr)
            .filter(|s| s.is_fp8())
            .map(Meaning::Type)
            .or_else(|| {
                oxcuda_types::Fp8VectorType::from_name(attr)
                    .map(|v| Meaning::Callable(format!("cuda.fp8.{v}")))
            }),
        "ml_dtypes" => Scalar::from_dtype_name(attr).map(Meaning::Type),
        _ => None,
    }
}

/// What a Python builtin name denotes in device code.
#[must_use]
pub fn builtin(name: &str) -> Option<Meaning> {
    builtins::find(name)
        .filter(|b| !b.path.contains('.'))
        .map(meaning_of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxcuda_ir::Dim;

    #[test]
    fn cuda_types_names_the_types() {
        assert_eq!(
            module_attr("cuda", "types"),
            Some(Meaning::Namespace("cuda.types".into()))
        );
        assert_eq!(
            module_attr("cuda.types", "float16"),
            Some(Meaning::Type(Scalar::F16))
        );
    }

    #[test]
    fn paths_resolve() {
        assert_eq!(
            module_attr("cuda.threadIdx", "y"),
            Some(Meaning::Intrinsic(Intrinsic::ThreadIdx(Dim::Y)))
        );
        assert_eq!(
            module_attr("cuda", "grid"),
            Some(Meaning::Callable("cuda.grid".into()))
        );
        assert_eq!(
            module_attr("cuda", "float32"),
            Some(Meaning::Type(Scalar::F32))
        );
        assert_eq!(
            module_attr("cuda.atomic", "add"),
            Some(Meaning::Callable("cuda.atomic.add".into()))
        );
        assert_eq!(
            module_attr("numpy", "float64"),
            Some(Meaning::Type(Scalar::F64))
        );
        assert_eq!(module_attr("math", "sinn"), None);
        assert_eq!(builtin("range"), Some(Meaning::Callable("range".into())));
        assert_eq!(builtin("open"), None);
    }
}
