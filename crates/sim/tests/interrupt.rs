//! `interrupt_launches` stops a running launch, even one that loops forever, with an
//! `Interrupted` error; launches started afterwards run normally.

use std::time::{Duration, Instant};

use oxcuda_ir::parse::parse_module;
use oxcuda_sim::{LaunchConfig, SimErrorKind, interrupt_launches, launch, launch_with, prepare};

const SPIN: &str = r#"
kernel @f0 "spin"() -> none file "k.py" {
bb0:
  jump bb1 !1:1
bb1:
  jump bb1 !2:5
}
"#;

const BARRIER_SPIN: &str = r#"
kernel @f0 "barrier_spin"() -> none file "k.py" {
bb0:
  v0: int32 = intrinsic threadidx.x !1:1
  jump bb1 !1:1
bb1:
  intrinsic syncthreads !3:9
  jump bb1 !2:5
}
"#;

fn interrupted_after(text: &str, grid: [u32; 3], block: [u32; 3], workers: usize) {
    let program = prepare(&parse_module(text).unwrap()).unwrap();
    let start = Instant::now();
    let err = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            interrupt_launches();
        });
        let config = LaunchConfig {
            workers,
            ..LaunchConfig::new(grid, block)
        };
        launch_with(&program, &config, &[], &[]).unwrap_err()
    });
    assert_eq!(err.kind, SimErrorKind::Interrupted, "{}", err.message);
    assert!(err.message.contains("interrupted"), "{}", err.message);
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn an_infinite_loop_stops_when_interrupted() {
    interrupted_after(SPIN, [1, 1, 1], [1, 1, 1], 1);
    interrupted_after(SPIN, [64, 1, 1], [32, 1, 1], 0);
    interrupted_after(SPIN, [8, 1, 1], [4, 1, 1], 4);
}

#[test]
fn a_loop_around_a_barrier_stops_when_interrupted() {
    interrupted_after(BARRIER_SPIN, [2, 1, 1], [64, 1, 1], 0);
}

#[test]
fn launches_after_an_interrupt_run_normally() {
    interrupt_launches();
    let text = r#"
kernel @f0 "double"(array(float32, 1d, C)) -> none file "k.py" {
bb0:
  v0: array(float32, 1d, C) = param 0 !1:1
  v1: int32 = intrinsic threadidx.x !2:5
  v2: int64 = cast v1 !2:5
  v3: float32 = load v0[v2] !2:5
  v4: float32 = add v3, v3 !2:5
  store v0[v2], v4 !2:5
  ret !1:1
}
"#;
    let program = prepare(&parse_module(text).unwrap()).unwrap();
    let mut x = vec![1.5f32, 2.0, -3.0, 0.25];
    // SAFETY: `x` outlives the launch and nothing else touches it meanwhile.
    let arr =
        unsafe { oxcuda_sim::ArrayArg::from_slice(&mut x, &[4], oxcuda_ir::Scalar::F32) }.unwrap();
    launch(
        &program,
        [1, 1, 1],
        [4, 1, 1],
        0,
        &[oxcuda_sim::ArgValue::Array(arr)],
        &[],
    )
    .unwrap();
    assert_eq!(x, [3.0, 4.0, -6.0, 0.5]);
}
