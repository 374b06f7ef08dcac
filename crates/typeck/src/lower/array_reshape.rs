//! Views that re-cut an array's memory: `arr.reshape(shape)` and, on complex arrays, `arr.real`
//! and `arr.imag` (numba-cuda's `array_reshape`, `array_real_part`, `array_imag_part`).
//!
//! **reshape.** `shape` is an integer, a tuple of integers or several integers
//! (`arr.reshape(4, 6)`), constants or run-time values; one extent may be `-1`, inferred from the
//! array's size. The result has `len(shape)` dimensions over the same memory in C order, so
//! the array must be C-contiguous (or 1-d: a strided 1-d array reshapes with strides that are
//! multiples of its own). numba reshapes other layouts only when no copy is needed and raises
//! otherwise; here an F or A array of several dimensions is refused at compile time with the
//! fix. When the extents do not give the array's size (or more than one is `-1`, or one is
//! below `-1`), NumPy raises `ValueError("cannot reshape…")`: with `debug=True` the launch
//! raises it (both targets); without, a kernel cannot raise, so every extent of the result is
//! 0 and no element is ever addressed (the policy of `view()`, `array_view.rs`).
//!
//! **real, imag.** Of a complex array: the float array of the real (imaginary) parts, with the
//! same extents and strides (bytes) and layout A, sharing memory (writes go through, and
//! atomics work on them, as numba-cuda's test_atomic_on_real does). Of a real array `real` is
//! the array itself; `imag` (NumPy's read-only zeros) is refused with the fix.
//!
//! **Fields of record arrays.** `recs.name` of an array of records (a `np.recarray`'s field
//! access, numba's `Array` attribute on a record dtype) is the array of that field: the same
//! extents and strides (bytes, the record's stride), the data moved by the field's offset,
//! layout A, sharing memory. It is `aligned` when the field's items are at their natural
//! alignment in every record (not so in a packed record, whose items are then read byte by
//! byte). Array attributes (`shape`, `size`, …) come first, as in numba; a subarray field has
//! no such view and is refused with the fix (index the records, `recs[i].name`).

use oxcuda_ir::{BinOp, CmpOp, Op, Value};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{ArrayType, Dtype, Layout, Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `arr.real` / `arr.imag` (`imag` is true for the imaginary parts).
    pub(super) fn array_part(
        &mut self,
        v: Value,
        a: ArrayType,
        imag: bool,
        range: TextRange,
    ) -> Val {
        let name = if imag { "imag" } else { "real" };
        let s = match a.dtype {
            Dtype::Scalar(s) if s.is_complex() => s,
            Dtype::Scalar(_) if !imag => return Val::Rt(v, Type::Array(a)),
            d => {
                return self.error_hint(
                    codes::UNKNOWN_ATTRIBUTE,
                    range,
                    format!("array.{name} of an array of {d}: only complex arrays have parts here"),
                    "the imaginary part of a real array is zero: write 0 where it is read",
                );
            }
        };
        let part = s.complex_part();
        let data = self.emit(Op::ArrayData(v), Type::Pointer(a.dtype));
        let mut data = self.emit(Op::Cast(data), Type::Pointer(Dtype::Scalar(part)));
        if imag {
            let offset = self.const_int(i128::from(part.size()), Scalar::I64);
            data = self.emit(
                Op::PtrOffset(data, offset),
                Type::Pointer(Dtype::Scalar(part)),
            );
        }
        let mut shape = Vec::new();
        let mut strides = Vec::new();
        for k in 0..a.ndim {
            let n = self.emit(Op::ArrayShape(v, k), Type::I64);
            self.nonneg.insert(n);
            shape.push(n);
            strides.push(self.emit(Op::ArrayStride(v, k), Type::I64));
        }
        let layout = if a.ndim == 0 { Layout::C } else { Layout::A };
        let ty = Type::Array(ArrayType {
            dtype: Dtype::Scalar(part),
            layout,
            ..a
        });
        let made = self.emit(
            Op::MakeArray {
                data,
                shape,
                strides,
            },
            ty.clone(),
        );
        Val::Rt(made, ty)
    }

    /// `recs.<attr>` of an array of records: the view of field `attr` (see the module), or
    /// `None` when `attr` names no field (the caller reports the unknown attribute).
    pub(super) fn record_field_view(
        &mut self,
        v: Value,
        a: ArrayType,
        attr: &str,
        range: TextRange,
    ) -> Option<Val> {
        let Dtype::Record(rec) = a.dtype else {
            return None;
        };
        let (_, field) = rec.get().field(attr)?;
        if !field.shape.is_empty() {
            return Some(self.error_hint(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!(
                    "'{attr}' is a subarray field: an array of records has no array view of it in \
                     device code"
                ),
                format!("index the records and then the field: recs[i].{attr}[j]"),
            ));
        }
        let data = self.emit(Op::ArrayData(v), Type::Pointer(a.dtype));
        let data = self.emit(Op::Cast(data), Type::Pointer(field.dtype));
        let offset = self.const_int(i128::from(field.offset), Scalar::I64);
        let data = self.emit(Op::PtrOffset(data, offset), Type::Pointer(field.dtype));
        let mut shape = Vec::new();
        let mut strides = Vec::new();
        for k in 0..a.ndim {
            let n = self.emit(Op::ArrayShape(v, k), Type::I64);
            self.nonneg.insert(n);
            shape.push(n);
            strides.push(self.emit(Op::ArrayStride(v, k), Type::I64));
        }
        let ty = Type::Array(ArrayType {
            dtype: field.dtype,
            layout: if a.ndim == 0 { Layout::C } else { Layout::A },
            aligned: a.aligned && field.access_align(rec.align) >= field.dtype.align(),
            ..a
        });
        let made = self.emit(
            Op::MakeArray {
                data,
                shape,
                strides,
            },
            ty.clone(),
        );
        Some(Val::Rt(made, ty))
    }

    /// `receiver.reshape(shape)` or `receiver.reshape(d0, d1, ...)`.
    pub(crate) fn array_reshape(&mut self, receiver: Val, args: &[Arg], range: TextRange) -> Val {
        let Val::Rt(array, Type::Array(a)) = receiver else {
            let what = receiver.describe();
            return self.error(codes::TYPE_MISMATCH, range, format!("reshape() of {what}"));
        };
        let items: Vec<Arg> = match args {
            [] => {
                return self.error(codes::BAD_CALL, range, "reshape() takes the new shape");
            }
            [one] => match self.tuple_items(&one.val) {
                Some(items) => items
                    .into_iter()
                    .map(|val| Arg {
                        val,
                        range: one.range,
                    })
                    .collect(),
                None => vec![one.clone()],
            },
            many => many.to_vec(),
        };
        if a.ndim > 1 && a.layout != Layout::C {
            let which = super::array_view::non_c_layout_name(a.layout);
            return self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "reshape() of a {}-d array of layout {which}: its elements are not in C \
                     order in memory, so the new shape cannot be a view",
                    a.ndim
                ),
                "reshape a C-contiguous array (a kernel argument, or a slice keeping the last \
                 axes whole), or index the array with the new shape's arithmetic",
            );
        }
        let mut extents = Vec::with_capacity(items.len());
        for item in &items {
            match item.val {
                Val::Poison => return Val::Poison,
                Val::Int(_) | Val::Bool(_) => {}
                Val::Rt(_, Type::Scalar(s)) if s.is_int() => {}
                ref other => {
                    let what = other.describe();
                    return self.error_hint(
                        codes::TYPE_MISMATCH,
                        item.range,
                        format!("reshape() takes integer extents, not {what}"),
                        "write arr.reshape(n), arr.reshape((rows, cols)) or arr.reshape(rows, cols)",
                    );
                }
            }
            let Some(e) = self.convert(item.val.clone(), &Type::I64, item.range) else {
                return Val::Poison;
            };
            extents.push(e);
        }
        let size = self.array_size(array, a.ndim);
        let final_extents = self.reshape_extents(&extents, size, range);
        // C order over the old element step: the item size, or a 1-d array's own stride.
        let step = if a.layout == Layout::C || a.ndim == 0 {
            self.const_int(i128::from(a.dtype.size()), Scalar::I64)
        } else {
            self.emit(Op::ArrayStride(array, 0), Type::I64)
        };
        let mut strides = vec![step; final_extents.len()];
        for k in (0..final_extents.len().saturating_sub(1)).rev() {
            strides[k] = self.emit(
                Op::Binary(BinOp::Mul, strides[k + 1], final_extents[k + 1]),
                Type::I64,
            );
        }
        let data = self.emit(Op::ArrayData(array), Type::Pointer(a.dtype));
        let layout = if a.layout == Layout::C || a.ndim == 0 || a.layout == Layout::F {
            Layout::C
        } else {
            Layout::A
        };
        let ndim = u32::try_from(final_extents.len()).unwrap_or(u32::MAX);
        let ty = Type::Array(ArrayType { ndim, layout, ..a });
        let made = self.emit(
            Op::MakeArray {
                data,
                shape: final_extents,
                strides,
            },
            ty.clone(),
        );
        Val::Rt(made, ty)
    }

    /// The product of an array's extents (`array.size`), known to be ≥ 0.
    pub(super) fn array_size(&mut self, array: Value, ndim: u32) -> Value {
        let mut total = self.const_int(1, Scalar::I64);
        for k in 0..ndim {
            let n = self.emit(Op::ArrayShape(array, k), Type::I64);
            total = self.emit(Op::Binary(BinOp::Mul, total, n), Type::I64);
        }
        self.nonneg.insert(total);
        total
    }

    /// The extents of a reshape of an array of `size` elements to `asked` (one may be -1,
    /// inferred); all zero, and `ValueError` under `debug`, when they do not give `size`.
    fn reshape_extents(&mut self, asked: &[Value], size: Value, range: TextRange) -> Vec<Value> {
        let zero = self.const_int(0, Scalar::I64);
        let one = self.const_int(1, Scalar::I64);
        let minus_one = self.const_int(-1, Scalar::I64);
        let mut known = one;
        let mut inferred = zero;
        let mut bad = self.emit(Op::Compare(CmpOp::Ne, zero, zero), Type::BOOL);
        let mut infer = Vec::with_capacity(asked.len());
        for &e in asked {
            let is_infer = self.emit(Op::Compare(CmpOp::Eq, e, minus_one), Type::BOOL);
            let below = self.emit(Op::Compare(CmpOp::Lt, e, minus_one), Type::BOOL);
            bad = self.emit(Op::Binary(BinOp::BitOr, bad, below), Type::BOOL);
            let factor = self.emit(Op::Select(is_infer, one, e), Type::I64);
            known = self.emit(Op::Binary(BinOp::Mul, known, factor), Type::I64);
            let count = self.emit(Op::Select(is_infer, one, zero), Type::I64);
            inferred = self.emit(Op::Binary(BinOp::Add, inferred, count), Type::I64);
            infer.push(is_infer);
        }
        // One inferred extent: size / known, exactly (known is never 0 then); none: known == size.
        let divisor = self.emit(Op::Binary(BinOp::Max, known, one), Type::I64);
        let quotient = self.emit(Op::Binary(BinOp::FloorDiv, size, divisor), Type::I64);
        let remainder = self.emit(Op::Binary(BinOp::Mod, size, divisor), Type::I64);
        let none_inferred = self.emit(Op::Compare(CmpOp::Eq, inferred, zero), Type::BOOL);
        let one_inferred = self.emit(Op::Compare(CmpOp::Eq, inferred, one), Type::BOOL);
        let exact = self.emit(Op::Compare(CmpOp::Eq, known, size), Type::BOOL);
        let known_nonzero = self.emit(Op::Compare(CmpOp::Ne, known, zero), Type::BOOL);
        let divides = self.emit(Op::Compare(CmpOp::Eq, remainder, zero), Type::BOOL);
        let ok_none = self.emit(Op::Binary(BinOp::BitAnd, none_inferred, exact), Type::BOOL);
        let ok_one = self.emit(
            Op::Binary(BinOp::BitAnd, one_inferred, known_nonzero),
            Type::BOOL,
        );
        let ok_one = self.emit(Op::Binary(BinOp::BitAnd, ok_one, divides), Type::BOOL);
        let ok = self.emit(Op::Binary(BinOp::BitOr, ok_none, ok_one), Type::BOOL);
        let good = self.emit(Op::Unary(oxcuda_ir::UnaryOp::Not, bad), Type::BOOL);
        let ok = self.emit(Op::Binary(BinOp::BitAnd, ok, good), Type::BOOL);
        if self.sess.options.debug {
            self.check_at(
                ok,
                range.start(),
                "ValueError",
                "cannot reshape the array: the new extents do not give its size (at most one \
                 may be -1)"
                    .to_owned(),
            );
        }
        asked
            .iter()
            .zip(infer)
            .map(|(&e, is_infer)| {
                let extent = self.emit(Op::Select(is_infer, quotient, e), Type::I64);
                let v = self.emit(Op::Select(ok, extent, zero), Type::I64);
                self.nonneg.insert(v);
                v
            })
            .collect()
    }
}
