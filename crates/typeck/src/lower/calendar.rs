//! The proleptic Gregorian calendar in device code: a `datetime64[Y]` or `datetime64[M]`
//! count (years or months since 1970) as days (or weeks) since 1970-01-01, the conversion
//! numba applies before mixing a year/month datetime with a finer unit
//! (`reduce_datetime_for_unit` in `numba.cuda.np.npdatetime`) and NumPy applies in
//! `astype('datetime64[D]')`.
//!
//! The day count is computed branch-free, with floor divisions by constants only, from the
//! civil-date formula that counts years from March (so the leap day ends a year): a date in
//! January or February belongs to the previous March-based year; the 400-year era holds
//! 146 097 days; the day of the March-based year is `(153 m + 2) / 5` for month `m` counted
//! from March. Weeks are days divided by 7, rounded toward minus infinity, as NumPy and numba
//! compute them. The input may be NaT: it is replaced by 0 before the arithmetic (whose signed
//! operations carry `nsw`, so NaT's count would overflow them into poison on the GPU) and the
//! caller selects NaT afterwards from the original operand.

use oxcuda_ir::{BinOp, CmpOp, Op, Value};
use oxcuda_types::datetime::DateUnit;
use oxcuda_types::{Scalar, Type};

use super::Lower;

/// Days from 0000-03-01 (the start of the first March-based era) to 1970-01-01.
const EPOCH_FROM_ERA_START: i64 = 719_468;
/// Days in 400 Gregorian years.
const DAYS_PER_ERA: i64 = 146_097;

impl Lower<'_, '_> {
    /// `x`, a count of years or months (`unit`, `Y` or `M`) since 1970, as days since
    /// 1970-01-01, or as weeks when `weeks`; returns the count and its unit.
    pub(super) fn calendar_days(
        &mut self,
        x: Value,
        unit: DateUnit,
        weeks: bool,
    ) -> (Value, DateUnit) {
        let nat = self.const_int(i128::from(oxcuda_types::datetime::NAT), Scalar::I64);
        let is_nat = self.emit(Op::Compare(CmpOp::Eq, x, nat), Type::BOOL);
        let zero = self.const_int(0, Scalar::I64);
        let x = self.emit(Op::Select(is_nat, zero, x), Type::I64);
        // The year since 1970 and, for months, the month of that year (0 = January).
        let (years, month) = if unit == DateUnit::M {
            (
                self.int_k(BinOp::FloorDiv, x, 12),
                Some(self.int_k(BinOp::Mod, x, 12)),
            )
        } else {
            (x, None)
        };
        // The March-based civil year and the month counted from March (0 = March).
        let (civil, from_march) = match month {
            Some(m) => {
                let two = self.const_int(2, Scalar::I64);
                let early = self.emit(Op::Compare(CmpOp::Lt, m, two), Type::BOOL);
                let y = self.int_k(BinOp::Add, years, 1970);
                let y_before = self.int_k(BinOp::Sub, y, 1);
                let civil = self.emit(Op::Select(early, y_before, y), Type::I64);
                let plus_ten = self.int_k(BinOp::Add, m, 10);
                let minus_two = self.int_k(BinOp::Sub, m, 2);
                let from_march = self.emit(Op::Select(early, plus_ten, minus_two), Type::I64);
                (civil, Some(from_march))
            }
            // January 1st: in the March-based year before, month 10 from March.
            None => (self.int_k(BinOp::Add, years, 1969), None),
        };
        let day_of_year = match from_march {
            Some(m) => {
                let scaled = self.int_k(BinOp::Mul, m, 153);
                let shifted = self.int_k(BinOp::Add, scaled, 2);
                self.int_k(BinOp::FloorDiv, shifted, 5)
            }
            None => self.const_int((153 * 10 + 2) / 5, Scalar::I64),
        };
        let era = self.int_k(BinOp::FloorDiv, civil, 400);
        let era_years = self.int_k(BinOp::Mul, era, 400);
        let year_of_era = self.int(BinOp::Sub, civil, era_years);
        let plain = self.int_k(BinOp::Mul, year_of_era, 365);
        let fourth = self.int_k(BinOp::FloorDiv, year_of_era, 4);
        let hundredth = self.int_k(BinOp::FloorDiv, year_of_era, 100);
        let with_leaps = self.int(BinOp::Add, plain, fourth);
        let leap_days = self.int(BinOp::Sub, with_leaps, hundredth);
        let day_of_era = self.int(BinOp::Add, leap_days, day_of_year);
        let era_days = self.int_k(BinOp::Mul, era, DAYS_PER_ERA);
        let from_era_start = self.int(BinOp::Add, era_days, day_of_era);
        let days = self.int_k(BinOp::Sub, from_era_start, EPOCH_FROM_ERA_START);
        if weeks {
            (self.int_k(BinOp::FloorDiv, days, 7), DateUnit::W)
        } else {
            (days, DateUnit::D)
        }
    }

    /// `a <op> b` on int64 values.
    fn int(&mut self, op: BinOp, a: Value, b: Value) -> Value {
        self.emit(Op::Binary(op, a, b), Type::I64)
    }

    /// `a <op> k` for an int64 constant `k`.
    fn int_k(&mut self, op: BinOp, a: Value, k: i64) -> Value {
        let k = self.const_int(i128::from(k), Scalar::I64);
        self.int(op, a, k)
    }
}
