//! The extension resolver seam (`oxcuda_typeck::extension`) without Python: a resolver written
//! in Rust answers queries for an overloaded function, a method and an attribute; the tests
//! check what the front end asks (types, literal values, keywords), that each distinct query is
//! asked once although typing runs several passes, that implementations are compiled and
//! called, and the errors when there is no resolver or no match.

use std::collections::HashMap;
use std::sync::Mutex;

use oxcuda_ir::{FunctionKind, Module, Op, verify::verify};
use oxcuda_syntax::SourceFile;
use oxcuda_typeck::{
    Callee, CompileOptions, FunctionSource, GlobalValue, Literal, Query, Resolution, Resolver,
    compile, compile_with,
};
use oxcuda_types::{Type, parse_signature};

fn source(name: &str, text: &str, globals: HashMap<String, GlobalValue>) -> FunctionSource {
    FunctionSource {
        name: name.to_owned(),
        source: SourceFile::new("ext.py", text, 1, 0),
        globals,
        force_inline: false,
    }
}

/// Answers `twice(x)` with `x * 2` (floats only), `.halved()` on arrays with `a[0] / 2`,
/// `.first` with `a[0]`, and records every query.
#[derive(Default)]
struct Fake {
    asked: Mutex<Vec<Query>>,
}

impl Resolver for Fake {
    fn resolve(&self, query: &Query) -> Resolution {
        self.asked.lock().unwrap().push(query.clone());
        let implementation = |text: &str| {
            let name = text
                .split("def ")
                .nth(1)
                .unwrap()
                .split('(')
                .next()
                .unwrap();
            // A parameter's default travels as a `$default:<name>` global, as capture sends it.
            let globals = HashMap::from([("$default:scale".to_owned(), GlobalValue::Int(2))]);
            Resolution::Implementation(vec![source(name, text, globals)])
        };
        match &query.callee {
            Callee::Function(7) => match query.args[0].ty {
                Type::Scalar(s) if s.is_float() => {
                    implementation("def twice_impl(x, scale=2):\n    return x * scale\n")
                }
                _ => Resolution::NoMatch("No implementation of function 'twice'".to_owned()),
            },
            Callee::Method(m) if m == "halved" => {
                implementation("def halved_impl(a):\n    return a[0] / 2\n")
            }
            Callee::Attribute(a) if a == "first" => {
                implementation("def first_impl(a):\n    return a[0]\n")
            }
            _ => Resolution::NotFound,
        }
    }

    fn has_method(&self, name: &str) -> bool {
        name == "halved"
    }
}

fn kernel(text: &str) -> Vec<FunctionSource> {
    let globals = HashMap::from([("twice".to_owned(), GlobalValue::Overload(7, "twice".into()))]);
    vec![source("k", text, globals)]
}

fn run(text: &str, sig: &str, resolver: Option<&dyn Resolver>) -> Result<Module, Vec<String>> {
    let sig = parse_signature(sig).unwrap();
    let module = compile_with(
        &kernel(text),
        0,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
        resolver,
    )
    .map_err(|errs| errs.iter().map(|e| e.render()).collect::<Vec<_>>())?;
    verify(&module).unwrap_or_else(|e| panic!("verifier: {e:?}\n{module}"));
    Ok(module)
}

fn calls(m: &Module) -> usize {
    m.functions[0]
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| matches!(i.op, Op::Call(..)))
        .count()
}

const USES_ALL: &str = "\
def k(out, x):
    t = 0.0
    for i in range(3):
        t = t + twice(x[i]) + twice(x[i], scale=3)
    out[0] = t + x.halved() + x.first + twice(1.5)
";

#[test]
fn implementations_are_compiled_and_called() {
    let fake = Fake::default();
    let m = run(USES_ALL, "void(float64[:], float32[:])", Some(&fake)).unwrap();
    assert_eq!(calls(&m), 5, "{m}");
    let names: Vec<&str> = m
        .functions
        .iter()
        .map(|f| f.display_name.as_str())
        .collect();
    for name in ["twice_impl", "halved_impl", "first_impl"] {
        assert!(names.contains(&name), "{names:?}");
    }
    let asked = fake.asked.lock().unwrap();
    // Typing runs several passes; each distinct query reaches the resolver once.
    let mut distinct = asked.clone();
    distinct.dedup();
    assert_eq!(asked.len(), distinct.len(), "{asked:#?}");
    let float32 = Type::Scalar(oxcuda_types::Scalar::F32);
    let keyword = asked
        .iter()
        .find(|q| !q.keywords.is_empty())
        .expect("the call with scale=3");
    assert_eq!(keyword.keywords[0].0, "scale");
    assert_eq!(keyword.keywords[0].1.literal, Some(Literal::Int(3)));
    assert_eq!(keyword.args[0].ty, float32);
    let literal = asked
        .iter()
        .find(|q| q.args[0].ty == Type::F64)
        .expect("twice(1.5)");
    assert_eq!(literal.args[0].literal, None, "floats have no literal type");
}

#[test]
fn no_match_is_reported_at_the_call() {
    let fake = Fake::default();
    let err = run(
        "def k(out, n):\n    out[0] = twice(n[0])\n",
        "void(float64[:], int32[:])",
        Some(&fake),
    )
    .unwrap_err();
    assert!(err[0].contains("no-matching-overload"), "{err:?}");
    assert!(err[0].contains("twice(n[0])"), "{err:?}");
}

#[test]
fn without_a_resolver_extension_callees_are_unknown() {
    let err = run(
        "def k(out, x):\n    out[0] = twice(x[0])\n",
        "void(float64[:], float64[:])",
        None,
    )
    .unwrap_err();
    assert!(err[0].contains("twice() has no implementation"), "{err:?}");
    // `compile` is `compile_with` without a resolver.
    let sig = parse_signature("void(float64[:], float64[:])").unwrap();
    let plain = compile(
        &kernel("def k(out, x):\n    out[0] = twice(x[0])\n"),
        0,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
    );
    assert!(plain.is_err());
}

#[test]
fn unknown_attributes_stay_unknown() {
    let fake = Fake::default();
    let err = run(
        "def k(out, x):\n    out[0] = x.nothing\n",
        "void(float64[:], float64[:])",
        Some(&fake),
    )
    .unwrap_err();
    assert!(err[0].contains("unknown-attribute"), "{err:?}");
    assert!(err[0].contains("no attribute 'nothing'"), "{err:?}");
}
