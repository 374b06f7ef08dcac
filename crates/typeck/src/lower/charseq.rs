//! Items of `S<n>`/`U<n>` arrays and record fields (numba's `CharSeq`/`UnicodeCharSeq`,
//! `oxcuda_types::charseq`), with NumPy's and numba-cuda's semantics:
//!
//! - a value of [`Type::CharSeq`] is a reference to the item's memory (like a record), held in
//!   the IR as a reference to its storage record, whose one field `chars` is the `uint8[n]` or
//!   `uint32[n]` view every operation here loops over;
//! - storing (`a[i] = v`, `r.f = v`): a `bytes` constant into `S<n>`, a `str` constant into
//!   `U<n>` (code points), or another item of the same kind; the value is truncated to `n`
//!   characters and the rest zero-filled, as NumPy assigns. An item of the same type is copied
//!   as a record (`CopyRecord`). numba converts `bytes` to `CharSeq` and `str` to
//!   `UnicodeCharSeq` only, so a `str` into `S<n>` (ASCII or not) and `bytes` into `U<n>` are
//!   refused, as are items of the other kind;
//! - `len(x)`: the length without trailing NULs (NumPy's item is the string stripped of them;
//!   numba's `len` counts back from the end the same way);
//! - `x == y`, `x != y` with another item of the same kind or a constant of its kind: NumPy
//!   compares the items stripped of trailing NULs, so two items are equal when they agree after
//!   padding the shorter with NULs, and an item equals a constant when its stripped text is the
//!   constant exactly (a constant ending in NUL equals nothing, as `np.bytes_(b'A') == b'A\0'`
//!   is False). Ordering, arithmetic and mixing the two kinds are refused by name.
//!
//! Every loop bound is the compile-time length, so each operation is a fixed-trip loop (or an
//! unrolled run of stores for a constant's characters) over byte-aligned characters.

use oxcuda_ir::{BinOp, CmpOp, Const, Op, UnaryOp, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::charseq::CHARS_FIELD;
use oxcuda_types::{CharSeqType, Scalar, Type};

use super::Lower;
use crate::value::Val;

/// Where the characters of a value being stored or compared come from.
enum Chars {
    /// An item: its `chars` view and length (trailing NULs are padding).
    Item(Value, CharSeqType),
    /// A constant's code points (or bytes), exactly (trailing NULs are characters).
    Constant(Vec<u32>),
}

impl Lower<'_, '_> {
    /// The `chars` view (`uint8[n]`/`uint32[n]`, unaligned) of the item `r` refers to.
    fn chars_view(&mut self, r: Value, cs: CharSeqType) -> Value {
        // `r` is held as a reference to the storage record (nominal.rs: the same IR value), so
        // this is that record's field, typed as the erased function will type it.
        let view = cs.storage().fields[0].value_type(1);
        self.emit(Op::GetField(r, CHARS_FIELD.to_owned()), view)
    }

    fn load_char(&mut self, view: Value, cs: CharSeqType, k: Value) -> Value {
        self.emit(Op::Load(view, vec![k]), Type::Scalar(cs.unit()))
    }

    /// The characters of `value` for an operation on an item of kind `cs` (a store into it
    /// when `store`, else a comparison with it), or an error.
    fn chars_of(
        &mut self,
        value: &Val,
        cs: CharSeqType,
        store: bool,
        range: TextRange,
    ) -> Option<Chars> {
        let mismatch = |this: &mut Self, hint: &str| {
            let d = value.describe();
            let what = format!(
                "{cs} item (NumPy {}, {} characters)",
                cs.numpy_name(),
                cs.python_kind()
            );
            let message = if store {
                format!("cannot store {d} into a {what}")
            } else {
                format!("cannot compare a {what} with {d}")
            };
            this.error_hint(codes::TYPE_MISMATCH, range, message, hint.to_owned());
            None
        };
        match value {
            Val::Rt(v, Type::CharSeq(other)) if other.unicode == cs.unicode => {
                Some(Chars::Item(self.chars_view(*v, *other), *other))
            }
            Val::Bytes(b) if !cs.unicode => {
                Some(Chars::Constant(b.iter().map(|&c| c.into()).collect()))
            }
            Val::Str(s) if cs.unicode => Some(Chars::Constant(s.chars().map(u32::from).collect())),
            Val::Str(s) => {
                let hint = if s.is_ascii() {
                    format!(
                        "numba converts only bytes to an S<n> item: write the bytes literal {}",
                        crate::value::bytes_repr(s.as_bytes())
                    )
                } else {
                    "numba converts only bytes to an S<n> item, and this str is not ASCII; \
                     encode it on the host or use a U<n> dtype"
                        .to_owned()
                };
                mismatch(self, &hint)
            }
            Val::Bytes(_) => mismatch(
                self,
                "numba converts only str to a U<n> item: write a str literal (\"...\")",
            ),
            Val::Rt(_, Type::CharSeq(_)) => mismatch(
                self,
                "S<n> items hold bytes and U<n> items code points: convert one array on the \
                 host (arr.astype('U4') or 'S4') to store or compare across them",
            ),
            Val::Poison => None,
            _ => mismatch(
                self,
                "S<n>/U<n> items take bytes/str constants and items of their own kind",
            ),
        }
    }

    /// Runs `body(k)` for `k` in `from..to` (compile-time bounds; nothing when empty).
    fn char_loop(&mut self, from: u32, to: u32, body: &mut dyn FnMut(&mut Self, Value)) {
        if to <= from {
            return;
        }
        let count = self.const_int(i128::from(to - from), Scalar::I64);
        let mut idx = Vec::new();
        self.nested_loops(&[count], &mut idx, &mut |this: &mut Self, idx: &[Value]| {
            let k = if from == 0 {
                idx[0]
            } else {
                let base = this.const_int(i128::from(from), Scalar::I64);
                let k = this.emit(Op::Binary(BinOp::Add, idx[0], base), Type::I64);
                this.nonneg.insert(k);
                k
            };
            body(this, k);
        });
    }

    /// Stores `value` into the item `dst` of type `cs`: truncated to its length, the rest
    /// zero-filled (see the module doc).
    pub(crate) fn store_char_seq(
        &mut self,
        dst: Value,
        cs: CharSeqType,
        value: Val,
        value_range: TextRange,
    ) {
        let Some(source) = self.chars_of(&value, cs, true, value_range) else {
            return;
        };
        if let (Chars::Item(_, from), Val::Rt(src, _)) = (&source, &value)
            && *from == cs
        {
            self.emit_void(Op::CopyRecord(dst, *src));
            return;
        }
        let view = self.chars_view(dst, cs);
        let unit = cs.unit();
        let copied = match source {
            Chars::Constant(codes) => {
                let kept = codes.len().min(cs.len as usize);
                for (k, &c) in codes.iter().take(kept).enumerate() {
                    let at = self.const_int(k as i128, Scalar::I64);
                    let c = self.const_int(i128::from(c), unit);
                    self.emit_void(Op::Store(view, vec![at], c));
                }
                u32::try_from(kept).unwrap_or(cs.len)
            }
            Chars::Item(src, from) => {
                let kept = from.len.min(cs.len);
                self.char_loop(0, kept, &mut |this: &mut Self, k| {
                    let c = this.load_char(src, from, k);
                    this.emit_void(Op::Store(view, vec![k], c));
                });
                kept
            }
        };
        self.char_loop(copied, cs.len, &mut |this: &mut Self, k| {
            let zero = this.const_int(0, unit);
            this.emit_void(Op::Store(view, vec![k], zero));
        });
    }

    /// `len(x)` of an item: its length without trailing NULs, an int64.
    pub(crate) fn char_seq_len(&mut self, x: Value, cs: CharSeqType) -> Val {
        if cs.len == 0 {
            return Val::Int(0);
        }
        let view = self.chars_view(x, cs);
        let len = self.f.new_var("$charseq_len", Type::I64);
        let zero = self.const_int(0, Scalar::I64);
        self.emit_void(Op::SetVar(len, zero));
        self.char_loop(0, cs.len, &mut |this: &mut Self, k| {
            let c = this.load_char(view, cs, k);
            let nul = this.const_int(0, cs.unit());
            let set = this.emit(Op::Compare(CmpOp::Ne, c, nul), Type::BOOL);
            let one = this.const_int(1, Scalar::I64);
            let after = this.emit(Op::Binary(BinOp::Add, k, one), Type::I64);
            let before = this.emit(Op::GetVar(len), Type::I64);
            let next = this.emit(Op::Select(set, after, before), Type::I64);
            this.emit_void(Op::SetVar(len, next));
        });
        let n = self.emit(Op::GetVar(len), Type::I64);
        self.nonneg.insert(n);
        Val::Rt(n, Type::I64)
    }

    /// `l <op> r` when either side is an item (`None` when neither is): `==` and `!=`, with
    /// NumPy's semantics (the module doc); anything else is refused.
    pub(crate) fn char_seq_compare(
        &mut self,
        op: CmpOp,
        l: &Val,
        r: &Val,
        range: TextRange,
    ) -> Option<Val> {
        let (item, cs, other) = match (l, r) {
            (Val::Rt(x, Type::CharSeq(cs)), other) | (other, Val::Rt(x, Type::CharSeq(cs))) => {
                (*x, *cs, other)
            }
            _ => return None,
        };
        if !matches!(op, CmpOp::Eq | CmpOp::Ne) {
            return Some(self.error_hint(
                codes::TYPE_MISMATCH,
                range,
                format!(
                    "{cs} items (NumPy {}) have no ordering in kernels",
                    cs.numpy_name()
                ),
                "numba-cuda compares S<n>/U<n> items with == and != only",
            ));
        }
        let source = self.chars_of(other, cs, false, range)?;
        let view = self.chars_view(item, cs);
        let equal = match source {
            Chars::Constant(codes) => self.equals_constant(view, cs, &codes),
            Chars::Item(w, ws) => self.equals_item(view, cs, w, ws),
        };
        Some(match (op, equal) {
            (CmpOp::Eq, v) => v,
            (_, Val::Bool(b)) => Val::Bool(!b),
            (_, Val::Rt(v, t)) => Val::Rt(self.emit(Op::Unary(UnaryOp::Not, v), t.clone()), t),
            (_, other) => other,
        })
    }

    /// Whether the item (stripped of trailing NULs) is exactly the constant `codes`.
    fn equals_constant(&mut self, view: Value, cs: CharSeqType, codes: &[u32]) -> Val {
        // A stripped item never ends in NUL, and never outgrows its length.
        if codes.last() == Some(&0) || codes.len() > cs.len as usize {
            return Val::Bool(false);
        }
        let acc = self.f.new_var("$charseq_eq", Type::BOOL);
        let yes = self.emit(Op::Const(Const::Bool(true)), Type::BOOL);
        self.emit_void(Op::SetVar(acc, yes));
        for (k, &c) in codes.iter().enumerate() {
            let at = self.const_int(k as i128, Scalar::I64);
            let want = self.const_int(i128::from(c), cs.unit());
            self.accumulate_equal(acc, view, cs, at, want);
        }
        let from = u32::try_from(codes.len()).unwrap_or(cs.len);
        self.char_loop(from, cs.len, &mut |this: &mut Self, k| {
            let nul = this.const_int(0, cs.unit());
            this.accumulate_equal(acc, view, cs, k, nul);
        });
        Val::Rt(self.emit(Op::GetVar(acc), Type::BOOL), Type::BOOL)
    }

    /// Whether two items agree once the shorter is padded with NULs.
    fn equals_item(&mut self, a: Value, at: CharSeqType, b: Value, bt: CharSeqType) -> Val {
        let acc = self.f.new_var("$charseq_eq", Type::BOOL);
        let yes = self.emit(Op::Const(Const::Bool(true)), Type::BOOL);
        self.emit_void(Op::SetVar(acc, yes));
        let common = at.len.min(bt.len);
        self.char_loop(0, common, &mut |this: &mut Self, k| {
            let y = this.load_char(b, bt, k);
            this.accumulate_equal(acc, a, at, k, y);
        });
        let (longer, lt) = if at.len > bt.len { (a, at) } else { (b, bt) };
        self.char_loop(common, lt.len, &mut |this: &mut Self, k| {
            let nul = this.const_int(0, lt.unit());
            this.accumulate_equal(acc, longer, lt, k, nul);
        });
        Val::Rt(self.emit(Op::GetVar(acc), Type::BOOL), Type::BOOL)
    }

    /// `acc = acc & (view[k] == want)`.
    fn accumulate_equal(
        &mut self,
        acc: oxcuda_ir::Var,
        view: Value,
        cs: CharSeqType,
        k: Value,
        want: Value,
    ) {
        let c = self.load_char(view, cs, k);
        let same = self.emit(Op::Compare(CmpOp::Eq, c, want), Type::BOOL);
        let before = self.emit(Op::GetVar(acc), Type::BOOL);
        let next = self.emit(Op::Binary(BinOp::BitAnd, before, same), Type::BOOL);
        self.emit_void(Op::SetVar(acc, next));
    }
}
