//! `assert` in debug builds: a failing thread records which assertion failed, and where, in the
//! module global [`ASSERT_INFO`], then exits; the launcher reads the record after the launch
//! and raises `AssertionError` on the host (docs/debugging.md). No trap: the context stays
//! usable.
//!
//! The record is eight `i32`s: the failed assertion's number (its index in
//! [`WrittenModule::asserts`](super::WrittenModule::asserts) plus one; 0 while none failed),
//! `threadIdx.x/y/z`, `blockIdx.x/y/z`, and a zero. A failing thread claims the record with a
//! compare-and-swap of the first word from 0, so only the first failure is kept, and only the
//! winner writes its indices. Then it executes PTX `exit`: the thread ends, from any depth of
//! device-function calls, and the other threads carry on.

use std::fmt::Write;

use oxcuda_ir::Loc;

use super::ModuleCtx;
use super::function::FnWriter;

/// The record's symbol: an externally visible global, found with `cuModuleGetGlobal`.
pub const ASSERT_INFO: &str = "__oxcuda_assert_info";

/// Words in the record.
pub const ASSERT_INFO_WORDS: usize = 8;

/// One `assert` of the module, as the host reports it when it fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssertSite {
    /// The assertion's message; empty when it has none.
    pub message: String,
    /// The Python qualified name of the function holding it.
    pub function: String,
    /// Its Python file.
    pub file: String,
    /// 1-based line and column.
    pub line: u32,
    /// See `line`.
    pub col: u32,
    /// The Python exception class the host raises (`AssertionError` for `assert`; a `raise`d
    /// builtin class, `ZeroDivisionError`, `IndexError` for debug checks).
    pub exception: String,
}

impl ModuleCtx<'_> {
    /// Writes the record's definition when some assertion uses it.
    pub(super) fn write_assert_info(&self, out: &mut String) {
        if !self.asserts.is_empty() {
            let _ = writeln!(
                out,
                "@{ASSERT_INFO} = addrspace(1) global [{ASSERT_INFO_WORDS} x i32] zeroinitializer, align 16"
            );
        }
    }
}

impl FnWriter<'_, '_> {
    /// The check of `assert` on the i1 operand `cond`, at the instruction being written.
    pub(super) fn assert_check(&mut self, cond: &str) {
        let f = self.func;
        let Loc { line, col } = self.loc;
        self.cx.asserts.push(AssertSite {
            message: f.assert_message(self.loc).unwrap_or_default().to_owned(),
            function: f.display_name.clone(),
            file: f.file.clone(),
            line,
            col,
            exception: f.exception_at(self.loc).to_owned(),
        });
        let id = self.cx.asserts.len();
        let (ok, fail, record, exit) = (
            self.new_label(),
            self.new_label(),
            self.new_label(),
            self.new_label(),
        );
        self.stmt(format!("br i1 {cond}, label %{ok}, label %{fail}"));
        self.begin_block(&fail);
        let info = format!("[{ASSERT_INFO_WORDS} x i32] addrspace(1)* @{ASSERT_INFO}");
        let word = |w: &mut Self, k: usize| {
            w.emit(format!(
                "getelementptr inbounds [{ASSERT_INFO_WORDS} x i32], {info}, i64 0, i64 {k}"
            ))
        };
        let code = word(self, 0);
        let old = self.emit(format!(
            "cmpxchg i32 addrspace(1)* {code}, i32 0, i32 {id} monotonic monotonic"
        ));
        let won = self.emit(format!("extractvalue {{ i32, i1 }} {old}, 1"));
        self.stmt(format!("br i1 {won}, label %{record}, label %{exit}"));
        self.begin_block(&record);
        let registers = ["tid.x", "tid.y", "tid.z", "ctaid.x", "ctaid.y", "ctaid.z"];
        for (k, reg) in registers.iter().enumerate() {
            let name = format!("llvm.nvvm.read.ptx.sreg.{reg}");
            self.cx.declare(&name, "i32", &[]);
            let v = self.emit(format!("call i32 @{name}()"));
            let p = word(self, k + 1);
            self.stmt(format!("store i32 {v}, i32 addrspace(1)* {p}, align 4"));
        }
        self.stmt(format!("br label %{exit}"));
        self.begin_block(&exit);
        self.stmt("call void asm sideeffect \"exit;\", \"\"()".to_owned());
        self.stmt("unreachable".to_owned());
        self.begin_block(&ok);
    }
}
