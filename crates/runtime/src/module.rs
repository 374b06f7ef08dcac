//! Loaded GPU code: a [`Kernel`] is one kernel of a cubin (or PTX, or fatbin) image loaded
//! into a device context, with its attributes, its occupancy, its module globals and its
//! launch.
//!
//! Invariants:
//! - a `Kernel` owns its module and keeps its context alive (an `Arc<DeviceContext>`), so the
//!   module is unloaded — with the context current — before the context can go; the one
//!   exception is a kernel of a context-independent library ([`Kernel::from_library`]), whose
//!   module belongs to the library: its owner (the caller) keeps the library loaded for as
//!   long as the kernel lives, and the kernel never unloads it;
//! - every driver call on the module or the function makes the kernel's context current first,
//!   so a kernel may be used from any thread;
//! - a launch asking for more dynamic shared memory than the function currently allows raises
//!   the function's `MAX_DYNAMIC_SHARED_SIZE_BYTES` first (the driver's opt-in to more than
//!   48 KiB per block, which numba-cuda leaves to the user: its issue #94). The allowance only
//!   grows, under a lock, so concurrent launches never lower what another one set; a launch
//!   within it pays one atomic load.

use std::ffi::c_void;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use oxcuda_driver::DriverError;
use oxcuda_driver::module::FunctionAttribute;
use oxcuda_driver::sys::{CuFunction, CuModule, CuStream};

use crate::context::DeviceContext;
use crate::launch::LaunchConfig;

/// A kernel attribute by the name Python uses (`num_regs`, …): `None` for an unknown name.
fn attribute_by_name(name: &str) -> Option<FunctionAttribute> {
    Some(match name {
        "num_regs" => FunctionAttribute::NumRegs,
        "shared_size_bytes" => FunctionAttribute::SharedSizeBytes,
        "local_size_bytes" => FunctionAttribute::LocalSizeBytes,
        "const_size_bytes" => FunctionAttribute::ConstSizeBytes,
        "max_threads_per_block" => FunctionAttribute::MaxThreadsPerBlock,
        "ptx_version" => FunctionAttribute::PtxVersion,
        "binary_version" => FunctionAttribute::BinaryVersion,
        _ => return None,
    })
}

/// The names [`Kernel::attribute`] knows.
pub const KERNEL_ATTRIBUTES: &[&str] = &[
    "num_regs",
    "shared_size_bytes",
    "local_size_bytes",
    "const_size_bytes",
    "max_threads_per_block",
    "ptx_version",
    "binary_version",
];

/// Why a kernel attribute could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttributeError {
    /// Not one of [`KERNEL_ATTRIBUTES`].
    Unknown(String),
    /// The driver refused.
    Driver(DriverError),
}

/// One kernel of a loaded module.
#[derive(Debug)]
pub struct Kernel {
    ctx: Arc<DeviceContext>,
    module: CuModule,
    /// Whether `module` is this kernel's to unload (false for a library's kernel).
    owns_module: bool,
    function: CuFunction,
    name: String,
    /// Launched with `cuLaunchCooperativeKernel`: the code synchronises the grid
    /// (docs/cooperative-groups.md), so every block must be resident at once.
    cooperative: bool,
    /// Dynamic shared memory (bytes) a launch is known to be allowed: 0 until a launch asks
    /// for some, then at least the function's `MAX_DYNAMIC_SHARED_SIZE_BYTES`.
    dynamic_shared_allowed: AtomicU32,
    /// Held while raising the allowance, so that raises are ordered and never lower it.
    raising_dynamic_shared: Mutex<()>,
}

// SAFETY: module and function handles are plain driver handles usable from any thread with the
// context current (every use makes it current first).
unsafe impl Send for Kernel {}
// SAFETY: as above; launching and attribute queries are thread-safe in the driver.
unsafe impl Sync for Kernel {}

impl Kernel {
    /// Loads `image` into `ctx` and finds kernel `name` (its mangled, exported name).
    ///
    /// # Errors
    /// The driver's error for an image it will not load, or `CUDA_ERROR_NOT_FOUND` when the
    /// image has no kernel `name` (the module is unloaded again).
    pub fn load(ctx: &Arc<DeviceContext>, image: &[u8], name: &str) -> Result<Self, DriverError> {
        ctx.make_current()?;
        let driver = ctx.driver();
        let module = driver.load_module(image)?;
        // SAFETY: the module was just loaded.
        match unsafe { driver.module_function(module, name) } {
            Ok(function) => Ok(Self::made(ctx, module, true, function, name)),
            Err(e) => {
                // SAFETY: just loaded, unused, context current.
                let _ = unsafe { driver.unload_module(module) };
                Err(e)
            }
        }
    }

    /// Kernel `name` of a context-independent library loaded by someone else
    /// (`cuLibraryLoadData`, e.g. cuda.core's `ObjectCode`): `kernel` is its `CUkernel`, whose
    /// function in `ctx` is looked up here.
    ///
    /// # Safety
    /// `kernel` is a live `CUkernel`, and its library stays loaded for as long as the returned
    /// `Kernel` lives (it does not own the library).
    ///
    /// # Errors
    /// The driver's error for a handle that is no kernel.
    pub unsafe fn from_library(
        ctx: &Arc<DeviceContext>,
        kernel: *mut c_void,
        name: &str,
    ) -> Result<Self, DriverError> {
        ctx.make_current()?;
        // SAFETY: forwarded from the caller; the context is current.
        let (function, module) = unsafe { ctx.driver().library_kernel_function(kernel) }?;
        Ok(Self::made(ctx, module, false, function, name))
    }

    fn made(
        ctx: &Arc<DeviceContext>,
        module: CuModule,
        owns_module: bool,
        function: CuFunction,
        name: &str,
    ) -> Self {
        Self {
            ctx: Arc::clone(ctx),
            module,
            owns_module,
            function,
            name: name.to_owned(),
            cooperative: false,
            dynamic_shared_allowed: AtomicU32::new(0),
            raising_dynamic_shared: Mutex::new(()),
        }
    }

    /// The kernel, launched cooperatively from now on when `cooperative` (its code
    /// synchronises the grid).
    #[must_use]
    pub fn with_cooperative(mut self, cooperative: bool) -> Self {
        self.cooperative = cooperative;
        self
    }

    /// Whether launches are cooperative (`cuLaunchCooperativeKernel`).
    #[must_use]
    pub fn is_cooperative(&self) -> bool {
        self.cooperative
    }

    /// Most blocks of `block_threads` threads with `dynamic_shared` bytes of dynamic shared
    /// memory resident on the whole device at once: the occupancy calculator's blocks per
    /// multiprocessor times the multiprocessors. A cooperative launch may not exceed it.
    ///
    /// # Errors
    /// The driver's error.
    pub fn max_co_resident_blocks(
        &self,
        block_threads: u32,
        dynamic_shared: usize,
    ) -> Result<(u32, i32), DriverError> {
        let per_sm = self.max_active_blocks_per_multiprocessor(block_threads, dynamic_shared)?;
        // CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT (the driver's table names it).
        let sm_count =
            oxcuda_driver::device::attribute_by_name("MULTIPROCESSOR_COUNT").map_or(16, |a| a.code);
        let sms = self
            .ctx
            .driver()
            .device_attribute(self.ctx.device(), sm_count)?;
        Ok((per_sm, sms))
    }

    /// The context the kernel is loaded in.
    #[must_use]
    pub fn context(&self) -> &Arc<DeviceContext> {
        &self.ctx
    }

    /// The kernel's name in its image.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The device address and size in bytes of module global `name`.
    ///
    /// # Errors
    /// `CUDA_ERROR_NOT_FOUND` when the module has no such global.
    pub fn global(&self, name: &str) -> Result<(u64, usize), DriverError> {
        self.ctx.make_current()?;
        // SAFETY: the module is live (owned by `self`) and its context current.
        unsafe { self.ctx.driver().module_global(self.module, name) }
    }

    /// Launches the kernel with `config` on `stream` (a `CUstream` handle: 0 for the legacy
    /// default stream, or one of the driver's special handles).
    ///
    /// # Safety
    /// `params` holds one pointer per kernel parameter, each to a value of the parameter's
    /// size (the ABI of `docs/abi.md`; [`crate::launch::pack`] writes them), valid for the
    /// call; `stream` is 0, a special handle, or a live stream of this kernel's context; the
    /// configuration has passed [`LaunchConfig::check`].
    ///
    /// # Errors
    /// The driver's error, its description naming the kernel.
    pub unsafe fn launch(
        &self,
        config: &LaunchConfig,
        stream: usize,
        params: &mut [*mut c_void],
    ) -> Result<(), DriverError> {
        self.ctx.make_current()?;
        // SAFETY: forwarded from the caller's contract; the kernel's context is now current.
        unsafe { self.launch_in_current(config, stream, params) }
    }

    /// [`Self::launch`] for a caller that has just read the calling thread's current context
    /// and found this kernel's: the launch makes no second `cuCtxGetCurrent`.
    ///
    /// # Safety
    /// As [`Self::launch`], and this kernel's context is current on the calling thread.
    ///
    /// # Errors
    /// The driver's error, its description naming the kernel.
    pub unsafe fn launch_in_current(
        &self,
        config: &LaunchConfig,
        stream: usize,
        params: &mut [*mut c_void],
    ) -> Result<(), DriverError> {
        self.allow_dynamic_shared(config.shared)?;
        // SAFETY: forwarded from the caller's contract; the kernel's context is current.
        unsafe {
            self.ctx.driver().launch(
                self.function,
                config.grid,
                config.block,
                config.shared,
                stream as CuStream,
                params,
                self.cooperative,
            )
        }
        .map_err(|mut e| {
            e.description = format!("{} (launching kernel {})", e.description, self.name);
            e
        })
    }

    /// Launches `n` times with the same parameters: the raw driver's cost per launch, for
    /// benchmarks that compare a launch through Python with it.
    ///
    /// # Safety
    /// As [`Self::launch`].
    ///
    /// # Errors
    /// The first driver error.
    pub unsafe fn launch_repeatedly(
        &self,
        config: &LaunchConfig,
        stream: usize,
        params: &mut [*mut c_void],
        n: usize,
    ) -> Result<(), DriverError> {
        self.ctx.make_current()?;
        self.allow_dynamic_shared(config.shared)?;
        let driver = self.ctx.driver();
        for _ in 0..n {
            // SAFETY: as in `launch`.
            unsafe {
                driver.launch(
                    self.function,
                    config.grid,
                    config.block,
                    config.shared,
                    stream as CuStream,
                    params,
                    self.cooperative,
                )
            }?;
        }
        Ok(())
    }

    /// Makes a launch with `bytes` of dynamic shared memory allowed: within the allowance
    /// already known, nothing; past it, [`Self::raise_dynamic_shared`]. The kernel's context
    /// must be current.
    ///
    /// # Errors
    /// The driver's error when the device cannot give that much (past its
    /// `MAX_SHARED_MEMORY_PER_BLOCK_OPTIN` less the static shared memory).
    fn allow_dynamic_shared(&self, bytes: u32) -> Result<(), DriverError> {
        if bytes <= self.dynamic_shared_allowed.load(Ordering::Acquire) {
            return Ok(());
        }
        self.raise_dynamic_shared(bytes)
    }

    /// Reads the function's dynamic shared-memory allowance and raises it to `bytes` when it
    /// is less, then records it. The kernel's context must be current.
    ///
    /// # Errors
    /// As [`Self::allow_dynamic_shared`].
    #[cold]
    fn raise_dynamic_shared(&self, bytes: u32) -> Result<(), DriverError> {
        let _raising = self
            .raising_dynamic_shared
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let known = self.dynamic_shared_allowed.load(Ordering::Acquire);
        if bytes <= known {
            return Ok(());
        }
        let driver = self.ctx.driver();
        // SAFETY: the function handle lives as long as the module, which `self` owns; the
        // caller made its context current.
        let current = unsafe {
            driver.function_attribute(self.function, FunctionAttribute::MaxDynamicSharedSizeBytes)
        }?;
        let current = u32::try_from(current).unwrap_or(0).max(known);
        if bytes > current {
            // SAFETY: as above.
            unsafe { driver.set_max_dynamic_shared_size(self.function, bytes) }?;
        }
        self.dynamic_shared_allowed
            .store(bytes.max(current), Ordering::Release);
        Ok(())
    }

    /// The most shared memory (static plus dynamic, bytes) one block of this kernel can have
    /// on its device: `CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN`.
    ///
    /// # Errors
    /// The driver's error.
    pub fn shared_memory_opt_in_limit(&self) -> Result<i32, DriverError> {
        let code = oxcuda_driver::device::attribute_by_name("MAX_SHARED_MEMORY_PER_BLOCK_OPTIN")
            .map_or(97, |a| a.code);
        self.ctx.driver().device_attribute(self.ctx.device(), code)
    }

    /// Most blocks of `block_threads` threads with `dynamic_shared` bytes of dynamic shared
    /// memory resident on one multiprocessor at once (the occupancy calculator's answer).
    ///
    /// # Errors
    /// The driver's error.
    pub fn max_active_blocks_per_multiprocessor(
        &self,
        block_threads: u32,
        dynamic_shared: usize,
    ) -> Result<u32, DriverError> {
        self.ctx.make_current()?;
        // SAFETY: the function handle lives as long as the module, which `self` owns; its
        // context was just made current.
        unsafe {
            self.ctx.driver().max_active_blocks_per_multiprocessor(
                self.function,
                block_threads,
                dynamic_shared,
            )
        }
    }

    /// Sets the kernel's preferred shared-memory carveout: the percentage (0 to 100) of the
    /// unified L1/shared memory given to shared memory, or -1 for the driver's default.
    ///
    /// # Errors
    /// The driver's error (an out-of-range value is `CUDA_ERROR_INVALID_VALUE`).
    pub fn set_shared_memory_carveout(&self, percent: i32) -> Result<(), DriverError> {
        self.ctx.make_current()?;
        // SAFETY: the function handle lives as long as the module, which `self` owns; its
        // context was just made current.
        unsafe {
            self.ctx
                .driver()
                .set_preferred_shared_memory_carveout(self.function, percent)
        }
    }

    /// A `CU_FUNC_ATTRIBUTE_*` value by name (one of [`KERNEL_ATTRIBUTES`]).
    ///
    /// # Errors
    /// [`AttributeError::Unknown`] for another name; the driver's error.
    pub fn attribute(&self, name: &str) -> Result<i32, AttributeError> {
        let attr = attribute_by_name(name).ok_or_else(|| AttributeError::Unknown(name.into()))?;
        self.ctx.make_current().map_err(AttributeError::Driver)?;
        // SAFETY: the function handle lives as long as the module, which `self` owns.
        unsafe { self.ctx.driver().function_attribute(self.function, attr) }
            .map_err(AttributeError::Driver)
    }
}

impl Drop for Kernel {
    fn drop(&mut self) {
        if self.owns_module && self.ctx.make_current().is_ok() {
            // SAFETY: the module is live and no longer used (the kernel is being dropped).
            let _ = unsafe { self.ctx.driver().unload_module(self.module) };
        }
    }
}
