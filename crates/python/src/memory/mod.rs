//! Memory: device arrays and records, pinned/mapped/managed host memory, the external memory-
//! manager (EMM) interface, structured-dtype typing.

pub mod devicearray;
pub mod devicerecord;
pub mod emm;
pub mod pinned;
pub mod records;
