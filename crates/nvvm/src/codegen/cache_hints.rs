//! Cache-hinted loads and stores ([`Op::LoadCached`](oxcuda_ir::Op::LoadCached),
//! [`Op::StoreCached`](oxcuda_ir::Op::StoreCached)) as inline PTX: `ld.global.<op>.<type>`
//! and `st.global.<op>.<type>` on the element's generic address (the generic address of
//! global memory is its global address, as numba-cuda also assumes).
//!
//! Values cross the asm boundary in integer registers of the element's width (`h` for 8 and
//! 16 bits, `r` for 32, `l` for 64), bitcast from and to floats; an 8-bit element moves
//! through a 16-bit register (`ld.b8`/`st.b8` with a wider register read or write its low
//! byte). Each asm is `sideeffect` with a memory clobber, so it keeps its place among the
//! kernel's other memory accesses (a hint must never reorder a load past a store).

use oxcuda_ir::{LoadCache, Scalar, StoreCache, Value};

use super::function::{FnWriter, Result};
use super::types::scalar_mem;

/// The PTX type suffix, the asm register constraint and the LLVM integer type that carry an
/// element of `s` through the asm.
fn carrier(s: Scalar) -> (&'static str, &'static str, &'static str) {
    match s.bits() {
        8 => ("b8", "h", "i16"),
        16 => ("b16", "h", "i16"),
        32 => ("b32", "r", "i32"),
        _ => ("b64", "l", "i64"),
    }
}

impl FnWriter<'_, '_> {
    /// `ld.global.<op>` of `a[idx]`: the element's value.
    pub(super) fn load_cached(&mut self, op: LoadCache, a: Value, idx: &[Value]) -> Result<String> {
        let (ptr, s) = self.element_ptr(a, idx)?;
        let t = scalar_mem(s);
        let (ptx, reg, carry) = carrier(s);
        let raw = self.emit(format!(
            "call {carry} asm sideeffect \"ld.global.{}.{ptx} $0, [$1];\", \"={reg},l,~{{memory}}\"({t}* {ptr})",
            op.name()
        ));
        Ok(if s.bits() == 8 {
            self.emit(format!("trunc i16 {raw} to i8"))
        } else if s.is_float() {
            self.emit(format!("bitcast {carry} {raw} to {t}"))
        } else {
            raw
        })
    }

    /// `st.global.<op>` of `v` to `a[idx]`.
    pub(super) fn store_cached(
        &mut self,
        op: StoreCache,
        a: Value,
        idx: &[Value],
        v: Value,
    ) -> Result<()> {
        let (ptr, s) = self.element_ptr(a, idx)?;
        let t = scalar_mem(s);
        let (ptx, reg, carry) = carrier(s);
        let x = self.op(v)?;
        let bits = if s.bits() == 8 {
            self.emit(format!("zext i8 {x} to i16"))
        } else if s.is_float() {
            self.emit(format!("bitcast {t} {x} to {carry}"))
        } else {
            x
        };
        self.stmt(format!(
            "call void asm sideeffect \"st.global.{}.{ptx} [$0], $1;\", \"l,{reg},~{{memory}}\"({t}* {ptr}, {carry} {bits})",
            op.name()
        ));
        Ok(())
    }
}
