//! The pipeline's stages as data: [`STAGES`] has one row per stage, in pipeline order, with the
//! stage's name, the label of its timer, how its output is held and the step that produces it.
//!
//! Everything that lists stages reads this table: the pipeline's driver
//! ([`crate::Artifacts::advance`]), the names `OXCUDA_DUMP` and `inspect_*` accept (the Python side
//! gets them from `_native.compile_stages()`), the stages a file can be fed into, and the docs'
//! list (docs/debugging.md). Adding a stage is a variant of [`Stage`], a row here and its step
//! function in `pipeline.rs`.
//!
//! Invariant: `STAGES[s as usize].stage == s` for every stage `s`, so a stage indexes the table
//! (checked by a unit test below).

use crate::artifacts::Artifacts;
use crate::error::CompileError;
use crate::pipeline;
use crate::request::Toolchain;

/// One stage of the pipeline, in pipeline order (`Ord` follows it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Stage {
    /// The captured Python source of the kernel and of every function it reaches.
    Source,
    /// Typed IR as the front end lowered it, before the optimiser.
    Lowered,
    /// Typed IR after the optimiser: what the simulator runs and the NVVM IR writer reads.
    Typed,
    /// NVVM IR text, libNVVM's input.
    Nvvm,
    /// PTX text (libNVVM's output when not compiling for link-time optimisation).
    Ptx,
    /// LTO-IR bytes (libNVVM's output for link-time optimisation).
    LtoIr,
    /// A cubin for the exact architecture (nvJitLink's output).
    Cubin,
}

/// How a stage's output is held and shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// The captured sources (shown as their text).
    Sources,
    /// A typed IR module (shown in the text form of docs/ir.md, printed only when asked).
    Module,
    /// Text.
    Text,
    /// Bytes.
    Bytes,
}

/// Which compiles produce a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Path {
    /// Every compile that gets this far.
    Always,
    /// Only compiles that are not for link-time optimisation.
    NotLto,
    /// Only compiles for link-time optimisation.
    Lto,
}

impl Path {
    /// Whether a compile with `lto` goes through a stage with this path.
    #[must_use]
    pub fn taken(self, lto: bool) -> bool {
        match self {
            Self::Always => true,
            Self::NotLto => !lto,
            Self::Lto => lto,
        }
    }
}

/// The step producing a stage's output from the outputs before it.
pub(crate) type Step = fn(&mut Artifacts, &Toolchain, bool) -> Result<(), CompileError>;

/// One row of [`STAGES`].
#[derive(Debug)]
pub struct StageInfo {
    /// The stage.
    pub stage: Stage,
    /// Its name (`OXCUDA_DUMP`, `inspect_*`, `python -m oxcuda.compile_stage`).
    pub name: &'static str,
    /// Other names accepted for it (the compile outputs' older names).
    pub aliases: &'static [&'static str],
    /// The label of its time in [`Artifacts::times`] (`Dispatcher.stats`, the benchmarks).
    pub timer: &'static str,
    /// How its output is held.
    pub form: Form,
    /// Which compiles produce it.
    pub path: Path,
    /// Whether a file can be fed into the pipeline as this stage's output
    /// ([`crate::compile_from`]); the source stage needs the captured globals, so it cannot.
    pub feedable: bool,
    /// What it holds, in a few words.
    pub what: &'static str,
    pub(crate) step: Step,
}

/// Every stage, in pipeline order.
pub const STAGES: [StageInfo; 7] = [
    StageInfo {
        stage: Stage::Source,
        name: "source",
        aliases: &[],
        timer: "source",
        form: Form::Sources,
        path: Path::Always,
        feedable: false,
        what: "the captured Python source of the kernel and the functions it calls",
        step: pipeline::source,
    },
    StageInfo {
        stage: Stage::Lowered,
        name: "lowered",
        aliases: &[],
        timer: "typing",
        form: Form::Module,
        path: Path::Always,
        feedable: true,
        what: "typed IR as the front end lowered it, before the optimiser",
        step: pipeline::lower,
    },
    StageInfo {
        stage: Stage::Typed,
        name: "typed",
        aliases: &["ir"],
        timer: "optimize",
        form: Form::Module,
        path: Path::Always,
        feedable: true,
        what: "typed IR after the optimiser (what the simulator runs)",
        step: pipeline::optimize,
    },
    StageInfo {
        stage: Stage::Nvvm,
        name: "nvvm",
        aliases: &["llvm"],
        timer: "nvvm-ir",
        form: Form::Text,
        path: Path::Always,
        feedable: true,
        what: "NVVM IR, libNVVM's input",
        step: pipeline::write_nvvm,
    },
    StageInfo {
        stage: Stage::Ptx,
        name: "ptx",
        aliases: &[],
        timer: "libnvvm",
        form: Form::Text,
        path: Path::NotLto,
        feedable: true,
        what: "PTX from libNVVM",
        step: pipeline::libnvvm,
    },
    StageInfo {
        stage: Stage::LtoIr,
        name: "ltoir",
        aliases: &[],
        timer: "libnvvm",
        form: Form::Bytes,
        path: Path::Lto,
        feedable: true,
        what: "LTO-IR from libNVVM (compiles for link-time optimisation)",
        step: pipeline::libnvvm,
    },
    StageInfo {
        stage: Stage::Cubin,
        name: "cubin",
        aliases: &[],
        timer: "nvjitlink",
        form: Form::Bytes,
        path: Path::Always,
        feedable: false,
        what: "the cubin nvJitLink linked for the exact sm_XY",
        step: pipeline::link,
    },
];

/// The number of stages.
pub const STAGE_COUNT: usize = STAGES.len();

impl Stage {
    /// Its row of [`STAGES`].
    #[must_use]
    pub fn info(self) -> &'static StageInfo {
        &STAGES[self as usize]
    }

    /// Its name.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The stage called `name` (or one of its aliases).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        STAGES
            .iter()
            .find(|i| i.name == name || i.aliases.contains(&name))
            .map(|i| i.stage)
    }

    /// Every stage's name, in pipeline order, comma-separated (for error messages).
    #[must_use]
    pub fn names() -> String {
        STAGES.iter().map(|i| i.name).collect::<Vec<_>>().join(", ")
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_indexed_by_stage_and_in_order() {
        for (i, info) in STAGES.iter().enumerate() {
            assert_eq!(info.stage as usize, i, "{}", info.name);
            assert_eq!(Stage::from_name(info.name), Some(info.stage));
            for alias in info.aliases {
                assert_eq!(Stage::from_name(alias), Some(info.stage));
            }
        }
        assert!(STAGES.windows(2).all(|w| w[0].stage < w[1].stage));
        assert_eq!(Stage::from_name("nonsense"), None);
    }

    #[test]
    fn names_and_aliases_are_unique() {
        let mut all: Vec<&str> = STAGES
            .iter()
            .flat_map(|i| std::iter::once(i.name).chain(i.aliases.iter().copied()))
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }

    #[test]
    fn each_compile_has_one_libnvvm_output() {
        for lto in [false, true] {
            let outputs = [Stage::Ptx, Stage::LtoIr]
                .iter()
                .filter(|s| s.info().path.taken(lto))
                .count();
            assert_eq!(outputs, 1);
        }
    }
}
