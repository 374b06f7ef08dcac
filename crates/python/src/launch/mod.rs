//! Launching: argument reading, the native overload table and configured launches (`launcher.rs`),
//! the fast plan that launches the last GPU specialisation without reading arguments into `Arg`s
//! (`fast_plan.rs`), the last configuration found without hashing (`last_config.rs`), loaded GPU
//! and simulator kernels, debug-kernel assert checks.

pub mod args;
pub mod assertions;
pub mod datetime_args;
pub mod fast_plan;
pub mod kernel;
pub mod last_config;
pub mod launcher;
pub mod nominal_args;
pub mod sim_interrupt;
pub mod stages;
