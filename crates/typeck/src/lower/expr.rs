//! Expressions: names, attributes, constants, operators, conditional expressions.

use oxcuda_ir::{BinOp, CmpOp, Const, MathFn, Op, UnaryOp};
use oxcuda_syntax::ast::{self, Expr, Number};
use oxcuda_syntax::codes;
use oxcuda_syntax::{Ranged, TextRange};
use oxcuda_types::promote::{self, BinaryClass};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::convert::Cond;
use crate::globals::GlobalValue;
use crate::resolve::{self, Meaning};
use crate::value::Val;

impl Lower<'_, '_> {
    /// Evaluates an expression.
    pub fn expr(&mut self, e: &Expr) -> Val {
        match e {
            Expr::NumberLiteral(n) => match &n.value {
                Number::Int(i) => match i.to_string().parse::<i128>() {
                    Ok(v) => Val::Int(v),
                    Err(_) => self.error(codes::TYPE_MISMATCH, n.range(), "integer literal too large"),
                },
                Number::Float(x) => Val::Float(*x),
                Number::Complex { real, imag } => Val::Complex(*real, *imag),
            },
            Expr::BooleanLiteral(b) => Val::Bool(b.value),
            Expr::NoneLiteral(_) => Val::NoneV,
            Expr::StringLiteral(s) => Val::Str(s.value.to_str().to_owned()),
            Expr::BytesLiteral(b) => Val::Bytes(b.value.bytes().collect()),
            Expr::Name(n) => self.name(n.id.as_str(), n.range()),
            Expr::Attribute(a) => {
                let base = self.expr(&a.value);
                let before = self.diags.len();
                let found = if let Val::Rt(r, Type::Record(rec)) = base {
                    self.record_attribute(r, rec, a.attr.as_str(), a.attr.range())
                } else {
                    self.attribute(base.clone(), a.attr.as_str(), a.range())
                };
                // An attribute oxcuda does not know may be an extension's (numba's order:
                // the built-in attributes first, then @overload_method/@overload_attribute).
                if found == Val::Poison && self.diags.len() == before + 1 {
                    let code = self.diags[before].code;
                    if (code == codes::UNKNOWN_ATTRIBUTE || code == codes::UNKNOWN_FIELD)
                        && let Some(v) = self.extension_attribute(&base, a.attr.as_str(), a.range())
                    {
                        self.diags.truncate(before);
                        return v;
                    }
                }
                found
            }
            Expr::BinOp(b) => {
                let l = self.expr(&b.left);
                let r = self.expr(&b.right);
                self.binary(b.op, l, r, b.range())
            }
            Expr::UnaryOp(u) => {
                let v = self.expr(&u.operand);
                self.unary(u.op, v, u.range())
            }
            Expr::BoolOp(b) => self.bool_op(b),
            Expr::Compare(c) => self.compare_chain(c),
            Expr::If(i) => self.if_expr(i),
            Expr::Call(c) => self.call(c),
            Expr::Subscript(s) => {
                let base = self.expr(&s.value);
                let index = self.index_vals(&s.slice);
                let range = if matches!(base, Val::Rt(_, Type::Record(_))) {
                    s.slice.range()
                } else {
                    s.range()
                };
                self.subscript_load(base, index, range)
            }
            Expr::Tuple(t) => self.tuple_display(&t.elts),
            Expr::Lambda(l) => match self.sess.nested.at(self.src, l.range()) {
                Some(n) => Val::Closure(n.index, Vec::new()),
                None => self.error(codes::SYNTAX_ERROR, l.range(), "this lambda could not be read"),
            },
            Expr::Named(n) => {
                // `(x := value)`: assigns, and is the value.
                let v = self.expr(&n.value);
                self.assign(&n.target, v.clone(), n.value.range());
                v
            }
            other => self.error_hint(
                codes::UNSUPPORTED_SYNTAX,
                other.range(),
                format!("{} is not supported in device code", expr_kind(other)),
                "device code has no lists, dicts, sets, comprehensions or f-strings; use arrays (cuda.local.array) and tuples",
            ),
        }
    }

    /// `(a, b, *t)`: the items, with starred tuples spliced in.
    fn tuple_display(&mut self, elts: &[Expr]) -> Val {
        let mut items = Vec::new();
        for e in elts {
            if let Expr::Starred(st) = e {
                let v = self.expr(&st.value);
                if v == Val::Poison {
                    return Val::Poison;
                }
                match self.tuple_items(&v) {
                    Some(inner) => items.extend(inner),
                    None => {
                        let what = v.describe();
                        return self.error(
                            codes::TYPE_MISMATCH,
                            st.range(),
                            format!("only tuples can be unpacked with '*', not {what}"),
                        );
                    }
                }
            } else {
                items.push(self.expr(e));
            }
        }
        Val::Tuple(items)
    }

    /// The value of a name, as an expression reading it gives.
    pub(super) fn read_name(&mut self, name: &str, range: TextRange) -> Val {
        self.name(name, range)
    }

    /// A name: a local, a global or closure value, or a builtin.
    fn name(&mut self, name: &str, range: TextRange) -> Val {
        if self.assigned.contains(name) {
            if !self.written.contains(name) && self.loops.is_empty() {
                // No assignment comes before this read, and no loop can bring one around.
                if self.error_poisoned.contains(name) {
                    return Val::Poison;
                }
                return self.error(
                    codes::UNDEFINED_VARIABLE,
                    range,
                    format!("local variable '{name}' is read before any assignment to it"),
                );
            }
            let key = self.read_key(name, range);
            if let Some(v) = self
                .next
                .statics
                .get(&key)
                .or_else(|| self.state.statics.get(&key))
            {
                return v.clone();
            }
            if self.conflicted.contains(&key) {
                return Val::Poison;
            }
            let slot = match self.locals.get(&key) {
                Some(slot) => Some(slot.clone()),
                None => self.state.vars.get(&key).cloned().map(|ty| {
                    let var = self.f.new_var(&key, ty.clone());
                    self.locals.insert(key.clone(), (var, ty.clone()));
                    (var, ty)
                }),
            };
            return match slot {
                None if self.error_poisoned.contains(name) => Val::Poison,
                Some((var, ty)) => {
                    let v = self.emit(Op::GetVar(var), ty.clone());
                    // Optimistic: a variable is ≥ 0 unless some assignment, in the previous
                    // pass or earlier in this one, may not be. The passes end only when
                    // `state == next`, so in the pass that is kept every assignment to a
                    // variable marked ≥ 0 is ≥ 0 given only such reads: an induction over the
                    // execution. (Pessimistic reads would lag one pass behind and never
                    // recover, since `widen` only clears marks.)
                    if self.state.nonneg.get(&key) != Some(&false)
                        && self.next.nonneg.get(&key) != Some(&false)
                    {
                        self.nonneg.insert(v);
                    }
                    Val::Rt(v, ty)
                }
                None => self.error(
                    codes::UNDEFINED_VARIABLE,
                    range,
                    format!("local variable '{name}' is read before any assignment to it"),
                ),
            };
        }
        // A nested `def` reading its own name calls itself (the enclosing function's local
        // of that name is this function, and shadows any global).
        if let Some(n) = self.sess.nested.get(self.src)
            && n.own_name.as_deref() == Some(name)
        {
            return Val::Closure(self.src, Vec::new());
        }
        let fsrc = self.fsrc.clone();
        if let Some(g) = fsrc.globals.get(name) {
            return self.global_value(name, g, range);
        }
        match resolve::builtin(name) {
            Some(m) => self.meaning(m),
            None => self.error_hint(
                codes::UNKNOWN_NAME,
                range,
                format!("NameError: name '{name}' is not defined"),
                "kernels see their arguments, locals, module globals and closure variables captured at compile time, and Python builtins",
            ),
        }
    }

    pub(crate) fn global_value(&mut self, name: &str, g: &GlobalValue, range: TextRange) -> Val {
        match g {
            GlobalValue::Module(m) => Val::Namespace(m.clone()),
            GlobalValue::Int(i) => Val::Int(*i),
            GlobalValue::Float(x) => Val::Float(*x),
            GlobalValue::Bool(b) => Val::Bool(*b),
            GlobalValue::Complex(re, im) => Val::Complex(*re, *im),
            // An fp8 scalar (an ml_dtypes float8 value) is its float value, converted.
            GlobalValue::TypedScalar(s, crate::globals::TypedValue::Float(x)) if s.is_fp8() => {
                let f = self.emit(Op::Const(Const::Float(*x)), Type::F64);
                let v = self.cast(f, Scalar::F64, *s);
                Val::Rt(v, Type::Scalar(*s))
            }
            GlobalValue::TypedScalar(s, v) => {
                let c = match *v {
                    crate::globals::TypedValue::Int(i) if *s == Scalar::Bool => Const::Bool(i != 0),
                    crate::globals::TypedValue::Int(i) => Const::Int(i),
                    crate::globals::TypedValue::Float(x) => Const::Float(x),
                    crate::globals::TypedValue::Complex(re, im) => Const::Complex(re, im),
                };
                let t = Type::Scalar(*s);
                let v = self.emit(Op::Const(c), t.clone());
                if matches!(c, Const::Int(i) if i >= 0) || matches!(c, Const::Bool(_)) {
                    self.nonneg.insert(v);
                }
                Val::Rt(v, t)
            }
            GlobalValue::Datetime(d, count) => self.datetime_constant(*d, *count),
            GlobalValue::None => Val::NoneV,
            GlobalValue::Str(s) => Val::Str(s.clone()),
            GlobalValue::Bytes(b) => Val::Bytes(b.clone()),
            GlobalValue::Tuple(items) => Val::Tuple(items.iter().map(|i| self.global_value(name, i, range)).collect()),
            GlobalValue::Array { .. } => Val::GlobalArray(name.to_owned()),
            GlobalValue::DeviceArray(a) => self.device_array(a),
            GlobalValue::Type(t) => Val::TypeObj(t.clone()),
            GlobalValue::Function(i) => Val::Jit(*i),
            GlobalValue::Extern(e) => Val::Extern(Box::new(e.clone())),
            GlobalValue::Overload(key, name) => Val::Overload(*key, name.clone()),
            GlobalValue::Builtin(path) => match path.rsplit_once('.') {
                Some((parent, attr)) => match resolve::module_attr(parent, attr) {
                    Some(m) => self.meaning(m),
                    None => Val::Namespace(path.clone()),
                },
                None => match resolve::builtin(path) {
                    Some(m) => self.meaning(m),
                    None => Val::Namespace(path.clone()),
                },
            },
            GlobalValue::EnumClass(c) => Val::EnumClass(c.clone()),
            GlobalValue::EnumMember { class, name: member } => {
                self.enum_member(class, member, range)
            }
            GlobalValue::NamedTupleClass(c) => Val::NamedTupleClass(c.clone()),
            GlobalValue::RecordCtor(c) => Val::RecordCtor(c.clone()),
            GlobalValue::NamedTuple { class, items } => {
                let items = items
                    .iter()
                    .map(|i| self.global_value(name, i, range))
                    .collect();
                self.make_namedtuple(class, items, range)
            }
            GlobalValue::ExceptionClass(_, class) => self.error_hint(
                codes::UNSUPPORTED_GLOBAL,
                range,
                format!("the exception class {class} can only be raised in device code, not used as a value"),
                format!("write raise {class} or raise {class}(\"a message\")"),
            ),
            GlobalValue::Unsupported(repr) => self.error_hint(
                codes::UNSUPPORTED_GLOBAL,
                range,
                format!("Untyped global name '{name}': it is {repr}, which device code cannot use"),
                "kernels can use numbers, tuples, NumPy arrays (frozen as constants), types, modules and other @cuda.jit functions from globals",
            ),
        }
    }

    /// A resolved meaning as a value.
    fn meaning(&mut self, m: Meaning) -> Val {
        match m {
            Meaning::Namespace(p) => Val::Namespace(p),
            Meaning::Callable(p) => Val::Callable(p),
            Meaning::Float(x) => Val::Float(x),
            Meaning::Complex(re, im) => Val::Complex(re, im),
            Meaning::Type(s) => Val::TypeObj(Type::Scalar(s)),
            Meaning::Token(p) => Val::Str(p),
            Meaning::Intrinsic(i) => {
                let v = self.emit(Op::Intrinsic(i, Vec::new()), Type::I32);
                self.nonneg.insert(v);
                Val::Rt(v, Type::I32)
            }
        }
    }

    fn attribute(&mut self, base: Val, attr: &str, range: TextRange) -> Val {
        match base {
            Val::Poison => Val::Poison,
            Val::Namespace(path) => match resolve::module_attr(&path, attr) {
                Some(m) => self.meaning(m),
                None => self.error(
                    codes::UNKNOWN_ATTRIBUTE,
                    range,
                    format!("{path}.{attr} does not exist in device code"),
                ),
            },
            Val::Rt(v, Type::Array(a)) => self.array_attribute(v, a, attr, range),
            Val::Method(array, "ctypes") => self.ctypes_attribute(*array, attr, range),
            Val::EnumClass(c) => self.enum_member(&c, attr, range),
            Val::Rt(v, Type::Enum(e)) => self.enum_attribute(v, &e, attr, range),
            Val::Rt(v, Type::NamedTuple(n)) => self.namedtuple_field(v, &n, attr, range),
            Val::Rt(v, Type::Vector(t)) => self.vector_lane(v, t, attr, range),
            Val::Rt(v, Type::Fp8Vector(t)) => self.fp8_vector_attr(v, t, attr, range),
            Val::GlobalArray(_) => match self.materialize(base, range) {
                Some((v, Type::Array(a))) => self.array_attribute(v, a, attr, range),
                _ => Val::Poison,
            },
            Val::Rt(v, Type::Scalar(s)) if s.is_complex() && (attr == "real" || attr == "imag") => {
                let part = self.emit(
                    Op::ComplexPart(v, attr == "imag"),
                    Type::Scalar(s.complex_part()),
                );
                Val::Rt(part, Type::Scalar(s.complex_part()))
            }
            Val::Rt(v, Type::Scalar(s)) if attr == "real" => Val::Rt(v, Type::Scalar(s)),
            Val::Rt(_, Type::Scalar(s)) if attr == "imag" => {
                let zero = if s.is_float() {
                    self.emit(Op::Const(Const::Float(0.0)), Type::Scalar(s))
                } else {
                    self.const_int(0, if s == Scalar::Bool { Scalar::I64 } else { s })
                };
                let t = self.f.value_type(zero).clone();
                Val::Rt(zero, t)
            }
            Val::Rt(_, Type::Scalar(s))
                if attr == "bit_count" && (s.is_int() || s == Scalar::Bool) =>
            {
                Val::Method(Box::new(base), "bit_count")
            }
            Val::Int(_) | Val::Bool(_) if attr == "bit_count" => {
                Val::Method(Box::new(base), "bit_count")
            }
            Val::Rt(_, Type::Scalar(_)) | Val::Int(_) | Val::Float(_) | Val::Complex(..)
                if attr == "conjugate" =>
            {
                Val::Method(Box::new(base), "conjugate")
            }
            other => {
                let what = other.describe();
                self.error(
                    codes::UNKNOWN_ATTRIBUTE,
                    range,
                    format!("{what} has no attribute '{attr}' in device code"),
                )
            }
        }
    }

    /// `l <op> r` with numba's typing; constants fold with Python semantics.
    pub fn binary(&mut self, op: ast::Operator, l: Val, r: Val, range: TextRange) -> Val {
        use ast::Operator as O;
        if l == Val::Poison || r == Val::Poison {
            return Val::Poison;
        }
        let (l, r) = (self.unwrap_optional(l), self.unwrap_optional(r));
        let (l, r) = (Self::plain(l), Self::plain(r));
        if let Some(v) = self.datetime_binary(op, &l, &r, range) {
            return v;
        }
        if let Some(folded) = fold_binary(op, &l, &r) {
            return folded;
        }
        if op == O::Add
            && matches!(l, Val::Tuple(_) | Val::Rt(_, Type::Tuple(_)))
            && matches!(r, Val::Tuple(_) | Val::Rt(_, Type::Tuple(_)))
            && let (Some(a), Some(b)) = (self.tuple_items(&l), self.tuple_items(&r))
        {
            return Val::Tuple(a.into_iter().chain(b).collect());
        }
        let (class, bin) = match op {
            O::Add => (BinaryClass::Arith, BinOp::Add),
            O::Sub => (BinaryClass::Arith, BinOp::Sub),
            O::Mult => (BinaryClass::Arith, BinOp::Mul),
            O::Div => (BinaryClass::TrueDiv, BinOp::Div),
            O::FloorDiv => (BinaryClass::FloorDivMod, BinOp::FloorDiv),
            O::Mod => (BinaryClass::FloorDivMod, BinOp::Mod),
            O::Pow => (BinaryClass::Pow, BinOp::Pow),
            O::BitAnd => (BinaryClass::Bitwise, BinOp::BitAnd),
            O::BitOr => (BinaryClass::Bitwise, BinOp::BitOr),
            O::BitXor => (BinaryClass::Bitwise, BinOp::BitXor),
            O::LShift => (BinaryClass::Shift, BinOp::Shl),
            O::RShift => (BinaryClass::Shift, BinOp::Shr),
            O::MatMult => {
                return self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    "the @ operator is not supported in device code",
                );
            }
        };
        let (Some(a), Some(b)) = (self.scalar_type_of(&l), self.scalar_type_of(&r)) else {
            let (dl, dr) = (l.describe(), r.describe());
            return self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "unsupported operand types for {}: {dl} and {dr}",
                    op.as_str()
                ),
                "arithmetic in kernels works on numbers; index arrays element by element",
            );
        };
        let Some(types) = promote::binary(class, a, b) else {
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("unsupported operand types for {}: {a} and {b}", op.as_str()),
            );
        };
        // float ** small constant integer: multiply out (exact and fast), as numba's powi does;
        // complex likewise (CPython multiplies out integer powers of complex numbers).
        if bin == BinOp::Pow
            && (types.result.is_float() || types.result.is_complex())
            && let Val::Int(n) = r
            && ((0..=4).contains(&n) || n == -1)
        {
            if let Some(x) = self.convert(l.clone(), &Type::Scalar(types.result), range) {
                return Val::Rt(
                    self.small_power(x, types.result, n),
                    Type::Scalar(types.result),
                );
            }
            return Val::Poison;
        }
        let nonneg_operands = self.is_nonneg(&l) && self.is_nonneg(&r);
        let (Some(x), Some(y)) = (
            self.convert(l, &Type::Scalar(types.lhs), range),
            self.convert(r, &Type::Scalar(types.rhs), range),
        ) else {
            return Val::Poison;
        };
        let result = Type::Scalar(types.result);
        if self.sess.options.debug
            && matches!(bin, BinOp::Div | BinOp::FloorDiv | BinOp::Mod)
            && !types.rhs.is_complex()
            && !(self.sess.options.fastmath && types.rhs.is_float())
        {
            // numba-cuda's debug builds use Python's error model: a zero divisor raises;
            // under fastmath a float divisor is not checked (numba's fast division).
            let zero = if types.rhs.is_float() {
                self.emit(Op::Const(Const::Float(0.0)), Type::Scalar(types.rhs))
            } else {
                self.const_int(0, types.rhs)
            };
            let ok = self.emit(Op::Compare(CmpOp::Ne, y, zero), Type::BOOL);
            let ints = types.rhs.is_int();
            let message = match (bin, ints) {
                (BinOp::FloorDiv, true) => "integer division by zero",
                (BinOp::Mod, true) => "integer modulo by zero",
                (BinOp::Mod, false) => "modulo by zero",
                _ => "division by zero",
            };
            // At the divisor's last character (`raise.rs`: checks never share a location).
            let at = range.end().checked_sub(1.into()).unwrap_or(range.start());
            self.check_at(ok, at, "ZeroDivisionError", message.to_owned());
        }
        let v = if bin == BinOp::Pow && types.result.is_float() {
            let y = self.cast(y, types.rhs, types.result);
            self.emit(Op::Math(MathFn::Pow, vec![x, y]), result.clone())
        } else {
            self.emit(Op::Binary(bin, x, y), result.clone())
        };
        if nonneg_operands
            && types.result.is_int()
            && matches!(
                bin,
                BinOp::Add
                    | BinOp::Mul
                    | BinOp::FloorDiv
                    | BinOp::Mod
                    | BinOp::BitAnd
                    | BinOp::BitOr
                    | BinOp::Shr
            )
        {
            self.nonneg.insert(v);
        }
        Val::Rt(v, result)
    }

    fn small_power(&mut self, x: oxcuda_ir::Value, ty: Scalar, n: i128) -> oxcuda_ir::Value {
        let t = Type::Scalar(ty);
        let one = if ty.is_complex() {
            Const::Complex(1.0, 0.0)
        } else {
            Const::Float(1.0)
        };
        match n {
            0 => self.emit(Op::Const(one), t),
            1 => x,
            2 => self.emit(Op::Binary(BinOp::Mul, x, x), t),
            3 => {
                let sq = self.emit(Op::Binary(BinOp::Mul, x, x), t.clone());
                self.emit(Op::Binary(BinOp::Mul, sq, x), t)
            }
            4 => {
                let sq = self.emit(Op::Binary(BinOp::Mul, x, x), t.clone());
                self.emit(Op::Binary(BinOp::Mul, sq, sq), t)
            }
            _ => {
                let one = self.emit(Op::Const(one), t.clone());
                self.emit(Op::Binary(BinOp::Div, one, x), t)
            }
        }
    }

    /// Whether a value is known to be ≥ 0.
    pub fn is_nonneg(&self, v: &Val) -> bool {
        match v {
            Val::Int(i) => *i >= 0,
            Val::Bool(_) => true,
            Val::Rt(v, Type::Scalar(s)) => {
                !s.is_signed() && !s.is_float() && !s.is_complex() || self.nonneg.contains(v)
            }
            _ => false,
        }
    }

    /// The scalar type a value takes in arithmetic (literals: int64, float64, bool, complex128).
    pub fn scalar_type_of(&self, v: &Val) -> Option<Scalar> {
        match v {
            Val::Rt(_, Type::Scalar(s)) => Some(*s),
            Val::Rt(_, Type::Enum(e)) if e.int => e.value.as_scalar(),
            Val::Int(i) => Some(if *i > i128::from(i64::MAX) {
                Scalar::U64
            } else {
                Scalar::I64
            }),
            Val::Float(_) => Some(Scalar::F64),
            Val::Bool(_) => Some(Scalar::Bool),
            Val::Complex(..) => Some(Scalar::C128),
            _ => None,
        }
    }

    pub(crate) fn unary(&mut self, op: ast::UnaryOp, v: Val, range: TextRange) -> Val {
        use ast::UnaryOp as U;
        let v = self.unwrap_optional(v);
        let v = Self::plain(v);
        if let Some(out) = self.datetime_unary(op, &v, range) {
            return out;
        }
        match (op, &v) {
            (_, Val::Poison) => return Val::Poison,
            (U::Not, _) => {
                return match self.truth(v, range) {
                    Some(Cond::Known(b)) => Val::Bool(!b),
                    Some(Cond::Runtime(c)) => Val::Rt(
                        self.emit(Op::Unary(UnaryOp::Not, c), Type::BOOL),
                        Type::BOOL,
                    ),
                    None => Val::Poison,
                };
            }
            (U::USub, Val::Int(i)) => return Val::Int(-i),
            (U::USub, Val::Float(x)) => return Val::Float(-x),
            (U::UAdd, Val::Int(_) | Val::Float(_)) => return v,
            (U::Invert, Val::Int(i)) => return Val::Int(!i),
            // numba (like NumPy) inverts booleans logically: ~True is False, not -2.
            (U::Invert, Val::Bool(b)) => return Val::Bool(!b),
            (U::Invert, Val::Rt(x, Type::Scalar(Scalar::Bool))) => {
                let x = *x;
                return Val::Rt(
                    self.emit(Op::Unary(UnaryOp::Not, x), Type::BOOL),
                    Type::BOOL,
                );
            }
            _ => {}
        }
        let Some(s) = self.scalar_type_of(&v) else {
            let what = v.describe();
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("bad operand type for unary {}: {what}", op.as_str()),
            );
        };
        let bitwise = op == U::Invert;
        let Some(result) = promote::unary_arith(s, bitwise) else {
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("bad operand type for unary {}: {s}", op.as_str()),
            );
        };
        let Some(x) = self.convert(v, &Type::Scalar(result), range) else {
            return Val::Poison;
        };
        let t = Type::Scalar(result);
        match op {
            U::UAdd => Val::Rt(x, t),
            U::USub => Val::Rt(self.emit(Op::Unary(UnaryOp::Neg, x), t.clone()), t),
            _ => Val::Rt(self.emit(Op::Unary(UnaryOp::BitNot, x), t.clone()), t),
        }
    }

    /// One comparison `l <op> r`.
    pub(crate) fn compare(&mut self, op: ast::CmpOp, l: Val, r: Val, range: TextRange) -> Val {
        use ast::CmpOp as C;
        if l == Val::Poison || r == Val::Poison {
            return Val::Poison;
        }
        if let Some(v) = self.enum_compare(op, &l, &r, range) {
            return v;
        }
        let (l, r) = (Self::plain(l), Self::plain(r));
        if matches!(op, C::Is | C::IsNot) {
            let same = self.identity(l, r, range);
            return if op == C::Is {
                same
            } else {
                self.unary(ast::UnaryOp::Not, same, range)
            };
        }
        let (l, r) = (self.unwrap_optional(l), self.unwrap_optional(r));
        let cmp = match op {
            C::Eq => CmpOp::Eq,
            C::NotEq => CmpOp::Ne,
            C::Lt => CmpOp::Lt,
            C::LtE => CmpOp::Le,
            C::Gt => CmpOp::Gt,
            C::GtE => CmpOp::Ge,
            _ => {
                return self.error(
                    codes::UNSUPPORTED_SYNTAX,
                    range,
                    "'in' is not supported in device code",
                );
            }
        };
        if let Some(v) = self.datetime_compare(cmp, &l, &r, range) {
            return v;
        }
        if let Some(v) = self.char_seq_compare(cmp, &l, &r, range) {
            return v;
        }
        if let Some(b) = fold_compare(cmp, &l, &r) {
            return Val::Bool(b);
        }
        if let (Some(xs), Some(ys)) = (self.tuple_items(&l), self.tuple_items(&r)) {
            return self.compare_tuples(op, xs, ys, range);
        }
        let (Some(a), Some(b)) = (self.scalar_type_of(&l), self.scalar_type_of(&r)) else {
            let (dl, dr) = (l.describe(), r.describe());
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("cannot compare {dl} with {dr}"),
            );
        };
        let Some(types) = promote::binary(BinaryClass::Compare, a, b) else {
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("cannot compare {a} with {b}"),
            );
        };
        if types.lhs.is_complex() && !matches!(cmp, CmpOp::Eq | CmpOp::Ne) {
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                "complex numbers have no ordering",
            );
        }
        let (Some(x), Some(y)) = (
            self.convert(l, &Type::Scalar(types.lhs), range),
            self.convert(r, &Type::Scalar(types.rhs), range),
        ) else {
            return Val::Poison;
        };
        Val::Rt(self.emit(Op::Compare(cmp, x, y), Type::BOOL), Type::BOOL)
    }

    /// `l is r`, with numba's semantics: values of different types are never identical;
    /// compile-time values (None, functions, types, modules, literals) are identical when they
    /// are the same value; runtime values of one immutable type (numbers, bools, tuples) are
    /// identical when equal. Arrays are mutable, and numba's identity of two array views (same
    /// data, shape and strides) is not implemented: a clear error.
    fn identity(&mut self, l: Val, r: Val, range: TextRange) -> Val {
        let statics = (
            crate::param::Static::of(&l, true, &self.sess.sources),
            crate::param::Static::of(&r, true, &self.sess.sources),
        );
        let f64_ = |v: &Val| matches!(v, Val::Float(_) | Val::Rt(_, Type::Scalar(Scalar::F64)));
        match (&l, &r, statics) {
            // numba has no float literals: a float constant is a float64 like any other.
            _ if matches!(l, Val::Float(_)) || matches!(r, Val::Float(_)) => {
                if f64_(&l) && f64_(&r) {
                    self.compare(ast::CmpOp::Eq, l, r, range)
                } else {
                    Val::Bool(false)
                }
            }
            (_, _, (Some(a), Some(b))) => Val::Bool(a == b),
            // Python keeps one True and one False, so `flag is True` asks for the value (numba
            // lowers `is` between booleans, literal or not, as `==`).
            _ if Self::is_bool_valued(&l) && Self::is_bool_valued(&r) => {
                self.compare(ast::CmpOp::Eq, l, r, range)
            }
            // A tuple built in the source against another tuple: compared by their types.
            (Val::Tuple(_), _, _) | (_, Val::Tuple(_), _)
                if self.tuple_items(&l).is_some() && self.tuple_items(&r).is_some() =>
            {
                let (Some((lv, lt)), Some((rv, rt))) =
                    (self.materialize(l, range), self.materialize(r, range))
                else {
                    return Val::Poison;
                };
                self.identity(Val::Rt(lv, lt), Val::Rt(rv, rt), range)
            }
            // numba's Optional: `x is None` asks whether it holds a value.
            (Val::Rt(v, Type::Optional(_)), Val::NoneV, _)
            | (Val::NoneV, Val::Rt(v, Type::Optional(_)), _) => self.optional_is_none(*v),
            (Val::Rt(_, a), Val::Rt(_, b), _) if a == b => {
                if matches!(a, Type::Array(_) | Type::Record(_)) {
                    return self.error_hint(
                        codes::TYPE_MISMATCH,
                        range,
                        format!(
                            "'is' between two values of type {a} is not supported in device code"
                        ),
                        "compare the values (==) or their indices instead",
                    );
                }
                self.compare(ast::CmpOp::Eq, l, r, range)
            }
            _ => Val::Bool(false),
        }
    }

    /// Whether `v` is a boolean: the constants True/False or a runtime `bool`.
    fn is_bool_valued(v: &Val) -> bool {
        matches!(v, Val::Bool(_)) || matches!(v, Val::Rt(_, t) if *t == Type::BOOL)
    }

    /// The items of a tuple value (built in the source or a runtime tuple); `None` for
    /// anything else.
    pub fn tuple_items(&mut self, v: &Val) -> Option<Vec<Val>> {
        match &Self::plain(v.clone()) {
            Val::Tuple(items) => Some(items.clone()),
            Val::Rt(t, Type::Tuple(types)) => Some(
                types
                    .iter()
                    .enumerate()
                    .map(|(k, ty)| {
                        let k = u32::try_from(k).unwrap_or(u32::MAX);
                        Val::Rt(self.emit(Op::TupleGet(*t, k), ty.clone()), ty.clone())
                    })
                    .collect(),
            ),
            _ => None,
        }
    }

    /// Python's tuple comparison: `==`/`!=` element-wise, orderings lexicographic (a shorter
    /// tuple that is a prefix of the other is the smaller).
    fn compare_tuples(
        &mut self,
        op: ast::CmpOp,
        xs: Vec<Val>,
        ys: Vec<Val>,
        range: TextRange,
    ) -> Val {
        use ast::CmpOp as C;
        let pairs: Vec<(Val, Val)> = xs.iter().cloned().zip(ys.iter().cloned()).collect();
        let (lx, ly) = (xs.len(), ys.len());
        match op {
            C::Eq | C::NotEq => {
                let mut all = Val::Bool(lx == ly);
                if lx == ly {
                    for (x, y) in pairs {
                        let eq = self.compare(C::Eq, x, y, range);
                        all = self.bool_combine(true, all, eq);
                    }
                }
                if op == C::Eq {
                    all
                } else {
                    self.unary(ast::UnaryOp::Not, all, range)
                }
            }
            _ => {
                let strict = if matches!(op, C::Lt | C::LtE) {
                    C::Lt
                } else {
                    C::Gt
                };
                let mut result = Val::Bool(match op {
                    C::Lt => lx < ly,
                    C::LtE => lx <= ly,
                    C::Gt => lx > ly,
                    _ => lx >= ly,
                });
                for (x, y) in pairs.into_iter().rev() {
                    let decided = self.compare(strict, x.clone(), y.clone(), range);
                    let eq = self.compare(C::Eq, x, y, range);
                    let rest = self.bool_combine(true, eq, result);
                    result = self.bool_combine(false, decided, rest);
                }
                result
            }
        }
    }

    /// `a and b` (`and_ = true`) or `a or b` on bool values, folding known ones (both operands
    /// already evaluated: no short circuit).
    fn bool_combine(&mut self, and_: bool, a: Val, b: Val) -> Val {
        match (&a, &b) {
            (Val::Poison, _) | (_, Val::Poison) => Val::Poison,
            (Val::Bool(x), _) => {
                if *x == and_ {
                    b
                } else {
                    a
                }
            }
            (_, Val::Bool(y)) => {
                if *y == and_ {
                    a
                } else {
                    b
                }
            }
            (Val::Rt(x, Type::Scalar(Scalar::Bool)), Val::Rt(y, Type::Scalar(Scalar::Bool))) => {
                let op = if and_ { BinOp::BitAnd } else { BinOp::BitOr };
                Val::Rt(self.emit(Op::Binary(op, *x, *y), Type::BOOL), Type::BOOL)
            }
            _ => Val::Poison,
        }
    }

    /// `a < b < c`: each comparison evaluated only while the previous ones hold.
    fn compare_chain(&mut self, c: &ast::ExprCompare) -> Val {
        let mut left = self.expr(&c.left);
        if c.ops.len() == 1 {
            let right = self.expr(&c.comparators[0]);
            return self.compare(c.ops[0], left, right, c.range());
        }
        let temp = format!("$cmp{}", u32::from(c.range().start()));
        let end = self.f.new_block();
        for (k, (op, comparator)) in c.ops.iter().zip(c.comparators.iter()).enumerate() {
            let right = self.expr(comparator);
            let result = self.compare(*op, left, right.clone(), c.range());
            let last = k + 1 == c.ops.len();
            self.assign_temp(&temp, result.clone(), c.range());
            if last {
                break;
            }
            match self.truth(result, c.range()) {
                Some(Cond::Known(true)) => {}
                Some(Cond::Known(false)) | None => break,
                Some(Cond::Runtime(v)) => {
                    let next = self.f.new_block();
                    let loc = self.loc;
                    self.f
                        .terminate(self.cur, oxcuda_ir::Terminator::Branch(v, next, end), loc);
                    self.cur = next;
                }
            }
            left = right;
        }
        self.jump_to(end);
        self.name(&temp, c.range())
    }

    /// Writes a compile-time temporary variable (named with a `$`), typed by the fixpoint.
    fn assign_temp(&mut self, name: &str, value: Val, range: TextRange) {
        self.assigned.insert(name.to_owned());
        if value == Val::Poison {
            // Already reported: the temporary's read stays silent.
            self.error_poisoned.insert(name.to_owned());
        }
        let target = Expr::Name(ast::ExprName {
            node_index: ast::AtomicNodeIndex::default(),
            range,
            id: ast::name::Name::new(name),
            ctx: ast::ExprContext::Store,
        });
        self.assign(&target, value, range);
    }

    /// `a and b`, `a or b`: Python's value semantics, short-circuit.
    fn bool_op(&mut self, b: &ast::ExprBoolOp) -> Val {
        let is_and = b.op == ast::BoolOp::And;
        let temp = format!("$bool{}", u32::from(b.range().start()));
        let end = self.f.new_block();
        for (k, e) in b.values.iter().enumerate() {
            let v = self.expr(e);
            if k + 1 == b.values.len() {
                self.assign_temp(&temp, v, e.range());
                break;
            }
            let cond = self.truth(v.clone(), e.range());
            match cond {
                // `x and ...` with x known: either the result is x, or evaluation goes on.
                Some(Cond::Known(t)) => {
                    if t != is_and {
                        self.assign_temp(&temp, v, e.range());
                        break;
                    }
                }
                Some(Cond::Runtime(c)) => {
                    self.assign_temp(&temp, v, e.range());
                    let next = self.f.new_block();
                    let (on_true, on_false) = if is_and { (next, end) } else { (end, next) };
                    let loc = self.loc;
                    self.f.terminate(
                        self.cur,
                        oxcuda_ir::Terminator::Branch(c, on_true, on_false),
                        loc,
                    );
                    self.cur = next;
                }
                None => return Val::Poison,
            }
        }
        self.jump_to(end);
        self.name(&temp, b.range())
    }

    /// `a if cond else b`.
    fn if_expr(&mut self, i: &ast::ExprIf) -> Val {
        let c = self.expr(&i.test);
        match self.truth(c, i.test.range()) {
            Some(Cond::Known(true)) => self.expr(&i.body),
            Some(Cond::Known(false)) => self.expr(&i.orelse),
            None => Val::Poison,
            Some(Cond::Runtime(c)) => {
                let temp = format!("$ifexp{}", u32::from(i.range().start()));
                let (then, other, end) =
                    (self.f.new_block(), self.f.new_block(), self.f.new_block());
                let loc = self.loc;
                self.f
                    .terminate(self.cur, oxcuda_ir::Terminator::Branch(c, then, other), loc);
                self.cur = then;
                let v = self.expr(&i.body);
                self.assign_temp(&temp, v, i.body.range());
                let loc = self.loc;
                self.f
                    .terminate(self.cur, oxcuda_ir::Terminator::Jump(end), loc);
                self.cur = other;
                let v = self.expr(&i.orelse);
                self.assign_temp(&temp, v, i.orelse.range());
                self.jump_to(end);
                self.name(&temp, i.range())
            }
        }
    }
}

/// Folds `l <op> r` on Python constants with Python semantics; `None` when not foldable.
fn fold_binary(op: ast::Operator, l: &Val, r: &Val) -> Option<Val> {
    use ast::Operator as O;
    let int = |v: &Val| match v {
        Val::Int(i) => Some(*i),
        Val::Bool(b) => Some(i128::from(*b)),
        _ => None,
    };
    let float = |v: &Val| match v {
        Val::Float(x) => Some(*x),
        _ => int(v).map(|i| i as f64),
    };
    if let (Some(a), Some(b)) = (int(l), int(r)) {
        let v = match op {
            O::Add => a.checked_add(b)?,
            O::Sub => a.checked_sub(b)?,
            O::Mult => a.checked_mul(b)?,
            O::FloorDiv if b != 0 => a.div_euclid(b) - i128::from(b < 0 && a.rem_euclid(b) != 0),
            O::Mod if b != 0 => {
                let m = a.rem_euclid(b);
                if b < 0 && m != 0 { m + b } else { m }
            }
            O::Pow if (0..64).contains(&b) => a.checked_pow(u32::try_from(b).ok()?)?,
            O::BitAnd => a & b,
            O::BitOr => a | b,
            O::BitXor => a ^ b,
            O::LShift if (0..64).contains(&b) => a.checked_shl(u32::try_from(b).ok()?)?,
            O::RShift if (0..128).contains(&b) => a >> b,
            O::Div if b != 0 => return Some(Val::Float(a as f64 / b as f64)),
            _ => return None,
        };
        if v.unsigned_abs() > u128::from(u64::MAX) {
            return None;
        }
        return Some(Val::Int(v));
    }
    if matches!(l, Val::Float(_)) || matches!(r, Val::Float(_)) {
        let (a, b) = (float(l)?, float(r)?);
        return Some(Val::Float(match op {
            O::Add => a + b,
            O::Sub => a - b,
            O::Mult => a * b,
            O::Div if b != 0.0 => a / b,
            O::FloorDiv if b != 0.0 => (a / b).floor(),
            O::Pow => a.powf(b),
            _ => return None,
        }));
    }
    None
}

fn fold_compare(op: CmpOp, l: &Val, r: &Val) -> Option<bool> {
    let order = match (l, r) {
        // Strings are compile-time constants (literals, or a device function's string
        // argument, specialised on its value as numba's literal strings are): Python's order
        // (code points for str, bytes for bytes).
        (Val::Str(a), Val::Str(b)) => Some(a.cmp(b)),
        (Val::Bytes(a), Val::Bytes(b)) => Some(a.cmp(b)),
        _ => None,
    };
    if let Some(order) = order {
        return Some(match op {
            CmpOp::Eq => order.is_eq(),
            CmpOp::Ne => order.is_ne(),
            CmpOp::Lt => order.is_lt(),
            CmpOp::Le => order.is_le(),
            CmpOp::Gt => order.is_gt(),
            CmpOp::Ge => order.is_ge(),
        });
    }
    let num = |v: &Val| match v {
        Val::Int(i) => Some(*i as f64),
        Val::Bool(b) => Some(f64::from(u8::from(*b))),
        Val::Float(x) => Some(*x),
        _ => None,
    };
    let (a, b) = (num(l)?, num(r)?);
    Some(match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    })
}

fn expr_kind(e: &Expr) -> &'static str {
    match e {
        Expr::List(_) => "a list",
        Expr::Dict(_) => "a dict",
        Expr::Set(_) => "a set",
        Expr::ListComp(_) | Expr::SetComp(_) | Expr::DictComp(_) | Expr::Generator(_) => {
            "a comprehension"
        }
        Expr::Lambda(_) => "a lambda",
        Expr::FString(_) => "an f-string",
        Expr::Await(_) => "'await'",
        Expr::Yield(_) | Expr::YieldFrom(_) => "'yield'",
        Expr::Starred(_) => "'*' unpacking",
        Expr::Named(_) => "':='",
        Expr::Slice(_) => "a slice outside a subscript",
        _ => "this expression",
    }
}
