//! NumPy's ufuncs on `datetime64`/`timedelta64` scalars that are not operators: numba's
//! `ufunc_db` datetime loops (`numba.cuda.np.ufunc_db`, `numba.cuda.np.npdatetime`,
//! `numba.cuda.np.npyfuncs`), with NumPy's answers.
//!
//! - `np.isnat(x)` and `np.isnan(x)`: whether `x` is NaT; `np.isfinite(x)`: whether it is
//!   not; `np.isinf(x)`: false (a count is never infinite: numba's `np_int_isinf_impl`).
//!   `np.isnat` of a number is a typing error, as in numba and NumPy (it has datetime loops
//!   only).
//! - `np.sign(td)`: a timedelta of the same unit, 1, 0 or -1; NaT (the int64 minimum, a
//!   negative count) gives -1, as numba and NumPy compute it.
//! - `np.maximum`, `np.minimum` (a NaT operand gives NaT, as NaN does), `np.fmax`, `np.fmin`
//!   (a NaT loses to a time; two NaTs give NaT) of two datetimes or two timedeltas, in the
//!   unit NumPy computes them in: the finer unit for datetimes (a year/month datetime through
//!   the calendar), the unit one timedelta converts to for timedeltas. numba's loops compare
//!   the raw counts, which differs only for mixed units; oxcuda follows NumPy there.
//!
//! - Python's `max(a, b, ...)`/`min(...)` of datetimes or timedeltas, as numba lowers them:
//!   left to right, an operand replaces the one kept only when strictly greater (less), so a
//!   NaT never replaces and is replaced by nothing (`max(NaT, x)` is NaT, `max(x, NaT)` is
//!   `x`, CPython's answers with NumPy scalars), in the common unit.
//!
//! The arithmetic ufuncs (`np.add`, `np.subtract`, `np.multiply`, the divisions,
//! `np.remainder`), the comparisons, `np.negative` and `np.absolute` are the operators and
//! `abs` of `datetime.rs`; `call.rs` routes them there. Every answer selects NaT's result
//! after computing, so no answer is made from NaT's count.

use oxcuda_ir::{CmpOp, Op, Value};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::datetime::{self, DatetimeType, NAT};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::call::Arg;
use super::datetime::{CALENDAR_HINT, Operand, common_timedelta_unit, datetime_of};
use crate::value::Val;

/// Two operands in their common unit ([`Lower::common_pair`]).
struct Pair {
    /// The first, as a count of the common unit (NaT kept).
    x: Value,
    /// The second, likewise.
    y: Value,
    /// Whether the first is NaT.
    x_nat: Value,
    /// Whether the second is NaT.
    y_nat: Value,
    /// The common type: the operands' kind in the common unit.
    d: DatetimeType,
}

impl Lower<'_, '_> {
    /// `np.<name>(args)` when `name` is one of the ufuncs above and an argument is a datetime
    /// or timedelta (or `name` is `isnat`); `None` for the general path.
    pub(super) fn datetime_numpy_call(
        &mut self,
        name: &str,
        args: &[Arg],
        range: TextRange,
    ) -> Option<Val> {
        let any_datetime = args.iter().any(|a| datetime_of(&a.val).is_some());
        if !any_datetime && name != "isnat" {
            return None;
        }
        Some(match name {
            "isnat" | "isnan" | "isinf" | "isfinite" => self.datetime_class(name, args, range),
            "sign" => self.timedelta_sign(args, range),
            "maximum" | "minimum" | "fmax" | "fmin" => self.datetime_min_max(name, args, range),
            _ => return None,
        })
    }

    /// `np.isnat`, `np.isnan`, `np.isinf`, `np.isfinite` of one datetime or timedelta.
    fn datetime_class(&mut self, name: &str, args: &[Arg], range: TextRange) -> Val {
        if !self.arity(name, args, 1, 1, range) {
            return Val::Poison;
        }
        let Some(a) = Operand::of(&args[0].val) else {
            if matches!(args[0].val, Val::Poison) {
                return Val::Poison;
            }
            let what = args[0].val.describe();
            return self.error_hint(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!("np.isnat() takes a datetime64 or timedelta64, not {what}"),
                "np.isnan() tests a float for NaN; np.isnat() tests a datetime or timedelta for NaT",
            );
        };
        let v = match name {
            "isinf" => self.emit(Op::Const(oxcuda_ir::Const::Bool(false)), Type::BOOL),
            "isfinite" => {
                let nat = self.const_int(i128::from(NAT), Scalar::I64);
                self.emit(Op::Compare(CmpOp::Ne, a.x, nat), Type::BOOL)
            }
            _ => self.either_nat(&[a.x]),
        };
        Val::Rt(v, Type::BOOL)
    }

    /// `np.sign(td)`: 1, 0 or -1 in the timedelta's unit (NaT, a negative count, gives -1).
    fn timedelta_sign(&mut self, args: &[Arg], range: TextRange) -> Val {
        if !self.arity("sign", args, 1, 1, range) {
            return Val::Poison;
        }
        let Some(a) = Operand::of(&args[0].val).filter(|a| a.d.delta) else {
            let what = args[0].val.describe();
            return self.error(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!("np.sign() of {what}: sign takes numbers and timedeltas, not datetimes"),
            );
        };
        let zero = self.const_int(0, Scalar::I64);
        let one = self.const_int(1, Scalar::I64);
        let minus = self.const_int(-1, Scalar::I64);
        let pos = self.emit(Op::Compare(CmpOp::Gt, a.x, zero), Type::BOOL);
        let is_zero = self.emit(Op::Compare(CmpOp::Eq, a.x, zero), Type::BOOL);
        let low = self.emit(Op::Select(is_zero, zero, minus), Type::I64);
        let t = Type::Datetime(a.d);
        Val::Rt(self.emit(Op::Select(pos, one, low), t.clone()), t)
    }

    /// `np.maximum`/`np.minimum`/`np.fmax`/`np.fmin` of two datetimes or two timedeltas.
    fn datetime_min_max(&mut self, name: &str, args: &[Arg], range: TextRange) -> Val {
        if !self.arity(name, args, 2, 2, range) {
            return Val::Poison;
        }
        let what = format!("np.{name}()");
        let Some(p) = self.common_pair(&what, &args[0].val, &args[1].val, range) else {
            return Val::Poison;
        };
        let cmp = if name.contains("max") {
            CmpOp::Ge
        } else {
            CmpOp::Le
        };
        let first = self.emit(Op::Compare(cmp, p.x, p.y), Type::BOOL);
        let pick = self.emit(Op::Select(first, p.x, p.y), Type::I64);
        // maximum/minimum: NaT wins; fmax/fmin: the other operand wins (NaT when both are).
        let (on_x_nat, on_y_nat): (Value, Value) = if name.starts_with('f') {
            (p.y, p.x)
        } else {
            (p.x, p.y)
        };
        let v = self.emit(Op::Select(p.x_nat, on_x_nat, pick), Type::I64);
        let t = Type::Datetime(p.d);
        Val::Rt(self.emit(Op::Select(p.y_nat, on_y_nat, v), t.clone()), t)
    }

    /// Python's `max(a, b)`/`min(a, b)` (`max` when `max`) of two datetimes or two
    /// timedeltas, as numba lowers them (`do_minmax`): `b` when it is strictly greater (less)
    /// than `a`, else `a`; a comparison with NaT is false, so `max(NaT, x)` is NaT and
    /// `max(x, NaT)` is `x`, as CPython computes it with NumPy scalars.
    pub(super) fn datetime_builtin_min_max(
        &mut self,
        max: bool,
        a: &Val,
        b: &Val,
        range: TextRange,
    ) -> Val {
        let what = if max { "max()" } else { "min()" };
        let Some(p) = self.common_pair(what, a, b, range) else {
            return Val::Poison;
        };
        let cmp = if max { CmpOp::Gt } else { CmpOp::Lt };
        let better = self.emit(Op::Compare(cmp, p.y, p.x), Type::BOOL);
        let either = self.emit(
            Op::Binary(oxcuda_ir::BinOp::BitOr, p.x_nat, p.y_nat),
            Type::BOOL,
        );
        let no = self.emit(Op::Const(oxcuda_ir::Const::Bool(false)), Type::BOOL);
        let take_y = self.emit(Op::Select(either, no, better), Type::BOOL);
        let t = Type::Datetime(p.d);
        Val::Rt(self.emit(Op::Select(take_y, p.y, p.x), t.clone()), t)
    }

    /// Two datetimes or two timedeltas as counts of the unit NumPy compares them in, each
    /// with its NaT kept; `None` after reporting, for `what` (`"np.maximum()"`), any other
    /// pair.
    fn common_pair(&mut self, what: &str, l: &Val, r: &Val, range: TextRange) -> Option<Pair> {
        let pair = match (Operand::of(l), Operand::of(r)) {
            (Some(a), Some(b)) if a.d.delta == b.d.delta => Some((a, b)),
            _ => None,
        };
        let Some((a, b)) = pair else {
            if !matches!(l, Val::Poison) && !matches!(r, Val::Poison) {
                let (x, y) = (l.describe(), r.describe());
                self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!(
                        "{what} of {x} and {y}: it takes two datetimes or two timedeltas (or two numbers)"
                    ),
                );
            }
            return None;
        };
        let unit = if a.d.delta {
            common_timedelta_unit(a.d.unit, b.d.unit)
        } else {
            Some(datetime::best_unit(a.d.unit, b.d.unit))
        };
        let Some(unit) = unit else {
            self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!("{what} of {} and {}: their units do not convert", a.d, b.d),
                CALENDAR_HINT,
            );
            return None;
        };
        let (xs, ys) = self.both_in_unit(a, b, unit, range)?;
        // Each side in the common unit with its NaT kept (a rescaled NaT count is garbage).
        let x = self.nat_or(&[a.x], xs, Type::I64);
        let y = self.nat_or(&[b.x], ys, Type::I64);
        let x_nat = self.either_nat(&[a.x]);
        let y_nat = self.either_nat(&[b.x]);
        Some(Pair {
            x,
            y,
            x_nat,
            y_nat,
            d: DatetimeType { unit, ..a.d },
        })
    }
}
