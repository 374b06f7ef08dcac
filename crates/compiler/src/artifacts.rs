//! What a compile produced: each stage's output by [`Stage`], the facts later users need
//! (kernel symbol, return type, checked asserts), each step's time, and the options, so a later
//! stage can be produced from what is stored ([`Artifacts::advance`]) instead of compiling again.
//!
//! Invariants: outputs are moved from step to step, not copied. Two stages are consumed by the
//! step after them and kept only when [`Options::keep`] names them: [`Stage::Source`] (typing
//! reads it; keeping it would hold the captured globals' values, arrays included, for the life
//! of the kernel) and [`Stage::Lowered`] (the optimiser rewrites it in place into
//! [`Stage::Typed`]; keeping it costs a copy). Typed IR is printed only when its text is asked
//! for ([`Artifacts::text`]).

use std::borrow::Cow;
use std::time::Instant;

use oxcuda_ir::Module;
use oxcuda_nvvm::AssertSite;
use oxcuda_typeck::FunctionSource;
use oxcuda_types::Type;

use crate::error::CompileError;
use crate::request::{Options, Request, Signature, Toolchain};
use crate::stage::{Form, STAGE_COUNT, STAGES, Stage};

/// One stage's output.
#[derive(Debug, Clone)]
pub enum Output {
    /// The captured sources.
    Sources(Vec<FunctionSource>),
    /// A typed IR module.
    Module(Module),
    /// Text (NVVM IR, PTX).
    Text(String),
    /// Bytes (LTO-IR, cubin).
    Bytes(Vec<u8>),
}

/// Everything a compile produced so far.
#[derive(Debug, Clone)]
pub struct Artifacts {
    outputs: [Option<Output>; STAGE_COUNT],
    /// How the sources are typed; `None` when the pipeline started from a fed file.
    pub(crate) signature: Option<Signature>,
    /// The entry's index in the sources.
    pub(crate) entry: usize,
    /// The entry's Python name (its symbol when fed from a file), for messages.
    pub(crate) function_name: String,
    /// The options (target, code generation, libdevice, link inputs, kept stages).
    pub options: Options,
    /// The kernel's (or device function's) symbol.
    pub kernel_name: String,
    /// The entry's return type.
    pub ret: Type,
    /// The cubin was linked with link-time optimisation (our LTO-IR, `-lto`).
    pub lto: bool,
    /// The NVVM IR calls libdevice functions.
    pub needs_libdevice: bool,
    /// The kernel synchronises the grid (`cuda.cg.this_grid().sync()`): the launcher launches
    /// it cooperatively (docs/cooperative-groups.md).
    pub cooperative: bool,
    /// `(timer, seconds)` for each step run, in order ([`crate::StageInfo::timer`]).
    pub times: Vec<(&'static str, f64)>,
    /// The checked `assert`s (debug builds), by number (`oxcuda_nvvm::AssertSite`).
    pub asserts: Vec<AssertSite>,
    /// numba-cuda's compile-time warnings for the typed code
    /// (`oxcuda_ir::Module::compile_warnings`), which the host gives as `NumbaWarning`s.
    pub warnings: Vec<String>,
}

impl Artifacts {
    /// Artifacts holding only `request`'s sources, ready to [`advance`](Self::advance).
    #[must_use]
    pub fn from_request(request: Request) -> Self {
        let mut a = Self::empty(request.options);
        a.kernel_name = request
            .sources
            .get(request.entry)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        a.function_name.clone_from(&a.kernel_name);
        a.outputs[Stage::Source as usize] = Some(Output::Sources(request.sources));
        a.entry = request.entry;
        a.signature = Some(request.signature);
        a.times
            .push((Stage::Source.info().timer, request.source_seconds));
        a
    }

    /// Artifacts holding `output` as the output of `stage` (fed from a file).
    #[must_use]
    pub fn from_output(stage: Stage, output: Output, options: Options) -> Self {
        let mut a = Self::empty(options);
        if let Output::Module(m) = &output
            && let Some(f) = m.functions.first()
        {
            a.kernel_name.clone_from(&f.name);
            a.function_name.clone_from(&f.display_name);
            a.ret = f.ret.clone();
            a.cooperative = m.uses_grid_sync();
        }
        a.outputs[stage as usize] = Some(output);
        a
    }

    fn empty(options: Options) -> Self {
        Self {
            outputs: std::array::from_fn(|_| None),
            signature: None,
            entry: 0,
            function_name: String::new(),
            options,
            kernel_name: String::new(),
            ret: Type::None,
            lto: false,
            needs_libdevice: false,
            cooperative: false,
            times: Vec::new(),
            asserts: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// Runs the steps after the last stored stage up to `target`, timing each.
    ///
    /// The path through the PTX or LTO-IR stage is chosen for `target`
    /// ([`Options::lto_for`]), so PTX can be produced later from the artifacts of an LTO
    /// compile (the stored NVVM IR is the same).
    ///
    /// # Errors
    /// The first step's failure; [`CompileError::Unreachable`] when nothing stored leads to
    /// `target`.
    pub fn advance(&mut self, target: Stage, tools: &Toolchain) -> Result<(), CompileError> {
        let mut lto = self.options.lto_for(target);
        if target == Stage::Cubin && !lto && self.options.lto_auto {
            // The choice needs the NVVM IR, which both routes share.
            self.advance_on(Stage::Nvvm, false, tools)?;
            let fastmath = self.options.codegen.fastmath;
            if self
                .text(Stage::Nvvm)
                .is_some_and(|t| crate::whole_program::calls_subroutines(&t, fastmath))
            {
                lto = true;
                self.options.codegen.lto = true;
            }
        }
        self.advance_on(target, lto, tools)
    }

    /// [`Self::advance`] along the route `lto` names.
    fn advance_on(
        &mut self,
        target: Stage,
        lto: bool,
        tools: &Toolchain,
    ) -> Result<(), CompileError> {
        let path: Vec<Stage> = STAGES
            .iter()
            .filter(|i| i.stage <= target && i.path.taken(lto))
            .map(|i| i.stage)
            .collect();
        let Some(start) = path
            .iter()
            .rposition(|s| self.outputs[*s as usize].is_some())
        else {
            return Err(CompileError::Unreachable {
                target,
                message: format!(
                    "nothing before it was compiled or fed in (stored: {})",
                    self.stored_names()
                ),
            });
        };
        for &stage in &path[start + 1..] {
            let t = Instant::now();
            (stage.info().step)(self, tools, lto)?;
            self.times
                .push((stage.info().timer, t.elapsed().as_secs_f64()));
        }
        Ok(())
    }

    /// nvJitLink's `-verbose` report of the cubin's link (the same route, inputs and options),
    /// once the cubin stage exists: ptxas's registers, stack frame, shared and constant memory.
    ///
    /// # Errors
    /// The cubin was not linked here, nvJitLink is missing, or the link fails.
    pub fn link_report(&self, tools: &Toolchain) -> Result<String, CompileError> {
        if self.outputs[Stage::Cubin as usize].is_none() {
            return Err(CompileError::Unreachable {
                target: Stage::Cubin,
                message: "the cubin was not linked yet".to_owned(),
            });
        }
        crate::pipeline::link_report(self, tools)
    }

    /// The output of `stage`, if this compile produced (and kept) it.
    #[must_use]
    pub fn get(&self, stage: Stage) -> Option<&Output> {
        self.outputs[stage as usize].as_ref()
    }

    /// The stored stages, in pipeline order.
    pub fn stored(&self) -> impl Iterator<Item = Stage> + '_ {
        STAGES
            .iter()
            .map(|i| i.stage)
            .filter(|s| self.outputs[*s as usize].is_some())
    }

    fn stored_names(&self) -> String {
        let names: Vec<&str> = self.stored().map(Stage::name).collect();
        if names.is_empty() {
            "nothing".to_owned()
        } else {
            names.join(", ")
        }
    }

    /// The text of a stage's output: sources and typed IR are rendered (typed IR in the form of
    /// docs/ir.md, which `oxcuda_ir::parse` reads back); `None` for a stage not produced or one
    /// held as bytes.
    #[must_use]
    pub fn text(&self, stage: Stage) -> Option<Cow<'_, str>> {
        match self.get(stage)? {
            Output::Sources(sources) => Some(Cow::Owned(render_sources(sources))),
            Output::Module(m) => Some(Cow::Owned(m.to_string())),
            Output::Text(t) => Some(Cow::Borrowed(t)),
            Output::Bytes(_) => None,
        }
    }

    /// The bytes of a stage held as bytes (LTO-IR, cubin).
    #[must_use]
    pub fn bytes(&self, stage: Stage) -> Option<&[u8]> {
        match self.get(stage)? {
            Output::Bytes(b) => Some(b),
            _ => None,
        }
    }

    /// The typed IR module of [`Stage::Lowered`] or [`Stage::Typed`].
    #[must_use]
    pub fn module(&self, stage: Stage) -> Option<&Module> {
        match self.get(stage)? {
            Output::Module(m) => Some(m),
            _ => None,
        }
    }

    /// The optimised typed IR (what the simulator runs and the NVVM IR writer reads).
    #[must_use]
    pub fn typed(&self) -> Option<&Module> {
        self.module(Stage::Typed)
    }

    /// The Python name of the entry function (a fed module's first function's).
    #[must_use]
    pub fn function_name(&self) -> &str {
        if self.function_name.is_empty() {
            &self.kernel_name
        } else {
            &self.function_name
        }
    }

    pub(crate) fn set(&mut self, stage: Stage, output: Output) {
        debug_assert!(
            matches!(
                (&output, stage.info().form),
                (Output::Sources(_), Form::Sources)
                    | (Output::Module(_), Form::Module)
                    | (Output::Text(_), Form::Text)
                    | (Output::Bytes(_), Form::Bytes)
            ),
            "{stage} holds a {:?}",
            stage.info().form
        );
        self.outputs[stage as usize] = Some(output);
    }

    /// The output of `stage` for a step that consumes it: moved out, or copied when the caller
    /// asked to keep it.
    pub(crate) fn take(&mut self, stage: Stage) -> Option<Output> {
        if self.options.keep.contains(&stage) {
            self.outputs[stage as usize].clone()
        } else {
            self.outputs[stage as usize].take()
        }
    }

    pub(crate) fn slot_mut(&mut self, stage: Stage) -> &mut Option<Output> {
        &mut self.outputs[stage as usize]
    }

    pub(crate) fn signature(&self) -> Option<&Signature> {
        self.signature.as_ref()
    }

    pub(crate) fn entry(&self) -> usize {
        self.entry
    }
}

/// The sources as text: each function's text under a comment naming it and where it is.
fn render_sources(sources: &[FunctionSource]) -> String {
    let mut out = String::new();
    for s in sources {
        out.push_str(&format!(
            "# {} ({}:{})\n{}",
            s.name, s.source.file, s.source.first_line, s.source.text
        ));
        if !s.source.text.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}
