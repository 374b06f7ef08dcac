//! The interpreter: runs one thread from where it stopped until it exits, reaches a barrier or
//! fails.
//!
//! The loop keeps the current function's code, `extra` table, program counter, frame base and a
//! raw pointer to the frame's first register in locals; a call pushes a [`Frame`] and switches
//! them, a return pops it. No Rust recursion, so a thread can stop at a barrier anywhere in a
//! chain of device-function calls and resume later: [`run`] saves `pc` into the top frame
//! before returning a [`Stop`].
//!
//! Invariants relied on for the unchecked accesses (all established by `decode::validate` and
//! `frame.rs`): `pc` is always inside `code` (every function ends in a terminator, every jump
//! target is valid); every register operand plus its width is within the frame; the register
//! file holds `base + frame_slots` slots for every live frame; array registers hold arrays
//! whose memory is valid (see `memory.rs`). The interpreter allocates nothing per instruction:
//! only calls (a frame, and local memory for functions with local arrays, from a pool).

use std::ptr;

use crate::arith::{self, f32_of, f64_of, of_f32, of_f64};
use crate::atomics;
use crate::complex;
use crate::decode::Program;
use crate::error::{SimError, SimErrorKind, fmt_dim3};
use crate::frame::{Frame, MAX_DEPTH, ThreadState};
use crate::inst::{BarrierKind, Inst, WarpOp, geom};
use crate::intrinsics;
use crate::math;
use crate::memory::{self, element};
use oxcuda_ir::{AtomicOp, CmpOp};

/// Why [`run`] returned without an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The kernel returned.
    Exit,
    /// The thread waits at a block barrier: instruction `pc` of function `func`; the result (for
    /// the counting forms) goes to absolute register `dst`; `pred` is the thread's predicate.
    Barrier {
        kind: BarrierKind,
        func: u32,
        pc: u32,
        dst: usize,
        pred: bool,
    },
    /// The thread waits at warp operation `op` with `mask`, instruction `pc` of function
    /// `func`; `a` is its operand (value or predicate), `b` the shuffle's lane operand, and the
    /// result goes to absolute register `dst`.
    Warp {
        op: WarpOp,
        mask: u32,
        func: u32,
        pc: u32,
        dst: usize,
        a: u64,
        b: u32,
    },
}

/// What one block's threads share: the program and the memory of the launch and of the block.
#[derive(Debug)]
pub(crate) struct Env<'a> {
    /// The decoded program.
    pub prog: &'a Program,
    /// Static shared memory of this block.
    pub shared: *mut u8,
    /// Dynamic shared memory of this block.
    pub dyn_shared: *mut u8,
    /// Its size in bytes.
    pub dyn_bytes: u64,
    /// The launch's constant memory.
    pub consts: *mut u8,
    /// `blockIdx`.
    pub block: [u32; 3],
    /// The interrupt count when the launch started: a back edge checks it (`interrupt.rs`).
    pub interrupts: u64,
    /// The race checker of a racecheck launch; `run` then takes its checking copy.
    pub race: Option<&'a crate::racecheck::RaceCheck>,
    /// Where `print` lines go (`print.rs`).
    pub printed: &'a crate::print::Printed,
    /// This block's linear index in the grid (the order `print` lines are handed over in).
    pub block_linear: u64,
}

#[inline(always)]
fn cmp<T: PartialOrd>(op: CmpOp, a: T, b: T) -> u64 {
    u64::from(match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    })
}

/// An error at instruction `pc` of function `fi`, with the kernel, thread, block and the chain
/// of device-function calls that led there.
#[cold]
#[inline(never)]
pub(crate) fn runtime_error(
    env: &Env<'_>,
    t: &ThreadState,
    fi: usize,
    pc: usize,
    kind: SimErrorKind,
    what: &str,
) -> SimError {
    let funcs = &env.prog.funcs;
    let loc = funcs[fi].source_loc(pc);
    let tid = thread_index(t);
    let mut message = format!(
        "{what}\n  in kernel '{}' at {loc}, thread {} of block {}",
        env.prog.kernel_name(),
        fmt_dim3(tid),
        fmt_dim3(env.block)
    );
    push_call_chain(env, t, &mut message);
    SimError {
        kind,
        message,
        location: Some(Box::new(loc)),
        thread: Some(tid),
        block: Some(env.block),
        raises: None,
    }
}

/// A failed debug check (`Inst::Assert`) at instruction `pc` of function `fi`: the exception
/// its `raise` or `assert` names, with the message every back end gives it
/// (`oxcuda_ir::FailedCheck`: numba-cuda's prefix, then the kernel and location), then the
/// chain of device-function calls that led there.
#[cold]
#[inline(never)]
fn failed_check(env: &Env<'_>, t: &ThreadState, fi: usize, pc: usize) -> SimError {
    let code = &env.prog.funcs[fi];
    let loc = code.source_loc(pc);
    let tid = thread_index(t);
    let mut message = oxcuda_ir::FailedCheck {
        message: code.assert_message(pc),
        function: &loc.function,
        file: &loc.file,
        line: loc.line,
        col: loc.col,
        kernel: env.prog.kernel_name(),
        thread: tid,
        block: env.block,
    }
    .message();
    push_call_chain(env, t, &mut message);
    SimError {
        kind: SimErrorKind::AssertionError,
        message,
        location: Some(Box::new(loc)),
        thread: Some(tid),
        block: Some(env.block),
        raises: code.exception(pc).map(str::to_owned),
    }
}

/// `threadIdx` of `t`.
fn thread_index(t: &ThreadState) -> [u32; 3] {
    [
        t.geom[geom::TID as usize] as u32,
        t.geom[geom::TID as usize + 1] as u32,
        t.geom[geom::TID as usize + 2] as u32,
    ]
}

/// Appends a `called from file:line:col in function` line per device-function call that led to
/// the current instruction of `t`, innermost first.
fn push_call_chain(env: &Env<'_>, t: &ThreadState, message: &mut String) {
    // The frames below the top one are callers; their saved pc is just after the call.
    for fr in t.frames.iter().rev().skip(1) {
        let caller = &env.prog.funcs[fr.func as usize];
        let at = caller.source_loc((fr.pc as usize).saturating_sub(1));
        message.push_str(&format!("\n  called from {at}"));
    }
}

/// An out-of-range access: which index, which axis, the whole index and the shape.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments, reason = "a cold error path")]
fn index_error(
    env: &Env<'_>,
    t: &ThreadState,
    fi: usize,
    pc: usize,
    arr: &[u64],
    idx: &[i64],
    axis: usize,
    access: &str,
) -> SimError {
    let ndim = idx.len();
    let shape: Vec<i64> = arr[1..=ndim].iter().map(|&x| x as i64).collect();
    let tuple = |v: &[i64]| {
        let items: Vec<String> = v.iter().map(ToString::to_string).collect();
        if v.len() == 1 {
            format!("({},)", items[0])
        } else {
            format!("({})", items.join(", "))
        }
    };
    let what = format!(
        "{access} out of bounds: index {} is out of bounds for axis {axis} with size {} \
         (index {}, array shape {})",
        idx[axis],
        shape[axis],
        tuple(idx),
        tuple(&shape)
    );
    runtime_error(env, t, fi, pc, SimErrorKind::IndexError, &what)
}

/// Runs `t` until it exits, waits at a barrier, or fails.
#[allow(clippy::too_many_lines, reason = "the dispatch loop is one match")]
pub(crate) fn run(env: &Env<'_>, t: &mut ThreadState) -> Result<Stop, SimError> {
    if env.race.is_some() {
        run_with::<true>(env, t)
    } else {
        run_with::<false>(env, t)
    }
}

/// [`run`], with the race checker's hooks compiled in when `RACE` (`racecheck.rs`): the copy
/// ordinary launches run has none.
#[allow(clippy::too_many_lines, reason = "the interpreter's one dispatch loop")]
fn run_with<const RACE: bool>(env: &Env<'_>, t: &mut ThreadState) -> Result<Stop, SimError> {
    let prog = env.prog;
    let Some(top) = t.frames.last_mut() else {
        return Ok(Stop::Exit);
    };
    let mut fi = top.func as usize;
    let mut f = &prog.funcs[fi];
    let mut code: &[crate::inst::Inst] = &f.code;
    let mut extra: &[u32] = &f.extra;
    let mut pc = top.pc as usize;
    let mut base = top.base as usize;
    let mut locals: *mut u8 = top.locals.as_mut_ptr().cast();
    // SAFETY: the register file holds base + frame_slots slots (frame invariant).
    let mut r: *mut u64 = unsafe { t.regs.as_mut_ptr().add(base) };

    // Register access; only used inside the unsafe block below.
    macro_rules! reg {
        ($s:expr) => {
            *r.add($s as usize)
        };
    }
    macro_rules! ex {
        ($i:expr) => {
            *extra.get_unchecked($i as usize)
        };
    }
    macro_rules! fail {
        ($kind:expr, $($msg:tt)*) => {
            return Err(runtime_error(env, t, fi, pc - 1, $kind, &format!($($msg)*)))
        };
    }
    macro_rules! oob {
        ($arr:expr, $ndim:expr, $idx:expr, $axis:expr, $access:expr) => {{
            let ndim = $ndim as usize;
            let arr_regs: Vec<u64> = (0..1 + 2 * ndim)
                .map(|k| *r.add($arr as usize + k))
                .collect();
            let idx: Vec<i64> = (0..ndim).map(|k| $idx(k) as i64).collect();
            return Err(index_error(
                env,
                t,
                fi,
                pc - 1,
                &arr_regs,
                &idx,
                $axis,
                $access,
            ));
        }};
    }

    // Records an element access at `$p` for the race checker (racecheck launches only).
    macro_rules! track {
        ($p:expr, $size:expr, $write:expr, $atomic:expr) => {
            if RACE && let Some(rc) = env.race {
                rc.access(
                    prog,
                    $p as u64,
                    $size,
                    $write,
                    $atomic,
                    fi as u32,
                    (pc - 1) as u32,
                );
            }
        };
    }

    // A jump to `$to` from the instruction before `pc`: on a back edge, stop if the launch
    // was interrupted (Ctrl-C), so that no loop runs forever.
    macro_rules! jump {
        ($to:expr) => {{
            let to = $to as usize;
            if to < pc && crate::interrupt::since(env.interrupts) {
                fail!(
                    SimErrorKind::Interrupted,
                    "the launch was interrupted (KeyboardInterrupt) while this thread ran"
                );
            }
            pc = to;
        }};
    }

    loop {
        // SAFETY: see the module doc: `pc` stays inside `code` and every operand is a valid
        // register of the current frame; memory operands point at valid memory.
        unsafe {
            let inst = code.get_unchecked(pc);
            pc += 1;
            match *inst {
                // ---- control ----
                Inst::Jump { to } => jump!(to),
                Inst::Branch { c, t: tt, e } => {
                    jump!(if reg!(c) != 0 { tt } else { e });
                }
                Inst::BrS { op, a, b, t: tt, e } => {
                    jump!(if cmp(op, reg!(a) as i64, reg!(b) as i64) != 0 {
                        tt
                    } else {
                        e
                    });
                }
                Inst::BrU { op, a, b, t: tt, e } => {
                    jump!(if cmp(op, reg!(a), reg!(b)) != 0 {
                        tt
                    } else {
                        e
                    });
                }
                Inst::BrF32 { op, a, b, t: tt, e } => {
                    jump!(if cmp(op, f32_of(reg!(a)), f32_of(reg!(b))) != 0 {
                        tt
                    } else {
                        e
                    });
                }
                Inst::BrF64 { op, a, b, t: tt, e } => {
                    jump!(if cmp(op, f64_of(reg!(a)), f64_of(reg!(b))) != 0 {
                        tt
                    } else {
                        e
                    });
                }
                Inst::Ret { s, n } => {
                    // The kernel's frame stays: the scheduler resets it for the next thread.
                    if t.frames.len() == 1 {
                        return Ok(Stop::Exit);
                    }
                    let done = t.frames.pop();
                    let Some(caller) = t.frames.last_mut() else {
                        if let Some(done) = done {
                            t.recycle(done);
                        }
                        return Ok(Stop::Exit);
                    };
                    let ret_dst = done.as_ref().map_or(0, |d| d.ret_dst as usize);
                    fi = caller.func as usize;
                    pc = caller.pc as usize;
                    base = caller.base as usize;
                    locals = caller.locals.as_mut_ptr().cast();
                    let regs = t.regs.as_mut_ptr();
                    ptr::copy_nonoverlapping(r.add(s as usize), regs.add(ret_dst), n as usize);
                    if let Some(done) = done {
                        t.recycle(done);
                    }
                    f = &prog.funcs[fi];
                    code = &f.code;
                    extra = &f.extra;
                    r = t.regs.as_mut_ptr().add(base);
                }
                Inst::Call { func, args, dst } => {
                    if t.frames.len() >= MAX_DEPTH {
                        fail!(
                            SimErrorKind::UnsupportedError,
                            "call depth exceeds the simulator's limit of {MAX_DEPTH} frames \
                             (unbounded recursion?)"
                        );
                    }
                    let g = &prog.funcs[func as usize];
                    let new_base = base + f.frame_slots as usize;
                    if let Some(cur) = t.frames.last_mut() {
                        cur.pc = pc as u32;
                    }
                    t.reserve_regs(new_base + g.frame_slots as usize);
                    let regs = t.regs.as_mut_ptr();
                    let nr = regs.add(new_base);
                    ptr::copy_nonoverlapping(g.template.as_ptr(), nr, g.template.len());
                    let (v0, v1) = g.vars;
                    ptr::write_bytes(nr.add(v0 as usize), 0, (v1 - v0) as usize);
                    let caller = regs.add(base);
                    for k in 0..g.param_slots as usize {
                        *nr.add(k) = *caller.add(ex!(args as usize + k) as usize);
                    }
                    let mem = t.take_locals(g.local_words as usize);
                    t.frames.push(Frame {
                        func,
                        pc: 0,
                        base: new_base as u32,
                        ret_dst: (base + dst as usize) as u32,
                        locals: mem,
                    });
                    if let Some(cur) = t.frames.last_mut() {
                        locals = cur.locals.as_mut_ptr().cast();
                    }
                    fi = func as usize;
                    f = g;
                    code = &g.code;
                    extra = &g.extra;
                    pc = 0;
                    base = new_base;
                    r = nr;
                }
                Inst::CallHost { host, args, dst } => {
                    let h = &prog.hosts[host as usize];
                    let list = std::slice::from_raw_parts(
                        extra.as_ptr().add(args as usize),
                        h.params as usize,
                    );
                    h.call(&t.geom, r, list, r.add(dst as usize));
                }
                Inst::Trap => fail!(
                    SimErrorKind::InternalError,
                    "control reached an `unreachable` terminator"
                ),

                // ---- moves ----
                Inst::Mov { d, s } => reg!(d) = reg!(s),
                Inst::MovN { d, s, n } => {
                    ptr::copy(r.add(s as usize), r.add(d as usize), n as usize);
                }
                Inst::Gather { d, list, n } => {
                    for k in 0..n {
                        reg!(d + k) = reg!(ex!(list + k));
                    }
                }
                Inst::Sel { d, c, a, b } => {
                    reg!(d) = if reg!(c) != 0 { reg!(a) } else { reg!(b) };
                }
                Inst::SelN { d, c, list } => {
                    let (a, b, n) = (ex!(list), ex!(list + 1), ex!(list + 2));
                    let s = if reg!(c) != 0 { a } else { b };
                    ptr::copy(r.add(s as usize), r.add(d as usize), n as usize);
                }

                // ---- real scalar arithmetic ----
                Inst::Un { op, ty, d, a } => reg!(d) = arith::unary(op, ty, reg!(a)),
                Inst::Bin { op, ty, d, a, b } => reg!(d) = arith::binary(op, ty, reg!(a), reg!(b)),
                Inst::Cmp { op, ty, d, a, b } => {
                    reg!(d) = u64::from(arith::compare(op, ty, reg!(a), reg!(b)));
                }
                Inst::Cast { from, to, d, a } => reg!(d) = arith::cast(from, to, reg!(a)),
                Inst::Norm { ty, d, a } => reg!(d) = arith::norm(ty, reg!(a)),
                Inst::AddI64 { d, a, b } => reg!(d) = reg!(a).wrapping_add(reg!(b)),
                Inst::SubI64 { d, a, b } => reg!(d) = reg!(a).wrapping_sub(reg!(b)),
                Inst::MulI64 { d, a, b } => reg!(d) = reg!(a).wrapping_mul(reg!(b)),
                Inst::AddI32 { d, a, b } => {
                    reg!(d) = (reg!(a) as i32).wrapping_add(reg!(b) as i32) as i64 as u64;
                }
                Inst::SubI32 { d, a, b } => {
                    reg!(d) = (reg!(a) as i32).wrapping_sub(reg!(b) as i32) as i64 as u64;
                }
                Inst::MulI32 { d, a, b } => {
                    reg!(d) = (reg!(a) as i32).wrapping_mul(reg!(b) as i32) as i64 as u64;
                }
                Inst::AddF32 { d, a, b } => reg!(d) = of_f32(f32_of(reg!(a)) + f32_of(reg!(b))),
                Inst::SubF32 { d, a, b } => reg!(d) = of_f32(f32_of(reg!(a)) - f32_of(reg!(b))),
                Inst::MulF32 { d, a, b } => reg!(d) = of_f32(f32_of(reg!(a)) * f32_of(reg!(b))),
                Inst::DivF32 { d, a, b } => reg!(d) = of_f32(f32_of(reg!(a)) / f32_of(reg!(b))),
                Inst::AddF64 { d, a, b } => reg!(d) = of_f64(f64_of(reg!(a)) + f64_of(reg!(b))),
                Inst::SubF64 { d, a, b } => reg!(d) = of_f64(f64_of(reg!(a)) - f64_of(reg!(b))),
                Inst::MulF64 { d, a, b } => reg!(d) = of_f64(f64_of(reg!(a)) * f64_of(reg!(b))),
                Inst::DivF64 { d, a, b } => reg!(d) = of_f64(f64_of(reg!(a)) / f64_of(reg!(b))),
                // IEEE addition is commutative, so `c + p` needs no variant of its own.
                Inst::MulAddF32 { d, a, b, c } => {
                    reg!(d) = of_f32(f32_of(reg!(a)) * f32_of(reg!(b)) + f32_of(reg!(c)));
                }
                Inst::MulAddF64 { d, a, b, c } => {
                    reg!(d) = of_f64(f64_of(reg!(a)) * f64_of(reg!(b)) + f64_of(reg!(c)));
                }
                Inst::CmpS { op, d, a, b } => reg!(d) = cmp(op, reg!(a) as i64, reg!(b) as i64),
                Inst::CmpU { op, d, a, b } => reg!(d) = cmp(op, reg!(a), reg!(b)),
                Inst::CmpF32 { op, d, a, b } => reg!(d) = cmp(op, f32_of(reg!(a)), f32_of(reg!(b))),
                Inst::CmpF64 { op, d, a, b } => reg!(d) = cmp(op, f64_of(reg!(a)), f64_of(reg!(b))),

                // ---- complex ----
                Inst::CUn { op, ty, d, a } => {
                    let (re, im) = complex::unary(op, ty, (reg!(a), reg!(a + 1)));
                    reg!(d) = re;
                    reg!(d + 1) = im;
                }
                Inst::CBin { op, ty, d, a, b } => {
                    let x = (reg!(a), reg!(a + 1));
                    let y = (reg!(b), reg!(b + 1));
                    let (re, im) = complex::binary(op, ty, x, y).unwrap_or((0, 0));
                    reg!(d) = re;
                    reg!(d + 1) = im;
                }
                Inst::CCmp { op, ty, d, a, b } => {
                    let x = (reg!(a), reg!(a + 1));
                    let y = (reg!(b), reg!(b + 1));
                    reg!(d) = u64::from(complex::compare(op, ty, x, y));
                }
                Inst::ToC { from, to, d, a } => {
                    let x = if from.is_complex() {
                        (reg!(a), reg!(a + 1))
                    } else {
                        (reg!(a), 0)
                    };
                    let (re, im) = complex::cast_to_complex(from, to, x);
                    reg!(d) = re;
                    reg!(d + 1) = im;
                }
                Inst::FromC { from, to, d, a } => {
                    reg!(d) = complex::cast_from_complex(from, to, (reg!(a), reg!(a + 1)));
                }

                // ---- math ----
                Inst::Math1 { f: func, ty, d, a } => reg!(d) = math::unary(func, ty, reg!(a)),
                Inst::Math2 {
                    f: func,
                    ty,
                    d,
                    a,
                    b,
                } => reg!(d) = math::binary(func, ty, reg!(a), reg!(b)),
                Inst::Libdevice { f, k, n, d, list } => {
                    let mut ops = [0u64; 3];
                    for (j, o) in ops.iter_mut().enumerate().take(usize::from(n)) {
                        *o = reg!(ex!(list + j as u32));
                    }
                    let outs = crate::libdevice::by_index(usize::from(f))
                        .map_or([0, 0], |imp| imp(&ops[..usize::from(n)]));
                    reg!(d) = outs[usize::from(k).min(1)];
                }
                Inst::Fma { ty, d, list } => {
                    let (a, b, c) = (reg!(ex!(list)), reg!(ex!(list + 1)), reg!(ex!(list + 2)));
                    reg!(d) = math::fma(ty, a, b, c);
                }

                // ---- intrinsics ----
                Inst::Geom { d, k } => reg!(d) = t.geom[k as usize],
                Inst::Bits { op, ty, d, a } => reg!(d) = intrinsics::bits(op, ty, reg!(a)),
                Inst::Barrier { kind, d, p } => {
                    if let Some(cur) = t.frames.last_mut() {
                        cur.pc = pc as u32;
                    }
                    let pred =
                        !matches!(kind, BarrierKind::Plain | BarrierKind::Grid) && reg!(p) != 0;
                    return Ok(Stop::Barrier {
                        kind,
                        func: fi as u32,
                        pc: (pc - 1) as u32,
                        dst: base + d as usize,
                        pred,
                    });
                }
                Inst::Warp { op, d, mask, a, b } => {
                    let mask = reg!(mask) as u32;
                    let lane = t.geom[geom::LANE as usize];
                    if op != WarpOp::ActiveMask && mask & (1 << lane) == 0 {
                        fail!(
                            SimErrorKind::BarrierError,
                            "{}(0x{mask:08x}) by a thread whose lane {lane} is not in the mask \
                             (undefined behaviour in CUDA: a warp operation's mask must \
                             include the calling thread)",
                            op.name()
                        );
                    }
                    if let Some(cur) = t.frames.last_mut() {
                        cur.pc = pc as u32;
                    }
                    return Ok(Stop::Warp {
                        op,
                        mask,
                        func: fi as u32,
                        pc: (pc - 1) as u32,
                        dst: base + d as usize,
                        a: reg!(a),
                        b: reg!(b) as u32,
                    });
                }
                Inst::WarpSyncAll => {
                    if let Some(cur) = t.frames.last_mut() {
                        cur.pc = pc as u32;
                    }
                    return Ok(Stop::Warp {
                        op: WarpOp::Sync,
                        mask: u32::MAX,
                        func: fi as u32,
                        pc: (pc - 1) as u32,
                        dst: base,
                        a: 0,
                        b: 0,
                    });
                }
                Inst::Tensor { k, n, list } => {
                    let code = &env.prog.funcs[fi];
                    let op = code.tensor_ops[k as usize];
                    let mut operands = [crate::tensor::Operand::Scalar(0); 4];
                    for (j, o) in operands.iter_mut().enumerate().take(n as usize) {
                        let at = list as usize + 3 * j;
                        let (s, ndim, item) =
                            (code.extra[at], code.extra[at + 1], code.extra[at + 2]);
                        *o = if ndim == u32::MAX {
                            crate::tensor::Operand::Scalar(reg!(s))
                        } else {
                            let len =
                                (0..ndim).fold(1u64, |acc, q| acc.saturating_mul(reg!(s + 1 + q)));
                            crate::tensor::Operand::Array {
                                data: reg!(s) as usize,
                                len,
                                itemsize: u64::from(item),
                            }
                        };
                    }
                    // SAFETY: array operands are backed for their extents (memory.rs) and a
                    // fragment's storage holds its whole tile (the decoder allocates it).
                    let done = crate::tensor::execute(op, &operands[..n as usize], &mut t.copies);
                    if let Err((kind, message)) = done {
                        fail!(kind, "{message}");
                    }
                }
                Inst::Fence => {
                    std::sync::atomic::fence(std::sync::atomic::Ordering::SeqCst);
                    if RACE && let Some(rc) = env.race {
                        rc.fence();
                    }
                }
                Inst::Assert { c } => {
                    if reg!(c) == 0 {
                        return Err(failed_check(env, t, fi, pc - 1));
                    }
                }
                Inst::Exit => {
                    // The kernel's frame stays (the scheduler resets it); callee frames go.
                    while t.frames.len() > 1 {
                        if let Some(done) = t.frames.pop() {
                            t.recycle(done);
                        }
                    }
                    return Ok(Stop::Exit);
                }
                Inst::Print { fmt, args } => {
                    let code = &env.prog.funcs[fi];
                    let format = &code.prints[fmt as usize];
                    let slots = &code.extra[args as usize..args as usize + format.values];
                    let regs: Vec<u64> = slots.iter().map(|&s| reg!(s)).collect();
                    env.printed.push(env.block_linear, format.line(&regs));
                }

                // ---- memory ----
                Inst::PtrAdd { d, p, off } => reg!(d) = reg!(p).wrapping_add(reg!(off)),
                Inst::PtrOf { d, s } => {
                    reg!(d) = reg!(s);
                    reg!(d + 1) = 0;
                    reg!(d + 2) = u64::MAX;
                }
                Inst::PtrOfArray { d, arr, ndim, size } => {
                    let a =
                        std::slice::from_raw_parts(r.add(arr as usize), 1 + 2 * usize::from(ndim));
                    let (lo, hi) = crate::pointer::span(a, size);
                    reg!(d) = a[0];
                    reg!(d + 1) = lo;
                    reg!(d + 2) = hi;
                }
                Inst::PtrSpan { arr, p, ndim, size } => {
                    let (lo, hi) = (reg!(p + 1), reg!(p + 2));
                    if lo != 0 || hi != u64::MAX {
                        let a = std::slice::from_raw_parts(
                            r.add(arr as usize),
                            1 + 2 * usize::from(ndim),
                        );
                        if let Err(what) = crate::pointer::check_span(a, size, lo, hi) {
                            fail!(SimErrorKind::IndexError, "{what}");
                        }
                    }
                }
                Inst::Ld1 { k, d, arr, i } => {
                    let idx = reg!(i);
                    let a = r.add(arr as usize);
                    if idx >= *a.add(1) {
                        oob!(arr, 1, |_| idx, 0, "load");
                    }
                    let p = (*a as usize)
                        .wrapping_add((idx as i64).wrapping_mul(*a.add(2) as i64) as usize);
                    track!(p, k.bytes(), false, false);
                    memory::load(k, p as *mut u8, r.add(d as usize));
                }
                Inst::Ld2 { k, d, arr, i, j } => {
                    let (x, y) = (reg!(i), reg!(j));
                    let a = r.add(arr as usize);
                    if x >= *a.add(1) {
                        oob!(arr, 2, |q: usize| [x, y][q], 0, "load");
                    }
                    if y >= *a.add(2) {
                        oob!(arr, 2, |q: usize| [x, y][q], 1, "load");
                    }
                    let off = (x as i64)
                        .wrapping_mul(*a.add(3) as i64)
                        .wrapping_add((y as i64).wrapping_mul(*a.add(4) as i64));
                    let p = (*a as usize).wrapping_add(off as usize);
                    track!(p, k.bytes(), false, false);
                    memory::load(k, p as *mut u8, r.add(d as usize));
                }
                Inst::LdN {
                    k,
                    ndim,
                    d,
                    arr,
                    list,
                } => match element(r.add(arr as usize), ndim as usize, |j| {
                    reg!(ex!(list as usize + j))
                }) {
                    Ok(p) => {
                        track!(p, k.bytes(), false, false);
                        memory::load(k, p, r.add(d as usize));
                    }
                    Err(axis) => oob!(arr, ndim, |j| reg!(ex!(list as usize + j)), axis, "load"),
                },
                Inst::St1 { k, arr, i, v } => {
                    let idx = reg!(i);
                    let a = r.add(arr as usize);
                    if idx >= *a.add(1) {
                        oob!(arr, 1, |_| idx, 0, "store");
                    }
                    let p = (*a as usize)
                        .wrapping_add((idx as i64).wrapping_mul(*a.add(2) as i64) as usize);
                    track!(p, k.bytes(), true, false);
                    memory::store(k, p as *mut u8, r.add(v as usize));
                }
                Inst::St2 { k, arr, i, j, v } => {
                    let (x, y) = (reg!(i), reg!(j));
                    let a = r.add(arr as usize);
                    if x >= *a.add(1) {
                        oob!(arr, 2, |q: usize| [x, y][q], 0, "store");
                    }
                    if y >= *a.add(2) {
                        oob!(arr, 2, |q: usize| [x, y][q], 1, "store");
                    }
                    let off = (x as i64)
                        .wrapping_mul(*a.add(3) as i64)
                        .wrapping_add((y as i64).wrapping_mul(*a.add(4) as i64));
                    let p = (*a as usize).wrapping_add(off as usize);
                    track!(p, k.bytes(), true, false);
                    memory::store(k, p as *mut u8, r.add(v as usize));
                }
                Inst::StN {
                    k,
                    ndim,
                    arr,
                    list,
                    v,
                } => match element(r.add(arr as usize), ndim as usize, |j| {
                    reg!(ex!(list as usize + j))
                }) {
                    Ok(p) => {
                        track!(p, k.bytes(), true, false);
                        memory::store(k, p, r.add(v as usize));
                    }
                    Err(axis) => oob!(arr, ndim, |j| reg!(ex!(list as usize + j)), axis, "store"),
                },
                Inst::Atomic {
                    op,
                    ty,
                    ndim,
                    d,
                    arr,
                    list,
                } => {
                    let n = ndim as usize;
                    let p = match element(r.add(arr as usize), n, |j| reg!(ex!(list as usize + j)))
                    {
                        Ok(p) => p,
                        Err(axis) => {
                            oob!(arr, ndim, |j| reg!(ex!(list as usize + j)), axis, "atomic")
                        }
                    };
                    let a = reg!(ex!(list as usize + n));
                    let b = if op == AtomicOp::Cas {
                        reg!(ex!(list as usize + n + 1))
                    } else {
                        0
                    };
                    track!(p, ty.size(), true, true);
                    match atomics::atomic(op, ty, p, a, b) {
                        Ok(old) => reg!(d) = old,
                        Err(msg) => fail!(SimErrorKind::UnsupportedError, "{msg}"),
                    }
                }
                Inst::LocalPtr { d, off, align } => {
                    reg!(d) = align_up(locals.wrapping_add(off as usize) as u64, align);
                }
                Inst::SharedPtr { d, off, align } => {
                    reg!(d) = align_up(env.shared.wrapping_add(off as usize) as u64, align);
                }
                Inst::DynShared { d, itemsize } => {
                    reg!(d) = env.dyn_shared as u64;
                    reg!(d + 1) = env.dyn_bytes / u64::from(itemsize);
                    reg!(d + 2) = u64::from(itemsize);
                }
                Inst::ConstPtr { d, off } => {
                    reg!(d) = env.consts.wrapping_add(off as usize) as u64;
                }
                Inst::ERef { ndim, d, arr, list } => {
                    match element(r.add(arr as usize), ndim as usize, |j| {
                        reg!(ex!(list as usize + j))
                    }) {
                        Ok(p) => reg!(d) = p as u64,
                        Err(axis) => oob!(
                            arr,
                            ndim,
                            |j| reg!(ex!(list as usize + j)),
                            axis,
                            "record access"
                        ),
                    }
                }
                Inst::LdAt { k, d, p, off } => {
                    let at = (reg!(p) as usize).wrapping_add(off as usize);
                    memory::load(k, at as *mut u8, r.add(d as usize));
                }
                Inst::StAt { k, p, off, v } => {
                    let at = (reg!(p) as usize).wrapping_add(off as usize);
                    memory::store(k, at as *mut u8, r.add(v as usize));
                }
                Inst::PtrAddImm { d, p, off } => {
                    reg!(d) = reg!(p).wrapping_add(u64::from(off));
                }
                Inst::SubView { ndim, d, p, list } => {
                    reg!(d) = reg!(p).wrapping_add(u64::from(ex!(list)));
                    for k in 0..2 * ndim as usize {
                        reg!(d as usize + 1 + k) = u64::from(ex!(list as usize + 1 + k));
                    }
                }
                Inst::CopyBytes { d, s, n } => {
                    memory::copy_bytes(reg!(d) as *mut u8, reg!(s) as *const u8, n as usize);
                }
            }
        }
    }
}

/// `address` rounded up to a multiple of `align` (a power of two).
#[inline(always)]
fn align_up(address: u64, align: u32) -> u64 {
    let mask = u64::from(align) - 1;
    (address + mask) & !mask
}
