//! Which array values point into shared memory: the provenance the tensor-core lowering needs
//! to address a tile in PTX's `.shared` state space (`wmma.load….shared`, which ptxas turns
//! into `ldmatrix`, where a generic address gives eight scalar generic loads per fragment).
//!
//! Arrays are generic pointers in the NVVM IR this writer emits, and LLVM's address-space
//! inference cannot see through inline assembly, so the writer decides from the IR instead.
//! A value is *shared* when it is proven to hold an address in shared memory:
//! - the result of `Op::SharedArray` or `Op::DynSharedArray`;
//! - an array or pointer derived from a shared one (`ArrayData`, `PtrOffset`, `MakeArray` of
//!   its data, an array `Cast`: views, slices and reshapes keep the data pointer's space);
//! - a `Select` of two shared values;
//! - a `GetVar` of a variable every `SetVar` of which writes a shared value;
//! - a parameter of an internal device function (not the module's entry, which other code
//!   may call) that every call site in the module passes a shared value.
//!
//! The analysis is pessimistic (nothing is shared until proven) and monotone, iterated to a
//! fixed point over the whole module, so it is sound: a value it calls shared is shared on
//! every path. A value it cannot prove (a cycle through a variable, a kernel parameter) keeps
//! the generic form, which is always correct, only slower.

use std::collections::HashSet;

use oxcuda_ir::{FunctionKind, Module, Op, Value};

/// The shared values of each function of a module (by function index).
#[derive(Debug, Default)]
pub(crate) struct SharedValues {
    sets: Vec<HashSet<Value>>,
}

impl SharedValues {
    /// The fixed point of the rules above for `module`.
    pub(crate) fn of(module: &Module) -> Self {
        let n = module.functions.len();
        let mut sets: Vec<HashSet<Value>> = vec![HashSet::new(); n];
        let mut params: Vec<Vec<bool>> = module
            .functions
            .iter()
            .map(|f| vec![false; f.params.len()])
            .collect();
        loop {
            let mut changed = false;
            for (fi, f) in module.functions.iter().enumerate() {
                let vars = shared_vars(f, &sets[fi]);
                for block in &f.blocks {
                    for inst in &block.insts {
                        let Some(r) = inst.result else { continue };
                        if sets[fi].contains(&r) {
                            continue;
                        }
                        let s = &sets[fi];
                        let shared = match &inst.op {
                            Op::SharedArray(_) | Op::DynSharedArray => true,
                            Op::ArrayData(x) | Op::Cast(x) | Op::PtrOffset(x, _) => s.contains(x),
                            Op::MakeArray { data, .. } => s.contains(data),
                            Op::Select(_, a, b) => s.contains(a) && s.contains(b),
                            Op::GetVar(v) => vars.contains(&v.index()),
                            Op::Param(p) => params[fi].get(*p as usize).copied().unwrap_or(false),
                            _ => false,
                        };
                        if shared {
                            sets[fi].insert(r);
                            changed = true;
                        }
                    }
                }
            }
            let next = shared_params(module, &sets);
            if next != params {
                params = next;
                changed = true;
            }
            if !changed {
                return Self { sets };
            }
        }
    }

    /// Whether `value` of function `func` is proven to point into shared memory.
    pub(crate) fn contains(&self, func: usize, value: Value) -> bool {
        self.sets.get(func).is_some_and(|s| s.contains(&value))
    }
}

/// The variables of `f` that are written at least once and only with shared values.
fn shared_vars(f: &oxcuda_ir::Function, shared: &HashSet<Value>) -> HashSet<usize> {
    let mut written = vec![false; f.vars.len()];
    let mut other = vec![false; f.vars.len()];
    for inst in f.blocks.iter().flat_map(|b| &b.insts) {
        if let Op::SetVar(v, x) = &inst.op {
            written[v.index()] = true;
            if !shared.contains(x) {
                other[v.index()] = true;
            }
        }
    }
    (0..f.vars.len())
        .filter(|&i| written[i] && !other[i])
        .collect()
}

/// For each function, which parameters every call site passes a shared value (internal
/// device functions called at least once only).
fn shared_params(module: &Module, sets: &[HashSet<Value>]) -> Vec<Vec<bool>> {
    let mut called = vec![false; module.functions.len()];
    let mut params: Vec<Vec<bool>> = module
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| vec![i > 0 && f.kind == FunctionKind::Device; f.params.len()])
        .collect();
    for (fi, f) in module.functions.iter().enumerate() {
        for inst in f.blocks.iter().flat_map(|b| &b.insts) {
            if let Op::Call(callee, args) = &inst.op {
                let c = callee.index();
                called[c] = true;
                for (p, a) in params[c].iter_mut().zip(args) {
                    *p &= sets[fi].contains(a);
                }
            }
        }
    }
    for (p, c) in params.iter_mut().zip(called) {
        if !c {
            p.iter_mut().for_each(|x| *x = false);
        }
    }
    params
}
