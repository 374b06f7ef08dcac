//! Records (NumPy structured dtypes): element references, field reads and writes, copies.
//!
//! Invariants:
//! - a record value is `i8*`, the generic address of its first byte; a field's address is
//!   `getelementptr i8, i8* %r, i64 <offset>` bitcast to the field's memory type;
//! - scalar field accesses use [`oxcuda_ir::Field::access_align`]: the field's natural
//!   alignment in an aligned record, 1 in a packed one (libNVVM splits such accesses into
//!   bytes, so packed records never fault on misaligned addresses); a bool field is a byte;
//! - a nested record field is its address; a subarray field is a C-contiguous array value over
//!   its items (constant extents, strides from the item size);
//! - a record copy is `llvm.memcpy` of the record's size at its alignment (the two records are
//!   the same or disjoint, as `ops.rs` requires).

use oxcuda_ir::{Dtype, Field, Record, Scalar, Type, Value};

use super::function::{FnWriter, Result};
use super::types::{dtype_mem, scalar_mem};

/// The memcpy intrinsic (LLVM 7: alignment as parameter attributes, a volatile flag last).
const MEMCPY: &str = "llvm.memcpy.p0i8.p0i8.i64";

impl FnWriter<'_, '_> {
    fn record_type(&self, r: Value) -> Result<Record> {
        self.ty(r)
            .as_record()
            .ok_or_else(|| self.err(format!("{r} is not a record")))
    }

    /// The record, the field `name` and the field's address as `i8*`.
    fn field_address(&mut self, r: Value, name: &str) -> Result<(Record, &'static Field, String)> {
        let rec = self.record_type(r)?;
        let Some((_, field)) = rec.get().field(name) else {
            return Err(self.err(format!("{rec} has no field '{name}'")));
        };
        let base = self.op(r)?;
        let addr = if field.offset == 0 {
            base
        } else {
            self.emit(format!(
                "getelementptr i8, i8* {base}, i64 {}",
                field.offset
            ))
        };
        Ok((rec, field, addr))
    }

    /// `elemref a[idx]`: the element's address as `i8*`.
    pub(super) fn elem_ref(&mut self, a: Value, idx: &[Value]) -> Result<String> {
        let (ptr, dtype) = self.item_ptr(a, idx)?;
        if dtype.as_record().is_none() {
            return Err(self.err(format!("elemref into an array of {dtype}")));
        }
        let t = dtype_mem(dtype);
        Ok(self.emit(format!("bitcast {t}* {ptr} to i8*")))
    }

    /// `getfield r, name`: a scalar field's value, a nested record's address, or a subarray's
    /// array value.
    pub(super) fn get_field(&mut self, r: Value, name: &str, ty: &Type) -> Result<String> {
        let (rec, field, addr) = self.field_address(r, name)?;
        match (field.dtype, field.shape.is_empty()) {
            (Dtype::Scalar(s), true) => {
                let t = scalar_mem(s);
                let p = self.emit(format!("bitcast i8* {addr} to {t}*"));
                let align = field.access_align(rec.align);
                let x = self.emit(format!("load {t}, {t}* {p}, align {align}"));
                Ok(if s == Scalar::Bool {
                    self.emit(format!("icmp ne i8 {x}, 0"))
                } else {
                    x
                })
            }
            (Dtype::Datetime(_), true) => {
                let p = self.emit(format!("bitcast i8* {addr} to i64*"));
                let align = field.access_align(rec.align);
                Ok(self.emit(format!("load i64, i64* {p}, align {align}")))
            }
            (Dtype::Record(_) | Dtype::CharSeq(_), true) => Ok(addr),
            (dtype, false) => {
                let t = dtype_mem(dtype);
                let data = self.emit(format!("bitcast i8* {addr} to {t}*"));
                self.fixed_array(&data, dtype, &field.shape, ty)
            }
        }
    }

    /// `setfield r, name, v` on a scalar field.
    pub(super) fn set_field(&mut self, r: Value, name: &str, v: Value) -> Result<()> {
        let (rec, field, addr) = self.field_address(r, name)?;
        let s = match (field.dtype, field.shape.is_empty()) {
            (Dtype::Scalar(s), true) => s,
            _ => return Err(self.err(format!("setfield of the non-scalar field '{name}'"))),
        };
        let t = scalar_mem(s);
        let p = self.emit(format!("bitcast i8* {addr} to {t}*"));
        let mut x = self.op(v)?;
        if s == Scalar::Bool {
            x = self.emit(format!("zext i1 {x} to i8"));
        }
        let align = field.access_align(rec.align);
        self.stmt(format!("store {t} {x}, {t}* {p}, align {align}"));
        Ok(())
    }

    /// `copyrecord dst, src`.
    pub(super) fn copy_record(&mut self, dst: Value, src: Value) -> Result<()> {
        let rec = self.record_type(dst)?;
        if self.record_type(src)? != rec {
            return Err(self.err(format!("copyrecord from {} to {rec}", self.ty(src))));
        }
        let (d, s) = (self.op(dst)?, self.op(src)?);
        self.cx.declare(
            MEMCPY,
            "void",
            &["i8* nocapture", "i8* nocapture", "i64", "i1"],
        );
        let align = rec.align;
        self.stmt(format!(
            "call void @{MEMCPY}(i8* align {align} {d}, i8* align {align} {s}, i64 {}, i1 false)",
            rec.size
        ));
        Ok(())
    }
}
