//! Kernel arguments read from Python objects into the runtime's [`Arg`]s (typed: the
//! dispatcher's fingerprint; packed by `oxcuda_runtime::launch`), or converted for the
//! simulator.
//!
//! Reading creates no Python objects for device arrays (their fields are read in Rust) and
//! for Python scalars; NumPy scalars go through `.item()`. Structured dtypes (arrays of
//! records, `DeviceRecord`s) are typed through `records.rs`, cached by dtype object. Nor does
//! it allocate for arrays of up to `INLINE_DIMS` dimensions or launches of up to
//! `INLINE_ARGS` arguments: shapes, strides and argument lists live inline ([`Dims`],
//! [`Args`]), because the launch fast path runs this on every launch. A device array's element
//! type and contiguity are worked out once per array (`DeviceNDArray::launch_view`).

use oxcuda_ir::{ArrayType, Dtype, Layout, Scalar, Type};
pub use oxcuda_runtime::launch::{Arg, Args, Dims};
use oxcuda_sim::{ArgValue, ArrayArg, PointerArg, RecordArg};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyFloat, PyInt, PyString, PyTuple};

use crate::memory::devicearray::DeviceNDArray;
use crate::memory::devicerecord::DeviceRecord;

/// What the foreign producers of one launch share: the launch's stream, and facts read from a
/// producer once per launch rather than once per argument.
#[derive(Debug, Clone, Copy)]
pub struct ForeignLaunch {
    /// The launch's `CUstream` address (0: the legacy default stream).
    pub stream: usize,
    /// CuPy's current stream, once a CuPy array has been read (`interop::cupy`).
    pub cupy_stream: Option<usize>,
}

/// A Python int (or int subclass that is no enum member) as an `int64` argument, or `uint64`
/// when only that holds it.
fn read_int(obj: &Bound<'_, PyAny>, index: usize) -> PyResult<Arg> {
    // i64 first: one C call, where i128 goes through a slower conversion under abi3.
    if let Ok(v) = obj.extract::<i64>() {
        return Ok(Arg::Int(i128::from(v), Scalar::I64));
    }
    if let Ok(v) = obj.extract::<u64>() {
        return Ok(Arg::Int(i128::from(v), Scalar::U64));
    }
    Err(PyTypeError::new_err(format!(
        "argument {index}: integer {obj} does not fit in 64 bits"
    )))
}

/// Reads argument number `index` of a launch.
pub fn read(obj: &Bound<'_, PyAny>, index: usize) -> PyResult<Arg> {
    read_with(obj, index, None)
}

/// [`read`], also accepting foreign producers (DLPack exchange, CuPy, the CUDA Array
/// Interface) ordered on the launch's stream (see [`read_all_for_launch`]) before trying
/// NumPy scalars.
fn read_with(
    obj: &Bound<'_, PyAny>,
    index: usize,
    mut foreign: Option<&mut ForeignLaunch>,
) -> PyResult<Arg> {
    // A plain int (exactly `int`: one pointer comparison) before every other kind, as the
    // `PyInt` branch below reads it; bools, enum members and other int subclasses go on.
    if obj.is_exact_instance_of::<PyInt>() {
        return read_int(obj, index);
    }
    if let Ok(arr) = obj.cast::<DeviceNDArray>() {
        let view = arr.get().launch_view();
        let dtype = if view.kind == b'V' {
            let dtype = arr.get().dtype(obj.py());
            if let Some(s) = named_scalar(dtype.bind(obj.py())) {
                return Ok(Arg::Array {
                    ptr: view.ptr,
                    shape: Dims::from_slice(view.shape),
                    strides: Dims::from_slice(view.strides),
                    ty: ArrayType {
                        dtype: s.into(),
                        ndim: u32::try_from(view.shape.len()).unwrap_or(0),
                        layout: layout_from_flags(view.c_contiguous, view.f_contiguous),
                        readonly: view.readonly,
                        aligned: true,
                    },
                    host: view.host,
                    ctx: view.ctx,
                });
            }
            let record = crate::memory::records::record_of(dtype.bind(obj.py()))
                .map_err(|e| PyTypeError::new_err(format!("argument {index}: {e}")))?;
            if obj.is_instance_of::<DeviceRecord>() {
                return Ok(Arg::Record {
                    ptr: view.ptr,
                    record,
                    host: view.host,
                    ctx: view.ctx,
                });
            }
            Dtype::Record(record)
        } else if view.scalar.is_none()
            && let Some(cs) = oxcuda_ir::CharSeqType::of_numpy(
                view.kind,
                u32::try_from(view.itemsize).unwrap_or(0),
            )
        {
            // S<n>/U<n> (device arrays hold the machine's byte order: UCS4 as kernels read it)
            Dtype::CharSeq(cs)
        } else if let (None, b'M' | b'm') = (view.scalar, view.kind) {
            let dtype = arr.get().dtype(obj.py());
            match crate::launch::datetime_args::of_dtype(dtype.bind(obj.py()), index)? {
                Some(d) => Dtype::Datetime(d),
                None => {
                    return Err(PyTypeError::new_err(format!(
                        "argument {index}: arrays of this dtype cannot be passed to kernels"
                    )));
                }
            }
        } else {
            view.scalar
                .ok_or_else(|| {
                    PyTypeError::new_err(format!(
                        "argument {index}: arrays of this dtype cannot be passed to kernels"
                    ))
                })?
                .into()
        };
        let ndim = u32::try_from(view.shape.len()).unwrap_or(0);
        let layout = layout_from_flags(view.c_contiguous, view.f_contiguous);
        return Ok(Arg::Array {
            ptr: view.ptr,
            shape: Dims::from_slice(view.shape),
            strides: Dims::from_slice(view.strides),
            ty: ArrayType {
                dtype,
                ndim,
                layout,
                readonly: view.readonly,
                aligned: true,
            },
            host: view.host,
            ctx: view.ctx,
        });
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(Arg::Int(i128::from(obj.extract::<bool>()?), Scalar::Bool));
    }
    // Enum members and namedtuples: subclasses of int and tuple are checked here, other enum
    // members after everything else, so plain numbers and arrays pay nothing for them.
    if ((obj.is_instance_of::<PyInt>() && !obj.is_exact_instance_of::<PyInt>())
        || (obj.is_instance_of::<PyTuple>() && !obj.is_exact_instance_of::<PyTuple>()))
        && let Some(arg) = crate::launch::nominal_args::read(obj, index, |x| {
            read_with(x, index, foreign.as_deref_mut())
        })?
    {
        return Ok(arg);
    }
    if obj.is_instance_of::<PyInt>() {
        return read_int(obj, index);
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Arg::Float(obj.extract()?, Scalar::F64));
    }
    if let Ok(c) = obj.cast::<PyComplex>() {
        return Ok(Arg::Complex(c.real(), c.imag(), Scalar::C128));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        let mut items = Vec::with_capacity(t.len());
        for x in t.iter() {
            items.push(read_with(&x, index, foreign.as_deref_mut())?);
        }
        return Ok(Arg::Tuple(items));
    }
    if let Some(launch) = foreign.as_deref_mut()
        && let Some(arg) = crate::interop::dlpack_exchange::read(obj, launch.stream)
            .or_else(|| crate::interop::cupy::read(obj, launch))
            .or_else(|| read_cai(obj, launch.stream))
    {
        return Ok(arg);
    }
    // NumPy scalars: a dtype and zero dimensions.
    // A 0-d `ndarray` is an array (numba's `Array(dtype, 0, 'C')`, written through `r[()]`),
    // converted by the dispatcher's slow path like any host array; only `np.generic` is a
    // scalar.
    if let (Ok(dtype), Ok(ndim)) = (obj.getattr("dtype"), obj.getattr("ndim"))
        && ndim.extract::<i64>().ok() == Some(0)
        && !is_ndarray(obj)?
    {
        let kind: String = dtype.getattr("kind")?.extract()?;
        if (kind == "M" || kind == "m")
            && let Some(d) = crate::launch::datetime_args::of_dtype(&dtype, index)?
        {
            return crate::launch::datetime_args::read_scalar(obj, d);
        }
        let itemsize: u32 = dtype.getattr("itemsize")?.extract()?;
        let s = kind
            .chars()
            .next()
            .and_then(|k| Scalar::from_numpy_kind(k, itemsize))
            .or_else(|| named_scalar(&dtype));
        if let Some(s) = s {
            let item = obj.call_method0("item")?;
            return Ok(if s.is_complex() {
                let c = item.cast::<PyComplex>()?;
                Arg::Complex(c.real(), c.imag(), s)
            } else if s.is_float() || s.is_fp8() {
                // An ml_dtypes float8 scalar's item() is its (exact) float value.
                Arg::Float(item.extract()?, s)
            } else {
                Arg::Int(
                    if s == Scalar::Bool {
                        i128::from(item.extract::<bool>()?)
                    } else {
                        item.extract()?
                    },
                    s,
                )
            });
        }
    }
    if let Some(arg) = crate::launch::nominal_args::read(obj, index, |x| {
        read_with(x, index, foreign.as_deref_mut())
    })? {
        return Ok(arg);
    }
    if let Some(class) = read_type_object(obj)? {
        return Ok(Arg::Class(class));
    }
    let ty = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    Err(PyTypeError::new_err(format!(
        "argument {index}: a {ty} cannot be passed to a kernel; pass device arrays (cuda.to_device), \
         NumPy arrays, objects with __cuda_array_interface__, numbers or tuples of these"
    )))
}

/// The scalar type a type object passed as an argument names (numba's `NumberClass`): a NumPy
/// scalar class (`np.float64`, `np.int32`, `np.bool_`) or an oxcuda scalar type
/// (`oxcuda.float64`); `None` for any other object. Checked after every kind of value, so
/// launches of values pay nothing for it.
fn read_type_object(obj: &Bound<'_, PyAny>) -> PyResult<Option<Type>> {
    let py = obj.py();
    if let Ok(class) = obj.cast::<pyo3::types::PyType>() {
        let np = crate::memory::devicearray::numpy(py)?;
        let generic = np.getattr("generic")?;
        let generic = generic.cast::<pyo3::types::PyType>()?;
        if !class.is_subclass(generic)? {
            return Ok(None);
        }
        let Ok(dtype) = np.getattr("dtype")?.call1((class,)) else {
            return Ok(None);
        };
        let kind: String = dtype.getattr("kind")?.extract()?;
        let itemsize: u32 = dtype.getattr("itemsize")?.extract()?;
        return Ok(kind
            .chars()
            .next()
            .and_then(|k| Scalar::from_numpy_kind(k, itemsize))
            .or_else(|| named_scalar(&dtype))
            .map(Type::Scalar));
    }
    let scalar_class = py.import("oxcuda.types")?.getattr("Scalar")?;
    if !obj.is_instance(&scalar_class)? {
        return Ok(None);
    }
    let text = obj.str()?;
    Ok(oxcuda_types::parse_type(text.to_str()?)
        .ok()
        .filter(|t| matches!(t, Type::Scalar(_))))
}

static NDARRAY: pyo3::sync::PyOnceLock<Py<pyo3::types::PyType>> = pyo3::sync::PyOnceLock::new();

/// Whether `obj` is a `numpy.ndarray` (of any dimension; a NumPy scalar is not).
fn is_ndarray(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = obj.py();
    let ndarray = NDARRAY.get_or_try_init(py, || {
        py.import("numpy")?
            .getattr("ndarray")?
            .cast_into::<pyo3::types::PyType>()
            .map(Bound::unbind)
            .map_err(PyErr::from)
    })?;
    obj.is_instance(ndarray.bind(py))
}

/// Reads every argument of a launch.
pub fn read_all(args: &Bound<'_, PyTuple>) -> PyResult<Args> {
    let mut out = Args::new();
    read_all_into(args, &mut out)?;
    Ok(out)
}

/// [`read_all`] into `out` (cleared first): the launch fast path keeps its buffer in its own
/// frame, so the arguments (over a kilobyte inline) are never moved.
pub fn read_all_into(args: &Bound<'_, PyTuple>, out: &mut Args) -> PyResult<()> {
    out.clear();
    out.reserve(args.len());
    for (i, a) in args.iter().enumerate() {
        out.push(read(&a, i)?);
    }
    Ok(())
}

/// Reads every argument of a launch on `stream` (a `CUstream` address, 0 for the legacy
/// default stream), also accepting CUDA Array Interface producers (CuPy, PyTorch) zero-copy —
/// but only those whose data is ordered before the launch without synchronising: no `stream`
/// in the interface, or the launch's own stream (`1`, the legacy default stream, for 0).
/// Anything else is an error here, and the dispatcher's slow path takes the launch (it waits
/// for the producer's stream, as numba-cuda does).
///
/// The arguments are written to `out` (cleared first), as [`read_all_into`] does.
pub fn read_all_for_launch(
    args: &Bound<'_, PyTuple>,
    stream: usize,
    out: &mut Args,
) -> PyResult<()> {
    let mut launch = ForeignLaunch {
        stream,
        cupy_stream: None,
    };
    out.clear();
    out.reserve(args.len());
    for (i, a) in args.iter().enumerate() {
        out.push(read_with(&a, i, Some(&mut launch))?);
    }
    Ok(())
}

/// A CUDA Array Interface (v2/v3) producer as an array argument, when that needs no stream
/// synchronisation; `None` otherwise (not a producer, masked, unsupported dtype, other stream).
fn read_cai(obj: &Bound<'_, PyAny>, stream: usize) -> Option<Arg> {
    let py = obj.py();
    let desc = obj
        .getattr(pyo3::intern!(py, "__cuda_array_interface__"))
        .ok()?;
    let desc = desc.cast::<pyo3::types::PyDict>().ok()?;
    // Interned keys: no new string objects per launch.
    let item = |k: &'static str| {
        let key = match k {
            "mask" => pyo3::intern!(py, "mask"),
            "stream" => pyo3::intern!(py, "stream"),
            "typestr" => pyo3::intern!(py, "typestr"),
            "shape" => pyo3::intern!(py, "shape"),
            "data" => pyo3::intern!(py, "data"),
            _ => pyo3::intern!(py, "strides"),
        };
        desc.get_item(key).ok().flatten().filter(|v| !v.is_none())
    };
    if item("mask").is_some() {
        return None;
    }
    if let Some(s) = item("stream") {
        let h: u64 = s.extract().ok()?;
        let same = h == stream as u64 || (h == 1 && stream == 0);
        if !same {
            return None;
        }
    }
    let typestr = item("typestr")?;
    let typestr = typestr.cast::<PyString>().ok()?.to_str().ok()?; // borrowed: no allocation
    // bfloat16 and fp8 share type strings with other dtypes: the producer's dtype decides.
    let named = if crate::interop::cai::is_ambiguous_typestr(typestr) {
        crate::interop::cai::producer_scalar(obj)
    } else {
        None
    };
    let (dtype, itemsize) = match named {
        Some(s) if typestr.get(2..) == Some(s.size().to_string().as_str()) => {
            (Dtype::Scalar(s), s.size())
        }
        _ => match scalar_of_typestr(typestr) {
            Some(s) => (Dtype::Scalar(s), s.size()),
            // `<M8[ns]`, `<m8[s]`: int64 counts of a unit (a unit kernels cannot take goes
            // the slow path, whose import says why).
            None if typestr.starts_with('<') => (
                Dtype::Datetime(crate::launch::datetime_args::of_typestr(typestr)?.ok()?),
                8,
            ),
            None => return None,
        },
    };
    let shape = dims_of(&item("shape")?)?;
    let (ptr, readonly): (u64, bool) = item("data")?.extract().ok()?;
    if ptr == 0 && !shape.contains(&0) {
        return None; // NULL for a non-empty array: the slow path's import says why
    }
    let itemsize = i64::from(itemsize);
    let strides: Dims = match item("strides") {
        Some(s) => dims_of(&s)?,
        None => c_strides(&shape, itemsize),
    };
    if strides.len() != shape.len() {
        return None;
    }
    let ndim = u32::try_from(shape.len()).ok()?;
    let layout = layout_of(&shape, &strides, itemsize);
    Some(Arg::Array {
        ptr,
        shape,
        strides,
        ty: ArrayType {
            dtype,
            ndim,
            layout,
            readonly,
            aligned: true,
        },
        host: false,
        ctx: 0,
    })
}

/// The scalar of a NumPy dtype of kind `'V'` that is not a record: `ml_dtypes.bfloat16`
/// (by its name, `Scalar::from_dtype_name`).
pub fn named_scalar(dtype: &Bound<'_, PyAny>) -> Option<Scalar> {
    if dtype.getattr("names").ok().is_some_and(|n| !n.is_none()) {
        return None;
    }
    let name: String = dtype.getattr("name").ok()?.extract().ok()?;
    Scalar::from_dtype_name(&name)
}

/// The element type of an array-interface type string (`"<f4"`, `"|b1"`): `None` for
/// non-native byte order and for dtypes kernels cannot take.
pub fn scalar_of_typestr(typestr: &str) -> Option<Scalar> {
    let (order, rest) = typestr.split_at_checked(1)?;
    if order != "<" && order != "|" {
        return None;
    }
    let kind = rest.chars().next()?;
    let itemsize: u32 = rest.get(1..)?.parse().ok()?;
    Scalar::from_numpy_kind(kind, itemsize)
}

/// The byte strides of a C-contiguous array of `shape` (inline: no allocation).
pub fn c_strides(shape: &[i64], itemsize: i64) -> Dims {
    let mut strides: Dims = smallvec::smallvec![0i64; shape.len()];
    oxcuda_runtime::layout::fill_c_strides(shape, itemsize, &mut strides);
    strides
}

/// The layout a kernel parameter is typed with, from NumPy's contiguity flags: C when
/// C-contiguous (also when both, as numba types 1-D and size-1 arrays), else F, else A.
pub fn layout_from_flags(c_contiguous: bool, f_contiguous: bool) -> Layout {
    if c_contiguous {
        Layout::C
    } else if f_contiguous {
        Layout::F
    } else {
        Layout::A
    }
}

/// The layout a foreign array (CUDA Array Interface, DLPack) is typed with: the runtime's
/// contiguity rule ([`oxcuda_runtime::layout::is_c_contiguous`], NumPy's flags, strides of
/// size-1 extents ignored), the same one device arrays' flags come from, so an array is typed
/// alike on the fast path and the slow path.
pub fn layout_of(shape: &[i64], strides: &[i64], itemsize: i64) -> Layout {
    use oxcuda_runtime::layout::{is_c_contiguous, is_f_contiguous};
    layout_from_flags(
        is_c_contiguous(shape, strides, itemsize),
        is_f_contiguous(shape, strides, itemsize),
    )
}

/// A sequence of integers (a CAI `shape` or `strides`) as [`Dims`].
pub fn dims_of(seq: &Bound<'_, PyAny>) -> Option<Dims> {
    seq.try_iter()
        .ok()?
        .map(|n| n.and_then(|n| n.extract::<i64>()))
        .collect::<PyResult<_>>()
        .ok()
}

/// The simulator's form of an argument for a parameter of type `ty`: as [`to_sim`], but an
/// integer for a `CPointer` parameter (also inside a tuple) becomes a bounded pointer into the
/// simulator allocation its address lies in (`oxcuda_runtime::host_regions`); an address in
/// none stays an integer, which the simulator refuses with the fix.
///
/// # Safety
/// As for [`to_sim`]; the allocation a pointer's address lies in must stay alive for the
/// launch (the caller keeps its array alive, as on the GPU).
pub unsafe fn to_sim_typed(arg: &Arg, ty: &Type) -> PyResult<ArgValue> {
    match (arg, ty) {
        (Arg::Int(addr, _), Type::Pointer(_)) => {
            let Ok(addr) = u64::try_from(*addr) else {
                // SAFETY: forwarded.
                return unsafe { to_sim(arg) };
            };
            let Some((start, len)) = oxcuda_runtime::host_regions::containing(addr) else {
                // SAFETY: forwarded.
                return unsafe { to_sim(arg) };
            };
            // SAFETY: the range is a live host-backend allocation (host_regions' invariant),
            // kept alive by the caller for the launch.
            unsafe { PointerArg::new(addr, start, len) }
                .map(ArgValue::Pointer)
                .map_err(|e| PyValueError::new_err(e.message))
        }
        (Arg::Tuple(items), Type::Tuple(tys)) if items.len() == tys.len() => {
            let mut out = Vec::with_capacity(items.len());
            for (a, t) in items.iter().zip(tys) {
                // SAFETY: forwarded.
                out.push(unsafe { to_sim_typed(a, t) }?);
            }
            Ok(ArgValue::Tuple(out))
        }
        // SAFETY: forwarded.
        _ => unsafe { to_sim(arg) },
    }
}

/// The simulator's form of an argument.
///
/// # Safety
/// Array arguments must describe host memory valid for the whole launch (host-backend device
/// arrays kept alive by the caller).
pub unsafe fn to_sim(arg: &Arg) -> PyResult<ArgValue> {
    Ok(match arg {
        Arg::Array {
            ptr,
            shape,
            strides,
            ty,
            host,
            ..
        } => {
            if !host {
                return Err(PyTypeError::new_err(
                    "a GPU array was passed to a kernel running on the simulator; copy it to the host backend, or run on the GPU",
                ));
            }
            // SAFETY: forwarded from the caller's contract.
            let a = unsafe {
                ArrayArg::new(
                    *ptr as *mut u8,
                    shape.to_vec(),
                    strides.to_vec(),
                    ty.dtype.erased(),
                )
            }
            .map_err(|e| PyTypeError::new_err(e.message))?;
            ArgValue::Array(a)
        }
        Arg::Record {
            ptr, record, host, ..
        } => {
            if !host {
                return Err(PyTypeError::new_err(
                    "a GPU record was passed to a kernel running on the simulator; copy it to the host backend, or run on the GPU",
                ));
            }
            // SAFETY: forwarded from the caller's contract (a host-backend record kept alive).
            ArgValue::Record(unsafe { RecordArg::new(*ptr as *mut u8, record.erased()) })
        }
        Arg::Int(i, Scalar::Bool) => ArgValue::Bool(*i != 0),
        Arg::Int(i, _) => ArgValue::Int(*i),
        Arg::Datetime(v, _) => ArgValue::Int(i128::from(*v)),
        Arg::Float(x, _) => ArgValue::Float(*x),
        Arg::Complex(re, im, _) => ArgValue::Complex(*re, *im),
        Arg::Tuple(items) => {
            let mut out = Vec::with_capacity(items.len());
            for a in items {
                // SAFETY: as above.
                out.push(unsafe { to_sim(a) }?);
            }
            ArgValue::Tuple(out)
        }
        // SAFETY: as above.
        Arg::Enum(e) => unsafe { to_sim(&e.value) }?,
        // A type object passes nothing (the launch skips its parameter); inside a tuple it is
        // the empty tuple it is held as.
        Arg::Class(_) => ArgValue::Tuple(Vec::new()),
        Arg::NamedTuple(n) => {
            let mut out = Vec::with_capacity(n.items.len());
            for a in &n.items {
                // SAFETY: as above.
                out.push(unsafe { to_sim(a) }?);
            }
            ArgValue::Tuple(out)
        }
    })
}
