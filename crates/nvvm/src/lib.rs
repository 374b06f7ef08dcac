//! The GPU back end: the NVVM IR writer ([`codegen`]: typed IR → NVVM IR text), the compile
//! pipeline ([`pipeline`]), and the CUDA compiler libraries it drives: libNVVM (NVVM IR → PTX
//! or LTO-IR), nvJitLink (everything → cubin) and NVRTC (CUDA C++ → PTX/LTO-IR for `link=`
//! inputs).
//!
//! Each library is opened by path (the Python side resolves paths with cuda-pathfinder or the
//! `OXCUDA_*_PATH` settings) through [`oxcuda_dylib::function_table!`]. Nothing here needs a GPU
//! or a driver, so CI compiles kernels to cubin.
//!
//! Invariants:
//! - every status code is checked; a failed step returns [`ToolError`] with the library's log
//!   (nvJitLink can return an empty cubin after a failed `AddData`, so success of the last call
//!   proves nothing: `toolchain.md` §2.3);
//! - program handles are destroyed on every path (RAII guards).

mod buffer;
pub mod codegen;
pub mod error;
pub mod header;
pub mod libnvvm;
pub mod nvjitlink;
pub mod nvrtc;
pub mod pipeline;
pub mod ptx_version;

pub use codegen::{
    ASSERT_INFO, ASSERT_INFO_WORDS, AssertSite, CodegenError, CodegenOptions, LaunchBounds,
    WrittenModule, write_module, write_module_full,
};
pub use error::ToolError;
pub use libnvvm::{Libnvvm, NvvmOutput};
pub use nvjitlink::{LinkInput, LinkInputKind, Nvjitlink};
pub use nvrtc::{Nvrtc, NvrtcOutput};
pub use pipeline::{
    CompileError, LinkDebug, compile_module, compile_written, link_cubin, nvvm_options,
};
