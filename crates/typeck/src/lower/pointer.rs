//! Indexing a typed pointer: `p[i]` and `p[i] = v` on a `CPointer(T)` value (a kernel
//! argument declared `CPointer(float32)`, as numba-cuda's `types.CPointer`).
//!
//! As in C and numba, `p[i]` is the element at `p + i * sizeof(T)`, with `i` any signed
//! integer (a negative index is before `p`, not from an end: a pointer has no extent). The
//! element is reached through a one-element array made at that address (`Op::MakeArray`), so
//! reads and writes are the array ones: the stored value is converted to `T` as for an array
//! element, an element of a record pointer is a reference to the record, and the simulator
//! checks that the address lies in memory it knows.

use oxcuda_ir::{BinOp, Op, Value};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{ArrayType, Dtype, Layout, Scalar, Type};

use super::Lower;
use super::array::Index;
use crate::value::Val;

impl Lower<'_, '_> {
    /// The one-element array at `p[index]`, and its type; `None` after an error.
    pub(super) fn pointer_element(
        &mut self,
        p: Value,
        dtype: Dtype,
        index: Vec<Index>,
        range: TextRange,
    ) -> Option<(Value, Type)> {
        let i = match <[Index; 1]>::try_from(index) {
            Ok([Index::Int(i)]) => i,
            Ok([Index::Slice { .. }]) => {
                self.error_hint(
                    codes::BAD_INDEX,
                    range,
                    format!("a CPointer({dtype}) cannot be sliced: it has no extent"),
                    "index one element at a time (p[i]), or pass an array instead of a pointer",
                );
                return None;
            }
            Err(index) => {
                self.error(
                    codes::BAD_INDEX,
                    range,
                    format!(
                        "a CPointer({dtype}) takes one integer index, not {}",
                        index.len()
                    ),
                );
                return None;
            }
        };
        let i = match i {
            Val::Int(i) => self.const_int(i, Scalar::I64),
            Val::Rt(v, Type::Scalar(s)) if s.is_int() => self.cast(v, s, Scalar::I64),
            Val::Poison => return None,
            other => {
                let what = other.describe();
                self.error_hint(
                    codes::BAD_INDEX,
                    range,
                    format!("a pointer index must be an integer, not {what}"),
                    "convert with int(...)",
                );
                return None;
            }
        };
        let size = self.const_int(i128::from(dtype.size()), Scalar::I64);
        let bytes = self.emit(Op::Binary(BinOp::Mul, i, size), Type::I64);
        let at = self.emit(Op::PtrOffset(p, bytes), Type::Pointer(dtype));
        let one = self.const_int(1, Scalar::I64);
        let ty = Type::Array(ArrayType {
            dtype,
            ndim: 1,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        });
        let shape = vec![one];
        let strides = vec![size];
        let arr = self.emit(
            Op::MakeArray {
                data: at,
                shape,
                strides,
            },
            ty.clone(),
        );
        Some((arr, ty))
    }

    /// `p[index]` on a `CPointer(dtype)`.
    pub(super) fn pointer_load(
        &mut self,
        p: Value,
        dtype: Dtype,
        index: Vec<Index>,
        range: TextRange,
    ) -> Val {
        let Some((arr, ty)) = self.pointer_element(p, dtype, index, range) else {
            return Val::Poison;
        };
        self.index_array(arr, ty, vec![Index::Int(Val::Int(0))], range)
    }

    /// `p[index] = value` on a `CPointer(dtype)`.
    pub(super) fn pointer_store(
        &mut self,
        p: Value,
        dtype: Dtype,
        index: Vec<Index>,
        value: Val,
        range: TextRange,
        value_range: TextRange,
    ) {
        let Some((arr, ty)) = self.pointer_element(p, dtype, index, range) else {
            return;
        };
        let index = vec![Index::Int(Val::Int(0))];
        self.store_with_index(Val::Rt(arr, ty), index, value, range, value_range);
    }
}
