//! Passes over the typed IR, and the pass manager that runs them.
//!
//! Each pass is one file and one function `fn(&mut Function) -> bool` (whether it changed
//! anything). [`optimize`] runs them to a fixpoint, times each, and — in tests and when asked —
//! runs the verifier after every pass, naming the pass that broke an invariant.
//!
//! Invariant: passes preserve the semantics documented in `oxcuda_ir::ops` exactly, on both
//! back ends; folding only evaluates operations whose result is fully defined there.

mod cfg;
mod dce;
mod fold;
mod narrow;

use std::time::Instant;

use oxcuda_ir::Module;
use oxcuda_ir::verify::{VerifyError, verify};

pub use cfg::simplify_cfg;
pub use dce::eliminate_dead_code;
pub use fold::fold_constants;
pub use narrow::narrow_loop_counters;

/// One pass.
pub type Pass = fn(&mut oxcuda_ir::Function) -> bool;

/// The default pipeline, in order.
pub const PASSES: &[(&str, Pass)] = &[
    ("fold", fold_constants),
    ("simplify-cfg", simplify_cfg),
    ("dce", eliminate_dead_code),
    ("narrow-counters", narrow_loop_counters),
];

/// Time spent in each pass, in seconds, and how many rounds ran.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PassStats {
    /// `(pass, seconds)` summed over rounds.
    pub times: Vec<(&'static str, f64)>,
    /// Rounds until nothing changed.
    pub rounds: usize,
}

/// Runs [`PASSES`] over every function until none changes anything (at most 8 rounds).
///
/// # Errors
/// With `verify_each`, the first pass after which the module fails verification, and the
/// errors.
pub fn optimize(
    module: &mut Module,
    verify_each: bool,
) -> Result<PassStats, (String, Vec<VerifyError>)> {
    let mut stats = PassStats {
        times: PASSES.iter().map(|(n, _)| (*n, 0.0)).collect(),
        rounds: 0,
    };
    for _ in 0..8 {
        stats.rounds += 1;
        let mut changed = false;
        for (k, (name, pass)) in PASSES.iter().enumerate() {
            let start = Instant::now();
            // External functions are declarations: nothing to optimise.
            for f in module.functions.iter_mut().filter(|f| !f.kind.is_extern()) {
                changed |= pass(f);
            }
            stats.times[k].1 += start.elapsed().as_secs_f64();
            if verify_each {
                verify(module).map_err(|e| ((*name).to_owned(), e))?;
            }
        }
        if !changed {
            break;
        }
    }
    Ok(stats)
}
