//! Modules and kernels: loading a cubin, finding a kernel or a global, launching it, reading
//! its attributes.

use std::ffi::{CString, c_int, c_uint, c_void};

use crate::error::{DriverError, check};
use crate::sys::{CuDevicePtr, CuFunction, CuKernel, CuModule, CuStream, Driver};

/// `CUfunction_attribute` values oxcuda reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FunctionAttribute {
    /// Most threads per block the kernel can be launched with.
    MaxThreadsPerBlock = 0,
    /// Static shared memory per block, in bytes.
    SharedSizeBytes = 1,
    /// Constant memory, in bytes.
    ConstSizeBytes = 2,
    /// Local memory per thread, in bytes.
    LocalSizeBytes = 3,
    /// Registers per thread.
    NumRegs = 4,
    /// PTX ISA version the kernel was compiled for (major·10 + minor).
    PtxVersion = 5,
    /// SASS architecture (major·10 + minor).
    BinaryVersion = 6,
    /// Most dynamic shared memory a launch may request, in bytes (48 KiB less the static
    /// shared memory until raised with [`Driver::set_max_dynamic_shared_size`]).
    MaxDynamicSharedSizeBytes = 8,
}

impl Driver {
    /// Loads a cubin (or fatbin) image into the current context.
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_IMAGE`, `CUDA_ERROR_NO_BINARY_FOR_GPU`, …).
    pub fn load_module(&self, image: &[u8]) -> Result<CuModule, DriverError> {
        let mut module: CuModule = std::ptr::null_mut();
        // SAFETY: the image buffer outlives the call; the driver copies it.
        check(self, "cuModuleLoadData", unsafe {
            (self.module_load_data)(&raw mut module, image.as_ptr().cast())
        })?;
        Ok(module)
    }

    /// Finds a kernel in a module.
    ///
    /// # Safety
    /// `module` must be a live module handle.
    ///
    /// # Errors
    /// `CUDA_ERROR_NOT_FOUND` when the module has no such kernel.
    pub unsafe fn module_function(
        &self,
        module: CuModule,
        name: &str,
    ) -> Result<CuFunction, DriverError> {
        let cname = CString::new(name).unwrap_or_default();
        let mut f: CuFunction = std::ptr::null_mut();
        // SAFETY: module is live (the caller's contract); the name is NUL-terminated.
        check(self, "cuModuleGetFunction", unsafe {
            (self.module_get_function)(&raw mut f, module, cname.as_ptr())
        })?;
        Ok(f)
    }

    /// Finds a global variable of a module: its device address and size in bytes.
    ///
    /// # Safety
    /// `module` must be a live module handle, its context current.
    ///
    /// # Errors
    /// `CUDA_ERROR_NOT_FOUND` when the module has no such (externally visible) global.
    pub unsafe fn module_global(
        &self,
        module: CuModule,
        name: &str,
    ) -> Result<(CuDevicePtr, usize), DriverError> {
        let cname = CString::new(name).unwrap_or_default();
        let mut ptr: CuDevicePtr = 0;
        let mut bytes: usize = 0;
        // SAFETY: module is live (the caller's contract); writes one address and one size.
        check(self, "cuModuleGetGlobal", unsafe {
            (self.module_get_global)(&raw mut ptr, &raw mut bytes, module, cname.as_ptr())
        })?;
        Ok((ptr, bytes))
    }

    /// Unloads a module.
    ///
    /// # Safety
    /// `module` must be live and unused afterwards, with its context current.
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn unload_module(&self, module: CuModule) -> Result<(), DriverError> {
        // SAFETY: forwarded from the caller.
        check(self, "cuModuleUnload", unsafe {
            (self.module_unload)(module)
        })
    }

    /// The function of library kernel `kernel` in the current context, and the module that
    /// function belongs to (owned by the library, never unloaded by the caller).
    ///
    /// # Safety
    /// `kernel` must be a live `CUkernel` of a loaded library.
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_HANDLE` for a handle that is no kernel).
    pub unsafe fn library_kernel_function(
        &self,
        kernel: CuKernel,
    ) -> Result<(CuFunction, CuModule), DriverError> {
        let mut f: CuFunction = std::ptr::null_mut();
        // SAFETY: the kernel is live (the caller's contract).
        check(self, "cuKernelGetFunction", unsafe {
            (self.kernel_get_function)(&raw mut f, kernel)
        })?;
        let mut module: CuModule = std::ptr::null_mut();
        // SAFETY: f was just returned by the driver for the current context.
        check(self, "cuFuncGetModule", unsafe {
            (self.func_get_module)(&raw mut module, f)
        })?;
        Ok((f, module))
    }

    /// Reads a kernel attribute.
    ///
    /// # Safety
    /// `f` must be a live function handle.
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn function_attribute(
        &self,
        f: CuFunction,
        attribute: FunctionAttribute,
    ) -> Result<i32, DriverError> {
        let mut v: c_int = 0;
        // SAFETY: writes one int; f is live (the caller's contract).
        check(self, "cuFuncGetAttribute", unsafe {
            (self.func_get_attribute)(&raw mut v, attribute as c_int, f)
        })?;
        Ok(v)
    }

    /// Sets a kernel's preferred shared-memory carveout
    /// (`CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT`): the percentage of the unified
    /// L1/shared memory to give shared memory, or -1 for the driver's default.
    ///
    /// # Safety
    /// `f` must be a live function handle whose context is current.
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn set_preferred_shared_memory_carveout(
        &self,
        f: CuFunction,
        percent: i32,
    ) -> Result<(), DriverError> {
        /// `CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT` in `cuda.h`.
        const PREFERRED_SHARED_MEMORY_CARVEOUT: c_int = 9;
        // SAFETY: f is live (the caller's contract).
        check(self, "cuFuncSetAttribute", unsafe {
            (self.func_set_attribute)(f, PREFERRED_SHARED_MEMORY_CARVEOUT, percent)
        })
    }

    /// Raises (or lowers) the dynamic shared memory a launch of `f` may request
    /// (`CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`): the driver's opt-in to more than
    /// 48 KiB of shared memory per block, up to the device's
    /// `MAX_SHARED_MEMORY_PER_BLOCK_OPTIN` less the kernel's static shared memory.
    ///
    /// # Safety
    /// `f` must be a live function handle whose context is current.
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_VALUE` past the device's opt-in maximum).
    pub unsafe fn set_max_dynamic_shared_size(
        &self,
        f: CuFunction,
        bytes: u32,
    ) -> Result<(), DriverError> {
        let value = c_int::try_from(bytes).unwrap_or(c_int::MAX);
        // SAFETY: f is live (the caller's contract).
        check(self, "cuFuncSetAttribute", unsafe {
            (self.func_set_attribute)(
                f,
                FunctionAttribute::MaxDynamicSharedSizeBytes as c_int,
                value,
            )
        })
    }

    /// Most blocks of `block_threads` threads using `dynamic_shared` bytes of dynamic shared
    /// memory that one multiprocessor runs at once
    /// (`cuOccupancyMaxActiveBlocksPerMultiprocessor`).
    ///
    /// # Safety
    /// `f` must be a live kernel handle whose context is current.
    ///
    /// # Errors
    /// The driver's error.
    pub unsafe fn max_active_blocks_per_multiprocessor(
        &self,
        f: CuFunction,
        block_threads: u32,
        dynamic_shared: usize,
    ) -> Result<u32, DriverError> {
        let mut blocks: c_int = 0;
        let threads = c_int::try_from(block_threads).unwrap_or(c_int::MAX);
        // SAFETY: writes one int; f is live (the caller's contract).
        let rc = unsafe {
            (self.occupancy_max_active_blocks)(&raw mut blocks, f, threads, dynamic_shared)
        };
        check(self, "cuOccupancyMaxActiveBlocksPerMultiprocessor", rc)?;
        Ok(u32::try_from(blocks).unwrap_or(0))
    }

    /// Launches a kernel; `cooperative` launches it with `cuLaunchCooperativeKernel` (every
    /// block resident at once, so that the kernel can synchronise the grid; the caller checks
    /// the grid fits, or the driver refuses with `CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE`).
    ///
    /// # Safety
    /// `params` must hold one pointer per kernel parameter, each to a value of the parameter's
    /// size, valid for the call; the context owning `f` and `stream` must be current.
    ///
    /// # Errors
    /// The driver's error (`CUDA_ERROR_INVALID_VALUE` for a bad configuration,
    /// `CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES`, …).
    #[allow(
        clippy::too_many_arguments,
        reason = "a launch's configuration, parameters and mode"
    )]
    pub unsafe fn launch(
        &self,
        f: CuFunction,
        grid: [c_uint; 3],
        block: [c_uint; 3],
        shared_bytes: c_uint,
        stream: CuStream,
        params: &mut [*mut c_void],
        cooperative: bool,
    ) -> Result<(), DriverError> {
        if cooperative {
            // SAFETY: forwarded from the caller.
            return check(self, "cuLaunchCooperativeKernel", unsafe {
                (self.launch_cooperative_kernel)(
                    f,
                    grid[0],
                    grid[1],
                    grid[2],
                    block[0],
                    block[1],
                    block[2],
                    shared_bytes,
                    stream,
                    params.as_mut_ptr(),
                )
            });
        }
        // SAFETY: forwarded from the caller; `extra` is null.
        check(self, "cuLaunchKernel", unsafe {
            (self.launch_kernel)(
                f,
                grid[0],
                grid[1],
                grid[2],
                block[0],
                block[1],
                block[2],
                shared_bytes,
                stream,
                params.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        })
    }
}
