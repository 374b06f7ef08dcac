//! nvJitLink: PTX, LTO-IR, cubin, fatbin, object and library inputs → one cubin.
//!
//! Unversioned symbols are bound (`nvJitLinkCreate`, not `__nvJitLinkCreate_13_0`), so any newer
//! library of the same major works (`toolchain.md` §2.3).

use std::ffi::{c_char, c_int, c_uint, c_void};
use std::path::Path;

use oxcuda_dylib::{LoadError, function_table};

use crate::buffer::{c_string, read_log, read_sized, status_name};
use crate::error::ToolError;

type Handle = *mut c_void;

function_table! {
    /// nvJitLink's entry points (`nvJitLink.h`).
    pub struct NvjitlinkApi -> c_int {
        version = "nvJitLinkVersion": fn(*mut c_uint, *mut c_uint);
        create = "nvJitLinkCreate": fn(*mut Handle, c_uint, *const *const c_char);
        destroy = "nvJitLinkDestroy": fn(*mut Handle);
        add_data = "nvJitLinkAddData": fn(Handle, c_int, *const c_void, usize, *const c_char);
        complete = "nvJitLinkComplete": fn(Handle);
        get_linked_cubin_size = "nvJitLinkGetLinkedCubinSize": fn(Handle, *mut usize);
        get_linked_cubin = "nvJitLinkGetLinkedCubin": fn(Handle, *mut c_void);
        get_linked_ptx_size = "nvJitLinkGetLinkedPtxSize": fn(Handle, *mut usize);
        get_linked_ptx = "nvJitLinkGetLinkedPtx": fn(Handle, *mut c_char);
        get_error_log_size = "nvJitLinkGetErrorLogSize": fn(Handle, *mut usize);
        get_error_log = "nvJitLinkGetErrorLog": fn(Handle, *mut c_char);
        get_info_log_size = "nvJitLinkGetInfoLogSize": fn(Handle, *mut usize);
        get_info_log = "nvJitLinkGetInfoLog": fn(Handle, *mut c_char);
    }
}

const STATUS_NAMES: &[&str] = &[
    "NVJITLINK_SUCCESS",
    "NVJITLINK_ERROR_UNRECOGNIZED_OPTION",
    "NVJITLINK_ERROR_MISSING_ARCH",
    "NVJITLINK_ERROR_INVALID_INPUT",
    "NVJITLINK_ERROR_PTX_COMPILE",
    "NVJITLINK_ERROR_NVVM_COMPILE",
    "NVJITLINK_ERROR_INTERNAL",
    "NVJITLINK_ERROR_THREADPOOL",
    "NVJITLINK_ERROR_UNRECOGNIZED_INPUT",
    "NVJITLINK_ERROR_FINALIZE",
    "NVJITLINK_ERROR_NULL_INPUT",
    "NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS",
    "NVJITLINK_ERROR_INCORRECT_INPUT_TYPE",
    "NVJITLINK_ERROR_ARCH_MISMATCH",
    "NVJITLINK_ERROR_OUTDATED_LIBRARY",
    "NVJITLINK_ERROR_MISSING_FATBIN",
];

/// The kind of a link input, in nvJitLink's numbering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkInputKind {
    /// An sm_XY ELF.
    Cubin = 1,
    /// PTX text.
    Ptx = 2,
    /// LTO-IR from libNVVM `-gen-lto` or NVRTC `-dlto`.
    LtoIr = 3,
    /// A fat binary.
    Fatbin = 4,
    /// A host object with embedded device code.
    Object = 5,
    /// A static library of such objects.
    Library = 6,
}

impl LinkInputKind {
    /// The kind for a file extension (`"ptx"`, `"cubin"`, …), as `link=` files are classified.
    #[must_use]
    pub fn from_extension(ext: &str) -> Option<Self> {
        Some(match ext {
            "cubin" => Self::Cubin,
            "ptx" => Self::Ptx,
            "ltoir" => Self::LtoIr,
            "fatbin" => Self::Fatbin,
            "o" => Self::Object,
            "a" => Self::Library,
            _ => return None,
        })
    }
}

/// One input to a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkInput {
    /// What the bytes are.
    pub kind: LinkInputKind,
    /// The bytes.
    pub data: Vec<u8>,
    /// A name for logs (a file name where there is one).
    pub name: String,
}

/// An opened nvJitLink.
#[derive(Debug)]
pub struct Nvjitlink {
    api: NvjitlinkApi,
}

/// What one link produced: the cubin, and the PTX and information log when asked for.
struct Linked {
    cubin: Vec<u8>,
    ptx: Option<String>,
    info: Option<String>,
}

struct LinkGuard<'a> {
    api: &'a NvjitlinkApi,
    handle: Handle,
}

impl Drop for LinkGuard<'_> {
    fn drop(&mut self) {
        // SAFETY: the handle came from nvJitLinkCreate and is destroyed once, here.
        unsafe { (self.api.destroy)(&raw mut self.handle) };
    }
}

impl Nvjitlink {
    /// Opens nvJitLink at `path`.
    ///
    /// # Errors
    /// The file cannot be opened or lacks an entry point.
    pub fn open(path: &Path) -> Result<Self, LoadError> {
        Ok(Self {
            api: NvjitlinkApi::open(path)?,
        })
    }

    /// Where the library was opened from.
    #[must_use]
    pub fn path(&self) -> &Path {
        self.api.path()
    }

    /// The library's CUDA release, e.g. `(13, 0)`.
    #[must_use]
    pub fn version(&self) -> (u32, u32) {
        let (mut major, mut minor) = (0, 0);
        // SAFETY: writes two unsigned ints.
        unsafe { (self.api.version)(&raw mut major, &raw mut minor) };
        (major, minor)
    }

    /// Links `inputs` with `options` (`-arch=sm_90` is required; `-lto`, `-ptx`, `-g`, …) into a
    /// cubin; with `want_ptx` also returns the linked PTX (LTO links only). With `-ptx` among
    /// the options only the PTX is produced and the cubin returned is empty.
    ///
    /// # Errors
    /// nvJitLink's status with its error log, naming the input that failed where it is known.
    pub fn link(
        &self,
        inputs: &[LinkInput],
        options: &[String],
        want_ptx: bool,
    ) -> Result<(Vec<u8>, Option<String>), ToolError> {
        self.run(inputs, options, want_ptx, false)
            .map(|l| (l.cubin, l.ptx))
    }

    /// nvJitLink's information log of linking `inputs` with `options` and `-verbose`: ptxas's
    /// report of each kernel's resources (registers, stack frame, shared and constant memory)
    /// for the architecture the options name. The cubin is dropped.
    ///
    /// # Errors
    /// As [`Self::link`].
    pub fn link_info(&self, inputs: &[LinkInput], options: &[String]) -> Result<String, ToolError> {
        let mut options = options.to_vec();
        options.push("-verbose".to_owned());
        self.run(inputs, &options, false, true)
            .map(|l| l.info.unwrap_or_default())
    }

    /// The link itself: the cubin, the PTX with `want_ptx`, the information log with
    /// `want_info`.
    fn run(
        &self,
        inputs: &[LinkInput],
        options: &[String],
        want_ptx: bool,
        want_info: bool,
    ) -> Result<Linked, ToolError> {
        let option_strings: Vec<std::ffi::CString> = options.iter().map(|o| c_string(o)).collect();
        let option_ptrs: Vec<*const c_char> = option_strings.iter().map(|o| o.as_ptr()).collect();
        let mut handle: Handle = std::ptr::null_mut();
        let n = c_uint::try_from(option_ptrs.len()).unwrap_or(c_uint::MAX);
        // SAFETY: `option_ptrs` holds `n` valid C strings that outlive the call.
        let rc = unsafe { (self.api.create)(&raw mut handle, n, option_ptrs.as_ptr()) };
        if rc != 0 {
            // No handle: no log to read.
            return Err(status_error("nvJitLinkCreate", rc, String::new()));
        }
        let link = LinkGuard {
            api: &self.api,
            handle,
        };
        let fail = |call: &'static str, rc: c_int, what: Option<&str>| {
            let mut log = self.log(link.handle);
            if let Some(name) = what {
                log = format!("while adding {name}:\n{log}");
            }
            status_error(call, rc, log)
        };
        // nvJitLink keeps the name pointers (its logs read them in nvJitLinkComplete): they
        // must live as long as the handle.
        let names: Vec<std::ffi::CString> = inputs.iter().map(|i| c_string(&i.name)).collect();
        for (input, name) in inputs.iter().zip(&names) {
            // nvJitLink reads PTX as a C string: without a terminating NUL it reads past the
            // buffer and rejects the input at random ("does not match type").
            let terminated;
            let data: &[u8] = if input.kind == LinkInputKind::Ptx && input.data.last() != Some(&0) {
                terminated = [input.data.as_slice(), &[0]].concat();
                &terminated
            } else {
                &input.data
            };
            // SAFETY: data and name outlive the call; nvJitLink copies the data.
            let rc = unsafe {
                (self.api.add_data)(
                    handle,
                    input.kind as c_int,
                    data.as_ptr().cast(),
                    data.len(),
                    name.as_ptr(),
                )
            };
            if rc != 0 {
                return Err(fail("nvJitLinkAddData", rc, Some(&input.name)));
            }
        }
        // SAFETY: a live handle.
        let rc = unsafe { (self.api.complete)(handle) };
        if rc != 0 {
            return Err(fail("nvJitLinkComplete", rc, None));
        }
        // With `-ptx` nvJitLink produces PTX only (asking for a cubin is an internal error).
        let cubin = if options.iter().any(|o| o == "-ptx") {
            Vec::new()
        } else {
            read_sized(
                // SAFETY: writes one size_t.
                |n| unsafe { (self.api.get_linked_cubin_size)(handle, n) },
                // SAFETY: the buffer has the size nvJitLink asked for.
                |buf| unsafe { (self.api.get_linked_cubin)(handle, buf.cast()) },
                false,
            )
            .map_err(|rc| fail("nvJitLinkGetLinkedCubin", rc, None))?
        };
        let ptx = if want_ptx {
            let text = read_sized(
                // SAFETY: writes one size_t.
                |n| unsafe { (self.api.get_linked_ptx_size)(handle, n) },
                // SAFETY: the buffer has the size nvJitLink asked for.
                |buf| unsafe { (self.api.get_linked_ptx)(handle, buf.cast()) },
                true,
            )
            .map_err(|rc| fail("nvJitLinkGetLinkedPtx", rc, None))?;
            Some(String::from_utf8_lossy(&text).into_owned())
        } else {
            None
        };
        let info = want_info.then(|| {
            read_log(
                // SAFETY: writes one size_t.
                |n| unsafe { (self.api.get_info_log_size)(handle, n) },
                // SAFETY: the buffer has the size nvJitLink asked for.
                |buf| unsafe { (self.api.get_info_log)(handle, buf.cast()) },
            )
        });
        Ok(Linked { cubin, ptx, info })
    }

    fn log(&self, handle: Handle) -> String {
        read_log(
            // SAFETY: writes one size_t.
            |n| unsafe { (self.api.get_error_log_size)(handle, n) },
            // SAFETY: the buffer has the size nvJitLink asked for.
            |buf| unsafe { (self.api.get_error_log)(handle, buf.cast()) },
        )
    }
}

fn status_error(call: &'static str, code: c_int, log: String) -> ToolError {
    let status = status_name(STATUS_NAMES, code, "nvJitLinkResult");
    ToolError {
        tool: "nvJitLink",
        call,
        code,
        status,
        log,
    }
}
