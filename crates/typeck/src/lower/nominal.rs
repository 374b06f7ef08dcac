//! Values whose type carries a Python class (enum members, namedtuples;
//! `oxcuda_types::nominal`): seeing them as their plain values, and erasing the classes from
//! a finished function.
//!
//! Invariant: an IR value of a nominal type holds exactly what a value of its erased type
//! holds, so re-labelling a [`Val`] with the erased type emits nothing, and a finished
//! function's types can be replaced by their erased forms without touching an instruction.
//! The IR (and so the optimiser, the simulator and the NVVM writer) sees erased types only.

use oxcuda_ir::Function;
use oxcuda_types::Type;

use super::Lower;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `v` as the operations on integers and tuples see it: an `IntEnum` member as its
    /// integer, a namedtuple as its plain tuple; anything else unchanged.
    pub(crate) fn plain(v: Val) -> Val {
        match v {
            Val::Rt(x, Type::Enum(e)) if e.int => Val::Rt(x, e.value),
            Val::Rt(x, Type::NamedTuple(n)) => Val::Rt(x, Type::Tuple(n.items)),
            other => other,
        }
    }
}

/// Replaces every type of `f` by its erased form.
pub(crate) fn erase(f: &mut Function) {
    let fix = |t: &mut Type| {
        if t.is_nominal() {
            *t = t.erased();
        }
    };
    f.params.iter_mut().for_each(fix);
    if f.ret.is_nominal() {
        f.nominal_ret = Some(f.ret.clone());
    }
    fix(&mut f.ret);
    f.vars.iter_mut().for_each(|v| fix(&mut v.ty));
    f.values.iter_mut().for_each(fix);
}
