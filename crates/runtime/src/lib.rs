//! The CUDA runtime host side: what happens on the CPU around a kernel launch.
//!
//! - [`layout`]: the shape/stride algebra of array views (pure functions, no driver);
//! - [`copy`]: strided element copies between host buffers;
//! - [`allocator`]: a caching allocator over any raw memory source, with stream-aware reuse;
//! - [`host`]: aligned host memory, the raw source of the host backend (the simulator's memory);
//! - [`context`]: primary contexts, one retained per device, current per thread; the host
//!   "context" that stands in for a GPU when there is none;
//! - [`memory`]: [`memory::Allocation`], the reference-counted block every array view points into,
//!   and transfers between host and device;
//! - [`pinned`]: page-locked, mapped and managed host memory (plain host memory on the host
//!   backend);
//! - [`foreign`]: checks on memory another library allocated, before an array is made over it;
//! - [`stream`] and [`event`]: ordering and timing, on the driver or on the host clock.
//!
//! Dependencies point one way: this crate uses `oxcuda-driver` and knows nothing of Python.

pub mod allocator;
pub mod context;
pub mod copy;
pub mod error;
pub mod event;
pub mod foreign;
pub mod host;
pub mod layout;
pub mod memory;
pub mod pinned;
pub mod stream;
pub mod transfer;

pub use context::{DeviceContext, HostContext, Runtime, Space};
pub use error::Error;
pub use event::Event;
pub use layout::{IndexItem, Layout, LayoutError, Order};
pub use memory::Allocation;
pub use pinned::{HostBlock, HostKind, PinFlags};
pub use stream::{Stream, StreamKind};
