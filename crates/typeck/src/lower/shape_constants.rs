//! Locals that name an integer constant, for array shapes.
//!
//! numba-cuda accepts `N = 100; cuda.shared.array(N, int32)`: its constant inference follows a
//! variable to its only definition. oxcuda types such a local as a runtime `int64` (a literal
//! stays a Python int only in the expression that holds it), so the shape arguments of
//! `cuda.shared.array` / `cuda.local.array` look a name up here instead.
//!
//! Invariant: a name is listed only when the function binds it exactly once, by a plain
//! `name = <int literal>` statement, and it is not a parameter. Any other binding anywhere in
//! the function — a second assignment, `+=`, a `for` target, `with … as`, `:=`, a nested `def`
//! of the same name — removes it, so the value read is the value the variable always holds
//! once assigned (a read before the assignment is still reported as such by `name`).

use std::collections::{HashMap, HashSet};

use oxcuda_syntax::ast::{self, Expr, Stmt, visitor};

/// The integer constants of `body` (see the module documentation); `params` are never listed.
pub(crate) fn integer_constants(body: &[Stmt], params: &HashSet<String>) -> HashMap<String, i128> {
    let mut walk = Bindings::default();
    visitor::Visitor::visit_body(&mut walk, body);
    walk.constants
        .into_iter()
        .filter(|(name, _)| walk.counts.get(name) == Some(&1) && !params.contains(name))
        .collect()
}

#[derive(Default)]
struct Bindings {
    /// How many bindings each name has anywhere in the body.
    counts: HashMap<String, u32>,
    /// `name = <int literal>` statements seen (the last one per name; used only when the name
    /// has a single binding).
    constants: HashMap<String, i128>,
}

impl Bindings {
    fn bind(&mut self, name: &str) {
        *self.counts.entry(name.to_owned()).or_insert(0) += 1;
    }
}

impl<'a> visitor::Visitor<'a> for Bindings {
    fn visit_stmt(&mut self, s: &'a Stmt) {
        match s {
            Stmt::Assign(a) => {
                if let [Expr::Name(n)] = a.targets.as_slice()
                    && let Expr::NumberLiteral(lit) = &*a.value
                    && let ast::Number::Int(i) = &lit.value
                    && let Ok(v) = i.to_string().parse::<i128>()
                {
                    self.constants.insert(n.id.to_string(), v);
                }
            }
            Stmt::FunctionDef(d) => self.bind(d.name.as_str()),
            Stmt::ClassDef(c) => self.bind(c.name.as_str()),
            Stmt::Import(i) => i.names.iter().for_each(|a| {
                let name = a.asname.as_ref().unwrap_or(&a.name);
                self.bind(name.as_str().split('.').next().unwrap_or_default());
            }),
            Stmt::ImportFrom(i) => i.names.iter().for_each(|a| {
                self.bind(a.asname.as_ref().unwrap_or(&a.name).as_str());
            }),
            Stmt::Delete(_) | Stmt::Global(_) | Stmt::Nonlocal(_) => {
                // A deleted or rebound-elsewhere name is not a constant.
                let names: Vec<String> = match s {
                    Stmt::Global(g) => g.names.iter().map(|n| n.to_string()).collect(),
                    Stmt::Nonlocal(g) => g.names.iter().map(|n| n.to_string()).collect(),
                    Stmt::Delete(d) => d
                        .targets
                        .iter()
                        .filter_map(|t| t.as_name_expr().map(|n| n.id.to_string()))
                        .collect(),
                    _ => Vec::new(),
                };
                for n in names {
                    self.bind(&n);
                    self.bind(&n);
                }
            }
            Stmt::Try(t) => {
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    if let Some(n) = &h.name {
                        self.bind(n.as_str());
                    }
                }
            }
            _ => {}
        }
        visitor::walk_stmt(self, s);
    }

    fn visit_expr(&mut self, e: &'a Expr) {
        if let Expr::Name(n) = e
            && n.ctx == ast::ExprContext::Store
        {
            self.bind(n.id.as_str());
        }
        visitor::walk_expr(self, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn constants(body: &str) -> HashMap<String, i128> {
        let indented: String = body.lines().map(|l| format!("    {l}\n")).collect();
        let parsed =
            oxcuda_syntax::parse_function(&format!("def k(p):\n{indented}")).expect("parses");
        integer_constants(&parsed.def.body, &HashSet::from(["p".to_owned()]))
    }

    #[test]
    fn a_single_literal_assignment_is_a_constant() {
        let c = constants("N = 100\nM = 7\nx = N\n");
        assert_eq!(c.get("N"), Some(&100));
        assert_eq!(c.get("M"), Some(&7));
        assert_eq!(c.get("x"), None);
    }

    #[test]
    fn any_other_binding_removes_the_name() {
        let c = constants(
            "A = 1\nA = 2\nB = 3\nB += 1\nC = 4\nfor C in range(3): pass\nD = 5\nif (D := 6): pass\n\
             E = 8\ndef E(): pass\nF = 9\nwith f() as F: pass\np = 10\nG = 11\ndel G",
        );
        assert!(c.is_empty(), "{c:?}");
    }
}
