//! Line-table debug metadata: `.loc` directives in the PTX point at the user's Python lines.
//!
//! With `lineinfo` the compile unit's emission kind is `DebugDirectivesOnly` (line tables, no
//! DWARF sections: what numba-cuda emits for `lineinfo=True`); with `debug` it is `FullDebug`
//! (and the pipeline passes `-g -opt=0`). Each function gets a `DISubprogram` on its file and
//! each instruction a `DILocation` from its `Loc`; locations are shared between instructions.
//! Syntax is LLVM 7's: `DISubprogram` takes no `variables:`/`retainedNodes:` field here.

use std::collections::HashMap;
use std::fmt::Write;

use oxcuda_ir::{Function, Loc};

use super::ModuleCtx;

/// Debug metadata numbers allocated so far.
#[derive(Debug)]
pub(super) struct DebugInfo {
    cu: u32,
    flags: u32,
    empty: u32,
    files: HashMap<String, u32>,
    locations: HashMap<(u32, u32, u32), u32>,
}

/// `s` as LLVM metadata string text (quotes, backslashes and non-ASCII as `\XX` escapes).
pub(super) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' | '\\' => {
                let _ = write!(out, "\\{:02X}", c as u32);
            }
            c if c.is_ascii_graphic() || c == ' ' => out.push(c),
            c => {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    let _ = write!(out, "\\{b:02X}");
                }
            }
        }
    }
    out
}

impl DebugInfo {
    pub(super) fn new(cx: &mut ModuleCtx<'_>) -> Self {
        let first_file = cx
            .module
            .functions
            .first()
            .map(|f| f.file.clone())
            .unwrap_or_default();
        let file = cx.meta(file_node(&first_file));
        let kind = if cx.opts.debug {
            "FullDebug"
        } else {
            "DebugDirectivesOnly"
        };
        let optimized = cx.opts.optimizes();
        let cu = cx.meta(format!(
            "distinct !DICompileUnit(language: DW_LANG_Python, file: !{file}, producer: \"oxcuda\", isOptimized: {optimized}, runtimeVersion: 0, emissionKind: {kind})"
        ));
        let flags = cx.meta("!{i32 2, !\"Debug Info Version\", i32 3}".to_owned());
        let empty = cx.meta("!{}".to_owned());
        let mut files = HashMap::new();
        files.insert(first_file, file);
        Self {
            cu,
            flags,
            empty,
            files,
            locations: HashMap::new(),
        }
    }
}

fn file_node(path: &str) -> String {
    let p = std::path::Path::new(path);
    let name = p
        .file_name()
        .map_or_else(|| path.to_owned(), |n| n.to_string_lossy().into_owned());
    let dir = p
        .parent()
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!(
        "!DIFile(filename: \"{}\", directory: \"{}\")",
        escape(&name),
        escape(&dir)
    )
}

impl ModuleCtx<'_> {
    /// The `DISubprogram` of `f`, defined as `symbol`, when writing debug metadata.
    pub(super) fn debug_subprogram(&mut self, f: &Function, symbol: &str) -> Option<u32> {
        self.subprogram(f, symbol)
    }

    /// The `DISubprogram` and the one `DILocation` (`f`'s first line) of the numba-ABI
    /// wrapper `symbol` of `f`, when writing debug metadata: its instructions, and the body
    /// libNVVM inlines into it, then keep a line (`.loc`, and a `.file` naming `f`'s file).
    pub(super) fn debug_wrapper(&mut self, f: &Function, symbol: &str) -> Option<(u32, u32)> {
        let sp = self.subprogram(f, symbol)?;
        let line = first_line(f);
        let loc = self.debug_location(Loc { line, col: 1 }, sp);
        Some((sp, loc))
    }

    fn subprogram(&mut self, f: &Function, symbol: &str) -> Option<u32> {
        let (cu, empty) = {
            let d = self.debug.as_ref()?;
            (d.cu, d.empty)
        };
        let file = self.debug_file(f)?;
        let line = first_line(f);
        let ty = self.meta(format!("!DISubroutineType(types: !{empty})"));
        let optimized = self.opts.optimizes();
        Some(self.meta(format!(
            "distinct !DISubprogram(name: \"{}\", linkageName: \"{}\", scope: !{file}, file: !{file}, line: {line}, type: !{ty}, isLocal: false, isDefinition: true, scopeLine: {line}, isOptimized: {optimized}, unit: !{cu})",
            escape(&f.display_name),
            escape(symbol)
        )))
    }

    /// The `DIFile` of `f`'s source, when writing debug metadata.
    pub(super) fn debug_file(&mut self, f: &Function) -> Option<u32> {
        let d = self.debug.as_ref()?;
        if let Some(id) = d.files.get(&f.file) {
            return Some(*id);
        }
        let id = self.meta(file_node(&f.file));
        if let Some(d) = self.debug.as_mut() {
            d.files.insert(f.file.clone(), id);
        }
        Some(id)
    }

    /// The `DILocation` of `loc` in `scope`, shared between instructions.
    pub(super) fn debug_location(&mut self, loc: Loc, scope: u32) -> u32 {
        let key = (loc.line, loc.col, scope);
        if let Some(id) = self.debug.as_ref().and_then(|d| d.locations.get(&key)) {
            return *id;
        }
        let id = self.meta(format!(
            "!DILocation(line: {}, column: {}, scope: !{scope})",
            loc.line, loc.col
        ));
        if let Some(d) = self.debug.as_mut() {
            d.locations.insert(key, id);
        }
        id
    }

    /// `!llvm.dbg.cu` and `!llvm.module.flags`, when writing debug metadata.
    pub(super) fn write_debug_named(&self, out: &mut String) {
        if let Some(d) = &self.debug {
            let _ = writeln!(out, "!llvm.dbg.cu = !{{!{}}}", d.cu);
            let _ = writeln!(out, "!llvm.module.flags = !{{!{}}}", d.flags);
        }
    }
}

/// The first known line of a function (its `def` line is not in the IR): of an instruction
/// or a terminator (a body of `pass` has only its `return`).
pub(super) fn first_line(f: &Function) -> u32 {
    f.blocks
        .iter()
        .flat_map(|b| {
            b.insts
                .iter()
                .map(|i| i.loc.line)
                .chain(std::iter::once(b.term_loc.line))
        })
        .filter(|l| *l > 0)
        .min()
        .unwrap_or(0)
}
