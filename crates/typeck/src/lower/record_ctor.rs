//! Calls of a struct constructor registered through numba's low-level API
//! (`type_callable` + `lower_builtin` over `cgutils.create_struct_proxy`; recognised in Python
//! by `oxcuda.cuda._struct_ctor`, captured as `GlobalValue::RecordCtor`).
//!
//! `C(a, b)` builds the record in the calling function's local memory — a one-element
//! `Op::LocalArray` of the record and a reference to its element — sets each field from its
//! argument (converted to the field's type, as numba's lowering receives arguments of the
//! signature's types) and zeroes the scalar fields the lowering left unset (numba's proxies
//! are zero-filled). The value is a record reference like an array element's: it can be
//! read, copied into arrays (`arr[i] = C(...)`), passed to device functions and returned
//! from them (by value, through the caller's slot: `record_return.rs`).

use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::Type;

use super::Lower;
use super::call::Arg;
use crate::globals::RecordCtor;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `ctor(*args)`: a new record.
    pub(crate) fn construct_record(
        &mut self,
        ctor: &RecordCtor,
        args: &[Arg],
        has_keywords: bool,
        range: TextRange,
    ) -> Val {
        if has_keywords {
            return self.error(
                codes::BAD_CALL,
                range,
                format!(
                    "{}() takes its members positionally, not by keyword",
                    ctor.name
                ),
            );
        }
        if args.len() != ctor.arity {
            return self.error(
                codes::BAD_CALL,
                range,
                format!(
                    "{}() takes {} arguments (its lower_builtin registration), got {}",
                    ctor.name,
                    ctor.arity,
                    args.len()
                ),
            );
        }
        if args.iter().any(|a| a.val == Val::Poison) {
            return Val::Poison;
        }
        let rec = ctor.record;
        let value = self.local_record(rec);
        for (field, source) in rec.fields.iter().zip(&ctor.sources) {
            let (val, at) = match source {
                Some(k) => (args[*k].val.clone(), args[*k].range),
                None => (Val::Int(0), range),
            };
            self.store_record_attribute(value, rec, &field.name, range, val, at);
        }
        Val::Rt(value, Type::Record(rec))
    }
}
