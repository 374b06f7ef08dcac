//! `assert` in the front end: emitted only with `debug`, its message recorded by location.

use std::collections::HashMap;

use oxcuda_ir::{FunctionKind, Intrinsic, Module, Op};
use oxcuda_syntax::SourceFile;
use oxcuda_typeck::{CompileOptions, FunctionSource, GlobalValue, compile};
use oxcuda_types::parse_signature;

fn lower(text: &str, debug: bool) -> Result<Module, Vec<String>> {
    let globals = HashMap::from([("cuda".to_owned(), GlobalValue::Module("cuda".into()))]);
    let sources = vec![FunctionSource {
        name: "k".into(),
        source: SourceFile::new("test.py", text, 1, 0),
        globals,
        force_inline: false,
    }];
    let sig = parse_signature("void(float64[:])").unwrap();
    compile(
        &sources,
        0,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions {
            debug,
            fastmath: false,
        },
    )
    .map_err(|errs| errs.iter().map(|e| e.render()).collect())
}

fn asserts(m: &Module) -> Vec<oxcuda_ir::Loc> {
    m.functions[0]
        .blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| matches!(i.op, Op::Intrinsic(Intrinsic::Assert, _)))
        .map(|i| i.loc)
        .collect()
}

#[test]
fn messages_are_recorded_at_their_asserts() {
    let text = "def k(x):\n    assert x[0] > 0, \"x[0] must be positive\"\n    assert x[1] > 0\n    assert x[2] > 0, 7\n";
    let m = lower(text, true).unwrap();
    let at = asserts(&m);
    assert_eq!(at.len(), 3);
    let f = &m.functions[0];
    assert_eq!(f.assert_message(at[0]), Some("x[0] must be positive"));
    assert_eq!(f.assert_message(at[1]), None);
    assert_eq!(f.assert_message(at[2]), Some("7"));
    assert_eq!((at[0].line, at[0].col), (2, 5));
    let printed = m.to_string();
    assert!(
        printed.contains("  assert \"x[0] must be positive\" !2:5\n"),
        "{printed}"
    );
}

#[test]
fn without_debug_nothing_is_emitted() {
    let m = lower("def k(x):\n    assert x[0] > 0, \"never\"\n", false).unwrap();
    assert!(asserts(&m).is_empty());
    assert!(m.functions[0].assert_messages.is_empty());
}

#[test]
fn assert_false_always_fails_and_true_is_dropped() {
    let m = lower(
        "def k(x):\n    assert True\n    assert False, \"no\"\n",
        true,
    )
    .unwrap();
    assert_eq!(asserts(&m).len(), 1);
    assert!(m.to_string().contains("bool = const false"), "{m}");
}

#[test]
fn messages_must_be_constants() {
    let errs = lower("def k(x):\n    assert x[0] > 0, x[0]\n", true).unwrap_err();
    assert!(
        errs[0].contains("an assert message in device code must be a constant"),
        "{errs:?}"
    );
}
