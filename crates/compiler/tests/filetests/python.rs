//! `python`: Python source compiled from its first `def` (the others are its device functions)
//! to `# stage:` (typed IR after the optimiser by default), with the globals a kernel module
//! usually has (`tests/common`). Expectations: the `# output:` block (the stage's text), or
//! `# check:` / `# check-not:` lines, or `# error:` lines (each part of a diagnostic; all of
//! them). Stages past the typed IR need the compiler wheels, and are skipped without them.

use oxcuda_compiler::{CompileError, Stage, compile};

use crate::format::{TestFile, check_lines};
use crate::{Outcome, common, expect_output};

pub fn run(file: &TestFile, bless: bool) -> Outcome {
    let source = file.head();
    let entry = source
        .lines()
        .find_map(|l| l.strip_prefix("def "))
        .and_then(|l| l.split('(').next())
        .ok_or("no def in the file")?
        .to_owned();
    let signature = file
        .directive("signature")
        .ok_or("a python test needs `# signature: void(...)`")?;
    let stage_name = file
        .directive("stage")
        .unwrap_or_else(|| "typed".to_owned());
    let stage = Stage::from_name(&stage_name).ok_or(format!("unknown stage {stage_name}"))?;
    let tools = common::tools();
    if stage > Stage::Typed && tools.is_none() {
        return Ok(None); // common::tools() said why
    }
    let options = crate::nvvm::codegen_options(file)?;
    let name = file
        .path
        .file_name()
        .map_or("test.py".into(), |n| n.to_string_lossy());
    let mut request = common::request(source, &entry, &signature, stage, options.cc);
    for s in &mut request.sources {
        s.source = oxcuda_syntax::SourceFile::new(&name, &s.source.text, s.source.first_line, 0);
    }
    request.signature.typeck.debug = options.debug;
    request.options.codegen = options;
    let toolchain = tools.map(|t| t.toolchain.clone()).unwrap_or_default();
    let expected_errors = file.directives("error");
    match compile(request, &toolchain) {
        Err(CompileError::Diagnostics(diags)) => {
            let got: Vec<String> = diags.iter().map(|d| d.render()).collect();
            let all_found = !expected_errors.is_empty()
                && expected_errors
                    .iter()
                    .all(|e| got.iter().any(|g| g.contains(e.as_str())));
            let all_expected = got
                .iter()
                .all(|g| expected_errors.iter().any(|e| g.contains(e.as_str())));
            if all_found && all_expected {
                return Ok(None);
            }
            if bless {
                let lines: Vec<String> = diags.iter().map(|d| d.message.clone()).collect();
                return Ok(Some(file.with_directives("error", &lines)));
            }
            Err(format!(
                "expected the errors {expected_errors:?}, got:\n{}",
                got.join("\n")
            ))
        }
        Err(e) => Err(format!("the compile failed: {e}")),
        Ok(_) if !expected_errors.is_empty() => Err(format!(
            "expected the errors {expected_errors:?}; it compiled"
        )),
        Ok(artifacts) => {
            let text = artifacts
                .text(stage)
                .ok_or(format!("the compile produced no {stage} text"))?;
            let checks = file.directives("check");
            let nots = file.directives("check-not");
            if checks.is_empty() && nots.is_empty() {
                expect_output(file, &text, bless)
            } else {
                check_lines(&text, &checks, &nots).map(|()| None)
            }
        }
    }
}
