//! CFG simplification: constant and trivial branches become jumps, jumps through empty blocks
//! are threaded, a block with a single predecessor that jumps to it is merged into it, and
//! unreachable blocks are removed (blocks are renumbered; `bb0` stays the entry).

use std::collections::HashMap;

use oxcuda_ir::{Block, BlockData, Const, Function, Loc, Op, Terminator, Value};

/// Simplifies the CFG; returns whether anything changed.
pub fn simplify_cfg(f: &mut Function) -> bool {
    let mut changed = fold_branches(f);
    changed |= thread_jumps(f);
    changed |= merge_blocks(f);
    changed |= remove_unreachable(f);
    changed
}

fn constant_bools(f: &Function) -> HashMap<Value, bool> {
    let mut out = HashMap::new();
    for block in &f.blocks {
        for inst in &block.insts {
            if let (Some(v), Op::Const(Const::Bool(b))) = (inst.result, &inst.op) {
                out.insert(v, *b);
            }
        }
    }
    out
}

fn fold_branches(f: &mut Function) -> bool {
    let consts = constant_bools(f);
    let mut changed = false;
    for block in &mut f.blocks {
        if let Terminator::Branch(c, t, e) = block.term {
            let target = if t == e {
                Some(t)
            } else {
                consts.get(&c).map(|&b| if b { t } else { e })
            };
            if let Some(target) = target {
                block.term = Terminator::Jump(target);
                changed = true;
            }
        }
    }
    changed
}

/// Where a jump to `b` really goes, following empty forwarding blocks (cycles stop).
fn forward(f: &Function, mut b: Block) -> Block {
    for _ in 0..f.blocks.len() {
        let data = &f.blocks[b.index()];
        match data.term {
            Terminator::Jump(next) if data.insts.is_empty() && next != b && b.index() != 0 => {
                b = next
            }
            _ => break,
        }
    }
    b
}

fn thread_jumps(f: &mut Function) -> bool {
    let mut changed = false;
    for i in 0..f.blocks.len() {
        let new = match f.blocks[i].term {
            Terminator::Jump(t) => Terminator::Jump(forward(f, t)),
            Terminator::Branch(c, t, e) => Terminator::Branch(c, forward(f, t), forward(f, e)),
            ref other => other.clone(),
        };
        if new != f.blocks[i].term {
            f.blocks[i].term = new;
            changed = true;
        }
    }
    changed
}

fn predecessor_counts(f: &Function) -> Vec<usize> {
    let mut preds = vec![0; f.blocks.len()];
    for block in &f.blocks {
        for s in block.term.successors() {
            preds[s.index()] += 1;
        }
    }
    preds
}

fn merge_blocks(f: &mut Function) -> bool {
    let mut changed = false;
    for a in 0..f.blocks.len() {
        while let Terminator::Jump(b) = f.blocks[a].term {
            let preds = predecessor_counts(f);
            if b.index() == a || b.index() == 0 || preds[b.index()] != 1 {
                break;
            }
            let taken = std::mem::replace(
                &mut f.blocks[b.index()],
                BlockData {
                    insts: Vec::new(),
                    term: Terminator::Unreachable,
                    term_loc: Loc::default(),
                },
            );
            let target = &mut f.blocks[a];
            target.insts.extend(taken.insts);
            target.term = taken.term;
            target.term_loc = taken.term_loc;
            changed = true;
        }
    }
    changed
}

fn remove_unreachable(f: &mut Function) -> bool {
    let n = f.blocks.len();
    let mut reachable = vec![false; n];
    let mut stack = vec![0usize];
    while let Some(b) = stack.pop() {
        if reachable[b] {
            continue;
        }
        reachable[b] = true;
        stack.extend(f.blocks[b].term.successors().iter().map(|s| s.index()));
    }
    if reachable.iter().all(|r| *r) {
        return false;
    }
    let mut renumber = vec![None; n];
    let mut next = 0u32;
    for (i, r) in reachable.iter().enumerate() {
        if *r {
            renumber[i] = Some(Block(next));
            next += 1;
        }
    }
    let map = |b: Block| renumber[b.index()].unwrap_or(b);
    let old = std::mem::take(&mut f.blocks);
    for (i, mut block) in old.into_iter().enumerate() {
        if !reachable[i] {
            continue;
        }
        block.term = match block.term {
            Terminator::Jump(t) => Terminator::Jump(map(t)),
            Terminator::Branch(c, t, e) => Terminator::Branch(c, map(t), map(e)),
            other => other,
        };
        f.blocks.push(block);
    }
    true
}
