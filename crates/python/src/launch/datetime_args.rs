//! `datetime64`/`timedelta64` kernel arguments: arrays of them (device arrays and the host
//! arrays converted to them) and NumPy scalars, typed with their kind and unit
//! (`oxcuda_types::datetime`), so a kernel is specialised per unit as numba-cuda's
//! `NPDatetime(unit)` specialises it. Their values are the int64 counts NumPy stores.

use oxcuda_ir::{DateUnit, DatetimeType};
use oxcuda_runtime::launch::Arg;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// The datetime type of NumPy dtype `dtype` (`None` when it is not `M8`/`m8`); an error for
/// units kernels cannot take (multiples such as `'10D'`, as numba refuses them).
pub fn of_dtype(dtype: &Bound<'_, PyAny>, index: usize) -> PyResult<Option<DatetimeType>> {
    let text: String = dtype.getattr("str")?.extract()?;
    match of_typestr(&text) {
        None => Ok(None),
        Some(Ok(d)) => Ok(Some(d)),
        Some(Err(unit_text)) => Err(PyTypeError::new_err(format!(
            "argument {index}: {} has unit '{unit_text}', which kernels cannot take (a \
             multiple of a unit); convert it with .astype() to a plain unit such as 'D' or 's'",
            if text.contains("m8") {
                "timedelta64"
            } else {
                "datetime64"
            }
        ))),
    }
}

/// The datetime type a NumPy type string names, whatever its byte-order character (`<M8[D]`,
/// `<m8[ns]`, `<M8` for the generic unit): `None` when it is not a datetime or timedelta,
/// `Err(unit)` for a unit kernels cannot take (a multiple such as `10s`, or no unit NumPy
/// knows). A dtype's `str` and a CUDA Array Interface `typestr` are both such strings.
pub fn of_typestr(text: &str) -> Option<Result<DatetimeType, &str>> {
    let body = text.trim_start_matches(['<', '>', '|', '=']);
    let delta = match body.get(..2) {
        Some("M8") => false,
        Some("m8") => true,
        _ => return None,
    };
    let unit_text = body[2..].trim_start_matches('[').trim_end_matches(']');
    Some(
        DateUnit::from_code(unit_text)
            .map(|unit| DatetimeType { delta, unit })
            .ok_or(unit_text),
    )
}

/// A NumPy `datetime64`/`timedelta64` scalar of type `d`: its int64 count.
pub fn read_scalar(obj: &Bound<'_, PyAny>, d: DatetimeType) -> PyResult<Arg> {
    let count: i64 = obj
        .call_method1("astype", ("int64",))?
        .call_method0("item")?
        .extract()?;
    Ok(Arg::Datetime(count, d))
}
