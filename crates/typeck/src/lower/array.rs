//! Arrays and tuples: indexing with numba's negative-index wraparound, slicing to views with
//! Python's slice semantics, attributes (`shape`, `strides`, `size`, `ndim`, `T`), stores.

use oxcuda_ir::{BinOp, CmpOp, Op, UnaryOp, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::ast::Expr;
use oxcuda_syntax::codes;
use oxcuda_types::{ArrayType, Dtype, Layout, Scalar, Type};

use super::Lower;
use crate::unify::unify;
use crate::value::Val;

/// The step of a slice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SliceStep {
    /// A constant, non-zero.
    Const(i128),
    /// A runtime int64.
    Runtime(Value),
}

/// One subscript position.
#[derive(Debug, Clone)]
pub(crate) enum Index {
    /// An integer index.
    Int(Val),
    /// `lower:upper:step`, each part optional.
    Slice {
        lower: Option<Val>,
        upper: Option<Val>,
        step: Option<Val>,
    },
}

impl Lower<'_, '_> {
    /// Evaluates the subscript of `x[...]` into positions.
    pub fn index_vals(&mut self, slice: &Expr) -> Vec<Index> {
        match slice {
            Expr::Tuple(t) => t.elts.iter().map(|e| self.one_index(e)).collect(),
            e => match self.one_index(e) {
                Index::Int(v @ Val::Rt(_, Type::NamedTuple(_))) => match Self::plain(v) {
                    Val::Rt(v, Type::Tuple(types)) => types
                        .iter()
                        .enumerate()
                        .map(|(k, t)| {
                            let item = self
                                .emit(Op::TupleGet(v, u32::try_from(k).unwrap_or(0)), t.clone());
                            Index::Int(Val::Rt(item, t.clone()))
                        })
                        .collect(),
                    other => vec![Index::Int(other)],
                },
                Index::Int(Val::Tuple(items)) => items.into_iter().map(Index::Int).collect(),
                Index::Int(Val::Rt(v, Type::Tuple(types))) => types
                    .iter()
                    .enumerate()
                    .map(|(k, t)| {
                        let item =
                            self.emit(Op::TupleGet(v, u32::try_from(k).unwrap_or(0)), t.clone());
                        Index::Int(Val::Rt(item, t.clone()))
                    })
                    .collect(),
                other => vec![other],
            },
        }
    }

    fn one_index(&mut self, e: &Expr) -> Index {
        if let Expr::Slice(s) = e {
            Index::Slice {
                lower: s.lower.as_ref().map(|x| self.expr(x)),
                upper: s.upper.as_ref().map(|x| self.expr(x)),
                step: s.step.as_ref().map(|x| self.expr(x)),
            }
        } else {
            Index::Int(self.expr(e))
        }
    }

    /// `base[index]` as a read.
    pub fn subscript_load(&mut self, base: Val, index: Vec<Index>, range: TextRange) -> Val {
        match Self::plain(base) {
            Val::Poison => Val::Poison,
            Val::EnumClass(c) => match index.as_slice() {
                [Index::Int(Val::Str(name))] => self.enum_member(&c, name, range),
                _ => self.error(
                    codes::NOT_CONSTANT,
                    range,
                    format!(
                        "an enum class ({}) is indexed by a member's name as a string constant",
                        c.class
                    ),
                ),
            },
            Val::Rt(v, ty @ Type::Array(_)) => self.index_array(v, ty, index, range),
            Val::Rt(p, Type::Pointer(dtype)) => self.pointer_load(p, dtype, index, range),
            Val::Rt(v, Type::Record(rec)) => self.record_subscript(v, rec, index, range),
            base @ Val::GlobalArray(_) => match self.materialize(base, range) {
                Some((v, ty)) => self.index_array(v, ty, index, range),
                None => Val::Poison,
            },
            Val::Tuple(items) => {
                self.index_tuple(items.len(), index, range, |_, k| items[k].clone())
            }
            Val::Rt(v, Type::Tuple(types)) => {
                let n = types.len();
                let mut items = Vec::new();
                for (k, t) in types.iter().enumerate() {
                    items.push(Val::Rt(
                        self.emit(Op::TupleGet(v, u32::try_from(k).unwrap_or(0)), t.clone()),
                        t.clone(),
                    ));
                }
                self.index_tuple(n, index, range, |_, k| items[k].clone())
            }
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("{what} cannot be indexed"),
                )
            }
        }
    }

    fn index_tuple(
        &mut self,
        n: usize,
        index: Vec<Index>,
        range: TextRange,
        item: impl Fn(&mut Self, usize) -> Val,
    ) -> Val {
        let n_i = i128::try_from(n).unwrap_or(i128::MAX);
        match index.as_slice() {
            [Index::Int(Val::Int(written))] => {
                let k = if *written < 0 {
                    written + n_i
                } else {
                    *written
                };
                if (0..n_i).contains(&k) {
                    item(self, usize::try_from(k).unwrap_or(0))
                } else {
                    self.error(
                        codes::BAD_INDEX,
                        range,
                        format!("tuple index {written} out of range for a tuple of {n}"),
                    )
                }
            }
            [Index::Int(Val::Poison)] => Val::Poison,
            [Index::Slice { lower, upper, step }] => {
                let c = |v: &Option<Val>| match v {
                    None => Some(None),
                    Some(Val::Int(i)) => Some(Some(*i)),
                    _ => None,
                };
                let (Some(lo), Some(hi), Some(st)) = (c(lower), c(upper), c(step)) else {
                    return self.error(
                        codes::NOT_CONSTANT,
                        range,
                        "tuple slices need constant bounds",
                    );
                };
                let st = st.unwrap_or(1);
                if st == 0 {
                    return self.error(codes::BAD_INDEX, range, "slice step cannot be zero");
                }
                let norm = |x: i128, lo_b: i128, hi_b: i128| {
                    (if x < 0 { x + n_i } else { x }).clamp(lo_b, hi_b)
                };
                let mut out = Vec::new();
                if st > 0 {
                    let (mut k, end) = (
                        lo.map_or(0, |x| norm(x, 0, n_i)),
                        hi.map_or(n_i, |x| norm(x, 0, n_i)),
                    );
                    while k < end {
                        out.push(item(self, usize::try_from(k).unwrap_or(0)));
                        k += st;
                    }
                } else {
                    let (mut k, end) = (
                        lo.map_or(n_i - 1, |x| norm(x, -1, n_i - 1)),
                        hi.map_or(-1, |x| norm(x, -1, n_i - 1)),
                    );
                    while k > end {
                        out.push(item(self, usize::try_from(k).unwrap_or(0)));
                        k += st;
                    }
                }
                Val::Tuple(out)
            }
            [Index::Int(Val::Rt(k, Type::Scalar(s)))] if s.is_int() => {
                let items: Vec<Val> = (0..n).map(|k| item(self, k)).collect();
                self.index_tuple_at_runtime(items, *k, *s, range)
            }
            _ => self.error_hint(
                codes::NOT_CONSTANT,
                range,
                "tuples are indexed with constant integers in device code",
                "use a literal index such as t[0], or unpack the tuple",
            ),
        }
    }

    /// `t[k]` with a runtime `k` on a tuple of numbers (numba's `UniTuple` getitem): the
    /// items in their unified type, chosen by a chain of selects (negative `k` wraps).
    fn index_tuple_at_runtime(
        &mut self,
        items: Vec<Val>,
        k: Value,
        s: Scalar,
        range: TextRange,
    ) -> Val {
        let mut ty: Option<Scalar> = None;
        for it in &items {
            match self.scalar_type_of(it) {
                Some(t) if !matches!(it, Val::Rt(_, Type::Tuple(_))) => {
                    ty = Some(
                        ty.map_or(t, |u| match unify(&Type::Scalar(u), &Type::Scalar(t)) {
                            Some(Type::Scalar(w)) => w,
                            _ => u,
                        }),
                    );
                }
                _ => {
                    return self.error_hint(
                        codes::NOT_CONSTANT,
                        range,
                        "only tuples of numbers can be indexed with a runtime value",
                        "use a literal index such as t[0], or unpack the tuple",
                    );
                }
            }
        }
        let Some(ty) = ty else {
            return self.error(codes::BAD_INDEX, range, "index into an empty tuple");
        };
        let t = Type::Scalar(ty);
        let mut values = Vec::new();
        for it in items {
            let Some(v) = self.convert(it, &t, range) else {
                return Val::Poison;
            };
            values.push(v);
        }
        let n = i128::try_from(values.len()).unwrap_or(0);
        let mut i = self.cast(k, s, Scalar::I64);
        if s.is_signed() && !self.nonneg.contains(&k) {
            let zero = self.const_int(0, Scalar::I64);
            let len = self.const_int(n, Scalar::I64);
            let negative = self.emit(Op::Compare(CmpOp::Lt, i, zero), Type::BOOL);
            let wrapped = self.emit(Op::Binary(BinOp::Add, i, len), Type::I64);
            i = self.emit(Op::Select(negative, wrapped, i), Type::I64);
        }
        if self.sess.options.debug {
            // numba-cuda's debug builds raise IndexError (`raise.rs`); `0 <= i < n` as one
            // unsigned comparison.
            let u = self.cast(i, Scalar::I64, Scalar::U64);
            let len = self.const_int(n, Scalar::U64);
            let ok = self.emit(Op::Compare(CmpOp::Lt, u, len), Type::BOOL);
            self.check_at(
                ok,
                range.start(),
                "IndexError",
                "tuple index out of range".to_owned(),
            );
        }
        let mut result = values[values.len() - 1];
        for (j, v) in values.iter().enumerate().rev().skip(1) {
            let c = self.const_int(i128::try_from(j).unwrap_or(0), Scalar::I64);
            let hit = self.emit(Op::Compare(CmpOp::Eq, i, c), Type::BOOL);
            result = self.emit(Op::Select(hit, *v, result), t.clone());
        }
        Val::Rt(result, t)
    }

    /// An int64 index into dimension `dim` of `array`, with negative values wrapped.
    fn index_value(&mut self, array: Value, dim: u32, idx: Val, range: TextRange) -> Option<Value> {
        match idx {
            Val::Int(i) if i >= 0 => Some(self.const_int(i, Scalar::I64)),
            Val::Int(i) => {
                let n = self.emit(Op::ArrayShape(array, dim), Type::I64);
                let k = self.const_int(i, Scalar::I64);
                Some(self.emit(Op::Binary(BinOp::Add, n, k), Type::I64))
            }
            Val::Rt(v, Type::Scalar(s)) if s.is_int() => {
                let nonneg = !s.is_signed() || self.nonneg.contains(&v);
                let i = self.cast(v, s, Scalar::I64);
                if nonneg {
                    self.nonneg.insert(i);
                    return Some(i);
                }
                let n = self.emit(Op::ArrayShape(array, dim), Type::I64);
                let zero = self.const_int(0, Scalar::I64);
                let negative = self.emit(Op::Compare(CmpOp::Lt, i, zero), Type::BOOL);
                let wrapped = self.emit(Op::Binary(BinOp::Add, i, n), Type::I64);
                Some(self.emit(Op::Select(negative, wrapped, i), Type::I64))
            }
            // A 0-d integer array indexes with its element (NumPy and numba accept it).
            Val::Rt(v, Type::Array(a))
                if a.ndim == 0 && a.dtype.as_scalar().is_some_and(Scalar::is_int) =>
            {
                let s = a.dtype.as_scalar()?;
                let x = self.emit(Op::Load(v, Vec::new()), Type::Scalar(s));
                self.index_value(array, dim, Val::Rt(x, Type::Scalar(s)), range)
            }
            Val::Poison => None,
            other => {
                let what = other.describe();
                // numba-cuda's words name the index's type: "float64 is not a valid index".
                let message = match self.scalar_type_of(&other) {
                    Some(s) => format!(
                        "array index must be an integer, not {what} ({s} is not a valid index)"
                    ),
                    None => format!("array index must be an integer, not {what}"),
                };
                self.error_hint(codes::BAD_INDEX, range, message, "convert with int(...)");
                None
            }
        }
    }

    /// `array[index]`: an element read, or a view.
    pub fn index_array(
        &mut self,
        array: Value,
        ty: Type,
        index: Vec<Index>,
        range: TextRange,
    ) -> Val {
        let Type::Array(a) = ty else {
            return Val::Poison;
        };
        if index.len() > a.ndim as usize {
            return self.error(
                codes::BAD_INDEX,
                range,
                format!(
                    "too many indices ({}) for a {}-d array",
                    index.len(),
                    a.ndim
                ),
            );
        }
        if index.len() == a.ndim as usize && index.iter().all(|i| matches!(i, Index::Int(_))) {
            let mut idx = Vec::new();
            for (k, i) in index.into_iter().enumerate() {
                let Index::Int(v) = i else { unreachable!() };
                idx.push(self.index_value(array, u32::try_from(k).unwrap_or(0), v, range));
            }
            let Some(idx) = idx.into_iter().collect::<Option<Vec<_>>>() else {
                return Val::Poison;
            };
            // An element of an array of records is a reference to it, as in numba.
            let op = match a.dtype {
                Dtype::Scalar(_) | Dtype::Datetime(_) => Op::Load(array, idx),
                // An item of an S<n>/U<n> array is a reference too (charseq.rs).
                Dtype::Record(_) | Dtype::CharSeq(_) => Op::ElemRef(array, idx),
            };
            let t = Type::of_dtype(a.dtype);
            return Val::Rt(self.emit(op, t.clone()), t);
        }
        self.view(array, a, index, range)
    }

    /// A view of `array` through integer indices and slices.
    fn view(&mut self, array: Value, a: ArrayType, mut index: Vec<Index>, range: TextRange) -> Val {
        while index.len() < a.ndim as usize {
            index.push(Index::Slice {
                lower: None,
                upper: None,
                step: None,
            });
        }
        let data = self.emit(Op::ArrayData(array), Type::Pointer(a.dtype));
        let mut offset: Option<Value> = None;
        let mut shape = Vec::new();
        let mut strides = Vec::new();
        // Contiguity: C survives leading integer indices, then one step-1 slice, then full slices.
        let mut c_ok = a.layout == Layout::C;
        let mut seen_slice = false;
        for (k, i) in index.into_iter().enumerate() {
            let dim = u32::try_from(k).unwrap_or(0);
            let stride = self.emit(Op::ArrayStride(array, dim), Type::I64);
            match i {
                Index::Int(v) => {
                    if seen_slice {
                        c_ok = false;
                    }
                    let Some(i) = self.index_value(array, dim, v, range) else {
                        return Val::Poison;
                    };
                    let bytes = self.emit(Op::Binary(BinOp::Mul, i, stride), Type::I64);
                    offset = Some(self.add_offset(offset, bytes));
                }
                Index::Slice { lower, upper, step } => {
                    let full = lower.is_none() && upper.is_none() && step.is_none();
                    if seen_slice && !full {
                        c_ok = false;
                    }
                    seen_slice = true;
                    let step = match step {
                        None | Some(Val::NoneV) => SliceStep::Const(1),
                        Some(Val::Int(0)) => {
                            return self.error(
                                codes::BAD_INDEX,
                                range,
                                "slice step cannot be zero",
                            );
                        }
                        Some(Val::Int(s)) => SliceStep::Const(s),
                        Some(Val::Poison) => return Val::Poison,
                        Some(v) => match self.scalar_type_of(&v) {
                            Some(s) if s.is_int() || s == Scalar::Bool => {
                                let Some(v) = self.convert(v, &Type::I64, range) else {
                                    return Val::Poison;
                                };
                                SliceStep::Runtime(v)
                            }
                            _ => {
                                let what = v.describe();
                                return self.error(
                                    codes::BAD_INDEX,
                                    range,
                                    format!("slice steps must be integers, not {what}"),
                                );
                            }
                        },
                    };
                    if step != SliceStep::Const(1) {
                        c_ok = false;
                    }
                    let n = self.emit(Op::ArrayShape(array, dim), Type::I64);
                    if full {
                        shape.push(n);
                        strides.push(stride);
                        continue;
                    }
                    let Some((start, len)) = self.slice_bounds(n, lower, upper, step, range) else {
                        return Val::Poison;
                    };
                    let bytes = self.emit(Op::Binary(BinOp::Mul, start, stride), Type::I64);
                    offset = Some(self.add_offset(offset, bytes));
                    shape.push(len);
                    let s = match step {
                        SliceStep::Const(1) => None,
                        SliceStep::Const(k) => Some(self.const_int(k, Scalar::I64)),
                        SliceStep::Runtime(v) => Some(v),
                    };
                    strides.push(match s {
                        None => stride,
                        Some(s) => self.emit(Op::Binary(BinOp::Mul, stride, s), Type::I64),
                    });
                }
            }
        }
        let data = match offset {
            Some(off) => self.emit(Op::PtrOffset(data, off), Type::Pointer(a.dtype)),
            None => data,
        };
        for s in &shape {
            self.nonneg.insert(*s);
        }
        let ndim = u32::try_from(shape.len()).unwrap_or(0);
        let layout = if c_ok { Layout::C } else { Layout::A };
        let t = Type::Array(ArrayType {
            dtype: a.dtype,
            ndim,
            layout,
            readonly: a.readonly,
            aligned: a.aligned,
        });
        if ndim == 0 {
            // Integer indices on every dimension were handled as loads; this is x[()] on 0-d.
            return Val::Rt(
                self.emit(
                    Op::MakeArray {
                        data,
                        shape,
                        strides,
                    },
                    t.clone(),
                ),
                t,
            );
        }
        Val::Rt(
            self.emit(
                Op::MakeArray {
                    data,
                    shape,
                    strides,
                },
                t.clone(),
            ),
            t,
        )
    }

    fn add_offset(&mut self, offset: Option<Value>, bytes: Value) -> Value {
        match offset {
            None => bytes,
            Some(o) => self.emit(Op::Binary(BinOp::Add, o, bytes), Type::I64),
        }
    }

    /// Python's `slice.indices`: the start index and the length. A runtime step picks the
    /// defaults and clamps of either direction by its sign (a zero step is undefined).
    fn slice_bounds(
        &mut self,
        n: Value,
        lower: Option<Val>,
        upper: Option<Val>,
        step: SliceStep,
        range: TextRange,
    ) -> Option<(Value, Value)> {
        let zero = self.const_int(0, Scalar::I64);
        let minus_one = self.const_int(-1, Scalar::I64);
        let one = self.const_int(1, Scalar::I64);
        let n_minus_one = self.emit(Op::Binary(BinOp::Sub, n, one), Type::I64);
        // Each pair is (value for a positive step, value for a negative step).
        let positive = match step {
            SliceStep::Const(k) => Err(k > 0),
            SliceStep::Runtime(v) => Ok(self.emit(Op::Compare(CmpOp::Gt, v, zero), Type::BOOL)),
        };
        let pick = |this: &mut Self, up: Value, down: Value| match positive {
            Err(true) => up,
            Err(false) => down,
            Ok(p) => this.emit(Op::Select(p, up, down), Type::I64),
        };
        let lo_clamp = pick(self, zero, minus_one);
        let hi_clamp = pick(self, n, n_minus_one);
        let bound = |this: &mut Self, v: Option<Val>, default: Value| -> Option<Value> {
            let Some(v) = v else { return Some(default) };
            if v == Val::NoneV {
                return Some(default);
            }
            let x = this.convert(v, &Type::I64, range)?;
            let neg = this.emit(Op::Compare(CmpOp::Lt, x, zero), Type::BOOL);
            let wrapped = this.emit(Op::Binary(BinOp::Add, x, n), Type::I64);
            let x = this.emit(Op::Select(neg, wrapped, x), Type::I64);
            let x = this.emit(Op::Binary(BinOp::Max, x, lo_clamp), Type::I64);
            Some(this.emit(Op::Binary(BinOp::Min, x, hi_clamp), Type::I64))
        };
        let start_default = pick(self, zero, n_minus_one);
        let stop_default = pick(self, n, minus_one);
        let start = bound(self, lower, start_default)?;
        let stop = bound(self, upper, stop_default)?;
        let hi = pick(self, stop, start);
        let lo = pick(self, start, stop);
        let d = self.emit(Op::Binary(BinOp::Sub, hi, lo), Type::I64);
        let magnitude = match step {
            SliceStep::Const(k) if k.abs() == 1 => None,
            SliceStep::Const(k) => Some(self.const_int(k.abs(), Scalar::I64)),
            SliceStep::Runtime(v) => {
                let neg = self.emit(Op::Unary(UnaryOp::Neg, v), Type::I64);
                Some(pick(self, v, neg))
            }
        };
        let len = match magnitude {
            None => self.emit(Op::Binary(BinOp::Max, d, zero), Type::I64),
            Some(m) => {
                let t = self.emit(Op::Binary(BinOp::Add, d, m), Type::I64);
                let t = self.emit(Op::Binary(BinOp::Sub, t, one), Type::I64);
                let q = self.emit(Op::Binary(BinOp::FloorDiv, t, m), Type::I64);
                let nonempty = self.emit(Op::Compare(CmpOp::Gt, d, zero), Type::BOOL);
                self.emit(Op::Select(nonempty, q, zero), Type::I64)
            }
        };
        Some((start, len))
    }

    /// `base[slice] = value` (the subscript not yet evaluated).
    pub fn store_subscript(
        &mut self,
        base: Val,
        slice: &Expr,
        value: Val,
        range: TextRange,
        value_range: TextRange,
    ) {
        let index = self.index_vals(slice);
        self.store_with_index(base, index, value, range, value_range);
    }

    /// `base[index] = value`.
    pub fn store_with_index(
        &mut self,
        base: Val,
        index: Vec<Index>,
        value: Val,
        range: TextRange,
        value_range: TextRange,
    ) {
        let (array, a) = match base {
            Val::Rt(v, Type::Array(a)) => (v, a),
            Val::Rt(r, Type::Record(rec)) => {
                self.store_record_subscript(r, rec, index, range, value, value_range);
                return;
            }
            Val::Rt(p, Type::Pointer(dtype)) => {
                self.pointer_store(p, dtype, index, value, range, value_range);
                return;
            }
            Val::Poison => return,
            Val::GlobalArray(name) => {
                self.error_hint(
                    codes::READONLY_ARRAY,
                    range,
                    format!("global array '{name}' is a constant: device code cannot write it"),
                    "pass the array as a kernel argument to write it",
                );
                return;
            }
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("{what} does not support item assignment"),
                );
                return;
            }
        };
        if a.readonly {
            self.error(
                codes::READONLY_ARRAY,
                range,
                format!("cannot write to a {}", Type::Array(a)),
            );
            return;
        }
        if index.len() > a.ndim as usize {
            self.error(
                codes::BAD_INDEX,
                range,
                format!(
                    "too many indices ({}) for a {}-d array",
                    index.len(),
                    a.ndim
                ),
            );
            return;
        }
        if index.len() != a.ndim as usize || !index.iter().all(|i| matches!(i, Index::Int(_))) {
            // `a[i, 1:] = x`: fill the view, element by element.
            if let Val::Rt(dst, Type::Array(da)) = self.view(array, a, index, range) {
                self.fill_view(dst, da, value, value_range);
            }
            return;
        }
        let mut idx = Vec::new();
        for (k, i) in index.into_iter().enumerate() {
            let Index::Int(v) = i else { unreachable!() };
            idx.push(self.index_value(array, u32::try_from(k).unwrap_or(0), v, range));
        }
        let Some(idx) = idx.into_iter().collect::<Option<Vec<_>>>() else {
            return;
        };
        if value == Val::Poison {
            return;
        }
        let s = match a.dtype {
            Dtype::Scalar(s) => s,
            Dtype::Record(rec) => {
                let dst = self.emit(Op::ElemRef(array, idx), Type::Record(rec));
                self.copy_record_into(dst, rec, value, value_range);
                return;
            }
            Dtype::Datetime(d) => {
                if let Some(v) = self.convert(value, &Type::Datetime(d), value_range) {
                    self.emit_void(Op::Store(array, idx, v));
                }
                return;
            }
            Dtype::CharSeq(cs) => {
                let dst = self.emit(Op::ElemRef(array, idx), Type::CharSeq(cs));
                self.store_char_seq(dst, cs, value, value_range);
                return;
            }
        };
        if !s.is_complex() && self.is_complex_value(&value) {
            let what = value.describe();
            self.error_hint(
                codes::TYPE_MISMATCH,
                value_range,
                format!("cannot store {what} into an array of {s}: it would drop the imaginary part"),
                "NumPy and numba-cuda refuse this too: store z.real (or abs(z)), or use a complex array",
            );
            return;
        }
        let Some(v) = self.convert(value, &Type::Scalar(s), value_range) else {
            return;
        };
        self.emit_void(Op::Store(array, idx, v));
    }

    /// `view[...] = value` for a whole view: a scalar (or a record, for an array of records) is
    /// broadcast, an array of the same number of dimensions is copied element by element (over
    /// the view's shape).
    pub fn fill_view(&mut self, dst: Value, da: ArrayType, value: Val, value_range: TextRange) {
        if let Some(cs) = da.dtype.as_char_seq() {
            self.fill_char_seq_view(dst, da, cs, value, value_range);
            return;
        }
        let source = match value {
            Val::Poison => return,
            Val::Rt(v, Type::Array(sa)) => (v, Some(sa)),
            v @ Val::GlobalArray(_) => match self.materialize(v, value_range) {
                Some((v, Type::Array(sa))) => (v, Some(sa)),
                _ => return,
            },
            other => match self.convert(other, &Type::of_dtype(da.dtype), value_range) {
                Some(v) => (v, None),
                None => return,
            },
        };
        if let (_, Some(sa)) = source {
            // Records and datetimes are copied as they are held, so only the same dtype.
            let converts = sa.dtype == da.dtype
                || !(sa.dtype.as_record().is_some()
                    || da.dtype.as_record().is_some()
                    || matches!(sa.dtype, Dtype::Datetime(_))
                    || matches!(da.dtype, Dtype::Datetime(_)));
            if self.array_assignment_refused(value_range, sa, da, converts) {
                return;
            }
        }
        let shape = self.extents(dst, da.ndim);
        let mut idx = Vec::new();
        self.nested_loops(&shape, &mut idx, &mut |this: &mut Self, idx: &[Value]| {
            match (da.dtype, source) {
                (Dtype::Record(rec), (src, sa)) => {
                    let s = match sa {
                        None => src,
                        Some(_) => this.emit(Op::ElemRef(src, idx.to_vec()), Type::Record(rec)),
                    };
                    let d = this.emit(Op::ElemRef(dst, idx.to_vec()), Type::Record(rec));
                    this.emit_void(Op::CopyRecord(d, s));
                }
                // Filled by fill_char_seq_view.
                (Dtype::CharSeq(_), _) => {}
                (Dtype::Scalar(_) | Dtype::Datetime(_), (v, None)) => {
                    this.emit_void(Op::Store(dst, idx.to_vec(), v));
                }
                // Same dtype (checked above): copied as it is held.
                (Dtype::Datetime(d), (src, Some(_))) => {
                    let x = this.emit(Op::Load(src, idx.to_vec()), Type::Datetime(d));
                    this.emit_void(Op::Store(dst, idx.to_vec(), x));
                }
                (Dtype::Scalar(ds), (src, Some(sa))) => {
                    // A source array of records was refused above.
                    let Some(ss) = sa.dtype.as_scalar() else {
                        return;
                    };
                    let x = this.emit(Op::Load(src, idx.to_vec()), Type::Scalar(ss));
                    let v = this.cast(x, ss, ds);
                    this.emit_void(Op::Store(dst, idx.to_vec(), v));
                }
            }
        });
    }

    /// `view[...] = value` for a view of `S<n>`/`U<n>` items: a constant or an item stored into
    /// every item, or an array of items of the same kind stored item by item (each truncated
    /// or zero-filled as one store, charseq.rs).
    fn fill_char_seq_view(
        &mut self,
        dst: Value,
        da: ArrayType,
        cs: oxcuda_types::CharSeqType,
        value: Val,
        value_range: TextRange,
    ) {
        let source = match &value {
            Val::Poison => return,
            Val::Rt(v, Type::Array(sa)) => Some((*v, *sa)),
            v @ Val::GlobalArray(_) => match self.materialize(v.clone(), value_range) {
                Some((v, Type::Array(sa))) => Some((v, sa)),
                _ => return,
            },
            _ => None,
        };
        if let Some((_, sa)) = source {
            let same_kind = sa
                .dtype
                .as_char_seq()
                .is_some_and(|s| s.unicode == cs.unicode);
            if self.array_assignment_refused(value_range, sa, da, same_kind) {
                return;
            }
        }
        let shape = self.extents(dst, da.ndim);
        let mut idx = Vec::new();
        self.nested_loops(&shape, &mut idx, &mut |this: &mut Self, idx: &[Value]| {
            let item = match source {
                Some((src, sa)) => {
                    let t = Type::of_dtype(sa.dtype);
                    Val::Rt(this.emit(Op::ElemRef(src, idx.to_vec()), t.clone()), t)
                }
                None => value.clone(),
            };
            let d = this.emit(Op::ElemRef(dst, idx.to_vec()), Type::CharSeq(cs));
            this.store_char_seq(d, cs, item, value_range);
        });
    }

    /// Reports why an array of type `sa` cannot be assigned to a view of type `da`, if it
    /// cannot: another number of dimensions, or items that do not convert (`converts` false).
    /// Returns whether it reported an error.
    fn array_assignment_refused(
        &mut self,
        value_range: TextRange,
        sa: ArrayType,
        da: ArrayType,
        converts: bool,
    ) -> bool {
        if sa.ndim != da.ndim {
            self.error(
                codes::BAD_INDEX,
                value_range,
                format!(
                    "cannot assign a {}-d array to a {}-d slice",
                    sa.ndim, da.ndim
                ),
            );
            return true;
        }
        if !converts {
            self.error(
                codes::TYPE_MISMATCH,
                value_range,
                format!(
                    "cannot assign an array of {} to an array of {}",
                    sa.dtype, da.dtype
                ),
            );
            return true;
        }
        false
    }

    /// The extents of `array`'s first `ndim` axes, as int64 values.
    pub(super) fn extents(&mut self, array: Value, ndim: u32) -> Vec<Value> {
        (0..ndim)
            .map(|k| self.emit(Op::ArrayShape(array, k), Type::I64))
            .collect()
    }

    /// Loops over every index below `shape` (row-major), calling `body` with the indices.
    pub(super) fn nested_loops(
        &mut self,
        shape: &[Value],
        idx: &mut Vec<Value>,
        body: &mut dyn FnMut(&mut Self, &[Value]),
    ) {
        let Some(&n) = shape.get(idx.len()) else {
            body(self, idx);
            return;
        };
        let counter = self.f.new_var("$fill", Type::I64);
        let zero = self.const_int(0, Scalar::I64);
        self.emit_void(Op::SetVar(counter, zero));
        let (header, inner, exit) = (self.f.new_block(), self.f.new_block(), self.f.new_block());
        self.jump_to(header);
        let k = self.emit(Op::GetVar(counter), Type::I64);
        let more = self.emit(Op::Compare(CmpOp::Lt, k, n), Type::BOOL);
        let loc = self.loc;
        self.f.terminate(
            self.cur,
            oxcuda_ir::Terminator::Branch(more, inner, exit),
            loc,
        );
        self.cur = inner;
        let k = self.emit(Op::GetVar(counter), Type::I64);
        self.nonneg.insert(k);
        idx.push(k);
        self.nested_loops(shape, idx, body);
        idx.pop();
        let k = self.emit(Op::GetVar(counter), Type::I64);
        let one = self.const_int(1, Scalar::I64);
        let next = self.emit(Op::Binary(BinOp::Add, k, one), Type::I64);
        self.emit_void(Op::SetVar(counter, next));
        let loc = self.loc;
        self.f
            .terminate(self.cur, oxcuda_ir::Terminator::Jump(header), loc);
        self.cur = exit;
    }

    /// Indices for an atomic on `array` from an int or tuple index expression value.
    pub fn atomic_indices(
        &mut self,
        array: Value,
        a: ArrayType,
        index: Val,
        range: TextRange,
    ) -> Option<Vec<Value>> {
        let plain = Self::plain(index);
        let scalar = !matches!(plain, Val::Tuple(_) | Val::Rt(_, Type::Tuple(_)));
        let items = match plain {
            Val::Tuple(items) => items,
            Val::Rt(v, Type::Tuple(types)) => types
                .iter()
                .enumerate()
                .map(|(k, t)| {
                    Val::Rt(
                        self.emit(Op::TupleGet(v, u32::try_from(k).unwrap_or(0)), t.clone()),
                        t.clone(),
                    )
                })
                .collect(),
            other => vec![other],
        };
        if items.len() != a.ndim as usize {
            // numba-cuda's words first ("Expected 2 indices, got a scalar"), then oxcuda's.
            let got = if scalar {
                "a scalar".to_owned()
            } else {
                items.len().to_string()
            };
            self.error_hint(
                codes::BAD_INDEX,
                range,
                format!(
                    "Expected {} indices, got {got}: {} indices for a {}-d array",
                    a.ndim,
                    items.len(),
                    a.ndim
                ),
                "index with one integer per dimension, e.g. (i, j) for a 2-d array",
            );
            return None;
        }
        let mut idx = Vec::new();
        for (k, v) in items.into_iter().enumerate() {
            idx.push(self.index_value(array, u32::try_from(k).unwrap_or(0), v, range)?);
        }
        Some(idx)
    }

    /// The address of an array's first element, as numba's `uintp` (uint64).
    pub(super) fn data_address(&mut self, v: Value, a: &ArrayType) -> Value {
        let data = self.emit(Op::ArrayData(v), Type::Pointer(a.dtype));
        self.emit(Op::Cast(data), Type::Scalar(Scalar::U64))
    }

    /// `array.ctypes.<attr>`: numba types only `data` in device code, the address of the
    /// array's first element as `uintp` (on the GPU a generic address; a shared or local
    /// array's is its generic-space address, aligned as the array is).
    pub(super) fn ctypes_attribute(&mut self, array: Val, attr: &str, range: TextRange) -> Val {
        match (array, attr) {
            (Val::Rt(v, Type::Array(a)), "data") => {
                let address = self.data_address(v, &a);
                Val::Rt(address, Type::Scalar(Scalar::U64))
            }
            _ => self.error_hint(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("array.ctypes has no attribute '{attr}' in device code"),
                "array.ctypes.data (the address of the first element, a uint64) is the one there is",
            ),
        }
    }

    /// `array.<attr>`.
    pub fn array_attribute(&mut self, v: Value, a: ArrayType, attr: &str, range: TextRange) -> Val {
        let dims = 0..a.ndim;
        match attr {
            "shape" | "strides" => Val::Tuple(
                dims.map(|k| {
                    let op = if attr == "shape" {
                        Op::ArrayShape(v, k)
                    } else {
                        Op::ArrayStride(v, k)
                    };
                    let x = self.emit(op, Type::I64);
                    if attr == "shape" {
                        self.nonneg.insert(x);
                    }
                    Val::Rt(x, Type::I64)
                })
                .collect(),
            ),
            "ndim" => Val::Int(i128::from(a.ndim)),
            "view" => Val::Method(Box::new(Val::Rt(v, Type::Array(a))), "view"),
            "reshape" => Val::Method(Box::new(Val::Rt(v, Type::Array(a))), "reshape"),
            "real" | "imag" => self.array_part(v, a, attr == "imag", range),
            // `array.ctypes.data` (numba's): the attribute after `ctypes` is read by
            // `ctypes_attribute`.
            "ctypes" => Val::Method(Box::new(Val::Rt(v, Type::Array(a))), "ctypes"),
            "itemsize" => Val::Int(i128::from(a.dtype.size())),
            "dtype" => Val::TypeObj(Type::of_dtype(a.dtype)),
            "size" => Val::Rt(self.array_size(v, a.ndim), Type::I64),
            "T" => {
                let data = self.emit(Op::ArrayData(v), Type::Pointer(a.dtype));
                let shape: Vec<Value> = (0..a.ndim)
                    .rev()
                    .map(|k| self.emit(Op::ArrayShape(v, k), Type::I64))
                    .collect();
                let strides: Vec<Value> = (0..a.ndim)
                    .rev()
                    .map(|k| self.emit(Op::ArrayStride(v, k), Type::I64))
                    .collect();
                let layout = match a.layout {
                    Layout::C if a.ndim > 1 => Layout::F,
                    Layout::F if a.ndim > 1 => Layout::C,
                    l => l,
                };
                let t = Type::Array(ArrayType { layout, ..a });
                Val::Rt(
                    self.emit(
                        Op::MakeArray {
                            data,
                            shape,
                            strides,
                        },
                        t.clone(),
                    ),
                    t,
                )
            }
            _ => match self.record_field_view(v, a, attr, range) {
                Some(view) => view,
                None => self.error(
                    codes::UNKNOWN_ATTRIBUTE,
                    range,
                    format!("arrays have no attribute '{attr}' in device code"),
                ),
            },
        }
    }
}
