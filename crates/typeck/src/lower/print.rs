//! `print(...)` in device code, with numba-cuda's semantics: positional arguments only
//! (integers, floats, bools, string constants, tuples of these, and `cuda.threadIdx`-style
//! dim3 namespaces), separated by one space, one line per call. The call becomes one
//! [`Op::Print`] whose pieces are the text and the values; both back ends format the values
//! the same way (`%lld`, `%llu`, `%f`, `True`/`False`; see `oxcuda_ir::ops`).

use oxcuda_ir::{Const, Op, PrintPiece};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::resolve::{self, Meaning};
use crate::value::Val;

impl Lower<'_, '_> {
    /// `print(a, b, ...)`: one line.
    pub(super) fn print_call(&mut self, args: Vec<Arg>, _range: TextRange) -> Val {
        let mut pieces = Vec::new();
        for (k, a) in args.into_iter().enumerate() {
            if k > 0 {
                pieces.push(PrintPiece::Text(" ".to_owned()));
            }
            if !self.print_item(a.val, a.range, &mut pieces) {
                return Val::Poison;
            }
        }
        pieces.push(PrintPiece::Text("\n".to_owned()));
        // Adjacent text pieces merge, so the IR (and the GPU's format string) stays short.
        let mut merged: Vec<PrintPiece> = Vec::with_capacity(pieces.len());
        for p in pieces {
            match (merged.last_mut(), p) {
                (Some(PrintPiece::Text(prev)), PrintPiece::Text(t)) => prev.push_str(&t),
                (_, p) => merged.push(p),
            }
        }
        self.emit_void(Op::Print(merged));
        Val::NoneV
    }

    /// Appends the pieces of one printed value; false after reporting an error.
    fn print_item(&mut self, v: Val, range: TextRange, out: &mut Vec<PrintPiece>) -> bool {
        let scalar = |this: &mut Self, c: Const, s: Scalar| {
            PrintPiece::Value(this.emit(Op::Const(c), Type::Scalar(s)))
        };
        match v {
            Val::Str(s) => out.push(PrintPiece::Text(s)),
            // Literals are typed as numba types them: int64 (uint64 above its range), float64.
            Val::Int(i) if i64::try_from(i).is_ok() => {
                out.push(scalar(self, Const::Int(i), Scalar::I64))
            }
            Val::Int(i) if u64::try_from(i).is_ok() => {
                out.push(scalar(self, Const::Int(i), Scalar::U64))
            }
            Val::Float(x) => out.push(scalar(self, Const::Float(x), Scalar::F64)),
            Val::Bool(b) => out.push(scalar(self, Const::Bool(b), Scalar::Bool)),
            Val::Rt(v, Type::Scalar(s)) if s.is_int() || s.is_float() || s == Scalar::Bool => {
                out.push(PrintPiece::Value(v));
            }
            // An fp8 value prints as its (exact) float32 value.
            Val::Rt(v, Type::Scalar(s)) if s.is_fp8() => {
                let f = self.cast(v, s, Scalar::F32);
                out.push(PrintPiece::Value(f));
            }
            Val::Tuple(items) => {
                let items: Vec<(Val, TextRange)> = items.into_iter().map(|i| (i, range)).collect();
                return self.print_tuple(items, out);
            }
            Val::Rt(t, Type::Tuple(types)) => {
                let items = types
                    .iter()
                    .enumerate()
                    .map(|(k, ty)| {
                        let k = u32::try_from(k).unwrap_or(u32::MAX);
                        (
                            Val::Rt(self.emit(Op::TupleGet(t, k), ty.clone()), ty.clone()),
                            range,
                        )
                    })
                    .collect();
                return self.print_tuple(items, out);
            }
            Val::Namespace(p)
                if matches!(resolve::module_attr(&p, "x"), Some(Meaning::Intrinsic(_))) =>
            {
                // A dim3 (`cuda.threadIdx`): "(x, y, z)".
                let mut items = Vec::new();
                for axis in ["x", "y", "z"] {
                    let Some(Meaning::Intrinsic(i)) = resolve::module_attr(&p, axis) else {
                        return false;
                    };
                    let v = self.emit(Op::Intrinsic(i, Vec::new()), Type::I32);
                    items.push((Val::Rt(v, Type::I32), range));
                }
                return self.print_tuple(items, out);
            }
            Val::Poison => return false,
            other => {
                let what = other.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("{what} is not printable in device code"),
                    "print() in kernels takes integers, floats, bools, string constants and tuples of them",
                );
                return false;
            }
        }
        true
    }

    /// `(a, b)`, `(a,)`, `()` as Python writes them.
    fn print_tuple(&mut self, items: Vec<(Val, TextRange)>, out: &mut Vec<PrintPiece>) -> bool {
        let n = items.len();
        out.push(PrintPiece::Text("(".to_owned()));
        for (k, (v, range)) in items.into_iter().enumerate() {
            if k > 0 {
                out.push(PrintPiece::Text(", ".to_owned()));
            }
            if let Val::Str(s) = v {
                // A string inside a tuple prints as its repr, as Python does.
                out.push(PrintPiece::Text(format!("'{s}'")));
                continue;
            }
            if !self.print_item(v, range, out) {
                return false;
            }
        }
        out.push(PrintPiece::Text(if n == 1 { ",)" } else { ")" }.to_owned()));
        true
    }
}
