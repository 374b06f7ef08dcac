//! `print` (numba-cuda's semantics, [`oxcuda_ir::Op::Print`]) through CUDA's `vprintf`.
//!
//! A line becomes one call `vprintf(format, buffer)`: the format is a module string constant
//! (text with `%` doubled, a conversion per value: `%lld` for signed integers widened to i64,
//! `%llu` for unsigned ones widened to u64, `%f` for floats widened to double, `%s` for bools,
//! which pass the address of a `True`/`False` string constant), and the buffer an entry-block
//! `alloca` of one 8-byte slot per value, in order — every argument is 8 bytes, so the packing
//! CUDA's `printf` uses (each argument at its natural alignment) is plain consecutive slots.
//! A line with more than 32 values (`vprintf`'s limit) passes its format string, with every
//! `%` doubled, and no arguments: the GPU prints the format itself, as numba-cuda does.
//! String constants live in the constant address space (4), each written once per module.

use std::fmt::Write;

use oxcuda_ir::{PRINT_MAX_VALUES, PrintPiece, Scalar, Type};

use super::ModuleCtx;
use super::error::CodegenError;
use super::function::FnWriter;

impl ModuleCtx<'_> {
    /// The symbol and array length of the NUL-terminated string constant `text` (written once
    /// per module by [`ModuleCtx::write_strings`]).
    pub(super) fn string_constant(&mut self, text: &str) -> (String, usize) {
        let n = self.strings.len();
        let name = self
            .strings
            .entry(text.to_owned())
            .or_insert_with(|| format!("__oxcuda_str_{n}"))
            .clone();
        (name, text.len() + 1)
    }

    /// Writes every string constant some function used.
    pub(super) fn write_strings(&self, out: &mut String) {
        for (text, name) in &self.strings {
            let mut bytes = String::new();
            for b in text.bytes().chain(std::iter::once(0)) {
                if b.is_ascii_graphic() && b != b'"' && b != b'\\' || b == b' ' {
                    bytes.push(char::from(b));
                } else {
                    let _ = write!(bytes, "\\{b:02X}");
                }
            }
            let _ = writeln!(
                out,
                "@{name} = internal addrspace(4) constant [{} x i8] c\"{bytes}\", align 1",
                text.len() + 1
            );
        }
    }
}

impl FnWriter<'_, '_> {
    /// A generic `i8*` to the string constant `text`.
    fn string_pointer(&mut self, text: &str) -> String {
        let (name, len) = self.cx.string_constant(text);
        let p = self.emit(format!(
            "getelementptr inbounds [{len} x i8], [{len} x i8] addrspace(4)* @{name}, i64 0, i64 0"
        ));
        self.emit(format!("addrspacecast i8 addrspace(4)* {p} to i8*"))
    }

    /// Writes the `vprintf` call of one `print` line.
    pub(super) fn print(&mut self, pieces: &[PrintPiece]) -> Result<(), CodegenError> {
        let values = pieces
            .iter()
            .filter(|p| matches!(p, PrintPiece::Value(_)))
            .count();
        let raw = values > PRINT_MAX_VALUES;
        let mut format = String::new();
        let mut args: Vec<(String, &'static str)> = Vec::new();
        for p in pieces {
            match p {
                PrintPiece::Text(t) => format.push_str(&t.replace('%', "%%")),
                PrintPiece::Value(v) => {
                    let Type::Scalar(s) = self.ty(*v).clone() else {
                        return Err(self.err(format!("print of a {} value", self.ty(*v))));
                    };
                    let conversion = PrintPiece::conversion(s);
                    if raw {
                        format.push_str(&conversion.replace('%', "%%"));
                        continue;
                    }
                    format.push_str(conversion);
                    let x = self.op(*v)?;
                    let from = Type::Scalar(s);
                    let arg = if s == Scalar::Bool {
                        let yes = self.string_pointer("True");
                        let no = self.string_pointer("False");
                        (
                            self.emit(format!("select i1 {x}, i8* {yes}, i8* {no}")),
                            "i8*",
                        )
                    } else if s.is_float() {
                        (self.cast(&x, &from, &Type::F64)?, "double")
                    } else if s.is_signed() {
                        (self.cast(&x, &from, &Type::I64)?, "i64")
                    } else {
                        (self.cast(&x, &from, &Type::Scalar(Scalar::U64))?, "i64")
                    };
                    args.push(arg);
                }
            }
        }
        self.cx.declare("vprintf", "i32", &["i8*", "i8*"]);
        let fmt = self.string_pointer(&format);
        let buffer = if args.is_empty() {
            "null".to_owned()
        } else {
            let slots = self.alloca(&format!("[{} x i64]", args.len()), 8);
            for (k, (value, ty)) in args.iter().enumerate() {
                let p = self.emit(format!(
                    "getelementptr inbounds [{n} x i64], [{n} x i64]* {slots}, i64 0, i64 {k}",
                    n = args.len()
                ));
                let p = if *ty == "i64" {
                    p
                } else {
                    self.emit(format!("bitcast i64* {p} to {ty}*"))
                };
                self.stmt(format!("store {ty} {value}, {ty}* {p}, align 8"));
            }
            self.emit(format!("bitcast [{} x i64]* {slots} to i8*", args.len()))
        };
        self.emit(format!("call i32 @vprintf(i8* {fmt}, i8* {buffer})"));
        Ok(())
    }
}
