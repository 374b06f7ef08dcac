//! Every math function on float16/32/64 through libdevice.

use oxcuda_ir::{MathFn, Op, Scalar, Type};
use oxcuda_nvvm::{CodegenOptions, write_module_full};

use crate::build::{Fb, arr1, module};
use crate::toolchain::{check, check_with, ptx_function, tools_or_skip};

fn math_kernel(s: Scalar, fns: &[MathFn]) -> oxcuda_ir::Module {
    let mut b = Fb::kernel(
        "maths",
        vec![arr1(s), arr1(Scalar::Bool), arr1(Scalar::I32)],
    );
    let out = b.param(0);
    let flags = b.param(1);
    let ints = b.param(2);
    let x = b.load1(out, 0);
    let y = b.load1(out, 1);
    let z = b.load1(out, 2);
    let n = b.load1(ints, 0);
    for (k, m) in fns.iter().enumerate() {
        let args = match m {
            MathFn::Ldexp => vec![x, n],
            _ => [x, y, z][..m.arity()].to_vec(),
        };
        let ret = m.result(s);
        let r = b.v(Op::Math(*m, args), Type::Scalar(ret));
        match ret {
            Scalar::Bool => b.store1(flags, k as i128, r),
            Scalar::I32 => b.store1(ints, k as i128 + 1, r),
            _ => b.store1(out, k as i128 + 3, r),
        }
    }
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn every_math_function_on_every_float_type() {
    let tools = tools_or_skip!();
    for s in [Scalar::F16, Scalar::F32, Scalar::F64] {
        let m = math_kernel(s, &MathFn::ALL);
        let written = write_module_full(&m, &CodegenOptions::default()).unwrap();
        assert!(written.needs_libdevice);
        let ptx = check(&tools, &m);
        let body = ptx_function(&ptx, "maths");
        assert!(!ptx.contains("__nv_"), "libdevice inlined for {s}:\n{body}");
        // libdevice builds its functions on `ex2.approx`, `lg2.approx`, `div.approx` with
        // corrections; the fastmath-only approximations are the trigonometric ones.
        for fast in ["sin.approx", "cos.approx"] {
            assert!(!body.contains(fast), "{s}: {fast} without fastmath");
        }
    }
}

#[test]
fn fastmath_uses_the_fast_paths() {
    let tools = tools_or_skip!();
    let m = math_kernel(
        Scalar::F32,
        &[
            MathFn::Sin,
            MathFn::Cos,
            MathFn::Exp,
            MathFn::Log,
            MathFn::Sqrt,
        ],
    );
    let precise = check(&tools, &m);
    assert!(!precise.contains("sin.approx"), "{precise}");
    let fast = CodegenOptions {
        fastmath: true,
        ..CodegenOptions::default()
    };
    let ptx = check_with(&tools, &m, &fast);
    assert!(ptx.contains("sin.approx.ftz.f32"), "{ptx}");
    assert!(ptx.contains("sqrt.approx.ftz.f32"), "{ptx}");
}

#[test]
fn predicates_use_libdevice_names() {
    let m = math_kernel(
        Scalar::F64,
        &[MathFn::IsNan, MathFn::IsInf, MathFn::IsFinite],
    );
    let text = write_module_full(&m, &CodegenOptions::default())
        .unwrap()
        .text;
    for name in ["__nv_isnand", "__nv_isinfd", "__nv_isfinited"] {
        assert!(
            text.contains(&format!("declare i32 @{name}(double)")),
            "{text}"
        );
    }
    let m = math_kernel(Scalar::F16, &[MathFn::IsFinite, MathFn::Ldexp]);
    let text = write_module_full(&m, &CodegenOptions::default())
        .unwrap()
        .text;
    assert!(
        text.contains("@__nv_finitef(float") && text.contains("@__nv_ldexpf(float"),
        "{text}"
    );
}

#[test]
fn ilogb_returns_int32_from_libdevice() {
    for (s, call) in [
        (Scalar::F64, "call i32 @__nv_ilogb(double"),
        (Scalar::F32, "call i32 @__nv_ilogbf(float"),
        (Scalar::F16, "call i32 @__nv_ilogbf(float"),
    ] {
        let m = math_kernel(s, &[MathFn::Ilogb]);
        let text = write_module_full(&m, &CodegenOptions::default())
            .unwrap()
            .text;
        assert!(text.contains(call), "{s}: {text}");
    }
}

#[test]
fn a_module_without_math_needs_no_libdevice() {
    let tools = tools_or_skip!();
    let mut b = Fb::kernel("plain", vec![arr1(Scalar::F32)]);
    let a = b.param(0);
    let x = b.load1(a, 0);
    b.store1(a, 1, x);
    b.ret(None);
    let m = module(vec![b.finish()]);
    let written = write_module_full(&m, &CodegenOptions::default()).unwrap();
    assert!(!written.needs_libdevice);
    let out = oxcuda_nvvm::compile_module(&tools.nvvm, &m, &CodegenOptions::default(), None);
    assert!(out.is_ok(), "{out:?}");
    let m = math_kernel(Scalar::F32, &[MathFn::Sin]);
    let out = oxcuda_nvvm::compile_module(&tools.nvvm, &m, &CodegenOptions::default(), None);
    assert!(
        matches!(out, Err(oxcuda_nvvm::CompileError::MissingLibdevice)),
        "{out:?}"
    );
}
