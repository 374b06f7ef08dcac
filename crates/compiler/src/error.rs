//! Why a compile failed. Each variant says whose fault it is, so the Python boundary
//! (`crates/python/src/boundary.rs`) maps it to one `oxcuda.errors` class: the user's code
//! (`Diagnostics`), a missing or unusable library (`ToolMissing`, `Libdevice`,
//! `MissingLibdevice`), a link input (`Link`), a file fed into a stage (`Input`), or oxcuda's
//! own bug (`Verification`, `Codegen`, `Nvvm`), which carries the IR it is about so a bug report
//! holds what is needed.

use std::fmt;
use std::path::PathBuf;

use oxcuda_nvvm::{CodegenError, LinkInput, ToolError};
use oxcuda_syntax::diagnostic::Resolved;

use crate::stage::Stage;

/// A library the pipeline needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// libNVVM.
    Nvvm,
    /// nvJitLink.
    NvJitLink,
}

impl Tool {
    /// Its usual name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Nvvm => "libNVVM",
            Self::NvJitLink => "nvJitLink",
        }
    }
}

/// A failed compile.
#[derive(Debug, Clone)]
pub enum CompileError {
    /// The Python code has errors: every diagnostic, resolved to file lines.
    Diagnostics(Vec<Resolved>),
    /// An optimiser pass left IR the verifier rejects.
    Verification {
        /// The pass after which it failed.
        pass: String,
        /// The verifier's errors.
        errors: Vec<String>,
        /// The typed IR it is about.
        ir: String,
    },
    /// The NVVM IR writer refused the typed IR.
    Codegen {
        /// The writer's error.
        error: CodegenError,
        /// The typed IR.
        ir: String,
    },
    /// libNVVM rejected the NVVM IR.
    Nvvm {
        /// The Python name of the entry function (the kernel's name when fed from a file).
        function: String,
        /// libNVVM's status and log.
        error: Box<ToolError>,
        /// The NVVM IR.
        nvvm: String,
    },
    /// A stage needs a library that is not open.
    ToolMissing(Tool),
    /// The module calls libdevice functions and no libdevice was given.
    MissingLibdevice,
    /// libdevice could not be read.
    Libdevice {
        /// Where it was looked for.
        path: PathBuf,
        /// The I/O error.
        error: String,
    },
    /// nvJitLink failed.
    Link {
        /// The kernel's symbol.
        kernel: String,
        /// The names of the user's link inputs.
        inputs: Vec<String>,
        /// nvJitLink's status and log.
        error: Box<ToolError>,
    },
    /// A file fed into a stage does not parse or verify, or the stage cannot be fed.
    Input {
        /// The stage it was fed into.
        stage: Stage,
        /// What is wrong.
        message: String,
    },
    /// The artifacts hold no stage the target can be produced from (the target comes before
    /// what was fed in, or needs a source that was never given).
    Unreachable {
        /// The stage asked for.
        target: Stage,
        /// What is missing.
        message: String,
    },
}

impl CompileError {
    pub(crate) fn link(kernel: &str, inputs: &[LinkInput], error: ToolError) -> Self {
        Self::Link {
            kernel: kernel.to_owned(),
            inputs: inputs.iter().map(|i| i.name.clone()).collect(),
            error: Box::new(error),
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Diagnostics(diags) => {
                let rendered: Vec<String> = diags.iter().map(Resolved::render).collect();
                f.write_str(&rendered.join("\n"))
            }
            Self::Verification { pass, errors, ir } => write!(
                f,
                "the IR failed verification after pass '{pass}':\n{}\n\nthe typed IR:\n{ir}",
                errors.join("\n")
            ),
            Self::Codegen { error, ir } => {
                write!(f, "writing NVVM IR failed: {error}\n\nthe typed IR:\n{ir}")
            }
            Self::Nvvm {
                function,
                error,
                nvvm,
            } => write!(
                f,
                "libNVVM rejected the IR oxcuda wrote for {function}: {error}\n\nthe NVVM IR:\n{nvvm}"
            ),
            Self::ToolMissing(tool) => write!(f, "{} is not open", tool.name()),
            Self::MissingLibdevice => oxcuda_nvvm::CompileError::MissingLibdevice.fmt(f),
            Self::Libdevice { path, error } => {
                write!(f, "cannot read libdevice at {}: {error}", path.display())
            }
            Self::Link {
                kernel,
                inputs,
                error,
            } => {
                let log = error.to_string();
                if let Some(hint) = shared_memory_overflow(kernel, &log) {
                    f.write_str(&hint)?;
                }
                if inputs.is_empty() {
                    write!(f, "linking {kernel} failed: {error}")
                } else {
                    write!(
                        f,
                        "linking {kernel} with {} failed: {error}",
                        inputs.join(", ")
                    )
                }
            }
            Self::Input { stage, message } => write!(f, "{stage} input: {message}"),
            Self::Unreachable { target, message } => {
                write!(f, "cannot produce the {target} stage: {message}")
            }
        }
    }
}

impl std::error::Error for CompileError {}

/// For ptxas's "uses too much shared data (0x800000 bytes, 0xc000 max)" in a link log: the
/// amount and the limit in shared-memory terms, as a sentence ending in a newline.
fn shared_memory_overflow(kernel: &str, log: &str) -> Option<String> {
    let at = log.find("uses too much shared data (")?;
    let rest = &log[at + "uses too much shared data (".len()..];
    let hex = |s: &str| u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok();
    let (used, rest) = rest.split_once(" bytes, ")?;
    let (limit, _) = rest.split_once(" max)")?;
    let (used, limit) = (hex(used)?, hex(limit)?);
    Some(format!(
        "kernel {kernel} uses {used} bytes of static shared memory per block (its \
         cuda.shared.array buffers), more than the {limit} bytes the device allows; use \
         smaller shared arrays\n"
    ))
}
