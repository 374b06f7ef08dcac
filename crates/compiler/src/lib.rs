//! oxcuda's compile pipeline, with no Python in it: captured Python sources → typed IR
//! (`oxcuda-typeck`) → optimised typed IR (`oxcuda-opt`) → NVVM IR → PTX or LTO-IR (libNVVM)
//! → cubin (nvJitLink) (`oxcuda-nvvm`).
//!
//! The stages are data ([`STAGES`]): each has a name, a timer, a form and the step that
//! produces it; [`Artifacts`] keeps every stage's output (moved from step to step, not copied)
//! and each step's time, so `OXCUDA_DUMP` and `inspect_*` read a compile's stages instead of
//! compiling again, and a later stage can be produced from the stored ones
//! ([`Artifacts::advance`]). [`compile_from`] starts the pipeline at any stage from a file's text
//! (docs/debugging.md).
//!
//! Rules: this crate depends on the compiler crates only (never PyO3, never the driver), so
//! `cargo test -p oxcuda-compiler` compiles Python source text to cubins without Python or a
//! GPU. Errors are [`CompileError`]s; `crates/python/src/boundary.rs` turns them into
//! `oxcuda.errors` classes.

mod artifacts;
mod error;
mod pipeline;
mod request;
mod stage;
pub mod whole_program;

pub use artifacts::{Artifacts, Output};
pub use error::{CompileError, Tool};
pub use pipeline::{compile, compile_from};
pub use request::{ExtensionResolver, Options, Request, Signature, Toolchain};
pub use stage::{Form, Path, STAGE_COUNT, STAGES, Stage, StageInfo};
