//! Conversions: compile-time values to IR values, numeric casts, truthiness.

use oxcuda_ir::{CmpOp, Const, GlobalKind, Op, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{ArrayType, Layout, Scalar, Type};

use super::Lower;
use crate::globals::GlobalValue;
use crate::value::Val;

/// A branch condition: known at compile time or computed.
pub(crate) enum Cond {
    Known(bool),
    Runtime(Value),
}

impl Lower<'_, '_> {
    /// The IR value of `val` in its natural type (int literals are int64, floats float64).
    pub fn materialize(&mut self, val: Val, range: TextRange) -> Option<(Value, Type)> {
        match val {
            Val::Rt(v, t) => Some((v, t)),
            Val::Int(i) => {
                let ty = if i > i128::from(i64::MAX) {
                    Scalar::U64
                } else {
                    Scalar::I64
                };
                if i < i128::from(i64::MIN) || i > i128::from(u64::MAX) {
                    self.error(
                        codes::TYPE_MISMATCH,
                        range,
                        format!("the integer {i} does not fit in 64 bits"),
                    );
                    return None;
                }
                Some((self.const_int(i, ty), Type::Scalar(ty)))
            }
            Val::Float(x) => Some((self.emit(Op::Const(Const::Float(x)), Type::F64), Type::F64)),
            Val::Bool(b) => Some((self.emit(Op::Const(Const::Bool(b)), Type::BOOL), Type::BOOL)),
            Val::Complex(re, im) => {
                let t = Type::Scalar(Scalar::C128);
                Some((self.emit(Op::Const(Const::Complex(re, im)), t.clone()), t))
            }
            Val::Tuple(items) => {
                let mut values = Vec::new();
                let mut types = Vec::new();
                for item in items {
                    let (v, t) = self.materialize(item, range)?;
                    values.push(v);
                    types.push(t);
                }
                let t = Type::Tuple(types);
                Some((self.emit(Op::MakeTuple(values), t.clone()), t))
            }
            Val::GlobalArray(name) => self.global_array(&name, range),
            Val::Poison => None,
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("{what} cannot be used as a value in device code"),
                );
                None
            }
        }
    }

    /// A frozen global NumPy array as a read-only constant-memory array.
    fn global_array(&mut self, name: &str, range: TextRange) -> Option<(Value, Type)> {
        let fsrc = self.fsrc.clone();
        let Some(GlobalValue::Array { dtype, shape, data }) = fsrc.globals.get(name) else {
            self.error(
                codes::UNSUPPORTED_GLOBAL,
                range,
                format!("'{name}' is not an array"),
            );
            return None;
        };
        // The module global holds what the items erase to (a datetime's int64 count).
        let g = self.const_global(name, dtype.erased(), shape.clone(), data.clone());
        let ty = Type::Array(ArrayType {
            dtype: *dtype,
            ndim: u32::try_from(shape.len()).unwrap_or(u32::MAX),
            layout: Layout::C,
            readonly: true,
            aligned: true,
        });
        Some((self.emit(Op::ConstArray(g), ty.clone()), ty))
    }

    /// The module global for a constant array, shared by every use in the module.
    pub fn const_global(
        &mut self,
        name: &str,
        dtype: oxcuda_types::Dtype,
        shape: Vec<u64>,
        data: Vec<u8>,
    ) -> oxcuda_ir::GlobalId {
        let globals = &mut self.sess.module.globals;
        if let Some(i) = globals.iter().position(|g| {
            g.kind == GlobalKind::Const
                && g.init.as_deref() == Some(&data)
                && g.shape == shape
                && g.dtype == dtype
        }) {
            return oxcuda_ir::GlobalId(u32::try_from(i).unwrap_or(u32::MAX));
        }
        let symbol = format!(
            "const_{}_{}",
            name.replace(|c: char| !c.is_ascii_alphanumeric(), "_"),
            globals.len()
        );
        globals.push(oxcuda_ir::Global {
            name: symbol,
            kind: GlobalKind::Const,
            dtype,
            shape,
            align: dtype.align().max(16),
            init: Some(data),
        });
        oxcuda_ir::GlobalId(u32::try_from(globals.len() - 1).unwrap_or(u32::MAX))
    }

    /// `val` converted to `to` (numeric casts, array layout relaxation, tuples element-wise);
    /// reports a type mismatch when no conversion exists.
    pub fn convert(&mut self, val: Val, to: &Type, range: TextRange) -> Option<Value> {
        // Literals become constants of the target type directly.
        if let Type::Scalar(s) = to {
            match &val {
                Val::Int(i) if s.is_int() => return Some(self.const_int(*i, *s)),
                Val::Int(i) if s.is_float() => {
                    return Some(self.emit(Op::Const(Const::Float(*i as f64)), to.clone()));
                }
                Val::Float(x) if s.is_float() => {
                    return Some(self.emit(Op::Const(Const::Float(*x)), to.clone()));
                }
                Val::Bool(b) if *s == Scalar::Bool => {
                    return Some(self.emit(Op::Const(Const::Bool(*b)), to.clone()));
                }
                _ => {}
            }
        }
        if let (Val::NoneV, Type::Optional(inner)) = (&val, to) {
            let inner = (**inner).clone();
            let none = self.optional_none(&inner);
            if none.is_none() {
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("cannot convert none to {to}: an Optional of {inner} cannot be empty in device code"),
                );
            }
            return none;
        }
        let (v, from) = self.materialize(val, range)?;
        match self.convert_value(v, &from, to) {
            Some(v) => Some(v),
            None => {
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("cannot convert {from} to {to}"),
                );
                None
            }
        }
    }

    /// Whether `v` is a complex number (a literal or a runtime value).
    pub fn is_complex_value(&self, v: &Val) -> bool {
        matches!(v, Val::Complex(..)) || matches!(v, Val::Rt(_, Type::Scalar(s)) if s.is_complex())
    }

    /// As [`Self::convert`] for an IR value, without reporting (for rewriting returns).
    pub fn convert_quiet(&mut self, v: Value, from: &Type, to: &Type) -> Option<Value> {
        self.convert_value(v, from, to)
    }

    fn convert_value(&mut self, v: Value, from: &Type, to: &Type) -> Option<Value> {
        if from == to {
            return Some(v);
        }
        match (from, to) {
            (Type::Scalar(a), Type::Scalar(b)) => Some(self.cast(v, *a, *b)),
            (Type::Datetime(a), Type::Datetime(b)) => self.convert_datetime(v, *a, *b),
            // numba's Optional: a value becomes a present one; an Optional gives its value
            // where a plain value is wanted (unchecked, `optional.rs`).
            (Type::Optional(a), Type::Optional(b)) => {
                let present = self.optional_present(v);
                let x = self.optional_value(v, a);
                let x = self.convert_value(x, a, b)?;
                Some(self.emit(Op::MakeTuple(vec![x, present]), to.clone()))
            }
            (_, Type::Optional(b)) => {
                let x = self.convert_value(v, from, b)?;
                Some(self.optional_some(x, b))
            }
            (Type::Optional(a), _) => {
                let x = self.optional_value(v, a);
                self.convert_value(x, a, to)
            }
            // An IntEnum member converts as its integer; a namedtuple to a plain tuple.
            (Type::Enum(e), _) if e.int => {
                let value = e.value.clone();
                self.convert_value(v, &value, to)
            }
            (Type::NamedTuple(n), Type::Tuple(_)) => {
                let plain = Type::Tuple(n.items.clone());
                self.convert_value(v, &plain, to)
            }
            (Type::Array(a), Type::Array(b)) => {
                let layout_ok = a.layout == b.layout
                    || b.layout == Layout::A
                    || a.ndim <= 1 && b.layout != Layout::A && a.layout != Layout::A;
                let ok = a.dtype == b.dtype
                    && a.ndim == b.ndim
                    && layout_ok
                    && (!a.readonly || b.readonly)
                    && (a.aligned || !b.aligned);
                // Arrays share one representation whatever the layout: the value is reused.
                if ok {
                    let t = to.clone();
                    Some(self.emit(Op::Cast(v), t))
                } else {
                    None
                }
            }
            (Type::Tuple(xs), Type::Tuple(ys)) if xs.len() == ys.len() => {
                let mut items = Vec::new();
                for (k, (x, y)) in xs.iter().zip(ys).enumerate() {
                    let item = self.emit(
                        Op::TupleGet(v, u32::try_from(k).unwrap_or(u32::MAX)),
                        x.clone(),
                    );
                    items.push(self.convert_value(item, x, y)?);
                }
                Some(self.emit(Op::MakeTuple(items), to.clone()))
            }
            _ => None,
        }
    }

    /// A numeric cast (no-op when the types are equal).
    pub fn cast(&mut self, v: Value, from: Scalar, to: Scalar) -> Value {
        if from == to {
            return v;
        }
        if from.is_fp8() || to.is_fp8() {
            return self.fp8_cast(v, from, to);
        }
        let out = self.emit(Op::Cast(v), Type::Scalar(to));
        if self.nonneg.contains(&v)
            && to.is_int()
            && (to.bits() > from.bits() || from == Scalar::Bool)
        {
            self.nonneg.insert(out);
        }
        out
    }

    /// Python truthiness of a value, as a branch condition.
    pub fn truth(&mut self, val: Val, range: TextRange) -> Option<Cond> {
        match Self::plain(val) {
            Val::Bool(b) => Some(Cond::Known(b)),
            Val::Int(i) => Some(Cond::Known(i != 0)),
            Val::Float(x) => Some(Cond::Known(x != 0.0)),
            Val::Complex(re, im) => Some(Cond::Known(re != 0.0 || im != 0.0)),
            Val::NoneV => Some(Cond::Known(false)),
            Val::Rt(v, Type::Scalar(s)) if s.is_complex() => {
                let zero = self.emit(Op::Const(Const::Complex(0.0, 0.0)), Type::Scalar(s));
                Some(Cond::Runtime(
                    self.emit(Op::Compare(CmpOp::Ne, v, zero), Type::BOOL),
                ))
            }
            Val::Rt(v, Type::Scalar(Scalar::Bool)) => Some(Cond::Runtime(v)),
            // An fp8 value is true when it is not a zero (CUDA's `operator bool`: fp8_cast).
            Val::Rt(v, Type::Scalar(s)) if s.is_fp8() => {
                Some(Cond::Runtime(self.cast(v, s, Scalar::Bool)))
            }
            Val::Rt(v, Type::Scalar(s)) if !s.is_complex() => {
                let zero = if s.is_float() {
                    self.emit(Op::Const(Const::Float(0.0)), Type::Scalar(s))
                } else {
                    self.const_int(0, s)
                };
                Some(Cond::Runtime(
                    self.emit(Op::Compare(CmpOp::Ne, v, zero), Type::BOOL),
                ))
            }
            Val::Poison => None,
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("{what} cannot be used as a condition"),
                );
                None
            }
        }
    }

    /// A bool IR value for a condition (constants materialised).
    pub fn cond_value(&mut self, c: Cond) -> Value {
        match c {
            Cond::Runtime(v) => v,
            Cond::Known(b) => self.emit(Op::Const(Const::Bool(b)), Type::BOOL),
        }
    }
}
