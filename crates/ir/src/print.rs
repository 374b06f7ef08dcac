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
//! Each instruction ends with `!line:col`. Every name the text uses comes from `names.rs`. Floats print in Rust's shortest round-trip form.

use std::fmt::{self, Write};

use crate::function::{Function, FunctionKind, Global, GlobalKind, Inst, Loc, Module};
use crate::ops::{AtomicOp, BinOp, CmpOp, Const, Intrinsic, MathFn, Op, Terminator, UnaryOp};

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
        GlobalKind::Shared => crate::names::mnemonic::GLOBAL_SHARED,
        GlobalKind::Const => crate::names::mnemonic::GLOBAL_CONST,
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
    for (loc, class) in &f.exceptions {
        let _ = writeln!(out, "  raises {class:?} !{}:{}", loc.line, loc.col);
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
    use crate::names::mnemonic as m;
    let _ = match op {
        Op::Const(c) => match c {
            Const::Int(i) => write!(out, "{} {i}", m::CONST),
            Const::Float(x) => write!(out, "{} {x:?}", m::CONST),
            Const::Bool(b) => write!(out, "{} {b}", m::CONST),
            Const::Complex(re, im) => write!(out, "{} ({re:?}, {im:?})", m::CONST),
        },
        Op::Param(n) => write!(out, "{} {n}", m::PARAM),
        Op::GetVar(v) => write!(out, "{} {v}", m::GETVAR),
        Op::SetVar(v, x) => write!(out, "{} {v}, {x}", m::SETVAR),
        Op::Unary(u, x) => write!(out, "{} {x}", u.name()),
        Op::Binary(b, x, y) => write!(out, "{} {x}, {y}", b.name()),
        Op::Compare(c, x, y) => write!(out, "{} {} {x}, {y}", m::CMP, c.name()),
        Op::Cast(x) => write!(out, "{} {x}", m::CAST),
        Op::Select(c, x, y) => write!(out, "{} {c}, {x}, {y}", m::SELECT),
        Op::Math(f, args) => write!(out, "{} {} {}", m::MATH, f.c_name(), list(args)),
        Op::Libdevice(f, k, args) => {
            write!(out, "{} {} {k} {}", m::LIBDEVICE, f.row().name, list(args))
        }
        Op::Intrinsic(i, args) => {
            if args.is_empty() {
                write!(out, "{} {}", m::INTRINSIC, i.name())
            } else {
                write!(out, "{} {} {}", m::INTRINSIC, i.name(), list(args))
            }
        }
        Op::Tensor(t, args) => {
            if args.is_empty() {
                write!(out, "{} {}", m::TENSOR, t.name())
            } else {
                write!(out, "{} {} {}", m::TENSOR, t.name(), list(args))
            }
        }
        Op::Call(func, args) => write!(out, "{} {func}({})", m::CALL, list(args)),
        Op::ArrayShape(a, k) => write!(out, "{} {a}, {k}", m::SHAPE),
        Op::ArrayStride(a, k) => write!(out, "{} {a}, {k}", m::STRIDE),
        Op::ArrayData(a) => write!(out, "{} {a}", m::DATA),
        Op::MakeArray {
            data,
            shape,
            strides,
        } => {
            write!(
                out,
                "{} {data} [{}] [{}]",
                m::MAKEARRAY,
                list(shape),
                list(strides)
            )
        }
        Op::PtrOffset(p, n) => write!(out, "{} {p}, {n}", m::PTROFFSET),
        Op::Load(a, idx) => write!(out, "{} {a}[{}]", m::LOAD, list(idx)),
        Op::Store(a, idx, x) => write!(out, "{} {a}[{}], {x}", m::STORE, list(idx)),
        Op::LoadCached(c, a, idx) => {
            write!(out, "{}.{} {a}[{}]", m::LOAD, c.name(), list(idx))
        }
        Op::StoreCached(c, a, idx, x) => {
            write!(out, "{}.{} {a}[{}], {x}", m::STORE, c.name(), list(idx))
        }
        Op::Atomic(op, a, idx, args) => {
            write!(
                out,
                "{} {} {a}[{}], {}",
                m::ATOMIC,
                op.name(),
                list(idx),
                list(args)
            )
        }
        Op::SharedArray(g) => write!(out, "{} {g}", m::SHARED),
        Op::DynSharedArray => write!(out, "{}", m::DYNSHARED),
        Op::LocalArray(shape, align) => {
            let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
            if *align == 0 {
                write!(out, "{} [{}]", m::LOCAL, dims.join(", "))
            } else {
                write!(out, "{} [{}] align {align}", m::LOCAL, dims.join(", "))
            }
        }
        Op::ConstArray(g) => write!(out, "{} {g}", m::CONSTARRAY),
        Op::MakeTuple(args) => write!(out, "{} ({})", m::TUPLE, list(args)),
        Op::TupleGet(t, k) => write!(out, "{} {t}, {k}", m::TUPLEGET),
        Op::MakeComplex(re, im) => write!(out, "{} {re}, {im}", m::COMPLEX),
        Op::ComplexPart(c, imag) => {
            write!(out, "{} {c}", if *imag { m::IMAG } else { m::REAL })
        }
        Op::ElemRef(a, idx) => write!(out, "{} {a}[{}]", m::ELEMREF, list(idx)),
        Op::GetField(r, name) => write!(out, "{} {r}, {name:?}", m::GETFIELD),
        Op::SetField(r, name, x) => write!(out, "{} {r}, {name:?}, {x}", m::SETFIELD),
        Op::CopyRecord(dst, src) => write!(out, "{} {dst}, {src}", m::COPYRECORD),
        Op::Print(pieces) => {
            let items: Vec<String> = pieces
                .iter()
                .map(|p| match p {
                    crate::PrintPiece::Text(t) => format!("{t:?}"),
                    crate::PrintPiece::Value(v) => v.to_string(),
                })
                .collect();
            write!(out, "{} {}", m::PRINT, items.join(", "))
        }
    };
}

fn write_terminator(out: &mut String, term: &Terminator) {
    use crate::names::mnemonic as m;
    let _ = match term {
        Terminator::Jump(b) => write!(out, "{} {b}", m::JUMP),
        Terminator::Branch(c, t, e) => write!(out, "{} {c}, {t}, {e}", m::BR),
        Terminator::Return(None) => write!(out, "{}", m::RET),
        Terminator::Return(Some(v)) => write!(out, "{} {v}", m::RET),
        Terminator::Unreachable => write!(out, "{}", m::UNREACHABLE),
    };
}

/// The text name of a unary operator ([`UnaryOp::name`]).
#[must_use]
pub const fn unary_name(op: UnaryOp) -> &'static str {
    op.name()
}

/// The text name of a binary operator ([`BinOp::name`]).
#[must_use]
pub const fn binop_name(op: BinOp) -> &'static str {
    op.name()
}

/// The text name of a comparison ([`CmpOp::name`]).
#[must_use]
pub const fn cmp_name(op: CmpOp) -> &'static str {
    op.name()
}

/// The text name of an atomic operation ([`AtomicOp::name`]).
#[must_use]
pub const fn atomic_name(op: AtomicOp) -> &'static str {
    op.name()
}

/// The text name of an intrinsic (`threadidx.x`, `syncthreads`, …: [`Intrinsic::name`]).
#[must_use]
pub fn intrinsic_name(i: Intrinsic) -> &'static str {
    i.name()
}

/// The math function with this C name.
#[must_use]
pub fn math_by_name(name: &str) -> Option<MathFn> {
    MathFn::ALL.iter().copied().find(|m| m.c_name() == name)
}
