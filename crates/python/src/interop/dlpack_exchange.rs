//! The DLPack C exchange API (`dlpack.h` 1.3, `type(x).__dlpack_c_exchange_api__`): how the
//! launch fast path reads a producer's tensor (PyTorch's) with one C call per argument.
//!
//! A producer that implements it puts a capsule named `dlpack_exchange_api` on its tensor
//! *type*; the capsule points to a static table of C functions. `dltensor_from_py_object_no_sync`
//! fills a `DLTensor` on our stack (a borrowed view, valid while we hold the GIL and do not
//! return to Python), and `current_work_stream` tells which stream the producer's work is
//! ordered on. Through `__cuda_array_interface__` the same facts cost a Python dictionary built
//! per argument per launch (1.9 µs for a torch tensor on the H200).
//!
//! Invariants and choices:
//! * The table is looked up once per type and kept with a strong reference to the type, so the
//!   type (and the address compared on later launches) stays valid; at most [`MAX_TYPES`] types
//!   are remembered, beyond that a type is looked up at every launch.
//! * A tensor is taken only when nothing needs synchronising, as for the CUDA Array Interface
//!   in `args::read_cai`: it lives on a CUDA device and the producer's current stream is the
//!   launch's stream (its null stream counting as the legacy default stream, `0`). Anything
//!   else — another stream, host memory, a dtype kernels cannot take, an error raised by the
//!   producer (which is cleared) — declines, and the dispatcher's slow path handles the
//!   argument through `__cuda_array_interface__`, synchronising as numba-cuda does.
//! * `DLTensor` carries no read-only flag: tensors read this way are writable, as torch's are.

use std::ffi::{CStr, c_int, c_void};
use std::sync::{Mutex, PoisonError};

use oxcuda_ir::{ArrayType, Scalar};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyType};

use crate::interop::dlpack_abi::{
    DLPackVersion, DLTensor, KDL_BOOL, KDL_COMPLEX, KDL_CUDA, KDL_FLOAT, KDL_INT, KDL_UINT,
    named_scalar_of_code,
};
use crate::launch::args::{self, Arg, Dims};

/// The capsule name the header prescribes.
const CAPSULE_NAME: &CStr = c"dlpack_exchange_api";
/// The attribute on the tensor type.
const ATTRIBUTE: &str = "__dlpack_c_exchange_api__";
/// Types whose table (or its absence) is remembered.
const MAX_TYPES: usize = 16;

/// `DLPackExchangeAPIHeader`.
#[repr(C)]
#[derive(Debug)]
struct ExchangeApiHeader {
    version: DLPackVersion,
    prev_api: *const ExchangeApiHeader,
}

/// `DLPackExchangeAPI`: the functions we call are typed, the others are opaque.
#[repr(C)]
#[derive(Debug)]
struct ExchangeApi {
    header: ExchangeApiHeader,
    managed_tensor_allocator: *const c_void,
    managed_tensor_from_py_object_no_sync: *const c_void,
    managed_tensor_to_py_object_no_sync: *const c_void,
    dltensor_from_py_object_no_sync:
        Option<unsafe extern "C" fn(py_object: *mut c_void, out: *mut DLTensor) -> c_int>,
    current_work_stream: Option<
        unsafe extern "C" fn(device_type: i32, device_id: i32, out: *mut *mut c_void) -> c_int,
    >,
}

/// The two functions the launcher uses, from a table that stays alive for the process (the
/// header's rule for producers).
#[derive(Debug, Clone, Copy)]
struct Functions {
    to_dltensor: unsafe extern "C" fn(*mut c_void, *mut DLTensor) -> c_int,
    work_stream: unsafe extern "C" fn(i32, i32, *mut *mut c_void) -> c_int,
}

// SAFETY: plain C function pointers into a producer's static table.
unsafe impl Send for Functions {}

/// Tensor types seen, with their functions (`None`: the type has no usable table).
static TYPES: Mutex<Vec<(Py<PyType>, Option<Functions>)>> = Mutex::new(Vec::new());

/// The table of `ty`, read from its capsule (`None` when it has none or one we cannot use).
fn functions_of(ty: &Bound<'_, PyType>) -> Option<Functions> {
    let capsule = ty.getattr(ATTRIBUTE).ok()?;
    let capsule = capsule.cast::<PyCapsule>().ok()?;
    let pointer = capsule.pointer_checked(Some(CAPSULE_NAME)).ok()?;
    // SAFETY: a capsule of this name points to a `DLPackExchangeAPI` that lives as long as
    // the process; only the header is read before its major version is checked.
    let api = unsafe { &*pointer.as_ptr().cast::<ExchangeApi>() };
    if api.header.version.major != 1 {
        return None;
    }
    Some(Functions {
        to_dltensor: api.dltensor_from_py_object_no_sync?,
        work_stream: api.current_work_stream?,
    })
}

/// The functions for `obj`'s type, remembered per type.
fn lookup(obj: &Bound<'_, PyAny>) -> Option<Functions> {
    let ty = obj.get_type();
    let mut types = TYPES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, f)) = types.iter().find(|(t, _)| t.bind(obj.py()).is(&ty)) {
        return *f;
    }
    let f = functions_of(&ty);
    if types.len() < MAX_TYPES {
        types.push((ty.unbind(), f));
    }
    f
}

/// The scalar type of DLPack elements (`None` for vectors and other codes).
fn scalar_of(code: u8, bits: u8, lanes: u16) -> Option<Scalar> {
    if lanes != 1 || !bits.is_multiple_of(8) {
        return None;
    }
    if let Some(s) = named_scalar_of_code(code, bits) {
        return Some(s);
    }
    if code == KDL_FLOAT && bits == 8 {
        // Not a DLPack float: fp8 has codes of its own (float8_e5m2 is NumPy's only 'f1').
        return None;
    }
    let kind = match code {
        KDL_BOOL => 'b',
        KDL_INT => 'i',
        KDL_UINT => 'u',
        KDL_FLOAT => 'f',
        KDL_COMPLEX => 'c',
        _ => return None,
    };
    Scalar::from_numpy_kind(kind, u32::from(bits / 8))
}

/// `obj` as an array argument of a launch on `stream` (0: the legacy default stream), when its
/// type implements the exchange API and nothing needs synchronising; `None` otherwise.
pub fn read(obj: &Bound<'_, PyAny>, stream: usize) -> Option<Arg> {
    let f = lookup(obj)?;
    let py = obj.py();
    let mut t = DLTensor {
        data: std::ptr::null_mut(),
        device: crate::interop::dlpack_abi::DLDevice {
            device_type: 0,
            device_id: 0,
        },
        ndim: 0,
        dtype: crate::interop::dlpack_abi::DLDataType {
            code: 0,
            bits: 0,
            lanes: 0,
        },
        shape: std::ptr::null_mut(),
        strides: std::ptr::null_mut(),
        byte_offset: 0,
    };
    // SAFETY: `obj` is of the type the table came from; `t` is a valid out-parameter; we hold
    // the GIL, as the producer requires.
    if unsafe { (f.to_dltensor)(obj.as_ptr().cast(), &raw mut t) } != 0 {
        let _ = PyErr::take(py); // a tensor it cannot describe: the slow path will say why
        return None;
    }
    if t.device.device_type != KDL_CUDA {
        return None;
    }
    let mut work: *mut c_void = std::ptr::null_mut();
    // SAFETY: valid out-parameter; the GIL is held.
    if unsafe { (f.work_stream)(KDL_CUDA, t.device.device_id, &raw mut work) } != 0 {
        let _ = PyErr::take(py);
        return None;
    }
    let work = work as usize;
    // The producer's null stream and CAI's `1` both name the legacy default stream.
    if !(work == stream || stream == 0 && work == 1) {
        return None;
    }
    let dtype = scalar_of(t.dtype.code, t.dtype.bits, t.dtype.lanes)?;
    let ndim = usize::try_from(t.ndim).ok()?;
    let itemsize = i64::from(t.dtype.bits / 8);
    let shape: Dims = if ndim == 0 {
        Dims::new()
    } else {
        // SAFETY: the producer filled `ndim` extents (and strides, unless null), valid until
        // we return to Python.
        Dims::from_slice(unsafe { std::slice::from_raw_parts(t.shape, ndim) })
    };
    let strides: Dims = if t.strides.is_null() || ndim == 0 {
        args::c_strides(&shape, itemsize)
    } else {
        // SAFETY: as for the shape; DLPack strides count elements.
        unsafe { std::slice::from_raw_parts(t.strides, ndim) }
            .iter()
            .map(|&s| s * itemsize)
            .collect()
    };
    let layout = args::layout_of(&shape, &strides, itemsize);
    Some(Arg::Array {
        ptr: (t.data as u64).wrapping_add(t.byte_offset),
        shape,
        strides,
        ty: ArrayType {
            dtype: dtype.into(),
            ndim: u32::try_from(ndim).ok()?,
            layout,
            readonly: false,
            aligned: true,
        },
        host: false,
        ctx: 0,
    })
}
