//! Warp-level operations in the simulator: shuffles, votes, matches and `activemask` against
//! references written from the PTX ISA's pseudocode, with full, partial and split masks and
//! partial warps; and the errors for threads that do not take part as their mask says.
//!
//! Kernels are IR text: each thread `t` (block of `n` threads, one block) reads its mask from
//! `m[t]` and its operands from `x[t]` / `b[t]`, and writes its result to `out[t]`.

mod common;

use common::{Rng, arg};
use oxcuda_ir::Scalar;
use oxcuda_ir::parse::parse_module;
use oxcuda_sim::{SimError, SimErrorKind, launch, prepare};

/// `out[t] = <op> m[t], x[t] [, b[t]]`; `x` has type `ty`, the result `rty`.
fn exchange_kernel(op: &str, ty: &str, rty: &str, with_b: bool) -> String {
    let (b_param, b_load, b_arg) = if with_b {
        (
            ", array(int32, 1d, C)",
            "  v9: array(int32, 1d, C) = param 3 !1:1\n  v10: int32 = load v9[v5] !3:5\n",
            ", v10",
        )
    } else {
        ("", "", "")
    };
    format!(
        "kernel @f0 \"k\"(array({rty}, 1d, C), array({ty}, 1d, C), \
         array(uint32, 1d, C){b_param}) -> none file \"warp.py\" {{
bb0:
  v0: array({rty}, 1d, C) = param 0 !1:1
  v1: array({ty}, 1d, C) = param 1 !1:1
  v2: array(uint32, 1d, C) = param 2 !1:1
  v4: int32 = intrinsic threadidx.x !2:5
  v5: int64 = cast v4 !2:5
  v6: {ty} = load v1[v5] !3:5
  v7: uint32 = load v2[v5] !3:5
{b_load}  v8: {rty} = intrinsic {op} v7, v6{b_arg} !4:9
  store v0[v5], v8 !4:5
  ret !5:1
}}
"
    )
}

/// Per-thread masks that split each warp of an `n`-thread block into the lanes of `part` and
/// the others, each group naming itself (so every thread is in its own mask).
fn split_masks(n: usize, part: u32) -> Vec<u32> {
    (0..n)
        .map(|t| {
            let lane = t % 32;
            if part & (1 << lane) != 0 { part } else { !part }
        })
        .collect()
}

/// The lanes that exist in the warp of thread `t` of an `n`-thread block.
fn warp_lanes(n: usize, t: usize) -> u32 {
    let w0 = t - t % 32;
    let len = (n - w0).min(32);
    u32::MAX >> (32 - len)
}

/// PTX `shfl.sync` for thread `t`: the source lane's value when valid and in the group, else
/// the thread's own.
fn shfl_reference(mode: &str, x: &[u64], m: &[u32], b: &[i32], n: usize, t: usize) -> u64 {
    let (lane, w0) = ((t % 32) as i64, t - t % 32);
    let k = i64::from(b[t] & 31);
    let j = match mode {
        "idx" => k,
        "up" => lane - k,
        "down" => lane + k,
        _ => lane ^ k,
    };
    let group = m[t] & warp_lanes(n, t);
    if (0..32).contains(&j) && group & (1 << j) != 0 {
        x[w0 + j as usize]
    } else {
        x[t]
    }
}

#[test]
fn shuffles_follow_ptx_for_every_mode_and_type() {
    let mut rng = Rng::new(7);
    for ty in ["int32", "uint32", "float32", "int64", "uint64", "float64"] {
        let wide = ty.ends_with("64");
        for mode in ["idx", "up", "down", "bfly"] {
            let prog = prepare(
                &parse_module(&exchange_kernel(&format!("shfl.{mode}"), ty, ty, true)).unwrap(),
            )
            .unwrap();
            // Two full warps and a partial one; the first split in two groups.
            let n = 80usize;
            let x: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
            let part = rng.next_u64() as u32;
            let mut m = split_masks(n, part);
            m[32..].fill(u32::MAX);
            // Lane operands: in range, past 31 (only five bits count) and negative.
            let mut b: Vec<i32> = (0..n).map(|_| rng.range(-40, 70) as i32).collect();
            let dtype = Scalar::from_name(ty).unwrap();
            let mut out64 = vec![0u64; n];
            let mut out32 = vec![0u32; n];
            let mut x32: Vec<u32> = x.iter().map(|&v| v as u32).collect();
            let mut x64 = x.clone();
            let nn = n as i64;
            let args = if wide {
                [
                    arg(&mut out64, &[nn], dtype),
                    arg(&mut x64, &[nn], dtype),
                    arg(&mut m, &[nn], Scalar::U32),
                    arg(&mut b, &[nn], Scalar::I32),
                ]
            } else {
                [
                    arg(&mut out32, &[nn], dtype),
                    arg(&mut x32, &[nn], dtype),
                    arg(&mut m, &[nn], Scalar::U32),
                    arg(&mut b, &[nn], Scalar::I32),
                ]
            };
            launch(&prog, [1, 1, 1], [n as u32, 1, 1], 0, &args, &[]).unwrap();
            let vals: Vec<u64> = if wide {
                x64
            } else {
                x32.iter().map(|&v| u64::from(v)).collect()
            };
            for t in 0..n {
                let want = shfl_reference(mode, &vals, &m, &b, n, t);
                let got = if wide { out64[t] } else { u64::from(out32[t]) };
                assert_eq!(got, want, "{ty} shfl.{mode}, thread {t}, b {}", b[t]);
            }
        }
    }
}

/// Runs an exchange kernel on 32-bit operands: `out[t] = op(m[t], x[t])` over `n` threads.
fn run32(kernel: &str, ty: Scalar, x: &[u32], m: &[u32]) -> Vec<u32> {
    let prog = prepare(&parse_module(kernel).unwrap()).unwrap();
    let n = x.len();
    let nn = n as i64;
    let (mut x, mut m) = (x.to_vec(), m.to_vec());
    let mut out = vec![0xdead_beefu32; n];
    let args = [
        arg(&mut out, &[nn], Scalar::I32),
        arg(&mut x, &[nn], ty),
        arg(&mut m, &[nn], Scalar::U32),
    ];
    launch(&prog, [1, 1, 1], [n as u32, 1, 1], 0, &args, &[]).unwrap();
    out
}

/// The lanes of thread `t`'s group (its mask, lanes the warp has) whose `x` satisfies `f`.
fn lanes_where(n: usize, t: usize, m: &[u32], f: impl Fn(usize) -> bool) -> u32 {
    let w0 = t - t % 32;
    let group = m[t] & warp_lanes(n, t);
    (0..32)
        .filter(|&l| group & (1 << l) != 0 && f(w0 + l))
        .fold(0, |acc, l| acc | 1 << l)
}

#[test]
fn votes_over_split_masks_and_a_partial_warp() {
    let mut rng = Rng::new(11);
    let n = 48;
    for mode in ["all", "any", "uni", "ballot"] {
        // The predicate is x != 0; the result is stored as int32.
        let kernel = exchange_kernel(&format!("vote.{mode}"), "int32", "int32", false)
            .replace(
                "  v8: int32 = intrinsic",
                "  v11: int32 = const 0 !3:5\n  v12: bool = cmp ne v6, v11 !3:5\n  \
                 v8: int32 = intrinsic",
            )
            .replace(", v6 !4:9", ", v12 !4:9");
        let kernel = if mode == "ballot" {
            kernel
        } else {
            kernel
                .replace("v8: int32 = intrinsic", "v13: bool = intrinsic")
                .replace(", v12 !4:9", ", v12 !4:9\n  v8: int32 = cast v13 !4:9")
        };
        for trial in 0..4 {
            let x: Vec<u32> = (0..n)
                .map(|_| match trial {
                    0 => 1,
                    1 => 0,
                    _ => u32::from(rng.next_u64().is_multiple_of(3)),
                })
                .collect();
            let m = split_masks(n, rng.next_u64() as u32 | 1);
            let out = run32(&kernel, Scalar::I32, &x, &m);
            for t in 0..n {
                let group = m[t] & warp_lanes(n, t);
                let yes = lanes_where(n, t, &m, |u| x[u] != 0);
                let want = match mode {
                    "all" => u32::from(yes == group),
                    "any" => u32::from(yes != 0),
                    "uni" => u32::from(yes == group || yes == 0),
                    _ => yes,
                };
                assert_eq!(out[t], want, "vote.{mode} trial {trial}, thread {t}");
            }
        }
    }
}

#[test]
fn matches_compare_bits() {
    let mut rng = Rng::new(13);
    let n = 40;
    for (mode, ty) in [
        ("any", Scalar::I32),
        ("all", Scalar::I32),
        ("any", Scalar::F32),
        ("all", Scalar::F32),
    ] {
        let kernel = exchange_kernel(&format!("match.{mode}"), &ty.to_string(), "int32", false);
        for trial in 0..4 {
            // Few distinct values, so lanes match; float32 -0.0 and 0.0 differ by their bits.
            let x: Vec<u32> = (0..n)
                .map(|_| match (trial, ty) {
                    (0, _) => 7,
                    (_, Scalar::F32) => [0.0f32, -0.0, 1.5][rng.range(0, 3) as usize].to_bits(),
                    _ => rng.range(0, 3) as u32,
                })
                .collect();
            let m = split_masks(n, rng.next_u64() as u32 | 1);
            let out = run32(&kernel, ty, &x, &m);
            for t in 0..n {
                let group = m[t] & warp_lanes(n, t);
                let same = lanes_where(n, t, &m, |u| x[u] == x[t]);
                let want = match mode {
                    "any" => same,
                    _ if same == group => group,
                    _ => 0,
                };
                assert_eq!(out[t], want, "match.{mode} {ty} trial {trial}, thread {t}");
            }
        }
    }
}

/// ```python
/// if cuda.laneid % 3 == 0:
///     out[t] = cuda.activemask()   # line 5
/// else:
///     out[t] = cuda.activemask()   # line 7
/// lt[t] = cuda.lanemask_lt()
/// ```
const ACTIVEMASK: &str = r#"
kernel @f0 "k"(array(uint32, 1d, C), array(uint32, 1d, C)) -> none file "warp.py" {
bb0:
  v0: array(uint32, 1d, C) = param 0 !1:1
  v1: array(uint32, 1d, C) = param 1 !1:1
  v2: int32 = intrinsic threadidx.x !2:5
  v3: int64 = cast v2 !2:5
  v4: int32 = intrinsic laneid !4:8
  v5: int32 = const 3 !4:8
  v6: int32 = mod v4, v5 !4:8
  v7: int32 = const 0 !4:8
  v8: bool = cmp eq v6, v7 !4:8
  br v8, bb1, bb2 !4:5
bb1:
  v9: uint32 = intrinsic activemask !5:18
  store v0[v3], v9 !5:9
  jump bb3 !5:9
bb2:
  v10: uint32 = intrinsic activemask !7:18
  store v0[v3], v10 !7:9
  jump bb3 !7:9
bb3:
  v11: uint32 = intrinsic lanemask_lt !8:13
  store v1[v3], v11 !8:5
  ret !9:1
}
"#;

#[test]
fn activemask_is_the_threads_at_the_instruction() {
    let prog = prepare(&parse_module(ACTIVEMASK).unwrap()).unwrap();
    for n in [32usize, 48, 70] {
        let nn = n as i64;
        let (mut out, mut lt) = (vec![0u32; n], vec![0u32; n]);
        let args = [
            arg(&mut out, &[nn], Scalar::U32),
            arg(&mut lt, &[nn], Scalar::U32),
        ];
        launch(&prog, [1, 1, 1], [n as u32, 1, 1], 0, &args, &[]).unwrap();
        let thirds = (0..32).filter(|l| l % 3 == 0).fold(0u32, |m, l| m | 1 << l);
        for t in 0..n {
            let lane = t % 32;
            let group = if lane % 3 == 0 { thirds } else { !thirds };
            assert_eq!(out[t], group & warp_lanes(n, t), "n {n}, thread {t}");
            assert_eq!(lt[t], (1u32 << lane) - 1, "n {n}, thread {t}");
        }
    }
}

// ---- errors ----

fn launch_error(kernel: &str, n: u32) -> SimError {
    let prog = prepare(&parse_module(kernel).unwrap()).unwrap();
    let err = launch(&prog, [1, 1, 1], [n, 1, 1], 0, &[], &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::BarrierError, "{}", err.message);
    err
}

fn assert_mentions(err: &SimError, parts: &[&str]) {
    for p in parts {
        assert!(err.message.contains(p), "{p:?} not in:\n{}", err.message);
    }
}

/// Threads `t >= 5` return; the others shuffle with the whole warp.
const EXITED: &str = r#"
kernel @f0 "early_exit"() -> none file "warp.py" {
bb0:
  v0: int32 = intrinsic threadidx.x !2:5
  v1: int32 = const 5 !3:8
  v2: bool = cmp ge v0, v1 !3:8
  br v2, bb2, bb1 !3:5
bb1:
  v3: uint32 = const 4294967295 !4:9
  v4: int32 = const 0 !4:9
  v5: int32 = intrinsic shfl.idx v3, v0, v4 !4:9
  ret !5:1
bb2:
  ret !3:20
}
"#;

#[test]
fn a_collective_whose_mask_names_exited_threads_fails() {
    let err = launch_error(EXITED, 32);
    assert_mentions(
        &err,
        &[
            "shfl_sync(0xffffffff) can never complete",
            "threads (5, 0, 0), (6, 0, 0), (7, 0, 0), (8, 0, 0) and 23 more named in the mask \
             already exited",
            "threads (0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0) and 1 more wait there",
            "in kernel 'early_exit' at warp.py:4:9",
        ],
    );
    assert_eq!(err.location.map(|l| l.line), Some(4));
    // Lanes a partial warp does not have are not threads: a full mask is fine there.
    let prog =
        prepare(&parse_module(&EXITED.replace("const 5 !3:8", "const 50 !3:8")).unwrap()).unwrap();
    launch(&prog, [1, 1, 1], [40, 1, 1], 0, &[], &[]).unwrap();
}

/// Lane 0 runs `<op0>` at line 4 and lane 1 `<op1>` at line 6, both with mask 0b11.
fn two_lanes(op0: &str, op1: &str) -> String {
    format!(
        r#"
kernel @f0 "two_lanes"() -> none file "warp.py" {{
bb0:
  v0: int32 = intrinsic threadidx.x !2:5
  v1: int32 = const 0 !3:8
  v2: bool = cmp eq v0, v1 !3:8
  v3: uint32 = const 3 !3:8
  v4: bool = const true !3:8
  br v2, bb1, bb2 !3:5
bb1:
  {op0} !4:9
  jump bb3 !4:9
bb2:
  {op1} !6:9
  jump bb3 !6:9
bb3:
  ret !7:1
}}
"#
    )
}

#[test]
fn a_collective_whose_threads_wait_elsewhere_fails() {
    let ballot = "v5: int32 = intrinsic vote.ballot v3, v4";
    let err = launch_error(&two_lanes(ballot, "intrinsic syncthreads"), 2);
    assert_mentions(
        &err,
        &[
            "ballot_sync(0x00000003) can never complete: thread (0, 0, 0) waits for the threads \
             of its mask, but thread (1, 0, 0) waits at a block barrier at line 6 instead",
            "in kernel 'two_lanes' at warp.py:4:9",
        ],
    );
    let any = "v6: bool = intrinsic vote.any v3, v4";
    let err = launch_error(&two_lanes(ballot, any), 2);
    assert_mentions(
        &err,
        &["but thread (1, 0, 0) waits at any_sync(0x00000003) at line 6 instead"],
    );
    // The same operation at two places is one collective (PTX from sm_70 on).
    let prog =
        prepare(&parse_module(&two_lanes(ballot, &ballot.replace("v5", "v6"))).unwrap()).unwrap();
    launch(&prog, [1, 1, 1], [2, 1, 1], 0, &[], &[]).unwrap();
    // Different masks are different collectives: lane 1 (mask 0b10) goes on alone and exits.
    let alone = "v7: uint32 = const 2 !6:9\n  v6: int32 = intrinsic vote.ballot v7, v4";
    let err = launch_error(&two_lanes(ballot, alone), 2);
    assert_mentions(&err, &["thread (1, 0, 0) named in the mask already exited"]);
}

#[test]
fn a_thread_outside_its_own_mask_fails() {
    let shfl = "v5: int32 = intrinsic shfl.down v3, v0, v1";
    let err = launch_error(&two_lanes(shfl, shfl.replace("v5", "v6").as_str()), 3);
    assert_mentions(
        &err,
        &[
            "shfl_down_sync(0x00000003) by a thread whose lane 2 is not in the mask",
            "in kernel 'two_lanes' at warp.py:6:9 in two_lanes, thread (2, 0, 0)",
        ],
    );
}
