//! Variable versions by reaching definitions: numba's SSA form, before typing.
//!
//! numba renames every assignment to a variable (`x`, `x.1`, `x.2`, …) and joins the
//! definitions that meet at a control-flow merge with a phi node; only definitions that some
//! read can see together must have one type. This module finds the same partition on the
//! function's syntax tree: a forward data-flow over the statements (branches join, loops
//! iterate to a fixed point) gives every read of a local the set of assignments that can reach
//! it, and the assignments one read can see are joined into one *version* (a web). Each
//! version becomes a slot of its own in the lowered function, with a type of its own.
//!
//! Invariants:
//! - every assignment site (a target name, a parameter, a nested `def`'s name) belongs to
//!   exactly one version; two sites share a version iff a chain of reads joins them;
//! - a version's key is the variable's name for the version of its earliest site and
//!   `name.N` (numba's spelling) for the others, so the first version keeps the plain name;
//! - the analysis follows the lowering's view of reachability: code after `return`, `raise`,
//!   `break` and `continue` is dead, and an `if` whose test the previous lowering pass found
//!   constant (`Pruning::known`) has only that branch (numba prunes such branches before
//!   typing), a `while` whose test is known true leaves only by `break`, and a `for`
//!   unrolled over a non-empty tuple (`Pruning::unrolled`) always runs;
//! - variables a nested function or lambda reads (`pinned`) keep a single version: the
//!   function sees their value at the time it is called, wherever that is.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use oxcuda_syntax::ast::{self, Expr, Stmt, visitor};
use oxcuda_syntax::{Ranged, TextRange};

/// What the previous lowering pass learnt about the control flow, keyed by syntax ranges.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Pruning {
    /// `if`/`elif` tests whose value is known at compile time, and `while` tests known true.
    pub known: BTreeMap<(u32, u32), bool>,
    /// `for` statements unrolled over a non-empty tuple: the body runs at least once.
    pub unrolled: BTreeSet<(u32, u32)>,
}

/// A range as a map key.
pub(crate) fn span(r: TextRange) -> (u32, u32) {
    (u32::from(r.start()), u32::from(r.end()))
}

/// The versions of a function's variables: each assignment site's and each read's key.
#[derive(Debug, Clone, Default)]
pub(crate) struct Versions {
    /// Site → (name, key).
    defs: HashMap<(u32, u32), (String, String)>,
    uses: HashMap<(u32, u32), (String, String)>,
}

impl Versions {
    /// The key of the version that the assignment to `name` at `site` starts, if the site
    /// is one of the function's own assignments to `name`.
    pub fn def(&self, name: &str, site: TextRange) -> Option<&str> {
        let (n, key) = self.defs.get(&span(site))?;
        (n == name).then_some(key.as_str())
    }

    /// The key of the version a read of `name` at `site` sees, if the site is one of the
    /// function's reads of `name` and some assignment reaches it.
    pub fn read(&self, name: &str, site: TextRange) -> Option<&str> {
        let (n, key) = self.uses.get(&span(site))?;
        (n == name).then_some(key.as_str())
    }
}

/// Names bound at a point, with the assignment sites that may have bound them; `None` is a
/// point no path reaches.
type State = Option<BTreeMap<String, BTreeSet<usize>>>;

fn join(a: State, b: State) -> State {
    match (a, b) {
        (None, s) | (s, None) => s,
        (Some(mut a), Some(b)) => {
            for (name, sites) in b {
                a.entry(name).or_default().extend(sites);
            }
            Some(a)
        }
    }
}

/// Where a loop's `continue`s and `break`s leave.
#[derive(Default)]
struct Frame {
    continues: State,
    breaks: State,
}

struct Analysis<'p> {
    pruning: &'p Pruning,
    /// Assignment sites: name, in order of first visit.
    sites: Vec<String>,
    site_index: HashMap<(u32, u32), usize>,
    /// Reads: name and the sites that reach them (accumulated over loop iterations).
    reads: HashMap<(u32, u32), (String, BTreeSet<usize>)>,
    frames: Vec<Frame>,
}

/// Computes the versions of `def`'s variables; `params` are the parameters' names and
/// ranges (their assignment sites), `pinned` the names that keep one version.
pub(crate) fn analyse(
    def: &ast::StmtFunctionDef,
    params: &[(String, TextRange)],
    pinned: &HashSet<String>,
    pruning: &Pruning,
) -> Versions {
    let mut a = Analysis {
        pruning,
        sites: Vec::new(),
        site_index: HashMap::new(),
        reads: HashMap::new(),
        frames: Vec::new(),
    };
    let mut st: State = Some(BTreeMap::new());
    for (name, range) in params {
        st = a.define(name, *range, st, true);
    }
    a.stmts(&def.body, st);
    a.finish(pinned)
}

impl Analysis<'_> {
    /// Records an assignment to `name` at `range`; with `kill` it replaces what reached.
    fn define(&mut self, name: &str, range: TextRange, st: State, kill: bool) -> State {
        let mut st = st?;
        let next = self.sites.len();
        let id = *self.site_index.entry(span(range)).or_insert(next);
        if id == next {
            self.sites.push(name.to_owned());
        }
        let entry = st.entry(name.to_owned()).or_default();
        if kill {
            entry.clear();
        }
        entry.insert(id);
        Some(st)
    }

    fn read(&mut self, name: &str, range: TextRange, st: &State) {
        let Some(st) = st else { return };
        let Some(sites) = st.get(name) else { return };
        if sites.is_empty() {
            return;
        }
        self.reads
            .entry(span(range))
            .or_insert_with(|| (name.to_owned(), BTreeSet::new()))
            .1
            .extend(sites.iter().copied());
    }

    /// The reads (and `:=` assignments) of an expression, in evaluation order.
    fn expr(&mut self, e: &Expr, st: State) -> State {
        let mut v = ExprWalk { a: self, st };
        visitor::Visitor::visit_expr(&mut v, e);
        v.st
    }

    fn stmts(&mut self, body: &[Stmt], mut st: State) -> State {
        for s in body {
            if st.is_none() {
                break;
            }
            st = self.stmt(s, st);
        }
        st
    }

    /// An assignment target: names are assigned, subscripts and attributes read their parts.
    fn target(&mut self, t: &Expr, st: State) -> State {
        match t {
            Expr::Name(n) => self.define(n.id.as_str(), n.range(), st, true),
            Expr::Tuple(x) => x.elts.iter().fold(st, |st, e| self.target(e, st)),
            Expr::List(x) => x.elts.iter().fold(st, |st, e| self.target(e, st)),
            Expr::Starred(s) => self.target(&s.value, st),
            other => self.expr(other, st),
        }
    }

    fn stmt(&mut self, s: &Stmt, st: State) -> State {
        match s {
            Stmt::Expr(e) => self.expr(&e.value, st),
            Stmt::Assign(a) => {
                let st = self.expr(&a.value, st);
                a.targets.iter().fold(st, |st, t| self.target(t, st))
            }
            Stmt::AnnAssign(a) => match &a.value {
                Some(v) => {
                    let st = self.expr(v, st);
                    self.target(&a.target, st)
                }
                None => st,
            },
            Stmt::AugAssign(a) => match &*a.target {
                Expr::Name(n) => {
                    self.read(n.id.as_str(), n.range(), &st);
                    let st = self.expr(&a.value, st);
                    self.define(n.id.as_str(), n.range(), st, true)
                }
                other => {
                    let st = self.expr(other, st);
                    self.expr(&a.value, st)
                }
            },
            Stmt::If(i) => self.if_stmt(i, st),
            Stmt::While(w) => self.while_stmt(w, st),
            Stmt::For(f) => self.for_stmt(f, st),
            Stmt::Break(_) => {
                if let Some(f) = self.frames.last_mut() {
                    f.breaks = join(f.breaks.take(), st);
                }
                None
            }
            Stmt::Continue(_) => {
                if let Some(f) = self.frames.last_mut() {
                    f.continues = join(f.continues.take(), st);
                }
                None
            }
            Stmt::Return(r) => {
                if let Some(v) = &r.value {
                    self.expr(v, st);
                }
                None
            }
            Stmt::Raise(r) => {
                let st = match &r.exc {
                    Some(e) => self.expr(e, st),
                    None => st,
                };
                if let Some(c) = &r.cause {
                    self.expr(c, st);
                }
                None
            }
            Stmt::Assert(a) => {
                let st = self.expr(&a.test, st);
                match &a.msg {
                    Some(m) => self.expr(m, st),
                    None => st,
                }
            }
            Stmt::FunctionDef(d) => self.define(d.name.as_str(), d.name.range(), st, true),
            _ => st,
        }
    }

    fn if_stmt(&mut self, s: &ast::StmtIf, st: State) -> State {
        let mut clauses: Vec<(Option<&Expr>, &[Stmt])> = vec![(Some(&s.test), &s.body[..])];
        for c in &s.elif_else_clauses {
            clauses.push((c.test.as_ref(), &c.body[..]));
        }
        let mut out: State = None;
        let mut cur = st;
        for (test, body) in clauses {
            let Some(test) = test else {
                out = join(out, self.stmts(body, cur));
                return out;
            };
            cur = self.expr(test, cur);
            match self.pruning.known.get(&span(test.range())) {
                Some(true) => {
                    out = join(out, self.stmts(body, cur));
                    return out;
                }
                Some(false) => {}
                None => {
                    let taken = self.stmts(body, cur.clone());
                    out = join(out, taken);
                }
            }
        }
        join(out, cur)
    }

    fn while_stmt(&mut self, w: &ast::StmtWhile, st: State) -> State {
        let mut header = st.clone();
        loop {
            let tested = self.expr(&w.test, header.clone());
            self.frames.push(Frame::default());
            let end = self.stmts(&w.body, tested.clone());
            let frame = self.frames.pop().unwrap_or_default();
            let next = join(st.clone(), join(end, frame.continues));
            if next == header {
                // `while True:` leaves only by `break`.
                let known = self.pruning.known.get(&span(w.test.range()));
                let exit = if known == Some(&true) { None } else { tested };
                let done = self.stmts(&w.orelse, exit);
                return join(done, frame.breaks);
            }
            header = next;
        }
    }

    fn for_stmt(&mut self, f: &ast::StmtFor, st: State) -> State {
        let st = self.expr(&f.iter, st);
        let unrolled = self.pruning.unrolled.contains(&span(f.range()));
        let mut header = st.clone();
        loop {
            let bound = self.target(&f.target, header.clone());
            self.frames.push(Frame::default());
            let end = self.stmts(&f.body, bound);
            let frame = self.frames.pop().unwrap_or_default();
            let back = join(end, frame.continues);
            let next = join(st.clone(), back.clone());
            if next == header {
                // An unrolled loop over a non-empty tuple leaves only after an iteration.
                let exit = if unrolled { back } else { header };
                let done = self.stmts(&f.orelse, exit);
                return join(done, frame.breaks);
            }
            header = next;
        }
    }

    /// Joins the sites each read sees (and every site of a pinned name), and names the webs.
    fn finish(self, pinned: &HashSet<String>) -> Versions {
        let n = self.sites.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        fn union(parent: &mut [usize], a: usize, b: usize) {
            let (ra, rb) = (root(parent, a), root(parent, b));
            // The earlier site stays the root: a web is named after its first site.
            if ra < rb {
                parent[rb] = ra;
            } else if rb < ra {
                parent[ra] = rb;
            }
        }
        for (_, sites) in self.reads.values() {
            let mut it = sites.iter();
            if let Some(&first) = it.next() {
                for &s in it {
                    union(&mut parent, first, s);
                }
            }
        }
        let mut first_of: HashMap<&str, usize> = HashMap::new();
        for (id, name) in self.sites.iter().enumerate() {
            if pinned.contains(name) {
                match first_of.get(name.as_str()) {
                    Some(&f) => union(&mut parent, f, id),
                    None => {
                        first_of.insert(name, id);
                    }
                }
            }
        }
        // Name each web: the plain name for a variable's first, then name.1, name.2, ….
        let mut key_of_root: HashMap<usize, String> = HashMap::new();
        let mut count: HashMap<&str, u32> = HashMap::new();
        let mut site_key = Vec::with_capacity(n);
        for id in 0..n {
            let r = root(&mut parent, id);
            let name = self.sites[id].as_str();
            let key = key_of_root
                .entry(r)
                .or_insert_with(|| {
                    let c = count.entry(name).or_insert(0);
                    let key = if *c == 0 {
                        name.to_owned()
                    } else {
                        format!("{name}.{c}")
                    };
                    *c += 1;
                    key
                })
                .clone();
            site_key.push(key);
        }
        let defs = self
            .site_index
            .iter()
            .map(|(range, &id)| (*range, (self.sites[id].clone(), site_key[id].clone())))
            .collect();
        let uses = self
            .reads
            .iter()
            .filter_map(|(range, (name, sites))| {
                let first = *sites.iter().next()?;
                Some((*range, (name.clone(), site_key[first].clone())))
            })
            .collect();
        Versions { defs, uses }
    }
}

/// Walks an expression for reads of names and `:=` assignments; nested lambdas are
/// functions of their own (their reads happen when they are called).
struct ExprWalk<'a, 'p> {
    a: &'a mut Analysis<'p>,
    st: State,
}

impl<'b> visitor::Visitor<'b> for ExprWalk<'_, '_> {
    fn visit_expr(&mut self, e: &'b Expr) {
        match e {
            Expr::Name(n) if n.ctx.is_load() => self.a.read(n.id.as_str(), n.range(), &self.st),
            Expr::Named(n) => {
                self.visit_expr(&n.value);
                // It may sit in a branch of `and`/`or`/`if-else`: it adds a site without
                // replacing what reached.
                if let Expr::Name(t) = &*n.target {
                    let st = self.st.take();
                    self.st = self.a.define(t.id.as_str(), t.range(), st, false);
                }
            }
            Expr::Lambda(_)
            | Expr::ListComp(_)
            | Expr::SetComp(_)
            | Expr::DictComp(_)
            | Expr::Generator(_) => {}
            _ => visitor::walk_expr(self, e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn versions(src: &str, pruning: &Pruning) -> (Versions, String) {
        let parsed = oxcuda_syntax::parse_function(src).expect("parses");
        let def = parsed.def;
        let params: Vec<(String, TextRange)> = def
            .parameters
            .args
            .iter()
            .map(|p| (p.parameter.name.to_string(), p.parameter.range()))
            .collect();
        let v = analyse(&def, &params, &HashSet::new(), pruning);
        (v, src.to_owned())
    }

    /// The key of the def (`=`) or read (`<`) of the `nth` occurrence of `name` in `src`.
    fn key(v: &Versions, src: &str, name: &str, nth: usize, def: bool) -> Option<String> {
        let start = src
            .match_indices(name)
            .filter(|(i, _)| {
                let before = src[..*i].chars().last().unwrap_or(' ');
                let after = src[i + name.len()..].chars().next().unwrap_or(' ');
                !before.is_alphanumeric() && !after.is_alphanumeric() && after != '.'
            })
            .nth(nth)
            .map(|(i, _)| i)?;
        let r = TextRange::new(
            u32::try_from(start).ok()?.into(),
            u32::try_from(start + name.len()).ok()?.into(),
        );
        if def { v.def(name, r) } else { v.read(name, r) }.map(str::to_owned)
    }

    #[test]
    fn straight_line_assignments_are_versions_of_their_own() {
        let src = "def f(a):\n    x = a\n    a[0] = x\n    x = 1.5\n    a[1] = x\n";
        let (v, s) = versions(src, &Pruning::default());
        assert_eq!(key(&v, &s, "x", 0, true).as_deref(), Some("x"));
        assert_eq!(key(&v, &s, "x", 1, false).as_deref(), Some("x"));
        assert_eq!(key(&v, &s, "x", 2, true).as_deref(), Some("x.1"));
        assert_eq!(key(&v, &s, "x", 3, false).as_deref(), Some("x.1"));
    }

    #[test]
    fn a_branch_that_reaches_a_read_joins_its_version() {
        let src = "def f(a, c):\n    x = a\n    if c:\n        x = 1\n    a[0] = x\n";
        let (v, s) = versions(src, &Pruning::default());
        assert_eq!(key(&v, &s, "x", 0, true).as_deref(), Some("x"));
        assert_eq!(key(&v, &s, "x", 1, true).as_deref(), Some("x"));
    }

    #[test]
    fn a_branch_in_a_loop_that_no_read_sees_is_its_own_version() {
        // issue5493: `t` of the loop, then `t = B` inside the inner loop, read only there.
        let src = "def f(m, n, B, r):\n    for t in range(m):\n        for i in range(n):\n            t = B\n            r[0] = t[0]\n";
        let (v, s) = versions(src, &Pruning::default());
        let outer = key(&v, &s, "t", 0, true).expect("a site");
        let inner = key(&v, &s, "t", 1, true).expect("a site");
        assert_ne!(outer, inner);
        assert_eq!(key(&v, &s, "t", 2, false), Some(inner));
    }

    #[test]
    fn a_loop_back_edge_joins() {
        let src =
            "def f(n):\n    c = 0\n    for i in range(n):\n        c = c + 0.5\n    return c\n";
        let (v, s) = versions(src, &Pruning::default());
        assert_eq!(key(&v, &s, "c", 0, true).as_deref(), Some("c"));
        assert_eq!(key(&v, &s, "c", 1, true).as_deref(), Some("c"));
        assert_eq!(key(&v, &s, "c", 3, false).as_deref(), Some("c"));
    }

    #[test]
    fn a_known_test_prunes_the_other_branch() {
        let src = "def f(b, k):\n    if k:\n        b = b[0]\n    return b\n";
        let parsed = oxcuda_syntax::parse_function(src).expect("parses");
        let Stmt::If(i) = &parsed.def.body[0] else {
            panic!("an if")
        };
        let mut pruning = Pruning::default();
        pruning.known.insert(span(i.test.range()), true);
        let (v, s) = versions(src, &pruning);
        assert_ne!(key(&v, &s, "b", 1, true), key(&v, &s, "b", 0, true));
        let (v, s) = versions(src, &Pruning::default());
        assert_eq!(key(&v, &s, "b", 1, true), key(&v, &s, "b", 0, true));
    }

    #[test]
    fn pinned_names_keep_one_version() {
        let src = "def f(a):\n    x = a\n    a[0] = x\n    x = 1.5\n";
        let parsed = oxcuda_syntax::parse_function(src).expect("parses");
        let pinned: HashSet<String> = ["x".to_owned()].into();
        let v = analyse(&parsed.def, &[], &pinned, &Pruning::default());
        assert_eq!(key(&v, src, "x", 0, true), key(&v, src, "x", 2, true));
    }
}
