//! Kernels as the Python front end (`oxcuda-typeck`) lowers them, stored as IR text in the
//! compiler's filetests (`crates/compiler/filetests/opt/NAME.oxir`: the front end's IR, then in
//! its `; output:` block the IR after `oxcuda-opt`, which the filetest runner checks), parsed
//! with `oxcuda_ir::parse` and run against references computed in Rust. Regenerate them when the
//! front end's output changes (`OXCUDA_BLESS=1 cargo test -p oxcuda-compiler --test filetests`
//! rewrites the output blocks).
//!
//! The Python source of each is in the file's header comment below.

mod common;

use common::{Rng, arg};
use oxcuda_ir::{Module, Scalar, parse::parse_module};
use oxcuda_sim::{ArgValue, LaunchConfig, SimErrorKind, launch, launch_with, prepare};

/// The module as the front end lowers it, and after the optimizer (`oxcuda-opt`), which is what
/// the pipeline hands to the back ends.
fn variants(name: &str) -> [Module; 2] {
    let text = read(name);
    // The output block: every line after `; output:`, without its `; ` (or bare `;`).
    let optimised: String = text
        .lines()
        .skip_while(|l| *l != "; output:")
        .skip(1)
        .map(|l| format!("{}\n", l.strip_prefix("; ").unwrap_or("")))
        .collect();
    [parse(name, &text), parse(name, &optimised)]
}

fn read(name: &str) -> String {
    let path = format!(
        "{}/../compiler/filetests/opt/{name}.oxir",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn parse(name: &str, text: &str) -> Module {
    parse_module(text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The front end's module (the parser skips the `;` lines of the output block).
fn load(name: &str) -> Module {
    parse(name, &read(name))
}

/// ```python
/// def axpy(r, a, x, y):
///     i = cuda.grid(1)
///     if i < r.size:
///         r[i] = a * x[i] + y[i]
/// ```
#[test]
fn axpy() {
    for m in variants("axpy") {
        axpy_on(&m);
    }
}

fn axpy_on(m: &Module) {
    let prog = prepare(m).unwrap();
    let n = 5000usize;
    let mut rng = Rng::new(21);
    let mut x: Vec<f32> = (0..n).map(|_| rng.f32() - 0.5).collect();
    let mut y: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut r = vec![f32::NAN; n];
    let nn = n as i64;
    let args = [
        arg(&mut r, &[nn], Scalar::F32),
        ArgValue::Float(2.5),
        arg(&mut x, &[nn], Scalar::F32),
        arg(&mut y, &[nn], Scalar::F32),
    ];
    launch(&prog, [20, 1, 1], [256, 1, 1], 0, &args, &[]).unwrap();
    for i in 0..n {
        assert_eq!(r[i].to_bits(), (2.5f32 * x[i] + y[i]).to_bits(), "{i}");
    }
}

/// numba's documented shared-memory matmul (`TPB = 16`), with bounds guards:
/// ```python
/// def matmul(A, B, C):
///     sA = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
///     sB = cuda.shared.array(shape=(TPB, TPB), dtype=float32)
///     x, y = cuda.grid(2)
///     tx = cuda.threadIdx.x; ty = cuda.threadIdx.y; bpg = cuda.gridDim.x
///     tmp = float32(0.)
///     for i in range(bpg):
///         sA[ty, tx] = 0; sB[ty, tx] = 0
///         if y < A.shape[0] and (tx + i * TPB) < A.shape[1]:
///             sA[ty, tx] = A[y, tx + i * TPB]
///         if x < B.shape[1] and (ty + i * TPB) < B.shape[0]:
///             sB[ty, tx] = B[ty + i * TPB, x]
///         cuda.syncthreads()
///         for j in range(TPB):
///             tmp += sA[ty, j] * sB[j, tx]
///         cuda.syncthreads()
///     if y < C.shape[0] and x < C.shape[1]:
///         C[y, x] = tmp
/// ```
#[test]
fn matmul() {
    for m in variants("matmul") {
        matmul_on(&m);
    }
}

fn matmul_on(m: &Module) {
    let prog = prepare(m).unwrap();
    // 40×40 with 3×3 blocks of 16×16: partial tiles exercise the guards.
    let n = 40usize;
    let mut rng = Rng::new(4);
    let mut a: Vec<f32> = (0..n * n).map(|_| rng.f32() - 0.5).collect();
    let mut b: Vec<f32> = (0..n * n).map(|_| rng.f32() - 0.5).collect();
    let mut c = vec![f32::NAN; n * n];
    // Reference in the kernel's order: tiles of 16, zero padding contributes +0.
    let mut want = vec![0f32; n * n];
    for y in 0..n {
        for x in 0..n {
            let mut acc = 0f32;
            for k in 0..48 {
                let (p, q) = if k < n {
                    (a[y * n + k], b[k * n + x])
                } else {
                    (0.0, 0.0)
                };
                acc += p * q;
            }
            want[y * n + x] = acc;
        }
    }
    let nn = n as i64;
    let args = [
        arg(&mut a, &[nn, nn], Scalar::F32),
        arg(&mut b, &[nn, nn], Scalar::F32),
        arg(&mut c, &[nn, nn], Scalar::F32),
    ];
    let cfg = LaunchConfig {
        workers: 2,
        ..LaunchConfig::new([3, 3, 1], [16, 16, 1])
    };
    launch_with(&prog, &cfg, &args, &[]).unwrap();
    let got: Vec<u32> = c.iter().map(|v| v.to_bits()).collect();
    let want: Vec<u32> = want.iter().map(|v| v.to_bits()).collect();
    assert_eq!(got, want);
}

/// ```python
/// def block_sum(x, out):
///     sh = cuda.shared.array(BLOCK, float32)      # BLOCK = 256
///     t = cuda.threadIdx.x
///     i = cuda.grid(1)
///     sh[t] = x[i] if i < x.size else float32(0)
///     cuda.syncthreads()
///     s = BLOCK // 2
///     while s > 0:
///         if t < s:
///             sh[t] += sh[t + s]
///         cuda.syncthreads()
///         s //= 2
///     if t == 0:
///         out[cuda.blockIdx.x] = sh[0]
/// ```
#[test]
fn block_sum() {
    for m in variants("reduce") {
        block_sum_on(&m);
    }
}

fn block_sum_on(m: &Module) {
    let prog = prepare(m).unwrap();
    let blocks = 9usize;
    let n = blocks * 256 - 100; // the last block is partly padding
    let mut rng = Rng::new(8);
    let mut x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut out = vec![f32::NAN; blocks];
    let args = [
        arg(&mut x, &[n as i64], Scalar::F32),
        arg(&mut out, &[blocks as i64], Scalar::F32),
    ];
    launch(&prog, [blocks as u32, 1, 1], [256, 1, 1], 0, &args, &[]).unwrap();
    for (blk, got) in out.iter().enumerate() {
        let mut v: Vec<f32> = (0..256)
            .map(|t| x.get(blk * 256 + t).copied().unwrap_or(0.0))
            .collect();
        let mut s = 128;
        while s > 0 {
            for t in 0..s {
                v[t] += v[t + s];
            }
            s /= 2;
        }
        assert_eq!(got.to_bits(), v[0].to_bits(), "block {blk}");
    }
}

/// A grid-stride histogram:
/// ```python
/// def hist(data, bins):
///     i = cuda.grid(1)
///     stride = cuda.gridsize(1)
///     while i < data.size:
///         cuda.atomic.add(bins, data[i], 1)
///         i += stride
/// ```
#[test]
fn histogram() {
    for m in variants("hist") {
        histogram_on(&m);
    }
}

fn histogram_on(m: &Module) {
    let prog = prepare(m).unwrap();
    let n = 30_000usize;
    let mut rng = Rng::new(12);
    // Negative values index from the end, as in Python.
    let mut data: Vec<i32> = (0..n).map(|_| rng.range(-10, 32) as i32).collect();
    let mut bins = vec![0u32; 32];
    let args = [
        arg(&mut data, &[n as i64], Scalar::I32),
        arg(&mut bins, &[32], Scalar::U32),
    ];
    launch(&prog, [7, 1, 1], [128, 1, 1], 0, &args, &[]).unwrap();
    let mut want = vec![0u32; 32];
    for &d in &data {
        want[d.rem_euclid(32) as usize] += 1;
    }
    assert_eq!(bins, want);
    // A value past the end is an IndexError at the atomic's line (5).
    data[123] = 40;
    let args = [
        arg(&mut data, &[n as i64], Scalar::I32),
        arg(&mut bins, &[32], Scalar::U32),
    ];
    let err = launch(&prog, [7, 1, 1], [128, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::IndexError);
    assert!(err.message.contains("hist.py:5:"), "{}", err.message);
    assert!(
        err.message
            .contains("index 40 is out of bounds for axis 0 with size 32")
    );
}

/// float64 math, a recursive device function, float and int floor division and modulo,
/// negative indexing, a local array and float atomics:
/// ```python
/// def misc(x, out, hist, loc_out):
///     i = cuda.grid(1)
///     n = x.size
///     if i >= n:
///         return
///     v = x[i]
///     out[i, 0] = math.sin(v) * 2.0 + math.exp(-v)
///     out[i, 1] = fact(i % 10)
///     out[i, 2] = x[-1 - i] // 0.25
///     out[i, 3] = (i * 7) % 5 - (i - 50) // 7
///     tmp = cuda.local.array(4, int64)
///     for k in range(4):
///         tmp[k] = i * k
///     s = 0
///     for k in range(4):
///         s += tmp[k]
///     loc_out[i] = s
///     cuda.atomic.max(hist, 0, v)
///     cuda.atomic.add(hist, 1, 1.0)
///
/// def fact(n):
///     if n <= 1:
///         return 1
///     return n * fact(n - 1)
/// ```
#[test]
fn misc() {
    for m in variants("misc") {
        misc_on(&m);
    }
}

fn misc_on(m: &Module) {
    let prog = prepare(m).unwrap();
    let n = 300usize;
    let mut rng = Rng::new(30);
    let mut x: Vec<f64> = (0..n).map(|_| f64::from(rng.f32()) * 8.0 - 4.0).collect();
    let mut out = vec![f64::NAN; n * 4];
    let mut hist = vec![f64::NEG_INFINITY, 0.0];
    let mut loc = vec![-1i64; n];
    let args = [
        arg(&mut x, &[n as i64], Scalar::F64),
        arg(&mut out, &[n as i64, 4], Scalar::F64),
        arg(&mut hist, &[2], Scalar::F64),
        arg(&mut loc, &[n as i64], Scalar::I64),
    ];
    launch(&prog, [3, 1, 1], [128, 1, 1], 0, &args, &[]).unwrap();
    let fact = |k: i64| (1..=k).product::<i64>();
    for i in 0..n {
        let v = x[i];
        let ii = i as i64;
        let row = &out[i * 4..i * 4 + 4];
        assert_eq!(row[0], v.sin() * 2.0 + (-v).exp(), "{i}");
        assert_eq!(row[1], fact(ii % 10) as f64);
        assert_eq!(row[2], (x[n - 1 - i] / 0.25).floor());
        assert_eq!(row[3], ((ii * 7) % 5 - (ii - 50).div_euclid(7)) as f64);
        assert_eq!(loc[i], 6 * ii);
    }
    assert_eq!(hist[0], x.iter().copied().fold(f64::NEG_INFINITY, f64::max));
    assert_eq!(hist[1], n as f64);
}

/// Mutated front-end modules: `prepare` must reject or accept each, never panic.
#[test]
fn prepare_never_panics_on_mutated_ir() {
    use oxcuda_ir::{ArrayType, Layout, Op, Type, Value, Var};
    let types = [
        Type::I32,
        Type::I64,
        Type::Scalar(Scalar::F32),
        Type::Scalar(Scalar::C128),
        Type::BOOL,
        Type::None,
        Type::Pointer(Scalar::F32.into()),
        Type::Array(ArrayType {
            dtype: Scalar::F32.into(),
            ndim: 1,
            layout: Layout::A,
            readonly: false,
            aligned: true,
        }),
        Type::Tuple(vec![Type::I64, Type::I64]),
    ];
    let mut rng = Rng::new(77);
    let mut accepted = 0;
    for name in ["axpy", "matmul", "reduce", "hist", "misc"] {
        let base = load(name);
        let name = name.to_owned();
        for _ in 0..400 {
            let mut m = base.clone();
            for _ in 0..1 + rng.range(0, 3) {
                let fi = rng.range(0, m.functions.len() as i64) as usize;
                let f = &mut m.functions[fi];
                let nvals = f.values.len() as i64;
                match rng.range(0, 4) {
                    0 if nvals > 0 => {
                        let v = rng.range(0, nvals) as usize;
                        f.values[v] = types[rng.range(0, types.len() as i64) as usize].clone();
                    }
                    1 | 2 => {
                        let b = rng.range(0, f.blocks.len() as i64) as usize;
                        let n = f.blocks[b].insts.len() as i64;
                        if n == 0 {
                            continue;
                        }
                        let i = rng.range(0, n) as usize;
                        let new = Value(rng.range(0, nvals + 2) as u32);
                        let nvars = f.vars.len() as i64;
                        let op = &mut f.blocks[b].insts[i].op;
                        match op {
                            Op::GetVar(x) | Op::SetVar(x, _) => {
                                *x = Var(rng.range(0, nvars + 2) as u32);
                            }
                            _ => {
                                let mut first = true;
                                op.map_operands(
                                    |v| {
                                        if std::mem::take(&mut first) { new } else { v }
                                    },
                                );
                            }
                        }
                    }
                    _ => {
                        let b = rng.range(0, f.blocks.len() as i64) as usize;
                        let n = f.blocks[b].insts.len() as i64;
                        if n > 1 {
                            let i = rng.range(0, n) as usize;
                            let j = rng.range(0, n) as usize;
                            f.blocks[b].insts.swap(i, j);
                        }
                    }
                }
            }
            if let Ok(prog) = prepare(&m) {
                accepted += 1;
                // axpy has no loops, so its mutants terminate: run them too (errors are fine,
                // crashes are not).
                if name == "axpy" {
                    let n = 300usize;
                    let (mut r, mut x, mut y) = (vec![0f32; n], vec![1f32; n], vec![2f32; n]);
                    let args = [
                        arg(&mut r, &[n as i64], Scalar::F32),
                        ArgValue::Float(2.0),
                        arg(&mut x, &[n as i64], Scalar::F32),
                        arg(&mut y, &[n as i64], Scalar::F32),
                    ];
                    let _ = launch(&prog, [2, 1, 1], [256, 1, 1], 0, &args, &[]);
                }
            }
        }
    }
    // Some mutations are harmless (a swap of independent instructions); most are rejected.
    eprintln!("accepted {accepted} of 2000 mutants");
    assert!(accepted > 0 && accepted < 2000, "{accepted}");
}
