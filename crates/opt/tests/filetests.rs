//! IR filetests: each `tests/filetests/opt/*.oxir` is parsed, verified, optimized with the
//! verifier after every pass, and printed; the output must equal the `.expected` file beside it.
//! `OXCUDA_BLESS=1 cargo test -p oxcuda-opt --test filetests` rewrites the expectations.

use std::path::PathBuf;

use oxcuda_ir::parse::parse_module;
use oxcuda_ir::verify::verify;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/filetests/opt")
}

#[test]
fn opt_filetests() {
    let bless = std::env::var_os("OXCUDA_BLESS").is_some();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("tests/filetests/opt exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "oxir"))
        .collect();
    cases.sort();
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in &cases {
        let text = std::fs::read_to_string(case).expect("readable case");
        let source: String = text
            .lines()
            .filter(|l| !l.starts_with(';'))
            .collect::<Vec<_>>()
            .join("\n")
            + "\n";
        let mut module =
            parse_module(&source).unwrap_or_else(|e| panic!("{}: {e:?}", case.display()));
        verify(&module)
            .unwrap_or_else(|e| panic!("{}: input does not verify: {e:?}", case.display()));
        oxcuda_opt::optimize(&mut module, true)
            .unwrap_or_else(|(pass, e)| panic!("{}: invalid after {pass}: {e:?}", case.display()));
        let got = module.to_string();
        let expected_path = case.with_extension("expected");
        if bless {
            std::fs::write(&expected_path, &got).expect("writable expectation");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != got {
            failures.push(format!(
                "{}:\n--- expected\n{expected}\n--- got\n{got}",
                case.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(OXCUDA_BLESS=1 regenerates)",
        failures.join("\n")
    );
}
