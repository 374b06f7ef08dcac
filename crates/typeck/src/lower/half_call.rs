//! Calls of `cuda.fp16` and `cuda.bf16`: the `.rn` arithmetic and bit reinterpretations (one
//! IR operation each) and the functions of the device libraries `library/fp16.py` and
//! `library/bf16.py` ([`Rule::Library`] rows).
//!
//! Every argument must be a real number (an int, float or bool scalar or literal); it is
//! converted to the type the function computes in (numba-cuda converts its bindings'
//! arguments the same way), so `hadd(x, 1)` adds the float16 1.0.
//!
//! [`Rule::Library`]: crate::builtins::Rule::Library

use oxcuda_ir::{BinOp, Intrinsic, Op};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// Whether every argument is a real number; reports the first that is not.
    fn numbers_only(&mut self, path: &str, args: &[Arg]) -> bool {
        for a in args {
            let real = self.scalar_type_of(&a.val).is_some_and(|s| !s.is_complex());
            if !real {
                let what = a.val.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!("{path}() takes real numbers, not {what}"),
                    "pass a float16 or bfloat16 (or a number converted to one), e.g. an element of such an array",
                );
                return false;
            }
        }
        true
    }

    /// `cuda.fp16.<name>(…)` or `cuda.bf16.<name>(…)` of a
    /// [`Rule::Library`](crate::builtins::Rule::Library) row: the library function `name`
    /// without its leading `__` (a `cuda.bf16` alias: the function it aliases), compiled for
    /// float16 or bfloat16.
    pub(super) fn library_fn_call(&mut self, path: &str, args: Vec<Arg>, range: TextRange) -> Val {
        let (module, name) = path.rsplit_once('.').unwrap_or(("", path));
        if module == "cuda.fp8" {
            return self.fp8_fn_call(path, name, args, range);
        }
        if !self.numbers_only(path, &args) {
            return Val::Poison;
        }
        let name = name.strip_prefix("__").unwrap_or(name);
        let (name, float) = if module == "cuda.bf16" {
            (crate::builtins::bf16::library_name(name), Scalar::BF16)
        } else {
            (name.to_owned(), Scalar::F16)
        };
        let Some(src) = crate::library::function(module, &name, float) else {
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("{path} is not available in device code"),
            );
        };
        self.device_call(src, args, range)
    }

    /// The argument converted to `from`, its bits read as `to`.
    pub(super) fn reinterpret_call(
        &mut self,
        path: &str,
        from: Scalar,
        to: Scalar,
        args: &[Arg],
    ) -> Val {
        if !self.numbers_only(path, args) {
            return Val::Poison;
        }
        let a = &args[0];
        let Some(v) = self.convert(a.val.clone(), &Type::Scalar(from), a.range) else {
            return Val::Poison;
        };
        let ty = Type::Scalar(to);
        Val::Rt(
            self.emit(Op::Intrinsic(Intrinsic::Reinterpret, vec![v]), ty.clone()),
            ty,
        )
    }

    /// Both arguments converted to `s`, then `a op b` rounded to nearest even, uncontracted.
    pub(super) fn arith_rn_call(&mut self, path: &str, op: BinOp, s: Scalar, args: &[Arg]) -> Val {
        if !self.numbers_only(path, args) {
            return Val::Poison;
        }
        let ty = Type::Scalar(s);
        let mut ops = Vec::with_capacity(2);
        for a in args {
            let Some(v) = self.convert(a.val.clone(), &ty, a.range) else {
                return Val::Poison;
            };
            ops.push(v);
        }
        Val::Rt(
            self.emit(Op::Intrinsic(Intrinsic::ArithRn(op), ops), ty.clone()),
            ty,
        )
    }
}

impl Lower<'_, '_> {
    /// `cuda.fp8.<name>(…)`: numba-cuda's `cvt_*` functions, the library function of the same
    /// name. The first argument is a number, a `bfloat16_raw` (`uint16x1`: the `…bfloat16raw…`
    /// functions) or a vector of two floats (the `…2_to_…x2` functions); the modes are numbers
    /// (an `IntEnum` member or an int).
    fn fp8_fn_call(&mut self, path: &str, name: &str, args: Vec<Arg>, range: TextRange) -> Val {
        let (want_lanes, what) = if name.contains("bfloat16raw") {
            (Some(1), "a bfloat16_raw (what cvt_e8m0_to_bf16raw returns)")
        } else if name.contains("2_to_") {
            (
                Some(2),
                "a float32x2 or float64x2 (cuda.float2(x, y), cuda.double2(x, y))",
            )
        } else {
            (None, "")
        };
        for (k, a) in args.iter().enumerate() {
            let ok = match (k, want_lanes, &a.val) {
                (0, Some(n), Val::Rt(_, Type::Vector(v))) => v.lanes == n,
                (0, Some(_), _) => false,
                _ => self.scalar_type_of(&a.val).is_some_and(|s| !s.is_complex()),
            };
            if !ok {
                let given = a.val.describe();
                let (message, hint) = if k == 0 && want_lanes.is_some() {
                    (
                        format!("{path}() takes {what} as its first argument, not {given}"),
                        "pass the value the function's name says",
                    )
                } else {
                    (
                        format!("{path}() takes numbers, not {given}"),
                        "pass a number, or a saturation_t / fp8_interpretation_t / cudaRoundMode member",
                    )
                };
                self.error_hint(codes::TYPE_MISMATCH, a.range, message, hint);
                return Val::Poison;
            }
        }
        let Some(src) = crate::library::function("cuda.fp8", name, Scalar::F64) else {
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("{path} is not available in device code"),
            );
        };
        self.device_call(src, args, range)
    }
}
