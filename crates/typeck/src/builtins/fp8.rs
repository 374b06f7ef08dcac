//! The `cuda.fp8` rows: numba-cuda's fp8 conversion functions (`numba.cuda._internal.cuda_fp8`,
//! `cuda_fp8.h`'s `__nv_cvt_*` without the prefix), each a function of the device library
//! `library/fp8.py` of the same name ([`Rule::Library`]). They return fp8 *storage*: the
//! bits as a `uint8` (one value) or `uint16` (two, the first in the low byte), or for
//! `cvt_e8m0_to_bf16raw` a `bfloat16_raw` (a `uint16x1` vector whose `.x` holds the bits).
//!
//! `saturate` is `saturation_t.NOSAT` (0) or `SATFINITE` (1); `interpretation` is
//! `fp8_interpretation_t.E4M3` (0) or `E5M2` (1); `rounding` is a `cudaRoundMode`
//! (`cudaRoundZero` 1, `cudaRoundPosInf` 2). The fp8 types themselves (`fp8_e4m3(x)`,
//! `float32(v)`) are types, not rows (`lower/fp8_cast.rs`).

use super::{Builtin, Rule};

const fn row(path: &'static str, signature: &'static str, doc: &'static str) -> Builtin {
    Builtin {
        path,
        signature,
        rule: Rule::Library,
        doc,
    }
}

/// Every `cuda.fp8` row.
pub const FP8: &[Builtin] = &[
    row(
        "cuda.fp8.cvt_float_to_fp8",
        "x, saturate, interpretation, /",
        "The float32 x as fp8 bits (uint8) of the interpretation (E4M3 or E5M2), rounded to nearest even; overflow saturates under SATFINITE, else gives NaN (E4M3) or infinity (E5M2).",
    ),
    row(
        "cuda.fp8.cvt_double_to_fp8",
        "x, saturate, interpretation, /",
        "The float64 x as fp8 bits (uint8), rounded once to nearest even; overflow as cvt_float_to_fp8.",
    ),
    row(
        "cuda.fp8.cvt_bfloat16raw_to_fp8",
        "raw, saturate, interpretation, /",
        "The bfloat16 whose bits are raw.x (a bfloat16_raw) as fp8 bits (uint8).",
    ),
    row(
        "cuda.fp8.cvt_float2_to_fp8x2",
        "v, saturate, interpretation, /",
        "The float32x2 v as two fp8 values (uint16): v.x in the low byte, v.y in the high one.",
    ),
    row(
        "cuda.fp8.cvt_double2_to_fp8x2",
        "v, saturate, interpretation, /",
        "The float64x2 v as two fp8 values (uint16): v.x in the low byte, v.y in the high one.",
    ),
    row(
        "cuda.fp8.cvt_float_to_e8m0",
        "x, saturate, rounding, /",
        "The magnitude of float32 x as e8m0 bits (uint8, a power of two), rounded toward zero (cudaRoundZero) or up (cudaRoundPosInf); NaN gives 0xff, overflow 0xff or, saturated, 0xfe.",
    ),
    row(
        "cuda.fp8.cvt_double_to_e8m0",
        "x, saturate, rounding, /",
        "The magnitude of float64 x as e8m0 bits (uint8), rounded once as cvt_float_to_e8m0.",
    ),
    row(
        "cuda.fp8.cvt_bfloat16raw_to_e8m0",
        "raw, saturate, rounding, /",
        "The magnitude of the bfloat16 whose bits are raw.x as e8m0 bits (uint8); rounds up only for cudaRoundPosInf.",
    ),
    row(
        "cuda.fp8.cvt_float2_to_e8m0x2",
        "v, saturate, rounding, /",
        "The float32x2 v as two e8m0 values (uint16): v.x in the low byte, v.y in the high one.",
    ),
    row(
        "cuda.fp8.cvt_double2_to_e8m0x2",
        "v, saturate, rounding, /",
        "The float64x2 v as two e8m0 values (uint16): v.x in the low byte, v.y in the high one.",
    ),
    row(
        "cuda.fp8.cvt_e8m0_to_bf16raw",
        "x, /",
        "The e8m0 bits x (uint8) as a bfloat16_raw: .x holds the bfloat16 bits of 2^(x - 127) (0xff: NaN 0x7fff).",
    ),
];
