//! The builtin registry's invariants, and the files generated from it being current.
//!
//! `OXCUDA_BLESS=1 cargo test -p oxcuda-typeck --test builtins` rewrites the generated files.

use std::collections::HashSet;
use std::path::PathBuf;

use oxcuda_typeck::builtins::{self, Rule, Signature, render};

fn repo_file(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

fn check_generated(rel: &str, want: &str) {
    let path = repo_file(rel);
    if std::env::var_os("OXCUDA_BLESS").is_some() {
        std::fs::write(&path, want).unwrap_or_else(|e| panic!("writing {rel}: {e}"));
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{rel} is out of step with crates/typeck/src/builtins/table.rs; regenerate it with \
         OXCUDA_BLESS=1 cargo test -p oxcuda-typeck --test builtins"
    );
}

#[test]
fn python_stubs_are_current() {
    check_generated("python/oxcuda/cuda/_kernel_api.py", &render::python_stubs());
}

#[test]
fn docs_list_is_current() {
    check_generated("docs/builtins.md", &render::docs_list());
}

#[test]
fn rows_are_unique_and_well_formed() {
    let mut seen = HashSet::new();
    for b in builtins::all() {
        assert!(seen.insert(b.path), "{} twice", b.path);
        let sig = Signature::parse(b.signature).unwrap_or_else(|e| panic!("{}: {e}", b.path));
        assert!(!b.doc.is_empty(), "{} has no docstring", b.path);
        assert!(
            !b.doc.contains('\\') && !b.doc.contains("\"\"\""),
            "{}: docstrings are plain text",
            b.path
        );
        if b.rule.is_value() {
            assert!(
                b.signature.is_empty(),
                "{}: a value has no signature",
                b.path
            );
        }
        if b.rule.checks_arity() {
            assert!(!sig.variadic, "{}: a checked arity is finite", b.path);
        }
        // A namespace is never also a row (it would be both callable and a namespace).
        assert!(!builtins::is_namespace(b.path), "{} is a namespace", b.path);
    }
}

#[test]
fn signatures_parse_as_python_does() {
    let s = Signature::parse("shape, dtype, alignment=None").unwrap();
    assert_eq!((s.min_args(), s.max_args()), (2, 3));
    assert_eq!(s.keyword_position("alignment"), Some(2));
    let s = Signature::parse("ary, idx, val, /").unwrap();
    assert_eq!(s.keyword_position("ary"), None);
    assert_eq!((s.min_args(), s.max_args()), (3, 3));
    let s = Signature::parse("*args").unwrap();
    assert_eq!((s.min_args(), s.max_args()), (0, usize::MAX));
    assert!(Signature::parse("a=1, b").is_err());
    assert!(Signature::parse("a, a").is_err());
    assert!(Signature::parse("1x").is_err());
}

#[test]
fn cache_hints_are_rows() {
    for name in ["ldca", "ldcg", "ldcs", "ldlu", "ldcv"] {
        let b = builtins::find(&format!("cuda.{name}")).unwrap();
        assert!(matches!(b.rule, Rule::CacheLoad(c) if name.ends_with(c.name())));
    }
    for name in ["stcg", "stcs", "stwb", "stwt"] {
        let b = builtins::find(&format!("cuda.{name}")).unwrap();
        assert!(matches!(b.rule, Rule::CacheStore(c) if name.ends_with(c.name())));
    }
}
