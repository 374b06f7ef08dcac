//! What the compiler's integration tests share: the CUDA compiler libraries (the wheels in the
//! repository's `.venv`, or `OXCUDA_TEST_NVVM` / `OXCUDA_TEST_LIBDEVICE` /
//! `OXCUDA_TEST_NVJITLINK`, as the nvvm crate's tests find them), and Python source text turned
//! into a request with the globals a kernel module usually has (`cuda`, `math`, `np`, the
//! scalar types) — what `python/oxcuda/_capture.py` would capture.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use oxcuda_compiler::{Options, Request, Signature, Stage, Toolchain};
use oxcuda_ir::FunctionKind;
use oxcuda_nvvm::{Libnvvm, Nvjitlink};
use oxcuda_syntax::SourceFile;
use oxcuda_typeck::{CompileOptions, FunctionSource, GlobalValue};
use oxcuda_types::{Scalar, Type, parse_signature};

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

/// The opened libraries and libdevice's path.
#[derive(Debug)]
pub struct Tools {
    pub toolchain: Toolchain,
    pub libdevice: PathBuf,
}

/// The libraries, or `None` after a notice saying what is missing and how to supply it.
pub fn tools() -> Option<&'static Tools> {
    static TOOLS: OnceLock<Option<Tools>> = OnceLock::new();
    TOOLS
        .get_or_init(|| {
            let nvvm = find("OXCUDA_TEST_NVVM", "lib/libnvvm.so.4");
            let libdevice = find("OXCUDA_TEST_LIBDEVICE", "nvvm/libdevice/libdevice.10.bc");
            let link = find("OXCUDA_TEST_NVJITLINK", "lib/libnvJitLink.so.13");
            let (Some(nvvm), Some(libdevice), Some(link)) = (nvvm, libdevice, link) else {
                eprintln!(
                    "SKIPPED: libNVVM/libdevice/nvJitLink not found in .venv (run `make setup`, \
                     or set OXCUDA_TEST_NVVM, OXCUDA_TEST_LIBDEVICE, OXCUDA_TEST_NVJITLINK)"
                );
                return None;
            };
            Some(Tools {
                toolchain: Toolchain {
                    nvvm: Some(Arc::new(Libnvvm::open(&nvvm).expect("libNVVM opens"))),
                    nvjitlink: Some(Arc::new(Nvjitlink::open(&link).expect("nvJitLink opens"))),
                },
                libdevice,
            })
        })
        .as_ref()
}

/// Returns from the test when the libraries are missing.
#[macro_export]
macro_rules! tools_or_skip {
    () => {
        match common::tools() {
            Some(t) => t,
            None => return,
        }
    };
}

/// The globals a kernel module usually has.
pub fn globals() -> HashMap<String, GlobalValue> {
    let mut g = HashMap::new();
    for (name, module) in [
        ("cuda", "cuda"),
        ("math", "math"),
        ("cmath", "cmath"),
        ("np", "numpy"),
        ("numpy", "numpy"),
    ] {
        g.insert(name.to_owned(), GlobalValue::Module(module.to_owned()));
    }
    for s in [
        Scalar::F16,
        Scalar::F32,
        Scalar::F64,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::U8,
        Scalar::U16,
        Scalar::U32,
        Scalar::U64,
        Scalar::C64,
        Scalar::C128,
    ] {
        g.insert(s.name().to_owned(), GlobalValue::Type(Type::Scalar(s)));
    }
    g
}

/// Every top-level `def` of `text` as a source (in file order), each seeing the others by name
/// as `@cuda.jit` functions; `file` names them in diagnostics.
pub fn sources(file: &str, text: &str) -> Vec<FunctionSource> {
    let mut starts: Vec<(usize, String)> = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("def ") {
            let name = rest.split('(').next().unwrap_or("").trim().to_owned();
            starts.push((offset, name));
        }
        offset += line.len();
    }
    let mut globals = globals();
    for (i, (_, name)) in starts.iter().enumerate() {
        globals.insert(name.clone(), GlobalValue::Function(i));
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, (start, name))| {
            let end = starts.get(i + 1).map_or(text.len(), |s| s.0);
            let body = &text[*start..end];
            let first_line = text[..*start].matches('\n').count() + 1;
            FunctionSource {
                name: name.clone(),
                source: SourceFile::new(file, body, u32::try_from(first_line).unwrap(), 0),
                globals: globals.clone(),
                force_inline: false,
            }
        })
        .collect()
}

/// A request compiling `entry` (a function of `text`) as a kernel for `signature` up to
/// `target` for `cc`.
pub fn request(text: &str, entry: &str, signature: &str, target: Stage, cc: (u32, u32)) -> Request {
    let sources = sources("kernel.py", text);
    let entry = sources
        .iter()
        .position(|s| s.name == entry)
        .unwrap_or_else(|| panic!("no def {entry} in the source"));
    let sig = parse_signature(signature).unwrap_or_else(|e| panic!("{signature}: {e}"));
    let mut options = Options::new(target, cc);
    options.libdevice = tools().map(|t| t.libdevice.clone());
    Request {
        sources,
        entry,
        signature: Signature {
            args: sig.args,
            kind: FunctionKind::Kernel,
            ret: None,
            typeck: CompileOptions::default(),
            symbol: None,
            resolver: None,
        },
        options,
        source_seconds: 0.0,
    }
}
