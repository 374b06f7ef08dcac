//! cffi's `ffi.from_buffer(arr)` in device code: the data pointer of an array, typed
//! `CPointer(<dtype>)`, for an external function's pointer parameter (numba-cuda's
//! `ffi.from_buffer` typing in `numba/cuda/typing/cffi_utils.py`).
//!
//! A `cffi.FFI` instance among the kernel's globals is captured as the namespace `cffi`
//! (`python/oxcuda/_capture.py`), so `ffi.from_buffer` is the registry row `cffi.from_buffer`.
//! As in numba, the argument must be an array (numba's `Buffer`) laid out contiguously: `C`,
//! or `F` with at most one dimension; anything else is a `type-mismatch` naming the fix.

use oxcuda_ir::Op;
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{Layout, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `ffi.<name>(args)` (`name` is a `cffi.*` row of the registry).
    pub(super) fn cffi_call(&mut self, name: &str, args: Vec<Arg>, range: TextRange) -> Val {
        let path = format!("ffi.{name}");
        if !self.arity(&path, &args, 1, 1, range) {
            return Val::Poison;
        }
        let arg = &args[0];
        let val = Self::plain(arg.val.clone());
        if !matches!(val, Val::Rt(_, Type::Array(_)) | Val::GlobalArray(_)) {
            if matches!(val, Val::Poison) {
                return Val::Poison;
            }
            let what = val.describe();
            return self.error_hint(
                codes::TYPE_MISMATCH,
                arg.range,
                format!("ffi.from_buffer() expects an array, got {what}"),
                "pass an array: ffi.from_buffer(arr) is the address of its first element",
            );
        }
        let Some((a, Type::Array(at))) = self.materialize(val, arg.range) else {
            return Val::Poison;
        };
        let contiguous = at.layout == Layout::C || (at.layout == Layout::F && at.ndim <= 1);
        if !contiguous {
            let layout = at.layout;
            return self.error_hint(
                codes::TYPE_MISMATCH,
                arg.range,
                format!(
                    "ffi.from_buffer() takes a contiguous array, got a {}-d array of layout {layout:?}",
                    at.ndim
                ),
                "pass a C-contiguous array (numba's rule: C layout, or F with one dimension), e.g. a copy made with np.ascontiguousarray on the host",
            );
        }
        let p = self.emit(Op::ArrayData(a), Type::Pointer(at.dtype));
        Val::Rt(p, Type::Pointer(at.dtype))
    }
}
