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
//! - [`stream`] and [`event`]: ordering and timing, on the driver or on the host clock;
//! - [`module`]: kernels loaded into a context (attributes, occupancy, globals, the launch);
//! - [`launch`]: launch-configuration checks, launch arguments, parameter packing (the ABI);
//! - [`conversion`]: numba's conversion kinds and the overload resolution of eager signatures;
//! - [`raw_memory`]: raw device addresses, as the EMM plugin interface and CUDA IPC use them;
//! - [`device`]: device attributes, the current-context handle, peer access;
//! - [`link`]: the driver's linker (when nvJitLink is off);
//! - [`assertions`]: the failed-`assert` record of debug kernels, read after a launch.
//!
//! Dependencies point one way: this crate uses `oxcuda-driver` (and `oxcuda-ir` for the
//! types arguments are checked against) and knows nothing of Python.

pub mod allocator;
pub mod assertions;
pub mod context;
pub mod conversion;
pub mod copy;
pub mod device;
pub mod error;
pub mod event;
pub mod foreign;
pub mod host;
pub mod host_regions;
pub mod launch;
pub mod layout;
pub mod link;
pub mod memory;
pub mod module;
pub mod pinned;
pub mod raw_memory;
pub mod stream;
pub mod transfer;

pub use context::{DeviceContext, HostContext, Runtime, Space};
pub use error::Error;
pub use event::Event;
pub use layout::{IndexItem, Layout, LayoutError, Order};
pub use memory::Allocation;
/// The driver library and its error are part of this crate's API: a [`Runtime`] is made over
/// an opened [`Driver`], and [`Error::Driver`] carries a [`DriverError`].
pub use oxcuda_driver::{Driver, DriverError, LoadError};
pub use pinned::{HostBlock, HostKind, PinFlags};
pub use stream::{Stream, StreamKind};
