//! Local arrays must not outlive their function: a device function that returns a
//! `cuda.local.array` (or a view of one, or a tuple holding one) would hand its caller a
//! pointer into a stack frame that no longer exists — on the GPU a read of whatever the next
//! call put there. numba-cuda compiles such code; oxcuda refuses it with the line of the
//! `return` and of the allocation.
//!
//! The check runs on a finished function's IR: a value *holds* a local array when it is a
//! `LocalArray` allocation, when a variable slot holding one is read, or when it is computed
//! from such a value and its type contains an array (views, casts, selects, tuples, calls that
//! may return their argument). Slots and values are followed to a fixpoint, so assignments in
//! loops and branches count. It is conservative: a call given a local array and returning an
//! array is taken to return that array.

use std::collections::HashMap;

use oxcuda_ir::{Function, Op, Terminator, Value, Var};
use oxcuda_syntax::{Diagnostic, TextRange, codes};
use oxcuda_types::Type;

/// Whether a value of type `t` can refer to an array's memory.
fn holds_array(t: &Type) -> bool {
    match t {
        Type::Array(_) | Type::Pointer(_) => true,
        Type::Tuple(items) => items.iter().any(holds_array),
        Type::NamedTuple(n) => n.items.iter().any(holds_array),
        _ => false,
    }
}

/// Errors for every `return` of `f` (at `returns`: the returned value and the range of its
/// expression) whose value holds a local array allocated at one of `allocs`.
pub(crate) fn check(
    f: &Function,
    allocs: &[(Value, TextRange)],
    returns: &[(Value, TextRange)],
    line_of: impl Fn(TextRange) -> u32,
) -> Vec<Diagnostic> {
    if allocs.is_empty() || returns.is_empty() {
        return Vec::new();
    }
    // value → the allocation it holds (the first found).
    let mut held: HashMap<Value, TextRange> = allocs.iter().copied().collect();
    let mut slots: HashMap<Var, TextRange> = HashMap::new();
    loop {
        let before = (held.len(), slots.len());
        for block in &f.blocks {
            for inst in &block.insts {
                match &inst.op {
                    Op::SetVar(var, v) => {
                        if let Some(r) = held.get(v).copied() {
                            slots.entry(*var).or_insert(r);
                        }
                    }
                    Op::GetVar(var) => {
                        if let (Some(r), Some(d)) = (slots.get(var).copied(), inst.result) {
                            held.entry(d).or_insert(r);
                        }
                    }
                    op => {
                        let Some(d) = inst.result else { continue };
                        if held.contains_key(&d) || !holds_array(&f.values[d.index()]) {
                            continue;
                        }
                        if let Some(r) = op.operands().iter().find_map(|v| held.get(v).copied()) {
                            held.insert(d, r);
                        }
                    }
                }
            }
        }
        if (held.len(), slots.len()) == before {
            break;
        }
    }
    let returned: Vec<Value> = f
        .blocks
        .iter()
        .filter_map(|b| match b.term {
            Terminator::Return(Some(v)) => Some(v),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for &(v, range) in returns {
        if !returned.contains(&v) {
            continue;
        }
        if let Some(alloc) = held.get(&v) {
            out.push(
                Diagnostic::new(
                    codes::BAD_RETURN,
                    range,
                    format!(
                        "this returns a cuda.local.array allocated on line {}: its memory ends \
                         when the function returns, so the caller would read freed memory",
                        line_of(*alloc)
                    ),
                )
                .with_hint(
                    "allocate the array in the caller and pass it in, or write the results \
                     into an output array argument",
                ),
            );
        }
    }
    out
}
