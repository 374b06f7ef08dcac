//! Conversions to and from the fp8 storage types (`fp8_e4m3`, `fp8_e5m2`, `fp8_e8m0`).
//!
//! An fp8 value is its byte; every conversion that involves one is a call of a function of
//! the device library `library/fp8.py` on that byte (read with `Intrinsic::Reinterpret`), so
//! no back end converts fp8 itself and the GPU and the simulator run the same program. The
//! conversions are the ones CUDA's `cuda_fp8.hpp` constructors and conversion operators
//! perform (numba-cuda calls those):
//!
//! - to e4m3/e5m2: float64 directly, anything else through float32 (integers rounded to
//!   float32 first, as `static_cast<float>` does), saturating, to nearest even;
//! - to e8m0: toward +infinity, saturating; float16/float32 through float32, bfloat16 by its
//!   bits, float64 with a sticky bit, integers exactly (the next power of two);
//! - from fp8: decoded exactly to float32, then converted as float32 converts (exact for every
//!   float type but float16 of e8m0, which rounds), to integers truncated and saturated (NaN
//!   to 0), to bool `bits & 0x7f != 0` (e8m0: always true);
//! - between two fp8 types: decoded to float32, then encoded;
//! - without an argument (`fp8_e4m3()`): the bits 0, as CUDA's default constructor.

use oxcuda_ir::{Const, Intrinsic, Op, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `v` of scalar type `from` converted to `to`, where one of them is an fp8 type.
    pub(super) fn fp8_cast(&mut self, v: Value, from: Scalar, to: Scalar) -> Value {
        if from.is_fp8() && to.is_fp8() {
            let f = self.fp8_decode(v, from);
            return self.fp8_encode(f, Scalar::F32, to);
        }
        if to.is_fp8() {
            return self.fp8_encode(v, from, to);
        }
        if to == Scalar::Bool {
            if from == Scalar::E8M0 {
                return self.emit(Op::Const(Const::Bool(true)), Type::BOOL);
            }
            let bits = self.reinterpret(v, Scalar::U8);
            return self.fp8_library("fp8_to_bool", vec![rt(bits, Scalar::U8)], Scalar::Bool);
        }
        let f = self.fp8_decode(v, from);
        if to.is_int() {
            let name = format!("sat_{}", to.name());
            return self.fp8_library(&name, vec![rt(f, Scalar::F32)], to);
        }
        self.cast(f, Scalar::F32, to)
    }

    /// `fp8_e4m3()` (any fp8 type without arguments): the value whose bits are 0, as CUDA's
    /// default constructor value-initialises it (numba-cuda calls `new (p) __nv_fp8_e4m3()`):
    /// +0 for e4m3 and e5m2, 2^-127 for e8m0.
    pub(super) fn fp8_zero(&mut self, s: Scalar) -> Val {
        let zero = self.emit(Op::Const(Const::Int(0)), Type::Scalar(Scalar::U8));
        Val::Rt(self.reinterpret(zero, s), Type::Scalar(s))
    }

    /// The float32 value of an fp8 value (exact).
    fn fp8_decode(&mut self, v: Value, from: Scalar) -> Value {
        let bits = self.reinterpret(v, Scalar::U8);
        let name = match from {
            Scalar::E4M3 => "e4m3_to_f32",
            Scalar::E5M2 => "e5m2_to_f32",
            _ => "e8m0_to_f32",
        };
        self.fp8_library(name, vec![rt(bits, Scalar::U8)], Scalar::F32)
    }

    /// `v` of type `from` (not fp8) as the fp8 type `to`, as its constructor converts.
    fn fp8_encode(&mut self, v: Value, from: Scalar, to: Scalar) -> Value {
        let bits = if to == Scalar::E8M0 {
            self.e8m0_encode(v, from)
        } else {
            let e5m2 = Val::Bool(to == Scalar::E5M2);
            let sat = Val::Bool(true);
            let (name, x) = if from == Scalar::F64 {
                ("fp8_from_f64", rt(v, Scalar::F64))
            } else {
                let f = self.cast(v, from, Scalar::F32);
                ("fp8_from_f32", rt(f, Scalar::F32))
            };
            self.fp8_library(name, vec![x, arg(sat), arg(e5m2)], Scalar::U8)
        };
        self.reinterpret(bits, to)
    }

    /// e8m0 bits of `v` (toward +infinity, saturating).
    fn e8m0_encode(&mut self, v: Value, from: Scalar) -> Value {
        let (sat, up) = (arg(Val::Bool(true)), arg(Val::Bool(true)));
        let (name, args) = match from {
            Scalar::F64 => ("e8m0_from_f64", vec![rt(v, Scalar::F64), sat, up]),
            Scalar::BF16 => {
                let h = self.reinterpret(v, Scalar::U16);
                ("e8m0_from_bf16_bits", vec![rt(h, Scalar::U16), sat, up])
            }
            s if s.is_signed() => {
                let i = self.cast(v, s, Scalar::I64);
                ("e8m0_from_i64", vec![rt(i, Scalar::I64)])
            }
            s if s.is_int() || s == Scalar::Bool => {
                let u = self.cast(v, s, Scalar::U64);
                ("e8m0_from_u64", vec![rt(u, Scalar::U64)])
            }
            s => {
                let f = self.cast(v, s, Scalar::F32);
                ("e8m0_from_f32", vec![rt(f, Scalar::F32), sat, up])
            }
        };
        self.fp8_library(name, args, Scalar::U8)
    }

    /// The bits of `v` read as `to` (the same width).
    fn reinterpret(&mut self, v: Value, to: Scalar) -> Value {
        self.emit(
            Op::Intrinsic(Intrinsic::Reinterpret, vec![v]),
            Type::Scalar(to),
        )
    }

    /// A call of `cuda.fp8.<name>` of the device library, of result type `result`.
    pub(super) fn fp8_library(&mut self, name: &str, args: Vec<Arg>, result: Scalar) -> Value {
        match self.fp8_library_val(name, args, &Type::Scalar(result)) {
            Some(v) => v,
            None => self.emit(Op::Const(Const::Int(0)), Type::Scalar(result)),
        }
    }

    /// A call of `cuda.fp8.<name>` of the device library whose result has type `result`
    /// (`None`, with the error reported, when the library lacks it or it failed).
    pub(super) fn fp8_library_val(
        &mut self,
        name: &str,
        args: Vec<Arg>,
        result: &Type,
    ) -> Option<Value> {
        let range = TextRange::default();
        let Some(src) = crate::library::function("cuda.fp8", name, Scalar::F64) else {
            self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("the fp8 device library has no function {name}"),
            );
            return None;
        };
        match self.device_call(src, args, range) {
            Val::Rt(v, t) if t == *result => Some(v),
            _ => None,
        }
    }
}

/// A run-time argument `v` of scalar type `s`.
pub(super) fn rt(v: Value, s: Scalar) -> Arg {
    arg(Val::Rt(v, Type::Scalar(s)))
}

/// An argument with no place in the source.
pub(super) fn arg(val: Val) -> Arg {
    Arg {
        val,
        range: TextRange::default(),
    }
}
