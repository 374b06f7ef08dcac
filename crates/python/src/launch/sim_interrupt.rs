//! Ctrl-C during a simulated launch.
//!
//! A simulator launch runs with the GIL released, so Python's own SIGINT handling (a flag its
//! main loop checks between bytecodes) cannot stop it, and an infinite loop in a kernel would
//! ignore Ctrl-C. For the duration of a launch, [`SigintHook`] puts a handler in front of
//! Python's: it calls `oxcuda_sim::interrupt_launches` (one atomic add: async-signal-safe),
//! which makes every running launch fail with `Interrupted` at its next loop back edge, and
//! then calls Python's handler, so Python's state is exactly as if the signal had come while
//! it ran. The launch's error is then turned into whatever Python's handler raises
//! (`KeyboardInterrupt` by default; [`interrupted`]), and the process stays usable.
//!
//! Invariants: the hook is installed once however many threads launch at the same time (a
//! count under a mutex), and the previous disposition is restored when the last launch ends;
//! it is not installed when SIGINT is ignored or has its default action (there is no Python
//! handler to honour, and the default must keep killing the process).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use pyo3::prelude::*;

/// The replaced disposition and how many launches use the hook.
struct Installed {
    users: usize,
    previous: Option<libc::sigaction>,
}

// SAFETY: `sigaction` is plain data (function pointer, mask, flags).
unsafe impl Send for Installed {}

static INSTALLED: Mutex<Installed> = Mutex::new(Installed {
    users: 0,
    previous: None,
});

/// The previous handler's address and whether it takes `siginfo` (read by the handler).
static PREVIOUS_HANDLER: AtomicUsize = AtomicUsize::new(0);
static PREVIOUS_SIGINFO: AtomicUsize = AtomicUsize::new(0);

extern "C" fn on_sigint(sig: libc::c_int, info: *mut libc::siginfo_t, ctx: *mut libc::c_void) {
    oxcuda_sim::interrupt_launches();
    let previous = PREVIOUS_HANDLER.load(Ordering::Relaxed);
    if previous == libc::SIG_DFL || previous == libc::SIG_IGN {
        return;
    }
    if PREVIOUS_SIGINFO.load(Ordering::Relaxed) != 0 {
        // SAFETY: `previous` is the sa_sigaction of the disposition we replaced.
        let f: extern "C" fn(libc::c_int, *mut libc::siginfo_t, *mut libc::c_void) =
            unsafe { std::mem::transmute(previous) };
        f(sig, info, ctx);
    } else {
        // SAFETY: `previous` is the sa_handler of the disposition we replaced.
        let f: extern "C" fn(libc::c_int) = unsafe { std::mem::transmute(previous) };
        f(sig);
    }
}

/// While alive, Ctrl-C interrupts simulated launches (see the module documentation).
#[derive(Debug)]
pub struct SigintHook(bool);

impl SigintHook {
    /// Installs the hook (or counts one more user of it).
    pub fn install() -> Self {
        let mut state = INSTALLED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if state.users > 0 {
            state.users += 1;
            return Self(true);
        }
        // SAFETY: reading the current disposition into a zeroed struct.
        let mut old: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: a null new action only reads.
        if unsafe { libc::sigaction(libc::SIGINT, std::ptr::null(), &raw mut old) } != 0
            || old.sa_sigaction == libc::SIG_DFL
            || old.sa_sigaction == libc::SIG_IGN
        {
            return Self(false);
        }
        PREVIOUS_HANDLER.store(old.sa_sigaction, Ordering::Relaxed);
        PREVIOUS_SIGINFO.store(
            usize::from(old.sa_flags & libc::SA_SIGINFO != 0),
            Ordering::Relaxed,
        );
        // SAFETY: a zeroed sigaction with our handler, the old mask and flags plus SA_SIGINFO.
        let mut new: libc::sigaction = unsafe { std::mem::zeroed() };
        new.sa_sigaction = on_sigint as *const () as usize;
        new.sa_mask = old.sa_mask;
        new.sa_flags = (old.sa_flags | libc::SA_SIGINFO) & !libc::SA_RESETHAND;
        // SAFETY: installs a valid action.
        if unsafe { libc::sigaction(libc::SIGINT, &raw const new, std::ptr::null_mut()) } != 0 {
            return Self(false);
        }
        state.users = 1;
        state.previous = Some(old);
        Self(true)
    }
}

impl Drop for SigintHook {
    fn drop(&mut self) {
        if !self.0 {
            return;
        }
        let mut state = INSTALLED
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        state.users -= 1;
        if state.users == 0
            && let Some(old) = state.previous.take()
        {
            // SAFETY: restores the disposition read in `install`.
            unsafe { libc::sigaction(libc::SIGINT, &raw const old, std::ptr::null_mut()) };
        }
    }
}

/// The Python exception for an interrupted launch: what Python's SIGINT handler raises
/// (`KeyboardInterrupt` by default), or `KeyboardInterrupt` with the simulator's message when
/// the handler raised nothing (a custom handler, or the signal came to another thread).
pub fn interrupted(py: Python<'_>, message: String) -> PyErr {
    match py.check_signals() {
        Err(e) => e,
        Ok(()) => pyo3::exceptions::PyKeyboardInterrupt::new_err(message),
    }
}
