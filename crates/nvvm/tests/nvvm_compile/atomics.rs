//! Atomic operations on every type that supports them, and refusals for the rest.

use oxcuda_ir::{AtomicOp, Op, Scalar, Type};
use oxcuda_nvvm::{CodegenOptions, write_module};

use crate::build::{Fb, arr1, module};
use crate::toolchain::{check, ptx_function, tools_or_skip};

const ALL: [AtomicOp; 13] = [
    AtomicOp::Add,
    AtomicOp::Sub,
    AtomicOp::Min,
    AtomicOp::Max,
    AtomicOp::NanMin,
    AtomicOp::NanMax,
    AtomicOp::And,
    AtomicOp::Or,
    AtomicOp::Xor,
    AtomicOp::Exch,
    AtomicOp::Inc,
    AtomicOp::Dec,
    AtomicOp::Cas,
];

fn supported(s: Scalar, op: AtomicOp) -> bool {
    match s {
        Scalar::I32 | Scalar::U32 | Scalar::I64 | Scalar::U64 => true,
        Scalar::F32 | Scalar::F64 => !matches!(
            op,
            AtomicOp::And | AtomicOp::Or | AtomicOp::Xor | AtomicOp::Inc | AtomicOp::Dec
        ),
        Scalar::F16 => matches!(op, AtomicOp::Add | AtomicOp::Sub),
        _ => false,
    }
}

fn atomic_kernel(s: Scalar, ops: &[AtomicOp]) -> oxcuda_ir::Module {
    let mut b = Fb::kernel("atomics", vec![arr1(s)]);
    let a = b.param(0);
    let v = b.load1(a, 0);
    let w = b.load1(a, 1);
    for (k, op) in ops.iter().enumerate() {
        let i = b.i64(k as i128 + 2);
        let args = if *op == AtomicOp::Cas {
            vec![v, w]
        } else {
            vec![v]
        };
        let old = b.v(Op::Atomic(*op, a, vec![i], args), Type::Scalar(s));
        b.store1(a, 0, old);
    }
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn every_supported_atomic_compiles() {
    let tools = tools_or_skip!();
    for s in [
        Scalar::I32,
        Scalar::U32,
        Scalar::I64,
        Scalar::U64,
        Scalar::F32,
        Scalar::F64,
        Scalar::F16,
    ] {
        let ops: Vec<AtomicOp> = ALL.iter().copied().filter(|op| supported(s, *op)).collect();
        let ptx = check(&tools, &atomic_kernel(s, &ops));
        let body = ptx_function(&ptx, "atomics");
        let want: &[&str] = match s {
            Scalar::I32 => &[
                "add.u32", "min.s32", "max.s32", "and.b32", "exch.b32", "inc.u32", "dec.u32",
                "cas.b32",
            ],
            Scalar::U32 => &["min.u32", "max.u32", "inc.u32"],
            Scalar::I64 => &["add.u64", "min.s64", "cas.b64"],
            Scalar::U64 => &["min.u64", "max.u64", "cas.b64"],
            Scalar::F32 => &["add.f32", "cas.b32", "exch.b32"],
            Scalar::F64 => &["add.f64", "cas.b64"],
            _ => &["atom.add.noftz.f16"],
        };
        for w in want {
            assert!(
                body.contains(&format!("atom.global.{w}"))
                    || body.contains(&format!("atom.{w}"))
                    || body.contains(w),
                "{s}: {w} missing:\n{body}"
            );
        }
    }
}

#[test]
fn unsupported_atomics_are_refused() {
    for (s, op) in [
        (Scalar::I8, AtomicOp::Add),
        (Scalar::I16, AtomicOp::Cas),
        (Scalar::F32, AtomicOp::And),
        (Scalar::F64, AtomicOp::Inc),
        (Scalar::F16, AtomicOp::Max),
        (Scalar::C64, AtomicOp::Add),
        (Scalar::Bool, AtomicOp::Exch),
    ] {
        let err = write_module(&atomic_kernel(s, &[op]), &CodegenOptions::default())
            .expect_err("refused");
        assert!(err.message.contains("atomic"), "{err}");
    }
}
