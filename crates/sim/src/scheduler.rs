//! Cooperative scheduling of one block's threads, with block barriers and warp barriers.
//!
//! A block runs in **phases**. In a phase every ready thread runs, in linear-id order, until it
//! exits or stops at a barrier. Warps (32 consecutive linear ids) are handled one after the
//! other: when every thread named by a waiting thread's `syncwarp` mask has reached a
//! `syncwarp` (or exited), those threads are released and run on, still within the phase. At
//! the end of the phase every live thread waits at a block barrier; the phase boundary checks
//! that they all wait at the **same** barrier (same instruction) and that **no** thread of the
//! block has exited, computes `syncthreads_count/and/or`, writes each thread's result and
//! starts the next phase. A kernel without barriers is one phase: each thread runs start to
//! finish before the next starts.
//!
//! Violations are `BarrierError`s naming the barrier's source line and the threads involved:
//! threads waiting at a barrier while others exited; threads waiting at different barriers; a
//! `syncwarp` that can never complete.
//!
//! Thread states are pooled: a state is taken when a thread first runs and returned when it
//! exits, so a barrier-free kernel reuses one state (and its cache-hot register file) for every
//! thread, and a kernel with barriers holds one per live thread.
//!
//! Invariant: between phases, a thread's status is `Ready`, `Exited` or waiting at a block
//! barrier; only `Ready` threads have their `ThreadState` run.

use crate::decode::Program;
use crate::error::{SimError, SimErrorKind, fmt_dim3};
use crate::frame::{Frame, ThreadState};
use crate::inst::BarrierKind;
use crate::interp::{Env, Stop, run};
use crate::intrinsics::{WARP_SIZE, geometry};
use crate::memory::AlignedBuf;

/// The launch-wide inputs every block needs.
#[derive(Debug)]
pub(crate) struct Launch<'a> {
    /// The program.
    pub prog: &'a Program,
    /// The kernel's frame template with the arguments filled in.
    pub template: &'a [u64],
    /// `gridDim`.
    pub grid: [u32; 3],
    /// `blockDim`.
    pub block: [u32; 3],
    /// Dynamic shared memory bytes per block.
    pub dyn_bytes: usize,
    /// The launch's constant memory.
    pub consts: *mut u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Ready,
    Barrier {
        kind: BarrierKind,
        func: u32,
        pc: u32,
        dst: usize,
        pred: bool,
    },
    Warp {
        mask: u32,
        func: u32,
        pc: u32,
    },
    Exited,
}

/// Runs blocks; owns the reusable per-block memory (shared memory, thread states).
#[derive(Debug, Default)]
pub(crate) struct BlockRunner {
    states: Vec<ThreadState>,
    free: Vec<usize>,
    state_of: Vec<usize>,
    status: Vec<Status>,
    shared: AlignedBuf,
}

const NONE: usize = usize::MAX;

impl BlockRunner {
    /// Runs block `bid` of the launch to completion.
    pub(crate) fn run_block(&mut self, launch: &Launch<'_>, bid: [u32; 3]) -> Result<(), SimError> {
        let prog = launch.prog;
        let bdim = launch.block;
        let n = (bdim[0] * bdim[1] * bdim[2]) as usize;
        // Static shared memory, then dynamic shared memory, 16-byte aligned; zeroed per block.
        let dyn_off = prog.shared_bytes.next_multiple_of(16);
        self.shared.reset(dyn_off + launch.dyn_bytes);
        let shared = self.shared.as_mut_ptr();
        let env = Env {
            prog,
            shared,
            dyn_shared: shared.wrapping_add(dyn_off),
            dyn_bytes: launch.dyn_bytes as u64,
            consts: launch.consts,
            block: bid,
        };
        let geom = geometry([0; 3], bid, bdim, launch.grid);
        if !prog.has_barriers {
            return self.run_independent(&env, launch, &geom);
        }
        self.status.clear();
        self.status.resize(n, Status::Ready);
        self.state_of.clear();
        self.state_of.resize(n, NONE);
        let mut any_exited = false;
        loop {
            // One phase: warp by warp.
            for w0 in (0..n).step_by(WARP_SIZE as usize) {
                let w1 = (w0 + WARP_SIZE as usize).min(n);
                loop {
                    for tl in w0..w1 {
                        if self.status[tl] == Status::Ready {
                            let stop = self.step(&env, launch, &geom, tl)?;
                            any_exited |= stop == Status::Exited;
                        }
                    }
                    if !self.release_warp(&env, launch, w0, w1)? {
                        break;
                    }
                }
            }
            // Phase boundary: every live thread waits at a block barrier.
            let mut first: Option<(usize, Status)> = None;
            for tl in 0..n {
                match self.status[tl] {
                    Status::Exited => {}
                    s @ Status::Barrier { func, pc, .. } => match first {
                        None => first = Some((tl, s)),
                        Some((
                            t0,
                            Status::Barrier {
                                func: f0, pc: p0, ..
                            },
                        )) => {
                            if (f0, p0) != (func, pc) {
                                return Err(self.different_barriers(
                                    &env,
                                    launch,
                                    t0,
                                    (f0, p0),
                                    (func, pc),
                                ));
                            }
                        }
                        Some(_) => {}
                    },
                    // Every thread ran and warps were resolved: a thread still ready or at a
                    // warp barrier here is a scheduler bug; report it rather than drop it.
                    Status::Ready | Status::Warp { .. } => {
                        return Err(SimError::new(
                            SimErrorKind::InternalError,
                            format!(
                                "simulator scheduler: thread {} neither finished nor waits at \
                                 a block barrier at the end of a phase",
                                fmt_dim3(thread_index(bdim, tl))
                            ),
                        ));
                    }
                }
            }
            let Some((t0, Status::Barrier { kind, func, pc, .. })) = first else {
                return Ok(());
            };
            if any_exited {
                return Err(self.exited_at_barrier(&env, launch, t0, (func, pc)));
            }
            // Release: compute the block-wide result and hand it to every thread.
            let (mut count, mut all, mut any) = (0i64, true, false);
            for s in &self.status {
                if let Status::Barrier { pred, .. } = *s {
                    count += i64::from(pred);
                    all &= pred;
                    any |= pred;
                }
            }
            let result = match kind {
                BarrierKind::Plain => None,
                BarrierKind::Count => Some(count as u64),
                BarrierKind::And => Some(u64::from(all)),
                BarrierKind::Or => Some(u64::from(any)),
            };
            for tl in 0..n {
                if let Status::Barrier { dst, .. } = self.status[tl] {
                    if let Some(v) = result {
                        let st = &mut self.states[self.state_of[tl]];
                        if let Some(slot) = st.regs.get_mut(dst) {
                            *slot = v;
                        }
                    }
                    self.status[tl] = Status::Ready;
                }
            }
        }
    }

    /// A block of a kernel without barriers: each thread runs start to finish, in linear-id
    /// order, in one reused state.
    fn run_independent(
        &mut self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        geom: &[u64; crate::inst::geom::LEN],
    ) -> Result<(), SimError> {
        if self.states.is_empty() {
            self.states.push(ThreadState::default());
        }
        let t = &mut self.states[0];
        let [bx, by, bz] = launch.block;
        let mut linear = 0usize;
        for z in 0..bz {
            for y in 0..by {
                for x in 0..bx {
                    start(t, launch, geom, [x, y, z], linear);
                    // Without barriers the only way to stop is to exit (or fail).
                    run(env, t)?;
                    linear += 1;
                }
            }
        }
        Ok(())
    }

    /// Runs thread `tl` (starting it first if it has no state yet) until it stops.
    fn step(
        &mut self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        geom: &[u64; crate::inst::geom::LEN],
        tl: usize,
    ) -> Result<Status, SimError> {
        if self.state_of[tl] == NONE {
            let si = self.free.pop().unwrap_or_else(|| {
                self.states.push(ThreadState::default());
                self.states.len() - 1
            });
            self.state_of[tl] = si;
            let tid = thread_index(launch.block, tl);
            start(&mut self.states[si], launch, geom, tid, tl);
        }
        let si = self.state_of[tl];
        let status = match run(env, &mut self.states[si])? {
            Stop::Exit => {
                self.free.push(si);
                self.state_of[tl] = NONE;
                Status::Exited
            }
            Stop::Barrier {
                kind,
                func,
                pc,
                dst,
                pred,
            } => Status::Barrier {
                kind,
                func,
                pc,
                dst,
                pred,
            },
            Stop::Warp { mask, func, pc } => Status::Warp { mask, func, pc },
        };
        self.status[tl] = status;
        Ok(status)
    }

    /// Releases the threads of warp `[w0, w1)` waiting at `syncwarp` whose masks are complete.
    /// Returns whether any was released; errors when some wait forever.
    fn release_warp(
        &mut self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        w0: usize,
        w1: usize,
    ) -> Result<bool, SimError> {
        let mut waiting = false;
        let mut releasable = Vec::new();
        for tl in w0..w1 {
            if let Status::Warp { mask, .. } = self.status[tl] {
                waiting = true;
                let complete = (w0..w1).all(|u| {
                    mask & (1 << (u - w0)) == 0
                        || matches!(self.status[u], Status::Warp { .. } | Status::Exited)
                });
                if complete {
                    releasable.push(tl);
                }
            }
        }
        if !waiting {
            return Ok(false);
        }
        if releasable.is_empty() {
            let tl = (w0..w1)
                .find(|&u| matches!(self.status[u], Status::Warp { .. }))
                .unwrap_or(w0);
            let Status::Warp { mask, func, pc } = self.status[tl] else {
                return Ok(false);
            };
            let missing: Vec<usize> = (w0..w1)
                .filter(|&u| {
                    mask & (1 << (u - w0)) != 0
                        && !matches!(self.status[u], Status::Warp { .. } | Status::Exited)
                })
                .collect();
            let what = format!(
                "syncwarp(0x{mask:08x}) can never complete: thread {} waits for {} \
                 which wait at a block barrier instead",
                fmt_dim3(thread_index(launch.block, tl)),
                self.thread_list(launch, &missing)
            );
            return Err(self.barrier_error(env, launch, tl, (func, pc), &what));
        }
        for tl in releasable {
            self.status[tl] = Status::Ready;
        }
        Ok(true)
    }

    fn thread_list(&self, launch: &Launch<'_>, threads: &[usize]) -> String {
        let shown: Vec<String> = threads
            .iter()
            .take(4)
            .map(|&t| fmt_dim3(thread_index(launch.block, t)))
            .collect();
        let more = threads.len().saturating_sub(4);
        let mut s = format!(
            "thread{} {}",
            if threads.len() == 1 { "" } else { "s" },
            shown.join(", ")
        );
        if more > 0 {
            s.push_str(&format!(" and {more} more"));
        }
        s
    }

    fn barrier_error(
        &self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        tl: usize,
        at: (u32, u32),
        what: &str,
    ) -> SimError {
        let prog = launch.prog;
        let loc = prog.funcs[at.0 as usize].source_loc(at.1 as usize);
        let tid = thread_index(launch.block, tl);
        SimError {
            kind: SimErrorKind::BarrierError,
            message: format!(
                "{what}\n  in kernel '{}' at {loc}, block {}",
                prog.kernel_name(),
                fmt_dim3(env.block)
            ),
            location: Some(loc),
            thread: Some(tid),
            block: Some(env.block),
        }
    }

    fn exited_at_barrier(
        &self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        t0: usize,
        at: (u32, u32),
    ) -> SimError {
        let loc = launch.prog.funcs[at.0 as usize].source_loc(at.1 as usize);
        let waiting: Vec<usize> = (0..self.status.len())
            .filter(|&u| matches!(self.status[u], Status::Barrier { .. }))
            .collect();
        let exited: Vec<usize> = (0..self.status.len())
            .filter(|&u| self.status[u] == Status::Exited)
            .collect();
        let what = format!(
            "barrier at line {} is not reached by every thread of the block: {} wait{} there \
             but {} already exited (a syncthreads must be reached by all threads or none)",
            loc.line,
            self.thread_list(launch, &waiting),
            if waiting.len() == 1 { "s" } else { "" },
            self.thread_list(launch, &exited),
        );
        self.barrier_error(env, launch, t0, at, &what)
    }

    fn different_barriers(
        &self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        t0: usize,
        at0: (u32, u32),
        at1: (u32, u32),
    ) -> SimError {
        let prog = launch.prog;
        let l0 = prog.funcs[at0.0 as usize].source_loc(at0.1 as usize);
        let l1 = prog.funcs[at1.0 as usize].source_loc(at1.1 as usize);
        let at = |at: (u32, u32)| {
            let v: Vec<usize> = (0..self.status.len())
                .filter(|&u| {
                    matches!(self.status[u], Status::Barrier { func, pc, .. } if (func, pc) == at)
                })
                .collect();
            self.thread_list(launch, &v)
        };
        let what = format!(
            "threads of one block wait at different barriers: {} at line {} ({}), {} at line {} \
             ({})",
            at(at0),
            l0.line,
            l0,
            at(at1),
            l1.line,
            l1
        );
        self.barrier_error(env, launch, t0, at0, &what)
    }
}

/// `threadIdx` of linear thread `tl`.
fn thread_index(bdim: [u32; 3], tl: usize) -> [u32; 3] {
    let tl = tl as u32;
    [
        tl % bdim[0],
        (tl / bdim[0]) % bdim[1],
        tl / (bdim[0] * bdim[1]),
    ]
}

/// Resets `t` to the start of the kernel as thread `tid` (linear id `linear`), with the block's
/// geometry table `geom` (its thread entries are filled in here).
fn start(
    t: &mut ThreadState,
    launch: &Launch<'_>,
    geom: &[u64; crate::inst::geom::LEN],
    tid: [u32; 3],
    linear: usize,
) {
    use crate::inst::geom::{LANE, TID};
    let k = &launch.prog.funcs[0];
    // Reuse the kernel frame a previous thread exited from; otherwise build it.
    if t.frames.len() == 1 && t.frames[0].func == 0 {
        let fr = &mut t.frames[0];
        fr.pc = 0;
        if !fr.locals.is_empty() {
            fr.locals.fill(0);
        }
    } else {
        t.clear_frames();
        let locals = t.take_locals(k.local_words as usize);
        t.frames.push(Frame {
            func: 0,
            pc: 0,
            base: 0,
            ret_dst: 0,
            locals,
        });
    }
    t.reserve_regs(k.frame_slots as usize);
    // The template's slots (parameters, constants, array extents) are never written by the
    // kernel's instructions (only read, or rewritten with the same value before each use), so a
    // state reused within one launch keeps them.
    if !t.template_loaded {
        t.regs[..launch.template.len()].copy_from_slice(launch.template);
        t.template_loaded = true;
    }
    let (v0, v1) = k.vars;
    if v1 > v0 {
        t.regs[v0 as usize..v1 as usize].fill(0);
    }
    t.geom = *geom;
    for (d, &x) in tid.iter().enumerate() {
        t.geom[TID as usize + d] = u64::from(x);
    }
    t.geom[LANE as usize] = (linear % WARP_SIZE as usize) as u64;
}
