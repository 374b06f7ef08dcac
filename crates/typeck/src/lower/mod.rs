//! Lowering one function to typed IR, repeated until variable types settle.
//!
//! Each pass ([`Lower`]) builds a fresh [`Function`] using the variable and return types
//! proposed by the previous pass ([`FnState`]) and proposes new ones (every assignment unifies
//! its value's type into its variable's entry). When a pass proposes nothing new, its function
//! and diagnostics are final.

mod array;
mod array_reshape;
mod array_view;
mod assert;
mod assume_aligned;
mod cache_hint;
mod calendar;
mod call;
mod cffi_call;
mod charseq;
pub(crate) use call::FAILED_CALLEE;
mod convert;
mod datetime;
mod datetime_ufunc;
mod declared_overload;
mod device_array_global;
mod enums;
mod expr;
mod extension_call;
mod extern_call;
mod fp8_cast;
mod fp8_vector;
mod half_call;
mod isinstance;
mod libdevice_call;
mod library_call;
mod local_escape;
mod namedtuple;
mod nominal;
mod np_alloc;
mod np_arange;
mod np_dtype;
mod operator_call;
mod optional;
mod pointer;
mod print;
mod raise;
mod record;
mod record_ctor;
mod record_return;
mod shape_constants;
mod stmt;
mod tensor;
mod ufunc;
mod vector;
mod versions;
mod warp;

use std::collections::{HashMap, HashSet};

use oxcuda_ir::{Block, Const, FuncId, Function, FunctionKind, Loc, Op, Terminator, Value, Var};
use oxcuda_syntax::codes::{self, Code};
use oxcuda_syntax::{Diagnostic, Ranged, SourceFile, TextRange, parse_function};
use oxcuda_types::Type;

use crate::param::Param;
use crate::session::{Session, SourceRef};
use crate::unify::unify;
use crate::value::Val;

/// Types proposed for a function's variables and return value.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct FnState {
    /// Variable name → unified type.
    pub vars: HashMap<String, Type>,
    /// Variable name → every value assigned is known to be ≥ 0 (lets indexing skip the
    /// negative-index wraparound).
    pub nonneg: HashMap<String, bool>,
    /// Unified type of `return <value>` statements; `None` when there are none yet.
    pub ret: Option<Type>,
    /// A device function without a declared return type returns nothing on some path (a
    /// bare `return`, `return None`, or the end of its body): with a value returned
    /// elsewhere, its return type is numba's `Optional` of that value's (`optional.rs`).
    pub ret_none: bool,
    /// Variables holding a value known at compile time that has no runtime form (a grid
    /// group, `g = cuda.cg.this_grid()`): no slot, reads give the value.
    pub statics: HashMap<String, Val>,
    /// The `if` tests found constant and the `for`s unrolled, for the next pass's versions
    /// (`versions.rs`).
    pub pruning: versions::Pruning,
}

/// At most this many passes; the type lattice is shallow, so real functions need 2–4.
const MAX_PASSES: usize = 12;

/// Lowers source `src` for `args` into function `id`'s IR; returns it with its return type.
pub(crate) fn function(
    sess: &mut Session<'_>,
    src: usize,
    id: FuncId,
    args: &[Param],
    kind: FunctionKind,
    declared_ret: Option<&Type>,
) -> Result<(Function, Type), ()> {
    let source = sess.sources.get(src);
    let parsed = match parse_function(&source.source.text) {
        Ok(p) => p,
        Err(d) => {
            sess.errors.push(d.resolve(&source.source));
            return Err(());
        }
    };
    let def = parsed.def;
    let params = parameter_sites(&def.parameters);
    // Variables a nested function reads keep one version (`versions.rs`).
    let pinned: HashSet<String> = sess
        .nested
        .children(src)
        .flat_map(|n| n.captured.iter().cloned())
        .collect();
    let mut state = FnState::default();
    if let Some(ret) = declared_ret {
        state.ret = (ret != &Type::None).then(|| ret.clone());
    }
    for pass in 0..MAX_PASSES {
        let versions = versions::analyse(&def, &params, &pinned, &state.pruning);
        let mut lower = Lower::new(sess, src, id, kind, state.clone(), args, versions);
        lower.declared_ret = declared_ret.filter(|t| **t != Type::None).cloned();
        lower.body(&def, args);
        lower.check_local_escapes();
        let Lower {
            f, mut diags, next, ..
        } = lower;
        // Types only widen from pass to pass (a variable this pass left unassigned, because its
        // value was an error, keeps its type): the passes cannot oscillate.
        let next = widen(&state, next);
        let settled = next == state;
        if settled || pass == MAX_PASSES - 1 {
            let fsrc = sess.sources.get(src);
            let source = &fsrc.source;
            if !settled && diags.is_empty() {
                sess.errors.push(
                    Diagnostic::new(
                        codes::VARIABLE_TYPE_CONFLICT,
                        def.name.range(),
                        "variable types do not settle",
                    )
                    .resolve(source),
                );
                return Err(());
            }
            diags.sort_by_key(|d| (d.range.start(), d.range.end()));
            diags.dedup();
            if !diags.is_empty() {
                sess.errors.extend(diags.iter().map(|d| d.resolve(source)));
                return Err(());
            }
            let ret = match (kind, &next.ret) {
                (FunctionKind::Kernel | FunctionKind::Extern(_), _) | (_, None) => Type::None,
                (FunctionKind::Device, Some(t)) => return_type(t, &next, declared_ret),
            };
            let mut f = f;
            nominal::erase(&mut f);
            return Ok((f, ret));
        }
        // Publish the return type guess for recursive calls in the next pass.
        if let Some(active) = sess.active.get_mut(&(src, args.to_vec()))
            && (active.ret_guess.is_none() || declared_ret.is_none())
        {
            active.ret_guess = next
                .ret
                .as_ref()
                .map(|t| return_type(t, &next, declared_ret));
        }
        state = next;
    }
    Err(())
}

/// The return type of a device function whose value returns unify to `t`: numba's
/// `Optional(t)` when some path returns nothing and no return type is declared.
fn return_type(t: &Type, next: &FnState, declared_ret: Option<&Type>) -> Type {
    if next.ret_none && declared_ret.is_none() && *t != Type::None {
        optional::optional_of(t.clone())
    } else {
        t.clone()
    }
}

/// `next` with every variable of `state` it lacks, and each type unified with the one
/// `state` had (where they cannot unify, `next`'s stays: the pass reported the conflict).
fn widen(state: &FnState, mut next: FnState) -> FnState {
    if state.pruning != next.pruning {
        // The versions change with what is pruned: the old proposals name other versions.
        return next;
    }
    for (name, ty) in &state.vars {
        match next.vars.get(name) {
            None => {
                next.vars.insert(name.clone(), ty.clone());
            }
            Some(t) => {
                if let Some(u) = unify(ty, t) {
                    next.vars.insert(name.clone(), u);
                }
            }
        }
    }
    for (name, nonneg) in &state.nonneg {
        let entry = next.nonneg.entry(name.clone()).or_insert(*nonneg);
        *entry &= *nonneg;
    }
    if let (Some(a), Some(b)) = (&state.ret, &next.ret)
        && let Some(u) = unify(a, b)
    {
        next.ret = Some(u);
    }
    if next.ret.is_none() {
        next.ret.clone_from(&state.ret);
    }
    next.ret_none |= state.ret_none;
    next
}

/// A loop's jump targets.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LoopTargets {
    pub continue_to: Block,
    pub break_to: Block,
}

/// One lowering pass over one function.
pub(crate) struct Lower<'s, 'a> {
    pub sess: &'s mut Session<'a>,
    /// The index of the source being lowered (`Sources::get`).
    pub src: usize,
    /// The source being lowered.
    pub fsrc: SourceRef<'a>,
    pub f: Function,
    pub cur: Block,
    /// Slots of this pass: name → (slot, type).
    pub locals: HashMap<String, (Var, Type)>,
    /// Proposals from the previous pass (read) and this pass (written).
    pub state: FnState,
    pub next: FnState,
    pub diags: Vec<Diagnostic>,
    pub loops: Vec<LoopTargets>,
    /// Values known to be ≥ 0.
    pub nonneg: HashSet<Value>,
    /// Locations of the statement being lowered (instructions take it).
    pub loc: Loc,
    pub kind: FunctionKind,
    /// Names assigned anywhere in the function (Python's rule for what is local).
    pub assigned: HashSet<String>,
    /// Locals bound once, to an integer literal: array shapes may name them
    /// (`shape_constants`).
    pub shape_constants: HashMap<String, i128>,
    /// Names assigned a value whose error this pass already reported: reading them gives
    /// poison instead of a second, misleading "read before assignment".
    pub error_poisoned: HashSet<String>,
    /// Names assigned so far in this pass, in program order: a read of a local outside any
    /// loop that no earlier assignment precedes can never see a value.
    pub written: HashSet<String>,
    /// The version of each assignment site and read (`versions.rs`, `docs/typing.md`,
    /// Variables): assignments that no read sees together have types of their own.
    pub versions: versions::Versions,
    /// Each variable's version last assigned in this pass: the version of reads and
    /// assignments the analysis does not see (a nested function's captures, `$` temporaries).
    pub current: HashMap<String, String>,
    /// The return type of the function's declared signature: every `return` converts to it
    /// (numba-cuda: `int32(int32, int32)` returns int32, wrapping).
    pub declared_ret: Option<Type>,
    /// The values this pass's `return`s give, with their ranges, for the local-memory escape
    /// check (`local_escape.rs`).
    pub returned: Vec<(oxcuda_ir::Value, TextRange)>,
    /// Where each variable version was first assigned this pass (a type conflict names it).
    pub var_sites: HashMap<String, TextRange>,
    /// Variable versions whose assignments conflicted this pass: later reads are poison, so
    /// the conflict is the one error reported for them (not "int64 cannot be indexed").
    pub conflicted: HashSet<String>,
    /// Where this pass's returns without a value are (a bare `return`, `return None`, the
    /// end of the body), for an error when an Optional of the returned type cannot be empty.
    pub bare_returns: Vec<TextRange>,
}

impl<'s, 'a> Lower<'s, 'a> {
    fn new(
        sess: &'s mut Session<'a>,
        src: usize,
        id: FuncId,
        kind: FunctionKind,
        state: FnState,
        args: &[Param],
        versions: versions::Versions,
    ) -> Self {
        let source = sess.sources.get(src);
        let mut f = Function::new(
            &symbol_name(&source.name, id),
            kind,
            Param::runtime_types(args),
            Type::None,
        );
        f.display_name.clone_from(&source.name);
        f.file.clone_from(&source.source.file);
        f.force_inline = source.force_inline && kind == FunctionKind::Device;
        let next = FnState {
            ret: state.ret.clone(),
            ..FnState::default()
        };
        Self {
            sess,
            src,
            fsrc: source,
            f,
            cur: Block(0),
            locals: HashMap::new(),
            state,
            next,
            diags: Vec::new(),
            loops: Vec::new(),
            nonneg: HashSet::new(),
            loc: Loc::default(),
            kind,
            assigned: HashSet::new(),
            shape_constants: HashMap::new(),
            error_poisoned: HashSet::new(),
            written: HashSet::new(),
            versions,
            current: HashMap::new(),
            declared_ret: None,
            returned: Vec::new(),
            var_sites: HashMap::new(),
            conflicted: HashSet::new(),
            bare_returns: Vec::new(),
        }
    }

    /// The key of the version the assignment to `name` at `site` writes, in the pass's
    /// tables: the name itself for a variable's first version, `name.N` (numba's SSA
    /// spelling) for later ones (`versions.rs`).
    pub fn def_key(&mut self, name: &str, site: TextRange) -> String {
        let key = match self.versions.def(name, site) {
            Some(k) => k.to_owned(),
            None => self.current_key(name),
        };
        self.current.insert(name.to_owned(), key.clone());
        key
    }

    /// The key of the version a read of `name` at `site` sees.
    pub fn read_key(&self, name: &str, site: TextRange) -> String {
        match self.versions.read(name, site) {
            Some(k) => k.to_owned(),
            None => self.current_key(name),
        }
    }

    /// The key of the version of `name` written last on this path (the name itself before
    /// any): where the version analysis has no entry for a site.
    fn current_key(&self, name: &str) -> String {
        self.current
            .get(name)
            .cloned()
            .unwrap_or_else(|| name.to_owned())
    }

    /// The source being lowered.
    pub fn source(&self) -> &SourceFile {
        &self.fsrc.source
    }

    /// Sets the location instructions get from now on.
    pub fn at(&mut self, range: TextRange) {
        let (line, col) = self.source().line_col(range.start());
        self.loc = Loc { line, col };
    }

    /// Records an error and returns poison.
    pub fn error(&mut self, code: Code, range: TextRange, message: impl Into<String>) -> Val {
        self.diags.push(Diagnostic::new(code, range, message));
        Val::Poison
    }

    /// Records an error with a hint and returns poison.
    pub fn error_hint(
        &mut self,
        code: Code,
        range: TextRange,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> Val {
        self.diags
            .push(Diagnostic::new(code, range, message).with_hint(hint));
        Val::Poison
    }

    /// Emits an instruction with a result of type `ty`.
    pub fn emit(&mut self, op: Op, ty: Type) -> Value {
        let loc = self.loc;
        self.f
            .push(self.cur, op, Some(ty), loc)
            .expect("a typed instruction defines a value")
    }

    /// Emits an instruction without a result.
    pub fn emit_void(&mut self, op: Op) {
        let loc = self.loc;
        self.f.push(self.cur, op, None, loc);
    }

    /// An integer constant of type `ty`.
    pub fn const_int(&mut self, value: i128, ty: oxcuda_types::Scalar) -> Value {
        let v = self.emit(Op::Const(Const::Int(value)), Type::Scalar(ty));
        if value >= 0 {
            self.nonneg.insert(v);
        }
        v
    }

    /// Ends the current block with `term` and continues in a fresh block (unreachable unless
    /// something jumps to it), so statements after `return`/`break` still lower.
    pub fn terminate(&mut self, term: Terminator) {
        let loc = self.loc;
        self.f.terminate(self.cur, term, loc);
        self.cur = self.f.new_block();
    }

    /// Ends the current block with a jump to `target` and continues in `target`.
    pub fn jump_to(&mut self, target: Block) {
        let loc = self.loc;
        self.f.terminate(self.cur, Terminator::Jump(target), loc);
        self.cur = target;
    }

    /// Proposes `ty` for variable `name` and returns the slot to write, creating it this pass.
    pub fn assign_slot(
        &mut self,
        name: &str,
        ty: &Type,
        nonneg: bool,
        range: TextRange,
    ) -> Option<(Var, Type)> {
        // Each assignment writes its version (numba's SSA form, `versions.rs`): assignments
        // that no read sees together have types of their own.
        self.written.insert(name.to_owned());
        let key = self.def_key(name, range);
        if let Some(held) = self
            .next
            .statics
            .get(&key)
            .or_else(|| self.state.statics.get(&key))
        {
            let what = held.describe();
            self.error_hint(
                codes::VARIABLE_TYPE_CONFLICT,
                range,
                format!("variable '{name}' is assigned {ty} here but {what} elsewhere"),
                "a variable holding a compile-time value (a function, a type, a grid group) keeps it: use another name for the runtime value",
            );
            return None;
        }
        let proposal = match self.next.vars.get(&key) {
            None => Some(ty.clone()),
            Some(prev) => unify(prev, ty),
        };
        let Some(proposal) = proposal else {
            let prev = self.next.vars[&key].clone();
            let there = self.var_sites.get(&key).map_or_else(String::new, |r| {
                let src = &self.fsrc.source;
                let (line, _) = src.line_col(r.start());
                format!(" (line {line}: `{}`)", src.line_text(r.start()).trim())
            });
            self.error_hint(
                codes::VARIABLE_TYPE_CONFLICT,
                range,
                format!("variable '{name}' is assigned {ty} here but {prev} elsewhere{there}"),
                "the assignments that one read can see (through a branch or a loop) share one type: convert explicitly, e.g. float32(x), or use another name",
            );
            self.conflicted.insert(key);
            return None;
        };
        self.var_sites.entry(key.clone()).or_insert(range);
        self.next.vars.insert(key.clone(), proposal);
        let entry = self.next.nonneg.entry(key.clone()).or_insert(true);
        *entry &= nonneg;
        if let Some(slot) = self.locals.get(&key) {
            return Some(slot.clone());
        }
        // The slot's type: last pass's unified type if known (and compatible), else this value's.
        let slot_ty = match self.state.vars.get(&key) {
            Some(t) if unify(t, ty).as_ref() == Some(t) => t.clone(),
            _ => ty.clone(),
        };
        let var = self.f.new_var(&key, slot_ty.clone());
        self.locals.insert(key, (var, slot_ty.clone()));
        Some((var, slot_ty))
    }

    /// Lowers the whole body: parameters into variables, then the statements.
    fn body(&mut self, def: &oxcuda_syntax::ast::StmtFunctionDef, args: &[Param]) {
        let params = &def.parameters;
        self.at(def.range());
        if params.kwarg.is_some()
            || (params.vararg.is_some() || !params.kwonlyargs.is_empty())
                && self.kind == FunctionKind::Kernel
        {
            self.error(
                codes::UNSUPPORTED_SYNTAX,
                params.range(),
                "**kwargs are not supported in device code, nor *args and keyword-only parameters in kernels",
            );
        }
        // A device function's `*args` is one more parameter: the tuple of extra arguments;
        // its keyword-only parameters follow (`bind_device_args`).
        let names: Vec<&oxcuda_syntax::ast::Parameter> = params
            .posonlyargs
            .iter()
            .chain(params.args.iter())
            .map(|p| &p.parameter)
            .chain(params.vararg.as_deref())
            .chain(params.kwonlyargs.iter().map(|p| &p.parameter))
            .collect();
        if names.len() != args.len() {
            self.error(
                codes::BAD_SIGNATURE,
                params.range(),
                format!(
                    "the function takes {} parameters but the signature gives {}",
                    names.len(),
                    args.len()
                ),
            );
            return;
        }
        self.f.param_names = Vec::new();
        for (p, a) in names.iter().zip(args) {
            match a {
                Param::Rt(_) => self.f.param_names.push(p.name.to_string()),
                Param::Static(crate::param::Static::Closure(src, _, captured)) => {
                    let nested = self.sess.nested.get(*src).map(|n| n.captured.clone());
                    for (k, c) in captured.iter().enumerate() {
                        if c.runtime().is_some() {
                            let cname = nested
                                .as_ref()
                                .and_then(|n| n.get(k))
                                .map_or("?", String::as_str);
                            self.f.param_names.push(format!("{}.{cname}", p.name));
                        }
                    }
                }
                Param::Static(_) => {}
            }
        }
        self.assigned
            .extend(names.iter().map(|p| p.name.to_string()));
        collect_assigned(&def.body, &mut self.assigned);
        let params: HashSet<String> = names.iter().map(|p| p.name.to_string()).collect();
        self.shape_constants = shape_constants::integer_constants(&def.body, &params);
        oxcuda_syntax::ast::visitor::Visitor::visit_body(
            &mut WalrusTargets(&mut self.assigned),
            &def.body,
        );
        let mut index = 0u32;
        for (p, param) in names.iter().zip(args) {
            let name = p.name.as_str();
            let ty = match param {
                Param::Rt(ty) => ty,
                Param::Static(crate::param::Static::Closure(src, _, captured)) => {
                    // A nested function passed in: its runtime captures are IR parameters.
                    let mut bound = Vec::with_capacity(captured.len());
                    for c in captured {
                        bound.push(match c {
                            Param::Static(s) => s.to_val(),
                            Param::Rt(ty) => {
                                let v = self.emit(Op::Param(index), ty.clone());
                                index += 1;
                                Val::Rt(v, ty.clone())
                            }
                        });
                    }
                    self.written.insert(name.to_owned());
                    let key = self.def_key(name, p.range());
                    self.next.statics.insert(key, Val::Closure(*src, bound));
                    continue;
                }
                Param::Static(s) => {
                    // A compile-time argument: reads of the name give the value itself.
                    self.written.insert(name.to_owned());
                    let key = self.def_key(name, p.range());
                    self.next.statics.insert(key, s.to_val());
                    continue;
                }
            };
            let v = self.emit(Op::Param(index), ty.clone());
            index += 1;
            if let Some((var, _)) = self.assign_slot(name, ty, false, p.range()) {
                let v = self.convert(
                    Val::Rt(v, ty.clone()),
                    &self.f.vars[var.index()].ty.clone(),
                    p.range(),
                );
                if let Some(v) = v {
                    self.emit_void(Op::SetVar(var, v));
                }
            }
        }
        for stmt in &def.body {
            if !self.reachable(self.cur) {
                break; // statements after a `return`: numba drops them before typing
            }
            self.stmt(stmt);
        }
        // Falling off the end returns none.
        self.at(def.range());
        let loc = self.loc;
        match (self.kind, self.next.ret.clone()) {
            // Falling off the end of a function that returns a value: numba returns None
            // (an Optional result); with a declared return type no path may.
            (FunctionKind::Device, Some(ret))
                if ret != Type::None
                    && (self.declared_ret.is_some() || !self.reachable(self.cur)) =>
            {
                self.f.terminate(self.cur, Terminator::Unreachable, loc);
            }
            (FunctionKind::Device, _) => {
                if self.declared_ret.is_none() && self.reachable(self.cur) {
                    self.next.ret_none = true;
                    self.bare_returns.push(def.name.range());
                }
                self.f.terminate(self.cur, Terminator::Return(None), loc);
            }
            _ => self.f.terminate(self.cur, Terminator::Return(None), loc),
        }
        if self.kind == FunctionKind::Device
            && let Some(ret) = &self.next.ret
        {
            self.next.ret_none |= self.state.ret_none;
            self.f.ret = return_type(ret, &self.next, self.declared_ret.as_ref());
        }
        self.fix_returns();
        self.return_through_slot();
    }

    /// Returns are lowered before the final return type is known; convert each returned value
    /// to the function's return type now by rewriting `Return` terminators.
    fn fix_returns(&mut self) {
        let ret = self.f.ret.clone();
        for b in self.f.block_ids().collect::<Vec<_>>() {
            if let (Terminator::Return(None), Type::Optional(inner)) =
                (&self.f.blocks[b.index()].term, &ret)
            {
                // A return without a value in a function returning an Optional: None.
                let inner = (**inner).clone();
                let loc = self.f.blocks[b.index()].term_loc;
                let saved = (self.cur, self.loc);
                (self.cur, self.loc) = (b, loc);
                let none = self.optional_none(&inner);
                (self.cur, self.loc) = saved;
                match none {
                    Some(v) => self.f.blocks[b.index()].term = Terminator::Return(Some(v)),
                    None => {
                        for r in self.bare_returns.clone() {
                            self.error_hint(
                                codes::BAD_RETURN,
                                r,
                                format!("this function returns {inner} elsewhere, and here returns None: numba's Optional({inner}) cannot be empty in device code"),
                                "return a value on every path (or return a flag with it)",
                            );
                        }
                    }
                }
                continue;
            }
            if let Terminator::Return(Some(v)) = self.f.blocks[b.index()].term.clone() {
                let ty = self.f.value_type(v).clone();
                if ty != ret {
                    let loc = self.f.blocks[b.index()].term_loc;
                    let saved = (self.cur, self.loc);
                    self.cur = b;
                    self.loc = loc;
                    let converted = self.convert_quiet(v, &ty, &ret);
                    self.f.blocks[b.index()].term = Terminator::Return(converted);
                    (self.cur, self.loc) = saved;
                }
            }
        }
    }
}

/// The parameters' names and ranges (their assignment sites), in order; a device
/// function's `*args`, then its keyword-only parameters, last.
fn parameter_sites(params: &oxcuda_syntax::ast::Parameters) -> Vec<(String, TextRange)> {
    params
        .posonlyargs
        .iter()
        .chain(params.args.iter())
        .map(|p| &p.parameter)
        .chain(params.vararg.as_deref())
        .chain(params.kwonlyargs.iter().map(|p| &p.parameter))
        .map(|p| (p.name.to_string(), p.range()))
        .collect()
}

/// The symbol of a specialisation: the Python name made C-safe, plus the function id.
fn symbol_name(name: &str, id: FuncId) -> String {
    let safe: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    format!("{safe}_{}", id.0)
}

/// Collects the targets of `:=` anywhere in a body (they are locals, as in Python).
struct WalrusTargets<'a>(&'a mut HashSet<String>);

impl<'b> oxcuda_syntax::ast::visitor::Visitor<'b> for WalrusTargets<'_> {
    fn visit_expr(&mut self, e: &'b oxcuda_syntax::ast::Expr) {
        if let oxcuda_syntax::ast::Expr::Named(n) = e
            && let oxcuda_syntax::ast::Expr::Name(t) = &*n.target
        {
            self.0.insert(t.id.to_string());
        }
        oxcuda_syntax::ast::visitor::walk_expr(self, e);
    }
}

/// Adds every name a statement list assigns (targets of `=`, `+=`, `for`, nested `def`s) to
/// `out`.
pub(crate) fn collect_assigned(body: &[oxcuda_syntax::ast::Stmt], out: &mut HashSet<String>) {
    use oxcuda_syntax::ast::{Expr, Stmt};
    fn targets(e: &Expr, out: &mut HashSet<String>) {
        match e {
            Expr::Name(n) => {
                out.insert(n.id.to_string());
            }
            Expr::Tuple(t) => t.elts.iter().for_each(|x| targets(x, out)),
            Expr::List(l) => l.elts.iter().for_each(|x| targets(x, out)),
            _ => {}
        }
    }
    for stmt in body {
        match stmt {
            Stmt::Assign(a) => a.targets.iter().for_each(|t| targets(t, out)),
            Stmt::AugAssign(a) => targets(&a.target, out),
            Stmt::AnnAssign(a) => targets(&a.target, out),
            Stmt::FunctionDef(d) => {
                out.insert(d.name.to_string());
            }
            Stmt::For(f) => {
                targets(&f.target, out);
                collect_assigned(&f.body, out);
                collect_assigned(&f.orelse, out);
            }
            Stmt::While(w) => {
                collect_assigned(&w.body, out);
                collect_assigned(&w.orelse, out);
            }
            Stmt::If(i) => {
                collect_assigned(&i.body, out);
                for c in &i.elif_else_clauses {
                    collect_assigned(&c.body, out);
                }
            }
            _ => {}
        }
    }
}
