//! Finding libNVVM, libdevice and nvJitLink, and compiling a module the standard way.

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard, OnceLock};

use oxcuda_ir::Module;
use oxcuda_nvvm::{
    CodegenOptions, CompileError, Libnvvm, LinkDebug, Nvjitlink, Nvrtc, NvvmOutput, compile_module,
    link_cubin,
};

/// The opened libraries. libNVVM is used from one test thread at a time.
pub struct Tools {
    pub nvvm: Libnvvm,
    pub link: Nvjitlink,
    pub libdevice: Vec<u8>,
    /// NVRTC (`OXCUDA_TEST_NVRTC`, else the wheel's), for the linking tests; optional.
    pub nvrtc: Option<Nvrtc>,
}

fn wheel_dir() -> Option<PathBuf> {
    let venv = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../.venv/lib");
    std::fs::read_dir(venv)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| e.path().join("site-packages/nvidia/cu13"))
        .find(|p| p.is_dir())
}

fn find(var: &str, relative: &str) -> Option<PathBuf> {
    if let Ok(p) = std::env::var(var) {
        return Some(PathBuf::from(p));
    }
    let p = wheel_dir()?.join(relative);
    p.exists().then_some(p)
}

fn open() -> Option<Tools> {
    let nvvm = find("OXCUDA_TEST_NVVM", "lib/libnvvm.so.4")?;
    let libdevice = find("OXCUDA_TEST_LIBDEVICE", "nvvm/libdevice/libdevice.10.bc")?;
    let link = find("OXCUDA_TEST_NVJITLINK", "lib/libnvJitLink.so.13")?;
    Some(Tools {
        nvvm: Libnvvm::open(&nvvm).expect("libNVVM opens"),
        link: Nvjitlink::open(&link).expect("nvJitLink opens"),
        libdevice: std::fs::read(libdevice).expect("libdevice reads"),
        nvrtc: find("OXCUDA_TEST_NVRTC", "lib/libnvrtc.so.13")
            .map(|p| Nvrtc::open(&p).expect("NVRTC opens")),
    })
}

/// The libraries, or `None` (after a notice) when they are not installed.
pub fn tools() -> Option<MutexGuard<'static, Tools>> {
    static TOOLS: OnceLock<Option<Mutex<Tools>>> = OnceLock::new();
    let tools = TOOLS.get_or_init(|| {
        let t = open();
        if t.is_none() {
            eprintln!(
                "libNVVM/libdevice/nvJitLink not found (set OXCUDA_TEST_NVVM, OXCUDA_TEST_LIBDEVICE, \
                 OXCUDA_TEST_NVJITLINK): skipping the libNVVM tests"
            );
        }
        t.map(Mutex::new)
    });
    tools
        .as_ref()
        .map(|m| m.lock().unwrap_or_else(std::sync::PoisonError::into_inner))
}

/// Returns from the test when the libraries are missing.
macro_rules! tools_or_skip {
    () => {
        match $crate::toolchain::tools() {
            Some(t) => t,
            None => return,
        }
    };
}
pub(crate) use tools_or_skip;

/// Compiles with `options`.
pub fn compile(
    tools: &Tools,
    module: &Module,
    options: &CodegenOptions,
) -> Result<NvvmOutput, CompileError> {
    compile_module(&tools.nvvm, module, options, Some(&tools.libdevice))
}

/// PTX text of an output.
pub fn ptx(out: NvvmOutput) -> String {
    match out {
        NvvmOutput::Ptx(p) => p,
        NvvmOutput::LtoIr(_) => panic!("expected PTX"),
    }
}

/// Compiles for compute_75, compute_90 and compute_100 (panicking with the IR and libNVVM's
/// log on failure), links the compute_90 PTX into an sm_90 cubin, and returns that PTX.
pub fn check(tools: &Tools, module: &Module) -> String {
    check_with(tools, module, &CodegenOptions::default())
}

/// As [`check`] with options (the `cc` field is replaced).
pub fn check_with(tools: &Tools, module: &Module, options: &CodegenOptions) -> String {
    let mut result = String::new();
    for cc in [(7, 5), (9, 0), (10, 0)] {
        let opts = CodegenOptions {
            cc,
            ..options.clone()
        };
        let out = match compile(tools, module, &opts) {
            Ok(out) => out,
            Err(e) => {
                let ir = oxcuda_nvvm::write_module(module, &opts).unwrap_or_default();
                panic!("compute_{}{} failed: {e}\n--- IR ---\n{ir}", cc.0, cc.1);
            }
        };
        if cc == (9, 0) {
            let cubin = link_cubin(&tools.link, &out, &[], (9, 0), opts.lto, LinkDebug::None)
                .unwrap_or_else(|e| panic!("nvJitLink failed: {e}"));
            assert_eq!(&cubin[..4], b"\x7fELF", "the cubin is an ELF file");
            if let NvvmOutput::Ptx(p) = out {
                result = p;
            }
        }
    }
    result
}

/// The body of the PTX function `name` (from its `.entry`/`.func` line to the closing brace).
pub fn ptx_function<'a>(ptx: &'a str, name: &str) -> &'a str {
    let start = ptx
        .find(&format!(".entry {name}("))
        .or_else(|| ptx.find(&format!(" {name}(")))
        .unwrap_or_else(|| panic!("no function {name} in\n{ptx}"));
    let rest = &ptx[start..];
    let end = rest.find("\n}").map_or(rest.len(), |e| e + 2);
    &rest[..end]
}
