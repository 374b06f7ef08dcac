//! oxcuda's CPU simulator: executes typed IR — the same program the GPU gets — with CUDA
//! semantics.
//!
//! ```
//! use oxcuda_ir::{Scalar, parse::parse_module};
//! use oxcuda_sim::{ArgValue, ArrayArg, launch, prepare};
//!
//! // x[threadIdx.x] *= 2, as IR text (the compiler builds the same `Module` in memory).
//! let module = parse_module(r#"
//! kernel @f0 "double"(array(float32, 1d, C)) -> none file "k.py" {
//! bb0:
//!   v0: array(float32, 1d, C) = param 0 !1:1
//!   v1: int32 = intrinsic threadidx.x !2:5
//!   v2: int64 = cast v1 !2:5
//!   v3: float32 = load v0[v2] !2:5
//!   v4: float32 = add v3, v3 !2:5
//!   store v0[v2], v4 !2:5
//!   ret !1:1
//! }
//! "#).unwrap();
//! let program = prepare(&module)?;                       // decode once
//! let mut x = vec![1.5f32, 2.0, -3.0, 0.25];
//! // SAFETY: `x` outlives the launch and nothing else touches it meanwhile.
//! let arr = unsafe { ArrayArg::from_slice(&mut x, &[4], Scalar::F32)? };
//! launch(&program, [1, 1, 1], [4, 1, 1], 0, &[ArgValue::Array(arr)], &[])?;  // many times
//! assert_eq!(x, [3.0, 4.0, -6.0, 0.5]);
//! # Ok::<(), oxcuda_sim::SimError>(())
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
//!   intrinsics (`intrinsics.rs`), warp shuffles, votes and matches (`warp.rs`, completed by the
//!   scheduler once the warp's threads have arrived).
//! - External device functions (`cuda.declare_device`) run as host code: [`prepare_with_hosts`]
//!   binds each to the thunk of its host build, which the caller compiled from the linked CUDA
//!   C++ source (`host_call.rs`).
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
mod host_call;
mod inst;
mod interp;
mod interrupt;
mod intrinsics;
mod launch;
mod layout;
pub mod libdevice;
mod math;
mod memory;
mod pointer;
mod print;
mod racecheck;
mod scheduler;
mod tensor;
mod warp;

pub use args::{ArgValue, ArrayArg, RecordArg};
pub use decode::{Program, prepare, prepare_with_hosts};
pub use error::{SimError, SimErrorKind, SourceLoc};
pub use host_call::{HostFunctions, HostThunk, MAX_HOST_PARAMS};
pub use interrupt::interrupt_launches;
pub use launch::{
    LaunchConfig, MAX_COOPERATIVE_THREADS, MAX_THREADS_PER_BLOCK, SHARED_BYTES_PER_BLOCK,
    SHARED_BYTES_PER_BLOCK_OPT_IN, launch, launch_with, launch_with_output,
};
pub use pointer::PointerArg;

#[cfg(test)]
mod tests {
    #[test]
    fn public_types_cross_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<super::Program>();
        send_sync::<super::ArgValue>();
        send_sync::<super::SimError>();
    }
}
