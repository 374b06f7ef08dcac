//! oxcuda's CPU simulator: executes typed IR — the same program the GPU gets — with CUDA
//! semantics.
//!
//! ```text
//! let program = oxcuda_sim::prepare(&module)?;          // decode once
//! oxcuda_sim::launch(&program, grid, block, dyn_shared_bytes, &args, &[])?;  // many times
//! ```
//!
//! - [`prepare`] verifies and decodes a [`oxcuda_ir::Module`] into a [`Program`]: per function a
//!   compact instruction array with slot-index operands, resolved types and constants folded
//!   into a frame template (`decode.rs`, `inst.rs`).
//! - [`launch`] runs the kernel over a grid: blocks in parallel on CPU cores (`launch.rs`), the
//!   threads of a block cooperatively, switching at barriers (`scheduler.rs`), each thread a
//!   resumable interpreter over its own register file and frame stack (`interp.rs`,
//!   `frame.rs`).
//! - Semantics are `oxcuda_ir::ops`'s: integer wraparound, float32 in f32, float16 rounded
//!   after each op (`arith.rs`, `f16.rs`, `complex.rs`), C math functions (`math.rs`),
//!   bounds-checked memory (`memory.rs`), real atomics (`atomics.rs`), thread geometry and bit
//!   intrinsics (`intrinsics.rs`).
//! - Every failure is a [`SimError`] with a kind and a complete message (`error.rs`); nothing
//!   panics on user input.
//!
//! `docs/simulator.md` describes the execution model, the numeric semantics, the math accuracy
//! and the differences from a GPU.

mod args;
mod arith;
mod atomics;
mod complex;
mod decode;
mod error;
mod f16;
mod frame;
mod inst;
mod interp;
mod intrinsics;
mod launch;
mod layout;
mod math;
mod memory;
mod scheduler;

pub use args::{ArgValue, ArrayArg};
pub use decode::{Program, prepare};
pub use error::{SimError, SimErrorKind, SourceLoc};
pub use launch::{LaunchConfig, MAX_THREADS_PER_BLOCK, launch, launch_with};
