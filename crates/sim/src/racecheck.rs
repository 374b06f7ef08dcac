//! Race detection (`LaunchConfig::racecheck`, `OXCUDA_SIM_RACECHECK=1` from Python): data races
//! on shared and global memory, and reads of shared memory no thread of the block wrote.
//!
//! The simulator runs a block's threads one at a time, so a racy kernel gives one fixed answer
//! here where the GPU gives another each run; this mode finds the race instead of hiding it.
//!
//! **Model.** Every element access of a kernel (`load`, `store`, `atomic`: the interpreter's
//! `Ld*`, `St*`, `Atomic`) is recorded in a per-address shadow: the last write and the reads
//! since it, each with its thread, the block's *barrier epoch* (how many block barriers the
//! block has passed), the thread's *warp epoch* (how many warp operations it completed), the
//! thread's fence count, and the instruction. Two accesses conflict when they come from
//! different threads, at least one writes, and not both are atomics; they are *ordered* (no
//! race) when
//! - both are in one block and a block barrier lies between them (different barrier epochs),
//!   or both are in one warp and a warp operation (`syncwarp`, a shuffle, a vote) lies between
//!   them (different warp epochs);
//! - for global memory, the earlier access is a write and its thread executed `threadfence`
//!   afterwards (the publish half of the "last block" pattern; the reader learns of it through
//!   an atomic, which is not an element access of the same address).
//!
//! Anything else is a race: a report names the kind (read after write, write after read, write
//! after write), the memory (shared array or kernel argument, byte offset, address), both
//! threads and blocks, and both source lines. A read of shared memory whose bytes no thread of
//! the block wrote before is an uninitialised read (CUDA leaves shared memory uninitialised;
//! the simulator zeroes it, which would hide the bug).
//!
//! Blocks run one after another in this mode (one worker), so the shadow needs no locking and
//! reports come in a fixed order. Reports are deduplicated by (kind, the two instructions), at
//! most [`MAX_REPORTS`] are kept, and the launch fails with `RaceError` listing them after it
//! completes. Not tracked: local memory (private to a thread), constant memory (read-only),
//! record field accesses and byte copies of records. Cost when off: none — the interpreter is
//! compiled twice, and only the copy for racecheck launches contains the hooks.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use crate::decode::Program;
use crate::error::{SimError, SimErrorKind};

/// The most distinct reports one launch keeps.
pub const MAX_REPORTS: usize = 16;

/// Reads remembered per address since its last write (one per thread, first come).
const READS_KEPT: usize = 4;

/// One recorded access.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Access {
    block: u32,
    thread: u32,
    epoch: u32,
    warp_epoch: u32,
    fences: u32,
    func: u32,
    pc: u32,
    write: bool,
    atomic: bool,
}

#[derive(Debug, Default)]
struct Shadow {
    write: Option<Access>,
    reads: Vec<Access>,
}

/// A named range of memory (a kernel argument's extent, a shared array).
#[derive(Debug, Clone)]
struct Region {
    lo: u64,
    hi: u64,
    name: String,
}

#[derive(Debug)]
struct State {
    global: HashMap<u64, Shadow>,
    arguments: Vec<Region>,
    /// Fence counts of threads that fenced, by (block, thread).
    fences: HashMap<(u32, u32), u32>,
    reports: Vec<String>,
    seen: HashSet<(u8, u32, u32, u32, u32)>,
    dropped: usize,
    // The block running now.
    block: u32,
    block_idx: [u32; 3],
    block_dim: [u32; 3],
    grid: [u32; 3],
    epoch: u32,
    thread: u32,
    warp_epoch: Vec<u32>,
    shared: HashMap<u64, Shadow>,
    shared_lo: u64,
    shared_hi: u64,
    shared_arrays: Vec<Region>,
    shared_written: Vec<bool>,
}

/// The race checker of one launch (see the module documentation).
#[derive(Debug)]
pub(crate) struct RaceCheck {
    state: RefCell<State>,
}

impl RaceCheck {
    /// A checker for a launch of `block_dim` threads per block whose argument arrays occupy
    /// `arguments` (`(lo, hi, name)` byte ranges).
    pub(crate) fn new(
        grid: [u32; 3],
        block_dim: [u32; 3],
        arguments: Vec<(u64, u64, String)>,
    ) -> Self {
        let n = (block_dim[0] * block_dim[1] * block_dim[2]) as usize;
        Self {
            state: RefCell::new(State {
                global: HashMap::new(),
                arguments: arguments
                    .into_iter()
                    .map(|(lo, hi, name)| Region { lo, hi, name })
                    .collect(),
                fences: HashMap::new(),
                reports: Vec::new(),
                seen: HashSet::new(),
                dropped: 0,
                block: 0,
                block_idx: [0; 3],
                block_dim,
                grid,
                epoch: 0,
                thread: 0,
                warp_epoch: vec![0; n],
                shared: HashMap::new(),
                shared_lo: 0,
                shared_hi: 0,
                shared_arrays: Vec::new(),
                shared_written: Vec::new(),
            }),
        }
    }

    /// Block `linear` (`blockIdx` `idx`) starts, with shared memory `[shared, shared + len)`;
    /// `static_arrays` are the program's shared arrays (offset, length, name) and `dyn_off` the
    /// offset of dynamic shared memory.
    pub(crate) fn begin_block(
        &self,
        prog: &Program,
        linear: u32,
        idx: [u32; 3],
        shared: *mut u8,
        len: usize,
        dyn_off: usize,
    ) {
        let mut s = self.state.borrow_mut();
        s.block = linear;
        s.block_idx = idx;
        s.epoch = 0;
        s.thread = 0;
        s.warp_epoch.iter_mut().for_each(|e| *e = 0);
        s.shared.clear();
        s.shared_lo = shared as u64;
        s.shared_hi = shared as u64 + len as u64;
        s.shared_written.clear();
        s.shared_written.resize(len, false);
        let base = shared as u64;
        s.shared_arrays = prog
            .shared_arrays
            .iter()
            .map(|(off, n, name)| Region {
                lo: base + *off as u64,
                hi: base + (*off + *n) as u64,
                name: name.clone(),
            })
            .collect();
        if len > dyn_off {
            s.shared_arrays.push(Region {
                lo: base + dyn_off as u64,
                hi: base + len as u64,
                name: "dynamic shared memory".to_owned(),
            });
        }
    }

    /// Thread `linear` of the block runs next.
    pub(crate) fn set_thread(&self, linear: usize) {
        self.state.borrow_mut().thread = u32::try_from(linear).unwrap_or(u32::MAX);
    }

    /// The block passed a block barrier.
    pub(crate) fn barrier(&self) {
        self.state.borrow_mut().epoch += 1;
    }

    /// Thread `linear` completed a warp operation.
    pub(crate) fn warp_sync(&self, linear: usize) {
        if let Some(e) = self.state.borrow_mut().warp_epoch.get_mut(linear) {
            *e += 1;
        }
    }

    /// The running thread executed `threadfence` (or `threadfence_system`).
    pub(crate) fn fence(&self) {
        let mut s = self.state.borrow_mut();
        let key = (s.block, s.thread);
        *s.fences.entry(key).or_insert(0) += 1;
    }

    /// The running thread accesses `size` bytes at `addr` at instruction `pc` of `func`.
    #[allow(clippy::too_many_arguments, reason = "one access, described in full")]
    pub(crate) fn access(
        &self,
        prog: &Program,
        addr: u64,
        size: u32,
        write: bool,
        atomic: bool,
        func: u32,
        pc: u32,
    ) {
        let mut guard = self.state.borrow_mut();
        let s = &mut *guard;
        let shared = addr >= s.shared_lo && addr < s.shared_hi;
        if !shared && !s.arguments.iter().any(|r| addr >= r.lo && addr < r.hi) {
            return; // local or constant memory, or a record: not tracked
        }
        let fences = s.fences.get(&(s.block, s.thread)).copied().unwrap_or(0);
        let now = Access {
            block: s.block,
            thread: s.thread,
            epoch: s.epoch,
            warp_epoch: s.warp_epoch.get(s.thread as usize).copied().unwrap_or(0),
            fences,
            func,
            pc,
            write,
            atomic,
        };
        // Uninitialised shared reads: a read (or the read half of an atomic) of bytes that no
        // thread of the block wrote.
        if shared {
            let off = (addr - s.shared_lo) as usize;
            let end = (off + size as usize).min(s.shared_written.len());
            if (!write || atomic) && !s.shared_written[off..end].iter().all(|&w| w) {
                let what = format!(
                    "read of uninitialised shared memory: {} reads {}, which no thread of the \
                     block wrote before\n  read at {}",
                    who(s, &now),
                    place(s, addr, true),
                    prog.funcs[func as usize].source_loc(pc as usize)
                );
                report(s, (0, func, pc, func, pc), what);
            }
            if write {
                s.shared_written[off..end]
                    .iter_mut()
                    .for_each(|w| *w = true);
            }
        }
        let mut found: Vec<(Access, &'static str)> = Vec::new();
        let table = if shared { &mut s.shared } else { &mut s.global };
        let shadow = table.entry(addr).or_default();
        if let Some(w) = shadow.write
            && conflicts(&w, &now)
        {
            found.push((
                w,
                if write {
                    "write after write"
                } else {
                    "read after write"
                },
            ));
        }
        if write {
            for r in &shadow.reads {
                if conflicts(r, &now) {
                    found.push((*r, "write after read"));
                }
            }
            shadow.write = Some(now);
            shadow.reads.clear();
        } else if shadow.reads.len() < READS_KEPT
            && !shadow
                .reads
                .iter()
                .any(|r| (r.block, r.thread) == (now.block, now.thread))
        {
            shadow.reads.push(now);
        }
        for (before, kind) in found {
            if !shared && before.write && fenced_since(s, &before) {
                continue;
            }
            let what = format!(
                "data race ({kind}) on {}: {} {} it, and {} {} it before with no barrier or \
                 atomic in between\n  {} at {}\n  {} at {}",
                place(s, addr, shared),
                who(s, &now),
                verb(&now),
                who(s, &before),
                past(&before),
                verb(&now),
                prog.funcs[func as usize].source_loc(pc as usize),
                past(&before),
                prog.funcs[before.func as usize].source_loc(before.pc as usize),
            );
            let tag = match kind {
                "write after write" => 1,
                "read after write" => 2,
                _ => 3,
            };
            report(s, (tag, before.func, before.pc, func, pc), what);
        }
    }

    /// The launch's reports as one `RaceError`, or `None` when there were none.
    pub(crate) fn finish(&self, kernel: &str) -> Option<SimError> {
        let s = self.state.borrow();
        if s.reports.is_empty() {
            return None;
        }
        let mut message = format!(
            "racecheck found {} problem{} in kernel '{kernel}':",
            s.reports.len() + s.dropped,
            if s.reports.len() + s.dropped == 1 {
                ""
            } else {
                "s"
            }
        );
        for r in &s.reports {
            let _ = write!(message, "\n- {}", r.replace('\n', "\n  "));
        }
        if s.dropped > 0 {
            let _ = write!(message, "\n(and {} more not shown)", s.dropped);
        }
        Some(SimError::new(SimErrorKind::RaceError, message))
    }
}

/// Whether two accesses of one address race (see the module documentation; fences aside).
fn conflicts(a: &Access, b: &Access) -> bool {
    if (a.block, a.thread) == (b.block, b.thread) || !(a.write || b.write) || (a.atomic && b.atomic)
    {
        return false;
    }
    if a.block != b.block {
        return true;
    }
    if a.epoch != b.epoch {
        return false;
    }
    let same_warp = a.thread / 32 == b.thread / 32;
    !(same_warp && a.warp_epoch != b.warp_epoch)
}

/// Whether the thread of write `w` fenced after it.
fn fenced_since(s: &State, w: &Access) -> bool {
    s.fences.get(&(w.block, w.thread)).copied().unwrap_or(0) > w.fences
}

fn report(s: &mut State, key: (u8, u32, u32, u32, u32), what: String) {
    if !s.seen.insert(key) {
        return;
    }
    if s.reports.len() < MAX_REPORTS {
        s.reports.push(what);
    } else {
        s.dropped += 1;
    }
}

fn verb(a: &Access) -> &'static str {
    match (a.write, a.atomic) {
        (_, true) => "atomically updates",
        (true, false) => "writes",
        (false, false) => "reads",
    }
}

fn past(a: &Access) -> &'static str {
    match (a.write, a.atomic) {
        (_, true) => "atomically updated",
        (true, false) => "wrote",
        (false, false) => "read",
    }
}

fn dim3(v: [u32; 3]) -> String {
    format!("({}, {}, {})", v[0], v[1], v[2])
}

fn who(s: &State, a: &Access) -> String {
    let [bx, by, _] = s.block_dim;
    let t = a.thread;
    let tid = [t % bx, (t / bx) % by, t / (bx * by)];
    let [gx, gy, _] = s.grid;
    let b = a.block;
    let block = dim3([b % gx, (b / gx) % gy, b / (gx * gy)]);
    format!("thread {} of block {block}", dim3(tid))
}

fn place(s: &State, addr: u64, shared: bool) -> String {
    let regions = if shared {
        &s.shared_arrays
    } else {
        &s.arguments
    };
    match regions.iter().find(|r| addr >= r.lo && addr < r.hi) {
        Some(r) => format!(
            "{} at byte offset {} (address {addr:#x})",
            r.name,
            addr - r.lo
        ),
        None => format!(
            "{} memory at address {addr:#x}",
            if shared { "shared" } else { "global" }
        ),
    }
}
