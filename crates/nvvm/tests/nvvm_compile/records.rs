//! Records: a record parameter is one pointer, element references into arrays of records,
//! field reads and writes at the field's alignment (byte accesses in packed records), nested
//! and subarray fields, record copies, records through device functions.

use oxcuda_ir::parse::parse_module;
use oxcuda_nvvm::{CodegenOptions, write_module};

use crate::toolchain::{check, ptx_function, tools_or_skip};

/// `{a: float64, b: int32, v: float32[2], n: {x: int16}}`: aligned (24 bytes) or packed (22).
fn record(packed: bool) -> String {
    let (size, align, inner) = if packed { (22, 1, 1) } else { (24, 8, 2) };
    format!(
        "Record(a: float64 @0, b: int32 @8, v: float32[2] @12, n: Record(x: int16 @0; size 2, \
         align {inner}) @20; size {size}, align {align})"
    )
}

/// `rec_k(recs, out, one)`: `out[0] = get(recs[1]) + recs[1].v[1] + recs[1].n.x`;
/// `recs[1].b = 7`; `recs[0] = one` — with `get` a device function taking and returning a
/// record (the nested one) and reading its field.
fn module_text(packed: bool) -> String {
    let rec = record(packed);
    let (inner, view) = if packed {
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
        "kernel @f0 \"rec_k\"(array({rec}, 1d, C), array(float64, 1d, C), {rec}) -> none file \"r.py\" {{
bb0:
  v0: array({rec}, 1d, C) = param 0 !1:1
  v1: array(float64, 1d, C) = param 1 !1:1
  v2: {rec} = param 2 !1:1
  v3: int64 = const 1 !2:1
  v4: {rec} = elemref v0[v3] !2:1
  v5: float64 = call @f1(v4) !3:1
  v6: {view} = getfield v4, \"v\" !3:1
  v7: float32 = load v6[v3] !3:1
  v8: float64 = cast v7 !3:1
  v9: {inner} = getfield v4, \"n\" !3:1
  v10: int16 = getfield v9, \"x\" !3:1
  v11: float64 = cast v10 !3:1
  v12: float64 = add v5, v8 !3:1
  v13: float64 = add v12, v11 !3:1
  v14: int64 = const 0 !3:1
  store v1[v14], v13 !3:1
  v15: int32 = const 7 !4:1
  setfield v4, \"b\", v15 !4:1
  v16: {rec} = elemref v0[v14] !5:1
  copyrecord v16, v2 !5:1
  ret !6:1
}}

device @f1 \"get\"({rec}) -> float64 file \"r.py\" {{
bb0:
  v0: {rec} = param 0 !8:1
  v1: float64 = getfield v0, \"a\" !9:1
  ret v1 !9:1
}}
"
    )
}

#[test]
fn record_parameters_fields_and_copies() {
    let tools = tools_or_skip!();
    for packed in [false, true] {
        let m = parse_module(&module_text(packed)).unwrap();
        let ir = write_module(&m, &CodegenOptions::default()).unwrap();
        let align = if packed { 1 } else { 8 };
        assert!(
            ir.contains(&format!(
                "call void @llvm.memcpy.p0i8.p0i8.i64(i8* align {align} "
            )),
            "{ir}"
        );
        assert!(ir.contains("define internal double @get(i8* %a0)"), "{ir}");
        let ptx = check(&tools, &m);
        let body = ptx_function(&ptx, "rec_k");
        // The array of records (pointer, extent, stride), the output array, the record.
        let params = body.lines().filter(|l| l.contains(".param .u64")).count();
        assert_eq!(params, 7, "{body}");
        if packed {
            // Record 1 starts at byte 22: every field, the subarray's items too, is read by bytes.
            assert!(
                !body.contains(".f64 \t%fd") || !body.contains("ld.global.f64"),
                "{body}"
            );
            assert!(body.contains("ld.global.u8"), "{body}");
        } else {
            assert!(body.contains("ld.global.f64"), "{body}");
            assert!(body.contains("st.global.u32"), "{body}");
        }
    }
}
