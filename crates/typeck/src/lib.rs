//! Type inference and lowering: a Python function's syntax tree, the values of the globals it
//! uses and its argument types → a typed IR [`Module`](oxcuda_ir::Module).
//!
//! Typing follows numba-cuda's CUDA target (inventory §6, `oxcuda_types::promote`). A local
//! variable has one type for the whole function: the unification of every value assigned to it
//! (`x = 0` then `x = x + 0.5` makes `x` float64). That type is found by lowering the function
//! repeatedly ([`lower::function`]): each pass uses the variable types the previous pass
//! proposed, until nothing changes; the last pass's IR and diagnostics are the result. Reads of
//! a variable whose type is still unknown yield a *poison* value that silences errors downstream,
//! so only the final pass reports.
//!
//! Names resolve, in order, to locals, then the captured globals and closure cells
//! ([`globals::GlobalValue`], snapshotted by the Python side at compile time, as numba freezes
//! them), then Python builtins. Device functions are compiled once per argument-type tuple into
//! the same module ([`session::Session`]), and so are the functions of the device library
//! (`library/`: `cmath`, written in Python) that the kernel calls.

pub mod builtins;
pub mod extension;
pub mod globals;
pub(crate) mod library;
mod lower;
mod nested;
mod param;
pub mod resolve;
pub mod session;
pub mod unify;
mod value;

pub use extension::{ArgInfo, Callee, Literal, Query, Resolution, Resolver};
pub use globals::{ExternFn, FunctionSource, GlobalValue};
pub use session::{CompileOptions, compile, compile_with};
