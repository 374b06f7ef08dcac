//! The kernel ABI (flattened parameters), tuples, complex values and device-function calls.

use oxcuda_ir::{BinOp, FuncId, Layout, Op, Scalar, Type};
use oxcuda_nvvm::{CodegenOptions, write_module};

use crate::build::{Fb, arr, arr1, module};
use crate::toolchain::{check, check_with, ptx_function, tools_or_skip};

/// `k(a: float32[:, ::1], flag: bool, z: complex128, t: (int32, int8[:]), h: float16, n: none)`.
fn abi_kernel() -> oxcuda_ir::Module {
    let tup = Type::Tuple(vec![Type::I32, arr(Scalar::I8, 1, Layout::A)]);
    let mut b = Fb::kernel(
        "abi",
        vec![
            arr(Scalar::F32, 2, Layout::C),
            Type::BOOL,
            Type::Scalar(Scalar::C128),
            tup.clone(),
            Type::Scalar(Scalar::F16),
            Type::None,
        ],
    );
    let a = b.param(0);
    let flag = b.param(1);
    let z = b.param(2);
    let t = b.param(3);
    let h = b.param(4);
    let _none = b.param(5);
    let i = b.i64(0);
    let re = b.v(Op::ComplexPart(z, false), Type::F64);
    let im = b.v(Op::ComplexPart(z, true), Type::F64);
    let s = b.v(Op::Binary(BinOp::Add, re, im), Type::F64);
    let hf = b.v(Op::Cast(h), Type::F64);
    let s = b.v(Op::Binary(BinOp::Add, s, hf), Type::F64);
    let n = b.v(Op::TupleGet(t, 0), Type::I32);
    let nf = b.v(Op::Cast(n), Type::F64);
    let s = b.v(Op::Binary(BinOp::Mul, s, nf), Type::F64);
    let zero = b.float(0.0, Scalar::F64);
    let s = b.v(Op::Select(flag, s, zero), Type::F64);
    let s = b.v(Op::Cast(s), Type::Scalar(Scalar::F32));
    b.e(Op::Store(a, vec![i, i], s));
    let bytes = b.v(Op::TupleGet(t, 1), arr(Scalar::I8, 1, Layout::A));
    let flag8 = b.v(Op::Cast(flag), Type::Scalar(Scalar::I8));
    b.e(Op::Store(bytes, vec![i], flag8));
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn kernel_parameters_are_flattened_as_documented() {
    let tools = tools_or_skip!();
    let m = abi_kernel();
    let ir = write_module(&m, &CodegenOptions::default()).unwrap();
    let define = ir.lines().find(|l| l.starts_with("define")).unwrap();
    assert_eq!(
        define,
        "define ptx_kernel void @abi(float* %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i8 %p5, \
         { double, double } %p6, i32 %p7, i8* %p8, i64 %p9, i64 %p10, half %p11) {"
    );
    let ptx = check(&tools, &m);
    let body = ptx_function(&ptx, "abi");
    let params: Vec<&str> = body
        .lines()
        .filter(|l| l.trim_start().starts_with(".param"))
        .map(|l| l.trim().trim_end_matches(','))
        .collect();
    assert_eq!(
        params,
        [
            ".param .u64 abi_param_0",
            ".param .u64 abi_param_1",
            ".param .u64 abi_param_2",
            ".param .u64 abi_param_3",
            ".param .u64 abi_param_4",
            ".param .u8 abi_param_5",
            ".param .align 8 .b8 abi_param_6[16]",
            ".param .u32 abi_param_7",
            ".param .u64 abi_param_8",
            ".param .u64 abi_param_9",
            ".param .u64 abi_param_10",
            ".param .b16 abi_param_11",
        ],
        "{body}"
    );
}

#[test]
fn device_functions_take_and_return_ir_types() {
    let tools = tools_or_skip!();
    let c64 = Type::Scalar(Scalar::C64);
    let a1 = arr1(Scalar::F32);
    let pair = Type::Tuple(vec![c64.clone(), a1.clone()]);
    // @f1: (complex64, float32[:]) -> (complex64, float32[:]), conjugating the complex.
    let mut d = Fb::device("conj_pair", vec![c64.clone(), a1.clone()], pair.clone());
    let z = d.param(0);
    let a = d.param(1);
    let re = d.v(Op::ComplexPart(z, false), Type::Scalar(Scalar::F32));
    let im = d.v(Op::ComplexPart(z, true), Type::Scalar(Scalar::F32));
    let nim = d.v(
        Op::Unary(oxcuda_ir::UnaryOp::Neg, im),
        Type::Scalar(Scalar::F32),
    );
    let zc = d.v(Op::MakeComplex(re, nim), c64.clone());
    let t = d.v(Op::MakeTuple(vec![zc, a]), pair.clone());
    d.ret(Some(t));
    // @f2: (float32[:], float32) -> none, stores.
    let mut s = Fb::device(
        "put",
        vec![a1.clone(), Type::Scalar(Scalar::F32)],
        Type::None,
    );
    let a = s.param(0);
    let x = s.param(1);
    s.store1(a, 0, x);
    s.ret(None);
    let mut k = Fb::kernel("caller", vec![a1.clone(), arr1(Scalar::C64)]);
    let a = k.param(0);
    let zs = k.param(1);
    let z = k.load1(zs, 0);
    let r = k.v(Op::Call(FuncId(1), vec![z, a]), pair.clone());
    let zc = k.v(Op::TupleGet(r, 0), c64.clone());
    let back = k.v(Op::TupleGet(r, 1), a1.clone());
    let q = k.v(Op::Binary(BinOp::Div, z, zc), c64.clone());
    k.store1(zs, 1, q);
    let re = k.v(Op::ComplexPart(q, false), Type::Scalar(Scalar::F32));
    k.e(Op::Call(FuncId(2), vec![back, re]));
    k.ret(None);
    let m = module(vec![k.finish(), d.finish(), s.finish()]);
    let ir = write_module(&m, &CodegenOptions::default()).unwrap();
    assert!(ir.contains("define internal { { float, float }, { float*, [1 x i64], [1 x i64] } } @conj_pair({ float, float } %a0, { float*, [1 x i64], [1 x i64] } %a1)"), "{ir}");
    assert!(ir.contains("define internal void @put("), "{ir}");
    check(&tools, &m);
}

#[test]
fn a_device_function_can_be_the_entry() {
    let tools = tools_or_skip!();
    let mut d = Fb::device("axpy_dev", vec![Type::F64, Type::F64, Type::F64], Type::F64);
    let a = d.param(0);
    let x = d.param(1);
    let y = d.param(2);
    let ax = d.v(Op::Binary(BinOp::Mul, a, x), Type::F64);
    let r = d.v(Op::Binary(BinOp::Add, ax, y), Type::F64);
    d.ret(Some(r));
    let m = module(vec![d.finish()]);
    let ptx = check(&tools, &m);
    assert!(
        ptx.contains(".visible .func  (.param .b64 func_retval0) axpy_dev("),
        "{ptx}"
    );
}

#[test]
fn symbols_must_be_identifiers() {
    for name in ["has.dot", "1digit", "__oxcuda_x", "__nv_sinf", ""] {
        let mut b = Fb::kernel(name, vec![]);
        b.ret(None);
        assert!(
            write_module(&module(vec![b.finish()]), &CodegenOptions::default()).is_err(),
            "{name}"
        );
    }
    let mut b = Fb::kernel("k", vec![]);
    b.ret(None);
    let f = b.finish();
    assert!(write_module(&module(vec![f.clone(), f]), &CodegenOptions::default()).is_err());
}

#[test]
fn unverified_ir_is_refused() {
    let mut b = Fb::kernel("k", vec![arr1(Scalar::F32)]);
    let a = b.param(0);
    let x = b.load1(a, 0);
    let r = b.v(Op::Binary(BinOp::Add, x, x), Type::F64);
    b.store1(a, 0, r);
    b.ret(None);
    let err = write_module(&module(vec![b.finish()]), &CodegenOptions::default()).unwrap_err();
    assert!(err.message.contains("does not verify"), "{err}");
}

/// Every scalar type as a kernel parameter: the PTX `.param` that `docs/abi.md` lists.
#[test]
fn scalar_parameters_in_ptx() {
    let tools = tools_or_skip!();
    let scalars = oxcuda_types::scalar::ALL_SCALARS;
    let mut b = Fb::kernel(
        "scalars",
        scalars.iter().map(|s| Type::Scalar(*s)).collect(),
    );
    for k in 0..scalars.len() as u32 {
        let _ = b.param(k);
    }
    b.ret(None);
    let ptx = check(&tools, &module(vec![b.finish()]));
    let body = ptx_function(&ptx, "scalars");
    let params: Vec<&str> = body
        .lines()
        .filter(|l| l.trim_start().starts_with(".param"))
        .map(|l| {
            l.trim()
                .trim_end_matches(',')
                .rsplit_once(' ')
                .map_or("", |p| p.0)
        })
        .collect();
    assert_eq!(
        params,
        [
            ".param .u8",          // bool
            ".param .u8",          // int8
            ".param .u16",         // int16
            ".param .u32",         // int32
            ".param .u64",         // int64
            ".param .u8",          // uint8
            ".param .u16",         // uint16
            ".param .u32",         // uint32
            ".param .u64",         // uint64
            ".param .b16",         // float16
            ".param .u16",         // bfloat16 (its bits in an i16)
            ".param .u8",          // fp8_e4m3 (its byte)
            ".param .u8",          // fp8_e5m2
            ".param .u8",          // fp8_e8m0
            ".param .f32",         // float32
            ".param .f64",         // float64
            ".param .align 4 .b8", // complex64: [8]
            ".param .align 8 .b8", // complex128: [16]
        ],
        "{body}"
    );
    assert!(
        body.contains("scalars_param_16[8]") && body.contains("scalars_param_17[16]"),
        "{body}"
    );
}

/// `fact(n) = 1 if n <= 1 else n * fact(n - 1)`, with a `none` parameter passed along, called
/// from a kernel that has a `none` parameter of its own.
#[test]
fn recursive_device_functions() {
    let tools = tools_or_skip!();
    let mut d = Fb::device("fact", vec![Type::I64, Type::None], Type::I64);
    let n = d.param(0);
    let none = d.param(1);
    let one = d.i64(1);
    let small = d.v(Op::Compare(oxcuda_ir::CmpOp::Le, n, one), Type::BOOL);
    let base = d.block();
    let rec = d.block();
    d.term(oxcuda_ir::Terminator::Branch(small, base, rec));
    d.at(base);
    d.ret(Some(one));
    d.at(rec);
    let m = d.v(Op::Binary(BinOp::Sub, n, one), Type::I64);
    let r = d.v(Op::Call(FuncId(1), vec![m, none]), Type::I64);
    let p = d.v(Op::Binary(BinOp::Mul, n, r), Type::I64);
    d.ret(Some(p));
    // The caller has a `none` parameter, so it has a `none` value to pass.
    let mut k = Fb::kernel("facts", vec![arr1(Scalar::I64), Type::None]);
    let a = k.param(0);
    let none = k.param(1);
    let x = k.load1(a, 0);
    let r = k.v(Op::Call(FuncId(1), vec![x, none]), Type::I64);
    k.store1(a, 1, r);
    k.ret(None);
    let m = module(vec![k.finish(), d.finish()]);
    let ir = write_module(&m, &CodegenOptions::default()).unwrap();
    // The `none` parameter has no bits: it is neither declared nor passed (libNVVM's debug
    // builds refuse empty parameter types), and the body reads it as `undef`.
    assert!(ir.contains("define internal i64 @fact(i64 %a0)"), "{ir}");
    assert!(ir.contains("call i64 @fact(i64 %t"), "{ir}");
    let debug = CodegenOptions {
        debug: true,
        ..CodegenOptions::default()
    };
    assert!(check_with(&tools, &m, &debug).contains(".debug_info"));
    assert!(
        ir.contains("define ptx_kernel void @facts(i64* %p0, i64 %p1, i64 %p2)"),
        "{ir}"
    );
    let ptx = check(&tools, &m);
    // libNVVM turns the recursion into a loop; nothing is left to resolve at link time.
    assert!(
        ptx.contains(".entry facts(") && !ptx.contains(".extern .func"),
        "{ptx}"
    );
}
