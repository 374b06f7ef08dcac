//! The runtime's error: what went wrong, with the class the Python boundary gives it.

use std::fmt;

use oxcuda_driver::DriverError;

use crate::context::ContextError;

/// A runtime operation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A driver call failed (`CudaDriverError`).
    Driver(DriverError),
    /// Device memory is exhausted after a flush and a retry (`CudaDriverError` with
    /// `CUDA_ERROR_OUT_OF_MEMORY`); the text names the request and the free memory.
    DeviceOutOfMemory(String),
    /// Host memory is exhausted (`MemoryError`).
    HostOutOfMemory(String),
    /// A bad argument (`ValueError`).
    Value(String),
    /// A context that cannot be used (`RuntimeError`), e.g. a non-primary context is current.
    Context(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Driver(e) => e.fmt(f),
            Self::DeviceOutOfMemory(m)
            | Self::HostOutOfMemory(m)
            | Self::Value(m)
            | Self::Context(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

impl From<DriverError> for Error {
    fn from(e: DriverError) -> Self {
        Self::Driver(e)
    }
}

impl From<ContextError> for Error {
    fn from(e: ContextError) -> Self {
        match e {
            ContextError::Driver(d) => Self::Driver(d),
            ContextError::NotPrimary => Self::Context(e.to_string()),
            ContextError::NoDevice { .. } => Self::Value(e.to_string()),
        }
    }
}
