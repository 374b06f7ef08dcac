//! Calls: Python builtins, `math`/NumPy scalar functions, CUDA intrinsics, atomics, memory
//! allocation (`cuda.shared.array`, …), type constructors and device functions (warp-level
//! functions: `warp.rs`).

use oxcuda_ir::{
    AtomicOp, BinOp, CmpOp, Const, Dim, FunctionKind, GlobalKind, Intrinsic, MathFn, Op, UnaryOp,
    Value,
};
use oxcuda_syntax::ast;
use oxcuda_syntax::codes;
use oxcuda_syntax::{Ranged, TextRange};
use oxcuda_types::promote::{self, BinaryClass};
use oxcuda_types::{ArrayType, Dtype, Layout, Scalar, Type};

use super::Lower;
use super::declared_overload;
use crate::builtins::{self, Rule};
use crate::param::{Param, Static};
use crate::value::Val;

/// What a float `min`/`max` gives for a NaN operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum NanRule {
    /// The other operand (C's `fmin`/`fmax`, PTX `min`/`max`): Python's builtins in numba-cuda.
    Ignore,
    /// The NaN (NumPy's `minimum`/`maximum`).
    Propagate,
}

/// An evaluated argument and where it was written.
#[derive(Debug, Clone)]
pub(crate) struct Arg {
    pub val: Val,
    pub range: TextRange,
}

/// The end of the message a call of a device function that failed to compile gets; the
/// session reports it once per callee, not once per call site (`session::unique`).
pub(crate) const FAILED_CALLEE: &str = "failed to compile (see the errors above)";

impl Lower<'_, '_> {
    /// Evaluates a call expression.
    pub fn call(&mut self, c: &ast::ExprCall) -> Val {
        let callee = self.expr(&c.func);
        if matches!(&callee, Val::Callable(p) if p == "isinstance") {
            return self.isinstance_call(c);
        }
        let allocates = matches!(&callee, Val::Callable(p)
            if p == "cuda.shared.array" || p == "cuda.local.array");
        if allocates && let Some(list) = list_shape(c) {
            let shared = matches!(&callee, Val::Callable(p) if p == "cuda.shared.array");
            return self.list_shape_error(shared, list, c);
        }
        let mut args: Vec<Arg> = Vec::with_capacity(c.arguments.args.len());
        for (k, a) in c.arguments.args.iter().enumerate() {
            let ast::Expr::Starred(st) = a else {
                let val = if allocates && k == 0 {
                    self.shape_arg(a)
                } else {
                    self.expr(a)
                };
                args.push(Arg {
                    val,
                    range: a.range(),
                });
                continue;
            };
            // `f(*t)`: the tuple's items as positional arguments.
            let v = self.expr(&st.value);
            if v == Val::Poison {
                return Val::Poison;
            }
            let Some(items) = self.tuple_items(&v) else {
                let what = v.describe();
                return self.error(
                    codes::TYPE_MISMATCH,
                    st.range(),
                    format!("only tuples can be unpacked with '*' in a call, not {what}"),
                );
            };
            args.extend(items.into_iter().map(|val| Arg {
                val,
                range: st.value.range(),
            }));
        }
        let mut keywords = Vec::new();
        for kw in &c.arguments.keywords {
            let Some(name) = &kw.arg else {
                return self.error(
                    codes::UNSUPPORTED_SYNTAX,
                    kw.range(),
                    "'**' arguments are not supported in device code",
                );
            };
            let val = if allocates && name.as_str() == "shape" {
                self.shape_arg(&kw.value)
            } else {
                self.expr(&kw.value)
            };
            keywords.push((
                name.to_string(),
                Arg {
                    val,
                    range: kw.value.range(),
                },
            ));
        }
        if args.iter().any(|a| a.val == Val::Poison)
            || keywords.iter().any(|(_, a)| a.val == Val::Poison)
        {
            return Val::Poison;
        }
        // Builtins and types take an Optional's value (numba converts Optional(T) to T);
        // device functions are specialised for the Optional itself.
        if !matches!(callee, Val::Jit(_) | Val::Closure(..)) {
            for a in &mut args {
                a.val = self.unwrap_optional(std::mem::replace(&mut a.val, Val::Poison));
            }
            for (_, a) in &mut keywords {
                a.val = self.unwrap_optional(std::mem::replace(&mut a.val, Val::Poison));
            }
        }
        match callee {
            Val::Poison => Val::Poison,
            Val::Callable(path) => {
                if let Some(t) = super::vector::constructed_by(&path) {
                    return self.construct_vector(t, args, &keywords, c.range());
                }
                if self.is_ufunc_array_call(&path, &args, &keywords) {
                    return self.ufunc_call(&path, args, keywords, c.range());
                }
                if let Some(t) = super::fp8_vector::constructed_by(&path) {
                    return self.construct_fp8_vector(t, args, &keywords, c.range());
                }
                // Keywords that builtins accept are folded into positions here.
                if let Err(v) = self.place_keywords(&path, &mut args, keywords, c.range()) {
                    return v;
                }
                self.call_builtin(&path, args, c.range())
            }
            Val::TypeObj(Type::Scalar(s)) => {
                if s.is_complex() && args.len() == 2 && keywords.is_empty() {
                    return self.complex_from_parts(s, &args);
                }
                if s.is_fp8() && args.is_empty() && keywords.is_empty() {
                    // CUDA's default constructor, value-initialised: the bits 0.
                    return self.fp8_zero(s);
                }
                if args.len() != 1 || !keywords.is_empty() {
                    let what = if s.is_fp8() {
                        "no argument or exactly one"
                    } else {
                        "exactly one argument"
                    };
                    return self.error(codes::BAD_CALL, c.range(), format!("{s}() takes {what}"));
                }
                let a = args.remove(0);
                self.cast_call(a, s)
            }
            Val::Jit(i) => {
                let Some(args) = self.bind_device_args(i, args, keywords, c.range()) else {
                    return Val::Poison;
                };
                self.device_call(i, args, c.range())
            }
            Val::Closure(i, bound) => self.closure_call(i, bound, args, keywords, c.range()),
            Val::Method(receiver, "view") if keywords.is_empty() => {
                self.array_view(*receiver, &args, c.range())
            }
            Val::Method(receiver, "reshape") if keywords.is_empty() => {
                self.array_reshape(*receiver, &args, c.range())
            }
            Val::Method(receiver, name) => {
                if !args.is_empty() || !keywords.is_empty() {
                    return self.error(
                        codes::BAD_CALL,
                        c.range(),
                        format!("{name}() takes no arguments"),
                    );
                }
                match name {
                    "bit_count" => self.bit_count(*receiver, c.range()),
                    "ctypes" => self.error_hint(
                        codes::BAD_CALL,
                        c.range(),
                        "array.ctypes is not callable",
                        "read array.ctypes.data, the address of the first element",
                    ),
                    _ => self.conjugate(*receiver, c.range()),
                }
            }
            Val::Extern(e) => self.extern_call(&e, args, !keywords.is_empty(), c.range()),
            Val::Overload(key, name) => {
                let callee = crate::extension::Callee::Function(key);
                self.extension_call(callee, &name, args, keywords, c.range())
            }
            Val::ExtMethod(receiver, name) => {
                let callee = crate::extension::Callee::Method(name.clone());
                let mut all = vec![Arg {
                    val: *receiver,
                    range: c.func.range(),
                }];
                all.extend(args);
                self.extension_call(callee, &name, all, keywords, c.range())
            }
            Val::NamedTupleClass(class) => {
                self.construct_namedtuple(&class, args, keywords, c.range())
            }
            Val::RecordCtor(ctor) => {
                self.construct_record(&ctor, &args, !keywords.is_empty(), c.range())
            }
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    c.func.range(),
                    format!("{what} is not callable in device code"),
                )
            }
        }
    }

    fn place_keywords(
        &mut self,
        path: &str,
        args: &mut Vec<Arg>,
        keywords: Vec<(String, Arg)>,
        range: TextRange,
    ) -> Result<(), Val> {
        if keywords.is_empty() {
            return Ok(());
        }
        if path == "print" {
            let (name, arg) = &keywords[0];
            return Err(self.error_hint(
                codes::UNSUPPORTED_SYNTAX,
                arg.range,
                format!("print() in device code takes no keyword arguments ('{name}=' given)"),
                "numba-cuda's print has no sep=, end= or file=: pass the values positionally; \
                 they are separated by one space and the line ends after them",
            ));
        }
        let sig = builtins::signature(path);
        for (name, arg) in keywords {
            let Some(pos) = sig.and_then(|s| s.keyword_position(&name)) else {
                return Err(self.error(
                    codes::BAD_CALL,
                    arg.range,
                    format!("{path}() has no keyword argument '{name}'"),
                ));
            };
            while args.len() < pos {
                args.push(Arg {
                    val: Val::NoneV,
                    range,
                });
            }
            if args.len() == pos {
                args.push(arg);
            } else {
                return Err(self.error(
                    codes::BAD_CALL,
                    arg.range,
                    format!("{path}() got '{name}' twice"),
                ));
            }
        }
        Ok(())
    }

    pub(super) fn arity(
        &mut self,
        path: &str,
        args: &[Arg],
        min: usize,
        max: usize,
        range: TextRange,
    ) -> bool {
        if args.len() < min || args.len() > max {
            let expected = if min == max {
                format!("{min}")
            } else {
                format!("{min} to {max}")
            };
            self.error(
                codes::BAD_CALL,
                range,
                format!("{path}() takes {expected} arguments, got {}", args.len()),
            );
            return false;
        }
        true
    }

    /// A call of the builtin at `path`, dispatched on its registry row's rule.
    fn call_builtin(&mut self, path: &str, args: Vec<Arg>, range: TextRange) -> Val {
        let Some(row) = builtins::find(path) else {
            return self.error(
                codes::UNKNOWN_NAME,
                range,
                format!("{path}() is not available in device code"),
            );
        };
        if row.rule.checks_arity() {
            let (min, max) =
                builtins::signature(path).map_or((0, usize::MAX), |s| (s.min_args(), s.max_args()));
            if !self.arity(path, &args, min, max, range) {
                return Val::Poison;
            }
        }
        match row.rule {
            Rule::Module => {
                if let Some(name) = path.strip_prefix("math.") {
                    self.math_call(name, args, range, true)
                } else if let Some(name) = path.strip_prefix("cmath.") {
                    self.cmath_call(name, args, range)
                } else if let Some(name) = path.strip_prefix("cuda.random.") {
                    self.random_call(name, args, range)
                } else if let Some(name) = path.strip_prefix("operator.") {
                    self.operator_call(name, args, range)
                } else if let Some(name) = path.strip_prefix("cffi.") {
                    self.cffi_call(name, args, range)
                } else {
                    let name = path.strip_prefix("numpy.").unwrap_or(path);
                    self.numpy_call(name, args, range)
                }
            }
            Rule::Barrier(which) => {
                self.emit_void(Op::Intrinsic(which, Vec::new()));
                Val::NoneV
            }
            Rule::PredicateBarrier(which) => {
                let Some(p) = self.truth(args[0].val.clone(), args[0].range) else {
                    return Val::Poison;
                };
                let p = self.cond_value(p);
                Val::Rt(
                    self.emit(Op::Intrinsic(which, vec![p]), Type::I32),
                    Type::I32,
                )
            }
            Rule::U32Operand(which) => self.u32_operand(path, which, &args, range),
            Rule::Bits(which) => self.bit_intrinsic(path, which, &args),
            Rule::FloatMath(f) => self.float_op(f, &args, range),
            Rule::Shfl(_) | Rule::Vote(_) | Rule::Match(_) | Rule::LaneMask(_) => {
                self.warp_call(path, row.rule, &args)
            }
            Rule::Atomic(op) => self.atomic_call(path, op, false, args, range),
            Rule::AtomicLegacyCas => self.atomic_call(path, AtomicOp::Cas, true, args, range),
            Rule::CacheLoad(op) => self.cache_load(path, op, &args),
            Rule::CacheStore(op) => self.cache_store(path, op, &args),
            Rule::Libdevice(f) => self.libdevice_call(f, args),
            Rule::Library => self.library_fn_call(path, args, range),
            Rule::Reinterpret(from, to) => self.reinterpret_call(path, from, to, &args),
            Rule::ArithRn(op, s) => self.arith_rn_call(path, op, s, &args),
            Rule::Tensor => self.tensor_call(path, args, range),
            Rule::Read(_) | Rule::Float(_) | Rule::Complex(..) | Rule::Token => self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("{path} is a value, not a function"),
            ),
            Rule::Special => self.special_builtin(path, args, range),
        }
    }

    /// `syncwarp(mask)`, `nanosleep(ns)`: one uint32 operand (an omitted optional one takes its
    /// default from the signature).
    fn u32_operand(&mut self, path: &str, which: Intrinsic, args: &[Arg], range: TextRange) -> Val {
        let arg = match args.first() {
            Some(a) if a.val != Val::NoneV => a.clone(),
            _ => {
                let default = builtins::signature(path)
                    .and_then(|s| s.params.first())
                    .and_then(|p| p.default)
                    .and_then(parse_int_literal);
                let Some(d) = default else {
                    return self.error(
                        codes::BAD_CALL,
                        range,
                        format!("{path}() takes one argument"),
                    );
                };
                Arg {
                    val: Val::Int(d),
                    range,
                }
            }
        };
        let Some(v) = self.convert(arg.val, &Type::Scalar(Scalar::U32), arg.range) else {
            return Val::Poison;
        };
        self.emit_void(Op::Intrinsic(which, vec![v]));
        Val::NoneV
    }

    /// The builtins whose rule is [`Rule::Special`]: each checks its own arguments.
    fn special_builtin(&mut self, path: &str, args: Vec<Arg>, range: TextRange) -> Val {
        match path {
            "print" => self.print_call(args, range),
            "range" | "enumerate" | "zip" => self.error_hint(
                codes::UNSUPPORTED_SYNTAX,
                range,
                format!("{path}() can only be iterated by a for loop in device code"),
                format!("write `for ... in {path}(...):`"),
            ),
            "tuple" => {
                if !self.arity(path, &args, 0, 1, range) {
                    return Val::Poison;
                }
                let Some(arg) = args.into_iter().next() else {
                    return Val::Tuple(Vec::new());
                };
                match Self::plain(arg.val) {
                    v @ (Val::Tuple(_) | Val::Rt(_, Type::Tuple(_))) => v,
                    other => {
                        let what = other.describe();
                        self.error_hint(
                            codes::TYPE_MISMATCH,
                            arg.range,
                            format!(
                                "tuple() of {what}: device code builds tuples from tuples only"
                            ),
                            "write the items as a tuple literal: (a, b, c)",
                        )
                    }
                }
            }
            "len" => {
                if !self.arity(path, &args, 1, 1, range) {
                    return Val::Poison;
                }
                match Self::plain(args[0].val.clone()) {
                    Val::Tuple(items) => Val::Int(i128::try_from(items.len()).unwrap_or(0)),
                    Val::Rt(_, Type::Tuple(items)) => {
                        Val::Int(i128::try_from(items.len()).unwrap_or(0))
                    }
                    Val::Rt(x, Type::CharSeq(cs)) => self.char_seq_len(x, cs),
                    v @ (Val::Rt(_, Type::Array(_)) | Val::GlobalArray(_)) => {
                        let Some((a, Type::Array(t))) = self.materialize(v, args[0].range) else {
                            return Val::Poison;
                        };
                        if t.ndim == 0 {
                            return self.error(codes::TYPE_MISMATCH, range, "len() of a 0-d array");
                        }
                        let n = self.emit(Op::ArrayShape(a, 0), Type::I64);
                        self.nonneg.insert(n);
                        Val::Rt(n, Type::I64)
                    }
                    other => {
                        let what = other.describe();
                        self.error(codes::TYPE_MISMATCH, range, format!("len() of {what}"))
                    }
                }
            }
            "min" | "max" => {
                let items: Vec<Arg> = if args.len() == 1 {
                    match &args[0].val {
                        Val::Tuple(items) => items
                            .iter()
                            .map(|v| Arg {
                                val: v.clone(),
                                range: args[0].range,
                            })
                            .collect(),
                        _ => {
                            return self.error(
                                codes::BAD_CALL,
                                range,
                                format!("{path}() of one argument needs a tuple"),
                            );
                        }
                    }
                } else {
                    args
                };
                if items.is_empty() {
                    return self.error(
                        codes::BAD_CALL,
                        range,
                        format!("{path}() needs at least one argument"),
                    );
                }
                let op = if path == "min" {
                    BinOp::Min
                } else {
                    BinOp::Max
                };
                let mut acc = items[0].val.clone();
                for item in &items[1..] {
                    acc = self.min_max(op, acc, item.val.clone(), NanRule::Ignore, range);
                }
                acc
            }
            "abs" => {
                if !self.arity(path, &args, 1, 1, range) {
                    return Val::Poison;
                }
                self.abs(args[0].val.clone(), range)
            }
            "float" => {
                if args.is_empty() {
                    return Val::Float(0.0);
                }
                let a = args.into_iter().next().unwrap_or(Arg {
                    val: Val::Poison,
                    range,
                });
                // numba types float() of a float as that float (numba's `Float` template:
                // `signature(arg, arg)` for the real domain; numba-cuda's cudadecl.py adds
                // float16), and of an integer or bool as float64.
                if let Val::Rt(_, Type::Scalar(Scalar::F16 | Scalar::F32 | Scalar::F64)) = a.val {
                    return a.val;
                }
                // `float("nan")`, `float("-inf")`, `float("1.5")`: a constant, as Python
                // parses it (numba-cuda folds a literal string the same way).
                if let Val::Str(text) = &a.val {
                    return match python_float(text) {
                        Some(x) => Val::Float(x),
                        None => self.error(
                            codes::TYPE_MISMATCH,
                            a.range,
                            format!("could not convert string to float: {text:?}"),
                        ),
                    };
                }
                self.cast_call(a, Scalar::F64)
            }
            "int" => {
                if args.is_empty() {
                    return Val::Int(0);
                }
                let a = args.into_iter().next().unwrap_or(Arg {
                    val: Val::Poison,
                    range,
                });
                self.cast_call(a, Scalar::I64)
            }
            "bool" => {
                if args.is_empty() {
                    return Val::Bool(false);
                }
                match self.truth(args[0].val.clone(), args[0].range) {
                    Some(super::convert::Cond::Known(b)) => Val::Bool(b),
                    Some(super::convert::Cond::Runtime(v)) => Val::Rt(v, Type::BOOL),
                    None => Val::Poison,
                }
            }
            "complex" => {
                if !self.arity(path, &args, 1, 2, range) {
                    return Val::Poison;
                }
                let t = Type::F64;
                let Some(re) = self.convert(args[0].val.clone(), &t, args[0].range) else {
                    return Val::Poison;
                };
                let im = match args.get(1) {
                    Some(a) => self.convert(a.val.clone(), &t, a.range),
                    None => Some(self.emit(Op::Const(Const::Float(0.0)), t)),
                };
                let Some(im) = im else { return Val::Poison };
                let c = Type::Scalar(Scalar::C128);
                Val::Rt(self.emit(Op::MakeComplex(re, im), c.clone()), c)
            }
            "round" => self.round(args, range),
            "divmod" => self.divmod(args, range),
            "pow" => {
                if !self.arity(path, &args, 2, 2, range) {
                    return Val::Poison;
                }
                self.binary(
                    ast::Operator::Pow,
                    args[0].val.clone(),
                    args[1].val.clone(),
                    range,
                )
            }
            "cuda.grid" | "cuda.gridsize" => self.grid(path == "cuda.grid", &args, range),
            "cuda.cg.this_grid" => {
                if !self.arity(path, &args, 0, 0, range) {
                    return Val::Poison;
                }
                Val::Namespace(crate::resolve::GRID_GROUP.to_owned())
            }
            "cuda.cg.GridGroup.sync" => {
                if !self.arity("GridGroup.sync", &args, 0, 0, range) {
                    return Val::Poison;
                }
                self.emit_void(Op::Intrinsic(Intrinsic::GridSync, Vec::new()));
                // numba-cuda returns cudaCGSynchronize's status: int32 0.
                let zero = self.const_int(0, Scalar::I32);
                Val::Rt(zero, Type::I32)
            }
            "cuda.shared.array" | "cuda.local.array" => {
                self.alloc_array(path == "cuda.shared.array", &args, range)
            }
            "numpy.dtype" => self.numpy_dtype(&args, range),
            "numpy.arange" => self.numpy_arange(&args, range),
            "numpy.empty" | "numpy.zeros" | "numpy.ones" | "numpy.full" => {
                let name = path.strip_prefix("numpy.").unwrap_or(path);
                self.numpy_alloc(name, &args, range)
            }
            "cuda.const.array_like" => {
                if !self.arity(path, &args, 1, 1, range) {
                    return Val::Poison;
                }
                match &args[0].val {
                    Val::GlobalArray(_) => args[0].val.clone(),
                    Val::Rt(..) => self.error_hint(
                        codes::NOT_CONSTANT,
                        args[0].range,
                        "cuda.const.array_like needs an array known at compile time",
                        "pass a global or closure NumPy array",
                    ),
                    other => {
                        let what = other.describe();
                        self.error(
                            codes::TYPE_MISMATCH,
                            args[0].range,
                            format!("cuda.const.array_like of {what}"),
                        )
                    }
                }
            }
            // Loops over tuples unroll anyway: literal_unroll only marks the intent.
            "cuda.literal_unroll" => {
                if !self.arity(path, &args, 1, 1, range) {
                    return Val::Poison;
                }
                args[0].val.clone()
            }
            "cuda.assume_aligned" => self.assume_aligned(&args, range),
            "cuda.selp" => {
                if !self.arity(path, &args, 3, 3, range) {
                    return Val::Poison;
                }
                let Some(c) = self.truth(args[0].val.clone(), args[0].range) else {
                    return Val::Poison;
                };
                let c = self.cond_value(c);
                let (Some(a), Some(b)) = (
                    self.scalar_type_of(&args[1].val),
                    self.scalar_type_of(&args[2].val),
                ) else {
                    return self.error(
                        codes::TYPE_MISMATCH,
                        range,
                        "cuda.selp() selects between numbers",
                    );
                };
                let t = Type::Scalar(promote::unify(a, b));
                let (Some(x), Some(y)) = (
                    self.convert(args[1].val.clone(), &t, args[1].range),
                    self.convert(args[2].val.clone(), &t, args[2].range),
                ) else {
                    return Val::Poison;
                };
                Val::Rt(self.emit(Op::Select(c, x, y), t.clone()), t)
            }
            "isinstance" => self.error(
                codes::BAD_CALL,
                range,
                "isinstance() is decided when the kernel compiles: call it by name, as isinstance(obj, classinfo)",
            ),
            _ => self.error(
                codes::UNKNOWN_NAME,
                range,
                format!("{path}() is not available in device code"),
            ),
        }
    }

    /// `float32(x)`, `int(x)`: a numeric conversion; constants fold.
    pub(crate) fn cast_call(&mut self, a: Arg, to: Scalar) -> Val {
        match (&a.val, to) {
            (Val::Int(i), Scalar::I64) => return Val::Int(*i),
            (Val::Float(x), Scalar::F64) => return Val::Float(*x),
            (Val::Int(i), Scalar::F64) => return Val::Float(*i as f64),
            (Val::Float(x), Scalar::I64) if x.is_finite() => {
                return Val::Int(x.trunc() as i128);
            }
            _ => {}
        }
        if to == Scalar::Bool {
            return match self.truth(a.val, a.range) {
                Some(super::convert::Cond::Known(b)) => Val::Bool(b),
                Some(super::convert::Cond::Runtime(v)) => Val::Rt(v, Type::BOOL),
                None => Val::Poison,
            };
        }
        let from = self.scalar_type_of(&a.val);
        if from.is_none() || from.is_some_and(|s| s.is_complex()) && !to.is_complex() {
            let what = a.val.describe();
            return self.error_hint(
                codes::TYPE_MISMATCH,
                a.range,
                format!("cannot convert {what} to {to}"),
                if from.is_some() {
                    "take .real, .imag or abs() of a complex number first"
                } else {
                    "conversions take numbers"
                },
            );
        }
        match self.convert(a.val, &Type::Scalar(to), a.range) {
            Some(v) => Val::Rt(v, Type::Scalar(to)),
            None => Val::Poison,
        }
    }

    /// `min`/`max` of two real numbers in their common type. On floats `nan` decides what a
    /// NaN operand gives: the builtins ignore it (numba-cuda lowers them to libdevice's
    /// `fmin`/`fmax`: PTX `min`/`max`), `np.minimum`/`np.maximum` return it (NumPy).
    fn min_max(&mut self, op: BinOp, a: Val, b: Val, nan: NanRule, range: TextRange) -> Val {
        if super::datetime::datetime_of(&a).is_some() || super::datetime::datetime_of(&b).is_some()
        {
            return self.datetime_builtin_min_max(op == BinOp::Max, &a, &b, range);
        }
        if let (Some(x), Some(y)) = (num(&a), num(&b)) {
            let pick_b = if op == BinOp::Min { y < x } else { y > x };
            return if pick_b { b } else { a };
        }
        let (Some(sa), Some(sb)) = (self.scalar_type_of(&a), self.scalar_type_of(&b)) else {
            let (da, db) = (a.describe(), b.describe());
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("cannot compare {da} with {db}"),
            );
        };
        if sa.is_complex() || sb.is_complex() {
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                "complex numbers have no ordering: min()/max() take real numbers",
            );
        }
        let t = Type::Scalar(promote::unify(sa, sb));
        let nonneg = self.is_nonneg(&a) && self.is_nonneg(&b);
        let (Some(x), Some(y)) = (self.convert(a, &t, range), self.convert(b, &t, range)) else {
            return Val::Poison;
        };
        let float = t.as_scalar().is_some_and(Scalar::is_float);
        let v = match nan {
            NanRule::Ignore if float => {
                let f = if op == BinOp::Min {
                    MathFn::Fmin
                } else {
                    MathFn::Fmax
                };
                self.emit(Op::Math(f, vec![x, y]), t.clone())
            }
            NanRule::Propagate if float => {
                // `b < a ? b : a` keeps a NaN `a`; a NaN `b` is taken here.
                let ordered = self.emit(Op::Binary(op, x, y), t.clone());
                let y_nan = self.emit(Op::Compare(CmpOp::Ne, y, y), Type::BOOL);
                self.emit(Op::Select(y_nan, y, ordered), t.clone())
            }
            _ => self.emit(Op::Binary(op, x, y), t.clone()),
        };
        if nonneg {
            self.nonneg.insert(v);
        }
        Val::Rt(v, t)
    }

    /// `divmod(a, b)`: `(a // b, a % b)` of two real numbers, with Python's (numba's) floor
    /// semantics, or of two timedeltas (NumPy's `np.divmod`).
    fn divmod(&mut self, args: Vec<Arg>, range: TextRange) -> Val {
        if !self.arity("divmod", &args, 2, 2, range) {
            return Val::Poison;
        }
        let (a, b) = (
            Self::plain(args[0].val.clone()),
            Self::plain(args[1].val.clone()),
        );
        if let Some(v) = self.datetime_divmod(&a, &b, range) {
            return v;
        }
        if a == Val::Poison || b == Val::Poison {
            return Val::Poison;
        }
        for arg in &args {
            let real = self
                .scalar_type_of(&Self::plain(arg.val.clone()))
                .is_some_and(|s| !s.is_complex());
            if !real {
                let what = arg.val.describe();
                return self.error(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    format!("divmod() of {what}: divmod takes real numbers or two timedeltas"),
                );
            }
        }
        let q = self.binary(ast::Operator::FloorDiv, a.clone(), b.clone(), range);
        if q == Val::Poison {
            return q;
        }
        let r = self.binary(ast::Operator::Mod, a, b, range);
        if r == Val::Poison {
            return r;
        }
        Val::Tuple(vec![q, r])
    }

    fn abs(&mut self, v: Val, range: TextRange) -> Val {
        if let Some(out) = self.timedelta_abs(&v) {
            return out;
        }
        match v {
            Val::Int(i) => return Val::Int(i.abs()),
            Val::Float(x) => return Val::Float(x.abs()),
            Val::Bool(b) => return Val::Int(i128::from(b)),
            _ => {}
        }
        let Some(s) = self.scalar_type_of(&v) else {
            let what = v.describe();
            return self.error(codes::TYPE_MISMATCH, range, format!("abs() of {what}"));
        };
        let Some((x, t)) = self.materialize(v, range) else {
            return Val::Poison;
        };
        if s.is_complex() {
            let part = Type::Scalar(s.complex_part());
            let re = self.emit(Op::ComplexPart(x, false), part.clone());
            let im = self.emit(Op::ComplexPart(x, true), part.clone());
            return Val::Rt(
                self.emit(Op::Math(MathFn::Hypot, vec![re, im]), part.clone()),
                part,
            );
        }
        if s.is_float() {
            return Val::Rt(self.emit(Op::Math(MathFn::Fabs, vec![x]), t.clone()), t);
        }
        if !s.is_signed() {
            return Val::Rt(x, t);
        }
        let zero = self.const_int(0, s);
        let neg = self.emit(Op::Compare(CmpOp::Lt, x, zero), Type::BOOL);
        let minus = self.emit(Op::Unary(UnaryOp::Neg, x), t.clone());
        Val::Rt(self.emit(Op::Select(neg, minus, x), t.clone()), t)
    }

    fn round(&mut self, args: Vec<Arg>, range: TextRange) -> Val {
        if !self.arity("round", &args, 1, 2, range) {
            return Val::Poison;
        }
        let x = args[0].val.clone();
        let Some(s) = self.scalar_type_of(&x) else {
            let what = x.describe();
            return self.error(codes::TYPE_MISMATCH, range, format!("round() of {what}"));
        };
        if s.is_int() || s == Scalar::Bool {
            return x;
        }
        if s.is_complex() {
            return self.error(codes::TYPE_MISMATCH, range, "round() of a complex number");
        }
        let Some((v, t)) = self.materialize(x, args[0].range) else {
            return Val::Poison;
        };
        match args.get(1).map(|a| a.val.clone()) {
            None | Some(Val::NoneV) => {
                let r = self.emit(Op::Math(MathFn::Rint, vec![v]), t);
                Val::Rt(self.cast(r, s, Scalar::I64), Type::I64)
            }
            Some(n)
                if self
                    .scalar_type_of(&n)
                    .is_some_and(|t| t.is_int() || t == Scalar::Bool) =>
            {
                // numba-cuda's algorithm (library/round.py), for constant and variable ndigits.
                let Some(src) = crate::library::function("builtins", "round_ndigits", s) else {
                    return self.error(
                        codes::TYPE_MISMATCH,
                        range,
                        format!("round(x, ndigits) of {s}"),
                    );
                };
                let Some(n) = self.convert(n, &Type::I64, args[1].range) else {
                    return Val::Poison;
                };
                let call_args = vec![
                    Arg {
                        val: Val::Rt(v, t),
                        range: args[0].range,
                    },
                    Arg {
                        val: Val::Rt(n, Type::I64),
                        range: args[1].range,
                    },
                ];
                self.device_call(src, call_args, range)
            }
            Some(other) => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    args[1].range,
                    format!("round()'s ndigits must be an integer, not {what}"),
                )
            }
        }
    }

    /// `cuda.grid(n)` / `cuda.gridsize(n)`: int64, or a tuple of int64 for n = 2, 3.
    fn grid(&mut self, is_grid: bool, args: &[Arg], range: TextRange) -> Val {
        let n = match args.first().map(|a| &a.val) {
            Some(Val::Int(n)) if (1..=3).contains(n) => *n,
            _ => {
                return self.error_hint(
                    codes::NOT_CONSTANT,
                    range,
                    "cuda.grid()/cuda.gridsize() take a constant dimension count 1, 2 or 3 \
                     (numba's RequireLiteralValue)",
                    "write cuda.grid(1), cuda.grid(2) or cuda.grid(3)",
                );
            }
        };
        let dims = [Dim::X, Dim::Y, Dim::Z];
        let mut out = Vec::new();
        for d in dims.iter().take(usize::try_from(n).unwrap_or(1)) {
            let (a, b, c) = if is_grid {
                (
                    Intrinsic::BlockIdx(*d),
                    Intrinsic::BlockDim(*d),
                    Some(Intrinsic::ThreadIdx(*d)),
                )
            } else {
                (Intrinsic::BlockDim(*d), Intrinsic::GridDim(*d), None)
            };
            let read = |this: &mut Self, i: Intrinsic| {
                let v = this.emit(Op::Intrinsic(i, Vec::new()), Type::I32);
                this.nonneg.insert(v);
                this.cast(v, Scalar::I32, Scalar::I64)
            };
            let x = read(self, a);
            let y = read(self, b);
            let mut v = self.emit(Op::Binary(BinOp::Mul, x, y), Type::I64);
            if let Some(c) = c {
                let z = read(self, c);
                v = self.emit(Op::Binary(BinOp::Add, v, z), Type::I64);
            }
            self.nonneg.insert(v);
            out.push(Val::Rt(v, Type::I64));
        }
        if out.len() == 1 {
            out.remove(0)
        } else {
            Val::Tuple(out)
        }
    }

    /// The shape argument of `cuda.shared.array` / `cuda.local.array`: a local bound once to an
    /// integer literal, alone or in a tuple, reads as that constant (numba-cuda's constant
    /// inference; `shape_constants`); anything else is an ordinary expression.
    fn shape_arg(&mut self, e: &ast::Expr) -> Val {
        match e {
            ast::Expr::Name(n) if self.written.contains(n.id.as_str()) => {
                match self.shape_constants.get(n.id.as_str()) {
                    Some(v) => Val::Int(*v),
                    None => self.expr(e),
                }
            }
            ast::Expr::Tuple(t) if !t.elts.iter().any(ast::Expr::is_starred_expr) => {
                Val::Tuple(t.elts.iter().map(|x| self.shape_arg(x)).collect())
            }
            _ => self.expr(e),
        }
    }

    /// `cuda.shared.array(shape, dtype)` / `cuda.local.array(shape, dtype)`.
    fn alloc_array(&mut self, shared: bool, args: &[Arg], range: TextRange) -> Val {
        let what = if shared {
            "cuda.shared.array"
        } else {
            "cuda.local.array"
        };
        if args.len() < 2 {
            return self.error(
                codes::BAD_CALL,
                range,
                format!("{what}() needs a shape and a dtype"),
            );
        }
        let Some(shape) = constant_shape(&args[0].val) else {
            return self.not_constant_shape(what, args);
        };
        let Some(dtype) = self.array_dtype(what, &args[1]) else {
            return Val::Poison;
        };
        let natural = match dtype {
            Dtype::Scalar(s) => s.size(),
            Dtype::Record(r) => r.align,
            Dtype::Datetime(_) => 8,
            Dtype::CharSeq(_) => 1,
        };
        let align = match args.get(2).map(|a| &a.val) {
            None | Some(Val::NoneV) => natural,
            Some(Val::Poison) => return Val::Poison,
            Some(Val::Int(n)) => match alignment_problem(*n) {
                None => u32::try_from(*n).unwrap_or(u32::MAX).max(natural),
                Some(why) => {
                    return self.error_hint(
                        codes::BAD_CALL,
                        args[2].range,
                        format!("{ALIGNMENT_VALUE_ERROR}{why}, not {n}"),
                        "numba-cuda takes a power of two that is a multiple of 8 (the size of a \
                         pointer), e.g. alignment=16",
                    );
                }
            },
            Some(other) => {
                let what = other.describe();
                return self.error_hint(
                    codes::NOT_CONSTANT,
                    args[2].range,
                    format!(
                        "RequireLiteralValue: alignment must be a constant integer, not {what}"
                    ),
                    "write an integer literal or a global integer constant, e.g. alignment=16",
                );
            }
        };
        let ndim = u32::try_from(shape.len()).unwrap_or(0);
        let t = Type::Array(ArrayType {
            dtype,
            ndim,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        });
        if shared && shape == [0] {
            return Val::Rt(self.emit(Op::DynSharedArray, t.clone()), t);
        }
        if shared {
            let globals = &mut self.sess.module.globals;
            let name = format!("shared_{}", globals.len());
            globals.push(oxcuda_ir::Global {
                name,
                kind: GlobalKind::Shared,
                dtype,
                shape,
                align,
                init: None,
            });
            let g = oxcuda_ir::GlobalId(u32::try_from(globals.len() - 1).unwrap_or(0));
            Val::Rt(self.emit(Op::SharedArray(g), t.clone()), t)
        } else {
            // The alignment when asked for (0: the item's own).
            let asked = if align > natural { align } else { 0 };
            let v = self.emit(Op::LocalArray(shape, asked), t.clone());
            Val::Rt(v, t)
        }
    }

    /// The element type named by an array constructor's `dtype` argument: a scalar or record
    /// type object, or a NumPy scalar type name; `None` after reporting anything else.
    pub(crate) fn array_dtype(&mut self, what: &str, arg: &Arg) -> Option<Dtype> {
        match &arg.val {
            Val::TypeObj(Type::Scalar(s)) => Some((*s).into()),
            // An array of records (numba-cuda: `cuda.shared.array(n, dtype=from_dtype(rec))`).
            Val::TypeObj(Type::Record(r)) => Some((*r).into()),
            Val::Poison => None,
            Val::Str(name) => {
                if let Some(s) = Scalar::from_name(name) {
                    return Some(s.into());
                }
                self.error(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    // numba's wording, which programs match on.
                    format!(
                        "Invalid NumPy dtype specified: '{name}' (write a NumPy scalar type \
                         name such as 'float32', or a type object)"
                    ),
                );
                None
            }
            other => {
                let d = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    format!("{what}() dtype must be a scalar or record type, not {d}"),
                );
                None
            }
        }
    }

    /// A shape not known at compile time; the message leads with numba's, which names the
    /// call's argument types (`array(shape=int32, dtype=class(float32))`).
    fn not_constant_shape(&mut self, what: &str, args: &[Arg]) -> Val {
        let short = what.trim_start_matches("cuda.");
        let dtype = match &args[1].val {
            Val::TypeObj(t) => format!("class({t})"),
            other => numba_type_name(other),
        };
        let shape = numba_type_name(&args[0].val);
        self.error_hint(
            codes::NOT_CONSTANT,
            args[0].range,
            format!(
                "No implementation of function Function(<function {short}>) found for \
                 signature:\n \n >>> array(shape={shape}, dtype={dtype})\n \n\
                 {what}() needs a shape known at compile time"
            ),
            "use integer literals, global constants or expressions of them, e.g. (TILE, TILE + 1)",
        )
    }

    /// `cuda.shared.array([5, 6], float32)`: numba-cuda types the shape as a reflected list,
    /// which no implementation of the allocator accepts; the message leads with numba's
    /// (`array(shape=list(int64)<iv=[5, 6]>, dtype=class(float32))`) and says what to write.
    fn list_shape_error(&mut self, shared: bool, list: &ast::ExprList, c: &ast::ExprCall) -> Val {
        let what = if shared {
            "cuda.shared.array"
        } else {
            "cuda.local.array"
        };
        let items: Vec<Val> = list.elts.iter().map(|e| self.shape_arg(e)).collect();
        if items.iter().any(|v| matches!(v, Val::Poison)) {
            return Val::Poison;
        }
        let dtype_expr = c.arguments.args.get(1).or_else(|| {
            c.arguments
                .keywords
                .iter()
                .find(|k| k.arg.as_ref().is_some_and(|a| a.as_str() == "dtype"))
                .map(|k| &k.value)
        });
        let dtype = match dtype_expr.map(|e| self.expr(e)) {
            Some(Val::Poison) => return Val::Poison,
            Some(Val::TypeObj(t)) => format!("class({t})"),
            Some(other) => numba_type_name(&other),
            None => "none".to_owned(),
        };
        let ints: Option<Vec<String>> = items
            .iter()
            .map(|v| match v {
                Val::Int(i) => Some(i.to_string()),
                _ => None,
            })
            .collect();
        let shape = match &ints {
            Some(ints) if !ints.is_empty() => format!("list(int64)<iv=[{}]>", ints.join(", ")),
            _ => {
                let item = items.first().map_or_else(
                    || "undefined".to_owned(),
                    |v| match v {
                        Val::Int(_) => "int64".to_owned(),
                        other => numba_type_name(other),
                    },
                );
                format!("list({item})<iv=None>")
            }
        };
        let hint = match &ints {
            Some(ints) if ints.len() == 1 => format!("write the shape as a tuple: ({},)", ints[0]),
            Some(ints) if !ints.is_empty() => {
                format!("write the shape as a tuple: ({})", ints.join(", "))
            }
            _ => "write the shape as a tuple of integer constants, e.g. (TILE, TILE)".to_owned(),
        };
        let short = what.trim_start_matches("cuda.");
        self.error_hint(
            codes::TYPE_MISMATCH,
            list.range(),
            format!(
                "No implementation of function Function(<function {short}>) found for \
                 signature:\n \n >>> array(shape={shape}, dtype={dtype})\n \n\
                 {what}() takes its shape as an integer or a tuple of integers, not a list"
            ),
            hint,
        )
    }

    /// A float math function of one to three arguments, in the arguments' unified float type.
    fn float_op(&mut self, f: MathFn, args: &[Arg], range: TextRange) -> Val {
        let mut ty: Option<Scalar> = None;
        for a in args {
            let Some(s) = self.scalar_type_of(&a.val) else {
                let what = a.val.describe();
                return self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!("{}() of {what}", f.c_name()),
                );
            };
            if s.is_complex() {
                return self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!("{}() of a complex number", f.c_name()),
                );
            }
            let as_float = if s.is_float() { s } else { Scalar::F64 };
            ty = Some(match ty {
                None => as_float,
                Some(t) => promote::unify(t, as_float),
            });
        }
        let t = Type::Scalar(ty.unwrap_or(Scalar::F64));
        let mut values = Vec::new();
        for a in args {
            let Some(v) = self.convert(a.val.clone(), &t, a.range) else {
                return Val::Poison;
            };
            values.push(v);
        }
        let _ = range;
        Val::Rt(self.emit(Op::Math(f, values), t.clone()), t)
    }

    fn math_call(
        &mut self,
        name: &str,
        args: Vec<Arg>,
        range: TextRange,
        python_int_results: bool,
    ) -> Val {
        let unary = |m| Some((m, 1usize));
        let (f, n) = match name {
            "sin" => unary(MathFn::Sin),
            "cos" => unary(MathFn::Cos),
            "tan" => unary(MathFn::Tan),
            "asin" => unary(MathFn::Asin),
            "acos" => unary(MathFn::Acos),
            "atan" => unary(MathFn::Atan),
            "sinh" => unary(MathFn::Sinh),
            "cosh" => unary(MathFn::Cosh),
            "tanh" => unary(MathFn::Tanh),
            "asinh" => unary(MathFn::Asinh),
            "acosh" => unary(MathFn::Acosh),
            "atanh" => unary(MathFn::Atanh),
            "exp" => unary(MathFn::Exp),
            "exp2" => unary(MathFn::Exp2),
            "expm1" => unary(MathFn::Expm1),
            "log" if args.len() == 1 => unary(MathFn::Log),
            "log2" => unary(MathFn::Log2),
            "log10" => unary(MathFn::Log10),
            "log1p" => unary(MathFn::Log1p),
            "sqrt" => unary(MathFn::Sqrt),
            "fabs" => unary(MathFn::Fabs),
            "ceil" => unary(MathFn::Ceil),
            "floor" => unary(MathFn::Floor),
            "trunc" => unary(MathFn::Trunc),
            "rint" => unary(MathFn::Rint),
            "erf" => unary(MathFn::Erf),
            "erfc" => unary(MathFn::Erfc),
            "gamma" => unary(MathFn::Tgamma),
            "lgamma" => unary(MathFn::Lgamma),
            "cbrt" => unary(MathFn::Cbrt),
            "isnan" => unary(MathFn::IsNan),
            "isinf" => unary(MathFn::IsInf),
            "isfinite" => unary(MathFn::IsFinite),
            "atan2" => Some((MathFn::Atan2, 2)),
            "hypot" => Some((MathFn::Hypot, 2)),
            "pow" => Some((MathFn::Pow, 2)),
            "fmod" => Some((MathFn::Fmod, 2)),
            "copysign" => Some((MathFn::Copysign, 2)),
            "remainder" => Some((MathFn::Remainder, 2)),
            "nextafter" => Some((MathFn::Nextafter, 2)),
            "fmin" => Some((MathFn::Fmin, 2)),
            "fmax" => Some((MathFn::Fmax, 2)),
            "ldexp" => Some((MathFn::Ldexp, 2)),
            "frexp" => return self.frexp(&args, range),
            "modf" => return self.modf(&args, range),
            "log" => {
                // log(x, base) = log(x) / log(base)
                if !self.arity("math.log", &args, 2, 2, range) {
                    return Val::Poison;
                }
                let lx = self.float_op(MathFn::Log, &args[..1], range);
                let lb = self.float_op(MathFn::Log, &args[1..], range);
                return self.binary(ast::Operator::Div, lx, lb, range);
            }
            "degrees" | "radians" => {
                if !self.arity(name, &args, 1, 1, range) {
                    return Val::Poison;
                }
                let factor = if name == "degrees" {
                    180.0 / std::f64::consts::PI
                } else {
                    std::f64::consts::PI / 180.0
                };
                let x = args[0].val.clone();
                let t = match self.scalar_type_of(&x) {
                    Some(s) if s.is_float() => s,
                    _ => Scalar::F64,
                };
                let Some(v) = self.convert(x, &Type::Scalar(t), args[0].range) else {
                    return Val::Poison;
                };
                let k = self.emit(Op::Const(Const::Float(factor)), Type::Scalar(t));
                return Val::Rt(
                    self.emit(Op::Binary(BinOp::Mul, v, k), Type::Scalar(t)),
                    Type::Scalar(t),
                );
            }
            _ => None,
        }
        .unwrap_or((MathFn::Sin, usize::MAX));
        if n == usize::MAX {
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("math.{name} is not available in device code"),
            );
        }
        if !self.arity(&format!("math.{name}"), &args, n, n, range) {
            return Val::Poison;
        }
        // Predicates: integers are never NaN or infinite.
        if matches!(f, MathFn::IsNan | MathFn::IsInf | MathFn::IsFinite) {
            let s = self.scalar_type_of(&args[0].val);
            if s.is_some_and(|s| s.is_int() || s == Scalar::Bool) {
                return Val::Bool(f == MathFn::IsFinite);
            }
            let Val::Rt(v, t) = self.float_op(MathFn::Fabs, &args, range) else {
                return Val::Poison;
            };
            // Recompute on the converted operand: float_op emitted fabs(x); use its operand.
            let x = match self.f.blocks[self.cur.index()]
                .insts
                .last()
                .map(|i| i.op.clone())
            {
                Some(Op::Math(MathFn::Fabs, ops)) => ops[0],
                _ => v,
            };
            let _ = t;
            return Val::Rt(self.emit(Op::Math(f, vec![x]), Type::BOOL), Type::BOOL);
        }
        if f == MathFn::Ldexp {
            let Val::Rt(x, t) = self.float_op(MathFn::Fabs, &args[..1], range) else {
                return Val::Poison;
            };
            let x = match self.f.blocks[self.cur.index()]
                .insts
                .last()
                .map(|i| i.op.clone())
            {
                Some(Op::Math(MathFn::Fabs, ops)) => ops[0],
                _ => x,
            };
            let Some(e) = self.convert(args[1].val.clone(), &Type::I32, args[1].range) else {
                return Val::Poison;
            };
            return Val::Rt(self.emit(Op::Math(MathFn::Ldexp, vec![x, e]), t.clone()), t);
        }
        let result = self.float_op(f, &args, range);
        // math.floor/ceil/trunc return Python ints: int64, as in numba.
        if python_int_results
            && matches!(f, MathFn::Floor | MathFn::Ceil | MathFn::Trunc)
            && let Val::Rt(v, Type::Scalar(s)) = result
        {
            return Val::Rt(self.cast(v, s, Scalar::I64), Type::I64);
        }
        result
    }

    pub(super) fn numpy_call(&mut self, name: &str, args: Vec<Arg>, range: TextRange) -> Val {
        if let Some(v) = self.datetime_numpy_call(name, &args, range) {
            return v;
        }
        let math_name = match name {
            "arcsin" => "asin",
            "arccos" => "acos",
            "arctan" => "atan",
            "arcsinh" => "asinh",
            "arccosh" => "acosh",
            "arctanh" => "atanh",
            "arctan2" => "atan2",
            "power" => "pow",
            "deg2rad" => "radians",
            "rad2deg" => "degrees",
            "absolute" | "abs" => {
                if !self.arity(name, &args, 1, 1, range) {
                    return Val::Poison;
                }
                return self.abs(args[0].val.clone(), range);
            }
            "minimum" | "maximum" | "fmin" | "fmax"
                if args.iter().all(|a| {
                    self.scalar_type_of(&a.val)
                        .is_some_and(|s| s.is_int() || s == Scalar::Bool)
                }) =>
            {
                // Integers have no NaN: fmin/fmax are minimum/maximum, in the integer type.
                if !self.arity(name, &args, 2, 2, range) {
                    return Val::Poison;
                }
                let op = if name.contains("min") {
                    BinOp::Min
                } else {
                    BinOp::Max
                };
                let (a, b) = (args[0].val.clone(), args[1].val.clone());
                return self.min_max(op, a, b, NanRule::Propagate, range);
            }
            "minimum" | "maximum" | "fmin" | "fmax"
                if args
                    .iter()
                    .any(|a| self.scalar_type_of(&a.val).is_some_and(Scalar::is_complex)) =>
            {
                if !self.arity(name, &args, 2, 2, range) {
                    return Val::Poison;
                }
                return self.complex_min_max(name, &args, range);
            }
            "log2"
                if args.len() == 1
                    && self
                        .scalar_type_of(&args[0].val)
                        .is_some_and(Scalar::is_complex) =>
            {
                // NumPy's complex log2: log(z) / log(2), in z's precision.
                let Some(s) = self.scalar_type_of(&args[0].val) else {
                    return Val::Poison;
                };
                // Each part scaled on its own: a complex product would turn log(0)'s zero
                // imaginary part times an infinite real part into NaN.
                let log = self.cmath_call("log", args, range);
                let Some((re, im)) = self.complex_parts(log, s, range) else {
                    return Val::Poison;
                };
                let part = Type::Scalar(s.complex_part());
                let k = self.emit(
                    Op::Const(Const::Float(std::f64::consts::LOG2_E)),
                    part.clone(),
                );
                let re = self.emit(Op::Binary(BinOp::Mul, re, k), part.clone());
                let im = self.emit(Op::Binary(BinOp::Mul, im, k), part.clone());
                let parts = [
                    Arg {
                        val: Val::Rt(re, part.clone()),
                        range,
                    },
                    Arg {
                        val: Val::Rt(im, part),
                        range,
                    },
                ];
                return self.complex_from_parts(s, &parts);
            }
            "minimum" | "maximum" => {
                if !self.arity(name, &args, 2, 2, range) {
                    return Val::Poison;
                }
                let op = if name == "minimum" {
                    BinOp::Min
                } else {
                    BinOp::Max
                };
                let (a, b) = (args[0].val.clone(), args[1].val.clone());
                return self.min_max(op, a, b, NanRule::Propagate, range);
            }
            "square" => {
                if !self.arity(name, &args, 1, 1, range) {
                    return Val::Poison;
                }
                return self.binary(
                    ast::Operator::Mult,
                    args[0].val.clone(),
                    args[0].val.clone(),
                    range,
                );
            }
            "add" | "subtract" | "multiply" | "divide" | "true_divide" | "floor_divide"
            | "remainder" | "bitwise_and" | "bitwise_or" | "bitwise_xor" | "left_shift"
            | "right_shift" => {
                if !self.arity(name, &args, 2, 2, range) {
                    return Val::Poison;
                }
                use ast::Operator as O;
                let op = match name {
                    "add" => O::Add,
                    "subtract" => O::Sub,
                    "multiply" => O::Mult,
                    "divide" | "true_divide" => O::Div,
                    "floor_divide" => O::FloorDiv,
                    "remainder" => O::Mod,
                    "bitwise_and" => O::BitAnd,
                    "bitwise_or" => O::BitOr,
                    "bitwise_xor" => O::BitXor,
                    "left_shift" => O::LShift,
                    _ => O::RShift,
                };
                return self.binary(op, args[0].val.clone(), args[1].val.clone(), range);
            }
            "negative" | "invert" | "bitwise_not" => {
                if !self.arity(name, &args, 1, 1, range) {
                    return Val::Poison;
                }
                let op = if name == "negative" {
                    ast::UnaryOp::USub
                } else {
                    ast::UnaryOp::Invert
                };
                return self.unary(op, args[0].val.clone(), range);
            }
            "greater" | "greater_equal" | "less" | "less_equal" | "not_equal" | "equal" => {
                if !self.arity(name, &args, 2, 2, range) {
                    return Val::Poison;
                }
                if let Some(v) = self.complex_order(name, &args, range) {
                    return v;
                }
                let op = match name {
                    "greater" => ast::CmpOp::Gt,
                    "greater_equal" => ast::CmpOp::GtE,
                    "less" => ast::CmpOp::Lt,
                    "less_equal" => ast::CmpOp::LtE,
                    "not_equal" => ast::CmpOp::NotEq,
                    _ => ast::CmpOp::Eq,
                };
                return self.compare(op, args[0].val.clone(), args[1].val.clone(), range);
            }
            "logical_and" | "logical_or" | "logical_xor" | "logical_not" => {
                let n = if name == "logical_not" { 1 } else { 2 };
                if !self.arity(name, &args, n, n, range) {
                    return Val::Poison;
                }
                // NumPy's truth of a number: nonzero (NaN is true).
                let mut truths = Vec::with_capacity(n);
                for a in &args {
                    truths.push(self.compare(
                        ast::CmpOp::NotEq,
                        a.val.clone(),
                        Val::Int(0),
                        a.range,
                    ));
                }
                let mut truths = truths.into_iter();
                let x = truths.next().unwrap_or(Val::Poison);
                let Some(y) = truths.next() else {
                    return self.unary(ast::UnaryOp::Not, x, range);
                };
                let op = match name {
                    "logical_and" => ast::Operator::BitAnd,
                    "logical_or" => ast::Operator::BitOr,
                    _ => ast::Operator::BitXor,
                };
                return self.binary(op, x, y, range);
            }
            "reciprocal" => {
                if !self.arity(name, &args, 1, 1, range) {
                    return Val::Poison;
                }
                return self.binary(
                    ast::Operator::Div,
                    Val::Float(1.0),
                    args[0].val.clone(),
                    range,
                );
            }
            "sign" => {
                if !self.arity(name, &args, 1, 1, range) {
                    return Val::Poison;
                }
                let x = args[0].val.clone();
                let pos = self.compare_vals(CmpOp::Gt, x.clone(), Val::Int(0), range);
                let neg = self.compare_vals(CmpOp::Lt, x.clone(), Val::Int(0), range);
                let Some(s) = self.scalar_type_of(&x) else {
                    return Val::Poison;
                };
                let t = Type::Scalar(if s == Scalar::Bool { Scalar::I64 } else { s });
                let (Some(p), Some(n)) = (pos, neg) else {
                    return Val::Poison;
                };
                let one = self.convert(Val::Int(1), &t, range);
                let minus = self.convert(Val::Int(-1), &t, range);
                let zero = self.convert(Val::Int(0), &t, range);
                let (Some(one), Some(minus), Some(zero)) = (one, minus, zero) else {
                    return Val::Poison;
                };
                let a = self.emit(Op::Select(n, minus, zero), t.clone());
                return Val::Rt(self.emit(Op::Select(p, one, a), t.clone()), t);
            }
            other => other,
        };
        if let Some(v) = self.numpy_complex_call(math_name, &args, range) {
            return v;
        }
        // NumPy's floor/ceil/trunc return floats, unlike math's.
        self.math_call(math_name, args, range, false)
    }

    /// The real and imaginary parts of a complex (or real) scalar, in complex type `to`'s
    /// part type.
    fn complex_parts(&mut self, v: Val, to: Scalar, range: TextRange) -> Option<(Value, Value)> {
        let z = self.convert(v, &Type::Scalar(to), range)?;
        let part = Type::Scalar(to.complex_part());
        let re = self.emit(Op::ComplexPart(z, false), part.clone());
        let im = self.emit(Op::ComplexPart(z, true), part);
        Some((re, im))
    }

    /// NumPy's lexicographic order of complex numbers (real parts, then imaginary parts), for
    /// `np.greater` and the other comparisons; `None` when no operand is complex.
    fn complex_order(&mut self, name: &str, args: &[Arg], range: TextRange) -> Option<Val> {
        let (sa, sb) = (
            self.scalar_type_of(&args[0].val)?,
            self.scalar_type_of(&args[1].val)?,
        );
        if !sa.is_complex() && !sb.is_complex() {
            return None;
        }
        let t = promote::unify(sa, sb);
        let Some(((ar, ai), (br, bi))) = self
            .complex_parts(args[0].val.clone(), t, range)
            .zip(self.complex_parts(args[1].val.clone(), t, range))
        else {
            return Some(Val::Poison);
        };
        let cmp = |this: &mut Self, op, x, y| this.emit(Op::Compare(op, x, y), Type::BOOL);
        let and = |this: &mut Self, x, y| this.emit(Op::Binary(BinOp::BitAnd, x, y), Type::BOOL);
        let or = |this: &mut Self, x, y| this.emit(Op::Binary(BinOp::BitOr, x, y), Type::BOOL);
        let v = match name {
            "equal" | "not_equal" => {
                let re = cmp(self, CmpOp::Eq, ar, br);
                let im = cmp(self, CmpOp::Eq, ai, bi);
                let eq = and(self, re, im);
                if name == "equal" {
                    eq
                } else {
                    let t = self.emit(Op::Const(Const::Bool(true)), Type::BOOL);
                    self.emit(Op::Binary(BinOp::BitXor, eq, t), Type::BOOL)
                }
            }
            _ => {
                // a > b: ar > br, or ar == br and ai > bi (ar, br ordered: NaNs compare false).
                let (strict, weak) = match name {
                    "greater" => (CmpOp::Gt, CmpOp::Gt),
                    "greater_equal" => (CmpOp::Gt, CmpOp::Ge),
                    "less" => (CmpOp::Lt, CmpOp::Lt),
                    _ => (CmpOp::Lt, CmpOp::Le),
                };
                let first = cmp(self, strict, ar, br);
                let tie = cmp(self, CmpOp::Eq, ar, br);
                let second = cmp(self, weak, ai, bi);
                let then = and(self, tie, second);
                or(self, first, then)
            }
        };
        Some(Val::Rt(v, Type::BOOL))
    }

    /// `np.maximum`/`np.minimum`/`np.fmax`/`np.fmin` of complex numbers: NumPy's lexicographic
    /// order; a NaN part propagates (maximum, minimum) or is ignored (fmax, fmin).
    fn complex_min_max(&mut self, name: &str, args: &[Arg], range: TextRange) -> Val {
        let (Some(sa), Some(sb)) = (
            self.scalar_type_of(&args[0].val),
            self.scalar_type_of(&args[1].val),
        ) else {
            return Val::Poison;
        };
        let t = promote::unify(sa, sb);
        let ty = Type::Scalar(t);
        let (Some(a), Some(b)) = (
            self.convert(args[0].val.clone(), &ty, range),
            self.convert(args[1].val.clone(), &ty, range),
        ) else {
            return Val::Poison;
        };
        let order = if name.contains("max") {
            "greater_equal"
        } else {
            "less_equal"
        };
        let pair = [
            Arg {
                val: Val::Rt(a, ty.clone()),
                range,
            },
            Arg {
                val: Val::Rt(b, ty.clone()),
                range,
            },
        ];
        let Some(Val::Rt(keep_a, _)) = self.complex_order(order, &pair, range) else {
            return Val::Poison;
        };
        let (Some((ar, ai)), Some((br, bi))) = (
            self.complex_parts(Val::Rt(a, ty.clone()), t, range),
            self.complex_parts(Val::Rt(b, ty.clone()), t, range),
        ) else {
            return Val::Poison;
        };
        let nan = |this: &mut Self, re, im| {
            let r = this.emit(Op::Compare(CmpOp::Ne, re, re), Type::BOOL);
            let i = this.emit(Op::Compare(CmpOp::Ne, im, im), Type::BOOL);
            this.emit(Op::Binary(BinOp::BitOr, r, i), Type::BOOL)
        };
        let a_nan = nan(self, ar, ai);
        let b_nan = nan(self, br, bi);
        let ordered = self.emit(Op::Select(keep_a, a, b), ty.clone());
        let v = if name.starts_with('f') {
            // fmax/fmin: the other operand when one has a NaN (the first when both).
            let x = self.emit(Op::Select(a_nan, b, ordered), ty.clone());
            self.emit(Op::Select(b_nan, a, x), ty.clone())
        } else {
            // maximum/minimum: the operand with a NaN (the first when both).
            let x = self.emit(Op::Select(b_nan, b, ordered), ty.clone());
            self.emit(Op::Select(a_nan, a, x), ty.clone())
        };
        Val::Rt(v, ty)
    }

    fn compare_vals(&mut self, op: CmpOp, a: Val, b: Val, range: TextRange) -> Option<Value> {
        let (sa, sb) = (self.scalar_type_of(&a)?, self.scalar_type_of(&b)?);
        let t = Type::Scalar(promote::binary(BinaryClass::Compare, sa, sb)?.lhs);
        let x = self.convert(a, &t, range)?;
        let y = self.convert(b, &t, range)?;
        Some(self.emit(Op::Compare(op, x, y), Type::BOOL))
    }

    fn bit_intrinsic(&mut self, path: &str, which: Intrinsic, args: &[Arg]) -> Val {
        let Some(s) = self.scalar_type_of(&args[0].val).filter(|s| s.is_int()) else {
            let what = args[0].val.describe();
            return self.error(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!("{path}() takes an integer, not {what}"),
            );
        };
        let (operand, result) = match which {
            Intrinsic::Ffs => (s, Scalar::U32),
            Intrinsic::Brev => {
                let u = if s.bits() > 32 {
                    Scalar::U64
                } else {
                    Scalar::U32
                };
                (u, u)
            }
            _ => (s, s),
        };
        let Some(x) = self.convert(args[0].val.clone(), &Type::Scalar(operand), args[0].range)
        else {
            return Val::Poison;
        };
        let v = self.emit(Op::Intrinsic(which, vec![x]), Type::Scalar(result));
        Val::Rt(v, Type::Scalar(result))
    }

    fn atomic_call(
        &mut self,
        path: &str,
        op: AtomicOp,
        legacy: bool,
        args: Vec<Arg>,
        range: TextRange,
    ) -> Val {
        let name = path.strip_prefix("cuda.atomic.").unwrap_or(path);
        let Val::Rt(array, Type::Array(a)) = args[0].val.clone() else {
            let what = args[0].val.describe();
            return self.error(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!("atomics operate on arrays, not {what}"),
            );
        };
        if a.readonly {
            return self.error(
                codes::READONLY_ARRAY,
                args[0].range,
                "atomics cannot write a read-only array",
            );
        }
        if !a.aligned {
            return self.error(
                codes::TYPE_MISMATCH,
                args[0].range,
                "atomics need naturally aligned elements; this subarray of a packed record is not",
            );
        }
        use Scalar::*;
        let allowed: &[Scalar] = match op {
            // float16: `atom.add.noftz.f16` (sm_70 and later; `sub` adds the negation).
            // bfloat16: `atom.add.noftz.bf16` (sm_90), a compare-and-swap loop before.
            AtomicOp::Add | AtomicOp::Sub => &[I32, U32, I64, U64, F16, BF16, F32, F64],
            AtomicOp::Max | AtomicOp::Min | AtomicOp::NanMax | AtomicOp::NanMin => {
                &[I32, U32, I64, U64, F32, F64]
            }
            AtomicOp::Inc | AtomicOp::Dec => &[U32, U64],
            _ => &[I32, U32, I64, U64],
        };
        let Some(dtype) = a.dtype.as_scalar().filter(|s| allowed.contains(s)) else {
            let names: Vec<&str> = allowed.iter().map(|s| s.name()).collect();
            return self.error(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!(
                    "cuda.atomic.{name} supports arrays of {}, not {}",
                    names.join(", "),
                    a.dtype
                ),
            );
        };
        let (index, rest) = if legacy {
            if a.ndim != 1 {
                return self.error(
                    codes::TYPE_MISMATCH,
                    args[0].range,
                    "compare_and_swap needs a 1-d array",
                );
            }
            (Val::Int(0), &args[1..])
        } else {
            (args[1].val.clone(), &args[2..])
        };
        let Some(idx) =
            self.atomic_indices(array, a, index, args.get(1).map_or(range, |x| x.range))
        else {
            return Val::Poison;
        };
        let t = Type::Scalar(dtype);
        let mut values = Vec::new();
        for r in rest {
            let Some(v) = self.convert(r.val.clone(), &t, r.range) else {
                return Val::Poison;
            };
            values.push(v);
        }
        Val::Rt(self.emit(Op::Atomic(op, array, idx, values), t.clone()), t)
    }

    /// `x.conjugate()`: the complex conjugate; a real number is its own.
    /// `x.bit_count()` on an integer: the set bits of `abs(x)` (Python's `int.bit_count`), as
    /// int64.
    fn bit_count(&mut self, x: Val, range: TextRange) -> Val {
        if let Val::Int(i) = x {
            return Val::Int(i128::from(i.unsigned_abs().count_ones()));
        }
        if let Val::Bool(b) = x {
            return Val::Int(i128::from(b));
        }
        let as_int = |s: Scalar| if s == Scalar::Bool { Scalar::I64 } else { s };
        let Some(s) = self.scalar_type_of(&x).map(as_int).filter(|s| s.is_int()) else {
            let what = x.describe();
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("bit_count() is a method of integers, not of {what}"),
            );
        };
        let Some(v) = self.convert(x, &Type::Scalar(s), range) else {
            return Val::Poison;
        };
        let t = Type::Scalar(s);
        let magnitude = if s.is_signed() {
            let zero = self.const_int(0, s);
            let neg = self.emit(Op::Compare(CmpOp::Lt, v, zero), Type::BOOL);
            let minus = self.emit(Op::Unary(UnaryOp::Neg, v), t.clone());
            self.emit(Op::Select(neg, minus, v), t.clone())
        } else {
            v
        };
        let n = self.emit(Op::Intrinsic(Intrinsic::Popc, vec![magnitude]), t);
        let n = self.cast(n, s, Scalar::I64);
        self.nonneg.insert(n);
        Val::Rt(n, Type::I64)
    }

    fn conjugate(&mut self, x: Val, range: TextRange) -> Val {
        match x {
            Val::Complex(re, im) => Val::Complex(re, -im),
            Val::Rt(v, Type::Scalar(s)) if s.is_complex() => {
                let part = Type::Scalar(s.complex_part());
                let re = self.emit(Op::ComplexPart(v, false), part.clone());
                let im = self.emit(Op::ComplexPart(v, true), part.clone());
                let neg = self.emit(Op::Unary(UnaryOp::Neg, im), part);
                let t = Type::Scalar(s);
                Val::Rt(self.emit(Op::MakeComplex(re, neg), t.clone()), t)
            }
            Val::Poison => Val::Poison,
            other if self.scalar_type_of(&other).is_some() => other,
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("conjugate() of {what}"),
                )
            }
        }
    }

    /// Binds a call's positional and keyword arguments to the parameters of source `src`, as
    /// Python does: keywords by name, missing ones from the defaults captured with the function
    /// (`$default:<name>` globals), extra positional ones into the tuple of a `*args`, then the
    /// keyword-only parameters (by name only). The result is in the order the callee's body
    /// takes its parameters (`lower::body`).
    pub(super) fn bind_device_args(
        &mut self,
        src: usize,
        args: Vec<Arg>,
        keywords: Vec<(String, Arg)>,
        range: TextRange,
    ) -> Option<Vec<Arg>> {
        let callee = self.sess.sources.get(src);
        let Ok(parsed) = oxcuda_syntax::parse_function(&callee.source.text) else {
            return Some(args); // the callee reports its own syntax error
        };
        let params = &parsed.def.parameters;
        let fname = callee.name.clone();
        let positional: Vec<String> = params
            .posonlyargs
            .iter()
            .chain(params.args.iter())
            .map(|p| p.parameter.name.to_string())
            .collect();
        let npos = positional.len();
        // Every named parameter: the positional ones, then the keyword-only ones.
        let names: Vec<String> = positional
            .into_iter()
            .chain(
                params
                    .kwonlyargs
                    .iter()
                    .map(|p| p.parameter.name.to_string()),
            )
            .collect();
        let positional_only = params.posonlyargs.len();
        let variadic = params.vararg.is_some();
        let mut slots: Vec<Option<Arg>> = vec![None; names.len()];
        let mut extra = Vec::new();
        let given = args.len();
        for (k, a) in args.into_iter().enumerate() {
            if k < npos {
                slots[k] = Some(a);
            } else if variadic {
                extra.push(a.val);
            } else {
                self.error(
                    codes::BAD_CALL,
                    range,
                    format!("{fname}() takes {npos} positional arguments but {given} were given"),
                );
                return None;
            }
        }
        for (name, a) in keywords {
            match names.iter().position(|n| *n == name) {
                Some(k) if k >= positional_only && slots[k].is_none() => slots[k] = Some(a),
                Some(k) if k >= positional_only => {
                    self.error(
                        codes::BAD_CALL,
                        a.range,
                        format!("{fname}() got multiple values for argument '{name}'"),
                    );
                    return None;
                }
                _ => {
                    self.error(
                        codes::BAD_CALL,
                        a.range,
                        format!("{fname}() got an unexpected keyword argument '{name}'"),
                    );
                    return None;
                }
            }
        }
        let mut bound = Vec::with_capacity(slots.len() + 1);
        for (k, (name, slot)) in names.iter().zip(slots).enumerate() {
            if k == npos && variadic {
                bound.push(Arg {
                    val: Val::Tuple(std::mem::take(&mut extra)),
                    range,
                });
            }
            if let Some(a) = slot {
                bound.push(a);
                continue;
            }
            let default = callee.globals.get(&format!("$default:{name}")).cloned();
            let Some(g) = default else {
                let what = if k < npos { "" } else { "keyword-only " };
                self.error(
                    codes::BAD_CALL,
                    range,
                    format!("{fname}() missing required {what}argument '{name}'"),
                );
                return None;
            };
            let val = self.global_value(name, &g, range);
            bound.push(Arg { val, range });
        }
        if variadic && names.len() == npos {
            bound.push(Arg {
                val: Val::Tuple(extra),
                range,
            });
        }
        Some(bound)
    }

    /// A call of a `@cuda.jit` function, specialised for the argument types; function values,
    /// type objects and other values with no runtime form are specialised on
    /// (`crate::param`). When that fails and some argument is a number or tuple constant, the
    /// call is compiled again with those constants as literals, as numba retries a call with
    /// literal argument types (`cuda.shared.array(n, dtype)` with `n` a parameter).
    pub(super) fn device_call(&mut self, src: usize, args: Vec<Arg>, range: TextRange) -> Val {
        let given: Vec<Option<Type>> = args.iter().map(|a| self.type_of_arg(&a.val)).collect();
        match self.declared_signature(src, &given) {
            Some(declared_overload::Choice::Call(sig)) => {
                return self.declared_device_call(src, &sig, args, range);
            }
            Some(declared_overload::Choice::Refused(message)) => {
                return self.error(codes::TYPE_MISMATCH, range, message);
            }
            None => {}
        }
        // No literal retry for a recursive call (each literal would compile another
        // specialisation, without end), nor deeper than a few nested retries.
        let recursive = self.sess.active.keys().any(|(s, _)| *s == src);
        let has_literals = !recursive
            && self.sess.literal_retries < MAX_LITERAL_RETRIES
            && args.iter().any(|a| {
                Static::of(&a.val, false, &self.sess.sources).is_none()
                    && Static::of(&a.val, true, &self.sess.sources).is_some()
            });
        let at = self.sess.checkpoint();
        let first = self.specialise(src, &args, false, range);
        match first {
            Some(v) => v,
            None if has_literals => {
                let first_errors = self.sess.errors.split_off(at.errors());
                self.sess.rollback(at);
                self.sess.literal_retries += 1;
                let retried = self.specialise(src, &args, true, range);
                self.sess.literal_retries -= 1;
                if let Some(v) = retried {
                    return v;
                }
                // Report the non-literal attempt's errors: they name the types the user wrote.
                self.sess.rollback(at);
                self.sess.errors.extend(first_errors);
                self.specialisation_failed(src, &args, false, range)
            }
            None => self.specialisation_failed(src, &args, false, range),
        }
    }

    /// A call of a function defined inside a kernel or device function (`crate::nested`): the
    /// locals it captures are passed, by name, as the enclosing function's current values.
    fn closure_call(
        &mut self,
        src: usize,
        bound: Vec<Val>,
        args: Vec<Arg>,
        mut keywords: Vec<(String, Arg)>,
        range: TextRange,
    ) -> Val {
        let Some(nested) = self.sess.nested.get(src).cloned() else {
            return self.error(
                codes::BAD_CALL,
                range,
                "this nested function could not be read",
            );
        };
        let name = self.sess.sources.get(src).name.clone();
        let is_bound = !bound.is_empty() && bound.len() == nested.captured.len();
        // Called by its definer, or by itself (recursion: its captures are its own trailing
        // parameters of the same names, so reading them passes them on unchanged).
        let in_scope = nested.parent == self.src || src == self.src;
        if !is_bound && !nested.captured.is_empty() && !in_scope {
            let names = nested.captured.join(", ");
            return self.error_hint(
                codes::BAD_CALL,
                range,
                format!(
                    "{name} reads local variables of the function that defines it ({names}), so it can only be called there"
                ),
                "pass those values as arguments instead",
            );
        }
        if let Ok(parsed) = oxcuda_syntax::parse_function(&self.sess.sources.get(src).source.text) {
            let p = &parsed.def.parameters;
            // The captured locals are its trailing parameters (`crate::nested`): positional
            // ones, or keyword-only ones after `*args`.
            let declared =
                (p.posonlyargs.len() + p.args.len()).saturating_sub(if p.vararg.is_none() {
                    nested.captured.len()
                } else {
                    0
                });
            if p.vararg.is_none() && args.len() > declared {
                return self.error(
                    codes::BAD_CALL,
                    range,
                    format!(
                        "{name}() takes {declared} positional arguments but {} were given",
                        args.len()
                    ),
                );
            }
        }
        for (k, captured) in nested.captured.iter().enumerate() {
            let val = if is_bound {
                bound[k].clone()
            } else {
                self.read_name(captured, range)
            };
            if val == Val::Poison {
                return Val::Poison;
            }
            keywords.push((captured.clone(), Arg { val, range }));
        }
        let Some(args) = self.bind_device_args(src, args, keywords, range) else {
            return Val::Poison;
        };
        let result = self.device_call(src, args, range);
        if nested.nonlocals.is_empty() {
            return result;
        }
        if is_bound {
            return self.error_hint(
                codes::BAD_CALL,
                range,
                format!(
                    "{name} rebinds variables of the function that defines it (nonlocal {}), so it can only be called there",
                    nested.nonlocals.join(", ")
                ),
                "return the new values instead",
            );
        }
        self.assign_nonlocals(&nested, result, range)
    }

    /// After a call of a nested function with `nonlocal` names: assigns their new values (the
    /// call's result carries them, `crate::nested::rewrite_nonlocals`) in the caller, which
    /// is the function defining them or the nested function itself (a recursive call, where
    /// they are its own parameters), and gives the value the function returned.
    fn assign_nonlocals(
        &mut self,
        nested: &crate::nested::Nested,
        result: Val,
        range: TextRange,
    ) -> Val {
        if result == Val::Poison {
            return Val::Poison;
        }
        let Some(items) = self.tuple_items(&result) else {
            return Val::Poison;
        };
        let (value, written) = if nested.returns_value {
            let [value, written] =
                <[Val; 2]>::try_from(items).unwrap_or([Val::Poison, Val::Poison]);
            let Some(written) = self.tuple_items(&written) else {
                return Val::Poison;
            };
            (value, written)
        } else {
            (Val::NoneV, items)
        };
        for (name, v) in nested.nonlocals.iter().zip(written) {
            let target = ast::Expr::Name(ast::ExprName {
                node_index: ast::AtomicNodeIndex::default(),
                range,
                id: ast::name::Name::new(name),
                ctx: ast::ExprContext::Store,
            });
            self.assign(&target, v, range);
        }
        value
    }

    /// A nested function passed to another function: the values of the locals it captures,
    /// read now (they travel with it: compile-time values in the specialisation, runtime ones
    /// as extra arguments).
    fn bind_closure(&mut self, src: usize, range: TextRange) -> Option<Vec<Val>> {
        let nested = self.sess.nested.get(src)?.clone();
        if !nested.nonlocals.is_empty() {
            let fname = self.sess.sources.get(src).name.clone();
            self.error_hint(
                codes::BAD_CALL,
                range,
                format!(
                    "{fname} rebinds variables of the function that defines it (nonlocal {}), so it cannot be passed to another function",
                    nested.nonlocals.join(", ")
                ),
                "call it where it is defined, or return the new values instead of rebinding them",
            );
            return None;
        }
        if nested.captured.is_empty() {
            return Some(Vec::new());
        }
        if nested.parent != self.src && src != self.src {
            let fname = self.sess.sources.get(src).name.clone();
            self.error(
                codes::BAD_CALL,
                range,
                format!("{fname} reads local variables of the function that defines it ({}), so it can only be passed on from there", nested.captured.join(", ")),
            );
            return None;
        }
        let mut bound = Vec::with_capacity(nested.captured.len());
        for name in &nested.captured {
            let v = self.read_name(name, range);
            if v == Val::Poison {
                return None;
            }
            bound.push(v);
        }
        Some(bound)
    }

    /// The parameters a call's arguments give: compile-time values as static parameters (with
    /// `literals`, numbers and tuples of them too), the rest as runtime values.
    fn call_params(&mut self, args: &[Arg], literals: bool) -> Option<(Vec<Param>, Vec<Value>)> {
        let mut params = Vec::with_capacity(args.len());
        let mut values = Vec::new();
        for a in args {
            if let Val::Closure(i, bound) = &a.val {
                let bound = if bound.is_empty() {
                    self.bind_closure(*i, a.range)?
                } else {
                    bound.clone()
                };
                let mut captured = Vec::with_capacity(bound.len());
                for v in bound {
                    if let Some(s) = Static::of(&v, false, &self.sess.sources) {
                        captured.push(Param::Static(s));
                    } else {
                        let (v, t) = self.materialize(v, a.range)?;
                        values.push(v);
                        captured.push(Param::Rt(t));
                    }
                }
                let name = self.sess.sources.get(*i).name.clone();
                params.push(Param::Static(Static::Closure(*i, name, captured)));
                continue;
            }
            if let Some(s) = Static::of(&a.val, literals, &self.sess.sources) {
                params.push(Param::Static(s));
                continue;
            }
            let (v, t) = self.materialize(a.val.clone(), a.range)?;
            values.push(v);
            params.push(Param::Rt(t));
        }
        Some((params, values))
    }

    /// Compiles (or finds) the specialisation for `args` and calls it; `None` when it failed
    /// to compile (its errors are recorded).
    fn specialise(
        &mut self,
        src: usize,
        args: &[Arg],
        literals: bool,
        range: TextRange,
    ) -> Option<Val> {
        let Some((params, values)) = self.call_params(args, literals) else {
            return Some(Val::Poison);
        };
        let key = (src, params.clone());
        if let Some(active) = self.sess.active.get(&key).cloned() {
            let Some(ret) = active.ret_guess else {
                if src == self.src && self.next.ret_none {
                    // The base case returns None and the recursive case builds on the
                    // call's result: numba's return type grows without end.
                    return Some(self.error_hint(
                        codes::RECURSION,
                        range,
                        "Return type of recursive function does not converge: the base case returns None and this recursive call's result would be part of the return value",
                        "return a value of one type on every path (a tuple cannot grow with the recursion depth)",
                    ));
                }
                return Some(self.error_hint(
                    codes::RECURSION,
                    range,
                    "cannot type infer runaway recursion: no `return <value>` before this recursive call gives the function's return type (numba's error)",
                    "put a base case `return <value>` before the recursive call, or give the function a signature",
                ));
            };
            return Some(self.finish_call(active.id, values, ret));
        }
        match self.sess.function(src, &params, FunctionKind::Device, None) {
            Ok((id, ret)) => Some(self.finish_call(id, values, ret)),
            Err(()) => None,
        }
    }

    fn specialisation_failed(
        &mut self,
        src: usize,
        args: &[Arg],
        literals: bool,
        range: TextRange,
    ) -> Val {
        let name = self.sess.sources.get(src).name.clone();
        let sig: Vec<String> = args
            .iter()
            .map(|a| match Static::of(&a.val, literals, &self.sess.sources) {
                Some(s) => s.to_string(),
                None => match &a.val {
                    Val::Rt(_, t) => t.to_string(),
                    Val::Int(_) => "int64".into(),
                    Val::Float(_) => "float64".into(),
                    Val::Bool(_) => "bool".into(),
                    other => other.describe(),
                },
            })
            .collect();
        // numba's phrase for a callee that failed to type, for a @cuda.jit function.
        let resolving = if self.sess.nested.get(src).is_none() {
            format!("resolving callee type: type(CUDADispatcher(<function {name}>)): ")
        } else {
            String::new()
        };
        self.error(
            codes::BAD_CALL,
            range,
            format!(
                "{resolving}device function {name}({}) {FAILED_CALLEE}",
                sig.join(", ")
            ),
        )
    }

    /// The signature a device function was declared with (`@cuda.jit("float64(int32)",
    /// device=True)`) that a call with arguments of types `given` uses: the capture records
    /// each as the string global `$signature:<k>` of its source. numba-cuda compiles such a
    /// function for its declared types only, converting the arguments of every call to them.
    /// One whose parameter types are exactly the arguments' is chosen; otherwise the only
    /// signature of the right arity, converting; with several and no exact match, none (the
    /// function is specialised for the arguments, as without a signature).
    /// The declared signature a call of device function `src` with argument types `given`
    /// takes (`declared_overload`); `None` when the function declares none (it is specialised
    /// for the arguments), or when an argument has no plain type to rate.
    fn declared_signature(
        &self,
        src: usize,
        given: &[Option<Type>],
    ) -> Option<declared_overload::Choice> {
        let globals = &self.sess.sources.get(src).globals;
        let sigs: Vec<oxcuda_types::Signature> = (0..)
            .map_while(|k| match globals.get(&format!("$signature:{k}")) {
                Some(crate::GlobalValue::Str(text)) => Some(text.clone()),
                _ => None,
            })
            .filter_map(|text| oxcuda_types::parse_signature(&text).ok())
            .filter(|sig| sig.args.len() == given.len())
            .collect();
        if let Some(exact) = sigs.iter().find(|sig| {
            sig.args
                .iter()
                .zip(given)
                .all(|(p, g)| g.as_ref() == Some(p))
        }) {
            return Some(declared_overload::Choice::Call(exact.clone()));
        }
        match sigs.as_slice() {
            [] => None,
            [only] => Some(declared_overload::Choice::Call(only.clone())),
            several => {
                let got: Option<Vec<Type>> = given.iter().cloned().collect();
                let name = &self.sess.sources.get(src).name;
                got.map(|got| declared_overload::choose(name, &got, several))
            }
        }
    }

    /// The type an argument value has at run time (literals as numba types them).
    fn type_of_arg(&self, v: &Val) -> Option<Type> {
        match v {
            Val::Rt(_, t) => Some(t.clone()),
            Val::Int(_) => Some(Type::I64),
            Val::Float(_) => Some(Type::F64),
            Val::Bool(_) => Some(Type::BOOL),
            _ => None,
        }
    }

    /// A call of a device function with a declared signature: the arguments converted to its
    /// parameter types, the result of its declared return type.
    fn declared_device_call(
        &mut self,
        src: usize,
        sig: &oxcuda_types::Signature,
        args: Vec<Arg>,
        range: TextRange,
    ) -> Val {
        let mut values = Vec::new();
        for (a, ty) in args.into_iter().zip(&sig.args) {
            let Some(v) = self.convert(a.val, ty, a.range) else {
                return Val::Poison;
            };
            values.push(v);
        }
        let ret = sig.ret.clone().filter(|t| *t != Type::None);
        let params: Vec<Param> = sig.args.iter().cloned().map(Param::Rt).collect();
        let key = (src, params.clone());
        if let Some(active) = self.sess.active.get(&key).cloned() {
            let ret = ret.or(active.ret_guess).unwrap_or(Type::None);
            return self.finish_call(active.id, values, ret);
        }
        let declared = sig.ret.clone().unwrap_or(Type::None);
        match self.sess.function(
            src,
            &params,
            FunctionKind::Device,
            sig.ret.as_ref().map(|_| &declared),
        ) {
            Ok((id, ret)) => self.finish_call(id, values, ret),
            Err(()) => {
                let name = self.sess.sources.get(src).name.clone();
                self.error(
                    codes::BAD_CALL,
                    range,
                    format!("device function {name} declared as {sig} {FAILED_CALLEE}"),
                )
            }
        }
    }

    /// Emits the call of device function `id`; a record result comes back through a slot of
    /// the caller's, passed last (`record_return.rs`).
    fn finish_call(&mut self, id: oxcuda_ir::FuncId, mut args: Vec<Value>, ret: Type) -> Val {
        args.extend(self.return_slot(&ret));
        if ret == Type::None {
            self.emit_void(Op::Call(id, args));
            Val::NoneV
        } else {
            Val::Rt(self.emit(Op::Call(id, args), ret.clone()), ret)
        }
    }
}

/// How many literal retries (`device_call`) may be in progress at once.
const MAX_LITERAL_RETRIES: u32 = 8;

/// A default's integer literal (`0xFFFFFFFF`, `0`).
fn parse_int_literal(text: &str) -> Option<i128> {
    match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => i128::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

fn num(v: &Val) -> Option<f64> {
    match v {
        Val::Int(i) => Some(*i as f64),
        Val::Float(x) => Some(*x),
        _ => None,
    }
}

/// Python's `float(str)` of a literal: surrounding whitespace ignored, `nan`/`inf`/`infinity`
/// in any case with an optional sign, underscores between digits; `None` where Python raises.
fn python_float(text: &str) -> Option<f64> {
    let t = text.trim();
    let (sign, body) = match t.strip_prefix('-') {
        Some(rest) => (-1.0, rest),
        None => (1.0, t.strip_prefix('+').unwrap_or(t)),
    };
    match body.to_ascii_lowercase().as_str() {
        "nan" => return Some(f64::NAN.copysign(sign)),
        "inf" | "infinity" => return Some(f64::INFINITY * sign),
        _ => {}
    }
    if body.starts_with('_') || body.ends_with('_') || body.contains("__") {
        return None;
    }
    let digits: String = body.chars().filter(|&c| c != '_').collect();
    if digits.is_empty()
        || !digits
            .chars()
            .all(|c| c.is_ascii_digit() || "eE+-.".contains(c))
    {
        return None;
    }
    digits.parse::<f64>().ok().map(|x| x * sign)
}

/// A shape known at compile time: a non-negative int constant or a tuple of them.
pub(crate) fn constant_shape(val: &Val) -> Option<Vec<u64>> {
    match val {
        Val::Int(n) => u64::try_from(*n).ok().map(|n| vec![n]),
        Val::Tuple(items) => items
            .iter()
            .map(|item| match item {
                Val::Int(n) => u64::try_from(*n).ok(),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// A value's type as numba's typing messages write it: literals as `Literal[int](1)`,
/// tuples as `Tuple(...)`, runtime values by their type.
/// The start of the message of an `alignment=` that is an integer numba-cuda refuses; the
/// Python side raises such an error as `InvalidAlignmentError`, a `TypingError` and the
/// `ValueError` numba-cuda raises (`oxcuda.errors`).
pub(crate) const ALIGNMENT_VALUE_ERROR: &str = "Alignment must be ";

/// Why numba-cuda refuses the integer alignment `n` (its `_validate_alignment`: positive, a
/// power of two, a multiple of the pointer size), or `None` when it is valid.
fn alignment_problem(n: i128) -> Option<&'static str> {
    if n <= 0 {
        Some("positive")
    } else if n & (n - 1) != 0 {
        Some("a power of 2")
    } else if n % 8 != 0 {
        Some("a multiple of 8")
    } else if n > 1 << 29 {
        // LLVM's largest alignment (libNVVM would refuse the module).
        Some("at most 2**29")
    } else {
        None
    }
}

/// The shape argument of an allocator call when it is written as a list display, positional
/// or `shape=`.
fn list_shape(c: &ast::ExprCall) -> Option<&ast::ExprList> {
    let shape = c.arguments.args.first().or_else(|| {
        c.arguments
            .keywords
            .iter()
            .find(|k| k.arg.as_ref().is_some_and(|a| a.as_str() == "shape"))
            .map(|k| &k.value)
    })?;
    match shape {
        ast::Expr::List(l) => Some(l),
        _ => None,
    }
}

fn numba_type_name(v: &Val) -> String {
    match v {
        Val::Int(i) => format!("Literal[int]({i})"),
        Val::Bool(b) => format!("Literal[bool]({})", if *b { "True" } else { "False" }),
        Val::Float(_) => "float64".to_owned(),
        Val::Tuple(items) => format!(
            "Tuple({})",
            items
                .iter()
                .map(numba_type_name)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Val::TypeObj(t) => format!("class({t})"),
        other => other.describe(),
    }
}
