//! Cache-hinted loads and stores: `cuda.ldca/ldcg/ldcs/ldlu/ldcv(array, i)` and
//! `cuda.stcg/stcs/stwb/stwt(array, i, value)`, numba-cuda's `cache_hints` module.
//!
//! Typed as numba-cuda types them: `array` is an array (in global memory: a kernel argument or
//! a view of one) or a `CPointer` of integers or floats of 8, 16, 32 or 64 bits; `i` is an
//! integer for a 1-d array or a pointer, or a tuple of one integer per dimension (negative
//! indices wrap, as in `array[i]`; a pointer's index is an offset in elements, as `p[i]`);
//! a load returns the dtype, a store converts `value` to it and returns nothing. The IR ops
//! ([`Op::LoadCached`], [`Op::StoreCached`]) are `ld.global.<op>` / `st.global.<op>` on the
//! GPU; the simulator performs them as plain, bounds-checked accesses.

use oxcuda_ir::{LoadCache, Op, StoreCache, Value};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{Dtype, Scalar, Type};

use super::Lower;
use super::array::Index;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `cuda.ld<op>(array, i)`.
    pub(super) fn cache_load(&mut self, path: &str, op: LoadCache, args: &[Arg]) -> Val {
        let Some((array, s, idx)) = self.cache_target(path, args, false) else {
            return Val::Poison;
        };
        let t = Type::Scalar(s);
        Val::Rt(self.emit(Op::LoadCached(op, array, idx), t.clone()), t)
    }

    /// `cuda.st<op>(array, i, value)`.
    pub(super) fn cache_store(&mut self, path: &str, op: StoreCache, args: &[Arg]) -> Val {
        let Some((array, s, idx)) = self.cache_target(path, args, true) else {
            return Val::Poison;
        };
        let Some(v) = self.convert(args[2].val.clone(), &Type::Scalar(s), args[2].range) else {
            return Val::Poison;
        };
        self.emit_void(Op::StoreCached(op, array, idx, v));
        Val::NoneV
    }

    /// The array, its dtype and the element's indices for a cached access.
    fn cache_target(
        &mut self,
        path: &str,
        args: &[Arg],
        store: bool,
    ) -> Option<(Value, Scalar, Vec<Value>)> {
        let name = path.strip_prefix("cuda.").unwrap_or(path);
        let (array, a) = match &args[0].val {
            Val::Rt(v, Type::Array(a)) => (*v, *a),
            Val::Rt(p, Type::Pointer(dtype)) => {
                // `p[i]` as the one-element array there, indexed at 0.
                let index = vec![Index::Int(args[1].val.clone())];
                let (one, ty) = self.pointer_element(*p, *dtype, index, args[1].range)?;
                let Type::Array(a) = ty else {
                    return None;
                };
                let s = self.cache_dtype(name, a.dtype, args[0].range)?;
                let zero = self.const_int(0, Scalar::I64);
                return Some((one, s, vec![zero]));
            }
            Val::GlobalArray(g) => {
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    args[0].range,
                    format!("{name}() accesses global memory; global array '{g}' is a constant"),
                    "pass the array as a kernel argument",
                );
                return None;
            }
            other => {
                let what = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    args[0].range,
                    format!("{name}() operates on arrays, not {what}"),
                );
                return None;
            }
        };
        let s = self.cache_dtype(name, a.dtype, args[0].range)?;
        if store && a.readonly {
            self.error(
                codes::READONLY_ARRAY,
                args[0].range,
                format!("{name}() cannot write a read-only array"),
            );
            return None;
        }
        if !a.aligned {
            self.error(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!("{name}() needs naturally aligned elements; this subarray of a packed record is not"),
            );
            return None;
        }
        let idx = self.atomic_indices(array, a, args[1].val.clone(), args[1].range)?;
        Some((array, s, idx))
    }

    /// The element type of a cached access, if cache hints can move it.
    fn cache_dtype(&mut self, name: &str, dtype: Dtype, range: TextRange) -> Option<Scalar> {
        let cacheable =
            |s: Scalar| (s.is_int() || s.is_float()) && matches!(s.bits(), 8 | 16 | 32 | 64);
        match dtype {
            Dtype::Scalar(s) if cacheable(s) => Some(s),
            d => {
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("{name} requires array of integer or float type, not of {d}"),
                    "cache hints move integers and floats of 8, 16, 32 or 64 bits",
                );
                None
            }
        }
    }
}
