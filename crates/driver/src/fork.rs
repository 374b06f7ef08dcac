//! Fork detection: which process initialised the driver.
//!
//! CUDA cannot be used in a child forked after `cuInit`: the child inherits the parent's
//! contexts and allocations as addresses only, and every driver call there fails (usually with
//! `CUDA_ERROR_INITIALIZATION_ERROR`) or misbehaves. numba-cuda records the initialising process
//! and raises `CudaDriverError("CUDA initialized before forking")`; oxcuda records it here and
//! says so in the error of any failing call made from another process, so a forked worker's
//! error names the cause and the remedy instead of only the driver's code.
//!
//! Invariant: the check costs nothing on the success path — it runs only when a call has
//! already failed ([`crate::error::check`]'s cold path).

use std::sync::atomic::{AtomicU32, Ordering};

/// The id of the process that called `cuInit`; 0 before the driver is loaded.
static INIT_PID: AtomicU32 = AtomicU32::new(0);

/// Records the current process as the one that initialised the driver.
pub(crate) fn record_init() {
    INIT_PID.store(std::process::id(), Ordering::Relaxed);
}

/// `Some(parent)` when the driver was initialised by process `parent` and this is another
/// process (a child forked after initialisation), else `None`.
#[must_use]
pub fn forked_from() -> Option<u32> {
    let init = INIT_PID.load(Ordering::Relaxed);
    (init != 0 && init != std::process::id()).then_some(init)
}

/// numba-cuda's message for a driver call made in a forked child, with the process ids and
/// what to do instead.
#[must_use]
pub fn forked_message(parent: u32, description: &str) -> String {
    format!(
        "CUDA initialized before forking: this process (pid {}) was forked from pid {parent} \
         after CUDA was initialised there, and CUDA cannot be used in a forked child (the \
         driver said: {description}); start worker processes with the 'spawn' or 'forkserver' \
         method, e.g. multiprocessing.get_context('spawn'), and use CUDA only in the children",
        std::process::id()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_process_is_not_forked() {
        record_init();
        assert_eq!(forked_from(), None);
    }

    #[test]
    fn message_leads_with_numbas_phrase() {
        let m = forked_message(1, "initialization error");
        assert!(m.starts_with("CUDA initialized before forking"), "{m}");
        assert!(
            m.contains("pid 1 ") && m.contains("initialization error"),
            "{m}"
        );
        assert!(m.contains("'spawn'"), "{m}");
    }
}
