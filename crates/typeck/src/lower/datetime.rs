//! `datetime64`/`timedelta64` values in device code, as numba types and computes them
//! (`numba.cuda.typing.npdatetime`, `numba.cuda.np.npdatetime`).
//!
//! A value is its int64 count (`oxcuda_types::datetime`); NaT is `i64::MIN`. Every operation
//! computes its result branch-free and then selects NaT (or the NaT answer of a comparison)
//! when an operand is NaT, so no operation ever computes with NaT's count.
//!
//! - `timedelta ± timedelta`: the unit the other converts to safely (numba's
//!   `can_cast_timedelta_units`), else a typing error; `-td`, `+td`.
//! - `datetime ± timedelta`, `timedelta + datetime`: numba's combined unit; `datetime -
//!   datetime`: a timedelta of the finer unit.
//! - `timedelta * number`, `number * timedelta`; `timedelta / number` and `// number`
//!   (an integer divides truncating, as numba's `sdiv`; a zero or NaN divisor gives NaT);
//!   `timedelta / timedelta`: float64, NaN when either is NaT.
//! - comparisons: datetimes of any units, timedeltas whose units convert one way or the other
//!   (`==`/`!=` of units that do not are `False`/`True`); NaT compares unequal to everything,
//!   itself included, and is unordered.
//! - conversions (stores, declared types): to a unit a timedelta converts to safely, NaT kept.
//!
//! A year/month datetime meeting a finer unit needs the calendar (numba converts with it);
//! oxcuda refuses it with an error saying so. Multiples of units (`'10D'`) are not types here,
//! as in numba.

use oxcuda_ir::{BinOp, CmpOp, Const, Op, UnaryOp, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::ast;
use oxcuda_syntax::codes;
use oxcuda_types::datetime::{self, DatetimeType, NAT};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use crate::value::Val;

/// The datetime type of `v`, if it is a runtime datetime or timedelta.
fn datetime_of(v: &Val) -> Option<DatetimeType> {
    match v {
        Val::Rt(_, Type::Datetime(d)) => Some(*d),
        _ => None,
    }
}

impl Lower<'_, '_> {
    /// `l <op> r` when either operand is a datetime or timedelta; `None` otherwise.
    pub(crate) fn datetime_binary(
        &mut self,
        op: ast::Operator,
        l: &Val,
        r: &Val,
        range: TextRange,
    ) -> Option<Val> {
        use ast::Operator as O;
        let (dl, dr) = (datetime_of(l), datetime_of(r));
        if dl.is_none() && dr.is_none() {
            return None;
        }
        let errors_before = self.diags.len();
        let out = match (op, dl, dr) {
            (O::Add | O::Sub, Some(a), Some(b)) if a.delta && b.delta => {
                self.timedelta_add_sub(op, l, a, r, b, range)
            }
            (O::Add | O::Sub, Some(a), Some(b)) if !a.delta && b.delta => {
                self.datetime_shift(op == O::Sub, l, a, r, b, range)
            }
            (O::Add, Some(a), Some(b)) if a.delta && !b.delta => {
                self.datetime_shift(false, r, b, l, a, range)
            }
            (O::Sub, Some(a), Some(b)) if !a.delta && !b.delta => {
                self.datetime_difference(l, a, r, b, range)
            }
            (O::Mult, Some(a), None) if a.delta => self.timedelta_scaled(l, a, r, false, range),
            (O::Mult, None, Some(b)) if b.delta => self.timedelta_scaled(r, b, l, false, range),
            (O::Div | O::FloorDiv, Some(a), None) if a.delta => {
                self.timedelta_scaled(l, a, r, true, range)
            }
            (O::Div, Some(a), Some(b)) if a.delta && b.delta => {
                self.timedelta_ratio(l, a, r, b, range)
            }
            (O::FloorDiv | O::Mod, Some(a), Some(b)) if a.delta && b.delta => {
                self.timedelta_floor_div_mod(op == O::Mod, l, a, r, b, range)
            }
            _ => None,
        };
        Some(out.unwrap_or_else(|| {
            if self.diags.len() > errors_before {
                return Val::Poison;
            }
            let (x, y) = (l.describe(), r.describe());
            self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!("unsupported operand types for {}: {x} and {y}", op.as_str()),
                "datetime64 and timedelta64 support: timedelta ± timedelta, datetime ± \
                 timedelta, datetime - datetime, timedelta * number, timedelta / number, \
                 timedelta / timedelta, timedelta // timedelta, timedelta % timedelta, \
                 comparisons",
            )
        }))
    }

    /// `-td` / `+td`; `None` when `v` is not a timedelta.
    pub(crate) fn datetime_unary(
        &mut self,
        op: ast::UnaryOp,
        v: &Val,
        range: TextRange,
    ) -> Option<Val> {
        let d = datetime_of(v)?;
        let Val::Rt(x, _) = v else { return None };
        Some(match op {
            ast::UnaryOp::UAdd if d.delta => v.clone(),
            // Negation wraps: NaT (i64::MIN) stays NaT, as in numba.
            ast::UnaryOp::USub if d.delta => {
                let t = Type::Datetime(d);
                Val::Rt(self.emit(Op::Unary(UnaryOp::Neg, *x), t.clone()), t)
            }
            _ => self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("bad operand type for unary {}: {d}", op.as_str()),
            ),
        })
    }

    /// `l <cmp> r` when either operand is a datetime or timedelta; `None` otherwise.
    pub(crate) fn datetime_compare(
        &mut self,
        cmp: CmpOp,
        l: &Val,
        r: &Val,
        range: TextRange,
    ) -> Option<Val> {
        let (dl, dr) = (datetime_of(l), datetime_of(r));
        if dl.is_none() && dr.is_none() {
            return None;
        }
        let (Some(a), Some(b)) = (dl, dr) else {
            let (x, y) = (l.describe(), r.describe());
            return Some(self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("cannot compare {x} with {y}"),
            ));
        };
        if a.delta != b.delta {
            return Some(self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("cannot compare {a} with {b}: a datetime with a timedelta"),
            ));
        }
        let (x, y) = (raw(l), raw(r));
        let pair = if a.delta {
            match normalize(a, b) {
                Some(units) => Some(units),
                None if matches!(cmp, CmpOp::Eq | CmpOp::Ne) => None,
                None => {
                    return Some(self.error(
                        codes::TYPE_MISMATCH,
                        range,
                        format!("cannot order {a} and {b}: their units do not convert"),
                    ));
                }
            }
        } else {
            Some(datetime::best_unit(a.unit, b.unit)).map(|u| (u, u))
        };
        let Some((ua, ub)) = pair else {
            // Units that never convert: unequal, whatever the values (NaT included).
            return Some(Val::Bool(cmp == CmpOp::Ne));
        };
        let xs = self.rescale(x, a, ua, range)?;
        let ys = self.rescale(y, b, ub, range)?;
        let c = self.emit(Op::Compare(cmp, xs, ys), Type::BOOL);
        let nat = self.either_nat(&[x, y]);
        let on_nat = self.emit(Op::Const(Const::Bool(cmp == CmpOp::Ne)), Type::BOOL);
        Some(Val::Rt(
            self.emit(Op::Select(nat, on_nat, c), Type::BOOL),
            Type::BOOL,
        ))
    }

    /// A datetime value converted to datetime type `to` (NaT kept); `None` when numba has
    /// no implicit conversion (a different kind, a unit it does not convert to safely).
    pub(crate) fn convert_datetime(
        &mut self,
        v: Value,
        from: DatetimeType,
        to: DatetimeType,
    ) -> Option<Value> {
        if from.delta != to.delta || !datetime::can_cast_timedelta(from.unit, to.unit) {
            return None;
        }
        let factor = datetime::conversion_factor(from.unit, to.unit)?;
        let scaled = self.times(v, factor);
        Some(self.nat_or(&[v], scaled, Type::Datetime(to)))
    }

    fn timedelta_add_sub(
        &mut self,
        op: ast::Operator,
        l: &Val,
        a: DatetimeType,
        r: &Val,
        b: DatetimeType,
        range: TextRange,
    ) -> Option<Val> {
        let unit = if datetime::can_cast_timedelta(a.unit, b.unit) {
            b.unit
        } else if datetime::can_cast_timedelta(b.unit, a.unit) {
            a.unit
        } else {
            return None;
        };
        let (x, y) = (raw(l), raw(r));
        let xs = self.rescale(x, a, unit, range)?;
        let ys = self.rescale(y, b, unit, range)?;
        let bin = if op == ast::Operator::Add {
            BinOp::Add
        } else {
            BinOp::Sub
        };
        let v = self.emit(Op::Binary(bin, xs, ys), Type::I64);
        let t = Type::Datetime(DatetimeType::timedelta(unit));
        Some(Val::Rt(self.nat_or(&[x, y], v, t.clone()), t))
    }

    /// `dt + td` (or `dt - td` when `sub`).
    fn datetime_shift(
        &mut self,
        sub: bool,
        dt: &Val,
        a: DatetimeType,
        td: &Val,
        b: DatetimeType,
        range: TextRange,
    ) -> Option<Val> {
        let unit = datetime::combine_datetime_timedelta(a.unit, b.unit)?;
        let (x, y) = (raw(dt), raw(td));
        let xs = self.rescale(x, a, unit, range)?;
        let ys = self.rescale(y, b, unit, range)?;
        let bin = if sub { BinOp::Sub } else { BinOp::Add };
        let v = self.emit(Op::Binary(bin, xs, ys), Type::I64);
        let t = Type::Datetime(DatetimeType::datetime(unit));
        Some(Val::Rt(self.nat_or(&[x, y], v, t.clone()), t))
    }

    fn datetime_difference(
        &mut self,
        l: &Val,
        a: DatetimeType,
        r: &Val,
        b: DatetimeType,
        range: TextRange,
    ) -> Option<Val> {
        let unit = datetime::best_unit(a.unit, b.unit);
        let (x, y) = (raw(l), raw(r));
        let xs = self.rescale(x, a, unit, range)?;
        let ys = self.rescale(y, b, unit, range)?;
        let v = self.emit(Op::Binary(BinOp::Sub, xs, ys), Type::I64);
        let t = Type::Datetime(DatetimeType::timedelta(unit));
        Some(Val::Rt(self.nat_or(&[x, y], v, t.clone()), t))
    }

    /// `td * n` (or `td / n`, `td // n` when `divide`) for a number `n`.
    fn timedelta_scaled(
        &mut self,
        td: &Val,
        d: DatetimeType,
        n: &Val,
        divide: bool,
        range: TextRange,
    ) -> Option<Val> {
        let s = self.scalar_type_of(n)?;
        let x = raw(td);
        let t = Type::Datetime(d);
        let (v, bad) = if s.is_int() || s == Scalar::Bool {
            let k = self.convert(n.clone(), &Type::I64, range)?;
            if divide {
                let zero = self.const_int(0, Scalar::I64);
                let is_zero = self.emit(Op::Compare(CmpOp::Eq, k, zero), Type::BOOL);
                (self.truncating_div(x, k), Some(is_zero))
            } else {
                (self.emit(Op::Binary(BinOp::Mul, x, k), Type::I64), None)
            }
        } else if s.is_float() {
            let f = self.convert(n.clone(), &Type::F64, range)?;
            let xf = self.emit(Op::Cast(x), Type::F64);
            let bin = if divide { BinOp::Div } else { BinOp::Mul };
            let p = self.emit(Op::Binary(bin, xf, f), Type::F64);
            // NaN (a NaN factor, 0/0) becomes NaT, as numba's _cast_to_timedelta.
            let nan = self.emit(Op::Compare(CmpOp::Ne, p, p), Type::BOOL);
            let v = self.emit(Op::Cast(p), Type::I64);
            let bad = if divide {
                let zero = self.emit(Op::Const(Const::Float(0.0)), Type::F64);
                let is_zero = self.emit(Op::Compare(CmpOp::Eq, f, zero), Type::BOOL);
                self.emit(Op::Binary(BinOp::BitOr, nan, is_zero), Type::BOOL)
            } else {
                nan
            };
            (v, Some(bad))
        } else {
            return None;
        };
        let mut out = self.nat_or(&[x], v, t.clone());
        if let Some(bad) = bad {
            let nat = self.const_int(i128::from(NAT), Scalar::I64);
            out = self.emit(Op::Select(bad, nat, out), t.clone());
        }
        Some(Val::Rt(out, t))
    }

    /// `td / td`: float64, NaN when either is NaT.
    fn timedelta_ratio(
        &mut self,
        l: &Val,
        a: DatetimeType,
        r: &Val,
        b: DatetimeType,
        range: TextRange,
    ) -> Option<Val> {
        let (ua, ub) = normalize(a, b)?;
        let (x, y) = (raw(l), raw(r));
        let xs = self.rescale(x, a, ua, range)?;
        let ys = self.rescale(y, b, ub, range)?;
        let xf = self.emit(Op::Cast(xs), Type::F64);
        let yf = self.emit(Op::Cast(ys), Type::F64);
        let q = self.emit(Op::Binary(BinOp::Div, xf, yf), Type::F64);
        let nat = self.either_nat(&[x, y]);
        let nan = self.emit(Op::Const(Const::Float(f64::NAN)), Type::F64);
        Some(Val::Rt(
            self.emit(Op::Select(nat, nan, q), Type::F64),
            Type::F64,
        ))
    }

    /// `td // td` (int64, 0 when either is NaT or the divisor is zero) or `td % td` (a
    /// timedelta of the common unit, NaT in those cases): floor division and a remainder
    /// with the divisor's sign, as NumPy computes them.
    fn timedelta_floor_div_mod(
        &mut self,
        modulo: bool,
        l: &Val,
        a: DatetimeType,
        r: &Val,
        b: DatetimeType,
        range: TextRange,
    ) -> Option<Val> {
        let (ua, ub) = normalize(a, b)?;
        let (x, y) = (raw(l), raw(r));
        let xs = self.rescale(x, a, ua, range)?;
        let ys = self.rescale(y, b, ub, range)?;
        let zero = self.const_int(0, Scalar::I64);
        let y_zero = self.emit(Op::Compare(CmpOp::Eq, ys, zero), Type::BOOL);
        let nat = self.either_nat(&[x, y]);
        let bad = self.emit(Op::Binary(BinOp::BitOr, nat, y_zero), Type::BOOL);
        // Divide by 1 where the answer is selected away, so no lane divides by zero
        // (undefined in LLVM) or NaT's count by -1 (an overflow).
        let one = self.const_int(1, Scalar::I64);
        let safe_y = self.emit(Op::Select(bad, one, ys), Type::I64);
        let bin = if modulo { BinOp::Mod } else { BinOp::FloorDiv };
        let v = self.emit(Op::Binary(bin, xs, safe_y), Type::I64);
        if modulo {
            let t = Type::Datetime(DatetimeType::timedelta(ua));
            let nat_c = self.const_int(i128::from(NAT), Scalar::I64);
            return Some(Val::Rt(self.emit(Op::Select(bad, nat_c, v), t.clone()), t));
        }
        Some(Val::Rt(
            self.emit(Op::Select(bad, zero, v), Type::I64),
            Type::I64,
        ))
    }

    /// `abs(td)`: the same unit, NaT kept; `None` when `v` is not a timedelta.
    pub(crate) fn timedelta_abs(&mut self, v: &Val) -> Option<Val> {
        let d = datetime_of(v).filter(|d| d.delta)?;
        let x = raw(v);
        let t = Type::Datetime(d);
        let neg = self.emit(Op::Unary(UnaryOp::Neg, x), Type::I64);
        let zero = self.const_int(0, Scalar::I64);
        let is_neg = self.emit(Op::Compare(CmpOp::Lt, x, zero), Type::BOOL);
        let m = self.emit(Op::Select(is_neg, neg, x), Type::I64);
        Some(Val::Rt(self.nat_or(&[x], m, t.clone()), t))
    }

    /// `x` (of type `from`) in unit `to`, multiplied by the factor; an error when the units
    /// need the calendar.
    fn rescale(
        &mut self,
        x: Value,
        from: DatetimeType,
        to: datetime::DateUnit,
        range: TextRange,
    ) -> Option<Value> {
        if let Some(factor) = datetime::conversion_factor(from.unit, to) {
            return Some(self.times(x, factor));
        }
        let target = DatetimeType { unit: to, ..from };
        self.error_hint(
            codes::TYPE_MISMATCH,
            range,
            format!("cannot convert {from} to {target} in device code"),
            "years and months are not a whole number of days: numba converts year/month \
             datetimes with the calendar, which oxcuda does not yet; convert on the host \
             (arr.astype('datetime64[D]'))",
        );
        None
    }

    /// `x * factor` (no instruction for 1).
    fn times(&mut self, x: Value, factor: i64) -> Value {
        if factor == 1 {
            return x;
        }
        let k = self.const_int(i128::from(factor), Scalar::I64);
        self.emit(Op::Binary(BinOp::Mul, x, k), Type::I64)
    }

    /// Whether any of `xs` is NaT.
    fn either_nat(&mut self, xs: &[Value]) -> Value {
        let nat = self.const_int(i128::from(NAT), Scalar::I64);
        let mut any: Option<Value> = None;
        for &x in xs {
            let is = self.emit(Op::Compare(CmpOp::Eq, x, nat), Type::BOOL);
            any = Some(match any {
                None => is,
                Some(a) => self.emit(Op::Binary(BinOp::BitOr, a, is), Type::BOOL),
            });
        }
        any.unwrap_or_else(|| self.emit(Op::Const(Const::Bool(false)), Type::BOOL))
    }

    /// `v` (an int64 count), or NaT when any of `xs` is NaT; typed `t`.
    fn nat_or(&mut self, xs: &[Value], v: Value, t: Type) -> Value {
        let any = self.either_nat(xs);
        let nat = self.const_int(i128::from(NAT), Scalar::I64);
        self.emit(Op::Select(any, nat, v), t)
    }

    /// `a / b` truncated toward zero (LLVM's `sdiv`), from floor division: one more when the
    /// division is inexact and the signs differ. A zero divisor gives 0 (callers select NaT).
    fn truncating_div(&mut self, a: Value, b: Value) -> Value {
        let q = self.emit(Op::Binary(BinOp::FloorDiv, a, b), Type::I64);
        let m = self.emit(Op::Binary(BinOp::Mod, a, b), Type::I64);
        let zero = self.const_int(0, Scalar::I64);
        let inexact = self.emit(Op::Compare(CmpOp::Ne, m, zero), Type::BOOL);
        let signs = self.emit(Op::Binary(BinOp::BitXor, a, b), Type::I64);
        let differ = self.emit(Op::Compare(CmpOp::Lt, signs, zero), Type::BOOL);
        let adjust = self.emit(Op::Binary(BinOp::BitAnd, inexact, differ), Type::BOOL);
        let one = self.const_int(1, Scalar::I64);
        let q1 = self.emit(Op::Binary(BinOp::Add, q, one), Type::I64);
        self.emit(Op::Select(adjust, q1, q), Type::I64)
    }
}

/// The IR value of a runtime operand.
fn raw(v: &Val) -> Value {
    match v {
        Val::Rt(x, _) => *x,
        _ => unreachable!("datetime operands are runtime values"),
    }
}

/// The units two timedeltas are compared or divided in: one converted to the other's
/// (numba's `normalize_timedeltas`), `None` when neither converts.
fn normalize(a: DatetimeType, b: DatetimeType) -> Option<(datetime::DateUnit, datetime::DateUnit)> {
    if datetime::conversion_factor(a.unit, b.unit).is_some() {
        return Some((b.unit, b.unit));
    }
    if datetime::conversion_factor(b.unit, a.unit).is_some() {
        return Some((a.unit, a.unit));
    }
    None
}
