//! Arrays created in device code: `np.empty`, `np.zeros`, `np.ones`, `np.full` (numba-cuda's
//! NRT feature, `docs/extending.md` "Arrays created in kernels").
//!
//! The shape must be known at compile time (an int constant or a tuple of them, as for
//! `cuda.local.array`): the array is a per-thread C-contiguous array in local memory
//! (`Op::LocalArray`), filled for `zeros`/`ones`/`full` by a loop over its elements. Its
//! storage is the function's stack frame, so it is freed when the function returns, on every
//! path, by construction: no allocation can leak and no free can be missed, which is why this
//! form needs neither numba's reference counts nor a device heap (`malloc`). The price: the
//! array cannot outlive the function that made it — a device function returning it (or a view
//! of it) is refused by the local-array escape check, as for `cuda.local.array`. A shape known
//! only at run time gets a compile error that says so (a device heap is the plan for it).
//!
//! numba's semantics kept: `dtype` defaults to float64 (`full`: the fill value's type, as
//! NumPy's), `order` must be `'C'`, `dtype` may be a type object or a NumPy type name; `empty`
//! leaves the elements uninitialised.

use oxcuda_ir::Op;
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{ArrayType, Dtype, Layout, Scalar, Type};

use super::Lower;
use super::call::{Arg, constant_shape};
use crate::value::Val;

/// What a constructor puts in the elements.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fill {
    Nothing,
    Zero,
    One,
    Value,
}

impl Lower<'_, '_> {
    /// `numpy.<name>(...)` for `empty`, `zeros`, `ones` and `full` (arguments bound by the
    /// registry's signatures: `shape, dtype, order`, and `shape, fill_value, dtype, order`).
    pub(crate) fn numpy_alloc(&mut self, name: &str, args: &[Arg], range: TextRange) -> Val {
        let what = format!("np.{name}");
        let fill = match name {
            "empty" => Fill::Nothing,
            "zeros" => Fill::Zero,
            "ones" => Fill::One,
            _ => Fill::Value,
        };
        let (dtype_at, order_at) = if fill == Fill::Value { (2, 3) } else { (1, 2) };
        if !self.arity(&what, args, 1, order_at + 1, range) {
            return Val::Poison;
        }
        let Some(shape_arg) = args.first() else {
            return self.error(codes::BAD_CALL, range, format!("{what}() needs a shape"));
        };
        if matches!(shape_arg.val, Val::Poison) {
            return Val::Poison;
        }
        let Some(shape) = constant_shape(&shape_arg.val) else {
            let got = shape_arg.val.describe();
            return self.error_hint(
                codes::NOT_CONSTANT,
                shape_arg.range,
                format!(
                    "{what}() in device code needs a shape known at compile time, not {got}: \
                     the array lives in the thread's local memory (oxcuda has no device heap)"
                ),
                "use integer literals, global constants or expressions of them, e.g. \
                 (TILE, TILE + 1); or pass a work array to the kernel",
            );
        };
        if let Some(order) = args.get(order_at)
            && !matches!(&order.val, Val::Str(s) if s == "C")
            && order.val != Val::NoneV
        {
            let got = order.val.describe();
            return self.error(
                codes::BAD_CALL,
                order.range,
                format!(
                    "{what}() in device code makes C-ordered arrays: order must be 'C', not {got}"
                ),
            );
        }
        let value = if fill == Fill::Value {
            match args.get(1) {
                Some(v) => Some(v.clone()),
                None => {
                    return self.error(
                        codes::BAD_CALL,
                        range,
                        format!("{what}() needs a shape and a fill value"),
                    );
                }
            }
        } else {
            None
        };
        let dtype = match args.get(dtype_at) {
            Some(arg) if arg.val != Val::NoneV => match self.array_dtype(&what, arg) {
                Some(d) => d,
                None => return Val::Poison,
            },
            _ => match &value {
                Some(v) => match self.fill_value_dtype(&what, v) {
                    Some(d) => d,
                    None => return Val::Poison,
                },
                None => Dtype::Scalar(Scalar::F64),
            },
        };
        if dtype.as_record().is_some() && fill != Fill::Nothing {
            return self.error(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "{what}() of a record dtype is not supported in device code (only np.empty); \
                     set the members after np.empty"
                ),
            );
        }
        let ndim = u32::try_from(shape.len()).unwrap_or(0);
        let at = ArrayType {
            dtype,
            ndim,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        };
        let t = Type::Array(at);
        let array = self.emit(Op::LocalArray(shape, 0), t.clone());
        let element = match (fill, value) {
            (Fill::Nothing, _) => None,
            (Fill::Zero, _) => Some(Arg {
                val: Val::Int(0),
                range,
            }),
            (Fill::One, _) => Some(Arg {
                val: Val::Int(1),
                range,
            }),
            (Fill::Value, v) => v,
        };
        if let Some(e) = element {
            self.fill_view(array, at, e.val, e.range);
        }
        Val::Rt(array, t)
    }

    /// `np.full`'s default dtype: the fill value's (a Python int is int64, a float float64,
    /// as in numba).
    fn fill_value_dtype(&mut self, what: &str, value: &Arg) -> Option<Dtype> {
        match &value.val {
            Val::Int(_) => Some(Dtype::Scalar(Scalar::I64)),
            Val::Float(_) => Some(Dtype::Scalar(Scalar::F64)),
            Val::Bool(_) => Some(Dtype::Scalar(Scalar::Bool)),
            Val::Complex(..) => Some(Dtype::Scalar(Scalar::C128)),
            Val::Rt(_, Type::Scalar(s)) => Some(Dtype::Scalar(*s)),
            Val::Poison => None,
            other => {
                let got = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    value.range,
                    format!("{what}() fill value must be a number, not {got}"),
                );
                None
            }
        }
    }
}
