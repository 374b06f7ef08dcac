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
// DLPack 1.1's fp8 codes (torch's float8_e4m3fn, float8_e5m2, float8_e8m0fnu).
pub(crate) const KDL_FLOAT8_E4M3FN: u8 = 10;
pub(crate) const KDL_FLOAT8_E5M2: u8 = 12;
pub(crate) const KDL_FLOAT8_E8M0FNU: u8 = 14;

/// The oxcuda scalar of a DLPack type code for the element types NumPy knows only through
/// `ml_dtypes` (bfloat16 and the fp8 types), by the code and its width in bits.
pub(crate) fn named_scalar_of_code(code: u8, bits: u8) -> Option<oxcuda_ir::Scalar> {
    use oxcuda_ir::Scalar;
    match (code, bits) {
        (KDL_BFLOAT, 16) => Some(Scalar::BF16),
        (KDL_FLOAT8_E4M3FN, 8) => Some(Scalar::E4M3),
        (KDL_FLOAT8_E5M2, 8) => Some(Scalar::E5M2),
        (KDL_FLOAT8_E8M0FNU, 8) => Some(Scalar::E8M0),
        _ => None,
    }
}

/// The DLPack type code of bfloat16 or an fp8 type.
pub(crate) const fn code_of_named_scalar(s: oxcuda_ir::Scalar) -> Option<u8> {
    use oxcuda_ir::Scalar;
    match s {
        Scalar::BF16 => Some(KDL_BFLOAT),
        Scalar::E4M3 => Some(KDL_FLOAT8_E4M3FN),
        Scalar::E5M2 => Some(KDL_FLOAT8_E5M2),
        Scalar::E8M0 => Some(KDL_FLOAT8_E8M0FNU),
        _ => None,
    }
}
