//! Contexts: where memory lives and work runs.
//!
//! A [`Space`] is either a GPU's primary context ([`DeviceContext`]) or the host backend
//! ([`HostContext`], the simulator's stand-in for a GPU). Every allocation holds an `Arc` to its
//! space, so a context outlives the last array in it.
//!
//! Invariants:
//! - a device's primary context is retained once per [`Runtime`] (in [`Runtime::context`]) and
//!   released when the last `Arc<DeviceContext>` is dropped — after `close()`, arrays still alive
//!   keep their context usable;
//! - the calling thread's selection is the driver's current context, the single source of truth
//!   (as in numba-cuda): [`Runtime::current`] reads it, adopting a primary context another library
//!   made current, and makes device 0's current when none is;
//! - every driver call about a context's memory first makes that context current
//!   ([`DeviceContext::make_current`]), so arrays of several devices can be mixed on one thread.

use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use oxcuda_driver::{Device, Driver, DriverError};

use crate::allocator::{CachingAllocator, RawError, RawMemory};
use crate::host::HostMemory;

/// A `CUcontext` as an address, so it can cross threads (the driver allows any thread to use it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ContextHandle(pub usize);

impl ContextHandle {
    /// The raw `CUcontext`.
    #[must_use]
    pub fn raw(self) -> *mut c_void {
        self.0 as *mut c_void
    }
}

/// Device memory of one context, as the caching allocator's raw source.
#[derive(Debug)]
pub struct DeviceMemory {
    driver: Arc<Driver>,
    ctx: ContextHandle,
}

impl DeviceMemory {
    fn current(&self) -> Result<(), DriverError> {
        make_current(&self.driver, self.ctx)
    }
}

fn make_current(driver: &Driver, ctx: ContextHandle) -> Result<(), DriverError> {
    if driver.current_context()? as usize != ctx.0 {
        // SAFETY: ctx is a retained primary context.
        unsafe { driver.set_current_context(ctx.raw()) }?;
    }
    Ok(())
}

impl RawMemory for DeviceMemory {
    type Error = DriverError;

    fn raw_alloc(&self, size: usize) -> Result<u64, RawError<DriverError>> {
        self.current().map_err(RawError::Other)?;
        self.driver.mem_alloc_device(size).map_err(|e| {
            if e.code == oxcuda_driver::memory::CUDA_ERROR_OUT_OF_MEMORY {
                RawError::OutOfMemory
            } else {
                RawError::Other(e)
            }
        })
    }

    unsafe fn raw_free(&self, ptr: u64, _size: usize) {
        // A failure here (a context already torn down by a fatal error) leaks the block; there
        // is nobody to report it to.
        if self.current().is_ok() {
            // SAFETY: the allocator's contract: ptr came from cuMemAlloc and is unused.
            let _ = unsafe { self.driver.mem_free_device(ptr) };
        }
    }

    fn synchronize(&self) -> Result<(), DriverError> {
        self.current()?;
        self.driver.synchronize_context()
    }

    fn memory_info(&self) -> Result<(usize, usize), DriverError> {
        self.current()?;
        self.driver.memory_info()
    }
}

/// A GPU's primary context and its memory cache.
#[derive(Debug)]
pub struct DeviceContext {
    driver: Arc<Driver>,
    device: Device,
    handle: ContextHandle,
    allocator: CachingAllocator<DeviceMemory>,
}

impl DeviceContext {
    /// The driver.
    #[must_use]
    pub fn driver(&self) -> &Arc<Driver> {
        &self.driver
    }

    /// The device.
    #[must_use]
    pub fn device(&self) -> Device {
        self.device
    }

    /// The `CUcontext`.
    #[must_use]
    pub fn handle(&self) -> ContextHandle {
        self.handle
    }

    /// The memory cache.
    #[must_use]
    pub fn allocator(&self) -> &CachingAllocator<DeviceMemory> {
        &self.allocator
    }

    /// Makes this context current on the calling thread (a no-op when it is).
    ///
    /// # Errors
    /// The driver's error.
    pub fn make_current(&self) -> Result<(), DriverError> {
        make_current(&self.driver, self.handle)
    }

    /// `cuCtxSynchronize` on this context.
    ///
    /// # Errors
    /// The driver's error, including faults of earlier asynchronous work.
    pub fn synchronize(&self) -> Result<(), DriverError> {
        self.make_current()?;
        self.driver.synchronize_context()
    }

    /// `(free, total)` device memory.
    ///
    /// # Errors
    /// The driver's error.
    pub fn memory_info(&self) -> Result<(usize, usize), DriverError> {
        self.allocator.raw().memory_info()
    }
}

impl Drop for DeviceContext {
    fn drop(&mut self) {
        let _ = self.allocator.flush();
        let _ = self.driver.primary_context_release(self.device);
    }
}

/// The host backend's "context": aligned host memory behind the same caching allocator.
#[derive(Debug)]
pub struct HostContext {
    allocator: CachingAllocator<HostMemory>,
}

impl HostContext {
    /// The process's host context.
    #[must_use]
    pub fn get() -> Arc<Self> {
        static HOST: OnceLock<Arc<HostContext>> = OnceLock::new();
        Arc::clone(HOST.get_or_init(|| {
            Arc::new(Self {
                allocator: CachingAllocator::new(HostMemory),
            })
        }))
    }

    /// The memory cache.
    #[must_use]
    pub fn allocator(&self) -> &CachingAllocator<HostMemory> {
        &self.allocator
    }
}

/// Where memory lives.
#[derive(Debug, Clone)]
pub enum Space {
    /// A GPU's primary context.
    Device(Arc<DeviceContext>),
    /// Host memory (the simulator's backend).
    Host(Arc<HostContext>),
}

impl Space {
    /// Whether the memory is addressable by the CPU (the host backend).
    #[must_use]
    pub fn is_host(&self) -> bool {
        matches!(self, Self::Host(_))
    }

    /// The device context, for the device backend.
    #[must_use]
    pub fn device(&self) -> Option<&Arc<DeviceContext>> {
        match self {
            Self::Device(c) => Some(c),
            Self::Host(_) => None,
        }
    }

    /// The `CUcontext` address of a GPU's context, 0 for the host backend: what a launch
    /// compares with the kernel's context, one integer per array (see `launch::Arg`).
    #[must_use]
    pub fn context_id(&self) -> usize {
        match self {
            Self::Device(c) => c.handle().0,
            Self::Host(_) => 0,
        }
    }

    /// Whether two spaces are the same context.
    #[must_use]
    pub fn same(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Device(a), Self::Device(b)) => Arc::ptr_eq(a, b),
            (Self::Host(_), Self::Host(_)) => true,
            _ => false,
        }
    }
}

/// The primary contexts of one driver, each retained once.
#[derive(Debug)]
pub struct Runtime {
    driver: Arc<Driver>,
    contexts: Mutex<HashMap<i32, Arc<DeviceContext>>>,
}

/// A non-primary context is current: oxcuda works only with primary contexts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContextError {
    /// A driver call failed.
    Driver(DriverError),
    /// The current context is not a device's primary context.
    NotPrimary,
    /// No device with this ordinal.
    NoDevice {
        /// The ordinal asked for.
        ordinal: i32,
        /// How many devices exist.
        count: i32,
    },
}

impl From<DriverError> for ContextError {
    fn from(e: DriverError) -> Self {
        Self::Driver(e)
    }
}

impl std::fmt::Display for ContextError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Driver(e) => e.fmt(f),
            Self::NotPrimary => f.write_str(
                "the thread's current CUDA context is not a primary context; oxcuda (like \
                 numba-cuda) works only with primary contexts: pop the other context first",
            ),
            Self::NoDevice { ordinal, count } => write!(
                f,
                "there is no CUDA device {ordinal}: {count} device(s) are visible (ordinals 0 to \
                 {})",
                count - 1
            ),
        }
    }
}

impl Runtime {
    /// A runtime over an initialised driver.
    #[must_use]
    pub fn new(driver: Arc<Driver>) -> Self {
        Self {
            driver,
            contexts: Mutex::new(HashMap::new()),
        }
    }

    /// The driver.
    #[must_use]
    pub fn driver(&self) -> &Arc<Driver> {
        &self.driver
    }

    /// The primary context of device `ordinal`, retained on first use.
    ///
    /// # Errors
    /// [`ContextError::NoDevice`] for a bad ordinal; the driver's errors.
    pub fn context(&self, ordinal: i32) -> Result<Arc<DeviceContext>, ContextError> {
        let mut contexts = self.contexts.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(c) = contexts.get(&ordinal) {
            return Ok(Arc::clone(c));
        }
        let count = self.driver.device_count()?;
        if !(0..count).contains(&ordinal) {
            return Err(ContextError::NoDevice { ordinal, count });
        }
        let device = self.driver.device(ordinal)?;
        let raw = self.driver.primary_context_retain(device)?;
        let handle = ContextHandle(raw as usize);
        let ctx = Arc::new(DeviceContext {
            driver: Arc::clone(&self.driver),
            device,
            handle,
            allocator: CachingAllocator::new(DeviceMemory {
                driver: Arc::clone(&self.driver),
                ctx: handle,
            }),
        });
        contexts.insert(ordinal, Arc::clone(&ctx));
        Ok(ctx)
    }

    /// Makes device `ordinal`'s primary context current on the calling thread.
    ///
    /// # Errors
    /// As [`context`](Self::context).
    pub fn select(&self, ordinal: i32) -> Result<Arc<DeviceContext>, ContextError> {
        let ctx = self.context(ordinal)?;
        // SAFETY: a retained primary context.
        unsafe { self.driver.set_current_context(ctx.handle.raw()) }?;
        Ok(ctx)
    }

    /// The calling thread's context: the driver's current one when it is a primary context,
    /// otherwise device 0's, made current.
    ///
    /// # Errors
    /// [`ContextError::NotPrimary`] when another kind of context is current; driver errors.
    pub fn current(&self) -> Result<Arc<DeviceContext>, ContextError> {
        let raw = self.driver.current_context()? as usize;
        if raw == 0 {
            return self.select(0);
        }
        if let Some(c) = self
            .contexts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .find(|c| c.handle.0 == raw)
        {
            return Ok(Arc::clone(c));
        }
        // Another library made a context current: adopt it if it is a primary context.
        let device = self.driver.current_context_device()?;
        let ctx = self.context(device.ordinal)?;
        if ctx.handle.0 == raw {
            Ok(ctx)
        } else {
            Err(ContextError::NotPrimary)
        }
    }

    /// The contexts this runtime holds, by ordinal.
    #[must_use]
    pub fn contexts(&self) -> Vec<Arc<DeviceContext>> {
        let mut v: Vec<_> = self
            .contexts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .cloned()
            .collect();
        v.sort_by_key(|c| c.device.ordinal);
        v
    }

    /// numba-cuda's `close()`: synchronises, empties the caches and drops this runtime's hold on
    /// every context, unbinding it from the calling thread. Arrays still alive keep their context.
    ///
    /// # Errors
    /// The first driver error met; the contexts are dropped regardless.
    pub fn close(&self) -> Result<(), DriverError> {
        let contexts: Vec<_> = self
            .contexts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .drain()
            .map(|(_, c)| c)
            .collect();
        let mut first = Ok(());
        for c in &contexts {
            let r = c.synchronize().and_then(|()| c.allocator.flush().map(drop));
            if first.is_ok() {
                first = r;
            }
        }
        let current = self.driver.current_context()? as usize;
        if contexts.iter().any(|c| c.handle.0 == current) {
            // SAFETY: null unbinds.
            unsafe { self.driver.set_current_context(std::ptr::null_mut()) }?;
        }
        first
    }
}
