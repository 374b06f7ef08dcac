//! The fixed parts of every NVVM IR module oxcuda writes.
//!
//! libNVVM aborts the process on some malformed headers (no datalayout on compute_100:
//! `toolchain.md` §1.5), so the header text is produced here and only here, and is tested.

use std::fmt::Write;

/// numba's long datalayout: accepted by libNVVM 12.x and 13.x for every arch.
pub const DATALAYOUT: &str = "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64";

/// The target triple; libNVVM only checks the `nvptx64-` prefix.
pub const TRIPLE: &str = "nvptx64-nvidia-cuda";

/// Writes the `target datalayout` and `target triple` lines, which must come first.
pub fn write_target(out: &mut String) {
    let _ = writeln!(out, "target datalayout = \"{DATALAYOUT}\"");
    let _ = writeln!(out, "target triple = \"{TRIPLE}\"");
}

/// Writes `!nvvmir.version` with the IR and debug-metadata versions libNVVM reports, using
/// metadata number `id`.
pub fn write_ir_version(out: &mut String, id: u32, version: (i32, i32, i32, i32)) {
    let (a, b, c, d) = version;
    let _ = writeln!(out, "!nvvmir.version = !{{!{id}}}");
    let _ = writeln!(out, "!{id} = !{{i32 {a}, i32 {b}, i32 {c}, i32 {d}}}");
}

/// A minimal complete module (one empty kernel `probe`), compiled once to learn which PTX ISA a
/// libNVVM emits.
#[must_use]
pub fn probe_module(ir_version: (i32, i32, i32, i32)) -> String {
    let mut out = String::new();
    write_target(&mut out);
    out.push_str(
        "@llvm.used = appending global [1 x i8*] [i8* bitcast (void ()* @probe to i8*)], section \"llvm.metadata\"\n\
         define ptx_kernel void @probe() {\n  ret void\n}\n\
         !nvvm.annotations = !{!0}\n\
         !0 = !{void ()* @probe, !\"kernel\", i32 1}\n",
    );
    write_ir_version(&mut out, 1, ir_version);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn target_lines_come_first() {
        let m = probe_module((2, 0, 3, 2));
        let mut lines = m.lines();
        assert!(
            lines
                .next()
                .unwrap()
                .starts_with("target datalayout = \"e-p:64:64:64")
        );
        assert_eq!(
            lines.next().unwrap(),
            "target triple = \"nvptx64-nvidia-cuda\""
        );
        assert!(m.contains("!1 = !{i32 2, i32 0, i32 3, i32 2}"));
        assert!(m.contains("!nvvmir.version = !{!1}"));
    }
}
