//! The writer's text, without libNVVM: module structure, marking, ABI, and the shape of the
//! code for the operations whose semantics are subtle. (`tests/nvvm_compile` compiles the
//! same kinds of modules with the real libNVVM.)

use oxcuda_ir::{
    ArrayType, BinOp, Block, Const, FuncId, Function, FunctionKind, Layout, Loc, Module, Op,
    Scalar, Terminator, Type,
};

use super::{CodegenOptions, LaunchBounds, write_module, write_module_full};

fn arr1(dtype: Scalar) -> Type {
    Type::Array(ArrayType {
        dtype: dtype.into(),
        ndim: 1,
        layout: Layout::C,
        readonly: false,
        aligned: true,
    })
}

/// `k(a: bool[:])`: `a[0] = a[1]`, calling device function `d(x: int64) -> int64 = x // 3`.
fn sample() -> Module {
    let loc = Loc { line: 3, col: 1 };
    let mut k = Function::new(
        "k",
        FunctionKind::Kernel,
        vec![arr1(Scalar::Bool)],
        Type::None,
    );
    let b0 = Block(0);
    let a = k
        .push(b0, Op::Param(0), Some(arr1(Scalar::Bool)), loc)
        .unwrap();
    let one = k
        .push(b0, Op::Const(Const::Int(1)), Some(Type::I64), loc)
        .unwrap();
    let zero = k
        .push(b0, Op::Const(Const::Int(0)), Some(Type::I64), loc)
        .unwrap();
    let x = k
        .push(b0, Op::Load(a, vec![one]), Some(Type::BOOL), loc)
        .unwrap();
    k.push(b0, Op::Store(a, vec![zero], x), None, loc);
    let _ = k.push(b0, Op::Call(FuncId(1), vec![one]), Some(Type::I64), loc);
    k.terminate(b0, Terminator::Return(None), loc);
    let mut d = Function::new("d", FunctionKind::Device, vec![Type::I64], Type::I64);
    let p = d.push(b0, Op::Param(0), Some(Type::I64), loc).unwrap();
    let three = d
        .push(b0, Op::Const(Const::Int(3)), Some(Type::I64), loc)
        .unwrap();
    let q = d
        .push(
            b0,
            Op::Binary(BinOp::FloorDiv, p, three),
            Some(Type::I64),
            loc,
        )
        .unwrap();
    d.terminate(b0, Terminator::Return(Some(q)), loc);
    Module {
        functions: vec![k, d],
        globals: Vec::new(),
    }
}

#[test]
fn module_structure() {
    let text = write_module(&sample(), &CodegenOptions::default()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("target datalayout = \"e-p:64:64:64"));
    assert_eq!(lines[1], "target triple = \"nvptx64-nvidia-cuda\"");
    assert!(text.contains(
        "@llvm.used = appending global [1 x i8*] [i8* bitcast (void (i8*, i64, i64)* @k to i8*)], section \"llvm.metadata\""
    ));
    assert!(text.contains("define ptx_kernel void @k(i8* %p0, i64 %p1, i64 %p2) {"));
    assert!(text.contains("define internal i64 @d(i64 %a0) {"));
    assert!(text.contains("!nvvm.annotations = !{!0}"));
    assert!(text.contains("!0 = !{void (i8*, i64, i64)* @k, !\"kernel\", i32 1}"));
    assert_eq!(lines[lines.len() - 1], "!1 = !{i32 2, i32 0, i32 3, i32 2}");
    assert_eq!(lines[lines.len() - 2], "!nvvmir.version = !{!1}");
}

#[test]
fn bools_are_bytes_in_memory() {
    let text = write_module(&sample(), &CodegenOptions::default()).unwrap();
    assert!(text.contains("load i8, i8* "), "{text}");
    assert!(text.contains("icmp ne i8 "), "{text}");
    assert!(text.contains("zext i1 "), "{text}");
    assert!(text.contains("store i8 "), "{text}");
}

#[test]
fn signed_floor_division_guards_zero_and_overflow() {
    let text = write_module(&sample(), &CodegenOptions::default()).unwrap();
    for needle in [
        "icmp eq i64 %a0, -9223372036854775808",
        "icmp eq i64 3, -1",
        "select i1",
        "sdiv i64 %a0,",
        "srem i64 %a0,",
        "icmp slt i64",
    ] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
}

#[test]
fn annotations_and_entry_device_function() {
    let opts = CodegenOptions {
        max_registers: Some(32),
        launch_bounds: Some(LaunchBounds {
            max_threads_per_block: 128,
            min_blocks_per_sm: Some(4),
            max_blocks_per_cluster: Some(2),
        }),
        ..CodegenOptions::default()
    };
    let text = write_module(&sample(), &opts).unwrap();
    for key in [
        "maxntidx\", i32 128",
        "minctasm\", i32 4",
        "cluster_max_blocks\", i32 2",
        "maxnreg\", i32 32",
    ] {
        assert!(text.contains(key), "{key}:\n{text}");
    }
    // A device function as the entry is external and kept alive.
    let mut m = sample();
    m.functions.remove(0);
    let written = write_module_full(&m, &CodegenOptions::default()).unwrap();
    assert!(written.text.contains("define i64 @d(i64 %a0) {"));
    assert!(
        written
            .text
            .contains("[i8* bitcast (i64 (i64)* @d to i8*)]")
    );
    assert!(written.text.contains("!nvvm.annotations = !{}"));
    assert!(written.kernels.is_empty());
    assert!(!written.needs_libdevice);
}

#[test]
fn lineinfo_attaches_locations() {
    let opts = CodegenOptions {
        lineinfo: true,
        ..CodegenOptions::default()
    };
    let text = write_module(&sample(), &opts).unwrap();
    assert!(text.contains("!llvm.dbg.cu = !{"), "{text}");
    assert!(text.contains("!\"Debug Info Version\", i32 3}"), "{text}");
    assert!(
        text.contains(") !dbg !"),
        "functions carry subprograms: {text}"
    );
    assert!(
        text.contains("!DILocation(line: 3, column: 1, scope: !"),
        "{text}"
    );
    let body_lines = text.lines().filter(|l| l.starts_with("  %t")).count();
    let with_dbg = text
        .lines()
        .filter(|l| l.starts_with("  %t") && l.contains(", !dbg !"))
        .count();
    // Every instruction after the entry block's parameter reassembly carries a location.
    assert!(with_dbg > 0 && with_dbg <= body_lines, "{text}");
    // Instructions without a line of their own (the entry block's) get the function's first.
    assert!(!text.contains("!DILocation(line: 0"), "{text}");
}

/// `k(a: float32[:], flags: bool[:])` calling `add_one(float32) -> float32` (C ABI),
/// `is_odd(int32, bool) -> bool` (numba ABI), `scale(CPointer(float32), float64) -> none`
/// (numba ABI) and `total(CPointer(float32), int64) -> float64` (C ABI).
fn extern_sample() -> Module {
    use oxcuda_ir::ExternAbi;
    let loc = Loc { line: 7, col: 5 };
    let fa = arr1(Scalar::F32);
    let mut k = Function::new(
        "k",
        FunctionKind::Kernel,
        vec![fa.clone(), arr1(Scalar::Bool)],
        Type::None,
    );
    let b0 = Block(0);
    let f32t = Type::Scalar(Scalar::F32);
    let a = k.push(b0, Op::Param(0), Some(fa.clone()), loc).unwrap();
    let flags = k
        .push(b0, Op::Param(1), Some(arr1(Scalar::Bool)), loc)
        .unwrap();
    let zero = k
        .push(b0, Op::Const(Const::Int(0)), Some(Type::I64), loc)
        .unwrap();
    let x = k
        .push(b0, Op::Load(a, vec![zero]), Some(f32t.clone()), loc)
        .unwrap();
    let y = k
        .push(b0, Op::Call(FuncId(1), vec![x]), Some(f32t.clone()), loc)
        .unwrap();
    k.push(b0, Op::Store(a, vec![zero], y), None, loc);
    let n = k
        .push(b0, Op::Const(Const::Int(5)), Some(Type::I32), loc)
        .unwrap();
    let t = k
        .push(b0, Op::Const(Const::Bool(true)), Some(Type::BOOL), loc)
        .unwrap();
    let odd = k
        .push(b0, Op::Call(FuncId(2), vec![n, t]), Some(Type::BOOL), loc)
        .unwrap();
    k.push(b0, Op::Store(flags, vec![zero], odd), None, loc);
    let data = k
        .push(
            b0,
            Op::ArrayData(a),
            Some(Type::Pointer(Scalar::F32.into())),
            loc,
        )
        .unwrap();
    let two = k
        .push(b0, Op::Const(Const::Float(2.0)), Some(Type::F64), loc)
        .unwrap();
    k.push(b0, Op::Call(FuncId(3), vec![data, two]), None, loc);
    let len = k
        .push(b0, Op::ArrayShape(a, 0), Some(Type::I64), loc)
        .unwrap();
    let _sum = k.push(
        b0,
        Op::Call(FuncId(4), vec![data, len]),
        Some(Type::F64),
        loc,
    );
    k.terminate(b0, Terminator::Return(None), loc);
    Module {
        functions: vec![
            k,
            Function::external("add_one", ExternAbi::C, vec![f32t.clone()], f32t),
            Function::external(
                "is_odd",
                ExternAbi::Numba,
                vec![Type::I32, Type::BOOL],
                Type::BOOL,
            ),
            Function::external(
                "scale",
                ExternAbi::Numba,
                vec![Type::Pointer(Scalar::F32.into()), Type::F64],
                Type::None,
            ),
            Function::external(
                "total",
                ExternAbi::C,
                vec![Type::Pointer(Scalar::F32.into()), Type::I64],
                Type::F64,
            ),
        ],
        globals: Vec::new(),
    }
}

#[test]
fn external_functions_are_declared_with_their_abi() {
    let written = write_module_full(&extern_sample(), &CodegenOptions::default()).unwrap();
    let text = &written.text;
    for needle in [
        "declare float @add_one(float)",
        "declare i32 @is_odd(i8*, i32, i8)",
        "declare i32 @scale(i8**, float*, double)",
        "declare double @total(float*, i64)",
    ] {
        assert!(text.contains(needle), "{needle}:\n{text}");
    }
    // Declared, never defined, kept out of @llvm.used and the kernel list.
    assert!(!text.contains("define float @add_one"), "{text}");
    assert!(
        text.contains("@llvm.used = appending global [1 x i8*]"),
        "{text}"
    );
    assert_eq!(written.kernels, vec!["k".to_owned()]);
    assert!(!written.needs_libdevice);
}

#[test]
fn external_calls_follow_the_abi() {
    let text = write_module(&extern_sample(), &CodegenOptions::default()).unwrap();
    // C ABI: the result comes back directly.
    assert!(text.contains("call float @add_one(float %t"), "{text}");
    // numba ABI: a zeroed slot in the entry block, the status ignored, the result loaded.
    assert!(text.contains("= alloca i8, align 1"), "{text}");
    assert!(text.contains("store i8 zeroinitializer, i8* %t"), "{text}");
    assert!(text.contains("= call i32 @is_odd(i8* %t"), "{text}");
    assert!(
        text.contains("i32 5, i8 %t"),
        "bool arguments are bytes: {text}"
    );
    assert!(text.contains("= load i8, i8* %t"), "{text}");
    // `none` results get an i8* slot.
    assert!(text.contains("= alloca i8*, align 8"), "{text}");
    assert!(text.contains("= call i32 @scale(i8** %t"), "{text}");
    assert!(text.contains("call double @total(float* %t"), "{text}");
    let entry = &text[text.find("entry:").unwrap()..text.find("br label %bb0").unwrap()];
    assert_eq!(entry.matches("alloca").count(), 2, "{entry}");
}

#[test]
fn external_signatures_without_a_c_form_are_refused() {
    use oxcuda_ir::ExternAbi;
    for (params, ret, want) in [
        (vec![Type::Scalar(Scalar::F16)], Type::None, "float16"),
        (vec![], Type::Scalar(Scalar::C64), "complex64"),
        (vec![arr1(Scalar::F32)], Type::None, "CPointer"),
        (
            vec![Type::Tuple(vec![Type::I32])],
            Type::None,
            "cannot cross",
        ),
    ] {
        let mut m = extern_sample();
        m.functions
            .push(Function::external("odd", ExternAbi::C, params, ret));
        let err = write_module(&m, &CodegenOptions::default()).unwrap_err();
        assert!(err.message.contains("external function odd"), "{err}");
        assert!(err.message.contains(want), "{want}: {err}");
    }
}

#[test]
fn libdevice_functions_may_be_declared_as_external() {
    use oxcuda_ir::ExternAbi;
    let mut m = extern_sample();
    m.functions[1].name = "__nv_cbrtf".to_owned();
    m.functions[1].kind = FunctionKind::Extern(ExternAbi::C);
    let written = write_module_full(&m, &CodegenOptions::default()).unwrap();
    assert!(written.text.contains("declare float @__nv_cbrtf(float)"));
    assert!(written.needs_libdevice);
    // Our own prefix stays reserved.
    m.functions[1].name = "__oxcuda_x".to_owned();
    assert!(write_module(&m, &CodegenOptions::default()).is_err());
}

/// `k(x: T[:])`: `x[0] = shfl_<mode>_sync(0xffffffff, x[0], 1)`.
fn shuffle_kernel(s: Scalar, mode: oxcuda_ir::ShflMode) -> Module {
    let loc = Loc { line: 2, col: 5 };
    let mut k = Function::new("k", FunctionKind::Kernel, vec![arr1(s)], Type::None);
    let b0 = Block(0);
    let x = k.push(b0, Op::Param(0), Some(arr1(s)), loc).unwrap();
    let zero = k
        .push(b0, Op::Const(Const::Int(0)), Some(Type::I64), loc)
        .unwrap();
    let mask = k
        .push(
            b0,
            Op::Const(Const::Int(0xffff_ffff)),
            Some(Type::Scalar(Scalar::U32)),
            loc,
        )
        .unwrap();
    let lane = k
        .push(b0, Op::Const(Const::Int(1)), Some(Type::I32), loc)
        .unwrap();
    let v = k
        .push(b0, Op::Load(x, vec![zero]), Some(Type::Scalar(s)), loc)
        .unwrap();
    let r = k
        .push(
            b0,
            Op::Intrinsic(oxcuda_ir::Intrinsic::Shfl(mode), vec![mask, v, lane]),
            Some(Type::Scalar(s)),
            loc,
        )
        .unwrap();
    k.push(b0, Op::Store(x, vec![zero], r), None, loc);
    k.terminate(b0, Terminator::Return(None), loc);
    Module {
        functions: vec![k],
        globals: Vec::new(),
    }
}

#[test]
fn shuffles_move_64_bit_values_in_two_halves() {
    use oxcuda_ir::ShflMode;
    let opts = CodegenOptions::default();
    let text = write_module(&shuffle_kernel(Scalar::F32, ShflMode::Down), &opts).unwrap();
    assert!(
        text.contains("call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %"),
        "{text}"
    );
    assert!(text.contains(", i32 1, i32 31)"), "{text}");
    let text = write_module(&shuffle_kernel(Scalar::F64, ShflMode::Up), &opts).unwrap();
    assert_eq!(
        text.matches("call i32 @llvm.nvvm.shfl.sync.up.i32(")
            .count(),
        2,
        "{text}"
    );
    // The up shuffle clamps at 0; the halves are rejoined and bitcast back.
    assert!(text.contains(", i32 1, i32 0)"), "{text}");
    assert!(text.contains("bitcast double"), "{text}");
    assert!(text.contains("to double"), "{text}");
    assert!(text.contains("lshr i64"), "{text}");
}

/// `k(a: int64[:])`: `a[n] = int64(register n)` for threadIdx.x, threadIdx.y, blockIdx.x,
/// gridDim.x and blockDim.z.
fn special_registers() -> Module {
    use oxcuda_ir::{Dim, Intrinsic};
    let loc = Loc::default();
    let mut k = Function::new(
        "k",
        FunctionKind::Kernel,
        vec![arr1(Scalar::I64)],
        Type::None,
    );
    let b0 = Block(0);
    let a = k
        .push(b0, Op::Param(0), Some(arr1(Scalar::I64)), loc)
        .unwrap();
    let registers = [
        Intrinsic::ThreadIdx(Dim::X),
        Intrinsic::ThreadIdx(Dim::Y),
        Intrinsic::BlockIdx(Dim::X),
        Intrinsic::GridDim(Dim::X),
        Intrinsic::BlockDim(Dim::Z),
    ];
    for (n, i) in registers.into_iter().enumerate() {
        let r = k
            .push(b0, Op::Intrinsic(i, vec![]), Some(Type::I32), loc)
            .unwrap();
        let wide = k.push(b0, Op::Cast(r), Some(Type::I64), loc).unwrap();
        let at = k
            .push(b0, Op::Const(Const::Int(n as i128)), Some(Type::I64), loc)
            .unwrap();
        k.push(b0, Op::Store(a, vec![at], wide), None, loc);
    }
    k.terminate(b0, Terminator::Return(None), loc);
    Module {
        functions: vec![k],
        globals: Vec::new(),
    }
}

#[test]
fn special_registers_carry_their_range_and_widen_unsigned() {
    let text = write_module(&special_registers(), &CodegenOptions::default()).unwrap();
    let range_of = |reg: &str| -> String {
        let call = format!("call i32 @llvm.nvvm.read.ptx.sreg.{reg}(), !range !");
        let at = text.find(&call).unwrap_or_else(|| panic!("{call}\n{text}")) + call.len();
        let id: String = text[at..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let node = format!("\n!{id} = ");
        let at = text.find(&node).unwrap_or_else(|| panic!("{node}\n{text}")) + node.len();
        text[at..].lines().next().unwrap().to_owned()
    };
    assert_eq!(range_of("tid.x"), "!{i32 0, i32 1024}");
    assert_eq!(range_of("tid.y"), "!{i32 0, i32 1024}");
    assert_eq!(range_of("ctaid.x"), "!{i32 0, i32 2147483647}");
    // [1, 2^31): the upper bound is the i32 it wraps to.
    assert_eq!(range_of("nctaid.x"), "!{i32 1, i32 -2147483648}");
    assert_eq!(range_of("ntid.z"), "!{i32 1, i32 65}");
    // One node per distinct range.
    assert_eq!(text.matches("= !{i32 0, i32 1024}").count(), 1, "{text}");
    // Values ≥ 0: `zext` tells LLVM so (a `sext` it may or may not turn into one).
    assert_eq!(text.matches("zext i32").count(), 5, "{text}");
    assert!(!text.contains("sext"), "{text}");
}

/// `k()`: two grid syncs (and a device function with a third).
fn grid_sync_module() -> Module {
    let loc = Loc { line: 4, col: 5 };
    let b0 = Block(0);
    let sync = || Op::Intrinsic(oxcuda_ir::Intrinsic::GridSync, vec![]);
    let mut k = Function::new("k", FunctionKind::Kernel, vec![], Type::None);
    k.push(b0, sync(), None, loc);
    k.push(b0, sync(), None, loc);
    k.push(b0, Op::Call(FuncId(1), vec![]), None, loc);
    k.terminate(b0, Terminator::Return(None), loc);
    let mut d = Function::new("d", FunctionKind::Device, vec![], Type::None);
    d.push(b0, sync(), None, loc);
    d.terminate(b0, Terminator::Return(None), loc);
    Module {
        functions: vec![k, d],
        globals: vec![],
    }
}

#[test]
fn grid_sync_is_one_helper_on_the_launch_workspace() {
    let module = grid_sync_module();
    assert!(module.uses_grid_sync());
    assert!(!sample().uses_grid_sync());
    let text = write_module(&module, &CodegenOptions::default()).unwrap();
    assert_eq!(
        text.matches("define internal void @__oxcuda_grid_sync()")
            .count(),
        1
    );
    assert_eq!(text.matches("call void @__oxcuda_grid_sync()").count(), 3);
    // The counter is the second word of the workspace at {%envreg1, %envreg2}; block 0 adds
    // 0x80000000 - (blocks - 1), fenced on both sides, and waits for the top bit to flip.
    for needle in [
        "%envreg1",
        "%envreg2",
        "add i64 %workspace, 4",
        "sub i32 -2147483648, %others",
        "atomicrmw volatile add i32* %counter",
        "load volatile i32, i32* %counter",
        "and i32 %diff, -2147483648",
        "call void @llvm.trap()",
    ] {
        assert!(text.contains(needle), "{needle} missing:\n{text}");
    }
    assert_eq!(text.matches("call void @llvm.nvvm.membar.gl()").count(), 2);
    assert!(text.contains("declare void @llvm.nvvm.barrier0()"));
}

#[test]
fn module_arrays_of_sixteen_bytes_or_more_are_sixteen_aligned() {
    use oxcuda_ir::{Global, GlobalKind};
    let global = |name: &str, kind, dtype: Scalar, n: u64, align: u32| Global {
        name: name.into(),
        kind,
        dtype: dtype.into(),
        shape: vec![n],
        align,
        init: None,
    };
    let cases = [
        // A shared array of at least one 16x16 float16 tile (512 bytes) is 32-byte aligned,
        // as cuda.wmma's loads and stores require.
        (global("tile", GlobalKind::Shared, Scalar::F32, 256, 4), 32),
        (
            global("halftile", GlobalKind::Shared, Scalar::F16, 255, 2),
            16,
        ),
        (
            global("consttile", GlobalKind::Const, Scalar::F32, 256, 4),
            16,
        ),
        (global("four", GlobalKind::Shared, Scalar::F32, 4, 4), 16),
        (global("three", GlobalKind::Shared, Scalar::F32, 3, 4), 4),
        (global("wide", GlobalKind::Shared, Scalar::F64, 8, 64), 64),
        (global("table", GlobalKind::Const, Scalar::I8, 32, 1), 16),
        (global("tiny", GlobalKind::Const, Scalar::I16, 2, 2), 2),
    ];
    for (g, want) in cases {
        let mut out = String::new();
        super::arrays::write_global(&mut out, &g);
        assert!(
            out.trim_end().ends_with(&format!("align {want}")),
            "{}: {out}",
            g.name
        );
    }
}

#[test]
fn kernel_extents_are_assumed_non_negative_and_strides_are_not() {
    // `k(a: int64[:])`: parameters %p0 (data), %p1 (the extent), %p2 (the stride).
    let text = write_module(&special_registers(), &CodegenOptions::default()).unwrap();
    assert!(text.contains("icmp sge i64 %p1, 0"), "{text}");
    assert!(!text.contains("icmp sge i64 %p2, 0"), "{text}");
    assert_eq!(
        text.matches("call void @llvm.assume(i1 ").count(),
        1,
        "{text}"
    );
    assert!(text.contains("declare void @llvm.assume(i1)"), "{text}");
}

/// `is_big(x: float64, strict: bool) -> bool`, the module's entry device function.
fn bool_device_entry() -> Module {
    let loc = Loc { line: 2, col: 5 };
    let b0 = Block(0);
    let mut d = Function::new(
        "is_big",
        FunctionKind::Device,
        vec![Type::F64, Type::BOOL],
        Type::BOOL,
    );
    let x = d.push(b0, Op::Param(0), Some(Type::F64), loc).unwrap();
    let strict = d.push(b0, Op::Param(1), Some(Type::BOOL), loc).unwrap();
    let zero = d
        .push(b0, Op::Const(Const::Float(0.0)), Some(Type::F64), loc)
        .unwrap();
    let big = d
        .push(
            b0,
            Op::Compare(oxcuda_ir::CmpOp::Gt, x, zero),
            Some(Type::BOOL),
            loc,
        )
        .unwrap();
    let r = d
        .push(
            b0,
            Op::Binary(BinOp::BitAnd, big, strict),
            Some(Type::BOOL),
            loc,
        )
        .unwrap();
    d.terminate(b0, Terminator::Return(Some(r)), loc);
    Module {
        functions: vec![d],
        globals: vec![],
    }
}

#[test]
fn numba_abi_entry_is_a_wrapper_storing_through_its_first_argument() {
    let module = bool_device_entry();
    let opts = CodegenOptions {
        numba_abi: true,
        ..CodegenOptions::default()
    };
    let text = write_module(&module, &opts).unwrap();
    // The body keeps oxcuda's convention, internal, under its own name.
    assert!(
        text.contains("define internal i1 @is_big$value(double %a0, i1 %a1)"),
        "{text}"
    );
    // The wrapper: numba's `int is_big(bool *out, double x, bool strict)`, bools as bytes.
    assert!(
        text.contains("define i32 @is_big(i8* %out, double %a0, i8 %a1) {"),
        "{text}"
    );
    assert!(text.contains("%b1 = icmp ne i8 %a1, 0"), "{text}");
    assert!(
        text.contains("%r = call i1 @is_big$value(double %a0, i1 %b1)"),
        "{text}"
    );
    assert!(text.contains("%rb = zext i1 %r to i8"), "{text}");
    assert!(text.contains("store i8 %rb, i8* %out"), "{text}");
    assert!(text.contains("ret i32 0"), "{text}");
    // `@llvm.used` keeps the wrapper, by its own type.
    assert!(
        text.contains("i8* bitcast (i32 (i8*, double, i8)* @is_big to i8*)"),
        "{text}"
    );
    // Without the option the entry returns its value, as before.
    let plain = write_module(&module, &CodegenOptions::default()).unwrap();
    assert!(
        plain.contains("define i1 @is_big(double %a0, i1 %a1)"),
        "{plain}"
    );
    assert!(!plain.contains("$value"), "{plain}");
}

/// `k(a: float64[:])`: `x = a[0]; a[0] = x` through variable `x`.
fn kernel_with_a_variable() -> Module {
    let loc = Loc { line: 4, col: 5 };
    let b0 = Block(0);
    let mut k = Function::new(
        "k",
        FunctionKind::Kernel,
        vec![arr1(Scalar::F64)],
        Type::None,
    );
    let x = k.new_var("x", Type::F64);
    let a = k
        .push(b0, Op::Param(0), Some(arr1(Scalar::F64)), loc)
        .unwrap();
    let zero = k
        .push(b0, Op::Const(Const::Int(0)), Some(Type::I64), loc)
        .unwrap();
    let v = k
        .push(b0, Op::Load(a, vec![zero]), Some(Type::F64), loc)
        .unwrap();
    k.push(b0, Op::SetVar(x, v), None, loc);
    let w = k.push(b0, Op::GetVar(x), Some(Type::F64), loc).unwrap();
    k.push(b0, Op::Store(a, vec![zero], w), None, loc);
    k.terminate(b0, Terminator::Return(None), loc);
    Module {
        functions: vec![k],
        globals: Vec::new(),
    }
}

#[test]
fn unoptimised_variables_are_addressed_through_their_slot() {
    let module = kernel_with_a_variable();
    for opts in [
        CodegenOptions {
            opt_level: 0,
            ..CodegenOptions::default()
        },
        CodegenOptions {
            debug: true,
            ..CodegenOptions::default()
        },
    ] {
        assert!(!opts.optimizes());
        let text = write_module(&module, &opts).unwrap();
        assert!(text.contains("%var0.slot = alloca double\n"), "{text}");
        assert!(
            text.contains("%var0 = getelementptr inbounds double, double* %var0.slot, i32 0"),
            "{text}"
        );
        assert!(text.contains("store double %t"), "{text}");
        assert!(text.contains("load double, double* %var0"), "{text}");
    }
    let optimized = CodegenOptions::default();
    assert!(optimized.optimizes());
    let text = write_module(&module, &optimized).unwrap();
    assert!(text.contains("%var0 = alloca double\n"), "{text}");
    assert!(!text.contains(".slot"), "{text}");
}

#[test]
fn numba_abi_wrapper_carries_line_info() {
    let module = bool_device_entry();
    let opts = CodegenOptions {
        numba_abi: true,
        lineinfo: true,
        ..CodegenOptions::default()
    };
    let text = write_module(&module, &opts).unwrap();
    let wrapper = text
        .lines()
        .find(|l| l.starts_with("define i32 @is_big("))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(wrapper.contains(") !dbg !"), "{text}");
    assert!(
        text.contains("linkageName: \"is_big\"") && text.contains("linkageName: \"is_big$value\""),
        "each definition has its own subprogram: {text}"
    );
    // Every instruction of the wrapper has the function's first line.
    let start = text.find("define i32 @is_big(").unwrap();
    let body = &text[start..text[start..].find("\n}").unwrap() + start];
    for line in body.lines().skip(2) {
        assert!(line.contains(", !dbg !"), "{line} in {text}");
    }
    assert!(
        text.contains("!DILocation(line: 2, column: 1, scope: !"),
        "{text}"
    );
    // Without line info the wrapper has no metadata.
    let plain = write_module(
        &module,
        &CodegenOptions {
            numba_abi: true,
            ..CodegenOptions::default()
        },
    )
    .unwrap();
    assert!(!plain.contains("!dbg"), "{plain}");
}

#[test]
fn debug_builds_declare_named_variables_with_their_dwarf_types() {
    let mut module = kernel_with_a_variable();
    let k = &mut module.functions[0];
    k.new_var("$tmp", Type::F64);
    k.new_var("z", Type::Scalar(Scalar::C64));
    k.new_var("a", arr1(Scalar::F64));
    k.new_var("t", Type::Tuple(vec![Type::I32, Type::F64]));
    let debug = CodegenOptions {
        debug: true,
        ..CodegenOptions::default()
    };
    let text = write_module(&module, &debug).unwrap();
    assert!(
        text.contains("declare void @llvm.dbg.declare(metadata, metadata, metadata)"),
        "{text}"
    );
    assert!(
        text.contains("call void @llvm.dbg.declare(metadata double* %var0.slot, metadata !"),
        "{text}"
    );
    assert!(
        !text.contains("%var1.slot, metadata"),
        "temporaries are unnamed: {text}"
    );
    for node in [
        "!DIBasicType(encoding: DW_ATE_float, name: \"float64\", size: 64)",
        "!DIBasicType(encoding: DW_ATE_float, name: \"float32\", size: 32)",
        "!DIBasicType(encoding: DW_ATE_signed, name: \"int64\", size: 64)",
        "name: \"imag\", baseType: !",
        "!DICompositeType(tag: DW_TAG_structure_type, name: \"complex64\", size: 64, elements: !",
        "!DISubrange(count: 1)",
        "name: \"strides\", baseType: !",
        "size: 64, offset: 128)",
        "name: \"array(float64, 1d, C)\", size: 192",
        // (int32, float64): the float64 member is at its alignment, 64 bits in.
        "name: \"1\", baseType: !",
        "size: 128, elements: !",
    ] {
        assert!(text.contains(node), "{node} missing: {text}");
    }
    for name in ["x", "z", "a", "t"] {
        assert!(
            text.contains(&format!("!DILocalVariable(name: \"{name}\", scope: !")),
            "{name}: {text}"
        );
    }
    assert!(text.contains("name: \"1\", baseType: !") && text.contains("offset: 64)"));
    // Line info alone names no variable.
    let lineinfo = CodegenOptions {
        lineinfo: true,
        ..CodegenOptions::default()
    };
    let text = write_module(&module, &lineinfo).unwrap();
    assert!(
        !text.contains("DILocalVariable") && !text.contains("dbg.declare"),
        "{text}"
    );
}
