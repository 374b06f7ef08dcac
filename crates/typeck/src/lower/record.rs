//! Records (NumPy structured dtypes), numba-cuda's semantics: a record value is a reference to
//! the record's memory (an element of an array of records, a record argument, a nested field).
//!
//! - reads: `r.name`, `r['name']` and `r[k]` (a constant field position, negative from the
//!   end) give a scalar field's value, a nested record (a reference) or a subarray field's
//!   array view ([`oxcuda_ir::Op::GetField`]);
//! - writes: `r.name = v`, `r['name'] = v`, `r[k] = v` convert `v` to a scalar field's type
//!   ([`oxcuda_ir::Op::SetField`]), copy a record of the nested field's type
//!   ([`oxcuda_ir::Op::CopyRecord`]), or fill a subarray field like `view[...] = v` (a
//!   number broadcast, an array copied element by element), or store into an `S<n>`/`U<n>`
//!   field (`charseq.rs`: truncated, zero-filled);
//! - `a[i] = r` on an array of records copies the record into the element.
//!
//! Field names and positions must be constants; an unknown one is an `unknown-field` error that
//! lists the record's fields.

use oxcuda_ir::{Op, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{Dtype, Field, Record, Type};

use super::Lower;
use super::array::Index;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `r.name`.
    pub fn record_attribute(&mut self, r: Value, rec: Record, name: &str, range: TextRange) -> Val {
        match self.record_field(rec, name, range) {
            Some(field) => self.get_field(r, rec, field),
            None => Val::Poison,
        }
    }

    /// `r[key]`.
    pub fn record_subscript(
        &mut self,
        r: Value,
        rec: Record,
        index: Vec<Index>,
        range: TextRange,
    ) -> Val {
        match self.field_by_key(rec, index, range) {
            Some(field) => self.get_field(r, rec, field),
            None => Val::Poison,
        }
    }

    /// `r.name = value`.
    pub fn store_record_attribute(
        &mut self,
        r: Value,
        rec: Record,
        name: &str,
        range: TextRange,
        value: Val,
        value_range: TextRange,
    ) {
        if let Some(field) = self.record_field(rec, name, range) {
            self.store_field(r, rec, field, value, value_range);
        }
    }

    /// `r[key] = value`.
    pub fn store_record_subscript(
        &mut self,
        r: Value,
        rec: Record,
        index: Vec<Index>,
        range: TextRange,
        value: Val,
        value_range: TextRange,
    ) {
        if let Some(field) = self.field_by_key(rec, index, range) {
            self.store_field(r, rec, field, value, value_range);
        }
    }

    /// Copies `value`, a record of type `rec`, over the record `dst` (`a[i] = r`).
    pub fn copy_record_into(
        &mut self,
        dst: Value,
        rec: Record,
        value: Val,
        value_range: TextRange,
    ) {
        if value == Val::Poison {
            return;
        }
        if let Some(src) = self.convert(value, &Type::Record(rec), value_range) {
            self.emit_void(Op::CopyRecord(dst, src));
        }
    }

    /// The field `name` of `rec`, or an `unknown-field` error at `range`.
    fn record_field(
        &mut self,
        rec: Record,
        name: &str,
        range: TextRange,
    ) -> Option<&'static Field> {
        if let Some((_, field)) = rec.get().field(name) {
            return Some(field);
        }
        self.unknown_field(rec, format!("the record has no field '{name}'"), range);
        None
    }

    fn unknown_field(&mut self, rec: Record, what: String, range: TextRange) {
        let fields = if rec.fields.is_empty() {
            "it has no fields".to_owned()
        } else {
            format!("its fields are {}", rec.field_list())
        };
        self.error(codes::UNKNOWN_FIELD, range, format!("{what}; {fields}"));
    }

    /// The field a subscript names: one constant string, or one constant integer position.
    fn field_by_key(
        &mut self,
        rec: Record,
        index: Vec<Index>,
        range: TextRange,
    ) -> Option<&'static Field> {
        let fields = &rec.get().fields;
        match index.as_slice() {
            [Index::Int(Val::Str(name))] => self.record_field(rec, name, range),
            [Index::Int(Val::Int(k))] => {
                let n = i128::try_from(fields.len()).unwrap_or(i128::MAX);
                let at = if *k < 0 { k + n } else { *k };
                if let Some(field) = usize::try_from(at).ok().and_then(|i| fields.get(i)) {
                    return Some(field);
                }
                self.unknown_field(
                    rec,
                    format!("field position {k} is out of range for a record of {n} fields"),
                    range,
                );
                None
            }
            [Index::Int(Val::Poison)] => None,
            _ => {
                self.error_hint(
                    codes::NOT_CONSTANT,
                    range,
                    "a record is indexed by one constant field name or position",
                    format!("write r['name'] or r.name with one of {}", rec.field_list()),
                );
                None
            }
        }
    }

    fn get_field(&mut self, r: Value, rec: Record, field: &Field) -> Val {
        let t = field.value_type(rec.align);
        let v = self.emit(Op::GetField(r, field.name.clone()), t.clone());
        Val::Rt(v, t)
    }

    /// Writes `value` to `field` of record `r`.
    fn store_field(
        &mut self,
        r: Value,
        rec: Record,
        field: &Field,
        value: Val,
        value_range: TextRange,
    ) {
        if value == Val::Poison {
            return;
        }
        match (field.dtype, field.shape.is_empty()) {
            (Dtype::Scalar(s), true) => {
                if let Some(v) = self.convert(value, &Type::Scalar(s), value_range) {
                    self.emit_void(Op::SetField(r, field.name.clone(), v));
                }
            }
            (Dtype::Datetime(d), true) => {
                if let Some(v) = self.convert(value, &Type::Datetime(d), value_range) {
                    self.emit_void(Op::SetField(r, field.name.clone(), v));
                }
            }
            (Dtype::CharSeq(cs), true) => {
                let dst = self.emit(Op::GetField(r, field.name.clone()), Type::CharSeq(cs));
                self.store_char_seq(dst, cs, value, value_range);
            }
            (Dtype::Record(nested), true) => {
                let Some(src) = self.convert(value, &Type::Record(nested), value_range) else {
                    return;
                };
                let dst = self.emit(Op::GetField(r, field.name.clone()), Type::Record(nested));
                self.emit_void(Op::CopyRecord(dst, src));
            }
            (_, false) => {
                let t = field.value_type(rec.align);
                let Type::Array(view_type) = t else {
                    return;
                };
                let view = self.emit(Op::GetField(r, field.name.clone()), t);
                self.fill_view(view, view_type, value, value_range);
            }
        }
    }
}
