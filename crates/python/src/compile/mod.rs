//! Compiling: the pipeline entry point (`pipeline.rs`, formerly `compile.rs`), source capture, the
//! extension resolver (`extending.rs`), linking, the CUDA libraries opened (`toolchain.rs`), and direct
//! libNVVM / NVRTC calls for numba's driver-layer modules (`tool_calls.rs`).

pub mod capture;
pub mod extending;
pub mod link;
pub mod pipeline;
pub mod tool_calls;
pub mod toolchain;
