//! External functions (`cuda.declare_device`) against real CUDA C++: NVRTC compiles the
//! definitions to PTX, LTO-IR or a relocatable cubin, libNVVM compiles the calling kernel,
//! nvJitLink links them into an sm_90 cubin. Both ABIs, LTO on and off, and the failures.

use oxcuda_ir::{ExternAbi, Function, Module, Op, Scalar, Type};
use oxcuda_nvvm::{
    CodegenOptions, LinkDebug, LinkInput, LinkInputKind, NvrtcOutput, NvvmOutput, link_cubin,
    pipeline::link_options,
};

use crate::build::{Fb, arr1, module};
use crate::toolchain::{Tools, compile, tools_or_skip};

/// One C-ABI function and two numba-ABI functions (a double result, a bool result).
const SOURCE: &str = r#"
extern "C" __device__ float add_one(float x) { return x + 1.0f; }

extern "C" __device__ int mul_numba(double *out, double x, int k) {
    *out = x * k;
    return 0;
}

extern "C" __device__ int odd_numba(bool *out, long long x) {
    *out = (x & 1) != 0;
    return 0;
}
"#;

/// `k(a: float32[:], b: float64[:], c: bool[:])`:
/// `a[0] = add_one(a[0]); b[0] = mul_numba(b[0], 3); c[0] = odd_numba(7)`.
fn caller() -> Module {
    let f32t = Type::Scalar(Scalar::F32);
    let mut b = Fb::kernel(
        "k",
        vec![arr1(Scalar::F32), arr1(Scalar::F64), arr1(Scalar::Bool)],
    );
    let (a, d, c) = (b.param(0), b.param(1), b.param(2));
    let x = b.load1(a, 0);
    let y = b.v(Op::Call(oxcuda_ir::FuncId(1), vec![x]), f32t.clone());
    b.store1(a, 0, y);
    let x = b.load1(d, 0);
    let three = b.int(3, Scalar::I32);
    let y = b.v(Op::Call(oxcuda_ir::FuncId(2), vec![x, three]), Type::F64);
    b.store1(d, 0, y);
    let seven = b.i64(7);
    let odd = b.v(Op::Call(oxcuda_ir::FuncId(3), vec![seven]), Type::BOOL);
    b.store1(c, 0, odd);
    b.ret(None);
    module(vec![
        b.finish(),
        Function::external("add_one", ExternAbi::C, vec![f32t.clone()], f32t),
        Function::external(
            "mul_numba",
            ExternAbi::Numba,
            vec![Type::F64, Type::I32],
            Type::F64,
        ),
        Function::external("odd_numba", ExternAbi::Numba, vec![Type::I64], Type::BOOL),
    ])
}

fn nvrtc_options(extra: &[&str]) -> Vec<String> {
    extra.iter().map(|s| (*s).to_owned()).collect()
}

/// The definitions compiled by NVRTC, or `None` (after a notice) without NVRTC.
fn definitions(tools: &Tools, output: NvrtcOutput) -> Option<LinkInput> {
    let Some(nvrtc) = &tools.nvrtc else {
        eprintln!("NVRTC not found (set OXCUDA_TEST_NVRTC): skipping");
        return None;
    };
    let (options, kind, name) = match output {
        NvrtcOutput::Ptx => (
            nvrtc_options(&["-arch=compute_90", "-rdc=true"]),
            LinkInputKind::Ptx,
            "ext.ptx",
        ),
        NvrtcOutput::LtoIr => (
            nvrtc_options(&["-arch=compute_90", "-rdc=true", "-dlto"]),
            LinkInputKind::LtoIr,
            "ext.ltoir",
        ),
        NvrtcOutput::Cubin => (
            nvrtc_options(&["-arch=sm_90", "-rdc=true"]),
            LinkInputKind::Cubin,
            "ext.cubin",
        ),
    };
    let data = nvrtc
        .compile_to(SOURCE, "ext.cu", &options, output)
        .unwrap_or_else(|e| panic!("NVRTC failed: {e}"));
    Some(LinkInput {
        kind,
        data,
        name: name.to_owned(),
    })
}

fn options(lto: bool) -> CodegenOptions {
    CodegenOptions {
        cc: (9, 0),
        lto,
        ..CodegenOptions::default()
    }
}

#[test]
fn ptx_definitions_link_without_lto() {
    let tools = tools_or_skip!();
    let Some(ext) = definitions(&tools, NvrtcOutput::Ptx) else {
        return;
    };
    let main = compile(&tools, &caller(), &options(false)).expect("libNVVM compiles the caller");
    let NvvmOutput::Ptx(ptx) = &main else {
        panic!("expected PTX")
    };
    // The calls stay calls of the external symbols, with numba's result pointer first.
    let declared = |name: &str| {
        ptx.lines()
            .any(|l| l.starts_with(".extern .func") && l.trim_end().ends_with(name))
    };
    assert!(declared("add_one") && declared("mul_numba"), "{ptx}");
    assert!(ptx.contains("call.uni"), "{ptx}");
    let cubin = link_cubin(&tools.link, &main, &[ext], (9, 0), false, LinkDebug::None)
        .unwrap_or_else(|e| panic!("nvJitLink failed: {e}"));
    assert_eq!(&cubin[..4], b"\x7fELF");
    for symbol in ["add_one", "mul_numba", "odd_numba"] {
        let found = cubin.windows(symbol.len()).any(|w| w == symbol.as_bytes());
        assert!(found, "{symbol} is defined in the linked cubin");
    }
}

#[test]
fn lto_definitions_are_inlined() {
    let tools = tools_or_skip!();
    let Some(ext) = definitions(&tools, NvrtcOutput::LtoIr) else {
        return;
    };
    let main = compile(&tools, &caller(), &options(true)).expect("libNVVM compiles the caller");
    assert!(matches!(main, NvvmOutput::LtoIr(_)));
    let cubin = link_cubin(
        &tools.link,
        &main,
        std::slice::from_ref(&ext),
        (9, 0),
        true,
        LinkDebug::None,
    )
    .unwrap_or_else(|e| panic!("nvJitLink failed: {e}"));
    assert_eq!(&cubin[..4], b"\x7fELF");
    // The post-LTO PTX has no calls left: the definitions were inlined into the kernel.
    let NvvmOutput::LtoIr(bytes) = main else {
        unreachable!()
    };
    let inputs = [
        LinkInput {
            kind: LinkInputKind::LtoIr,
            data: bytes,
            name: "k.ltoir".to_owned(),
        },
        ext,
    ];
    let mut opts = link_options((9, 0), None, true, LinkDebug::None, false);
    opts.push("-ptx".to_owned());
    let (_, ptx) = tools.link.link(&inputs, &opts, true).expect("LTO link");
    let ptx = ptx.expect("linked PTX");
    assert!(ptx.contains(".entry k("), "{ptx}");
    assert!(!ptx.contains("call.uni"), "{ptx}");
    assert!(!ptx.contains("add_one"), "{ptx}");
}

#[test]
fn ptx_definitions_link_into_an_lto_kernel() {
    // Our LTO-IR with a non-LTO PTX input: nvJitLink links them (the PTX is not inlined).
    let tools = tools_or_skip!();
    let Some(ext) = definitions(&tools, NvrtcOutput::Ptx) else {
        return;
    };
    let main = compile(&tools, &caller(), &options(true)).expect("libNVVM compiles the caller");
    let cubin = link_cubin(&tools.link, &main, &[ext], (9, 0), true, LinkDebug::None)
        .unwrap_or_else(|e| panic!("nvJitLink failed: {e}"));
    assert_eq!(&cubin[..4], b"\x7fELF");
}

#[test]
fn relocatable_cubin_definitions_link() {
    let tools = tools_or_skip!();
    let Some(ext) = definitions(&tools, NvrtcOutput::Cubin) else {
        return;
    };
    assert_eq!(&ext.data[..4], b"\x7fELF");
    let main = compile(&tools, &caller(), &options(false)).expect("libNVVM compiles the caller");
    let cubin = link_cubin(&tools.link, &main, &[ext], (9, 0), false, LinkDebug::None)
        .unwrap_or_else(|e| panic!("nvJitLink failed: {e}"));
    assert_eq!(&cubin[..4], b"\x7fELF");
}

#[test]
fn an_undefined_symbol_fails_the_link_with_the_log() {
    let tools = tools_or_skip!();
    for lto in [false, true] {
        let main = compile(&tools, &caller(), &options(lto)).expect("libNVVM compiles");
        let err = link_cubin(&tools.link, &main, &[], (9, 0), lto, LinkDebug::None)
            .expect_err("add_one is undefined");
        assert_eq!(err.tool, "nvJitLink");
        assert!(err.log.contains("add_one"), "lto={lto}: {err}");
    }
}

#[test]
fn a_bad_input_is_named_in_the_error() {
    let tools = tools_or_skip!();
    let main = compile(&tools, &caller(), &options(false)).expect("libNVVM compiles");
    for (kind, name) in [
        (LinkInputKind::Object, "junk.o"),
        (LinkInputKind::Library, "junk.a"),
        (LinkInputKind::Fatbin, "junk.fatbin"),
        (LinkInputKind::Cubin, "junk.cubin"),
    ] {
        let junk = LinkInput {
            kind,
            data: b"this is not device code".to_vec(),
            name: name.to_owned(),
        };
        let err = link_cubin(&tools.link, &main, &[junk], (9, 0), false, LinkDebug::None)
            .expect_err("junk does not link");
        assert!(err.to_string().contains(name), "{name}: {err}");
    }
}

#[test]
fn nvrtc_errors_carry_the_log_and_the_name() {
    let tools = tools_or_skip!();
    let Some(nvrtc) = &tools.nvrtc else {
        return;
    };
    let err = nvrtc
        .compile(
            "extern \"C\" __device__ float f(float x) { return x +; }",
            "broken.cu",
            &nvrtc_options(&["-arch=compute_90"]),
        )
        .expect_err("a syntax error");
    assert_eq!(err.status, "NVRTC_ERROR_COMPILATION");
    assert!(err.log.contains("broken.cu"), "{err}");
    assert!(err.log.contains("expected an expression"), "{err}");
}

/// Every scalar type and a pointer through both ABIs, as parameter and result: libNVVM accepts
/// the declarations and calls for compute_75/90/100 (no link: the symbols stay external).
#[test]
fn every_abi_type_compiles() {
    let tools = tools_or_skip!();
    let scalars = [
        Scalar::Bool,
        Scalar::I8,
        Scalar::U8,
        Scalar::I16,
        Scalar::U16,
        Scalar::I32,
        Scalar::U32,
        Scalar::I64,
        Scalar::U64,
        Scalar::F32,
        Scalar::F64,
    ];
    let mut functions = Vec::new();
    let mut b = Fb::kernel("k", vec![arr1(Scalar::F64)]);
    let a = b.param(0);
    let data = b.v(Op::ArrayData(a), Type::Pointer(Scalar::F64.into()));
    let mut id = 1;
    for abi in [ExternAbi::C, ExternAbi::Numba] {
        for s in scalars {
            let t = Type::Scalar(s);
            let x = b.konst(s);
            let _ = b.v(Op::Call(oxcuda_ir::FuncId(id), vec![x, data]), t.clone());
            functions.push(Function::external(
                &format!("f_{}_{s}", abi.name()),
                abi,
                vec![t.clone(), Type::Pointer(Scalar::F64.into())],
                t,
            ));
            id += 1;
        }
        b.e(Op::Call(oxcuda_ir::FuncId(id), vec![data]));
        functions.push(Function::external(
            &format!("sink_{}", abi.name()),
            abi,
            vec![Type::Pointer(Scalar::F64.into())],
            Type::None,
        ));
        id += 1;
    }
    b.ret(None);
    functions.insert(0, b.finish());
    let m = module(functions);
    for cc in [(7, 5), (9, 0), (10, 0)] {
        let opts = CodegenOptions {
            cc,
            ..CodegenOptions::default()
        };
        let out = compile(&tools, &m, &opts).unwrap_or_else(|e| {
            let ir = oxcuda_nvvm::write_module(&m, &opts).unwrap_or_default();
            panic!("compute_{}{}: {e}\n{ir}", cc.0, cc.1)
        });
        let NvvmOutput::Ptx(ptx) = out else {
            panic!("expected PTX")
        };
        let externs = ptx
            .lines()
            .filter(|l| l.starts_with(".extern .func"))
            .count();
        assert_eq!(externs, 2 * scalars.len() + 2, "{ptx}");
    }
}
