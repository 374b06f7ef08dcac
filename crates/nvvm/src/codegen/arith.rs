//! Unary and binary operators, comparisons, casts: the semantics of `oxcuda_ir::ops`.
//!
//! Choices made here, each following `ops.rs` (and numba-cuda where `ops.rs` is silent):
//! - integer `+ - *` wrap; `//` and `%` round toward −∞ with the divisor's sign; a zero divisor
//!   gives 0; `MIN // -1` wraps to `MIN` (and `MIN % -1` is 0), as every integer operation
//!   wraps and as the simulator computes (numba-cuda returns 0 there); all without branches
//!   and without ever dividing by zero or overflowing `sdiv`;
//! - integer `**` is an internal helper (repeated squaring, wrapping; negative exponent → 0
//!   except for bases ±1);
//! - float `//` is `floor(a / b)`; float `%` is CPython's `float_rem` (`fmod`, moved to the
//!   divisor's sign, a zero result carrying the divisor's sign); float `**` is libdevice `pow`;
//! - bfloat16 (an `i16`) computes in float32 and rounds back once (`bf16.rs`); negation flips
//!   the sign bit;
//! - float16 `+ - * /` and comparisons are native `half` instructions (`add.f16`, which the
//!   back end may contract with a multiplication into an `fma`, as for float32), as are the
//!   divisions and additions inside `//` and `%`; negation flips the sign bit (exact, a NaN
//!   too); only libdevice calls widen to float32 and round back once (`floor`, `fmod`,
//!   `copysign` exactly);
//! - `min(a, b)` is `b < a ? b : a`, `max(a, b)` is `b > a ? b : a` (a NaN first operand wins);
//! - float comparisons are ordered except `!=`, which is unordered;
//! - complex `*` is the textbook formula, `/` CPython's `_Py_c_quot` (a zero divisor gives NaN,
//!   no exception), `**` CPython's `_Py_c_pow` (both helpers);
//! - casts: integers truncate or extend by the *source's* signedness; float → int truncates
//!   (`fptosi`/`fptoui`); anything → bool is `!= 0` (NaN is true); real → complex has a zero
//!   imaginary part; complex → real keeps the real part (NumPy's rule); arrays of one dtype
//!   and ndim cast for free (layout and readonly are not in the LLVM type).

use oxcuda_ir::{BinOp, CmpOp, Scalar, Type, UnaryOp, Value};

use super::constants::{float_literal, half_literal};
use super::function::{FnWriter, Result};
use super::helpers;
use super::types::{reg, scalar_reg};

/// `-0.0` of a float type, the left operand of `fsub` for negation (LLVM 7 has no `fneg`).
pub(super) fn neg_zero_literal(s: Scalar) -> String {
    if s == Scalar::F16 {
        half_literal(-0.0)
    } else {
        float_literal(-0.0)
    }
}

fn zero(s: Scalar) -> String {
    if s == Scalar::F16 {
        half_literal(0.0)
    } else if s.is_float() {
        float_literal(0.0)
    } else if s == Scalar::Bool {
        "false".to_owned()
    } else {
        "0".to_owned()
    }
}

impl FnWriter<'_, '_> {
    fn scalar_of(&self, ty: &Type) -> Result<Scalar> {
        ty.as_scalar()
            .ok_or_else(|| self.err(format!("arithmetic on {ty}")))
    }

    pub(super) fn unary(&mut self, op: UnaryOp, x: Value, ty: &Type) -> Result<String> {
        let s = self.scalar_of(ty)?;
        let v = self.op(x)?;
        let t = scalar_reg(s);
        Ok(match op {
            UnaryOp::Neg if s == Scalar::BF16 => self.emit(format!("xor i16 {v}, -32768")),
            UnaryOp::Neg if s.is_int() => self.emit(format!("sub {t} 0, {v}")),
            // The sign bit flipped (IEEE negation, exact for a NaN too, as the simulator's):
            // LLVM 7's `-0.0 - x` is an arithmetic `sub.f16`, and PTX's `neg.f16` (numba-cuda's)
            // leaves a NaN result's sign and payload unspecified. One instruction each.
            UnaryOp::Neg if s == Scalar::F16 => {
                let bits = self.emit(format!("bitcast half {v} to i16"));
                let flipped = self.emit(format!("xor i16 {bits}, -32768"));
                self.emit(format!("bitcast i16 {flipped} to half"))
            }
            UnaryOp::Neg if s.is_float() => self.fneg(s, &v),
            UnaryOp::Neg if s.is_complex() => {
                let p = s.complex_part();
                let (re, im) = self.complex_parts(s, &v);
                let re = self.fneg(p, &re);
                let im = self.fneg(p, &im);
                self.make_complex(s, &re, &im)
            }
            UnaryOp::BitNot if s.is_int() => self.emit(format!("xor {t} {v}, -1")),
            UnaryOp::Not if s == Scalar::Bool => self.emit(format!("xor i1 {v}, true")),
            _ => return Err(self.err(format!("unary {op:?} on {s}"))),
        })
    }

    fn fneg(&mut self, s: Scalar, v: &str) -> String {
        let fast = self.fast;
        self.emit(format!(
            "fsub {fast}{} {}, {v}",
            scalar_reg(s),
            neg_zero_literal(s)
        ))
    }

    pub(super) fn binary(&mut self, op: BinOp, a: Value, b: Value, ty: &Type) -> Result<String> {
        let s = self.scalar_of(ty)?;
        let (x, y) = (self.op(a)?, self.op(b)?);
        if s == Scalar::BF16 {
            let (x, y) = (self.bf16_to_f32(&x), self.bf16_to_f32(&y));
            let r = self.float_binary(op, Scalar::F32, &x, &y)?;
            Ok(self.f32_to_bf16(&r))
        } else if s.is_int() || s == Scalar::Bool {
            self.int_binary(op, s, &x, &y)
        } else if s.is_float() {
            self.float_binary(op, s, &x, &y)
        } else {
            self.complex_binary(op, s, &x, &y)
        }
    }

    fn int_binary(&mut self, op: BinOp, s: Scalar, x: &str, y: &str) -> Result<String> {
        let t = scalar_reg(s);
        let bits_only = matches!(op, BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor);
        if s == Scalar::Bool && !bits_only && !matches!(op, BinOp::Min | BinOp::Max) {
            return Err(self.err(format!("{op:?} on bool (the front end converts to int)")));
        }
        let signed = s.is_signed();
        let simple = |name: &str| format!("{name} {t} {x}, {y}");
        // Signed add/sub/mul carry `nsw`, as numba-cuda's do (`_int_arith_flags`): signed
        // overflow is undefined on the GPU, as it is there, and LLVM may then compute the trip
        // count of a grid-stride loop and unroll it (docs/codegen-performance.md).
        let arith = |name: &str| {
            let flag = if signed { " nsw" } else { "" };
            format!("{name}{flag} {t} {x}, {y}")
        };
        Ok(match op {
            BinOp::Add => self.emit(arith("add")),
            BinOp::Sub => self.emit(arith("sub")),
            BinOp::Mul => self.emit(arith("mul")),
            BinOp::BitAnd => self.emit(simple("and")),
            BinOp::BitOr => self.emit(simple("or")),
            BinOp::BitXor => self.emit(simple("xor")),
            BinOp::Shl => self.emit(simple("shl")),
            BinOp::Shr => self.emit(simple(if signed { "ashr" } else { "lshr" })),
            BinOp::Min | BinOp::Max => {
                let pred = match (op, signed) {
                    (BinOp::Min, true) => "slt",
                    (BinOp::Min, false) => "ult",
                    (_, true) => "sgt",
                    (_, false) => "ugt",
                };
                let c = self.emit(format!("icmp {pred} {t} {y}, {x}"));
                self.emit(format!("select i1 {c}, {t} {y}, {t} {x}"))
            }
            BinOp::FloorDiv | BinOp::Mod => self.int_divmod(op == BinOp::Mod, s, x, y),
            BinOp::Pow => {
                let name = helpers::int_pow(self.cx, s);
                self.emit(format!("call {t} @{name}({t} {x}, {t} {y})"))
            }
            BinOp::Div => {
                return Err(self.err(format!(
                    "true division on {s} (the front end converts integers to float first)"
                )));
            }
        })
    }

    /// Python `//` or `%` on integers, branch-free: the divisor is replaced by 1 where the
    /// hardware division is undefined (zero, or `MIN / -1`); a zero divisor then gives 0, and
    /// `MIN // -1` gives `MIN // 1 = MIN`, the wrapped quotient (`MIN % -1` is 0 either way).
    fn int_divmod(&mut self, modulo: bool, s: Scalar, x: &str, y: &str) -> String {
        let t = scalar_reg(s);
        let is_zero = self.emit(format!("icmp eq {t} {y}, 0"));
        let bad = if s.is_signed() {
            let min = -(1i128 << (s.bits() - 1));
            let m1 = self.emit(format!("icmp eq {t} {y}, -1"));
            let xmin = self.emit(format!("icmp eq {t} {x}, {min}"));
            let ovf = self.emit(format!("and i1 {m1}, {xmin}"));
            self.emit(format!("or i1 {is_zero}, {ovf}"))
        } else {
            is_zero.clone()
        };
        let d = self.emit(format!("select i1 {bad}, {t} 1, {t} {y}"));
        let result = if s.is_signed() {
            let q = self.emit(format!("sdiv {t} {x}, {d}"));
            let r = self.emit(format!("srem {t} {x}, {d}"));
            let r_nonzero = self.emit(format!("icmp ne {t} {r}, 0"));
            let signs = self.emit(format!("xor {t} {r}, {d}"));
            let differ = self.emit(format!("icmp slt {t} {signs}, 0"));
            let adjust = self.emit(format!("and i1 {r_nonzero}, {differ}"));
            if modulo {
                let r2 = self.emit(format!("add {t} {r}, {d}"));
                self.emit(format!("select i1 {adjust}, {t} {r2}, {t} {r}"))
            } else {
                let q2 = self.emit(format!("sub {t} {q}, 1"));
                self.emit(format!("select i1 {adjust}, {t} {q2}, {t} {q}"))
            }
        } else {
            let name = if modulo { "urem" } else { "udiv" };
            self.emit(format!("{name} {t} {x}, {d}"))
        };
        self.emit(format!("select i1 {is_zero}, {t} 0, {t} {result}"))
    }

    fn float_binary(&mut self, op: BinOp, s: Scalar, x: &str, y: &str) -> Result<String> {
        let t = scalar_reg(s);
        let fast = self.fast;
        let simple = |name: &str| format!("{name} {fast}{t} {x}, {y}");
        Ok(match op {
            BinOp::Add => self.emit(simple("fadd")),
            BinOp::Sub => self.emit(simple("fsub")),
            BinOp::Mul => self.emit(simple("fmul")),
            BinOp::Div if self.cx.opts.fastmath && s == Scalar::F32 => {
                // numba-cuda's fastmath float32 division: libdevice's `__nv_fast_fdividef`,
                // which is this intrinsic (PTX `div.approx.ftz.f32`).
                let name = "llvm.nvvm.div.approx.ftz.f";
                self.cx.declare(name, "float", &["float", "float"]);
                self.emit(format!("call float @{name}(float {x}, float {y})"))
            }
            BinOp::Div => self.emit(simple("fdiv")),
            BinOp::Min | BinOp::Max => {
                let pred = if op == BinOp::Min { "olt" } else { "ogt" };
                let c = self.emit(format!("fcmp {fast}{pred} {t} {y}, {x}"));
                self.emit(format!("select i1 {c}, {t} {y}, {t} {x}"))
            }
            BinOp::FloorDiv | BinOp::Mod | BinOp::Pow => self.float_divmod_pow(op, s, x, y),
            _ => return Err(self.err(format!("{op:?} on {s}"))),
        })
    }

    /// Runs `f` on float32/float64 operands; float16 and bfloat16 operands are widened to
    /// float32 and the result rounded back.
    pub(super) fn in_f32(
        &mut self,
        s: Scalar,
        args: &[&str],
        f: impl FnOnce(&mut Self, Scalar, &[String]) -> String,
    ) -> String {
        if s == Scalar::F16 {
            let wide: Vec<String> = args
                .iter()
                .map(|a| self.emit(format!("fpext half {a} to float")))
                .collect();
            let r = f(self, Scalar::F32, &wide);
            self.emit(format!("fptrunc float {r} to half"))
        } else if s == Scalar::BF16 {
            let wide: Vec<String> = args.iter().map(|a| self.bf16_to_f32(a)).collect();
            let r = f(self, Scalar::F32, &wide);
            self.f32_to_bf16(&r)
        } else {
            let args: Vec<String> = args.iter().map(|a| (*a).to_owned()).collect();
            f(self, s, &args)
        }
    }

    /// `//`, `%` and `**` on floats. Every rounding happens in the operands' type: float16
    /// divides and adds natively and only widens for libdevice calls whose float32 result
    /// rounds once to float16 (`floor`, `fmod`, `copysign` are exact; `pow` rounds once).
    fn float_divmod_pow(&mut self, op: BinOp, s: Scalar, x: &str, y: &str) -> String {
        let t = scalar_reg(s);
        let fast = self.fast;
        let (x, y) = (x.to_owned(), y.to_owned());
        match op {
            BinOp::FloorDiv => {
                let q = self.emit(format!("fdiv {fast}{t} {x}, {y}"));
                self.float_fn("floor", s, &[q])
            }
            BinOp::Pow => self.float_fn("pow", s, &[x, y]),
            _ => {
                // CPython float_rem.
                let z = zero(s);
                let m = self.float_fn("fmod", s, &[x, y.clone()]);
                let is_zero = self.emit(format!("fcmp oeq {t} {m}, {z}"));
                let y_neg = self.emit(format!("fcmp olt {t} {y}, {z}"));
                let m_neg = self.emit(format!("fcmp olt {t} {m}, {z}"));
                let differ = self.emit(format!("xor i1 {y_neg}, {m_neg}"));
                let moved = self.emit(format!("fadd {fast}{t} {m}, {y}"));
                let m2 = self.emit(format!("select i1 {differ}, {t} {moved}, {t} {m}"));
                let signed_zero = self.float_fn("copysign", s, &[z, y]);
                self.emit(format!("select i1 {is_zero}, {t} {signed_zero}, {t} {m2}"))
            }
        }
    }

    /// The real and imaginary parts of a complex operand.
    pub(super) fn complex_parts(&mut self, s: Scalar, v: &str) -> (String, String) {
        let t = scalar_reg(s);
        let re = self.emit(format!("extractvalue {t} {v}, 0"));
        let im = self.emit(format!("extractvalue {t} {v}, 1"));
        (re, im)
    }

    pub(super) fn make_complex(&mut self, s: Scalar, re: &str, im: &str) -> String {
        let t = scalar_reg(s);
        let p = scalar_reg(s.complex_part());
        let a = self.emit(format!("insertvalue {t} undef, {p} {re}, 0"));
        self.emit(format!("insertvalue {t} {a}, {p} {im}, 1"))
    }

    fn complex_binary(&mut self, op: BinOp, s: Scalar, x: &str, y: &str) -> Result<String> {
        let t = scalar_reg(s);
        let p = scalar_reg(s.complex_part());
        let fast = self.fast;
        match op {
            BinOp::Div | BinOp::Pow => {
                let name = if op == BinOp::Div {
                    helpers::complex_div(self.cx, s)
                } else {
                    helpers::complex_pow(self.cx, s)
                };
                return Ok(self.emit(format!("call {t} @{name}({t} {x}, {t} {y})")));
            }
            BinOp::Add | BinOp::Sub | BinOp::Mul => {}
            _ => return Err(self.err(format!("{op:?} on {s}"))),
        }
        let (a, b) = self.complex_parts(s, x);
        let (c, d) = self.complex_parts(s, y);
        let (re, im) = match op {
            BinOp::Add | BinOp::Sub => {
                let name = if op == BinOp::Add { "fadd" } else { "fsub" };
                (
                    self.emit(format!("{name} {fast}{p} {a}, {c}")),
                    self.emit(format!("{name} {fast}{p} {b}, {d}")),
                )
            }
            _ => {
                let ac = self.emit(format!("fmul {fast}{p} {a}, {c}"));
                let bd = self.emit(format!("fmul {fast}{p} {b}, {d}"));
                let ad = self.emit(format!("fmul {fast}{p} {a}, {d}"));
                let bc = self.emit(format!("fmul {fast}{p} {b}, {c}"));
                (
                    self.emit(format!("fsub {fast}{p} {ac}, {bd}")),
                    self.emit(format!("fadd {fast}{p} {ad}, {bc}")),
                )
            }
        };
        Ok(self.make_complex(s, &re, &im))
    }

    pub(super) fn compare(&mut self, op: CmpOp, a: Value, b: Value) -> Result<String> {
        let ty = self.ty(a);
        let s = self.scalar_of(ty)?;
        let (x, y) = (self.op(a)?, self.op(b)?);
        let (s, x, y) = if s == Scalar::BF16 {
            (Scalar::F32, self.bf16_to_f32(&x), self.bf16_to_f32(&y))
        } else {
            (s, x, y)
        };
        let t = scalar_reg(s);
        if s.is_float() {
            let pred = match op {
                CmpOp::Eq => "oeq",
                CmpOp::Ne => "une",
                CmpOp::Lt => "olt",
                CmpOp::Le => "ole",
                CmpOp::Gt => "ogt",
                CmpOp::Ge => "oge",
            };
            let fast = self.fast;
            return Ok(self.emit(format!("fcmp {fast}{pred} {t} {x}, {y}")));
        }
        if s.is_complex() {
            let p = scalar_reg(s.complex_part());
            let (pred, join) = match op {
                CmpOp::Eq => ("oeq", "and"),
                CmpOp::Ne => ("une", "or"),
                _ => return Err(self.err(format!("ordering comparison of {s}"))),
            };
            let (a, b) = self.complex_parts(s, &x);
            let (c, d) = self.complex_parts(s, &y);
            let re = self.emit(format!("fcmp {pred} {p} {a}, {c}"));
            let im = self.emit(format!("fcmp {pred} {p} {b}, {d}"));
            return Ok(self.emit(format!("{join} i1 {re}, {im}")));
        }
        let signed = s.is_signed();
        let pred = match op {
            CmpOp::Eq => "eq",
            CmpOp::Ne => "ne",
            CmpOp::Lt if signed => "slt",
            CmpOp::Le if signed => "sle",
            CmpOp::Gt if signed => "sgt",
            CmpOp::Ge if signed => "sge",
            CmpOp::Lt => "ult",
            CmpOp::Le => "ule",
            CmpOp::Gt => "ugt",
            CmpOp::Ge => "uge",
        };
        Ok(self.emit(format!("icmp {pred} {t} {x}, {y}")))
    }

    /// Converts operand `x` from `from` to `to` (`Op::Cast`).
    pub(super) fn cast(&mut self, x: &str, from: &Type, to: &Type) -> Result<String> {
        if from == to {
            return Ok(x.to_owned());
        }
        match (from, to) {
            (Type::Scalar(f), Type::Scalar(t)) => self.scalar_cast(x, *f, *t),
            (Type::Array(a), Type::Array(b)) if a.dtype == b.dtype && a.ndim == b.ndim => {
                Ok(x.to_owned())
            }
            (Type::Pointer(_), Type::Pointer(_)) => {
                Ok(self.emit(format!("bitcast {} {x} to {}", reg(from), reg(to))))
            }
            (Type::Pointer(_), Type::Scalar(Scalar::U64)) => {
                // A pointer's address (`cuda.assume_aligned`'s test).
                Ok(self.emit(format!("ptrtoint {} {x} to i64", reg(from))))
            }
            (Type::Scalar(Scalar::I64 | Scalar::U64), Type::Pointer(_)) => {
                // An address becomes a pointer (a captured device array).
                Ok(self.emit(format!("inttoptr i64 {x} to {}", reg(to))))
            }
            (Type::Tuple(fs), Type::Tuple(ts)) if fs.len() == ts.len() => {
                let (fty, tty) = (reg(from), reg(to));
                let mut acc = "undef".to_owned();
                for (i, (f, t)) in fs.iter().zip(ts).enumerate() {
                    let part = self.emit(format!("extractvalue {fty} {x}, {i}"));
                    let part = self.cast(&part, f, t)?;
                    acc = self.emit(format!("insertvalue {tty} {acc}, {} {part}, {i}", reg(t)));
                }
                Ok(acc)
            }
            _ => Err(self.err(format!("cast from {from} to {to}"))),
        }
    }

    /// Float → integer through PTX `cvt.rzi` (`llvm.nvvm.{f,d}2{i,ui,ll,ull}.rz`), whose
    /// results are defined for every input (saturating; NaN as the PTX ISA says), where LLVM's
    /// `fptosi`/`fptoui` would be poison outside the target's range. float16 goes through
    /// float32 (exact); an 8- or 16-bit target through int32, truncated. The simulator
    /// computes the same (`oxcuda_sim::arith::float_to_int`).
    fn float_to_int(&mut self, x: &str, f: Scalar, t: Scalar) -> Result<String> {
        let (x, f) = if f == Scalar::F16 {
            (self.emit(format!("fpext half {x} to float")), Scalar::F32)
        } else {
            (x.to_owned(), f)
        };
        let (src, arg) = if f == Scalar::F64 {
            ("d", "double")
        } else {
            ("f", "float")
        };
        let narrow = t.bits() < 32;
        let (dst, ret) = match (t.bits(), t.is_signed() || narrow) {
            (64, true) => ("ll", "i64"),
            (64, false) => ("ull", "i64"),
            (_, true) => ("i", "i32"),
            (_, false) => ("ui", "i32"),
        };
        let name = format!("llvm.nvvm.{src}2{dst}.rz");
        self.cx.declare(&name, ret, &[arg]);
        let r = self.emit(format!("call {ret} @{name}({arg} {x})"));
        Ok(if narrow {
            self.emit(format!("trunc i32 {r} to {}", scalar_reg(t)))
        } else {
            r
        })
    }

    fn scalar_cast(&mut self, x: &str, f: Scalar, t: Scalar) -> Result<String> {
        let (fl, tl) = (scalar_reg(f), scalar_reg(t));
        if f == t {
            return Ok(x.to_owned());
        }
        if f == Scalar::BF16 {
            // Exact in float32; every conversion from there rounds once.
            let w = self.bf16_to_f32(x);
            return self.scalar_cast(&w, Scalar::F32, t);
        }
        if t == Scalar::Bool {
            return Ok(if f.is_int() {
                self.emit(format!("icmp ne {fl} {x}, 0"))
            } else if f.is_float() {
                self.emit(format!("fcmp une {fl} {x}, {}", zero(f)))
            } else {
                let p = f.complex_part();
                let pl = scalar_reg(p);
                let (re, im) = self.complex_parts(f, x);
                let a = self.emit(format!("fcmp une {pl} {re}, {}", zero(p)));
                let b = self.emit(format!("fcmp une {pl} {im}, {}", zero(p)));
                self.emit(format!("or i1 {a}, {b}"))
            });
        }
        if t.is_complex() {
            let p = t.complex_part();
            let (re, im) = if f.is_complex() {
                let (re, im) = self.complex_parts(f, x);
                let fp = f.complex_part();
                (self.scalar_cast(&re, fp, p)?, self.scalar_cast(&im, fp, p)?)
            } else {
                (self.scalar_cast(x, f, p)?, zero(p))
            };
            return Ok(self.make_complex(t, &re, &im));
        }
        if f.is_complex() {
            let (re, _) = self.complex_parts(f, x);
            return self.scalar_cast(&re, f.complex_part(), t);
        }
        if t == Scalar::BF16 {
            return Ok(match f {
                Scalar::F32 => self.f32_to_bf16(x),
                Scalar::F64 => self.f64_to_bf16(x),
                Scalar::F16 => {
                    let w = self.emit(format!("fpext half {x} to float"));
                    self.f32_to_bf16(&w)
                }
                _ => self.int_to_bf16(x, f),
            });
        }
        let from_int = f.is_int() || f == Scalar::Bool;
        let from_signed = f.is_signed();
        Ok(if from_int && t.is_int() {
            let (fb, tb) = (f.bits(), t.bits());
            if fb == tb {
                x.to_owned()
            } else if fb > tb {
                self.emit(format!("trunc {fl} {x} to {tl}"))
            } else {
                let ext = if from_signed { "sext" } else { "zext" };
                self.emit(format!("{ext} {fl} {x} to {tl}"))
            }
        } else if from_int && t == Scalar::F16 && f.bits() == 8 {
            // One `cvt.rn.f16.s8`/`.u8`, numba-cuda's form, where LLVM would widen to 16 bits
            // first (the same value: every 8-bit integer is exact in float16).
            let sign = if from_signed { "s" } else { "u" };
            let r = self.emit(format!(
                "call i16 asm \"cvt.rn.f16.{sign}8 $0, $1;\", \"=h,c\"(i8 {x})"
            ));
            self.emit(format!("bitcast i16 {r} to half"))
        } else if from_int {
            let conv = if from_signed { "sitofp" } else { "uitofp" };
            self.emit(format!("{conv} {fl} {x} to {tl}"))
        } else if t.is_int() {
            self.float_to_int(x, f, t)?
        } else if t.bits() > f.bits() {
            self.emit(format!("fpext {fl} {x} to {tl}"))
        } else {
            self.emit(format!("fptrunc {fl} {x} to {tl}"))
        })
    }
}
