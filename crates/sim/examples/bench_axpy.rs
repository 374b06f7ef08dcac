//! Times the simulator on the kernels `bench/sim.py` compares with numba-cuda's simulator:
//! axpy on 2^14 float32 (64 blocks of 256) and a 16×16-tiled matmul on 64×64 float32 (4×4
//! blocks of 16×16, two barriers per tile). Run with
//! `cargo run --release -p oxcuda-sim --example bench_axpy [WORKERS…]` (worker counts to try;
//! default `1 0`, 0 meaning one per core; `OXCUDA_SIM_IR_DIR` overrides where the front end's IR
//! files are read from).
//!
//! numba-cuda 0.30.4's simulator, measured for the project: 2.5 s (axpy), 9.0 s (matmul).

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::{Duration, Instant};

use common::{Rng, arg, axpy_module, matmul_module, matmul_reference};
use oxcuda_ir::Scalar;
use oxcuda_sim::{ArgValue, LaunchConfig, launch_with, prepare};

fn time(mut f: impl FnMut(), reps: usize) -> (Duration, Duration) {
    f(); // warm up
    let mut all: Vec<Duration> = (0..reps)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    all.sort();
    (all[0], all[reps / 2])
}

fn report(name: &str, numba_s: f64, workers: usize, (best, median): (Duration, Duration)) {
    let workers = if workers == 0 {
        "auto".to_owned()
    } else {
        workers.to_string()
    };
    println!(
        "{name:<28} workers={workers:<4} best {:>8.3} ms  median {:>8.3} ms  → {:>6.0}× numba-cuda's simulator ({numba_s} s)",
        best.as_secs_f64() * 1e3,
        median.as_secs_f64() * 1e3,
        numba_s / median.as_secs_f64()
    );
}

fn main() {
    // Worker counts to try: the arguments, or 1 and "one per core" (0).
    let sweep: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sweep = if sweep.is_empty() { vec![1, 0] } else { sweep };
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    println!("available parallelism: {cores}");

    // Per-thread overhead: an empty kernel over 2^14 threads.
    let mut k = common::B::kernel("empty", vec![]);
    k.ret(None);
    let prog = prepare(&common::module(vec![k.finish()], vec![])).expect("prepare empty");
    for &workers in &sweep {
        let cfg = LaunchConfig {
            workers,
            ..LaunchConfig::new([64, 1, 1], [256, 1, 1])
        };
        let (best, median) = time(|| launch_with(&prog, &cfg, &[], &[]).expect("empty"), 50);
        println!(
            "{:<28} workers={workers:<4} best {:>8.3} ms  median {:>8.3} ms  ({:.0} ns per thread)",
            "empty kernel, 2^14 threads",
            best.as_secs_f64() * 1e3,
            median.as_secs_f64() * 1e3,
            median.as_secs_f64() * 1e9 / 16384.0
        );
    }

    // axpy, 2^14 elements.
    let t = Instant::now();
    let prog = prepare(&axpy_module()).expect("prepare axpy");
    println!(
        "prepare(axpy): {:.1} µs, {} instructions",
        t.elapsed().as_secs_f64() * 1e6,
        prog.instruction_count()
    );
    let n = 1usize << 14;
    let mut rng = Rng::new(1);
    let mut x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut y: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut r = vec![0f32; n];
    let nn = n as i64;
    let args = [
        arg(&mut r, &[nn], Scalar::F32),
        ArgValue::Float(2.0),
        arg(&mut x, &[nn], Scalar::F32),
        arg(&mut y, &[nn], Scalar::F32),
    ];
    for &workers in &sweep {
        let cfg = LaunchConfig {
            workers,
            ..LaunchConfig::new([(n / 256) as u32, 1, 1], [256, 1, 1])
        };
        let t = time(|| launch_with(&prog, &cfg, &args, &[]).expect("axpy"), 50);
        report("axpy 2^14 float32", 2.5, workers, t);
    }
    assert!((0..n).all(|i| r[i] == 2.0 * x[i] + y[i]));

    // Tiled matmul, 64×64.
    let prog = prepare(&matmul_module()).expect("prepare matmul");
    println!("prepare(matmul): {} instructions", prog.instruction_count());
    let n = 64usize;
    let mut a: Vec<f32> = (0..n * n).map(|_| rng.f32()).collect();
    let mut b: Vec<f32> = (0..n * n).map(|_| rng.f32()).collect();
    let mut c = vec![0f32; n * n];
    let want = matmul_reference(&a, &b, n);
    let nn = n as i64;
    let args = [
        arg(&mut a, &[nn, nn], Scalar::F32),
        arg(&mut b, &[nn, nn], Scalar::F32),
        arg(&mut c, &[nn, nn], Scalar::F32),
    ];
    let g = (n / 16) as u32;
    for &workers in &sweep {
        let cfg = LaunchConfig {
            workers,
            ..LaunchConfig::new([g, g, 1], [16, 16, 1])
        };
        let t = time(|| launch_with(&prog, &cfg, &args, &[]).expect("matmul"), 30);
        report("matmul 64x64 (16x16 tiles)", 9.0, workers, t);
    }
    assert_eq!(c, want);

    // The same kernels as the Python front end and the optimizer produce them: the output block
    // (`; output:`, each line commented) of the compiler's filetest
    // crates/compiler/filetests/opt/NAME.oxir.
    let dir = std::env::var("OXCUDA_SIM_IR_DIR").unwrap_or_else(|_| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../compiler/filetests/opt").to_owned()
    });
    let load = |name: &str| {
        let text = std::fs::read_to_string(format!("{dir}/{name}.oxir")).expect("read IR");
        let optimised: String = text
            .lines()
            .skip_while(|l| *l != "; output:")
            .skip(1)
            .map(|l| format!("{}\n", l.strip_prefix("; ").unwrap_or("")))
            .collect();
        prepare(&oxcuda_ir::parse::parse_module(&optimised).expect("parse IR")).expect("prepare")
    };
    let prog = load("matmul");
    println!(
        "pipeline (front end + opt) matmul: {} instructions",
        prog.instruction_count()
    );
    for &workers in &sweep {
        let cfg = LaunchConfig {
            workers,
            ..LaunchConfig::new([g, g, 1], [16, 16, 1])
        };
        let t = time(|| launch_with(&prog, &cfg, &args, &[]).expect("matmul"), 30);
        report("pipeline matmul 64x64", 9.0, workers, t);
    }
    assert_eq!(c, want);
    let prog = load("axpy.opt");
    println!(
        "pipeline (front end + opt) axpy: {} instructions",
        prog.instruction_count()
    );
    let n = 1usize << 14;
    let nn = n as i64;
    let mut x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut y: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut r = vec![0f32; n];
    let args = [
        arg(&mut r, &[nn], Scalar::F32),
        ArgValue::Float(2.0),
        arg(&mut x, &[nn], Scalar::F32),
        arg(&mut y, &[nn], Scalar::F32),
    ];
    for &workers in &sweep {
        let cfg = LaunchConfig {
            workers,
            ..LaunchConfig::new([(n / 256) as u32, 1, 1], [256, 1, 1])
        };
        let t = time(|| launch_with(&prog, &cfg, &args, &[]).expect("axpy"), 50);
        report("pipeline axpy 2^14", 2.5, workers, t);
    }
    assert!((0..n).all(|i| r[i] == 2.0 * x[i] + y[i]));
}
