//! numba-cuda's fp8 vector storage types in device code (`oxcuda_types::fp8_vector`), with
//! the constructors and conversions numba-cuda's bindings (`_internal/cuda_fp8.py`) expose:
//!
//! - `fp8x2_e4m3()` (any of the six types, no argument): the storage 0, as numba-cuda's
//!   `new (p) __nv_fp8x2_e4m3()` value-initialises CUDA's defaulted constructor (two +0 for
//!   e4m3/e5m2, two 2^-127 for e8m0).
//! - `fp8x2_*(float32x2 | float64x2)`, `fp8x4_*(float32x4 | float64x4)`: CUDA's constructors,
//!   lane by lane to nearest even with `__NV_SATFINITE` (e8m0: toward +infinity,
//!   `cudaRoundPosInf`), a float64 lane rounded once; lane k goes to byte k of the storage.
//! - `v.__x`: the storage, `uint16` or `uint32` (read-only: numba-cuda wraps it for reading).
//! - `cuda.float32x2(v)` / `cuda.float32x4(v)`: CUDA's `operator float2`/`operator float4`,
//!   each lane decoded exactly (`vector.rs` calls [`Lower::fp8_vector_decode`]). numba-cuda
//!   registers them as casts from the fp8 vector type; its typing has no rule that reaches
//!   them, so the vector constructor is where oxcuda offers them.
//!
//! Every conversion is a function of the device library `library/fp8.py` (the scalar
//! conversions' functions, lane by lane), so the GPU and the simulator run one program. The
//! one exception is the hardware's own: float32 pairs to e4m3/e5m2 are `Intrinsic::CvtFp8x2`,
//! which carries the library's result for the simulator and GPUs before sm_89 and is one PTX
//! `cvt.rn.satfinite.e4m3x2.f32` (`e5m2x2`) on sm_89 and later, of the same bits; e4m3/e5m2
//! lanes back to float32 are `Intrinsic::CvtFp8ToF32` the same way (`cvt.rn.f16x2.e4m3x2`).

use oxcuda_ir::{Const, Intrinsic, Op, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{Fp8VectorType, Scalar, Type, VectorType};

use super::Lower;
use super::call::Arg;
use super::fp8_cast::{arg, rt};
use crate::value::Val;

/// `cudaRoundMode.cudaRoundPosInf`, the rounding of the e8m0 constructors.
const ROUND_POS_INF: i128 = 2;
/// `saturation_t.SATFINITE`, the saturation of every constructor.
const SATFINITE: i128 = 1;

/// The fp8 vector type a `cuda.fp8.<name>` callable path constructs (`cuda.fp8.fp8x2_e4m3`).
pub(crate) fn constructed_by(path: &str) -> Option<Fp8VectorType> {
    Fp8VectorType::from_name(path.strip_prefix("cuda.fp8.")?)
}

/// The number the device library's functions give a format: 0 e4m3, 1 e5m2 (these two are
/// also `fp8_interpretation_t`'s values), 2 e8m0.
fn format_code(t: Fp8VectorType) -> i128 {
    match t.format {
        Scalar::E4M3 => 0,
        Scalar::E5M2 => 1,
        _ => 2,
    }
}

impl Lower<'_, '_> {
    /// `fp8x2_e4m3(…)` and the other five: the storage of the converted lanes.
    pub(crate) fn construct_fp8_vector(
        &mut self,
        t: Fp8VectorType,
        args: Vec<Arg>,
        keywords: &[(String, Arg)],
        range: TextRange,
    ) -> Val {
        if let Some((name, a)) = keywords.first() {
            return self.error(
                codes::BAD_CALL,
                a.range,
                format!("{t}() takes positional arguments only, not '{name}='"),
            );
        }
        let n = t.lanes;
        let bits = match args.as_slice() {
            [] => self.emit(Op::Const(Const::Int(0)), Type::Scalar(t.storage())),
            [a] => match &a.val {
                Val::Rt(v, Type::Vector(u))
                    if u.lanes == n && matches!(u.base, Scalar::F32 | Scalar::F64) =>
                {
                    match self.fp8_vector_encode(t, *v, *u) {
                        Some(bits) => bits,
                        None => return Val::Poison,
                    }
                }
                other => {
                    let what = other.describe();
                    return self.error_hint(
                        codes::TYPE_MISMATCH,
                        a.range,
                        format!("{t}() takes a float32x{n} or a float64x{n}, not {what}"),
                        format!(
                            "build the vector first: {t}(cuda.float32x{n}({}))",
                            ["a", "b", "c", "d"][..usize::from(n)].join(", ")
                        ),
                    );
                }
            },
            _ => {
                return self.error_hint(
                    codes::BAD_CALL,
                    range,
                    format!(
                        "{t}() takes one argument (a float32x{n} or float64x{n}) or none, but {} were given",
                        args.len()
                    ),
                    format!("pass the lanes as one vector: {t}(cuda.float32x{n}(…))"),
                );
            }
        };
        let ty = Type::Fp8Vector(t);
        Val::Rt(self.emit(Op::MakeTuple(vec![bits]), ty.clone()), ty)
    }

    /// The storage of `t` built from the vector `v` of type `u` (float32/float64 lanes, as
    /// many as `t` has), as CUDA's constructor converts.
    fn fp8_vector_encode(&mut self, t: Fp8VectorType, v: Value, u: VectorType) -> Option<Value> {
        let vector = arg(Val::Rt(v, Type::Vector(u)));
        let sat = arg(Val::Int(SATFINITE));
        let interpretation = arg(Val::Int(format_code(t)));
        let up = arg(Val::Int(ROUND_POS_INF));
        let double = u.base == Scalar::F64;
        let (name, args) = match (t.lanes, t.format == Scalar::E8M0, double) {
            (_, false, false) => {
                // float32 lanes to e4m3/e5m2: pairs, in hardware where the GPU has it.
                let lane =
                    |s: &mut Self, k: u32| s.emit(Op::TupleGet(v, k), Type::Scalar(Scalar::F32));
                let (x, y) = (lane(self, 0), lane(self, 1));
                let lo = self.fp8x2_satfinite(t.format, x, y)?;
                if t.lanes == 2 {
                    return Some(lo);
                }
                let (z, w) = (lane(self, 2), lane(self, 3));
                let hi = self.fp8x2_satfinite(t.format, z, w)?;
                ("pack_u16x2", vec![rt(lo, Scalar::U16), rt(hi, Scalar::U16)])
            }
            (2, false, true) => ("cvt_double2_to_fp8x2", vec![vector, sat, interpretation]),
            (2, true, false) => ("cvt_float2_to_e8m0x2", vec![vector, sat, up]),
            (2, true, true) => ("cvt_double2_to_e8m0x2", vec![vector, sat, up]),
            (_, false, true) => ("fp8x4_from_double4", vec![vector, interpretation]),
            (_, true, false) => ("e8m0x4_from_float4", vec![vector]),
            (_, true, true) => ("e8m0x4_from_double4", vec![vector]),
        };
        self.fp8_library_val(name, args, &Type::Scalar(t.storage()))
    }

    /// The float32 values `x`, `y` as e4m3 or e5m2 (`format`), saturating, `x` in the low
    /// byte of the uint16: `Intrinsic::CvtFp8x2` over the device library's result, so sm_89
    /// and later convert with one `cvt.rn.satfinite` instruction and everything else (older
    /// GPUs, the simulator) runs the library's `cvt_float2_to_fp8x2`.
    fn fp8x2_satfinite(&mut self, format: Scalar, x: Value, y: Value) -> Option<Value> {
        let pair_type = Type::Vector(VectorType::new(Scalar::F32, 2)?);
        let pair = self.emit(Op::MakeTuple(vec![x, y]), pair_type.clone());
        let interpretation = i128::from(format == Scalar::E5M2);
        let args = vec![
            arg(Val::Rt(pair, pair_type)),
            arg(Val::Int(SATFINITE)),
            arg(Val::Int(interpretation)),
        ];
        let u16 = Type::Scalar(Scalar::U16);
        let soft = self.fp8_library_val("cvt_float2_to_fp8x2", args, &u16)?;
        let op = Op::Intrinsic(Intrinsic::CvtFp8x2(format), vec![x, y, soft]);
        Some(self.emit(op, u16))
    }

    /// `v.<attr>` of an fp8 vector: only `__x`, its storage.
    pub(crate) fn fp8_vector_attr(
        &mut self,
        v: Value,
        t: Fp8VectorType,
        attr: &str,
        range: TextRange,
    ) -> Val {
        if attr != "__x" {
            return self.error_hint(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!(
                    "{t} has no attribute '{attr}' (its one member is '__x', the {} storage)",
                    t.storage()
                ),
                format!(
                    "convert it to read the values: cuda.float32x{}(v).x",
                    t.lanes
                ),
            );
        }
        let ty = Type::Scalar(t.storage());
        Val::Rt(self.emit(Op::TupleGet(v, 0), ty.clone()), ty)
    }

    /// `cuda.float32x2(v)` / `cuda.float32x4(v)` of the fp8 vector `v`: its lanes decoded.
    pub(crate) fn fp8_vector_decode(&mut self, v: Value, t: Fp8VectorType) -> Val {
        let storage = self.emit(Op::TupleGet(v, 0), Type::Scalar(t.storage()));
        let (name, lanes) = if t.lanes == 2 {
            ("fp8x2_to_float2", 2)
        } else {
            ("fp8x4_to_float4", 4)
        };
        let Some(out) = VectorType::new(Scalar::F32, lanes) else {
            return Val::Poison;
        };
        let ty = Type::Vector(out);
        let args = vec![rt(storage, t.storage()), arg(Val::Int(format_code(t)))];
        let Some(soft) = self.fp8_library_val(name, args, &ty) else {
            return Val::Poison;
        };
        if t.format == Scalar::E8M0 {
            // No e8m0 instruction: the library's lanes on every target.
            return Val::Rt(soft, ty);
        }
        // Each lane under `Intrinsic::CvtFp8ToF32`: one `cvt.rn.f16x2` per pair on sm_89+.
        let f32 = Type::Scalar(Scalar::F32);
        let lanes = (0..lanes)
            .map(|k| {
                let s = self.emit(Op::TupleGet(soft, u32::from(k)), f32.clone());
                let op = Op::Intrinsic(Intrinsic::CvtFp8ToF32(t.format, k), vec![storage, s]);
                self.emit(op, f32.clone())
            })
            .collect();
        Val::Rt(self.emit(Op::MakeTuple(lanes), ty.clone()), ty)
    }
}
