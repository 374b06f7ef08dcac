//! `nvvm`: the NVVM IR writer, checked with `check:` / `check-not:` lines; with the compiler
//! wheels, the same IR compiled by libNVVM and linked by nvJitLink for sm_75, sm_90, sm_100.

use oxcuda_compiler::{Options, Stage, compile_from};
use oxcuda_ir::parse::parse_module;
use oxcuda_nvvm::CodegenOptions;

use crate::format::{TestFile, check_lines};
use crate::{Outcome, common};

/// `; options: cc=9.0 fastmath lineinfo debug lto opt=0 max_registers=32` (any subset).
pub fn codegen_options(file: &TestFile) -> Result<CodegenOptions, String> {
    let mut o = CodegenOptions::default();
    for word in file
        .directives("options")
        .iter()
        .flat_map(|d| d.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
    {
        match word.split_once('=') {
            Some(("cc", v)) => {
                let (a, b) = v
                    .split_once('.')
                    .ok_or(format!("cc={v}: want MAJOR.MINOR"))?;
                o.cc = (
                    a.parse().map_err(|e| format!("cc={v}: {e}"))?,
                    b.parse().map_err(|e| format!("cc={v}: {e}"))?,
                );
            }
            Some(("opt", v)) => o.opt_level = v.parse().map_err(|e| format!("opt={v}: {e}"))?,
            Some(("max_registers", v)) => {
                o.max_registers = Some(v.parse().map_err(|e| format!("max_registers: {e}"))?);
            }
            None if word == "fastmath" => o.fastmath = true,
            None if word == "lineinfo" => o.lineinfo = true,
            None if word == "debug" => o.debug = true,
            None if word == "lto" => o.lto = true,
            _ => return Err(format!("unknown option {word:?}")),
        }
    }
    Ok(o)
}

pub fn run(file: &TestFile, _bless: bool) -> Outcome {
    let module = parse_module(file.head()).map_err(|e| format!("parse: {e}"))?;
    let mut options = codegen_options(file)?;
    let tools = common::tools();
    if let Some(nvvm) = tools.and_then(|t| t.toolchain.nvvm.as_ref()) {
        options.ir_version = nvvm.ir_version();
    }
    let written = oxcuda_nvvm::write_module_full(&module, &options)
        .map_err(|e| format!("the writer refused the IR: {e}"))?;
    let checks = file.directives("check");
    if checks.is_empty() {
        return Err("an nvvm test needs check: lines".to_owned());
    }
    check_lines(&written.text, &checks, &file.directives("check-not"))?;
    let Some(tools) = tools else {
        return Ok(None);
    };
    for cc in [(7, 5), (9, 0), (10, 0)] {
        let mut o = Options::new(Stage::Cubin, cc);
        o.codegen = CodegenOptions {
            cc,
            ..options.clone()
        };
        o.libdevice = Some(tools.libdevice.clone());
        let a = compile_from(Stage::Typed, file.head().as_bytes(), o, &tools.toolchain)
            .map_err(|e| format!("sm_{}{}: {e}", cc.0, cc.1))?;
        if !a
            .bytes(Stage::Cubin)
            .is_some_and(|c| c.starts_with(b"\x7fELF"))
        {
            return Err(format!("sm_{}{}: no cubin", cc.0, cc.1));
        }
    }
    Ok(None)
}
