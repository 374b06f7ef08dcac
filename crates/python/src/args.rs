//! Kernel arguments: read from Python objects, typed (the dispatcher's fingerprint), and
//! packed for the GPU (the ABI of `docs/abi.md`) or converted for the simulator.
//!
//! Reading creates no Python objects for device arrays (their fields are read in Rust) and
//! for Python scalars; NumPy scalars go through `.item()`. Structured dtypes (arrays of
//! records, `DeviceRecord`s) are typed through `records.rs`, cached by dtype object. Nor does it allocate for arrays of
//! up to [`INLINE_DIMS`] dimensions or launches of up to [`INLINE_ARGS`] arguments: shapes,
//! strides and argument lists live inline ([`Dims`], [`Args`]), because the launch fast path
//! runs this on every launch.

use oxcuda_ir::{ArrayType, Dtype, Layout, Record, Scalar, Type};
use oxcuda_sim::{ArgValue, ArrayArg, RecordArg};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyComplex, PyFloat, PyInt, PyString, PyTuple};

use smallvec::SmallVec;

use crate::devicearray::DeviceNDArray;
use crate::devicerecord::DeviceRecord;

/// Dimensions held inline by [`Dims`]; more spill to the heap.
pub const INLINE_DIMS: usize = 4;
/// Arguments held inline by [`Args`]; more spill to the heap.
pub const INLINE_ARGS: usize = 8;
/// An array's extents or byte strides.
pub type Dims = SmallVec<[i64; INLINE_DIMS]>;
/// The arguments of one launch, read.
pub type Args = SmallVec<[Arg; INLINE_ARGS]>;

/// One argument, read.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A device array (or a host-backend array under the simulator).
    Array {
        ptr: u64,
        shape: Dims,
        strides: Dims,
        ty: ArrayType,
        host: bool,
    },
    /// A record in device memory (a `DeviceRecord`; host-backend memory under the simulator),
    /// passed by reference.
    Record {
        ptr: u64,
        record: Record,
        host: bool,
    },
    /// An integer or bool of a given type.
    Int(i128, Scalar),
    /// A float of a given type.
    Float(f64, Scalar),
    /// A complex of a given type.
    Complex(f64, f64, Scalar),
    /// A tuple.
    Tuple(Vec<Arg>),
}

impl Arg {
    /// The type the dispatcher specialises on.
    pub fn ty(&self) -> Type {
        match self {
            Self::Array { ty, .. } => Type::Array(*ty),
            Self::Record { record, .. } => Type::Record(*record),
            Self::Int(_, s) | Self::Float(_, s) | Self::Complex(_, _, s) => Type::Scalar(*s),
            Self::Tuple(items) => Type::Tuple(items.iter().map(Self::ty).collect()),
        }
    }

    /// Whether [`Self::ty`] is `ty`, without building the type.
    pub fn has_type(&self, ty: &Type) -> bool {
        match (self, ty) {
            (Self::Array { ty: a, .. }, Type::Array(b)) => a == b,
            (Self::Record { record, .. }, Type::Record(r)) => record == r,
            (Self::Int(_, s) | Self::Float(_, s) | Self::Complex(_, _, s), Type::Scalar(t)) => {
                s == t
            }
            (Self::Tuple(items), Type::Tuple(types)) => {
                items.len() == types.len() && items.iter().zip(types).all(|(a, t)| a.has_type(t))
            }
            _ => false,
        }
    }
}

/// Reads argument number `index` of a launch.
pub fn read(obj: &Bound<'_, PyAny>, index: usize) -> PyResult<Arg> {
    read_with(obj, index, None)
}

/// [`read`], also accepting CUDA Array Interface producers ordered on `cai_stream` (see
/// [`read_all_for_launch`]) before trying NumPy scalars.
fn read_with(obj: &Bound<'_, PyAny>, index: usize, cai_stream: Option<usize>) -> PyResult<Arg> {
    if let Ok(arr) = obj.cast::<DeviceNDArray>() {
        let view = arr.get().launch_view();
        let dtype = if view.kind == b'V' {
            let dtype = arr.get().dtype(obj.py());
            let record = crate::records::record_of(dtype.bind(obj.py()))
                .map_err(|e| PyTypeError::new_err(format!("argument {index}: {e}")))?;
            if obj.is_instance_of::<DeviceRecord>() {
                return Ok(Arg::Record {
                    ptr: view.ptr,
                    record,
                    host: view.host,
                });
            }
            Dtype::Record(record)
        } else {
            Scalar::from_numpy_kind(
                char::from(view.kind),
                u32::try_from(view.itemsize).unwrap_or(0),
            )
            .ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "argument {index}: arrays of this dtype cannot be passed to kernels"
                ))
            })?
            .into()
        };
        let ndim = u32::try_from(view.shape.len()).unwrap_or(0);
        let layout = if view.c_contiguous {
            Layout::C
        } else if view.f_contiguous {
            Layout::F
        } else {
            Layout::A
        };
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
        });
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(Arg::Int(i128::from(obj.extract::<bool>()?), Scalar::Bool));
    }
    if obj.is_instance_of::<PyInt>() {
        // i64 first: one C call, where i128 goes through a slower conversion under abi3.
        if let Ok(v) = obj.extract::<i64>() {
            return Ok(Arg::Int(i128::from(v), Scalar::I64));
        }
        if let Ok(v) = obj.extract::<u64>() {
            return Ok(Arg::Int(i128::from(v), Scalar::U64));
        }
        return Err(PyTypeError::new_err(format!(
            "argument {index}: integer {obj} does not fit in 64 bits"
        )));
    }
    if obj.is_instance_of::<PyFloat>() {
        return Ok(Arg::Float(obj.extract()?, Scalar::F64));
    }
    if let Ok(c) = obj.cast::<PyComplex>() {
        return Ok(Arg::Complex(c.real(), c.imag(), Scalar::C128));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return Ok(Arg::Tuple(
            t.iter()
                .map(|x| read_with(&x, index, cai_stream))
                .collect::<PyResult<_>>()?,
        ));
    }
    if let Some(stream) = cai_stream
        && let Some(arg) =
            crate::dlpack_exchange::read(obj, stream).or_else(|| read_cai(obj, stream))
    {
        return Ok(arg);
    }
    // NumPy scalars: a dtype and zero dimensions.
    if let (Ok(dtype), Ok(ndim)) = (obj.getattr("dtype"), obj.getattr("ndim"))
        && ndim.extract::<i64>().ok() == Some(0)
    {
        let kind: String = dtype.getattr("kind")?.extract()?;
        let itemsize: u32 = dtype.getattr("itemsize")?.extract()?;
        let s = kind
            .chars()
            .next()
            .and_then(|k| Scalar::from_numpy_kind(k, itemsize));
        if let Some(s) = s {
            let item = obj.call_method0("item")?;
            return Ok(if s.is_complex() {
                let c = item.cast::<PyComplex>()?;
                Arg::Complex(c.real(), c.imag(), s)
            } else if s.is_float() {
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

/// Reads every argument of a launch.
pub fn read_all(args: &Bound<'_, PyTuple>) -> PyResult<Args> {
    args.iter().enumerate().map(|(i, a)| read(&a, i)).collect()
}

/// Reads every argument of a launch on `stream` (a `CUstream` address, 0 for the legacy
/// default stream), also accepting CUDA Array Interface producers (CuPy, PyTorch) zero-copy —
/// but only those whose data is ordered before the launch without synchronising: no `stream`
/// in the interface, or the launch's own stream (`1`, the legacy default stream, for 0).
/// Anything else is an error here, and the dispatcher's slow path takes the launch (it waits
/// for the producer's stream, as numba-cuda does).
pub fn read_all_for_launch(args: &Bound<'_, PyTuple>, stream: usize) -> PyResult<Args> {
    args.iter()
        .enumerate()
        .map(|(i, a)| read_with(&a, i, Some(stream)))
        .collect()
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
    let (order, rest) = typestr.split_at_checked(1)?;
    if order != "<" && order != "|" {
        return None;
    }
    let kind = rest.chars().next()?;
    let itemsize: u32 = rest.get(1..)?.parse().ok()?;
    let dtype = Dtype::Scalar(Scalar::from_numpy_kind(kind, itemsize)?);
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
    })
}

/// The byte strides of a C-contiguous array of `shape`.
pub fn c_strides(shape: &[i64], itemsize: i64) -> Dims {
    let mut strides: Dims = smallvec::smallvec![0i64; shape.len()];
    let mut acc = itemsize;
    for k in (0..shape.len()).rev() {
        strides[k] = acc;
        acc *= shape[k].max(1);
    }
    strides
}

/// The layout the dispatcher types a foreign array by: C when its strides are exactly the
/// C-contiguous ones, else F when they are Fortran-contiguous (ignoring extents of 1), else A.
pub fn layout_of(shape: &[i64], strides: &[i64], itemsize: i64) -> Layout {
    if strides == c_strides(shape, itemsize).as_slice() {
        return Layout::C;
    }
    let mut acc = itemsize;
    let fortran = shape.iter().zip(strides).all(|(&n, &st)| {
        let ok = n <= 1 || st == acc;
        acc *= n.max(1);
        ok
    });
    if fortran { Layout::F } else { Layout::A }
}

/// A sequence of integers (a CAI `shape` or `strides`) as [`Dims`].
fn dims_of(seq: &Bound<'_, PyAny>) -> Option<Dims> {
    seq.try_iter()
        .ok()?
        .map(|n| n.and_then(|n| n.extract::<i64>()))
        .collect::<PyResult<_>>()
        .ok()
}

/// Whether an argument of type `got` may be passed for a parameter of type `want` (scalars
/// convert, except complex to a real type, as in numba; arrays must match dtype and ndim, with
/// a layout at least as strict).
pub fn compatible(got: &Type, want: &Type) -> bool {
    match (got, want) {
        (Type::Scalar(g), Type::Scalar(w)) => !g.is_complex() || w.is_complex(),
        (Type::Array(g), Type::Array(w)) => {
            g.dtype == w.dtype
                && g.ndim == w.ndim
                && (w.layout == Layout::A
                    || g.layout == w.layout
                    || g.ndim <= 1 && g.layout != Layout::A)
                && (w.readonly || !g.readonly)
                && (g.aligned || !w.aligned)
        }
        (Type::Tuple(g), Type::Tuple(w)) => {
            g.len() == w.len() && g.iter().zip(w).all(|(a, b)| compatible(a, b))
        }
        (Type::Record(g), Type::Record(w)) => g == w,
        _ => false,
    }
}

/// Kernel parameter values, 16 bytes each (the widest scalar, complex128), held inline for
/// typical launches.
pub type Slots = SmallVec<[[u64; 2]; 32]>;

/// Appends the kernel parameters of `arg` (for a parameter of type `ty`) to `out`, one slot
/// each, in the order of `docs/abi.md`: an array is its data pointer, its extents, then its
/// byte strides; a record is the address of its bytes; scalars by value (little-endian in the
/// slot); tuples element by element.
pub fn pack(arg: &Arg, ty: &Type, out: &mut Slots) {
    match (arg, ty) {
        (Arg::Record { ptr, .. }, Type::Record(_)) => out.push([*ptr, 0]),
        (
            Arg::Array {
                ptr,
                shape,
                strides,
                ..
            },
            Type::Array(_),
        ) => {
            out.push([*ptr, 0]);
            out.extend(shape.iter().map(|&n| [n as u64, 0]));
            out.extend(strides.iter().map(|&s| [s as u64, 0]));
        }
        (Arg::Tuple(items), Type::Tuple(types)) => {
            for (a, t) in items.iter().zip(types) {
                pack(a, t, out);
            }
        }
        (scalar, Type::Scalar(s)) => out.push(scalar_bits(scalar, *s)),
        _ => out.push([0, 0]),
    }
}

fn scalar_bits(arg: &Arg, to: Scalar) -> [u64; 2] {
    let (re, im, int) = match arg {
        Arg::Int(i, _) => (*i as f64, 0.0, *i),
        Arg::Float(x, _) => (*x, 0.0, *x as i128),
        Arg::Complex(re, im, _) => (*re, *im, *re as i128),
        _ => (0.0, 0.0, 0),
    };
    match to {
        Scalar::Bool => [u64::from(int != 0 || re != 0.0), 0],
        s if s.is_int() => [int as u64, 0],
        Scalar::F16 => [u64::from(f32_to_f16_bits(re as f32)), 0],
        Scalar::F32 => [u64::from((re as f32).to_bits()), 0],
        Scalar::F64 => [re.to_bits(), 0],
        Scalar::C64 => [
            u64::from((re as f32).to_bits()) | (u64::from((im as f32).to_bits()) << 32),
            0,
        ],
        _ => [re.to_bits(), im.to_bits()],
    }
}

/// Round-to-nearest-even float32 → float16 bits.
fn f32_to_f16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = u32::try_from(14 - e).unwrap_or(31);
        let half = 1u32 << (shift - 1);
        let rounded = (m + half - 1 + ((m >> shift) & 1)) >> shift;
        return sign | u16::try_from(rounded).unwrap_or(0);
    }
    let rounded = man + 0xfff + ((man >> 13) & 1);
    let (e, m) = if rounded & 0x80_0000 != 0 {
        (e + 1, 0)
    } else {
        (e, rounded >> 13)
    };
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    sign | (u16::try_from(e).unwrap_or(0) << 10) | u16::try_from(m).unwrap_or(0)
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
                ArrayArg::new(*ptr as *mut u8, shape.to_vec(), strides.to_vec(), ty.dtype)
            }
            .map_err(|e| PyTypeError::new_err(e.message))?;
            ArgValue::Array(a)
        }
        Arg::Record { ptr, record, host } => {
            if !host {
                return Err(PyTypeError::new_err(
                    "a GPU record was passed to a kernel running on the simulator; copy it to the host backend, or run on the GPU",
                ));
            }
            // SAFETY: forwarded from the caller's contract (a host-backend record kept alive).
            ArgValue::Record(unsafe { RecordArg::new(*ptr as *mut u8, *record) })
        }
        Arg::Int(i, Scalar::Bool) => ArgValue::Bool(*i != 0),
        Arg::Int(i, _) => ArgValue::Int(*i),
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_conversion_matches_known_values() {
        assert_eq!(f32_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f32_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f32_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f32_to_f16_bits(1e6), 0x7c00);
        assert_eq!(f32_to_f16_bits(0.1), 0x2e66);
    }
}
