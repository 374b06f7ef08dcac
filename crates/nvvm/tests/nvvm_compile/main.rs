//! The NVVM IR writer against the real libNVVM and nvJitLink: IR built by hand, written,
//! compiled for compute_75/90/100, linked to an sm_90 cubin, and the PTX checked for the
//! instructions each operation must produce.
//!
//! The libraries come from `OXCUDA_TEST_NVVM`, `OXCUDA_TEST_LIBDEVICE` and
//! `OXCUDA_TEST_NVJITLINK`, else from the repository's `.venv` (the `nvidia-*` cu13 wheels).
//! Without them every test here prints a notice and passes: the writer's text is still
//! covered by the unit tests in `src/codegen/tests.rs`.

mod arrays;
mod assertions;
mod atomics;
mod build;
mod calls;
mod gpu;
mod intrinsics;
mod linking;
mod logs;
mod math;
mod ops;
mod options;
mod records;
mod toolchain;
mod warp;
