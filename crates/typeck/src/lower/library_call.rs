//! Calls of the `cmath` and `cuda.random` modules (device-library functions,
//! [`crate::library`]), the tuple-valued
//! `math.frexp` and `math.modf` (short IR expansions), and `complex64(re, im)`.

use oxcuda_ir::{BinOp, CmpOp, Const, MathFn, Op, UnaryOp, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{Scalar, Type};

use oxcuda_types::Dtype;

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `cmath.<name>(...)`: the device-library function for the arguments' precision. Real
    /// arguments are converted to complex (float32 and float16 to complex64, other reals to
    /// complex128); a call mixing precisions is computed in complex128.
    pub(super) fn cmath_call(&mut self, name: &str, args: Vec<Arg>, range: TextRange) -> Val {
        let path = format!("cmath.{name}");
        if name == "rect" {
            // rect(r, phi) takes two reals, in their unified float type.
            if !self.arity(&path, &args, 2, 2, range) {
                return Val::Poison;
            }
            let Some(parts) = self.library_precision(&path, &args, false) else {
                return Val::Poison;
            };
            return self.library_call("cmath", "rect", parts, &args, &Type::Scalar(parts), range);
        }
        let max = if name == "log" { 2 } else { 1 };
        if !self.arity(&path, &args, 1, max, range) {
            return Val::Poison;
        }
        let Some(parts) = self.library_precision(&path, &args, true) else {
            return Val::Poison;
        };
        let complex = if parts == Scalar::F32 {
            Scalar::C64
        } else {
            Scalar::C128
        };
        let function = if args.len() == 2 { "log_base" } else { name };
        self.library_call(
            "cmath",
            function,
            parts,
            &args,
            &Type::Scalar(complex),
            range,
        )
    }

    /// `cuda.random.<name>(...)`: the device-library function, specialised for the argument
    /// types like a user's device function. Every function but `rotl` and the
    /// `uint64_to_unit_float*` conversions takes `(states, index, ...)`, `states` a 1-D array
    /// of `xoroshiro128p_dtype`; anything else is refused here, naming the argument, rather
    /// than deep inside the library's code.
    pub(super) fn random_call(&mut self, name: &str, args: Vec<Arg>, range: TextRange) -> Val {
        let path = format!("cuda.random.{name}");
        let (min, max) = match name {
            "rotl" => (2, 2),
            "uint64_to_unit_float32" | "uint64_to_unit_float64" => (1, 1),
            "init_xoroshiro128p_state" => (3, 3),
            _ => (2, 2),
        };
        if !self.arity(&path, &args, min, max, range) {
            return Val::Poison;
        }
        let takes_states = !matches!(
            name,
            "rotl" | "uint64_to_unit_float32" | "uint64_to_unit_float64"
        );
        if takes_states && !is_state_array(&args[0].val) {
            let what = args[0].val.describe();
            return self.error_hint(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!("{path}() takes an array of xoroshiro128p states, not {what}"),
                "create one with cuda.random.create_xoroshiro128p_states(n, seed)",
            );
        }
        for a in &args[usize::from(takes_states)..] {
            let integer = self
                .scalar_type_of(&a.val)
                .is_some_and(|s| s.is_int() || s == Scalar::Bool);
            if !integer {
                let what = a.val.describe();
                return self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!("{path}() takes integer arguments here, not {what}"),
                );
            }
        }
        let Some(src) = crate::library::function("cuda.random", name, Scalar::F64) else {
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("{path} is not available in device code"),
            );
        };
        self.device_call(src, args, range)
    }

    /// NumPy's functions that have a `cmath` counterpart (`np.sqrt`, `np.arcsin`, `np.isnan`,
    /// … by their `math` names), called with one complex argument: the `cmath` function.
    /// `None` for anything else (the `math` path takes it).
    pub(super) fn numpy_complex_call(
        &mut self,
        math_name: &str,
        args: &[Arg],
        range: TextRange,
    ) -> Option<Val> {
        let [arg] = args else { return None };
        let complex = self
            .scalar_type_of(&arg.val)
            .is_some_and(Scalar::is_complex);
        if !complex {
            return None;
        }
        let known = crate::builtins::find(&format!("cmath.{math_name}"))
            .is_some_and(|b| !b.rule.is_value())
            && !matches!(math_name, "phase" | "polar" | "rect");
        known.then(|| self.cmath_call(math_name, args.to_vec(), range))
    }

    /// The float type a library function computes in for `args`: float32 when every argument
    /// is float16, float32 or (when `complex_ok`) complex64; else float64.
    fn library_precision(&mut self, path: &str, args: &[Arg], complex_ok: bool) -> Option<Scalar> {
        let mut float = Scalar::F32;
        for a in args {
            let s = self.scalar_type_of(&a.val);
            match s {
                Some(s) if s.is_complex() && !complex_ok => {
                    self.error(
                        codes::TYPE_MISMATCH,
                        a.range,
                        format!("{path}() takes real numbers, not {s}"),
                    );
                    return None;
                }
                Some(Scalar::F16 | Scalar::F32 | Scalar::C64) => {}
                Some(_) => float = Scalar::F64,
                None => {
                    let what = a.val.describe();
                    self.error(
                        codes::TYPE_MISMATCH,
                        a.range,
                        format!("{path}() takes numbers, not {what}"),
                    );
                    return None;
                }
            }
        }
        Some(float)
    }

    /// Calls library function `module.function` compiled for float type `float`, with every
    /// argument converted to `to`.
    fn library_call(
        &mut self,
        module: &str,
        function: &str,
        float: Scalar,
        args: &[Arg],
        to: &Type,
        range: TextRange,
    ) -> Val {
        let Some(src) = crate::library::function(module, function, float) else {
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("{module}.{function} is not available in device code"),
            );
        };
        let mut converted = Vec::with_capacity(args.len());
        for a in args {
            let Some(v) = self.convert(a.val.clone(), to, a.range) else {
                return Val::Poison;
            };
            converted.push(Arg {
                val: Val::Rt(v, to.clone()),
                range: a.range,
            });
        }
        self.device_call(src, converted, range)
    }

    /// The float type of a real `math` argument (integers and bool: float64), with the value
    /// converted to it.
    fn real_operand(
        &mut self,
        path: &str,
        args: &[Arg],
        range: TextRange,
    ) -> Option<(Value, Scalar)> {
        if !self.arity(path, args, 1, 1, range) {
            return None;
        }
        let a = &args[0];
        let t = match self.scalar_type_of(&a.val) {
            Some(s) if s.is_float() => s,
            Some(s) if !s.is_complex() => Scalar::F64,
            _ => {
                let what = a.val.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!("{path}() takes a real number, not {what}"),
                );
                return None;
            }
        };
        let v = self.convert(a.val.clone(), &Type::Scalar(t), a.range)?;
        Some((v, t))
    }

    /// `math.frexp(x)`: `(m, e)` with `x == m * 2**e`, `0.5 <= |m| < 1`, `e` int32 (numba's
    /// type); zeros, infinities and NaN give `(x, 0)`. Exact: `e = ilogb(x) + 1`,
    /// `m = ldexp(x, -e)`.
    pub(super) fn frexp(&mut self, args: &[Arg], range: TextRange) -> Val {
        let Some((x, s)) = self.real_operand("math.frexp", args, range) else {
            return Val::Poison;
        };
        let t = Type::Scalar(s);
        let zero = self.emit(Op::Const(Const::Float(0.0)), t.clone());
        let nonzero = self.emit(Op::Compare(CmpOp::Ne, x, zero), Type::BOOL);
        let finite = self.emit(Op::Math(MathFn::IsFinite, vec![x]), Type::BOOL);
        let regular = self.emit(Op::Binary(BinOp::BitAnd, nonzero, finite), Type::BOOL);
        let ilogb = self.emit(Op::Math(MathFn::Ilogb, vec![x]), Type::I32);
        let one = self.const_int(1, Scalar::I32);
        let e = self.emit(Op::Binary(BinOp::Add, ilogb, one), Type::I32);
        let no_shift = self.const_int(0, Scalar::I32);
        let e = self.emit(Op::Select(regular, e, no_shift), Type::I32);
        let minus_e = self.emit(Op::Unary(UnaryOp::Neg, e), Type::I32);
        let m = self.emit(Op::Math(MathFn::Ldexp, vec![x, minus_e]), t.clone());
        let ty = Type::Tuple(vec![t, Type::I32]);
        Val::Rt(self.emit(Op::MakeTuple(vec![m, e]), ty.clone()), ty)
    }

    /// `math.modf(x)`: `(fraction, integer part)`, both of `x`'s float type and with its sign
    /// (numba's type; Python's values, `modf(-inf) == (-0.0, -inf)` included).
    pub(super) fn modf(&mut self, args: &[Arg], range: TextRange) -> Val {
        let Some((x, s)) = self.real_operand("math.modf", args, range) else {
            return Val::Poison;
        };
        let t = Type::Scalar(s);
        let whole = self.emit(Op::Math(MathFn::Trunc, vec![x]), t.clone());
        let rest = self.emit(Op::Binary(BinOp::Sub, x, whole), t.clone());
        let inf = self.emit(Op::Math(MathFn::IsInf, vec![x]), Type::BOOL);
        let zero = self.emit(Op::Const(Const::Float(0.0)), t.clone());
        let rest = self.emit(Op::Select(inf, zero, rest), t.clone());
        let fraction = self.emit(Op::Math(MathFn::Copysign, vec![rest, x]), t.clone());
        let ty = Type::Tuple(vec![t.clone(), t]);
        Val::Rt(
            self.emit(Op::MakeTuple(vec![fraction, whole]), ty.clone()),
            ty,
        )
    }

    /// `complex64(re, im)` / `complex128(re, im)` (as NumPy's constructors): a complex of that
    /// type from two real parts, each converted to its part type.
    pub(super) fn complex_from_parts(&mut self, c: Scalar, args: &[Arg]) -> Val {
        let part = Type::Scalar(c.complex_part());
        let mut parts = Vec::with_capacity(2);
        for a in args {
            match self.scalar_type_of(&a.val) {
                Some(s) if !s.is_complex() => {}
                _ => {
                    let what = a.val.describe();
                    return self.error(
                        codes::TYPE_MISMATCH,
                        a.range,
                        format!("{c}(real, imag) takes real parts, not {what}"),
                    );
                }
            }
            let Some(v) = self.convert(a.val.clone(), &part, a.range) else {
                return Val::Poison;
            };
            parts.push(v);
        }
        let t = Type::Scalar(c);
        Val::Rt(self.emit(Op::MakeComplex(parts[0], parts[1]), t.clone()), t)
    }
}

/// Whether `v` is a writable 1-D array of records with uint64 fields `s0` and `s1`
/// (`xoroshiro128p_dtype`, aligned or not).
fn is_state_array(v: &Val) -> bool {
    let Val::Rt(_, Type::Array(a)) = v else {
        return false;
    };
    let Dtype::Record(r) = &a.dtype else {
        return false;
    };
    let uint64 = |name: &str| {
        r.field(name)
            .is_some_and(|(_, f)| f.dtype == Dtype::Scalar(Scalar::U64) && f.shape.is_empty())
    };
    a.ndim == 1 && !a.readonly && r.fields.len() == 2 && uint64("s0") && uint64("s1")
}
