//! NumPy structured dtypes as record types ([`oxcuda_ir::Record`]), for typing kernel arguments:
//! arrays of records, `DeviceRecord`s, and the records the dispatcher makes of `np.void`.
//!
//! A structured dtype maps field by field, in `dtype.names` order: the field's byte offset from
//! `dtype.fields`, a scalar (native byte order; bool, integers, floats, complex), a string
//! (`S<n>`, `U<n>` in native byte order: `oxcuda_types::charseq`) or a nested
//! structured dtype, and for a subarray field (`('v', 'f4', (3, 2))`) its base and shape. The
//! record's size is `dtype.itemsize`, its alignment `dtype.alignment` for an `align=True` dtype
//! and 1 for a packed one (numba's `aligned` flag). A nested record's alignment is lowered to
//! what its place in the outer record guarantees (a packed record holding an aligned one at an
//! odd offset), so no access assumes more alignment than its address has.
//!
//! Conversions are cached by dtype object (the cache holds the dtypes, so an identity is never
//! reused while cached), which keeps the launch fast path free of attribute lookups.

use std::sync::Mutex;

use oxcuda_ir::{CharSeqType, Dtype, Field, Record, Scalar};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::memory::devicerecord::is_structured;

/// Dtypes remembered; the oldest is dropped beyond this.
const CACHE_SIZE: usize = 64;

static CACHE: Mutex<Vec<(Py<PyAny>, Record)>> = Mutex::new(Vec::new());

/// The record type of the structured dtype `dtype`.
///
/// # Errors
/// `TypeError` for a dtype that is not structured, or a field kernels cannot use (strings,
/// datetimes, objects, a non-native byte order).
pub fn record_of(dtype: &Bound<'_, PyAny>) -> PyResult<Record> {
    let cache = || {
        CACHE
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    if let Some((_, r)) = cache().iter().find(|(d, _)| d.as_ptr() == dtype.as_ptr()) {
        return Ok(*r);
    }
    // Converting runs Python code: without the lock held, so another thread that gets the GIL
    // meanwhile cannot block on it while this one waits for the GIL.
    let record = convert(dtype, u32::MAX)?;
    let mut cache = cache();
    let mut evicted = None;
    if !cache.iter().any(|(d, _)| d.as_ptr() == dtype.as_ptr()) {
        if cache.len() >= CACHE_SIZE {
            evicted = Some(cache.remove(0));
        }
        cache.push((dtype.clone().unbind(), record));
    }
    drop(cache);
    // A dtype's last reference may go here, outside the lock.
    drop(evicted);
    Ok(record)
}

/// The largest power of two dividing `n` (`u32::MAX` for 0: no constraint).
fn low_bit(n: u64) -> u32 {
    if n == 0 {
        u32::MAX
    } else {
        1u32 << n.trailing_zeros().min(31)
    }
}

/// Converts a structured dtype whose records sit at addresses aligned to at least `cap`.
/// The alignment of an `align=True` structured dtype: the largest of `dtype.alignment` and
/// its fields' alignments. NumPy reports alignment 1 for the `np.record` dtype of a recarray
/// (`np.rec.array(aligned)`, `a.view(np.recarray)`) although its layout is the aligned one and
/// it compares equal to the aligned dtype; the fields' alignments are still right, so the
/// recarray types as the record its dtype equals (issue 16).
fn aligned_alignment(dtype: &Bound<'_, PyAny>) -> PyResult<u32> {
    let mut align: u32 = dtype.getattr("alignment")?.extract()?;
    let fields = dtype.getattr("fields")?;
    if fields.is_none() {
        return Ok(align);
    }
    for entry in fields.call_method0("values")?.try_iter()? {
        let field_dtype = entry?.get_item(0)?;
        let base = match field_dtype.getattr("subdtype")? {
            sub if sub.is_none() => field_dtype,
            sub => sub.get_item(0)?,
        };
        let field_align = if is_structured(&base)? && base.getattr("isalignedstruct")?.extract()? {
            aligned_alignment(&base)?
        } else {
            base.getattr("alignment")?.extract()?
        };
        align = align.max(field_align);
    }
    Ok(align)
}

fn convert(dtype: &Bound<'_, PyAny>, cap: u32) -> PyResult<Record> {
    let describe = || {
        dtype
            .str()
            .map_or_else(|_| "?".to_owned(), |s| s.to_string())
    };
    if !is_structured(dtype)? {
        return Err(PyTypeError::new_err(format!(
            "dtype {} is not a structured dtype",
            describe()
        )));
    }
    let size: u32 = dtype.getattr("itemsize")?.extract()?;
    let aligned: bool = dtype.getattr("isalignedstruct")?.extract()?;
    let natural: u32 = if aligned {
        aligned_alignment(dtype)?
    } else {
        1
    };
    let align = natural.min(cap).max(1);
    let names = dtype.getattr("names")?;
    let names = names.cast::<PyTuple>()?;
    let fields = dtype.getattr("fields")?;
    let mut out = Vec::with_capacity(names.len());
    for name in names.iter() {
        let name_text: String = name.extract()?;
        let entry = fields.get_item(&name)?;
        let field_dtype = entry.get_item(0)?;
        let offset: u32 = entry.get_item(1)?.extract()?;
        let (base, shape): (Bound<'_, PyAny>, Vec<u64>) = match field_dtype.getattr("subdtype")? {
            sub if sub.is_none() => (field_dtype, Vec::new()),
            sub => (sub.get_item(0)?, sub.get_item(1)?.extract()?),
        };
        let bad = |why: &str| {
            PyTypeError::new_err(format!(
                "field '{name_text}' of dtype {} {why}; kernels can use records of bool, \
                 integer, float, complex and string (S<n>, U<n>) fields, nested records and \
                 subarrays of these",
                describe()
            ))
        };
        let item = if is_structured(&base)? {
            let item_size: u64 = base.getattr("itemsize")?.extract()?;
            let place = if shape.is_empty() {
                align.min(low_bit(u64::from(offset)))
            } else {
                align
                    .min(low_bit(u64::from(offset)))
                    .min(low_bit(item_size))
            };
            Dtype::Record(convert(&base, place)?)
        } else {
            if !base.getattr("isnative")?.extract::<bool>()? {
                return Err(bad("has a non-native byte order"));
            }
            let kind: String = base.getattr("kind")?.extract()?;
            let itemsize: u32 = base.getattr("itemsize")?.extract()?;
            if let Some(cs) = kind
                .bytes()
                .next()
                .and_then(|k| CharSeqType::of_numpy(k, itemsize))
            {
                out.push(Field {
                    name: name_text,
                    dtype: Dtype::CharSeq(cs),
                    shape,
                    offset,
                });
                continue;
            }
            let scalar = kind
                .chars()
                .next()
                .and_then(|k| Scalar::from_numpy_kind(k, itemsize))
                .ok_or_else(|| {
                    bad(&format!(
                        "is {}",
                        base.str()
                            .map_or_else(|_| "?".to_owned(), |s| s.to_string())
                    ))
                })?;
            Dtype::Scalar(scalar)
        };
        out.push(Field {
            name: name_text,
            dtype: item,
            shape,
            offset,
        });
    }
    Record::new(out, size, align).map_err(|e| {
        PyTypeError::new_err(format!(
            "dtype {} cannot be used in kernels: {e}",
            describe()
        ))
    })
}

/// `_native.record_type(dtype)`: the text of the record type of a structured NumPy dtype
/// (`oxcuda.types.from_dtype` builds its `Record` type object from it).
#[pyfunction]
pub(crate) fn record_type(dtype: &Bound<'_, PyAny>) -> PyResult<String> {
    crate::boundary::guard(|| {
        let dtype = crate::memory::devicearray::as_dtype(dtype.py(), dtype)?;
        Ok(record_of(&dtype)?.to_string())
    })
}
