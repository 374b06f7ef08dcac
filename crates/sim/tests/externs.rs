//! A module that calls an external device function (`cuda.declare_device`) is refused with a
//! clear error: its code exists only after nvJitLink links it for a GPU.

use oxcuda_ir::parse::parse_module;
use oxcuda_sim::{SimErrorKind, prepare};

const MODULE: &str = r#"kernel @f0 "k"(array(float32, 1d, C)) -> none file "k.py" {
bb0:
  v0: array(float32, 1d, C) = param 0 !1:1
  v1: int64 = const 0 !2:5
  v2: float32 = load v0[v1] !2:5
  v3: float32 = call @f1(v2) !2:5
  store v0[v1], v3 !2:5
  ret !2:5
}

extern @f1 "add_one"(float32) -> float32 abi c
"#;

#[test]
fn external_functions_cannot_run_on_the_simulator() {
    let m = parse_module(MODULE).expect("the module parses");
    let err = prepare(&m).expect_err("the simulator refuses it");
    assert!(err.is(SimErrorKind::UnsupportedError), "{err}");
    assert!(
        err.message
            .contains("external device function add_one cannot run on the simulator"),
        "{err}"
    );
}
