//! Dead-code elimination: instructions without side effects whose values nobody reads, and
//! writes to variables nobody reads.

use std::collections::HashSet;

use oxcuda_ir::{Function, Op, Terminator, Value, Var};

/// Removes dead instructions until none is left; returns whether anything was removed.
pub fn eliminate_dead_code(f: &mut Function) -> bool {
    let mut changed = false;
    loop {
        let mut used: HashSet<Value> = HashSet::new();
        let mut read_vars: HashSet<Var> = HashSet::new();
        for block in &f.blocks {
            for inst in &block.insts {
                used.extend(inst.op.operands());
                if let Op::GetVar(v) = inst.op {
                    read_vars.insert(v);
                }
            }
            match &block.term {
                Terminator::Branch(c, _, _) => {
                    used.insert(*c);
                }
                Terminator::Return(Some(v)) => {
                    used.insert(*v);
                }
                _ => {}
            }
        }
        let mut removed = false;
        for block in &mut f.blocks {
            let before = block.insts.len();
            block.insts.retain(|inst| {
                if let Op::SetVar(var, _) = inst.op {
                    return read_vars.contains(&var);
                }
                if inst.op.has_side_effects() {
                    return true;
                }
                inst.result.is_some_and(|r| used.contains(&r))
            });
            removed |= block.insts.len() != before;
        }
        if !removed {
            return changed;
        }
        changed = true;
    }
}
