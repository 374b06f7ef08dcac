//! The NVVM IR writer: typed IR ([`oxcuda_ir::Module`]) → typed-pointer LLVM 7 NVVM IR text,
//! the dialect libNVVM accepts for every arch (`toolchain.md` §1.3).
//!
//! One file per concept:
//! - [`types`]: LLVM types of IR types; [`constants`]: literals;
//! - `function`: the per-function writer (value names, entry allocas, blocks, dispatch);
//! - `arith`: unary, binary, comparison, cast, select, complex arithmetic;
//! - `arrays`: array values, element addresses, loads and stores, shared/local/const arrays;
//! - `intrinsics`: special registers, barriers, fences, bit operations, nanosleep, assert;
//! - `assertions`: what a failing `assert` does in a debug build (the record the host reads);
//! - `records`: elements of arrays of records, field reads and writes, record copies;
//! - `math`: libdevice calls; `atomics`: atomic operations;
//! - `kernel`: the kernel ABI (parameter flattening, `docs/abi.md`) and annotations;
//! - `externs`: external functions' declarations and calls (C and numba ABIs);
//! - `numba_abi`: the entry device function under numba-cuda's ABI (`i32 @sym(RET*, ...)`);
//! - `helpers`: small internal functions emitted once per module when used (integer power,
//!   complex division and power, float atomic min/max);
//! - `debug`: line-table metadata for `lineinfo`/`debug`;
//! - `spaces`: which array values are proven to point into shared memory (the tensor-core
//!   lowering's `.shared` forms).
//!
//! Invariants of every module written:
//! - it starts with the target lines from [`crate::header`] and ends with `!nvvmir.version`
//!   from the same file (libNVVM aborts on malformed headers: never assembled elsewhere);
//! - kernels are `ptx_kernel`, listed in `!nvvm.annotations` *and* in `@llvm.used` (both
//!   accepted by libNVVM 12.x/13.x, `@llvm.used` keeps them alive through LTO);
//! - the entry function and every kernel are external; other device functions are internal
//!   (under [`CodegenOptions::numba_abi`] the entry's external symbol is its numba-ABI wrapper);
//! - libdevice functions are only declared; the caller adds libdevice lazily when
//!   [`WrittenModule::needs_libdevice`] says so;
//! - external functions (`cuda.declare_device`) are only declared, with their ABI's signature
//!   (`externs`); nvJitLink resolves them against the user's link inputs;
//! - the module is verified ([`oxcuda_ir::verify::verify`]) before anything is written, so
//!   libNVVM never sees IR whose operands disagree.

mod arith;
mod arrays;
mod assertions;
mod atomics;
mod bf16;
mod cache_hints;
pub mod constants;
mod debug;
mod debug_types;
mod error;
mod externs;
mod function;
mod grid_sync;
mod helpers;
mod intrinsics;
mod kernel;
mod libdevice;
mod math;
mod numba_abi;
mod print;
mod records;
mod spaces;
mod tensor;
pub mod types;
mod warp;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt::Write;

use oxcuda_ir::{FunctionKind, GlobalKind, Module};

pub use assertions::{ASSERT_INFO, ASSERT_INFO_WORDS, AssertSite};
pub use error::CodegenError;

/// `__launch_bounds__`: the most threads per block a kernel is launched with and, optionally,
/// the fewest resident blocks per SM wanted and the most blocks per cluster.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LaunchBounds {
    /// `maxntidx`: the kernel is never launched with more threads per block.
    pub max_threads_per_block: u32,
    /// `minctasm`: blocks per multiprocessor the register allocation should allow.
    pub min_blocks_per_sm: Option<u32>,
    /// `cluster_max_blocks` (compute capability 9.0+).
    pub max_blocks_per_cluster: Option<u32>,
}

/// How to write and compile a module.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CodegenOptions {
    /// Compute capability `(major, minor)`: `-arch=compute_<major><minor>`.
    pub cc: (u32, u32),
    /// numba's third `cc` item: `'a'` for the architecture-specific target (`sm_90a`, whose
    /// code runs only on that architecture) or `'f'` for the family target (`sm_100f`);
    /// `None` for the portable one. Appended to the `-arch` of libNVVM and nvJitLink.
    pub arch_suffix: Option<char>,
    /// numba's `fastmath=True`: `fast` flags on float instructions, and libNVVM
    /// `-ftz=1 -prec-div=0 -prec-sqrt=0 -fma=1`.
    pub fastmath: bool,
    /// libNVVM `-opt=`: 0 or 3 (anything else is passed as 3).
    pub opt_level: u32,
    /// Emit line-table debug metadata (`.loc` in the PTX) from each instruction's `Loc`.
    pub lineinfo: bool,
    /// Full debug: line tables, `-g -opt=0`, and `assert` checked (a failure is recorded for
    /// the host and ends the thread: `assertions`).
    pub debug: bool,
    /// `maxnreg` annotation on every kernel.
    pub max_registers: Option<u32>,
    /// `maxntidx`/`minctasm`/`cluster_max_blocks` annotations on every kernel.
    pub launch_bounds: Option<LaunchBounds>,
    /// Produce LTO-IR (`-gen-lto`) instead of PTX.
    pub lto: bool,
    /// `!nvvmir.version`: the libNVVM's `nvvmIRVersion` (IR major, minor, debug major, minor).
    pub ir_version: (i32, i32, i32, i32),
    /// The entry device function follows numba-cuda's ABI, `i32 @sym(RET* out, ARGS...)`
    /// (`numba_abi`; `abi="numba"` of `compile_ptx`/`compile` with `device=True`); otherwise
    /// it returns its value (docs/abi.md). Kernels are unaffected.
    pub numba_abi: bool,
}

impl Default for CodegenOptions {
    fn default() -> Self {
        Self {
            cc: (7, 5),
            arch_suffix: None,
            fastmath: false,
            opt_level: 3,
            lineinfo: false,
            debug: false,
            max_registers: None,
            launch_bounds: None,
            lto: false,
            ir_version: (2, 0, 3, 2),
            numba_abi: false,
        }
    }
}

impl CodegenOptions {
    /// Whether libNVVM optimises (`-opt=3`): not with `opt=False` (`opt_level` 0) nor in a
    /// debug build, which is always `-opt=0`.
    #[must_use]
    pub fn optimizes(&self) -> bool {
        self.opt_level > 0 && !self.debug
    }
}

/// A written module and what compiling it needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WrittenModule {
    /// The NVVM IR text.
    pub text: String,
    /// The module calls `__nv_*` functions: add libdevice (lazily) when compiling.
    pub needs_libdevice: bool,
    /// The kernels' symbols, in module order (what `cuModuleGetFunction` looks up).
    pub kernels: Vec<String>,
    /// The checked `assert`s (debug builds), by number: a failure stores its index plus one in
    /// [`ASSERT_INFO`]. Empty when nothing is checked, and then the module has no such global.
    pub asserts: Vec<AssertSite>,
}

/// Writes `module` as NVVM IR text.
///
/// # Errors
/// The module fails verification, uses a symbol that is not a plain identifier, or uses an
/// operation the GPU back end does not support.
pub fn write_module(module: &Module, options: &CodegenOptions) -> Result<String, CodegenError> {
    write_module_full(module, options).map(|m| m.text)
}

/// Writes `module` as NVVM IR text and reports what compiling it needs.
///
/// # Errors
/// As [`write_module`].
pub fn write_module_full(
    module: &Module,
    options: &CodegenOptions,
) -> Result<WrittenModule, CodegenError> {
    if let Err(errors) = oxcuda_ir::verify::verify(module) {
        let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
        return Err(CodegenError::module(format!(
            "the IR does not verify:\n{}",
            list.join("\n")
        )));
    }
    if module.functions.is_empty() {
        return Err(CodegenError::module("the module has no function"));
    }
    check_symbols(module)?;
    let mut cx = ModuleCtx::new(module, options);
    externs::declare_all(&mut cx)?;
    let mut functions = String::new();
    for (i, f) in module.functions.iter().enumerate() {
        if f.kind.is_extern() {
            continue; // declared above
        }
        let text = function::write_function(&mut cx, i)?;
        if !functions.is_empty() {
            functions.push('\n');
        }
        functions.push_str(&text);
        if numba_abi::applies(options, i, f) {
            functions.push('\n');
            let debug = cx.debug_wrapper(f, &f.name);
            functions.push_str(&numba_abi::write_wrapper(f, debug));
        }
    }
    let mut out = String::new();
    crate::header::write_target(&mut out);
    out.push('\n');
    for (i, g) in module.globals.iter().enumerate() {
        if cx.used_globals.contains(&i) {
            arrays::write_global(&mut out, g);
        }
    }
    cx.write_assert_info(&mut out);
    cx.write_strings(&mut out);
    if cx.uses_dynshared {
        let _ = writeln!(
            out,
            "@{} = external addrspace(3) global [0 x i8], align 16",
            arrays::DYNSHARED
        );
    }
    kernel::write_llvm_used(&mut out, module, options, !cx.asserts.is_empty());
    out.push('\n');
    out.push_str(&functions);
    for text in cx.helpers.values() {
        out.push('\n');
        out.push_str(text);
    }
    if !cx.decls.is_empty() {
        out.push('\n');
    }
    for line in cx.decls.values() {
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    let annotations = kernel::annotations(&mut cx);
    let names: Vec<String> = annotations.iter().map(|id| format!("!{id}")).collect();
    let _ = writeln!(out, "!nvvm.annotations = !{{{}}}", names.join(", "));
    cx.write_debug_named(&mut out);
    for (id, node) in cx.meta.iter().enumerate() {
        let _ = writeln!(out, "!{id} = {node}");
    }
    let version_id = u32::try_from(cx.meta.len()).unwrap_or(u32::MAX);
    crate::header::write_ir_version(&mut out, version_id, options.ir_version);
    let kernels = module
        .functions
        .iter()
        .filter(|f| f.kind == FunctionKind::Kernel)
        .map(|f| f.name.clone())
        .collect();
    Ok(WrittenModule {
        text: out,
        needs_libdevice: cx.uses_libdevice,
        kernels,
        asserts: cx.asserts,
    })
}

/// Module-wide state while writing: declarations, helpers and metadata that functions add.
#[derive(Debug)]
pub(crate) struct ModuleCtx<'a> {
    pub(crate) module: &'a Module,
    pub(crate) opts: &'a CodegenOptions,
    /// External declarations by name (`declare float @__nv_sinf(float)`).
    decls: BTreeMap<String, String>,
    /// Internal helper definitions by name.
    helpers: BTreeMap<String, String>,
    /// Numbered metadata nodes, `!index`.
    meta: Vec<String>,
    /// The number of each node added with [`ModuleCtx::meta_shared`].
    shared_meta: BTreeMap<String, u32>,
    pub(crate) uses_libdevice: bool,
    pub(crate) uses_dynshared: bool,
    /// Globals referenced by some function (the others are not written).
    used_globals: std::collections::BTreeSet<usize>,
    debug: Option<debug::DebugInfo>,
    /// The checked `assert`s written so far, by number.
    asserts: Vec<AssertSite>,
    /// String constants (`print`'s formats): text → symbol.
    strings: BTreeMap<String, String>,
    /// The array values of each function proven to point into shared memory.
    pub(crate) shared: spaces::SharedValues,
}

impl<'a> ModuleCtx<'a> {
    fn new(module: &'a Module, opts: &'a CodegenOptions) -> Self {
        let mut cx = Self {
            module,
            opts,
            decls: BTreeMap::new(),
            helpers: BTreeMap::new(),
            meta: Vec::new(),
            shared_meta: BTreeMap::new(),
            uses_libdevice: false,
            uses_dynshared: false,
            used_globals: std::collections::BTreeSet::new(),
            debug: None,
            asserts: Vec::new(),
            strings: BTreeMap::new(),
            shared: spaces::SharedValues::of(module),
        };
        if opts.lineinfo || opts.debug {
            cx.debug = Some(debug::DebugInfo::new(&mut cx));
        }
        cx
    }

    /// Adds a numbered metadata node; returns its number.
    pub(crate) fn meta(&mut self, node: String) -> u32 {
        self.meta.push(node);
        u32::try_from(self.meta.len() - 1).unwrap_or(u32::MAX)
    }

    /// A metadata node written once per module however often it is used (`!range` bounds);
    /// returns its number.
    pub(crate) fn meta_shared(&mut self, node: String) -> u32 {
        if let Some(id) = self.shared_meta.get(&node) {
            return *id;
        }
        let id = self.meta(node.clone());
        self.shared_meta.insert(node, id);
        id
    }

    /// Declares an external function once (`ret`, parameter types).
    pub(crate) fn declare(&mut self, name: &str, ret: &str, params: &[&str]) {
        if name.starts_with("__nv_") {
            self.uses_libdevice = true;
        }
        self.decls
            .entry(name.to_owned())
            .or_insert_with(|| format!("declare {ret} @{name}({})", params.join(", ")));
    }

    /// The symbol function `index`'s body is defined under: its own, or `<sym>$value` for a
    /// numba-ABI entry, whose own symbol is the wrapper's (`numba_abi`).
    pub(crate) fn defined_name(&self, index: usize) -> String {
        let f = &self.module.functions[index];
        if numba_abi::applies(self.opts, index, f) {
            numba_abi::body_name(f)
        } else {
            f.name.clone()
        }
    }

    /// Adds an internal helper definition once; `make` writes it when first needed.
    pub(crate) fn helper(&mut self, name: &str, make: impl FnOnce(&mut Self) -> String) {
        if !self.helpers.contains_key(name) {
            let text = make(self);
            self.helpers.insert(name.to_owned(), text);
        }
    }

    pub(crate) fn use_global(&mut self, index: usize) {
        self.used_globals.insert(index);
    }
}

/// Symbols become PTX identifiers, which the launcher looks up by name: they must be plain
/// identifiers, unique, and outside the prefixes the writer and libdevice use.
fn check_symbols(module: &Module) -> Result<(), CodegenError> {
    let mut seen = std::collections::BTreeSet::new();
    let names = module
        .functions
        .iter()
        .map(|f| (&f.name, "function"))
        .chain(module.globals.iter().map(|g| (&g.name, "global")));
    for (name, what) in names {
        let external = module
            .functions
            .iter()
            .any(|f| f.kind.is_extern() && f.name == *name);
        let mut chars = name.chars();
        let valid = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
            && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        if !valid {
            return Err(CodegenError::module(format!(
                "{what} symbol {name:?} is not an identifier ([A-Za-z_$][A-Za-z0-9_$]*)"
            )));
        }
        // An external function may be a libdevice function (`__nv_*`), declared by the user.
        if name.starts_with("__oxcuda_") || (name.starts_with("__nv_") && !external) {
            return Err(CodegenError::module(format!(
                "{what} symbol {name:?} uses a reserved prefix"
            )));
        }
        if !seen.insert(name.as_str()) {
            return Err(CodegenError::module(format!(
                "symbol {name:?} is defined twice"
            )));
        }
    }
    for g in &module.globals {
        if g.kind == GlobalKind::Const
            && let Some(init) = &g.init
        {
            let want = g.len() * u64::from(g.dtype.size());
            if init.len() as u64 != want {
                return Err(CodegenError::module(format!(
                    "constant array {} has {} initial bytes, its shape needs {want}",
                    g.name,
                    init.len()
                )));
            }
        }
    }
    Ok(())
}
