//! Calls of external device functions (`cuda.declare_device`).
//!
//! The declared signature types the call, as numba's concrete template does: each argument is
//! converted to its parameter's type (numeric casts included), and an array passed for a
//! `CPointer(dtype)` parameter of the same dtype passes its data pointer (what numba-cuda users
//! get with `ffi.from_buffer(array)`). The external function is added to the module once per
//! symbol ([`oxcuda_ir::Function::external`]); calls to it are ordinary `call @fN(...)`s, and
//! the back end applies its ABI.

use oxcuda_ir::{FuncId, Function, FunctionKind, Op, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{Dtype, Type};

use super::Lower;
use super::call::Arg;
use crate::globals::ExternFn;
use crate::value::Val;

impl Lower<'_, '_> {
    /// A call of external function `e` with positional `args` (`keywords`: some were given).
    pub(crate) fn extern_call(
        &mut self,
        e: &ExternFn,
        args: Vec<Arg>,
        keywords: bool,
        range: TextRange,
    ) -> Val {
        let name = &e.symbol;
        if keywords {
            return self.error(
                codes::BAD_CALL,
                range,
                format!("external function {name} takes positional arguments only"),
            );
        }
        if args.len() != e.params.len() {
            let sig: Vec<String> = e.params.iter().map(ToString::to_string).collect();
            return self.error(
                codes::BAD_CALL,
                range,
                format!(
                    "external function {name}({}) takes {} argument{}, got {}",
                    sig.join(", "),
                    e.params.len(),
                    if e.params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
            );
        }
        let mut values = Vec::with_capacity(args.len());
        for (k, (a, p)) in args.into_iter().zip(&e.params).enumerate() {
            let v = match p {
                Type::Pointer(dtype) => self.pointer_argument(a, *dtype, name, k),
                _ => self.convert(a.val, p, a.range),
            };
            let Some(v) = v else {
                return Val::Poison;
            };
            values.push(v);
        }
        let Some(id) = self.extern_function(e, range) else {
            return Val::Poison;
        };
        if e.ret == Type::None {
            self.emit_void(Op::Call(id, values));
            Val::NoneV
        } else {
            Val::Rt(
                self.emit(Op::Call(id, values), e.ret.clone()),
                e.ret.clone(),
            )
        }
    }

    /// The value for a `CPointer(dtype)` parameter: a pointer of that type, or the data pointer
    /// of an array of that dtype.
    fn pointer_argument(&mut self, a: Arg, dtype: Dtype, name: &str, k: usize) -> Option<Value> {
        let (v, t) = self.materialize(a.val, a.range)?;
        match &t {
            Type::Pointer(s) if *s == dtype => Some(v),
            Type::Array(arr) if arr.dtype == dtype => {
                Some(self.emit(Op::ArrayData(v), Type::Pointer(dtype)))
            }
            _ => {
                self.error(
                    codes::TYPE_MISMATCH,
                    a.range,
                    format!(
                        "argument {k} of external function {name} is CPointer({dtype}): pass an \
                         array of {dtype}, not {t}"
                    ),
                );
                None
            }
        }
    }

    /// The module's external function for `e`, added on first use; `None` (after an error) when
    /// the symbol is already declared with another signature.
    fn extern_function(&mut self, e: &ExternFn, range: TextRange) -> Option<FuncId> {
        let functions = &self.sess.module.functions;
        if let Some(i) = functions
            .iter()
            .position(|f| f.kind.is_extern() && f.name == e.symbol)
        {
            let f = &functions[i];
            if f.params == e.params && f.ret == e.ret && f.kind == FunctionKind::Extern(e.abi) {
                return func_id(i);
            }
            let before = describe(&f.params, &f.ret, f.kind);
            let now = describe(&e.params, &e.ret, FunctionKind::Extern(e.abi));
            self.error(
                codes::BAD_SIGNATURE,
                range,
                format!(
                    "external function {} is declared twice with different signatures: {before} \
                     and {now}",
                    e.symbol
                ),
            );
            return None;
        }
        let f = Function::external(&e.symbol, e.abi, e.params.clone(), e.ret.clone());
        self.sess.module.functions.push(f);
        func_id(self.sess.module.functions.len() - 1)
    }
}

fn describe(params: &[Type], ret: &Type, kind: FunctionKind) -> String {
    let params: Vec<String> = params.iter().map(ToString::to_string).collect();
    let abi = match kind {
        FunctionKind::Extern(abi) => abi.name(),
        _ => "?",
    };
    format!("{ret}({}) with abi={abi:?}", params.join(", "))
}

fn func_id(index: usize) -> Option<FuncId> {
    u32::try_from(index).ok().map(FuncId)
}
