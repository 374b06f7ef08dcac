//! `oxcuda._native`: the one PyO3 module.
//!
//! This crate is the only place that touches Python, and it only converts: compiling lives in
//! the compiler crates, launching and memory in `oxcuda-runtime`, simulating in `oxcuda-sim`.
//! Its files are grouped by concept — `compile/`, `launch/`, `memory/`, `context/`,
//! `interop/` — and every class and function is registered in [`_native`] below, nowhere else.
//!
//! Every function and method exported here runs its body through [`boundary::guard`], which
//! turns a Rust panic into `InternalCompilerError`, so a bug in the core never aborts the
//! interpreter; Rust errors become the `oxcuda.errors` hierarchy in `boundary.rs`.

mod boundary;
mod compile;
mod context;
mod interop;
mod launch;
pub mod memory;

// `compile/pipeline.rs` (owned by the compiler work, not edited here) still names these
// modules by their old root paths.
use compile::{capture, link, toolchain};
use launch::{assertions, kernel};

use pyo3::prelude::*;

/// Deliberately panics inside the boundary: the test that a panic becomes
/// `InternalCompilerError` and leaves the interpreter alive calls this.
#[pyfunction]
fn _panic_for_test(message: &str) -> PyResult<()> {
    boundary::guard(|| panic!("{message}"))
}

/// Test hook: the next call into any guarded export panics inside the boundary (a getter,
/// say), so tests can check every export turns a panic into `InternalCompilerError`.
#[pyfunction]
fn _panic_in_next_guard() -> PyResult<()> {
    boundary::guard(|| {
        boundary::panic_in_next_guard();
        Ok(())
    })
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(_panic_for_test, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_in_next_guard, m)?)?;
    // compile/pipeline.rs (formerly compile.rs) keeps its own list (it is rewritten by the compiler work).
    m.add_class::<compile::pipeline::CompileArtifacts>()?;
    m.add_function(wrap_pyfunction!(compile::pipeline::compile, m)?)?;
    m.add_function(wrap_pyfunction!(compile::pipeline::compile_from, m)?)?;
    m.add_function(wrap_pyfunction!(compile::pipeline::compile_stages, m)?)?;
    m.add_function(wrap_pyfunction!(
        compile::pipeline::cuda_release_for_isa,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(compile::pipeline::parse_signature, m)?)?;
    // Every class and function of the module, registered here and nowhere else (by concept).
    // compile/link.rs
    m.add_function(wrap_pyfunction!(compile::link::nvrtc_compile, m)?)?;
    m.add_function(wrap_pyfunction!(compile::tool_calls::nvvm_compile, m)?)?;
    m.add_function(wrap_pyfunction!(
        compile::tool_calls::nvrtc_supported_archs,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(compile::link::driver_link, m)?)?;
    m.add_function(wrap_pyfunction!(compile::link::lto_ptx, m)?)?;
    m.add_function(wrap_pyfunction!(
        compile::libdevice_table::libdevice_table,
        m
    )?)?;
    // compile/toolchain.rs
    m.add_function(wrap_pyfunction!(compile::toolchain::open_nvvm, m)?)?;
    m.add_function(wrap_pyfunction!(compile::toolchain::open_nvjitlink, m)?)?;
    m.add_function(wrap_pyfunction!(compile::toolchain::open_nvrtc, m)?)?;
    m.add_function(wrap_pyfunction!(compile::toolchain::open_driver, m)?)?;
    // launch/kernel.rs
    m.add_class::<launch::launcher::ArgType>()?;
    m.add_function(wrap_pyfunction!(launch::launcher::parse_types, m)?)?;
    m.add_class::<launch::kernel::IrModule>()?;
    m.add_class::<launch::launcher::LaunchCache>()?;
    m.add_class::<launch::launcher::ConfiguredLaunch>()?;
    m.add_function(wrap_pyfunction!(
        launch::launcher::set_config_generation,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(launch::kernel::set_sim_racecheck, m)?)?;
    m.add_class::<launch::kernel::GpuKernel>()?;
    m.add_class::<launch::kernel::SimKernel>()?;
    m.add_function(wrap_pyfunction!(launch::kernel::typeof_args, m)?)?;
    // memory/devicearray.rs
    m.add_class::<memory::devicearray::DeviceNDArray>()?;
    m.add_function(wrap_pyfunction!(memory::devicearray::device_array, m)?)?;
    m.add_function(wrap_pyfunction!(memory::devicearray::device_array_like, m)?)?;
    m.add_function(wrap_pyfunction!(memory::devicearray::to_device, m)?)?;
    m.add_function(wrap_pyfunction!(
        memory::devicearray::from_cuda_array_interface,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(memory::devicearray::is_device_array, m)?)?;
    m.add_function(wrap_pyfunction!(memory::devicearray::from_dlpack, m)?)?;
    // memory/devicerecord.rs
    m.add_class::<memory::devicerecord::DeviceRecord>()?;
    // memory/pinned.rs
    m.add_class::<memory::pinned::HostMemory>()?;
    m.add_function(wrap_pyfunction!(memory::pinned::host_alloc, m)?)?;
    m.add_function(wrap_pyfunction!(memory::pinned::host_register, m)?)?;
    m.add_function(wrap_pyfunction!(memory::pinned::managed_alloc, m)?)?;
    // memory/emm.rs
    m.add_function(wrap_pyfunction!(memory::emm::set_memalloc_hook, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::memalloc_hook_set, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::memset, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::address_range, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::host_device_pointer, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::ipc_get_handle, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::ipc_open, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::ipc_close, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::can_access_peer, m)?)?;
    m.add_function(wrap_pyfunction!(memory::emm::memcpy, m)?)?;
    // memory/records.rs
    m.add_function(wrap_pyfunction!(memory::records::record_type, m)?)?;
    // context/runtime.rs
    m.add_class::<context::runtime::Context>()?;
    m.add_function(wrap_pyfunction!(context::runtime::host_context, m)?)?;
    m.add_function(wrap_pyfunction!(
        context::runtime::current_device_context,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(context::runtime::select_device, m)?)?;
    m.add_function(wrap_pyfunction!(context::runtime::restore_context, m)?)?;
    m.add_function(wrap_pyfunction!(
        context::runtime::current_context_handle,
        m
    )?)?;
    m.add_function(wrap_pyfunction!(context::runtime::close_runtime, m)?)?;
    m.add_function(wrap_pyfunction!(context::runtime::open_contexts, m)?)?;
    m.add_function(wrap_pyfunction!(context::runtime::device_attribute, m)?)?;
    m.add_function(wrap_pyfunction!(
        context::runtime::device_attribute_names,
        m
    )?)?;
    // context/stream.rs
    m.add_class::<context::stream::Stream>()?;
    m.add_class::<context::stream::Event>()?;
    m.add_function(wrap_pyfunction!(context::stream::event_elapsed_time, m)?)?;
    // After DeviceNDArray: the C API capsule is also set as an attribute of that class.
    interop::c_api::register(m)?;
    Ok(())
}
