//! numba-cuda's ABI for the module's entry device function, chosen by
//! [`CodegenOptions::numba_abi`](super::CodegenOptions::numba_abi) (`compile_ptx(...,
//! device=True)` and `cuda.compile(..., device=True, abi="numba")`): the entry is
//! `i32 @sym(RET* %out, ARGS...)`, which stores its result in `*out` and returns the status 0
//! — the convention `cuda.declare_device(..., abi="numba")` calls (`externs`), so a device
//! function compiled here links into a kernel, oxcuda's or numba-cuda's, the way numba-cuda's
//! own do.
//!
//! The entry's body is the internal function `<sym>$value` in oxcuda's own convention
//! (docs/abi.md: arguments and result by value); the wrapper calls it and libNVVM inlines it.
//!
//! Invariants:
//! - a bool crosses as a byte holding 0 or 1, as in `externs`; a `none` result gets an `i8*`
//!   slot (numba's model of `none`) that is never written;
//! - every other type keeps its LLVM type (float16 is `half`; complex numbers, arrays and
//!   tuples are structs by value): numba's C-level ABI has no agreed form for those, and
//!   `cuda.declare_device` refuses them;
//! - the wrapper, not the body, is the module's external function and is in `@llvm.used`;
//!   calls inside the module (recursion) go to the body.

use std::fmt::Write;

use oxcuda_ir::{Function, FunctionKind, Type};

use super::CodegenOptions;
use super::function::ret_type;
use super::types;

/// Whether function `index` of a module compiled with `opts` is a numba-ABI entry.
pub(super) fn applies(opts: &CodegenOptions, index: usize, f: &Function) -> bool {
    opts.numba_abi && index == 0 && f.kind == FunctionKind::Device
}

/// The symbol of a numba-ABI entry's body (the wrapper keeps the entry's own symbol).
pub(super) fn body_name(f: &Function) -> String {
    format!("{}$value", f.name)
}

/// The ABI type of a parameter: a bool is a byte, the rest keep their LLVM types.
fn param_type(ty: &Type) -> String {
    if *ty == Type::BOOL {
        "i8".to_owned()
    } else {
        types::reg(ty)
    }
}

/// The type the result slot holds: `i8*` for none, a byte for a bool.
fn slot_type(ret: &Type) -> String {
    match ret {
        Type::None => "i8*".to_owned(),
        t => param_type(t),
    }
}

/// The wrapper's function pointer type, for `@llvm.used`.
pub(super) fn pointer_type(f: &Function) -> String {
    let mut params = vec![format!("{}*", slot_type(&f.ret))];
    params.extend(f.params.iter().map(param_type));
    format!("i32 ({})*", params.join(", "))
}

/// The wrapper's definition: converts the arguments, calls the body, stores the result.
/// `debug` is the wrapper's `DISubprogram` and the location of its instructions, when writing
/// debug metadata (`ModuleCtx::debug_wrapper`).
pub(super) fn write_wrapper(f: &Function, debug: Option<(u32, u32)>) -> String {
    let (sp, at) = match debug {
        Some((sp, loc)) => (format!(" !dbg !{sp}"), format!(", !dbg !{loc}")),
        None => (String::new(), String::new()),
    };
    let slot = slot_type(&f.ret);
    let mut params = vec![format!("{slot}* %out")];
    let mut body = String::new();
    let mut args = Vec::with_capacity(f.params.len());
    for (i, ty) in f.params.iter().enumerate() {
        params.push(format!("{} %a{i}", param_type(ty)));
        if !super::function::passed(ty) {
            continue; // the body does not take it
        }
        if *ty == Type::BOOL {
            let _ = writeln!(body, "  %b{i} = icmp ne i8 %a{i}, 0{at}");
            args.push(format!("i1 %b{i}"));
        } else {
            args.push(format!("{} %a{i}", types::reg(ty)));
        }
    }
    let call = format!(
        "call {} @{}({})",
        ret_type(&f.ret),
        body_name(f),
        args.join(", ")
    );
    match &f.ret {
        Type::None => {
            let _ = writeln!(body, "  {call}{at}");
        }
        ret => {
            let _ = writeln!(body, "  %r = {call}{at}");
            let value = if *ret == Type::BOOL {
                let _ = writeln!(body, "  %rb = zext i1 %r to i8{at}");
                "%rb"
            } else {
                "%r"
            };
            let _ = writeln!(body, "  store {slot} {value}, {slot}* %out{at}");
        }
    }
    format!(
        "define i32 @{}({}){sp} {{\nentry:\n{body}  ret i32 0{at}\n}}\n",
        f.name,
        params.join(", ")
    )
}
