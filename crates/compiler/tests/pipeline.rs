//! The whole pipeline without Python: Python source text → typed IR → optimised IR → NVVM IR →
//! PTX or LTO-IR → cubin for sm_75, sm_90 and sm_100, with the CUDA compiler wheels of the
//! repository's `.venv` (`make setup`). Without them each test prints `SKIPPED: …` and returns.

mod common;

use oxcuda_compiler::{Artifacts, CompileError, Options, STAGES, Stage, compile, compile_from};

const AXPY: &str = "\
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]
";

const MATH: &str = "\
def scale(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.exp(x[i]) + helper(x[i])

def helper(v):
    return math.sin(v) * 2.0
";

const AXPY_SIG: &str = "void(float32[::1], float32, float32[::1], float32[::1])";

fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x7fELF")
}

/// The `.target sm_XY` line of PTX.
fn ptx_target(ptx: &str) -> &str {
    ptx.lines()
        .find_map(|l| l.trim().strip_prefix(".target "))
        .unwrap_or_else(|| panic!("no .target in\n{ptx}"))
}

#[test]
fn python_source_compiles_to_a_cubin_for_each_architecture() {
    let tools = tools_or_skip!();
    for cc in [(7, 5), (9, 0), (10, 0)] {
        for (text, entry, sig) in [
            (AXPY, "axpy", AXPY_SIG),
            (MATH, "scale", "void(float64[::1], float64[::1])"),
        ] {
            let mut request = common::request(text, entry, sig, Stage::Cubin, cc);
            request.options.keep = vec![Stage::Source];
            let a = compile(request, &tools.toolchain)
                .unwrap_or_else(|e| panic!("{entry} for {cc:?}: {e}"));
            let cubin = a.bytes(Stage::Cubin).expect("a cubin");
            assert!(is_elf(cubin), "{entry} {cc:?}: not an ELF file");
            let ptx = a.text(Stage::Ptx).expect("the PTX it was linked from");
            assert_eq!(ptx_target(&ptx), format!("sm_{}{}", cc.0, cc.1));
            assert!(ptx.contains(&format!(".entry {}", a.kernel_name)), "{ptx}");
            // Every stage on the way is kept except the lowered IR the optimiser consumed (the
            // source was asked for).
            let stored: Vec<Stage> = a.stored().collect();
            assert_eq!(
                stored,
                [
                    Stage::Source,
                    Stage::Typed,
                    Stage::Nvvm,
                    Stage::Ptx,
                    Stage::Cubin
                ]
            );
            assert!(
                a.text(Stage::Source)
                    .unwrap()
                    .contains(&format!("def {entry}("))
            );
            assert!(!a.lto);
        }
    }
}

#[test]
fn every_step_is_timed_in_pipeline_order() {
    let tools = tools_or_skip!();
    let a = compile(
        common::request(AXPY, "axpy", AXPY_SIG, Stage::Cubin, (9, 0)),
        &tools.toolchain,
    )
    .unwrap();
    let timers: Vec<&str> = a.times.iter().map(|(t, _)| *t).collect();
    let want: Vec<&str> = STAGES
        .iter()
        .filter(|i| i.stage != Stage::LtoIr)
        .map(|i| i.timer)
        .collect();
    assert_eq!(timers, want);
    assert!(a.times.iter().all(|(_, s)| *s >= 0.0));
    assert!(
        a.times.iter().skip(1).all(|(_, s)| *s > 0.0),
        "{:?}",
        a.times
    );
}

#[test]
fn lto_goes_through_ltoir_and_a_later_ptx_comes_from_the_stored_nvvm_ir() {
    let tools = tools_or_skip!();
    let mut request = common::request(AXPY, "axpy", AXPY_SIG, Stage::Cubin, (9, 0));
    request.options.codegen.lto = true;
    let mut a = compile(request, &tools.toolchain).unwrap();
    assert!(a.lto);
    assert!(a.bytes(Stage::LtoIr).is_some_and(|b| !b.is_empty()));
    assert!(is_elf(a.bytes(Stage::Cubin).unwrap()));
    assert!(a.get(Stage::Ptx).is_none());
    let steps = a.times.len();
    a.advance(Stage::Ptx, &tools.toolchain).unwrap();
    // Only libNVVM ran again, on the NVVM IR kept from the compile.
    assert_eq!(
        a.times[steps..].iter().map(|t| t.0).collect::<Vec<_>>(),
        ["libnvvm"]
    );
    assert!(a.text(Stage::Ptx).unwrap().contains(".entry"));
    // The LTO-IR fed back in links to a cubin again (with -lto, whatever the options say).
    let ltoir = a.bytes(Stage::LtoIr).unwrap().to_vec();
    let fed = compile_from(
        Stage::LtoIr,
        &ltoir,
        Options::new(Stage::Cubin, (9, 0)),
        &tools.toolchain,
    )
    .unwrap();
    assert!(fed.lto);
    assert!(is_elf(fed.bytes(Stage::Cubin).unwrap()));
}

#[test]
fn the_lowered_ir_is_kept_only_when_asked_and_differs_from_the_optimised() {
    let tools = tools_or_skip!();
    let plain = compile(
        common::request(AXPY, "axpy", AXPY_SIG, Stage::Typed, (9, 0)),
        &tools.toolchain,
    )
    .unwrap();
    assert!(plain.get(Stage::Lowered).is_none());
    assert!(
        plain.get(Stage::Source).is_none(),
        "typing consumed the source"
    );
    let mut request = common::request(AXPY, "axpy", AXPY_SIG, Stage::Typed, (9, 0));
    request.options.keep = vec![Stage::Lowered];
    let kept = compile(request, &tools.toolchain).unwrap();
    let lowered = kept.text(Stage::Lowered).unwrap();
    let typed = kept.text(Stage::Typed).unwrap();
    assert_eq!(typed, plain.text(Stage::Typed).unwrap());
    // The `if` has an empty else block before the optimiser removes it.
    assert!(lowered.contains("bb3:"), "{lowered}");
    assert!(!typed.contains("bb3:"), "{typed}");
}

#[test]
fn a_simulator_compile_stops_at_typed_ir_without_libraries() {
    // No libraries at all: the front end and the optimiser need none.
    let request = common::request(AXPY, "axpy", AXPY_SIG, Stage::Typed, (7, 5));
    let a = compile(request, &oxcuda_compiler::Toolchain::default()).unwrap();
    let m = a.typed().unwrap();
    assert_eq!(m.functions[0].name, a.kernel_name);
    assert_eq!(a.ret, oxcuda_types::Type::None);
    let err = compile(
        common::request(AXPY, "axpy", AXPY_SIG, Stage::Ptx, (7, 5)),
        &oxcuda_compiler::Toolchain::default(),
    )
    .unwrap_err();
    assert!(
        matches!(err, CompileError::ToolMissing(oxcuda_compiler::Tool::Nvvm)),
        "{err}"
    );
}

#[test]
fn a_typing_error_is_a_diagnostic_with_its_line() {
    let text = "def bad(a):\n    a[0] = undefined_name\n";
    let err = compile(
        common::request(text, "bad", "void(float32[::1])", Stage::Typed, (7, 5)),
        &oxcuda_compiler::Toolchain::default(),
    )
    .unwrap_err();
    let CompileError::Diagnostics(diags) = &err else {
        panic!("{err:?}");
    };
    assert_eq!(diags[0].line, 2, "{err}");
    assert!(err.to_string().contains("undefined_name"), "{err}");
}

/// Typed IR fed from a file goes through the optimiser and on to a cubin; the result is the
/// one the source compile gives.
#[test]
fn typed_ir_text_fed_into_the_optimiser_compiles_like_the_source() {
    let tools = tools_or_skip!();
    let mut request = common::request(AXPY, "axpy", AXPY_SIG, Stage::Ptx, (9, 0));
    request.options.keep = vec![Stage::Lowered];
    let from_source = compile(request, &tools.toolchain).unwrap();
    let lowered = from_source.text(Stage::Lowered).unwrap().into_owned();
    let mut options = Options::new(Stage::Cubin, (9, 0));
    options.libdevice = Some(tools.libdevice.clone());
    let fed = compile_from(
        Stage::Lowered,
        lowered.as_bytes(),
        options,
        &tools.toolchain,
    )
    .unwrap();
    assert_eq!(fed.text(Stage::Typed), from_source.text(Stage::Typed));
    assert_eq!(fed.text(Stage::Ptx), from_source.text(Stage::Ptx));
    assert!(is_elf(fed.bytes(Stage::Cubin).unwrap()));
    assert_eq!(fed.kernel_name, from_source.kernel_name);
}

/// NVVM IR fed from a file goes to libNVVM; libdevice is added when it calls `__nv_*`.
#[test]
fn nvvm_ir_fed_into_libnvvm_compiles() {
    let tools = tools_or_skip!();
    let from_source = compile(
        common::request(
            MATH,
            "scale",
            "void(float64[::1], float64[::1])",
            Stage::Ptx,
            (9, 0),
        ),
        &tools.toolchain,
    )
    .unwrap();
    let nvvm = from_source.text(Stage::Nvvm).unwrap().into_owned();
    assert!(nvvm.contains("@__nv_exp"));
    let mut options = Options::new(Stage::Ptx, (9, 0));
    options.libdevice = Some(tools.libdevice.clone());
    let fed = compile_from(
        Stage::Nvvm,
        nvvm.as_bytes(),
        options.clone(),
        &tools.toolchain,
    )
    .unwrap();
    assert_eq!(fed.kernel_name, from_source.kernel_name);
    assert_eq!(fed.text(Stage::Ptx), from_source.text(Stage::Ptx));
    // Without libdevice, the same input is refused with the reason.
    options.libdevice = None;
    let err = compile_from(Stage::Nvvm, nvvm.as_bytes(), options, &tools.toolchain).unwrap_err();
    assert!(matches!(err, CompileError::MissingLibdevice), "{err}");
}

#[test]
fn bad_inputs_are_refused_with_the_stage_and_the_reason() {
    let tools = oxcuda_compiler::Toolchain::default();
    let options = || Options::new(Stage::Typed, (7, 5));
    let err = compile_from(Stage::Lowered, b"kernel @f0 nonsense", options(), &tools).unwrap_err();
    assert!(
        matches!(
            err,
            CompileError::Input {
                stage: Stage::Lowered,
                ..
            }
        ),
        "{err}"
    );
    assert!(err.to_string().starts_with("lowered input: "), "{err}");
    let err = compile_from(Stage::Source, b"def k(): pass", options(), &tools).unwrap_err();
    assert!(err.to_string().contains("cannot be fed"), "{err}");
    let err = compile_from(Stage::Nvvm, b"x", options(), &tools).unwrap_err();
    assert!(err.to_string().contains("comes before"), "{err}");
    let err = compile_from(Stage::Lowered, b"\xff\xfe", options(), &tools).unwrap_err();
    assert!(err.to_string().contains("UTF-8"), "{err}");
    // Nothing stored before the target: unreachable, not a panic.
    let mut empty = Artifacts::from_output(
        Stage::Ptx,
        oxcuda_compiler::Output::Text(String::new()),
        options(),
    );
    let err = empty.advance(Stage::Typed, &tools).unwrap_err();
    assert!(matches!(err, CompileError::Unreachable { .. }), "{err}");
}

/// Typed IR that does not verify is refused before the optimiser sees it.
#[test]
fn fed_typed_ir_must_verify() {
    let text = "\
kernel @f0 \"k_0\"(float32) -> none file \"t.py\" {
bb0:
  v0: float32 = param 0 !1:1
  v1: int64 = add v0, v0 !1:1
  ret !1:1
}
";
    let err = compile_from(
        Stage::Lowered,
        text.as_bytes(),
        Options::new(Stage::Typed, (7, 5)),
        &oxcuda_compiler::Toolchain::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            CompileError::Input {
                stage: Stage::Lowered,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("does not verify"), "{err}");
}
