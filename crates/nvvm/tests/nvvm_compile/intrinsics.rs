//! Special registers, barriers, fences, warp sync, bit operations, nanosleep, assert.

use oxcuda_ir::{Dim, Intrinsic, Op, Scalar, Type};
use oxcuda_nvvm::CodegenOptions;

use crate::build::{Fb, arr1, module};
use crate::toolchain::{check, check_with, ptx_function, tools_or_skip};

fn intrinsics_kernel() -> oxcuda_ir::Module {
    let mut b = Fb::kernel(
        "intr",
        vec![
            arr1(Scalar::I32),
            arr1(Scalar::U32),
            arr1(Scalar::I64),
            arr1(Scalar::U64),
            arr1(Scalar::U8),
        ],
    );
    let out = b.param(0);
    let u32s = b.param(1);
    let i64s = b.param(2);
    let u64s = b.param(3);
    let u8s = b.param(4);
    let mut k = 0;
    let mut put = |b: &mut Fb, v| {
        b.store1(out, k, v);
        k += 1;
    };
    for d in [Dim::X, Dim::Y, Dim::Z] {
        for i in [
            Intrinsic::ThreadIdx(d),
            Intrinsic::BlockIdx(d),
            Intrinsic::BlockDim(d),
            Intrinsic::GridDim(d),
        ] {
            let v = b.v(Op::Intrinsic(i, vec![]), Type::I32);
            put(&mut b, v);
        }
    }
    for i in [Intrinsic::LaneId, Intrinsic::WarpSize] {
        let v = b.v(Op::Intrinsic(i, vec![]), Type::I32);
        put(&mut b, v);
    }
    b.e(Op::Intrinsic(Intrinsic::Syncthreads, vec![]));
    let x = b.load1(out, 0);
    let zero = b.int(0, Scalar::I32);
    let pred = b.v(Op::Compare(oxcuda_ir::CmpOp::Gt, x, zero), Type::BOOL);
    for i in [
        Intrinsic::SyncthreadsCount,
        Intrinsic::SyncthreadsAnd,
        Intrinsic::SyncthreadsOr,
    ] {
        let v = b.v(Op::Intrinsic(i, vec![pred]), Type::I32);
        put(&mut b, v);
    }
    for i in [
        Intrinsic::Threadfence,
        Intrinsic::ThreadfenceBlock,
        Intrinsic::ThreadfenceSystem,
    ] {
        b.e(Op::Intrinsic(i, vec![]));
    }
    let mask = b.load1(u32s, 0);
    b.e(Op::Intrinsic(Intrinsic::Syncwarp, vec![mask]));
    b.e(Op::Intrinsic(Intrinsic::Nanosleep, vec![mask]));
    for (arr, s) in [
        (u32s, Scalar::U32),
        (i64s, Scalar::I64),
        (u64s, Scalar::U64),
        (out, Scalar::I32),
        (u8s, Scalar::U8),
    ] {
        let v = b.load1(arr, 1);
        for i in [Intrinsic::Popc, Intrinsic::Clz, Intrinsic::Brev] {
            if i == Intrinsic::Brev && !matches!(s, Scalar::U32 | Scalar::U64) {
                continue;
            }
            let r = b.v(Op::Intrinsic(i, vec![v]), Type::Scalar(s));
            b.store1(arr, 2, r);
        }
        let r = b.v(
            Op::Intrinsic(Intrinsic::Ffs, vec![v]),
            Type::Scalar(Scalar::U32),
        );
        b.store1(u32s, 3, r);
    }
    b.e(Op::Intrinsic(Intrinsic::Assert, vec![pred]));
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn every_intrinsic_compiles_to_its_instruction() {
    let tools = tools_or_skip!();
    let m = intrinsics_kernel();
    let ptx = check(&tools, &m);
    let body = ptx_function(&ptx, "intr");
    for needle in [
        "%tid.x",
        "%tid.z",
        "%ctaid.y",
        "%ntid.x",
        "%nctaid.z",
        "%laneid",
        "bar.sync",
        "bar.red.popc.u32",
        "bar.red.and.pred",
        "bar.red.or.pred",
        "membar.gl",
        "membar.cta",
        "membar.sys",
        "bar.warp.sync",
        "nanosleep.u32",
        "popc.b32",
        "popc.b64",
        "clz.b32",
        "clz.b64",
        "brev.b32",
        "brev.b64",
    ] {
        assert!(body.contains(needle), "{needle} missing:\n{body}");
    }
    assert!(
        !body.contains("trap"),
        "assert is not checked without debug"
    );
}

#[test]
fn assert_exits_without_a_trap_in_debug_builds() {
    let tools = tools_or_skip!();
    let m = intrinsics_kernel();
    let debug = CodegenOptions {
        debug: true,
        ..CodegenOptions::default()
    };
    let ptx = check_with(&tools, &m, &debug);
    assert!(!ptx.contains("trap;") && ptx.contains("exit;"), "{ptx}");
}

/// `k(a: float32[:])`: `a[wrap(blockIdx.x * blockDim.x + threadIdx.x)] = 0`, with the
/// front end's negative-index wraparound spelled out.
fn wrapped_thread_index() -> oxcuda_ir::Module {
    use oxcuda_ir::{BinOp, CmpOp};
    let mut b = Fb::kernel("wrapped", vec![arr1(Scalar::F32)]);
    let a = b.param(0);
    let wide = |b: &mut Fb, i| {
        let r = b.v(Op::Intrinsic(i, vec![]), Type::I32);
        b.v(Op::Cast(r), Type::I64)
    };
    let block = wide(&mut b, Intrinsic::BlockIdx(Dim::X));
    let dim = wide(&mut b, Intrinsic::BlockDim(Dim::X));
    let thread = wide(&mut b, Intrinsic::ThreadIdx(Dim::X));
    let base = b.v(Op::Binary(BinOp::Mul, block, dim), Type::I64);
    let i = b.v(Op::Binary(BinOp::Add, base, thread), Type::I64);
    let zero = b.i64(0);
    let negative = b.v(Op::Compare(CmpOp::Lt, i, zero), Type::BOOL);
    let n = b.v(Op::ArrayShape(a, 0), Type::I64);
    let wrapped = b.v(Op::Binary(BinOp::Add, i, n), Type::I64);
    let index = b.v(Op::Select(negative, wrapped, i), Type::I64);
    let x = b.float(0.0, Scalar::F32);
    b.e(Op::Store(a, vec![index], x));
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn thread_indices_are_known_non_negative() {
    // `!range` on the special registers: libNVVM drops the wraparound select and multiplies
    // blockIdx.x by blockDim.x with one 32 × 32 → 64-bit multiply.
    let tools = tools_or_skip!();
    let ptx = check(&tools, &wrapped_thread_index());
    let body = ptx_function(&ptx, "wrapped");
    assert!(body.contains("mul.wide.u32"), "{body}");
    for gone in ["selp", "shr.s64", "setp.lt.s64", "mul.lo.s64"] {
        assert!(!body.contains(gone), "{gone}:\n{body}");
    }
}

#[test]
fn grid_sync_compiles_to_the_workspace_barrier() {
    let tools = tools_or_skip!();
    let mut b = Fb::kernel("gridsync", vec![arr1(Scalar::I32)]);
    let out = b.param(0);
    let one = b.int(1, Scalar::I32);
    b.store1(out, 0, one);
    b.e(Op::Intrinsic(Intrinsic::GridSync, vec![]));
    let x = b.load1(out, 1);
    b.store1(out, 2, x);
    b.ret(None);
    let m = module(vec![b.finish()]);
    let ptx = check(&tools, &m);
    for needle in [
        "%envreg1",
        "%envreg2",
        "atom.add.u32",
        "ld.volatile",
        "membar.gl",
        "bar.sync",
        "trap",
    ] {
        assert!(ptx.contains(needle), "{needle} missing:\n{ptx}");
    }
}
