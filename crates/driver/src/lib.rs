//! The CUDA driver API, loaded at run time.
//!
//! Nothing here links to `libcuda`: [`Driver::load`] opens the library at a path chosen by the
//! caller (the Python side resolves it; see `python/oxcuda/_toolchain.py`), so importing oxcuda
//! and compiling kernels work on machines with no GPU and no driver.
//!
//! Layers, bottom up:
//! - [`sys`]: the C types and the function table, one entry per driver entry point we call.
//! - [`error`]: [`check`](error::check) turns a `CUresult` into a [`DriverError`] that names the
//!   call and the code; every driver call goes through it. [`fork`] adds numba's "CUDA
//!   initialized before forking" to the error of a call made in a child forked after `cuInit`.
//! - one file per concept on top (`device`, `context`, `memory`, `stream`, `event`), each a
//!   small safe wrapper.
//!
//! Invariant: a [`Driver`] is only constructed after `cuInit(0)` succeeded, so every wrapper may
//! assume an initialised driver.

pub mod context;
pub mod device;
pub mod error;
pub mod event;
pub mod fork;
pub mod link;
pub mod memory;
pub mod module;
pub mod stream;
pub mod sys;

pub use device::{Device, DeviceAttribute};
pub use error::{DriverError, LoadError};
pub use sys::{Driver, DriverApi};
