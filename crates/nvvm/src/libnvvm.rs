//! libNVVM: NVVM IR text → PTX or LTO-IR.

use std::ffi::{c_char, c_int, c_void};
use std::path::Path;

use oxcuda_dylib::{LoadError, function_table};

use crate::buffer::{c_string, read_log, read_sized, status_name};
use crate::error::ToolError;

type Program = *mut c_void;

function_table! {
    /// libNVVM's entry points (`nvvm.h`, API 2.0).
    pub struct NvvmApi -> c_int {
        version = "nvvmVersion": fn(*mut c_int, *mut c_int);
        ir_version = "nvvmIRVersion": fn(*mut c_int, *mut c_int, *mut c_int, *mut c_int);
        create_program = "nvvmCreateProgram": fn(*mut Program);
        destroy_program = "nvvmDestroyProgram": fn(*mut Program);
        add_module = "nvvmAddModuleToProgram": fn(Program, *const c_char, usize, *const c_char);
        lazy_add_module = "nvvmLazyAddModuleToProgram": fn(Program, *const c_char, usize, *const c_char);
        verify_program = "nvvmVerifyProgram": fn(Program, c_int, *const *const c_char);
        compile_program = "nvvmCompileProgram": fn(Program, c_int, *const *const c_char);
        get_compiled_result_size = "nvvmGetCompiledResultSize": fn(Program, *mut usize);
        get_compiled_result = "nvvmGetCompiledResult": fn(Program, *mut c_char);
        get_program_log_size = "nvvmGetProgramLogSize": fn(Program, *mut usize);
        get_program_log = "nvvmGetProgramLog": fn(Program, *mut c_char);
    }
}

const STATUS_NAMES: &[&str] = &[
    "NVVM_SUCCESS",
    "NVVM_ERROR_OUT_OF_MEMORY",
    "NVVM_ERROR_PROGRAM_CREATION_FAILURE",
    "NVVM_ERROR_IR_VERSION_MISMATCH",
    "NVVM_ERROR_INVALID_INPUT",
    "NVVM_ERROR_INVALID_PROGRAM",
    "NVVM_ERROR_INVALID_IR",
    "NVVM_ERROR_INVALID_OPTION",
    "NVVM_ERROR_NO_MODULE_IN_PROGRAM",
    "NVVM_ERROR_COMPILATION",
    "NVVM_ERROR_CANCELLED",
];

/// What libNVVM produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NvvmOutput {
    /// PTX text.
    Ptx(String),
    /// LTO-IR (`-gen-lto`), for nvJitLink's `-lto`.
    LtoIr(Vec<u8>),
}

/// An opened libNVVM.
#[derive(Debug)]
pub struct Libnvvm {
    api: NvvmApi,
}

struct ProgramGuard<'a> {
    api: &'a NvvmApi,
    handle: Program,
}

impl Drop for ProgramGuard<'_> {
    fn drop(&mut self) {
        // SAFETY: the handle came from nvvmCreateProgram and is destroyed once, here.
        unsafe { (self.api.destroy_program)(&raw mut self.handle) };
    }
}

impl Libnvvm {
    /// Opens libNVVM at `path`.
    ///
    /// # Errors
    /// The file cannot be opened or lacks an entry point.
    pub fn open(path: &Path) -> Result<Self, LoadError> {
        Ok(Self {
            api: NvvmApi::open(path)?,
        })
    }

    /// Where the library was opened from.
    #[must_use]
    pub fn path(&self) -> &Path {
        self.api.path()
    }

    /// The API version (`nvvmVersion`; 2.0 on every 12.x and 13.x release).
    #[must_use]
    pub fn version(&self) -> (i32, i32) {
        let (mut major, mut minor) = (0, 0);
        // SAFETY: writes two ints.
        unsafe { (self.api.version)(&raw mut major, &raw mut minor) };
        (major, minor)
    }

    /// The NVVM IR version and debug-metadata version, `(ir major, ir minor, dbg major, dbg minor)`,
    /// which go into `!nvvmir.version`.
    #[must_use]
    pub fn ir_version(&self) -> (i32, i32, i32, i32) {
        let (mut a, mut b, mut c, mut d) = (0, 0, 0, 0);
        // SAFETY: writes four ints.
        unsafe { (self.api.ir_version)(&raw mut a, &raw mut b, &raw mut c, &raw mut d) };
        (a, b, c, d)
    }

    /// Compiles NVVM IR `modules` (verified first) with `lazy_modules` (libdevice) added after
    /// verification, using libNVVM `options` such as `-arch=compute_90`, `-opt=3`, `-gen-lto`.
    ///
    /// # Errors
    /// libNVVM's status and log when it rejects the IR or an option.
    pub fn compile(
        &self,
        modules: &[(&[u8], &str)],
        lazy_modules: &[(&[u8], &str)],
        options: &[String],
    ) -> Result<NvvmOutput, ToolError> {
        self.compile_logged(modules, lazy_modules, options)
            .map(|(out, _)| out)
    }

    /// As [`Self::compile`], also returning libNVVM's log of a successful compile (its
    /// warnings; empty when it had none).
    ///
    /// # Errors
    /// libNVVM's status and log when it rejects the IR or an option.
    pub fn compile_logged(
        &self,
        modules: &[(&[u8], &str)],
        lazy_modules: &[(&[u8], &str)],
        options: &[String],
    ) -> Result<(NvvmOutput, String), ToolError> {
        let mut handle: Program = std::ptr::null_mut();
        // SAFETY: writes one handle.
        let rc = unsafe { (self.api.create_program)(&raw mut handle) };
        if rc != 0 {
            return Err(status_error("nvvmCreateProgram", rc, String::new()));
        }
        let program = ProgramGuard {
            api: &self.api,
            handle,
        };
        let step = |call: &'static str, rc: c_int| -> Result<(), ToolError> {
            if rc == 0 {
                Ok(())
            } else {
                Err(status_error(call, rc, self.log(program.handle)))
            }
        };
        for (bytes, name) in modules {
            let name = c_string(name);
            // SAFETY: the buffer and name outlive the call; libNVVM copies the module.
            step("nvvmAddModuleToProgram", unsafe {
                (self.api.add_module)(handle, bytes.as_ptr().cast(), bytes.len(), name.as_ptr())
            })?;
        }
        let option_strings: Vec<std::ffi::CString> = options.iter().map(|o| c_string(o)).collect();
        let option_ptrs: Vec<*const c_char> = option_strings.iter().map(|o| o.as_ptr()).collect();
        let n = c_int::try_from(option_ptrs.len()).unwrap_or(c_int::MAX);
        // SAFETY: `option_ptrs` holds `n` valid C strings that outlive the call.
        step("nvvmVerifyProgram", unsafe {
            (self.api.verify_program)(handle, n, option_ptrs.as_ptr())
        })?;
        for (bytes, name) in lazy_modules {
            let name = c_string(name);
            // SAFETY: as for nvvmAddModuleToProgram.
            step("nvvmLazyAddModuleToProgram", unsafe {
                (self.api.lazy_add_module)(
                    handle,
                    bytes.as_ptr().cast(),
                    bytes.len(),
                    name.as_ptr(),
                )
            })?;
        }
        // SAFETY: as for nvvmVerifyProgram.
        step("nvvmCompileProgram", unsafe {
            (self.api.compile_program)(handle, n, option_ptrs.as_ptr())
        })?;
        let lto = options.iter().any(|o| o == "-gen-lto");
        let out = read_sized(
            // SAFETY: writes one size_t.
            |n| unsafe { (self.api.get_compiled_result_size)(handle, n) },
            // SAFETY: the buffer has the size libNVVM asked for.
            |buf| unsafe { (self.api.get_compiled_result)(handle, buf.cast()) },
            !lto,
        )
        .map_err(|rc| status_error("nvvmGetCompiledResult", rc, self.log(handle)))?;
        let log = self.log(handle);
        if lto {
            Ok((NvvmOutput::LtoIr(out), log))
        } else {
            Ok((
                NvvmOutput::Ptx(String::from_utf8_lossy(&out).into_owned()),
                log,
            ))
        }
    }

    fn log(&self, handle: Program) -> String {
        read_log(
            // SAFETY: writes one size_t.
            |n| unsafe { (self.api.get_program_log_size)(handle, n) },
            // SAFETY: the buffer has the size libNVVM asked for.
            |buf| unsafe { (self.api.get_program_log)(handle, buf.cast()) },
        )
    }
}

fn status_error(call: &'static str, code: c_int, log: String) -> ToolError {
    let status = status_name(STATUS_NAMES, code, "nvvmResult");
    ToolError {
        tool: "libNVVM",
        call,
        code,
        status,
        log,
    }
}

impl Libnvvm {
    /// The PTX ISA version this libNVVM emits, learned by compiling [`header::probe_module`] for
    /// `compute_75` (supported by every 12.x and 13.x release).
    ///
    /// # Errors
    /// libNVVM rejecting the probe (a library too old or broken).
    pub fn emitted_ptx_isa(&self) -> Result<(u32, u32), ToolError> {
        let module = crate::header::probe_module(self.ir_version());
        let out = self.compile(
            &[(module.as_bytes(), "probe")],
            &[],
            &["-arch=compute_75".into()],
        )?;
        let NvvmOutput::Ptx(ptx) = out else {
            unreachable!("no -gen-lto was given")
        };
        crate::ptx_version::ptx_isa_version(&ptx).ok_or_else(|| ToolError {
            tool: "libNVVM",
            call: "nvvmCompileProgram",
            code: 0,
            status: "PTX without a .version line".into(),
            log: ptx,
        })
    }
}
