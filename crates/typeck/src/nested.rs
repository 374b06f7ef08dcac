//! Functions defined inside kernels and device functions: nested `def`s and lambdas.
//!
//! Before a compilation starts, every user source is scanned for the functions defined in its
//! body; each becomes a source of its own (appended to the session's sources), compiled and
//! specialised like any device function when it is called. A nested function's *free
//! variables* that are locals of the function defining it (closing over locals and arguments)
//! become extra trailing parameters of its source, named as in the user's code; a call passes
//! the enclosing function's values of them at the time of the call (Python's late binding,
//! and what numba's inlining of closures computes). A `nonlocal` variable is captured too, and
//! the function's source is rewritten to return its new value with its own
//! ([`rewrite_nonlocals`]), which the call assigns in the caller. A `def`'s own name inside its
//! body is the function itself (recursion). Names that are not locals of the enclosing
//! function resolve as the enclosing function's globals and closure values do.
//!
//! A nested `def` keeps its lines and columns (its text is the definition, dedented). A lambda
//! `lambda x: <expr>` becomes `def <lambda>(x): return (<expr>)` on the lambda's line, so its
//! diagnostics name the right line (columns within that line are approximate).

use std::collections::{BTreeSet, HashMap, HashSet};

use oxcuda_syntax::ast::{self, Expr, Stmt, visitor};
use oxcuda_syntax::{Ranged, SourceFile, TextRange, parse_function};

use crate::globals::{FunctionSource, GlobalValue};

/// A function defined inside another.
#[derive(Debug, Clone)]
pub(crate) struct Nested {
    /// Its session source index.
    pub index: usize,
    /// The source index of the function that defines it.
    pub parent: usize,
    /// The enclosing function's locals it reads: its trailing hidden parameters.
    pub captured: Vec<String>,
    /// The name a `def` binds (`None` for a lambda): inside its own body the name is the
    /// function itself, so a nested function can call itself (recursion), as in Python.
    pub own_name: Option<String>,
    /// The enclosing function's variables it rebinds (`nonlocal`): also in `captured`; its
    /// source returns their new values (see [`rewrite_nonlocals`]) and a call assigns them.
    pub nonlocals: Vec<String>,
    /// With `nonlocals`: whether the function returns a value, so that its source returns
    /// `(value, (nonlocals...))`; otherwise it returns `(nonlocals...)`.
    pub returns_value: bool,
}

/// The nested functions of a compilation: by (defining source, start of the `def` or
/// `lambda` in its text), and by their own source index.
#[derive(Debug, Default)]
pub(crate) struct NestedFunctions {
    by_site: HashMap<(usize, u32), usize>,
    by_index: HashMap<usize, Nested>,
}

impl NestedFunctions {
    /// The nested function defined at `range` of source `parent`.
    pub fn at(&self, parent: usize, range: TextRange) -> Option<&Nested> {
        let index = self.by_site.get(&(parent, u32::from(range.start())))?;
        self.by_index.get(index)
    }

    /// The functions defined directly in source `parent`.
    pub fn children(&self, parent: usize) -> impl Iterator<Item = &Nested> {
        self.by_index.values().filter(move |n| n.parent == parent)
    }

    /// The nested function with source index `index`.
    pub fn get(&self, index: usize) -> Option<&Nested> {
        self.by_index.get(&index)
    }
}

/// Appends a source for every function nested in `sources` (at any depth) and returns them
/// with their table. Sources that do not parse are skipped (their own compile reports it).
pub(crate) fn collect(sources: &[FunctionSource]) -> (Vec<FunctionSource>, NestedFunctions) {
    let mut all = sources.to_vec();
    let mut table = NestedFunctions::default();
    let mut k = 0;
    while k < all.len() {
        let found = scan(&all[k]);
        for site in found {
            let index = all.len();
            let parent = &all[k];
            let (mut text, first_line, indent) = match &site.kind {
                SiteKind::Def { range } => def_text(&parent.source, *range, &site.captured),
                SiteKind::Lambda { params, body } => {
                    lambda_text(&parent.source, *params, *body, &site.captured)
                }
            };
            let mut returns_value = false;
            if !site.nonlocals.is_empty() {
                (text, returns_value) = rewrite_nonlocals(&text, &site.nonlocals);
            }
            let name = format!("{}.<locals>.{}", parent.name, site.name);
            let source = SourceFile::new(&parent.source.file, &text, first_line, indent);
            let mut globals = parent.globals.clone();
            globals.retain(|k, _| !k.starts_with("$default:"));
            globals.extend(site.defaults);
            all.push(FunctionSource {
                name,
                source,
                globals,
                force_inline: false,
            });
            table.by_site.insert((k, site.start), index);
            table.by_index.insert(
                index,
                Nested {
                    index,
                    parent: k,
                    captured: site.captured,
                    own_name: site.own_name,
                    nonlocals: site.nonlocals,
                    returns_value,
                },
            );
        }
        k += 1;
    }
    (all, table)
}

enum SiteKind {
    Def {
        range: TextRange,
    },
    Lambda {
        params: Option<TextRange>,
        body: TextRange,
    },
}

struct Site {
    start: u32,
    name: String,
    kind: SiteKind,
    captured: Vec<String>,
    /// The name a `def` binds (not captured: inside its body it is the function itself).
    own_name: Option<String>,
    /// The enclosing function's locals it declares `nonlocal` (all of them locals there).
    nonlocals: Vec<String>,
    /// `$default:<name>` for each parameter whose default is a constant.
    defaults: Vec<(String, GlobalValue)>,
}

/// The functions defined directly in `src`'s function (not inside those).
fn scan(src: &FunctionSource) -> Vec<Site> {
    let Ok(parsed) = parse_function(&src.source.text) else {
        return Vec::new();
    };
    let def = parsed.def;
    let mut locals: HashSet<String> = parameter_names(&def.parameters);
    crate::lower::collect_assigned(&def.body, &mut locals);
    let mut finder = Finder { sites: Vec::new() };
    visitor::Visitor::visit_body(&mut finder, &def.body);
    finder
        .sites
        .into_iter()
        .map(|found| {
            let mut nonlocals = Vec::new();
            let (own, loaded) = match &found {
                Found::Def(d) => {
                    let mut own = parameter_names(&d.parameters);
                    crate::lower::collect_assigned(&d.body, &mut own);
                    let mut loads = Loads::default();
                    visitor::Visitor::visit_body(&mut loads, &d.body);
                    let decls = rebound(d);
                    // Rewritten only when every name is the enclosing function's own local;
                    // otherwise the `nonlocal` statement stays, and is reported.
                    if decls.iter().all(|n| locals.contains(n)) {
                        nonlocals = decls;
                    }
                    for n in &nonlocals {
                        own.remove(n);
                    }
                    let mut loaded = loads.0;
                    loaded.extend(nonlocals.iter().cloned());
                    (own, loaded)
                }
                Found::Lambda(l) => {
                    let own = l
                        .parameters
                        .as_deref()
                        .map(parameter_names)
                        .unwrap_or_default();
                    let mut loads = Loads::default();
                    visitor::Visitor::visit_expr(&mut loads, &l.body);
                    (own, loads.0)
                }
            };
            let own_name = match &found {
                Found::Def(d) => Some(d.name.to_string()),
                Found::Lambda(_) => None,
            };
            let captured: Vec<String> = loaded
                .into_iter()
                .filter(|n| locals.contains(n) && !own.contains(n))
                .filter(|n| own_name.as_ref() != Some(n))
                .collect();
            match found {
                Found::Def(d) => Site {
                    start: u32::from(d.range().start()),
                    name: d.name.to_string(),
                    kind: SiteKind::Def { range: d.range() },
                    captured,
                    own_name,
                    nonlocals,
                    defaults: constant_defaults(&d.parameters),
                },
                Found::Lambda(l) => Site {
                    defaults: l
                        .parameters
                        .as_deref()
                        .map(constant_defaults)
                        .unwrap_or_default(),
                    start: u32::from(l.range().start()),
                    name: "<lambda>".into(),
                    kind: SiteKind::Lambda {
                        params: l.parameters.as_deref().map(Ranged::range),
                        body: l.body.range(),
                    },
                    captured,
                    own_name,
                    nonlocals,
                },
            }
        })
        .collect()
}

/// The defaults of `p`'s parameters that are constants (numbers, bools, None, strings and
/// tuples of them), as the globals a call that omits them reads (`bind_device_args`).
fn constant_defaults(p: &ast::Parameters) -> Vec<(String, GlobalValue)> {
    p.posonlyargs
        .iter()
        .chain(&p.args)
        .chain(&p.kwonlyargs)
        .filter_map(|a| {
            let value = constant(a.default.as_deref()?)?;
            Some((format!("$default:{}", a.parameter.name), value))
        })
        .collect()
}

fn constant(e: &Expr) -> Option<GlobalValue> {
    Some(match e {
        Expr::NumberLiteral(n) => match &n.value {
            ast::Number::Int(i) => GlobalValue::Int(i.to_string().parse().ok()?),
            ast::Number::Float(x) => GlobalValue::Float(*x),
            ast::Number::Complex { real, imag } => GlobalValue::Complex(*real, *imag),
        },
        Expr::BooleanLiteral(b) => GlobalValue::Bool(b.value),
        Expr::NoneLiteral(_) => GlobalValue::None,
        Expr::StringLiteral(s) => GlobalValue::Str(s.value.to_str().to_owned()),
        Expr::BytesLiteral(b) => GlobalValue::Bytes(b.value.bytes().collect()),
        Expr::UnaryOp(u) if u.op == ast::UnaryOp::USub => match constant(&u.operand)? {
            GlobalValue::Int(i) => GlobalValue::Int(-i),
            GlobalValue::Float(x) => GlobalValue::Float(-x),
            _ => return None,
        },
        Expr::Tuple(t) => GlobalValue::Tuple(t.elts.iter().map(constant).collect::<Option<_>>()?),
        _ => return None,
    })
}

fn parameter_names(p: &ast::Parameters) -> HashSet<String> {
    p.posonlyargs
        .iter()
        .chain(&p.args)
        .chain(&p.kwonlyargs)
        .map(|a| a.parameter.name.to_string())
        .chain(p.vararg.iter().map(|a| a.name.to_string()))
        .chain(p.kwarg.iter().map(|a| a.name.to_string()))
        .collect()
}

enum Found {
    Def(ast::StmtFunctionDef),
    Lambda(ast::ExprLambda),
}

/// Finds `def`s and lambdas, not descending into them.
struct Finder {
    sites: Vec<Found>,
}

impl<'a> visitor::Visitor<'a> for Finder {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        if let Stmt::FunctionDef(d) = stmt {
            self.sites.push(Found::Def(d.clone()));
            return;
        }
        visitor::walk_stmt(self, stmt);
    }

    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Lambda(l) = expr {
            self.sites.push(Found::Lambda(l.clone()));
            return;
        }
        visitor::walk_expr(self, expr);
    }
}

/// The names a function's `nonlocal` statements declare (not those of functions inside it),
/// in order of first declaration.
#[derive(Default)]
struct Nonlocals {
    names: Vec<String>,
}

impl<'a> visitor::Visitor<'a> for Nonlocals {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::Nonlocal(n) => {
                for name in &n.names {
                    if !self.names.iter().any(|k| k == name.as_str()) {
                        self.names.push(name.to_string());
                    }
                }
            }
            Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {}
            _ => visitor::walk_stmt(self, stmt),
        }
    }

    fn visit_expr(&mut self, _: &'a Expr) {}
}

/// The enclosing function's variables that calling `d` may rebind: those `d` declares
/// `nonlocal`, and those that functions inside it rebind (at any depth) which `d` does not
/// bind itself (Python's `nonlocal` reaches the nearest function binding the name, so `d`
/// must pass their new values on too).
fn rebound(d: &ast::StmtFunctionDef) -> Vec<String> {
    let mut decls = Nonlocals::default();
    visitor::Visitor::visit_body(&mut decls, &d.body);
    let mut names = decls.names;
    let mut own = parameter_names(&d.parameters);
    crate::lower::collect_assigned(&d.body, &mut own);
    let mut inner = Finder { sites: Vec::new() };
    visitor::Visitor::visit_body(&mut inner, &d.body);
    for site in &inner.sites {
        if let Found::Def(f) = site {
            for n in rebound(f) {
                if !own.contains(&n) && !names.contains(&n) {
                    names.push(n);
                }
            }
        }
    }
    names
}

/// The `nonlocal` and `return` statements of a function (not of functions inside it).
#[derive(Default)]
struct Rebinds {
    nonlocal: Vec<TextRange>,
    returns: Vec<(TextRange, Option<TextRange>)>,
}

impl<'a> visitor::Visitor<'a> for Rebinds {
    fn visit_stmt(&mut self, stmt: &'a Stmt) {
        match stmt {
            Stmt::Nonlocal(n) => self.nonlocal.push(n.range()),
            Stmt::Return(r) => self
                .returns
                .push((r.range(), r.value.as_deref().map(Ranged::range))),
            Stmt::FunctionDef(_) | Stmt::ClassDef(_) => {}
            _ => visitor::walk_stmt(self, stmt),
        }
    }

    fn visit_expr(&mut self, _: &'a Expr) {}
}

/// `text` (one `def`, the `nonlocal` names among its parameters) rewritten to hand the new
/// values of `names` back to its caller, which assigns them (`lower/call.rs`): each
/// `nonlocal` statement becomes `pass`, each `return v` becomes `return ((v), (names,))`,
/// and a function that returns no value returns `(names,)` from every `return` and from its
/// end. Lines keep their numbers. Returns the text and whether the function returns a value.
fn rewrite_nonlocals(text: &str, names: &[String]) -> (String, bool) {
    let Ok(parsed) = parse_function(text) else {
        return (text.to_owned(), false);
    };
    let mut found = Rebinds::default();
    visitor::Visitor::visit_body(&mut found, &parsed.def.body);
    let returns_value = found.returns.iter().any(|(_, v)| v.is_some());
    let tuple = format!("({},)", names.join(", "));
    let mut edits: Vec<(TextRange, String)> = found
        .nonlocal
        .iter()
        .map(|r| (*r, "pass".to_owned()))
        .collect();
    for (r, value) in &found.returns {
        let new = match value {
            Some(v) => format!(
                "return (({}), {tuple})",
                &text[v.start().to_usize()..v.end().to_usize()]
            ),
            None if returns_value => continue,
            None => format!("return {tuple}"),
        };
        edits.push((*r, new));
    }
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start()));
    let mut out = text.to_owned();
    for (r, new) in edits {
        out.replace_range(r.start().to_usize()..r.end().to_usize(), &new);
    }
    if !returns_value {
        let indent = parsed.def.body.first().map_or(4, |s| {
            let start = s.range().start().to_usize();
            start - text[..start].rfind('\n').map_or(0, |i| i + 1)
        });
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("{}return {tuple}\n", " ".repeat(indent)));
    }
    (out, returns_value)
}

/// Every name read anywhere inside (nested functions included: what they capture must be
/// captured on their way in), in sorted order.
#[derive(Default)]
struct Loads(BTreeSet<String>);

impl<'a> visitor::Visitor<'a> for Loads {
    fn visit_expr(&mut self, expr: &'a Expr) {
        if let Expr::Name(n) = expr {
            self.0.insert(n.id.to_string());
        }
        visitor::walk_expr(self, expr);
    }
}

/// The dedented text of the `def` at `range` with `captured` appended to its parameters,
/// its first file line and the columns removed.
fn def_text(parent: &SourceFile, range: TextRange, captured: &[String]) -> (String, u32, u32) {
    let text = &parent.text;
    let start = range.start().to_usize();
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let col = start - line_start;
    let end = range.end().to_usize().min(text.len());
    let mut out = String::new();
    for line in text[line_start..end].split_inclusive('\n') {
        let strip = line.len() - line.trim_start_matches(' ').len();
        out.push_str(&line[strip.min(col)..]);
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    let out = add_parameters(&out, captured);
    let (first_line, _) = parent.line_col(range.start());
    let indent = parent.indent + u32::try_from(col).unwrap_or(0);
    (out, first_line, indent)
}

/// `def <lambda>(params, captured): return (body)` on the lambda's line.
fn lambda_text(
    parent: &SourceFile,
    params: Option<TextRange>,
    body: TextRange,
    captured: &[String],
) -> (String, u32, u32) {
    let mut names: Vec<String> = params
        .map(|r| parent.slice(r).trim().to_owned())
        .filter(|p| !p.is_empty())
        .into_iter()
        .collect();
    // After a parameter with a default, the captured ones need one too (a call passes them by
    // name).
    let has_defaults = names.first().is_some_and(|p| p.contains('='));
    names.extend(captured.iter().map(|n| {
        if has_defaults {
            format!("{n}=None")
        } else {
            n.clone()
        }
    }));
    let text = format!(
        "def _lambda({}):\n    return ({})\n",
        names.join(", "),
        parent.slice(body)
    );
    let (first_line, _) = parent.line_col(body.start());
    (text, first_line.saturating_sub(1), parent.indent)
}

/// `text` (one `def`) with `extra` appended to its parameter list.
fn add_parameters(text: &str, extra: &[String]) -> String {
    if extra.is_empty() {
        return text.to_owned();
    }
    let Ok(parsed) = parse_function(text) else {
        return text.to_owned();
    };
    let params = &parsed.def.parameters;
    // After a parameter with a default, the captured ones need one too (never used: a call
    // passes them by name).
    let has_defaults = params
        .posonlyargs
        .iter()
        .chain(&params.args)
        .any(|a| a.default.is_some());
    let extra: Vec<String> = extra
        .iter()
        .map(|n| {
            if has_defaults {
                format!("{n}=None")
            } else {
                n.clone()
            }
        })
        .collect();
    let close = params.range().end().to_usize().saturating_sub(1);
    let before = text[..close].trim_end();
    let sep = if params.posonlyargs.is_empty() && params.args.is_empty() && params.vararg.is_none()
    {
        ""
    } else if before.ends_with(',') {
        " "
    } else {
        ", "
    };
    format!(
        "{}{sep}{}{}",
        &text[..close],
        extra.join(", "),
        &text[close..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(text: &str) -> FunctionSource {
        FunctionSource {
            name: "k".into(),
            source: SourceFile::new("k.py", text, 10, 4),
            globals: HashMap::new(),
            force_inline: false,
        }
    }

    #[test]
    fn nested_defs_and_lambdas_become_sources_with_their_captures() {
        let text = "def k(a, n):\n    s = 2\n    def g(x):\n        return x * s + n\n    f = lambda y: y + s\n    a[0] = g(1) + f(2)\n";
        let (all, table) = collect(&[source(text)]);
        assert_eq!(all.len(), 3);
        assert_eq!(all[1].name, "k.<locals>.g");
        assert_eq!(
            all[1].source.text,
            "def g(x, n, s):\n    return x * s + n\n"
        );
        assert_eq!(all[1].source.first_line, 12);
        assert_eq!(all[1].source.indent, 8);
        assert_eq!(table.get(1).unwrap().captured, ["n", "s"]);
        assert_eq!(
            all[2].source.text,
            "def _lambda(y, s):\n    return (y + s)\n"
        );
        assert_eq!(all[2].source.first_line, 13);
        assert_eq!(table.get(2).unwrap().parent, 0);
    }

    #[test]
    fn nonlocal_functions_return_the_new_values() {
        let text = "def k(a):\n    z = 0\n    def f(x):\n        nonlocal z\n        z += x\n        return z * 2\n    def g():\n        nonlocal z\n        if z > 0:\n            return\n        z = 1\n    a[0] = f(1)\n    g()\n";
        let (all, table) = collect(&[source(text)]);
        assert_eq!(
            all[1].source.text,
            "def f(x, z):\n    pass\n    z += x\n    return ((z * 2), (z,))\n"
        );
        assert!(table.get(1).unwrap().returns_value);
        assert_eq!(
            all[2].source.text,
            "def g(z):\n    pass\n    if z > 0:\n        return (z,)\n    z = 1\n    return (z,)\n"
        );
        assert_eq!(table.get(2).unwrap().nonlocals, ["z"]);
        assert!(!table.get(2).unwrap().returns_value);
    }

    #[test]
    fn parameters_are_appended_after_a_trailing_comma_and_to_an_empty_list() {
        assert_eq!(
            add_parameters("def g(x,):\n    pass\n", &["s".into()]),
            "def g(x, s):\n    pass\n"
        );
        assert_eq!(
            add_parameters("def g():\n    pass\n", &["s".into(), "t".into()]),
            "def g(s, t):\n    pass\n"
        );
    }
}
