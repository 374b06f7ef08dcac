//! `np.arange(start, stop=None, step=None, dtype=None)` in device code: a per-thread C array
//! in local memory, as `np.empty` of a constant shape (`np_alloc.rs`).
//!
//! The length is the array's shape, so `start`, `stop` and `step` must be known at compile
//! time (numbers or global constants); a length known only at run time is refused, since the
//! array lives in the thread's local memory (there is no device heap).
//!
//! The values are NumPy's, bit for bit, on both targets: NumPy computes the length as
//! `ceil((stop - start) / step)` in float64, sets the first two elements to `start` and
//! `start + step` (computed as Python numbers, then stored in the dtype), and fills the rest
//! from them as `first + i * (second - first)` in the dtype's arithmetic. The two elements and
//! their difference are computed here at compile time; the loop that fills the array computes
//! `first + i * delta` with the `.rn` arithmetic that is never contracted into a fused
//! multiply-add (libNVVM would fuse a plain multiply and add, and the result would differ
//! from NumPy's in the last bit), and integers wrap as NumPy's do.
//!
//! The dtype defaults to NumPy's: int64 when every argument is an int, else float64. Integer
//! and float32/float64 dtypes are supported; float16, bool, complex and records are refused.

use oxcuda_ir::{BinOp, Const, Intrinsic, Op, Value};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{ArrayType, Dtype, Layout, Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

/// A compile-time number argument of `np.arange`.
#[derive(Clone, Copy)]
enum Number {
    Int(i128),
    Float(f64),
}

impl Number {
    fn as_f64(self) -> f64 {
        match self {
            #[allow(clippy::cast_precision_loss)] // NumPy divides in float64 too
            Self::Int(i) => i as f64,
            Self::Float(x) => x,
        }
    }

    /// `self + other` as Python adds them (ints stay exact).
    fn add(self, other: Self) -> Self {
        match (self, other) {
            (Self::Int(a), Self::Int(b)) => Self::Int(a + b),
            (a, b) => Self::Float(a.as_f64() + b.as_f64()),
        }
    }
}

/// The first element and the step between elements, as stored in the dtype.
enum Fill {
    Int { first: i128, delta: i128 },
    Float { first: f64, delta: f64 },
}

impl Lower<'_, '_> {
    /// `numpy.arange(...)` (arguments bound by the registry's signature
    /// `start, stop=None, step=None, dtype=None`).
    pub(crate) fn numpy_arange(&mut self, args: &[Arg], range: TextRange) -> Val {
        const WHAT: &str = "np.arange";
        if !self.arity(WHAT, args, 1, 4, range) {
            return Val::Poison;
        }
        let given = |k: usize| args.get(k).filter(|a| a.val != Val::NoneV);
        let mut numbers = Vec::with_capacity(3);
        for k in 0..3 {
            match given(k) {
                None => numbers.push(None),
                Some(arg) => match self.arange_number(arg) {
                    Some(n) => numbers.push(Some(n)),
                    None => return Val::Poison,
                },
            }
        }
        let (start, stop) = match (numbers[0], numbers[1]) {
            (Some(stop), None) => (Number::Int(0), stop),
            (Some(start), Some(stop)) => (start, stop),
            _ => return self.error(codes::BAD_CALL, range, "np.arange() needs a stop value"),
        };
        let step = numbers[2].unwrap_or(Number::Int(1));
        if step.as_f64() == 0.0 {
            let at = given(2).map_or(range, |a| a.range);
            return self.error(codes::BAD_CALL, at, "np.arange() step must not be zero");
        }
        let all_ints = [start, stop, step]
            .iter()
            .all(|n| matches!(n, Number::Int(_)));
        let scalar = match given(3) {
            Some(arg) => match self.array_dtype(WHAT, arg) {
                Some(Dtype::Scalar(s)) if s.is_int() || matches!(s, Scalar::F32 | Scalar::F64) => s,
                Some(other) => {
                    return self.error_hint(
                        codes::TYPE_MISMATCH,
                        arg.range,
                        format!("np.arange() in device code cannot make an array of {other}"),
                        "use an integer dtype, float32 or float64, and convert the elements",
                    );
                }
                None => return Val::Poison,
            },
            None if all_ints => Scalar::I64,
            None => Scalar::F64,
        };
        let length = numpy_length(start, stop, step);
        let fill = fill_values(scalar, start, start.add(step));
        let at = ArrayType {
            dtype: Dtype::Scalar(scalar),
            ndim: 1,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        };
        let t = Type::Array(at);
        let array = self.emit(Op::LocalArray(vec![length], 0), t.clone());
        let extents = self.extents(array, 1);
        let mut idx = Vec::new();
        self.nested_loops(&extents, &mut idx, &mut |this: &mut Self, idx: &[Value]| {
            let value = this.arange_element(scalar, &fill, idx[0]);
            this.emit_void(Op::Store(array, idx.to_vec(), value));
        });
        Val::Rt(array, t)
    }

    /// A number argument known at compile time, or an error saying why it must be.
    fn arange_number(&mut self, arg: &Arg) -> Option<Number> {
        match &arg.val {
            Val::Int(i) => Some(Number::Int(*i)),
            Val::Bool(b) => Some(Number::Int(i128::from(*b))),
            Val::Float(x) => Some(Number::Float(*x)),
            Val::Poison => None,
            other => {
                let got = other.describe();
                self.error_hint(
                    codes::NOT_CONSTANT,
                    arg.range,
                    format!(
                        "np.arange() in device code needs start, stop and step known at compile \
                         time, not {got}: the length is the array's shape, and the array lives \
                         in the thread's local memory (oxcuda has no device heap)"
                    ),
                    "use numbers, global constants or expressions of them; or pass an array \
                     to the kernel and fill it",
                );
                None
            }
        }
    }

    /// Element `i` (an int64 index): `first + i * delta` in the dtype's arithmetic.
    fn arange_element(&mut self, scalar: Scalar, fill: &Fill, i: Value) -> Value {
        let t = Type::Scalar(scalar);
        let i = self.emit(Op::Cast(i), t.clone());
        match *fill {
            Fill::Int { first, delta } => {
                let delta = self.const_int(delta, scalar);
                let first = self.const_int(first, scalar);
                let offset = self.emit(Op::Binary(BinOp::Mul, i, delta), t.clone());
                self.emit(Op::Binary(BinOp::Add, first, offset), t)
            }
            Fill::Float { first, delta } => {
                let delta = self.emit(Op::Const(Const::Float(delta)), t.clone());
                let first = self.emit(Op::Const(Const::Float(first)), t.clone());
                let offset = self.emit(
                    Op::Intrinsic(Intrinsic::ArithRn(BinOp::Mul), vec![i, delta]),
                    t.clone(),
                );
                self.emit(
                    Op::Intrinsic(Intrinsic::ArithRn(BinOp::Add), vec![first, offset]),
                    t,
                )
            }
        }
    }
}

/// NumPy's length: `ceil((stop - start) / step)` in float64, never below 0.
fn numpy_length(start: Number, stop: Number, step: Number) -> u64 {
    let ratio = (stop.as_f64() - start.as_f64()) / step.as_f64();
    let length = ratio.ceil();
    if length.is_nan() || length <= 0.0 {
        0
    } else {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // positive, finite
        let n = length as u64;
        n
    }
}

/// The first element and the difference of the first two, stored in `scalar` as NumPy stores
/// them (floats cast to an integer dtype truncate; integers wrap).
fn fill_values(scalar: Scalar, first: Number, second: Number) -> Fill {
    if scalar.is_int() {
        let stored = |n: Number| match n {
            Number::Int(i) => wrap(i, scalar),
            #[allow(clippy::cast_possible_truncation)] // NumPy's C cast truncates as well
            Number::Float(x) => wrap(x.trunc() as i128, scalar),
        };
        let (a, b) = (stored(first), stored(second));
        Fill::Int {
            first: a,
            delta: wrap(b - a, scalar),
        }
    } else if scalar == Scalar::F32 {
        #[allow(clippy::cast_possible_truncation)] // the float32 rounding NumPy does
        let (a, b) = (first.as_f64() as f32, second.as_f64() as f32);
        Fill::Float {
            first: f64::from(a),
            delta: f64::from(b - a),
        }
    } else {
        let (a, b) = (first.as_f64(), second.as_f64());
        Fill::Float {
            first: a,
            delta: b - a,
        }
    }
}

/// `value` reduced to the integer type `scalar` (two's complement wrap-around).
fn wrap(value: i128, scalar: Scalar) -> i128 {
    let bits = scalar.bits();
    let modulus = 1i128 << bits;
    let low = value.rem_euclid(modulus);
    if scalar.is_signed() && low >= modulus / 2 {
        low - modulus
    } else {
        low
    }
}
