//! NumPy ufuncs called on arrays with an output array, as numba-cuda allows them in kernels:
//! `np.sin(x, out)`, `np.add(a, b, out)`, `np.add(a, b, out=out)`.
//!
//! numba-cuda cannot allocate a result array in device code, so the output must be given
//! (positionally after the inputs, or as `out=`, or `out=(arr,)`); the calling thread
//! computes every element itself, sequentially (numba-cuda's rule: no parallelism across
//! threads). The call's value is `out`.
//!
//! Invariants:
//! - Inputs are arrays or scalars; they broadcast against `out` as in NumPy: dimensions align
//!   from the right, an input has at most `out`'s dimensions, and an input dimension of
//!   extent 1 repeats (the test is made at run time, since extents are). An extent that is
//!   neither 1 nor `out`'s raises `ValueError` with `debug=True` (numba raises it on the
//!   host); without `debug` it is not checked beyond the simulator's bounds check.
//! - Each element is the scalar function of the input elements (`numpy_call`: the same typing
//!   and code as `np.sin(x)` on a scalar), then converted to `out`'s dtype, which must be at
//!   least as general a kind (bool < unsigned < signed < float < complex: NumPy's
//!   `same_kind` casting, which numba applies to ufunc outputs), so `np.sin(x, int_out)` is a
//!   typing error as in NumPy.
//! - Arrays and scalars of `datetime64`/`timedelta64` take part as well, with numba's
//!   `ufunc_db` datetime loops (`datetime_ufunc.rs`, `datetime.rs`); a datetime result is
//!   stored into an output of the same kind, converted to its unit when numba converts it
//!   safely (`D` into `s`); a coarser unit, or a number into a datetime output, is a
//!   typing error.
//! - Array inputs without an output (`np.sin(x)`) are numba-cuda's error too, with the fix.

use oxcuda_ir::{BinOp, CmpOp, Op, Value};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{ArrayType, Dtype, Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

/// The ufuncs callable with an output array, with their number of inputs: numba-cuda's list
/// (docs: "Supported NumPy features") and the other ufuncs device code computes on scalars.
const UFUNCS: &[(&str, usize)] = &[
    ("sin", 1),
    ("cos", 1),
    ("tan", 1),
    ("arcsin", 1),
    ("arccos", 1),
    ("arctan", 1),
    ("arctan2", 2),
    ("hypot", 2),
    ("sinh", 1),
    ("cosh", 1),
    ("tanh", 1),
    ("arcsinh", 1),
    ("arccosh", 1),
    ("arctanh", 1),
    ("deg2rad", 1),
    ("radians", 1),
    ("rad2deg", 1),
    ("degrees", 1),
    ("greater", 2),
    ("greater_equal", 2),
    ("less", 2),
    ("less_equal", 2),
    ("not_equal", 2),
    ("equal", 2),
    ("log", 1),
    ("log2", 1),
    ("log10", 1),
    ("logical_and", 2),
    ("logical_or", 2),
    ("logical_xor", 2),
    ("logical_not", 1),
    ("maximum", 2),
    ("minimum", 2),
    ("fmax", 2),
    ("fmin", 2),
    ("bitwise_and", 2),
    ("bitwise_or", 2),
    ("bitwise_xor", 2),
    ("invert", 1),
    ("bitwise_not", 1),
    ("left_shift", 2),
    ("right_shift", 2),
    ("add", 2),
    ("subtract", 2),
    ("multiply", 2),
    ("divide", 2),
    ("true_divide", 2),
    ("floor_divide", 2),
    ("remainder", 2),
    ("negative", 1),
    ("power", 2),
    ("exp", 1),
    ("exp2", 1),
    ("expm1", 1),
    ("log1p", 1),
    ("sqrt", 1),
    ("cbrt", 1),
    ("square", 1),
    ("reciprocal", 1),
    ("absolute", 1),
    ("abs", 1),
    ("fabs", 1),
    ("sign", 1),
    ("ceil", 1),
    ("floor", 1),
    ("trunc", 1),
    ("rint", 1),
    ("isnan", 1),
    ("isnat", 1),
    ("isinf", 1),
    ("isfinite", 1),
    ("fmod", 2),
    ("copysign", 2),
    ("nextafter", 2),
    ("ldexp", 2),
];

/// The number of inputs of the ufunc at `path` (`numpy.sin`), if it is one.
pub(super) fn ufunc_inputs(path: &str) -> Option<usize> {
    let name = path.strip_prefix("numpy.")?;
    UFUNCS.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// NumPy's casting kinds, in `same_kind` order.
fn kind(s: Scalar) -> u8 {
    if s == Scalar::Bool {
        0
    } else if s.is_int() && !s.is_signed() {
        1
    } else if s.is_int() {
        2
    } else if s.is_complex() {
        4
    } else {
        3
    }
}

/// One input of the elementwise loop.
enum Input {
    /// A scalar, the same for every element.
    Scalar(Val),
    /// An array of `ndim` dimensions whose items are of type `item` (a scalar, a datetime
    /// or a timedelta), and its extents.
    Array {
        array: Value,
        item: Type,
        shape: Vec<Value>,
    },
}

impl Lower<'_, '_> {
    /// Whether a call of the ufunc at `path` is the array form: an output given, or an array
    /// among the inputs.
    pub(super) fn is_ufunc_array_call(
        &self,
        path: &str,
        args: &[Arg],
        keywords: &[(String, Arg)],
    ) -> bool {
        let Some(nin) = ufunc_inputs(path) else {
            return false;
        };
        args.len() > nin
            || keywords.iter().any(|(k, _)| k == "out")
            || args.iter().any(|a| {
                matches!(
                    Self::plain(a.val.clone()),
                    Val::Rt(_, Type::Array(_)) | Val::GlobalArray(_)
                )
            })
    }

    /// `np.<ufunc>(inputs..., out)`: the elementwise loop; the value is `out`.
    pub(super) fn ufunc_call(
        &mut self,
        path: &str,
        mut args: Vec<Arg>,
        keywords: Vec<(String, Arg)>,
        range: TextRange,
    ) -> Val {
        let name = path.strip_prefix("numpy.").unwrap_or(path);
        let nin = ufunc_inputs(path).unwrap_or(1);
        if args.len() > nin + 1 {
            return self.error(
                codes::BAD_CALL,
                range,
                format!(
                    "np.{name}() takes {nin} input{} and one output array, not {} arguments",
                    if nin == 1 { "" } else { "s" },
                    args.len()
                ),
            );
        }
        let mut out = (args.len() > nin).then(|| args.remove(nin));
        for (k, a) in keywords {
            if k != "out" {
                return self.error_hint(
                    codes::BAD_CALL,
                    a.range,
                    format!("np.{name}() keyword '{k}' is not supported in device code"),
                    "only out= is (where=, dtype=, casting= and the rest are not)",
                );
            }
            if out.is_some() {
                return self.error(
                    codes::BAD_CALL,
                    a.range,
                    format!("np.{name}() was given its output twice"),
                );
            }
            out = Some(a);
        }
        if args.len() < nin {
            return self.error(
                codes::BAD_CALL,
                range,
                format!(
                    "np.{name}() takes {nin} input{}, got {}",
                    if nin == 1 { "" } else { "s" },
                    args.len()
                ),
            );
        }
        let Some(out) = out else {
            return self.error_hint(
                codes::BAD_CALL,
                range,
                format!(
                    "np.{name}() of an array returns a new array, which device code cannot allocate (numba-cuda refuses it too)"
                ),
                format!("pass the output array: np.{name}(..., out)"),
            );
        };
        let Some((dst, da)) = self.ufunc_output(name, out) else {
            return Val::Poison;
        };
        let out_item = Type::of_dtype(da.dtype);
        let shape = self.extents(dst, da.ndim);
        let mut inputs = Vec::with_capacity(nin);
        let one = self.const_int(1, Scalar::I64);
        for a in args {
            let at = a.range.start();
            let Some(input) = self.ufunc_input(name, a, da.ndim) else {
                return Val::Poison;
            };
            if let Input::Array { shape: extents, .. } = &input
                && self.sess.options.debug
                && !extents.is_empty()
            {
                // numba raises ValueError on mismatched shapes; debug builds check it here.
                let skip = shape.len() - extents.len();
                let mut ok = None;
                for (&n, &m) in extents.iter().zip(&shape[skip..]) {
                    let unit = self.emit(Op::Compare(CmpOp::Eq, n, one), Type::BOOL);
                    let same = self.emit(Op::Compare(CmpOp::Eq, n, m), Type::BOOL);
                    let dim = self.emit(Op::Binary(BinOp::BitOr, unit, same), Type::BOOL);
                    ok = Some(match ok {
                        None => dim,
                        Some(all) => self.emit(Op::Binary(BinOp::BitAnd, all, dim), Type::BOOL),
                    });
                }
                if let Some(ok) = ok {
                    self.check_at(
                        ok,
                        at,
                        "ValueError",
                        format!(
                            "np.{name}(): an input could not be broadcast to the output's shape"
                        ),
                    );
                }
            }
            inputs.push(input);
        }
        let zero = self.const_int(0, Scalar::I64);
        let mut failed = false;
        let mut idx = Vec::new();
        self.nested_loops(&shape, &mut idx, &mut |this: &mut Self, idx: &[Value]| {
            let mut elems = Vec::with_capacity(inputs.len());
            for input in &inputs {
                let val = match input {
                    Input::Scalar(v) => v.clone(),
                    Input::Array {
                        array,
                        item,
                        shape: extents,
                    } => {
                        // Right-aligned broadcasting: an extent of 1 repeats its element.
                        let skip = idx.len() - extents.len();
                        let at: Vec<Value> = extents
                            .iter()
                            .zip(&idx[skip..])
                            .map(|(&n, &i)| {
                                let single = this.emit(Op::Compare(CmpOp::Eq, n, one), Type::BOOL);
                                let k = this.emit(Op::Select(single, zero, i), Type::I64);
                                this.nonneg.insert(k);
                                k
                            })
                            .collect();
                        Val::Rt(this.emit(Op::Load(*array, at), item.clone()), item.clone())
                    }
                };
                elems.push(Arg { val, range });
            }
            let r = this.numpy_call(name, elems, range);
            if !this.ufunc_result_fits(name, &r, &out_item, range) {
                failed = true;
                return;
            }
            if let Some(v) = this.convert(r, &out_item, range) {
                this.emit_void(Op::Store(dst, idx.to_vec(), v));
            }
        });
        if failed {
            return Val::Poison;
        }
        Val::Rt(dst, Type::Array(da))
    }

    /// Whether the element result `r` may be stored in an output of items `out` (reporting
    /// why not): numbers by NumPy's `same_kind` casting, which numba applies to ufunc
    /// outputs; a datetime or timedelta only into the same kind, converted to the output's
    /// unit (`convert`: a unit it converts to safely, as numba's loops scale into the
    /// output's unit and refuse a coarser one).
    fn ufunc_result_fits(&mut self, name: &str, r: &Val, out: &Type, range: TextRange) -> bool {
        if matches!(r, Val::Poison) {
            return false;
        }
        let (computed, fits) = match (r, out) {
            (Val::Rt(_, Type::Datetime(d)), Type::Datetime(o)) => {
                (d.to_string(), d.delta == o.delta)
            }
            (Val::Rt(_, Type::Datetime(d)), _) => (d.to_string(), false),
            (_, Type::Datetime(_)) => match self.scalar_type_of(r) {
                Some(s) => (s.to_string(), false),
                None => return false,
            },
            (_, Type::Scalar(o)) => match self.scalar_type_of(r) {
                Some(s) => (s.to_string(), kind(s) <= kind(*o)),
                None => return false,
            },
            _ => return false,
        };
        if !fits {
            self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "np.{name}() computes {computed}, which cannot be stored in an array of {out} (NumPy's same_kind casting, as numba applies to ufunc outputs)"
                ),
                "pass an output array of a more general kind (float for float results, timedelta64 for timedelta results)",
            );
        }
        fits
    }

    fn ufunc_output(&mut self, name: &str, out: Arg) -> Option<(Value, ArrayType)> {
        let val = match Self::plain(out.val) {
            // `out=(arr,)`, NumPy's tuple form.
            Val::Tuple(mut items) if items.len() == 1 => items.remove(0),
            v => v,
        };
        match val {
            Val::Rt(v, Type::Array(a))
                if !a.readonly && matches!(a.dtype, Dtype::Scalar(_) | Dtype::Datetime(_)) =>
            {
                Some((v, a))
            }
            Val::Rt(_, Type::Array(a)) if a.readonly => {
                self.error(
                    codes::READONLY_ARRAY,
                    out.range,
                    format!(
                        "np.{name}() cannot write its output to a read-only {}",
                        Type::Array(a)
                    ),
                );
                None
            }
            Val::Poison => None,
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    out.range,
                    format!(
                        "np.{name}()'s output must be an array of numbers, datetimes or timedeltas, not {what}"
                    ),
                );
                None
            }
        }
    }

    fn ufunc_input(&mut self, name: &str, a: Arg, out_ndim: u32) -> Option<Input> {
        let v = match Self::plain(a.val) {
            v @ Val::GlobalArray(_) => {
                let (v, t) = self.materialize(v, a.range)?;
                Val::Rt(v, t)
            }
            v => v,
        };
        match v {
            Val::Rt(array, Type::Array(t)) => {
                if !matches!(t.dtype, Dtype::Scalar(_) | Dtype::Datetime(_)) {
                    self.error(
                        codes::TYPE_MISMATCH,
                        a.range,
                        format!(
                            "np.{name}() of an array of {}: ufuncs take numbers, datetimes and timedeltas",
                            t.dtype
                        ),
                    );
                    return None;
                }
                if t.ndim > out_ndim {
                    self.error(
                        codes::TYPE_MISMATCH,
                        a.range,
                        format!(
                            "np.{name}(): a {}-d input cannot broadcast to a {out_ndim}-d output",
                            t.ndim
                        ),
                    );
                    return None;
                }
                let shape = self.extents(array, t.ndim);
                Some(Input::Array {
                    array,
                    item: Type::of_dtype(t.dtype),
                    shape,
                })
            }
            Val::Poison => None,
            v @ Val::Rt(_, Type::Datetime(_)) => Some(Input::Scalar(v)),
            v if self.scalar_type_of(&v).is_some() => Some(Input::Scalar(v)),
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!(
                        "np.{name}() takes arrays, numbers, datetimes and timedeltas, not {what}"
                    ),
                );
                None
            }
        }
    }
}
