//! DLPack: `DeviceNDArray.__dlpack__` / `__dlpack_device__` export and `cuda.from_dlpack`
//! import, zero-copy, with versioned (`dltensor_versioned`, DLPack ≥ 1.0) and legacy
//! (`dltensor`) capsules.
//!
//! Export: the capsule holds a `DLManagedTensor[Versioned]` whose manager context keeps the
//! array's allocation alive (an `Arc<Allocation>`; for imported memory that also holds the
//! foreign owner). The consumer renames the capsule to `used_…` and calls the deleter when done;
//! a capsule never consumed is cleaned up by its destructor. Devices: `kDLCUDA` with the device
//! ordinal on a GPU, `kDLCPU` on the host backend (so NumPy can import host-backend arrays).
//!
//! Import: the producer's `__dlpack__(stream=…, max_version=(1, 0))` (falling back to the legacy
//! call for producers that predate `max_version`), or a capsule passed directly. The capsule is
//! renamed `used_…`; the array's allocation owns the managed tensor and calls its deleter (with
//! the GIL, which NumPy's deleter needs) when the last view goes.
//!
//! Stream handshake (the array API standard's): the consumer passes its stream; a producer
//! whose data is ordered on another stream makes the consumer's stream wait for it with an
//! event. `None` means the legacy default stream, `-1` "do not synchronise"; `0` is refused as
//! ambiguous. The host backend is synchronous, so it ignores the stream.

use std::ffi::{CStr, c_void};
use std::sync::Arc;

use oxcuda_ir::Scalar;
use oxcuda_runtime::stream::StreamKind;
use oxcuda_runtime::{Allocation, Event as RtEvent, Layout, Space, Stream as RtStream};
use pyo3::exceptions::{PyBufferError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::boundary::{layout_error, runtime_error};
use crate::context::runtime::Context;
use crate::interop::dlpack_abi::*;

const LEGACY: &CStr = c"dltensor";
const VERSIONED: &CStr = c"dltensor_versioned";
const USED_LEGACY: &CStr = c"used_dltensor";
const USED_VERSIONED: &CStr = c"used_dltensor_versioned";

/// What an exported array hands the consumer: the tensor first (its address is the holder's),
/// then what keeps the memory and the shape/stride arrays alive.
#[repr(C)]
struct Holder<T> {
    tensor: T,
    _memory: Arc<Allocation>,
    shape: Vec<i64>,
    strides: Vec<i64>,
}

unsafe extern "C" fn delete_legacy(p: *mut DLManagedTensor) {
    if !p.is_null() {
        // SAFETY: `p` is the first field of a boxed Holder made by `export`, deleted once.
        drop(unsafe { Box::from_raw(p.cast::<Holder<DLManagedTensor>>()) });
    }
}

unsafe extern "C" fn delete_versioned(p: *mut DLManagedTensorVersioned) {
    if !p.is_null() {
        // SAFETY: as `delete_legacy`.
        drop(unsafe { Box::from_raw(p.cast::<Holder<DLManagedTensorVersioned>>()) });
    }
}

/// Capsule destructors: delete the tensor unless a consumer took it (renamed the capsule).
unsafe extern "C" fn destroy_legacy_capsule(capsule: *mut ffi::PyObject) {
    // SAFETY: called by Python with a capsule; IsValid checks the name before GetPointer.
    unsafe {
        if ffi::PyCapsule_IsValid(capsule, LEGACY.as_ptr()) == 1 {
            let p = ffi::PyCapsule_GetPointer(capsule, LEGACY.as_ptr()).cast::<DLManagedTensor>();
            if let Some(d) = (*p).deleter {
                d(p);
            }
        }
    }
}

unsafe extern "C" fn destroy_versioned_capsule(capsule: *mut ffi::PyObject) {
    // SAFETY: as `destroy_legacy_capsule`.
    unsafe {
        if ffi::PyCapsule_IsValid(capsule, VERSIONED.as_ptr()) == 1 {
            let p = ffi::PyCapsule_GetPointer(capsule, VERSIONED.as_ptr())
                .cast::<DLManagedTensorVersioned>();
            if let Some(d) = (*p).deleter {
                d(p);
            }
        }
    }
}

/// `(device_type, device_id)` of memory in `space`.
pub fn device_of(space: &Space) -> (i32, i32) {
    match space {
        Space::Device(ctx) => (KDL_CUDA, ctx.device().ordinal),
        Space::Host(_) => (KDL_CPU, 0),
    }
}

fn data_type(kind: u8, itemsize: i64, dtype: &Bound<'_, PyAny>) -> PyResult<DLDataType> {
    // ml_dtypes' bfloat16 and float8 types, by name (float8_e5m2 is of kind 'f').
    let named = dtype
        .getattr("name")
        .and_then(|n| n.extract::<String>())
        .ok()
        .and_then(|n| Scalar::from_dtype_name(&n))
        .and_then(code_of_named_scalar);
    let code = match (named, kind) {
        (Some(code), _) => code,
        (None, b'b') => KDL_BOOL,
        (None, b'i') => KDL_INT,
        (None, b'u') => KDL_UINT,
        (None, b'f') => KDL_FLOAT,
        (None, b'c') => KDL_COMPLEX,
        _ => {
            return Err(PyBufferError::new_err(format!(
                "dtype {} has no DLPack equivalent (DLPack carries bool, integer, float and \
                 complex elements); view the array as such a dtype first",
                dtype.str()?
            )));
        }
    };
    if !dtype.getattr("isnative")?.extract::<bool>()? {
        return Err(PyBufferError::new_err(format!(
            "dtype {} is not in the machine's byte order, which DLPack cannot describe",
            dtype.str()?
        )));
    }
    let bits = u8::try_from(itemsize * 8).map_err(|_| {
        PyBufferError::new_err(format!(
            "dtype {} is too wide for DLPack",
            dtype
                .str()
                .map_or_else(|_| "?".to_owned(), |s| s.to_string())
        ))
    })?;
    Ok(DLDataType {
        code,
        bits,
        lanes: 1,
    })
}

/// What `__dlpack__` exports: an array's memory, data pointer, layout and dtype.
pub struct Export<'a, 'py> {
    pub memory: &'a Arc<Allocation>,
    pub ptr: u64,
    pub layout: &'a Layout,
    pub kind: u8,
    pub dtype: &'a Bound<'py, PyAny>,
    pub readonly: bool,
    pub copied: bool,
    pub stream: &'a Arc<RtStream>,
}

/// Parses `max_version`: `true` for a versioned capsule.
fn wants_versioned(max_version: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    let Some(v) = max_version.filter(|v| !v.is_none()) else {
        return Ok(false);
    };
    let (major, _minor): (i64, i64) = v.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "__dlpack__: max_version must be a (major, minor) tuple of ints, got {}",
            v.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    })?;
    Ok(major >= 1)
}

/// Orders the consumer's `stream` after the array's work (the handshake of the module doc).
fn handshake(
    py: Python<'_>,
    e: &Export<'_, '_>,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<()> {
    let space = e.memory.space();
    if space.is_host() {
        return Ok(());
    }
    let consumer: i64 = match stream.filter(|s| !s.is_none()) {
        None => 1,
        Some(s) => s.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "__dlpack__: stream must be an int (a CUDA stream handle), -1 or None, got {}",
                s.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string())
            ))
        })?,
    };
    match consumer {
        -1 => return Ok(()),
        0 => {
            return Err(PyValueError::new_err(
                "__dlpack__: stream=0 is ambiguous for CUDA; pass 1 for the legacy default \
                 stream, 2 for the per-thread default stream, or None",
            ));
        }
        c if c < -1 => {
            return Err(PyValueError::new_err(format!(
                "__dlpack__: stream must be a CUDA stream handle, -1 or None, got {c}"
            )));
        }
        _ => {}
    }
    let consumer = u64::try_from(consumer).expect("positive");
    // The array's stream: 0 (our default) is the legacy default stream.
    let producer = match e.stream.handle() {
        0 => 1,
        h => h,
    };
    if producer == consumer {
        return Ok(());
    }
    let target = match consumer {
        1 => RtStream::default_of(space, StreamKind::Legacy),
        2 => RtStream::default_of(space, StreamKind::PerThread),
        h => RtStream::external(space, h).map_err(|err| runtime_error(py, &err))?,
    };
    let event = RtEvent::new(space, false).map_err(|err| runtime_error(py, &err))?;
    event
        .record(e.stream)
        .and_then(|()| event.wait(&target))
        .map_err(|err| runtime_error(py, &err))
}

/// `__dlpack__` for an array. See the module doc.
pub fn export<'py>(
    py: Python<'py>,
    e: &Export<'_, 'py>,
    stream: Option<&Bound<'py, PyAny>>,
    max_version: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let versioned = wants_versioned(max_version)?;
    if e.readonly && !versioned {
        return Err(PyBufferError::new_err(
            "cannot export a read-only array through a legacy DLPack capsule, which cannot say \
             it is read-only; the consumer must ask for DLPack 1.0 (max_version=(1, 0))",
        ));
    }
    let dtype = data_type(e.kind, e.layout.itemsize(), e.dtype)?;
    let itemsize = e.layout.itemsize();
    let mut strides = Vec::with_capacity(e.layout.ndim());
    for &s in e.layout.strides() {
        if s % itemsize != 0 {
            return Err(PyBufferError::new_err(format!(
                "cannot export: a stride of {s} bytes is not a multiple of the item size \
                 ({itemsize}); DLPack counts strides in elements. Copy the array first"
            )));
        }
        strides.push(s / itemsize);
    }
    handshake(py, e, stream)?;
    let shape = e.layout.shape().to_vec();
    let ndim = i32::try_from(shape.len()).expect("few dimensions");
    let (device_type, device_id) = device_of(e.memory.space());
    let tensor = |shape: &mut Vec<i64>, strides: &mut Vec<i64>| DLTensor {
        data: e.ptr as *mut c_void,
        device: DLDevice {
            device_type,
            device_id,
        },
        ndim,
        dtype,
        shape: shape.as_mut_ptr(),
        strides: strides.as_mut_ptr(),
        byte_offset: 0,
    };
    let memory = Arc::clone(e.memory);
    // SAFETY (both arms): the holder is leaked into the capsule, which (or whose consumer)
    // deletes it exactly once; the shape/stride vectors move with it, so their heap buffers,
    // which the tensor points to, stay put.
    let capsule = if versioned {
        let mut holder = Box::new(Holder {
            tensor: DLManagedTensorVersioned {
                version: VERSION,
                manager_ctx: std::ptr::null_mut(),
                deleter: Some(delete_versioned),
                flags: (if e.readonly { FLAG_READ_ONLY } else { 0 })
                    | (if e.copied { FLAG_IS_COPIED } else { 0 }),
                dl_tensor: DLTensor {
                    data: std::ptr::null_mut(),
                    device: DLDevice {
                        device_type,
                        device_id,
                    },
                    ndim: 0,
                    dtype,
                    shape: std::ptr::null_mut(),
                    strides: std::ptr::null_mut(),
                    byte_offset: 0,
                },
            },
            _memory: memory,
            shape,
            strides,
        });
        let h = &mut *holder;
        h.tensor.dl_tensor = tensor(&mut h.shape, &mut h.strides);
        let raw = Box::into_raw(holder);
        // SAFETY: `raw` is a live pointer; the destructor matches the name.
        unsafe {
            (*raw).tensor.manager_ctx = raw.cast();
            ffi::PyCapsule_New(
                raw.cast(),
                VERSIONED.as_ptr(),
                Some(destroy_versioned_capsule),
            )
        }
    } else {
        let mut holder = Box::new(Holder {
            tensor: DLManagedTensor {
                dl_tensor: DLTensor {
                    data: std::ptr::null_mut(),
                    device: DLDevice {
                        device_type,
                        device_id,
                    },
                    ndim: 0,
                    dtype,
                    shape: std::ptr::null_mut(),
                    strides: std::ptr::null_mut(),
                    byte_offset: 0,
                },
                manager_ctx: std::ptr::null_mut(),
                deleter: Some(delete_legacy),
            },
            _memory: memory,
            shape,
            strides,
        });
        let h = &mut *holder;
        h.tensor.dl_tensor = tensor(&mut h.shape, &mut h.strides);
        let raw = Box::into_raw(holder);
        // SAFETY: as above.
        unsafe {
            (*raw).tensor.manager_ctx = raw.cast();
            ffi::PyCapsule_New(raw.cast(), LEGACY.as_ptr(), Some(destroy_legacy_capsule))
        }
    };
    // SAFETY: PyCapsule_New returns a new reference or null with an exception set.
    unsafe { Bound::from_owned_ptr_or_err(py, capsule) }
}

// ---- import ------------------------------------------------------------------------------------

/// A consumed managed tensor: calls its deleter when dropped (attached to Python, unless the
/// interpreter is shutting down).
struct Imported {
    tensor: *mut c_void,
    versioned: bool,
    _producer: Option<Py<PyAny>>,
}

// SAFETY: the pointer is only used to call the producer's deleter, which DLPack allows from any
// thread; it is called once, in Drop.
unsafe impl Send for Imported {}
// SAFETY: no method reads through the pointer.
unsafe impl Sync for Imported {}

impl Drop for Imported {
    fn drop(&mut self) {
        let (tensor, versioned) = (self.tensor, self.versioned);
        // Not at interpreter shutdown: a producer's deleter may need Python (NumPy's does), so
        // the tensor is left to the exiting process then.
        Python::try_attach(|_| {
            // SAFETY: the tensor came from a capsule we consumed (renamed), so we own it and
            // call its deleter once.
            unsafe {
                if versioned {
                    let t = tensor.cast::<DLManagedTensorVersioned>();
                    if let Some(d) = (*t).deleter {
                        d(t);
                    }
                } else {
                    let t = tensor.cast::<DLManagedTensor>();
                    if let Some(d) = (*t).deleter {
                        d(t);
                    }
                }
            }
        });
    }
}

fn device_name(device_type: i32) -> String {
    let name = match device_type {
        1 => "kDLCPU",
        2 => "kDLCUDA",
        3 => "kDLCUDAHost",
        4 => "kDLOpenCL",
        7 => "kDLVulkan",
        8 => "kDLMetal",
        9 => "kDLVPI",
        10 => "kDLROCM",
        11 => "kDLROCMHost",
        13 => "kDLCUDAManaged",
        14 => "kDLOneAPI",
        _ => return format!("device type {device_type}"),
    };
    format!("{name} ({device_type})")
}

/// The NumPy dtype string of a DLPack element type.
fn dtype_str(t: DLDataType) -> PyResult<String> {
    if t.lanes != 1 {
        return Err(PyBufferError::new_err(format!(
            "from_dlpack: vector elements ({} lanes) have no NumPy dtype",
            t.lanes
        )));
    }
    let bytes = t.bits / 8;
    let ok = t.bits.is_multiple_of(8);
    let s = match t.code {
        KDL_BOOL if t.bits == 8 => "?".to_owned(),
        KDL_INT if ok && matches!(bytes, 1 | 2 | 4 | 8) => format!("i{bytes}"),
        KDL_UINT if ok && matches!(bytes, 1 | 2 | 4 | 8) => format!("u{bytes}"),
        KDL_FLOAT if ok && matches!(bytes, 2 | 4 | 8) => format!("f{bytes}"),
        KDL_COMPLEX if ok && matches!(bytes, 8 | 16) => format!("c{bytes}"),
        // ml_dtypes' bfloat16 and float8 types (the NumPy dtypes torch and CuPy share);
        // `consume` imports ml_dtypes.
        code if named_scalar_of_code(code, t.bits).is_some() => named_scalar_of_code(code, t.bits)
            .map_or("", |s| s.dtype_name())
            .to_owned(),
        code => {
            return Err(PyBufferError::new_err(format!(
                "from_dlpack: elements of DLPack type code {code} with {} bits have no NumPy \
                 dtype",
                t.bits
            )));
        }
    };
    Ok(s)
}

/// What an imported tensor becomes: where, the memory (owning the tensor), the data pointer,
/// layout, dtype string and read-only flag.
pub struct ImportedArray {
    pub space: Space,
    pub memory: Allocation,
    pub ptr: u64,
    pub layout: Layout,
    pub dtype: String,
    pub readonly: bool,
}

/// Consumes `capsule` (a `dltensor[_versioned]` capsule) for `context`.
fn consume(
    py: Python<'_>,
    context: &Context,
    capsule: &Bound<'_, PyAny>,
    producer: Option<&Bound<'_, PyAny>>,
) -> PyResult<ImportedArray> {
    let raw = capsule.as_ptr();
    // SAFETY: `raw` is a live object; the capsule calls read its name and pointer.
    let (versioned, tensor) = unsafe {
        if ffi::PyCapsule_CheckExact(raw) == 0 {
            return Err(PyTypeError::new_err(format!(
                "from_dlpack: __dlpack__() returned a {}, not a DLPack capsule",
                capsule.get_type().name()?
            )));
        }
        if ffi::PyCapsule_IsValid(raw, VERSIONED.as_ptr()) == 1 {
            (true, ffi::PyCapsule_GetPointer(raw, VERSIONED.as_ptr()))
        } else if ffi::PyCapsule_IsValid(raw, LEGACY.as_ptr()) == 1 {
            (false, ffi::PyCapsule_GetPointer(raw, LEGACY.as_ptr()))
        } else {
            let name = ffi::PyCapsule_GetName(raw);
            ffi::PyErr_Clear();
            let name = if name.is_null() {
                "(no name)".to_owned()
            } else {
                CStr::from_ptr(name).to_string_lossy().into_owned()
            };
            return Err(PyValueError::new_err(format!(
                "from_dlpack: the capsule is named {name:?}; expected 'dltensor' or \
                 'dltensor_versioned' (a 'used_…' capsule was already consumed: a DLPack \
                 capsule can be imported once)"
            )));
        }
    };
    if tensor.is_null() {
        return Err(PyValueError::new_err("from_dlpack: the capsule holds NULL"));
    }
    // SAFETY: a valid capsule of this name holds a DLManagedTensor[Versioned].
    let (dl, flags) = unsafe {
        if versioned {
            let t = &*tensor.cast::<DLManagedTensorVersioned>();
            if t.version.major > VERSION.major {
                // Not renamed: the capsule's destructor deletes it.
                return Err(PyBufferError::new_err(format!(
                    "from_dlpack: the producer sent DLPack {}.{}; oxcuda reads DLPack 1.x",
                    t.version.major, t.version.minor
                )));
            }
            (&t.dl_tensor, t.flags)
        } else {
            (&(*tensor.cast::<DLManagedTensor>()).dl_tensor, 0)
        }
    };
    let device_type = dl.device.device_type;
    let space = match (&context.space, device_type) {
        (Space::Host(_), KDL_CPU | KDL_CUDA_HOST | KDL_CUDA_MANAGED) => context.space.clone(),
        (Space::Host(_), _) => {
            return Err(PyBufferError::new_err(format!(
                "from_dlpack: the producer's data is on {}, but oxcuda runs on the host backend \
                 (oxcuda.config.TARGET == 'sim'), which can only view host memory (kDLCPU); \
                 set TARGET='gpu' or copy the data to the host first",
                device_name(device_type)
            )));
        }
        (Space::Device(ctx), KDL_CUDA | KDL_CUDA_MANAGED) => {
            if dl.device.device_id == ctx.device().ordinal {
                context.space.clone()
            } else {
                let rt = crate::context::runtime::runtime(py)?;
                Space::Device(
                    rt.context(dl.device.device_id)
                        .map_err(|e| runtime_error(py, &e.into()))?,
                )
            }
        }
        (Space::Device(_), KDL_CUDA_HOST) => context.space.clone(),
        (Space::Device(_), KDL_CPU) => {
            return Err(PyBufferError::new_err(
                "from_dlpack: the producer's data is in host memory (kDLCPU); a device array \
                 cannot view it. Copy it to the device instead: \
                 cuda.to_device(numpy.from_dlpack(obj))",
            ));
        }
        (Space::Device(_), t) => {
            return Err(PyBufferError::new_err(format!(
                "from_dlpack: the producer's data is on {}, which is not CUDA memory",
                device_name(t)
            )));
        }
    };
    let dtype = dtype_str(dl.dtype)?;
    if let Some(s) = named_scalar_of_code(dl.dtype.code, dl.dtype.bits) {
        // Registers NumPy's `bfloat16` / `float8_*` dtype names.
        py.import("ml_dtypes").map_err(|_| {
            PyBufferError::new_err(format!(
                "from_dlpack: {} arrays have the NumPy dtype ml_dtypes.{}; \
                 install ml_dtypes (pip install ml_dtypes)",
                s.name(),
                s.dtype_name()
            ))
        })?;
    }
    let itemsize = i64::from(dl.dtype.bits / 8);
    let ndim = usize::try_from(dl.ndim)
        .map_err(|_| PyValueError::new_err("from_dlpack: negative ndim"))?;
    // SAFETY: DLPack: shape has ndim entries; strides is NULL or has ndim entries.
    let (shape, strides) = unsafe {
        let shape = if ndim == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(dl.shape, ndim).to_vec()
        };
        let strides = if dl.strides.is_null() || ndim == 0 {
            None
        } else {
            Some(std::slice::from_raw_parts(dl.strides, ndim).to_vec())
        };
        (shape, strides)
    };
    let layout = match strides {
        Some(s) => Layout::new(shape, s.iter().map(|&x| x * itemsize).collect(), itemsize),
        None => Layout::contiguous(&shape, itemsize, oxcuda_runtime::Order::C),
    }
    .map_err(layout_error)?;
    let ptr = (dl.data as u64).wrapping_add(dl.byte_offset);
    // Take ownership: from here on, the allocation calls the deleter.
    // SAFETY: renaming a valid capsule.
    unsafe {
        let used = if versioned {
            USED_VERSIONED
        } else {
            USED_LEGACY
        };
        if ffi::PyCapsule_SetName(raw, used.as_ptr()) != 0 {
            return Err(PyErr::fetch(py));
        }
    }
    let owner = Imported {
        tensor,
        versioned,
        _producer: producer.map(|p| p.clone().unbind()),
    };
    let (lo, hi) = layout.extent();
    let memory = Allocation::foreign(
        &space,
        ptr.wrapping_add_signed(lo),
        usize::try_from(hi - lo).expect("span"),
        Box::new(owner),
    );
    Ok(ImportedArray {
        space,
        memory,
        ptr,
        layout,
        dtype,
        readonly: flags & FLAG_READ_ONLY != 0,
    })
}

/// `cuda.from_dlpack(obj)`'s core: asks `obj` for a capsule (or takes `obj` itself when it is
/// one) and consumes it. See the module doc.
pub fn import(
    py: Python<'_>,
    context: &Context,
    obj: &Bound<'_, PyAny>,
) -> PyResult<ImportedArray> {
    // SAFETY: reads the type of a live object.
    if unsafe { ffi::PyCapsule_CheckExact(obj.as_ptr()) } == 1 {
        return consume(py, context, obj, None);
    }
    let Ok(dlpack) = obj.getattr("__dlpack__") else {
        return Err(PyTypeError::new_err(format!(
            "from_dlpack: a {} does not implement the DLPack protocol (__dlpack__); pass an \
             array that does (CuPy, PyTorch, JAX, NumPy on the host backend) or a DLPack capsule",
            obj.get_type().name()?
        )));
    };
    if let Ok(dev) = obj.getattr("__dlpack_device__")
        && let Ok((device_type, _)) = dev.call0().and_then(|d| d.extract::<(i32, i32)>())
        && context.space.device().is_some()
        && device_type == KDL_CPU
    {
        return Err(PyBufferError::new_err(
            "from_dlpack: the producer's data is in host memory (kDLCPU); a device array \
             cannot view it. Copy it to the device instead: cuda.to_device(numpy.from_dlpack(obj))",
        ));
    }
    let kwargs = pyo3::types::PyDict::new(py);
    // The consumer's stream: the legacy default stream on a GPU, none on the host backend.
    if context.space.is_host() {
        kwargs.set_item("stream", py.None())?;
    } else {
        kwargs.set_item("stream", 1)?;
    }
    kwargs.set_item(
        "max_version",
        PyTuple::new(py, [VERSION.major, VERSION.minor])?,
    )?;
    let capsule = match dlpack.call((), Some(&kwargs)) {
        Ok(c) => c,
        Err(e) if e.is_instance_of::<PyTypeError>(py) => {
            // A producer from before DLPack 1.0 does not know max_version.
            kwargs.del_item("max_version")?;
            dlpack.call((), Some(&kwargs)).map_err(|_| e)?
        }
        Err(e) => return Err(e),
    };
    consume(py, context, &capsule, Some(obj))
}
