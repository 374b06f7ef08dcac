//! Contexts and devices (`runtime.rs`), streams and events.

pub mod runtime;
pub mod stream;
