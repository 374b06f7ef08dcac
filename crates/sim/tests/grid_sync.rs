//! Grid barriers in the simulator: a cooperative launch keeps every block resident and a grid
//! sync orders every block's writes before every thread's reads after it; misuse (a launch that
//! is not cooperative, a grid sync some threads skip, too many threads) is a clear error.

mod common;

use common::{B, arg, array, module};
use oxcuda_ir::{BinOp, CmpOp, Intrinsic, Module, Scalar};
use oxcuda_sim::{LaunchConfig, SimErrorKind, launch, launch_with, prepare};

/// `a[i] = 3 i; grid sync; b[i] = a[n - 1 - i]` (over `steps` rounds, each reversing the
/// previous round's result in place through `b`), optionally with the sync only for `i < skip_at`.
fn reverse_module(skip_at: Option<i64>) -> Module {
    let mut b = B::kernel(
        "reverse",
        vec![array(Scalar::I64, 1), array(Scalar::I64, 1)],
    );
    b.at(10);
    let (a, out) = (b.param(0), b.param(1));
    let i = b.grid1();
    let three = b.i64(3);
    let v = b.mul(i, three);
    b.store(a, &[i], v);
    b.at(11);
    match skip_at {
        None => {
            b.intrinsic(Intrinsic::GridSync, &[], None);
        }
        Some(k) => {
            let k = b.i64(k);
            let c = b.cmp(CmpOp::Lt, i, k);
            b.if_then(c, |b| {
                b.intrinsic(Intrinsic::GridSync, &[], None);
            });
        }
    }
    b.at(12);
    let n = b.shape(a, 0);
    let one = b.i64(1);
    let last = b.bin(BinOp::Sub, n, one);
    let j = b.bin(BinOp::Sub, last, i);
    let x = b.load(a, &[j]);
    b.store(out, &[i], x);
    b.ret(None);
    module(vec![b.finish()], vec![])
}

#[test]
fn grid_sync_orders_writes_across_blocks() {
    let prog = prepare(&reverse_module(None)).unwrap();
    assert!(prog.uses_grid_sync());
    let n = 8 * 96;
    let mut a = vec![0i64; n];
    let mut out = vec![-1i64; n];
    let args = [
        arg(&mut a, &[n as i64], Scalar::I64),
        arg(&mut out, &[n as i64], Scalar::I64),
    ];
    // Eight blocks: without the barrier, block 0 would read a[n-1..] before block 7 wrote it.
    launch(&prog, [8, 1, 1], [96, 1, 1], 0, &args, &[]).unwrap();
    let want: Vec<i64> = (0..n as i64).map(|i| 3 * (n as i64 - 1 - i)).collect();
    assert_eq!(out, want);
}

#[test]
fn grid_sync_without_a_cooperative_launch_is_an_error() {
    let prog = prepare(&reverse_module(None)).unwrap();
    let mut a = vec![0i64; 64];
    let mut out = vec![0i64; 64];
    let args = [
        arg(&mut a, &[64], Scalar::I64),
        arg(&mut out, &[64], Scalar::I64),
    ];
    let config = LaunchConfig::new([2, 1, 1], [32, 1, 1]);
    let e = launch_with(&prog, &config, &args, &[]).unwrap_err();
    assert_eq!(e.kind, SimErrorKind::BarrierError);
    assert!(
        e.message.contains("not launched cooperatively"),
        "{}",
        e.message
    );
    assert_eq!(e.location.map(|l| l.line), Some(11));
    assert_eq!(e.thread, Some([0, 0, 0]));
}

#[test]
fn grid_sync_skipped_by_some_threads_is_an_error() {
    let n = 4 * 64;
    let mut a = vec![0i64; n];
    let mut out = vec![0i64; n];
    // Within a block: threads 0..40 of block 0 sync, the others do not.
    let prog = prepare(&reverse_module(Some(40))).unwrap();
    let args = [
        arg(&mut a, &[n as i64], Scalar::I64),
        arg(&mut out, &[n as i64], Scalar::I64),
    ];
    let e = launch(&prog, [4, 1, 1], [64, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(e.kind, SimErrorKind::BarrierError);
    assert!(
        e.message
            .contains("grid sync at line 11 is not reached by every thread"),
        "{}",
        e.message
    );
    assert!(e.message.contains("threads (40, 0, 0)"), "{}", e.message);
    // Whole blocks: blocks 0 and 1 sync, blocks 2 and 3 finish.
    let prog = prepare(&reverse_module(Some(128))).unwrap();
    let e = launch(&prog, [4, 1, 1], [64, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(e.kind, SimErrorKind::BarrierError);
    assert!(
        e.message.contains("not reached by every block"),
        "{}",
        e.message
    );
    assert!(
        e.message
            .contains("blocks (2, 0, 0), (3, 0, 0) already finished"),
        "{}",
        e.message
    );
    assert_eq!(e.location.map(|l| l.line), Some(11));
}

#[test]
fn cooperative_launches_are_limited_to_what_is_held_resident() {
    let prog = prepare(&reverse_module(None)).unwrap();
    let mut a = vec![0i64; 4];
    let mut out = vec![0i64; 4];
    let args = [
        arg(&mut a, &[4], Scalar::I64),
        arg(&mut out, &[4], Scalar::I64),
    ];
    let e = launch(&prog, [1 << 10, 1, 1], [1024, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(e.kind, SimErrorKind::LaunchError);
    assert!(
        e.message.contains("at most 262144 co-resident"),
        "{}",
        e.message
    );
}
