//! The last configuration a dispatcher handed out, found by the identity of its key:
//! `kernel[1, 32]` runs on every launch, and its dictionary look-up (a tuple hash and a dict
//! probe, through the abi3 API) was about 120 of the 1,600 instructions a launch costs
//! (callgrind, docs/performance.md).
//!
//! A subscript written with constants, `kernel[1, 32]`, passes the same tuple object (a
//! constant of the code object) on every call, and so does a configuration kept in a variable
//! (`cfg = (blocks, threads)`; `kernel[cfg]`): a pointer comparison finds it. A tuple built
//! afresh (`kernel[blocks, threads]`) is a new object each time and goes to the dictionary,
//! having paid one atomic load. (Comparing keys by value was tried first and cost more than
//! the dictionary: 163 instructions to read two ints through the abi3 API.)
//!
//! Invariants:
//! - the remembered key is held by a strong reference, so its address cannot be reused by
//!   another object while it is remembered, and an equal address means the same key;
//! - the remembered configuration is the one the dictionary holds for that key, or one the
//!   dispatcher made for it when the dictionary was full: [`LastConfig::forget`] is called
//!   wherever the dictionary is cleared or an entry replaced;
//! - both references take part in the garbage collector's traversal and clearing
//!   (`LaunchCache::__traverse__` / `__clear__`), like the dictionary.

use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Mutex, PoisonError};

use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::{PyTraverseError, ffi};

/// The last configuration handed out, with its key.
#[derive(Debug, Default)]
pub struct LastConfig {
    /// The remembered key's address (null: none), read without the lock: a miss costs one
    /// load.
    key_address: AtomicPtr<ffi::PyObject>,
    /// The key (kept alive) and the configuration.
    slot: Mutex<Option<(Py<PyAny>, Py<PyAny>)>>,
}

impl LastConfig {
    /// The configuration remembered for the key object `key`, if it is the last one.
    pub fn find(&self, key: &Bound<'_, PyAny>) -> Option<Py<PyAny>> {
        if self.key_address.load(Ordering::Relaxed) != key.as_ptr() {
            return None;
        }
        let slot = self.slot.lock().unwrap_or_else(PoisonError::into_inner);
        match &*slot {
            Some((k, value)) if k.as_ptr() == key.as_ptr() => Some(value.clone_ref(key.py())),
            _ => None,
        }
    }

    /// Remembers `value` as the configuration for the key object `key`.
    pub fn remember(&self, key: &Bound<'_, PyAny>, value: Py<PyAny>) {
        let old = {
            let mut slot = self.slot.lock().unwrap_or_else(PoisonError::into_inner);
            self.key_address.store(key.as_ptr(), Ordering::Relaxed);
            slot.replace((key.clone().unbind(), value))
        };
        drop(old); // after the lock: dropping may run Python code (a finalizer)
    }

    /// Forgets the remembered configuration.
    pub fn forget(&self) {
        let old = {
            let mut slot = self.slot.lock().unwrap_or_else(PoisonError::into_inner);
            self.key_address
                .store(std::ptr::null_mut(), Ordering::Relaxed);
            slot.take()
        };
        drop(old);
    }

    /// The garbage collector's visit of the remembered key and configuration.
    pub fn traverse(&self, visit: &PyVisit<'_>) -> Result<(), PyTraverseError> {
        // `try_lock`: a traversal never waits. Missing a reference only keeps objects alive
        // longer (the collector sees it as external), never frees a live one.
        if let Ok(slot) = self.slot.try_lock()
            && let Some((key, value)) = &*slot
        {
            visit.call(key)?;
            visit.call(value)?;
        }
        Ok(())
    }
}
