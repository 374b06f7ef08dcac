//! Resolution of module attributes (`cuda.threadIdx.x`, `math.sin`, `np.float32`) and Python
//! builtins to what they mean in device code.
//!
//! Paths are canonical: `cuda` stands for `oxcuda.cuda` and `numba.cuda`, `numpy` for NumPy,
//! `oxcuda` for the type namespace of `oxcuda`/`numba`. Every callable path listed here is
//! implemented by the call lowering (`lower/call.rs`); a test checks the two agree.

use oxcuda_ir::{Dim, Intrinsic};
use oxcuda_types::Scalar;

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
}

/// Functions callable from device code, by canonical path.
pub const CALLABLES: &[&str] = &[
    // Python builtins
    "range",
    "len",
    "min",
    "max",
    "abs",
    "float",
    "int",
    "bool",
    "complex",
    "round",
    "pow",
    "enumerate",
    "zip",
    // CUDA
    "cuda.grid",
    "cuda.gridsize",
    "cuda.syncthreads",
    "cuda.syncthreads_count",
    "cuda.syncthreads_and",
    "cuda.syncthreads_or",
    "cuda.threadfence",
    "cuda.threadfence_block",
    "cuda.threadfence_system",
    "cuda.syncwarp",
    "cuda.shfl_sync",
    "cuda.shfl_up_sync",
    "cuda.shfl_down_sync",
    "cuda.shfl_xor_sync",
    "cuda.all_sync",
    "cuda.any_sync",
    "cuda.eq_sync",
    "cuda.ballot_sync",
    "cuda.match_any_sync",
    "cuda.match_all_sync",
    "cuda.activemask",
    "cuda.lanemask_lt",
    "cuda.shared.array",
    "cuda.local.array",
    "cuda.const.array_like",
    "cuda.fma",
    "cuda.popc",
    "cuda.brev",
    "cuda.clz",
    "cuda.ffs",
    "cuda.selp",
    "cuda.cbrt",
    "cuda.nanosleep",
    "cuda.literal_unroll",
    "cuda.atomic.add",
    "cuda.atomic.sub",
    "cuda.atomic.max",
    "cuda.atomic.min",
    "cuda.atomic.nanmax",
    "cuda.atomic.nanmin",
    "cuda.atomic.and_",
    "cuda.atomic.or_",
    "cuda.atomic.xor",
    "cuda.atomic.exch",
    "cuda.atomic.inc",
    "cuda.atomic.dec",
    "cuda.atomic.cas",
    "cuda.atomic.compare_and_swap",
    // Cooperative groups: `cuda.cg.this_grid()` is a compile-time grid group
    // (`Val::Namespace(GRID_GROUP)`), whose `sync()` is the grid barrier.
    "cuda.cg.this_grid",
    "cuda.cg.GridGroup.sync",
];

/// The value of `cuda.cg.this_grid()`: a namespace whose only attribute is `sync`. A grid group
/// has no runtime state (the barrier's counter comes from the cooperative launch), so it is
/// known at compile time and a local holding one needs no slot (`lower/stmt.rs`).
pub const GRID_GROUP: &str = "cuda.cg.GridGroup";

/// The `math` module's functions (also `numpy.<name>` where NumPy has the same name).
pub const MATH_FUNCTIONS: &[&str] = &[
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "asinh",
    "acosh",
    "atanh",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "sqrt",
    "fabs",
    "ceil",
    "floor",
    "trunc",
    "erf",
    "erfc",
    "gamma",
    "lgamma",
    "isnan",
    "isinf",
    "isfinite",
    "atan2",
    "hypot",
    "pow",
    "fmod",
    "copysign",
    "remainder",
    "nextafter",
    "ldexp",
    "frexp",
    "modf",
    "degrees",
    "radians",
];

/// The `cmath` module's functions, implemented by the device library (`library/cmath.py`).
pub const CMATH_FUNCTIONS: &[&str] = &[
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "cos", "cosh", "exp", "isfinite", "isinf",
    "isnan", "log", "log10", "phase", "polar", "rect", "sin", "sinh", "sqrt", "tan", "tanh",
];

/// `cuda.random`'s device functions (numba-cuda's xoroshiro128+ module), implemented by the
/// device library (`library/random.py`).
pub const RANDOM_FUNCTIONS: &[&str] = &[
    "rotl",
    "init_xoroshiro128p_state",
    "xoroshiro128p_next",
    "xoroshiro128p_jump",
    "uint64_to_unit_float32",
    "uint64_to_unit_float64",
    "xoroshiro128p_uniform_float32",
    "xoroshiro128p_uniform_float64",
    "xoroshiro128p_normal_float32",
    "xoroshiro128p_normal_float64",
];

/// NumPy's scalar functions with names of their own (`np.arcsin` is `math.asin`, …).
pub const NUMPY_FUNCTIONS: &[&str] = &[
    "sin",
    "cos",
    "tan",
    "arcsin",
    "arccos",
    "arctan",
    "sinh",
    "cosh",
    "tanh",
    "arcsinh",
    "arccosh",
    "arctanh",
    "exp",
    "exp2",
    "expm1",
    "log",
    "log2",
    "log10",
    "log1p",
    "sqrt",
    "fabs",
    "absolute",
    "abs",
    "ceil",
    "floor",
    "trunc",
    "rint",
    "isnan",
    "isinf",
    "isfinite",
    "arctan2",
    "hypot",
    "power",
    "fmod",
    "copysign",
    "nextafter",
    "ldexp",
    "deg2rad",
    "rad2deg",
    "degrees",
    "radians",
    "minimum",
    "maximum",
    "fmin",
    "fmax",
    "sign",
    "cbrt",
    "square",
    "reciprocal",
];

fn dim(attr: &str) -> Option<Dim> {
    match attr {
        "x" => Some(Dim::X),
        "y" => Some(Dim::Y),
        "z" => Some(Dim::Z),
        _ => None,
    }
}

/// What `<path>.<attr>` denotes, or `None` when the attribute does not exist in device code.
#[must_use]
pub fn module_attr(path: &str, attr: &str) -> Option<Meaning> {
    let full = format!("{path}.{attr}");
    match path {
        "cuda" => match attr {
            "threadIdx" | "blockIdx" | "blockDim" | "gridDim" | "shared" | "local" | "const"
            | "atomic" | "random" | "cg" => Some(Meaning::Namespace(full)),
            "laneid" => Some(Meaning::Intrinsic(Intrinsic::LaneId)),
            "warpsize" => Some(Meaning::Intrinsic(Intrinsic::WarpSize)),
            _ => callable_or_type(&full, attr),
        },
        "cuda.threadIdx" => dim(attr).map(|d| Meaning::Intrinsic(Intrinsic::ThreadIdx(d))),
        "cuda.blockIdx" => dim(attr).map(|d| Meaning::Intrinsic(Intrinsic::BlockIdx(d))),
        "cuda.blockDim" => dim(attr).map(|d| Meaning::Intrinsic(Intrinsic::BlockDim(d))),
        "cuda.gridDim" => dim(attr).map(|d| Meaning::Intrinsic(Intrinsic::GridDim(d))),
        "cuda.shared" | "cuda.local" | "cuda.const" | "cuda.atomic" | "cuda.cg" | GRID_GROUP => {
            CALLABLES
                .contains(&full.as_str())
                .then_some(Meaning::Callable(full))
        }
        "cuda.random" => RANDOM_FUNCTIONS
            .contains(&attr)
            .then_some(Meaning::Callable(full)),
        "math" | "cmath" => match attr {
            "pi" => Some(Meaning::Float(std::f64::consts::PI)),
            "e" => Some(Meaning::Float(std::f64::consts::E)),
            "tau" => Some(Meaning::Float(std::f64::consts::TAU)),
            "inf" => Some(Meaning::Float(f64::INFINITY)),
            "nan" => Some(Meaning::Float(f64::NAN)),
            "infj" if path == "cmath" => Some(Meaning::Complex(0.0, f64::INFINITY)),
            "nanj" if path == "cmath" => Some(Meaning::Complex(0.0, f64::NAN)),
            _ if path == "cmath" => CMATH_FUNCTIONS
                .contains(&attr)
                .then_some(Meaning::Callable(full)),
            _ => MATH_FUNCTIONS
                .contains(&attr)
                .then_some(Meaning::Callable(full)),
        },
        "numpy" => match attr {
            "pi" => Some(Meaning::Float(std::f64::consts::PI)),
            "e" => Some(Meaning::Float(std::f64::consts::E)),
            "inf" => Some(Meaning::Float(f64::INFINITY)),
            "nan" => Some(Meaning::Float(f64::NAN)),
            _ if NUMPY_FUNCTIONS.contains(&attr) => Some(Meaning::Callable(full)),
            _ => Scalar::from_name(attr).map(Meaning::Type),
        },
        "oxcuda" => Scalar::from_name(attr).map(Meaning::Type),
        _ => None,
    }
}

fn callable_or_type(full: &str, attr: &str) -> Option<Meaning> {
    if CALLABLES.contains(&full) {
        Some(Meaning::Callable(full.to_owned()))
    } else {
        Scalar::from_name(attr).map(Meaning::Type)
    }
}

/// What a Python builtin name denotes in device code.
#[must_use]
pub fn builtin(name: &str) -> Option<Meaning> {
    match name {
        "float" | "int" | "bool" | "complex" => Some(Meaning::Callable(name.to_owned())),
        _ => CALLABLES
            .contains(&name)
            .then(|| Meaning::Callable(name.to_owned())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            module_attr("cuda.random", "xoroshiro128p_next"),
            Some(Meaning::Callable("cuda.random.xoroshiro128p_next".into()))
        );
        assert_eq!(module_attr("cuda.random", "xoroshiro128p_dtype"), None);
        assert_eq!(
            module_attr("cuda.cg", "this_grid"),
            Some(Meaning::Callable("cuda.cg.this_grid".into()))
        );
        assert_eq!(
            module_attr(GRID_GROUP, "sync"),
            Some(Meaning::Callable("cuda.cg.GridGroup.sync".into()))
        );
        assert_eq!(module_attr(GRID_GROUP, "thread_rank"), None);
        assert_eq!(module_attr("math", "sinn"), None);
        assert_eq!(builtin("range"), Some(Meaning::Callable("range".into())));
        assert_eq!(builtin("open"), None);
    }
}
