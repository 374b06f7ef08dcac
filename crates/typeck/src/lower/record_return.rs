//! Device functions that return a record (a NumPy structured scalar or a custom struct-model
//! type, `docs/extending.md`): returned by value, through a slot the caller provides.
//!
//! A record value in the IR is a reference to its bytes (`Type::Record`, `record.rs`), so a
//! function cannot hand back a record that lives in its own frame (a constructor's value, an
//! element of its `cuda.local.array`) without a dangling pointer. The convention, an
//! sret-style hidden parameter:
//!
//! - **Caller** ([`Lower::return_slot`], from `finish_call`): a call of a function whose
//!   return type is `Record(R)` first makes a one-element local array of `R` in the caller's
//!   frame (as `cuda.local.array(1, R)`), and passes a reference to its element as one extra,
//!   last argument. The call's result is that reference.
//! - **Callee** ([`Lower::return_through_slot`], after the body is lowered): the function gets
//!   the extra last parameter `$ret` of type `Record(R)`; each `return v` becomes
//!   `CopyRecord($ret, v)` and returns `$ret`.
//!
//! Invariants: a function's return type is a record exactly when it has the hidden parameter
//! (recursive calls use the return-type guess, which is the final type or an error); the
//! returned reference is always the caller's slot, so it never points into the callee's
//! frame, and the local-memory escape check (`local_escape.rs`) does not refuse a record
//! returned this way. The value is a copy made at the `return`: writes to the source (an
//! array element, an argument) after the call do not change it. Each call site has its own
//! slot; a call site in a loop reuses its slot, as every local array in a loop does.

use oxcuda_ir::{Op, Terminator, Value};
use oxcuda_types::{ArrayType, Dtype, Layout, Record, Scalar, Type};

use super::Lower;

/// The name the hidden result parameter has in messages and the IR's parameter list.
const SLOT_PARAM: &str = "$ret";

impl Lower<'_, '_> {
    /// A new record of type `rec` in this function's local memory: a one-element
    /// `Op::LocalArray` and a reference to its element (uninitialised).
    pub(crate) fn local_record(&mut self, rec: Record) -> Value {
        let storage_type = Type::Array(ArrayType {
            dtype: Dtype::Record(rec),
            ndim: 1,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        });
        let storage = self.emit(Op::LocalArray(vec![1], 0), storage_type);
        let zero = self.const_int(0, Scalar::I64);
        self.emit(Op::ElemRef(storage, vec![zero]), Type::Record(rec))
    }

    /// For a call of a function returning `ret`: the slot to pass as the hidden last argument
    /// when `ret` is a record, `None` otherwise.
    pub(crate) fn return_slot(&mut self, ret: &Type) -> Option<Value> {
        match ret {
            Type::Record(rec) => Some(self.local_record(*rec)),
            _ => None,
        }
    }

    /// When this device function returns a record: adds the hidden parameter and makes every
    /// `return v` copy `v` into it and return it.
    pub(crate) fn return_through_slot(&mut self) {
        let Type::Record(rec) = self.f.ret else {
            return;
        };
        let Ok(index) = u32::try_from(self.f.params.len()) else {
            return;
        };
        self.f.params.push(Type::Record(rec));
        self.f.param_names.push(SLOT_PARAM.to_owned());
        for b in self.f.block_ids().collect::<Vec<_>>() {
            let Terminator::Return(Some(v)) = self.f.blocks[b.index()].term else {
                continue;
            };
            let loc = self.f.blocks[b.index()].term_loc;
            let slot = self
                .f
                .push(b, Op::Param(index), Some(Type::Record(rec)), loc)
                .expect("a typed instruction defines a value");
            self.f.push(b, Op::CopyRecord(slot, v), None, loc);
            self.f.blocks[b.index()].term = Terminator::Return(Some(slot));
        }
    }
}
