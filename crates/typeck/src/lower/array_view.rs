//! `arr.view(dtype)`: the same memory read as another scalar dtype, NumPy's and numba-cuda's
//! `ndarray.view`.
//!
//! The result keeps the array's number of dimensions and layout (numba types it
//! `ary.copy(dtype=dtype)`). With an item of the same size, extents and strides are unchanged.
//! With another size, the last axis, which must be contiguous (NumPy's rule since 1.23: "the
//! last axis must be contiguous"), is re-cut: its extent becomes `extent * old_size // new_size`
//! and its stride the new item size. NumPy raises `ValueError` when that axis's bytes do not divide evenly; a kernel cannot
//! raise without `debug`, so the extent is rounded down on both targets (no element past the
//! array's bytes is ever addressed). A layout-`A` or multi-dimensional `F` array is refused at
//! compile time when the size changes: the last axis of an `F` array is not contiguous, and an
//! `A` array's contiguity is known only at run time (numba checks it there); the refusal names
//! the fix. Alignment: a view to a dtype of larger alignment is typed unaligned,
//! so the GPU reads it with accesses that cannot fault on a byte offset.

use oxcuda_ir::Op;
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{ArrayType, Dtype, Layout, Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `receiver.view(dtype)`.
    pub(crate) fn array_view(&mut self, receiver: Val, args: &[Arg], range: TextRange) -> Val {
        let Val::Rt(array, Type::Array(a)) = receiver else {
            let what = receiver.describe();
            return self.error(codes::TYPE_MISMATCH, range, format!("view() of {what}"));
        };
        if args.len() != 1 {
            return self.error(
                codes::BAD_CALL,
                range,
                format!("view() takes one argument, a dtype ({} given)", args.len()),
            );
        }
        let to = match &args[0].val {
            Val::Poison => return Val::Poison,
            Val::TypeObj(Type::Scalar(s)) => *s,
            Val::Str(name) if Scalar::from_name(name).is_some() => {
                Scalar::from_name(name).unwrap_or(Scalar::U8)
            }
            other => {
                let what = other.describe();
                return self.error_hint(
                    codes::TYPE_MISMATCH,
                    args[0].range,
                    format!("view() takes a scalar dtype, not {what}"),
                    "write arr.view(np.int32) or arr.view('int32')",
                );
            }
        };
        let Dtype::Scalar(from) = a.dtype else {
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "view() of an array of records ({}) is not supported",
                    a.dtype
                ),
            );
        };
        let (old, new) = (i128::from(from.size()), i128::from(to.size()));
        let axis = match a.layout {
            _ if old == new => None,
            _ if a.ndim == 0 => {
                return self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("view() of a 0-d array changes the item size ({from} to {to})"),
                    "a 0-d array can only be viewed as a dtype of the same size",
                );
            }
            Layout::C => Some(a.ndim - 1),
            Layout::F if a.ndim == 1 => Some(0),
            layout => {
                let which = non_c_layout_name(layout);
                return self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!(
                        "view() from {from} to {to} changes the item size, which needs the \
                         last axis contiguous (NumPy's rule), and this array's layout is {which}"
                    ),
                    "view a C-contiguous array (a kernel argument, or a slice that keeps the \
                     last axis whole)",
                );
            }
        };
        let data = self.emit(Op::ArrayData(array), Type::Pointer(a.dtype));
        let data = self.emit(Op::Cast(data), Type::Pointer(Dtype::Scalar(to)));
        let mut shape = Vec::new();
        let mut strides = Vec::new();
        for k in 0..a.ndim {
            let n = self.emit(Op::ArrayShape(array, k), Type::I64);
            let s = self.emit(Op::ArrayStride(array, k), Type::I64);
            if Some(k) == axis {
                let bytes = self.const_int(old, Scalar::I64);
                let bytes = self.emit(Op::Binary(oxcuda_ir::BinOp::Mul, n, bytes), Type::I64);
                self.nonneg.insert(bytes);
                let item = self.const_int(new, Scalar::I64);
                let n = self.emit(
                    Op::Binary(oxcuda_ir::BinOp::FloorDiv, bytes, item),
                    Type::I64,
                );
                self.nonneg.insert(n);
                shape.push(n);
                strides.push(self.const_int(new, Scalar::I64));
            } else {
                self.nonneg.insert(n);
                shape.push(n);
                strides.push(s);
            }
        }
        let ty = Type::Array(ArrayType {
            dtype: Dtype::Scalar(to),
            ndim: a.ndim,
            layout: a.layout,
            readonly: a.readonly,
            aligned: a.aligned && Dtype::Scalar(to).align() <= a.dtype.align(),
        });
        let v = self.emit(
            Op::MakeArray {
                data,
                shape,
                strides,
            },
            ty.clone(),
        );
        Val::Rt(v, ty)
    }
}

/// A layout other than C, as error messages name it.
pub(super) const fn non_c_layout_name(layout: Layout) -> &'static str {
    match layout {
        Layout::F => "F (Fortran order)",
        _ => "A (strided)",
    }
}
