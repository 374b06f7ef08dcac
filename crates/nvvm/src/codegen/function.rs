//! The per-function writer: names, the entry block, blocks in order, and dispatch of each
//! operation to the file that owns it.
//!
//! Invariants:
//! - every IR value maps to one LLVM operand text (`%tN`, a parameter, or a literal for
//!   constants), assigned once when its instruction is written; blocks are written in index
//!   order, which is a valid order because the verifier checked dominance;
//! - the LLVM entry block (`entry:`) holds every `alloca` (variables and local arrays: an
//!   `alloca` outside the entry block would grow the stack each time it runs) and the kernel's
//!   parameter reassembly, then jumps to `%bb0`, so `bb0` may be a loop header;
//! - without optimisation ([`CodegenOptions::optimizes`](super::CodegenOptions::optimizes))
//!   variable `i`'s slot is `%vari.slot`, addressed as `%vari` through a `getelementptr`, so
//!   it stays in local memory; otherwise `%vari` is the `alloca` itself;
//! - IR block `bbN` is LLVM label `bbN`; labels the writer adds inside a block are `lN`, and
//!   `cur_label` is always the label of the LLVM block being written (for `phi`);
//! - blocks unreachable from `bb0` are not written (the verifier does not check them);
//! - a device function's parameters of a type without bits (`{}`: an empty tuple, none) are
//!   neither declared nor passed ([`passed`]); the body reads them as `undef`.

use std::collections::HashSet;
use std::fmt::Write;

use oxcuda_ir::{
    Block, Const, Function, FunctionKind, Inst, Loc, Op, Scalar, Terminator, Type, Value,
};

use super::ModuleCtx;
use super::constants::scalar_literal;
use super::error::CodegenError;
use super::types;

/// Writes one function of the module.
pub(super) fn write_function(cx: &mut ModuleCtx<'_>, index: usize) -> Result<String> {
    let module = cx.module;
    let func = &module.functions[index];
    let mut w = FnWriter::new(cx, func, index);
    w.write(index)
}

pub(super) type Result<T> = std::result::Result<T, CodegenError>;

/// The state of one function being written.
#[derive(Debug)]
pub(super) struct FnWriter<'a, 'c> {
    pub(super) cx: &'c mut ModuleCtx<'a>,
    pub(super) func: &'a Function,
    /// The function's index in the module.
    pub(super) index: usize,
    /// `alloca`s, written at the top of the entry block.
    allocas: String,
    /// Everything after the allocas.
    body: String,
    /// The operand text of each IR value once written.
    operands: Vec<Option<String>>,
    /// The `alloca` of each variable.
    vars: Vec<String>,
    /// The operand text of each IR parameter.
    params: Vec<String>,
    tmp: u32,
    labels: u32,
    /// The LLVM block being written.
    pub(super) cur_label: String,
    /// The instruction being written, for errors and `!dbg`.
    pub(super) loc: Loc,
    location: String,
    /// The `DISubprogram` of this function when writing line info.
    scope: Option<u32>,
    /// The function's first line (`debug::first_line`), for instructions without a line of
    /// their own (the entry block's parameter set-up), when writing line info.
    first_line: u32,
    /// `"fast "` under fastmath, else empty: the flags of float arithmetic and comparisons.
    pub(super) fast: &'static str,
    /// Integer values known to be ≥ 0 (special-register reads): casts widen them as unsigned.
    nonneg: HashSet<Value>,
}

impl<'a, 'c> FnWriter<'a, 'c> {
    fn new(cx: &'c mut ModuleCtx<'a>, func: &'a Function, index: usize) -> Self {
        let fast = if cx.opts.fastmath { "fast " } else { "" };
        Self {
            cx,
            func,
            index,
            allocas: String::new(),
            body: String::new(),
            operands: vec![None; func.values.len()],
            vars: Vec::new(),
            params: Vec::new(),
            tmp: 0,
            labels: 0,
            cur_label: "entry".to_owned(),
            loc: Loc::default(),
            location: String::new(),
            scope: None,
            first_line: 0,
            fast,
            nonneg: HashSet::new(),
        }
    }

    fn write(&mut self, index: usize) -> Result<String> {
        let f = self.func;
        let kernel = f.kind == FunctionKind::Kernel;
        if kernel && f.ret != Type::None {
            return Err(self.err(format!("a kernel returns {}, not none", f.ret)));
        }
        let name = self.cx.defined_name(index);
        self.scope = self.cx.debug_subprogram(f, &name);
        if self.scope.is_some() {
            self.first_line = super::debug::first_line(f);
        }
        let mut header = String::from("define ");
        let param_list = if kernel {
            header.push_str("ptx_kernel void");
            self.kernel_params()
        } else {
            let numba_entry = super::numba_abi::applies(self.cx.opts, index, f);
            if index > 0 || numba_entry {
                header.push_str("internal ");
            }
            header.push_str(&ret_type(&f.ret));
            let mut list = Vec::new();
            for (i, ty) in f.params.iter().enumerate() {
                if !passed(ty) {
                    self.params.push("undef".to_owned());
                    continue;
                }
                let name = format!("%a{i}");
                list.push(format!("{} {name}", types::reg(ty)));
                self.params.push(name);
            }
            list
        };
        let _ = write!(header, " @{name}({})", param_list.join(", "));
        if f.force_inline && !kernel {
            header.push_str(" alwaysinline");
        }
        if let Some(sp) = self.scope {
            let _ = write!(header, " !dbg !{sp}");
        }
        header.push_str(" {\nentry:\n");
        let unoptimized = !self.cx.opts.optimizes();
        for (i, var) in f.vars.iter().enumerate() {
            let name = format!("%var{i}");
            let ty = types::reg(&var.ty);
            if unoptimized {
                // Without optimisation every variable stays in its stack slot (the local
                // depot), as in numba-cuda's unoptimised code: libNVVM's `-opt=0` still
                // promotes a slot read and written only directly, not one addressed through
                // a `getelementptr`.
                let _ = writeln!(self.allocas, "  {name}.slot = alloca {ty}");
                let _ = writeln!(
                    self.allocas,
                    "  {name} = getelementptr inbounds {ty}, {ty}* {name}.slot, i32 0"
                );
            } else {
                let _ = writeln!(self.allocas, "  {name} = alloca {ty}");
            }
            // Zeroed, as the simulator's frames are: a read no assignment reaches (a variable
            // assigned in a loop that ran no iteration) gives 0 on both targets, not `undef`.
            let _ = writeln!(self.allocas, "  store {ty} zeroinitializer, {ty}* {name}");
            if self.cx.opts.debug {
                self.declare_variable(i, &format!("{name}.slot"));
            }
            self.vars.push(name);
        }
        self.stmt("br label %bb0".to_owned());
        for b in reachable_blocks(f) {
            self.write_block(b)?;
        }
        let mut out = header;
        out.push_str(&self.allocas);
        out.push_str(&self.body);
        out.push_str("}\n");
        Ok(out)
    }

    /// `llvm.dbg.declare` of variable `index` on its slot `slot`, for the debugger (a debug
    /// build; nothing for temporaries and types without a DWARF form: `debug_types`).
    fn declare_variable(&mut self, index: usize, slot: &str) {
        let Some(scope) = self.scope else { return };
        let f = self.func;
        let Some(file) = self.cx.debug_file(f) else {
            return;
        };
        let line = self.first_line;
        let var = &f.vars[index];
        let arg = f
            .param_names
            .iter()
            .position(|p| *p == var.name)
            .map(|k| k + 1);
        let Some(node) = self
            .cx
            .debug_variable(scope, file, (&var.name, arg), &var.ty, line)
        else {
            return;
        };
        let at = self.cx.debug_location(Loc { line, col: 1 }, scope);
        self.cx.declare(
            "llvm.dbg.declare",
            "void",
            &["metadata", "metadata", "metadata"],
        );
        let ty = types::reg(&var.ty);
        let _ = writeln!(
            self.allocas,
            "  call void @llvm.dbg.declare(metadata {ty}* {slot}, metadata !{node}, metadata !DIExpression()), !dbg !{at}"
        );
    }

    fn write_block(&mut self, b: Block) -> Result<()> {
        let data = &self.func.blocks[b.index()];
        self.begin_block(&format!("bb{}", b.0));
        for (i, inst) in data.insts.iter().enumerate() {
            self.loc = inst.loc;
            self.location = format!("{b}[{i}]");
            self.inst(inst)?;
        }
        self.loc = data.term_loc;
        self.location = b.to_string();
        self.terminator(&data.term)
    }

    fn terminator(&mut self, term: &Terminator) -> Result<()> {
        let text = match term {
            Terminator::Jump(t) => format!("br label %{t}"),
            Terminator::Branch(c, t, e) => {
                format!("br i1 {}, label %{t}, label %{e}", self.op(*c)?)
            }
            Terminator::Return(v) => match v {
                Some(v) if self.func.ret != Type::None => format!("ret {}", self.typed(*v)?),
                _ if self.func.ret != Type::None => {
                    return Err(self.err("return without a value".to_owned()));
                }
                _ => "ret void".to_owned(),
            },
            Terminator::Unreachable => "unreachable".to_owned(),
        };
        self.stmt(text);
        Ok(())
    }

    fn inst(&mut self, inst: &Inst) -> Result<()> {
        let result_ty = inst.result.map(|v| self.func.value_type(v).clone());
        let want = |w: &Self| {
            result_ty
                .clone()
                .ok_or_else(|| w.err("the operation needs a result value".to_owned()))
        };
        let value: Option<String> = match &inst.op {
            Op::Const(c) => Some(self.constant(*c, &want(self)?)?),
            Op::Param(n) => Some(self.params[*n as usize].clone()),
            Op::GetVar(var) => {
                let ty = types::reg(&want(self)?);
                let slot = self.vars[var.index()].clone();
                Some(self.emit(format!("load {ty}, {ty}* {slot}")))
            }
            Op::SetVar(var, v) => {
                let slot = self.vars[var.index()].clone();
                let ty = types::reg(&self.func.vars[var.index()].ty);
                let x = self.typed(*v)?;
                self.stmt(format!("store {x}, {ty}* {slot}"));
                None
            }
            Op::Unary(u, x) => Some(self.unary(*u, *x, &want(self)?)?),
            Op::Binary(b, x, y) => Some(self.binary(*b, *x, *y, &want(self)?)?),
            Op::Compare(c, x, y) => Some(self.compare(*c, *x, *y)?),
            Op::Cast(x) => {
                let to = want(self)?;
                let from = match self.ty(*x) {
                    // Exact for values ≥ 0, and LLVM keeps the fact (`zext`, not `sext`).
                    Type::Scalar(s) if self.nonneg.contains(x) => {
                        Type::Scalar(Scalar::int(s.bits(), false))
                    }
                    t => t.clone(),
                };
                let x = self.op(*x)?;
                Some(self.cast(&x, &from, &to)?)
            }
            Op::Select(c, x, y) => {
                let c = self.op(*c)?;
                let (x, y) = (self.typed(*x)?, self.typed(*y)?);
                Some(self.emit(format!("select i1 {c}, {x}, {y}")))
            }
            Op::Math(m, args) => Some(self.math(*m, args, &want(self)?)?),
            Op::Libdevice(f, k, args) => Some(self.libdevice_call(*f, *k, args)?),
            Op::Intrinsic(i, args) => {
                if let (Some(v), Some(_)) = (inst.result, super::intrinsics::sreg_range(*i)) {
                    self.nonneg.insert(v);
                }
                self.intrinsic(*i, args, result_ty.as_ref())?
            }
            Op::Tensor(t, args) => self.tensor(*t, args, result_ty.as_ref())?,
            Op::Call(callee, args) => self.call(*callee, args)?,
            Op::ArrayShape(a, k) => Some(self.array_field(*a, 1, *k)?),
            Op::ArrayStride(a, k) => Some(self.array_field(*a, 2, *k)?),
            Op::ArrayData(a) => {
                let a = self.typed(*a)?;
                Some(self.emit(format!("extractvalue {a}, 0")))
            }
            Op::MakeArray {
                data,
                shape,
                strides,
            } => Some(self.make_array(*data, shape, strides, &want(self)?)?),
            Op::PtrOffset(p, n) => Some(self.ptr_offset(*p, *n)?),
            Op::Load(a, idx) => Some(self.load(*a, idx)?),
            Op::Store(a, idx, x) => {
                self.store(*a, idx, *x)?;
                None
            }
            Op::LoadCached(c, a, idx) => Some(self.load_cached(*c, *a, idx)?),
            Op::StoreCached(c, a, idx, x) => {
                self.store_cached(*c, *a, idx, *x)?;
                None
            }
            Op::Atomic(op, a, idx, args) => Some(self.atomic(*op, *a, idx, args)?),
            Op::SharedArray(g) => Some(self.shared_array(*g, &want(self)?)?),
            Op::DynSharedArray => Some(self.dyn_shared_array(&want(self)?)?),
            Op::LocalArray(shape, align) => Some(self.local_array(shape, *align, &want(self)?)?),
            Op::ConstArray(g) => Some(self.const_array(*g, &want(self)?)?),
            Op::MakeTuple(args) => Some(self.aggregate(args, &want(self)?)?),
            Op::TupleGet(t, k) => {
                let t = self.typed(*t)?;
                Some(self.emit(format!("extractvalue {t}, {k}")))
            }
            Op::MakeComplex(re, im) => Some(self.aggregate(&[*re, *im], &want(self)?)?),
            Op::ComplexPart(c, imag) => {
                let c = self.typed(*c)?;
                Some(self.emit(format!("extractvalue {c}, {}", u8::from(*imag))))
            }
            Op::ElemRef(a, idx) => Some(self.elem_ref(*a, idx)?),
            Op::GetField(r, name) => Some(self.get_field(*r, name, &want(self)?)?),
            Op::SetField(r, name, x) => {
                self.set_field(*r, name, *x)?;
                None
            }
            Op::CopyRecord(dst, src) => {
                self.copy_record(*dst, *src)?;
                None
            }
            Op::Print(pieces) => {
                self.print(pieces)?;
                None
            }
        };
        match (inst.result, value) {
            (Some(v), Some(text)) => {
                self.operands[v.index()] = Some(text);
                Ok(())
            }
            (None, _) => Ok(()),
            (Some(v), None) => {
                Err(self.err(format!("{v} is defined by an operation without a result")))
            }
        }
    }

    fn constant(&mut self, c: Const, ty: &Type) -> Result<String> {
        match ty {
            Type::Scalar(s) => scalar_literal(c, *s)
                .ok_or_else(|| self.err(format!("constant {c:?} cannot be {s}"))),
            _ => Err(self.err(format!("a constant of type {ty}"))),
        }
    }

    /// `insertvalue` chain building a struct of `ty` from `parts`.
    fn aggregate(&mut self, parts: &[Value], ty: &Type) -> Result<String> {
        let llty = types::reg(ty);
        let mut acc = "undef".to_owned();
        for (i, p) in parts.iter().enumerate() {
            let p = self.typed(*p)?;
            acc = self.emit(format!("insertvalue {llty} {acc}, {p}, {i}"));
        }
        Ok(acc)
    }

    fn call(&mut self, callee: oxcuda_ir::FuncId, args: &[Value]) -> Result<Option<String>> {
        let g = self.cx.module.function(callee);
        if g.kind.is_extern() {
            return self.extern_call(callee, args);
        }
        if g.kind == FunctionKind::Kernel {
            return Err(self.err(format!(
                "kernel {} cannot be called from device code",
                g.name
            )));
        }
        let args: Vec<String> = args
            .iter()
            .zip(&g.params)
            .filter(|(_, ty)| passed(ty))
            .map(|(a, _)| self.typed(*a))
            .collect::<Result<_>>()?;
        let name = self.cx.defined_name(callee.index());
        let text = format!("call {} @{name}({})", ret_type(&g.ret), args.join(", "));
        if g.ret == Type::None {
            self.stmt(text);
            Ok(None)
        } else {
            Ok(Some(self.emit(text)))
        }
    }

    // ---- building blocks used by every op file ----

    /// The IR type of a value.
    pub(super) fn ty(&self, v: Value) -> &'a Type {
        self.func.value_type(v)
    }

    /// The operand text of a value already written.
    pub(super) fn op(&self, v: Value) -> Result<String> {
        self.operands
            .get(v.index())
            .cloned()
            .flatten()
            .ok_or_else(|| self.err(format!("{v} is used before it is written")))
    }

    /// `"<type> <operand>"` of a value.
    pub(super) fn typed(&self, v: Value) -> Result<String> {
        Ok(format!("{} {}", types::reg(self.ty(v)), self.op(v)?))
    }

    /// Writes `%tN = rhs` and returns `%tN`.
    pub(super) fn emit(&mut self, rhs: String) -> String {
        let name = format!("%t{}", self.tmp);
        self.tmp += 1;
        let dbg = self.dbg();
        let _ = writeln!(self.body, "  {name} = {rhs}{dbg}");
        name
    }

    /// Writes an instruction without a result.
    pub(super) fn stmt(&mut self, text: String) {
        let dbg = self.dbg();
        let _ = writeln!(self.body, "  {text}{dbg}");
    }

    /// Writes an `alloca` in the entry block; returns its name.
    pub(super) fn alloca(&mut self, ty: &str, align: u32) -> String {
        let name = format!("%t{}", self.tmp);
        self.tmp += 1;
        let _ = writeln!(self.allocas, "  {name} = alloca {ty}, align {align}");
        name
    }

    /// A fresh label name (without `%`).
    pub(super) fn new_label(&mut self) -> String {
        self.labels += 1;
        format!("l{}", self.labels)
    }

    /// Starts the LLVM block `label` (the previous one must have been terminated).
    pub(super) fn begin_block(&mut self, label: &str) {
        let _ = writeln!(self.body, "{label}:");
        label.clone_into(&mut self.cur_label);
    }

    /// An error at the instruction being written.
    pub(super) fn err(&self, message: String) -> CodegenError {
        CodegenError {
            function: self.func.name.clone(),
            location: self.location.clone(),
            loc: self.loc,
            message,
            unsupported_target: false,
        }
    }

    /// The IR parameter operands (kernels fill them while reassembling flattened parameters).
    pub(super) fn params_mut(&mut self) -> &mut Vec<String> {
        &mut self.params
    }

    fn dbg(&mut self) -> String {
        match self.scope {
            Some(scope) => {
                let loc = if self.loc.line == 0 {
                    Loc {
                        line: self.first_line,
                        col: 0,
                    }
                } else {
                    self.loc
                };
                let id = self.cx.debug_location(loc, scope);
                format!(", !dbg !{id}")
            }
            None => String::new(),
        }
    }
}

/// Whether a device function's parameter of `ty` is passed: a value with no bits (an empty
/// tuple such as an empty `*args`, or none) is not, since libNVVM's debug builds refuse empty
/// parameter types; the callee reads it as `undef`.
pub(super) fn passed(ty: &Type) -> bool {
    types::reg(ty) != "{}"
}

/// The LLVM return type of a function returning `ty`.
pub(super) fn ret_type(ty: &Type) -> String {
    if *ty == Type::None {
        "void".to_owned()
    } else {
        types::reg(ty)
    }
}

/// The blocks reachable from `bb0`, in index order.
fn reachable_blocks(f: &Function) -> Vec<Block> {
    let mut seen = vec![false; f.blocks.len()];
    let mut stack = vec![0usize];
    while let Some(b) = stack.pop() {
        if b >= seen.len() || seen[b] {
            continue;
        }
        seen[b] = true;
        stack.extend(f.blocks[b].term.successors().iter().map(|s| s.index()));
    }
    f.block_ids().filter(|b| seen[b.index()]).collect()
}
