//! End-to-end kernels on the simulator, each compared with a reference computed in Rust on
//! fresh pseudo-random data, outputs poisoned before the launch.

mod common;

use common::{
    B, Rng, arg, array, axpy_module, matmul_module, matmul_reference, module, shared_global,
};
use oxcuda_ir::{AtomicOp, BinOp, CmpOp, Dim, FuncId, Intrinsic, MathFn, Scalar, Type, UnaryOp};
use oxcuda_sim::{ArgValue, LaunchConfig, SimErrorKind, launch, launch_with, prepare};

#[test]
fn axpy_float32_over_a_grid_matches_f32_arithmetic() {
    let prog = prepare(&axpy_module()).unwrap();
    let n = (1 << 14) + 3; // not a multiple of the block: the guard matters
    let mut rng = Rng::new(7);
    let mut x: Vec<f32> = (0..n).map(|_| rng.f32() * 4.0 - 2.0).collect();
    let mut y: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut r = vec![f32::NAN; n];
    let a = 1.0f32 / 3.0;
    let nn = n as i64;
    let args = [
        arg(&mut r, &[nn], Scalar::F32),
        ArgValue::Float(f64::from(a)),
        arg(&mut x, &[nn], Scalar::F32),
        arg(&mut y, &[nn], Scalar::F32),
    ];
    let blocks = (n as u32).div_ceil(256);
    launch(&prog, [blocks, 1, 1], [256, 1, 1], 0, &args, &[]).unwrap();
    for i in 0..n {
        let want = a * x[i] + y[i]; // two roundings in f32, as the IR says
        assert_eq!(r[i].to_bits(), want.to_bits(), "element {i}");
    }
}

#[test]
fn integer_wraparound_at_int8_int32_uint64() {
    // out8[0] = a8 + b8; out32[0] = a32 * b32; out64[0] = a64 - b64; out64[1] = -(a64)
    let mut b = B::kernel(
        "wrap",
        vec![
            array(Scalar::I8, 1),
            array(Scalar::I32, 1),
            array(Scalar::U64, 1),
            Type::Scalar(Scalar::I8),
            Type::Scalar(Scalar::I32),
            Type::Scalar(Scalar::U64),
        ],
    );
    let (o8, o32, o64) = (b.param(0), b.param(1), b.param(2));
    let (a8, a32, a64) = (b.param(3), b.param(4), b.param(5));
    let zero = b.i64(0);
    let one = b.i64(1);
    let two = b.i64(2);
    let c8 = b.int(Scalar::I8, 100);
    let s8 = b.add(a8, c8);
    b.store(o8, &[zero], s8);
    let m8 = b.mul(a8, a8);
    b.store(o8, &[one], m8);
    let c32 = b.int(Scalar::I32, 65_536);
    let p32 = b.mul(a32, c32);
    b.store(o32, &[zero], p32);
    let big = b.int(Scalar::I32, i32::MAX.into());
    let s32 = b.add(big, a32);
    b.store(o32, &[one], s32);
    let c64 = b.int(Scalar::U64, 5);
    let d64 = b.bin(BinOp::Sub, a64, c64);
    b.store(o64, &[zero], d64);
    let n64 = b.un(UnaryOp::Neg, a64);
    b.store(o64, &[one], n64);
    let sh = b.int(Scalar::U64, 63);
    let l64 = b.bin(BinOp::Shl, c64, sh);
    b.store(o64, &[two], l64);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let (mut o8v, mut o32v, mut o64v) = (vec![0i8; 2], vec![0i32; 2], vec![0u64; 3]);
    let args = [
        arg(&mut o8v, &[2], Scalar::I8),
        arg(&mut o32v, &[2], Scalar::I32),
        arg(&mut o64v, &[3], Scalar::U64),
        ArgValue::Int(100),
        ArgValue::Int(40_000),
        ArgValue::Int(3),
    ];
    launch(&prog, [1, 1, 1], [1, 1, 1], 0, &args, &[]).unwrap();
    assert_eq!(o8v, [100i8.wrapping_add(100), 100i8.wrapping_mul(100)]);
    assert_eq!(
        o32v,
        [
            40_000i32.wrapping_mul(65_536),
            i32::MAX.wrapping_add(40_000)
        ]
    );
    assert_eq!(
        o64v,
        [3u64.wrapping_sub(5), 3u64.wrapping_neg(), 5u64 << 63]
    );
}

/// Python's floor division and modulo, with CUDA's (numba's) zero-divisor rule.
fn py_divmod(a: i64, b: i64) -> (i64, i64) {
    if b == 0 {
        return (0, 0);
    }
    let q = a.wrapping_div(b);
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        (q - 1, r + b)
    } else {
        (q, r)
    }
}

#[test]
fn python_floordiv_and_mod_on_negative_ints() {
    for ty in [Scalar::I32, Scalar::I64] {
        let mut b = B::kernel(
            "divmod",
            vec![array(ty, 1), array(ty, 1), array(ty, 1), array(ty, 1)],
        );
        let (xa, ya, qa, ra) = (b.param(0), b.param(1), b.param(2), b.param(3));
        let i = b.grid1();
        let n = b.shape(xa, 0);
        let c = b.cmp(CmpOp::Lt, i, n);
        b.if_then(c, |b| {
            let x = b.load(xa, &[i]);
            let y = b.load(ya, &[i]);
            let q = b.bin(BinOp::FloorDiv, x, y);
            b.store(qa, &[i], q);
            let r = b.bin(BinOp::Mod, x, y);
            b.store(ra, &[i], r);
        });
        b.ret(None);
        let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
        let mut rng = Rng::new(11);
        let n = 1000usize;
        let mut xs: Vec<i64> = (0..n).map(|_| rng.range(-1000, 1000)).collect();
        let mut ys: Vec<i64> = (0..n).map(|_| rng.range(-13, 14)).collect();
        xs[0] = -7;
        ys[0] = 2;
        ys[1] = 0;
        let to32 = |v: &[i64]| v.iter().map(|&x| x as i32).collect::<Vec<_>>();
        let nn = n as i64;
        let (mut q, mut r) = (vec![99i64; n], vec![99i64; n]);
        if ty == Scalar::I32 {
            let (mut x32, mut y32) = (to32(&xs), to32(&ys));
            let (mut q32, mut r32) = (vec![99i32; n], vec![99i32; n]);
            let args = [
                arg(&mut x32, &[nn], ty),
                arg(&mut y32, &[nn], ty),
                arg(&mut q32, &[nn], ty),
                arg(&mut r32, &[nn], ty),
            ];
            launch(&prog, [4, 1, 1], [256, 1, 1], 0, &args, &[]).unwrap();
            q = q32.iter().map(|&v| v.into()).collect();
            r = r32.iter().map(|&v| v.into()).collect();
        } else {
            let args = [
                arg(&mut xs, &[nn], ty),
                arg(&mut ys, &[nn], ty),
                arg(&mut q, &[nn], ty),
                arg(&mut r, &[nn], ty),
            ];
            launch(&prog, [4, 1, 1], [256, 1, 1], 0, &args, &[]).unwrap();
        }
        for k in 0..n {
            assert_eq!(
                (q[k], r[k]),
                py_divmod(xs[k], ys[k]),
                "{} // {}",
                xs[k],
                ys[k]
            );
        }
        assert_eq!((q[0], r[0]), (-4, 1));
    }
}

/// The tree reduction of `BLOCK` float32 in shared memory, with syncthreads in a loop.
const BLOCK: u32 = 256;

fn reduction_module() -> oxcuda_ir::Module {
    let mut b = B::kernel(
        "block_sum",
        vec![
            array(Scalar::F32, 1),
            array(Scalar::F32, 1),
            array(Scalar::I32, 1),
        ],
    );
    b.at(20);
    let (x, out, counts) = (b.param(0), b.param(1), b.param(2));
    let sh = b.shared(0, Scalar::F32, 1);
    let t = b.tid64(Dim::X);
    let i = b.grid1();
    let xi = b.load(x, &[i]);
    b.store(sh, &[t], xi);
    // syncthreads_count(x[i] > 0.5) as a check of the counting barrier.
    let half = b.float(Scalar::F32, 0.5);
    let p = b.cmp(CmpOp::Gt, xi, half);
    b.at(21);
    let cnt = b
        .intrinsic(Intrinsic::SyncthreadsCount, &[p], Some(Type::I32))
        .unwrap();
    let s = b.var("s", Type::I64);
    let start = b.i64(i64::from(BLOCK / 2));
    b.set(s, start);
    let (head, body, exit) = (b.block(), b.block(), b.block());
    b.jump(head);
    b.switch(head);
    b.at(22);
    let sv = b.get(s);
    let zero = b.i64(0);
    let c = b.cmp(CmpOp::Gt, sv, zero);
    b.branch(c, body, exit);
    b.switch(body);
    b.at(23);
    let lt = b.cmp(CmpOp::Lt, t, sv);
    b.if_then(lt, |b| {
        b.at(24);
        let a0 = b.load(sh, &[t]);
        let ts = b.add(t, sv);
        let a1 = b.load(sh, &[ts]);
        let sum = b.add(a0, a1);
        b.store(sh, &[t], sum);
    });
    b.at(25);
    b.syncthreads();
    let two = b.i64(2);
    let s2 = b.bin(BinOp::FloorDiv, sv, two);
    b.set(s, s2);
    b.jump(head);
    b.switch(exit);
    b.at(26);
    let zero = b.i64(0);
    let first = b.cmp(CmpOp::Eq, t, zero);
    b.if_then(first, |b| {
        let bid = b.geom(Intrinsic::BlockIdx(Dim::X));
        let bid = b.cast(bid, Scalar::I64);
        let total = b.load(sh, &[zero]);
        b.store(out, &[bid], total);
        b.store(counts, &[bid], cnt);
    });
    b.ret(None);
    module(
        vec![b.finish()],
        vec![shared_global("sh", Scalar::F32, &[u64::from(BLOCK)])],
    )
}

#[test]
fn block_reduction_in_shared_memory_with_syncthreads() {
    let prog = prepare(&reduction_module()).unwrap();
    assert!(prog.uses_barriers());
    let blocks = 37usize;
    let n = blocks * BLOCK as usize;
    let mut rng = Rng::new(3);
    let mut x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let mut out = vec![f32::NAN; blocks];
    let mut counts = vec![-1i32; blocks];
    let args = [
        arg(&mut x, &[n as i64], Scalar::F32),
        arg(&mut out, &[blocks as i64], Scalar::F32),
        arg(&mut counts, &[blocks as i64], Scalar::I32),
    ];
    launch(&prog, [blocks as u32, 1, 1], [BLOCK, 1, 1], 0, &args, &[]).unwrap();
    for blk in 0..blocks {
        let mut v: Vec<f32> = x[blk * 256..(blk + 1) * 256].to_vec();
        let mut s = 128;
        while s > 0 {
            for t in 0..s {
                v[t] += v[t + s];
            }
            s /= 2;
        }
        assert_eq!(out[blk].to_bits(), v[0].to_bits(), "block {blk}");
        let want = x[blk * 256..(blk + 1) * 256]
            .iter()
            .filter(|&&e| e > 0.5)
            .count();
        assert_eq!(counts[blk] as usize, want);
    }
}

#[test]
fn tiled_matmul_with_two_barriers_per_tile() {
    let prog = prepare(&matmul_module()).unwrap();
    let n = 48usize;
    let mut rng = Rng::new(5);
    let mut a: Vec<f32> = (0..n * n).map(|_| rng.f32() - 0.5).collect();
    let mut bm: Vec<f32> = (0..n * n).map(|_| rng.f32() - 0.5).collect();
    let mut c = vec![f32::NAN; n * n];
    let want = matmul_reference(&a, &bm, n);
    let nn = n as i64;
    let args = [
        arg(&mut a, &[nn, nn], Scalar::F32),
        arg(&mut bm, &[nn, nn], Scalar::F32),
        arg(&mut c, &[nn, nn], Scalar::F32),
    ];
    let g = (n / 16) as u32;
    for workers in [1, 3] {
        c_poison(&args[2]);
        let cfg = LaunchConfig {
            workers,
            ..LaunchConfig::new([g, g, 1], [16, 16, 1])
        };
        launch_with(&prog, &cfg, &args, &[]).unwrap();
        let got: Vec<u32> = read_f32(&args[2]).iter().map(|v| v.to_bits()).collect();
        let want: Vec<u32> = want.iter().map(|v| v.to_bits()).collect();
        assert_eq!(got, want, "workers {workers}");
    }
}

fn read_f32(a: &ArgValue) -> Vec<f32> {
    let ArgValue::Array(a) = a else { panic!() };
    let n: i64 = a.shape().iter().product();
    // SAFETY: the array argument describes n contiguous f32 that the test owns.
    unsafe { std::slice::from_raw_parts(a.data().cast::<f32>(), n as usize).to_vec() }
}

fn c_poison(a: &ArgValue) {
    let ArgValue::Array(a) = a else { panic!() };
    let n: i64 = a.shape().iter().product();
    // SAFETY: as in read_f32.
    unsafe { std::slice::from_raw_parts_mut(a.data().cast::<f32>(), n as usize).fill(f32::NAN) }
}

#[test]
fn a_barrier_skipped_by_some_threads_is_an_error_naming_its_line() {
    // if threadIdx.x < 16: syncthreads()   (line 7)
    let mut b = B::kernel("divergent", vec![array(Scalar::I32, 1)]);
    b.at(6);
    let t = b.tid64(Dim::X);
    let sixteen = b.i64(16);
    let c = b.cmp(CmpOp::Lt, t, sixteen);
    b.if_then(c, |b| {
        b.at(7);
        b.syncthreads();
    });
    b.at(8);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut buf = vec![0i32; 1];
    let args = [arg(&mut buf, &[1], Scalar::I32)];
    let err = launch(&prog, [2, 1, 1], [32, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::BarrierError);
    assert!(err.message.contains("line 7"), "{}", err.message);
    assert!(err.message.contains("kernels.py:7:5"), "{}", err.message);
    assert!(err.message.contains("(16, 0, 0)"), "{}", err.message); // an exited thread
    assert!(err.message.contains("(0, 0, 0)"), "{}", err.message); // a waiting one
    assert_eq!(err.block, Some([0, 0, 0]));
    assert_eq!(err.location.unwrap().line, 7);
}

#[test]
fn threads_at_different_barriers_is_an_error_naming_both() {
    // if threadIdx.x < 16: syncthreads() (line 7) else: syncthreads() (line 9)
    let mut b = B::kernel("two_barriers", vec![]);
    let t = b.tid64(Dim::X);
    let sixteen = b.i64(16);
    let c = b.cmp(CmpOp::Lt, t, sixteen);
    let (yes, no, join) = (b.block(), b.block(), b.block());
    b.branch(c, yes, no);
    b.switch(yes);
    b.at(7);
    b.syncthreads();
    b.jump(join);
    b.switch(no);
    b.at(9);
    b.syncthreads();
    b.jump(join);
    b.switch(join);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let err = launch(&prog, [1, 1, 1], [64, 1, 1], 0, &[], &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::BarrierError);
    assert!(
        err.message.contains("different barriers"),
        "{}",
        err.message
    );
    assert!(
        err.message.contains("line 7") && err.message.contains("line 9"),
        "{}",
        err.message
    );
    assert!(err.message.contains("and 12 more"), "{}", err.message);
}

#[test]
fn an_out_of_bounds_store_names_kernel_thread_block_line_index_and_shape() {
    // a[grid(1)] = 1 with 40-thread blocks over a 70-element array (line 12)
    let mut b = B::kernel("oob", vec![array(Scalar::I32, 1)]);
    b.at(11);
    let a = b.param(0);
    let i = b.grid1();
    let one = b.int(Scalar::I32, 1);
    b.at(12);
    b.col = 9;
    b.store(a, &[i], one);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut buf = vec![0i32; 70];
    let args = [arg(&mut buf, &[70], Scalar::I32)];
    let err = launch(&prog, [3, 1, 1], [40, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::IndexError);
    let m = &err.message;
    for want in [
        "index 70 is out of bounds for axis 0 with size 70",
        "(70,)",
        "kernel 'oob'",
        "kernels.py:12:9",
        "thread (30, 0, 0)",
        "block (1, 0, 0)",
    ] {
        assert!(m.contains(want), "{want:?} not in {m}");
    }
    assert_eq!(err.thread, Some([30, 0, 0]));
    assert_eq!(err.block, Some([1, 0, 0]));
    // Every in-range store happened before the failing one in block 1 (blocks run in order
    // when they fail: the lowest failing block is reported).
    assert!(buf.iter().all(|&v| v == 1));
}

#[test]
fn a_2d_load_out_of_range_names_the_axis() {
    let mut b = B::kernel("oob2", vec![array(Scalar::F64, 2), array(Scalar::F64, 1)]);
    let (a, out) = (b.param(0), b.param(1));
    let t = b.tid64(Dim::X);
    let two = b.i64(2);
    b.at(30);
    let v = b.load(a, &[two, t]);
    let zero = b.i64(0);
    b.store(out, &[zero], v);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut m = vec![0f64; 12];
    let mut o = vec![0f64; 1];
    let args = [
        arg(&mut m, &[3, 4], Scalar::F64),
        arg(&mut o, &[1], Scalar::F64),
    ];
    let err = launch(&prog, [1, 1, 1], [5, 1, 1], 0, &args, &[]).unwrap_err();
    assert!(
        err.message.contains(
            "index 4 is out of bounds for axis 1 with size 4 (index (2, 4), array shape (3, 4))"
        ),
        "{}",
        err.message
    );
}

#[test]
fn histogram_with_atomics_across_parallel_blocks() {
    let bins = 17i64;
    let mut b = B::kernel(
        "hist",
        vec![
            array(Scalar::I32, 1),
            array(Scalar::U32, 1),
            array(Scalar::F32, 1),
        ],
    );
    let (data, hist, fmax) = (b.param(0), b.param(1), b.param(2));
    let i = b.grid1();
    let n = b.shape(data, 0);
    let c = b.cmp(CmpOp::Lt, i, n);
    b.if_then(c, |b| {
        let v = b.load(data, &[i]);
        let v64 = b.cast(v, Scalar::I64);
        let one = b.int(Scalar::U32, 1);
        b.atomic(AtomicOp::Add, hist, &[v64], &[one]);
        let vf = b.cast(v, Scalar::F32);
        let zero = b.i64(0);
        b.atomic(AtomicOp::Max, fmax, &[zero], &[vf]);
    });
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let n = 50_000usize;
    let mut rng = Rng::new(99);
    let mut data: Vec<i32> = (0..n).map(|_| rng.range(0, bins) as i32).collect();
    let mut hist = vec![0u32; bins as usize];
    let mut fmax = vec![-1.0f32];
    let args = [
        arg(&mut data, &[n as i64], Scalar::I32),
        arg(&mut hist, &[bins], Scalar::U32),
        arg(&mut fmax, &[1], Scalar::F32),
    ];
    let cfg = LaunchConfig {
        workers: 4,
        ..LaunchConfig::new([(n as u32).div_ceil(128), 1, 1], [128, 1, 1])
    };
    launch_with(&prog, &cfg, &args, &[]).unwrap();
    let mut want = vec![0u32; bins as usize];
    for &d in &data {
        want[d as usize] += 1;
    }
    assert_eq!(hist, want);
    assert_eq!(fmax[0], (bins - 1) as f32);
}

#[test]
fn recursive_device_function_factorial() {
    // def fact(n): return 1 if n <= 1 else n * fact(n - 1)
    let mut d = B::device("fact", vec![Type::I64], Type::I64);
    d.at(40);
    let n = d.param(0);
    let one = d.i64(1);
    let c = d.cmp(CmpOp::Le, n, one);
    let (base, rec) = (d.block(), d.block());
    d.branch(c, base, rec);
    d.switch(base);
    d.ret(Some(one));
    d.switch(rec);
    d.at(41);
    let m = d.bin(BinOp::Sub, n, one);
    let r = d.call(FuncId(1), &[m], Type::I64).unwrap();
    let p = d.mul(n, r);
    d.ret(Some(p));
    let mut k = B::kernel("facts", vec![array(Scalar::I64, 1)]);
    let out = k.param(0);
    let i = k.grid1();
    let f = k.call(FuncId(1), &[i], Type::I64).unwrap();
    k.store(out, &[i], f);
    k.ret(None);
    let prog = prepare(&module(vec![k.finish(), d.finish()], vec![])).unwrap();
    let mut out = vec![-1i64; 26];
    let args = [arg(&mut out, &[26], Scalar::I64)];
    launch(&prog, [2, 1, 1], [13, 1, 1], 0, &args, &[]).unwrap();
    let mut want = 1i64;
    for (i, &v) in out.iter().enumerate() {
        if i > 1 {
            want = want.wrapping_mul(i as i64);
        }
        assert_eq!(v, want, "{i}!");
    }
}

#[test]
fn unbounded_recursion_is_an_error_not_a_crash() {
    let mut d = B::device("forever", vec![Type::I64], Type::I64);
    let n = d.param(0);
    let r = d.call(FuncId(1), &[n], Type::I64).unwrap();
    d.ret(Some(r));
    let mut k = B::kernel("k", vec![]);
    let z = k.i64(0);
    k.call(FuncId(1), &[z], Type::I64);
    k.ret(None);
    let prog = prepare(&module(vec![k.finish(), d.finish()], vec![])).unwrap();
    let err = launch(&prog, [1, 1, 1], [1, 1, 1], 0, &[], &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::UnsupportedError);
    assert!(err.message.contains("call depth"), "{}", err.message);
}

#[test]
fn barrier_inside_a_device_function_resumes_the_right_frame() {
    // def exchange(sh, t): sh[t] = t * 10; syncthreads(); return sh[(t + 1) % 64]
    let sh_ty = array(Scalar::I64, 1);
    let mut d = B::device("exchange", vec![sh_ty, Type::I64], Type::I64);
    d.at(50);
    let (sh, t) = (d.param(0), d.param(1));
    let ten = d.i64(10);
    let v = d.mul(t, ten);
    d.store(sh, &[t], v);
    d.at(51);
    d.syncthreads();
    let one = d.i64(1);
    let sixty4 = d.i64(64);
    let t1 = d.add(t, one);
    let j = d.bin(BinOp::Mod, t1, sixty4);
    let r = d.load(sh, &[j]);
    d.ret(Some(r));
    let mut k = B::kernel("k", vec![array(Scalar::I64, 1)]);
    let out = k.param(0);
    let sh = k.shared(0, Scalar::I64, 1);
    let t = k.tid64(Dim::X);
    let r = k.call(FuncId(1), &[sh, t], Type::I64).unwrap();
    k.store(out, &[t], r);
    k.ret(None);
    let prog = prepare(&module(
        vec![k.finish(), d.finish()],
        vec![shared_global("sh", Scalar::I64, &[64])],
    ))
    .unwrap();
    let mut out = vec![-1i64; 64];
    let args = [arg(&mut out, &[64], Scalar::I64)];
    launch(&prog, [1, 1, 1], [64, 1, 1], 0, &args, &[]).unwrap();
    let want: Vec<i64> = (0..64).map(|t| ((t + 1) % 64) * 10).collect();
    assert_eq!(out, want);
}

#[test]
fn local_arrays_are_per_thread_and_per_frame() {
    // loc = local.array(8, int64); for k in range(8): loc[k] = i * k
    // m = local.array((2, 3), float64); m[1, 2] = i; out[i] = sum(loc) + m[1, 2]
    let mut b = B::kernel("locals", vec![array(Scalar::I64, 1)]);
    let out = b.param(0);
    let loc = b.local(Scalar::I64, &[8]);
    let m = b.local(Scalar::F64, &[2, 3]);
    let i = b.grid1();
    let lo = b.i64(0);
    let hi = b.i64(8);
    b.for_range(lo, hi, |b, k| {
        let v = b.mul(i, k);
        b.store(loc, &[k], v);
    });
    let one = b.i64(1);
    let two = b.i64(2);
    let fi = b.cast(i, Scalar::F64);
    b.store(m, &[one, two], fi);
    let acc = b.var("acc", Type::I64);
    let zero = b.i64(0);
    b.set(acc, zero);
    b.for_range(lo, hi, |b, k| {
        let v = b.load(loc, &[k]);
        let a = b.get(acc);
        let s = b.add(a, v);
        b.set(acc, s);
    });
    let a = b.get(acc);
    let mv = b.load(m, &[one, two]);
    let mi = b.cast(mv, Scalar::I64);
    let total = b.add(a, mi);
    b.store(out, &[i], total);
    // An out-of-range local index is caught too.
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut out = vec![-1i64; 96];
    let args = [arg(&mut out, &[96], Scalar::I64)];
    launch(&prog, [3, 1, 1], [32, 1, 1], 0, &args, &[]).unwrap();
    for (i, &v) in out.iter().enumerate() {
        assert_eq!(v, 28 * i as i64 + i as i64);
    }
}

#[test]
fn dynamic_shared_memory_aliases_and_is_bounds_checked() {
    // d = shared.array(0, float32); d[t] = x[t]; syncthreads(); out[t] = d[n - 1 - t]
    // with a second view (int32) of the same bytes: bits[t] = d_as_int[t]
    let mut b = B::kernel(
        "reverse",
        vec![
            array(Scalar::F32, 1),
            array(Scalar::F32, 1),
            array(Scalar::I32, 1),
        ],
    );
    let (x, out, bits) = (b.param(0), b.param(1), b.param(2));
    let d = b.dynshared(Scalar::F32);
    let di = b.dynshared(Scalar::I32);
    let t = b.tid64(Dim::X);
    b.at(60);
    let v = b.load(x, &[t]);
    b.store(d, &[t], v);
    b.syncthreads();
    let n = b.shape(d, 0);
    let one = b.i64(1);
    let nm1 = b.bin(BinOp::Sub, n, one);
    let j = b.bin(BinOp::Sub, nm1, t);
    let w = b.load(d, &[j]);
    b.store(out, &[t], w);
    let wi = b.load(di, &[t]);
    b.store(bits, &[t], wi);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut rng = Rng::new(1);
    let mut x: Vec<f32> = (0..64).map(|_| rng.f32()).collect();
    let mut out = vec![f32::NAN; 64];
    let mut bits = vec![0i32; 64];
    let args = [
        arg(&mut x, &[64], Scalar::F32),
        arg(&mut out, &[64], Scalar::F32),
        arg(&mut bits, &[64], Scalar::I32),
    ];
    launch(&prog, [1, 1, 1], [64, 1, 1], 64 * 4, &args, &[]).unwrap();
    let want: Vec<f32> = x.iter().rev().copied().collect();
    assert_eq!(out, want);
    let want_bits: Vec<i32> = x.iter().map(|v| v.to_bits() as i32).collect();
    assert_eq!(bits, want_bits);
    // Too little dynamic shared memory: the store at line 60 is out of range.
    let err = launch(&prog, [1, 1, 1], [64, 1, 1], 32 * 4, &args, &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::IndexError);
    assert!(err.message.contains("with size 32"), "{}", err.message);
    assert_eq!(err.thread, Some([32, 0, 0]));
}

#[test]
fn constant_memory_with_init_bytes_and_launch_overrides() {
    let mut b = B::kernel("consts", vec![array(Scalar::I32, 1)]);
    let out = b.param(0);
    let c = b
        .push(
            oxcuda_ir::Op::ConstArray(oxcuda_ir::GlobalId(0)),
            Some(array(Scalar::I32, 1)),
        )
        .unwrap();
    let t = b.tid64(Dim::X);
    let v = b.load(c, &[t]);
    b.store(out, &[t], v);
    b.ret(None);
    let init: Vec<u8> = [3i32, -4, 5, 6]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let g = oxcuda_ir::Global {
        name: "table".into(),
        kind: oxcuda_ir::GlobalKind::Const,
        dtype: Scalar::I32.into(),
        shape: vec![4],
        align: 4,
        init: Some(init),
    };
    let prog = prepare(&module(vec![b.finish()], vec![g])).unwrap();
    let mut out = vec![0i32; 4];
    let args = [arg(&mut out, &[4], Scalar::I32)];
    launch(&prog, [1, 1, 1], [4, 1, 1], 0, &args, &[]).unwrap();
    assert_eq!(out, [3, -4, 5, 6]);
    let other: Vec<u8> = [7i32, 8, 9, 10]
        .iter()
        .flat_map(|v| v.to_le_bytes())
        .collect();
    launch(
        &prog,
        [1, 1, 1],
        [4, 1, 1],
        0,
        &args,
        &[(oxcuda_ir::GlobalId(0), &other)],
    )
    .unwrap();
    assert_eq!(out, [7, 8, 9, 10]);
    let err = launch(
        &prog,
        [1, 1, 1],
        [4, 1, 1],
        0,
        &args,
        &[(oxcuda_ir::GlobalId(0), &other[..4])],
    );
    assert_eq!(err.unwrap_err().kind, SimErrorKind::LaunchError);
}

#[test]
fn assert_failure_reports_the_source_line() {
    let mut b = B::kernel("checked", vec![array(Scalar::I64, 1)]);
    let a = b.param(0);
    let t = b.tid64(Dim::X);
    let v = b.load(a, &[t]);
    let zero = b.i64(0);
    let ok = b.cmp(CmpOp::Ge, v, zero);
    b.at(70);
    b.intrinsic(Intrinsic::Assert, &[ok], None);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut data = vec![1i64, 2, -3, 4];
    let args = [arg(&mut data, &[4], Scalar::I64)];
    let err = launch(&prog, [1, 1, 1], [4, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::AssertionError);
    assert!(err.message.contains("kernels.py:70:5"), "{}", err.message);
    // No message: numba-cuda's prefix alone, then the kernel and location.
    let cwd = std::env::current_dir().unwrap();
    let prefix = format!(
        "In function 'checked', file {}, line 70, tid=[2, 0, 0] ctaid=[0, 0, 0]\n",
        cwd.join("kernels.py").display()
    );
    assert!(err.message.starts_with(&prefix), "{}", err.message);
    assert_eq!(err.thread, Some([2, 0, 0]));
}

#[test]
fn assert_failure_reports_its_message() {
    let mut b = B::kernel("checked", vec![array(Scalar::I64, 1)]);
    let a = b.param(0);
    let t = b.tid64(Dim::X);
    let v = b.load(a, &[t]);
    let zero = b.i64(0);
    let ok = b.cmp(CmpOp::Ge, v, zero);
    b.at(70);
    b.intrinsic(Intrinsic::Assert, &[ok], None);
    b.ret(None);
    let mut f = b.finish();
    let loc = f.blocks[0]
        .insts
        .iter()
        .find(|i| matches!(i.op, oxcuda_ir::Op::Intrinsic(Intrinsic::Assert, _)))
        .map(|i| i.loc)
        .unwrap();
    f.assert_messages.push((loc, "v is negative".to_owned()));
    let prog = prepare(&module(vec![f], vec![])).unwrap();
    let mut data = vec![1i64, -2, 3, 4];
    let args = [arg(&mut data, &[4], Scalar::I64)];
    let err = launch(&prog, [1, 1, 1], [4, 1, 1], 0, &args, &[]).unwrap_err();
    assert!(
        err.message.contains(
            ", line 70, tid=[1, 0, 0] ctaid=[0, 0, 0]: v is negative\n  in kernel 'checked' at "
        ),
        "{}",
        err.message
    );
    assert!(
        err.message.ends_with("kernels.py:70:5 in checked"),
        "{}",
        err.message
    );
}

#[test]
fn float16_and_complex_and_math_in_kernels() {
    // h[0] = h[0] + h[1] in float16; z[0] = z[0] * z[1]; m[0] = sin(m[1]) in f32
    let mut b = B::kernel(
        "mixed",
        vec![
            array(Scalar::F16, 1),
            array(Scalar::C128, 1),
            array(Scalar::F32, 1),
        ],
    );
    let (h, z, m) = (b.param(0), b.param(1), b.param(2));
    let (zero, one) = (b.i64(0), b.i64(1));
    let h0 = b.load(h, &[zero]);
    let h1 = b.load(h, &[one]);
    let hs = b.add(h0, h1);
    b.store(h, &[zero], hs);
    let z0 = b.load(z, &[zero]);
    let z1 = b.load(z, &[one]);
    let zp = b.mul(z0, z1);
    b.store(z, &[zero], zp);
    let m1 = b.load(m, &[one]);
    let s = b.math(MathFn::Sin, &[m1]);
    b.store(m, &[zero], s);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut h = vec![0x3c00u16, 0x3555]; // 1.0, 0.33325
    let mut z = vec![1.0f64, 2.0, 3.0, -4.0];
    let mut m = vec![0f32, 0.7];
    // SAFETY: z holds 2 complex128 (4 f64) and outlives the launch.
    let zarg = unsafe {
        oxcuda_sim::ArrayArg::new(z.as_mut_ptr().cast(), vec![2], vec![16], Scalar::C128)
    }
    .unwrap();
    let args = [
        arg(&mut h, &[2], Scalar::F16),
        ArgValue::Array(zarg),
        arg(&mut m, &[2], Scalar::F32),
    ];
    launch(&prog, [1, 1, 1], [1, 1, 1], 0, &args, &[]).unwrap();
    assert_eq!(h[0], 0x3d55); // 1.33325 rounded to float16
    assert_eq!(&z[..2], &[11.0, 2.0]);
    assert_eq!(m[0], 0.7f32.sin());
}

#[test]
fn syncwarp_and_lanes() {
    // sh[t] = laneid; syncwarp(0xffffffff); out[t] = sh[t ^ 1]
    let mut b = B::kernel("warp", vec![array(Scalar::I32, 1)]);
    let out = b.param(0);
    let sh = b.shared(0, Scalar::I32, 1);
    let t = b.tid64(Dim::X);
    let lane = b.geom(Intrinsic::LaneId);
    b.store(sh, &[t], lane);
    let mask = b.int(Scalar::U32, 0xffff_ffff);
    b.intrinsic(Intrinsic::Syncwarp, &[mask], None);
    let one = b.i64(1);
    let j = b.bin(BinOp::BitXor, t, one);
    let v = b.load(sh, &[j]);
    b.store(out, &[t], v);
    b.ret(None);
    let prog = prepare(&module(
        vec![b.finish()],
        vec![shared_global("sh", Scalar::I32, &[64])],
    ))
    .unwrap();
    let mut out = vec![-1i32; 64];
    let args = [arg(&mut out, &[64], Scalar::I32)];
    launch(&prog, [1, 1, 1], [64, 1, 1], 0, &args, &[]).unwrap();
    let want: Vec<i32> = (0..64).map(|t: i32| (t ^ 1) % 32).collect();
    assert_eq!(out, want);
}

#[test]
fn bad_launches_are_launch_errors() {
    let prog = prepare(&axpy_module()).unwrap();
    let (mut r, mut x, mut y) = (vec![0f32; 4], vec![0f32; 4], vec![0f32; 4]);
    let good = [
        arg(&mut r, &[4], Scalar::F32),
        ArgValue::Float(1.0),
        arg(&mut x, &[4], Scalar::F32),
        arg(&mut y, &[4], Scalar::F32),
    ];
    let kinds = [
        launch(&prog, [1, 1, 1], [1, 1, 1], 0, &good[..3], &[]),
        launch(&prog, [0, 1, 1], [1, 1, 1], 0, &good, &[]),
        launch(&prog, [1, 1, 1], [1025, 1, 1], 0, &good, &[]),
        launch(&prog, [1, 1, 1], [32, 32, 2], 0, &good, &[]),
        launch(
            &prog,
            [1, 1, 1],
            [1, 1, 1],
            0,
            &[
                good[0].clone(),
                ArgValue::Complex(1.0, 0.0),
                good[2].clone(),
                good[3].clone(),
            ],
            &[],
        ),
        launch(
            &prog,
            [1, 1, 1],
            [1, 1, 1],
            0,
            &[
                good[0].clone(),
                good[1].clone(),
                ArgValue::Int(3),
                good[3].clone(),
            ],
            &[],
        ),
    ];
    for (i, k) in kinds.into_iter().enumerate() {
        let e = k.unwrap_err();
        assert_eq!(e.kind, SimErrorKind::LaunchError, "case {i}: {e}");
    }
}

#[test]
fn malformed_ir_is_an_internal_error_and_bad_ops_unsupported() {
    let mut m = axpy_module();
    m.functions[0].values[0] = Type::I32; // the first param value no longer matches
    assert_eq!(prepare(&m).unwrap_err().kind, SimErrorKind::InternalError);

    let mut b = B::kernel("bad", vec![Type::Scalar(Scalar::F32)]);
    let x = b.param(0);
    b.at(80);
    b.bin(BinOp::Shl, x, x);
    b.ret(None);
    let e = prepare(&module(vec![b.finish()], vec![])).unwrap_err();
    assert_eq!(e.kind, SimErrorKind::UnsupportedError);
    assert!(e.message.contains("kernels.py:80"), "{}", e.message);
}

#[test]
fn variables_read_before_a_later_write_keep_the_old_value() {
    // The decoder lets `getvar` values share their variable's slot only when no `setvar` can
    // intervene; each case here has one that does.
    let mut b = B::kernel("vars", vec![array(Scalar::I64, 1)]);
    let out = b.param(0);
    let x = b.var("x", Type::I64);
    let i = b.var("i", Type::I64);
    let idx: Vec<_> = (0..8).map(|k| b.i64(k)).collect();
    // A: same block.
    b.set(x, idx[1]);
    let v = b.get(x);
    b.set(x, idx[2]);
    let w = b.get(x);
    b.store(out, &[idx[0]], v);
    b.store(out, &[idx[1]], w);
    // B: across blocks.
    let ten = b.i64(10);
    b.set(x, ten);
    let v = b.get(x);
    let (b1, b2) = (b.block(), b.block());
    b.jump(b1);
    b.switch(b1);
    let twenty = b.i64(20);
    b.set(x, twenty);
    b.jump(b2);
    b.switch(b2);
    b.store(out, &[idx[2]], v);
    // C: a loop whose body writes the variable before using the value read in the header;
    // D: `x = x + 1` with the old value used afterwards.
    b.set(x, idx[0]);
    b.set(i, idx[3]);
    let (head, body, exit) = (b.block(), b.block(), b.block());
    b.jump(head);
    b.switch(head);
    let v = b.get(x);
    let iv = b.get(i);
    let c = b.cmp(CmpOp::Lt, iv, idx[7]);
    b.branch(c, body, exit);
    b.switch(body);
    let one = b.i64(1);
    let v1 = b.add(v, one);
    b.set(x, v1);
    b.store(out, &[iv], v); // old value, after the write
    let i1 = b.add(iv, one);
    b.set(i, i1);
    b.jump(head);
    b.switch(exit);
    b.store(out, &[idx[7]], v);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut o = vec![-1i64; 8];
    let args = [arg(&mut o, &[8], Scalar::I64)];
    launch(&prog, [1, 1, 1], [2, 1, 1], 0, &args, &[]).unwrap();
    assert_eq!(o, [1, 2, 10, 0, 1, 2, 3, 4]);
}

#[test]
fn casts_between_array_layouts_are_moves() {
    // x: array(int64, 1d, C) → array(int64, 1d, A), as the front end emits when one variable
    // holds arrays of two layouts; then out[t] = y[t] * 3.
    let c_arr = array(Scalar::I64, 1);
    let a_arr = Type::Array(oxcuda_ir::ArrayType {
        dtype: Scalar::I64.into(),
        ndim: 1,
        layout: oxcuda_ir::Layout::A,
        readonly: false,
        aligned: true,
    });
    let mut b = B::kernel("relayout", vec![c_arr.clone(), c_arr]);
    let (x, out) = (b.param(0), b.param(1));
    let y = b.push(oxcuda_ir::Op::Cast(x), Some(a_arr.clone())).unwrap();
    let v = b.var("v", a_arr);
    b.set(v, y);
    let t = b.tid64(Dim::X);
    let yv = b.get(v);
    let e = b.load(yv, &[t]);
    let three = b.i64(3);
    let p = b.mul(e, three);
    b.store(out, &[t], p);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut xs: Vec<i64> = (0..8).map(|i| i * i - 5).collect();
    let mut out = vec![0i64; 8];
    let args = [
        arg(&mut xs, &[8], Scalar::I64),
        arg(&mut out, &[8], Scalar::I64),
    ];
    launch(&prog, [1, 1, 1], [8, 1, 1], 0, &args, &[]).unwrap();
    let want: Vec<i64> = (0..8).map(|i| (i * i - 5) * 3).collect();
    assert_eq!(out, want);
}

#[test]
fn syncthreads_and_or_and_an_impossible_syncwarp() {
    // out[0] = syncthreads_and(t < 63); out[1] = syncthreads_or(t == 63)  (64 threads)
    let mut b = B::kernel("andor", vec![array(Scalar::I32, 1)]);
    let out = b.param(0);
    let t = b.tid64(Dim::X);
    let n = b.i64(63);
    let lt = b.cmp(CmpOp::Lt, t, n);
    let eq = b.cmp(CmpOp::Eq, t, n);
    let all = b
        .intrinsic(Intrinsic::SyncthreadsAnd, &[lt], Some(Type::I32))
        .unwrap();
    let any = b
        .intrinsic(Intrinsic::SyncthreadsOr, &[eq], Some(Type::I32))
        .unwrap();
    let (zero, one) = (b.i64(0), b.i64(1));
    b.store(out, &[zero], all);
    b.store(out, &[one], any);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let mut o = vec![-1i32; 2];
    let args = [arg(&mut o, &[2], Scalar::I32)];
    launch(&prog, [1, 1, 1], [64, 1, 1], 0, &args, &[]).unwrap();
    assert_eq!(o, [0, 1]);

    // Lane 0 waits at syncwarp for lane 1, which waits at a block barrier (line 91).
    let mut b = B::kernel("stuck", vec![]);
    let t = b.tid64(Dim::X);
    let zero = b.i64(0);
    let c = b.cmp(CmpOp::Eq, t, zero);
    let (w, s, j) = (b.block(), b.block(), b.block());
    b.branch(c, w, s);
    b.switch(w);
    b.at(90);
    let mask = b.int(Scalar::U32, 0b11);
    b.intrinsic(Intrinsic::Syncwarp, &[mask], None);
    b.jump(j);
    b.switch(s);
    b.at(91);
    b.syncthreads();
    b.jump(j);
    b.switch(j);
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let err = launch(&prog, [1, 1, 1], [2, 1, 1], 0, &[], &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::BarrierError);
    assert!(
        err.message
            .contains("syncwarp(0x00000003) can never complete"),
        "{}",
        err.message
    );
    assert!(err.message.contains("kernels.py:90"), "{}", err.message);
}

#[test]
fn threadfence_last_block_reduction_across_parallel_blocks() {
    // if threadIdx.x == 0:
    //     partial[b] = (b + 1) * 10; threadfence()
    //     if atomic.add(count, 0, 1) == gridDim.x - 1:      # the last block to finish
    //         out[0] = sum(partial)
    let i64a = array(Scalar::I64, 1);
    let mut b = B::kernel(
        "last_block",
        vec![i64a.clone(), array(Scalar::U32, 1), i64a],
    );
    let (partial, count, out) = (b.param(0), b.param(1), b.param(2));
    let t = b.tid64(Dim::X);
    let zero = b.i64(0);
    let first = b.cmp(CmpOp::Eq, t, zero);
    b.if_then(first, |b| {
        let bid = b.geom(Intrinsic::BlockIdx(Dim::X));
        let bid = b.cast(bid, Scalar::I64);
        let one = b.i64(1);
        let ten = b.i64(10);
        let b1 = b.add(bid, one);
        let v = b.mul(b1, ten);
        b.store(partial, &[bid], v);
        b.intrinsic(Intrinsic::Threadfence, &[], None);
        let one_u = b.int(Scalar::U32, 1);
        let old = b.atomic(AtomicOp::Add, count, &[zero], &[one_u]);
        let g = b.geom(Intrinsic::GridDim(Dim::X));
        let g = b.cast(g, Scalar::U32);
        let one_u = b.int(Scalar::U32, 1);
        let last = b.bin(BinOp::Sub, g, one_u);
        let is_last = b.cmp(CmpOp::Eq, old, last);
        b.if_then(is_last, |b| {
            let acc = b.var("acc", Type::I64);
            b.set(acc, zero);
            let n = b.shape(partial, 0);
            b.for_range(zero, n, |b, k| {
                let p = b.load(partial, &[k]);
                let a = b.get(acc);
                let s = b.add(a, p);
                b.set(acc, s);
            });
            let a = b.get(acc);
            b.store(out, &[zero], a);
        });
    });
    b.ret(None);
    let prog = prepare(&module(vec![b.finish()], vec![])).unwrap();
    let blocks = 200usize;
    for workers in [1, 4] {
        let mut partial = vec![-1i64; blocks];
        let mut count = vec![0u32];
        let mut out = vec![-1i64];
        let args = [
            arg(&mut partial, &[blocks as i64], Scalar::I64),
            arg(&mut count, &[1], Scalar::U32),
            arg(&mut out, &[1], Scalar::I64),
        ];
        let cfg = LaunchConfig {
            workers,
            ..LaunchConfig::new([blocks as u32, 1, 1], [32, 1, 1])
        };
        launch_with(&prog, &cfg, &args, &[]).unwrap();
        assert_eq!(count[0] as usize, blocks);
        assert_eq!(out[0], (1..=blocks as i64).map(|b| b * 10).sum::<i64>());
    }
}
