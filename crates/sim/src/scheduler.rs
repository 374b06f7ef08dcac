//! Cooperative scheduling of one block's threads, with block barriers and warp barriers.
//!
//! A block runs in **phases**. In a phase every ready thread runs, in linear-id order, until it
//! exits or stops at a barrier. Warps (32 consecutive linear ids) are handled one after the
//! other; within a warp, once every ready thread has stopped, warp operations complete
//! (`release_warp`) and their threads run on, still within the phase:
//! - `syncwarp(mask)`: when every thread named by the mask has reached a `syncwarp` (or
//!   exited);
//! - a collective (shuffle, vote, match): when every thread named by the mask waits at the same
//!   operation with the same mask; results are computed for all of them at once (`warp.rs`);
//! - `activemask()`: at once; its lanes are the threads stopped at that same instruction (the
//!   GPU's converged threads).
//!
//! At the end of the phase every live thread waits at a block barrier; the phase boundary checks
//! that they all wait at the **same** barrier (same instruction) and that **no** thread of the
//! block has exited, computes `syncthreads_count/and/or`, writes each thread's result and
//! starts the next phase. A kernel without barriers is one phase: each thread runs start to
//! finish before the next starts.
//!
//! Violations are `BarrierError`s naming the barrier's source line and the threads involved:
//! threads waiting at a barrier while others exited; threads waiting at different barriers; a
//! warp operation that can never complete (a thread of its mask waits elsewhere, or — for a
//! collective — exited). A thread calling a warp operation whose mask leaves it out fails in
//! the interpreter.
//!
//! Thread states are pooled: a state is taken when a thread first runs and returned when it
//! exits, so a barrier-free kernel reuses one state (and its cache-hot register file) for every
//! thread, and a kernel with barriers holds one per live thread.
//!
//! Invariants: between phases, a thread's status is `Ready`, `Exited` or waiting at a block
//! barrier; when `release_warp` runs, no thread of the warp is `Ready`; only `Ready` threads have
//! their `ThreadState` run.

use crate::decode::Program;
use crate::error::{SimError, SimErrorKind, fmt_dim3};
use crate::frame::{Frame, ThreadState};
use crate::inst::{BarrierKind, WarpOp};
use crate::interp::{Env, Stop, run};
use crate::intrinsics::{WARP_SIZE, geometry};
use crate::memory::AlignedBuf;
use crate::warp;

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
    /// The interrupt count when the launch started (`interrupt.rs`).
    pub interrupts: u64,
    /// The race checker, in racecheck launches (`racecheck.rs`).
    pub race: Option<&'a crate::racecheck::RaceCheck>,
    /// Where `print` lines go (`print.rs`).
    pub printed: &'a crate::print::Printed,
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
        op: WarpOp,
        mask: u32,
        func: u32,
        pc: u32,
        dst: usize,
        a: u64,
        b: u32,
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
    /// The block being run (a cooperative launch resumes it after each grid barrier).
    bid: [u32; 3],
    /// Whether a thread of the block has exited (a later barrier is then an error).
    any_exited: bool,
}

/// Where a block stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BlockStop {
    /// Every thread exited.
    Done,
    /// Every thread waits at the grid barrier at (`func`, `pc`); thread `tl` is the first.
    /// They are released already: [`BlockRunner::resume`] runs them on.
    GridBarrier { tl: usize, func: u32, pc: u32 },
}

const NONE: usize = usize::MAX;

impl BlockRunner {
    /// Runs block `bid` of a launch that is not cooperative to completion; reaching a grid
    /// barrier is an error.
    pub(crate) fn run_block(&mut self, launch: &Launch<'_>, bid: [u32; 3]) -> Result<(), SimError> {
        match self.start_block(launch, bid)? {
            BlockStop::Done => Ok(()),
            BlockStop::GridBarrier { tl, func, pc } => {
                let env = self.env(launch);
                let what = "grid sync (cuda.cg.this_grid().sync()) in a kernel that was not \
                            launched cooperatively: the blocks of the grid are not all resident, \
                            so the barrier could never complete (launch it cooperatively)";
                Err(self.barrier_error(&env, launch, tl, (func, pc), what))
            }
        }
    }

    /// A `BarrierError` at `at` for thread `tl` of this block (the launch-level checks of a
    /// cooperative launch).
    pub(crate) fn barrier_error_here(
        &mut self,
        launch: &Launch<'_>,
        tl: usize,
        at: (u32, u32),
        what: &str,
    ) -> SimError {
        let env = self.env(launch);
        self.barrier_error(&env, launch, tl, at, what)
    }

    /// The block's execution environment (its shared memory, the launch's constants).
    fn env<'p>(&mut self, launch: &Launch<'p>) -> Env<'p> {
        let dyn_off = launch.prog.shared_bytes.next_multiple_of(16);
        let shared = self.shared.as_mut_ptr();
        Env {
            prog: launch.prog,
            shared,
            dyn_shared: shared.wrapping_add(dyn_off),
            dyn_bytes: launch.dyn_bytes as u64,
            consts: launch.consts,
            block: self.bid,
            interrupts: launch.interrupts,
            race: launch.race,
            printed: launch.printed,
            block_linear: u64::from(self.bid[0])
                + u64::from(launch.grid[0])
                    * (u64::from(self.bid[1]) + u64::from(launch.grid[1]) * u64::from(self.bid[2])),
        }
    }

    /// Starts block `bid` and runs it until it finishes or every thread waits at a grid
    /// barrier.
    pub(crate) fn start_block(
        &mut self,
        launch: &Launch<'_>,
        bid: [u32; 3],
    ) -> Result<BlockStop, SimError> {
        let prog = launch.prog;
        let bdim = launch.block;
        let n = (bdim[0] * bdim[1] * bdim[2]) as usize;
        // Static shared memory, then dynamic shared memory, 16-byte aligned; zeroed per block.
        let dyn_off = prog.shared_bytes.next_multiple_of(16);
        self.shared.reset(dyn_off + launch.dyn_bytes);
        self.bid = bid;
        let env = self.env(launch);
        if let Some(rc) = launch.race {
            let [gx, gy, _] = launch.grid;
            let linear = bid[0] + gx * (bid[1] + gy * bid[2]);
            rc.begin_block(
                prog,
                linear,
                bid,
                env.shared,
                dyn_off + launch.dyn_bytes,
                dyn_off,
            );
        }
        let geom = geometry([0; 3], bid, bdim, launch.grid);
        if !prog.has_barriers {
            self.run_independent(&env, launch, &geom)?;
            return Ok(BlockStop::Done);
        }
        self.status.clear();
        self.status.resize(n, Status::Ready);
        self.state_of.clear();
        self.state_of.resize(n, NONE);
        self.any_exited = false;
        self.resume(launch)
    }

    /// Runs the block's ready threads on, phase after phase, until every thread exited or
    /// waits at a grid barrier.
    pub(crate) fn resume(&mut self, launch: &Launch<'_>) -> Result<BlockStop, SimError> {
        let bdim = launch.block;
        let n = (bdim[0] * bdim[1] * bdim[2]) as usize;
        let env = self.env(launch);
        let geom = geometry([0; 3], self.bid, bdim, launch.grid);
        let mut any_exited = self.any_exited;
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
                return Ok(BlockStop::Done);
            };
            if any_exited {
                return Err(self.exited_at_barrier(&env, launch, t0, (func, pc), kind));
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
            if let Some(rc) = launch.race {
                rc.barrier();
            }
            let result = match kind {
                BarrierKind::Plain | BarrierKind::Grid => None,
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
            if kind == BarrierKind::Grid {
                self.any_exited = any_exited;
                return Ok(BlockStop::GridBarrier { tl: t0, func, pc });
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
                    if let Some(rc) = launch.race {
                        rc.set_thread(linear);
                    }
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
        if let Some(rc) = launch.race {
            rc.set_thread(tl);
        }
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
            Stop::Warp {
                op,
                mask,
                func,
                pc,
                dst,
                a,
                b,
            } => Status::Warp {
                op,
                mask,
                func,
                pc,
                dst,
                a,
                b,
            },
        };
        self.status[tl] = status;
        Ok(status)
    }

    /// Completes what the threads of warp `[w0, w1)` wait for, where possible: a `syncwarp`
    /// whose mask's threads have all reached a `syncwarp` or exited; a collective (shuffle,
    /// vote, match) whose mask's threads all wait at the same operation with the same mask
    /// (results written, threads released together); an `activemask`, whose lanes are the
    /// threads stopped at the same instruction. Returns whether any thread was released; errors
    /// when a collective names an exited thread, or when threads wait and none can go on.
    fn release_warp(
        &mut self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        w0: usize,
        w1: usize,
    ) -> Result<bool, SimError> {
        // Lanes a partial last warp does not have are not threads: masks ignore them.
        let exists = u32::MAX >> (WARP_SIZE as usize - (w1 - w0));
        let mut waiting = false;
        let mut released = 0u32;
        // `syncwarp`s complete against the warp as it stood when this round began: a lane this
        // round releases has left its `syncwarp`, so it must not count as having reached one
        // for another lane (a tree reduction's `syncwarp(0xFFFF)` releases its 16 lanes
        // together, not one by one).
        let arrived: Vec<bool> = (w0..w1)
            .map(|tl| {
                matches!(
                    self.status[tl],
                    Status::Warp {
                        op: WarpOp::Sync,
                        ..
                    } | Status::Exited
                )
            })
            .collect();
        for tl in w0..w1 {
            let lane = tl - w0;
            let Status::Warp {
                op, mask, func, pc, ..
            } = self.status[tl]
            else {
                continue;
            };
            waiting = true;
            if released & (1 << lane) != 0 {
                continue;
            }
            let group = match op {
                WarpOp::Sync => {
                    let members = mask & exists;
                    let done = lanes(members).all(|u| arrived[u]);
                    // Each syncwarp releases on its own mask alone.
                    if done { 1 << lane } else { 0 }
                }
                WarpOp::ActiveMask => lanes(exists)
                    .filter(|&u| {
                        self.waits_at(w0 + u)
                            .is_some_and(|(o, _, at)| o == op && at == (func, pc))
                    })
                    .fold(0, |m, u| m | 1 << u),
                _ => {
                    let members = mask & exists;
                    let exited: Vec<usize> = lanes(members)
                        .filter(|&u| self.status[w0 + u] == Status::Exited)
                        .map(|u| w0 + u)
                        .collect();
                    if !exited.is_empty() {
                        return Err(self.exited_at_collective(env, launch, tl, &exited));
                    }
                    let same = lanes(members).all(|u| {
                        self.waits_at(w0 + u)
                            .is_some_and(|(o, m, _)| (o, m) == (op, mask))
                    });
                    if same { members } else { 0 }
                }
            };
            if group == 0 {
                continue;
            }
            self.complete(w0, op, group);
            if let Some(rc) = launch.race {
                for u in lanes(group) {
                    rc.warp_sync(w0 + u);
                }
            }
            released |= group;
        }
        if !waiting {
            return Ok(false);
        }
        if released == 0 {
            return Err(self.stuck_warp(env, launch, w0, w1));
        }
        Ok(true)
    }

    /// The warp operation thread `tl` waits at, its mask and where it is (function, pc).
    fn waits_at(&self, tl: usize) -> Option<(WarpOp, u32, (u32, u32))> {
        match self.status[tl] {
            Status::Warp {
                op, mask, func, pc, ..
            } => Some((op, mask, (func, pc))),
            _ => None,
        }
    }

    /// Writes the results of `op` to the threads of `group` (lanes of the warp at `w0`) and
    /// releases them.
    fn complete(&mut self, w0: usize, op: WarpOp, group: u32) {
        let mut a = [0u64; warp::LANES];
        let mut b = [0u32; warp::LANES];
        for u in lanes(group) {
            if let Status::Warp { a: x, b: y, .. } = self.status[w0 + u] {
                a[u] = x;
                b[u] = y;
            }
        }
        let results = warp::results(op, group, &a, &b);
        for u in lanes(group) {
            if let Status::Warp { dst, .. } = self.status[w0 + u] {
                if op != WarpOp::Sync {
                    let st = &mut self.states[self.state_of[w0 + u]];
                    if let Some(slot) = st.regs.get_mut(dst) {
                        *slot = results[u];
                    }
                }
                self.status[w0 + u] = Status::Ready;
            }
        }
    }

    /// A collective whose mask names threads that exited.
    fn exited_at_collective(
        &self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        tl: usize,
        exited: &[usize],
    ) -> SimError {
        let Status::Warp {
            op, mask, func, pc, ..
        } = self.status[tl]
        else {
            return internal("exited_at_collective of a thread not at a warp operation");
        };
        let w0 = tl - tl % WARP_SIZE as usize;
        let w1 = (w0 + WARP_SIZE as usize).min(self.status.len());
        let waiting: Vec<usize> = (w0..w1)
            .filter(|&u| {
                self.waits_at(u)
                    .is_some_and(|(o, m, _)| (o, m) == (op, mask))
            })
            .collect();
        let what = format!(
            "{}(0x{mask:08x}) can never complete: {} named in the mask already exited while \
             {} wait{} there (every thread in a warp operation's mask must reach it)",
            op.name(),
            self.thread_list(launch, exited),
            self.thread_list(launch, &waiting),
            if waiting.len() == 1 { "s" } else { "" },
        );
        self.barrier_error(env, launch, tl, (func, pc), &what)
    }

    /// Threads of warp `[w0, w1)` wait at warp operations that none of them can complete.
    fn stuck_warp(&self, env: &Env<'_>, launch: &Launch<'_>, w0: usize, w1: usize) -> SimError {
        let Some((tl, op, mask, func, pc)) = (w0..w1).find_map(|u| match self.status[u] {
            Status::Warp {
                op, mask, func, pc, ..
            } if op != WarpOp::ActiveMask => Some((u, op, mask, func, pc)),
            _ => None,
        }) else {
            return internal("a warp is stuck without a thread at a warp operation");
        };
        let exists = u32::MAX >> (WARP_SIZE as usize - (w1 - w0));
        // The threads of the mask that wait elsewhere, grouped by where.
        let mut elsewhere: Vec<(String, Vec<usize>)> = Vec::new();
        for u in lanes(mask & exists).map(|u| w0 + u) {
            let place = match self.status[u] {
                Status::Barrier { func: f, pc: p, .. } => format!(
                    "a block barrier at line {}",
                    launch.prog.funcs[f as usize].source_loc(p as usize).line
                ),
                Status::Warp {
                    op: o,
                    mask: m,
                    func: f,
                    pc: p,
                    ..
                } if op == WarpOp::Sync && o != WarpOp::Sync
                    || op != WarpOp::Sync && (o, m) != (op, mask) =>
                {
                    format!(
                        "{}(0x{m:08x}) at line {}",
                        o.name(),
                        launch.prog.funcs[f as usize].source_loc(p as usize).line
                    )
                }
                _ => continue,
            };
            match elsewhere.iter_mut().find(|(p, _)| *p == place) {
                Some((_, v)) => v.push(u),
                None => elsewhere.push((place, vec![u])),
            }
        }
        let others: Vec<String> = elsewhere
            .iter()
            .map(|(place, v)| {
                format!(
                    "{} wait{} at {place}",
                    self.thread_list(launch, v),
                    if v.len() == 1 { "s" } else { "" }
                )
            })
            .collect();
        let what = format!(
            "{}(0x{mask:08x}) can never complete: thread {} waits for the threads of its mask, \
             but {} instead",
            op.name(),
            fmt_dim3(thread_index(launch.block, tl)),
            others.join(", and ")
        );
        self.barrier_error(env, launch, tl, (func, pc), &what)
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

    pub(crate) fn barrier_error(
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
            location: Some(Box::new(loc)),
            thread: Some(tid),
            block: Some(env.block),
            raises: None,
        }
    }

    fn exited_at_barrier(
        &self,
        env: &Env<'_>,
        launch: &Launch<'_>,
        t0: usize,
        at: (u32, u32),
        kind: BarrierKind,
    ) -> SimError {
        let loc = launch.prog.funcs[at.0 as usize].source_loc(at.1 as usize);
        let waiting: Vec<usize> = (0..self.status.len())
            .filter(|&u| matches!(self.status[u], Status::Barrier { .. }))
            .collect();
        let exited: Vec<usize> = (0..self.status.len())
            .filter(|&u| self.status[u] == Status::Exited)
            .collect();
        let (what, rule) = if kind == BarrierKind::Grid {
            (
                "grid sync",
                "a grid sync must be reached by every thread of the grid",
            )
        } else {
            (
                "barrier",
                "a syncthreads must be reached by all threads or none",
            )
        };
        let what = format!(
            "{what} at line {} is not reached by every thread of the block: {} wait{} there \
             but {} already exited ({rule})",
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

/// The lanes whose bits are set in `mask`, in increasing order.
fn lanes(mask: u32) -> impl Iterator<Item = usize> {
    (0..WARP_SIZE as usize).filter(move |u| mask & (1 << u) != 0)
}

fn internal(what: &str) -> SimError {
    SimError::new(
        SimErrorKind::InternalError,
        format!("simulator scheduler: {what}"),
    )
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
    use crate::inst::geom::{LANE, LANEMASK_LT, TID};
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
    t.copies.clear();
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
    let lane = linear as u32 % WARP_SIZE;
    t.geom[LANE as usize] = u64::from(lane);
    t.geom[LANEMASK_LT as usize] = crate::intrinsics::lanemask_lt(lane);
}
