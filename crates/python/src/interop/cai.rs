//! Reading a `__cuda_array_interface__` dict (version 2/3) for an explicit import
//! (`from_cuda_array_interface`): each key is checked, and a malformed one is a `ValueError`
//! that names the key and what it should hold, in the interface's terms (not PyO3's
//! conversion wording). The launch fast path reads the same keys in `args.rs` without
//! raising: anything it cannot read there falls back to this path, which explains it.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// The interface's dict, checked to be one.
pub fn interface<'a, 'py>(desc: &'a Bound<'py, PyAny>) -> PyResult<&'a Bound<'py, PyDict>> {
    desc.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "__cuda_array_interface__ must be a dict, not {}",
            type_name(desc)
        ))
    })
}

/// The value of `key`, `None` when absent or `None`.
pub fn get<'py>(desc: &Bound<'py, PyDict>, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
    Ok(desc.get_item(key)?.filter(|v| !v.is_none()))
}

fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
}

fn bad(key: &str, should: &str, got: &Bound<'_, PyAny>) -> PyErr {
    let shown = got
        .repr()
        .map_or_else(|_| "?".to_owned(), |r| r.to_string());
    PyValueError::new_err(format!(
        "__cuda_array_interface__['{key}'] must be {should}, not {} {shown}",
        type_name(got)
    ))
}

fn required<'py>(
    desc: &Bound<'py, PyDict>,
    key: &str,
    should: &str,
) -> PyResult<Bound<'py, PyAny>> {
    get(desc, key)?.ok_or_else(|| {
        PyValueError::new_err(format!(
            "__cuda_array_interface__ has no '{key}' (it must be {should})"
        ))
    })
}

/// A tuple (or list) of integers; `key` names it in errors.
fn int_tuple(key: &str, v: &Bound<'_, PyAny>, should: &str) -> PyResult<Vec<i64>> {
    if v.is_instance_of::<PyString>() {
        return Err(bad(key, should, v));
    }
    v.extract::<Vec<i64>>().map_err(|_| bad(key, should, v))
}

const SHAPE: &str = "a tuple of non-negative integers (the extents)";
const STRIDES: &str = "None or a tuple of integers, one per dimension (byte strides)";
const DATA: &str = "a tuple (pointer: int, read_only: bool)";
const TYPESTR: &str = "a NumPy type string such as '<f4'";
const STREAM: &str = "None or an integer stream handle";

/// `shape`: the extents.
pub fn shape(desc: &Bound<'_, PyDict>) -> PyResult<Vec<i64>> {
    let v = required(desc, "shape", SHAPE)?;
    let shape = int_tuple("shape", &v, SHAPE)?;
    if shape.iter().any(|&n| n < 0) {
        return Err(bad("shape", SHAPE, &v));
    }
    Ok(shape)
}

/// `strides`: byte strides, one per dimension of `ndim`, or `None` (C-contiguous).
pub fn strides(desc: &Bound<'_, PyDict>, ndim: usize) -> PyResult<Option<Vec<i64>>> {
    let Some(v) = get(desc, "strides")? else {
        return Ok(None);
    };
    let strides = int_tuple("strides", &v, STRIDES)?;
    if strides.len() != ndim {
        return Err(PyValueError::new_err(format!(
            "__cuda_array_interface__['strides'] has {} entries for a shape of {ndim} dimensions",
            strides.len()
        )));
    }
    Ok(Some(strides))
}

/// `typestr`, checked to be a string.
pub fn typestr<'py>(desc: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyString>> {
    let v = required(desc, "typestr", TYPESTR)?;
    match v.cast::<PyString>() {
        Ok(s) => Ok(s.clone()),
        Err(_) => Err(bad("typestr", TYPESTR, &v)),
    }
}

/// `data`: `(pointer, read_only)`.
pub fn data(desc: &Bound<'_, PyDict>) -> PyResult<(u64, bool)> {
    let v = required(desc, "data", DATA)?;
    v.extract::<(u64, bool)>()
        .map_err(|_| bad("data", DATA, &v))
}

/// `stream`: a stream handle, when given.
pub fn stream(desc: &Bound<'_, PyDict>) -> PyResult<Option<u64>> {
    get(desc, "stream")?
        .map(|v| v.extract::<u64>().map_err(|_| bad("stream", STREAM, &v)))
        .transpose()
}

/// The element type a producer's own `dtype` attribute names, for the element types the
/// interface's type strings cannot tell apart: bfloat16 and the fp8 types. NumPy writes
/// `"<V2"` for `ml_dtypes.bfloat16` (torch ≥ 2.6 writes the same for `torch.bfloat16`; torch
/// 2.5 wrote `"<f2"`, float16's string), `"<V1"` for float8_e4m3fn and float8_e8m0fnu and
/// `"<f1"` for float8_e5m2, with no `descr` naming them. So the producer object decides: a
/// NumPy-style dtype whose `name` is `bfloat16`/`float8_*` (ml_dtypes, CuPy 14), or a torch
/// dtype (`torch.bfloat16`, `torch.float8_e4m3fn`: its `str` without the `torch.` prefix).
pub fn producer_scalar(owner: &Bound<'_, PyAny>) -> Option<oxcuda_ir::Scalar> {
    let dtype = owner.getattr(pyo3::intern!(owner.py(), "dtype")).ok()?;
    if let Some(s) = dtype
        .getattr(pyo3::intern!(owner.py(), "name"))
        .ok()
        .and_then(|n| n.extract::<String>().ok())
        .and_then(|n| oxcuda_ir::Scalar::from_dtype_name(&n))
    {
        return Some(s);
    }
    let text = dtype.str().ok()?.to_string();
    oxcuda_ir::Scalar::from_dtype_name(text.strip_prefix("torch.")?)
}

/// Whether a type string is one bfloat16 or an fp8 type is written as (`"<V2"`, `"<V1"`,
/// `"<f1"`; `"<f2"` from torch 2.5's bfloat16): the ones [`producer_scalar`] may refine.
#[must_use]
pub fn is_ambiguous_typestr(typestr: &str) -> bool {
    matches!(
        typestr,
        "<V2" | "|V2" | "<V1" | "|V1" | "<f1" | "|f1" | "<f2"
    )
}

/// The error for a void type string no producer dtype explains.
pub fn ambiguous_void(typestr: &str) -> PyErr {
    PyTypeError::new_err(format!(
        "__cuda_array_interface__['typestr'] is {typestr:?}: opaque {}-byte elements, which is \
         how bfloat16 and fp8 arrays are written, but the producer names no such dtype (its \
         `dtype` attribute is neither ml_dtypes' nor torch's bfloat16/float8 type); pass the \
         array by DLPack (its type codes name bfloat16 and fp8), or view it as an integer type",
        typestr.get(2..).unwrap_or("?")
    ))
}

/// The error for a type string NumPy does not read as a dtype (`"<M8[xx]"`, `"<q9"`): names
/// the key and the string, with NumPy's reason.
pub fn unreadable_typestr(py: Python<'_>, typestr: &str, numpy: &PyErr) -> PyErr {
    PyTypeError::new_err(format!(
        "__cuda_array_interface__['typestr'] is {typestr:?}, which is no NumPy dtype ({}); \
         the producer must write a type string such as '<f4', '<i8' or '<M8[ns]'",
        numpy.value(py)
    ))
}
