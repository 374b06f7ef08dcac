//! The DLPack C ABI (`dlpack.h`, version 1.x): the structures and constants shared by the
//! capsule protocol (`dlpack.rs`) and the C exchange API (`dlpack_exchange.rs`). Layouts are
//! `#[repr(C)]` copies of the header's; field names follow it.

use std::ffi::c_void;

/// `kDLCPU`.
pub const KDL_CPU: i32 = 1;
/// `kDLCUDA`.
pub const KDL_CUDA: i32 = 2;
/// `kDLCUDAHost`: page-locked host memory.
pub const KDL_CUDA_HOST: i32 = 3;
/// `kDLCUDAManaged`.
pub const KDL_CUDA_MANAGED: i32 = 13;

/// `DLPACK_FLAG_BITMASK_READ_ONLY`.
pub(crate) const FLAG_READ_ONLY: u64 = 1;
/// `DLPACK_FLAG_BITMASK_IS_COPIED`.
pub(crate) const FLAG_IS_COPIED: u64 = 2;

/// The DLPack version we produce and the highest major version we read.
pub(crate) const VERSION: DLPackVersion = DLPackVersion { major: 1, minor: 0 };

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct DLDevice {
    pub(crate) device_type: i32,
    pub(crate) device_id: i32,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct DLDataType {
    pub(crate) code: u8,
    pub(crate) bits: u8,
    pub(crate) lanes: u16,
}

#[repr(C)]
#[derive(Debug)]
pub(crate) struct DLTensor {
    pub(crate) data: *mut c_void,
    pub(crate) device: DLDevice,
    pub(crate) ndim: i32,
    pub(crate) dtype: DLDataType,
    pub(crate) shape: *mut i64,
    pub(crate) strides: *mut i64,
    pub(crate) byte_offset: u64,
}

#[repr(C)]
#[derive(Debug)]
pub(crate) struct DLManagedTensor {
    pub(crate) dl_tensor: DLTensor,
    pub(crate) manager_ctx: *mut c_void,
    pub(crate) deleter: Option<unsafe extern "C" fn(*mut DLManagedTensor)>,
}

#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub(crate) struct DLPackVersion {
    pub(crate) major: u32,
    pub(crate) minor: u32,
}

#[repr(C)]
#[derive(Debug)]
pub(crate) struct DLManagedTensorVersioned {
    pub(crate) version: DLPackVersion,
    pub(crate) manager_ctx: *mut c_void,
    pub(crate) deleter: Option<unsafe extern "C" fn(*mut DLManagedTensorVersioned)>,
    pub(crate) flags: u64,
    pub(crate) dl_tensor: DLTensor,
}

// DLDataTypeCode.
pub(crate) const KDL_INT: u8 = 0;
pub(crate) const KDL_UINT: u8 = 1;
pub(crate) const KDL_FLOAT: u8 = 2;
pub(crate) const KDL_BFLOAT: u8 = 4;
pub(crate) const KDL_COMPLEX: u8 = 5;
pub(crate) const KDL_BOOL: u8 = 6;
