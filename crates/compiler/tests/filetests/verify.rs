//! `verify`: the parser and verifier; `; error:` lines are the expected errors.

use oxcuda_ir::parse::parse_module;
use oxcuda_ir::verify::verify;

use crate::Outcome;
use crate::format::TestFile;

pub fn run(file: &TestFile, bless: bool) -> Outcome {
    let errors: Vec<String> = match parse_module(&file.text) {
        Err(e) => vec![format!("parse: {e}")],
        Ok(module) => match verify(&module) {
            Ok(()) => Vec::new(),
            Err(errors) => errors.iter().map(ToString::to_string).collect(),
        },
    };
    let expected = file.directives("error");
    let unmatched: Vec<&String> = expected
        .iter()
        .filter(|e| !errors.iter().any(|got| got.contains(e.as_str())))
        .collect();
    let unexpected: Vec<&String> = errors
        .iter()
        .filter(|got| !expected.iter().any(|e| got.contains(e.as_str())))
        .collect();
    if unmatched.is_empty() && unexpected.is_empty() {
        return Ok(None);
    }
    if bless {
        return Ok(Some(file.with_directives("error", &errors)));
    }
    Err(format!(
        "expected errors not reported: {unmatched:?}\nerrors not expected: {unexpected:?}"
    ))
}
