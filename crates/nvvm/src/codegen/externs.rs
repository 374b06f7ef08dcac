//! External device functions (`cuda.declare_device`): their declarations and calls.
//!
//! An external function ([`FunctionKind::Extern`]) is only declared in the module; the linker
//! (nvJitLink) resolves its symbol against the user's `link=` inputs. Two calling conventions
//! exist (`docs/linking.md`):
//!
//! - **C** (`abi="c"`): `declare RET @name(ARGS...)`, the result returned directly;
//! - **numba** (`abi="numba"`): `declare i32 @name(RET* %out, ARGS...)`; the caller passes a
//!   zero-initialised slot in its own stack (local memory), the callee stores the result there
//!   and returns a status, which the caller ignores (foreign code raises no Python exceptions).
//!   A function returning `none` still gets a slot (an `i8*`, numba's model of `none`).
//!
//! Parameter and return types are numba's *argument* data models, which are what C compilers
//! use for the same types: integers and floats by value, bool as a byte (`i8` holding 0/1), a
//! `CPointer(T)` as a generic `T*`. float16, complex numbers, arrays and tuples have no agreed
//! by-value C form and are refused with an error naming the function, except as the result of
//! a numba-ABI function, which is stored through its slot as the type's bytes.
//!
//! Invariants:
//! - every external function of the module is declared exactly once, whether called or not,
//!   and never defined, marked as a kernel or listed in `@llvm.used`;
//! - a symbol starting with `__nv_` is a libdevice function: declaring it makes the module
//!   need libdevice, as the writer's own math calls do.

use oxcuda_ir::{ExternAbi, FuncId, Function, FunctionKind, Scalar, Type, Value};

use super::ModuleCtx;
use super::error::CodegenError;
use super::function::{FnWriter, Result};
use super::types;

/// The LLVM type of a parameter or result of an external function, or why it has none.
fn abi_type(ty: &Type) -> std::result::Result<String, String> {
    match ty {
        Type::Scalar(Scalar::F16) => {
            Err("float16 has no agreed C ABI form (pass uint16 bits)".into())
        }
        Type::Scalar(s @ (Scalar::C64 | Scalar::C128)) => Err(format!(
            "{s} has no agreed C ABI form (pass the real and imaginary parts)"
        )),
        Type::Scalar(s) => Ok(types::scalar_mem(*s).to_owned()),
        Type::Pointer(d) => Ok(format!("{}*", types::dtype_mem(*d))),
        // A record is the address of its bytes, as numba passes records.
        Type::Record(_) => Ok("i8*".to_owned()),
        Type::Array(_) => Err(format!(
            "{ty} cannot cross a foreign call: declare the parameter as CPointer(<dtype>) and \
             pass the array (its data pointer is passed)"
        )),
        // Front-end types (never in the IR): as the value they hold.
        Type::Enum(_)
        | Type::NamedTuple(_)
        | Type::Vector(_)
        | Type::Fp8Vector(_)
        | Type::Fragment(_)
        | Type::Datetime(_)
        | Type::CharSeq(_)
        | Type::Optional(_)
        | Type::Class(_) => abi_type(&ty.erased()),
        Type::Tuple(_) | Type::None => Err(format!("{ty} cannot cross a foreign call")),
    }
}

/// The LLVM return type (`void` for none) of an external function.
fn abi_return(ty: &Type) -> std::result::Result<String, String> {
    if *ty == Type::None {
        Ok("void".to_owned())
    } else {
        abi_type(ty)
    }
}

/// The type of the result slot under numba's ABI (`i8*` for none: numba's opaque model). The
/// result is stored through a pointer, so float16 and complex numbers, which have no agreed
/// by-value C form, have one here: their bytes (`half`, `{ float, float }`, the layouts of
/// `__half`, `cuFloatComplex` and `cuDoubleComplex`).
fn numba_slot(ty: &Type) -> std::result::Result<String, String> {
    match ty {
        Type::None => Ok("i8*".to_owned()),
        Type::Scalar(s @ (Scalar::F16 | Scalar::C64 | Scalar::C128)) => {
            Ok(types::scalar_mem(*s).to_owned())
        }
        _ => abi_type(ty),
    }
}

fn signature_error(f: &Function, message: &str) -> CodegenError {
    CodegenError::module(format!("external function {}: {message}", f.name))
}

/// Checks an external function's signature against its ABI; returns the LLVM return type and
/// parameter types of its declaration.
fn declaration(f: &Function) -> std::result::Result<(String, Vec<String>), CodegenError> {
    let FunctionKind::Extern(abi) = f.kind else {
        return Err(signature_error(f, "is not external"));
    };
    let mut params = Vec::with_capacity(f.params.len() + 1);
    let ret = match abi {
        ExternAbi::C => abi_return(&f.ret).map_err(|e| signature_error(f, &e))?,
        ExternAbi::Numba => {
            let slot = numba_slot(&f.ret).map_err(|e| signature_error(f, &e))?;
            params.push(format!("{slot}*"));
            "i32".to_owned()
        }
    };
    for (i, p) in f.params.iter().enumerate() {
        let t = abi_type(p).map_err(|e| signature_error(f, &format!("parameter {i}: {e}")))?;
        params.push(t);
    }
    Ok((ret, params))
}

/// Declares every external function of the module (`declare RET @name(...)`).
///
/// # Errors
/// A parameter or result type that has no form under the function's ABI.
pub(super) fn declare_all(cx: &mut ModuleCtx<'_>) -> std::result::Result<(), CodegenError> {
    let module = cx.module;
    for f in module.functions.iter().filter(|f| f.kind.is_extern()) {
        let (ret, params) = declaration(f)?;
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        cx.declare(&f.name, &ret, &params);
    }
    Ok(())
}

impl FnWriter<'_, '_> {
    /// A call of external function `callee` with `args`; returns the result operand (in the IR
    /// register type), or `None` when it returns none.
    pub(super) fn extern_call(&mut self, callee: FuncId, args: &[Value]) -> Result<Option<String>> {
        let g = self.cx.module.function(callee);
        let FunctionKind::Extern(abi) = g.kind else {
            return Err(self.err(format!("{} is not an external function", g.name)));
        };
        let (ret, _) = declaration(g).map_err(|e| self.err(e.message))?;
        let mut list = Vec::with_capacity(args.len() + 1);
        let slot = if abi == ExternAbi::Numba {
            let slot_ty = numba_slot(&g.ret).map_err(|e| self.err(e))?;
            let align = match &g.ret {
                Type::Scalar(s) => types::scalar_align(*s),
                _ => 8,
            };
            let slot = self.alloca(&slot_ty, align);
            self.stmt(format!(
                "store {slot_ty} zeroinitializer, {slot_ty}* {slot}"
            ));
            list.push(format!("{slot_ty}* {slot}"));
            Some((slot, slot_ty))
        } else {
            None
        };
        for a in args {
            list.push(self.abi_argument(*a)?);
        }
        let call = format!("call {ret} @{}({})", g.name, list.join(", "));
        let raw = match slot {
            Some((slot, slot_ty)) => {
                // The status is ignored: foreign code raises no Python exceptions.
                let _status = self.emit(call);
                if g.ret == Type::None {
                    return Ok(None);
                }
                self.emit(format!("load {slot_ty}, {slot_ty}* {slot}"))
            }
            None if g.ret == Type::None => {
                self.stmt(call);
                return Ok(None);
            }
            None => self.emit(call),
        };
        Ok(Some(if g.ret == Type::BOOL {
            self.emit(format!("icmp ne i8 {raw}, 0"))
        } else {
            raw
        }))
    }

    /// `"<abi type> <operand>"` of an argument: a bool is widened to a byte.
    fn abi_argument(&mut self, v: Value) -> Result<String> {
        let ty = self.ty(v);
        let op = self.op(v)?;
        if *ty == Type::BOOL {
            let byte = self.emit(format!("zext i1 {op} to i8"));
            return Ok(format!("i8 {byte}"));
        }
        let llty = abi_type(ty).map_err(|e| self.err(e))?;
        Ok(format!("{llty} {op}"))
    }
}
