//! CUDA vector types in device code (`oxcuda_types::vector`), as numba-cuda types them:
//!
//! - `cuda.float32x4(a, b, c, d)` (or a C name, `cuda.float4`) builds a vector from values
//!   whose lanes add up to the type's: scalars, each converted to the base type as a numba
//!   conversion does (`cuda.short2(10, 11)`, `cuda.float2(1, 2.5)`), and vectors of the same
//!   base type, whose lanes are taken in order (`float4(v2, z, w)`, `float3(v1, v2)`,
//!   `float2(v2)`): numba-cuda's constructor overloads are every such composition.
//! - `v.x`, `v.y`, `v.z`, `v.w` read a lane; the lanes are read-only (`stmt.rs` refuses an
//!   assignment), and a lane the type lacks is an `unknown-attribute` error.
//! - Vectors pass to and return from device functions, and live in variables, as any value.
//! - `cuda.float32x2(v)` / `cuda.float32x4(v)` of an fp8 vector storage value (`fp8x2_e4m3`)
//!   decodes its lanes (`fp8_vector.rs`); with other arguments an fp8 vector is refused.
//!
//! A vector value is the tuple of its lanes in the IR (the nominal invariant, `nominal.rs`):
//! building one is `MakeTuple`, reading a lane `TupleGet`.

use oxcuda_ir::Op;
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{Scalar, Type, VectorType};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

/// The vector type a `cuda.<name>` callable path constructs (`cuda.float32x4`).
pub(crate) fn constructed_by(path: &str) -> Option<VectorType> {
    VectorType::from_name(path.strip_prefix("cuda.")?)
}

impl Lower<'_, '_> {
    /// `v.<attr>`: lane `attr` of `v`.
    pub(crate) fn vector_lane(
        &mut self,
        v: oxcuda_ir::Value,
        t: VectorType,
        attr: &str,
        range: TextRange,
    ) -> Val {
        let Some(k) = t.lane(attr) else {
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!(
                    "{t} has no attribute '{attr}' (its lanes: {})",
                    t.lane_names().join(", ")
                ),
            );
        };
        let ty = Type::Scalar(t.base);
        let lane = self.emit(
            Op::TupleGet(v, u32::try_from(k).unwrap_or(u32::MAX)),
            ty.clone(),
        );
        Val::Rt(lane, ty)
    }

    /// `cuda.<vector type>(args…)`: the vector of the arguments' lanes, in order.
    pub(crate) fn construct_vector(
        &mut self,
        t: VectorType,
        args: Vec<Arg>,
        keywords: &[(String, Arg)],
        range: TextRange,
    ) -> Val {
        if let Some((name, arg)) = keywords.first() {
            return self.error(
                codes::BAD_CALL,
                arg.range,
                format!("{t}() takes positional arguments only, not '{name}='"),
            );
        }
        if let [a] = args.as_slice()
            && let Val::Rt(v, Type::Fp8Vector(u)) = a.val
            && t.base == Scalar::F32
            && t.lanes == u.lanes
        {
            // CUDA's `operator float2`/`operator float4` of an fp8 vector (`fp8_vector.rs`).
            return self.fp8_vector_decode(v, u);
        }
        let nargs = args.len();
        let mut lanes = Vec::with_capacity(usize::from(t.lanes));
        for a in args {
            match a.val {
                Val::Rt(v, Type::Vector(u)) => {
                    if u.base != t.base {
                        let lanes_of = u
                            .lane_names()
                            .iter()
                            .map(|l| format!("{}(v.{l})", t.base))
                            .collect::<Vec<_>>()
                            .join(", ");
                        return self.error_hint(
                            codes::TYPE_MISMATCH,
                            a.range,
                            format!(
                                "{t}() takes {} values and {} vectors, not a {u}",
                                t.base, t.base
                            ),
                            format!("convert the lanes one by one: {t}({lanes_of}, …)"),
                        );
                    }
                    for k in 0..u.lanes {
                        let lane = self.emit(Op::TupleGet(v, u32::from(k)), Type::Scalar(u.base));
                        lanes.push(lane);
                    }
                }
                Val::Rt(_, Type::Fp8Vector(u)) => {
                    return self.error_hint(
                        codes::TYPE_MISMATCH,
                        a.range,
                        format!(
                            "{t}() cannot take a {u}: a {u} converts only on its own, to \
                             float32x{} (CUDA's operator float{})",
                            u.lanes, u.lanes
                        ),
                        format!("convert it first: cuda.float32x{}(v)", u.lanes),
                    );
                }
                _ => {
                    let range = a.range;
                    // A numba conversion (errors name the argument), then the IR value in the
                    // base type (a literal that stayed symbolic is materialised in it).
                    let converted = self.cast_call(a, t.base);
                    let Some(v) = self.convert(converted, &Type::Scalar(t.base), range) else {
                        return Val::Poison;
                    };
                    lanes.push(v);
                }
            }
        }
        if lanes.len() != usize::from(t.lanes) {
            let given = if lanes.len() == nargs {
                format!("{nargs}")
            } else {
                format!("{} (from {nargs} arguments)", lanes.len())
            };
            return self.error_hint(
                codes::BAD_CALL,
                range,
                format!(
                    "{t}() takes {} lanes in all, but {given} were given",
                    t.lanes
                ),
                format!(
                    "pass {} values and {} vectors whose lanes add up to {}",
                    t.base, t.base, t.lanes
                ),
            );
        }
        let ty = Type::Vector(t);
        Val::Rt(self.emit(Op::MakeTuple(lanes), ty.clone()), ty)
    }
}
