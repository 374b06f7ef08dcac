//! Interoperability: the C API capsule for other extensions, DLPack import/export and the DLPack
//! exchange read on the launch path.

pub mod c_api;
pub mod cai;
pub mod cupy;
pub mod dlpack;
pub mod dlpack_abi;
pub mod dlpack_exchange;
