//! Records on the simulator: arrays of records (element references, bounds-checked), scalar,
//! nested and subarray fields of aligned and packed records, record copies, record arguments.

use oxcuda_ir::parse::parse_module;
use oxcuda_ir::{Record, Type};
use oxcuda_sim::{ArgValue, ArrayArg, RecordArg, SimErrorKind, launch, prepare};

/// `{a: float64, b: int32, v: float32[2], n: {x: int16}}`, aligned (24 bytes) or packed (16).
fn record_text(packed: bool) -> String {
    if packed {
        "Record(a: float64 @0, b: int32 @8, v: float32[2] @12, n: Record(x: int16 @0; size 2, \
         align 1) @20; size 22, align 1)"
            .to_owned()
    } else {
        "Record(a: float64 @0, b: int32 @8, v: float32[2] @12, n: Record(x: int16 @0; size 2, \
         align 2) @20; size 24, align 8)"
            .to_owned()
    }
}

/// For thread `i < recs.size`, with `r = recs[i]`: `out[i] = r.a + r.v[1] + r.n.x`, then
/// `r.b = i` and `r.v[0] = r.a`; thread 0 then copies the record argument over `recs[0]`.
fn kernel(packed: bool) -> String {
    let rec = record_text(packed);
    let (nested, view) = if packed {
        (
            "Record(x: int16 @0; size 2, align 1)",
            "unaligned array(float32, 1d, C)",
        )
    } else {
        (
            "Record(x: int16 @0; size 2, align 2)",
            "array(float32, 1d, C)",
        )
    };
    format!(
        "kernel @f0 \"k\"(array({rec}, 1d, C), array(float64, 1d, C), {rec}) -> none file \"r.py\" {{
bb0:
  v0: array({rec}, 1d, C) = param 0 !1:1
  v1: array(float64, 1d, C) = param 1 !1:1
  v2: {rec} = param 2 !1:1
  v3: int32 = intrinsic threadidx.x !2:1
  v4: int64 = cast v3 !2:1
  v5: int64 = shape v0, 0 !3:1
  v6: bool = cmp lt v4, v5 !3:1
  br v6, bb1, bb3 !3:1
bb1:
  v7: {rec} = elemref v0[v4] !4:1
  v8: float64 = getfield v7, \"a\" !5:1
  v9: {view} = getfield v7, \"v\" !5:1
  v10: int64 = const 1 !5:1
  v11: float32 = load v9[v10] !5:1
  v12: float64 = cast v11 !5:1
  v13: {nested} = getfield v7, \"n\" !5:1
  v14: int16 = getfield v13, \"x\" !5:1
  v15: float64 = cast v14 !5:1
  v16: float64 = add v8, v12 !5:1
  v17: float64 = add v16, v15 !5:1
  store v1[v4], v17 !5:1
  v18: int32 = cast v4 !6:1
  setfield v7, \"b\", v18 !6:1
  v19: float32 = cast v8 !7:1
  v20: int64 = const 0 !7:1
  store v9[v20], v19 !7:1
  v21: bool = cmp eq v4, v20 !8:1
  br v21, bb2, bb3 !8:1
bb2:
  copyrecord v7, v2 !9:1
  jump bb3 !9:1
bb3:
  ret !10:1
}}
"
    )
}

/// The bytes of one record: a, b, v[0], v[1], n.x at the layout's offsets.
fn encode(size: usize, a: f64, b: i32, v: [f32; 2], x: i16) -> Vec<u8> {
    let mut out = vec![0u8; size];
    out[0..8].copy_from_slice(&a.to_le_bytes());
    out[8..12].copy_from_slice(&b.to_le_bytes());
    out[12..16].copy_from_slice(&v[0].to_le_bytes());
    out[16..20].copy_from_slice(&v[1].to_le_bytes());
    out[20..22].copy_from_slice(&x.to_le_bytes());
    out
}

fn read<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    bytes[at..at + N].try_into().unwrap()
}

fn record_of(m: &oxcuda_ir::Module) -> Record {
    let Type::Record(r) = m.functions[0].params[2] else {
        panic!("not a record");
    };
    r
}

#[test]
fn fields_elements_and_copies() {
    for packed in [false, true] {
        let m = parse_module(&kernel(packed)).unwrap();
        let rec = record_of(&m);
        let size = rec.size as usize;
        let prog = prepare(&m).unwrap();
        let n = 5usize;
        // One spare byte in front makes every packed record misaligned.
        let shift = usize::from(packed);
        let mut mem = vec![0u8; shift + n * size];
        let values: Vec<(f64, i32, [f32; 2], i16)> = (0..n)
            .map(|i| {
                let k = i as f64;
                (
                    k * 1.5 - 2.0,
                    -7,
                    [k as f32 + 0.5, -(k as f32)],
                    (i * 3) as i16 - 4,
                )
            })
            .collect();
        for (i, &(a, b, v, x)) in values.iter().enumerate() {
            let at = shift + i * size;
            mem[at..at + size].copy_from_slice(&encode(size, a, b, v, x));
        }
        let mut arg_rec = encode(size, 99.0, 5, [1.0, 2.0], 3);
        let mut out = vec![f64::NAN; n];
        // SAFETY: `mem`, `out` and `arg_rec` outlive the launch and nothing else touches them.
        let args = unsafe {
            [
                ArgValue::Array(
                    ArrayArg::new(
                        mem.as_mut_ptr().add(shift),
                        vec![n as i64],
                        vec![size as i64],
                        rec,
                    )
                    .unwrap(),
                ),
                ArgValue::Array(
                    ArrayArg::from_slice(&mut out, &[n as i64], oxcuda_ir::Scalar::F64).unwrap(),
                ),
                ArgValue::Record(RecordArg::new(arg_rec.as_mut_ptr(), rec)),
            ]
        };
        launch(&prog, [1, 1, 1], [8, 1, 1], 0, &args, &[]).unwrap();
        for (i, &(a, _, v, x)) in values.iter().enumerate() {
            assert_eq!(out[i], a + f64::from(v[1]) + f64::from(x), "{packed} {i}");
            let at = shift + i * size;
            let got = &mem[at..at + size];
            if i == 0 {
                assert_eq!(got, arg_rec.as_slice(), "{packed}: the copy");
                continue;
            }
            assert_eq!(f64::from_le_bytes(read(got, 0)), a);
            assert_eq!(i32::from_le_bytes(read(got, 8)), i as i32);
            assert_eq!(f32::from_le_bytes(read(got, 12)), a as f32);
            assert_eq!(f32::from_le_bytes(read(got, 16)), v[1]);
            assert_eq!(i16::from_le_bytes(read(got, 20)), x);
        }
        // The argument record is only read.
        assert_eq!(arg_rec, encode(size, 99.0, 5, [1.0, 2.0], 3));
    }
}

#[test]
fn an_out_of_range_record_reference_is_an_index_error() {
    let rec = record_text(false);
    let text = format!(
        "kernel @f0 \"k\"(array({rec}, 1d, A), int64) -> none file \"r.py\" {{
bb0:
  v0: array({rec}, 1d, A) = param 0 !1:1
  v1: int64 = param 1 !1:1
  v2: {rec} = elemref v0[v1] !7:3
  v3: int32 = const 1 !7:3
  setfield v2, \"b\", v3 !7:3
  ret !8:1
}}
"
    );
    let m = parse_module(&text).unwrap();
    let r = record_of_param(&m, 0);
    let prog = prepare(&m).unwrap();
    let mut mem = vec![0u8; 3 * r.size as usize];
    // SAFETY: `mem` outlives the launch.
    let arr =
        unsafe { ArrayArg::new(mem.as_mut_ptr(), vec![3], vec![i64::from(r.size)], r).unwrap() };
    let args = [ArgValue::Array(arr.clone()), ArgValue::Int(3)];
    let err = launch(&prog, [1, 1, 1], [1, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::IndexError);
    assert!(
        err.message.contains(
            "record access out of bounds: index 3 is out of bounds for axis 0 with size 3"
        ),
        "{}",
        err.message
    );
    let args = [ArgValue::Array(arr), ArgValue::Int(2)];
    launch(&prog, [1, 1, 1], [1, 1, 1], 0, &args, &[]).unwrap();
    assert_eq!(i32::from_le_bytes(read(&mem, 2 * 24 + 8)), 1);
}

fn record_of_param(m: &oxcuda_ir::Module, k: usize) -> Record {
    match &m.functions[0].params[k] {
        Type::Array(a) => a.dtype.as_record().unwrap(),
        Type::Record(r) => *r,
        other => panic!("{other}"),
    }
}

#[test]
fn record_arguments_must_match_the_parameter() {
    let m = parse_module(&kernel(false)).unwrap();
    let prog = prepare(&m).unwrap();
    let other = record_of(&parse_module(&kernel(true)).unwrap());
    let mut mem = vec![0u8; 64];
    let mut out = vec![0f64; 1];
    // SAFETY: the buffers outlive the launch (which fails before running).
    let args = unsafe {
        [
            ArgValue::Array(
                ArrayArg::new(mem.as_mut_ptr(), vec![0], vec![24], record_of(&m)).unwrap(),
            ),
            ArgValue::Array(ArrayArg::from_slice(&mut out, &[1], oxcuda_ir::Scalar::F64).unwrap()),
            ArgValue::Record(RecordArg::new(mem.as_mut_ptr(), other)),
        ]
    };
    let err = launch(&prog, [1, 1, 1], [1, 1, 1], 0, &args, &[]).unwrap_err();
    assert_eq!(err.kind, SimErrorKind::LaunchError);
    assert!(err.message.contains("expected Record("), "{}", err.message);
}
