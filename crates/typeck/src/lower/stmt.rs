//! Statements: assignment, control flow, loops, return, assert.

use oxcuda_ir::{BinOp, Block, CmpOp, FunctionKind, Op, Terminator, Value};
use oxcuda_syntax::ast::{self, Expr, Stmt};
use oxcuda_syntax::codes;
use oxcuda_syntax::{Ranged, TextRange};
use oxcuda_types::{Scalar, Type};

use super::convert::Cond;
use super::{LoopTargets, Lower};
use crate::unify::unify;
use crate::value::Val;

/// What a `for` loop iterates over, reduced to "element k of n".
pub(crate) enum IterSpec {
    /// `range`: element k is `start + k·step`, converted to `ty`.
    Range {
        start: Value,
        step: Value,
        len: Value,
        step_is_one: bool,
        ty: Scalar,
        nonneg: bool,
    },
    /// An array: element k is `a[k]` (a row view for ndim > 1).
    Array { array: Value, ty: Type },
    /// `enumerate(inner, start)`.
    Enumerate { inner: Box<IterSpec>, start: Value },
    /// `zip(a, b, …)`.
    Zip(Vec<IterSpec>),
    /// A tuple: the loop is unrolled, element k has its own type (numba's `literal_unroll`).
    Tuple(Vec<Val>),
}

impl IterSpec {
    /// The number of elements when known at compile time (tuples only); `Err(())` when a
    /// tuple is mixed with a runtime-length iteration.
    fn const_len(&self) -> Result<Option<usize>, ()> {
        match self {
            Self::Tuple(items) => Ok(Some(items.len())),
            Self::Enumerate { inner, .. } => inner.const_len(),
            Self::Zip(specs) => {
                let lens = specs
                    .iter()
                    .map(Self::const_len)
                    .collect::<Result<Vec<_>, _>>()?;
                match (
                    lens.iter().all(Option::is_some),
                    lens.iter().any(Option::is_some),
                ) {
                    (true, _) => Ok(lens.into_iter().flatten().min().or(Some(0))),
                    (false, true) => Err(()),
                    (false, false) => Ok(None),
                }
            }
            Self::Range { .. } | Self::Array { .. } => Ok(None),
        }
    }
}

impl Lower<'_, '_> {
    /// Lowers one statement.
    pub fn stmt(&mut self, stmt: &Stmt) {
        self.at(stmt.range());
        match stmt {
            Stmt::Expr(e) => {
                self.expr(&e.value);
            }
            Stmt::Pass(_) => {}
            Stmt::Assign(a) => {
                let errors = self.diags.len();
                let value = self.expr(&a.value);
                for target in &a.targets {
                    self.assign(target, value.clone(), a.value.range());
                }
                if self.diags.len() > errors || value == Val::Poison {
                    // The value is already reported (poison always traces back to a reported
                    // error, or to a pass whose diagnostics are dropped): reads of names it
                    // did not define stay silent rather than add "read before assignment".
                    for target in &a.targets {
                        self.mark_error_targets(target);
                    }
                }
            }
            Stmt::AnnAssign(a) => {
                if let Some(v) = &a.value {
                    let value = self.expr(v);
                    self.assign(&a.target, value, v.range());
                }
            }
            Stmt::AugAssign(a) => self.aug_assign(a),
            Stmt::If(s) => self.if_stmt(s),
            Stmt::While(w) => self.while_stmt(w),
            Stmt::For(f) => self.for_stmt(f),
            Stmt::Break(b) => match self.loops.last().copied() {
                Some(l) => self.terminate(Terminator::Jump(l.break_to)),
                None => {
                    self.error(codes::SYNTAX_ERROR, b.range(), "'break' outside a loop");
                }
            },
            Stmt::Continue(c) => match self.loops.last().copied() {
                Some(l) => self.terminate(Terminator::Jump(l.continue_to)),
                None => {
                    self.error(codes::SYNTAX_ERROR, c.range(), "'continue' outside a loop");
                }
            },
            Stmt::Return(r) => self.return_stmt(r),
            Stmt::FunctionDef(d) => match self.sess.nested.at(self.src, d.range()) {
                Some(n) => {
                    let value = Val::Closure(n.index, Vec::new());
                    self.assign_static(d.name.as_str(), value, d.name.range());
                }
                None => {
                    self.error(
                        codes::SYNTAX_ERROR,
                        d.range(),
                        "this nested function could not be read",
                    );
                }
            },
            Stmt::Assert(a) => self.assert_stmt(a),
            Stmt::Raise(r) => self.raise_stmt(r),
            Stmt::Nonlocal(n) => {
                self.error_hint(
                    codes::UNSUPPORTED_SYNTAX,
                    n.range(),
                    "'nonlocal' is not supported here: it rebinds a variable of the Python \
                     function around the kernel, and closure variables are frozen as constants \
                     when the kernel compiles (as numba freezes them)",
                    "write the result into an array argument (nonlocal works between functions \
                     defined inside the kernel)",
                );
            }
            Stmt::Global(g) => {
                self.error_hint(
                    codes::UNSUPPORTED_SYNTAX,
                    g.range(),
                    "'global' is not supported in device code: globals are frozen when the \
                     kernel compiles (as numba freezes them) and cannot be assigned",
                    "write results into an array argument (or a device array global, which is \
                     captured by reference)",
                );
            }
            other => {
                let what = stmt_kind(other);
                self.error_hint(
                    codes::UNSUPPORTED_SYNTAX,
                    other.range(),
                    format!("{what} is not supported in device code"),
                    "kernels support assignments, if/while/for, break/continue, return, assert and pass",
                );
            }
        }
    }

    /// Assigns `value` to a target: a name, a subscript, or a tuple of targets.
    pub fn assign(&mut self, target: &Expr, value: Val, value_range: TextRange) {
        match target {
            Expr::Name(n) => {
                if value == Val::Poison {
                    // Already reported (or typed in a later pass): reads stay silent.
                    self.error_poisoned.insert(n.id.to_string());
                    return;
                }
                if matches!(&value, Val::Namespace(p) if p == crate::resolve::GRID_GROUP)
                    || crate::param::Static::of(&value, false, &self.sess.sources).is_some()
                {
                    self.assign_static(n.id.as_str(), value, n.range());
                    return;
                }
                let Some((v, ty)) = self.materialize(value, value_range) else {
                    return;
                };
                let nonneg = self.nonneg.contains(&v);
                if let Some((var, slot_ty)) =
                    self.assign_slot(n.id.as_str(), &ty, nonneg, n.range())
                    && let Some(v) = self.convert(Val::Rt(v, ty), &slot_ty, value_range)
                {
                    self.emit_void(Op::SetVar(var, v));
                }
            }
            Expr::Tuple(t) => self.unpack(&t.elts, value, target.range(), value_range),
            Expr::List(l) => self.unpack(&l.elts, value, target.range(), value_range),
            Expr::Subscript(s) => {
                let base = self.expr(&s.value);
                let range = if matches!(base, Val::Rt(_, Type::Record(_))) {
                    s.slice.range()
                } else {
                    s.range()
                };
                self.store_subscript(base, &s.slice, value, range, value_range);
            }
            Expr::Attribute(a) => match self.expr(&a.value) {
                Val::Rt(r, Type::Record(rec)) => self.store_record_attribute(
                    r,
                    rec,
                    a.attr.as_str(),
                    a.attr.range(),
                    value,
                    value_range,
                ),
                Val::Poison => {}
                Val::Rt(_, Type::Vector(t)) => {
                    self.error_hint(
                        codes::TYPE_MISMATCH,
                        a.range(),
                        format!("the lanes of a {t} are read-only (as in numba-cuda)"),
                        format!("build a new vector instead: v = cuda.{t}(…)"),
                    );
                }
                Val::Rt(_, Type::Fp8Vector(t)) => {
                    self.error_hint(
                        codes::TYPE_MISMATCH,
                        a.range(),
                        format!("the storage of a {t} is read-only (as in numba-cuda)"),
                        format!("build a new value instead: v = {t}(…)"),
                    );
                }
                other => {
                    let what = other.describe();
                    self.error(
                        codes::UNSUPPORTED_SYNTAX,
                        a.range(),
                        format!("cannot assign to an attribute of {what} in device code"),
                    );
                }
            },
            other => {
                self.error(
                    codes::UNSUPPORTED_SYNTAX,
                    other.range(),
                    "cannot assign to this expression in device code",
                );
            }
        }
    }

    /// `name = <compile-time value>` (a grid group, a function, a type object, a module, `None`
    /// or a string): no slot, reads give the value (`param.rs`); a variable that also holds a
    /// runtime value, or another compile-time value, is a type conflict.
    fn assign_static(&mut self, name: &str, value: Val, range: TextRange) {
        self.written.insert(name.to_owned());
        let key = self.def_key(name, range);
        if let Some(t) = self
            .next
            .vars
            .get(&key)
            .or_else(|| self.state.vars.get(&key))
        {
            let (what, t) = (value.describe(), t.clone());
            self.error_hint(
                codes::VARIABLE_TYPE_CONFLICT,
                range,
                format!("variable '{name}' is assigned {what} here but {t} elsewhere"),
                "a variable holding a compile-time value (a function, a type, a grid group) keeps it: use another name for the runtime value",
            );
            return;
        }
        if let Some(held) = self.next.statics.get(&key)
            && *held != value
        {
            let (what, held) = (value.describe(), held.describe());
            self.error_hint(
                codes::VARIABLE_TYPE_CONFLICT,
                range,
                format!("variable '{name}' is assigned {what} here but {held} elsewhere"),
                "a variable holds one compile-time value (a function, a type) for the whole function: use another name",
            );
            return;
        }
        self.next.statics.insert(key, value);
    }

    /// Records the names a target binds as holding a value whose error was reported.
    fn mark_error_targets(&mut self, target: &Expr) {
        match target {
            Expr::Name(n) => {
                self.error_poisoned.insert(n.id.to_string());
            }
            Expr::Tuple(t) => t.elts.iter().for_each(|e| self.mark_error_targets(e)),
            Expr::List(l) => l.elts.iter().for_each(|e| self.mark_error_targets(e)),
            _ => {}
        }
    }

    fn unpack(&mut self, targets: &[Expr], value: Val, range: TextRange, value_range: TextRange) {
        let items: Vec<Val> = match Self::plain(value) {
            Val::Tuple(items) => items,
            Val::Rt(v, Type::Tuple(types)) => types
                .iter()
                .enumerate()
                .map(|(k, t)| {
                    Val::Rt(
                        self.emit(Op::TupleGet(v, u32::try_from(k).unwrap_or(0)), t.clone()),
                        t.clone(),
                    )
                })
                .collect(),
            Val::Poison => vec![Val::Poison; targets.len()],
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    value_range,
                    format!("cannot unpack {what}"),
                );
                return;
            }
        };
        if items.len() != targets.len() {
            self.error(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "cannot unpack {} values into {} targets",
                    items.len(),
                    targets.len()
                ),
            );
            return;
        }
        for (t, item) in targets.iter().zip(items) {
            self.assign(t, item, value_range);
        }
    }

    fn aug_assign(&mut self, a: &ast::StmtAugAssign) {
        match &*a.target {
            Expr::Subscript(s) => {
                // Evaluate the array and index once: A[f(i)] += x reads and writes one element.
                let base = self.expr(&s.value);
                let index = self.index_vals(&s.slice);
                let current = self.subscript_load(base.clone(), index.clone(), s.range());
                let rhs = self.expr(&a.value);
                let result = self.binary(a.op, current, rhs, a.range());
                self.store_with_index(base, index, result, s.range(), a.range());
            }
            target => {
                let current = self.expr(target);
                let rhs = self.expr(&a.value);
                let result = self.binary(a.op, current, rhs, a.range());
                self.assign(target, result, a.range());
            }
        }
    }

    fn if_stmt(&mut self, s: &ast::StmtIf) {
        let mut clauses: Vec<(Option<&Expr>, &[Stmt])> = vec![(Some(&s.test), &s.body[..])];
        for c in &s.elif_else_clauses {
            clauses.push((c.test.as_ref(), &c.body[..]));
        }
        let merge = self.f.new_block();
        for (test, body) in clauses {
            let Some(test) = test else {
                // else:
                self.stmts(body);
                self.jump_to(merge);
                return;
            };
            self.at(test.range());
            let c = self.expr(test);
            match self.truth(c, test.range()) {
                Some(Cond::Known(true)) => {
                    let site = super::versions::span(test.range());
                    self.next.pruning.known.insert(site, true);
                    self.stmts(body);
                    self.jump_to(merge);
                    return;
                }
                Some(Cond::Known(false)) => {
                    let site = super::versions::span(test.range());
                    self.next.pruning.known.insert(site, false);
                }
                Some(Cond::Runtime(v)) => {
                    let then = self.f.new_block();
                    let next = self.f.new_block();
                    let loc = self.loc;
                    self.f
                        .terminate(self.cur, Terminator::Branch(v, then, next), loc);
                    self.cur = then;
                    self.stmts(body);
                    let loc = self.loc;
                    self.f.terminate(self.cur, Terminator::Jump(merge), loc);
                    self.cur = next;
                }
                None => {
                    // Error or poison: lower the body anyway so its errors surface.
                    self.stmts(body);
                }
            }
        }
        self.jump_to(merge);
    }

    /// Lowers a statement list. Statements no path reaches (after a `return`, `break` or
    /// `continue`, or after an `if` whose known branch returns, such as `if x is None: return`
    /// with `x` None) are not typed, as numba prunes dead code before typing: `return x * s`
    /// after `if s is None: return x` compiles when `s` is None.
    pub fn stmts(&mut self, body: &[Stmt]) {
        for s in body {
            if !self.reachable(self.cur) {
                break;
            }
            self.stmt(s);
        }
    }

    /// Whether some path from the entry block reaches `block` through the terminators
    /// lowered so far.
    pub(super) fn reachable(&self, block: Block) -> bool {
        let mut seen = vec![false; self.f.blocks.len()];
        let mut work = vec![Block(0)];
        while let Some(b) = work.pop() {
            if b == block {
                return true;
            }
            if std::mem::replace(&mut seen[b.index()], true) {
                continue;
            }
            work.extend(self.f.blocks[b.index()].term.successors());
        }
        false
    }

    fn while_stmt(&mut self, w: &ast::StmtWhile) {
        let header = self.f.new_block();
        let body = self.f.new_block();
        let orelse = self.f.new_block();
        let exit = self.f.new_block();
        self.jump_to(header);
        self.at(w.test.range());
        let c = self.expr(&w.test);
        let cond = self.truth(c, w.test.range()).unwrap_or(Cond::Known(false));
        let loc = self.loc;
        if matches!(cond, Cond::Known(true)) {
            // `while True:` leaves only by `break` (Python compiles no test): what follows
            // the loop is reachable only from a `break`, and `else:` never runs.
            let site = super::versions::span(w.test.range());
            self.next.pruning.known.insert(site, true);
            self.f.terminate(self.cur, Terminator::Jump(body), loc);
        } else {
            let c = self.cond_value(cond);
            self.f
                .terminate(self.cur, Terminator::Branch(c, body, orelse), loc);
        }
        self.cur = body;
        self.loops.push(LoopTargets {
            continue_to: header,
            break_to: exit,
        });
        self.stmts(&w.body);
        self.loops.pop();
        let loc = self.loc;
        self.f.terminate(self.cur, Terminator::Jump(header), loc);
        self.cur = orelse;
        self.stmts(&w.orelse);
        self.jump_to(exit);
    }

    fn for_stmt(&mut self, f: &ast::StmtFor) {
        self.at(f.iter.range());
        let Some(spec) = self.iter_spec(&f.iter) else {
            // Still type the body's assignments where possible.
            return;
        };
        match spec.const_len() {
            Ok(Some(n)) => return self.unrolled_for(f, &spec, n),
            Ok(None) => {}
            Err(()) => {
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    f.iter.range(),
                    "a tuple cannot be zipped with an array or a range in device code",
                    "loops over tuples are unrolled: index the array inside the loop instead",
                );
                return;
            }
        }
        let len = self.iter_len(&spec);
        let counter = self.f.new_var("$k", Type::I64);
        let zero = self.const_int(0, Scalar::I64);
        self.emit_void(Op::SetVar(counter, zero));
        let header = self.f.new_block();
        let body = self.f.new_block();
        let latch = self.f.new_block();
        let orelse = self.f.new_block();
        let exit = self.f.new_block();
        self.jump_to(header);
        let k = self.emit(Op::GetVar(counter), Type::I64);
        let more = self.emit(Op::Compare(CmpOp::Lt, k, len), Type::BOOL);
        let loc = self.loc;
        self.f
            .terminate(self.cur, Terminator::Branch(more, body, orelse), loc);
        self.cur = body;
        let k = self.emit(Op::GetVar(counter), Type::I64);
        self.nonneg.insert(k);
        let element = self.iter_elem(&spec, k);
        self.assign(&f.target, element, f.iter.range());
        self.loops.push(LoopTargets {
            continue_to: latch,
            break_to: exit,
        });
        self.stmts(&f.body);
        self.loops.pop();
        self.at(f.iter.range());
        self.jump_to(latch);
        let k = self.emit(Op::GetVar(counter), Type::I64);
        let one = self.const_int(1, Scalar::I64);
        let k1 = self.emit(Op::Binary(BinOp::Add, k, one), Type::I64);
        self.emit_void(Op::SetVar(counter, k1));
        let loc = self.loc;
        self.f.terminate(self.cur, Terminator::Jump(header), loc);
        self.cur = orelse;
        self.stmts(&f.orelse);
        self.jump_to(exit);
    }

    /// A `for` loop over a tuple (or enumerate/zip of tuples), unrolled: the body is lowered
    /// once per element, so elements of different types each get their own copy. A loop over
    /// a non-empty tuple runs at least once: nothing after it sees the target's earlier value
    /// (`versions.rs`), so a later loop over vectors of another width may reuse the name.
    fn unrolled_for(&mut self, f: &ast::StmtFor, spec: &IterSpec, n: usize) {
        if n > 0 {
            let site = super::versions::span(f.range());
            self.next.pruning.unrolled.insert(site);
        }
        let exit = self.f.new_block();
        for k in 0..n {
            let next = self.f.new_block();
            self.at(f.iter.range());
            let element = self.unrolled_elem(spec, k);
            self.assign(&f.target, element, f.iter.range());
            self.loops.push(LoopTargets {
                continue_to: next,
                break_to: exit,
            });
            self.stmts(&f.body);
            self.loops.pop();
            self.jump_to(next);
        }
        self.stmts(&f.orelse);
        self.jump_to(exit);
    }

    /// Element `k` of an unrolled iteration.
    fn unrolled_elem(&mut self, spec: &IterSpec, k: usize) -> Val {
        match spec {
            IterSpec::Tuple(items) => items[k].clone(),
            IterSpec::Enumerate { inner, start } => {
                let offset = self.const_int(i128::try_from(k).unwrap_or(0), Scalar::I64);
                let i = self.emit(Op::Binary(BinOp::Add, *start, offset), Type::I64);
                let item = self.unrolled_elem(inner, k);
                Val::Tuple(vec![Val::Rt(i, Type::I64), item])
            }
            IterSpec::Zip(specs) => {
                Val::Tuple(specs.iter().map(|s| self.unrolled_elem(s, k)).collect())
            }
            IterSpec::Range { .. } | IterSpec::Array { .. } => Val::Poison,
        }
    }

    fn return_stmt(&mut self, r: &ast::StmtReturn) {
        let value = r.value.as_ref().map(|e| (self.expr(e), e.range()));
        match (self.kind, value) {
            (_, None) | (_, Some((Val::NoneV, _))) => {
                if self.kind == FunctionKind::Device {
                    match &self.declared_ret {
                        Some(t) => {
                            let t = t.clone();
                            self.error(
                                codes::BAD_RETURN,
                                r.range(),
                                format!("the declared return type is {t}; a bare return has no value to give"),
                            );
                        }
                        // numba: the function returns Optional(T) (`optional.rs`).
                        None => {
                            self.next.ret_none = true;
                            self.bare_returns.push(r.range());
                        }
                    }
                }
                self.terminate(Terminator::Return(None));
            }
            // Never lowered with an external kind (declarations have no body).
            (FunctionKind::Kernel | FunctionKind::Extern(_), Some((_, range))) => {
                self.error_hint(
                    codes::BAD_RETURN,
                    range,
                    "a kernel cannot return a value: CUDA kernels must have void return type",
                    "write results into an output array argument",
                );
            }
            (FunctionKind::Device, Some((val, range))) if self.declared_ret.is_some() => {
                let declared = self.declared_ret.clone().unwrap_or(Type::None);
                let Some(v) = self.convert(val, &declared, range) else {
                    // The error is recorded; the path still ends here (not a fall-off-the-end).
                    self.terminate(Terminator::Unreachable);
                    return;
                };
                self.next.ret = Some(declared);
                self.returned.push((v, range));
                self.terminate(Terminator::Return(Some(v)));
            }
            (FunctionKind::Device, Some((val, range))) => {
                let Some((v, ty)) = self.materialize(val, range) else {
                    // An error value (e.g. a recursive call before its type is known, in a
                    // first pass): the path still ends here, so the end of the body is not
                    // reached through it (which would make the result Optional).
                    self.terminate(Terminator::Unreachable);
                    return;
                };
                let unified = match &self.next.ret {
                    None => Some(ty.clone()),
                    Some(prev) => unify(prev, &ty),
                };
                match unified {
                    Some(t) => self.next.ret = Some(t),
                    None => {
                        let prev = self.next.ret.clone().unwrap_or(Type::None);
                        let elsewhere = self.conflicting_return(&ty).map_or_else(
                            || "elsewhere".to_owned(),
                            |line| format!("at line {line}"),
                        );
                        self.error(
                            codes::BAD_RETURN,
                            range,
                            format!("returns {ty} here but {prev} {elsewhere}"),
                        );
                        return;
                    }
                }
                self.returned.push((v, range));
                self.terminate(Terminator::Return(Some(v)));
            }
        }
    }

    /// The file line of this pass's first `return` whose type does not unify with `ty`.
    fn conflicting_return(&self, ty: &Type) -> Option<u32> {
        let (_, range) = self
            .returned
            .iter()
            .find(|(v, _)| unify(self.f.value_type(*v), ty).is_none())?;
        Some(self.source().line_col(range.start()).0)
    }

    /// The iteration of a `for` loop's iterable.
    fn iter_spec(&mut self, iter: &Expr) -> Option<IterSpec> {
        if let Expr::Call(call) = iter {
            let callee = self.expr(&call.func);
            if let Val::Callable(path) = &callee {
                // The iterables of enumerate and zip are iterations themselves (they may be
                // range(...) or zip(...)): only range's arguments are plain values.
                match path.as_str() {
                    "range" => {
                        let args: Vec<Val> =
                            call.arguments.args.iter().map(|a| self.expr(a)).collect();
                        return self.range_spec(args, call.range());
                    }
                    "enumerate" => {
                        if call.arguments.args.is_empty() || call.arguments.args.len() > 2 {
                            let n = call.arguments.args.len();
                            self.error(
                                codes::BAD_CALL,
                                call.range(),
                                format!("enumerate expects 1 or 2 arguments, got {n}"),
                            );
                            return None;
                        }
                        let inner = self.iter_spec(&call.arguments.args[0])?;
                        let start = match call.arguments.args.get(1) {
                            Some(e) => {
                                let v = self.expr(e);
                                self.convert(v, &Type::I64, e.range())?
                            }
                            None => self.const_int(0, Scalar::I64),
                        };
                        return Some(IterSpec::Enumerate {
                            inner: Box::new(inner),
                            start,
                        });
                    }
                    "zip" => {
                        let specs: Option<Vec<_>> = call
                            .arguments
                            .args
                            .iter()
                            .map(|a| self.iter_spec(a))
                            .collect();
                        return specs.map(IterSpec::Zip);
                    }
                    _ => {}
                }
            }
        }
        let val = Self::plain(self.expr(iter));
        match val {
            Val::Rt(array, ty @ Type::Array(_)) => Some(IterSpec::Array { array, ty }),
            Val::Tuple(items) => Some(IterSpec::Tuple(items)),
            Val::Rt(tuple, Type::Tuple(types)) => Some(IterSpec::Tuple(
                types
                    .iter()
                    .enumerate()
                    .map(|(k, t)| {
                        Val::Rt(
                            self.emit(
                                Op::TupleGet(tuple, u32::try_from(k).unwrap_or(0)),
                                t.clone(),
                            ),
                            t.clone(),
                        )
                    })
                    .collect(),
            )),
            Val::GlobalArray(_) => {
                let (array, ty) = self.materialize(val, iter.range())?;
                Some(IterSpec::Array { array, ty })
            }
            Val::Poison => None,
            other => {
                let what = other.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    iter.range(),
                    format!("cannot iterate over {what}"),
                    "for loops in kernels iterate over range(...), arrays, tuples, enumerate(...) and zip(...)",
                );
                None
            }
        }
    }

    fn range_spec(&mut self, args: Vec<Val>, range: TextRange) -> Option<IterSpec> {
        if args.is_empty() || args.len() > 3 {
            self.error(
                codes::BAD_CALL,
                range,
                format!("range expects 1 to 3 arguments, got {}", args.len()),
            );
            return None;
        }
        if args.contains(&Val::Poison) {
            return None;
        }
        // The loop variable's type: the integer types of the runtime arguments (literals adapt).
        let mut ty: Option<Scalar> = None;
        for a in &args {
            match a {
                Val::Rt(_, Type::Scalar(s)) if s.is_int() => {
                    ty = Some(match ty {
                        None => *s,
                        Some(t) => match unify(&Type::Scalar(t), &Type::Scalar(*s)) {
                            Some(Type::Scalar(u)) => u,
                            _ => Scalar::I64,
                        },
                    });
                }
                Val::Int(_) | Val::Bool(_) => {}
                other => {
                    let what = other.describe();
                    self.error(
                        codes::TYPE_MISMATCH,
                        range,
                        format!("range arguments must be integers, got {what}"),
                    );
                    return None;
                }
            }
        }
        let ty = ty.unwrap_or(Scalar::I64);
        let (start, stop, step) = match args.len() {
            1 => (Val::Int(0), args[0].clone(), Val::Int(1)),
            2 => (args[0].clone(), args[1].clone(), Val::Int(1)),
            _ => (args[0].clone(), args[1].clone(), args[2].clone()),
        };
        let step_const = match step {
            Val::Int(s) => Some(s),
            _ => None,
        };
        if step_const == Some(0) {
            self.error(codes::BAD_CALL, range, "range() step must not be zero");
            return None;
        }
        let start_nonneg_const = matches!(start, Val::Int(s) if s >= 0);
        let start = self.convert(start, &Type::I64, range)?;
        let start_nonneg = start_nonneg_const || self.nonneg.contains(&start);
        let stop = self.convert(stop, &Type::I64, range)?;
        let step = self.convert(step, &Type::I64, range)?;
        // len = hi > lo ? (d - 1) / a + 1 : 0, with hi, lo the bounds in the step's direction,
        // and d = hi - lo, a the step's magnitude computed as uint64: the distance of two int64
        // values always fits uint64, so no span overflows (range(-2**62, 2**62, 2**61) has 4).
        let len = match step_const {
            Some(1) => {
                // A span over int64's range would be 2^63 or more iterations: never run out.
                let d = self.emit(Op::Binary(BinOp::Sub, stop, start), Type::I64);
                let zero = self.const_int(0, Scalar::I64);
                self.emit(Op::Binary(BinOp::Max, d, zero), Type::I64)
            }
            Some(s) => {
                let (hi, lo) = if s > 0 { (stop, start) } else { (start, stop) };
                let magnitude = self.const_int(s.unsigned_abs() as i128, Scalar::U64);
                self.range_len(hi, lo, magnitude)
            }
            None => {
                let zero = self.const_int(0, Scalar::I64);
                let positive = self.emit(Op::Compare(CmpOp::Gt, step, zero), Type::BOOL);
                let hi = self.emit(Op::Select(positive, stop, start), Type::I64);
                let lo = self.emit(Op::Select(positive, start, stop), Type::I64);
                let neg = self.emit(Op::Unary(oxcuda_ir::UnaryOp::Neg, step), Type::I64);
                let magnitude = self.emit(Op::Select(positive, step, neg), Type::I64);
                let magnitude = self.cast(magnitude, Scalar::I64, Scalar::U64);
                self.range_len(hi, lo, magnitude)
            }
        };
        self.nonneg.insert(len);
        Some(IterSpec::Range {
            start,
            step,
            len,
            step_is_one: step_const == Some(1),
            ty,
            nonneg: start_nonneg && step_const.is_some_and(|s| s > 0),
        })
    }

    /// The trip count for bounds `hi > lo` in the step's direction and the uint64 step
    /// magnitude `magnitude` (0 when `hi <= lo`), without overflow.
    fn range_len(&mut self, hi: Value, lo: Value, magnitude: Value) -> Value {
        const U64: Type = Type::Scalar(Scalar::U64);
        let zero = self.const_int(0, Scalar::I64);
        let one = self.const_int(1, Scalar::U64);
        let d = self.emit(Op::Binary(BinOp::Sub, hi, lo), Type::I64);
        let d = self.cast(d, Scalar::I64, Scalar::U64);
        let t = self.emit(Op::Binary(BinOp::Sub, d, one), U64);
        let q = self.emit(Op::Binary(BinOp::FloorDiv, t, magnitude), U64);
        let q = self.emit(Op::Binary(BinOp::Add, q, one), U64);
        let q = self.cast(q, Scalar::U64, Scalar::I64);
        let any = self.emit(Op::Compare(CmpOp::Gt, hi, lo), Type::BOOL);
        self.emit(Op::Select(any, q, zero), Type::I64)
    }

    /// Number of elements of an iteration.
    fn iter_len(&mut self, spec: &IterSpec) -> Value {
        match spec {
            IterSpec::Range { len, .. } => *len,
            IterSpec::Array { array, .. } => {
                let n = self.emit(Op::ArrayShape(*array, 0), Type::I64);
                self.nonneg.insert(n);
                n
            }
            IterSpec::Tuple(items) => {
                self.const_int(i128::try_from(items.len()).unwrap_or(0), Scalar::I64)
            }
            IterSpec::Enumerate { inner, .. } => self.iter_len(inner),
            IterSpec::Zip(specs) => {
                let mut len: Option<Value> = None;
                for s in specs {
                    let l = self.iter_len(s);
                    len = Some(match len {
                        None => l,
                        Some(prev) => self.emit(Op::Binary(BinOp::Min, prev, l), Type::I64),
                    });
                }
                len.unwrap_or_else(|| self.const_int(0, Scalar::I64))
            }
        }
    }

    /// Element `k` of an iteration.
    fn iter_elem(&mut self, spec: &IterSpec, k: Value) -> Val {
        match spec {
            IterSpec::Range {
                start,
                step,
                step_is_one,
                ty,
                nonneg,
                ..
            } => {
                let offset = if *step_is_one {
                    k
                } else {
                    self.emit(Op::Binary(BinOp::Mul, k, *step), Type::I64)
                };
                let v = self.emit(Op::Binary(BinOp::Add, *start, offset), Type::I64);
                if *nonneg {
                    self.nonneg.insert(v);
                }
                let v = self.cast(v, Scalar::I64, *ty);
                if *nonneg {
                    self.nonneg.insert(v);
                }
                Val::Rt(v, Type::Scalar(*ty))
            }
            IterSpec::Array { array, ty } => {
                let range = TextRange::default();
                self.index_array(
                    *array,
                    ty.clone(),
                    vec![super::array::Index::Int(Val::Rt(k, Type::I64))],
                    range,
                )
            }
            IterSpec::Enumerate { inner, start } => {
                let i = self.emit(Op::Binary(BinOp::Add, k, *start), Type::I64);
                let item = self.iter_elem(inner, k);
                Val::Tuple(vec![Val::Rt(i, Type::I64), item])
            }
            IterSpec::Zip(specs) => {
                Val::Tuple(specs.iter().map(|s| self.iter_elem(s, k)).collect())
            }
            // Tuples are unrolled (`unrolled_for`), never indexed by a runtime counter.
            IterSpec::Tuple(_) => Val::Poison,
        }
    }
}

fn stmt_kind(stmt: &Stmt) -> &'static str {
    match stmt {
        Stmt::FunctionDef(_) => "a nested function definition",
        Stmt::ClassDef(_) => "a class definition",
        Stmt::With(_) => "'with'",
        Stmt::Try(_) => "'try'",
        Stmt::Raise(_) => "'raise'",
        Stmt::Import(_) | Stmt::ImportFrom(_) => "'import'",
        Stmt::Delete(_) => "'del'",
        Stmt::Match(_) => "'match'",
        _ => "this statement",
    }
}
