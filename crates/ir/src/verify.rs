//! The IR verifier.
//!
//! Checked invariants:
//! 1. every value is defined by exactly one instruction;
//! 2. every use is dominated by its definition (earlier in the same block, or in a block that
//!    dominates the using block); uses in unreachable blocks are not checked;
//! 3. terminator targets exist; `Branch` conditions are bool; `Return` matches the function;
//! 4. operand types: binary operands and result agree; comparison operands agree and the
//!    result is bool; `SetVar` writes the variable's type; `Load`/`Store`/`Atomic` index an
//!    array of scalars with one int64 per dimension and move the array's element type;
//!    `ElemRef` indexes an array of records the same way and gives its record; `GetField`
//!    names a field of its record and gives the field's value type, `SetField` writes a
//!    scalar field with its type, `CopyRecord` copies between two records of one type;
//!    `Param` exists and has the parameter's type; calls match the callee's parameters and
//!    return type; warp intrinsics (`syncwarp`, shuffles, votes, matches, `activemask`,
//!    `lanemask_lt`) have their operand and result types (`ops.rs`);
//! 5. an external function ([`crate::FunctionKind::Extern`]) has no blocks, variables or values,
//!    and is never the module's entry (`@f0`); every other function has at least one block.
//!
//! Violations are compiler bugs, not user errors: the pipeline reports them as internal errors.

use std::collections::HashMap;
use std::fmt;

use oxcuda_types::{Dtype, Scalar, Type};

use crate::entities::{Block, Value};
use crate::function::{Function, Module};
use crate::ops::{BinOp, Intrinsic, Op, Terminator, VoteMode};

/// A broken invariant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyError {
    /// The function's symbol.
    pub function: String,
    /// Where: `bb3` or `bb3[5]`.
    pub location: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.function, self.location, self.message)
    }
}

impl std::error::Error for VerifyError {}

/// Checks every function of the module; returns all violations found.
///
/// # Errors
/// The list of violations, when there are any.
pub fn verify(module: &Module) -> Result<(), Vec<VerifyError>> {
    let mut errors = Vec::new();
    for (i, f) in module.functions.iter().enumerate() {
        if f.kind.is_extern() {
            verify_extern(i, f, &mut errors);
            continue;
        }
        if f.blocks.is_empty() {
            errors.push(VerifyError {
                function: f.name.clone(),
                location: "header".to_owned(),
                message: "a kernel or device function needs at least one block".to_owned(),
            });
            continue;
        }
        verify_function(module, f, &mut errors);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// An external function is a declaration: a signature and nothing else.
fn verify_extern(index: usize, f: &Function, errors: &mut Vec<VerifyError>) {
    let mut err = |message: &str| {
        errors.push(VerifyError {
            function: f.name.clone(),
            location: "header".to_owned(),
            message: message.to_owned(),
        });
    };
    if index == 0 {
        err("an external function cannot be the module's entry");
    }
    if !f.blocks.is_empty() || !f.vars.is_empty() || !f.values.is_empty() {
        err("an external function has no blocks, variables or values");
    }
}

/// Immediate-dominator-free dominance: `dom[b]` is the set of blocks dominating `b`, as a bitset
/// over block indices. Unreachable blocks get `None`.
fn dominators(f: &Function) -> Vec<Option<Vec<bool>>> {
    let n = f.blocks.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, data) in f.blocks.iter().enumerate() {
        for s in data.term.successors() {
            if s.index() < n {
                preds[s.index()].push(b);
            }
        }
    }
    // Reachability first.
    let mut reachable = vec![false; n];
    let mut stack = vec![0usize];
    while let Some(b) = stack.pop() {
        if b >= n || reachable[b] {
            continue;
        }
        reachable[b] = true;
        stack.extend(f.blocks[b].term.successors().iter().map(|s| s.index()));
    }
    let mut dom: Vec<Option<Vec<bool>>> = (0..n)
        .map(|b| reachable[b].then(|| vec![true; n]))
        .collect();
    if n > 0 {
        let mut entry = vec![false; n];
        entry[0] = true;
        dom[0] = Some(entry);
    }
    let mut changed = true;
    while changed {
        changed = false;
        for b in 1..n {
            if !reachable[b] {
                continue;
            }
            let mut new: Option<Vec<bool>> = None;
            for &p in &preds[b] {
                if let Some(pd) = &dom[p] {
                    new = Some(match new {
                        None => pd.clone(),
                        Some(cur) => cur.iter().zip(pd).map(|(a, b)| *a && *b).collect(),
                    });
                }
            }
            let mut new = new.unwrap_or_else(|| vec![false; n]);
            new[b] = true;
            if dom[b].as_ref() != Some(&new) {
                dom[b] = Some(new);
                changed = true;
            }
        }
    }
    dom
}

fn verify_function(module: &Module, f: &Function, errors: &mut Vec<VerifyError>) {
    let err = |errors: &mut Vec<VerifyError>, location: String, message: String| {
        errors.push(VerifyError {
            function: f.name.clone(),
            location,
            message,
        });
    };
    // Definitions: value -> (block, position).
    let mut defs: HashMap<Value, (usize, usize)> = HashMap::new();
    for (b, block) in f.blocks.iter().enumerate() {
        for (i, inst) in block.insts.iter().enumerate() {
            if let Some(v) = inst.result {
                if v.index() >= f.values.len() {
                    err(
                        errors,
                        format!("bb{b}[{i}]"),
                        format!("{v} has no type entry"),
                    );
                } else if defs.insert(v, (b, i)).is_some() {
                    err(
                        errors,
                        format!("bb{b}[{i}]"),
                        format!("{v} is defined twice"),
                    );
                }
            }
        }
    }
    let dom = dominators(f);
    let ty = |v: Value| f.values.get(v.index());
    for (b, block) in f.blocks.iter().enumerate() {
        let Some(dominated_by) = &dom[b] else {
            continue;
        };
        let check_use =
            |errors: &mut Vec<VerifyError>, v: Value, pos: usize, at: String| match defs.get(&v) {
                None => err(errors, at, format!("{v} is used but never defined")),
                Some(&(db, di)) => {
                    let ok = if db == b { di < pos } else { dominated_by[db] };
                    if !ok {
                        err(
                            errors,
                            at,
                            format!("{v} is used where its definition does not dominate"),
                        );
                    }
                }
            };
        for (i, inst) in block.insts.iter().enumerate() {
            let at = format!("bb{b}[{i}]");
            for v in inst.op.operands() {
                check_use(errors, v, i, at.clone());
            }
            if let Some(message) = check_types(module, f, &inst.op, inst.result.and_then(ty)) {
                err(errors, at, message);
            }
        }
        let at = format!("bb{b}");
        let pos = block.insts.len();
        match &block.term {
            Terminator::Jump(t) => check_target(f, *t, &at, errors),
            Terminator::Branch(c, t, e) => {
                check_use(errors, *c, pos, at.clone());
                if ty(*c) != Some(&Type::BOOL) {
                    err(
                        errors,
                        at.clone(),
                        format!("branch condition {c} is not bool"),
                    );
                }
                check_target(f, *t, &at, errors);
                check_target(f, *e, &at, errors);
            }
            Terminator::Return(v) => {
                if let Some(v) = v {
                    check_use(errors, *v, pos, at.clone());
                }
                let got = v.and_then(ty).cloned().unwrap_or(Type::None);
                if got != f.ret {
                    err(
                        errors,
                        at,
                        format!("returns {got}, the function returns {}", f.ret),
                    );
                }
            }
            Terminator::Unreachable => {}
        }
    }
}

/// The record of a value of type `ty` and its field `name`.
fn field_of(
    ty: &Type,
    name: &str,
) -> Result<(oxcuda_types::Record, &'static oxcuda_types::Field), String> {
    let Type::Record(r) = ty else {
        return Err(format!("field '{name}' of {ty}, which is not a record"));
    };
    r.get()
        .field(name)
        .map(|(_, f)| (*r, f))
        .ok_or_else(|| format!("{r} has no field '{name}'"))
}

fn check_target(f: &Function, t: Block, at: &str, errors: &mut Vec<VerifyError>) {
    if t.index() >= f.blocks.len() {
        errors.push(VerifyError {
            function: f.name.clone(),
            location: at.to_owned(),
            message: format!("jump to missing {t}"),
        });
    }
}

/// The type rule of one operation; `None` when it holds.
fn check_types(module: &Module, f: &Function, op: &Op, result: Option<&Type>) -> Option<String> {
    let ty = |v: &Value| f.values.get(v.index()).cloned().unwrap_or(Type::None);
    let int64 = Type::Scalar(Scalar::I64);
    let index_rule = |a: &Value, idx: &[Value]| -> Result<Dtype, String> {
        let Type::Array(arr) = ty(a) else {
            return Err(format!("{a} is not an array"));
        };
        if idx.len() != arr.ndim as usize {
            return Err(format!("{} indices for a {}-d array", idx.len(), arr.ndim));
        }
        if let Some(bad) = idx.iter().find(|i| ty(i) != int64) {
            return Err(format!("index {bad} is {}, not int64", ty(bad)));
        }
        Ok(arr.dtype)
    };
    match op {
        Op::Binary(_, a, b) => {
            let r = result?;
            (ty(a) != *r || ty(b) != *r)
                .then(|| format!("binary operands {} and {} for result {r}", ty(a), ty(b)))
        }
        Op::Compare(_, a, b) => (ty(a) != ty(b) || result != Some(&Type::BOOL))
            .then(|| format!("comparison of {} with {}", ty(a), ty(b))),
        Op::SetVar(var, v) => {
            let want = &f.vars.get(var.index())?.ty;
            (ty(v) != *want).then(|| format!("writes {} to {var} of type {want}", ty(v)))
        }
        Op::Param(n) => match f.params.get(*n as usize) {
            None => Some(format!(
                "param {n} of a function with {} parameters",
                f.params.len()
            )),
            Some(p) => (Some(p) != result).then(|| format!("param {n} is {p}")),
        },
        Op::Select(c, a, b) => (ty(c) != Type::BOOL || ty(a) != ty(b) || result != Some(&ty(a)))
            .then(|| "select operands disagree".to_owned()),
        Op::Load(a, idx) => match index_rule(a, idx) {
            Err(e) => Some(e),
            Ok(d @ (Dtype::Datetime(_) | Dtype::CharSeq(_))) => {
                Some(format!("{d} in the IR (the front end erases it)"))
            }
            Ok(Dtype::Record(_)) => Some("load from an array of records (use elemref)".into()),
            Ok(Dtype::Scalar(d)) => {
                (result != Some(&Type::Scalar(d))).then(|| format!("load of {d} into {result:?}"))
            }
        },
        Op::Store(a, idx, v) => match index_rule(a, idx) {
            Err(e) => Some(e),
            Ok(d @ (Dtype::Datetime(_) | Dtype::CharSeq(_))) => {
                Some(format!("{d} in the IR (the front end erases it)"))
            }
            Ok(Dtype::Record(_)) => Some("store to an array of records (use copyrecord)".into()),
            Ok(Dtype::Scalar(d)) => (ty(v) != Type::Scalar(d))
                .then(|| format!("store of {} into an array of {d}", ty(v))),
        },
        Op::LoadCached(_, a, idx) => match index_rule(a, idx) {
            Err(e) => Some(e),
            Ok(d @ (Dtype::Datetime(_) | Dtype::CharSeq(_))) => {
                Some(format!("{d} in the IR (the front end erases it)"))
            }
            Ok(Dtype::Scalar(d)) if !cacheable(d) => Some(format!("cached load of {d}")),
            Ok(Dtype::Scalar(d)) => (result != Some(&Type::Scalar(d)))
                .then(|| format!("cached load of {d} into {result:?}")),
            Ok(Dtype::Record(_)) => Some("cached load from an array of records".into()),
        },
        Op::StoreCached(_, a, idx, v) => match index_rule(a, idx) {
            Err(e) => Some(e),
            Ok(d @ (Dtype::Datetime(_) | Dtype::CharSeq(_))) => {
                Some(format!("{d} in the IR (the front end erases it)"))
            }
            Ok(Dtype::Scalar(d)) if !cacheable(d) => Some(format!("cached store of {d}")),
            Ok(Dtype::Scalar(d)) => (ty(v) != Type::Scalar(d))
                .then(|| format!("cached store of {} into an array of {d}", ty(v))),
            Ok(Dtype::Record(_)) => Some("cached store to an array of records".into()),
        },
        Op::Atomic(_, a, idx, args) => match index_rule(a, idx) {
            Err(e) => Some(e),
            Ok(d @ (Dtype::Datetime(_) | Dtype::CharSeq(_))) => {
                Some(format!("{d} in the IR (the front end erases it)"))
            }
            Ok(Dtype::Record(_)) => Some("atomic on an array of records".into()),
            Ok(Dtype::Scalar(d)) => args
                .iter()
                .any(|v| ty(v) != Type::Scalar(d))
                .then(|| format!("atomic operands must be {d}")),
        },
        Op::ElemRef(a, idx) => match index_rule(a, idx) {
            Err(e) => Some(e),
            Ok(d @ (Dtype::Datetime(_) | Dtype::CharSeq(_))) => {
                Some(format!("{d} in the IR (the front end erases it)"))
            }
            Ok(Dtype::Scalar(d)) => Some(format!("elemref into an array of {d} (use load)")),
            Ok(Dtype::Record(r)) => (result != Some(&Type::Record(r)))
                .then(|| format!("elemref of {r} into {result:?}")),
        },
        Op::GetField(r, name) => match field_of(&ty(r), name) {
            Err(e) => Some(e),
            Ok((rec, field)) => {
                let want = field.value_type(rec.align);
                (result != Some(&want)).then(|| format!("field '{name}' is {want}, not {result:?}"))
            }
        },
        Op::SetField(r, name, v) => match field_of(&ty(r), name) {
            Err(e) => Some(e),
            Ok((_, field)) => match (field.dtype, field.shape.is_empty()) {
                (Dtype::Scalar(s), true) => (ty(v) != Type::Scalar(s))
                    .then(|| format!("setfield of {} into field '{name}' of {s}", ty(v))),
                _ => Some(format!(
                    "setfield of field '{name}', which is not a scalar (use copyrecord or a view)"
                )),
            },
        },
        Op::CopyRecord(dst, src) => match (ty(dst), ty(src)) {
            (Type::Record(a), Type::Record(b)) if a == b => None,
            (a, b) => Some(format!("copyrecord from {b} to {a}")),
        },
        Op::Print(_) => op.operands().iter().find_map(|v| match ty(v) {
            Type::Scalar(s) if s.is_int() || s.is_float() || s == Scalar::Bool => None,
            other => Some(format!(
                "print of a {other} value (integers, floats and bools only)"
            )),
        }),
        Op::Call(callee, args) => {
            let Some(g) = module.functions.get(callee.index()) else {
                return Some(format!("call of missing {callee}"));
            };
            let got: Vec<Type> = args.iter().map(ty).collect();
            if got != g.params {
                return Some(format!("call of {} with wrong argument types", g.name));
            }
            let want_ret = if g.ret == Type::None {
                None
            } else {
                Some(&g.ret)
            };
            (result != want_ret).then(|| format!("call of {} returns {}", g.name, g.ret))
        }
        Op::Libdevice(f, k, args) => {
            if !f.is_valid() {
                return Some(format!("libdevice function index {} out of range", f.0));
            }
            let row = f.row();
            let got: Vec<Type> = args.iter().map(ty).collect();
            let want: Vec<Type> = row.inputs().into_iter().map(Type::Scalar).collect();
            if got != want {
                return Some(format!("libdevice {} with wrong operand types", row.name));
            }
            match row.outputs().get(usize::from(*k)) {
                None => Some(format!("libdevice {} has no output {k}", row.name)),
                Some(s) => (result != Some(&Type::Scalar(*s)))
                    .then(|| format!("libdevice {} output {k} is {s}", row.name)),
            }
        }
        Op::Intrinsic(i, args) => warp_rule(*i, &args.iter().map(ty).collect::<Vec<_>>(), result),
        Op::Tensor(t, args) => tensor_rule(*t, &args.iter().map(ty).collect::<Vec<_>>(), result),
        _ => None,
    }
}

/// The operand and result types of the warp-level intrinsics, `reinterpret` and the `.rn`
/// arithmetic (`ops.rs`).
fn warp_rule(i: Intrinsic, args: &[Type], result: Option<&Type>) -> Option<String> {
    let scalar = |t: &Type| t.as_scalar();
    let mask = Type::Scalar(Scalar::U32);
    let exchanged = |t: &Type| {
        matches!(
            scalar(t),
            Some(Scalar::I32 | Scalar::I64 | Scalar::U32 | Scalar::U64 | Scalar::F32 | Scalar::F64)
        )
    };
    let (ok, want) = match i {
        Intrinsic::Shfl(_) => (
            matches!(args, [m, v, b] if *m == mask && exchanged(v) && *b == Type::I32
                && result == Some(v)),
            "(uint32, int32/int64/uint32/uint64/float32/float64, int32) -> the value's type",
        ),
        Intrinsic::Vote(mode) => {
            let r = if mode == VoteMode::Ballot {
                Type::I32
            } else {
                Type::BOOL
            };
            (
                matches!(args, [m, p] if *m == mask && *p == Type::BOOL) && result == Some(&r),
                "(uint32, bool) -> bool (ballot: int32)",
            )
        }
        Intrinsic::Match(_) => (
            matches!(args, [m, v] if *m == mask && exchanged(v)) && result == Some(&Type::I32),
            "(uint32, int32/int64/uint32/uint64/float32/float64) -> int32",
        ),
        Intrinsic::ActiveMask | Intrinsic::LanemaskLt => {
            (args.is_empty() && result == Some(&mask), "() -> uint32")
        }
        Intrinsic::Syncwarp => (
            matches!(args, [m] if *m == mask) && result.is_none(),
            "(uint32) -> none",
        ),
        Intrinsic::GridSync | Intrinsic::Exit => {
            (args.is_empty() && result.is_none(), "() -> none")
        }
        Intrinsic::Assume => (
            matches!(args, [c] if *c == Type::BOOL) && result.is_none(),
            "(bool) -> none",
        ),
        Intrinsic::Reinterpret => (
            matches!((args, result.and_then(scalar)), ([a], Some(r))
                if scalar(a).is_some_and(|s| bit_pattern(s) && bit_pattern(r) && s.size() == r.size())),
            "(an integer or float) -> an integer or float of the same size",
        ),
        Intrinsic::ArithRn(op) => (
            matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul)
                && matches!(args, [a, b] if a == b && scalar(a).is_some_and(Scalar::is_float)
                    && result == Some(a)),
            "(float, float) of one type -> that type",
        ),
        Intrinsic::CvtFp8x2(format) => (
            matches!(format, Scalar::E4M3 | Scalar::E5M2)
                && matches!(args, [x, y, soft] if scalar(x) == Some(Scalar::F32)
                    && scalar(y) == Some(Scalar::F32) && scalar(soft) == Some(Scalar::U16))
                && result.and_then(scalar) == Some(Scalar::U16),
            "(float32, float32, uint16) -> uint16",
        ),
        Intrinsic::CvtFp8ToF32(format, k) => (
            matches!(format, Scalar::E4M3 | Scalar::E5M2)
                && matches!(args, [bits, soft]
                    if ((scalar(bits) == Some(Scalar::U16) && k < 2)
                        || (scalar(bits) == Some(Scalar::U32) && k < 4))
                        && scalar(soft) == Some(Scalar::F32))
                && result.and_then(scalar) == Some(Scalar::F32),
            "(uint16 or uint32 with the byte, float32) -> float32",
        ),
        _ => return None,
    };
    (!ok).then(|| {
        let got: Vec<String> = args.iter().map(ToString::to_string).collect();
        let ret = result.map_or_else(|| "none".to_owned(), ToString::to_string);
        format!(
            "intrinsic {} of ({}) -> {ret}; it takes {want}",
            crate::print::intrinsic_name(i),
            got.join(", ")
        )
    })
}

/// The operand and result types of the tensor-core and asynchronous-copy operations
/// (`tensor.rs`).
fn tensor_rule(t: crate::TensorOp, args: &[Type], result: Option<&Type>) -> Option<String> {
    use crate::TensorOp as T;
    let i64t = Type::I64;
    // A C-contiguous array of `s` (a tile's or a copy's memory).
    let flat = |a: &Type, s: Option<Scalar>| {
        a.as_array().is_some_and(|a| {
            a.layout == oxcuda_types::Layout::C
                && s.is_none_or(|s| a.dtype == oxcuda_types::Dtype::Scalar(s))
        })
    };
    let (ok, want) = match t {
        T::Fragment(f) => (
            args.is_empty() && result == Some(&f.storage()),
            "() -> the fragment's storage array",
        ),
        T::Fill(f) => (
            matches!(args, [x, v] if *x == f.storage() && *v == Type::Scalar(f.elem.scalar()))
                && result.is_none(),
            "(fragment, element) -> none",
        ),
        T::Load(f, _) => (
            matches!(args, [x, a, o, l] if *x == f.storage() && flat(a, Some(f.elem.scalar()))
                && *o == i64t && *l == i64t)
                && result.is_none(),
            "(fragment, C array of its element, int64, int64) -> none",
        ),
        T::Store(f, _) => (
            f.role == oxcuda_types::FragmentRole::Accumulator
                && matches!(args, [a, o, x, l] if *x == f.storage()
                    && flat(a, Some(f.elem.scalar())) && *o == i64t && *l == i64t)
                && result.is_none(),
            "(C array of the accumulator's element, int64, accumulator, int64) -> none",
        ),
        T::Mma(a, b, c) => (
            a.role == oxcuda_types::FragmentRole::MatrixA
                && b.role == oxcuda_types::FragmentRole::MatrixB
                && c.role == oxcuda_types::FragmentRole::Accumulator
                && a.shape == b.shape
                && a.shape == c.shape
                && a.elem == b.elem
                && matches!(args, [d, x, y, z] if *d == c.storage() && *z == c.storage()
                    && *x == a.storage() && *y == b.storage())
                && result.is_none(),
            "(accumulator, matrix_a, matrix_b, accumulator) of one shape -> none",
        ),
        T::CopyAsync(n) => (
            matches!(n, 4 | 8 | 16)
                && matches!(args, [d, o, s, p] if flat(d, None) && flat(s, None)
                    && d.as_array().map(|a| a.dtype) == s.as_array().map(|a| a.dtype)
                    && *o == i64t && *p == i64t)
                && result.is_none(),
            "(C array, int64, C array of the same dtype, int64) -> none, of 4, 8 or 16 bytes",
        ),
        T::CommitGroup | T::WaitGroup(_) => (args.is_empty() && result.is_none(), "() -> none"),
    };
    (!ok).then(|| {
        let got: Vec<String> = args.iter().map(ToString::to_string).collect();
        let ret = result.map_or_else(|| "none".to_owned(), ToString::to_string);
        format!(
            "tensor {} of ({}) -> {ret}; it takes {want}",
            t.name(),
            got.join(", ")
        )
    })
}

/// Whether `s` is a plain bit pattern `Reinterpret` can read as another type: an integer, a
/// float or an fp8 storage type (not bool, not complex).
fn bit_pattern(s: Scalar) -> bool {
    s.is_int() || s.is_float() || s.is_fp8()
}

/// Whether a cached load or store can move elements of `d`: integers and floats of 8 to 64
/// bits (PTX `ld`/`st` sizes; numba-cuda's rule).
fn cacheable(d: Scalar) -> bool {
    (d.is_int() || d.is_float()) && matches!(d.bits(), 8 | 16 | 32 | 64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::function::{ExternAbi, FunctionKind, Loc};
    use crate::ops::{BinOp, Const};

    fn add_kernel() -> Module {
        let mut f = Function::new("k", FunctionKind::Device, vec![Type::I64], Type::I64);
        let b0 = Block(0);
        let loc = Loc { line: 1, col: 1 };
        let p = f.push(b0, Op::Param(0), Some(Type::I64), loc).unwrap();
        let c = f
            .push(b0, Op::Const(Const::Int(2)), Some(Type::I64), loc)
            .unwrap();
        let s = f
            .push(b0, Op::Binary(BinOp::Add, p, c), Some(Type::I64), loc)
            .unwrap();
        f.terminate(b0, Terminator::Return(Some(s)), loc);
        Module {
            functions: vec![f],
            globals: Vec::new(),
        }
    }

    #[test]
    fn a_correct_function_verifies() {
        assert_eq!(verify(&add_kernel()), Ok(()));
    }

    #[test]
    fn type_and_dominance_errors_are_found() {
        let mut m = add_kernel();
        m.functions[0].values[1] = Type::I32; // const now int32: the add is ill-typed
        let errs = verify(&m).unwrap_err();
        assert!(
            errs.iter().any(|e| e.message.contains("binary operands")),
            "{errs:?}"
        );

        let mut m = add_kernel();
        m.functions[0].blocks[0].insts.swap(1, 2); // use before definition
        let errs = verify(&m).unwrap_err();
        assert!(
            errs.iter().any(|e| e.message.contains("does not dominate")),
            "{errs:?}"
        );

        let mut m = add_kernel();
        m.functions[0].ret = Type::F64;
        assert!(verify(&m).is_err());
    }

    #[test]
    fn warp_intrinsics_have_their_types() {
        let text = |value: &str, lane: &str, result: &str| {
            format!(
                "kernel @f0 \"k\"({value}) -> none file \"k.py\" {{\nbb0:\n  \
                 v0: {value} = param 0 !1:1\n  v1: uint32 = const 4294967295 !1:1\n  \
                 v2: {lane} = const 1 !1:1\n  \
                 v3: {result} = intrinsic shfl.down v1, v0, v2 !2:5\n  ret !3:1\n}}\n"
            )
        };
        let m = crate::parse::parse_module(&text("float64", "int32", "float64")).unwrap();
        assert_eq!(verify(&m), Ok(()));
        for (value, lane, result) in [
            ("float16", "int32", "float16"),
            ("float64", "int64", "float64"),
            ("float64", "int32", "float32"),
        ] {
            let m = crate::parse::parse_module(&text(value, lane, result)).unwrap();
            let errs = verify(&m).unwrap_err();
            assert!(
                errs.iter()
                    .any(|e| e.message.contains("intrinsic shfl.down of")),
                "{errs:?}"
            );
        }
    }

    /// `@f0` calls the external `add_one(float32) -> float32`.
    fn extern_caller() -> Module {
        let mut k = Function::new(
            "k",
            FunctionKind::Device,
            vec![Type::Scalar(Scalar::F32)],
            Type::Scalar(Scalar::F32),
        );
        let b0 = Block(0);
        let loc = Loc { line: 1, col: 1 };
        let p = k
            .push(b0, Op::Param(0), Some(Type::Scalar(Scalar::F32)), loc)
            .unwrap();
        let r = k
            .push(
                b0,
                Op::Call(crate::FuncId(1), vec![p]),
                Some(Type::Scalar(Scalar::F32)),
                loc,
            )
            .unwrap();
        k.terminate(b0, Terminator::Return(Some(r)), loc);
        let e = Function::external(
            "add_one",
            ExternAbi::C,
            vec![Type::Scalar(Scalar::F32)],
            Type::Scalar(Scalar::F32),
        );
        Module {
            functions: vec![k, e],
            globals: Vec::new(),
        }
    }

    #[test]
    fn external_functions_are_bodiless_and_callable() {
        let m = extern_caller();
        assert!(m.functions[1].blocks.is_empty());
        assert_eq!(verify(&m), Ok(()));

        // A call with the wrong argument type is caught as for any callee.
        let mut m = extern_caller();
        m.functions[1].params = vec![Type::F64];
        let errs = verify(&m).unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.message.contains("wrong argument types")),
            "{errs:?}"
        );

        // An external function with a body.
        let mut m = extern_caller();
        m.functions[1].blocks = m.functions[0].blocks.clone();
        let errs = verify(&m).unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.message.contains("no blocks, variables or values")),
            "{errs:?}"
        );

        // An external entry.
        let mut m = extern_caller();
        m.functions.swap(0, 1);
        let errs = verify(&m).unwrap_err();
        assert!(
            errs.iter().any(|e| e.message.contains("module's entry")),
            "{errs:?}"
        );

        // A device function without blocks is not a declaration.
        let mut m = extern_caller();
        m.functions[0].blocks.clear();
        m.functions[0].values.clear();
        let errs = verify(&m).unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.message.contains("at least one block")),
            "{errs:?}"
        );
    }

    /// A kernel over an array of records and a record, as text; `body` goes before `ret`.
    fn record_kernel(body: &str) -> String {
        let rec = "Record(a: float64 @0, \"b c\": int32[2] @8, n: Record(x: int8 @0; size 1, \
                   align 1) @16; size 24, align 8)";
        let other = "Record(a: float64 @0; size 8, align 8)";
        format!(
            "kernel @f0 \"k\"(array({rec}, 1d, C), {rec}, array({other}, 1d, A), float64) -> \
             none file \"r.py\" {{\nbb0:\n  v0: array({rec}, 1d, C) = param 0 !1:1\n  \
             v1: {rec} = param 1 !1:1\n  v2: array({other}, 1d, A) = param 2 !1:1\n  \
             v3: float64 = param 3 !1:1\n  v4: int64 = const 0 !2:1\n  \
             v5: {rec} = elemref v0[v4] !2:1\n{body}  ret !9:1\n}}\n"
        )
    }

    fn record_errors(body: &str) -> Vec<VerifyError> {
        let m = crate::parse::parse_module(&record_kernel(body)).unwrap();
        verify(&m).err().unwrap_or_default()
    }

    #[test]
    fn record_operations_verify() {
        let body = "  v6: float64 = getfield v5, \"a\" !3:1
  v7: array(int32, 1d, C) = getfield v5, \"b c\" !3:1
  v8: Record(x: int8 @0; size 1, align 1) = getfield v1, \"n\" !3:1
  v9: int8 = getfield v8, \"x\" !3:1
  setfield v5, \"a\", v3 !4:1
  copyrecord v5, v1 !5:1
";
        assert_eq!(record_errors(body), Vec::new());
    }

    #[test]
    fn record_type_errors_are_found() {
        let cases = [
            (
                "  v6: float64 = getfield v5, \"zz\" !3:1\n",
                "has no field 'zz'",
            ),
            (
                "  v6: float32 = getfield v5, \"a\" !3:1\n",
                "field 'a' is float64",
            ),
            ("  v6: float64 = getfield v3, \"a\" !3:1\n", "not a record"),
            ("  setfield v5, \"b c\", v3 !3:1\n", "not a scalar"),
            (
                "  v6: int64 = const 1 !3:1\n  setfield v5, \"a\", v6 !3:1\n",
                "setfield of int64",
            ),
            (
                "  v6: Record(a: float64 @0; size 8, align 8) = elemref v2[v4] !3:1\n  \
              copyrecord v5, v6 !3:1\n",
                "copyrecord from",
            ),
            (
                "  v6: float64 = load v0[v4] !3:1\n",
                "load from an array of records",
            ),
            ("  store v0[v4], v3 !3:1\n", "store to an array of records"),
            (
                "  v6: Record(a: float64 @0; size 8, align 8) = elemref v0[v4] !3:1\n",
                "elemref of",
            ),
        ];
        for (body, want) in cases {
            let errs = record_errors(body);
            assert!(
                errs.iter().any(|e| e.message.contains(want)),
                "{body}: {errs:?}"
            );
        }
    }
}
