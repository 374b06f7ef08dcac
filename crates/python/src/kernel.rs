//! Compiled kernels, ready to launch: [`GpuKernel`] (a cubin loaded into a context) and
//! [`SimKernel`] (typed IR prepared for the CPU simulator), plus [`IrModule`], the typed IR a
//! compile produced.
//!
//! Invariant: a `GpuKernel` keeps its context alive (an `Arc<DeviceContext>`), so its module is
//! unloaded — with the context current — before the context can go.

use std::ffi::c_void;
use std::sync::Arc;

use oxcuda_driver::module::FunctionAttribute;
use oxcuda_driver::sys::{CuFunction, CuModule, CuStream};
use oxcuda_ir::{Module, Type};
use oxcuda_runtime::context::DeviceContext;
use oxcuda_types::parse_type;
use pyo3::exceptions::{PyAssertionError, PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use smallvec::SmallVec;

use crate::args::{self, Arg, Args, Slots};
use crate::boundary::{ErrorKind, driver_error, guard, raise};

/// Typed IR produced by a compile (the simulator's input).
#[pyclass(frozen, module = "oxcuda._native")]
#[derive(Debug, Clone)]
pub struct IrModule {
    pub module: Module,
}

#[pymethods]
impl IrModule {
    fn __str__(&self) -> String {
        self.module.to_string()
    }
}

fn parse_params(params: &[String]) -> PyResult<Vec<Type>> {
    params
        .iter()
        .map(|p| {
            parse_type(p)
                .map_err(|e| PyValueError::new_err(format!("bad parameter type {p:?}: {e}")))
        })
        .collect()
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
        if !args::compatible(&got, p) {
            return Err(PyTypeError::new_err(format!(
                "{name}() argument {i}: expected {p}, got {got}"
            )));
        }
    }
    Ok(read)
}

/// A kernel loaded on a GPU.
#[pyclass(frozen, module = "oxcuda._native")]
#[derive(Debug)]
pub struct GpuKernel {
    ctx: Arc<DeviceContext>,
    module: CuModule,
    function: CuFunction,
    params: Vec<Type>,
    #[pyo3(get)]
    name: String,
    /// The checked `assert`s of a debug kernel (`None`: nothing to check after a launch).
    asserts: Option<crate::assertions::Asserts>,
}

// SAFETY: module and function handles are plain driver handles usable from any thread with the
// context current (every use makes it current first).
unsafe impl Send for GpuKernel {}
// SAFETY: as above; launching is thread-safe in the driver.
unsafe impl Sync for GpuKernel {}

#[pymethods]
impl GpuKernel {
    /// Loads `cubin` into the calling thread's current context and finds kernel `name`.
    /// `asserts` is the compile's `(kernel's Python name, checked asserts)`, for a debug
    /// kernel that has some.
    #[new]
    #[pyo3(signature = (cubin, name, params, asserts=None))]
    fn new(
        py: Python<'_>,
        cubin: &[u8],
        name: &str,
        params: Vec<String>,
        asserts: Option<(String, Vec<crate::assertions::Site>)>,
    ) -> PyResult<Self> {
        guard(|| {
            let rt = crate::runtime::runtime(py)?;
            let ctx = rt
                .current()
                .map_err(|e| raise(py, ErrorKind::CudaSupport, (e.to_string(),)))?;
            ctx.make_current().map_err(|e| driver_error(py, &e))?;
            let driver = ctx.driver();
            let module = driver
                .load_module(cubin)
                .map_err(|e| driver_error(py, &e))?;
            // SAFETY: the module was just loaded.
            let function = match unsafe { driver.module_function(module, name) } {
                Ok(f) => f,
                Err(e) => {
                    // SAFETY: just loaded, unused, context current.
                    let _ = unsafe { driver.unload_module(module) };
                    return Err(driver_error(py, &e));
                }
            };
            let (kernel, sites) = asserts.unwrap_or_default();
            let asserts = match crate::assertions::Asserts::find(py, &ctx, module, kernel, sites) {
                Ok(a) => a,
                Err(e) => {
                    // SAFETY: just loaded, unused, context current.
                    let _ = unsafe { driver.unload_module(module) };
                    return Err(e);
                }
            };
            Ok(Self {
                ctx,
                module,
                function,
                params: parse_params(&params)?,
                name: name.to_owned(),
                asserts,
            })
        })
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
            self.launch_read(
                py,
                [grid.0, grid.1, grid.2],
                [block.0, block.1, block.2],
                stream,
                shared,
                &read,
            )
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
            let mut slots = self.pack(&read);
            let mut ptrs = param_pointers(&mut slots);
            self.ctx.make_current().map_err(|e| driver_error(py, &e))?;
            let driver = self.ctx.driver();
            for _ in 0..n {
                // SAFETY: as in `launch_read`: one pointer per parameter, alive for the call.
                unsafe {
                    driver.launch(
                        self.function,
                        [grid.0, grid.1, grid.2],
                        [block.0, block.1, block.2],
                        shared,
                        stream as CuStream,
                        &mut ptrs,
                    )
                }
                .map_err(|e| driver_error(py, &e))?;
            }
            Ok(())
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
        self.ctx.make_current().map_err(|e| driver_error(py, &e))?;
        // SAFETY: the function handle lives as long as the module, which `self` owns; its
        // context was just made current.
        unsafe {
            self.ctx.driver().max_active_blocks_per_multiprocessor(
                self.function,
                block_threads,
                dynamic_shared,
            )
        }
        .map_err(|e| driver_error(py, &e))
    }

    /// A `CU_FUNC_ATTRIBUTE_*` value: `"num_regs"`, `"shared_size_bytes"`,
    /// `"local_size_bytes"`, `"const_size_bytes"`, `"max_threads_per_block"`.
    fn attribute(&self, py: Python<'_>, name: &str) -> PyResult<i32> {
        let attr = match name {
            "num_regs" => FunctionAttribute::NumRegs,
            "shared_size_bytes" => FunctionAttribute::SharedSizeBytes,
            "local_size_bytes" => FunctionAttribute::LocalSizeBytes,
            "const_size_bytes" => FunctionAttribute::ConstSizeBytes,
            "max_threads_per_block" => FunctionAttribute::MaxThreadsPerBlock,
            "ptx_version" => FunctionAttribute::PtxVersion,
            "binary_version" => FunctionAttribute::BinaryVersion,
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown kernel attribute {other:?}"
                )));
            }
        };
        // SAFETY: the function handle lives as long as the module, which `self` owns.
        unsafe { self.ctx.driver().function_attribute(self.function, attr) }
            .map_err(|e| driver_error(py, &e))
    }
}

/// CUDA's launch limits on every supported GPU (compute capability 7.5 and newer).
const MAX_BLOCK: [u32; 3] = [1024, 1024, 64];
const MAX_GRID: [u32; 3] = [i32::MAX as u32, 65535, 65535];
const MAX_THREADS_PER_BLOCK: u32 = 1024;

/// Checks a launch configuration against the device limits, naming the one exceeded.
pub fn check_config(grid: [u32; 3], block: [u32; 3]) -> PyResult<()> {
    let axes = ["x", "y", "z"];
    for k in 0..3 {
        if block[k] == 0 || grid[k] == 0 {
            return Err(PyValueError::new_err(format!(
                "grid {grid:?} and block {block:?} must be at least 1 in every dimension"
            )));
        }
        if block[k] > MAX_BLOCK[k] {
            return Err(PyValueError::new_err(format!(
                "block dimension {} is {}, above the limit of {} (MAX_BLOCK_DIM_{})",
                axes[k],
                block[k],
                MAX_BLOCK[k],
                axes[k].to_uppercase()
            )));
        }
        if grid[k] > MAX_GRID[k] {
            return Err(PyValueError::new_err(format!(
                "grid dimension {} is {}, above the limit of {} (MAX_GRID_DIM_{})",
                axes[k],
                grid[k],
                MAX_GRID[k],
                axes[k].to_uppercase()
            )));
        }
    }
    let threads = u64::from(block[0]) * u64::from(block[1]) * u64::from(block[2]);
    if threads > u64::from(MAX_THREADS_PER_BLOCK) {
        return Err(PyValueError::new_err(format!(
            "{threads} threads per block ({}×{}×{}) exceed the limit of {MAX_THREADS_PER_BLOCK} \
             (MAX_THREADS_PER_BLOCK)",
            block[0], block[1], block[2]
        )));
    }
    Ok(())
}

/// `cuLaunchKernel`'s parameter array: one pointer to each slot.
fn param_pointers(slots: &mut Slots) -> SmallVec<[*mut c_void; 32]> {
    slots.iter_mut().map(|s| s.as_mut_ptr().cast()).collect()
}

impl GpuKernel {
    /// The parameter values of arguments already read and checked, in ABI order.
    fn pack(&self, read: &[Arg]) -> Slots {
        let mut slots = Slots::new();
        for (a, p) in read.iter().zip(&self.params) {
            args::pack(a, p, &mut slots);
        }
        slots
    }

    /// The kernel's parameter types.
    pub fn params(&self) -> &[Type] {
        &self.params
    }

    /// For a failed launch: a sentence on shared memory when the kernel's static plus
    /// `dynamic` shared memory exceeds what a block may use without opting in (the usual
    /// cause of `CUDA_ERROR_INVALID_VALUE` with a large sharedmem); empty otherwise.
    fn shared_memory_note(&self, dynamic: u32) -> String {
        let limit = oxcuda_sim::SHARED_BYTES_PER_BLOCK as u64;
        // SAFETY: the function handle lives as long as the module, which `self` owns.
        let fixed = unsafe {
            self.ctx
                .driver()
                .function_attribute(self.function, FunctionAttribute::SharedSizeBytes)
        }
        .map_or(0, |v| u64::try_from(v).unwrap_or(0));
        let total = fixed + u64::from(dynamic);
        if total <= limit {
            return String::new();
        }
        format!(
            ": kernel {} needs {total} bytes of shared memory per block ({fixed} static + \
             {dynamic} dynamic), more than the {limit} bytes (48 KiB) a block may use",
            self.name
        )
    }

    /// Launches with arguments already read and checked against the parameters.
    pub fn launch_read(
        &self,
        py: Python<'_>,
        grid: [u32; 3],
        block: [u32; 3],
        stream: usize,
        shared: u32,
        read: &[Arg],
    ) -> PyResult<()> {
        check_config(grid, block)?;
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
        let mut slots = self.pack(read);
        let mut ptrs = param_pointers(&mut slots);
        self.ctx.make_current().map_err(|e| driver_error(py, &e))?;
        // SAFETY: one pointer per parameter, each to 16 bytes (at least the parameter's size),
        // alive for the call; the kernel's context is current.
        unsafe {
            self.ctx.driver().launch(
                self.function,
                grid,
                block,
                shared,
                stream as CuStream,
                &mut ptrs,
            )
        }
        .map_err(|mut e| {
            e.description = format!(
                "{} (launching kernel {}){}",
                e.description,
                self.name,
                self.shared_memory_note(shared)
            );
            driver_error(py, &e)
        })?;
        match &self.asserts {
            Some(asserts) => asserts.check(py, &self.ctx, stream as CuStream),
            None => Ok(()),
        }
    }
}

impl Drop for GpuKernel {
    fn drop(&mut self) {
        if self.ctx.make_current().is_ok() {
            // SAFETY: the module is live and no longer used (the kernel is being dropped).
            let _ = unsafe { self.ctx.driver().unload_module(self.module) };
        }
    }
}

/// A kernel prepared for the CPU simulator.
#[pyclass(module = "oxcuda._native")]
#[derive(Debug)]
pub struct SimKernel {
    program: oxcuda_sim::Program,
    params: Vec<Type>,
    #[pyo3(get)]
    name: String,
}

fn sim_error(py: Python<'_>, e: oxcuda_sim::SimError) -> PyErr {
    use oxcuda_sim::SimErrorKind as K;
    match e.kind {
        K::IndexError => PyIndexError::new_err(e.message),
        K::AssertionError => PyAssertionError::new_err(e.message),
        K::LaunchError => PyValueError::new_err(e.message),
        K::InternalError => raise(py, ErrorKind::InternalCompiler, (e.message,)),
        K::BarrierError | K::UnsupportedError => PyRuntimeError::new_err(e.message),
        K::Interrupted => crate::sim_interrupt::interrupted(py, e.message),
        K::RaceError => raise(py, ErrorKind::Race, (e.message,)),
    }
}

#[pymethods]
impl SimKernel {
    /// Prepares the kernel (function 0) of `module` for the simulator.
    #[new]
    fn new(py: Python<'_>, module: &IrModule) -> PyResult<Self> {
        guard(|| {
            let m = &module.module;
            let program = oxcuda_sim::prepare(m).map_err(|e| sim_error(py, e))?;
            let entry = &m.functions[0];
            Ok(Self {
                program,
                params: entry.params.clone(),
                name: entry.display_name.clone(),
            })
        })
    }

    /// Runs the kernel on the CPU; the arrays must be host-backend arrays. With `racecheck`,
    /// detects data races and uninitialised shared reads (`RaceError`).
    #[pyo3(signature = (grid, block, shared, args, racecheck = false))]
    fn launch(
        &self,
        py: Python<'_>,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        shared: usize,
        args: &Bound<'_, PyTuple>,
        racecheck: bool,
    ) -> PyResult<()> {
        guard(|| {
            let read = checked_args(&self.name, &self.params, args)?;
            let mut values = Vec::with_capacity(read.len());
            for a in &read {
                // SAFETY: host-backend arrays are kept alive by `args` (held by the caller)
                // for the whole launch, which is synchronous.
                values.push(unsafe { args::to_sim(a) }?);
            }
            let program = &self.program;
            let result = py.detach(|| {
                let _ctrl_c = crate::sim_interrupt::SigintHook::install();
                let config = oxcuda_sim::LaunchConfig {
                    dynamic_shared_bytes: shared,
                    racecheck,
                    ..oxcuda_sim::LaunchConfig::new(
                        [grid.0, grid.1, grid.2],
                        [block.0, block.1, block.2],
                    )
                };
                oxcuda_sim::launch_with(program, &config, &values, &[])
            });
            result.map_err(|e| sim_error(py, e))
        })
    }
}

/// `_native.signature_accepts(params, types)`: whether arguments of `types` may be passed for
/// parameters `params` (both lists of type texts), as an eager signature's check.
#[pyfunction]
fn signature_accepts(params: Vec<String>, types: Vec<String>) -> PyResult<bool> {
    let params = parse_params(&params)?;
    let types = parse_params(&types)?;
    Ok(params.len() == types.len()
        && types
            .iter()
            .zip(&params)
            .all(|(t, p)| args::compatible(t, p)))
}

/// `_native.typeof_args(args)`: the type of each launch argument, as the dispatcher's key.
#[pyfunction]
fn typeof_args(args: &Bound<'_, PyTuple>) -> PyResult<Vec<String>> {
    Ok(args::read_all(args)?
        .iter()
        .map(|a| a.ty().to_string())
        .collect())
}

/// `_native.convertible_args(got, want)`: how many arguments of types `got` need a conversion
/// to be passed for parameters `want` (0: an exact match), or `None` when some cannot be passed.
/// The dispatcher picks an eager signature with it.
#[pyfunction]
fn convertible_args(got: Vec<String>, want: Vec<String>) -> PyResult<Option<usize>> {
    let (got, want) = (parse_params(&got)?, parse_params(&want)?);
    if got.len() != want.len() {
        return Ok(None);
    }
    let mut conversions = 0;
    for (g, w) in got.iter().zip(&want) {
        if !args::compatible(g, w) {
            return Ok(None);
        }
        conversions += usize::from(g != w);
    }
    Ok(Some(conversions))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(convertible_args, m)?)?;
    m.add_class::<IrModule>()?;
    m.add_class::<crate::launcher::LaunchCache>()?;
    m.add_class::<crate::launcher::ConfiguredLaunch>()?;
    m.add_function(wrap_pyfunction!(crate::launcher::set_config_generation, m)?)?;
    m.add_class::<GpuKernel>()?;
    m.add_class::<SimKernel>()?;
    m.add_function(wrap_pyfunction!(typeof_args, m)?)?;
    m.add_function(wrap_pyfunction!(signature_accepts, m)?)?;
    Ok(())
}
