//! The local-memory escape check: a device function may not return an array that lives in its
//! own stack frame.
//!
//! `cuda.local.array(...)` and the arrays created by `np.empty`/`np.zeros`/`np.ones`/`np.full`
//! (`np_alloc.rs`) are `Op::LocalArray`s: storage in the function's frame, gone when it returns.
//! Returning one — or a view of one (a slice, a cast, `arr.view`), or a tuple holding one or a
//! record element of one (records are references) — would hand the caller a
//! dangling pointer, which on the GPU reads whatever the next call puts there: a silent wrong
//! result. numba-cuda's NRT keeps such an array alive with a reference count; oxcuda has no
//! device heap, so the compile refuses the return instead and says what to write.
//!
//! How: after a lowering pass, every value whose result can hold a reference (an array, a
//! pointer, a record, a tuple or namedtuple) and that has an operand derived from a local array
//! is derived from it too, as is a variable assigned such a value; iterated to a fixpoint (loops
//! assign variables after their reads). This is conservative — a callee given a local array and
//! returning some other array counts as derived — and exact for the views the front end makes.
//! Kernels return nothing, so only device functions are checked. A record returned on its own
//! is not refused: it is copied into a slot of the caller's (`record_return.rs`).

use std::collections::HashSet;

use oxcuda_ir::{Op, Value, Var};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::Type;

use super::Lower;

impl Lower<'_, '_> {
    /// Reports each recorded `return` whose value is derived from a local array of this
    /// function.
    pub(crate) fn check_local_escapes(&mut self) {
        if self.returned.is_empty() {
            return;
        }
        let derived = local_derived(&self.f);
        let returned = std::mem::take(&mut self.returned);
        for (value, range) in returned {
            // A record is returned by value, copied into the caller's slot
            // (`record_return.rs`): its source may live here.
            let copied = matches!(self.f.value_type(value), Type::Record(_));
            if derived.contains(&value) && !copied {
                self.report_escape(range);
            }
        }
    }

    fn report_escape(&mut self, range: TextRange) {
        self.error_hint(
            codes::BAD_RETURN,
            range,
            "this returns an array that lives in the function's local memory (np.empty, \
             np.zeros, np.ones, np.full or cuda.local.array, a view of one, or a tuple holding \
             one or a record element of one): it is freed when the function returns",
            "create the array in the caller and pass it in to be filled, or return the values \
             themselves (a scalar or a tuple of scalars)",
        );
    }
}

/// Whether a value of type `t` can refer to memory.
fn carries_reference(t: &Type) -> bool {
    match t {
        Type::Array(_) | Type::Pointer(_) | Type::Record(_) | Type::NamedTuple(_) => true,
        Type::Tuple(items) => items.iter().any(carries_reference),
        _ => false,
    }
}

/// The values of `f` derived from one of its local arrays.
fn local_derived(f: &oxcuda_ir::Function) -> HashSet<Value> {
    let mut values: HashSet<Value> = HashSet::new();
    let mut vars: HashSet<Var> = HashSet::new();
    loop {
        let before = (values.len(), vars.len());
        for block in &f.blocks {
            for inst in &block.insts {
                match &inst.op {
                    Op::SetVar(var, v) if values.contains(v) => {
                        vars.insert(*var);
                    }
                    _ => {}
                }
                let Some(result) = inst.result else { continue };
                if values.contains(&result) {
                    continue;
                }
                let is_derived = match &inst.op {
                    Op::LocalArray(..) => true,
                    Op::GetVar(var) => vars.contains(var),
                    op => {
                        carries_reference(f.value_type(result))
                            && op.operands().iter().any(|v| values.contains(v))
                    }
                };
                if is_derived {
                    values.insert(result);
                }
            }
        }
        if (values.len(), vars.len()) == before {
            return values;
        }
    }
}
