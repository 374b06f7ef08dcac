//! The compile pipeline: typed IR → NVVM IR text → libNVVM (PTX or LTO-IR) → nvJitLink (cubin).
//!
//! Invariants:
//! - libNVVM only ever sees modules written by [`crate::codegen`], whose header comes from
//!   [`crate::header`] with the libNVVM's own `nvvmIRVersion` ([`compile_module`] fills it in);
//! - libdevice is added (lazily, after verification) only when the module calls an `__nv_*`
//!   function; a module that needs it without one being supplied is an error, not a link
//!   failure later;
//! - the option set is a pure function of [`CodegenOptions`] ([`nvvm_options`]), so it can go
//!   into cache keys;
//! - linking always targets the exact GPU (`-arch=sm_XY`), with `-lto` exactly when some input
//!   is LTO-IR (`toolchain.md` §3.4; nvJitLink refuses `-lto` without LTO-IR).

use std::fmt;

use oxcuda_ir::Module;

use crate::codegen::{CodegenError, CodegenOptions, WrittenModule, write_module_full};
use crate::error::ToolError;
use crate::libnvvm::{Libnvvm, NvvmOutput};
use crate::nvjitlink::{LinkInput, LinkInputKind, Nvjitlink};

/// A failure anywhere between typed IR and PTX/LTO-IR.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    /// The writer refused the IR.
    Codegen(CodegenError),
    /// The module calls libdevice functions and no libdevice was supplied.
    MissingLibdevice,
    /// libNVVM refused the module or an option.
    Tool(ToolError),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Codegen(e) => e.fmt(f),
            Self::MissingLibdevice => f.write_str(
                "the kernel calls math functions from libdevice, but libdevice.10.bc was not found",
            ),
            Self::Tool(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CompileError {}

impl From<CodegenError> for CompileError {
    fn from(e: CodegenError) -> Self {
        Self::Codegen(e)
    }
}

impl From<ToolError> for CompileError {
    fn from(e: ToolError) -> Self {
        Self::Tool(e)
    }
}

/// fastmath's options, the same words for libNVVM and for nvJitLink's `-lto`.
const FASTMATH: [&str; 4] = ["-ftz=1", "-prec-div=0", "-prec-sqrt=0", "-fma=1"];

/// The libNVVM options for `options`: `-arch=compute_XY`, `-opt=0|3`, fastmath's
/// `-ftz=1 -prec-div=0 -prec-sqrt=0 -fma=1`, `-g` (with `-opt=0`) for debug, `-gen-lto`.
#[must_use]
pub fn nvvm_options(options: &CodegenOptions) -> Vec<String> {
    let (major, minor) = options.cc;
    let suffix = options.arch_suffix.map(String::from).unwrap_or_default();
    let opt = if options.optimizes() { 3 } else { 0 };
    let mut out = vec![
        format!("-arch=compute_{major}{minor}{suffix}"),
        format!("-opt={opt}"),
    ];
    if options.fastmath {
        out.extend(FASTMATH.iter().map(|s| (*s).to_owned()));
    }
    if options.debug {
        out.push("-g".to_owned());
    }
    if options.lto {
        out.push("-gen-lto".to_owned());
    }
    out
}

/// Compiles a written module with libNVVM, adding `libdevice` (the bytes of
/// `libdevice.10.bc`) lazily when the module needs it.
///
/// # Errors
/// [`CompileError::MissingLibdevice`], or libNVVM's error with its log.
pub fn compile_written(
    nvvm: &Libnvvm,
    written: &WrittenModule,
    options: &CodegenOptions,
    libdevice: Option<&[u8]>,
) -> Result<NvvmOutput, CompileError> {
    let lazy: Vec<(&[u8], &str)> = if written.needs_libdevice {
        let bytes = libdevice.ok_or(CompileError::MissingLibdevice)?;
        vec![(bytes, "libdevice")]
    } else {
        Vec::new()
    };
    let name = written.kernels.first().map_or("oxcuda", String::as_str);
    Ok(nvvm.compile(
        &[(written.text.as_bytes(), name)],
        &lazy,
        &nvvm_options(options),
    )?)
}

/// Writes `module` as NVVM IR (with this libNVVM's IR version in the header) and compiles it.
///
/// # Errors
/// The writer's error, [`CompileError::MissingLibdevice`], or libNVVM's error with its log.
pub fn compile_module(
    nvvm: &Libnvvm,
    module: &Module,
    options: &CodegenOptions,
    libdevice: Option<&[u8]>,
) -> Result<NvvmOutput, CompileError> {
    let options = CodegenOptions {
        ir_version: nvvm.ir_version(),
        ..options.clone()
    };
    let written = write_module_full(module, &options)?;
    compile_written(nvvm, &written, &options, libdevice)
}

/// How much debug information the linked cubin carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LinkDebug {
    /// None.
    #[default]
    None,
    /// Line tables from the PTX `.loc` directives (`-lineinfo`).
    LineInfo,
    /// Full device debug information (`-g`).
    Full,
}

/// The nvJitLink options for a link for `arch` (compute capability and the optional `a`/`f`
/// suffix of [`CodegenOptions::arch_suffix`]).
///
/// Under `-lto` nvJitLink generates the code, and it does not take fastmath from the LTO-IR:
/// `fastmath` adds its `-ftz=1 -prec-div=0 -prec-sqrt=0 -fma=1` there too (without them a
/// fastmath kernel linked with LTO got IEEE division and square roots).
#[must_use]
pub fn link_options(
    arch: (u32, u32),
    suffix: Option<char>,
    lto: bool,
    debug: LinkDebug,
    fastmath: bool,
) -> Vec<String> {
    let suffix = suffix.map(String::from).unwrap_or_default();
    let mut out = vec![format!("-arch=sm_{}{}{suffix}", arch.0, arch.1)];
    if lto {
        out.push("-lto".to_owned());
        if fastmath {
            out.extend(FASTMATH.iter().map(|s| (*s).to_owned()));
        }
    }
    match debug {
        LinkDebug::None => {}
        LinkDebug::LineInfo => out.push("-lineinfo".to_owned()),
        LinkDebug::Full => out.push("-g".to_owned()),
    }
    out
}

/// Links libNVVM's output and `extra_inputs` (the user's `link=` files) into a cubin for
/// `sm_<major><minor>`.
///
/// `-lto` is passed exactly when some input is LTO-IR, whatever `lto` says: nvJitLink fails
/// with `-lto` and no LTO-IR (`NVVM_ERROR_NO_MODULE_IN_PROGRAM`), and LTO-IR needs it. So
/// `lto` only records the caller's intent (its main input is LTO-IR when it compiled for LTO).
///
/// # Errors
/// nvJitLink's error with its log, naming the input that failed where known.
pub fn link_cubin(
    nvjitlink: &Nvjitlink,
    main: &NvvmOutput,
    extra_inputs: &[LinkInput],
    arch: (u32, u32),
    lto: bool,
    debug: LinkDebug,
) -> Result<Vec<u8>, ToolError> {
    Link {
        main,
        extra_inputs,
        target: (arch, None),
        lto,
        debug,
        fastmath: false,
    }
    .cubin(nvjitlink)
}

/// One link of [`link_cubin`]'s kind, for `target`: the compute capability and the optional
/// architecture suffix (`'a'`: `sm_90a`; [`CodegenOptions::arch_suffix`]), with fastmath's
/// options for nvJitLink's code generation under LTO ([`link_options`]). [`Link::cubin`]
/// makes it; [`Link::report`] makes it for nvJitLink's `-verbose` report alone, so the two
/// always describe the same link.
#[derive(Debug, Clone, Copy)]
pub struct Link<'a> {
    /// Our PTX or LTO-IR.
    pub main: &'a NvvmOutput,
    /// The user's inputs, linked after ours.
    pub extra_inputs: &'a [LinkInput],
    /// The compute capability and the architecture suffix.
    pub target: ((u32, u32), Option<char>),
    /// The caller's intent: its main input is LTO-IR when it compiled for LTO ([`link_cubin`]).
    pub lto: bool,
    /// The debug information asked for.
    pub debug: LinkDebug,
    /// fastmath's code-generation options under LTO.
    pub fastmath: bool,
}

impl Link<'_> {
    /// The cubin.
    ///
    /// # Errors
    /// As [`link_cubin`].
    pub fn cubin(&self, nvjitlink: &Nvjitlink) -> Result<Vec<u8>, ToolError> {
        let (inputs, options) = self.plan();
        let (cubin, _) = nvjitlink.link(&inputs, &options, false)?;
        Ok(cubin)
    }

    /// nvJitLink's `-verbose` report of the link: ptxas's registers, stack frame, shared and
    /// constant memory of each kernel (what the simulator answers the GPU's resource queries
    /// from). The cubin is dropped.
    ///
    /// # Errors
    /// As [`link_cubin`].
    pub fn report(&self, nvjitlink: &Nvjitlink) -> Result<String, ToolError> {
        let (inputs, options) = self.plan();
        nvjitlink.link_info(&inputs, &options)
    }

    /// The inputs (ours first) and options.
    fn plan(&self) -> (Vec<LinkInput>, Vec<String>) {
        let (arch, suffix) = self.target;
        debug_assert!(
            !self.lto || matches!(self.main, NvvmOutput::LtoIr(_)),
            "LTO needs LTO-IR"
        );
        let main_input = match self.main {
            NvvmOutput::Ptx(text) => LinkInput {
                kind: LinkInputKind::Ptx,
                data: text.as_bytes().to_vec(),
                name: "oxcuda.ptx".to_owned(),
            },
            NvvmOutput::LtoIr(bytes) => LinkInput {
                kind: LinkInputKind::LtoIr,
                data: bytes.clone(),
                name: "oxcuda.ltoir".to_owned(),
            },
        };
        let lto = main_input.kind == LinkInputKind::LtoIr
            || self
                .extra_inputs
                .iter()
                .any(|i| i.kind == LinkInputKind::LtoIr);
        let mut inputs = Vec::with_capacity(self.extra_inputs.len() + 1);
        inputs.push(main_input);
        inputs.extend_from_slice(self.extra_inputs);
        let options = link_options(arch, suffix, lto, self.debug, self.fastmath);
        (inputs, options)
    }
}
