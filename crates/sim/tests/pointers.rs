//! `CPointer` arguments on the simulator: accesses through a pointer (and pointers moved from
//! it) reach the memory its [`PointerArg`] bounds, and an access outside them is an
//! `IndexError`; a bare integer for a pointer parameter is a launch error naming the fix.

use oxcuda_ir::parse::parse_module;
use oxcuda_sim::{ArgValue, PointerArg, SimErrorKind, launch, prepare};

/// `p[i] = p[i] * 2`, through `p + 8·i` and a one-element array made there (as the front end
/// lowers pointer indexing).
const DOUBLE_AT: &str = "kernel @f0 \"k\"(CPointer(float64), int64) -> none file \"p.py\" {
bb0:
  v0: CPointer(float64) = param 0 !1:1
  v1: int64 = param 1 !1:1
  v2: int64 = const 8 !2:1
  v3: int64 = mul v1, v2 !2:1
  v4: CPointer(float64) = ptroffset v0, v3 !2:1
  v5: int64 = const 1 !2:1
  v6: array(float64, 1d, A) = makearray v4 [v5] [v2] !2:1
  v7: int64 = const 0 !2:1
  v8: float64 = load v6[v7] !2:1
  v9: float64 = add v8, v8 !3:1
  store v6[v7], v9 !3:1
  ret !4:1
}
";

#[test]
fn pointer_accesses_stay_inside_their_bounds() {
    let m = parse_module(DOUBLE_AT).unwrap();
    let prog = prepare(&m).unwrap();
    let mut mem: Vec<f64> = (0..6).map(|k| f64::from(k) * 1.25 - 2.0).collect();
    let want = mem.clone();
    let base = mem.as_mut_ptr() as u64;
    // Bounds: elements 1 to 4 of the buffer (bytes 8..40); the pointer points at element 2.
    // SAFETY: `mem` outlives every launch and nothing else touches it.
    let p = unsafe { PointerArg::new(base + 16, base + 8, 32) }.unwrap();
    for i in [-1i128, 0, 2] {
        launch(
            &prog,
            [1, 1, 1],
            [1, 1, 1],
            0,
            &[ArgValue::Pointer(p), ArgValue::Int(i)],
            &[],
        )
        .unwrap();
    }
    let mut expect = want.clone();
    for k in [1, 2, 4] {
        expect[k] *= 2.0;
    }
    assert_eq!(mem, expect);
    for i in [-2i128, 3] {
        let e = launch(
            &prog,
            [1, 1, 1],
            [1, 1, 1],
            0,
            &[ArgValue::Pointer(p), ArgValue::Int(i)],
            &[],
        )
        .unwrap_err();
        assert_eq!(e.kind, SimErrorKind::IndexError, "{e:?}");
        assert!(
            e.message.contains("pointer access out of bounds"),
            "{}",
            e.message
        );
    }
    assert_eq!(mem, expect, "nothing written out of bounds");
}

#[test]
fn a_bare_address_for_a_pointer_parameter_is_a_launch_error() {
    let m = parse_module(DOUBLE_AT).unwrap();
    let prog = prepare(&m).unwrap();
    let e = launch(
        &prog,
        [1, 1, 1],
        [1, 1, 1],
        0,
        &[ArgValue::Int(4096), ArgValue::Int(0)],
        &[],
    )
    .unwrap_err();
    assert!(
        e.message
            .contains("not in any of the simulator's allocations"),
        "{}",
        e.message
    );
}
