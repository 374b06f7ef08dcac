//! The `cuda.bf16` rows: numba-cuda's bfloat16 functions by `cuda_bf16.h`'s names without
//! their leading `__` (`hadd`, `hfma_relu`, `float2bfloat16_rd`, `bfloat162int_rz`, …), as
//! numba-cuda's `numba.cuda.bf16` exports them, and its NumPy-style aliases
//! (`float32_to_bfloat16_rd`, `bfloat16_to_int32_rz`, `bfloat16_as_int16`, …).
//!
//! `hadd`/`hsub`/`hmul` and their `_rn` forms are one `.rn` operation each
//! ([`Rule::ArithRn`]); the four bit reinterpretations are [`Rule::Reinterpret`]; everything
//! else is a function of the device library `library/bf16.py` ([`Rule::Library`]), where the
//! semantics and their invariants are written down (docs/reduced-precision.md). An alias row
//! calls the library function of the name it aliases ([`library_name`]).
//!
//! The rows are built from the tables below once (the conversion families are regular: six
//! integer types, four rounding modes), like the libdevice rows.

use std::sync::OnceLock;

use oxcuda_ir::{BinOp, Scalar};

use super::{Builtin, Rule};

/// Rows spelled out: (name, signature, rule, doc).
const FUNCTIONS: &[(&str, &str, Rule, &str)] = &[
    (
        "hadd",
        "a, b, /",
        Rule::ArithRn(BinOp::Add, Scalar::BF16),
        "a + b in bfloat16, rounded to nearest even (never fused into an fma).",
    ),
    (
        "hsub",
        "a, b, /",
        Rule::ArithRn(BinOp::Sub, Scalar::BF16),
        "a - b in bfloat16, rounded to nearest even.",
    ),
    (
        "hmul",
        "a, b, /",
        Rule::ArithRn(BinOp::Mul, Scalar::BF16),
        "a * b in bfloat16, rounded to nearest even.",
    ),
    (
        "hadd_rn",
        "a, b, /",
        Rule::ArithRn(BinOp::Add, Scalar::BF16),
        "a + b in bfloat16, rounded to nearest even and never contracted into an fma.",
    ),
    (
        "hsub_rn",
        "a, b, /",
        Rule::ArithRn(BinOp::Sub, Scalar::BF16),
        "a - b in bfloat16, rounded to nearest even and never contracted into an fma.",
    ),
    (
        "hmul_rn",
        "a, b, /",
        Rule::ArithRn(BinOp::Mul, Scalar::BF16),
        "a * b in bfloat16, rounded to nearest even and never contracted into an fma.",
    ),
    (
        "hdiv",
        "a, b, /",
        Rule::Library,
        "a / b in bfloat16, correctly rounded.",
    ),
    (
        "hfma",
        "a, b, c, /",
        Rule::Library,
        "a * b + c in bfloat16 with one rounding.",
    ),
    (
        "hneg",
        "a, /",
        Rule::Library,
        "-a: a bfloat16 with the sign bit flipped (NaN too).",
    ),
    (
        "habs",
        "a, /",
        Rule::Library,
        "abs(a): a bfloat16 with the sign bit cleared (NaN too).",
    ),
    (
        "hadd_sat",
        "a, b, /",
        Rule::Library,
        "a + b in bfloat16 clamped to [0, 1]; NaN gives +0.0.",
    ),
    (
        "hsub_sat",
        "a, b, /",
        Rule::Library,
        "a - b in bfloat16 clamped to [0, 1]; NaN gives +0.0.",
    ),
    (
        "hmul_sat",
        "a, b, /",
        Rule::Library,
        "a * b in bfloat16 clamped to [0, 1]; NaN gives +0.0.",
    ),
    (
        "hfma_sat",
        "a, b, c, /",
        Rule::Library,
        "a * b + c in bfloat16 (one rounding) clamped to [0, 1]; NaN gives +0.0.",
    ),
    (
        "hfma_relu",
        "a, b, c, /",
        Rule::Library,
        "max(a * b + c, 0) in bfloat16 (one rounding); NaN gives the canonical NaN.",
    ),
    (
        "heq",
        "a, b, /",
        Rule::Library,
        "a == b (ordered: False with a NaN).",
    ),
    (
        "hne",
        "a, b, /",
        Rule::Library,
        "a != b (ordered: False with a NaN).",
    ),
    (
        "hgt",
        "a, b, /",
        Rule::Library,
        "a > b (ordered: False with a NaN).",
    ),
    (
        "hge",
        "a, b, /",
        Rule::Library,
        "a >= b (ordered: False with a NaN).",
    ),
    (
        "hlt",
        "a, b, /",
        Rule::Library,
        "a < b (ordered: False with a NaN).",
    ),
    (
        "hle",
        "a, b, /",
        Rule::Library,
        "a <= b (ordered: False with a NaN).",
    ),
    (
        "hequ",
        "a, b, /",
        Rule::Library,
        "a == b (unordered: True with a NaN).",
    ),
    (
        "hneu",
        "a, b, /",
        Rule::Library,
        "a != b (unordered: True with a NaN).",
    ),
    (
        "hgtu",
        "a, b, /",
        Rule::Library,
        "a > b (unordered: True with a NaN).",
    ),
    (
        "hgeu",
        "a, b, /",
        Rule::Library,
        "a >= b (unordered: True with a NaN).",
    ),
    (
        "hltu",
        "a, b, /",
        Rule::Library,
        "a < b (unordered: True with a NaN).",
    ),
    (
        "hleu",
        "a, b, /",
        Rule::Library,
        "a <= b (unordered: True with a NaN).",
    ),
    (
        "hmax",
        "a, b, /",
        Rule::Library,
        "The larger of a and b (a NaN operand gives the other; +0.0 > -0.0).",
    ),
    (
        "hmin",
        "a, b, /",
        Rule::Library,
        "The smaller of a and b (a NaN operand gives the other; -0.0 < +0.0).",
    ),
    (
        "hmax_nan",
        "a, b, /",
        Rule::Library,
        "The larger of a and b; NaN if either is NaN.",
    ),
    (
        "hmin_nan",
        "a, b, /",
        Rule::Library,
        "The smaller of a and b; NaN if either is NaN.",
    ),
    ("hisnan", "a, /", Rule::Library, "Whether a is a NaN."),
    (
        "hisinf",
        "a, /",
        Rule::Library,
        "1 for +inf, -1 for -inf, else 0 (int32).",
    ),
    (
        "hsin",
        "a, /",
        Rule::Library,
        "sin(a) in bfloat16, correctly rounded.",
    ),
    (
        "hcos",
        "a, /",
        Rule::Library,
        "cos(a) in bfloat16, correctly rounded.",
    ),
    (
        "htanh",
        "a, /",
        Rule::Library,
        "tanh(a) in bfloat16, correctly rounded.",
    ),
    (
        "htanh_approx",
        "a, /",
        Rule::Library,
        "tanh(a) in bfloat16, correctly rounded (the same as htanh).",
    ),
    (
        "hexp",
        "a, /",
        Rule::Library,
        "e**a in bfloat16, correctly rounded.",
    ),
    (
        "hexp2",
        "a, /",
        Rule::Library,
        "2**a in bfloat16, correctly rounded.",
    ),
    (
        "hexp10",
        "a, /",
        Rule::Library,
        "10**a in bfloat16, correctly rounded.",
    ),
    (
        "hlog",
        "a, /",
        Rule::Library,
        "The natural logarithm of a in bfloat16, correctly rounded.",
    ),
    (
        "hlog2",
        "a, /",
        Rule::Library,
        "log2(a) in bfloat16, correctly rounded.",
    ),
    (
        "hlog10",
        "a, /",
        Rule::Library,
        "log10(a) in bfloat16, correctly rounded.",
    ),
    (
        "hsqrt",
        "a, /",
        Rule::Library,
        "The square root of a in bfloat16, correctly rounded.",
    ),
    (
        "hrsqrt",
        "a, /",
        Rule::Library,
        "1 / sqrt(a) in bfloat16, correctly rounded.",
    ),
    (
        "hrcp",
        "a, /",
        Rule::Library,
        "1 / a in bfloat16, correctly rounded.",
    ),
    (
        "hceil",
        "a, /",
        Rule::Library,
        "a rounded up to an integer, as a bfloat16.",
    ),
    (
        "hfloor",
        "a, /",
        Rule::Library,
        "a rounded down to an integer, as a bfloat16.",
    ),
    (
        "htrunc",
        "a, /",
        Rule::Library,
        "a rounded toward zero to an integer, as a bfloat16.",
    ),
    (
        "hrint",
        "a, /",
        Rule::Library,
        "a rounded to the nearest integer (ties to even), as a bfloat16.",
    ),
    (
        "bfloat162float",
        "a, /",
        Rule::Library,
        "The bfloat16 a as a float32 (exact).",
    ),
    (
        "float2bfloat16",
        "x, /",
        Rule::Library,
        "The float32 x rounded to nearest even bfloat16.",
    ),
    (
        "double2bfloat16",
        "x, /",
        Rule::Library,
        "The float64 x rounded once to nearest even bfloat16.",
    ),
    (
        "bfloat162char_rz",
        "a, /",
        Rule::Library,
        "a rounded toward zero to an int8 (saturating; NaN gives 0).",
    ),
    (
        "bfloat162uchar_rz",
        "a, /",
        Rule::Library,
        "a rounded toward zero to a uint8 (saturating; NaN gives 0).",
    ),
    (
        "bfloat16_as_short",
        "a, /",
        Rule::Reinterpret(Scalar::BF16, Scalar::I16),
        "The bits of the bfloat16 a as an int16.",
    ),
    (
        "bfloat16_as_ushort",
        "a, /",
        Rule::Reinterpret(Scalar::BF16, Scalar::U16),
        "The bits of the bfloat16 a as a uint16.",
    ),
    (
        "short_as_bfloat16",
        "i, /",
        Rule::Reinterpret(Scalar::I16, Scalar::BF16),
        "The bits of the int16 i as a bfloat16.",
    ),
    (
        "ushort_as_bfloat16",
        "i, /",
        Rule::Reinterpret(Scalar::U16, Scalar::BF16),
        "The bits of the uint16 i as a bfloat16.",
    ),
];

/// The integer families of the conversions: (C name, NumPy name).
const INTEGERS: &[(&str, &str)] = &[
    ("short", "int16"),
    ("ushort", "uint16"),
    ("int", "int32"),
    ("uint", "uint32"),
    ("ll", "int64"),
    ("ull", "uint64"),
];

/// The rounding modes: (suffix, what it means).
const MODES: &[(&str, &str)] = &[
    ("rn", "to nearest even"),
    ("rz", "toward zero"),
    ("rd", "down (toward -inf)"),
    ("ru", "up (toward +inf)"),
];

/// numba-cuda's NumPy-style names that are not generated from [`INTEGERS`]: (alias, name).
const ALIASES: &[(&str, &str)] = &[
    ("float32_to_bfloat16", "float2bfloat16"),
    ("float64_to_bfloat16", "double2bfloat16"),
    ("bfloat16_to_float32", "bfloat162float"),
    ("float32_to_bfloat16_rn", "float2bfloat16_rn"),
    ("float32_to_bfloat16_rz", "float2bfloat16_rz"),
    ("float32_to_bfloat16_rd", "float2bfloat16_rd"),
    ("float32_to_bfloat16_ru", "float2bfloat16_ru"),
    ("bfloat16_to_int8_rz", "bfloat162char_rz"),
    ("bfloat16_to_uint8_rz", "bfloat162uchar_rz"),
    ("bfloat16_as_int16", "bfloat16_as_short"),
    ("bfloat16_as_uint16", "bfloat16_as_ushort"),
    ("int16_as_bfloat16", "short_as_bfloat16"),
    ("uint16_as_bfloat16", "ushort_as_bfloat16"),
];

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn row(name: &str, signature: &'static str, rule: Rule, doc: &'static str) -> Builtin {
    Builtin {
        path: leak(format!("cuda.bf16.{name}")),
        signature,
        rule,
        doc,
    }
}

/// Every `cuda.bf16` row, aliases included.
#[must_use]
pub fn rows() -> &'static [Builtin] {
    static ROWS: OnceLock<Vec<Builtin>> = OnceLock::new();
    ROWS.get_or_init(|| {
        let mut rows: Vec<Builtin> = FUNCTIONS
            .iter()
            .map(|&(name, sig, rule, doc)| row(name, sig, rule, doc))
            .collect();
        for &(mode, how) in MODES {
            rows.push(row(
                &format!("float2bfloat16_{mode}"),
                "x, /",
                Rule::Library,
                leak(format!("The float32 x rounded {how} to bfloat16.")),
            ));
            for &(c, np) in INTEGERS {
                rows.push(row(
                    &format!("{c}2bfloat16_{mode}"),
                    "i, /",
                    Rule::Library,
                    leak(format!(
                        "The {np} i rounded {how} to bfloat16 (once, exactly)."
                    )),
                ));
                rows.push(row(
                    &format!("bfloat162{c}_{mode}"),
                    "a, /",
                    Rule::Library,
                    leak(format!(
                        "a rounded {how} to an {np} (saturating at its range; NaN gives 0)."
                    )),
                ));
            }
        }
        let canonical: Vec<Builtin> = rows.clone();
        for (alias, name) in aliases() {
            let target = canonical
                .iter()
                .find(|b| b.path.strip_prefix("cuda.bf16.") == Some(name.as_str()))
                .unwrap_or_else(|| panic!("cuda.bf16 alias {alias} of unknown {name}"));
            rows.push(row(
                &alias,
                target.signature,
                target.rule,
                leak(format!(
                    "{} (numba-cuda's NumPy-style name of {name}.)",
                    target.doc
                )),
            ));
        }
        rows
    })
}

/// Every (alias, name) pair: [`ALIASES`] and the integer families (`int32_to_bfloat16_rz` is
/// `int2bfloat16_rz`, `bfloat16_to_int32_rz` is `bfloat162int_rz`).
fn aliases() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = ALIASES
        .iter()
        .map(|&(a, n)| (a.to_owned(), n.to_owned()))
        .collect();
    for &(mode, _) in MODES {
        for &(c, np) in INTEGERS {
            out.push((
                format!("{np}_to_bfloat16_{mode}"),
                format!("{c}2bfloat16_{mode}"),
            ));
            out.push((
                format!("bfloat16_to_{np}_{mode}"),
                format!("bfloat162{c}_{mode}"),
            ));
        }
    }
    out
}

/// The device-library function a `cuda.bf16` row's last path component calls: itself, or
/// the name it aliases.
#[must_use]
pub fn library_name(name: &str) -> String {
    aliases()
        .into_iter()
        .find(|(a, _)| a == name)
        .map_or_else(|| name.to_owned(), |(_, n)| n)
}
