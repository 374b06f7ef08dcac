//! `assert` in debug builds: no trap; the failure is recorded in `__oxcuda_assert_info` with a
//! compare-and-swap, the thread's indices stored, and the thread exits.

use oxcuda_ir::{CmpOp, Intrinsic, Loc, Op, Scalar, Type};
use oxcuda_nvvm::{ASSERT_INFO, AssertSite, CodegenOptions, write_module_full};

use crate::build::{Fb, arr1, module};
use crate::toolchain::{check_with, tools_or_skip};

/// A kernel asserting `x[0] >= 0` (with a message) and, in a device function, `x[1] != 0`.
fn asserting_kernel() -> oxcuda_ir::Module {
    let mut d = Fb::device("check_nonzero", vec![Type::F64], Type::None);
    let v = d.param(0);
    let zero = d.float(0.0, Scalar::F64);
    let ok = d.v(Op::Compare(CmpOp::Ne, v, zero), Type::BOOL);
    d.e(Op::Intrinsic(Intrinsic::Assert, vec![ok]));
    d.ret(None);
    let mut dev = d.finish();
    dev.display_name = "check_nonzero".into();

    let mut b = Fb::kernel("k", vec![arr1(Scalar::F64)]);
    let x = b.param(0);
    let a = b.load1(x, 0);
    let zero = b.float(0.0, Scalar::F64);
    let ok = b.v(Op::Compare(CmpOp::Ge, a, zero), Type::BOOL);
    b.e(Op::Intrinsic(Intrinsic::Assert, vec![ok]));
    let c = b.load1(x, 1);
    b.e(Op::Call(oxcuda_ir::FuncId(1), vec![c]));
    b.ret(None);
    let mut k = b.finish();
    k.display_name = "k".into();
    // the assert's location: the line the builder gave its instruction
    let at = k.blocks[0]
        .insts
        .iter()
        .find(|i| matches!(i.op, Op::Intrinsic(Intrinsic::Assert, _)))
        .map(|i| i.loc)
        .expect("an assert");
    k.assert_messages.push((at, "x[0] is negative".into()));
    module(vec![k, dev])
}

fn debug() -> CodegenOptions {
    CodegenOptions {
        debug: true,
        opt_level: 0,
        ..CodegenOptions::default()
    }
}

#[test]
fn the_writer_numbers_asserts_and_reports_their_sites() {
    let m = asserting_kernel();
    let written = write_module_full(&m, &debug()).unwrap();
    let loc = |s: &AssertSite| Loc {
        line: s.line,
        col: s.col,
    };
    assert_eq!(written.asserts.len(), 2, "{:?}", written.asserts);
    assert_eq!(written.asserts[0].message, "x[0] is negative");
    assert_eq!(written.asserts[0].function, "k");
    assert_eq!(written.asserts[0].file, "/tmp/kernels/q.py");
    assert_eq!(
        Some(loc(&written.asserts[0])),
        m.functions[0].assert_messages.first().map(|(l, _)| *l)
    );
    assert_eq!(written.asserts[1].message, ""); // none: the host gives numba-cuda's prefix alone
    assert_eq!(written.asserts[1].function, "check_nonzero");
    let text = &written.text;
    assert!(
        text.contains(&format!(
            "@{ASSERT_INFO} = addrspace(1) global [8 x i32] zeroinitializer"
        )),
        "{text}"
    );
    assert!(text.contains("i32 0, i32 1 monotonic monotonic"), "{text}");
    assert!(text.contains("i32 0, i32 2 monotonic monotonic"), "{text}");
    assert!(text.contains(&format!("@{ASSERT_INFO} to i8*)")), "{text}");
    assert!(!text.contains("llvm.trap"), "{text}");
    // without debug, asserts are not checked and the record does not exist
    let plain = write_module_full(&m, &CodegenOptions::default()).unwrap();
    assert!(plain.asserts.is_empty());
    assert!(!plain.text.contains(ASSERT_INFO), "{}", plain.text);
}

#[test]
fn debug_asserts_compile_without_a_trap() {
    let tools = tools_or_skip!();
    let m = asserting_kernel();
    for opts in [
        debug(),
        CodegenOptions {
            opt_level: 3,
            ..debug()
        },
    ] {
        let ptx = check_with(&tools, &m, &opts);
        assert!(!ptx.contains("trap"), "{ptx}");
        assert!(
            ptx.contains(&format!(".visible .global .align 16 .b8 {ASSERT_INFO}[32]")),
            "{ptx}"
        );
        assert!(ptx.contains("atom.global.cas.b32"), "{ptx}");
        assert!(ptx.contains("exit;"), "{ptx}");
        assert!(ptx.contains("%tid.x") && ptx.contains("%ctaid.z"), "{ptx}");
    }
}
