//! The files generated from the registry: the Python stubs of the `cuda` names
//! (`python/oxcuda/cuda/_kernel_api.py`) and the list of every builtin (`docs/builtins.md`).
//!
//! They are generated, not exported through `_native` at import time, so that editors, type
//! checkers and `ruff` see real module-level names (`from oxcuda.cuda import popc`), `help()`
//! works without building the native module, and importing `oxcuda` costs nothing more. The
//! test `tests/builtins.rs` fails when a checked-in copy differs from what this renders
//! (`OXCUDA_BLESS=1` rewrites them).

use std::collections::BTreeMap;
use std::fmt::Write;

use super::{Builtin, Rule, all, reference};

/// Names whose stub does something on the host: numba's `literal_unroll` returns its argument.
const HOST_CALLABLE: &[(&str, &str)] = &[("cuda.literal_unroll", "_LiteralUnroll")];

/// A tree of the `cuda.` rows by path component.
#[derive(Default)]
struct Node {
    row: Option<&'static Builtin>,
    children: BTreeMap<&'static str, Node>,
}

/// Namespaces of `cuda` with a hand-written Python module of their own
/// (`python/oxcuda/cuda/<name>.py`, which also holds their host-side names, such as
/// `cuda.random.create_xoroshiro128p_states`): the generated stubs leave them out, so the
/// package attribute is always the real module.
const PYTHON_MODULES: &[&str] = &["cg", "random"];

fn cuda_tree() -> Node {
    let mut root = Node::default();
    for b in all() {
        let Some(rest) = b.path.strip_prefix("cuda.") else {
            continue;
        };
        if PYTHON_MODULES
            .iter()
            .any(|m| rest.split('.').next() == Some(*m))
        {
            continue;
        }
        let mut node = &mut root;
        for part in rest.split('.') {
            node = node.children.entry(part).or_default();
        }
        node.row = Some(b);
    }
    root
}

fn py_string(s: &str) -> String {
    format!("{s:?}")
}

fn doc_text(b: &Builtin) -> String {
    if b.rule.is_value() {
        b.doc.to_owned()
    } else {
        let name = b.path.strip_prefix("cuda.").unwrap_or(b.path);
        let first = format!("{name}(");
        if b.doc.starts_with(&first) {
            b.doc.to_owned()
        } else {
            format!("{name}({}): {}", b.signature, b.doc)
        }
    }
}

fn stub(b: &Builtin, indent: usize) -> String {
    let class = HOST_CALLABLE
        .iter()
        .find(|(p, _)| *p == b.path)
        .map_or("_DeviceOnly", |(_, c)| c);
    let pad = " ".repeat(indent);
    // Attributes (`cuda.threadIdx.x`) are marked so the reference shows no call signature.
    let value = if b.rule.is_value() {
        format!("\n{pad}    value=True,")
    } else {
        String::new()
    };
    format!(
        "{class}(\n{pad}    {},\n{pad}    {},\n{pad}    {},{value}\n{pad})",
        py_string(b.path),
        py_string(b.signature),
        py_string(&reference::docstring(b, &doc_text(b))),
    )
}

fn namespace(path: &str, node: &Node, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let members: Vec<&str> = node.children.keys().copied().collect();
    let doc = reference::namespace_docstring(path, &members);
    let mut out = format!(
        "_Namespace(\n{pad}    {},\n{pad}    {},\n{pad}    {{\n",
        py_string(path),
        py_string(&doc)
    );
    for (name, child) in &node.children {
        let full = format!("{path}.{name}");
        let value = match child.row {
            Some(b) if child.children.is_empty() => stub(b, indent + 8),
            _ => namespace(&full, child, indent + 8),
        };
        let _ = writeln!(out, "{pad}        {}: {value},", py_string(name));
    }
    let _ = write!(out, "{pad}    }},\n{pad})");
    out
}

/// The text of `python/oxcuda/cuda/_kernel_api.py`.
#[must_use]
pub fn python_stubs() -> String {
    let mut out = String::from(
        "# Generated from crates/typeck/src/builtins/table.rs: do not edit. Regenerate with\n\
         # OXCUDA_BLESS=1 cargo test -p oxcuda-typeck --test builtins\n\
         # ruff: noqa: E501, N816 - docstrings are one string each; numba's names (threadIdx)\n\
         \"\"\"The names kernels use: ``threadIdx``, ``grid``, ``shared.array``, ``atomic.add``, …\n\
         \n\
         Each object carries ``_oxcuda_path``, the canonical path the compiler implements (its row\n\
         in the builtin registry, ``crates/typeck/src/builtins/table.rs``), and the row's docstring\n\
         (numpydoc sections composed by ``crates/typeck/src/builtins/reference.rs``).\n\
         Calling one on the host is an error that says so.\n\
         \"\"\"\n\
         \n\
         from __future__ import annotations\n\
         \n\
         from oxcuda.cuda._device_only import _DeviceOnly, _LiteralUnroll, _Namespace\n",
    );
    let tree = cuda_tree();
    let mut names = Vec::new();
    for (name, node) in &tree.children {
        let path = format!("cuda.{name}");
        let value = match node.row {
            Some(b) if node.children.is_empty() => stub(b, 0),
            _ => namespace(&path, node, 0),
        };
        let _ = write!(out, "\n{name} = {value}\n");
        names.push(*name);
    }
    // The rows of `cuda.cg` and `cuda.random`: their objects live in hand-written modules, which
    // take their docstrings from here, so `help()` shows the registry's text there too.
    out.push_str(
        "\n# Docstrings of the rows whose objects live in a hand-written module (cuda.cg,\n\
         # cuda.random): those modules read them from here. Path: (signature, docstring).\n\
         _MODULE_DOCS = {\n",
    );
    for b in all() {
        let Some(rest) = b.path.strip_prefix("cuda.") else {
            continue;
        };
        if PYTHON_MODULES
            .iter()
            .any(|m| rest.split('.').next() == Some(*m))
        {
            // In the layout `ruff format` gives it (the file is checked by ruff).
            let _ = writeln!(
                out,
                "    {}: (\n        {},\n        {},\n    ),",
                py_string(b.path),
                py_string(b.signature),
                py_string(&reference::docstring(b, &doc_text(b)))
            );
        }
    }
    out.push_str("}\n");
    out.push_str("\n__all__ = [\n");
    // In the order `ruff` keeps `__all__` (RUF022): numbers in names compare as numbers.
    names.sort_by(|a, b| natural_order(a, b));
    for name in names {
        let _ = writeln!(out, "    {},", py_string(name));
    }
    out.push_str("]\n");
    out
}

/// Byte order, except that runs of digits compare as numbers (`fp8` before `fp16`).
fn natural_order(a: &str, b: &str) -> std::cmp::Ordering {
    fn runs(s: &str) -> Vec<(bool, &str)> {
        let mut out = Vec::new();
        let mut start = 0;
        let bytes = s.as_bytes();
        for k in 1..=bytes.len() {
            if k == bytes.len() || bytes[k].is_ascii_digit() != bytes[start].is_ascii_digit() {
                out.push((bytes[start].is_ascii_digit(), &s[start..k]));
                start = k;
            }
        }
        out
    }
    let (ra, rb) = (runs(a), runs(b));
    for (x, y) in ra.iter().zip(&rb) {
        let o = match (x, y) {
            ((true, p), (true, q)) => p.len().cmp(&q.len()).then_with(|| p.cmp(q)),
            ((_, p), (_, q)) => p.cmp(q),
        };
        if o.is_ne() {
            return o;
        }
    }
    ra.len().cmp(&rb.len())
}

fn group(b: &Builtin) -> &'static str {
    match b.path.split('.').collect::<Vec<_>>().as_slice() {
        [_] => "Python builtins",
        ["cuda", "atomic", _] => "cuda.atomic",
        ["cuda", "libdevice", _] => "cuda.libdevice",
        ["cuda", "fp16", _] => "cuda.fp16",
        ["cuda", "bf16", _] => "cuda.bf16",
        ["cuda", _, _] => "cuda (namespaces)",
        ["cuda", n] if n.starts_with("ld") || n.starts_with("st") => "cuda (cache hints)",
        ["cuda", _] => "cuda",
        ["math", _] => "math",
        ["cmath", _] => "cmath",
        ["numpy", _] => "numpy",
        _ => "other",
    }
}

/// The text of `docs/builtins.md`.
#[must_use]
pub fn docs_list() -> String {
    let mut out = String::from(
        "# Builtins: every name device code can use\n\n\
         Generated from the builtin registry (`crates/typeck/src/builtins/table.rs`) by\n\
         `OXCUDA_BLESS=1 cargo test -p oxcuda-typeck --test builtins`; do not edit. `cuda` is\n\
         `oxcuda.cuda` or `numba.cuda`, `numpy` is NumPy. Typing rules: docs/typing.md; adding\n\
         a name: docs/add-a-builtin.md.\n",
    );
    let mut groups: Vec<(&str, Vec<&Builtin>)> = Vec::new();
    for b in all() {
        let g = group(b);
        match groups.iter_mut().find(|(name, _)| *name == g) {
            Some((_, rows)) => rows.push(b),
            None => groups.push((g, vec![b])),
        }
    }
    for (g, rows) in groups {
        let _ = write!(
            out,
            "\n## {g}\n\n| name | lowering | description |\n|---|---|---|\n"
        );
        for b in rows {
            let name = if b.rule.is_value() {
                format!("`{}`", b.path)
            } else {
                format!("`{}({})`", b.path, b.signature)
            };
            let doc = b.doc.replace('|', "\\|");
            let _ = writeln!(out, "| {name} | {} | {doc} |", lowering(b.rule));
        }
    }
    out
}

fn lowering(rule: Rule) -> String {
    match rule {
        Rule::Read(i) | Rule::Barrier(i) | Rule::PredicateBarrier(i) | Rule::U32Operand(i) => {
            format!("intrinsic `{}`", i.name())
        }
        Rule::Bits(i) | Rule::LaneMask(i) => format!("intrinsic `{}`", i.name()),
        Rule::Shfl(m) => format!("intrinsic `{}`", oxcuda_ir::Intrinsic::Shfl(m).name()),
        Rule::Vote(m) => format!("intrinsic `{}`", oxcuda_ir::Intrinsic::Vote(m).name()),
        Rule::Match(m) => format!("intrinsic `{}`", oxcuda_ir::Intrinsic::Match(m).name()),
        Rule::Float(_) | Rule::Complex(..) => "constant".into(),
        Rule::FloatMath(f) => format!("math `{}`", f.c_name()),
        Rule::Atomic(op) => format!("atomic `{}`", op.name()),
        Rule::AtomicLegacyCas => "atomic `cas`".into(),
        Rule::CacheLoad(c) => format!("`load.{}`", c.name()),
        Rule::CacheStore(c) => format!("`store.{}`", c.name()),
        Rule::Libdevice(f) => format!("`{}`", f.row().symbol()),
        Rule::Module => "module table".into(),
        Rule::Library => "device library".into(),
        Rule::Reinterpret(from, to) => format!("intrinsic `reinterpret` {from} → {to}"),
        Rule::ArithRn(op, s) => format!(
            "intrinsic `{}` on {s}",
            oxcuda_ir::Intrinsic::ArithRn(op).name()
        ),
        Rule::Special => "own code".into(),
        Rule::Token => "constant token".into(),
        Rule::Tensor => "`lower/tensor.rs`".into(),
    }
}
