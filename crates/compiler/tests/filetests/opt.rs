//! `opt`: the optimiser, verifying after every pass; the output block is the optimised IR.

use oxcuda_ir::parse::parse_module;
use oxcuda_ir::verify::verify;

use crate::format::TestFile;
use crate::{Outcome, expect_output};

pub fn run(file: &TestFile, bless: bool) -> Outcome {
    let mut module = parse_module(file.head()).map_err(|e| format!("parse: {e}"))?;
    verify(&module).map_err(|e| format!("the input does not verify: {e:?}"))?;
    oxcuda_opt::optimize(&mut module, true)
        .map_err(|(pass, e)| format!("invalid after pass {pass}: {e:?}"))?;
    expect_output(file, &module.to_string(), bless)
}
