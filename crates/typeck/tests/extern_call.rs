//! Calls of external device functions (`cuda.declare_device`): typed by the declared signature,
//! one external function per symbol, arguments converted, arrays passed to `CPointer`
//! parameters as their data pointers, errors for misuse.

use std::collections::HashMap;

use oxcuda_ir::{ExternAbi, FunctionKind, Module, verify::verify};
use oxcuda_syntax::SourceFile;
use oxcuda_typeck::{CompileOptions, ExternFn, FunctionSource, GlobalValue, compile};
use oxcuda_types::{Scalar, Type, parse_signature};

fn ext(symbol: &str, sig: &str, abi: ExternAbi) -> GlobalValue {
    let sig = parse_signature(sig).unwrap();
    GlobalValue::Extern(ExternFn {
        symbol: symbol.to_owned(),
        params: sig.args,
        ret: sig.ret.unwrap(),
        abi,
    })
}

fn globals() -> HashMap<String, GlobalValue> {
    let mut g = HashMap::new();
    g.insert("cuda".to_owned(), GlobalValue::Module("cuda".into()));
    g.insert(
        "add_one".to_owned(),
        ext("add_one", "float32(float32)", ExternAbi::C),
    );
    g.insert(
        "mul".to_owned(),
        ext("mul_f64", "float64(float64, int32)", ExternAbi::Numba),
    );
    g.insert(
        "total".to_owned(),
        ext("total", "float64(CPointer(float32), int64)", ExternAbi::C),
    );
    g.insert(
        "poke".to_owned(),
        ext("poke", "void(CPointer(int32))", ExternAbi::Numba),
    );
    g
}

fn lower(text: &str, sig: &str, extra: &[(&str, GlobalValue)]) -> Result<Module, Vec<String>> {
    let mut g = globals();
    for (k, v) in extra {
        g.insert((*k).to_owned(), v.clone());
    }
    let name = text
        .split("def ")
        .nth(1)
        .and_then(|s| s.split('(').next())
        .unwrap_or("f")
        .to_owned();
    let sources = vec![FunctionSource {
        name,
        source: SourceFile::new("test.py", text, 1, 0),
        globals: g,
        force_inline: false,
    }];
    let sig = parse_signature(sig).unwrap();
    let module = compile(
        &sources,
        0,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
    )
    .map_err(|errs| errs.iter().map(|e| e.render()).collect::<Vec<_>>())?;
    verify(&module).unwrap_or_else(|e| panic!("verifier: {e:?}\n{module}"));
    let mut optimized = module.clone();
    oxcuda_opt::optimize(&mut optimized, true)
        .unwrap_or_else(|(pass, e)| panic!("verifier after {pass}: {e:?}\n{module}"));
    Ok(module)
}

fn externs(m: &Module) -> Vec<String> {
    m.functions
        .iter()
        .filter(|f| f.kind.is_extern())
        .map(|f| f.name.clone())
        .collect()
}

#[test]
fn calls_are_typed_by_the_declaration_and_declared_once() {
    let m = lower(
        "def k(a, b):\n    i = cuda.grid(1)\n    a[i] = add_one(a[i])\n    a[i] = add_one(add_one(1))\n    b[i] = mul(b[i], i)\n",
        "void(float32[::1], float64[::1])",
        &[],
    )
    .unwrap();
    assert_eq!(externs(&m), ["add_one", "mul_f64"]);
    let text = m.to_string();
    assert!(
        text.contains("extern @f1 \"add_one\"(float32) -> float32 abi c"),
        "{text}"
    );
    assert!(
        text.contains("extern @f2 \"mul_f64\"(float64, int32) -> float64 abi numba"),
        "{text}"
    );
    // The int literal becomes a float32 constant; the int64 index is cast to int32.
    assert!(text.contains("float32 = const 1.0"), "{text}");
    assert!(text.contains("int32 = cast"), "{text}");
    assert_eq!(text.matches("call @f1(").count(), 3, "{text}");
}

#[test]
fn arrays_pass_their_data_pointer_to_cpointer_parameters() {
    let m = lower(
        "def k(out, x, n):\n    out[0] = total(x, x.size)\n    poke(n)\n",
        "void(float64[::1], float32[:], int32[::1])",
        &[],
    )
    .unwrap();
    let text = m.to_string();
    assert!(
        text.contains("CPointer(float32) = data"),
        "an ArrayData for the pointer: {text}"
    );
    assert!(
        text.contains("extern @f2 \"poke\"(CPointer(int32)) -> none abi numba"),
        "{text}"
    );
    let f = &m.functions[0];
    assert_eq!(
        f.params[1],
        Type::Array(oxcuda_types::ArrayType {
            dtype: Scalar::F32.into(),
            ndim: 1,
            layout: oxcuda_types::Layout::A,
            readonly: false,
            aligned: true,
        })
    );
}

#[test]
fn device_functions_share_the_external_function() {
    let text = "def k(a):\n    a[0] = g(a[0]) + add_one(a[1])\n";
    let dev = "def g(x):\n    return add_one(x) * 2\n";
    let mut g = globals();
    g.insert("g".to_owned(), GlobalValue::Function(1));
    let sources = vec![
        FunctionSource {
            name: "k".into(),
            source: SourceFile::new("test.py", text, 1, 0),
            globals: g,
            force_inline: false,
        },
        FunctionSource {
            name: "g".into(),
            source: SourceFile::new("test.py", dev, 3, 0),
            globals: globals(),
            force_inline: false,
        },
    ];
    let m = compile(
        &sources,
        0,
        &parse_signature("void(float32[::1])").unwrap().args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{:?}", e.iter().map(|d| d.render()).collect::<Vec<_>>()));
    verify(&m).unwrap();
    assert_eq!(externs(&m), ["add_one"]);
}

#[test]
fn misuse_is_reported_at_the_call() {
    let cases: [(&str, &str, &[&str]); 5] = [
        (
            "def k(a):\n    a[0] = add_one(a[0], a[1])\n",
            "void(float32[::1])",
            &["add_one(float32) takes 1 argument, got 2", "test.py:2:12"],
        ),
        (
            "def k(a):\n    a[0] = add_one(x=a[0])\n",
            "void(float32[::1])",
            &["positional arguments only"],
        ),
        (
            "def k(a, b):\n    a[0] = total(b, 3)\n",
            "void(float64[::1], float64[::1])",
            &["CPointer(float32)", "not array(float64, 1d, C)"],
        ),
        (
            "def k(a):\n    a[0] = add_one(a)\n",
            "void(float32[::1])",
            &["cannot convert array(float32, 1d, C) to float32"],
        ),
        (
            "def k(a):\n    a[0] = add_one(a[0]) + other(a[0])\n",
            "void(float32[::1])",
            &["declared twice with different signatures"],
        ),
    ];
    for (text, sig, wants) in cases {
        let other = ext("add_one", "float32(float64)", ExternAbi::C);
        let errs = lower(text, sig, &[("other", other)]).expect_err(text);
        let all = errs.join("\n");
        for want in wants {
            assert!(all.contains(want), "{want}:\n{all}");
        }
    }
}
