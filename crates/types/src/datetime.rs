//! NumPy's `datetime64` and `timedelta64` as numba types them (`NPDatetime(unit)`,
//! `NPTimedelta(unit)`), and numba's unit rules (`numba.cuda.np.npdatetime_helpers`).
//!
//! A value of either kind is held as an int64 count of its unit since the epoch (datetimes) or
//! as a span (timedeltas); `i64::MIN` is NaT ("not a time"). The types are nominal: the front
//! end types arithmetic with them and hands the IR int64 ([`crate::Type::erased`]), so the
//! simulator and the NVVM writer never see them.
//!
//! Units are ordered from coarse to fine (`Y` … `as`); the generic unit (`datetime64` with no
//! unit) adopts the other operand's unit. Years and months do not convert to the linear units
//! (`W` … `as`) by multiplication; numba converts a year/month *datetime* to days with the
//! calendar, and refuses year/month *timedeltas* with finer units.

use std::fmt;

/// NaT: the int64 a `datetime64`/`timedelta64` NaT holds.
pub const NAT: i64 = i64::MIN;

/// A NumPy datetime unit, coarse to fine, then the generic unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DateUnit {
    /// Years.
    Y,
    /// Months.
    M,
    /// Weeks.
    W,
    /// Days.
    D,
    /// Hours.
    H,
    /// Minutes.
    Min,
    /// Seconds.
    S,
    /// Milliseconds.
    Ms,
    /// Microseconds.
    Us,
    /// Nanoseconds.
    Ns,
    /// Picoseconds.
    Ps,
    /// Femtoseconds.
    Fs,
    /// Attoseconds.
    As,
    /// No unit (`np.datetime64` of a generic unit): adopts the other operand's.
    Generic,
}

/// Every unit, for tables and tests.
pub const ALL_UNITS: [DateUnit; 14] = [
    DateUnit::Y,
    DateUnit::M,
    DateUnit::W,
    DateUnit::D,
    DateUnit::H,
    DateUnit::Min,
    DateUnit::S,
    DateUnit::Ms,
    DateUnit::Us,
    DateUnit::Ns,
    DateUnit::Ps,
    DateUnit::Fs,
    DateUnit::As,
    DateUnit::Generic,
];

impl DateUnit {
    /// NumPy's code: `"D"`, `"ms"`; `""` for the generic unit.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Self::Y => "Y",
            Self::M => "M",
            Self::W => "W",
            Self::D => "D",
            Self::H => "h",
            Self::Min => "m",
            Self::S => "s",
            Self::Ms => "ms",
            Self::Us => "us",
            Self::Ns => "ns",
            Self::Ps => "ps",
            Self::Fs => "fs",
            Self::As => "as",
            Self::Generic => "",
        }
    }

    /// The unit of NumPy code `code` (`"generic"` and `""` are the generic unit).
    #[must_use]
    pub fn from_code(code: &str) -> Option<Self> {
        if code == "generic" {
            return Some(Self::Generic);
        }
        ALL_UNITS.iter().copied().find(|u| u.code() == code)
    }

    /// Years or months: not a fixed number of any linear unit.
    #[must_use]
    pub const fn is_calendar(self) -> bool {
        matches!(self, Self::Y | Self::M)
    }

    /// The next finer unit and how many of it make one of `self`, along numba's chain
    /// (`Y → M`, `W → D → h → m → s → ms → …`); `M` and `as` end a chain.
    const fn step(self) -> Option<(Self, i64)> {
        Some(match self {
            Self::Y => (Self::M, 12),
            Self::W => (Self::D, 7),
            Self::D => (Self::H, 24),
            Self::H => (Self::Min, 60),
            Self::Min => (Self::S, 60),
            Self::S => (Self::Ms, 1000),
            Self::Ms => (Self::Us, 1000),
            Self::Us => (Self::Ns, 1000),
            Self::Ns => (Self::Ps, 1000),
            Self::Ps => (Self::Fs, 1000),
            Self::Fs => (Self::As, 1000),
            _ => return None,
        })
    }
}

/// How many `to` make one `from`, when that is an integer (numba's
/// `get_timedelta_conversion_factor`): `from` no finer than `to`, on one chain. From the
/// generic unit the factor is 1.
#[must_use]
pub fn conversion_factor(from: DateUnit, to: DateUnit) -> Option<i64> {
    if from == DateUnit::Generic {
        return Some(1);
    }
    let (mut u, mut factor) = (from, 1_i64);
    while u < to {
        let (next, mult) = u.step()?;
        u = next;
        factor = factor.checked_mul(mult)?;
    }
    (u == to).then_some(factor)
}

/// Whether a timedelta of unit `from` converts safely to `to` (numba's
/// `can_cast_timedelta_units`, NumPy's "safe" casting).
#[must_use]
pub fn can_cast_timedelta(from: DateUnit, to: DateUnit) -> bool {
    use DateUnit::Generic;
    if from == to || from == Generic {
        return true;
    }
    if from > to || to == Generic {
        return false;
    }
    !from.is_calendar() || to.is_calendar()
}

/// The finer of two units; the generic unit adopts the other (numba's `get_best_unit`).
#[must_use]
pub fn best_unit(a: DateUnit, b: DateUnit) -> DateUnit {
    match (a, b) {
        (DateUnit::Generic, _) => b,
        (_, DateUnit::Generic) => a,
        _ => a.max(b),
    }
}

/// The unit of `datetime ± timedelta` (numba's `combine_datetime_timedelta_units`): `None`
/// when a year/month timedelta meets a finer datetime.
#[must_use]
pub fn combine_datetime_timedelta(datetime: DateUnit, timedelta: DateUnit) -> Option<DateUnit> {
    if datetime == DateUnit::Generic {
        return Some(timedelta);
    }
    if timedelta == DateUnit::Generic {
        return Some(datetime);
    }
    if timedelta.is_calendar() && !datetime.is_calendar() {
        return None;
    }
    Some(datetime.max(timedelta))
}

/// `datetime64[unit]` or `timedelta64[unit]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DatetimeType {
    /// A `timedelta64` (a span) rather than a `datetime64` (a point in time).
    pub delta: bool,
    /// The unit.
    pub unit: DateUnit,
}

impl DatetimeType {
    /// `datetime64[unit]`.
    #[must_use]
    pub const fn datetime(unit: DateUnit) -> Self {
        Self { delta: false, unit }
    }

    /// `timedelta64[unit]`.
    #[must_use]
    pub const fn timedelta(unit: DateUnit) -> Self {
        Self { delta: true, unit }
    }

    /// `"datetime64"` or `"timedelta64"`.
    #[must_use]
    pub const fn kind_name(self) -> &'static str {
        if self.delta {
            "timedelta64"
        } else {
            "datetime64"
        }
    }

    /// NumPy's dtype kind character: `'M'` (datetime) or `'m'` (timedelta).
    #[must_use]
    pub const fn numpy_kind(self) -> char {
        if self.delta { 'm' } else { 'M' }
    }
}

impl fmt::Display for DatetimeType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.unit {
            DateUnit::Generic => f.write_str(self.kind_name()),
            u => write!(f, "{}[{}]", self.kind_name(), u.code()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DateUnit::*;
    use super::*;

    #[test]
    fn codes_round_trip() {
        for u in ALL_UNITS {
            assert_eq!(DateUnit::from_code(u.code()), Some(u));
        }
        assert_eq!(DateUnit::from_code("generic"), Some(Generic));
        assert_eq!(DateUnit::from_code("x"), None);
    }

    #[test]
    fn factors_follow_numbas_chains() {
        assert_eq!(conversion_factor(D, S), Some(86_400));
        assert_eq!(conversion_factor(W, H), Some(168));
        assert_eq!(conversion_factor(Y, M), Some(12));
        assert_eq!(conversion_factor(M, D), None);
        assert_eq!(conversion_factor(S, D), None);
        assert_eq!(conversion_factor(Generic, Ns), Some(1));
        assert_eq!(conversion_factor(S, As), Some(1_000_000_000_000_000_000));
    }

    #[test]
    fn casting_and_promotion() {
        assert!(can_cast_timedelta(D, S));
        assert!(!can_cast_timedelta(S, D));
        assert!(!can_cast_timedelta(M, D));
        assert!(can_cast_timedelta(Generic, D));
        assert!(!can_cast_timedelta(D, Generic));
        assert_eq!(best_unit(D, S), S);
        assert_eq!(best_unit(Generic, H), H);
        assert_eq!(combine_datetime_timedelta(D, H), Some(H));
        assert_eq!(combine_datetime_timedelta(M, D), Some(D));
        assert_eq!(combine_datetime_timedelta(D, M), None);
        assert_eq!(DatetimeType::timedelta(D).to_string(), "timedelta64[D]");
        assert_eq!(DatetimeType::datetime(Generic).to_string(), "datetime64");
    }
}
