//! `DeviceNDArray`: an array view on device memory (or host-backend memory), in Rust.
//!
//! An array is an `Arc<Allocation>` (the block; views share it, so memory lives as long as the
//! last view), a data pointer, a [`Layout`] (shape, byte strides, item size), the NumPy dtype
//! object, a read-only flag and the stream it is bound to. Every view operation (slicing,
//! reshape, transpose, squeeze, `view(dtype)`) is [`Layout`] algebra in `oxcuda-runtime`; every
//! copy is `oxcuda_runtime::transfer::copy`.
//!
//! The launcher reads arrays without Python calls through [`DeviceNDArray::launch_view`], which
//! returns an [`ArrayView`]: the data pointer, shape and strides (in bytes), the dtype's NumPy
//! kind character and item size, the read-only flag and whether the memory is host memory (the
//! simulator's backend). Downcast with `obj.cast::<DeviceNDArray>()` (subclasses included) and
//! call `.get().launch_view()`; the class is `frozen`, so no borrow flag is touched.
//!
//! Invariants:
//! - every element address `ptr + Σ i_k·strides[k]` lies inside the allocation;
//! - on the host backend `ptr` is a real host address, valid while the array lives;
//! - the dtype's item size equals the layout's item size;
//! - the Python-visible metadata never changes after construction (`frozen`); `bind` makes a new
//!   array.

use std::sync::{Arc, OnceLock};

use oxcuda_ir::Scalar;
use oxcuda_runtime::transfer::{Mem, Place, copy};
use oxcuda_runtime::{Allocation, IndexItem, Layout, Order, Space, Stream as RtStream};
use pyo3::exceptions::{PyIndexError, PyNotImplementedError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PySlice, PyString, PyTuple};

use crate::boundary::guard;
use crate::boundary::{layout_error, runtime_error};
use crate::context::runtime::Context;
use crate::context::stream::resolve_stream;

/// What the kernel launcher needs of an array argument. See the module doc.
#[derive(Debug, Clone, Copy)]
pub struct ArrayView<'a> {
    /// Address of element `(0, …, 0)` (device address, or host address on the host backend).
    pub ptr: u64,
    /// Extents.
    pub shape: &'a [i64],
    /// Byte strides (may be negative or zero).
    pub strides: &'a [i64],
    /// NumPy's `dtype.kind` (`b'f'`, `b'i'`, `b'u'`, `b'b'`, `b'c'`, `b'V'`, …).
    pub kind: u8,
    /// `dtype.itemsize`.
    pub itemsize: i64,
    /// Whether writes are forbidden (arrays imported read-only through the CAI).
    pub readonly: bool,
    /// Whether the memory is host memory (the simulator's backend).
    pub host: bool,
    /// The memory's context (`Space::context_id`: 0 for the host backend).
    pub ctx: usize,
    /// Whether the layout is C-contiguous (NumPy's flag).
    pub c_contiguous: bool,
    /// Whether the layout is F-contiguous.
    pub f_contiguous: bool,
    /// The element type kernels see (`None`: records, and dtypes kernels cannot take).
    pub scalar: Option<Scalar>,
}

/// What the launcher derives from an array's layout and dtype, worked out on its first launch
/// and kept: the metadata never changes after construction (`frozen`), so neither do these.
#[derive(Debug, Clone, Copy)]
struct LaunchFacts {
    c_contiguous: bool,
    f_contiguous: bool,
    scalar: Option<Scalar>,
}

/// A device array. See the module doc.
#[pyclass(
    subclass,
    frozen,
    module = "oxcuda.cuda.devicearray",
    name = "DeviceNDArray"
)]
#[derive(Debug)]
pub struct DeviceNDArray {
    memory: Arc<Allocation>,
    ptr: u64,
    layout: Layout,
    dtype: Py<PyAny>,
    kind: u8,
    readonly: bool,
    stream: Arc<RtStream>,
    stream_obj: Py<PyAny>,
    /// See [`LaunchFacts`]; empty until the first launch (or C-API view).
    facts: OnceLock<LaunchFacts>,
}

impl DeviceNDArray {
    /// The launcher's view of this array.
    #[must_use]
    pub fn launch_view(&self) -> ArrayView<'_> {
        let facts = self.facts.get_or_init(|| LaunchFacts {
            c_contiguous: self.layout.is_c_contiguous(),
            f_contiguous: self.layout.is_f_contiguous(),
            scalar: Scalar::from_numpy_kind(
                char::from(self.kind),
                u32::try_from(self.layout.itemsize()).unwrap_or(0),
            ),
        });
        ArrayView {
            ptr: self.ptr,
            shape: self.layout.shape(),
            strides: self.layout.strides(),
            kind: self.kind,
            itemsize: self.layout.itemsize(),
            readonly: self.readonly,
            host: self.memory.space().is_host(),
            ctx: self.memory.space().context_id(),
            c_contiguous: facts.c_contiguous,
            f_contiguous: facts.f_contiguous,
            scalar: facts.scalar,
        }
    }

    /// The space (GPU context or host backend) of the memory.
    #[must_use]
    #[allow(dead_code, reason = "for the launcher")]
    pub fn space(&self) -> &Space {
        self.memory.space()
    }

    /// The stream the array is bound to.
    #[must_use]
    #[allow(dead_code, reason = "for the launcher")]
    pub fn bound_stream(&self) -> &Arc<RtStream> {
        &self.stream
    }

    fn mem(&self) -> Mem<'_> {
        match self.memory.space() {
            Space::Device(ctx) => Mem::Device(ctx),
            Space::Host(_) => Mem::Host,
        }
    }

    fn place(&self) -> Place<'_> {
        Place {
            mem: self.mem(),
            ptr: self.ptr,
            layout: &self.layout,
        }
    }

    /// A view sharing this array's memory, `offset` bytes from its data pointer.
    pub(crate) fn derive(
        &self,
        py: Python<'_>,
        offset: i64,
        layout: Layout,
        dtype: Option<Py<PyAny>>,
    ) -> Self {
        let kind = match &dtype {
            Some(d) => kind_of(d.bind(py)).unwrap_or(self.kind),
            None => self.kind,
        };
        Self {
            memory: Arc::clone(&self.memory),
            ptr: self.ptr.wrapping_add_signed(offset),
            layout,
            dtype: dtype.unwrap_or_else(|| self.dtype.clone_ref(py)),
            kind,
            readonly: self.readonly,
            stream: Arc::clone(&self.stream),
            stream_obj: self.stream_obj.clone_ref(py),
            facts: OnceLock::new(),
        }
    }

    /// An array over memory `owner` keeps alive (`ptr` is element 0; the layout's extent must
    /// lie inside the owner's memory).
    pub(crate) fn over_foreign(
        py: Python<'_>,
        space: &Space,
        ptr: u64,
        layout: Layout,
        dtype: Bound<'_, PyAny>,
        owner: Py<PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (lo, hi) = layout.extent();
        let memory = Allocation::foreign(
            space,
            ptr.wrapping_add_signed(lo),
            usize::try_from(hi - lo).expect("span"),
            Box::new(owner),
        );
        let (stream, stream_obj) = resolve_stream(py, space, stream)?;
        Ok(Self {
            memory: Arc::new(memory),
            ptr,
            layout,
            kind: kind_of(&dtype)?,
            dtype: dtype.unbind(),
            readonly: false,
            stream,
            stream_obj,
            facts: OnceLock::new(),
        })
    }

    /// The stream to use for an operation: the argument if given (not 0/None), else the bound one.
    fn op_stream(
        &self,
        py: Python<'_>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Arc<RtStream>> {
        match stream {
            Some(s) if !is_zero(s) => Ok(resolve_stream(py, self.memory.space(), Some(s))?.0),
            _ => Ok(Arc::clone(&self.stream)),
        }
    }

    fn check_writable(&self) -> PyResult<()> {
        if self.readonly {
            return Err(PyValueError::new_err(
                "assignment destination is read-only (the array was imported read-only through \
                 __cuda_array_interface__)",
            ));
        }
        Ok(())
    }

    /// The copy of [`Self::setitem`], on `stream` or the array's own.
    fn assign(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        self.check_writable()?;
        let stream = self.op_stream(py, stream)?;
        let (items, _) = parse_key(key, self.layout.ndim())?;
        let (offset, layout) = self.layout.index(&items).map_err(layout_error)?;
        let dst = Place {
            mem: self.mem(),
            ptr: self.ptr.wrapping_add_signed(offset),
            layout: &layout,
        };
        let ctx = Context::new(self.memory.space().clone());
        // A device source of the same dtype is copied directly.
        if let Some(src) = device_source(py, &ctx, value)? {
            let src = src.get();
            if src.dtype.bind(py).eq(self.dtype.bind(py))? {
                let b = broadcast(&src.layout, &layout)?;
                let src_place = Place {
                    mem: src.mem(),
                    ptr: src.ptr,
                    layout: &b,
                };
                return run_copy(py, &dst, &src_place, &stream);
            }
        }
        // Otherwise through the host, converted to our dtype.
        let value = match value.cast::<DeviceNDArray>() {
            Ok(d) => d.get().copy_to_host(py, None, None)?,
            Err(_) => value.clone(),
        };
        let np = numpy(py)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", self.dtype.bind(py))?;
        let converted = np.getattr("asarray")?.call((value,), Some(&kwargs))?;
        let host = host_array(py, &converted)?;
        let b = broadcast(&host.layout, &layout)?;
        let src_place = Place {
            mem: Mem::Host,
            ptr: host.ptr,
            layout: &b,
        };
        run_copy(py, &dst, &src_place, &stream)
    }
}

fn is_zero(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_none() || obj.extract::<i64>().is_ok_and(|v| v == 0)
}

// ---- NumPy helpers -------------------------------------------------------------------------

static NUMPY: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

pub(crate) fn numpy(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    NUMPY
        .get_or_try_init(py, || py.import("numpy").map(Bound::unbind))
        .map(|m| m.bind(py))
}

pub(crate) fn as_dtype<'py>(
    py: Python<'py>,
    dtype: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    // Attribute names interned here and below: these run on every allocation, and a fresh
    // string is made and hashed for each look-up otherwise.
    numpy(py)?
        .getattr(pyo3::intern!(py, "dtype"))?
        .call1((dtype,))
}

/// The NumPy kind letter of a device array's `dtype`: the one place a dtype becomes a device
/// array's element type, so every way an array is made (`to_device`, `device_array`, views, CAI
/// and DLPack imports, and through them NumPy arguments of a launch) refuses a byte order other
/// than the machine's. Kernels and copies read elements in the machine's (little-endian)
/// order; a big-endian array would be read as garbage, so it is an error, as in numba-cuda.
fn kind_of(dtype: &Bound<'_, PyAny>) -> PyResult<u8> {
    refuse_foreign_byte_order(dtype)?;
    let kind = dtype.getattr(pyo3::intern!(dtype.py(), "kind"))?;
    let kind = kind
        .cast::<pyo3::types::PyString>()?
        .to_str()?
        .bytes()
        .next();
    Ok(kind.unwrap_or(b'V'))
}

/// A `TypeError` (numba-cuda's wording, `Unsupported array dtype: >f4`) for a scalar dtype
/// not in the machine's byte order; records check their fields in `records.rs`.
pub(crate) fn refuse_foreign_byte_order(dtype: &Bound<'_, PyAny>) -> PyResult<()> {
    let py = dtype.py();
    if dtype.getattr(pyo3::intern!(py, "fields"))?.is_none()
        && !dtype
            .getattr(pyo3::intern!(py, "isnative"))?
            .extract::<bool>()?
    {
        return Err(PyTypeError::new_err(format!(
            "Unsupported array dtype: {} (a byte order other than the machine's; device \
             arrays and kernels use the machine's order); convert first, e.g. with \
             ary.astype(ary.dtype.newbyteorder('='))",
            dtype.str()?
        )));
    }
    Ok(())
}

pub(crate) fn itemsize_of(dtype: &Bound<'_, PyAny>) -> PyResult<i64> {
    let size: i64 = dtype
        .getattr(pyo3::intern!(dtype.py(), "itemsize"))?
        .extract()?;
    if size <= 0 {
        return Err(PyTypeError::new_err(format!(
            "dtype {} has no fixed item size; device arrays need one",
            dtype.repr()?
        )));
    }
    Ok(size)
}

/// A host NumPy array and its memory.
struct HostArray<'py> {
    array: Bound<'py, PyAny>,
    ptr: u64,
    layout: Layout,
    dtype: Bound<'py, PyAny>,
    readonly: bool,
}

impl HostArray<'_> {
    fn place(&self) -> Place<'_> {
        Place {
            mem: Mem::Host,
            ptr: self.ptr,
            layout: &self.layout,
        }
    }
}

fn host_array<'py>(py: Python<'py>, obj: &Bound<'py, PyAny>) -> PyResult<HostArray<'py>> {
    let np = numpy(py)?;
    let array = if obj.is_instance(&np.getattr("ndarray")?)? {
        obj.clone()
    } else {
        np.getattr("asarray")?.call1((obj,))?
    };
    let dtype = array.getattr("dtype")?;
    if dtype.getattr("hasobject")?.extract::<bool>()? {
        return Err(PyTypeError::new_err(
            "arrays of Python objects (dtype=object) cannot be copied to a device",
        ));
    }
    let itemsize = itemsize_of(&dtype)?;
    let ai = array.getattr("__array_interface__")?;
    let (ptr, readonly): (u64, bool) = ai.get_item("data")?.extract()?;
    let shape: Vec<i64> = ai.get_item("shape")?.extract()?;
    let strides = ai.get_item("strides")?;
    let layout = if strides.is_none() && shape.contains(&0) {
        // An empty array reads as contiguous whatever its strides; numba-cuda keeps them
        // (`to_device` of a `(0,)` array of strides `(0,)` has strides `(0,)`).
        Layout::new(shape, array.getattr("strides")?.extract()?, itemsize)
    } else if strides.is_none() {
        Layout::contiguous(&shape, itemsize, Order::C)
    } else {
        Layout::new(shape, strides.extract()?, itemsize)
    }
    .map_err(layout_error)?;
    Ok(HostArray {
        array,
        ptr,
        layout,
        dtype,
        readonly,
    })
}

/// A new host array with `layout` (compact: C, F, or the same axis order).
fn new_host<'py>(
    py: Python<'py>,
    layout: &Layout,
    dtype: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let np = numpy(py)?;
    let shape = PyTuple::new(py, layout.shape())?;
    let kwargs = PyDict::new(py);
    kwargs.set_item("dtype", dtype)?;
    if layout.is_c_contiguous() || layout.is_f_contiguous() {
        kwargs.set_item("order", if layout.is_c_contiguous() { "C" } else { "F" })?;
        return np.getattr("empty")?.call((shape,), Some(&kwargs));
    }
    let raw = np
        .getattr("empty")?
        .call1((layout.nbytes(), np.getattr("uint8")?))?;
    kwargs.set_item("buffer", raw)?;
    kwargs.set_item("strides", PyTuple::new(py, layout.strides())?)?;
    np.getattr("ndarray")?.call((shape,), Some(&kwargs))
}

fn check_dtype(dst: &Bound<'_, PyAny>, src: &Bound<'_, PyAny>, what: &str) -> PyResult<()> {
    if !dst.eq(src)? {
        return Err(PyTypeError::new_err(format!(
            "{what}: dtypes differ (destination {}, source {}); convert first, e.g. with \
             ary.astype(np.{})",
            dst.str()?,
            src.str()?,
            dst.str()?
        )));
    }
    Ok(())
}

/// Which side of a copy the device array (`self`) is, for naming the shapes in errors.
#[derive(Clone, Copy)]
enum SelfIs {
    Source,
    Destination,
}

/// `src` (the other side of a copy) seen with `dst`'s shape (this device array's): equal
/// shapes, or equal after removing extents of 1 (numba). `side` says which side `dst` is, so
/// that a mismatch names destination and source the right way round.
fn match_shape(dst: &Layout, src: &Layout, what: &str, side: SelfIs) -> PyResult<Layout> {
    if dst.shape() == src.shape() {
        return Ok(src.clone());
    }
    let squeezed = src.squeeze(None).map_err(layout_error)?;
    let dst_squeezed = dst.squeeze(None).map_err(layout_error)?;
    if squeezed.shape() == dst_squeezed.shape() {
        return squeezed
            .reshape(dst.shape(), Order::C)
            .map_err(layout_error);
    }
    let (this, other) = (
        oxcuda_runtime::layout::shape_str(dst.shape()),
        oxcuda_runtime::layout::shape_str(src.shape()),
    );
    let (destination, source) = match side {
        SelfIs::Destination => (this, other),
        SelfIs::Source => (other, this),
    };
    Err(PyValueError::new_err(format!(
        "{what}: shapes differ (destination {destination}, source {source})"
    )))
}

/// Runs a copy with the GIL released.
fn run_copy(py: Python<'_>, dst: &Place<'_>, src: &Place<'_>, stream: &RtStream) -> PyResult<()> {
    // SAFETY: both places come from live arrays (ours hold their allocation; host arrays are
    // held by the caller for the duration), and describe memory inside them.
    py.detach(|| unsafe { copy(dst, src, stream) })
        .map_err(|e| runtime_error(py, &e))
}

// ---- construction --------------------------------------------------------------------------

fn shape_arg(shape: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(n) = shape.extract::<i64>() {
        return Ok(vec![n]);
    }
    shape.extract::<Vec<i64>>().map_err(|_| {
        PyTypeError::new_err(format!(
            "shape must be an int or a tuple of ints, got {}",
            shape
                .repr()
                .map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))
    })
}

fn order_arg(order: &str) -> PyResult<Order> {
    match order {
        "C" | "c" => Ok(Order::C),
        "F" | "f" => Ok(Order::F),
        other => Err(PyValueError::new_err(format!(
            "order must be 'C' or 'F', got {other:?}"
        ))),
    }
}

/// Allocates an uninitialised array with `layout` in `space`.
pub(crate) fn allocate(
    py: Python<'_>,
    space: &Space,
    layout: Layout,
    dtype: Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<DeviceNDArray> {
    let kind = kind_of(&dtype)?;
    let (rt_stream, stream_obj) = resolve_stream(py, space, stream)?;
    let (lo, hi) = layout.extent();
    let span = usize::try_from(hi - lo).expect("non-negative span");
    let tag = rt_stream.tag();
    // An EMM plugin, when one is set, allocates instead of the caching allocator.
    let memory = match crate::memory::emm::external_allocation(py, space, span)? {
        Some(m) => m,
        None => py
            .detach(|| Allocation::new(space, span, tag))
            .map_err(|e| runtime_error(py, &e))?,
    };
    Ok(DeviceNDArray {
        ptr: memory.ptr().wrapping_add_signed(-lo),
        memory: Arc::new(memory),
        layout,
        dtype: dtype.unbind(),
        kind,
        readonly: false,
        stream: rt_stream,
        stream_obj,
        facts: OnceLock::new(),
    })
}

/// Whether `obj` is a NumPy structured scalar (`np.void` with fields, or `np.record`).
fn is_numpy_record(py: Python<'_>, obj: &Bound<'_, PyAny>) -> bool {
    numpy(py)
        .and_then(|np| obj.is_instance(&np.getattr("void")?))
        .unwrap_or(false)
        && obj
            .getattr("dtype")
            .and_then(|d| d.getattr("names"))
            .is_ok_and(|n| !n.is_none())
}

/// `device_array(context, shape, dtype, strides=None, order='C', stream=0)`.
#[pyfunction]
#[pyo3(signature = (context, shape, dtype, strides = None, order = "C", stream = None))]
pub(crate) fn device_array(
    py: Python<'_>,
    context: &Context,
    shape: &Bound<'_, PyAny>,
    dtype: &Bound<'_, PyAny>,
    strides: Option<&Bound<'_, PyAny>>,
    order: &str,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<DeviceNDArray> {
    guard(|| {
        let shape = shape_arg(shape)?;
        let dtype = as_dtype(py, dtype)?;
        let itemsize = itemsize_of(&dtype)?;
        let layout = match strides.filter(|s| !s.is_none()) {
            Some(s) => Layout::new(shape, shape_arg(s)?, itemsize),
            None => Layout::contiguous(&shape, itemsize, order_arg(order)?),
        }
        .map_err(layout_error)?;
        allocate(py, &context.space, layout, dtype, stream)
    })
}

/// `device_array_like(context, ary, stream=0)`: same shape and dtype, compact strides in the
/// same axis order.
#[pyfunction]
#[pyo3(signature = (context, ary, stream = None))]
pub(crate) fn device_array_like(
    py: Python<'_>,
    context: &Context,
    ary: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<DeviceNDArray> {
    guard(|| {
        let (layout, dtype) = if let Ok(d) = ary.cast::<DeviceNDArray>() {
            let d = d.get();
            (d.layout.compact_like(), d.dtype.bind(py).clone())
        } else {
            let h = host_array(py, ary)?;
            (h.layout.compact_like(), h.dtype)
        };
        allocate(py, &context.space, layout, dtype, stream)
    })
}

/// `to_device(context, obj, stream=0)`: a new array holding a copy of the host data `obj`;
/// device arrays are returned as they are, CAI objects wrapped without copying.
#[pyfunction]
#[pyo3(signature = (context, obj, stream = None))]
pub(crate) fn to_device(
    py: Python<'_>,
    context: &Context,
    obj: &Bound<'_, PyAny>,
    stream: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    guard(|| {
        if obj.cast::<DeviceNDArray>().is_ok() {
            return Ok(obj.clone().unbind());
        }
        if !obj.is_instance(&numpy(py)?.getattr("ndarray")?)?
            && let Ok(desc) = obj.getattr("__cuda_array_interface__")
        {
            let arr = from_cuda_array_interface(py, context, &desc, Some(obj), true)?;
            return Ok(Bound::new(py, arr)?.into_any().unbind());
        }
        let host = host_array(py, obj)?;
        let arr = allocate(
            py,
            &context.space,
            host.layout.transfer_layout(),
            host.dtype.clone(),
            stream,
        )?;
        if arr.layout == host.layout {
            // Same strides (a broadcast or empty view kept as numba-cuda keeps it): only the
            // core's bytes exist on either side, so only they are copied.
            let core = host.layout.core();
            let dst = Place {
                mem: arr.mem(),
                ptr: arr.ptr,
                layout: &core,
            };
            let src = Place {
                mem: Mem::Host,
                ptr: host.ptr,
                layout: &core,
            };
            run_copy(py, &dst, &src, &arr.stream)?;
        } else {
            run_copy(py, &arr.place(), &host.place(), &arr.stream)?;
        }
        if host.layout.ndim() == 0
            && obj.is_instance(&numpy(py)?.getattr("void")?)?
            && crate::memory::devicerecord::is_structured(&host.dtype)?
        {
            // A structured scalar (numpy.void) becomes a DeviceRecord, as in numba-cuda.
            return crate::memory::devicerecord::wrap(py, arr);
        }
        Ok(Bound::new(py, arr)?.into_any().unbind())
    })
}

/// Wraps a `__cuda_array_interface__` dict without copying; `owner` is kept alive with the
/// array. With `sync`, waits for the producer's stream (numba-cuda's behaviour).
#[pyfunction]
#[pyo3(signature = (context, desc, owner = None, sync = true))]
pub(crate) fn from_cuda_array_interface(
    py: Python<'_>,
    context: &Context,
    desc: &Bound<'_, PyAny>,
    owner: Option<&Bound<'_, PyAny>>,
    sync: bool,
) -> PyResult<DeviceNDArray> {
    guard(|| {
        let desc_dict = crate::interop::cai::interface(desc)?;
        if crate::interop::cai::get(desc_dict, "mask")?.is_some() {
            return Err(pyo3::exceptions::PyNotImplementedError::new_err(
                "Masked arrays are not supported (this __cuda_array_interface__ has a 'mask'); \
                 pass the data and the mask as two arrays",
            ));
        }
        let shape = crate::interop::cai::shape(desc_dict)?;
        let typestr = crate::interop::cai::typestr(desc_dict)?;
        let text = typestr.to_str()?.to_owned();
        // bfloat16 and fp8 share their type strings with other dtypes: the producer's own
        // dtype decides (`cai::producer_scalar`), and a void one that nothing names is refused.
        let named = if crate::interop::cai::is_ambiguous_typestr(&text) {
            owner
                .and_then(crate::interop::cai::producer_scalar)
                // NumPy has no "<f1": it is only ever ml_dtypes' float8_e5m2.
                .or_else(|| text.ends_with("f1").then_some(oxcuda_ir::Scalar::E5M2))
        } else {
            None
        };
        let size: u32 = text.get(2..).and_then(|n| n.parse().ok()).unwrap_or(0);
        let dtype = match (named, crate::interop::cai::get(desc_dict, "descr")?) {
            (Some(s), _) if s.size() == size => {
                py.import("ml_dtypes").map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(format!(
                        "the array's elements are {} (NumPy dtype ml_dtypes.{}): install ml_dtypes",
                        s.name(),
                        s.dtype_name()
                    ))
                })?;
                as_dtype(py, &PyString::new(py, s.dtype_name()).into_any())?
            }
            (_, Some(descr)) if text.starts_with("|V") => {
                as_dtype(py, &descr).or_else(|_| as_dtype(py, &typestr))?
            }
            _ if text.get(1..2) == Some("V") && !text.starts_with("|V") => {
                return Err(crate::interop::cai::ambiguous_void(&text));
            }
            _ => as_dtype(py, &typestr)
                .map_err(|e| crate::interop::cai::unreadable_typestr(py, &text, &e))?,
        };
        let itemsize = itemsize_of(&dtype)?;
        let (ptr, readonly) = crate::interop::cai::data(desc_dict)?;
        let ndim = shape.len();
        let layout = match crate::interop::cai::strides(desc_dict, ndim)? {
            Some(s) => Layout::new(shape, s, itemsize),
            None => Layout::contiguous(&shape, itemsize, Order::C),
        }
        .map_err(layout_error)?;
        // The memory's own device, when the driver knows the pointer.
        let space = match &context.space {
            Space::Device(ctx) if ptr != 0 => {
                let ordinal = ctx.pointer_device_ordinal(ptr);
                match ordinal {
                    Ok(o) if o != ctx.device().ordinal => {
                        let rt = crate::context::runtime::runtime(py)?;
                        Space::Device(rt.context(o).map_err(|e| runtime_error(py, &e.into()))?)
                    }
                    _ => context.space.clone(),
                }
            }
            other => other.clone(),
        };
        let stream_handle = crate::interop::cai::stream(desc_dict)?;
        if stream_handle == Some(0) {
            return Err(PyValueError::new_err(
                "__cuda_array_interface__ 'stream' must not be 0 (use 1 for the legacy \
                 default stream, 2 for the per-thread one, or None)",
            ));
        }
        check_foreign_range(&space, ptr, &layout)?;
        // numba's rule (CUDA Array Interface v3): the producer's stream becomes the array's
        // default stream, an external `Stream`, and with `sync` (and the setting on) the
        // consumer waits for it through that object's `synchronize()`, once per import.
        let producer_stream = match stream_handle {
            Some(handle) => Some(external_stream(py, &space, handle)?),
            None => None,
        };
        if let Some(stream) = &producer_stream
            && sync
            && cai_sync_enabled()
        {
            stream.call_method0(pyo3::intern!(py, "synchronize"))?;
        }
        let (lo, hi) = layout.extent();
        let keep: Py<PyAny> = owner.map_or_else(|| desc.clone().unbind(), |o| o.clone().unbind());
        let memory = Allocation::foreign(
            &space,
            ptr.wrapping_add_signed(lo),
            usize::try_from(hi - lo).expect("span"),
            Box::new(keep),
        );
        let (rt_stream, stream_obj) = resolve_stream(py, &space, producer_stream.as_ref())?;
        Ok(DeviceNDArray {
            memory: Arc::new(memory),
            ptr,
            layout,
            kind: kind_of(&dtype)?,
            dtype: dtype.unbind(),
            readonly,
            stream: rt_stream,
            stream_obj,
            facts: OnceLock::new(),
        })
    })
}

/// A `ValueError` when `ptr` with `layout` is not memory an array in `space` can use (NULL with
/// a non-zero size, not known to the driver, not mapped host memory): `oxcuda_runtime::foreign`.
fn check_foreign_range(space: &Space, ptr: u64, layout: &Layout) -> PyResult<()> {
    let (lo, hi) = layout.extent();
    let bytes = usize::try_from(hi - lo).unwrap_or(0);
    if layout.shape().contains(&0) || bytes == 0 {
        return Ok(());
    }
    if ptr == 0 {
        return Err(PyValueError::new_err(format!(
            "__cuda_array_interface__['data'] is a NULL pointer for an array of {bytes} bytes; \
             only an empty array may have a NULL pointer"
        )));
    }
    oxcuda_runtime::foreign::check_range(space, ptr.wrapping_add_signed(lo), bytes)
        .map_err(|why| PyValueError::new_err(format!("__cuda_array_interface__['data']: {why}")))
}

/// `from_dlpack(context, obj)`: a device array viewing the memory of a DLPack producer (or
/// capsule) without copying; the producer's memory stays alive with the array.
#[pyfunction]
pub(crate) fn from_dlpack(
    py: Python<'_>,
    context: &Context,
    obj: &Bound<'_, PyAny>,
) -> PyResult<DeviceNDArray> {
    guard(|| {
        let imported = crate::interop::dlpack::import(py, context, obj)?;
        let dtype = as_dtype(py, &pyo3::types::PyString::new(py, &imported.dtype))?;
        let (stream, stream_obj) = resolve_stream(py, &imported.space, None)?;
        Ok(DeviceNDArray {
            memory: Arc::new(imported.memory),
            ptr: imported.ptr,
            layout: imported.layout,
            kind: kind_of(&dtype)?,
            dtype: dtype.unbind(),
            readonly: imported.readonly,
            stream,
            stream_obj,
            facts: OnceLock::new(),
        })
    })
}

/// `cuda.external_stream(handle)` in `space`: the Python `oxcuda.cuda._streams.Stream` (so
/// its methods are those a user sees, and can replace), owned by the producer.
fn external_stream<'py>(
    py: Python<'py>,
    space: &Space,
    handle: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let context = Py::new(py, Context::new(space.clone()))?;
    py.import(pyo3::intern!(py, "oxcuda.cuda._streams"))?
        .getattr(pyo3::intern!(py, "Stream"))?
        .call1((context, "external", handle))
}

/// `OXCUDA_CUDA_ARRAY_INTERFACE_SYNC` (default on): read from the environment each time, as the
/// setting is rarely changed and a read costs well under a microsecond.
fn cai_sync_enabled() -> bool {
    std::env::var("OXCUDA_CUDA_ARRAY_INTERFACE_SYNC")
        .map(|v| {
            !matches!(
                v.trim().to_ascii_lowercase().as_str(),
                "0" | "false" | "no" | "off"
            )
        })
        .unwrap_or(true)
}

// ---- indexing ------------------------------------------------------------------------------

/// Parses a basic index; `true` when it selects a single element (all integers, one per axis).
fn parse_key(key: &Bound<'_, PyAny>, ndim: usize) -> PyResult<(Vec<IndexItem>, bool)> {
    let py = key.py();
    let parts: Vec<Bound<'_, PyAny>> = match key.cast::<PyTuple>() {
        Ok(t) => t.iter().collect(),
        Err(_) => vec![key.clone()],
    };
    let mut items = Vec::with_capacity(parts.len());
    for p in &parts {
        items.push(if p.is_none() {
            IndexItem::NewAxis
        } else if p.is(py.Ellipsis()) {
            IndexItem::Ellipsis
        } else if let Ok(s) = p.cast::<PySlice>() {
            let field = |name: &str| -> PyResult<Option<i64>> {
                let v = s.getattr(name)?;
                if v.is_none() {
                    Ok(None)
                } else {
                    v.extract::<i64>().map(Some).map_err(|_| {
                        PyTypeError::new_err(format!(
                            "slice indices must be integers or None, got {}",
                            v.get_type()
                                .name()
                                .map_or_else(|_| "?".into(), |n| n.to_string())
                        ))
                    })
                }
            };
            IndexItem::Slice {
                start: field("start")?,
                stop: field("stop")?,
                step: field("step")?,
            }
        } else if let Ok(i) = p.extract::<i64>()
            && !p.is_instance_of::<pyo3::types::PyBool>()
        {
            IndexItem::Int(i)
        } else {
            return Err(PyIndexError::new_err(format!(
                "only integers, slices (`:`), ellipsis (`...`) and None (`numpy.newaxis`) are \
                 valid indices of a device array, got {}; device arrays have no advanced \
                 (integer-array or boolean) indexing: copy to the host first",
                p.get_type().name()?
            )));
        });
    }
    let scalar = items.len() == ndim && items.iter().all(|i| matches!(i, IndexItem::Int(_)));
    Ok((items, scalar))
}

// ---- Python methods ------------------------------------------------------------------------

#[pymethods]
impl DeviceNDArray {
    /// `DeviceNDArray(shape, strides, dtype, stream=0, gpu_data=None)`, numba's constructor: an
    /// array of `shape` with byte `strides` (`None`: C-contiguous) in new memory of the
    /// current context, or over `gpu_data` (a `MemoryPointer` to the array's first element,
    /// kept alive; it must hold the whole extent).
    #[new]
    #[pyo3(signature = (shape, strides, dtype, stream = None, gpu_data = None))]
    fn new(
        py: Python<'_>,
        shape: &Bound<'_, PyAny>,
        strides: Option<&Bound<'_, PyAny>>,
        dtype: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
        gpu_data: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        guard(|| {
            let shape = shape_arg(shape)?;
            let dtype = as_dtype(py, dtype)?;
            let itemsize = itemsize_of(&dtype)?;
            let layout = match strides.filter(|s| !s.is_none()) {
                Some(s) => Layout::new(shape, shape_arg(s)?, itemsize),
                None => Layout::contiguous(&shape, itemsize, Order::C),
            }
            .map_err(layout_error)?;
            let ctx = py
                .import("oxcuda.cuda._devices")?
                .getattr("current_context")?
                .call0()?;
            let ctx = ctx.cast::<Context>()?.get();
            let Some(g) = gpu_data.filter(|g| !g.is_none()) else {
                return allocate(py, &ctx.space, layout, dtype, stream);
            };
            let value = g.getattr("device_pointer_value").map_err(|_| {
                PyTypeError::new_err(format!(
                    "DeviceNDArray(gpu_data=...): gpu_data must be a MemoryPointer, got {}",
                    g.get_type()
                        .name()
                        .map_or_else(|_| "?".to_owned(), |n| n.to_string())
                ))
            })?;
            let ptr: u64 = if value.is_none() { 0 } else { value.extract()? };
            let (lo, hi) = layout.extent();
            if let Ok(size) = g.getattr("size").and_then(|s| s.extract::<i64>())
                && (lo < 0 || hi > size)
            {
                return Err(PyValueError::new_err(format!(
                    "DeviceNDArray(gpu_data=...): the array spans bytes {lo}..{hi} of its first \
                     element's address, but gpu_data holds {size} bytes"
                )));
            }
            Self::over_foreign(
                py,
                &ctx.space,
                ptr,
                layout,
                dtype,
                g.clone().unbind(),
                stream,
            )
        })
    }

    #[classattr]
    fn __cuda_memory__() -> PyResult<bool> {
        guard(|| Ok(true))
    }

    #[classattr]
    fn __cuda_ndarray__() -> PyResult<bool> {
        guard(|| Ok(true))
    }

    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| PyTuple::new(py, self.layout.shape()))
    }

    #[getter]
    fn strides<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| PyTuple::new(py, self.layout.strides()))
    }

    #[getter]
    fn ndim(&self) -> PyResult<usize> {
        guard(|| Ok(self.layout.ndim()))
    }

    #[getter]
    fn size(&self) -> PyResult<i64> {
        guard(|| Ok(self.layout.size()))
    }

    #[getter]
    pub(crate) fn dtype(&self, py: Python<'_>) -> Py<PyAny> {
        self.dtype.clone_ref(py)
    }

    #[getter]
    fn itemsize(&self) -> PyResult<i64> {
        guard(|| Ok(self.layout.itemsize()))
    }

    #[getter]
    fn nbytes(&self) -> PyResult<i64> {
        guard(|| Ok(self.layout.nbytes()))
    }

    /// Bytes of the allocation this view lies in.
    #[getter]
    fn alloc_size(&self) -> PyResult<usize> {
        guard(|| Ok(self.memory.size()))
    }

    /// The stream the array is bound to (`0` for the default stream).
    #[getter]
    fn stream(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard(|| Ok(self.stream_obj.clone_ref(py)))
    }

    #[getter]
    fn readonly(&self) -> PyResult<bool> {
        guard(|| Ok(self.readonly))
    }

    /// `'gpu'` or `'host'` (the simulator's backend).
    #[getter]
    pub(crate) fn backend(&self) -> &'static str {
        if self.memory.space().is_host() {
            "host"
        } else {
            "gpu"
        }
    }

    /// The data pointer as an integer.
    #[getter]
    fn device_pointer_value(&self) -> PyResult<u64> {
        guard(|| Ok(self.ptr))
    }

    /// numba's `as_cuda_arg()`: the data pointer as a `ctypes.c_void_p`, as a ctypes-era
    /// launcher passes the array (`device_ctypes_pointer`).
    fn as_cuda_arg<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| self.device_ctypes_pointer(py))
    }

    /// The data pointer as a `ctypes.c_void_p` (numba-cuda's name).
    #[getter]
    fn device_ctypes_pointer<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            py.import("ctypes")?
                .getattr("c_void_p")?
                .call1((if self.layout.size() == 0 {
                    None
                } else {
                    Some(self.ptr)
                },))
        })
    }

    /// numba's `gpu_data`: a `MemoryPointer` to the bytes this array spans (its extent, which
    /// starts at the data pointer unless a stride is negative). For memory an EMM plugin
    /// allocated it is the plugin's own pointer (or a view of it); otherwise a pointer that
    /// keeps this array alive.
    #[getter]
    fn gpu_data<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let py = slf.py();
            let this = slf.get();
            let (lo, hi) = this.layout.extent();
            let (start, size) = if this.layout.size() == 0 {
                (0, 0)
            } else {
                (this.ptr.wrapping_add_signed(lo), hi - lo)
            };
            let owner = this
                .memory
                .foreign_owner()
                .and_then(|o| o.downcast_ref::<Py<PyAny>>())
                .map(|o| o.bind(py).clone())
                .filter(|o| o.hasattr("device_pointer_value").unwrap_or(false));
            if let Some(pointer) = owner
                && size > 0
            {
                let base: u64 = pointer
                    .getattr("device_pointer_value")?
                    .extract::<Option<u64>>()?
                    .unwrap_or(0);
                let psize: i64 = pointer.getattr("size")?.extract()?;
                if base == start && psize == size {
                    return Ok(pointer);
                }
                if let Some(offset) = start.checked_sub(base)
                    && let Ok(offset) = i64::try_from(offset)
                    && offset + size <= psize
                {
                    return pointer.call_method1("view", (offset, offset + size));
                }
            }
            py.import("oxcuda.cuda.memory.pointer")?
                .getattr("MemoryPointer")?
                .call1((this.context()?, start, size, slf))
        })
    }

    /// numba's `get_ipc_handle()`: an `IpcArrayHandle` another process opens as a view of this
    /// array (GPU only).
    fn get_ipc_handle<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            slf.py()
                .import("oxcuda.cuda.memory.ipc")?
                .getattr("array_ipc_handle")?
                .call1((slf,))
        })
    }

    /// The context the memory belongs to.
    #[getter]
    fn context(&self) -> PyResult<Context> {
        guard(|| Ok(Context::new(self.memory.space().clone())))
    }

    fn __len__(&self) -> PyResult<usize> {
        guard(|| {
            self.layout
                .shape()
                .first()
                .map(|&n| usize::try_from(n).expect("extent"))
                .ok_or_else(|| PyTypeError::new_err("len() of unsized object"))
        })
    }

    fn is_c_contiguous(&self) -> PyResult<bool> {
        guard(|| Ok(self.layout.is_c_contiguous()))
    }

    fn is_f_contiguous(&self) -> PyResult<bool> {
        guard(|| Ok(self.layout.is_f_contiguous()))
    }

    #[getter]
    fn flags<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let d = PyDict::new(py);
            d.set_item("C_CONTIGUOUS", self.layout.is_c_contiguous())?;
            d.set_item("F_CONTIGUOUS", self.layout.is_f_contiguous())?;
            d.set_item("WRITEABLE", !self.readonly)?;
            Ok(d)
        })
    }

    /// The CUDA Array Interface, version 3.
    #[getter]
    fn __cuda_array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guard(|| {
            let d = PyDict::new(py);
            d.set_item("shape", PyTuple::new(py, self.layout.shape())?)?;
            if self.layout.is_c_contiguous() {
                d.set_item("strides", py.None())?;
            } else {
                d.set_item("strides", PyTuple::new(py, self.layout.strides())?)?;
            }
            let ptr = if self.layout.size() == 0 { 0 } else { self.ptr };
            d.set_item("data", (ptr, self.readonly))?;
            d.set_item("typestr", self.dtype.bind(py).getattr("str")?)?;
            let handle = self.stream.handle();
            if handle == 0 {
                d.set_item("stream", py.None())?;
            } else {
                d.set_item("stream", handle)?;
            }
            d.set_item("version", 3)?;
            Ok(d)
        })
    }

    /// DLPack export: a `dltensor_versioned` capsule when `max_version >= (1, 0)`, else a legacy
    /// `dltensor` one; zero-copy unless `copy=True`. See `dlpack.rs` for the stream handshake.
    #[pyo3(signature = (*, stream = None, max_version = None, dl_device = None, copy = None))]
    fn __dlpack__<'py>(
        &self,
        py: Python<'py>,
        stream: Option<&Bound<'py, PyAny>>,
        max_version: Option<&Bound<'py, PyAny>>,
        dl_device: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let ours = crate::interop::dlpack::device_of(self.memory.space());
            if let Some(d) = dl_device.filter(|d| !d.is_none()) {
                let asked: (i32, i32) = d.extract().map_err(|_| {
                    PyTypeError::new_err(
                        "__dlpack__: dl_device must be a (device_type, device_id) tuple",
                    )
                })?;
                if asked != ours {
                    return Err(pyo3::exceptions::PyBufferError::new_err(format!(
                        "__dlpack__: the array is on DLPack device {ours:?}; exporting to \
                         {asked:?} would need a cross-device copy, which oxcuda does not make"
                    )));
                }
            }
            let copied;
            let source = if copy == Some(true) {
                let c = allocate(
                    py,
                    self.memory.space(),
                    self.layout.compact_like(),
                    self.dtype.bind(py).clone(),
                    Some(self.stream_obj.bind(py)),
                )?;
                run_copy(py, &c.place(), &self.place(), &self.stream)?;
                copied = c;
                &copied
            } else {
                self
            };
            let dtype = source.dtype.bind(py);
            crate::interop::dlpack::export(
                py,
                &crate::interop::dlpack::Export {
                    memory: &source.memory,
                    ptr: source.ptr,
                    layout: &source.layout,
                    kind: source.kind,
                    dtype,
                    readonly: source.readonly && copy != Some(true),
                    copied: copy == Some(true),
                    stream: &source.stream,
                },
                stream,
                max_version,
            )
        })
    }

    /// `(device_type, device_id)`: `(2, ordinal)` (kDLCUDA) on a GPU, `(1, 0)` (kDLCPU) on the
    /// host backend.
    fn __dlpack_device__(&self) -> PyResult<(i32, i32)> {
        guard(|| Ok(crate::interop::dlpack::device_of(self.memory.space())))
    }

    /// Copies to the host: into `ary` when given (same dtype and shape), else into a new NumPy
    /// array with compact strides in this array's axis order. Returns the host array.
    #[pyo3(signature = (ary = None, stream = None))]
    fn copy_to_host<'py>(
        &self,
        py: Python<'py>,
        ary: Option<&Bound<'py, PyAny>>,
        stream: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let record_target = ary.filter(|a| !a.is_none() && is_numpy_record(py, a));
            if let Some(record) = record_target {
                // A NumPy record (`np.void`/`np.record`) exposes no writable buffer: copy into a
                // new 0-d array, then set the record's fields from it.
                let fresh = self.copy_to_host(py, None, stream)?;
                let names = record.getattr("dtype")?.getattr("names")?;
                for name in names.try_iter()? {
                    let name = name?;
                    record.set_item(&name, fresh.get_item(&name)?)?;
                }
                return Ok(record.clone());
            }
            let stream = self.op_stream(py, stream)?;
            let target = match ary.filter(|a| !a.is_none()) {
                Some(a) => {
                    let np = numpy(py)?;
                    if !a.is_instance(&np.getattr("ndarray")?)? {
                        return Err(PyTypeError::new_err(format!(
                            "copy_to_host(ary): ary must be a numpy.ndarray, got {}",
                            a.get_type().name()?
                        )));
                    }
                    a.clone()
                }
                None => new_host(py, &self.layout.compact_like(), self.dtype.bind(py))?,
            };
            let host = host_array(py, &target)?;
            if host.readonly {
                return Err(PyValueError::new_err(
                    "copy_to_host(ary): ary is read-only; pass a writable array",
                ));
            }
            check_dtype(&host.dtype, self.dtype.bind(py), "copy_to_host")?;
            let dst_layout =
                match_shape(&self.layout, &host.layout, "copy_to_host", SelfIs::Source)?;
            let dst = Place {
                mem: Mem::Host,
                ptr: host.ptr,
                layout: &dst_layout,
            };
            run_copy(py, &dst, &self.place(), &stream)?;
            Ok(host.array)
        })
    }

    /// Copies `ary` (host data, a device array or a CAI object) into this array.
    #[pyo3(signature = (ary, stream = None))]
    fn copy_to_device(
        &self,
        py: Python<'_>,
        ary: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        guard(|| {
            self.check_writable()?;
            let stream = self.op_stream(py, stream)?;
            let ctx = Context::new(self.memory.space().clone());
            if let Some(src) = device_source(py, &ctx, ary)? {
                let src = src.get();
                check_dtype(self.dtype.bind(py), src.dtype.bind(py), "copy_to_device")?;
                let layout = match_shape(
                    &self.layout,
                    &src.layout,
                    "copy_to_device",
                    SelfIs::Destination,
                )?;
                let src_place = Place {
                    mem: src.mem(),
                    ptr: src.ptr,
                    layout: &layout,
                };
                return run_copy(py, &self.place(), &src_place, &stream);
            }
            let host = host_array(py, ary)?;
            check_dtype(self.dtype.bind(py), &host.dtype, "copy_to_device")?;
            let layout = match_shape(
                &self.layout,
                &host.layout,
                "copy_to_device",
                SelfIs::Destination,
            )?;
            let src_place = Place {
                mem: Mem::Host,
                ptr: host.ptr,
                layout: &layout,
            };
            run_copy(py, &self.place(), &src_place, &stream)
        })
    }

    fn __getitem__(slf: &Bound<'_, Self>, key: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        guard(|| Self::getitem(slf, key, None))
    }

    /// `a[key]` on `stream`: a view for slices, a NumPy scalar for a single element.
    #[pyo3(signature = (key, stream = None))]
    pub(crate) fn getitem(
        slf: &Bound<'_, Self>,
        key: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let this = slf.get();
        guard(|| {
            let (items, scalar) = parse_key(key, this.layout.ndim())?;
            let (offset, layout) = this.layout.index(&items).map_err(layout_error)?;
            let view = this.derive(py, offset, layout, None);
            if !scalar {
                return Ok(Bound::new(py, view)?.into_any().unbind());
            }
            if crate::memory::devicerecord::is_structured(this.dtype.bind(py))? {
                // numba: an element of a structured array is a DeviceRecord (a view, no copy).
                return crate::memory::devicerecord::wrap(py, view);
            }
            let stream = this.op_stream(py, stream)?;
            let host = new_host(py, &view.layout, this.dtype.bind(py))?;
            let h = host_array(py, &host)?;
            run_copy(py, &h.place(), &view.place(), &stream)?;
            Ok(host.get_item(PyTuple::empty(py))?.unbind())
        })
    }

    fn __setitem__(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        guard(|| self.setitem(py, key, value, None))
    }

    /// `a[key] = value` on `stream`: `value` (scalar, host array, device array) is converted
    /// to the array's dtype and broadcast to the selected shape.
    ///
    /// As in numba-cuda, an assignment with no stream on an array bound to none is synchronous:
    /// the default stream's `Stream.synchronize()` is called after the copy, so the new values
    /// are in device memory (not only staged) when it returns. With a stream (given, or the
    /// array's own) it is ordered on that stream and returns at once.
    #[pyo3(signature = (key, value, stream = None))]
    pub(crate) fn setitem(
        &self,
        py: Python<'_>,
        key: &Bound<'_, PyAny>,
        value: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<()> {
        guard(|| {
            self.assign(py, key, value, stream)?;
            let synchronous = stream.is_none_or(is_zero) && is_zero(self.stream_obj.bind(py));
            if synchronous {
                let default = crate::context::stream::Stream {
                    inner: Arc::clone(&self.stream),
                };
                Bound::new(py, default)?.call_method0(pyo3::intern!(py, "synchronize"))?;
            }
            Ok(())
        })
    }
    /// A view with a new shape (`reshape(2, 3)` or `reshape((2, 3))`); no copies.
    #[pyo3(signature = (*shape, order = "C"))]
    fn reshape(&self, py: Python<'_>, shape: &Bound<'_, PyTuple>, order: &str) -> PyResult<Self> {
        guard(|| {
            let dims = if shape.len() == 1 {
                shape_arg(&shape.get_item(0)?)?
            } else {
                shape_arg(shape.as_any())?
            };
            let layout = self
                .layout
                .reshape(&dims, order_arg(order)?)
                .map_err(layout_error)?;
            Ok(self.derive(py, 0, layout, None))
        })
    }

    /// A 1-d contiguous view (no copies). `order='A'` is NumPy's and numba's: F when the array
    /// is F-contiguous and not C-contiguous, else C. As numba-cuda's, an array that is not
    /// contiguous in that order (`d[::2]`, `d.T.ravel()`) is a `NotImplementedError`: its
    /// elements are not one block, and a ravelled array is.
    #[pyo3(signature = (order = "C", stream = None))]
    fn ravel(
        &self,
        py: Python<'_>,
        order: &str,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        guard(|| {
            let _ = stream;
            let order = match order {
                "A" | "a" if self.layout.is_f_contiguous() && !self.layout.is_c_contiguous() => "F",
                "A" | "a" => "C",
                other => other,
            };
            let order = order_arg(order)?;
            let contiguous = match order {
                Order::C => self.layout.is_c_contiguous(),
                Order::F => self.layout.is_f_contiguous(),
            };
            if !contiguous {
                return Err(PyNotImplementedError::new_err(format!(
                    "ravel on non-contiguous array: shape {} with strides {} is not {}-contiguous, \
                     so its elements are not one block; copy it to a contiguous array first \
                     (cuda.to_device(np.ascontiguousarray(d.copy_to_host())))",
                    oxcuda_runtime::layout::shape_str(self.layout.shape()),
                    oxcuda_runtime::layout::shape_str(self.layout.strides()),
                    if order == Order::C { "C" } else { "F" }
                )));
            }
            let layout = self.layout.reshape(&[-1], order).map_err(layout_error)?;
            Ok(self.derive(py, 0, layout, None))
        })
    }

    /// The same bytes as another dtype (the last axis absorbs a size change).
    fn view(&self, py: Python<'_>, dtype: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard(|| {
            let dtype = as_dtype(py, dtype)?;
            refuse_foreign_byte_order(&dtype)?;
            let layout = self
                .layout
                .view_itemsize(itemsize_of(&dtype)?)
                .map_err(layout_error)?;
            Ok(self.derive(py, 0, layout, Some(dtype.unbind())))
        })
    }

    /// Removes extents of 1 (all, or those of `axis`).
    #[pyo3(signature = (axis = None, stream = None))]
    fn squeeze(
        &self,
        py: Python<'_>,
        axis: Option<&Bound<'_, PyAny>>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        guard(|| {
            let _ = stream;
            let axes = axis.filter(|a| !a.is_none()).map(shape_arg).transpose()?;
            let layout = self.layout.squeeze(axes.as_deref()).map_err(layout_error)?;
            Ok(self.derive(py, 0, layout, None))
        })
    }

    /// Permuted axes, as a view (NumPy's semantics; numba-cuda copies 2-d arrays instead).
    #[pyo3(signature = (axes = None))]
    fn transpose(&self, py: Python<'_>, axes: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        guard(|| {
            let axes = axes.filter(|a| !a.is_none()).map(shape_arg).transpose()?;
            let layout = self
                .layout
                .transpose(axes.as_deref())
                .map_err(layout_error)?;
            Ok(self.derive(py, 0, layout, None))
        })
    }

    #[getter(T)]
    fn t(&self, py: Python<'_>) -> PyResult<Self> {
        guard(|| self.transpose(py, None))
    }

    /// 1-d, unit-stride arrays only: consecutive views of `section` elements.
    #[pyo3(signature = (section, stream = None))]
    fn split<'py>(
        &self,
        py: Python<'py>,
        section: i64,
        stream: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            let _ = stream;
            if self.layout.ndim() != 1 {
                return Err(PyValueError::new_err("split() supports 1-d arrays only"));
            }
            if self.layout.strides()[0] != self.layout.itemsize() && self.layout.size() > 1 {
                return Err(PyValueError::new_err(
                    "split() supports unit-stride arrays only",
                ));
            }
            if section <= 0 {
                return Err(PyValueError::new_err(format!(
                    "split(): section must be positive, got {section}"
                )));
            }
            let n = self.layout.size();
            let parts = PyList::empty(py);
            let mut begin = 0;
            while begin < n {
                let end = (begin + section).min(n);
                let (offset, layout) = self
                    .layout
                    .index(&[IndexItem::Slice {
                        start: Some(begin),
                        stop: Some(end),
                        step: None,
                    }])
                    .map_err(layout_error)?;
                parts.append(Bound::new(py, self.derive(py, offset, layout, None))?)?;
                begin = end;
            }
            parts.try_iter().map(Bound::into_any)
        })
    }

    /// The same array bound to another stream.
    fn bind(&self, py: Python<'_>, stream: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard(|| {
            let (s, obj) = resolve_stream(py, self.memory.space(), Some(stream))?;
            let mut view = self.derive(py, 0, self.layout.clone(), None);
            view.stream = s;
            view.stream_obj = obj;
            Ok(view)
        })
    }

    /// A host copy (`numpy.asarray(d)`); `copy=False` is refused, a copy is unavoidable.
    #[pyo3(signature = (dtype = None, copy = None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(|| {
            if copy == Some(false) {
                return Err(PyValueError::new_err(
                    "`copy=False` is not supported: a device array cannot be seen as a NumPy \
                     array without a copy (use copy_to_host() or np.asarray(d))",
                ));
            }
            let host = self.copy_to_host(py, None, None)?;
            match dtype.filter(|d| !d.is_none()) {
                Some(d) => host.call_method1("astype", (d,)),
                None => Ok(host),
            }
        })
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        guard(|| {
            let place = match self.memory.space() {
                Space::Device(c) => format!("GPU {}", c.device().ordinal),
                Space::Host(_) => "host backend".to_owned(),
            };
            Ok(format!(
                "<oxcuda DeviceNDArray shape={} dtype={} on {place}>",
                oxcuda_runtime::layout::shape_str(self.layout.shape()),
                self.dtype.bind(py).str()?
            ))
        })
    }
}

/// `src` broadcast to `dst`'s shape, with numba's message on failure.
fn broadcast(src: &Layout, dst: &Layout) -> PyResult<Layout> {
    if src.ndim() > dst.ndim() {
        // numba's exact message (programs and numba's tests compare it whole).
        return Err(PyValueError::new_err(format!(
            "Can't assign {}-D array to {}-D self",
            src.ndim(),
            dst.ndim()
        )));
    }
    src.broadcast_to(dst.shape()).map_err(layout_error)
}

/// `obj` as one of our arrays when it is one or exposes the CUDA Array Interface.
fn device_source<'py>(
    py: Python<'py>,
    ctx: &Context,
    obj: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, DeviceNDArray>>> {
    if let Ok(d) = obj.cast::<DeviceNDArray>() {
        return Ok(Some(d.clone()));
    }
    if obj.is_instance(&numpy(py)?.getattr("ndarray")?)? {
        return Ok(None);
    }
    match obj.getattr("__cuda_array_interface__") {
        Ok(desc) => {
            let arr = from_cuda_array_interface(py, ctx, &desc, Some(obj), true)?;
            Ok(Some(Bound::new(py, arr)?))
        }
        Err(_) => Ok(None),
    }
}

/// Whether `obj` is one of our arrays (subclasses included).
#[pyfunction]
pub(crate) fn is_device_array(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    guard(|| Ok(obj.cast::<DeviceNDArray>().is_ok()))
}
