//! Compiling: the pipeline entry point (`pipeline.rs`, formerly `compile.rs`), source capture, the
//! extension resolver (`extending.rs`), linking, and the CUDA libraries opened (`toolchain.rs`).

pub mod capture;
pub mod extending;
pub mod link;
pub mod pipeline;
pub mod toolchain;
