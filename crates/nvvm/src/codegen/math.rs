//! Math functions through libdevice: `__nv_<name>f` for float32, `__nv_<name>` for float64;
//! float16 widens to float64, calls the float64 function and rounds back once, except
//! `nextafter`, which steps float16 bits directly, and `fma`, which is `fma.rn.f16`.
//! `fmin`/`fmax` need no library: NVVM's `llvm.nvvm.fmin/fmax` intrinsics are PTX `min`/`max`.
//!
//! Why float64 for float16: libdevice's float64 functions are within 2 ulp of the exact value
//! (2^-51 relative), and the result of no float16 input lies closer than 2^-30 (relative) to a
//! float16 rounding midpoint (every input checked, tests/kernels/test_fp16.py), so the
//! rounded result is the correctly rounded float16 — on the GPU and on the simulator alike,
//! bit for bit. Through float32 (or `cuda_fp16.h`'s `ex2.approx.f32`-based forms) some inputs
//! are close enough to a midpoint for a 1-ulp float32 error to change the float16 result. The predicates use
//! libdevice's own names (`__nv_isnanf`/`__nv_isnand`, `__nv_isinff`/`__nv_isinfd`,
//! `__nv_finitef`/`__nv_isfinited`), which return `i32`, as does `ilogb`.
//!
//! Under `fastmath`, float32 `sin cos tan exp log log2 log10 pow` call libdevice's
//! `__nv_fast_*f` (as numba-cuda's `unarys_fastmath`/`binarys_fastmath` do): the `.approx`
//! hardware instructions; float32 `tanh` is `tanh.approx.f32` on sm_75 and later, and float32
//! division `div.approx.ftz.f32` (`arith.rs`), as in numba-cuda.
//!
//! Only declarations are written; [`super::WrittenModule::needs_libdevice`] tells the pipeline
//! to add libdevice (lazily, so only what is called is linked). Accuracy therefore follows
//! the compile flags: `fastmath` (`-ftz=1 -prec-div=0 -prec-sqrt=0`) selects libdevice's fast
//! paths through `__nvvm_reflect`, never `sin.approx` without it.

use oxcuda_ir::{MathFn, Scalar, Type, Value};

use super::function::{FnWriter, Result};
use super::helpers::libdevice_name;
use super::types::scalar_reg;

impl FnWriter<'_, '_> {
    /// Calls libdevice's `base` function on float32/float64 operands of type `s`.
    pub(super) fn libdevice(&mut self, base: &str, s: Scalar, args: &[String]) -> String {
        let name = libdevice_name(self.cx, base, s, args.len());
        let t = scalar_reg(s);
        let list: Vec<String> = args.iter().map(|a| format!("{t} {a}")).collect();
        self.emit(format!("call {t} @{name}({})", list.join(", ")))
    }

    /// Calls libdevice's `base` on operands of float type `s`; float16 operands are widened
    /// to float32 for the call and the result rounded back once.
    pub(super) fn float_fn(&mut self, base: &str, s: Scalar, args: &[String]) -> String {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        self.in_f32(s, &refs, |w, s, a| w.libdevice(base, s, a))
    }

    /// `nextafter` on float16, on the bits: one float16 ulp toward `y` (NaN if either is NaN,
    /// `y` if equal, the smallest subnormal with `y`'s sign from zero). Widening would step a
    /// float32 ulp and round straight back.
    fn nextafter_f16(&mut self, x: &str, y: &str) -> String {
        let nan = self.emit(format!("fcmp uno half {x}, {y}"));
        let eq = self.emit(format!("fcmp oeq half {x}, {y}"));
        let xb = self.emit(format!("bitcast half {x} to i16"));
        let yb = self.emit(format!("bitcast half {y} to i16"));
        let is_zero = self.emit(format!("fcmp oeq half {x}, 0xH0000"));
        let ysign = self.emit(format!("and i16 {yb}, -32768"));
        let tiny = self.emit(format!("or i16 {ysign}, 1"));
        let up = self.emit(format!("fcmp olt half {x}, {y}"));
        let pos = self.emit(format!("fcmp ogt half {x}, 0xH0000"));
        let grow = self.emit(format!("xor i1 {up}, {pos}"));
        let step = self.emit(format!("select i1 {grow}, i16 -1, i16 1"));
        let moved = self.emit(format!("add i16 {xb}, {step}"));
        let r = self.emit(format!("select i1 {is_zero}, i16 {tiny}, i16 {moved}"));
        let r = self.emit(format!("bitcast i16 {r} to half"));
        let sum = self.emit(format!("fadd half {x}, {y}"));
        let r = self.emit(format!("select i1 {eq}, half {y}, half {r}"));
        self.emit(format!("select i1 {nan}, half {sum}, half {r}"))
    }

    pub(super) fn math(&mut self, m: MathFn, args: &[Value], ty: &Type) -> Result<String> {
        if args.len() != m.arity() {
            return Err(self.err(format!(
                "math {} takes {} operands, not {}",
                m.c_name(),
                m.arity(),
                args.len()
            )));
        }
        let Some(&first) = args.first() else {
            return Err(self.err("math without operands".to_owned()));
        };
        let s = match self.ty(first).as_scalar() {
            Some(s) if s.is_float() => s,
            _ => return Err(self.err(format!("math {} on {}", m.c_name(), self.ty(first)))),
        };
        let ops: Vec<String> = args.iter().map(|a| self.op(*a)).collect::<Result<_>>()?;
        match m {
            MathFn::IsNan | MathFn::IsInf | MathFn::IsFinite => {
                if *ty != Type::BOOL {
                    return Err(self.err(format!("math {} returns bool, not {ty}", m.c_name())));
                }
                let x = if s == Scalar::F16 {
                    self.emit(format!("fpext half {} to float", ops[0]))
                } else if s == Scalar::BF16 {
                    self.bf16_to_f32(&ops[0])
                } else {
                    ops[0].clone()
                };
                let wide = if s == Scalar::F64 {
                    Scalar::F64
                } else {
                    Scalar::F32
                };
                let name = match (m, wide) {
                    (MathFn::IsNan, Scalar::F32) => "__nv_isnanf",
                    (MathFn::IsNan, _) => "__nv_isnand",
                    (MathFn::IsInf, Scalar::F32) => "__nv_isinff",
                    (MathFn::IsInf, _) => "__nv_isinfd",
                    (_, Scalar::F32) => "__nv_finitef",
                    _ => "__nv_isfinited",
                };
                let t = scalar_reg(wide);
                self.cx.declare(name, "i32", &[t]);
                let r = self.emit(format!("call i32 @{name}({t} {x})"));
                Ok(self.emit(format!("icmp ne i32 {r}, 0")))
            }
            MathFn::Fmin | MathFn::Fmax => Ok(self.fmin_fmax(m, s, &ops[0], &ops[1])),
            MathFn::Ilogb => {
                if *ty != Type::I32 {
                    return Err(self.err(format!("math ilogb returns int32, not {ty}")));
                }
                let (x, t, name) = match s {
                    Scalar::F64 => (ops[0].clone(), "double", "__nv_ilogb"),
                    Scalar::F32 => (ops[0].clone(), "float", "__nv_ilogbf"),
                    Scalar::BF16 => (self.bf16_to_f32(&ops[0]), "float", "__nv_ilogbf"),
                    _ => (
                        self.emit(format!("fpext half {} to float", ops[0])),
                        "float",
                        "__nv_ilogbf",
                    ),
                };
                self.cx.declare(name, "i32", &[t]);
                Ok(self.emit(format!("call i32 @{name}({t} {x})")))
            }
            MathFn::Ldexp if s == Scalar::BF16 => {
                // In float64 (exact), rounded once, as the simulator scales.
                let e = self.int_as_i32(args[1])?;
                let x = self.bf16_to_f32(&ops[0]);
                let x = self.emit(format!("fpext float {x} to double"));
                self.cx.declare("__nv_ldexp", "double", &["double", "i32"]);
                let r = self.emit(format!("call double @__nv_ldexp(double {x}, i32 {e})"));
                Ok(self.f64_to_bf16(&r))
            }
            MathFn::Ldexp => {
                let e = self.int_as_i32(args[1])?;
                let x = ops[0].clone();
                Ok(self.in_f32(s, &[&x], |w, s, a| {
                    let t = scalar_reg(s);
                    let name = if s == Scalar::F32 {
                        "__nv_ldexpf"
                    } else {
                        "__nv_ldexp"
                    };
                    w.cx.declare(name, t, &[t, "i32"]);
                    w.emit(format!("call {t} @{name}({t} {}, i32 {e})", a[0]))
                }))
            }
            MathFn::Fabs if matches!(s, Scalar::F16 | Scalar::BF16) => {
                // The sign bit cleared (exact; a NaN keeps its payload, as the simulator's):
                // no widening to float64 and libdevice's `fabs`.
                if s == Scalar::BF16 {
                    // bfloat16 travels as its i16 bits already.
                    return Ok(self.emit(format!("and i16 {}, 32767", ops[0])));
                }
                let bits = self.emit(format!("bitcast half {} to i16", ops[0]));
                let cleared = self.emit(format!("and i16 {bits}, 32767"));
                Ok(self.emit(format!("bitcast i16 {cleared} to half")))
            }
            MathFn::Nextafter if s == Scalar::BF16 => Ok(self.nextafter_bf16(&ops[0], &ops[1])),
            _ if s == Scalar::BF16 => {
                // In float64, rounded once (fma too: the product is exact there), as the
                // simulator evaluates; correctly rounded for every bfloat16 input.
                let wide: Vec<String> = ops
                    .iter()
                    .map(|a| {
                        let f = self.bf16_to_f32(a);
                        self.emit(format!("fpext float {f} to double"))
                    })
                    .collect();
                let r = self.libdevice(m.c_name(), Scalar::F64, &wide);
                Ok(self.f64_to_bf16(&r))
            }
            MathFn::Nextafter if s == Scalar::F16 => Ok(self.nextafter_f16(&ops[0], &ops[1])),
            MathFn::Fma if s == Scalar::F16 => Ok(self.fma_f16(&ops[0], &ops[1], &ops[2])),
            _ if s == Scalar::F16 => {
                // In float64, rounded once: correctly rounded for every float16 input (see the
                // module doc), so the simulator's f64 evaluation gives the same bits.
                let wide: Vec<String> = ops
                    .iter()
                    .map(|a| self.emit(format!("fpext half {a} to double")))
                    .collect();
                let r = self.libdevice(m.c_name(), Scalar::F64, &wide);
                Ok(self.emit(format!("fptrunc double {r} to half")))
            }
            _ => {
                let refs: Vec<&str> = ops.iter().map(String::as_str).collect();
                let fast = self.cx.opts.fastmath && has_fast_variant(m);
                let tanh_approx =
                    self.cx.opts.fastmath && m == MathFn::Tanh && self.cx.opts.cc >= (7, 5);
                Ok(self.in_f32(s, &refs, |w, s, a| {
                    if tanh_approx && s == Scalar::F32 {
                        // numba-cuda's fastmath tanh on sm_75 and later: the hardware's.
                        w.emit(format!(
                            "call float asm \"tanh.approx.f32 $0, $1;\", \"=f,f\"(float {})",
                            a[0]
                        ))
                    } else if fast && s == Scalar::F32 {
                        w.libdevice(&format!("fast_{}", m.c_name()), s, a)
                    } else {
                        w.libdevice(m.c_name(), s, a)
                    }
                }))
            }
        }
    }

    /// `fmin`/`fmax` through NVVM's own intrinsics (PTX `min`/`max`: a NaN operand gives the
    /// other), with no libdevice call to link. The result is one of the operands, so
    /// float16/bfloat16 go through float32 exactly.
    fn fmin_fmax(&mut self, m: MathFn, s: Scalar, x: &str, y: &str) -> String {
        let which = if m == MathFn::Fmin { "fmin" } else { "fmax" };
        if s == Scalar::F64 {
            let name = format!("llvm.nvvm.{which}.d");
            self.cx.declare(&name, "double", &["double", "double"]);
            return self.emit(format!("call double @{name}(double {x}, double {y})"));
        }
        self.in_f32(s, &[x, y], |w, _, a| {
            let name = format!("llvm.nvvm.{which}.f");
            w.cx.declare(&name, "float", &["float", "float"]);
            w.emit(format!(
                "call float @{name}(float {}, float {})",
                a[0], a[1]
            ))
        })
    }

    /// `fma(a, b, c)` on float16 rounded once: PTX `fma.rn.f16` (sm_53 and later).
    fn fma_f16(&mut self, a: &str, b: &str, c: &str) -> String {
        let bits: Vec<String> = [a, b, c]
            .iter()
            .map(|x| self.emit(format!("bitcast half {x} to i16")))
            .collect();
        let r = self.emit(format!(
            "call i16 asm \"fma.rn.f16 $0, $1, $2, $3;\", \"=h,h,h,h\"(i16 {}, i16 {}, i16 {})",
            bits[0], bits[1], bits[2]
        ));
        self.emit(format!("bitcast i16 {r} to half"))
    }

    /// An integer operand as `i32` (truncated or sign-extended by its signedness).
    fn int_as_i32(&mut self, v: Value) -> Result<String> {
        let s = match self.ty(v).as_scalar() {
            Some(s) if s.is_int() => s,
            _ => return Err(self.err(format!("an int32 operand, not {}", self.ty(v)))),
        };
        let x = self.op(v)?;
        self.cast(&x, &Type::Scalar(s), &Type::I32)
    }
}

/// The functions libdevice has a `__nv_fast_<name>f` approximation of that numba-cuda uses
/// under fastmath.
const fn has_fast_variant(m: MathFn) -> bool {
    matches!(
        m,
        MathFn::Sin
            | MathFn::Cos
            | MathFn::Tan
            | MathFn::Exp
            | MathFn::Log
            | MathFn::Log2
            | MathFn::Log10
            | MathFn::Pow
    )
}
