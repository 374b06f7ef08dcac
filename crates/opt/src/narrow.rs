//! Narrowing of int64 loop counters to int32 where every value they hold is provably in int32's
//! range.
//!
//! numba types an integer literal as int64, so `count = 0` … `while count < n: count += 1`
//! counts in 64 bits even when `n` is an int32. On the GPU a 64-bit increment and compare cost
//! two SASS instructions more per iteration than CUDA C++'s `int` counter (the Mandelbrot
//! kernel's escape loop: `docs/codegen-performance.md`).
//!
//! A variable of type int64 is narrowed when every write to it is
//! - an integer constant in int32's range, or a conversion of a value whose type has only
//!   int32 values (int8 to int32, uint8, uint16, bool) (an *init*), or
//! - a read of the variable plus the constant 1 (a *step*), where the read is *guarded*: it is
//!   reached only through a branch edge on which the variable, read in the branching block and
//!   not written after that read, is below an int32 bound (`< b` with `b ≤ i32::MAX`, or
//!   `≤ b` with `b ≤ i32::MAX − 1`; `b` a constant, a value converted from a type no wider
//!   than int32, or `+ - min max` of such values, as `range(n)`'s trip count `max(n - 0, 0)`),
//!   and no path from that edge to the step's read writes the variable.
//!
//! Invariant (the proof): by induction over any execution, every value the variable holds is in
//! `[i32::MIN, i32::MAX]`. Inits are. A step writes `g + 1` where `g` is an earlier value (so
//! `g ≥ i32::MIN`) that was, when read, equal to the guarded read (no write in between), hence
//! `g < b ≤ i32::MAX`. A read before any write sees no value defined by the program. So the
//! int64 values are exactly int32 values sign-extended, no write overflows either type, and the
//! rewrite keeps every result bit-identical (numba's typing semantics, overflow included): the
//! slot becomes int32, each read is followed by a cast back to int64 (every use sees the same
//! int64 value as before), each write is preceded by a cast to int32 (exact by the invariant).
//! LLVM then folds the casts into the compare (an `icmp` of two sign extensions), the increment
//! (a `trunc` of an `add` of a sign extension) and the stores, and the loop counts in 32 bits.
//!
//! The guard edge's target must have the branching block as its only predecessor and must
//! dominate the step's read, so the step cannot be reached around the test.

use std::collections::{HashMap, HashSet};

use oxcuda_ir::{BinOp, CmpOp, Const, Function, Inst, Op, Scalar, Terminator, Type, Value, Var};

const INT64: Type = Type::Scalar(Scalar::I64);
const INT32: Type = Type::Scalar(Scalar::I32);

/// Narrows every int64 variable that provably holds int32 values only (see the module doc);
/// returns whether any was narrowed.
pub fn narrow_loop_counters(f: &mut Function) -> bool {
    let candidates: Vec<Var> = f
        .vars
        .iter()
        .enumerate()
        .filter(|(_, v)| v.ty == INT64)
        .filter_map(|(i, _)| u32::try_from(i).ok().map(Var))
        .collect();
    if candidates.is_empty() {
        return false;
    }
    let facts = Facts::new(f);
    let narrowed: Vec<Var> = candidates
        .into_iter()
        .filter(|&var| stays_in_int32(f, &facts, var))
        .collect();
    for &var in &narrowed {
        rewrite(f, var);
    }
    !narrowed.is_empty()
}

/// Where each value is defined, and each block's predecessors.
struct Facts {
    /// Value → (block, instruction index).
    defs: HashMap<Value, (usize, usize)>,
    /// Block → the blocks that branch or jump to it (with repeats for a two-way branch to one
    /// block).
    preds: Vec<Vec<usize>>,
}

impl Facts {
    fn new(f: &Function) -> Self {
        let mut defs = HashMap::new();
        let mut preds = vec![Vec::new(); f.blocks.len()];
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                if let Some(v) = inst.result {
                    defs.insert(v, (b, i));
                }
            }
            for s in block.term.successors() {
                preds[s.index()].push(b);
            }
        }
        Self { defs, preds }
    }

    fn op<'f>(&self, f: &'f Function, v: Value) -> Option<&'f Op> {
        let &(b, i) = self.defs.get(&v)?;
        Some(&f.blocks[b].insts[i].op)
    }
}

fn int_const(f: &Function, facts: &Facts, v: Value) -> Option<i128> {
    match facts.op(f, v)? {
        Op::Const(Const::Int(c)) => Some(*c),
        _ => None,
    }
}

/// The range `[lo, hi]` of an integer type whose every value is in int32's range.
fn int32_subrange(ty: &Type) -> Option<(i128, i128)> {
    match ty {
        Type::Scalar(s) => match s {
            Scalar::Bool => Some((0, 1)),
            Scalar::I8 => Some((i8::MIN.into(), i8::MAX.into())),
            Scalar::U8 => Some((0, u8::MAX.into())),
            Scalar::I16 => Some((i16::MIN.into(), i16::MAX.into())),
            Scalar::U16 => Some((0, u16::MAX.into())),
            Scalar::I32 => Some((i32::MIN.into(), i32::MAX.into())),
            _ => None,
        },
        _ => None,
    }
}

/// Whether every value of `ty` is in int32's range (so a cast of it to int64 is an init).
fn fits_int32(ty: &Type) -> bool {
    int32_subrange(ty).is_some()
}

/// How deep [`int_range`] looks through arithmetic.
const RANGE_DEPTH: u32 = 4;

/// An interval `[lo, hi]` holding every value of the int64 `v`: constants, conversions from
/// int32 or narrower, and `+`, `-`, `min`, `max` of such values (what `range(n)` lowers its
/// trip count to: `max(n - 0, 0)`). Every interval stays inside int64, so the wrapping
/// arithmetic of the IR computes the exact values the interval bounds.
fn int_range(f: &Function, facts: &Facts, v: Value, depth: u32) -> Option<(i128, i128)> {
    if f.value_type(v) != &INT64 {
        return None;
    }
    let within = |(lo, hi): (i128, i128)| {
        (lo >= i128::from(i64::MIN) && hi <= i128::from(i64::MAX)).then_some((lo, hi))
    };
    let sub = |a: Value| depth.checked_sub(1).and_then(|d| int_range(f, facts, a, d));
    within(match facts.op(f, v)? {
        Op::Const(Const::Int(c)) => (*c, *c),
        Op::Cast(from) => int32_subrange(f.value_type(*from))?,
        Op::Binary(op, a, b) => {
            let ((alo, ahi), (blo, bhi)) = (sub(*a)?, sub(*b)?);
            match op {
                BinOp::Add => (alo + blo, ahi + bhi),
                BinOp::Sub => (alo - bhi, ahi - blo),
                BinOp::Max => (alo.max(blo), ahi.max(bhi)),
                BinOp::Min => (alo.min(blo), ahi.min(bhi)),
                _ => return None,
            }
        }
        _ => return None,
    })
}

fn is_read_of(f: &Function, facts: &Facts, v: Value, var: Var) -> bool {
    matches!(facts.op(f, v), Some(Op::GetVar(x)) if *x == var)
}

fn writes(inst: &Inst, var: Var) -> bool {
    matches!(inst.op, Op::SetVar(x, _) if x == var)
}

fn stays_in_int32(f: &Function, facts: &Facts, var: Var) -> bool {
    let mut any_write = false;
    for block in &f.blocks {
        for inst in &block.insts {
            let Op::SetVar(x, value) = inst.op else {
                continue;
            };
            if x != var {
                continue;
            }
            any_write = true;
            let ok = match facts.op(f, value) {
                Some(Op::Const(Const::Int(c))) => i32::try_from(*c).is_ok(),
                Some(Op::Cast(from)) => fits_int32(f.value_type(*from)),
                Some(Op::Binary(BinOp::Add, a, b)) => {
                    let step_read = if is_read_of(f, facts, *a, var)
                        && int_const(f, facts, *b) == Some(1)
                    {
                        Some(*a)
                    } else if is_read_of(f, facts, *b, var) && int_const(f, facts, *a) == Some(1) {
                        Some(*b)
                    } else {
                        None
                    };
                    step_read.is_some_and(|g| is_guarded(f, facts, var, g))
                }
                _ => false,
            };
            if !ok {
                return false;
            }
        }
    }
    any_write
}

/// The edge `(from, to)` on which the read `gv` of `var` is below an int32 bound, if `block`
/// ends in a branch on such a comparison of a read of `var` made in `block`.
fn guard_edge(f: &Function, facts: &Facts, var: Var, block: usize) -> Option<(Value, usize)> {
    let Terminator::Branch(c, t, e) = f.blocks[block].term else {
        return None;
    };
    if t == e {
        return None;
    }
    let Some(Op::Compare(op, a, b)) = facts.op(f, c) else {
        return None;
    };
    let (a, b) = (*a, *b);
    // (the read, the bound, whether the bound is strict, the edge on which it holds)
    let (read, bound, strict, edge) = match op {
        CmpOp::Lt => (a, b, true, t),
        CmpOp::Gt => (b, a, true, t),
        CmpOp::Le => (a, b, false, t),
        CmpOp::Ge => (b, a, false, t),
        _ => return None,
    };
    let (read, bound, strict, edge) = if is_read_of(f, facts, read, var) {
        (read, bound, strict, edge)
    } else {
        // `bound < read` false means `read <= bound`; `bound <= read` false means `read < bound`.
        match op {
            CmpOp::Lt => (b, a, false, e),
            CmpOp::Gt => (a, b, false, e),
            CmpOp::Le => (b, a, true, e),
            CmpOp::Ge => (a, b, true, e),
            _ => return None,
        }
    };
    if !is_read_of(f, facts, read, var) || facts.defs.get(&read)?.0 != block {
        return None;
    }
    let limit = i128::from(i32::MAX) - i128::from(!strict);
    if int_range(f, facts, bound, RANGE_DEPTH)?.1 > limit {
        return None;
    }
    // No write of `var` in `block` after the read.
    let at = facts.defs[&read].1;
    if f.blocks[block].insts[at..].iter().any(|i| writes(i, var)) {
        return None;
    }
    Some((read, edge.index()))
}

/// Whether the read `g` of `var` is reached only through a guard edge with no write of `var`
/// in between (module doc).
fn is_guarded(f: &Function, facts: &Facts, var: Var, g: Value) -> bool {
    let Some(&(step_block, step_at)) = facts.defs.get(&g) else {
        return false;
    };
    (0..f.blocks.len()).any(|h| {
        let Some((_, target)) = guard_edge(f, facts, var, h) else {
            return false;
        };
        facts.preds[target] == [h]
            && dominates(f, target, step_block)
            && no_write_between(f, var, h, target, step_block, step_at)
    })
}

/// Whether every path from the entry to `b` passes through `d`.
fn dominates(f: &Function, d: usize, b: usize) -> bool {
    if d == b {
        return true;
    }
    let mut seen = HashSet::new();
    let mut stack = vec![0usize];
    while let Some(x) = stack.pop() {
        if x == d || !seen.insert(x) {
            continue;
        }
        if x == b {
            return false;
        }
        stack.extend(f.blocks[x].term.successors().iter().map(|s| s.index()));
    }
    true
}

/// Whether no path from the start of `target` to instruction `at` of `step_block`, avoiding
/// the guard's block `h`, writes `var` (and `step_block` is reached that way).
fn no_write_between(
    f: &Function,
    var: Var,
    h: usize,
    target: usize,
    step_block: usize,
    at: usize,
) -> bool {
    let mut seen = HashSet::new();
    let mut stack = vec![target];
    let mut reached = false;
    while let Some(x) = stack.pop() {
        if x == h || !seen.insert(x) {
            continue;
        }
        let insts = &f.blocks[x].insts;
        if x == step_block {
            reached = true;
            if insts[..at].iter().any(|i| writes(i, var)) {
                return false;
            }
            // Paths through the step's block go past the step's own write: not followed.
            continue;
        }
        if insts.iter().any(|i| writes(i, var)) {
            return false;
        }
        stack.extend(f.blocks[x].term.successors().iter().map(|s| s.index()));
    }
    reached
}

/// Makes `var` int32: reads are cast back to int64, writes are cast to int32.
fn rewrite(f: &mut Function, var: Var) {
    f.vars[var.index()].ty = INT32;
    for b in 0..f.blocks.len() {
        let old = std::mem::take(&mut f.blocks[b].insts);
        let mut insts = Vec::with_capacity(old.len() + 4);
        for inst in old {
            match inst.op {
                Op::GetVar(x) if x == var => {
                    let wide = inst.result.expect("a read defines a value");
                    let narrow = f.new_value(INT32);
                    insts.push(Inst {
                        result: Some(narrow),
                        op: Op::GetVar(var),
                        loc: inst.loc,
                    });
                    insts.push(Inst {
                        result: Some(wide),
                        op: Op::Cast(narrow),
                        loc: inst.loc,
                    });
                }
                Op::SetVar(x, value) if x == var => {
                    let narrow = f.new_value(INT32);
                    insts.push(Inst {
                        result: Some(narrow),
                        op: Op::Cast(value),
                        loc: inst.loc,
                    });
                    insts.push(Inst {
                        result: None,
                        op: Op::SetVar(var, narrow),
                        loc: inst.loc,
                    });
                }
                _ => insts.push(inst),
            }
        }
        f.blocks[b].insts = insts;
    }
}
