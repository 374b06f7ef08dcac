//! Frame layout of one function: which register slots each parameter, variable and value gets,
//! and which values need no slot (and no instruction) of their own because they **alias**
//! another's.
//!
//! Order of a frame: `[params | statics | vars | values]`. Statics are constants and the
//! extents/strides of shared, local and constant arrays: their slots are filled once per call
//! from the function's template.
//!
//! Aliases (each saves an instruction per execution):
//! - a `param` value is its parameter's slots;
//! - a **copy** of an SSA value — a cast that is a move on canonical registers, `shape`,
//!   `stride`, `tupleget`, `real`/`imag` — is the source's slots (or a sub-range). Sound
//!   in strict SSA: between a redefinition of the source and any use of the copy, the copy's own
//!   definition runs again (the copy's definition is dominated by the source's, and its uses by
//!   the copy's). Copies of `getvar` values are not aliased (a variable's slot is not SSA);
//! - a variable assigned exactly once, in the entry block (which no edge re-enters), from a
//!   value that cannot change afterwards, before any read of it, *is* that value: its `setvar`
//!   emits nothing and its reads are copies (the Python front end stores every parameter in
//!   such a variable);
//! - a `getvar` value (or a copy of one) is its variable's slots when no `setvar` of that
//!   variable can run between the definition and any use of the value: checked in the same
//!   block, and across blocks on every path from the definition to the use that does not re-run
//!   the definition.
//!
//! Invariant: every slot range handed out lies inside `frame_slots`; a value that aliases reads
//! slots that hold its value at every use (argued above).

use std::collections::HashMap;

use oxcuda_ir::{Function, Op, Scalar, Terminator, Type, Value};

use crate::frame::slots_of;

/// The slot plan of a function.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    /// First slot of each value.
    pub value_off: Vec<u32>,
    /// First slot of each variable.
    pub var_off: Vec<u32>,
    /// Slots `[0, statics_end)` come from the template.
    pub statics_end: u32,
    /// Variables' slots `[start, end)`.
    pub vars: (u32, u32),
    /// Slots of one frame.
    pub frame_slots: u32,
    /// How many times each value is used (operands and terminators).
    pub uses: Vec<u32>,
    /// Values whose defining instruction emits nothing (their slots alias another's).
    pub aliased: Vec<bool>,
    /// Variables that are one value for the whole function: their `setvar` emits nothing.
    pub elided_vars: Vec<bool>,
}

/// Why a value has the slots it has.
#[derive(Clone, Copy)]
enum Home {
    /// Its own slots among the values.
    Own,
    /// Static slots (constants, memory arrays).
    Static,
    /// Parameter `n`'s slots.
    Param(u32),
    /// Another value's slots, from `offset` on.
    Copy(Value, u32),
    /// Variable `k`'s slots, from `offset` on.
    Var(u32, u32),
}

/// Whether two non-scalar types describe the same registers: arrays of one dtype and dimension
/// count (layout and read-only-ness are compile-time facts only), pointers of one dtype, tuples
/// of such, elementwise. A cast between them is a move.
pub(crate) fn same_view(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Array(x), Type::Array(y)) => x.dtype == y.dtype && x.ndim == y.ndim,
        (Type::Pointer(x), Type::Pointer(y)) => x == y,
        (Type::Record(x), Type::Record(y)) => x == y,
        (Type::Tuple(xs), Type::Tuple(ys)) => {
            xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| x == y || same_view(x, y))
        }
        (Type::None, Type::None) => true,
        _ => false,
    }
}

/// Whether a cast from `from` to `to` is a plain move on canonical registers.
pub(crate) fn cast_is_move(from: Scalar, to: Scalar) -> bool {
    let from_int = from.is_int() || from == Scalar::Bool;
    from == to || (from_int && matches!(to, Scalar::I64 | Scalar::U64))
}

/// The source of a copy-like operation and the slot offset into it, when `v = op` only moves
/// (part of) another value's slots.
fn copy_source(f: &Function, op: &Op, v: Value) -> Option<(Value, u32)> {
    let ty = |v: Value| f.values.get(v.index());
    match op {
        Op::Cast(a) => match (ty(*a), ty(v)) {
            (Some(Type::Scalar(from)), Some(Type::Scalar(to)))
                if !from.is_complex() && !to.is_complex() && cast_is_move(*from, *to) =>
            {
                Some((*a, 0))
            }
            (Some(from), Some(to)) if same_view(from, to) => Some((*a, 0)),
            _ => None,
        },
        Op::ArrayShape(a, k) => match ty(*a) {
            Some(Type::Array(at)) if *k < at.ndim => Some((*a, 1 + k)),
            _ => None,
        },
        Op::ArrayStride(a, k) => match ty(*a) {
            Some(Type::Array(at)) if *k < at.ndim => Some((*a, 1 + at.ndim + k)),
            _ => None,
        },
        Op::TupleGet(t, k) => match ty(*t) {
            Some(Type::Tuple(items))
                if items.get(*k as usize).is_some_and(|it| Some(it) == ty(v)) =>
            {
                Some((*t, items[..*k as usize].iter().map(slots_of).sum()))
            }
            _ => None,
        },
        Op::ComplexPart(c, imag) => match ty(*c).and_then(Type::as_scalar) {
            Some(s) if s.is_complex() => Some((*c, u32::from(*imag))),
            _ => None,
        },
        _ => None,
    }
}

/// Plans `f`'s frame; `None` when it needs more than 2^24 slots.
#[allow(clippy::too_many_lines, reason = "one analysis after the other")]
pub(crate) fn plan(f: &Function) -> Option<Layout> {
    let nvals = f.values.len();
    let nvars = f.vars.len();
    let nblocks = f.blocks.len();
    let mut home = vec![Home::Own; nvals];
    let mut uses = vec![0u32; nvals];
    let mut defs: HashMap<Value, (usize, usize)> = HashMap::new();
    let mut use_sites: Vec<Vec<(usize, usize)>> = vec![Vec::new(); nvals];
    // Positions of each variable's setvars, per block.
    let mut sets: Vec<Vec<Vec<usize>>> = vec![vec![Vec::new(); nblocks]; nvars];
    let mut getvar_of = vec![None::<usize>; nvals];
    let mut add_use = |uses: &mut Vec<u32>, v: Value, at: (usize, usize)| {
        if let Some(u) = uses.get_mut(v.index()) {
            *u += 1;
            use_sites[v.index()].push(at);
        }
    };
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            for v in inst.op.operands() {
                add_use(&mut uses, v, (b, i));
            }
            if let Op::SetVar(x, _) = inst.op
                && let Some(s) = sets.get_mut(x.index())
            {
                s[b].push(i);
            }
            let Some(v) = inst.result else { continue };
            if v.index() >= nvals {
                continue;
            }
            defs.insert(v, (b, i));
            home[v.index()] = match &inst.op {
                Op::Param(n) => Home::Param(*n),
                Op::Const(_)
                | Op::SharedArray(_)
                | Op::LocalArray(..)
                | Op::Tensor(oxcuda_ir::TensorOp::Fragment(_), _)
                | Op::ConstArray(_)
                | Op::DynSharedArray => Home::Static,
                Op::GetVar(x) => {
                    getvar_of[v.index()] = Some(x.index()).filter(|&x| x < nvars);
                    Home::Own
                }
                _ => Home::Own,
            };
        }
        let end = block.insts.len();
        match &block.term {
            Terminator::Branch(c, ..) => add_use(&mut uses, *c, (b, end)),
            Terminator::Return(Some(v)) => add_use(&mut uses, *v, (b, end)),
            _ => {}
        }
    }
    let cfg = Cfg::new(f);

    // 1. Variables assigned once, in the entry block (which nothing jumps back to), from a value
    //    that never changes afterwards, before any read: the variable *is* that value.
    let mut elided_vars = vec![false; nvars];
    if nblocks > 0 && cfg.pred[0].is_empty() {
        for (i, inst) in f.blocks[0].insts.iter().enumerate() {
            let Op::SetVar(x, v) = inst.op else { continue };
            let xi = x.index();
            if xi >= nvars || v.index() >= nvals {
                continue;
            }
            let once = sets[xi].iter().map(Vec::len).sum::<usize>() == 1;
            // Stable: defined in the entry block, and not a read of a variable that may change.
            let stable = defs.get(&v).is_some_and(|&(b, _)| b == 0)
                && getvar_of[v.index()].is_none_or(|y| elided_vars[y]);
            let reads_after = (0..nvals).all(|g| {
                getvar_of[g] != Some(xi)
                    || defs
                        .get(&Value(g as u32))
                        .is_none_or(|&(b, j)| b != 0 || j > i)
            });
            if once && stable && reads_after {
                elided_vars[xi] = true;
                for g in 0..nvals {
                    if getvar_of[g] == Some(xi) {
                        home[g] = Home::Copy(v, 0);
                        getvar_of[g] = None;
                    }
                }
            }
        }
    }

    // 2. Copies of SSA values (not of variable reads, whose slots are not SSA).
    for block in &f.blocks {
        for inst in &block.insts {
            let Some(v) = inst.result else { continue };
            if v.index() >= nvals {
                continue;
            }
            if let Some((src, off)) = copy_source(f, &inst.op, v)
                && src.index() < nvals
                && defs.contains_key(&src)
                && getvar_of[src.index()].is_none()
            {
                home[v.index()] = Home::Copy(src, off);
            }
        }
    }

    // 3. Variable reads (and copies of them) that can live in the variable's slots: no setvar
    //    of the variable can run between the definition and any use.
    let mut middles: HashMap<(usize, usize), Vec<bool>> = HashMap::new();
    let mut safe = |x: usize, (b, i): (usize, usize), sites: &[(usize, usize)]| {
        let sets = &sets[x];
        let between =
            |blk: usize, lo: usize, hi: usize| sets[blk].iter().any(|&p| p > lo && p < hi);
        sites.iter().all(|&(u, j)| {
            if u == b {
                return j > i && !between(b, i, j);
            }
            if between(b, i, usize::MAX) || sets[u].iter().any(|&p| p < j) {
                return false;
            }
            let middle = middles.entry((b, u)).or_insert_with(|| cfg.middle(b, u));
            middle
                .iter()
                .enumerate()
                .all(|(blk, &on)| !on || sets[blk].is_empty())
        })
    };
    for g in 0..nvals {
        if let (Some(x), Some(&at)) = (getvar_of[g], defs.get(&Value(g as u32)))
            && safe(x, at, &use_sites[g])
        {
            home[g] = Home::Var(x as u32, 0);
        }
    }
    // Copies of those, to a fixpoint (a copy may come before its source in block order).
    loop {
        let mut changed = false;
        for (b, block) in f.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                let Some(v) = inst.result else { continue };
                if v.index() >= nvals || !matches!(home[v.index()], Home::Own) {
                    continue;
                }
                if let Some((src, off)) = copy_source(f, &inst.op, v)
                    && let Some(Home::Var(x, base)) = home.get(src.index()).copied()
                    && safe(x as usize, (b, i), &use_sites[v.index()])
                {
                    home[v.index()] = Home::Var(x, base + off);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }

    // Slots: params, statics, vars, own values; then aliases.
    let mut next: u64 = 0;
    let mut param_off = Vec::with_capacity(f.params.len());
    for p in &f.params {
        param_off.push(next as u32);
        next += u64::from(slots_of(p));
    }
    let mut value_off = vec![u32::MAX; nvals];
    for (i, h) in home.iter().enumerate() {
        if matches!(h, Home::Static) {
            value_off[i] = next as u32;
            next += u64::from(slots_of(&f.values[i]));
        }
    }
    let statics_end = next as u32;
    let mut var_off = Vec::with_capacity(nvars);
    for (x, var) in f.vars.iter().enumerate() {
        // An elided variable is never read or written as such: it needs no slots.
        if elided_vars[x] {
            var_off.push(0);
            continue;
        }
        var_off.push(next as u32);
        next += u64::from(slots_of(&var.ty));
    }
    let vars = (statics_end, next as u32);
    for (i, h) in home.iter().enumerate() {
        if matches!(h, Home::Own) {
            value_off[i] = next as u32;
            next += u64::from(slots_of(&f.values[i]));
        }
    }
    if next > 1 << 24 {
        return None;
    }
    let mut aliased = vec![false; nvals];
    for i in 0..nvals {
        aliased[i] = matches!(home[i], Home::Copy(..) | Home::Var(..));
        value_off[i] = resolve(i, &home, &mut value_off, &param_off, &var_off, 0);
    }
    Some(Layout {
        value_off,
        var_off,
        statics_end,
        vars,
        frame_slots: next as u32,
        uses,
        aliased,
        elided_vars,
    })
}

/// The first slot of value `i`, following copy chains.
fn resolve(
    i: usize,
    home: &[Home],
    value_off: &mut [u32],
    param_off: &[u32],
    var_off: &[u32],
    depth: usize,
) -> u32 {
    let off = match home[i] {
        Home::Own | Home::Static => value_off[i],
        Home::Param(n) => param_off.get(n as usize).copied().unwrap_or(0),
        Home::Var(x, k) => var_off.get(x as usize).copied().unwrap_or(0) + k,
        Home::Copy(src, k) => {
            if depth > 64 {
                // Pathological chains are impossible in verified SSA; stay in bounds anyway.
                0
            } else {
                resolve(src.index(), home, value_off, param_off, var_off, depth + 1) + k
            }
        }
    };
    value_off[i] = off;
    off
}

/// Successor and predecessor lists, for the path questions of `getvar` aliasing.
struct Cfg {
    succ: Vec<Vec<usize>>,
    pred: Vec<Vec<usize>>,
}

impl Cfg {
    fn new(f: &Function) -> Self {
        let n = f.blocks.len();
        let mut succ = vec![Vec::new(); n];
        let mut pred = vec![Vec::new(); n];
        for (b, block) in f.blocks.iter().enumerate() {
            for s in block.term.successors() {
                if s.index() < n {
                    succ[b].push(s.index());
                    pred[s.index()].push(b);
                }
            }
        }
        Self { succ, pred }
    }

    /// Blocks on some path from the end of `h` to the start of `u` that does not pass through
    /// `h` again (excluding `h`; including `u` only if `u` can reach itself that way).
    fn middle(&self, h: usize, u: usize) -> Vec<bool> {
        let n = self.succ.len();
        let walk = |start: &[usize], next: &Vec<Vec<usize>>| {
            let mut seen = vec![false; n];
            let mut stack: Vec<usize> = start.to_vec();
            while let Some(b) = stack.pop() {
                if b == h || seen[b] {
                    continue;
                }
                seen[b] = true;
                stack.extend(&next[b]);
            }
            seen
        };
        let forward = walk(&self.succ[h], &self.succ);
        let backward = walk(&self.pred[u], &self.pred);
        (0..n).map(|b| forward[b] && backward[b]).collect()
    }
}
