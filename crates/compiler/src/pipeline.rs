//! The steps of [`crate::STAGES`], each producing its stage's output from the ones before it,
//! and the two ways in: [`compile`] (from captured sources) and [`compile_from`] (from a file's
//! text fed in as one stage's output, for debugging).

use oxcuda_ir::parse::parse_module;
use oxcuda_nvvm::pipeline::{self, LinkDebug};
use oxcuda_nvvm::{CodegenOptions, NvvmOutput, WrittenModule};

use crate::artifacts::{Artifacts, Output};
use crate::error::{CompileError, Tool};
use crate::request::{Options, Request, Toolchain, libdevice_bytes};
use crate::stage::{Form, STAGES, Stage};

/// Compiles `request`'s sources up to `request.options.target`.
///
/// # Errors
/// The first failing step's error.
pub fn compile(request: Request, tools: &Toolchain) -> Result<Artifacts, CompileError> {
    let target = request.options.target;
    let mut artifacts = Artifacts::from_request(request);
    artifacts.advance(target, tools)?;
    Ok(artifacts)
}

/// Feeds `input` (a file's contents) into the pipeline as the output of `stage`, then runs
/// the later steps up to `options.target`.
///
/// Typed IR (docs/ir.md) fed as [`Stage::Lowered`] goes through the optimiser; as
/// [`Stage::Typed`], straight to the NVVM IR writer. It must verify first. NVVM IR goes to
/// libNVVM, PTX and LTO-IR to nvJitLink. A fed module's first function names the kernel.
///
/// # Errors
/// [`CompileError::Input`] for a stage that cannot be fed or an input that does not parse or
/// verify; then the later steps' errors.
pub fn compile_from(
    stage: Stage,
    input: &[u8],
    options: Options,
    tools: &Toolchain,
) -> Result<Artifacts, CompileError> {
    let info = stage.info();
    let bad = |message: String| CompileError::Input { stage, message };
    if !info.feedable {
        let feedable: Vec<&str> = STAGES
            .iter()
            .filter(|i| i.feedable)
            .map(|i| i.name)
            .collect();
        return Err(bad(format!(
            "the {stage} stage cannot be fed from a file; these can: {}",
            feedable.join(", ")
        )));
    }
    if options.target < stage {
        return Err(bad(format!(
            "the target stage {} comes before the stage fed in",
            options.target
        )));
    }
    let text = || std::str::from_utf8(input).map_err(|e| bad(format!("not UTF-8 text: {e}")));
    let output = match info.form {
        Form::Module => {
            let module = parse_module(text()?).map_err(|e| bad(e.to_string()))?;
            oxcuda_ir::verify::verify(&module).map_err(|errors| {
                let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
                bad(format!(
                    "the typed IR does not verify:\n{}",
                    errors.join("\n")
                ))
            })?;
            if module.functions.is_empty() {
                return Err(bad("the module has no function".to_owned()));
            }
            Output::Module(module)
        }
        Form::Text => Output::Text(text()?.to_owned()),
        Form::Bytes => Output::Bytes(input.to_vec()),
        Form::Sources => unreachable!("the source stage is not feedable"),
    };
    let target = options.target;
    let mut options = options;
    if stage == Stage::LtoIr {
        options.codegen.lto = true; // LTO-IR links only with link-time optimisation
    }
    let mut artifacts = Artifacts::from_output(stage, output, options);
    if stage == Stage::Nvvm {
        let text = artifacts.text(Stage::Nvvm).unwrap_or_default();
        let needs_libdevice = text.contains("@__nv_");
        let kernel = first_kernel(&text).unwrap_or("kernel").to_owned();
        artifacts.needs_libdevice = needs_libdevice;
        artifacts.kernel_name = kernel;
    }
    artifacts.advance(target, tools)?;
    Ok(artifacts)
}

/// The first kernel of an NVVM IR module: the function its `!nvvm.annotations` mark
/// `"kernel"`, else the first function defined.
fn first_kernel(nvvm: &str) -> Option<&str> {
    fn symbol(s: &str) -> Option<&str> {
        let start = s.find('@')? + 1;
        let rest = &s[start..];
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .unwrap_or(rest.len());
        Some(&rest[..end])
    }
    nvvm.lines()
        .filter(|l| l.contains("!\"kernel\""))
        .find_map(symbol)
        .or_else(|| {
            nvvm.lines()
                .filter(|l| l.starts_with("define "))
                .find_map(symbol)
        })
}

/// The source stage: the sources are the request's, stored when the artifacts were made.
pub(crate) fn source(_: &mut Artifacts, _: &Toolchain, _: bool) -> Result<(), CompileError> {
    Err(CompileError::Unreachable {
        target: Stage::Source,
        message: "the source of a kernel comes with its request".to_owned(),
    })
}

/// Typing and lowering (`oxcuda-typeck`).
pub(crate) fn lower(a: &mut Artifacts, _: &Toolchain, _: bool) -> Result<(), CompileError> {
    let sources = a.take(Stage::Source);
    let (Some(signature), Some(Output::Sources(sources))) = (a.signature(), sources) else {
        return Err(CompileError::Unreachable {
            target: Stage::Lowered,
            message: "typing needs the captured sources and a signature".to_owned(),
        });
    };
    let resolver = signature.resolver.as_ref().map(|r| &*r.0);
    let mut module = oxcuda_typeck::compile_with(
        &sources,
        a.entry(),
        &signature.args,
        signature.kind,
        signature.ret.as_ref(),
        signature.typeck,
        resolver,
    )
    .map_err(CompileError::Diagnostics)?;
    if let Some(symbol) = &signature.symbol {
        module.functions[0].name.clone_from(symbol);
    }
    a.kernel_name.clone_from(&module.functions[0].name);
    a.warnings = module.compile_warnings();
    let entry = &module.functions[0];
    a.ret = entry
        .nominal_ret
        .clone()
        .unwrap_or_else(|| entry.ret.clone());
    a.set(Stage::Lowered, Output::Module(module));
    Ok(())
}

/// The optimiser (`oxcuda-opt`), verifying after every pass: verifying costs little next to
/// libNVVM, and a failure is our bug, reported with the IR.
pub(crate) fn optimize(a: &mut Artifacts, _: &Toolchain, _: bool) -> Result<(), CompileError> {
    let Some(Output::Module(mut module)) = a.take(Stage::Lowered) else {
        return Err(CompileError::Unreachable {
            target: Stage::Typed,
            message: "no lowered typed IR to optimise".to_owned(),
        });
    };
    oxcuda_opt::optimize(&mut module, true).map_err(|(pass, errors)| {
        CompileError::Verification {
            pass,
            errors: errors.iter().map(ToString::to_string).collect(),
            ir: module.to_string(),
        }
    })?;
    a.cooperative = module.uses_grid_sync();
    a.set(Stage::Typed, Output::Module(module));
    Ok(())
}

/// The code-generation options for this compile: this libNVVM's IR version, and LTO as the
/// path through the pipeline says.
fn codegen_options(a: &Artifacts, nvvm: &oxcuda_nvvm::Libnvvm, lto: bool) -> CodegenOptions {
    CodegenOptions {
        ir_version: nvvm.ir_version(),
        lto,
        ..a.options.codegen.clone()
    }
}

/// The NVVM IR writer (`oxcuda-nvvm`).
pub(crate) fn write_nvvm(
    a: &mut Artifacts,
    tools: &Toolchain,
    lto: bool,
) -> Result<(), CompileError> {
    let nvvm = tools
        .nvvm
        .as_ref()
        .ok_or(CompileError::ToolMissing(Tool::Nvvm))?;
    let options = codegen_options(a, nvvm, lto);
    let module = a.typed().ok_or_else(|| CompileError::Unreachable {
        target: Stage::Nvvm,
        message: "no typed IR to write".to_owned(),
    })?;
    let written = oxcuda_nvvm::codegen::write_module_full(module, &options).map_err(|error| {
        CompileError::Codegen {
            error,
            ir: module.to_string(),
        }
    })?;
    if let Some(name) = written.kernels.first() {
        a.kernel_name.clone_from(name);
    }
    a.asserts = written.asserts;
    a.needs_libdevice = written.needs_libdevice;
    a.set(Stage::Nvvm, Output::Text(written.text));
    Ok(())
}

/// libNVVM: NVVM IR → PTX, or LTO-IR for link-time optimisation (libdevice added when needed).
pub(crate) fn libnvvm(a: &mut Artifacts, tools: &Toolchain, lto: bool) -> Result<(), CompileError> {
    let nvvm = tools
        .nvvm
        .as_ref()
        .ok_or(CompileError::ToolMissing(Tool::Nvvm))?;
    let options = codegen_options(a, nvvm, lto);
    let libdevice = match (&a.options.libdevice, a.needs_libdevice) {
        (Some(path), true) => Some(libdevice_bytes(path).map_err(|e| CompileError::Libdevice {
            path: path.clone(),
            error: e.to_string(),
        })?),
        _ => None,
    };
    let Some(Output::Text(text)) = a.slot_mut(Stage::Nvvm).take() else {
        return Err(CompileError::Unreachable {
            target: Stage::Ptx,
            message: "no NVVM IR to compile".to_owned(),
        });
    };
    // The writer's result, rebuilt around the stored text (moved, not copied).
    let written = WrittenModule {
        text,
        needs_libdevice: a.needs_libdevice,
        kernels: vec![a.kernel_name.clone()],
        asserts: Vec::new(),
    };
    let compiled = pipeline::compile_written(
        nvvm,
        &written,
        &options,
        libdevice.as_deref().map(Vec::as_slice),
    );
    let text = written.text;
    let compiled = match compiled {
        Ok(c) => c,
        Err(pipeline::CompileError::MissingLibdevice) => {
            a.set(Stage::Nvvm, Output::Text(text));
            return Err(CompileError::MissingLibdevice);
        }
        Err(pipeline::CompileError::Codegen(error)) => {
            let ir = a.typed().map(ToString::to_string).unwrap_or_default();
            a.set(Stage::Nvvm, Output::Text(text));
            return Err(CompileError::Codegen { error, ir });
        }
        Err(pipeline::CompileError::Tool(error)) => {
            return Err(CompileError::Nvvm {
                function: a.function_name().to_owned(),
                error: Box::new(error),
                nvvm: text,
            });
        }
    };
    a.set(Stage::Nvvm, Output::Text(text));
    match compiled {
        NvvmOutput::Ptx(ptx) => a.set(Stage::Ptx, Output::Text(ptx)),
        NvvmOutput::LtoIr(bytes) => a.set(Stage::LtoIr, Output::Bytes(bytes)),
    }
    Ok(())
}

/// The debug information a link gives the cubin, from the codegen options.
fn link_debug(codegen: &CodegenOptions) -> LinkDebug {
    if codegen.debug {
        LinkDebug::Full
    } else if codegen.lineinfo {
        LinkDebug::LineInfo
    } else {
        LinkDebug::None
    }
}

/// nvJitLink's `-verbose` report of the link [`link`] made (the route `a.lto` records, the
/// same inputs and options): ptxas's resource use of the kernel, for the simulator's answers
/// to the GPU's resource queries.
pub(crate) fn link_report(a: &Artifacts, tools: &Toolchain) -> Result<String, CompileError> {
    let link = tools
        .nvjitlink
        .as_ref()
        .ok_or(CompileError::ToolMissing(Tool::NvJitLink))?;
    let no_input = || CompileError::Unreachable {
        target: Stage::Cubin,
        message: "the report links the stage the cubin came from, and it was not kept".to_owned(),
    };
    let main = match (a.lto, a.get(if a.lto { Stage::LtoIr } else { Stage::Ptx })) {
        (true, Some(Output::Bytes(b))) => NvvmOutput::LtoIr(b.clone()),
        (false, Some(Output::Text(t))) => NvvmOutput::Ptx(t.clone()),
        _ => return Err(no_input()),
    };
    link_of(a, &main, a.lto)
        .report(link)
        .map_err(|e| CompileError::link(&a.kernel_name, &a.options.link, e))
}

/// The link of `main` (our PTX or LTO-IR) with the user's inputs, for the artifacts' target.
fn link_of<'a>(a: &'a Artifacts, main: &'a NvvmOutput, lto: bool) -> pipeline::Link<'a> {
    let codegen = &a.options.codegen;
    pipeline::Link {
        main,
        extra_inputs: &a.options.link,
        target: (codegen.cc, codegen.arch_suffix),
        lto,
        debug: link_debug(codegen),
        fastmath: codegen.fastmath,
    }
}

/// nvJitLink: our PTX or LTO-IR with the user's link inputs → a cubin for the exact sm_XY.
pub(crate) fn link(a: &mut Artifacts, tools: &Toolchain, lto: bool) -> Result<(), CompileError> {
    let link = tools
        .nvjitlink
        .as_ref()
        .ok_or(CompileError::ToolMissing(Tool::NvJitLink))?;
    let (stage, main) = if lto {
        match a.slot_mut(Stage::LtoIr).take() {
            Some(Output::Bytes(b)) => (Stage::LtoIr, NvvmOutput::LtoIr(b)),
            _ => return Err(no_input()),
        }
    } else {
        match a.slot_mut(Stage::Ptx).take() {
            Some(Output::Text(t)) => (Stage::Ptx, NvvmOutput::Ptx(t)),
            _ => return Err(no_input()),
        }
    };
    let linked = link_of(a, &main, lto).cubin(link);
    // Back into its stage, moved.
    match main {
        NvvmOutput::Ptx(t) => a.set(stage, Output::Text(t)),
        NvvmOutput::LtoIr(b) => a.set(stage, Output::Bytes(b)),
    }
    let cubin = linked.map_err(|e| CompileError::link(&a.kernel_name, &a.options.link, e))?;
    a.lto = lto;
    a.set(Stage::Cubin, Output::Bytes(cubin));
    Ok(())
}

fn no_input() -> CompileError {
    CompileError::Unreachable {
        target: Stage::Cubin,
        message: "no PTX or LTO-IR to link".to_owned(),
    }
}
