//! Devices: enumeration, names, compute capability, memory and attributes by name.

use std::ffi::{CStr, c_char};

use crate::error::{DriverError, check};
use crate::sys::{CuDevice, Driver};

/// A device attribute oxcuda names; the value is the driver's `CU_DEVICE_ATTRIBUTE_*` number.
///
/// The table is the authority for the Python side's `Device.<ATTRIBUTE_NAME>` look-ups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceAttribute {
    /// The name without the `CU_DEVICE_ATTRIBUTE_` prefix.
    pub name: &'static str,
    /// The driver's enumerator value.
    pub code: i32,
}

macro_rules! attributes {
    ($($name:ident = $code:literal,)*) => {
        /// Every attribute that can be read by name, in the driver's numbering (cuda.h).
        pub const ATTRIBUTES: &[DeviceAttribute] = &[
            $(DeviceAttribute { name: stringify!($name), code: $code },)*
        ];
    };
}

attributes! {
    MAX_THREADS_PER_BLOCK = 1,
    MAX_BLOCK_DIM_X = 2,
    MAX_BLOCK_DIM_Y = 3,
    MAX_BLOCK_DIM_Z = 4,
    MAX_GRID_DIM_X = 5,
    MAX_GRID_DIM_Y = 6,
    MAX_GRID_DIM_Z = 7,
    MAX_SHARED_MEMORY_PER_BLOCK = 8,
    TOTAL_CONSTANT_MEMORY = 9,
    WARP_SIZE = 10,
    MAX_PITCH = 11,
    MAX_REGISTERS_PER_BLOCK = 12,
    CLOCK_RATE = 13,
    TEXTURE_ALIGNMENT = 14,
    GPU_OVERLAP = 15,
    MULTIPROCESSOR_COUNT = 16,
    KERNEL_EXEC_TIMEOUT = 17,
    INTEGRATED = 18,
    CAN_MAP_HOST_MEMORY = 19,
    COMPUTE_MODE = 20,
    CONCURRENT_KERNELS = 31,
    ECC_ENABLED = 32,
    PCI_BUS_ID = 33,
    PCI_DEVICE_ID = 34,
    TCC_DRIVER = 35,
    MEMORY_CLOCK_RATE = 36,
    GLOBAL_MEMORY_BUS_WIDTH = 37,
    L2_CACHE_SIZE = 38,
    MAX_THREADS_PER_MULTIPROCESSOR = 39,
    ASYNC_ENGINE_COUNT = 40,
    UNIFIED_ADDRESSING = 41,
    PCI_DOMAIN_ID = 50,
    COMPUTE_CAPABILITY_MAJOR = 75,
    COMPUTE_CAPABILITY_MINOR = 76,
    STREAM_PRIORITIES_SUPPORTED = 78,
    GLOBAL_L1_CACHE_SUPPORTED = 79,
    LOCAL_L1_CACHE_SUPPORTED = 80,
    MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
    MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
    MANAGED_MEMORY = 83,
    MULTI_GPU_BOARD = 84,
    MULTI_GPU_BOARD_GROUP_ID = 85,
    SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO = 87,
    PAGEABLE_MEMORY_ACCESS = 88,
    CONCURRENT_MANAGED_ACCESS = 89,
    COMPUTE_PREEMPTION_SUPPORTED = 90,
    CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 91,
    COOPERATIVE_LAUNCH = 95,
    MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
    MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
    MEMORY_POOLS_SUPPORTED = 115,
}

/// Looks an attribute up by its name (without the `CU_DEVICE_ATTRIBUTE_` prefix).
#[must_use]
pub fn attribute_by_name(name: &str) -> Option<DeviceAttribute> {
    ATTRIBUTES.iter().copied().find(|a| a.name == name)
}

/// A device ordinal known to exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Device {
    /// The driver's handle (equal to the ordinal on every driver we know).
    pub handle: CuDevice,
    /// The ordinal.
    pub ordinal: i32,
}

impl Driver {
    /// How many CUDA devices are visible.
    ///
    /// # Errors
    /// The driver's error.
    pub fn device_count(&self) -> Result<i32, DriverError> {
        let mut n = 0;
        // SAFETY: writes one int.
        check(self, "cuDeviceGetCount", unsafe {
            (self.device_get_count)(&raw mut n)
        })?;
        Ok(n)
    }

    /// The device with this ordinal.
    ///
    /// # Errors
    /// `CUDA_ERROR_INVALID_DEVICE` for an ordinal out of range.
    pub fn device(&self, ordinal: i32) -> Result<Device, DriverError> {
        let mut handle = 0;
        // SAFETY: writes one CUdevice.
        check(self, "cuDeviceGet", unsafe {
            (self.device_get)(&raw mut handle, ordinal)
        })?;
        Ok(Device { handle, ordinal })
    }

    /// The device's marketing name.
    ///
    /// # Errors
    /// The driver's error.
    pub fn device_name(&self, device: Device) -> Result<String, DriverError> {
        let mut buf = [0 as c_char; 256];
        // SAFETY: the driver writes at most `len` bytes including the NUL.
        check(self, "cuDeviceGetName", unsafe {
            (self.device_get_name)(buf.as_mut_ptr(), 256, device.handle)
        })?;
        // SAFETY: NUL-terminated within the buffer.
        Ok(unsafe { CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned())
    }

    /// Reads one `CU_DEVICE_ATTRIBUTE_*` value.
    ///
    /// # Errors
    /// The driver's error (e.g. an attribute this driver does not know).
    pub fn device_attribute(&self, device: Device, code: i32) -> Result<i32, DriverError> {
        let mut value = 0;
        // SAFETY: writes one int.
        check(self, "cuDeviceGetAttribute", unsafe {
            (self.device_get_attribute)(&raw mut value, code, device.handle)
        })?;
        Ok(value)
    }

    /// The compute capability as `(major, minor)`.
    ///
    /// # Errors
    /// The driver's error.
    pub fn compute_capability(&self, device: Device) -> Result<(i32, i32), DriverError> {
        Ok((
            self.device_attribute(device, 75)?,
            self.device_attribute(device, 76)?,
        ))
    }

    /// Total device memory in bytes.
    ///
    /// # Errors
    /// The driver's error.
    pub fn device_total_memory(&self, device: Device) -> Result<usize, DriverError> {
        let mut bytes = 0;
        // SAFETY: writes one size_t.
        check(self, "cuDeviceTotalMem", unsafe {
            (self.device_total_mem)(&raw mut bytes, device.handle)
        })?;
        Ok(bytes)
    }

    /// The device's UUID in the `GPU-xxxxxxxx-xxxx-…` form `nvidia-smi` prints.
    ///
    /// # Errors
    /// The driver's error.
    pub fn device_uuid(&self, device: Device) -> Result<String, DriverError> {
        let mut raw = [0u8; 16];
        // SAFETY: writes 16 bytes.
        check(self, "cuDeviceGetUuid", unsafe {
            (self.device_get_uuid)(&raw mut raw, device.handle)
        })?;
        let hex: Vec<String> = raw.iter().map(|b| format!("{b:02x}")).collect();
        Ok(format!(
            "GPU-{}-{}-{}-{}-{}",
            hex[0..4].concat(),
            hex[4..6].concat(),
            hex[6..8].concat(),
            hex[8..10].concat(),
            hex[10..16].concat()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_names_are_unique_and_found() {
        for (i, a) in ATTRIBUTES.iter().enumerate() {
            assert!(
                ATTRIBUTES[..i]
                    .iter()
                    .all(|b| b.name != a.name && b.code != a.code)
            );
            assert_eq!(attribute_by_name(a.name), Some(*a));
        }
        assert_eq!(
            attribute_by_name("MULTIPROCESSOR_COUNT").map(|a| a.code),
            Some(16)
        );
        assert_eq!(attribute_by_name("NOT_AN_ATTRIBUTE"), None);
    }

    #[test]
    fn loading_a_missing_library_is_an_error_not_a_crash() {
        let err = Driver::load(std::path::Path::new("/nonexistent/libcuda.so.1")).unwrap_err();
        assert!(
            err.to_string().contains("/nonexistent/libcuda.so.1"),
            "{err}"
        );
    }
}
