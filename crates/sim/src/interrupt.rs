//! Stopping running launches from outside the simulator (Ctrl-C).
//!
//! A simulated kernel can loop forever, and it runs with the caller's interpreter lock released,
//! so the host language cannot stop it. [`interrupt_launches`] bumps a process-wide counter; a
//! launch records the counter when it starts and every thread checks it at each backward jump
//! (a loop's back edge — no loop, infinite or not, avoids one) and every block start, failing
//! with [`crate::SimErrorKind::Interrupted`] once it moved. The check is one relaxed load and a
//! compare on back edges only (a loop body is several instructions, each a dispatch costing
//! more than that). The counter, not a flag, lets launches that start after an interrupt run
//! normally without anyone resetting anything.
//!
//! [`interrupt_launches`] is async-signal-safe (one atomic add), so a `SIGINT` handler may call
//! it; the Python binding installs such a handler for the duration of a launch.

use std::sync::atomic::{AtomicU64, Ordering};

static INTERRUPTS: AtomicU64 = AtomicU64::new(0);

/// Asks every launch running now to stop (they fail with `Interrupted`). Async-signal-safe.
pub fn interrupt_launches() {
    INTERRUPTS.fetch_add(1, Ordering::Relaxed);
}

/// The interrupt count a launch starting now compares against.
pub(crate) fn current() -> u64 {
    INTERRUPTS.load(Ordering::Relaxed)
}

/// Whether an interrupt came after `start` (a value of [`current`]).
#[inline(always)]
pub(crate) fn since(start: u64) -> bool {
    INTERRUPTS.load(Ordering::Relaxed) != start
}
