//! Compiling: the pipeline entry point (`pipeline.rs`, formerly `compile.rs`), source capture, the
//! extension resolver (`extending.rs`), the libdevice table for Python (`libdevice_table.rs`), linking, the CUDA libraries opened (`toolchain.rs`), and direct
//! libNVVM / NVRTC calls for numba's driver-layer modules (`tool_calls.rs`).

pub mod capture;
pub mod extending;
pub mod libdevice_table;
pub mod link;
pub mod pipeline;
pub mod tool_calls;
pub mod toolchain;
