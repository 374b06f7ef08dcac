//! What to compile ([`Request`]), how far and how ([`Options`]), and with which libraries
//! ([`Toolchain`]).
//!
//! The libraries are passed in, never looked up here: the Python side resolves and opens them
//! (`python/oxcuda/_toolchain.py`, `crates/python/src/compile/toolchain.rs`), the tests open the
//! compiler wheels' copies. So this crate has no global state except the libdevice bytes, read
//! once per path.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use oxcuda_ir::FunctionKind;
use oxcuda_nvvm::{CodegenOptions, Libnvvm, LinkInput, Nvjitlink};
use oxcuda_typeck::{CompileOptions, FunctionSource, Resolver};
use oxcuda_types::Type;

use crate::stage::Stage;

/// A Python function to compile, with its signature.
#[derive(Debug, Clone)]
pub struct Request {
    /// The captured sources: the entry and every function it reaches.
    pub sources: Vec<FunctionSource>,
    /// The entry's index in `sources`.
    pub entry: usize,
    /// How the front end types and lowers it.
    pub signature: Signature,
    /// How far to go and how.
    pub options: Options,
    /// Seconds the caller spent turning the captured values into `sources` (the source
    /// stage's time).
    pub source_seconds: f64,
}

/// The front end's part of a request.
#[derive(Debug, Clone)]
pub struct Signature {
    /// The argument types.
    pub args: Vec<Type>,
    /// A kernel or a device function.
    pub kind: FunctionKind,
    /// The return type of an explicit signature, if any.
    pub ret: Option<Type>,
    /// Typing options (`debug=True` checks `assert`s).
    pub typeck: CompileOptions,
    /// The entry function's symbol, when the caller chose it (`abi="c"`).
    pub symbol: Option<String>,
    /// Answers calls of extension functions (`@overload`, …) during typing; `None` makes
    /// every extension callee an error ([`oxcuda_typeck::extension`]).
    pub resolver: Option<ExtensionResolver>,
}

/// A shared [`Resolver`] (the request is cloned with its signature; the resolver is not).
#[derive(Clone)]
pub struct ExtensionResolver(pub Arc<dyn Resolver>);

impl std::fmt::Debug for ExtensionResolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ExtensionResolver")
    }
}

/// How far to compile and how; kept with the artifacts, so a later stage can be produced from
/// them ([`crate::Artifacts::advance`]).
#[derive(Debug, Clone)]
pub struct Options {
    /// The last stage to produce.
    pub target: Stage,
    /// The NVVM IR writer's and libNVVM's options (`lto` asks for LTO-IR when linking a cubin).
    pub codegen: CodegenOptions,
    /// `libdevice.10.bc`, added when the module calls `__nv_*` functions.
    pub libdevice: Option<PathBuf>,
    /// The user's link inputs (`link=`, `declare_device(link=)`), linked into the cubin.
    pub link: Vec<LinkInput>,
    /// Stages whose output would otherwise be consumed by the next step (`source`, `lowered`)
    /// and that the caller wants to read (`OXCUDA_DUMP=lowered`): kept, at the cost of a copy.
    pub keep: Vec<Stage>,
    /// Link a cubin through LTO-IR when its NVVM IR has code that ptxas implements with
    /// subroutines ([`crate::whole_program::calls_subroutines`]), though `codegen.lto` is off:
    /// the automatic choice of `lto=None`.
    pub lto_auto: bool,
}

impl Options {
    /// Options for `target` with the default code generation for `cc`.
    #[must_use]
    pub fn new(target: Stage, cc: (u32, u32)) -> Self {
        Self {
            target,
            codegen: CodegenOptions {
                cc,
                ..CodegenOptions::default()
            },
            libdevice: None,
            link: Vec::new(),
            keep: Vec::new(),
            lto_auto: false,
        }
    }

    /// Whether a compile up to `target` goes through LTO-IR: asked for, or a cubin linked with
    /// link-time optimisation.
    #[must_use]
    pub fn lto_for(&self, target: Stage) -> bool {
        target == Stage::LtoIr || (target == Stage::Cubin && self.codegen.lto)
    }
}

/// The CUDA compiler libraries a compile may use; a stage that needs one that is absent fails
/// with [`crate::CompileError::ToolMissing`].
#[derive(Debug, Clone, Default)]
pub struct Toolchain {
    /// libNVVM (NVVM IR and PTX or LTO-IR stages).
    pub nvvm: Option<Arc<Libnvvm>>,
    /// nvJitLink (the cubin stage).
    pub nvjitlink: Option<Arc<Nvjitlink>>,
}

/// The bytes of the libdevice at `path`, read once per process.
pub(crate) fn libdevice_bytes(path: &Path) -> std::io::Result<Arc<Vec<u8>>> {
    static CACHE: Mutex<Option<HashMap<PathBuf, Arc<Vec<u8>>>>> = Mutex::new(None);
    let mut cache = CACHE.lock().unwrap_or_else(PoisonError::into_inner);
    let map = cache.get_or_insert_with(HashMap::new);
    if let Some(bytes) = map.get(path) {
        return Ok(Arc::clone(bytes));
    }
    let bytes = Arc::new(std::fs::read(path)?);
    map.insert(path.to_path_buf(), Arc::clone(&bytes));
    Ok(bytes)
}
