//! Decoding: a [`Module`] of typed IR → a [`Program`] of compact instruction arrays, once.
//!
//! Per function the decoder
//! 1. lays out the frame: parameters at slot 0, then **statics** (slots whose content is fixed
//!    for the whole function: constants, the extents and strides of shared/local/constant
//!    arrays), then variables, then the other values — one slot range per value, see
//!    `frame.rs`. Parameters and constants get no instructions: a `param` value *is* its
//!    parameter's slots, a constant is written once into the frame **template** that every call
//!    copies in;
//! 2. translates each instruction into zero or one [`Inst`] (types resolved to `Scalar`s,
//!    int → int widening casts to plain moves, hot arithmetic to specialised variants), keeping
//!    a parallel table of source locations for error messages;
//! 3. resolves block labels to instruction indices;
//! 4. validates every slot range, jump target and `extra` range (`validate`), which is what
//!    makes the interpreter's unchecked register accesses sound.
//!
//! Programs that the simulator cannot run (an operation on a type it has no meaning for) fail
//! here with `UnsupportedError` naming the source line, not during a launch. The module must
//! pass `oxcuda_ir::verify` first (checked; a failure is an `InternalError`).

use oxcuda_ir::{
    AtomicOp, BinOp, CmpOp, Const, Dim, Dtype, Field, Function, FunctionKind, GlobalKind,
    Intrinsic, Loc, MathFn, Module, Op, Record, Scalar, Terminator, Type, UnaryOp, Value, VoteMode,
};

use crate::arith;
use crate::error::{SimError, SimErrorKind, SourceLoc};
use crate::frame::slots_of;
use crate::host_call::{self, HostFn, HostFunctions, MAX_HOST_PARAMS, RetKind};
use crate::inst::{BarrierKind, BitsOp, Inst, MemKind, WarpOp, geom};
use crate::layout::{Layout, cast_is_move, plan, same_view};

/// Alignment of every shared/constant array's offset (and of the buffers themselves).
pub(crate) const MEM_ALIGN: usize = 16;

/// The alignment of a static shared array's first element: the one asked for
/// (`shared.array(..., alignment=)`), at least the item's.
fn shared_align(g: &oxcuda_ir::Global) -> u32 {
    g.align.max(g.dtype.align()).max(1)
}

/// One decoded function.
#[derive(Debug, Clone)]
pub(crate) struct FuncCode {
    /// The symbol.
    pub name: String,
    /// The Python qualified name (for messages).
    pub display_name: String,
    /// The Python file.
    pub file: String,
    /// The instructions.
    pub code: Vec<Inst>,
    /// The source location of each instruction.
    pub locs: Vec<Loc>,
    /// Operand lists referenced by instructions.
    pub extra: Vec<u32>,
    /// Slots of one frame.
    pub frame_slots: u32,
    /// The first `template.len()` slots of a fresh frame (parameters are zero here).
    pub template: Vec<u64>,
    /// The variables' slot range `[start, end)`, zeroed on entry.
    pub vars: (u32, u32),
    /// Parameter slots `[0, param_slots)`.
    pub param_slots: u32,
    /// The parameters' types.
    pub params: Vec<Type>,
    /// The parameters' names (for messages).
    pub param_names: Vec<String>,
    /// Slots of the return value.
    pub ret_slots: u32,
    /// Local-array memory per frame, in 8-byte words.
    pub local_words: u32,
    /// The messages of `assert`s, by location (the IR function's).
    pub assert_messages: Vec<(Loc, String)>,
    /// The exception classes of checks that are not `assert`s, by location (the IR's).
    pub exceptions: Vec<(Loc, String)>,
    /// The decoded `print`s, by number (`Inst::Print`).
    pub prints: Vec<crate::print::PrintFormat>,
    /// The tensor operations, by number (`Inst::Tensor`).
    pub tensor_ops: Vec<oxcuda_ir::TensorOp>,
}

impl FuncCode {
    /// The entry of an external function: it is never entered (calls of it are
    /// `Inst::CallHost`s), so it has no code and no frame.
    fn external(f: &Function) -> Self {
        Self {
            name: f.name.clone(),
            display_name: f.display_name.clone(),
            file: f.file.clone(),
            code: vec![Inst::Trap],
            locs: vec![Loc::default()],
            extra: Vec::new(),
            frame_slots: 0,
            template: Vec::new(),
            vars: (0, 0),
            param_slots: 0,
            params: f.params.clone(),
            param_names: f.param_names.clone(),
            ret_slots: slots_of(&f.ret),
            local_words: 0,
            assert_messages: Vec::new(),
            exceptions: Vec::new(),
            prints: Vec::new(),
            tensor_ops: Vec::new(),
        }
    }

    /// What a failed `assert` at instruction `pc` reports: its message, empty when it has none.
    pub(crate) fn assert_message(&self, pc: usize) -> &str {
        let loc = self.locs.get(pc).copied().unwrap_or_default();
        self.assert_messages
            .iter()
            .find(|(at, _)| *at == loc)
            .map_or("", |(_, m)| m.as_str())
    }

    /// The exception class a failed check at instruction `pc` raises, when it is not an
    /// `assert`'s `AssertionError`.
    pub(crate) fn exception(&self, pc: usize) -> Option<&str> {
        let loc = self.locs.get(pc).copied().unwrap_or_default();
        self.exceptions
            .iter()
            .find(|(at, _)| *at == loc)
            .map(|(_, m)| m.as_str())
    }

    /// The source location of instruction `pc`.
    pub(crate) fn source_loc(&self, pc: usize) -> SourceLoc {
        let loc = self.locs.get(pc).copied().unwrap_or_default();
        SourceLoc {
            function: self.display_name.clone(),
            file: self.file.clone(),
            line: loc.line,
            col: loc.col,
        }
    }
}

/// A constant-memory array's place in the constant image.
#[derive(Debug, Clone)]
pub(crate) struct ConstSlot {
    /// Index of the global in the module.
    pub global: u32,
    /// Byte offset in the image.
    pub offset: usize,
    /// Byte length.
    pub len: usize,
}

/// A module decoded for the simulator; reusable across launches, `Send + Sync`.
#[derive(Debug, Clone)]
pub struct Program {
    /// Functions; index 0 is the kernel.
    pub(crate) funcs: Vec<FuncCode>,
    /// Bytes of static shared memory per block.
    pub(crate) shared_bytes: usize,
    /// The constant-memory image (every `Const` global's `init`, at its offset).
    pub(crate) const_image: Vec<u8>,
    /// Where each constant global lives in the image.
    pub(crate) const_slots: Vec<ConstSlot>,
    /// Whether any function contains a block barrier or a warp operation other than
    /// `lanemask_lt`.
    pub(crate) has_barriers: bool,
    /// Whether any function synchronises the grid (the launch must be cooperative).
    pub(crate) grid_sync: bool,
    /// Each static shared array that takes block memory: offset, bytes, a description for
    /// race reports.
    pub(crate) shared_arrays: Vec<(usize, usize, String)>,
    /// The external functions called (`Inst::CallHost`), bound to their host builds.
    pub(crate) hosts: Vec<HostFn>,
}

impl Program {
    /// The kernel's Python qualified name.
    #[must_use]
    pub fn kernel_name(&self) -> &str {
        &self.funcs[0].display_name
    }

    /// The kernel's parameter types, in order (what [`crate::launch`] expects arguments for).
    #[must_use]
    pub fn params(&self) -> &[Type] {
        &self.funcs[0].params
    }

    /// Bytes of static shared memory each block gets.
    #[must_use]
    pub fn static_shared_bytes(&self) -> usize {
        self.shared_bytes
    }

    /// Whether the kernel or a device function it calls contains a block barrier or a warp
    /// operation (`syncwarp`, a shuffle, vote or match, `activemask`).
    #[must_use]
    pub fn uses_barriers(&self) -> bool {
        self.has_barriers
    }

    /// Whether the kernel or a device function it calls synchronises the whole grid
    /// (`cuda.cg.this_grid().sync()`): launch it with [`crate::LaunchConfig::cooperative`].
    #[must_use]
    pub fn uses_grid_sync(&self) -> bool {
        self.grid_sync
    }

    /// A listing of the decoded instructions of every function, with source lines (for
    /// debugging the simulator; the format is not stable).
    #[must_use]
    pub fn disassemble(&self) -> String {
        let mut out = String::new();
        for (i, f) in self.funcs.iter().enumerate() {
            out.push_str(&format!(
                "function {i} '{}': {} slots ({} from the template, vars {}..{}), {} local words\n",
                f.display_name,
                f.frame_slots,
                f.template.len(),
                f.vars.0,
                f.vars.1,
                f.local_words
            ));
            for (pc, (inst, loc)) in f.code.iter().zip(&f.locs).enumerate() {
                out.push_str(&format!("  {pc:4}  {inst:?}  !{}:{}\n", loc.line, loc.col));
            }
        }
        for (i, h) in self.hosts.iter().enumerate() {
            out.push_str(&format!(
                "host function {i} '{}': {} parameters, result {:?}\n",
                h.symbol, h.params, h.ret
            ));
        }
        out
    }

    /// The number of decoded instructions over all functions (a size measure for tests).
    #[must_use]
    pub fn instruction_count(&self) -> usize {
        self.funcs.iter().map(|f| f.code.len()).sum()
    }
}

/// Decodes `module` (entry function first, which must be a kernel) into a [`Program`]; a
/// module that calls an external function is refused (see [`prepare_with_hosts`]).
///
/// # Errors
/// As [`prepare_with_hosts`].
pub fn prepare(module: &Module) -> Result<Program, SimError> {
    prepare_with_hosts(module, &HostFunctions::new())
}

/// Decodes `module` (entry function first, which must be a kernel) into a [`Program`]; its
/// external functions (`cuda.declare_device`) are called through their host builds in `hosts`
/// (`host_call.rs`).
///
/// # Errors
/// `InternalError` when the module fails `oxcuda_ir::verify`; `UnsupportedError` (with the source
/// location) for operations the simulator cannot execute, and for an external function `hosts`
/// has no build of; `LaunchError` when the entry is not a kernel.
pub fn prepare_with_hosts(module: &Module, hosts: &HostFunctions) -> Result<Program, SimError> {
    if let Err(errors) = oxcuda_ir::verify::verify(module) {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        return Err(SimError::new(
            SimErrorKind::InternalError,
            format!(
                "the IR given to the simulator is malformed (a compiler bug):\n  {}",
                lines.join("\n  ")
            ),
        ));
    }
    let Some(entry) = module.functions.first() else {
        return Err(SimError::launch("the module has no functions"));
    };
    if entry.kind != FunctionKind::Kernel {
        return Err(SimError::launch(format!(
            "'{}' is a device function; only kernels can be launched",
            entry.display_name
        )));
    }
    let (host_of, host_fns) = bind_hosts(module, hosts)?;
    // Static shared and constant memory layouts.
    let mut shared_off = vec![usize::MAX; module.globals.len()];
    let mut const_off = vec![usize::MAX; module.globals.len()];
    let mut shared_bytes = 0usize;
    let mut shared_arrays = Vec::new();
    let mut const_image = Vec::new();
    let mut const_slots = Vec::new();
    // Only shared arrays some function uses take block memory (the front end may leave unused
    // ones behind).
    let mut used = vec![false; module.globals.len()];
    for f in &module.functions {
        for block in &f.blocks {
            for inst in &block.insts {
                if let Op::SharedArray(g) | Op::ConstArray(g) = inst.op
                    && let Some(u) = used.get_mut(g.index())
                {
                    *u = true;
                }
            }
        }
    }
    for (i, g) in module.globals.iter().enumerate() {
        if !used[i] {
            continue;
        }
        let len = usize::try_from(g.len())
            .ok()
            .and_then(|n| n.checked_mul(g.dtype.size() as usize))
            .filter(|&n| n <= 1 << 34)
            .ok_or_else(|| {
                SimError::new(
                    SimErrorKind::UnsupportedError,
                    format!("global array '{}' is too large", g.name),
                )
            })?;
        match g.kind {
            GlobalKind::Shared => {
                shared_bytes = shared_bytes.next_multiple_of(MEM_ALIGN);
                shared_off[i] = shared_bytes;
                // An alignment past the buffer's own (16) is reached at run time, within the
                // slack reserved after the array (`Inst::SharedPtr`).
                let slack = (shared_align(g) as usize).saturating_sub(MEM_ALIGN);
                let shape: Vec<String> = g.shape.iter().map(ToString::to_string).collect();
                shared_arrays.push((
                    shared_bytes,
                    len + slack,
                    format!(
                        "shared array '{}' ({}[{}])",
                        g.name,
                        g.dtype,
                        shape.join(", ")
                    ),
                ));
                shared_bytes += len + slack;
            }
            GlobalKind::Const => {
                let at = const_image.len().next_multiple_of(MEM_ALIGN);
                const_image.resize(at, 0);
                let mut bytes = g.init.clone().unwrap_or_default();
                bytes.resize(len, 0);
                const_image.extend_from_slice(&bytes);
                const_off[i] = at;
                const_slots.push(ConstSlot {
                    global: u32::try_from(i).unwrap_or(u32::MAX),
                    offset: at,
                    len,
                });
            }
        }
    }
    let mut funcs = Vec::with_capacity(module.functions.len());
    let mut has_barriers = false;
    for f in &module.functions {
        if f.kind.is_extern() {
            // Never entered: calls of it are `Inst::CallHost`s.
            funcs.push(FuncCode::external(f));
            continue;
        }
        let mut d = FuncDecoder::new(module, f, &shared_off, &const_off, &host_of);
        let code = d.decode()?;
        has_barriers |= d.has_barrier;
        funcs.push(code);
    }
    for (i, f) in funcs.iter().enumerate() {
        if module.functions[i].kind.is_extern() {
            continue;
        }
        validate(f, &funcs, &host_fns, shared_bytes, const_image.len()).map_err(|e| {
            SimError::new(
                SimErrorKind::InternalError,
                format!("simulator decoder bug in function {i} ('{}'): {e}", f.name),
            )
        })?;
    }
    Ok(Program {
        funcs,
        shared_bytes,
        const_image,
        const_slots,
        has_barriers,
        grid_sync: module.uses_grid_sync(),
        shared_arrays,
        hosts: host_fns,
    })
}

/// The host build of every external function of `module`: per function index the number of
/// its [`HostFn`] (`None` for functions with a body), and the list; an external function
/// `hosts` has no build of, or whose types cannot cross a host call, is refused.
fn bind_hosts(
    module: &Module,
    hosts: &HostFunctions,
) -> Result<(Vec<Option<u32>>, Vec<HostFn>), SimError> {
    let mut host_of = vec![None; module.functions.len()];
    let mut list = Vec::new();
    for (i, f) in module.functions.iter().enumerate() {
        if !f.kind.is_extern() {
            continue;
        }
        let refuse = |why: String| {
            Err(SimError::new(
                SimErrorKind::UnsupportedError,
                format!(
                    "external device function {} cannot run on the simulator: {why}",
                    f.name
                ),
            ))
        };
        let Some(thunk) = hosts.get(&f.name) else {
            return refuse(
                "its code is linked from outside the kernel (cuda.declare_device), and the \
                 simulator runs linked code only from CUDA C++ sources (.cu files, \
                 cuda.CUSource), compiled for the host; link its CUDA C++ source, or run the \
                 kernel on a GPU"
                    .to_string(),
            );
        };
        if f.params.len() > MAX_HOST_PARAMS {
            return refuse(format!(
                "it has {} parameters, more than the {MAX_HOST_PARAMS} a host call passes",
                f.params.len()
            ));
        }
        if let Some((k, p)) = f
            .params
            .iter()
            .enumerate()
            .find(|(_, p)| !host_call::param_passes(p))
        {
            return refuse(format!(
                "parameter {k} is a {p}, which a host call cannot pass"
            ));
        }
        let Some(ret) = RetKind::of(&f.ret) else {
            return refuse(format!(
                "it returns a {}, which a host call cannot return",
                f.ret
            ));
        };
        host_of[i] = Some(u32::try_from(list.len()).unwrap_or(u32::MAX));
        let params = u32::try_from(f.params.len()).unwrap_or(u32::MAX);
        list.push(HostFn::new(&f.name, thunk, params, ret));
    }
    Ok((host_of, list))
}

/// The canonical register slots of a constant of type `ty`.
fn const_slots(c: Const, ty: Scalar) -> [u64; 2] {
    let part = if ty.is_complex() {
        ty.complex_part()
    } else {
        ty
    };
    let real = |v: f64| arith::of_float(part, v);
    let one = |v: u64| [v, 0];
    match c {
        Const::Int(i) => {
            if ty.is_int() || ty == Scalar::Bool {
                one(arith::of_int(ty, i))
            } else if ty == Scalar::BF16 {
                // Rounded once from the integer (as the GPU's constants are).
                one(u64::from(oxcuda_types::bf16::from_int(i)))
            } else {
                [real(i as f64), real(0.0)]
            }
        }
        Const::Bool(b) => {
            if ty.is_float() || ty.is_complex() {
                [real(f64::from(u8::from(b))), real(0.0)]
            } else {
                one(u64::from(b))
            }
        }
        Const::Float(x) => {
            if ty.is_int() || ty == Scalar::Bool {
                one(arith::cast(Scalar::F64, ty, x.to_bits()))
            } else {
                [real(x), real(0.0)]
            }
        }
        Const::Complex(re, im) => {
            if ty.is_complex() {
                [real(re), real(im)]
            } else {
                one(arith::cast(Scalar::F64, ty, re.to_bits()))
            }
        }
    }
}

struct FuncDecoder<'a> {
    module: &'a Module,
    f: &'a Function,
    shared_off: &'a [usize],
    const_off: &'a [usize],
    /// Per function of the module, the number of its host build (external functions only).
    host_of: &'a [Option<u32>],
    /// First slot of each value.
    value_off: Vec<u32>,
    var_off: Vec<u32>,
    template: Vec<u64>,
    code: Vec<Inst>,
    locs: Vec<Loc>,
    extra: Vec<u32>,
    prints: Vec<crate::print::PrintFormat>,
    tensor_ops: Vec<oxcuda_ir::TensorOp>,
    local_words: u32,
    has_barrier: bool,
    /// Instruction indices whose jump targets are still block numbers.
    fixups: Vec<usize>,
    loc: Loc,
    /// The frame plan.
    layout: Layout,
    /// The value defined by the last emitted instruction (and its index), within a block.
    last: Option<(Value, usize)>,
    /// Set when the current IR instruction was fused into the previous decoded one (its index).
    fused: Option<usize>,
}

type R<T> = Result<T, SimError>;

impl<'a> FuncDecoder<'a> {
    fn new(
        module: &'a Module,
        f: &'a Function,
        shared_off: &'a [usize],
        const_off: &'a [usize],
        host_of: &'a [Option<u32>],
    ) -> Self {
        Self {
            module,
            f,
            shared_off,
            const_off,
            host_of,
            value_off: Vec::new(),
            var_off: Vec::new(),
            template: Vec::new(),
            code: Vec::new(),
            locs: Vec::new(),
            extra: Vec::new(),
            prints: Vec::new(),
            tensor_ops: Vec::new(),
            local_words: 0,
            has_barrier: false,
            fixups: Vec::new(),
            loc: Loc::default(),
            layout: Layout {
                value_off: Vec::new(),
                var_off: Vec::new(),
                statics_end: 0,
                vars: (0, 0),
                frame_slots: 0,
                uses: Vec::new(),
                aliased: Vec::new(),
                elided_vars: Vec::new(),
            },
            last: None,
            fused: None,
        }
    }

    fn unsupported(&self, what: impl std::fmt::Display) -> SimError {
        let loc = SourceLoc {
            function: self.f.display_name.clone(),
            file: self.f.file.clone(),
            line: self.loc.line,
            col: self.loc.col,
        };
        SimError {
            kind: SimErrorKind::UnsupportedError,
            message: format!("the simulator does not support {what} (at {loc})"),
            location: Some(Box::new(loc)),
            thread: None,
            block: None,
            raises: None,
        }
    }

    fn ty(&self, v: Value) -> &'a Type {
        static NONE: Type = Type::None;
        self.f.values.get(v.index()).unwrap_or(&NONE)
    }

    /// The scalar type of `v`, or an error.
    fn scalar(&self, v: Value) -> R<Scalar> {
        self.ty(v)
            .as_scalar()
            .ok_or_else(|| self.unsupported(format_args!("{v} of type {} here", self.ty(v))))
    }

    fn slot(&self, v: Value) -> u32 {
        self.value_off.get(v.index()).copied().unwrap_or(0)
    }

    fn emit(&mut self, inst: Inst) {
        self.code.push(inst);
        self.locs.push(self.loc);
    }

    fn list(&mut self, slots: impl IntoIterator<Item = u32>) -> u32 {
        let at = u32::try_from(self.extra.len()).unwrap_or(u32::MAX);
        self.extra.extend(slots);
        at
    }

    fn decode(&mut self) -> R<FuncCode> {
        let f = self.f;
        let layout = plan(f)
            .ok_or_else(|| self.unsupported("a function with more than 2^24 value slots"))?;
        self.value_off.clone_from(&layout.value_off);
        self.var_off.clone_from(&layout.var_off);
        self.template = vec![0; layout.statics_end as usize];
        let (frame_slots, vars) = (layout.frame_slots, layout.vars);
        self.layout = layout;
        let param_slots = f.params.iter().map(slots_of).sum();
        let mut block_pc = Vec::with_capacity(f.blocks.len());
        for (b, block) in f.blocks.iter().enumerate() {
            block_pc.push(u32::try_from(self.code.len()).unwrap_or(u32::MAX));
            self.last = None;
            for inst in &block.insts {
                self.loc = inst.loc;
                let before = self.code.len();
                self.inst(inst.result, &inst.op)?;
                let fused = self.fused.take();
                self.last = match inst.result {
                    Some(v) if self.code.len() == before + 1 => Some((v, before)),
                    // Fused into the instruction before: that one now defines the result.
                    Some(v) => fused.map(|at| (v, at)),
                    None => None,
                };
            }
            self.loc = block.term_loc;
            self.term(&block.term, b)?;
        }
        // Resolve block numbers to instruction indices.
        let resolve = |b: u32| block_pc.get(b as usize).copied().unwrap_or(u32::MAX);
        for &i in &self.fixups {
            match &mut self.code[i] {
                Inst::Jump { to } => *to = resolve(*to),
                Inst::Branch { t, e, .. }
                | Inst::BrS { t, e, .. }
                | Inst::BrU { t, e, .. }
                | Inst::BrF32 { t, e, .. }
                | Inst::BrF64 { t, e, .. } => {
                    *t = resolve(*t);
                    *e = resolve(*e);
                }
                _ => {}
            }
        }
        self.thread_jumps();
        Ok(FuncCode {
            name: f.name.clone(),
            display_name: f.display_name.clone(),
            file: f.file.clone(),
            code: std::mem::take(&mut self.code),
            locs: std::mem::take(&mut self.locs),
            extra: std::mem::take(&mut self.extra),
            frame_slots,
            template: std::mem::take(&mut self.template),
            vars,
            param_slots,
            params: f.params.clone(),
            param_names: f.param_names.clone(),
            ret_slots: slots_of(&f.ret),
            local_words: self.local_words,
            assert_messages: f.assert_messages.clone(),
            exceptions: f.exceptions.clone(),
            prints: std::mem::take(&mut self.prints),
            tensor_ops: std::mem::take(&mut self.tensor_ops),
        })
    }

    /// Jump threading: a jump to a terminator (a branch, a return, another jump) becomes a
    /// copy of it, saving one dispatch — typically the back edge of a loop, which then tests the
    /// loop condition itself.
    fn thread_jumps(&mut self) {
        for i in 0..self.code.len() {
            let Inst::Jump { to } = self.code[i] else {
                continue;
            };
            let mut t = to as usize;
            for _ in 0..8 {
                match self.code.get(t) {
                    Some(Inst::Jump { to }) => t = *to as usize,
                    Some(
                        inst @ (Inst::Branch { .. }
                        | Inst::BrS { .. }
                        | Inst::BrU { .. }
                        | Inst::BrF32 { .. }
                        | Inst::BrF64 { .. }
                        | Inst::Ret { .. }),
                    ) => {
                        self.code[i] = *inst;
                        self.locs[i] = self.locs[t];
                        break;
                    }
                    _ => {
                        self.code[i] = Inst::Jump { to: t as u32 };
                        break;
                    }
                }
            }
        }
    }

    fn term(&mut self, term: &Terminator, here: usize) -> R<()> {
        match term {
            // A jump to the next block falls through.
            Terminator::Jump(b) if b.index() == here + 1 => {}
            Terminator::Jump(b) => {
                self.fixups.push(self.code.len());
                self.emit(Inst::Jump { to: b.0 });
            }
            Terminator::Branch(c, t, e) => {
                // Fuse with the comparison just before when the branch is its only use.
                if let Some((v, at)) = self.last
                    && v == *c
                    && at + 1 == self.code.len()
                    && self.layout.uses.get(c.index()) == Some(&1)
                {
                    let (t, e) = (t.0, e.0);
                    let fused = match self.code[at] {
                        Inst::CmpS { op, a, b, .. } => Some(Inst::BrS { op, a, b, t, e }),
                        Inst::CmpU { op, a, b, .. } => Some(Inst::BrU { op, a, b, t, e }),
                        Inst::CmpF32 { op, a, b, .. } => Some(Inst::BrF32 { op, a, b, t, e }),
                        Inst::CmpF64 { op, a, b, .. } => Some(Inst::BrF64 { op, a, b, t, e }),
                        _ => None,
                    };
                    if let Some(fused) = fused {
                        self.code[at] = fused;
                        self.locs[at] = self.loc;
                        self.fixups.push(at);
                        return Ok(());
                    }
                }
                self.fixups.push(self.code.len());
                let c = self.slot(*c);
                self.emit(Inst::Branch { c, t: t.0, e: e.0 });
            }
            Terminator::Return(v) => {
                let (s, n) = match v {
                    Some(v) => (self.slot(*v), slots_of(self.ty(*v))),
                    None => (0, 0),
                };
                self.emit(Inst::Ret { s, n });
            }
            Terminator::Unreachable => self.emit(Inst::Trap),
        }
        Ok(())
    }

    /// Writes the static part of an array value: extents and strides after the data slot.
    fn static_array(&mut self, d: u32, shape: &[u64], itemsize: u64) {
        let n = shape.len();
        let mut stride = itemsize;
        let mut strides = vec![0u64; n];
        for k in (0..n).rev() {
            strides[k] = stride;
            stride = stride.wrapping_mul(shape[k]);
        }
        let d = d as usize;
        for k in 0..n {
            self.template[d + 1 + k] = shape[k];
            self.template[d + 1 + n + k] = strides[k];
        }
    }

    fn mov(&mut self, d: u32, s: u32, n: u32) {
        match n {
            0 => {}
            1 => self.emit(Inst::Mov { d, s }),
            _ => self.emit(Inst::MovN { d, s, n }),
        }
    }

    #[allow(clippy::too_many_lines, reason = "one arm per operation")]
    /// The result type an operation must have, where the verifier does not already check it.
    /// Type confusion here could make an array out of arbitrary bits, so it is rejected.
    fn check_result(&self, op: &Op, rty: &Type) -> R<()> {
        let scalar = |s: Scalar| Type::Scalar(s);
        let want: Option<Type> = match op {
            Op::GetVar(x) => Some(
                self.f
                    .vars
                    .get(x.index())
                    .ok_or_else(|| self.unsupported(format_args!("missing variable {x}")))?
                    .ty
                    .clone(),
            ),
            Op::SetVar(x, v) => {
                let var = self
                    .f
                    .vars
                    .get(x.index())
                    .ok_or_else(|| self.unsupported(format_args!("missing variable {x}")))?;
                if var.ty != *self.ty(*v) {
                    return Err(self.unsupported(format_args!("a write of {v} to {x}")));
                }
                None
            }
            Op::Unary(_, a) => Some(self.ty(*a).clone()),
            Op::Intrinsic(i, args) => match i {
                Intrinsic::ThreadIdx(_)
                | Intrinsic::BlockIdx(_)
                | Intrinsic::BlockDim(_)
                | Intrinsic::GridDim(_)
                | Intrinsic::LaneId
                | Intrinsic::WarpSize
                | Intrinsic::SyncthreadsCount
                | Intrinsic::SyncthreadsAnd
                | Intrinsic::SyncthreadsOr => Some(scalar(Scalar::I32)),
                Intrinsic::Popc | Intrinsic::Brev | Intrinsic::Clz => {
                    args.first().map(|a| self.ty(*a).clone())
                }
                Intrinsic::Ffs | Intrinsic::ActiveMask | Intrinsic::LanemaskLt => {
                    Some(scalar(Scalar::U32))
                }
                Intrinsic::Shfl(_) => args.get(1).map(|a| self.ty(*a).clone()),
                Intrinsic::Vote(VoteMode::Ballot) | Intrinsic::Match(_) => {
                    Some(scalar(Scalar::I32))
                }
                Intrinsic::Vote(_) => Some(Type::BOOL),
                Intrinsic::ArithRn(_) => args.first().map(|a| self.ty(*a).clone()),
                Intrinsic::CvtFp8x2(_) => Some(scalar(Scalar::U16)),
                Intrinsic::CvtFp8ToF32(..) => Some(scalar(Scalar::F32)),
                // Any scalar of the operand's size (the verifier checks it).
                Intrinsic::Reinterpret => None,
                _ => Some(Type::None),
            },
            Op::ArrayShape(..) | Op::ArrayStride(..) => Some(Type::I64),
            Op::ArrayData(a) => self.ty(*a).as_array().map(|at| Type::Pointer(at.dtype)),
            Op::PtrOffset(p, _) => Some(self.ty(*p).clone()),
            Op::Atomic(_, a, ..) => self
                .ty(*a)
                .as_array()
                .and_then(|at| at.dtype.as_scalar())
                .map(scalar),
            Op::ElemRef(a, _) => self
                .ty(*a)
                .as_array()
                .and_then(|at| at.dtype.as_record())
                .map(Type::Record),
            Op::GetField(r, name) => {
                let (rec, field) = self.field(*r, name)?;
                Some(field.value_type(rec.align))
            }
            Op::MakeTuple(args) => Some(Type::Tuple(
                args.iter().map(|a| self.ty(*a).clone()).collect(),
            )),
            Op::MakeComplex(re, _) => match self.ty(*re).as_scalar() {
                Some(Scalar::F32) => Some(scalar(Scalar::C64)),
                Some(Scalar::F64) => Some(scalar(Scalar::C128)),
                _ => return Err(self.unsupported("complex() of non-float parts")),
            },
            Op::ComplexPart(c, _) => self
                .ty(*c)
                .as_scalar()
                .filter(|s| s.is_complex())
                .map(|s| scalar(s.complex_part())),
            _ => None,
        };
        match want {
            Some(w) if w != *rty => Err(self.unsupported(format_args!(
                "an operation whose result is {rty} where {w} is required"
            ))),
            _ => Ok(()),
        }
    }

    fn inst(&mut self, result: Option<Value>, op: &Op) -> R<()> {
        let rty = result.map_or(&Type::None, |v| self.ty(v));
        self.check_result(op, rty)?;
        if let Some(v) = result
            && self.layout.aliased.get(v.index()) == Some(&true)
        {
            return Ok(());
        }
        let d = result.map_or(0, |v| self.slot(v));
        match op {
            Op::Const(c) => {
                let s = rty
                    .as_scalar()
                    .ok_or_else(|| self.unsupported(format_args!("a constant of type {rty}")))?;
                let v = const_slots(*c, s);
                let n = slots_of(rty) as usize;
                self.template[d as usize..d as usize + n].copy_from_slice(&v[..n]);
            }
            Op::Param(_) => {}
            Op::GetVar(var) => {
                let n = slots_of(&self.f.vars[var.index()].ty);
                let s = self.var_off[var.index()];
                self.mov(d, s, n);
            }
            Op::SetVar(var, v) => {
                if self.layout.elided_vars.get(var.index()) == Some(&true) {
                    return Ok(());
                }
                let n = slots_of(&self.f.vars[var.index()].ty);
                let dst = self.var_off[var.index()];
                // `x = <expr>`: let the instruction just before write the variable directly
                // when this is the only use of its result.
                if n == 1
                    && let Some((last, at)) = self.last
                    && last == *v
                    && at + 1 == self.code.len()
                    && self.layout.uses.get(v.index()) == Some(&1)
                    && self.code[at].retarget(dst)
                {
                    return Ok(());
                }
                let s = self.slot(*v);
                self.mov(dst, s, n);
            }
            Op::Unary(op, a) => {
                let ty = self.scalar(*a)?;
                let a = self.slot(*a);
                let ok = match op {
                    UnaryOp::Neg => ty != Scalar::Bool,
                    UnaryOp::BitNot => ty.is_int() || ty == Scalar::Bool,
                    UnaryOp::Not => ty == Scalar::Bool,
                };
                if !ok {
                    return Err(self.unsupported(format_args!("{op:?} on {ty}")));
                }
                if ty.is_complex() {
                    self.emit(Inst::CUn { op: *op, ty, d, a });
                } else {
                    self.emit(Inst::Un { op: *op, ty, d, a });
                }
            }
            Op::Binary(op, a, b) => {
                let ty = self.scalar(*a)?;
                if *op == BinOp::Add && self.fuse_mul_add(ty, d, *a, *b) {
                    return Ok(());
                }
                let (a, b) = (self.slot(*a), self.slot(*b));
                self.binary(*op, ty, d, a, b)?;
            }
            Op::Compare(op, a, b) => {
                let ty = self.scalar(*a)?;
                let (a, b) = (self.slot(*a), self.slot(*b));
                let op = *op;
                let inst = match ty {
                    _ if ty.is_complex() => {
                        if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                            return Err(self.unsupported("ordering comparisons of complex"));
                        }
                        Inst::CCmp { op, ty, d, a, b }
                    }
                    Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => {
                        Inst::CmpS { op, d, a, b }
                    }
                    Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 | Scalar::Bool => {
                        Inst::CmpU { op, d, a, b }
                    }
                    Scalar::F32 => Inst::CmpF32 { op, d, a, b },
                    Scalar::F64 => Inst::CmpF64 { op, d, a, b },
                    _ => Inst::Cmp { op, ty, d, a, b },
                };
                self.emit(inst);
            }
            Op::Cast(a) if same_view(self.ty(*a), rty) => {
                // Between array (or tuple, pointer) types that differ only in layout.
                let s = self.slot(*a);
                self.mov(d, s, slots_of(rty));
            }
            Op::Cast(a)
                if matches!(rty, Type::Scalar(Scalar::U64))
                    && matches!(self.ty(*a), Type::Pointer(_)) =>
            {
                // A pointer's address (`cuda.assume_aligned`'s test): the same 64 bits.
                let s = self.slot(*a);
                self.mov(d, s, 1);
            }
            Op::Cast(a)
                if matches!(rty, Type::Pointer(_))
                    && matches!(
                        self.ty(*a),
                        Type::Scalar(Scalar::I64 | Scalar::U64) | Type::Pointer(_)
                    ) =>
            {
                // An address becomes a pointer with no bounds (a captured device array), or a
                // pointer one of another dtype (`arr.view(dtype)`): the same address and bounds.
                let s = self.slot(*a);
                if matches!(self.ty(*a), Type::Pointer(_)) {
                    self.mov(d, s, slots_of(rty));
                } else {
                    self.emit(Inst::PtrOf { d, s });
                }
            }
            Op::Cast(a) => {
                let from = self.scalar(*a)?;
                let to = rty
                    .as_scalar()
                    .ok_or_else(|| self.unsupported(format_args!("a cast to {rty}")))?;
                let a = self.slot(*a);
                let from_int = from.is_int() || from == Scalar::Bool;
                if to.is_complex() {
                    self.emit(Inst::ToC { from, to, d, a });
                } else if from.is_complex() {
                    self.emit(Inst::FromC { from, to, d, a });
                } else if cast_is_move(from, to) {
                    // Canonical registers make these casts plain moves.
                    self.mov(d, a, 1);
                } else if from_int && to.is_int() {
                    self.emit(Inst::Norm { ty: to, d, a });
                } else {
                    self.emit(Inst::Cast { from, to, d, a });
                }
            }
            Op::Select(c, a, b) => {
                let n = slots_of(self.ty(*a));
                let (c, a, b) = (self.slot(*c), self.slot(*a), self.slot(*b));
                match n {
                    0 => {}
                    1 => self.emit(Inst::Sel { d, c, a, b }),
                    _ => {
                        let list = self.list([a, b, n]);
                        self.emit(Inst::SelN { d, c, list });
                    }
                }
            }
            Op::Math(func, args) => self.math(*func, args, d, rty)?,
            Op::Libdevice(func, k, args) => self.libdevice(*func, *k, args, d, rty)?,
            Op::Intrinsic(i, args) => self.intrinsic(*i, args, d, rty)?,
            Op::Call(callee, args) => {
                let Some(g) = self.module.functions.get(callee.index()) else {
                    return Err(self.unsupported(format_args!("a call of missing {callee}")));
                };
                if let Some(Some(host)) = self.host_of.get(callee.index()) {
                    // One register per parameter: its value, or a pointer's address.
                    let srcs: Vec<u32> = args.iter().map(|a| self.slot(*a)).collect();
                    let args = self.list(srcs);
                    self.emit(Inst::CallHost {
                        host: *host,
                        args,
                        dst: d,
                    });
                    return Ok(());
                }
                let mut srcs = Vec::new();
                for (a, p) in args.iter().zip(&g.params) {
                    let s = self.slot(*a);
                    srcs.extend(s..s + slots_of(p));
                }
                let list = self.list(srcs);
                self.emit(Inst::Call {
                    func: callee.0,
                    args: list,
                    dst: d,
                });
            }
            Op::ArrayShape(a, k) | Op::ArrayStride(a, k) => {
                let Type::Array(arr) = self.ty(*a) else {
                    return Err(self.unsupported("shape/stride of a non-array"));
                };
                if *k >= arr.ndim {
                    return Err(
                        self.unsupported(format_args!("dimension {k} of a {}-d array", arr.ndim))
                    );
                }
                let base = self.slot(*a) + 1;
                let s = if matches!(op, Op::ArrayShape(..)) {
                    base + k
                } else {
                    base + arr.ndim + k
                };
                self.mov(d, s, 1);
            }
            Op::ArrayData(a) => {
                if self.ty(*a).as_array().is_none() {
                    return Err(self.unsupported("the data pointer of a non-array"));
                }
                // Bounded by the bytes the array spans: arrays made from it (views, `p[i]` of
                // `ffi.from_buffer(arr)`) stay inside the array.
                let Type::Array(at) = self.ty(*a).clone() else {
                    return Err(self.unsupported("the data pointer of a non-array"));
                };
                let arr = self.slot(*a);
                let ndim = self.ndim(at.ndim as usize)?;
                let size = at.dtype.size();
                self.emit(Inst::PtrOfArray { d, arr, ndim, size });
            }
            Op::MakeArray {
                data,
                shape,
                strides,
            } => {
                let Type::Array(arr) = rty else {
                    return Err(self.unsupported("makearray with a non-array result"));
                };
                let ok = *self.ty(*data) == Type::Pointer(arr.dtype)
                    && shape.len() == arr.ndim as usize
                    && strides.len() == arr.ndim as usize
                    && shape
                        .iter()
                        .chain(strides)
                        .all(|v| *self.ty(*v) == Type::I64);
                if !ok {
                    return Err(self.unsupported("makearray with mismatched operands"));
                }
                let srcs: Vec<u32> = std::iter::once(*data)
                    .chain(shape.iter().copied())
                    .chain(strides.iter().copied())
                    .map(|v| self.slot(v))
                    .collect();
                let p = srcs[0];
                let n = srcs.len() as u32;
                let list = self.list(srcs);
                self.emit(Inst::Gather { d, list, n });
                let ndim = self.ndim(arr.ndim as usize)?;
                let size = arr.dtype.size();
                self.emit(Inst::PtrSpan {
                    arr: d,
                    p,
                    ndim,
                    size,
                });
            }
            Op::PtrOffset(p, off) => {
                if !matches!(self.ty(*p), Type::Pointer(_)) || *self.ty(*off) != Type::I64 {
                    return Err(self.unsupported("ptroffset on a non-pointer"));
                }
                let (p, off) = (self.slot(*p), self.slot(*off));
                self.emit(Inst::PtrAdd { d, p, off });
                self.mov(d + 1, p + 1, 2);
            }
            // A cache operator is a hint: the simulator reads and writes plainly.
            Op::Load(a, idx) | Op::LoadCached(_, a, idx) => {
                let Some(dtype) = self.ty(*a).as_array().and_then(|at| at.dtype.as_scalar()) else {
                    return Err(self.unsupported("a load from a non-array"));
                };
                let k = MemKind::of(dtype);
                let arr_slot = self.slot(*a);
                if idx.len() == 1 {
                    let i = self.slot(idx[0]);
                    self.emit(Inst::Ld1 {
                        k,
                        d,
                        arr: arr_slot,
                        i,
                    });
                } else if idx.len() == 2 {
                    let (i, j) = (self.slot(idx[0]), self.slot(idx[1]));
                    self.emit(Inst::Ld2 {
                        k,
                        d,
                        arr: arr_slot,
                        i,
                        j,
                    });
                } else {
                    let ndim = self.ndim(idx.len())?;
                    let srcs: Vec<u32> = idx.iter().map(|v| self.slot(*v)).collect();
                    let list = self.list(srcs);
                    self.emit(Inst::LdN {
                        k,
                        ndim,
                        d,
                        arr: arr_slot,
                        list,
                    });
                }
            }
            Op::Store(a, idx, v) | Op::StoreCached(_, a, idx, v) => {
                let Some(dtype) = self.ty(*a).as_array().and_then(|at| at.dtype.as_scalar()) else {
                    return Err(self.unsupported("a store to a non-array"));
                };
                let k = MemKind::of(dtype);
                let (arr_slot, v) = (self.slot(*a), self.slot(*v));
                if idx.len() == 1 {
                    let i = self.slot(idx[0]);
                    self.emit(Inst::St1 {
                        k,
                        arr: arr_slot,
                        i,
                        v,
                    });
                } else if idx.len() == 2 {
                    let (i, j) = (self.slot(idx[0]), self.slot(idx[1]));
                    self.emit(Inst::St2 {
                        k,
                        arr: arr_slot,
                        i,
                        j,
                        v,
                    });
                } else {
                    let ndim = self.ndim(idx.len())?;
                    let srcs: Vec<u32> = idx.iter().map(|v| self.slot(*v)).collect();
                    let list = self.list(srcs);
                    self.emit(Inst::StN {
                        k,
                        ndim,
                        arr: arr_slot,
                        list,
                        v,
                    });
                }
            }
            Op::Atomic(aop, a, idx, args) => {
                let Some(ty) = self.ty(*a).as_array().and_then(|at| at.dtype.as_scalar()) else {
                    return Err(self.unsupported("an atomic on a non-array"));
                };
                let want_args = if *aop == AtomicOp::Cas { 2 } else { 1 };
                if ty.is_complex() || ty == Scalar::Bool || args.len() != want_args {
                    return Err(self.unsupported(format_args!("atomic {aop:?} on {ty}")));
                }
                let int_only = matches!(
                    aop,
                    AtomicOp::And | AtomicOp::Or | AtomicOp::Xor | AtomicOp::Inc | AtomicOp::Dec
                );
                if int_only && !ty.is_int() {
                    return Err(self.unsupported(format_args!("atomic {aop:?} on {ty}")));
                }
                let ndim = self.ndim(idx.len())?;
                let srcs: Vec<u32> = idx.iter().chain(args).map(|v| self.slot(*v)).collect();
                let list = self.list(srcs);
                let arr_slot = self.slot(*a);
                self.emit(Inst::Atomic {
                    op: *aop,
                    ty,
                    ndim,
                    d,
                    arr: arr_slot,
                    list,
                });
            }
            Op::SharedArray(g) | Op::ConstArray(g) => {
                let Some(global) = self.module.globals.get(g.index()) else {
                    return Err(self.unsupported(format_args!("missing global {g}")));
                };
                let is_shared = matches!(op, Op::SharedArray(_));
                let want = if is_shared {
                    GlobalKind::Shared
                } else {
                    GlobalKind::Const
                };
                let Type::Array(arr) = rty else {
                    return Err(self.unsupported("a global array with a non-array type"));
                };
                if global.kind != want
                    || arr.dtype != global.dtype
                    || arr.ndim as usize != global.shape.len()
                {
                    return Err(self.unsupported(format_args!(
                        "global {g} used as {rty} but declared {:?} {} {:?}",
                        global.kind, global.dtype, global.shape
                    )));
                }
                self.static_array(d, &global.shape, u64::from(global.dtype.size()));
                let off = if is_shared {
                    self.shared_off[g.index()]
                } else {
                    self.const_off[g.index()]
                };
                let off = u32::try_from(off).map_err(|_| self.unsupported("huge global arrays"))?;
                self.emit(if is_shared {
                    Inst::SharedPtr {
                        d,
                        off,
                        align: shared_align(global),
                    }
                } else {
                    Inst::ConstPtr { d, off }
                });
            }
            Op::DynSharedArray => {
                let Type::Array(arr) = rty else {
                    return Err(self.unsupported("dynshared with a non-array type"));
                };
                if arr.ndim != 1 {
                    return Err(self.unsupported("a dynamic shared array that is not 1-d"));
                }
                self.emit(Inst::DynShared {
                    d,
                    itemsize: arr.dtype.size(),
                });
            }
            Op::LocalArray(shape, align) => self.local_array(d, shape, *align, rty)?,
            Op::Tensor(t, args) => self.tensor(*t, args, d, rty)?,
            Op::MakeTuple(args) => {
                let mut srcs = Vec::new();
                for a in args {
                    let s = self.slot(*a);
                    srcs.extend(s..s + slots_of(self.ty(*a)));
                }
                let n = srcs.len() as u32;
                if n != slots_of(rty) {
                    return Err(self.unsupported("a tuple whose type disagrees"));
                }
                let list = self.list(srcs);
                if n > 0 {
                    self.emit(Inst::Gather { d, list, n });
                }
            }
            Op::TupleGet(t, k) => {
                let Type::Tuple(items) = self.ty(*t) else {
                    return Err(self.unsupported("tupleget on a non-tuple"));
                };
                let Some(item) = items.get(*k as usize) else {
                    return Err(self.unsupported("tupleget out of range"));
                };
                if item != rty {
                    return Err(self.unsupported("tupleget whose type disagrees"));
                }
                let off: u32 = items[..*k as usize].iter().map(slots_of).sum();
                let s = self.slot(*t) + off;
                self.mov(d, s, slots_of(item));
            }
            Op::MakeComplex(re, im) => {
                let ok = rty.as_scalar().is_some_and(Scalar::is_complex)
                    && slots_of(self.ty(*re)) == 1
                    && slots_of(self.ty(*im)) == 1;
                if !ok {
                    return Err(self.unsupported("complex() with mismatched operands"));
                }
                let list = self.list([self.slot(*re), self.slot(*im)]);
                self.emit(Inst::Gather { d, list, n: 2 });
            }
            Op::ComplexPart(c, imag) => {
                if !self.ty(*c).as_scalar().is_some_and(Scalar::is_complex) {
                    return Err(self.unsupported("real/imag of a non-complex"));
                }
                let s = self.slot(*c) + u32::from(*imag);
                self.mov(d, s, 1);
            }
            Op::ElemRef(a, idx) => {
                let Some(Dtype::Record(_)) = self.ty(*a).as_array().map(|at| at.dtype) else {
                    return Err(self.unsupported("a record reference into a non-record array"));
                };
                let ndim = self.ndim(idx.len())?;
                let srcs: Vec<u32> = idx.iter().map(|v| self.slot(*v)).collect();
                let list = self.list(srcs);
                let arr = self.slot(*a);
                self.emit(Inst::ERef { ndim, d, arr, list });
            }
            Op::GetField(r, name) => self.get_field(*r, name, d)?,
            Op::SetField(r, name, v) => {
                let (_, field) = self.field(*r, name)?;
                let Dtype::Scalar(s) = field.dtype else {
                    return Err(self.unsupported("a write of a non-scalar field"));
                };
                if !field.shape.is_empty() || *self.ty(*v) != Type::Scalar(s) {
                    return Err(self.unsupported("a field write whose types disagree"));
                }
                let (p, v) = (self.slot(*r), self.slot(*v));
                self.emit(Inst::StAt {
                    k: MemKind::of(s),
                    p,
                    off: field.offset,
                    v,
                });
            }
            Op::CopyRecord(dst, src) => {
                let rec = self.record(*dst)?;
                if self.record(*src)? != rec {
                    return Err(self.unsupported("a copy between records of different types"));
                }
                let (d, s) = (self.slot(*dst), self.slot(*src));
                self.emit(Inst::CopyBytes { d, s, n: rec.size });
            }
            Op::Print(pieces) => {
                let format = crate::print::PrintFormat::new(pieces, |v| self.ty(v).as_scalar())
                    .ok_or_else(|| self.unsupported("print of a value that is not a scalar"))?;
                let slots: Vec<u32> = op.operands().iter().map(|v| self.slot(*v)).collect();
                let args = self.list(slots);
                let fmt = u32::try_from(self.prints.len()).unwrap_or(u32::MAX);
                self.prints.push(format);
                self.emit(Inst::Print { fmt, args });
            }
        }
        Ok(())
    }

    /// The record type of `r`, or an error.
    fn record(&self, r: Value) -> R<Record> {
        self.ty(r)
            .as_record()
            .ok_or_else(|| self.unsupported(format_args!("{r} of type {} as a record", self.ty(r))))
    }

    /// The record of `r` and its field `name`, or an error.
    fn field(&self, r: Value, name: &str) -> R<(Record, &'static Field)> {
        let rec = self.record(r)?;
        let (_, field) = rec
            .get()
            .field(name)
            .ok_or_else(|| self.unsupported(format_args!("a missing field '{name}'")))?;
        Ok((rec, field))
    }

    /// `d = getfield r, name`: a load for a scalar field, an address for a nested record, an
    /// array view (data pointer, extents, strides from the extra table) for a subarray.
    fn get_field(&mut self, r: Value, name: &str, d: u32) -> R<()> {
        let (_, field) = self.field(r, name)?;
        let p = self.slot(r);
        let off = field.offset;
        match (field.dtype, field.shape.is_empty()) {
            (Dtype::Scalar(s), true) => self.emit(Inst::LdAt {
                k: MemKind::of(s),
                d,
                p,
                off,
            }),
            (Dtype::Datetime(_), true) => self.emit(Inst::LdAt {
                k: MemKind::of(oxcuda_ir::Scalar::I64),
                d,
                p,
                off,
            }),
            // A char sequence only before erasure: as the storage record it is held as.
            (Dtype::Record(_) | Dtype::CharSeq(_), true) if off == 0 => self.mov(d, p, 1),
            (Dtype::Record(_) | Dtype::CharSeq(_), true) => {
                self.emit(Inst::PtrAddImm { d, p, off })
            }
            (dtype, false) => {
                let ndim = self.ndim(field.shape.len())?;
                let mut strides = vec![0u64; field.shape.len()];
                let mut stride = u64::from(dtype.size());
                for k in (0..field.shape.len()).rev() {
                    strides[k] = stride;
                    stride = stride.saturating_mul(field.shape[k]);
                }
                let words: Option<Vec<u32>> = std::iter::once(u64::from(off))
                    .chain(field.shape.iter().copied())
                    .chain(strides)
                    .map(|x| u32::try_from(x).ok())
                    .collect();
                let words =
                    words.ok_or_else(|| self.unsupported("a subarray field of over 4 GiB"))?;
                let list = self.list(words);
                self.emit(Inst::SubView { ndim, d, p, list });
            }
        }
        Ok(())
    }

    /// `p = x * y; d = p + c` (or `c + p`) on float32/float64, with `p` computed by the
    /// instruction just before and used only here, becomes one `MulAdd` — still two roundings,
    /// as the IR says (not an fma). Returns whether it fused.
    fn fuse_mul_add(&mut self, ty: Scalar, d: u32, a: Value, b: Value) -> bool {
        let Some((p, at)) = self.last else {
            return false;
        };
        if at + 1 != self.code.len() || self.layout.uses.get(p.index()) != Some(&1) {
            return false;
        }
        // `p + c` or `c + p`: IEEE addition is commutative.
        let c = if p == a {
            b
        } else if p == b {
            a
        } else {
            return false;
        };
        let c = self.slot(c);
        let fused = match (ty, self.code[at]) {
            (Scalar::F32, Inst::MulF32 { a: x, b: y, .. }) => Inst::MulAddF32 { d, a: x, b: y, c },
            (Scalar::F64, Inst::MulF64 { a: x, b: y, .. }) => Inst::MulAddF64 { d, a: x, b: y, c },
            _ => return false,
        };
        self.code[at] = fused;
        self.locs[at] = self.loc;
        self.fused = Some(at);
        true
    }

    fn ndim(&self, n: usize) -> R<u8> {
        u8::try_from(n).map_err(|_| self.unsupported("arrays of more than 255 dimensions"))
    }

    fn binary(&mut self, op: BinOp, ty: Scalar, d: u32, a: u32, b: u32) -> R<()> {
        if ty.is_complex() {
            if !matches!(
                op,
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Pow
            ) {
                return Err(self.unsupported(format_args!("{op:?} on {ty}")));
            }
            self.emit(Inst::CBin { op, ty, d, a, b });
            return Ok(());
        }
        let bitwise = matches!(
            op,
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Shl | BinOp::Shr
        );
        if ty.is_float() && bitwise {
            return Err(self.unsupported(format_args!("{op:?} on {ty}")));
        }
        if !ty.is_float() && op == BinOp::Div {
            return Err(self.unsupported(format_args!("true division of {ty}")));
        }
        if ty == Scalar::Bool
            && !matches!(
                op,
                BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::Min | BinOp::Max
            )
        {
            return Err(self.unsupported(format_args!("{op:?} on bool")));
        }
        let inst = match (op, ty) {
            (BinOp::Add, Scalar::I64 | Scalar::U64) => Inst::AddI64 { d, a, b },
            (BinOp::Sub, Scalar::I64 | Scalar::U64) => Inst::SubI64 { d, a, b },
            (BinOp::Mul, Scalar::I64 | Scalar::U64) => Inst::MulI64 { d, a, b },
            (BinOp::Add, Scalar::I32) => Inst::AddI32 { d, a, b },
            (BinOp::Sub, Scalar::I32) => Inst::SubI32 { d, a, b },
            (BinOp::Mul, Scalar::I32) => Inst::MulI32 { d, a, b },
            (BinOp::Add, Scalar::F32) => Inst::AddF32 { d, a, b },
            (BinOp::Sub, Scalar::F32) => Inst::SubF32 { d, a, b },
            (BinOp::Mul, Scalar::F32) => Inst::MulF32 { d, a, b },
            (BinOp::Div, Scalar::F32) => Inst::DivF32 { d, a, b },
            (BinOp::Add, Scalar::F64) => Inst::AddF64 { d, a, b },
            (BinOp::Sub, Scalar::F64) => Inst::SubF64 { d, a, b },
            (BinOp::Mul, Scalar::F64) => Inst::MulF64 { d, a, b },
            (BinOp::Div, Scalar::F64) => Inst::DivF64 { d, a, b },
            _ => Inst::Bin { op, ty, d, a, b },
        };
        self.emit(inst);
        Ok(())
    }

    fn math(&mut self, f: MathFn, args: &[Value], d: u32, rty: &Type) -> R<()> {
        if args.len() != f.arity() {
            return Err(self.unsupported(format_args!(
                "{} with {} operands",
                f.c_name(),
                args.len()
            )));
        }
        let ty = self.scalar(args[0])?;
        if !ty.is_float() {
            return Err(self.unsupported(format_args!("{} of {ty}", f.c_name())));
        }
        if rty.as_scalar() != Some(f.result(ty)) {
            return Err(self.unsupported(format_args!("{} returning {rty}", f.c_name())));
        }
        for (i, a) in args.iter().enumerate() {
            let expect = if f == MathFn::Ldexp && i == 1 {
                Scalar::I32
            } else {
                ty
            };
            if self.scalar(*a)? != expect {
                return Err(self.unsupported(format_args!(
                    "{} with operand {i} of type {}",
                    f.c_name(),
                    self.ty(*a)
                )));
            }
        }
        let s: Vec<u32> = args.iter().map(|v| self.slot(*v)).collect();
        match s.len() {
            1 => self.emit(Inst::Math1 { f, ty, d, a: s[0] }),
            2 => self.emit(Inst::Math2 {
                f,
                ty,
                d,
                a: s[0],
                b: s[1],
            }),
            _ => {
                let list = self.list(s);
                self.emit(Inst::Fma { ty, d, list });
            }
        }
        Ok(())
    }

    fn libdevice(
        &mut self,
        f: oxcuda_ir::LibdeviceFn,
        k: u8,
        args: &[Value],
        d: u32,
        rty: &Type,
    ) -> R<()> {
        if !f.is_valid() || crate::libdevice::by_index(usize::from(f.0)).is_none() {
            return Err(self.unsupported(format_args!("libdevice function #{}", f.0)));
        }
        let row = f.row();
        let inputs: Vec<Type> = row.inputs().into_iter().map(Type::Scalar).collect();
        let got: Vec<Type> = args.iter().map(|a| self.ty(*a).clone()).collect();
        let out = row.outputs().get(usize::from(k)).copied();
        if got != inputs || out.map(Type::Scalar).as_ref() != Some(rty) {
            return Err(self.unsupported(format_args!(
                "libdevice {} output {k} on ({})",
                row.name,
                got.iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let n = u8::try_from(args.len()).unwrap_or(u8::MAX);
        let s: Vec<u32> = args.iter().map(|v| self.slot(*v)).collect();
        let list = self.list(s);
        self.emit(Inst::Libdevice {
            f: f.0,
            k,
            n,
            d,
            list,
        });
        Ok(())
    }

    /// A per-thread array of `shape` (`local.array`, a fragment's storage) at `d`.
    fn local_array(&mut self, d: u32, shape: &[u64], align: u32, rty: &Type) -> R<()> {
        let Type::Array(arr) = rty else {
            return Err(self.unsupported("local with a non-array type"));
        };
        if arr.ndim as usize != shape.len() {
            return Err(self.unsupported("a local array whose type disagrees"));
        }
        let bytes = shape
            .iter()
            .try_fold(u64::from(arr.dtype.size()), |acc, &n| acc.checked_mul(n))
            .filter(|&b| b <= 1 << 30)
            .ok_or_else(|| self.unsupported("a local array over 1 GiB"))?;
        // Local memory is 8-byte aligned words: a larger alignment is reached at run time,
        // within `align - 8` bytes of slack (`Inst::LocalPtr`).
        let align = align.max(8);
        if !align.is_power_of_two() {
            return Err(self.unsupported(format_args!("a local array aligned to {align}")));
        }
        let off = u64::from(self.local_words) * 8;
        let words = (bytes + u64::from(align) - 8).div_ceil(8);
        self.local_words = u32::try_from(u64::from(self.local_words) + words)
            .map_err(|_| self.unsupported("over 32 GiB of local arrays"))?;
        self.static_array(d, shape, u64::from(arr.dtype.size()));
        self.emit(Inst::LocalPtr {
            d,
            off: off as u32,
            align,
        });
        if off > u64::from(u32::MAX) {
            return Err(self.unsupported("over 4 GiB of local arrays"));
        }
        Ok(())
    }

    /// A tensor operation (`tensor.rs`): a fragment is a local array of its whole tile; loads
    /// and stores are preceded by a barrier of the whole warp.
    fn tensor(&mut self, t: oxcuda_ir::TensorOp, args: &[Value], d: u32, rty: &Type) -> R<()> {
        use oxcuda_ir::TensorOp as T;
        if let T::Fragment(f) = t {
            return self.local_array(d, &[u64::from(f.elements())], 0, rty);
        }
        if matches!(t, T::Load(..) | T::Store(..)) {
            self.has_barrier = true;
            self.emit(Inst::WarpSyncAll);
        }
        let mut list = Vec::with_capacity(3 * args.len());
        for a in args {
            let (ndim, item) = match self.ty(*a) {
                Type::Array(arr) => (arr.ndim, arr.dtype.size()),
                t if slots_of(t) == 1 => (u32::MAX, 0),
                t => return Err(self.unsupported(format_args!("{} of {t}", t))),
            };
            list.extend([self.slot(*a), ndim, item]);
        }
        let k = u32::try_from(self.tensor_ops.len()).unwrap_or(u32::MAX);
        self.tensor_ops.push(t);
        let n = u32::try_from(args.len()).unwrap_or(0);
        let list = self.list(list);
        self.emit(Inst::Tensor { k, n, list });
        Ok(())
    }

    fn intrinsic(&mut self, i: Intrinsic, args: &[Value], d: u32, rty: &Type) -> R<()> {
        self.has_barrier |= i.is_warp_collective()
            || matches!(
                i,
                Intrinsic::Syncthreads
                    | Intrinsic::SyncthreadsCount
                    | Intrinsic::SyncthreadsAnd
                    | Intrinsic::SyncthreadsOr
                    | Intrinsic::ActiveMask
                    | Intrinsic::GridSync
            );
        let dim = |dd: Dim| match dd {
            Dim::X => 0u8,
            Dim::Y => 1,
            Dim::Z => 2,
        };
        let arg = |k: usize| -> R<u32> {
            let v = args
                .get(k)
                .ok_or_else(|| self.unsupported(format_args!("{i:?} without its operand")))?;
            if slots_of(self.ty(*v)) != 1 {
                return Err(self.unsupported(format_args!("{i:?} on {}", self.ty(*v))));
            }
            Ok(self.slot(*v))
        };
        match i {
            Intrinsic::ThreadIdx(x) => self.emit(Inst::Geom {
                d,
                k: geom::TID + dim(x),
            }),
            Intrinsic::BlockIdx(x) => self.emit(Inst::Geom {
                d,
                k: geom::BID + dim(x),
            }),
            Intrinsic::BlockDim(x) => self.emit(Inst::Geom {
                d,
                k: geom::BDIM + dim(x),
            }),
            Intrinsic::GridDim(x) => self.emit(Inst::Geom {
                d,
                k: geom::GDIM + dim(x),
            }),
            Intrinsic::LaneId => self.emit(Inst::Geom { d, k: geom::LANE }),
            Intrinsic::WarpSize => self.emit(Inst::Geom {
                d,
                k: geom::WARPSIZE,
            }),
            Intrinsic::Syncthreads => {
                self.emit(Inst::Barrier {
                    kind: BarrierKind::Plain,
                    d: 0,
                    p: 0,
                });
            }
            Intrinsic::GridSync => {
                self.emit(Inst::Barrier {
                    kind: BarrierKind::Grid,
                    d: 0,
                    p: 0,
                });
            }
            Intrinsic::SyncthreadsCount | Intrinsic::SyncthreadsAnd | Intrinsic::SyncthreadsOr => {
                let kind = match i {
                    Intrinsic::SyncthreadsCount => BarrierKind::Count,
                    Intrinsic::SyncthreadsAnd => BarrierKind::And,
                    _ => BarrierKind::Or,
                };
                if slots_of(rty) != 1 {
                    return Err(self.unsupported(format_args!("{i:?} without an int32 result")));
                }
                let p = arg(0)?;
                self.emit(Inst::Barrier { kind, d, p });
            }
            // Within a block threads run one at a time, so a block-scope fence has nothing to
            // order; device and system fences become real fences, because blocks run on
            // several cores with relaxed element accesses (memory.rs). nanosleep only delays.
            Intrinsic::ThreadfenceBlock | Intrinsic::Nanosleep => {}
            Intrinsic::Threadfence | Intrinsic::ThreadfenceSystem => self.emit(Inst::Fence),
            Intrinsic::LanemaskLt => self.emit(Inst::Geom {
                d,
                k: geom::LANEMASK_LT,
            }),
            Intrinsic::Syncwarp
            | Intrinsic::Shfl(_)
            | Intrinsic::Vote(_)
            | Intrinsic::Match(_)
            | Intrinsic::ActiveMask => {
                // The verifier has checked the operand and result types (one slot each).
                let value_ty =
                    |k: usize| self.scalar(args.get(k).copied().unwrap_or(Value(u32::MAX)));
                let op = match i {
                    Intrinsic::Syncwarp => WarpOp::Sync,
                    Intrinsic::Shfl(m) => WarpOp::Shfl(m, value_ty(1)?),
                    Intrinsic::Vote(m) => WarpOp::Vote(m),
                    Intrinsic::Match(m) => WarpOp::Match(m, value_ty(1)?),
                    _ => WarpOp::ActiveMask,
                };
                let (mask, a, b) = match op {
                    WarpOp::ActiveMask => (0, 0, 0),
                    WarpOp::Sync => (arg(0)?, 0, 0),
                    WarpOp::Shfl(..) => (arg(0)?, arg(1)?, arg(2)?),
                    _ => (arg(0)?, arg(1)?, 0),
                };
                self.emit(Inst::Warp { op, d, mask, a, b });
            }
            Intrinsic::Popc | Intrinsic::Brev | Intrinsic::Clz | Intrinsic::Ffs => {
                let ty = self.scalar(args.first().copied().unwrap_or(Value(u32::MAX)))?;
                if !ty.is_int() {
                    return Err(self.unsupported(format_args!("{i:?} on {ty}")));
                }
                let op = match i {
                    Intrinsic::Popc => BitsOp::Popc,
                    Intrinsic::Brev => BitsOp::Brev,
                    Intrinsic::Clz => BitsOp::Clz,
                    _ => BitsOp::Ffs,
                };
                let a = arg(0)?;
                self.emit(Inst::Bits { op, ty, d, a });
            }
            Intrinsic::Reinterpret => {
                // The verifier has checked the sizes.
                let ty = self.scalar(args.first().copied().unwrap_or(Value(u32::MAX)))?;
                let to = rty
                    .as_scalar()
                    .ok_or_else(|| self.unsupported(format_args!("reinterpret to {rty}")))?;
                let a = arg(0)?;
                self.emit(Inst::Bits {
                    op: BitsOp::Reinterpret(to),
                    ty,
                    d,
                    a,
                });
            }
            Intrinsic::ArithRn(op) => {
                // The generic instruction, never fused with an addition after it (the GPU's
                // `.rn` instructions are not contracted either).
                let ty = self.scalar(args.first().copied().unwrap_or(Value(u32::MAX)))?;
                let (a, b) = (arg(0)?, arg(1)?);
                self.emit(Inst::Bin { op, ty, d, a, b });
            }
            Intrinsic::CvtFp8x2(_) => {
                // The software result the operand carries: what sm_89's `cvt` computes too.
                let a = arg(2)?;
                self.emit(Inst::Bits {
                    op: BitsOp::Reinterpret(Scalar::U16),
                    ty: Scalar::U16,
                    d,
                    a,
                });
            }
            Intrinsic::CvtFp8ToF32(..) => {
                // Likewise: the software value, which sm_89's `cvt` gives too.
                let a = arg(1)?;
                self.emit(Inst::Bits {
                    op: BitsOp::Reinterpret(Scalar::F32),
                    ty: Scalar::F32,
                    d,
                    a,
                });
            }
            Intrinsic::Assert | Intrinsic::Assume => {
                // An `assume` is checked as an `assert` in every build (its message is recorded
                // under its location like an assert's).
                let c = arg(0)?;
                self.emit(Inst::Assert { c });
            }
            Intrinsic::Exit => self.emit(Inst::Exit),
        }
        Ok(())
    }
}

/// Checks every register range, jump target and `extra` range of `f` (see `inst.rs`).
#[allow(clippy::too_many_lines, reason = "one arm per instruction")]
fn validate(
    f: &FuncCode,
    funcs: &[FuncCode],
    hosts: &[HostFn],
    shared_bytes: usize,
    const_bytes: usize,
) -> Result<(), String> {
    let slots = u64::from(f.frame_slots);
    let ncode = f.code.len() as u64;
    let reg = |s: u32, n: u32| -> Result<(), String> {
        if u64::from(s) + u64::from(n) > slots {
            Err(format!("slots {s}..{} beyond a frame of {slots}", s + n))
        } else {
            Ok(())
        }
    };
    let list = |at: u32, n: usize| -> Result<&[u32], String> {
        let at = at as usize;
        f.extra
            .get(at..at + n)
            .ok_or_else(|| format!("extra {at}+{n} out of range"))
    };
    let each = |l: &[u32]| l.iter().try_for_each(|&s| reg(s, 1));
    let target = |t: u32| {
        if u64::from(t) < ncode {
            Ok(())
        } else {
            Err(format!("jump to {t} of {ncode}"))
        }
    };
    let mem = |k: MemKind| match k {
        MemKind::C64 | MemKind::C128 => 2,
        _ => 1,
    };
    if f.template.len() as u64 > slots || u64::from(f.vars.1) > slots || f.vars.0 > f.vars.1 {
        return Err("template or variables beyond the frame".into());
    }
    if f.param_slots as usize > f.template.len() {
        return Err("parameters beyond the template".into());
    }
    if f.locs.len() != f.code.len() {
        return Err("location table length".into());
    }
    // Control never runs off the end: the last instruction is a terminator.
    if !matches!(
        f.code.last(),
        Some(
            Inst::Jump { .. }
                | Inst::Branch { .. }
                | Inst::BrS { .. }
                | Inst::BrU { .. }
                | Inst::BrF32 { .. }
                | Inst::BrF64 { .. }
                | Inst::Ret { .. }
                | Inst::Trap
        )
    ) {
        return Err("the code does not end in a terminator".into());
    }
    for inst in &f.code {
        match *inst {
            Inst::Jump { to } => target(to)?,
            Inst::Branch { c, t, e } => {
                reg(c, 1)?;
                target(t)?;
                target(e)?;
            }
            Inst::BrS { a, b, t, e, .. }
            | Inst::BrU { a, b, t, e, .. }
            | Inst::BrF32 { a, b, t, e, .. }
            | Inst::BrF64 { a, b, t, e, .. } => {
                reg(a, 1)?;
                reg(b, 1)?;
                target(t)?;
                target(e)?;
            }
            Inst::Ret { s, n } => {
                reg(s, n)?;
                if n != f.ret_slots {
                    return Err("return width".into());
                }
            }
            Inst::Call { func, args, dst } => {
                let g = funcs
                    .get(func as usize)
                    .ok_or("call of a missing function")?;
                each(list(args, g.param_slots as usize)?)?;
                reg(dst, g.ret_slots)?;
            }
            Inst::CallHost { host, args, dst } => {
                let h = hosts
                    .get(host as usize)
                    .ok_or("call of a missing host function")?;
                if h.params as usize > MAX_HOST_PARAMS {
                    return Err("too many host call parameters".into());
                }
                each(list(args, h.params as usize)?)?;
                reg(dst, h.ret.slots())?;
            }
            Inst::Trap => {}
            Inst::Mov { d, s } => {
                reg(d, 1)?;
                reg(s, 1)?;
            }
            Inst::MovN { d, s, n } => {
                reg(d, n)?;
                reg(s, n)?;
            }
            Inst::Gather { d, list: l, n } => {
                reg(d, n)?;
                each(list(l, n as usize)?)?;
            }
            Inst::PtrOf { d, s } => {
                reg(d, 3)?;
                reg(s, 1)?;
            }
            Inst::PtrOfArray { d, arr, ndim, .. } => {
                reg(d, 3)?;
                reg(arr, 1 + 2 * u32::from(ndim))?;
            }
            Inst::PtrSpan { arr, p, ndim, .. } => {
                reg(arr, 1 + 2 * u32::from(ndim))?;
                reg(p, 3)?;
            }
            Inst::Sel { d, c, a, b } => {
                for s in [d, c, a, b] {
                    reg(s, 1)?;
                }
            }
            Inst::SelN { d, c, list: l } => {
                let abn = list(l, 3)?;
                reg(c, 1)?;
                for s in [d, abn[0], abn[1]] {
                    reg(s, abn[2])?;
                }
            }
            Inst::Un { d, a, .. }
            | Inst::Cast { d, a, .. }
            | Inst::Norm { d, a, .. }
            | Inst::Math1 { d, a, .. }
            | Inst::Bits { d, a, .. } => {
                reg(d, 1)?;
                reg(a, 1)?;
            }
            Inst::Bin { d, a, b, .. }
            | Inst::Cmp { d, a, b, .. }
            | Inst::AddI64 { d, a, b }
            | Inst::SubI64 { d, a, b }
            | Inst::MulI64 { d, a, b }
            | Inst::AddI32 { d, a, b }
            | Inst::SubI32 { d, a, b }
            | Inst::MulI32 { d, a, b }
            | Inst::AddF32 { d, a, b }
            | Inst::SubF32 { d, a, b }
            | Inst::MulF32 { d, a, b }
            | Inst::DivF32 { d, a, b }
            | Inst::AddF64 { d, a, b }
            | Inst::SubF64 { d, a, b }
            | Inst::MulF64 { d, a, b }
            | Inst::DivF64 { d, a, b }
            | Inst::CmpS { d, a, b, .. }
            | Inst::CmpU { d, a, b, .. }
            | Inst::CmpF32 { d, a, b, .. }
            | Inst::CmpF64 { d, a, b, .. }
            | Inst::Math2 { d, a, b, .. }
            | Inst::PtrAdd { d, p: a, off: b } => {
                reg(d, 1)?;
                reg(a, 1)?;
                reg(b, 1)?;
            }
            Inst::MulAddF32 { d, a, b, c, .. } | Inst::MulAddF64 { d, a, b, c, .. } => {
                for x in [d, a, b, c] {
                    reg(x, 1)?;
                }
            }
            Inst::CUn { d, a, .. } => {
                reg(d, 2)?;
                reg(a, 2)?;
            }
            Inst::CBin { d, a, b, .. } => {
                reg(d, 2)?;
                reg(a, 2)?;
                reg(b, 2)?;
            }
            Inst::CCmp { d, a, b, .. } => {
                reg(d, 1)?;
                reg(a, 2)?;
                reg(b, 2)?;
            }
            Inst::ToC { from, d, a, .. } => {
                reg(d, 2)?;
                reg(a, if from.is_complex() { 2 } else { 1 })?;
            }
            Inst::FromC { d, a, .. } => {
                reg(d, 1)?;
                reg(a, 2)?;
            }
            Inst::Fma { d, list: l, .. } => {
                reg(d, 1)?;
                each(list(l, 3)?)?;
            }
            Inst::Libdevice { d, list: l, n, .. } => {
                reg(d, 1)?;
                each(list(l, usize::from(n))?)?;
            }
            Inst::Geom { d, k } => {
                reg(d, 1)?;
                if k as usize >= geom::LEN {
                    return Err("geometry index".into());
                }
            }
            // A plain `syncthreads` has no operand or result (its `d`, `p` are unused zeros,
            // which a function without registers has no slot for).
            Inst::Barrier { kind, d, p } if kind != BarrierKind::Plain => {
                reg(d, 1)?;
                reg(p, 1)?;
            }
            Inst::Barrier { .. } => {}
            Inst::Warp { d, mask, a, b, .. } => {
                reg(d, 1)?;
                reg(mask, 1)?;
                reg(a, 1)?;
                reg(b, 1)?;
            }
            Inst::Assert { c } => reg(c, 1)?,
            Inst::Exit => {}
            Inst::Print { fmt, args } => {
                let format = f
                    .prints
                    .get(fmt as usize)
                    .ok_or_else(|| format!("print {fmt} out of range"))?;
                each(list(args, format.values)?)?;
            }
            Inst::Fence | Inst::WarpSyncAll => {}
            Inst::Tensor { k, n, list: l } => {
                if k as usize >= f.tensor_ops.len() {
                    return Err(format!("tensor operation {k} out of range"));
                }
                let ops = list(l, 3 * n as usize)?;
                for c in ops.chunks(3) {
                    let width = if c[1] == u32::MAX { 1 } else { 1 + 2 * c[1] };
                    reg(c[0], width)?;
                }
            }
            Inst::Ld1 { k, d, arr, i } => {
                reg(d, mem(k))?;
                reg(arr, 3)?;
                reg(i, 1)?;
            }
            Inst::St1 { k, arr, i, v } => {
                reg(v, mem(k))?;
                reg(arr, 3)?;
                reg(i, 1)?;
            }
            Inst::Ld2 { k, d, arr, i, j } => {
                reg(d, mem(k))?;
                reg(arr, 5)?;
                reg(i, 1)?;
                reg(j, 1)?;
            }
            Inst::St2 { k, arr, i, j, v } => {
                reg(v, mem(k))?;
                reg(arr, 5)?;
                reg(i, 1)?;
                reg(j, 1)?;
            }
            Inst::LdN {
                k,
                ndim,
                d,
                arr,
                list: l,
            } => {
                reg(d, mem(k))?;
                reg(arr, 1 + 2 * u32::from(ndim))?;
                each(list(l, ndim as usize)?)?;
            }
            Inst::StN {
                k,
                ndim,
                arr,
                list: l,
                v,
            } => {
                reg(v, mem(k))?;
                reg(arr, 1 + 2 * u32::from(ndim))?;
                each(list(l, ndim as usize)?)?;
            }
            Inst::Atomic {
                op,
                ndim,
                d,
                arr,
                list: l,
                ..
            } => {
                let nargs = if op == AtomicOp::Cas { 2 } else { 1 };
                reg(d, 1)?;
                reg(arr, 1 + 2 * u32::from(ndim))?;
                each(list(l, ndim as usize + nargs)?)?;
            }
            Inst::LocalPtr { d, off, align } | Inst::SharedPtr { d, off, align }
                if !align.is_power_of_two() =>
            {
                let _ = (d, off);
                return Err(format!("alignment {align}"));
            }
            Inst::LocalPtr { d, off, .. } => {
                reg(d, 1)?;
                if u64::from(off) > u64::from(f.local_words) * 8 {
                    return Err("local offset".into());
                }
            }
            Inst::SharedPtr { d, off, .. } => {
                reg(d, 1)?;
                if off as usize > shared_bytes {
                    return Err("shared offset".into());
                }
            }
            Inst::ConstPtr { d, off } => {
                reg(d, 1)?;
                if off as usize > const_bytes {
                    return Err("constant offset".into());
                }
            }
            Inst::DynShared { d, itemsize } => {
                reg(d, 3)?;
                if itemsize == 0 {
                    return Err("dynamic shared item size".into());
                }
            }
            Inst::ERef {
                ndim,
                d,
                arr,
                list: l,
            } => {
                reg(d, 1)?;
                reg(arr, 1 + 2 * u32::from(ndim))?;
                each(list(l, ndim as usize)?)?;
            }
            Inst::LdAt { k, d, p, .. } => {
                reg(d, mem(k))?;
                reg(p, 1)?;
            }
            Inst::StAt { k, p, v, .. } => {
                reg(v, mem(k))?;
                reg(p, 1)?;
            }
            Inst::PtrAddImm { d, p, .. } => {
                reg(d, 1)?;
                reg(p, 1)?;
            }
            Inst::SubView {
                ndim,
                d,
                p,
                list: l,
            } => {
                reg(d, 1 + 2 * u32::from(ndim))?;
                reg(p, 1)?;
                list(l, 1 + 2 * ndim as usize)?;
            }
            Inst::CopyBytes { d, s, .. } => {
                reg(d, 1)?;
                reg(s, 1)?;
            }
        }
    }
    Ok(())
}
