//! Warp-level intrinsics: every shuffle mode on every value type, the votes, the matches,
//! `activemask` and `lanemask_lt`, compiled for compute_75/90/100 and linked to sm_75, sm_90 and
//! sm_100 cubins (`match.sync` needs sm_70; `activemask` is inline PTX because the older
//! architectures' libNVVM leaves `llvm.nvvm.activemask` an unresolved call, which only the link
//! would show).

use oxcuda_ir::{Intrinsic, MatchMode, Op, Scalar, ShflMode, Type, VoteMode};
use oxcuda_nvvm::{CodegenOptions, LinkDebug, NvvmOutput, link_cubin};

use crate::build::{Fb, arr1, module};
use crate::toolchain::{compile, ptx_function, tools_or_skip};

const VALUES: [Scalar; 6] = [
    Scalar::I32,
    Scalar::I64,
    Scalar::U32,
    Scalar::U64,
    Scalar::F32,
    Scalar::F64,
];

fn warp_kernel() -> oxcuda_ir::Module {
    let mut params: Vec<Type> = VALUES.iter().map(|s| arr1(*s)).collect();
    params.push(arr1(Scalar::U32));
    params.push(arr1(Scalar::I32));
    let mut b = Fb::kernel("warp", params);
    let masks = b.param(6);
    let ints = b.param(7);
    let mask = b.load1(masks, 0);
    let lane = b.load1(ints, 0);
    for (k, s) in VALUES.iter().enumerate() {
        let arr = b.param(k as u32);
        let x = b.load1(arr, 0);
        for (slot, mode) in [ShflMode::Idx, ShflMode::Up, ShflMode::Down, ShflMode::Bfly]
            .into_iter()
            .enumerate()
        {
            let r = b.v(
                Op::Intrinsic(Intrinsic::Shfl(mode), vec![mask, x, lane]),
                Type::Scalar(*s),
            );
            b.store1(arr, 1 + slot as i128, r);
        }
        for (slot, mode) in [MatchMode::Any, MatchMode::All].into_iter().enumerate() {
            let r = b.v(
                Op::Intrinsic(Intrinsic::Match(mode), vec![mask, x]),
                Type::I32,
            );
            b.store1(ints, 8 * k as i128 + 1 + slot as i128, r);
        }
    }
    let zero = b.int(0, Scalar::I32);
    let pred = b.v(Op::Compare(oxcuda_ir::CmpOp::Gt, lane, zero), Type::BOOL);
    for (slot, mode) in [VoteMode::All, VoteMode::Any, VoteMode::Uni]
        .into_iter()
        .enumerate()
    {
        let r = b.v(
            Op::Intrinsic(Intrinsic::Vote(mode), vec![mask, pred]),
            Type::BOOL,
        );
        let r = b.v(Op::Cast(r), Type::I32);
        b.store1(ints, 60 + slot as i128, r);
    }
    let ballot = b.v(
        Op::Intrinsic(Intrinsic::Vote(VoteMode::Ballot), vec![mask, pred]),
        Type::I32,
    );
    b.store1(ints, 63, ballot);
    for (slot, i) in [Intrinsic::ActiveMask, Intrinsic::LanemaskLt]
        .into_iter()
        .enumerate()
    {
        let r = b.v(Op::Intrinsic(i, vec![]), Type::Scalar(Scalar::U32));
        b.store1(masks, 1 + slot as i128, r);
    }
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn warp_intrinsics_compile_and_link_for_every_architecture() {
    let tools = tools_or_skip!();
    let m = warp_kernel();
    for cc in [(7, 5), (9, 0), (10, 0)] {
        let opts = CodegenOptions {
            cc,
            ..CodegenOptions::default()
        };
        let out = compile(&tools, &m, &opts).unwrap_or_else(|e| {
            let ir = oxcuda_nvvm::write_module(&m, &opts).unwrap_or_default();
            panic!("compute_{}{} failed: {e}\n--- IR ---\n{ir}", cc.0, cc.1)
        });
        let cubin = link_cubin(&tools.link, &out, &[], cc, false, LinkDebug::None)
            .unwrap_or_else(|e| panic!("nvJitLink sm_{}{} failed: {e}", cc.0, cc.1));
        assert_eq!(&cubin[..4], b"\x7fELF");
        let NvvmOutput::Ptx(ptx) = out else {
            panic!("expected PTX")
        };
        let body = ptx_function(&ptx, "warp");
        for needle in [
            "shfl.sync.idx.b32",
            "shfl.sync.up.b32",
            "shfl.sync.down.b32",
            "shfl.sync.bfly.b32",
            "vote.sync.all.pred",
            "vote.sync.any.pred",
            "vote.sync.uni.pred",
            "vote.sync.ballot.b32",
            "match.any.sync.b32",
            "match.any.sync.b64",
            "match.all.sync.b32",
            "match.all.sync.b64",
            "activemask.b32",
            "%lanemask_lt",
        ] {
            assert!(
                body.contains(needle),
                "sm_{}{}: {needle} missing:\n{body}",
                cc.0,
                cc.1
            );
        }
        // 4 modes × (3 32-bit values + 3 64-bit values in two halves).
        let shuffles = body.matches("shfl.sync.").count();
        assert_eq!(shuffles, 4 * (3 + 3 * 2), "sm_{}{}:\n{body}", cc.0, cc.1);
        // The clamp operand: 31 for idx/down/bfly, 0 for up.
        for line in body.lines().filter(|l| l.contains("shfl.sync.")) {
            let c = line.split(',').nth(3).map(str::trim);
            let want = if line.contains(".up.") { "0" } else { "31" };
            assert_eq!(c, Some(want), "sm_{}{}: {line}", cc.0, cc.1);
        }
    }
}
