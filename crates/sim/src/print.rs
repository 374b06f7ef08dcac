//! `print` in kernels (numba-cuda's semantics, [`oxcuda_ir::Op::Print`]): formatting a line
//! exactly as the GPU's `vprintf` does with numba-cuda's format strings, and the per-launch
//! buffer the lines go to.
//!
//! Order (docs/simulator.md): a launch's lines are handed over when it ends, block by block in
//! block-linear order (`x + y·gx + z·gx·gy`), and within a block in the order its threads
//! executed their `print`s — threads in linear-id order between barriers, phase after phase.
//! Blocks run in parallel, so each line is tagged with its block and the launch sorts them
//! (stably: a block's lines keep their order); the text therefore never depends on timing. A
//! failing launch hands over what was printed before the failure, in the same order.

use std::sync::Mutex;

use oxcuda_ir::{PRINT_MAX_VALUES, PrintPiece, Scalar};

/// One piece of a decoded `print`: text, or the next value (its type; the slot comes from the
/// instruction's operand list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Written as it is.
    Text(String),
    /// The next operand, of this type.
    Value(Scalar),
}

/// A decoded `print`: its pieces and whether it has more values than `vprintf` takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PrintFormat {
    /// The pieces, in order.
    pub pieces: Vec<Piece>,
    /// The number of value pieces.
    pub values: usize,
}

impl PrintFormat {
    /// Decodes the IR pieces, the value types given by `ty`.
    pub(crate) fn new(
        pieces: &[PrintPiece],
        mut ty: impl FnMut(oxcuda_ir::Value) -> Option<Scalar>,
    ) -> Option<Self> {
        let mut out = Vec::with_capacity(pieces.len());
        let mut values = 0;
        for p in pieces {
            out.push(match p {
                PrintPiece::Text(t) => Piece::Text(t.clone()),
                PrintPiece::Value(v) => {
                    values += 1;
                    Piece::Value(ty(*v)?)
                }
            });
        }
        Some(Self {
            pieces: out,
            values,
        })
    }

    /// The line for the values' register bits (canonical slots, one per value, in order).
    pub(crate) fn line(&self, regs: &[u64]) -> String {
        let mut out = String::new();
        let raw = self.values > PRINT_MAX_VALUES;
        let mut next = regs.iter();
        for p in &self.pieces {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Value(ty) if raw => out.push_str(PrintPiece::conversion(*ty)),
                Piece::Value(ty) => {
                    let bits = next.next().copied().unwrap_or(0);
                    out.push_str(&format_value(*ty, bits));
                }
            }
        }
        out
    }
}

/// A value of type `ty` held in canonical register bits, as numba-cuda's format prints it:
/// `%lld`, `%llu`, `%f` of the value widened to float64, `True`/`False`.
pub(crate) fn format_value(ty: Scalar, bits: u64) -> String {
    match ty {
        Scalar::Bool => if bits & 1 != 0 { "True" } else { "False" }.to_owned(),
        Scalar::F64 => format_f(f64::from_bits(bits)),
        Scalar::F32 => format_f(f64::from(f32::from_bits(bits as u32))),
        Scalar::F16 => format_f(crate::f16::to_f64(bits as u16)),
        Scalar::BF16 => format_f(oxcuda_types::bf16::to_f64(bits as u16)),
        s if s.is_fp8() => format_f(oxcuda_types::fp8::to_f64(bits as u8, s)),
        s if s.is_signed() => (bits as i64).to_string(),
        _ => bits.to_string(),
    }
}

/// C's `%f`: six decimals, correctly rounded; `inf`, `-inf`, `nan`.
pub(crate) fn format_f(x: f64) -> String {
    if x.is_nan() {
        "nan".to_owned()
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_owned()
    } else {
        format!("{x:.6}")
    }
}

/// The lines a launch printed, each tagged with its block's linear index.
#[derive(Debug, Default)]
pub(crate) struct Printed(Mutex<Vec<(u64, String)>>);

impl Printed {
    /// Adds a line of block `block`.
    pub(crate) fn push(&self, block: u64, line: String) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push((block, line));
    }

    /// The launch's text: blocks in order, each block's lines in the order printed.
    pub(crate) fn into_text(self) -> String {
        let mut lines = self
            .0
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        lines.sort_by_key(|(b, _)| *b);
        lines.into_iter().map(|(_, l)| l).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_format_as_printf_does() {
        assert_eq!(format_value(Scalar::I32, (-42i64) as u64), "-42");
        assert_eq!(format_value(Scalar::U64, u64::MAX), "18446744073709551615");
        assert_eq!(format_value(Scalar::F64, 34.75f64.to_bits()), "34.750000");
        assert_eq!(
            format_value(Scalar::F32, u64::from(0.1f32.to_bits())),
            "0.100000"
        );
        assert_eq!(format_value(Scalar::F64, f64::NAN.to_bits()), "nan");
        assert_eq!(
            format_value(Scalar::F64, f64::NEG_INFINITY.to_bits()),
            "-inf"
        );
        assert_eq!(format_value(Scalar::Bool, 1), "True");
        assert_eq!(format_value(Scalar::Bool, 0), "False");
    }

    #[test]
    fn lines_come_out_block_by_block() {
        let p = Printed::default();
        p.push(1, "b1 first\n".into());
        p.push(0, "b0\n".into());
        p.push(1, "b1 second\n".into());
        assert_eq!(p.into_text(), "b0\nb1 first\nb1 second\n");
    }
}
