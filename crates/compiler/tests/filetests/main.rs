//! The compiler's filetests: every file under `crates/compiler/filetests/<kind>/` is one test,
//! its input with the expectations in comments (`format.rs`). The kinds:
//!
//! - `verify/*.oxir`: typed IR through the parser and verifier; `; error:` lines are the
//!   expected errors (all of them, each a substring of one error); none means it must verify.
//! - `opt/*.oxir`: typed IR through the optimiser (verifying after each pass); the `; output:`
//!   block is the optimised IR.
//! - `nvvm/*.oxir`: typed IR through the NVVM IR writer (`; options: cc=9.0 fastmath …`);
//!   `; check:` lines match the NVVM IR in order, `; check-not:` lines nowhere. With the compiler
//!   wheels, the IR is also compiled and linked for sm_75, sm_90 and sm_100.
//! - `sim-run/*.oxir`: typed IR run on the simulator, as written and after the optimiser:
//!   `; launch: grid=G block=B`, one `; arg:` per parameter, `; expect N:` the values of array
//!   argument `N` afterwards (or `; expect error:` part of the launch's error).
//! - `python/*.py`: Python source compiled from the first `def` (`# signature:`, `# stage:`
//!   typed by default, `# options:`); the `# output:` block is the stage's text, or `# check:`
//!   lines match it, or `# error:` lines are the expected diagnostics.
//!
//! `OXCUDA_BLESS=1 cargo test -p oxcuda-compiler --test filetests` rewrites the output blocks,
//! `error:` lines and `expect` lines from what the compiler does now (check lines are written by
//! hand); review the diff before committing it.

#[path = "../common/mod.rs"]
mod common;
mod format;
mod nvvm;
mod opt;
mod python;
mod sim_run;
mod verify;

use std::path::{Path, PathBuf};

use format::TestFile;

/// What running a file gave: `Ok(None)` passed; `Ok(Some(text))` the blessed file; `Err` why
/// it failed.
pub type Outcome = Result<Option<String>, String>;

fn dir(kind: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("filetests")
        .join(kind)
}

fn files(kind: &str, ext: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir(kind))
        .unwrap_or_else(|e| panic!("filetests/{kind}: {e}"))
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
}

fn bless() -> bool {
    std::env::var_os("OXCUDA_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Runs every `kind` file through `run`; blesses or collects the failures.
fn run_kind(kind: &str, ext: &str, run: fn(&TestFile, bool) -> Outcome) {
    let comment = if ext == "py" { "#" } else { ";" };
    let bless = bless();
    let cases = files(kind, ext);
    assert!(!cases.is_empty(), "no filetests in filetests/{kind}");
    let mut failures = Vec::new();
    for path in cases {
        let text = std::fs::read_to_string(&path).expect("a readable test file");
        let file = TestFile {
            path: path.clone(),
            text,
            comment,
        };
        match run(&file, bless) {
            Ok(None) => {}
            Ok(Some(blessed)) => {
                if blessed != file.text {
                    std::fs::write(&path, blessed).expect("a writable test file");
                    eprintln!("blessed {}", short(&path));
                }
            }
            Err(why) => failures.push(format!("{}: {why}", short(&path))),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failed:\n\n{}\n\n(OXCUDA_BLESS=1 rewrites the expectations)",
        failures.len(),
        failures.join("\n\n")
    );
}

fn short(path: &Path) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(&root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Compares `got` with the expected output block: passes, blesses, or fails with a diff-like
/// message.
pub fn expect_output(file: &TestFile, got: &str, bless: bool) -> Outcome {
    let want = file.output();
    if want.as_deref() == Some(got) {
        return Ok(None);
    }
    if bless {
        return Ok(Some(file.with_output(got)));
    }
    Err(match want {
        None => format!("no output block; the output is:\n{got}"),
        Some(want) => format!("--- expected\n{want}--- got\n{got}"),
    })
}

#[test]
fn verify() {
    run_kind("verify", "oxir", verify::run);
}

#[test]
fn opt() {
    run_kind("opt", "oxir", opt::run);
}

#[test]
fn nvvm() {
    run_kind("nvvm", "oxir", nvvm::run);
}

#[test]
fn sim_run() {
    run_kind("sim-run", "oxir", sim_run::run);
}

#[test]
fn python() {
    run_kind("python", "py", python::run);
}
