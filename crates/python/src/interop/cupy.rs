//! CuPy arrays on the launch fast path, read through CuPy's own attributes instead of their
//! `__cuda_array_interface__`.
//!
//! CuPy 14 has no DLPack C exchange API, and its interface property builds a fresh dictionary
//! (shape, typestr, descr, stream, version, strides, data) on every access: about 2 µs per
//! array per launch on the H200, most of a 3-array launch. The same facts are attributes of
//! `cupy.ndarray` itself, which its property reads to build that dictionary: `data.ptr`,
//! `shape` (or `ndim` and `size` for a contiguous vector), `strides`, `dtype`, `_c_contiguous`,
//! and the stream from
//! `cupy.cuda.stream.get_current_stream().ptr`. Reading them directly gives the same [`Arg`]
//! the interface would, for about a third of the cost (measured from Python on the H200: the
//! interface 1.06 µs; dtype, shape, contiguity and data pointer 0.3 µs; the current stream
//! 0.15 µs, read once per launch). Nothing is cached per array, so there is nothing to
//! invalidate when an array changes; dtype objects are remembered by identity (NumPy's are
//! immortal singletons for the builtin types, and each remembered one is kept alive).
//!
//! Invariants and choices:
//! * Only objects whose type *is* `cupy.ndarray` are read this way (recognised by name once,
//!   then by identity; the type is kept alive). Subclasses, which may override the interface,
//!   and every other producer go through `__cuda_array_interface__` (`args::read_cai`).
//! * CuPy is never imported here: the type is learnt from an array the user passed.
//! * The result equals the interface's, field by field: the stream is CuPy's current stream,
//!   its `0` reported as `1` (the legacy default stream), and an array is taken only when that
//!   is the launch's stream (as `read_cai` decides); C-contiguous arrays get C strides (the
//!   interface's `strides: None`); an empty array's data pointer is 0; arrays are writable;
//!   non-native byte order and dtypes kernels cannot take decline.
//! * Any Python error while reading is cleared and the argument declines: the slow path then
//!   reads the interface and reports what is wrong.

use oxcuda_ir::{ArrayType, Dtype, Scalar};
use std::sync::{Mutex, PoisonError};

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

use crate::launch::args::{self, Arg, Dims, ForeignLaunch, dims_of};

/// What the fast path needs from CuPy, found from the first `cupy.ndarray` seen.
struct Cupy {
    /// `cupy.ndarray`.
    ndarray: Py<PyType>,
    /// `cupy.cuda.stream.get_current_stream` (its result's `ptr` is the stream's handle).
    current_stream: Py<PyAny>,
}

/// `None` inside: CuPy was seen but lacks what the fast path needs (every array declines).
static CUPY: PyOnceLock<Option<Cupy>> = PyOnceLock::new();

/// Whether `ty` is CuPy's ndarray type, by its qualified name.
fn is_cupy_ndarray_type(ty: &Bound<'_, PyType>) -> bool {
    let named = ty
        .name()
        .is_ok_and(|n| n.to_str().is_ok_and(|n| n == "ndarray"));
    named
        && ty.module().is_ok_and(|m| {
            m.to_str()
                .is_ok_and(|m| m == "cupy" || m.starts_with("cupy."))
        })
}

/// The functions of the CuPy that `ty` (its ndarray type) comes from.
fn cupy_of(ty: &Bound<'_, PyType>) -> Option<Cupy> {
    let py = ty.py();
    let stream = py.import("cupy.cuda.stream").ok()?;
    let current_stream = stream.getattr("get_current_stream").ok()?;
    Some(Cupy {
        ndarray: ty.clone().unbind(),
        current_stream: current_stream.unbind(),
    })
}

/// The CuPy functions, when `obj` is a `cupy.ndarray` (exactly).
fn cupy_for(obj: &Bound<'_, PyAny>) -> Option<&'static Cupy> {
    let py = obj.py();
    let ty = obj.get_type();
    let cupy = match CUPY.get(py) {
        Some(known) => known.as_ref()?,
        None if is_cupy_ndarray_type(&ty) => {
            let found = CUPY.get_or_init(py, || cupy_of(&ty));
            if found.is_none() {
                let _ = PyErr::take(py);
            }
            found.as_ref()?
        }
        None => return None,
    };
    ty.is(cupy.ndarray.bind(py)).then_some(cupy)
}

/// dtype objects seen, with their element type (`None`: kernels cannot take it).
static DTYPES: Mutex<Vec<(Py<PyAny>, Option<Scalar>)>> = Mutex::new(Vec::new());
/// dtype objects remembered; beyond that a dtype is parsed at every launch.
const MAX_DTYPES: usize = 32;

/// The element type of a dtype object, remembered by identity.
fn scalar_of(dtype: &Bound<'_, PyAny>) -> Option<Scalar> {
    let mut seen = DTYPES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, s)) = seen.iter().find(|(d, _)| d.bind(dtype.py()).is(dtype)) {
        return *s;
    }
    let s = parse_dtype(dtype);
    if seen.len() < MAX_DTYPES {
        seen.push((dtype.clone().unbind(), s));
    }
    s
}

/// The element type of a NumPy dtype object, from its array-interface string (`"<f4"`), or by
/// name for a non-record void dtype (`ml_dtypes.bfloat16`, CuPy 14's bfloat16: `"<V2"`).
fn parse_dtype(dtype: &Bound<'_, PyAny>) -> Option<Scalar> {
    let text = dtype.getattr(pyo3::intern!(dtype.py(), "str")).ok()?;
    let text = text.cast::<PyString>().ok()?.to_str().ok()?.to_owned();
    args::scalar_of_typestr(&text).or_else(|| {
        let void = text.get(1..2) == Some("V") && matches!(text.get(..1), Some("<" | "|"));
        if void {
            args::named_scalar(dtype)
        } else {
            None
        }
    })
}

/// `obj` as an array argument of the launch `launch`, when it is a `cupy.ndarray` whose
/// work is ordered on the launch's stream; `None` otherwise.
pub fn read(obj: &Bound<'_, PyAny>, launch: &mut ForeignLaunch) -> Option<Arg> {
    let cupy = cupy_for(obj)?;
    let arg = read_array(obj, cupy, launch);
    if arg.is_none() {
        let _ = PyErr::take(obj.py());
    }
    arg
}

/// CuPy's current stream as its interface reports it (`0` becomes `1`, the legacy default).
fn current_stream(py: Python<'_>, cupy: &Cupy) -> Option<usize> {
    let stream = cupy.current_stream.bind(py).call0().ok()?;
    let ptr: usize = stream
        .getattr(pyo3::intern!(py, "ptr"))
        .ok()?
        .extract()
        .ok()?;
    Some(if ptr == 0 { 1 } else { ptr })
}

fn read_array(obj: &Bound<'_, PyAny>, cupy: &Cupy, launch: &mut ForeignLaunch) -> Option<Arg> {
    let py = obj.py();
    let current = match launch.cupy_stream {
        Some(s) => s,
        None => {
            let s = current_stream(py, cupy)?;
            launch.cupy_stream = Some(s);
            s
        }
    };
    let stream = launch.stream;
    if !(current == stream || current == 1 && stream == 0) {
        return None;
    }
    let scalar = scalar_of(&obj.getattr(pyo3::intern!(py, "dtype")).ok()?)?;
    let itemsize = i64::from(scalar.size());
    let c_contiguous: bool = obj
        .getattr(pyo3::intern!(py, "_c_contiguous"))
        .ok()?
        .extract()
        .ok()?;
    let ndim: usize = obj
        .getattr(pyo3::intern!(py, "ndim"))
        .ok()?
        .extract()
        .ok()?;
    // A contiguous vector's shape is its size: two cheap reads instead of a built tuple.
    let shape: Dims = if ndim == 1 && c_contiguous {
        let size: i64 = obj
            .getattr(pyo3::intern!(py, "size"))
            .ok()?
            .extract()
            .ok()?;
        smallvec::smallvec![size]
    } else {
        dims_of(&obj.getattr(pyo3::intern!(py, "shape")).ok()?)?
    };
    let strides = if c_contiguous {
        args::c_strides(&shape, itemsize)
    } else {
        dims_of(&obj.getattr(pyo3::intern!(py, "strides")).ok()?)?
    };
    if strides.len() != shape.len() {
        return None;
    }
    let ptr: u64 = if shape.contains(&0) {
        0
    } else {
        let data = obj.getattr(pyo3::intern!(py, "data")).ok()?;
        data.getattr(pyo3::intern!(py, "ptr"))
            .ok()?
            .extract()
            .ok()?
    };
    if ptr == 0 && !shape.contains(&0) {
        return None;
    }
    let layout = args::layout_of(&shape, &strides, itemsize);
    Some(Arg::Array {
        ptr,
        ty: ArrayType {
            dtype: Dtype::Scalar(scalar),
            ndim: u32::try_from(shape.len()).ok()?,
            layout,
            readonly: false,
            aligned: true,
        },
        shape,
        strides,
        host: false,
        ctx: 0, // foreign memory: not checked against a context, as for the interface
    })
}
