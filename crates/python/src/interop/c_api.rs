//! The C API of device arrays: a capsule for native consumers (C/C++/Rust extensions) that
//! want an oxcuda `DeviceNDArray`'s memory without going through Python attributes.
//!
//! The capsule is `oxcuda._native._C_API`, also reachable as `DeviceNDArray._C_API`; its name is
//! its real import path, so `PyCapsule_Import("oxcuda._native._C_API", 0)` finds it. It points to
//! a static, versioned table of C functions ([`OxcudaArrayApi`]); the C declarations are in
//! `python/oxcuda/include/oxcuda/devicearray.h` (`oxcuda.get_include()`), and
//! `docs/runtime.md` describes the contract.
//!
//! Invariants: the table never changes after it is built (fields are only ever appended, with
//! `version` raised and `size` grown); the functions must be called with the GIL held; a view's
//! `shape`/`strides` pointers stay valid while the array object is alive, because an array's
//! layout is immutable; no function unwinds into C (a panic becomes a Python `SystemError`).

use std::ffi::{CStr, c_int};
use std::panic::{AssertUnwindSafe, catch_unwind};

use oxcuda_runtime::Space;
use pyo3::exceptions::{PySystemError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyCapsule;

use crate::memory::devicearray::DeviceNDArray;

/// The capsule's name: where it lives.
pub const CAPSULE_NAME: &CStr = c"oxcuda._native._C_API";
/// The table's version (1: `is_device_array`, `get_view`).
pub const API_VERSION: u32 = 1;

/// What `get_view` fills in (`OxcudaArrayView` in the header).
#[repr(C)]
#[derive(Debug)]
pub struct OxcudaArrayView {
    /// Address of element `(0, …, 0)`: a device address, or a host address (`host` = 1).
    pub data: u64,
    /// Number of dimensions.
    pub ndim: i32,
    /// The CUDA device ordinal, or -1 for the host backend.
    pub device_id: i32,
    /// `ndim` extents, valid while the array is alive.
    pub shape: *const i64,
    /// `ndim` byte strides (may be negative or zero), valid while the array is alive.
    pub strides: *const i64,
    /// Bytes per element.
    pub itemsize: i64,
    /// The `CUstream` the array is bound to (0: the legacy default stream).
    pub stream: u64,
    /// NumPy's `dtype.kind`: `'f'`, `'i'`, `'u'`, `'b'`, `'c'`, `'V'`, …
    pub kind: u8,
    /// 1 when writes are forbidden.
    pub readonly: u8,
    /// 1 for host-backend memory (the simulator's).
    pub host: u8,
    /// 1 when C-contiguous.
    pub c_contiguous: u8,
    /// 1 when Fortran-contiguous.
    pub f_contiguous: u8,
}

/// The table (`OxcudaArrayApi` in the header).
#[repr(C)]
#[derive(Debug)]
pub struct OxcudaArrayApi {
    /// [`API_VERSION`].
    pub version: u32,
    /// `size_of::<OxcudaArrayApi>()`: consumers check it before reading later fields.
    pub size: u32,
    /// 1 when `obj` is an oxcuda device array, 0 otherwise; never fails.
    pub is_device_array: unsafe extern "C" fn(obj: *mut ffi::PyObject) -> c_int,
    /// Fills `out` and returns 0, or sets a Python `TypeError` and returns -1.
    pub get_view: unsafe extern "C" fn(obj: *mut ffi::PyObject, out: *mut OxcudaArrayView) -> c_int,
}

static API: OxcudaArrayApi = OxcudaArrayApi {
    version: API_VERSION,
    size: size_of::<OxcudaArrayApi>() as u32,
    is_device_array,
    get_view,
};

unsafe extern "C" fn is_device_array(obj: *mut ffi::PyObject) -> c_int {
    catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller holds the GIL (the API's contract) and passes a live object.
        let py = unsafe { Python::assume_attached() };
        // SAFETY: as above; the reference is borrowed for this call only.
        let obj = unsafe { Bound::from_borrowed_ptr(py, obj) };
        c_int::from(obj.cast::<DeviceNDArray>().is_ok())
    }))
    .unwrap_or(0)
}

unsafe extern "C" fn get_view(obj: *mut ffi::PyObject, out: *mut OxcudaArrayView) -> c_int {
    let result = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller holds the GIL and passes a live object and a writable `out`.
        let py = unsafe { Python::assume_attached() };
        // SAFETY: as above.
        let obj = unsafe { Bound::from_borrowed_ptr(py, obj) };
        let Ok(array) = obj.cast::<DeviceNDArray>() else {
            let ty = obj
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default();
            PyTypeError::new_err(format!(
                "oxcuda C API get_view: expected an oxcuda DeviceNDArray, got {ty}"
            ))
            .restore(py);
            return -1;
        };
        let array = array.get();
        let view = array.launch_view();
        let device_id = match array.space() {
            Space::Device(ctx) => ctx.device().ordinal,
            Space::Host(_) => -1,
        };
        let filled = OxcudaArrayView {
            data: view.ptr,
            ndim: i32::try_from(view.shape.len()).unwrap_or(i32::MAX),
            device_id,
            shape: view.shape.as_ptr(),
            strides: view.strides.as_ptr(),
            itemsize: view.itemsize,
            stream: array.bound_stream().handle(),
            kind: view.kind,
            readonly: u8::from(view.readonly),
            host: u8::from(view.host),
            c_contiguous: u8::from(view.c_contiguous),
            f_contiguous: u8::from(view.f_contiguous),
        };
        // SAFETY: `out` is writable (the caller's contract).
        unsafe { out.write(filled) };
        0
    }));
    result.unwrap_or_else(|_| {
        // SAFETY: the GIL is held (the API's contract).
        let py = unsafe { Python::assume_attached() };
        PySystemError::new_err("oxcuda C API get_view: internal error (a Rust panic)").restore(py);
        -1
    })
}

/// Adds `_C_API` to the module and to the `DeviceNDArray` type.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let pointer = std::ptr::NonNull::from(&API).cast();
    // SAFETY: `API` is a static: it outlives the capsule, which has no destructor.
    let capsule = unsafe { PyCapsule::new_with_pointer(py, pointer, CAPSULE_NAME) }?;
    m.add("_C_API", &capsule)?;
    py.get_type::<DeviceNDArray>().setattr("_C_API", &capsule)?;
    Ok(())
}
