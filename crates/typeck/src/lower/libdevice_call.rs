//! Calls of `cuda.libdevice.<name>` (rows of [`oxcuda_ir::LIBDEVICE`]), typed as numba-cuda's
//! concrete templates type them: each argument converted to its parameter's type (numeric
//! casts included, as numba's conversion rules allow), the result the function's one output
//! or a tuple of its outputs (`sincos(x) -> (sin, cos)`), one [`Op::Libdevice`] per output.

use oxcuda_ir::{LibdeviceFn, Op, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `cuda.libdevice.<name>(args…)`; the arity was checked from the row's signature.
    pub(crate) fn libdevice_call(&mut self, f: LibdeviceFn, args: Vec<Arg>) -> Val {
        let row = f.row();
        let mut values = Vec::with_capacity(args.len());
        for (a, t) in args.into_iter().zip(row.inputs()) {
            let Some(v) = self.convert(a.val, &Type::Scalar(t), a.range) else {
                return Val::Poison;
            };
            values.push(v);
        }
        let outs: Vec<Val> = row
            .outputs()
            .into_iter()
            .enumerate()
            .map(|(k, s)| {
                let k = u8::try_from(k).unwrap_or(u8::MAX);
                let t = Type::Scalar(s);
                Val::Rt(self.emit(Op::Libdevice(f, k, values.clone()), t.clone()), t)
            })
            .collect();
        match <[Val; 1]>::try_from(outs) {
            Ok([one]) => one,
            Err(many) => Val::Tuple(many),
        }
    }
}
