//! Checks on memory oxcuda did not allocate (a CUDA Array Interface producer's pointer) before
//! an array is made over it.
//!
//! A foreign pointer is trusted by every later copy and launch, so a wrong one (NULL, a host
//! address handed to the GPU, a freed block) would crash the process far from the mistake. The
//! check runs once, where the array is made explicitly (`cuda.as_cuda_array`,
//! `cuda.from_cuda_array_interface`, a launch's slow path), never on the launch fast path:
//!
//! - on a GPU: the driver must know every byte of `ptr..ptr+bytes` as allocated memory (device,
//!   managed, or mapped pinned memory: `cuPointerGetAttribute`'s range start and size, walked
//!   over adjacent mappings);
//! - on the host backend (the simulator): the range must be mapped in this process (`msync`
//!   with `MS_ASYNC`, a no-op on mapped pages that fails with `ENOMEM` on unmapped ones), so
//!   the simulator reading it cannot fault.
//!
//! An empty range (`bytes == 0`) is never dereferenced and always passes.

use crate::context::Space;

/// Why `ptr..ptr + bytes` cannot back an array in `space`, or `Ok` when it can.
///
/// # Errors
/// A sentence naming the address, the size and what is wrong with them.
pub fn check_range(space: &Space, ptr: u64, bytes: usize) -> Result<(), String> {
    if bytes == 0 {
        return Ok(());
    }
    if ptr == 0 {
        return Err(format!(
            "the data pointer is NULL but the array has {bytes} bytes"
        ));
    }
    let end = ptr
        .checked_add(bytes as u64)
        .ok_or_else(|| format!("0x{ptr:x} + {bytes} bytes overflows the address space"))?;
    match space {
        Space::Device(ctx) => {
            // Walk the allocations covering the range: one for ordinary memory, several
            // adjacent mappings for virtual-memory allocators (cuMemMap: PyTorch's expandable
            // segments), each of which the driver reports as its own range.
            let mut at = ptr;
            while at < end {
                let (start, size) = ctx.driver().pointer_range(at).map_err(|e| {
                    if at == ptr {
                        format!(
                            "0x{ptr:x} is not memory the CUDA driver knows (device, managed or \
                             mapped pinned memory): {e}"
                        )
                    } else {
                        format!(
                            "0x{ptr:x}..0x{end:x} ({bytes} bytes) runs past the end of its \
                             allocation (which ends at 0x{at:x})"
                        )
                    }
                })?;
                let next = start.saturating_add(size as u64);
                if next <= at {
                    return Err(format!(
                        "the driver reports an empty allocation at 0x{at:x}"
                    ));
                }
                at = next;
            }
            Ok(())
        }
        Space::Host(_) => host_mapped(ptr, end),
    }
}

/// Whether every page of `ptr..end` is mapped in this process.
fn host_mapped(ptr: u64, end: u64) -> Result<(), String> {
    const MS_ASYNC: i32 = 1;
    const SC_PAGESIZE: i32 = 30; // Linux
    unsafe extern "C" {
        fn msync(addr: *mut std::ffi::c_void, len: usize, flags: i32) -> i32;
        fn sysconf(name: i32) -> std::ffi::c_long;
    }
    // SAFETY: sysconf reads a constant of the system.
    let page = u64::try_from(unsafe { sysconf(SC_PAGESIZE) })
        .ok()
        .filter(|p| p.is_power_of_two())
        .unwrap_or(4096);
    let start = ptr & !(page - 1);
    let len = usize::try_from(end - start).map_err(|_| "range too large".to_owned())?;
    // SAFETY: with MS_ASYNC, msync only inspects the mappings of the range (it writes nothing
    // and schedules nothing on Linux); an unmapped page makes it fail with ENOMEM.
    let rc = unsafe { msync(start as *mut std::ffi::c_void, len, MS_ASYNC) };
    if rc != 0 {
        return Err(format!(
            "0x{ptr:x}..0x{end:x} ({} bytes) is not host memory of this process (the simulator \
             reads arrays from host memory)",
            end - ptr
        ));
    }
    Ok(())
}
