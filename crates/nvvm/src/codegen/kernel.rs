//! The kernel ABI and kernel marking.
//!
//! A kernel's IR parameters are flattened into LLVM parameters exactly as `docs/abi.md`
//! specifies (the launcher packs arguments that way): scalars by value with bool as `i8`,
//! arrays as data pointer + N `i64` extents + N `i64` byte strides (always all strides),
//! tuples element by element, `none` as nothing. The entry block reassembles each IR parameter
//! into its register form, so the rest of the writer never sees the flattening.
//!
//! Every kernel is marked three ways (`toolchain.md` §1.4): the `ptx_kernel` calling
//! convention, a `!nvvm.annotations` `"kernel"` entry, and a place in `@llvm.used` (without
//! which LTO strips it). Launch bounds and `maxnreg` are further annotations on each kernel.

use std::fmt::Write;

use oxcuda_ir::{FunctionKind, Module, Type};

use super::ModuleCtx;
use super::function::{FnWriter, ret_type};
use super::types;

impl FnWriter<'_, '_> {
    /// The flattened LLVM parameter list of a kernel; fills the IR parameter operands by
    /// reassembling each in the entry block.
    pub(super) fn kernel_params(&mut self) -> Vec<String> {
        let mut list = Vec::new();
        let func = self.func;
        for ty in &func.params {
            let operand = self.reassemble(ty, &mut list);
            self.params_mut().push(operand);
        }
        list
    }

    /// Declares the flattened parameters of one value of type `ty` (appending to `list`) and
    /// returns the operand of the reassembled value.
    fn reassemble(&mut self, ty: &Type, list: &mut Vec<String>) -> String {
        let fresh = |list: &mut Vec<String>, llty: String| {
            let name = format!("%p{}", list.len());
            list.push(format!("{llty} {name}"));
            name
        };
        match ty {
            Type::None => "undef".to_owned(),
            Type::Scalar(s) => {
                let p = fresh(list, types::scalar_mem(*s).to_owned());
                if *s == oxcuda_ir::Scalar::Bool {
                    self.emit(format!("icmp ne i8 {p}, 0"))
                } else {
                    p
                }
            }
            Type::Pointer(d) => fresh(list, format!("{}*", types::dtype_mem(*d))),
            // A record argument is the address of its bytes (`docs/abi.md`).
            Type::Record(_) => fresh(list, "i8*".to_owned()),
            Type::Array(a) => {
                let llty = types::array_reg(a);
                let data = fresh(list, format!("{}*", types::dtype_mem(a.dtype)));
                let mut acc = self.emit(format!(
                    "insertvalue {llty} undef, {}* {data}, 0",
                    types::dtype_mem(a.dtype)
                ));
                for field in 1..=2 {
                    for k in 0..a.ndim {
                        let p = fresh(list, "i64".to_owned());
                        if field == 1 {
                            self.assume_nonnegative(&p);
                        }
                        acc = self.emit(format!("insertvalue {llty} {acc}, i64 {p}, {field}, {k}"));
                    }
                }
                acc
            }
            Type::Tuple(items) => {
                let llty = types::reg(ty);
                let mut acc = "undef".to_owned();
                for (i, item) in items.iter().enumerate() {
                    let part = self.reassemble(item, list);
                    let part_ty = types::reg(item);
                    acc = self.emit(format!("insertvalue {llty} {acc}, {part_ty} {part}, {i}"));
                }
                acc
            }
            // Front-end types (never in the IR): as the value they hold.
            Type::Enum(_)
            | Type::NamedTuple(_)
            | Type::Vector(_)
            | Type::Fp8Vector(_)
            | Type::Fragment(_)
            | Type::Datetime(_)
            | Type::CharSeq(_)
            | Type::Optional(_)
            | Type::Class(_) => self.reassemble(&ty.erased(), list),
        }
    }
}

impl FnWriter<'_, '_> {
    /// Tells LLVM that the `i64` parameter `p`, an array extent, is not negative
    /// (`llvm.assume`): the launcher only ever packs extents ≥ 0 (`docs/abi.md`), and knowing it
    /// lets LLVM drop the negative-index wraparound of indices computed from extents
    /// (`n // k`, `i + n // 2`, …) and divide by constants without sign fixups.
    fn assume_nonnegative(&mut self, p: &str) {
        self.cx.declare("llvm.assume", "void", &["i1"]);
        let ok = self.emit(format!("icmp sge i64 {p}, 0"));
        self.stmt(format!("call void @llvm.assume(i1 {ok})"));
    }
}

/// The LLVM function type of a function, as a pointer (`void (float*, i64)*`), for metadata
/// and `@llvm.used`.
fn function_pointer_type(f: &oxcuda_ir::Function) -> String {
    let params: Vec<String> = if f.kind == FunctionKind::Kernel {
        let mut list = Vec::new();
        f.params
            .iter()
            .for_each(|t| types::kernel_params(t, &mut list));
        list
    } else {
        f.params
            .iter()
            .filter(|t| super::function::passed(t))
            .map(types::reg)
            .collect()
    };
    let ret = if f.kind == FunctionKind::Kernel {
        "void".to_owned()
    } else {
        ret_type(&f.ret)
    };
    format!("{ret} ({})*", params.join(", "))
}

/// Whether the function is defined here and visible outside the module: kernels and the entry
/// function (external functions are only declared).
pub(super) fn is_external(index: usize, f: &oxcuda_ir::Function) -> bool {
    (index == 0 || f.kind == FunctionKind::Kernel) && !f.kind.is_extern()
}

/// `@llvm.used`, listing every external function and the assertion record (`assert_info`), so
/// LTO keeps them.
pub(super) fn write_llvm_used(
    out: &mut String,
    module: &Module,
    options: &super::CodegenOptions,
    assert_info: bool,
) {
    let mut used: Vec<String> = module
        .functions
        .iter()
        .enumerate()
        .filter(|(i, f)| is_external(*i, f))
        .map(|(i, f)| {
            let ty = if super::numba_abi::applies(options, i, f) {
                super::numba_abi::pointer_type(f)
            } else {
                function_pointer_type(f)
            };
            format!("i8* bitcast ({ty} @{} to i8*)", f.name)
        })
        .collect();
    if assert_info {
        // the launcher looks the record up by name: LTO must neither drop nor rename it
        used.push(format!(
            "i8* addrspacecast ([{} x i32] addrspace(1)* @{} to i8*)",
            super::ASSERT_INFO_WORDS,
            super::ASSERT_INFO
        ));
    }
    let _ = writeln!(
        out,
        "@llvm.used = appending global [{} x i8*] [{}], section \"llvm.metadata\"",
        used.len(),
        used.join(", ")
    );
}

/// The `!nvvm.annotations` entries: `"kernel"` for each kernel plus its launch bounds and
/// register limit. Returns their metadata numbers.
pub(super) fn annotations(cx: &mut ModuleCtx<'_>) -> Vec<u32> {
    let mut ids = Vec::new();
    let module = cx.module;
    let opts = cx.opts;
    for f in module
        .functions
        .iter()
        .filter(|f| f.kind == FunctionKind::Kernel)
    {
        let fnref = format!("{} @{}", function_pointer_type(f), f.name);
        let mut add = |key: &str, value: u32| {
            ids.push(cx.meta(format!("!{{{fnref}, !\"{key}\", i32 {value}}}")));
        };
        add("kernel", 1);
        if let Some(lb) = opts.launch_bounds {
            add("maxntidx", lb.max_threads_per_block);
            if let Some(n) = lb.min_blocks_per_sm {
                add("minctasm", n);
            }
            if let Some(n) = lb.max_blocks_per_cluster {
                add("cluster_max_blocks", n);
            }
        }
        if let Some(n) = opts.max_registers {
            add("maxnreg", n);
        }
    }
    ids
}
