//! Array values: multi-dimensional indexing in every layout, shape/stride/data, makearray,
//! ptroffset, and the arrays a kernel creates (shared, dynamic shared, local, constant).

use oxcuda_ir::{Global, GlobalId, GlobalKind, Intrinsic, Layout, Op, Scalar, Type};
use oxcuda_nvvm::{CodegenOptions, write_module};

use crate::build::{Fb, arr, arr1, module};
use crate::toolchain::{check, ptx_function, tools_or_skip};

#[test]
fn indexing_in_every_layout() {
    let tools = tools_or_skip!();
    for layout in [Layout::C, Layout::F, Layout::A] {
        let mut b = Fb::kernel(
            "copy3",
            vec![
                arr(Scalar::F64, 3, layout),
                arr(Scalar::F64, 3, layout),
                arr(Scalar::Bool, 0, Layout::C),
            ],
        );
        let out = b.param(0);
        let x = b.param(1);
        let flag = b.param(2);
        let i = b.i64(1);
        let j = b.i64(2);
        let k = b.i64(3);
        let v = b.v(Op::Load(x, vec![i, j, k]), Type::F64);
        b.e(Op::Store(out, vec![k, j, i], v));
        let f = b.v(Op::Load(flag, vec![]), Type::BOOL);
        let nf = b.v(Op::Unary(oxcuda_ir::UnaryOp::Not, f), Type::BOOL);
        b.e(Op::Store(flag, vec![], nf));
        b.ret(None);
        let m = module(vec![b.finish()]);
        let ir = write_module(&m, &CodegenOptions::default()).unwrap();
        // Contiguous layouts read two strides per access, A reads all three.
        let strides = ir
            .lines()
            .filter(|l| l.contains("extractvalue") && l.contains(", 2, "))
            .count();
        let want = if layout == Layout::A { 6 } else { 4 };
        assert_eq!(strides, want, "{layout:?}:\n{ir}");
        let ptx = check(&tools, &m);
        let body = ptx_function(&ptx, "copy3");
        assert!(
            body.contains("ld.global.f64") && body.contains("st.global.f64"),
            "{body}"
        );
        assert!(
            body.contains("ld.global.u8") && body.contains("st.global.u8"),
            "{body}"
        );
    }
}

#[test]
fn array_fields_makearray_and_ptroffset() {
    let tools = tools_or_skip!();
    let a2 = arr(Scalar::F32, 2, Layout::A);
    let mut b = Fb::kernel("views", vec![a2.clone(), arr1(Scalar::I64)]);
    let x = b.param(0);
    let out = b.param(1);
    let n0 = b.v(Op::ArrayShape(x, 0), Type::I64);
    let n1 = b.v(Op::ArrayShape(x, 1), Type::I64);
    let s0 = b.v(Op::ArrayStride(x, 0), Type::I64);
    let s1 = b.v(Op::ArrayStride(x, 1), Type::I64);
    for (k, v) in [n0, n1, s0, s1].into_iter().enumerate() {
        b.store1(out, k as i128, v);
    }
    // The transpose, moved by one row: makearray(data + s0, [n1, n0], [s1, s0]).
    let data = b.v(Op::ArrayData(x), Type::Pointer(Scalar::F32.into()));
    let moved = b.v(Op::PtrOffset(data, s0), Type::Pointer(Scalar::F32.into()));
    let t = b.v(
        Op::MakeArray {
            data: moved,
            shape: vec![n1, n0],
            strides: vec![s1, s0],
        },
        a2.clone(),
    );
    let i = b.i64(0);
    let v = b.v(Op::Load(t, vec![i, i]), Type::Scalar(Scalar::F32));
    b.e(Op::Store(x, vec![i, i], v));
    // A layout cast is free.
    let c = b.v(Op::Cast(x), arr(Scalar::F32, 2, Layout::C));
    let v = b.v(Op::Load(c, vec![i, i]), Type::Scalar(Scalar::F32));
    b.e(Op::Store(x, vec![i, i], v));
    b.ret(None);
    check(&tools, &module(vec![b.finish()]));
}

#[test]
fn shared_local_and_constant_arrays() {
    let tools = tools_or_skip!();
    let f32t = Type::Scalar(Scalar::F32);
    let mut b = Fb::kernel("mem", vec![arr1(Scalar::F32), arr1(Scalar::F64)]);
    let out = b.param(0);
    let out64 = b.param(1);
    let tile = b.v(Op::SharedArray(GlobalId(0)), arr(Scalar::F32, 2, Layout::C));
    let tid = b.v(
        Op::Intrinsic(Intrinsic::ThreadIdx(oxcuda_ir::Dim::X), vec![]),
        Type::I32,
    );
    let tid = b.v(Op::Cast(tid), Type::I64);
    let x = b.v(Op::Load(out, vec![tid]), f32t.clone());
    let zero = b.i64(0);
    b.e(Op::Store(tile, vec![zero, tid], x));
    b.e(Op::Intrinsic(Intrinsic::Syncthreads, vec![]));
    let y = b.v(Op::Load(tile, vec![tid, zero]), f32t.clone());
    let dyn1 = b.v(Op::DynSharedArray, arr1(Scalar::F32));
    let dyn2 = b.v(Op::DynSharedArray, arr1(Scalar::I32));
    b.e(Op::Store(dyn1, vec![tid], y));
    let n = b.v(Op::ArrayShape(dyn2, 0), Type::I64);
    let n = b.v(Op::Cast(n), f32t.clone());
    let local = b.v(
        Op::LocalArray(vec![4, 4], 0),
        arr(Scalar::F32, 2, Layout::C),
    );
    let one = b.i64(1);
    b.e(Op::Store(local, vec![one, tid], n));
    let z = b.v(Op::Load(local, vec![one, zero]), f32t.clone());
    b.e(Op::Store(out, vec![tid], z));
    let table = b.v(Op::ConstArray(GlobalId(1)), arr1(Scalar::F64));
    let c = b.v(Op::Load(table, vec![tid]), Type::F64);
    b.e(Op::Store(out64, vec![tid], c));
    b.ret(None);
    let mut m = module(vec![b.finish()]);
    let init: Vec<u8> = [1.5f64, -2.0, 3.25]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    m.globals = vec![
        Global {
            name: "tile".into(),
            kind: GlobalKind::Shared,
            dtype: Scalar::F32.into(),
            shape: vec![16, 16],
            // The front end's alignment for float32; the writer raises it to 16.
            align: 4,
            init: None,
        },
        Global {
            name: "table".into(),
            kind: GlobalKind::Const,
            dtype: Scalar::F64.into(),
            shape: vec![3],
            align: 8,
            init: Some(init),
        },
        Global {
            name: "unused".into(),
            kind: GlobalKind::Shared,
            dtype: Scalar::I8.into(),
            shape: vec![7],
            align: 1,
            init: None,
        },
    ];
    let ir = write_module(&m, &CodegenOptions::default()).unwrap();
    assert!(
        ir.contains("@tile = internal addrspace(3) global [256 x float] undef, align 32"),
        "{ir}"
    );
    assert!(
        ir.contains("@table = internal addrspace(4) constant [24 x i8] c\"\\00\\00"),
        "{ir}"
    );
    assert!(!ir.contains("@unused"), "unused globals are not written");
    let ptx = check(&tools, &m);
    assert!(ptx.contains(".shared .align 32 .b8 tile[1024]"), "{ptx}");
    assert!(
        ptx.contains(".extern .shared .align 16 .b8 __oxcuda_dynshared[]"),
        "{ptx}"
    );
    assert!(ptx.contains(".const .align 16 .b8 table[24]"), "{ptx}");
    let body = ptx_function(&ptx, "mem");
    assert!(body.contains("%dynamic_smem_size"), "{body}");
    assert!(
        body.contains("st.shared.f32") && body.contains("ld.shared.f32"),
        "{body}"
    );
    assert!(body.contains("ld.const.f64"), "{body}");
}

#[test]
fn bad_constant_initialiser_is_refused() {
    let mut b = Fb::kernel("k", vec![arr1(Scalar::F64)]);
    let t = b.v(Op::ConstArray(GlobalId(0)), arr1(Scalar::F64));
    let _ = t;
    b.ret(None);
    let mut m = module(vec![b.finish()]);
    m.globals = vec![Global {
        name: "t".into(),
        kind: GlobalKind::Const,
        dtype: Scalar::F64.into(),
        shape: vec![3],
        align: 8,
        init: Some(vec![0; 5]),
    }];
    assert!(write_module(&m, &CodegenOptions::default()).is_err());
}
