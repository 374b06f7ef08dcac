//! Arithmetic, comparisons, casts, select, variables and control flow on every scalar type.

use oxcuda_ir::{BinOp, CmpOp, Op, Scalar, Terminator, Type, UnaryOp};
use oxcuda_nvvm::{CodegenOptions, write_module};
use oxcuda_types::scalar::ALL_SCALARS;

use crate::build::{Fb, arr1, module};
use crate::toolchain::{check, ptx_function, tools_or_skip};

fn binops_for(s: Scalar) -> Vec<BinOp> {
    use BinOp::*;
    if s == Scalar::Bool {
        vec![BitAnd, BitOr, BitXor, Min, Max]
    } else if s.is_int() {
        vec![
            Add, Sub, Mul, FloorDiv, Mod, Pow, BitAnd, BitOr, BitXor, Shl, Shr, Min, Max,
        ]
    } else if s.is_float() {
        vec![Add, Sub, Mul, Div, FloorDiv, Mod, Pow, Min, Max]
    } else {
        vec![Add, Sub, Mul, Div, Pow]
    }
}

fn unops_for(s: Scalar) -> Vec<UnaryOp> {
    if s == Scalar::Bool {
        vec![UnaryOp::Not]
    } else if s.is_int() {
        vec![UnaryOp::Neg, UnaryOp::BitNot]
    } else {
        vec![UnaryOp::Neg]
    }
}

fn cmps_for(s: Scalar) -> Vec<CmpOp> {
    use CmpOp::*;
    if s.is_complex() {
        vec![Eq, Ne]
    } else {
        vec![Eq, Ne, Lt, Le, Gt, Ge]
    }
}

/// One kernel per type: every operator on two loaded operands, stored back.
fn arith_kernel(s: Scalar) -> oxcuda_ir::Module {
    let t = Type::Scalar(s);
    let mut b = Fb::kernel("arith", vec![arr1(s), arr1(Scalar::Bool)]);
    let out = b.param(0);
    let flags = b.param(1);
    let x = b.load1(out, 0);
    let y = b.load1(out, 1);
    let mut k = 2;
    for op in binops_for(s) {
        let r = b.v(Op::Binary(op, x, y), t.clone());
        b.store1(out, k, r);
        k += 1;
    }
    for op in unops_for(s) {
        let r = b.v(Op::Unary(op, x), t.clone());
        b.store1(out, k, r);
        k += 1;
    }
    let c = b.konst(s);
    let r = b.v(Op::Binary(BinOp::Add, x, c), t.clone());
    let r = if s == Scalar::Bool {
        b.v(Op::Binary(BinOp::BitOr, x, c), t.clone())
    } else {
        r
    };
    b.store1(out, k, r);
    for (j, op) in cmps_for(s).into_iter().enumerate() {
        let r = b.v(Op::Compare(op, x, y), Type::BOOL);
        b.store1(flags, j as i128, r);
        if j == 0 {
            let sel = b.v(Op::Select(r, x, y), t.clone());
            b.store1(out, 0, sel);
        }
    }
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn every_operator_on_every_type_compiles() {
    let tools = tools_or_skip!();
    // The fp8 types have no operators (their conversions are device-library calls).
    for s in ALL_SCALARS.into_iter().filter(|s| !s.is_fp8()) {
        let m = if s == Scalar::Bool {
            // `Add` is not defined on bool: build the bool kernel without it.
            let mut b = Fb::kernel("arith", vec![arr1(s)]);
            let out = b.param(0);
            let x = b.load1(out, 0);
            let y = b.load1(out, 1);
            for (k, op) in binops_for(s).into_iter().enumerate() {
                let r = b.v(Op::Binary(op, x, y), Type::BOOL);
                b.store1(out, k as i128 + 2, r);
            }
            let r = b.v(Op::Unary(UnaryOp::Not, x), Type::BOOL);
            b.store1(out, 9, r);
            for (k, op) in cmps_for(s).into_iter().enumerate() {
                let r = b.v(Op::Compare(op, x, y), Type::BOOL);
                b.store1(out, 10 + k as i128, r);
            }
            b.ret(None);
            module(vec![b.finish()])
        } else {
            arith_kernel(s)
        };
        let ptx = check(&tools, &m);
        assert!(ptx.contains(".entry arith("), "{s}: {ptx}");
    }
}

#[test]
fn integer_division_never_traps_and_floors() {
    let tools = tools_or_skip!();
    let m = arith_kernel(Scalar::I32);
    let ir = write_module(&m, &CodegenOptions::default()).unwrap();
    // The divisor is replaced where the hardware division is undefined.
    assert!(ir.contains("icmp eq i32"), "{ir}");
    assert!(ir.contains("sdiv i32") && ir.contains("srem i32"), "{ir}");
    assert!(ir.contains("@__oxcuda_ipow_int32"), "{ir}");
    let ptx = check(&tools, &m);
    assert!(ptx.contains("div.s32"), "{ptx}");
    let m = arith_kernel(Scalar::U64);
    let ptx = check(&tools, &m);
    assert!(ptx.contains("div.u64") || ptx.contains("rem.u64"), "{ptx}");
}

#[test]
fn float_operators_use_libdevice_without_approximations() {
    let tools = tools_or_skip!();
    let m = arith_kernel(Scalar::F32);
    let ir = write_module(&m, &CodegenOptions::default()).unwrap();
    for name in [
        "@__nv_floorf",
        "@__nv_fmodf",
        "@__nv_powf",
        "@__nv_copysignf",
    ] {
        assert!(ir.contains(name), "{name} missing:\n{ir}");
    }
    let ptx = check(&tools, &m);
    // `x / y` is IEEE division (libdevice's internals may use `div.approx` where it is exact
    // enough; fastmath's `div.full` never appears).
    assert!(ptx.contains("div.rn.f32"), "IEEE division: {ptx}");
    assert!(!ptx.contains("div.full"), "IEEE division: {ptx}");
    let m = arith_kernel(Scalar::F16);
    let ptx = check(&tools, &m);
    assert!(
        ptx.contains("add.f16") || ptx.contains("add.rn.f16"),
        "native half add: {ptx}"
    );
}

#[test]
fn complex_arithmetic_uses_helpers() {
    let tools = tools_or_skip!();
    for s in [Scalar::C64, Scalar::C128] {
        let m = arith_kernel(s);
        let ir = write_module(&m, &CodegenOptions::default()).unwrap();
        assert!(
            ir.contains(&format!(
                "define internal {} @__oxcuda_cdiv_{}",
                if s == Scalar::C64 {
                    "{ float, float }"
                } else {
                    "{ double, double }"
                },
                s.name()
            )),
            "{ir}"
        );
        assert!(ir.contains(&format!("@__oxcuda_cpow_{}", s.name())), "{ir}");
        check(&tools, &m);
    }
}

#[test]
fn every_cast_compiles() {
    let tools = tools_or_skip!();
    // Not the fp8 types: no IR cast involves them (their conversions are device-library calls).
    let scalars: Vec<Scalar> = ALL_SCALARS.into_iter().filter(|s| !s.is_fp8()).collect();
    let params: Vec<Type> = scalars.iter().map(|s| arr1(*s)).collect();
    let mut b = Fb::kernel("casts", params);
    let arrays: Vec<_> = (0..scalars.len() as u32).map(|i| b.param(i)).collect();
    let loaded: Vec<_> = arrays.iter().map(|a| b.load1(*a, 0)).collect();
    for (fi, from) in scalars.iter().enumerate() {
        for (ti, to) in scalars.iter().enumerate() {
            let _ = from;
            let r = b.v(Op::Cast(loaded[fi]), Type::Scalar(*to));
            b.store1(arrays[ti], fi as i128 + 1, r);
        }
    }
    b.ret(None);
    let ptx = check(&tools, &module(vec![b.finish()]));
    let body = ptx_function(&ptx, "casts");
    for cvt in [
        "cvt.rzi.s32.f32",
        "cvt.rn.f32.s64",
        "cvt.f64.f32",
        "cvt.rn.f32.f64",
        "cvt.rn.f16.f32",
    ] {
        assert!(body.contains(cvt), "{cvt} missing: {body}");
    }
}

#[test]
fn refused_operations_are_errors_not_bad_ir() {
    let bad = [
        (Scalar::I32, BinOp::Div),
        (Scalar::C64, BinOp::Min),
        (Scalar::C128, BinOp::FloorDiv),
        (Scalar::Bool, BinOp::Add),
        (Scalar::F32, BinOp::BitAnd),
    ];
    for (s, op) in bad {
        let mut b = Fb::kernel("k", vec![arr1(s)]);
        let a = b.param(0);
        let x = b.load1(a, 0);
        let r = b.v(Op::Binary(op, x, x), Type::Scalar(s));
        b.store1(a, 0, r);
        b.ret(None);
        let err = write_module(&module(vec![b.finish()]), &CodegenOptions::default())
            .expect_err("refused");
        assert!(err.to_string().contains("k bb0["), "{err}");
    }
    let mut b = Fb::kernel("k", vec![arr1(Scalar::C64)]);
    let a = b.param(0);
    let x = b.load1(a, 0);
    let r = b.v(Op::Compare(CmpOp::Lt, x, x), Type::BOOL);
    let _ = r;
    b.ret(None);
    assert!(write_module(&module(vec![b.finish()]), &CodegenOptions::default()).is_err());
}

/// `s = 0; i = 0; while i < n: s += x[i]; i += 1; out[0] = s` with variables, and a branch
/// back to `bb0`'s successor.
#[test]
fn loops_with_variables() {
    let tools = tools_or_skip!();
    let f32t = Type::Scalar(Scalar::F32);
    let mut b = Fb::kernel("total", vec![arr1(Scalar::F32), arr1(Scalar::F32)]);
    let s = b.f.new_var("s", f32t.clone());
    let i = b.f.new_var("i", Type::I64);
    let out = b.param(0);
    let x = b.param(1);
    let zero = b.float(0.0, Scalar::F32);
    b.e(Op::SetVar(s, zero));
    let zero = b.i64(0);
    b.e(Op::SetVar(i, zero));
    let head = b.block();
    let body = b.block();
    let exit = b.block();
    let dead = b.block();
    b.term(Terminator::Jump(head));
    b.at(head);
    let iv = b.v(Op::GetVar(i), Type::I64);
    let n = b.v(Op::ArrayShape(x, 0), Type::I64);
    let more = b.v(Op::Compare(CmpOp::Lt, iv, n), Type::BOOL);
    b.term(Terminator::Branch(more, body, exit));
    b.at(body);
    let iv = b.v(Op::GetVar(i), Type::I64);
    let xi = b.v(Op::Load(x, vec![iv]), f32t.clone());
    let sv = b.v(Op::GetVar(s), f32t.clone());
    let sum = b.v(Op::Binary(BinOp::Add, sv, xi), f32t.clone());
    b.e(Op::SetVar(s, sum));
    let one = b.i64(1);
    let next = b.v(Op::Binary(BinOp::Add, iv, one), Type::I64);
    b.e(Op::SetVar(i, next));
    b.term(Terminator::Jump(head));
    b.at(exit);
    let sv = b.v(Op::GetVar(s), f32t.clone());
    b.store1(out, 0, sv);
    b.ret(None);
    // An unreachable block that uses a value it cannot see: never written.
    b.at(dead);
    b.store1(out, 1, sum);
    b.term(Terminator::Unreachable);
    let m = module(vec![b.finish()]);
    let ir = write_module(&m, &CodegenOptions::default()).unwrap();
    assert!(ir.contains("alloca float") && !ir.contains("bb4:"), "{ir}");
    let ptx = check(&tools, &m);
    let body = ptx_function(&ptx, "total");
    // mem2reg removed the slots: no local memory.
    assert!(!body.contains(".local"), "{body}");
}
