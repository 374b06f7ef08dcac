//! Compile options: fastmath, line info, debug, register limit, launch bounds, LTO.

use oxcuda_ir::{BinOp, CmpOp, Dim, Intrinsic, Op, Scalar, Terminator, Type};
use oxcuda_nvvm::{
    CodegenOptions, LaunchBounds, LinkDebug, NvvmOutput, link_cubin, nvvm_options, write_module,
};

use crate::build::{Fb, arr1, module};
use crate::toolchain::{check_with, compile, ptx_function, tools_or_skip};

/// numba's `axpy`: `i = cuda.grid(1); if i < r.size: r[i] = a * x[i] + y[i]`.
pub fn axpy() -> oxcuda_ir::Module {
    let f32t = Type::Scalar(Scalar::F32);
    let mut b = Fb::kernel(
        "axpy",
        vec![
            arr1(Scalar::F32),
            f32t.clone(),
            arr1(Scalar::F32),
            arr1(Scalar::F32),
        ],
    );
    let r = b.param(0);
    let a = b.param(1);
    let x = b.param(2);
    let y = b.param(3);
    let tid = b.v(
        Op::Intrinsic(Intrinsic::ThreadIdx(Dim::X), vec![]),
        Type::I32,
    );
    let bid = b.v(
        Op::Intrinsic(Intrinsic::BlockIdx(Dim::X), vec![]),
        Type::I32,
    );
    let bdim = b.v(
        Op::Intrinsic(Intrinsic::BlockDim(Dim::X), vec![]),
        Type::I32,
    );
    let tid = b.v(Op::Cast(tid), Type::I64);
    let bid = b.v(Op::Cast(bid), Type::I64);
    let bdim = b.v(Op::Cast(bdim), Type::I64);
    let base = b.v(Op::Binary(BinOp::Mul, bid, bdim), Type::I64);
    let i = b.v(Op::Binary(BinOp::Add, base, tid), Type::I64);
    let n = b.v(Op::ArrayShape(r, 0), Type::I64);
    let inside = b.v(Op::Compare(CmpOp::Lt, i, n), Type::BOOL);
    let then = b.block();
    let done = b.block();
    b.term(Terminator::Branch(inside, then, done));
    b.at(then);
    let xi = b.v(Op::Load(x, vec![i]), f32t.clone());
    let yi = b.v(Op::Load(y, vec![i]), f32t.clone());
    let ax = b.v(Op::Binary(BinOp::Mul, a, xi), f32t.clone());
    let s = b.v(Op::Binary(BinOp::Add, ax, yi), f32t.clone());
    b.e(Op::Store(r, vec![i], s));
    b.term(Terminator::Jump(done));
    b.at(done);
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn axpy_compiles_to_a_tight_kernel() {
    let tools = tools_or_skip!();
    let ptx = check_with(&tools, &axpy(), &CodegenOptions::default());
    let body = ptx_function(&ptx, "axpy");
    assert!(
        body.contains(".visible .entry axpy(") || ptx.contains(".visible .entry axpy("),
        "{ptx}"
    );
    for needle in ["ld.global.f32", "st.global.f32", "fma.rn.f32", "%tid.x"] {
        assert!(body.contains(needle), "{needle}:\n{body}");
    }
    assert!(!body.contains(".local") && !body.contains("call"), "{body}");
}

#[test]
fn option_strings() {
    let o = CodegenOptions {
        cc: (9, 0),
        fastmath: true,
        lto: true,
        ..CodegenOptions::default()
    };
    assert_eq!(
        nvvm_options(&o),
        [
            "-arch=compute_90",
            "-opt=3",
            "-ftz=1",
            "-prec-div=0",
            "-prec-sqrt=0",
            "-fma=1",
            "-gen-lto"
        ]
    );
    let o = CodegenOptions {
        cc: (10, 0),
        debug: true,
        ..CodegenOptions::default()
    };
    assert_eq!(nvvm_options(&o), ["-arch=compute_100", "-opt=0", "-g"]);
}

#[test]
fn fastmath_flushes_denormals() {
    let tools = tools_or_skip!();
    let fast = CodegenOptions {
        fastmath: true,
        ..CodegenOptions::default()
    };
    let ir = write_module(&axpy(), &fast).unwrap();
    assert!(ir.contains("fmul fast float"), "{ir}");
    let ptx = check_with(&tools, &axpy(), &fast);
    assert!(ptx.contains("fma.rn.ftz.f32"), "{ptx}");
}

#[test]
fn lineinfo_and_debug_emit_locations() {
    let tools = tools_or_skip!();
    let lineinfo = CodegenOptions {
        lineinfo: true,
        ..CodegenOptions::default()
    };
    let ir = write_module(&axpy(), &lineinfo).unwrap();
    assert!(ir.contains("emissionKind: DebugDirectivesOnly"), "{ir}");
    assert!(
        ir.contains("!DIFile(filename: \"q.py\", directory: \"/tmp/kernels\")"),
        "{ir}"
    );
    let ptx = check_with(&tools, &axpy(), &lineinfo);
    assert!(
        ptx.contains(".file\t1 \"/tmp/kernels/q.py\"")
            || ptx.contains(".file 1 \"/tmp/kernels/q.py\""),
        "{ptx}"
    );
    assert!(ptx.contains(".loc\t1 2"), "{ptx}");
    assert!(
        !ptx.contains(".section\t.debug_info"),
        "line tables only: {ptx}"
    );
    let debug = CodegenOptions {
        debug: true,
        ..CodegenOptions::default()
    };
    let ptx = check_with(&tools, &axpy(), &debug);
    assert!(ptx.contains(".loc\t1 2"), "{ptx}");
    assert!(ptx.contains(".debug_info"), "{ptx}");
    let out = compile(
        &tools,
        &axpy(),
        &CodegenOptions {
            cc: (9, 0),
            ..debug
        },
    )
    .unwrap();
    let cubin = link_cubin(&tools.link, &out, &[], (9, 0), false, LinkDebug::Full).unwrap();
    assert_eq!(&cubin[..4], b"\x7fELF");
    let out = compile(
        &tools,
        &axpy(),
        &CodegenOptions {
            cc: (9, 0),
            ..lineinfo
        },
    )
    .unwrap();
    let cubin = link_cubin(&tools.link, &out, &[], (9, 0), false, LinkDebug::LineInfo).unwrap();
    assert_eq!(&cubin[..4], b"\x7fELF");
}

#[test]
fn register_limit_and_launch_bounds_annotate_kernels() {
    let tools = tools_or_skip!();
    let o = CodegenOptions {
        max_registers: Some(40),
        launch_bounds: Some(LaunchBounds {
            max_threads_per_block: 256,
            min_blocks_per_sm: Some(2),
            max_blocks_per_cluster: None,
        }),
        ..CodegenOptions::default()
    };
    let ptx = check_with(&tools, &axpy(), &o);
    assert!(ptx.contains(".maxnreg 40"), "{ptx}");
    assert!(ptx.contains(".maxntid 256, 1, 1"), "{ptx}");
    assert!(ptx.contains(".minnctapersm 2"), "{ptx}");
    let o = CodegenOptions {
        cc: (9, 0),
        launch_bounds: Some(LaunchBounds {
            max_threads_per_block: 128,
            min_blocks_per_sm: None,
            max_blocks_per_cluster: Some(4),
        }),
        ..CodegenOptions::default()
    };
    let ptx = crate::toolchain::ptx(compile(&tools, &axpy(), &o).unwrap());
    assert!(ptx.contains(".maxclusterrank 4"), "{ptx}");
}

#[test]
fn lto_keeps_the_kernel() {
    let tools = tools_or_skip!();
    let o = CodegenOptions {
        cc: (9, 0),
        lto: true,
        ..CodegenOptions::default()
    };
    let out = compile(&tools, &axpy(), &o).unwrap();
    let NvvmOutput::LtoIr(bytes) = &out else {
        panic!("LTO-IR expected")
    };
    assert!(!bytes.is_empty());
    let cubin = link_cubin(&tools.link, &out, &[], (9, 0), true, LinkDebug::None).unwrap();
    let has_symbol = cubin.windows(4).any(|w| w == b"axpy");
    assert!(has_symbol, "the kernel survived LTO");
    for cc in [(7, 5), (10, 0)] {
        let o = CodegenOptions {
            cc,
            lto: true,
            ..CodegenOptions::default()
        };
        let out = compile(&tools, &axpy(), &o).unwrap();
        link_cubin(&tools.link, &out, &[], cc, true, LinkDebug::None).unwrap();
    }
}

/// `k(a: float64[:])`: `x = a[0]; a[0] = x * x` through variable `x`.
fn square_through_a_variable() -> oxcuda_ir::Module {
    let f64t = Type::Scalar(Scalar::F64);
    let mut b = Fb::kernel("square", vec![arr1(Scalar::F64)]);
    let x = b.f.new_var("x", f64t.clone());
    let a = b.param(0);
    let v = b.load1(a, 0);
    b.e(Op::SetVar(x, v));
    let w = b.v(Op::GetVar(x), f64t.clone());
    let sq = b.v(Op::Binary(BinOp::Mul, w, w), f64t);
    b.store1(a, 0, sq);
    b.ret(None);
    module(vec![b.finish()])
}

#[test]
fn without_optimisation_variables_live_in_the_local_depot() {
    let tools = tools_or_skip!();
    let module = square_through_a_variable();
    let unoptimized = CodegenOptions {
        opt_level: 0,
        ..CodegenOptions::default()
    };
    let ptx = check_with(&tools, &module, &unoptimized);
    assert!(ptx.contains("__local_depot0"), "{ptx}");
    let debug = CodegenOptions {
        debug: true,
        ..CodegenOptions::default()
    };
    assert!(check_with(&tools, &module, &debug).contains("__local_depot0"));
    let ptx = check_with(&tools, &module, &CodegenOptions::default());
    assert!(!ptx.contains("__local_depot"), "{ptx}");
}

#[test]
fn a_numba_abi_entry_has_line_info() {
    let tools = tools_or_skip!();
    // `def f(): pass` as numba's ABI entry: the only instructions are the wrapper's.
    let mut b = Fb::device("f", vec![], Type::None);
    b.ret(None);
    let module = module(vec![b.finish()]);
    for opts in [
        CodegenOptions {
            lineinfo: true,
            numba_abi: true,
            ..CodegenOptions::default()
        },
        CodegenOptions {
            debug: true,
            numba_abi: true,
            ..CodegenOptions::default()
        },
    ] {
        let ptx = check_with(&tools, &module, &opts);
        assert!(ptx.contains(".file\t1 \"/tmp/kernels/q.py\""), "{ptx}");
        assert!(ptx.contains(".loc\t1 "), "{ptx}");
    }
}

#[test]
fn debug_variables_of_every_kind_compile() {
    let tools = tools_or_skip!();
    let mut module = square_through_a_variable();
    let k = &mut module.functions[0];
    for (name, ty) in [
        ("flag", Type::BOOL),
        ("h", Type::Scalar(Scalar::F16)),
        ("b", Type::Scalar(Scalar::BF16)),
        ("z", Type::Scalar(Scalar::C128)),
        ("a", arr1(Scalar::F32)),
        ("t", Type::Tuple(vec![Type::I32, Type::Scalar(Scalar::C64)])),
        ("none", Type::None),
    ] {
        k.new_var(name, ty);
    }
    let debug = CodegenOptions {
        debug: true,
        ..CodegenOptions::default()
    };
    let ptx = check_with(&tools, &module, &debug);
    assert!(ptx.contains(".section\t.debug_info"), "{ptx}");
    assert!(ptx.contains("__local_depot0"), "{ptx}");
}
