//! The IR's text form. `docs/ir.md` specifies it; the parser (`parse.rs`) reads it back.
//!
//! ```text
//! global @g0 "tile" shared float32 [16, 16] align 4
//! kernel @f0 "axpy"(array(float32, 1d, A), float32) -> none file "q.py" {
//!   var $0 "i": int64
//! bb0:
//!   v0: array(float32, 1d, A) = param 0 !3:5
//!   store v0[v3], v4 !5:9
//!   br v2, bb1, bb2 !4:5
//! }
//! extern @f1 "add_one"(float32) -> float32 abi c
//! ```
//! Each instruction ends with `!line:col`. Floats print in Rust's shortest round-trip form.

use std::fmt::{self, Write};

use crate::function::{Function, FunctionKind, Global, GlobalKind, Inst, Loc, Module};
use crate::ops::{
    AtomicOp, BinOp, CmpOp, Const, Intrinsic, MatchMode, MathFn, Op, ShflMode, Terminator, UnaryOp,
    VoteMode,
};

/// The text form of a whole module.
#[must_use]
pub fn module_to_string(module: &Module) -> String {
    let mut out = String::new();
    for (i, g) in module.globals.iter().enumerate() {
        write_global(&mut out, i, g);
    }
    for (i, f) in module.functions.iter().enumerate() {
        if i > 0 || !module.globals.is_empty() {
            out.push('\n');
        }
        write_function(&mut out, i, f);
    }
    out
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&module_to_string(self))
    }
}

fn write_global(out: &mut String, index: usize, g: &Global) {
    let kind = match g.kind {
        GlobalKind::Shared => "shared",
        GlobalKind::Const => "const",
    };
    let shape: Vec<String> = g.shape.iter().map(u64::to_string).collect();
    let _ = write!(
        out,
        "global @g{index} {:?} {kind} {} [{}] align {}",
        g.name,
        g.dtype,
        shape.join(", "),
        g.align
    );
    if let Some(bytes) = &g.init {
        out.push_str(" init ");
        for b in bytes {
            let _ = write!(out, "{b:02x}");
        }
    }
    out.push('\n');
}

/// Writes one function; `index` is its [`crate::FuncId`] number. An external function is one
/// line: `extern @f1 "add_one"(float32) -> float32 abi c`.
pub fn write_function(out: &mut String, index: usize, f: &Function) {
    let params: Vec<String> = f.params.iter().map(ToString::to_string).collect();
    let kind = match f.kind {
        FunctionKind::Kernel => "kernel",
        FunctionKind::Device => "device",
        FunctionKind::Extern(abi) => {
            let _ = writeln!(
                out,
                "extern @f{index} {:?}({}) -> {} abi {}",
                f.name,
                params.join(", "),
                f.ret,
                abi.name()
            );
            return;
        }
    };
    let _ = writeln!(
        out,
        "{kind} @f{index} {:?}({}) -> {} file {:?} {{",
        f.name,
        params.join(", "),
        f.ret,
        f.file
    );
    for (i, v) in f.vars.iter().enumerate() {
        let _ = writeln!(out, "  var ${i} {:?}: {}", v.name, v.ty);
    }
    for (loc, message) in &f.assert_messages {
        let _ = writeln!(out, "  assert {message:?} !{}:{}", loc.line, loc.col);
    }
    for (b, block) in f.blocks.iter().enumerate() {
        let _ = writeln!(out, "bb{b}:");
        for inst in &block.insts {
            out.push_str("  ");
            write_inst(out, f, inst);
            out.push('\n');
        }
        out.push_str("  ");
        write_terminator(out, &block.term);
        write_loc(out, block.term_loc);
        out.push('\n');
    }
    out.push_str("}\n");
}

fn write_loc(out: &mut String, loc: Loc) {
    let _ = write!(out, " !{}:{}", loc.line, loc.col);
}

fn list(values: &[crate::Value]) -> String {
    values
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Writes one instruction (without indentation or newline).
pub fn write_inst(out: &mut String, f: &Function, inst: &Inst) {
    if let Some(v) = inst.result {
        let _ = write!(out, "{v}: {} = ", f.value_type(v));
    }
    write_op(out, &inst.op);
    write_loc(out, inst.loc);
}

fn write_op(out: &mut String, op: &Op) {
    let _ = match op {
        Op::Const(c) => match c {
            Const::Int(i) => write!(out, "const {i}"),
            Const::Float(x) => write!(out, "const {x:?}"),
            Const::Bool(b) => write!(out, "const {b}"),
            Const::Complex(re, im) => write!(out, "const ({re:?}, {im:?})"),
        },
        Op::Param(n) => write!(out, "param {n}"),
        Op::GetVar(v) => write!(out, "getvar {v}"),
        Op::SetVar(v, x) => write!(out, "setvar {v}, {x}"),
        Op::Unary(u, x) => write!(out, "{} {x}", unary_name(*u)),
        Op::Binary(b, x, y) => write!(out, "{} {x}, {y}", binop_name(*b)),
        Op::Compare(c, x, y) => write!(out, "cmp {} {x}, {y}", cmp_name(*c)),
        Op::Cast(x) => write!(out, "cast {x}"),
        Op::Select(c, x, y) => write!(out, "select {c}, {x}, {y}"),
        Op::Math(m, args) => write!(out, "math {} {}", m.c_name(), list(args)),
        Op::Intrinsic(i, args) => {
            if args.is_empty() {
                write!(out, "intrinsic {}", intrinsic_name(*i))
            } else {
                write!(out, "intrinsic {} {}", intrinsic_name(*i), list(args))
            }
        }
        Op::Call(func, args) => write!(out, "call {func}({})", list(args)),
        Op::ArrayShape(a, k) => write!(out, "shape {a}, {k}"),
        Op::ArrayStride(a, k) => write!(out, "stride {a}, {k}"),
        Op::ArrayData(a) => write!(out, "data {a}"),
        Op::MakeArray {
            data,
            shape,
            strides,
        } => {
            write!(
                out,
                "makearray {data} [{}] [{}]",
                list(shape),
                list(strides)
            )
        }
        Op::PtrOffset(p, n) => write!(out, "ptroffset {p}, {n}"),
        Op::Load(a, idx) => write!(out, "load {a}[{}]", list(idx)),
        Op::Store(a, idx, x) => write!(out, "store {a}[{}], {x}", list(idx)),
        Op::Atomic(op, a, idx, args) => {
            write!(
                out,
                "atomic {} {a}[{}], {}",
                atomic_name(*op),
                list(idx),
                list(args)
            )
        }
        Op::SharedArray(g) => write!(out, "shared {g}"),
        Op::DynSharedArray => write!(out, "dynshared"),
        Op::LocalArray(shape) => {
            let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
            write!(out, "local [{}]", dims.join(", "))
        }
        Op::ConstArray(g) => write!(out, "constarray {g}"),
        Op::MakeTuple(args) => write!(out, "tuple ({})", list(args)),
        Op::TupleGet(t, k) => write!(out, "tupleget {t}, {k}"),
        Op::MakeComplex(re, im) => write!(out, "complex {re}, {im}"),
        Op::ComplexPart(c, imag) => write!(out, "{} {c}", if *imag { "imag" } else { "real" }),
        Op::ElemRef(a, idx) => write!(out, "elemref {a}[{}]", list(idx)),
        Op::GetField(r, name) => write!(out, "getfield {r}, {name:?}"),
        Op::SetField(r, name, x) => write!(out, "setfield {r}, {name:?}, {x}"),
        Op::CopyRecord(dst, src) => write!(out, "copyrecord {dst}, {src}"),
    };
}

fn write_terminator(out: &mut String, term: &Terminator) {
    let _ = match term {
        Terminator::Jump(b) => write!(out, "jump {b}"),
        Terminator::Branch(c, t, e) => write!(out, "br {c}, {t}, {e}"),
        Terminator::Return(None) => write!(out, "ret"),
        Terminator::Return(Some(v)) => write!(out, "ret {v}"),
        Terminator::Unreachable => write!(out, "unreachable"),
    };
}

/// The text name of a unary operator.
#[must_use]
pub const fn unary_name(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::Neg => "neg",
        UnaryOp::BitNot => "bitnot",
        UnaryOp::Not => "not",
    }
}

/// The text name of a binary operator.
#[must_use]
pub const fn binop_name(op: BinOp) -> &'static str {
    match op {
        BinOp::Add => "add",
        BinOp::Sub => "sub",
        BinOp::Mul => "mul",
        BinOp::Div => "div",
        BinOp::FloorDiv => "floordiv",
        BinOp::Mod => "mod",
        BinOp::Pow => "pow",
        BinOp::BitAnd => "and",
        BinOp::BitOr => "or",
        BinOp::BitXor => "xor",
        BinOp::Shl => "shl",
        BinOp::Shr => "shr",
        BinOp::Min => "min",
        BinOp::Max => "max",
    }
}

/// The text name of a comparison.
#[must_use]
pub const fn cmp_name(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "eq",
        CmpOp::Ne => "ne",
        CmpOp::Lt => "lt",
        CmpOp::Le => "le",
        CmpOp::Gt => "gt",
        CmpOp::Ge => "ge",
    }
}

/// The text name of an atomic operation.
#[must_use]
pub const fn atomic_name(op: AtomicOp) -> &'static str {
    match op {
        AtomicOp::Add => "add",
        AtomicOp::Sub => "sub",
        AtomicOp::Min => "min",
        AtomicOp::Max => "max",
        AtomicOp::NanMin => "nanmin",
        AtomicOp::NanMax => "nanmax",
        AtomicOp::And => "and",
        AtomicOp::Or => "or",
        AtomicOp::Xor => "xor",
        AtomicOp::Exch => "exch",
        AtomicOp::Inc => "inc",
        AtomicOp::Dec => "dec",
        AtomicOp::Cas => "cas",
    }
}

/// The text name of an intrinsic (`threadidx.x`, `syncthreads`, …).
#[must_use]
pub fn intrinsic_name(i: Intrinsic) -> String {
    match i {
        Intrinsic::ThreadIdx(d) => format!("threadidx.{d}"),
        Intrinsic::BlockIdx(d) => format!("blockidx.{d}"),
        Intrinsic::BlockDim(d) => format!("blockdim.{d}"),
        Intrinsic::GridDim(d) => format!("griddim.{d}"),
        Intrinsic::LaneId => "laneid".into(),
        Intrinsic::WarpSize => "warpsize".into(),
        Intrinsic::Syncthreads => "syncthreads".into(),
        Intrinsic::SyncthreadsCount => "syncthreads_count".into(),
        Intrinsic::SyncthreadsAnd => "syncthreads_and".into(),
        Intrinsic::SyncthreadsOr => "syncthreads_or".into(),
        Intrinsic::GridSync => "grid_sync".into(),
        Intrinsic::Threadfence => "threadfence".into(),
        Intrinsic::ThreadfenceBlock => "threadfence_block".into(),
        Intrinsic::ThreadfenceSystem => "threadfence_system".into(),
        Intrinsic::Syncwarp => "syncwarp".into(),
        Intrinsic::Shfl(m) => format!(
            "shfl.{}",
            match m {
                ShflMode::Idx => "idx",
                ShflMode::Up => "up",
                ShflMode::Down => "down",
                ShflMode::Bfly => "bfly",
            }
        ),
        Intrinsic::Vote(m) => format!(
            "vote.{}",
            match m {
                VoteMode::All => "all",
                VoteMode::Any => "any",
                VoteMode::Uni => "uni",
                VoteMode::Ballot => "ballot",
            }
        ),
        Intrinsic::Match(m) => format!(
            "match.{}",
            match m {
                MatchMode::Any => "any",
                MatchMode::All => "all",
            }
        ),
        Intrinsic::ActiveMask => "activemask".into(),
        Intrinsic::LanemaskLt => "lanemask_lt".into(),
        Intrinsic::Popc => "popc".into(),
        Intrinsic::Brev => "brev".into(),
        Intrinsic::Clz => "clz".into(),
        Intrinsic::Ffs => "ffs".into(),
        Intrinsic::Nanosleep => "nanosleep".into(),
        Intrinsic::Assert => "assert".into(),
    }
}

/// The math function with this C name.
#[must_use]
pub fn math_by_name(name: &str) -> Option<MathFn> {
    MathFn::ALL.iter().copied().find(|m| m.c_name() == name)
}
