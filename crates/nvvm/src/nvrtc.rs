//! NVRTC: CUDA C++ source → PTX or LTO-IR, for `.cu` link inputs.

use std::ffi::{c_char, c_int, c_void};
use std::path::Path;

use oxcuda_dylib::{LoadError, function_table};

use crate::buffer::{c_string, read_log, read_sized, status_name};
use crate::error::ToolError;

type Program = *mut c_void;

function_table! {
    /// NVRTC's entry points (`nvrtc.h`).
    pub struct NvrtcApi -> c_int {
        version = "nvrtcVersion": fn(*mut c_int, *mut c_int);
        create_program = "nvrtcCreateProgram": fn(
            *mut Program, *const c_char, *const c_char, c_int, *const *const c_char,
            *const *const c_char,
        );
        destroy_program = "nvrtcDestroyProgram": fn(*mut Program);
        compile_program = "nvrtcCompileProgram": fn(Program, c_int, *const *const c_char);
        get_ptx_size = "nvrtcGetPTXSize": fn(Program, *mut usize);
        get_ptx = "nvrtcGetPTX": fn(Program, *mut c_char);
        get_lto_ir_size = "nvrtcGetLTOIRSize": fn(Program, *mut usize);
        get_lto_ir = "nvrtcGetLTOIR": fn(Program, *mut c_char);
        get_cubin_size = "nvrtcGetCUBINSize": fn(Program, *mut usize);
        get_cubin = "nvrtcGetCUBIN": fn(Program, *mut c_char);
        get_program_log_size = "nvrtcGetProgramLogSize": fn(Program, *mut usize);
        get_program_log = "nvrtcGetProgramLog": fn(Program, *mut c_char);
        get_num_supported_archs = "nvrtcGetNumSupportedArchs": fn(*mut c_int);
        get_supported_archs = "nvrtcGetSupportedArchs": fn(*mut c_int);
    }
}

const STATUS_NAMES: &[&str] = &[
    "NVRTC_SUCCESS",
    "NVRTC_ERROR_OUT_OF_MEMORY",
    "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
    "NVRTC_ERROR_INVALID_INPUT",
    "NVRTC_ERROR_INVALID_PROGRAM",
    "NVRTC_ERROR_INVALID_OPTION",
    "NVRTC_ERROR_COMPILATION",
    "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
    "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
    "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
    "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
    "NVRTC_ERROR_INTERNAL_ERROR",
    "NVRTC_ERROR_TIME_FILE_WRITE_FAILED",
];

/// What an NVRTC compile returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NvrtcOutput {
    /// PTX text (options name a virtual arch, `-arch=compute_XY`).
    Ptx,
    /// LTO-IR (options include `-dlto`).
    LtoIr,
    /// An sm_XY ELF (options name a real arch, `-arch=sm_XY`; relocatable with `-rdc=true`).
    Cubin,
}

/// An opened NVRTC.
#[derive(Debug)]
pub struct Nvrtc {
    api: NvrtcApi,
}

struct ProgramGuard<'a> {
    api: &'a NvrtcApi,
    handle: Program,
}

impl Drop for ProgramGuard<'_> {
    fn drop(&mut self) {
        // SAFETY: the handle came from nvrtcCreateProgram and is destroyed once, here.
        unsafe { (self.api.destroy_program)(&raw mut self.handle) };
    }
}

impl Nvrtc {
    /// Opens NVRTC at `path`.
    ///
    /// # Errors
    /// The file cannot be opened or lacks an entry point.
    pub fn open(path: &Path) -> Result<Self, LoadError> {
        Ok(Self {
            api: NvrtcApi::open(path)?,
        })
    }

    /// Where the library was opened from.
    #[must_use]
    pub fn path(&self) -> &Path {
        self.api.path()
    }

    /// The library's CUDA release, e.g. `(13, 0)`.
    #[must_use]
    pub fn version(&self) -> (i32, i32) {
        let (mut major, mut minor) = (0, 0);
        // SAFETY: writes two ints.
        unsafe { (self.api.version)(&raw mut major, &raw mut minor) };
        (major, minor)
    }

    /// Compiles CUDA C++ `source` (named `name` in diagnostics) with NVRTC `options`
    /// (`-arch=compute_90`, `-I…`, `-dlto`, …). Returns LTO-IR when `-dlto` is among the options,
    /// PTX text otherwise.
    ///
    /// # Errors
    /// NVRTC's status and compile log.
    pub fn compile(
        &self,
        source: &str,
        name: &str,
        options: &[String],
    ) -> Result<Vec<u8>, ToolError> {
        let output = if options.iter().any(|o| o == "-dlto") {
            NvrtcOutput::LtoIr
        } else {
            NvrtcOutput::Ptx
        };
        self.compile_to(source, name, options, output)
    }

    /// As [`Self::compile`], returning `output` (which the options must produce: `-dlto` for
    /// LTO-IR, a real `-arch=sm_XY` for a cubin).
    ///
    /// # Errors
    /// NVRTC's status and compile log (the log names `name` and the line).
    pub fn compile_to(
        &self,
        source: &str,
        name: &str,
        options: &[String],
        output: NvrtcOutput,
    ) -> Result<Vec<u8>, ToolError> {
        self.compile_to_logged(source, name, options, output)
            .map(|(out, _)| out)
    }

    /// The architectures this NVRTC compiles for, as `major * 10 + minor` in ascending order
    /// (`nvrtcGetSupportedArchs`: 75 for sm_75, 100 for sm_100).
    ///
    /// # Errors
    /// NVRTC's status when it cannot say.
    pub fn supported_archs(&self) -> Result<Vec<i32>, ToolError> {
        let mut n: c_int = 0;
        // SAFETY: writes one int.
        let rc = unsafe { (self.api.get_num_supported_archs)(&raw mut n) };
        if rc != 0 {
            return Err(status_error("nvrtcGetNumSupportedArchs", rc, String::new()));
        }
        let mut archs = vec![0 as c_int; usize::try_from(n).unwrap_or(0)];
        if !archs.is_empty() {
            // SAFETY: the buffer holds the number of ints NVRTC said it writes.
            let rc = unsafe { (self.api.get_supported_archs)(archs.as_mut_ptr()) };
            if rc != 0 {
                return Err(status_error("nvrtcGetSupportedArchs", rc, String::new()));
            }
        }
        archs.sort_unstable();
        Ok(archs)
    }

    /// As [`Self::compile_to`], also returning NVRTC's log of a successful compile (its
    /// warnings; empty when it had none).
    ///
    /// # Errors
    /// NVRTC's status and compile log (the log names `name` and the line).
    pub fn compile_to_logged(
        &self,
        source: &str,
        name: &str,
        options: &[String],
        output: NvrtcOutput,
    ) -> Result<(Vec<u8>, String), ToolError> {
        let src = c_string(source);
        let cname = c_string(name);
        let mut handle: Program = std::ptr::null_mut();
        // SAFETY: source and name are valid C strings; no headers are passed.
        let rc = unsafe {
            (self.api.create_program)(
                &raw mut handle,
                src.as_ptr(),
                cname.as_ptr(),
                0,
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        if rc != 0 {
            return Err(status_error("nvrtcCreateProgram", rc, String::new()));
        }
        let program = ProgramGuard {
            api: &self.api,
            handle,
        };
        let option_strings: Vec<std::ffi::CString> = options.iter().map(|o| c_string(o)).collect();
        let option_ptrs: Vec<*const c_char> = option_strings.iter().map(|o| o.as_ptr()).collect();
        let n = c_int::try_from(option_ptrs.len()).unwrap_or(c_int::MAX);
        // SAFETY: `option_ptrs` holds `n` valid C strings that outlive the call.
        let rc = unsafe { (self.api.compile_program)(program.handle, n, option_ptrs.as_ptr()) };
        if rc != 0 {
            let log = format!("in {name}:\n{}", self.log(program.handle));
            return Err(status_error("nvrtcCompileProgram", rc, log));
        }
        let (size_fn, read_fn, call) = match output {
            NvrtcOutput::Ptx => (self.api.get_ptx_size, self.api.get_ptx, "nvrtcGetPTX"),
            NvrtcOutput::LtoIr => (
                self.api.get_lto_ir_size,
                self.api.get_lto_ir,
                "nvrtcGetLTOIR",
            ),
            NvrtcOutput::Cubin => (self.api.get_cubin_size, self.api.get_cubin, "nvrtcGetCUBIN"),
        };
        let out = read_sized(
            // SAFETY: writes one size_t.
            |n| unsafe { size_fn(program.handle, n) },
            // SAFETY: the buffer has the size NVRTC asked for.
            |buf| unsafe { read_fn(program.handle, buf.cast()) },
            output == NvrtcOutput::Ptx,
        )
        .map_err(|rc| status_error(call, rc, self.log(program.handle)))?;
        Ok((out, self.log(program.handle)))
    }

    fn log(&self, handle: Program) -> String {
        read_log(
            // SAFETY: writes one size_t.
            |n| unsafe { (self.api.get_program_log_size)(handle, n) },
            // SAFETY: the buffer has the size NVRTC asked for.
            |buf| unsafe { (self.api.get_program_log)(handle, buf.cast()) },
        )
    }
}

fn status_error(call: &'static str, code: c_int, log: String) -> ToolError {
    let status = status_name(STATUS_NAMES, code, "nvrtcResult");
    ToolError {
        tool: "NVRTC",
        call,
        code,
        status,
        log,
    }
}
