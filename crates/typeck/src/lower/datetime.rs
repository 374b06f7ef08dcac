//! `datetime64`/`timedelta64` values in device code, as numba types and computes them
//! (`numba.cuda.typing.npdatetime`, `numba.cuda.np.npdatetime`), with NumPy's answers.
//!
//! A value is its int64 count (`oxcuda_types::datetime`); NaT is `i64::MIN`. Every operation
//! brings its operands to one unit ([`Lower::in_unit`]), computes branch-free and then selects
//! NaT (or the NaT answer of a comparison) when an operand is NaT, so no answer is ever made
//! from NaT's count.
//!
//! - `timedelta ± timedelta`: the unit the other converts to safely (numba's
//!   `can_cast_timedelta_units`); `-td`, `+td`, `abs(td)`.
//! - `datetime ± timedelta`, `timedelta + datetime`: numba's combined unit; `datetime -
//!   datetime`: a timedelta of the finer unit.
//! - `timedelta * number`, `number * timedelta`; `timedelta / number` and `// number`
//!   (an integer divides truncating, as numba's `sdiv`; a zero or NaN divisor gives NaT);
//!   `timedelta / timedelta`: float64, NaN when either is NaT; `timedelta // timedelta`,
//!   `timedelta % timedelta` and `divmod(td, td)` as NumPy computes them.
//! - comparisons: datetimes of any units, timedeltas whose units convert one way or the other;
//!   NaT compares unequal to everything, itself included, and is unordered.
//! - conversions (stores, declared types): to a unit a timedelta converts to safely, NaT kept.
//! - constants: a global or closure `np.datetime64`/`np.timedelta64` is its count, typed with
//!   its kind and unit ([`Lower::datetime_constant`]); the ufuncs that are not operators
//!   (`np.isnat`, `np.maximum`, …) are in `datetime_ufunc.rs`.
//!
//! A year/month *datetime* meeting a finer unit is converted to days with the calendar
//! (`calendar.rs`), as numba and NumPy do. Year/month *timedeltas* never mix with finer units
//! (they have no fixed length): those pairs are typing errors naming both units, as in numba.
//! Multiples of units (`'10D'`) are not types here, as in numba.

use oxcuda_ir::{BinOp, CmpOp, Const, Op, UnaryOp, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::ast;
use oxcuda_syntax::codes;
use oxcuda_types::datetime::{self, DateUnit, DatetimeType, NAT};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use crate::value::Val;

/// The hint of every error about year/month timedeltas meeting finer units.
pub(super) const CALENDAR_HINT: &str = "years and months are not a whole number of days, so a year or \
     month timedelta never mixes with a finer unit (numba and NumPy refuse it too); write the \
     span in days or a finer unit on the host (a timedelta64[D] of the days meant)";

/// What the datetime operations support, for the hint of an unsupported one.
const SUPPORTED: &str = "datetime64 and timedelta64 support: timedelta ± timedelta, datetime \
     ± timedelta, datetime - datetime, timedelta * number, timedelta / number, timedelta / \
     timedelta, timedelta // timedelta, timedelta % timedelta, divmod(timedelta, timedelta), \
     comparisons";

/// The datetime type of `v`, if it is a runtime datetime or timedelta.
pub(super) fn datetime_of(v: &Val) -> Option<DatetimeType> {
    Operand::of(v).map(|a| a.d)
}

/// An operand: its IR value (a count of its own unit) and its type.
#[derive(Clone, Copy)]
pub(super) struct Operand {
    /// The count, in the operand's own unit.
    pub(super) x: Value,
    /// Its kind and unit.
    pub(super) d: DatetimeType,
}

impl Operand {
    /// `v` as an operand, if it is a runtime datetime or timedelta.
    pub(super) fn of(v: &Val) -> Option<Self> {
        match v {
            Val::Rt(x, Type::Datetime(d)) => Some(Self { x: *x, d: *d }),
            _ => None,
        }
    }
}

/// The unit two timedeltas are compared or divided in: one converted to the other's
/// (numba's `normalize_timedeltas`), `None` when neither converts.
pub(super) fn common_timedelta_unit(a: DateUnit, b: DateUnit) -> Option<DateUnit> {
    if datetime::conversion_factor(a, b).is_some() {
        Some(b)
    } else if datetime::conversion_factor(b, a).is_some() {
        Some(a)
    } else {
        None
    }
}

impl Lower<'_, '_> {
    /// A `datetime64`/`timedelta64` constant (a global or closure value): its count, typed
    /// with its kind and unit (numba's `lower_constant`).
    pub(crate) fn datetime_constant(&mut self, d: DatetimeType, count: i64) -> Val {
        let t = Type::Datetime(d);
        let v = self.emit(Op::Const(Const::Int(i128::from(count))), t.clone());
        Val::Rt(v, t)
    }

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
        let out = match (op, Operand::of(l), Operand::of(r)) {
            (O::Add | O::Sub, Some(a), Some(b)) if a.d.delta && b.d.delta => {
                self.timedelta_add_sub(op == O::Sub, a, b, range)
            }
            (O::Add | O::Sub, Some(a), Some(b)) if !a.d.delta && b.d.delta => {
                self.datetime_shift(op == O::Sub, a, b, range)
            }
            (O::Add, Some(a), Some(b)) if a.d.delta && !b.d.delta => {
                self.datetime_shift(false, b, a, range)
            }
            (O::Sub, Some(a), Some(b)) if !a.d.delta && !b.d.delta => {
                self.datetime_difference(a, b, range)
            }
            (O::Mult, Some(a), None) if a.d.delta => self.timedelta_scaled(a, r, false, range),
            (O::Mult, None, Some(b)) if b.d.delta => self.timedelta_scaled(b, l, false, range),
            (O::Div | O::FloorDiv, Some(a), None) if a.d.delta => {
                self.timedelta_scaled(a, r, true, range)
            }
            (O::Div, Some(a), Some(b)) if a.d.delta && b.d.delta => {
                self.timedelta_ratio(a, b, range)
            }
            (O::FloorDiv | O::Mod, Some(a), Some(b)) if a.d.delta && b.d.delta => self
                .timedelta_floor_div_mod(a, b, range)
                .map(|(q, rem)| if op == O::Mod { rem } else { q }),
            _ => None,
        };
        Some(out.unwrap_or_else(|| {
            if self.diags.len() > errors_before {
                return Val::Poison;
            }
            self.unsupported_pair(op.as_str(), l, r, range)
        }))
    }

    /// `divmod(l, r)` when either operand is a datetime or timedelta: `(l // r, l % r)` of two
    /// timedeltas (int64 and a timedelta, NumPy's `np.divmod`); `None` when neither is one.
    pub(crate) fn datetime_divmod(&mut self, l: &Val, r: &Val, range: TextRange) -> Option<Val> {
        if datetime_of(l).is_none() && datetime_of(r).is_none() {
            return None;
        }
        let pair = match (Operand::of(l), Operand::of(r)) {
            (Some(a), Some(b)) if a.d.delta && b.d.delta => {
                self.timedelta_floor_div_mod(a, b, range)
            }
            _ => None,
        };
        Some(match pair {
            Some((q, rem)) => Val::Tuple(vec![q, rem]),
            None => self.unsupported_pair("divmod()", l, r, range),
        })
    }

    /// The error for an operation datetimes do not support: for operand kinds the operation
    /// takes (two timedeltas, a datetime and a timedelta), units that never convert (a
    /// year/month timedelta with a finer unit), naming both.
    fn unsupported_pair(&mut self, what: &str, l: &Val, r: &Val, range: TextRange) -> Val {
        let (x, y) = (l.describe(), r.describe());
        let message = format!("unsupported operand types for {what}: {x} and {y}");
        let kinds = (
            datetime_of(l).map(|d| d.delta),
            datetime_of(r).map(|d| d.delta),
        );
        let takes_kinds = match (what, kinds) {
            (_, (Some(true), Some(true))) => {
                matches!(what, "+" | "-" | "/" | "//" | "%" | "divmod()")
            }
            ("+", (Some(a), Some(b))) => a != b,
            ("-", (Some(false), Some(true))) => true,
            _ => false,
        };
        if takes_kinds {
            return self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!("{message} (their units do not convert)"),
                CALENDAR_HINT,
            );
        }
        self.error_hint(codes::TYPE_MISMATCH, range, message, SUPPORTED)
    }

    /// `-td` / `+td`; `None` when `v` is not a timedelta.
    pub(crate) fn datetime_unary(
        &mut self,
        op: ast::UnaryOp,
        v: &Val,
        range: TextRange,
    ) -> Option<Val> {
        let a = Operand::of(v)?;
        Some(match op {
            ast::UnaryOp::UAdd if a.d.delta => v.clone(),
            // Negation wraps: NaT (i64::MIN) stays NaT, as in numba.
            ast::UnaryOp::USub if a.d.delta => {
                let t = Type::Datetime(a.d);
                Val::Rt(self.emit(Op::Unary(UnaryOp::Neg, a.x), t.clone()), t)
            }
            _ => self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("bad operand type for unary {}: {}", op.as_str(), a.d),
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
        if datetime_of(l).is_none() && datetime_of(r).is_none() {
            return None;
        }
        let (Some(a), Some(b)) = (Operand::of(l), Operand::of(r)) else {
            let (x, y) = (l.describe(), r.describe());
            return Some(self.error(
                codes::TYPE_MISMATCH,
                range,
                format!("cannot compare {x} with {y}"),
            ));
        };
        if a.d.delta != b.d.delta {
            return Some(self.error(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "cannot compare {} with {}: a datetime with a timedelta",
                    a.d, b.d
                ),
            ));
        }
        let unit = if a.d.delta {
            common_timedelta_unit(a.d.unit, b.d.unit)
        } else {
            Some(datetime::best_unit(a.d.unit, b.d.unit))
        };
        // numba (with NumPy ≥ 1.25) refuses every comparison of timedeltas whose units do
        // not convert, `==` included, as NumPy does.
        let Some(unit) = unit else {
            return Some(self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "cannot compare {} with {}: their units do not convert",
                    a.d, b.d
                ),
                CALENDAR_HINT,
            ));
        };
        let (xs, ys) = self.both_in_unit(a, b, unit, range)?;
        let c = self.emit(Op::Compare(cmp, xs, ys), Type::BOOL);
        let nat = self.either_nat(&[a.x, b.x]);
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

    /// `a ± b` of two timedeltas, in the unit the other converts to safely.
    fn timedelta_add_sub(
        &mut self,
        sub: bool,
        a: Operand,
        b: Operand,
        range: TextRange,
    ) -> Option<Val> {
        let unit = if datetime::can_cast_timedelta(a.d.unit, b.d.unit) {
            b.d.unit
        } else if datetime::can_cast_timedelta(b.d.unit, a.d.unit) {
            a.d.unit
        } else {
            return None;
        };
        self.linear(sub, a, b, unit, DatetimeType::timedelta(unit), range)
    }

    /// `dt + td` (or `dt - td` when `sub`), in numba's combined unit.
    fn datetime_shift(
        &mut self,
        sub: bool,
        dt: Operand,
        td: Operand,
        range: TextRange,
    ) -> Option<Val> {
        let unit = datetime::combine_datetime_timedelta(dt.d.unit, td.d.unit)?;
        self.linear(sub, dt, td, unit, DatetimeType::datetime(unit), range)
    }

    /// `a - b` of two datetimes: a timedelta of the finer unit.
    fn datetime_difference(&mut self, a: Operand, b: Operand, range: TextRange) -> Option<Val> {
        let unit = datetime::best_unit(a.d.unit, b.d.unit);
        self.linear(true, a, b, unit, DatetimeType::timedelta(unit), range)
    }

    /// `a + b` (or `a - b` when `sub`) with both in `unit`, typed `out`; NaT when either is.
    fn linear(
        &mut self,
        sub: bool,
        a: Operand,
        b: Operand,
        unit: DateUnit,
        out: DatetimeType,
        range: TextRange,
    ) -> Option<Val> {
        let (xs, ys) = self.both_in_unit(a, b, unit, range)?;
        let bin = if sub { BinOp::Sub } else { BinOp::Add };
        let v = self.emit(Op::Binary(bin, xs, ys), Type::I64);
        let t = Type::Datetime(out);
        Some(Val::Rt(self.nat_or(&[a.x, b.x], v, t.clone()), t))
    }

    /// `td * n` (or `td / n`, `td // n` when `divide`) for a number `n`.
    fn timedelta_scaled(
        &mut self,
        td: Operand,
        n: &Val,
        divide: bool,
        range: TextRange,
    ) -> Option<Val> {
        let s = self.scalar_type_of(n)?;
        let x = td.x;
        let t = Type::Datetime(td.d);
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
    fn timedelta_ratio(&mut self, a: Operand, b: Operand, range: TextRange) -> Option<Val> {
        let unit = common_timedelta_unit(a.d.unit, b.d.unit)?;
        let (xs, ys) = self.both_in_unit(a, b, unit, range)?;
        let xf = self.emit(Op::Cast(xs), Type::F64);
        let yf = self.emit(Op::Cast(ys), Type::F64);
        let q = self.emit(Op::Binary(BinOp::Div, xf, yf), Type::F64);
        let nat = self.either_nat(&[a.x, b.x]);
        let nan = self.emit(Op::Const(Const::Float(f64::NAN)), Type::F64);
        Some(Val::Rt(
            self.emit(Op::Select(nat, nan, q), Type::F64),
            Type::F64,
        ))
    }

    /// `(td // td, td % td)`: the int64 floor quotient (0 when either is NaT or the divisor
    /// is zero) and the remainder with the divisor's sign, a timedelta of the common unit (NaT
    /// in those cases), as NumPy computes them.
    fn timedelta_floor_div_mod(
        &mut self,
        a: Operand,
        b: Operand,
        range: TextRange,
    ) -> Option<(Val, Val)> {
        let unit = common_timedelta_unit(a.d.unit, b.d.unit)?;
        let (xs, ys) = self.both_in_unit(a, b, unit, range)?;
        // The divisor's own count tells a zero divisor (rescaling keeps zero at zero), so
        // `bad` never depends on a rescaled NaT count (an overflowed product).
        let zero = self.const_int(0, Scalar::I64);
        let y_zero = self.emit(Op::Compare(CmpOp::Eq, b.x, zero), Type::BOOL);
        let nat = self.either_nat(&[a.x, b.x]);
        let bad = self.emit(Op::Binary(BinOp::BitOr, nat, y_zero), Type::BOOL);
        // Divide by 1 where the answer is selected away, so no lane divides by zero
        // (undefined in LLVM) or NaT's count by -1 (an overflow).
        let one = self.const_int(1, Scalar::I64);
        let safe_y = self.emit(Op::Select(bad, one, ys), Type::I64);
        let q = self.emit(Op::Binary(BinOp::FloorDiv, xs, safe_y), Type::I64);
        let m = self.emit(Op::Binary(BinOp::Mod, xs, safe_y), Type::I64);
        let quot = self.emit(Op::Select(bad, zero, q), Type::I64);
        let t = Type::Datetime(DatetimeType::timedelta(unit));
        let nat_c = self.const_int(i128::from(NAT), Scalar::I64);
        let rem = self.emit(Op::Select(bad, nat_c, m), t.clone());
        Some((Val::Rt(quot, Type::I64), Val::Rt(rem, t)))
    }

    /// `abs(td)`: the same unit, NaT kept; `None` when `v` is not a timedelta.
    pub(crate) fn timedelta_abs(&mut self, v: &Val) -> Option<Val> {
        let a = Operand::of(v).filter(|a| a.d.delta)?;
        let t = Type::Datetime(a.d);
        let neg = self.emit(Op::Unary(UnaryOp::Neg, a.x), Type::I64);
        let zero = self.const_int(0, Scalar::I64);
        let is_neg = self.emit(Op::Compare(CmpOp::Lt, a.x, zero), Type::BOOL);
        let m = self.emit(Op::Select(is_neg, neg, a.x), Type::I64);
        Some(Val::Rt(self.nat_or(&[a.x], m, t.clone()), t))
    }

    /// Both operands as counts of `unit`.
    pub(super) fn both_in_unit(
        &mut self,
        a: Operand,
        b: Operand,
        unit: DateUnit,
        range: TextRange,
    ) -> Option<(Value, Value)> {
        let xs = self.in_unit(a, unit, range)?;
        let ys = self.in_unit(b, unit, range)?;
        Some((xs, ys))
    }

    /// The operand as a count of `to` (no finer than its own unit): a year/month datetime
    /// through the calendar to days (or weeks), then by the integer factor. An error for a
    /// pair typing never asks for (a year/month timedelta into a linear unit).
    fn in_unit(&mut self, a: Operand, to: DateUnit, range: TextRange) -> Option<Value> {
        let (x, from) = if !a.d.delta && a.d.unit.is_calendar() && !to.is_calendar() {
            // `to` is linear (the generic unit only ever meets the generic unit).
            self.calendar_days(a.x, a.d.unit, to == DateUnit::W)
        } else {
            (a.x, a.d.unit)
        };
        if let Some(factor) = datetime::conversion_factor(from, to) {
            return Some(self.times(x, factor));
        }
        let target = DatetimeType { unit: to, ..a.d };
        self.error_hint(
            codes::TYPE_MISMATCH,
            range,
            format!("cannot convert {} to {target} in device code", a.d),
            CALENDAR_HINT,
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
    pub(super) fn either_nat(&mut self, xs: &[Value]) -> Value {
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
    pub(super) fn nat_or(&mut self, xs: &[Value], v: Value, t: Type) -> Value {
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
