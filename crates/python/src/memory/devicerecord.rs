//! `DeviceRecord`: a structured scalar (one element of a structured dtype) in device memory,
//! numba-cuda's class with its names.
//!
//! A record is a 0-d [`DeviceNDArray`] (a Rust subclass of it), so everything an array has
//! (`copy_to_host`, `dtype`, `__cuda_array_interface__`, `bind`) works unchanged; DLPack export
//! refuses it, as DLPack has no structured types. What it adds is field access:
//! - `rec[name]` (or a field index): a scalar field is copied to the host and returned as a NumPy
//!   scalar; a nested record field is a `DeviceRecord` view; a subarray field (`('v', 'f4', 3)`)
//!   is a `DeviceNDArray` view of its elements, C-contiguous;
//! - `rec[name] = value`: `value` converted to the field's dtype (broadcast for subarrays) and
//!   copied in.
//!
//! Records come from `cuda.to_device(numpy_void)`, from indexing one element of a structured
//! device array (`d[3]`, a view, as in numba-cuda), from `DeviceRecord(dtype, stream=0,
//! gpu_data=None)`, and from nested record fields.

use oxcuda_runtime::{Layout, Order};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use crate::boundary::guard;
use crate::context::runtime::Context;
use crate::memory::devicearray::{DeviceNDArray, allocate, as_dtype, itemsize_of};

/// A structured scalar on the device. See the module doc.
#[pyclass(
    extends = DeviceNDArray,
    frozen,
    module = "oxcuda.cuda.devicearray",
    name = "DeviceRecord"
)]
#[derive(Debug)]
pub struct DeviceRecord;

/// Whether `dtype` is a structured dtype (has field names).
pub fn is_structured(dtype: &Bound<'_, PyAny>) -> PyResult<bool> {
    Ok(!dtype.getattr("names")?.is_none())
}

/// `view` (a 0-d array of a structured dtype) as a `DeviceRecord`.
pub fn wrap(py: Python<'_>, view: DeviceNDArray) -> PyResult<Py<PyAny>> {
    let init = PyClassInitializer::from(view).add_subclass(DeviceRecord);
    Ok(Bound::new(py, init)?.into_any().unbind())
}

/// What a field is.
enum Field {
    /// A scalar (or a nested record): a 0-d view.
    Element(DeviceNDArray),
    /// A subarray: an n-d view.
    Subarray(DeviceNDArray),
}

/// The view of field `key` (a name or an index) of `rec`.
fn field(py: Python<'_>, rec: &DeviceNDArray, key: &Bound<'_, PyAny>) -> PyResult<Field> {
    let dtype = rec.dtype(py);
    let dtype = dtype.bind(py);
    let names = dtype.getattr("names")?;
    let names_text = || {
        names
            .str()
            .map_or_else(|_| "?".to_owned(), |s| s.to_string())
    };
    let name: Bound<'_, PyAny> = if key.is_instance_of::<PyString>() {
        key.clone()
    } else if let Ok(i) = key.extract::<i64>() {
        let n = i64::try_from(names.len()?).expect("few fields");
        let k = if i < 0 { i + n } else { i };
        if !(0..n).contains(&k) {
            return Err(PyIndexError::new_err(format!(
                "field index {i} is out of range for a record with {n} fields {}",
                names_text()
            )));
        }
        names.get_item(k)?
    } else {
        return Err(PyTypeError::new_err(format!(
            "a DeviceRecord is indexed by a field name or index, got {}",
            key.get_type().name()?
        )));
    };
    let entry = dtype.getattr("fields")?.get_item(&name).map_err(|_| {
        PyKeyError::new_err(format!(
            "the record has no field {}; its fields are {}",
            name.repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string()),
            names_text()
        ))
    })?;
    let typ = entry.get_item(0)?;
    let offset: i64 = entry.get_item(1)?.extract()?;
    let shape: Vec<i64> = typ.getattr("shape")?.extract()?;
    if shape.is_empty() {
        let layout = Layout::contiguous(&[], itemsize_of(&typ)?, Order::C)
            .map_err(crate::boundary::layout_error)?;
        return Ok(Field::Element(rec.derive(
            py,
            offset,
            layout,
            Some(typ.unbind()),
        )));
    }
    let base = typ.getattr("subdtype")?.get_item(0)?;
    let layout = Layout::contiguous(&shape, itemsize_of(&base)?, Order::C)
        .map_err(crate::boundary::layout_error)?;
    Ok(Field::Subarray(rec.derive(
        py,
        offset,
        layout,
        Some(base.unbind()),
    )))
}

#[pymethods]
impl DeviceRecord {
    /// `DeviceRecord(dtype, stream=0, gpu_data=None)`: a record of the structured `dtype`, in new
    /// memory of the current context, or over `gpu_data` (a `MemoryPointer`, kept alive).
    #[new]
    #[pyo3(signature = (dtype, stream = None, gpu_data = None))]
    fn new(
        py: Python<'_>,
        dtype: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
        gpu_data: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyClassInitializer<Self>> {
        guard(|| {
            let dtype = as_dtype(py, dtype)?;
            if !is_structured(&dtype)? {
                return Err(PyTypeError::new_err(format!(
                    "DeviceRecord needs a structured dtype (with named fields), got {}; use a \
                     0-d device_array for a plain scalar",
                    dtype.str()?
                )));
            }
            let ctx = py
                .import("oxcuda.cuda._devices")?
                .getattr("current_context")?
                .call0()?;
            let ctx = ctx.cast::<Context>()?.get();
            let layout = Layout::contiguous(&[], itemsize_of(&dtype)?, Order::C)
                .map_err(crate::boundary::layout_error)?;
            let base = match gpu_data.filter(|g| !g.is_none()) {
                None => allocate(py, &ctx.space, layout, dtype, stream)?,
                Some(g) => {
                    let value = g.getattr("device_pointer_value").map_err(|_| {
                        PyTypeError::new_err(format!(
                            "DeviceRecord(gpu_data=...): gpu_data must be a MemoryPointer, got \
                             {}",
                            g.get_type()
                                .name()
                                .map_or_else(|_| "?".to_owned(), |n| n.to_string())
                        ))
                    })?;
                    let ptr: u64 = if value.is_none() { 0 } else { value.extract()? };
                    DeviceNDArray::over_foreign(
                        py,
                        &ctx.space,
                        ptr,
                        layout,
                        dtype,
                        g.clone().unbind(),
                        stream,
                    )?
                }
            };
            Ok(PyClassInitializer::from(base).add_subclass(Self))
        })
    }

    fn __getitem__(slf: &Bound<'_, Self>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        guard(|| Self::getitem(slf, key, None))
    }

    /// `rec[key]` on `stream`: a NumPy scalar (copied), a `DeviceRecord` (nested record) or a
    /// `DeviceNDArray` (subarray field).
    #[pyo3(signature = (key, stream = None))]
    fn getitem(
        slf: &Bound<'_, Self>,
        key: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        guard(|| match field(py, slf.as_super().get(), key)? {
            Field::Subarray(view) => Ok(Bound::new(py, view)?.into_any().unbind()),
            Field::Element(view) => {
                DeviceNDArray::getitem(&Bound::new(py, view)?, &PyTuple::empty(py), stream)
            }
        })
    }

    fn __setitem__(
        slf: &Bound<'_, Self>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        guard(|| Self::setitem(slf, key, value, None))
    }

    /// `rec[key] = value` on `stream`: `value` converted to the field's dtype and copied in.
    #[pyo3(signature = (key, value, stream = None))]
    fn setitem(
        slf: &Bound<'_, Self>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        let py = slf.py();
        guard(|| {
            let (Field::Element(view) | Field::Subarray(view)) =
                field(py, slf.as_super().get(), key)?;
            view.setitem(py, &py.Ellipsis().into_bound(py), value, stream)
        })
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        guard(|| {
            let base = slf.as_super().get();
            let py = slf.py();
            Ok(format!(
                "<oxcuda DeviceRecord dtype={} on {}>",
                base.dtype(py).bind(py).str()?,
                base.backend()
            ))
        })
    }
}
