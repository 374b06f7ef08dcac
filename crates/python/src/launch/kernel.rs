//! Compiled kernels, ready to launch: [`GpuKernel`] (a cubin loaded into a context) and
//! [`SimKernel`] (typed IR prepared for the CPU simulator), plus [`IrModule`], the typed IR a
//! compile produced.
//!
//! A `GpuKernel` is the Python face of the runtime's [`Kernel`] (module loading, attributes,
//! occupancy and the launch live in `oxcuda_runtime::module`, configuration checks and
//! parameter packing in `oxcuda_runtime::launch`); this file only converts.
//!
//! Several GPUs in one process (docs/multi-gpu.md): a `GpuKernel` launches in the calling
//! thread's current context. It is loaded in the context current when it was made; a launch
//! while another device is current loads the same image there once (kept in `others`) and
//! launches there. Every device array and record argument must be memory of that context: the
//! check compares one integer per argument (`Arg::Array::ctx`, read with the array) with the
//! kernel's context, so the fast path pays a comparison, and a mismatch is a `ValueError`
//! naming the argument and both devices instead of an illegal-address fault.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use oxcuda_ir::{Module, Type};
use oxcuda_runtime::launch::{self, LaunchConfig};
use oxcuda_runtime::module::{AttributeError, Kernel};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::boundary::{ErrorKind, driver_error, guard, raise, sim_error};
use crate::launch::args::{self, Arg, Args};
use crate::launch::assertions::{Asserts, Site};
use crate::launch::stages::Stages;

/// An external function's declaration as `IrModule.externs()` gives it: symbol, ABI, the
/// parameter types and the return type, as IR text.
type ExternDeclaration = (String, String, Vec<String>, String);

/// Typed IR produced by a compile (the simulator's input).
#[pyclass(frozen, module = "oxcuda._native")]
#[derive(Debug, Clone)]
pub struct IrModule {
    pub module: Module,
}

#[pymethods]
impl IrModule {
    fn __str__(&self) -> PyResult<String> {
        guard(|| Ok(self.module.to_string()))
    }

    /// The external device functions the module declares (`cuda.declare_device`), each as
    /// `(symbol, abi, parameter types, return type)` with the types as IR text (`"int32"`,
    /// `"CPointer(float32)"`, `"none"`): what the simulator's host build of linked code needs.
    fn externs(&self) -> PyResult<Vec<ExternDeclaration>> {
        guard(|| {
            Ok(self
                .module
                .functions
                .iter()
                .filter_map(|f| match f.kind {
                    oxcuda_ir::FunctionKind::Extern(abi) => Some((
                        f.name.clone(),
                        abi.name().to_string(),
                        f.params.iter().map(ToString::to_string).collect(),
                        f.ret.to_string(),
                    )),
                    _ => None,
                })
                .collect())
        })
    }
}

/// Reads the launch arguments and checks them against the kernel's parameter types.
fn checked_args(name: &str, params: &[Type], args: &Bound<'_, PyTuple>) -> PyResult<Args> {
    if args.len() != params.len() {
        return Err(PyTypeError::new_err(format!(
            "{name}() takes {} arguments but {} were given",
            params.len(),
            args.len()
        )));
    }
    let read = args::read_all(args)?;
    for (i, (a, p)) in read.iter().zip(params).enumerate() {
        let got = a.ty();
        if !launch::compatible(&got, p) {
            return Err(PyTypeError::new_err(format!(
                "{name}() argument {i}: expected {p}, got {got}"
            )));
        }
    }
    Ok(read)
}

/// The configuration of a launch given as Python's `(x, y, z)` tuples.
fn launch_config(grid: (u32, u32, u32), block: (u32, u32, u32), shared: u32) -> LaunchConfig {
    LaunchConfig {
        grid: [grid.0, grid.1, grid.2],
        block: [block.0, block.1, block.2],
        shared,
    }
}

/// Kernel `name` in `ctx`: loaded from `image`, or, when `library` is a `CUkernel` handle,
/// that library kernel's function in `ctx`.
fn load_in(
    ctx: &Arc<oxcuda_runtime::context::DeviceContext>,
    image: &[u8],
    library: Option<usize>,
    name: &str,
) -> Result<Kernel, oxcuda_runtime::DriverError> {
    match library {
        // SAFETY: the handle is a CUkernel of a library that the GpuKernel's `library` owner
        // keeps loaded for as long as the GpuKernel, which owns every Kernel made here.
        Some(handle) => unsafe { Kernel::from_library(ctx, handle as *mut c_void, name) },
        None => Kernel::load(ctx, image, name),
    }
}

/// A kernel loaded in one context, with its assert record.
#[derive(Debug)]
struct Loaded {
    kernel: Kernel,
    /// The checked `assert`s of a debug kernel (`None`: nothing to check after a launch).
    asserts: Option<Asserts>,
}

/// A kernel loaded on a GPU (on several, once launched on each; see the module doc).
#[pyclass(frozen, module = "oxcuda._native")]
#[derive(Debug)]
pub struct GpuKernel {
    /// In the context current when the kernel was made.
    first: Loaded,
    /// In other devices' contexts, loaded on the first launch there.
    others: Mutex<Vec<Arc<Loaded>>>,
    /// The image, kept to load it into other contexts.
    image: Vec<u8>,
    /// The `CUkernel` of the library the kernel was loaded from instead of the image (a kernel
    /// whose linked code has module callbacks: docs/linking.md), with the Python object that
    /// keeps that library loaded (cuda.core's `ObjectCode`, through its callbacks' holder).
    library: Option<(usize, Py<PyAny>)>,
    /// The compile's assert sites (the kernel's Python name, sites), for other contexts.
    assert_sites: (String, Vec<Site>),
    params: Vec<Type>,
    name: String,
    /// The shared-memory carveout set (`NO_CARVEOUT`: none), applied to every context's copy.
    carveout: AtomicI32,
    /// The dispatcher's reader of this kernel's compile stages (`inspect_llvm`, `inspect_asm`).
    stages: Stages,
}

/// [`GpuKernel::carveout`] when `shared_memory_carveout` was never set.
const NO_CARVEOUT: i32 = i32::MIN;

#[pymethods]
impl GpuKernel {
    /// Loads `cubin` into the calling thread's current context and finds kernel `name`.
    /// `asserts` is the compile's `(kernel's Python name, checked asserts)`, for a debug
    /// kernel that has some.
    #[new]
    ///
    /// `cooperative`: the code synchronises the grid, so it is launched with
    /// `cuLaunchCooperativeKernel` (numba's `_Kernel.cooperative`).
    ///
    /// `stages`: the dispatcher's reader of the compile stages (a callable taking a stage
    /// name), for `inspect_llvm()` and `inspect_asm()`.
    ///
    /// `library`: `(CUkernel handle, owner)` when the code was loaded as a context-independent
    /// library by someone else: the kernel is that library's, in every context, and `owner` is
    /// kept alive as long as the kernel (it keeps the library loaded).
    #[pyo3(signature = (cubin, name, params, asserts=None, cooperative=false, stages=None, library=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        cubin: &[u8],
        name: &str,
        params: Vec<PyRef<'_, crate::launch::launcher::ArgType>>,
        asserts: Option<(String, Vec<crate::launch::assertions::Site>)>,
        cooperative: bool,
        stages: Option<Py<PyAny>>,
        library: Option<(usize, Py<PyAny>)>,
    ) -> PyResult<Self> {
        guard(|| {
            let rt = crate::context::runtime::runtime(py)?;
            let ctx = rt
                .current()
                .map_err(|e| raise(py, ErrorKind::CudaSupport, (e.to_string(),)))?;
            let handle = library.as_ref().map(|(k, _)| *k);
            let kernel = load_in(&ctx, cubin, handle, name)
                .map_err(|e| driver_error(py, &e))?
                .with_cooperative(cooperative);
            let assert_sites = asserts.unwrap_or_default();
            let asserts =
                Asserts::find(py, &kernel, assert_sites.0.clone(), assert_sites.1.clone())?;
            Ok(Self {
                first: Loaded { kernel, asserts },
                others: Mutex::new(Vec::new()),
                image: cubin.to_vec(),
                library,
                assert_sites,
                params: params.iter().map(|p| p.ty.clone()).collect(),
                name: name.to_owned(),
                carveout: AtomicI32::new(NO_CARVEOUT),
                stages: Stages::new(stages),
            })
        })
    }

    #[getter]
    fn name(&self) -> PyResult<String> {
        guard(|| Ok(self.name.clone()))
    }

    /// The kernel's NVVM IR (numba's `_Kernel.inspect_llvm()`).
    fn inspect_llvm(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard(|| self.stages.read(py, "nvvm"))
    }

    /// The kernel's PTX (numba's `_Kernel.inspect_asm(cc)`): the one compiled for this
    /// kernel's device, or for compute capability `cc` (a `(major, minor)` tuple) when given.
    #[pyo3(signature = (cc=None))]
    fn inspect_asm(&self, py: Python<'_>, cc: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        guard(|| self.stages.read_for(py, "ptx", cc))
    }

    /// Launched with `cuLaunchCooperativeKernel` (the code synchronises the grid).
    #[getter]
    fn cooperative(&self) -> PyResult<bool> {
        guard(|| Ok(self.first.kernel.is_cooperative()))
    }

    /// Launches with `grid`/`block` (3 ints each), on `stream` (a `CUstream` address, 0 for the
    /// default stream) with `shared` bytes of dynamic shared memory.
    fn launch(
        &self,
        py: Python<'_>,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        stream: usize,
        shared: u32,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<()> {
        guard(|| {
            let read = checked_args(&self.name, &self.params, args)?;
            let config = launch_config(grid, block, shared);
            self.launch_read(py, &config, stream, &read)
        })
    }

    /// Launches `n` times in a Rust loop with the arguments read and packed once: the raw
    /// driver's cost per launch, measured in this process (bench/launch.py interleaves it with
    /// Python launches, so both see the same machine state).
    #[allow(
        clippy::too_many_arguments,
        reason = "a launch's parameters, plus the count"
    )]
    fn raw_launch_loop(
        &self,
        py: Python<'_>,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        stream: usize,
        shared: u32,
        args: &Bound<'_, PyTuple>,
        n: usize,
    ) -> PyResult<()> {
        guard(|| {
            let read = checked_args(&self.name, &self.params, args)?;
            let mut slots = launch::Slots::new();
            launch::pack_into(&read, &self.params, &mut slots);
            let mut ptrs = launch::ParamPointers::new();
            launch::param_pointers_into(&mut slots, &mut ptrs);
            let config = launch_config(grid, block, shared);
            config.check().map_err(PyValueError::new_err)?;
            // SAFETY: one pointer per parameter, packed for these parameters, alive for the
            // loop; the configuration was checked.
            unsafe {
                self.first
                    .kernel
                    .launch_repeatedly(&config, stream, &mut ptrs, n)
            }
            .map_err(|e| driver_error(py, &e))
        })
    }

    /// Most blocks of `block_threads` threads with `dynamic_shared` bytes of dynamic shared
    /// memory resident on one multiprocessor at once (the occupancy calculator's answer).
    fn max_active_blocks_per_multiprocessor(
        &self,
        py: Python<'_>,
        block_threads: u32,
        dynamic_shared: usize,
    ) -> PyResult<u32> {
        guard(|| {
            self.first
                .kernel
                .max_active_blocks_per_multiprocessor(block_threads, dynamic_shared)
                .map_err(|e| driver_error(py, &e))
        })
    }

    /// The most blocks of `blockdim` threads (an int or a tuple of 1 to 3) with
    /// `dynsmemsize` bytes of dynamic shared memory resident on the device at once: the
    /// largest grid of a cooperative launch (numba's `_Kernel.max_cooperative_grid_blocks`).
    #[pyo3(signature = (blockdim, dynsmemsize=0))]
    fn max_cooperative_grid_blocks(
        &self,
        py: Python<'_>,
        blockdim: &Bound<'_, PyAny>,
        dynsmemsize: usize,
    ) -> PyResult<u64> {
        guard(|| {
            let threads = block_threads(blockdim)?;
            let (per_sm, sms) = self
                .first
                .kernel
                .max_co_resident_blocks(threads, dynsmemsize)
                .map_err(|e| driver_error(py, &e))?;
            Ok(u64::from(per_sm) * u64::try_from(sms).unwrap_or(0))
        })
    }

    /// Sets the preferred shared-memory carveout (`percent` of the unified L1/shared memory
    /// for shared memory, 0 to 100, or -1 for the driver's default): `shared_memory_carveout`.
    fn set_shared_memory_carveout(&self, py: Python<'_>, percent: i32) -> PyResult<()> {
        guard(|| {
            self.first
                .kernel
                .set_shared_memory_carveout(percent)
                .map_err(|e| driver_error(py, &e))?;
            let others = self.others.lock().unwrap_or_else(PoisonError::into_inner);
            for loaded in others.iter() {
                loaded
                    .kernel
                    .set_shared_memory_carveout(percent)
                    .map_err(|e| driver_error(py, &e))?;
            }
            self.carveout.store(percent, Ordering::Relaxed);
            Ok(())
        })
    }

    /// A `CU_FUNC_ATTRIBUTE_*` value: `"num_regs"`, `"shared_size_bytes"`,
    /// `"local_size_bytes"`, `"const_size_bytes"`, `"max_threads_per_block"`, `"ptx_version"`,
    /// `"binary_version"`.
    fn attribute(&self, py: Python<'_>, name: &str) -> PyResult<i32> {
        guard(|| {
            self.first.kernel.attribute(name).map_err(|e| match e {
                AttributeError::Unknown(other) => {
                    PyValueError::new_err(format!("unknown kernel attribute {other:?}"))
                }
                AttributeError::Driver(e) => driver_error(py, &e),
            })
        })
    }
}

impl GpuKernel {
    /// A cooperative launch must fit on the device at once (its blocks wait for each other):
    /// more blocks than the occupancy calculator allows is refused here, naming the limit,
    /// rather than left to the driver's `CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`.
    fn check_co_resident(
        &self,
        py: Python<'_>,
        kernel: &Kernel,
        config: &LaunchConfig,
    ) -> PyResult<()> {
        let threads = config.block.iter().product::<u32>();
        let (per_sm, sms) = kernel
            .max_co_resident_blocks(threads, config.shared as usize)
            .map_err(|e| driver_error(py, &e))?;
        let limit = u64::from(per_sm) * u64::try_from(sms).unwrap_or(0);
        let blocks: u64 = config.grid.iter().map(|&g| u64::from(g)).product();
        if blocks > limit {
            return Err(PyValueError::new_err(format!(
                "{}() synchronises the grid (cuda.cg.this_grid().sync()), so all its blocks must \
                 be resident at once: a grid of {blocks} blocks of {threads} threads exceeds the \
                 device's {limit} ({per_sm} per multiprocessor × {sms} multiprocessors; \
                 kernel.max_cooperative_grid_blocks({threads}) gives it); launch fewer blocks \
                 and loop over the data",
                self.name
            )));
        }
        Ok(())
    }

    /// For a failed launch: a sentence on shared memory when the kernel's static plus
    /// `dynamic` shared memory exceeds what a block of it may use on its device (the opt-in
    /// maximum, which the launch asks for by itself: the usual cause of
    /// `CUDA_ERROR_INVALID_VALUE` with a large sharedmem); empty otherwise.
    fn shared_memory_note(&self, dynamic: u32) -> String {
        let kernel = &self.first.kernel;
        let limit = kernel
            .shared_memory_opt_in_limit()
            .map_or(oxcuda_sim::SHARED_BYTES_PER_BLOCK_OPT_IN as u64, |v| {
                u64::try_from(v).unwrap_or(0)
            });
        let fixed = kernel
            .attribute("shared_size_bytes")
            .map_or(0, |v| u64::try_from(v).unwrap_or(0));
        let total = fixed + u64::from(dynamic);
        if total <= limit {
            return String::new();
        }
        format!(
            ": kernel {} needs {total} bytes of shared memory per block ({fixed} static + \
             {dynamic} dynamic), more than the {limit} bytes a block may use on this device \
             (its opt-in maximum, which oxcuda requests by itself past 48 KiB); use less shared \
             memory per block",
            self.name
        )
    }

    /// The kernel's parameter types.
    pub fn params(&self) -> &[Type] {
        &self.params
    }

    /// Launches with arguments already read and checked against the parameters.
    pub fn launch_read(
        &self,
        py: Python<'_>,
        config: &LaunchConfig,
        stream: usize,
        read: &[Arg],
    ) -> PyResult<()> {
        config.check().map_err(PyValueError::new_err)?;
        if let Some(i) = read.iter().position(|a| {
            matches!(
                a,
                Arg::Array { host: true, .. } | Arg::Record { host: true, .. }
            )
        }) {
            return Err(PyTypeError::new_err(format!(
                "{}() argument {i} is a host-backend array or record (made while OXCUDA_TARGET=sim); copy it to the GPU with cuda.to_device",
                self.name
            )));
        }
        let (other, current) = self.other_context(py)?;
        let loaded = other.as_deref().unwrap_or(&self.first);
        let ctx = loaded.kernel.context().handle().0;
        if let Some((i, theirs)) = read
            .iter()
            .enumerate()
            .find_map(|(i, a)| foreign_context(a, ctx).map(|c| (i, c)))
        {
            return Err(self.wrong_device(py, i, theirs, ctx));
        }
        let mut slots = launch::Slots::new();
        launch::pack_into(read, &self.params, &mut slots);
        let mut ptrs = launch::ParamPointers::new();
        launch::param_pointers_into(&mut slots, &mut ptrs);
        // SAFETY: one pointer per parameter, each to 16 bytes (at least the parameter's size),
        // alive for the call; `current` was read by `other_context` just above.
        unsafe { self.launch_loaded(py, loaded, current, config, stream, &mut ptrs) }
    }

    /// The launch of the fast plan (`launch::fast_plan`): the parameters are packed already,
    /// every array argument is GPU memory of the context `arrays_ctx` (0: no array). Returns
    /// false, having launched nothing, when that context is not the kernel's: the general
    /// path ([`Self::launch_read`]) then reads the launch again and names the argument.
    pub fn launch_flat(
        &self,
        py: Python<'_>,
        config: &LaunchConfig,
        stream: usize,
        arrays_ctx: usize,
        ptrs: &mut [*mut c_void],
    ) -> PyResult<bool> {
        config.check().map_err(PyValueError::new_err)?;
        let (other, current) = self.other_context(py)?;
        let loaded = other.as_deref().unwrap_or(&self.first);
        if arrays_ctx != 0 && arrays_ctx != loaded.kernel.context().handle().0 {
            return Ok(false);
        }
        // SAFETY: the plan wrote one pointer per parameter to an 8-byte slot holding the
        // parameter (every kind it packs is at most 8 bytes), alive for the call; `current`
        // was read by `other_context` just above.
        unsafe { self.launch_loaded(py, loaded, current, config, stream, ptrs) }?;
        Ok(true)
    }

    /// The end of every GPU launch once the parameters are packed: co-residency of a
    /// cooperative grid, the driver call, the checked `assert`s of a debug kernel.
    ///
    /// # Safety
    /// `ptrs` holds one pointer per kernel parameter to memory holding it, alive for the call;
    /// the configuration was checked; `current` is the calling thread's context as the driver
    /// reported it with no Python run since (so nothing can have changed it: when it is the
    /// kernel's, the launch need not ask again).
    unsafe fn launch_loaded(
        &self,
        py: Python<'_>,
        loaded: &Loaded,
        current: usize,
        config: &LaunchConfig,
        stream: usize,
        ptrs: &mut [*mut c_void],
    ) -> PyResult<()> {
        if loaded.kernel.is_cooperative() {
            self.check_co_resident(py, &loaded.kernel, config)?;
        }
        let ctx = loaded.kernel.context().handle().0;
        // SAFETY: the caller's contract.
        let launched = unsafe {
            if current == ctx {
                loaded.kernel.launch_in_current(config, stream, ptrs)
            } else {
                loaded.kernel.launch(config, stream, ptrs)
            }
        };
        launched.map_err(|mut e| {
            e.description
                .push_str(&self.shared_memory_note(config.shared));
            driver_error(py, &e)
        })?;
        match &loaded.asserts {
            Some(asserts) => asserts.check(py, &loaded.kernel, stream),
            None => Ok(()),
        }
    }

    /// The copy of the kernel for the calling thread's current context when that is not the
    /// first one's (`None`: launch the first: it is current, or no context is, and the launch
    /// makes it current), and that current context (0: none). Another context's copy is
    /// loaded on its first launch.
    fn other_context(&self, py: Python<'_>) -> PyResult<(Option<Arc<Loaded>>, usize)> {
        let first = self.first.kernel.context();
        let current = first
            .driver()
            .current_context()
            .map_err(|e| driver_error(py, &e))? as usize;
        if current == 0 || current == first.handle().0 {
            return Ok((None, current));
        }
        let mut others = self.others.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = others
            .iter()
            .find(|l| l.kernel.context().handle().0 == current)
        {
            return Ok((Some(Arc::clone(found)), current));
        }
        let rt = crate::context::runtime::runtime(py)?;
        let ctx = rt
            .current()
            .map_err(|e| raise(py, ErrorKind::CudaSupport, (e.to_string(),)))?;
        let handle = self.library.as_ref().map(|(k, _)| *k);
        let kernel = load_in(&ctx, &self.image, handle, &self.name)
            .map_err(|mut e| {
                e.description.push_str(&format!(
                    ": loading kernel {} (compiled for device {}) on device {}; devices of \
                     different architectures need one process per device",
                    self.name,
                    first.device().ordinal,
                    ctx.device().ordinal
                ));
                driver_error(py, &e)
            })?
            .with_cooperative(self.first.kernel.is_cooperative());
        let carveout = self.carveout.load(Ordering::Relaxed);
        if carveout != NO_CARVEOUT {
            kernel
                .set_shared_memory_carveout(carveout)
                .map_err(|e| driver_error(py, &e))?;
        }
        let (python_name, sites) = self.assert_sites.clone();
        let asserts = Asserts::find(py, &kernel, python_name, sites)?;
        let loaded = Arc::new(Loaded { kernel, asserts });
        others.push(Arc::clone(&loaded));
        Ok((Some(loaded), current))
    }

    /// The error for argument `index`, memory of the context `theirs`, passed to a launch in
    /// the context `ours`.
    fn wrong_device(&self, py: Python<'_>, index: usize, theirs: usize, ours: usize) -> PyErr {
        let ordinal = |handle: usize| {
            crate::context::runtime::runtime(py)
                .ok()
                .and_then(|rt| {
                    rt.contexts()
                        .iter()
                        .find(|c| c.handle().0 == handle)
                        .map(|c| c.device().ordinal.to_string())
                })
                .unwrap_or_else(|| format!("of context {handle:#x}"))
        };
        let (theirs, ours) = (ordinal(theirs), ordinal(ours));
        PyValueError::new_err(format!(
            "{}() argument {index} is an array on device {theirs}, but the kernel launches on \
             device {ours} (the current device): launch it under `with cuda.gpus[{theirs}]:`, \
             or copy the array to device {ours} first (cuda.to_device(arr.copy_to_host()) \
             there, or arr.copy_to_device(other) between devices)",
            self.name
        ))
    }
}

/// The context of argument `a` (a device array or record, or a tuple holding one) when it is
/// memory of a context other than `ctx`; host and foreign memory (context 0) are not checked.
fn foreign_context(a: &Arg, ctx: usize) -> Option<usize> {
    match a {
        Arg::Array {
            ctx: theirs,
            host: false,
            ..
        }
        | Arg::Record {
            ctx: theirs,
            host: false,
            ..
        } if *theirs != 0 && *theirs != ctx => Some(*theirs),
        Arg::Tuple(items) => items.iter().find_map(|i| foreign_context(i, ctx)),
        _ => None,
    }
}

/// The threads of a block given as numba's `blockdim` (an int or a tuple of 1 to 3 ints).
fn block_threads(blockdim: &Bound<'_, PyAny>) -> PyResult<u32> {
    let dims: Vec<u32> = match blockdim.extract::<u32>() {
        Ok(n) => vec![n],
        Err(_) => blockdim.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "blockdim must be an int or a tuple of 1 to 3 ints, got {blockdim}"
            ))
        })?,
    };
    if dims.is_empty() || dims.len() > 3 || dims.contains(&0) {
        return Err(PyValueError::new_err(format!(
            "blockdim must have 1 to 3 positive extents, got {dims:?}"
        )));
    }
    let threads = dims.iter().try_fold(1u32, |t, &d| t.checked_mul(d));
    threads.ok_or_else(|| PyValueError::new_err(format!("blockdim {dims:?} has too many threads")))
}

/// `oxcuda.config.SIM_RACECHECK`, kept equal to it by `Config._changed`
/// (`set_sim_racecheck`): read by every simulator launch, the fast path's included, without a
/// Python attribute look-up.
static SIM_RACECHECK: AtomicBool = AtomicBool::new(false);

/// `_native.set_sim_racecheck(on)`: called by `oxcuda.config` whenever a setting changes.
#[pyfunction]
pub fn set_sim_racecheck(on: bool) -> PyResult<()> {
    guard(|| {
        SIM_RACECHECK.store(on, Ordering::Relaxed);
        Ok(())
    })
}

/// A kernel prepared for the CPU simulator.
#[pyclass(frozen, module = "oxcuda._native")]
#[derive(Debug)]
pub struct SimKernel {
    program: oxcuda_sim::Program,
    params: Vec<Type>,
    name: String,
    /// The dispatcher's reader of this kernel's compile stages (`inspect_llvm`, `inspect_asm`).
    stages: Stages,
}

#[pymethods]
impl SimKernel {
    /// Prepares the kernel (function 0) of `module` for the simulator; `stages` as for
    /// `GpuKernel`. `hosts` maps the symbol of each external function the module calls to the
    /// address of its host thunk (`oxcuda.cuda._sim_native_code`); the caller keeps the
    /// library holding them loaded for as long as this kernel.
    #[new]
    #[pyo3(signature = (module, stages=None, hosts=None))]
    fn new(
        py: Python<'_>,
        module: &IrModule,
        stages: Option<Py<PyAny>>,
        hosts: Option<HashMap<String, usize>>,
    ) -> PyResult<Self> {
        guard(|| {
            let m = &module.module;
            let mut bound = oxcuda_sim::HostFunctions::new();
            for (symbol, address) in hosts.unwrap_or_default() {
                // SAFETY: the caller's contract: each address is a thunk of the host build
                // generated for this module's declaration of `symbol` (`_sim_native_code`),
                // loaded for as long as this kernel lives.
                if !unsafe { bound.insert(&symbol, address) } {
                    return Err(PyValueError::new_err(format!(
                        "the host build of {symbol} has a null address"
                    )));
                }
            }
            let program =
                oxcuda_sim::prepare_with_hosts(m, &bound).map_err(|e| sim_error(py, e))?;
            let entry = &m.functions[0];
            Ok(Self {
                program,
                params: entry.params.clone(),
                name: entry.display_name.clone(),
                stages: Stages::new(stages),
            })
        })
    }

    /// The kernel's NVVM IR, written on demand (numba's `_Kernel.inspect_llvm()`).
    fn inspect_llvm(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard(|| self.stages.read(py, "nvvm"))
    }

    /// The kernel's PTX, compiled on demand (numba's `_Kernel.inspect_asm(cc)`): for the
    /// compile's compute capability, or for `cc` (a `(major, minor)` tuple) when given.
    #[pyo3(signature = (cc=None))]
    fn inspect_asm(&self, py: Python<'_>, cc: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        guard(|| self.stages.read_for(py, "ptx", cc))
    }

    /// Runs the kernel on the CPU; the arrays must be host-backend arrays.
    fn launch(
        &self,
        py: Python<'_>,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        shared: u32,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<()> {
        guard(|| {
            let read = checked_args(&self.name, &self.params, args)?;
            let config = launch_config(grid, block, shared);
            self.launch_read(py, &config, &read)
        })
    }

    #[getter]
    fn name(&self) -> PyResult<String> {
        guard(|| Ok(self.name.clone()))
    }

    /// Whether the code synchronises the grid, so the simulator launches it cooperatively
    /// (numba's `_Kernel.cooperative`, as `GpuKernel.cooperative`).
    #[getter]
    fn cooperative(&self) -> PyResult<bool> {
        guard(|| Ok(self.program.uses_grid_sync()))
    }

    /// The largest grid of `blockdim` threads (an int or a tuple of 1 to 3) that a cooperative
    /// launch on the simulator takes: it holds at most `MAX_COOPERATIVE_THREADS` threads
    /// co-resident (0 when a block alone is too large, as for the GPU's occupancy).
    #[pyo3(signature = (blockdim, dynsmemsize=0))]
    fn max_cooperative_grid_blocks(
        &self,
        blockdim: &Bound<'_, PyAny>,
        dynsmemsize: usize,
    ) -> PyResult<u64> {
        guard(|| {
            let threads = block_threads(blockdim)?;
            if u64::from(threads) > oxcuda_sim::MAX_THREADS_PER_BLOCK
                || dynsmemsize > oxcuda_sim::SHARED_BYTES_PER_BLOCK_OPT_IN
            {
                return Ok(0);
            }
            Ok(oxcuda_sim::MAX_COOPERATIVE_THREADS / u64::from(threads))
        })
    }
}

impl SimKernel {
    /// Runs the kernel on the CPU with arguments already read and checked against the
    /// parameters; array arguments must be host-backend arrays, kept alive by the caller's
    /// argument tuple for the whole (synchronous) launch.
    pub fn launch_read(&self, py: Python<'_>, config: &LaunchConfig, read: &[Arg]) -> PyResult<()> {
        let mut values = Vec::with_capacity(read.len());
        // A type object is a compile-time value: the IR kernel has no parameter for it.
        let runtime = read.iter().filter(|a| !matches!(a, launch::Arg::Class(_)));
        for (a, ty) in runtime.zip(&self.params) {
            // SAFETY: host-backend arrays are kept alive by the caller's arguments for the
            // whole launch, which is synchronous; a `CPointer` argument's allocation by the
            // caller, as on the GPU.
            values.push(unsafe { args::to_sim_typed(a, ty) }?);
        }
        let program = &self.program;
        let sim_config = oxcuda_sim::LaunchConfig {
            dynamic_shared_bytes: config.shared as usize,
            racecheck: SIM_RACECHECK.load(Ordering::Relaxed),
            cooperative: program.uses_grid_sync(),
            ..oxcuda_sim::LaunchConfig::new(config.grid, config.block)
        };
        let (result, printed) = py.detach(|| {
            let _ctrl_c = crate::launch::sim_interrupt::SigintHook::install();
            oxcuda_sim::launch_with_output(program, &sim_config, &values, &[])
        });
        if !printed.is_empty() {
            // The kernel's `print` lines go where Python's own output goes (sys.stdout), so
            // redirect_stdout and pytest's capsys capture them (docs/simulator.md).
            py.import("sys")?
                .getattr("stdout")?
                .call_method1("write", (printed,))?;
        }
        result.map_err(|e| sim_error(py, e))
    }
}

/// `_native.typeof_args(args)`: the type of each launch argument, as the dispatcher's key.
#[pyfunction]
pub(crate) fn typeof_args(args: &Bound<'_, PyTuple>) -> PyResult<Vec<String>> {
    guard(|| {
        Ok(args::read_all(args)?
            .iter()
            .map(|a| a.ty().to_string())
            .collect())
    })
}
