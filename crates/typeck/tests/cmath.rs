//! `cmath`, `math.frexp`/`math.modf` and `complex64(re, im)` in the front end: every `cmath`
//! function compiles from the device library for both precisions, and the complex64 versions
//! compute in float32 throughout.

use std::collections::HashMap;

use oxcuda_ir::{FunctionKind, Module, verify::verify};
use oxcuda_syntax::SourceFile;

use oxcuda_typeck::{CompileOptions, FunctionSource, GlobalValue, compile};
use oxcuda_types::{Scalar, Type, parse_signature};

fn compile_kernel(text: &str, sig: &str) -> Result<Module, Vec<String>> {
    let globals = HashMap::from([
        ("cmath".to_owned(), GlobalValue::Module("cmath".into())),
        ("math".to_owned(), GlobalValue::Module("math".into())),
        ("np".to_owned(), GlobalValue::Module("numpy".into())),
    ]);
    let sources = vec![FunctionSource {
        name: "k".into(),
        source: SourceFile::new("test.py", text, 1, 0),
        globals,
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
    if let Err(errs) = verify(&module) {
        panic!("verifier: {errs:?}\n{module}");
    }
    let mut optimized = module.clone();
    if let Err((pass, errs)) = oxcuda_opt::optimize(&mut optimized, true) {
        panic!("verifier after pass {pass}: {errs:?}\n{module}");
    }
    Ok(module)
}

fn call_text(name: &str) -> String {
    match name {
        "rect" => "    r = cmath.rect(z[0].real, z[0].imag)\n".to_owned(),
        _ => format!("    r = cmath.{name}(z[0])\n"),
    }
}

#[test]
fn every_cmath_function_compiles_in_its_precision() {
    for (sig, part, other) in [
        (
            "void(complex64[:])",
            Scalar::F32,
            [Scalar::F64, Scalar::C128],
        ),
        (
            "void(complex128[:])",
            Scalar::F64,
            [Scalar::F32, Scalar::C64],
        ),
    ] {
        for name in oxcuda_typeck::builtins::module_functions("cmath") {
            let text = format!("def k(z):\n{}", call_text(name));
            let module = compile_kernel(&text, sig).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert!(
                module.functions.len() > 1,
                "{name}: no library call\n{module}"
            );
            for f in &module.functions[1..] {
                assert!(f.display_name.starts_with("cmath."), "{}", f.display_name);
                assert_eq!(f.file, "<oxcuda>/cmath.py");
                for t in &f.values {
                    assert!(
                        !other.iter().any(|s| *t == Type::Scalar(*s)),
                        "{name} for {part}: {} has a {t} value\n{module}",
                        f.display_name
                    );
                }
            }
            let ret = &module.functions[1].ret;
            let want = match name {
                "isnan" | "isinf" | "isfinite" => Type::BOOL,
                "phase" => Type::Scalar(part),
                "polar" => Type::Tuple(vec![Type::Scalar(part); 2]),
                _ if part == Scalar::F32 => Type::Scalar(Scalar::C64),
                _ => Type::Scalar(Scalar::C128),
            };
            assert_eq!(ret, &want, "{name} for {part}");
        }
    }
}

#[test]
fn real_arguments_become_complex_of_their_precision() {
    let m = compile_kernel(
        "def k(x, y, n):\n    a = cmath.sqrt(x[0])\n    b = cmath.sqrt(y[0])\n    c = cmath.exp(n[0])\n    d = cmath.log(x[0], y[0])\n",
        "void(float32[:], float64[:], int32[:])",
    )
    .unwrap();
    let names: Vec<(&str, &Type)> = m.functions[1..]
        .iter()
        .map(|f| (f.display_name.as_str(), &f.params[0]))
        .collect();
    let c64 = Type::Scalar(Scalar::C64);
    let c128 = Type::Scalar(Scalar::C128);
    assert!(names.contains(&("cmath.sqrt", &c64)), "{names:?}");
    assert!(names.contains(&("cmath.sqrt", &c128)), "{names:?}");
    assert!(names.contains(&("cmath.exp", &c128)), "{names:?}");
    // A float32 and a float64 argument: computed in complex128.
    assert!(names.contains(&("cmath.log_base", &c128)), "{names:?}");
}

#[test]
fn cmath_errors_name_the_function() {
    let err = compile_kernel("def k(z):\n    r = cmath.sqrt(z)\n", "void(float32[:])").unwrap_err();
    assert!(err[0].contains("cmath.sqrt() takes numbers"), "{err:?}");
    let err = compile_kernel(
        "def k(z):\n    r = cmath.rect(z[0], 1.0)\n",
        "void(complex64[:])",
    )
    .unwrap_err();
    assert!(
        err[0].contains("cmath.rect() takes real numbers"),
        "{err:?}"
    );
    let err = compile_kernel(
        "def k(z):\n    r = cmath.gamma(z[0])\n",
        "void(complex64[:])",
    )
    .unwrap_err();
    assert!(err[0].contains("gamma"), "{err:?}");
    let err = compile_kernel(
        "def k(z):\n    r = cmath.sqrt(z[0], 2)\n",
        "void(complex64[:])",
    )
    .unwrap_err();
    assert!(err[0].contains("takes 1 arguments"), "{err:?}");
}

#[test]
fn frexp_and_modf_have_numbas_types() {
    let m = compile_kernel(
        "def k(x, n):\n    a = math.frexp(x[0])\n    b = math.modf(x[0])\n    c = math.frexp(n[0])\n",
        "void(float32[:], int64[:])",
    )
    .unwrap();
    let text = m.to_string();
    assert!(text.contains("Tuple(float32, int32) = tuple"), "{text}");
    assert!(text.contains("UniTuple(float32 x 2) = tuple"), "{text}");
    assert!(text.contains("Tuple(float64, int32) = tuple"), "{text}");
    assert!(text.contains("int32 = math ilogb"), "{text}");
}

#[test]
fn complex_constructors_take_real_and_imaginary_parts() {
    let m = compile_kernel(
        "def k(x):\n    z = np.complex64(x[0], 2)\n    w = np.complex128(1, x[0])\n",
        "void(float64[:])",
    )
    .unwrap();
    let text = m.to_string();
    assert!(text.contains("complex64 = complex"), "{text}");
    assert!(text.contains("complex128 = complex"), "{text}");
}

#[test]
fn every_math_function_compiles() {
    let two = [
        "atan2",
        "hypot",
        "pow",
        "fmod",
        "copysign",
        "remainder",
        "nextafter",
        "ldexp",
    ];
    for name in oxcuda_typeck::builtins::module_functions("math") {
        let call = if two.contains(&name) {
            format!("math.{name}(x[0], 3)")
        } else {
            format!("math.{name}(x[0])")
        };
        let text = format!("def k(x):\n    r = {call}\n");
        compile_kernel(&text, "void(float32[:])").unwrap_or_else(|e| panic!("{name}: {e:?}"));
    }
}

#[test]
fn numpy_functions_of_complex_numbers_are_cmaths() {
    let m = compile_kernel(
        "def k(z):\n    a = np.sqrt(z[0])\n    b = np.arcsinh(z[0])\n    c = np.isnan(z[0])\n    d = np.log10(z[0])\n",
        "void(complex64[:])",
    )
    .unwrap();
    let names: Vec<&str> = m.functions[1..]
        .iter()
        .map(|f| f.display_name.as_str())
        .collect();
    for want in ["cmath.sqrt", "cmath.asinh", "cmath.isnan", "cmath.log10"] {
        assert!(names.contains(&want), "{names:?}");
    }
    let err =
        compile_kernel("def k(z):\n    a = np.floor(z[0])\n", "void(complex64[:])").unwrap_err();
    assert!(err[0].contains("complex"), "{err:?}");
}
