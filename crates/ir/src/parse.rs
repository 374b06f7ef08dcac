//! The IR's text form read back: [`parse_module`] is the exact inverse of
//! [`crate::print::module_to_string`] (`docs/ir.md` specifies the format).
//!
//! Invariants:
//! - `parse_module(&module_to_string(m))` rebuilds `m` for every module whose functions have
//!   the default `display_name`/`param_names` of [`Function::new`] (the text does not carry
//!   them) and whose values are all defined by some instruction; printing the result again
//!   gives the same text in every case;
//! - entity numbers are positions: globals, functions, variables and blocks must appear in
//!   order `@g0, @g1, …`, `@f0, …`, `$0, …`, `bb0, …`; value numbers are free, and the value
//!   table grows to the largest one mentioned (values never defined get type `none`);
//! - the parser checks syntax only; whether operands and types agree is the verifier's job,
//!   so a hand-written filetest can hold an ill-typed function on purpose;
//! - every error names its 1-based line.
//!
//! Beyond what the printer writes, blank lines and whole-line comments starting with `;` are
//! allowed anywhere (for hand-written filetests).

use std::fmt;

use oxcuda_types::{Dtype, Type, parse_type};

use crate::entities::{Block, FuncId, GlobalId, Value, Var};
use crate::function::{
    BlockData, ExternAbi, Function, FunctionKind, Global, GlobalKind, Inst, Loc, Module, VarData,
};
use crate::ops::{
    AtomicOp, BinOp, CmpOp, Const, Intrinsic, LoadCache, Op, StoreCache, Terminator, UnaryOp,
};
use crate::print::math_by_name;

/// A syntax error, at a 1-based line of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line (1-based).
    pub line: usize,
    /// What was expected or found.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

type Result<T> = std::result::Result<T, String>;

/// Parses a module from its text form.
///
/// # Errors
/// The first syntax error, with its line number.
pub fn parse_module(text: &str) -> std::result::Result<Module, ParseError> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with(';')
        })
        .collect();
    let mut module = Module::default();
    let mut pos = 0;
    while pos < lines.len() {
        let (line, text) = lines[pos];
        let at = |message: String| ParseError { line, message };
        let trimmed = text.trim_start();
        if trimmed.starts_with("global ") {
            let g = parse_global(trimmed, module.globals.len()).map_err(at)?;
            module.globals.push(g);
            pos += 1;
        } else if trimmed.starts_with("kernel ") || trimmed.starts_with("device ") {
            let (f, next) = parse_function(&lines, pos, module.functions.len())?;
            module.functions.push(f);
            pos = next;
        } else if trimmed.starts_with("extern ") {
            let f = parse_extern(trimmed, module.functions.len()).map_err(at)?;
            module.functions.push(f);
            pos += 1;
        } else {
            return Err(at(format!(
                "expected 'global', 'kernel', 'device' or 'extern', found '{trimmed}'"
            )));
        }
    }
    Ok(module)
}

// ---- a cursor over one line ----

struct Cursor<'a> {
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str) -> Self {
        Self { rest: text }
    }

    fn ws(&mut self) {
        self.rest = self.rest.trim_start();
    }

    fn eat(&mut self, token: &str) -> bool {
        self.ws();
        if let Some(r) = self.rest.strip_prefix(token) {
            self.rest = r;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, token: &str) -> Result<()> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(format!("expected '{token}' at '{}'", self.rest))
        }
    }

    /// A run of characters that can form a word or number (`[A-Za-z0-9_.+-]`).
    fn word(&mut self) -> Result<&'a str> {
        self.ws();
        let len = self
            .rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '+' | '-')))
            .unwrap_or(self.rest.len());
        if len == 0 {
            return Err(format!("expected a word at '{}'", self.rest));
        }
        let (w, r) = self.rest.split_at(len);
        self.rest = r;
        Ok(w)
    }

    fn number<T: std::str::FromStr>(&mut self) -> Result<T> {
        let w = self.word()?;
        w.parse()
            .map_err(|_| format!("expected a number, found '{w}'"))
    }

    /// An entity number after `prefix` (`v`, `bb`, `$`, `@f`, `@g`).
    fn entity(&mut self, prefix: &str) -> Result<u32> {
        self.ws();
        let Some(r) = self.rest.strip_prefix(prefix) else {
            return Err(format!("expected '{prefix}<n>' at '{}'", self.rest));
        };
        let len = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        let n = r[..len]
            .parse()
            .map_err(|_| format!("expected '{prefix}<n>' at '{}'", self.rest))?;
        self.rest = &r[len..];
        Ok(n)
    }

    fn value(&mut self) -> Result<Value> {
        self.entity("v").map(Value)
    }

    fn block(&mut self) -> Result<Block> {
        self.entity("bb").map(Block)
    }

    /// Values separated by `,` up to (not including) `close`, or to the end when `close` is
    /// empty.
    fn values(&mut self, close: &str) -> Result<Vec<Value>> {
        let mut out = Vec::new();
        self.ws();
        if self.rest.is_empty() || (!close.is_empty() && self.rest.starts_with(close)) {
            return Ok(out);
        }
        loop {
            out.push(self.value()?);
            if !self.eat(",") {
                return Ok(out);
            }
        }
    }

    /// A string literal as Rust's `{:?}` writes it.
    fn string(&mut self) -> Result<String> {
        self.ws();
        let Some(body) = self.rest.strip_prefix('"') else {
            return Err(format!("expected a string at '{}'", self.rest));
        };
        let mut out = String::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.rest = &body[i + 1..];
                    return Ok(out);
                }
                '\\' => {
                    let (_, e) = chars.next().ok_or("unterminated escape")?;
                    out.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        '0' => '\0',
                        '\\' | '"' | '\'' => e,
                        'u' => {
                            let rest = &body[i + 2..];
                            let close = rest.find('}').ok_or("unterminated \\u{…}")?;
                            let hex = rest
                                .strip_prefix('{')
                                .map(|r| &r[..close - 1])
                                .ok_or("expected '{' after \\u")?;
                            let code = u32::from_str_radix(hex, 16)
                                .map_err(|_| format!("bad escape \\u{{{hex}}}"))?;
                            for _ in 0..=close {
                                chars.next();
                            }
                            char::from_u32(code).ok_or(format!("bad escape \\u{{{hex}}}"))?
                        }
                        other => return Err(format!("unknown escape '\\{other}'")),
                    });
                }
                c => out.push(c),
            }
        }
        Err("unterminated string".to_owned())
    }

    /// A bracketed list of unsigned integers: `[16, 16]`.
    fn dims(&mut self) -> Result<Vec<u64>> {
        self.expect("[")?;
        let mut out = Vec::new();
        if self.eat("]") {
            return Ok(out);
        }
        loop {
            out.push(self.number()?);
            if self.eat("]") {
                return Ok(out);
            }
            self.expect(",")?;
        }
    }

    fn end(&mut self) -> Result<()> {
        self.ws();
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(format!("unexpected '{}'", self.rest))
        }
    }
}

// ---- types ----

/// The index of the first `stop` character outside parentheses and string literals (record
/// field names may hold any character), or the length.
fn split_top(text: &str, stop: char) -> usize {
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if c == stop && depth == 0 {
            return i;
        }
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '"' => in_string = true,
            _ => {}
        }
    }
    text.len()
}

/// The index of the first `pattern` outside string literals.
fn find_outside_strings(text: &str, pattern: &str) -> Option<usize> {
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        if text[i..].starts_with(pattern) {
            return Some(i);
        }
        if c == '"' {
            in_string = true;
        }
    }
    None
}

/// One type in the printer's syntax (`oxcuda_types::parse_type`).
fn parse_ty(text: &str) -> Result<Type> {
    let t = text.trim();
    parse_type(t).map_err(|e| format!("bad type '{t}': {}", e.message))
}

/// Parses a comma-separated list of types (commas inside parentheses belong to the types).
fn parse_types(text: &str) -> Result<Vec<Type>> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.trim().is_empty() {
        let end = split_top(rest, ',');
        out.push(parse_ty(&rest[..end])?);
        rest = rest.get(end + 1..).unwrap_or("");
    }
    Ok(out)
}

// ---- globals and functions ----

fn parse_global(text: &str, index: usize) -> Result<Global> {
    let mut c = Cursor::new(text);
    c.expect("global")?;
    let n = c.entity("@g")?;
    if n as usize != index {
        return Err(format!("expected @g{index}, found @g{n}"));
    }
    let name = c.string()?;
    let kind = match c.word()? {
        crate::names::mnemonic::GLOBAL_SHARED => GlobalKind::Shared,
        crate::names::mnemonic::GLOBAL_CONST => GlobalKind::Const,
        w => return Err(format!("expected 'shared' or 'const', found '{w}'")),
    };
    c.ws();
    let end = find_outside_strings(c.rest, " [").ok_or("expected the dtype, then '[extents]'")?;
    let dtype = match parse_ty(&c.rest[..end])? {
        Type::Scalar(s) => Dtype::Scalar(s),
        Type::Record(r) => Dtype::Record(r),
        other => return Err(format!("{other} is not a dtype")),
    };
    c.rest = &c.rest[end..];
    let shape = c.dims()?;
    c.expect("align")?;
    let align = c.number()?;
    let init = if c.eat("init") {
        c.ws();
        let hex = c.rest;
        c.rest = "";
        if !hex.len().is_multiple_of(2) {
            return Err("init bytes: odd number of hex digits".to_owned());
        }
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16))
            .collect::<std::result::Result<Vec<u8>, _>>()
            .map_err(|_| format!("init bytes: bad hex '{hex}'"))?;
        Some(bytes)
    } else {
        None
    };
    c.end()?;
    Ok(Global {
        name,
        kind,
        dtype,
        shape,
        align,
        init,
    })
}

/// Parses the function starting at `lines[pos]`; returns it and the index after its `}`.
fn parse_function(
    lines: &[(usize, &str)],
    pos: usize,
    index: usize,
) -> std::result::Result<(Function, usize), ParseError> {
    let (line, header) = lines[pos];
    let at = |line: usize| move |message: String| ParseError { line, message };
    let mut f = parse_header(header.trim(), index).map_err(at(line))?;
    let mut pos = pos + 1;
    let mut current: Option<usize> = None;
    let mut pending: Vec<Inst> = Vec::new();
    loop {
        let Some(&(line, text)) = lines.get(pos) else {
            return Err(ParseError {
                line: lines.last().map_or(1, |l| l.0),
                message: format!("function {} has no closing '}}'", f.name),
            });
        };
        pos += 1;
        let t = text.trim();
        if t == "}" {
            if current.is_some() || !pending.is_empty() {
                return Err(at(line)("the last block has no terminator".to_owned()));
            }
            break;
        }
        if let Some(rest) = t.strip_prefix("var ") {
            if !f.blocks.is_empty() {
                return Err(at(line)("variables come before the first block".to_owned()));
            }
            let var = parse_var(rest, f.vars.len()).map_err(at(line))?;
            f.vars.push(var);
            continue;
        }
        if let Some(rest) = t.strip_prefix("assert ") {
            if !f.blocks.is_empty() {
                return Err(at(line)(
                    "assert messages come before the first block".to_owned(),
                ));
            }
            let message = parse_assert_message(rest).map_err(at(line))?;
            f.assert_messages.push(message);
            continue;
        }
        if let Some(rest) = t.strip_prefix("raises ") {
            if !f.blocks.is_empty() {
                return Err(at(line)(
                    "exception classes come before the first block".to_owned(),
                ));
            }
            let class = parse_assert_message(rest).map_err(at(line))?;
            f.exceptions.push(class);
            continue;
        }
        if let Some(label) = t.strip_suffix(':')
            && label.starts_with("bb")
        {
            if current.is_some() {
                return Err(at(line)("the previous block has no terminator".to_owned()));
            }
            let n: usize = label[2..]
                .parse()
                .map_err(|_| at(line)(format!("bad block label '{label}'")))?;
            if n != f.blocks.len() {
                return Err(at(line)(format!(
                    "expected bb{}, found {label}",
                    f.blocks.len()
                )));
            }
            current = Some(n);
            continue;
        }
        if current.is_none() {
            return Err(at(line)(format!("'{t}' is outside a block")));
        }
        let (body, loc) = split_loc(t).map_err(at(line))?;
        if let Some(term) = parse_terminator(body).map_err(at(line))? {
            f.blocks.push(BlockData {
                insts: std::mem::take(&mut pending),
                term,
                term_loc: loc,
            });
            current = None;
            continue;
        }
        let inst = parse_inst(&mut f, body, loc).map_err(at(line))?;
        pending.push(inst);
    }
    if f.blocks.is_empty() {
        return Err(at(line)(format!("function {} has no blocks", f.name)));
    }
    for b in &f.blocks {
        for v in b
            .insts
            .iter()
            .flat_map(|i| i.op.operands())
            .chain(term_values(&b.term))
        {
            grow(&mut f.values, v);
        }
    }
    Ok((f, pos))
}

fn term_values(t: &Terminator) -> Vec<Value> {
    match t {
        Terminator::Branch(c, _, _) => vec![*c],
        Terminator::Return(Some(v)) => vec![*v],
        _ => Vec::new(),
    }
}

fn grow(values: &mut Vec<Type>, v: Value) {
    if values.len() <= v.index() {
        values.resize(v.index() + 1, Type::None);
    }
}

fn parse_header(text: &str, index: usize) -> Result<Function> {
    let mut c = Cursor::new(text);
    let kind = if c.eat("kernel") {
        FunctionKind::Kernel
    } else {
        c.expect("device")?;
        FunctionKind::Device
    };
    let n = c.entity("@f")?;
    if n as usize != index {
        return Err(format!("expected @f{index}, found @f{n}"));
    }
    let name = c.string()?;
    c.expect("(")?;
    let close = split_top(c.rest, ')');
    if close == c.rest.len() {
        return Err("unclosed parameter list".to_owned());
    }
    let params = parse_types(&c.rest[..close])?;
    c.rest = &c.rest[close + 1..];
    c.expect("->")?;
    let file_at = c
        .rest
        .rfind(" file \"")
        .ok_or("expected 'file \"…\"' after the return type")?;
    let ret = parse_ty(&c.rest[..file_at])?;
    c.rest = &c.rest[file_at..];
    c.expect("file")?;
    let file = c.string()?;
    c.expect("{")?;
    c.end()?;
    let mut f = Function::new(&name, kind, params, ret);
    f.file = file;
    f.blocks.clear();
    Ok(f)
}

/// `extern @fN "symbol"(TYPE, ...) -> TYPE abi (c|numba)`: a declaration on one line.
fn parse_extern(text: &str, index: usize) -> Result<Function> {
    let mut c = Cursor::new(text);
    c.expect("extern")?;
    let n = c.entity("@f")?;
    if n as usize != index {
        return Err(format!("expected @f{index}, found @f{n}"));
    }
    let name = c.string()?;
    c.expect("(")?;
    let close = split_top(c.rest, ')');
    if close == c.rest.len() {
        return Err("unclosed parameter list".to_owned());
    }
    let params = parse_types(&c.rest[..close])?;
    c.rest = &c.rest[close + 1..];
    c.expect("->")?;
    let abi_at = c
        .rest
        .rfind(" abi ")
        .ok_or("expected 'abi c' or 'abi numba' after the return type")?;
    let ret = parse_ty(&c.rest[..abi_at])?;
    c.rest = &c.rest[abi_at..];
    c.expect("abi")?;
    let word = c.word()?;
    let abi = ExternAbi::from_name(word)
        .ok_or_else(|| format!("unknown ABI '{word}' (expected 'c' or 'numba')"))?;
    c.end()?;
    Ok(Function::external(&name, abi, params, ret))
}

fn parse_var(text: &str, index: usize) -> Result<VarData> {
    let mut c = Cursor::new(text);
    let n = c.entity("$")?;
    if n as usize != index {
        return Err(format!("expected ${index}, found ${n}"));
    }
    let name = c.string()?;
    c.expect(":")?;
    let ty = parse_ty(c.rest)?;
    Ok(VarData { name, ty })
}

/// `"message" !line:col`: an assert message and the location of its assert.
fn parse_assert_message(text: &str) -> Result<(Loc, String)> {
    let (text, loc) = split_loc(text)?;
    let mut c = Cursor::new(text);
    let message = c.string()?;
    if !c.rest.trim().is_empty() {
        return Err(format!("unexpected '{}' after the message", c.rest.trim()));
    }
    Ok((loc, message))
}

/// Splits `text !line:col` into the text and the location.
fn split_loc(text: &str) -> Result<(&str, Loc)> {
    let at = text
        .rfind(" !")
        .ok_or("expected a location '!line:col' at the end")?;
    let (line, col) = text[at + 2..]
        .split_once(':')
        .ok_or("expected a location '!line:col' at the end")?;
    let line = line.parse().map_err(|_| format!("bad line '{line}'"))?;
    let col = col.parse().map_err(|_| format!("bad column '{col}'"))?;
    Ok((text[..at].trim_end(), Loc { line, col }))
}

fn parse_terminator(text: &str) -> Result<Option<Terminator>> {
    use crate::names::mnemonic as m;
    let mut c = Cursor::new(text);
    let word = c.word()?;
    let term = match word {
        m::JUMP => Terminator::Jump(c.block()?),
        m::BR => {
            let cond = c.value()?;
            c.expect(",")?;
            let t = c.block()?;
            c.expect(",")?;
            Terminator::Branch(cond, t, c.block()?)
        }
        m::RET => {
            c.ws();
            if c.rest.is_empty() {
                Terminator::Return(None)
            } else {
                Terminator::Return(Some(c.value()?))
            }
        }
        m::UNREACHABLE => Terminator::Unreachable,
        _ => return Ok(None),
    };
    c.end()?;
    Ok(Some(term))
}

fn parse_inst(f: &mut Function, text: &str, loc: Loc) -> Result<Inst> {
    let mut c = Cursor::new(text);
    let result =
        if c.rest.starts_with('v') && c.rest[1..].starts_with(|ch: char| ch.is_ascii_digit()) {
            let v = c.value()?;
            c.expect(":")?;
            let eq = find_outside_strings(c.rest, " = ")
                .ok_or("expected ' = ' after the result type")?;
            let ty = parse_ty(&c.rest[..eq])?;
            c.rest = &c.rest[eq + 3..];
            grow(&mut f.values, v);
            f.values[v.index()] = ty;
            Some(v)
        } else {
            None
        };
    let op = parse_op(&mut c)?;
    c.end()?;
    Ok(Inst { result, op, loc })
}

fn two(c: &mut Cursor<'_>) -> Result<(Value, Value)> {
    let a = c.value()?;
    c.expect(",")?;
    Ok((a, c.value()?))
}

/// `vA[i, j]`
fn indexed(c: &mut Cursor<'_>) -> Result<(Value, Vec<Value>)> {
    let a = c.value()?;
    c.expect("[")?;
    let idx = c.values("]")?;
    c.expect("]")?;
    Ok((a, idx))
}

fn parse_const(text: &str) -> Result<Const> {
    let t = text.trim();
    match t {
        "true" => return Ok(Const::Bool(true)),
        "false" => return Ok(Const::Bool(false)),
        _ => {}
    }
    if let Some(inner) = t.strip_prefix('(').and_then(|r| r.strip_suffix(')')) {
        let (re, im) = inner.split_once(',').ok_or("expected '(re, im)'")?;
        return Ok(Const::Complex(parse_float(re)?, parse_float(im)?));
    }
    let is_int = t
        .strip_prefix('-')
        .unwrap_or(t)
        .chars()
        .all(|ch| ch.is_ascii_digit())
        && !t.is_empty();
    if is_int {
        return t
            .parse()
            .map(Const::Int)
            .map_err(|_| format!("bad integer '{t}'"));
    }
    parse_float(t).map(Const::Float)
}

fn parse_float(text: &str) -> Result<f64> {
    let t = text.trim();
    t.parse().map_err(|_| format!("bad number '{t}'"))
}

fn parse_op(c: &mut Cursor<'_>) -> Result<Op> {
    use crate::names::mnemonic as m;
    let word = c.word()?;
    if let Some(u) = UnaryOp::from_name(word) {
        return Ok(Op::Unary(u, c.value()?));
    }
    if let Some(b) = BinOp::from_name(word) {
        let (x, y) = two(c)?;
        return Ok(Op::Binary(b, x, y));
    }
    if let Some((base, op)) = word.split_once('.') {
        return match base {
            m::LOAD => {
                let cache = LoadCache::from_name(op)
                    .ok_or(format!("unknown load cache operator '{op}'"))?;
                let (a, idx) = indexed(c)?;
                Ok(Op::LoadCached(cache, a, idx))
            }
            m::STORE => {
                let cache = StoreCache::from_name(op)
                    .ok_or(format!("unknown store cache operator '{op}'"))?;
                let (a, idx) = indexed(c)?;
                c.expect(",")?;
                Ok(Op::StoreCached(cache, a, idx, c.value()?))
            }
            _ => Err(format!("unknown operation '{word}'")),
        };
    }
    Ok(match word {
        m::CONST => {
            let text = c.rest;
            c.rest = "";
            Op::Const(parse_const(text)?)
        }
        m::PARAM => Op::Param(c.number()?),
        m::GETVAR => Op::GetVar(Var(c.entity("$")?)),
        m::SETVAR => {
            let var = Var(c.entity("$")?);
            c.expect(",")?;
            Op::SetVar(var, c.value()?)
        }
        m::CMP => {
            let name = c.word()?;
            let op = CmpOp::from_name(name).ok_or(format!("unknown comparison '{name}'"))?;
            let (x, y) = two(c)?;
            Op::Compare(op, x, y)
        }
        m::CAST => Op::Cast(c.value()?),
        m::SELECT => {
            let cond = c.value()?;
            c.expect(",")?;
            let (x, y) = two(c)?;
            Op::Select(cond, x, y)
        }
        m::MATH => {
            let name = c.word()?;
            let m = math_by_name(name).ok_or(format!("unknown math function '{name}'"))?;
            Op::Math(m, c.values("")?)
        }
        m::LIBDEVICE => {
            let name = c.word()?;
            let f = crate::LibdeviceFn::by_name(name)
                .ok_or(format!("unknown libdevice function '{name}'"))?;
            let k = c.number()?;
            Op::Libdevice(f, k, c.values("")?)
        }
        m::INTRINSIC => {
            let name = c.word()?;
            let i = Intrinsic::from_name(name).ok_or(format!("unknown intrinsic '{name}'"))?;
            Op::Intrinsic(i, c.values("")?)
        }
        m::TENSOR => {
            let name = c.word()?;
            let t = crate::TensorOp::from_name(name)
                .ok_or(format!("unknown tensor operation '{name}'"))?;
            Op::Tensor(t, c.values("")?)
        }
        m::CALL => {
            let callee = FuncId(c.entity("@f")?);
            c.expect("(")?;
            let args = c.values(")")?;
            c.expect(")")?;
            Op::Call(callee, args)
        }
        m::SHAPE | m::STRIDE => {
            let a = c.value()?;
            c.expect(",")?;
            let k = c.number()?;
            if word == m::SHAPE {
                Op::ArrayShape(a, k)
            } else {
                Op::ArrayStride(a, k)
            }
        }
        m::DATA => Op::ArrayData(c.value()?),
        m::MAKEARRAY => {
            let data = c.value()?;
            c.expect("[")?;
            let shape = c.values("]")?;
            c.expect("]")?;
            c.expect("[")?;
            let strides = c.values("]")?;
            c.expect("]")?;
            Op::MakeArray {
                data,
                shape,
                strides,
            }
        }
        m::PTROFFSET => {
            let (p, n) = two(c)?;
            Op::PtrOffset(p, n)
        }
        m::LOAD => {
            let (a, idx) = indexed(c)?;
            Op::Load(a, idx)
        }
        m::STORE => {
            let (a, idx) = indexed(c)?;
            c.expect(",")?;
            Op::Store(a, idx, c.value()?)
        }
        m::ATOMIC => {
            let name = c.word()?;
            let op =
                AtomicOp::from_name(name).ok_or(format!("unknown atomic operation '{name}'"))?;
            let (a, idx) = indexed(c)?;
            c.expect(",")?;
            Op::Atomic(op, a, idx, c.values("")?)
        }
        m::SHARED => Op::SharedArray(GlobalId(c.entity("@g")?)),
        m::DYNSHARED => Op::DynSharedArray,
        m::LOCAL => {
            let shape = c.dims()?;
            let align = if c.eat("align") { c.number()? } else { 0 };
            Op::LocalArray(shape, align)
        }
        m::CONSTARRAY => Op::ConstArray(GlobalId(c.entity("@g")?)),
        m::TUPLE => {
            c.expect("(")?;
            let items = c.values(")")?;
            c.expect(")")?;
            Op::MakeTuple(items)
        }
        m::TUPLEGET => {
            let t = c.value()?;
            c.expect(",")?;
            Op::TupleGet(t, c.number()?)
        }
        m::COMPLEX => {
            let (re, im) = two(c)?;
            Op::MakeComplex(re, im)
        }
        m::REAL => Op::ComplexPart(c.value()?, false),
        m::IMAG => Op::ComplexPart(c.value()?, true),
        m::ELEMREF => {
            let (a, idx) = indexed(c)?;
            Op::ElemRef(a, idx)
        }
        m::PRINT => {
            let mut pieces = Vec::new();
            loop {
                c.ws();
                if c.rest.is_empty() {
                    break;
                }
                if !pieces.is_empty() {
                    c.expect(",")?;
                    c.ws();
                }
                pieces.push(if c.rest.starts_with('"') {
                    crate::PrintPiece::Text(c.string()?)
                } else {
                    crate::PrintPiece::Value(c.value()?)
                });
            }
            Op::Print(pieces)
        }
        m::GETFIELD => {
            let r = c.value()?;
            c.expect(",")?;
            Op::GetField(r, c.string()?)
        }
        m::SETFIELD => {
            let r = c.value()?;
            c.expect(",")?;
            let name = c.string()?;
            c.expect(",")?;
            Op::SetField(r, name, c.value()?)
        }
        m::COPYRECORD => {
            let (dst, src) = two(c)?;
            Op::CopyRecord(dst, src)
        }
        other => return Err(format!("unknown operation '{other}'")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::MathFn;
    use crate::print::module_to_string;
    use oxcuda_types::{ArrayType, Dtype, Field, Layout, Record, Scalar};

    fn arr(dtype: impl Into<Dtype>, ndim: u32, layout: Layout, readonly: bool) -> Type {
        Type::Array(ArrayType {
            dtype: dtype.into(),
            ndim,
            layout,
            readonly,
            aligned: true,
        })
    }

    /// A module using every operation, terminator, type form and global form (not meant to
    /// verify: the parser checks syntax only).
    fn everything() -> Module {
        let a1 = arr(Scalar::F32, 1, Layout::C, false);
        let a2 = arr(Scalar::I64, 2, Layout::A, true);
        let tup = Type::Tuple(vec![
            Type::I32,
            Type::Pointer(Scalar::F64.into()),
            Type::Tuple(vec![Type::BOOL; 2]),
            Type::Tuple(vec![]),
            Type::Tuple(vec![Type::Scalar(Scalar::C64)]),
        ]);
        let rec = record();
        let recs = arr(rec, 2, Layout::F, false);
        let params = vec![
            a1.clone(),
            a2.clone(),
            tup.clone(),
            Type::None,
            Type::Scalar(Scalar::F16),
            recs.clone(),
            Type::Record(rec),
        ];
        let mut f = Function::new("kernel_0", FunctionKind::Kernel, params, Type::None);
        f.file = "/tmp/dir with \"quotes\"/q\u{e9}.py".to_owned();
        let x = f.new_var("x", Type::F64);
        let _ = f.new_var("$tmp \"odd\" \u{1F600}\n", tup.clone());
        let b0 = Block(0);
        let b1 = f.new_block();
        let b2 = f.new_block();
        let b3 = f.new_block();
        let line = std::cell::Cell::new(0u32);
        let next = || {
            line.set(line.get() + 1);
            Loc {
                line: line.get(),
                col: line.get() % 7,
            }
        };
        let val = |f: &mut Function, b: Block, op: Op, ty: Type| {
            let loc = next();
            f.push(b, op, Some(ty), loc).unwrap()
        };
        let p0 = val(&mut f, b0, Op::Param(0), a1.clone());
        let p1 = val(&mut f, b0, Op::Param(1), a2.clone());
        let p2 = val(&mut f, b0, Op::Param(2), tup.clone());
        let consts = [
            (
                Const::Int(-170_141_183_460_469_231_731_687_303_715_884_105_728),
                Type::I64,
            ),
            (
                Const::Int(18_446_744_073_709_551_615),
                Type::Scalar(Scalar::U64),
            ),
            (Const::Float(-0.0), Type::F64),
            (Const::Float(1e-300), Type::F64),
            (Const::Float(f64::INFINITY), Type::F64),
            (Const::Float(f64::NEG_INFINITY), Type::F64),
            (Const::Float(0.1), Type::Scalar(Scalar::F32)),
            (Const::Float(1e22), Type::F64),
            (Const::Bool(true), Type::BOOL),
            (Const::Bool(false), Type::BOOL),
            (Const::Complex(1.5, -2.0), Type::Scalar(Scalar::C128)),
        ];
        let cs: Vec<Value> = consts
            .iter()
            .map(|(c, t)| val(&mut f, b0, Op::Const(*c), t.clone()))
            .collect();
        let (i, fl, bt, z) = (cs[0], cs[2], cs[8], cs[10]);
        f.push(b0, Op::SetVar(x, fl), None, Loc::default());
        let g = val(&mut f, b0, Op::GetVar(x), Type::F64);
        for u in UnaryOp::ALL.iter().copied() {
            val(&mut f, b0, Op::Unary(u, g), Type::F64);
        }
        for b in BinOp::ALL.iter().copied() {
            val(&mut f, b0, Op::Binary(b, g, fl), Type::F64);
        }
        for c in CmpOp::ALL.iter().copied() {
            val(&mut f, b0, Op::Compare(c, g, fl), Type::BOOL);
        }
        val(&mut f, b0, Op::Cast(i), Type::F64);
        val(&mut f, b0, Op::Select(bt, g, fl), Type::F64);
        let sincos = crate::LibdeviceFn::by_name("sincos").unwrap();
        val(&mut f, b0, Op::Libdevice(sincos, 1, vec![g]), Type::F64);
        for m in MathFn::ALL {
            let args = vec![g; m.arity()];
            val(&mut f, b0, Op::Math(m, args), Type::F64);
        }
        for intr in crate::names::INTRINSICS.iter().map(|(i, _)| *i) {
            let loc = next();
            let args = if matches!(intr, Intrinsic::Syncthreads | Intrinsic::LaneId) {
                vec![]
            } else {
                vec![i]
            };
            f.push(b0, Op::Intrinsic(intr, args), None, loc);
        }
        val(&mut f, b0, Op::Call(FuncId(1), vec![g, i]), Type::F64);
        f.push(
            b0,
            Op::Call(FuncId(1), vec![]),
            None,
            Loc { line: 7, col: 0 },
        );
        val(&mut f, b0, Op::ArrayShape(p1, 1), Type::I64);
        val(&mut f, b0, Op::ArrayStride(p1, 0), Type::I64);
        let d = val(
            &mut f,
            b0,
            Op::ArrayData(p0),
            Type::Pointer(Scalar::F32.into()),
        );
        let moved = val(
            &mut f,
            b0,
            Op::PtrOffset(d, i),
            Type::Pointer(Scalar::F32.into()),
        );
        val(
            &mut f,
            b0,
            Op::MakeArray {
                data: moved,
                shape: vec![i, i],
                strides: vec![i, i],
            },
            a2.clone(),
        );
        val(
            &mut f,
            b0,
            Op::MakeArray {
                data: moved,
                shape: vec![],
                strides: vec![],
            },
            arr(Scalar::F32, 0, Layout::C, false),
        );
        val(&mut f, b0, Op::Load(p1, vec![i, i]), Type::I64);
        val(&mut f, b0, Op::Load(p1, vec![]), Type::I64);
        f.push(b0, Op::Store(p0, vec![i], fl), None, Loc::default());
        for c in LoadCache::ALL {
            val(&mut f, b0, Op::LoadCached(*c, p1, vec![i, i]), Type::I64);
        }
        for c in StoreCache::ALL {
            f.push(
                b0,
                Op::StoreCached(*c, p0, vec![i], fl),
                None,
                Loc::default(),
            );
        }
        for op in AtomicOp::ALL.iter().copied() {
            let args = if op == AtomicOp::Cas {
                vec![i, i]
            } else {
                vec![i]
            };
            val(&mut f, b0, Op::Atomic(op, p1, vec![i, i], args), Type::I64);
        }
        val(
            &mut f,
            b0,
            Op::SharedArray(GlobalId(0)),
            arr(Scalar::F32, 2, Layout::C, false),
        );
        val(&mut f, b0, Op::DynSharedArray, a1.clone());
        val(
            &mut f,
            b0,
            Op::LocalArray(vec![4, 5, 6], 64),
            arr(Scalar::F32, 3, Layout::C, false),
        );
        val(
            &mut f,
            b0,
            Op::LocalArray(vec![], 0),
            arr(Scalar::F32, 0, Layout::C, false),
        );
        val(&mut f, b0, Op::ConstArray(GlobalId(1)), a1.clone());
        let acc = oxcuda_types::FragmentType::new(
            oxcuda_types::FragmentRole::Accumulator,
            oxcuda_types::WmmaShape::M16N16K16,
            oxcuda_types::FragmentElem::F32,
            None,
        )
        .unwrap();
        let frag = val(
            &mut f,
            b0,
            Op::Tensor(crate::TensorOp::Fragment(acc), vec![]),
            acc.storage(),
        );
        f.push(
            b0,
            Op::Tensor(
                crate::TensorOp::Store(acc, oxcuda_types::MatrixLayout::Col),
                vec![p0, i, frag, i],
            ),
            None,
            Loc::default(),
        );
        f.push(
            b0,
            Op::Tensor(crate::TensorOp::WaitGroup(0), vec![]),
            None,
            Loc::default(),
        );
        let t = val(
            &mut f,
            b0,
            Op::MakeTuple(vec![i, fl]),
            Type::Tuple(vec![Type::I64, Type::F64]),
        );
        val(&mut f, b0, Op::MakeTuple(vec![]), Type::Tuple(vec![]));
        val(&mut f, b0, Op::TupleGet(t, 1), Type::F64);
        f.push(
            b0,
            Op::Print(vec![
                crate::PrintPiece::Text("i = \"%d\"\n\t".into()),
                crate::PrintPiece::Value(i),
                crate::PrintPiece::Value(fl),
            ]),
            None,
            Loc { line: 4, col: 1 },
        );
        val(&mut f, b0, Op::TupleGet(p2, 0), Type::I32);
        val(
            &mut f,
            b0,
            Op::MakeComplex(fl, fl),
            Type::Scalar(Scalar::C128),
        );
        val(&mut f, b0, Op::ComplexPart(z, false), Type::F64);
        val(&mut f, b0, Op::ComplexPart(z, true), Type::F64);
        let p5 = val(&mut f, b0, Op::Param(5), recs.clone());
        let p6 = val(&mut f, b0, Op::Param(6), Type::Record(rec));
        let r = val(&mut f, b0, Op::ElemRef(p5, vec![i, i]), Type::Record(rec));
        for field in &rec.fields {
            val(
                &mut f,
                b0,
                Op::GetField(r, field.name.clone()),
                field.value_type(rec.align),
            );
        }
        f.push(
            b0,
            Op::SetField(p6, "a".into(), fl),
            None,
            Loc { line: 8, col: 2 },
        );
        f.push(b0, Op::CopyRecord(r, p6), None, Loc { line: 9, col: 3 });
        f.terminate(b0, Terminator::Branch(bt, b1, b2), Loc { line: 99, col: 3 });
        f.terminate(b1, Terminator::Jump(b3), Loc::default());
        f.terminate(b2, Terminator::Unreachable, Loc::default());
        f.terminate(b3, Terminator::Return(None), Loc { line: 100, col: 1 });

        let mut d = Function::new(
            "helper",
            FunctionKind::Device,
            vec![Type::F64, Type::I64],
            Type::F64,
        );
        let p = d
            .push(Block(0), Op::Param(0), Some(Type::F64), Loc::default())
            .unwrap();
        d.terminate(Block(0), Terminator::Return(Some(p)), Loc::default());

        Module {
            functions: vec![f, d],
            globals: vec![
                Global {
                    name: "tile".into(),
                    kind: GlobalKind::Shared,
                    dtype: Scalar::F32.into(),
                    shape: vec![16, 16],
                    align: 16,
                    init: None,
                },
                Global {
                    name: "table".into(),
                    kind: GlobalKind::Const,
                    dtype: Scalar::U8.into(),
                    shape: vec![3],
                    align: 1,
                    init: Some(vec![0, 0xab, 0xff]),
                },
                Global {
                    name: "records".into(),
                    kind: GlobalKind::Shared,
                    dtype: record().into(),
                    shape: vec![4, 2],
                    align: 8,
                    init: None,
                },
                Global {
                    name: "empty".into(),
                    kind: GlobalKind::Const,
                    dtype: Scalar::C128.into(),
                    shape: vec![0],
                    align: 8,
                    init: Some(vec![]),
                },
            ],
        }
    }

    /// A record with a plain, an oddly named, a subarray and a nested record field.
    fn record() -> Record {
        let field = |name: &str, dtype: Dtype, shape: &[u64], offset| Field {
            name: name.to_owned(),
            dtype,
            shape: shape.to_vec(),
            offset,
        };
        let inner = Record::new(vec![field("x", Scalar::I16.into(), &[], 0)], 2, 2).unwrap();
        Record::new(
            vec![
                field("a", Scalar::F64.into(), &[], 0),
                field("b c, \"d\" = (e) !1:2", Scalar::C64.into(), &[], 8),
                field("v", Scalar::F32.into(), &[2, 3], 16),
                field("n", Dtype::Record(inner), &[], 40),
            ],
            48,
            8,
        )
        .unwrap()
    }

    /// The variant number of an operation; exhaustive, so a new variant fails to compile here
    /// until the round-trip module uses it.
    fn variant(op: &Op) -> usize {
        match op {
            Op::Const(_) => 0,
            Op::Param(_) => 1,
            Op::GetVar(_) => 2,
            Op::SetVar(..) => 3,
            Op::Unary(..) => 4,
            Op::Binary(..) => 5,
            Op::Compare(..) => 6,
            Op::Cast(_) => 7,
            Op::Select(..) => 8,
            Op::Math(..) => 9,
            Op::Intrinsic(..) => 10,
            Op::Call(..) => 11,
            Op::ArrayShape(..) => 12,
            Op::ArrayStride(..) => 13,
            Op::ArrayData(_) => 14,
            Op::MakeArray { .. } => 15,
            Op::PtrOffset(..) => 16,
            Op::Load(..) => 17,
            Op::Store(..) => 18,
            Op::Atomic(..) => 19,
            Op::SharedArray(_) => 20,
            Op::DynSharedArray => 21,
            Op::LocalArray(..) => 22,
            Op::ConstArray(_) => 23,
            Op::MakeTuple(_) => 24,
            Op::TupleGet(..) => 25,
            Op::MakeComplex(..) => 26,
            Op::ComplexPart(..) => 27,
            Op::ElemRef(..) => 28,
            Op::GetField(..) => 29,
            Op::SetField(..) => 30,
            Op::CopyRecord(..) => 31,
            Op::LoadCached(..) => 32,
            Op::StoreCached(..) => 33,
            Op::Libdevice(..) => 34,
            Op::Print(_) => 35,
            Op::Tensor(..) => 36,
        }
    }

    #[test]
    fn every_operation_round_trips() {
        let m = everything();
        let mut seen = [false; 37];
        for b in &m.functions[0].blocks {
            for inst in &b.insts {
                seen[variant(&inst.op)] = true;
            }
        }
        assert!(seen.iter().all(|s| *s), "{seen:?}");
        let text = module_to_string(&m);
        let back = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, m);
        assert_eq!(module_to_string(&back), text);
    }

    #[test]
    fn records_round_trip_as_text() {
        let rec = "Record(a: float64 @0, \"b c, (d)\": int32[2, 3] @8, \
                   n: Record(x: int8 @0; size 1, align 1)[2] @32; size 40, align 8)";
        let text = format!(
            "kernel @f0 \"k\"(array({rec}, 2d, F), {rec}) -> none file \"r.py\" {{
  var $0 \"r\": {rec}
bb0:
  v0: array({rec}, 2d, F) = param 0 !1:1
  v1: {rec} = param 1 !1:1
  v2: int64 = const 0 !2:5
  v3: {rec} = elemref v0[v2, v2] !2:5
  setvar $0, v3 !2:5
  v4: float64 = getfield v3, \"a\" !3:9
  v5: array(int32, 2d, C) = getfield v1, \"b c, (d)\" !3:9
  v6: array(Record(x: int8 @0; size 1, align 1), 1d, C) = getfield v3, \"n\" !4:9
  setfield v3, \"a\", v4 !5:9
  copyrecord v3, v1 !6:9
  ret !7:1
}}
"
        );
        let m = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(crate::verify::verify(&m), Ok(()));
        assert_eq!(module_to_string(&m), text);
        let Type::Record(r) = &m.functions[0].params[1] else {
            panic!("not a record: {}", m.functions[0].params[1]);
        };
        assert_eq!(r.fields[1].name, "b c, (d)");
        assert_eq!(r.fields[1].shape, [2, 3]);
        assert!(matches!(
            &m.functions[0].blocks[0].insts[7].op,
            Op::GetField(_, name) if name == "n"
        ));
    }

    #[test]
    fn assert_messages_round_trip() {
        let mut f = Function::new("k", FunctionKind::Kernel, vec![Type::BOOL], Type::None);
        let loc = Loc { line: 9, col: 5 };
        let c = f.push(Block(0), Op::Param(0), Some(Type::BOOL), loc);
        let c = c.expect("a value");
        f.push(
            Block(0),
            Op::Intrinsic(Intrinsic::Assert, vec![c]),
            None,
            loc,
        );
        f.terminate(Block(0), Terminator::Return(None), loc);
        f.assert_messages
            .push((loc, "x is \"negative\" !1:2".to_owned()));
        let m = Module {
            functions: vec![f],
            ..Module::default()
        };
        let text = module_to_string(&m);
        assert!(
            text.contains("  assert \"x is \\\"negative\\\" !1:2\" !9:5\n"),
            "{text}"
        );
        let back = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, m);
        assert_eq!(
            back.functions[0].assert_message(loc),
            Some("x is \"negative\" !1:2")
        );
        assert_eq!(back.functions[0].assert_message(Loc::default()), None);
    }

    #[test]
    fn nan_and_gaps_round_trip_as_text() {
        let mut f = Function::new("k", FunctionKind::Device, vec![], Type::F64);
        let _unused = f.new_value(Type::I32);
        let loc = Loc { line: 1, col: 1 };
        let v = f
            .push(
                Block(0),
                Op::Const(Const::Float(f64::NAN)),
                Some(Type::F64),
                loc,
            )
            .unwrap();
        f.terminate(Block(0), Terminator::Return(Some(v)), loc);
        let m = Module {
            functions: vec![f],
            globals: vec![],
        };
        let text = module_to_string(&m);
        let back = parse_module(&text).unwrap();
        assert_eq!(module_to_string(&back), text);
        assert_eq!(back.functions[0].values[0], Type::None);
        assert!(
            matches!(back.functions[0].blocks[0].insts[0].op, Op::Const(Const::Float(x)) if x.is_nan())
        );
    }

    #[test]
    fn the_example_in_the_docs_parses_and_verifies() {
        let doc = include_str!("../../../docs/ir.md");
        let start = doc.find("```text\n").unwrap() + 8;
        let end = start + doc[start..].find("```").unwrap();
        let m = parse_module(&doc[start..end]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(crate::verify::verify(&m), Ok(()));
        assert_eq!(module_to_string(&m), doc[start..end]);
    }

    #[test]
    fn external_functions_round_trip() {
        let loc = Loc { line: 3, col: 9 };
        let mut k = Function::new(
            "k_0",
            FunctionKind::Kernel,
            vec![Type::Scalar(Scalar::F32)],
            Type::None,
        );
        let p = k
            .push(Block(0), Op::Param(0), Some(Type::Scalar(Scalar::F32)), loc)
            .unwrap();
        let r = k
            .push(
                Block(0),
                Op::Call(FuncId(1), vec![p]),
                Some(Type::Scalar(Scalar::F32)),
                loc,
            )
            .unwrap();
        let ptr = Type::Pointer(Scalar::F64.into());
        k.push(Block(0), Op::Call(FuncId(2), vec![r]), None, loc);
        k.terminate(Block(0), Terminator::Return(None), loc);
        let m = Module {
            functions: vec![
                k,
                Function::external(
                    "add_one",
                    ExternAbi::C,
                    vec![Type::Scalar(Scalar::F32)],
                    Type::Scalar(Scalar::F32),
                ),
                Function::external(
                    "sink",
                    ExternAbi::Numba,
                    vec![Type::Scalar(Scalar::F32), ptr, Type::Tuple(vec![])],
                    Type::None,
                ),
            ],
            globals: vec![],
        };
        let text = module_to_string(&m);
        assert!(
            text.contains("extern @f1 \"add_one\"(float32) -> float32 abi c\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "extern @f2 \"sink\"(float32, CPointer(float64), Tuple()) -> none abi numba\n"
            ),
            "{text}"
        );
        let back = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, m);
        assert_eq!(module_to_string(&back), text);
        assert!(back.functions[1].blocks.is_empty());
        assert_eq!(
            back.functions[2].kind,
            FunctionKind::Extern(ExternAbi::Numba)
        );

        for (bad, want) in [
            ("extern @f1 \"f\"(float32) -> float32", "abi c"),
            (
                "extern @f1 \"f\"(float32) -> float32 abi pascal",
                "unknown ABI 'pascal'",
            ),
            ("extern @f2 \"f\"() -> none abi c", "expected @f1"),
            ("extern @f1 \"f\"(float32 -> none abi c", "unclosed"),
        ] {
            let first = module_to_string(&Module {
                functions: vec![m.functions[0].clone()],
                globals: vec![],
            });
            let text = format!("{first}{bad}\n");
            let err = parse_module(&text).unwrap_err();
            assert_eq!(err.line, text.lines().count(), "{bad}: {err}");
            assert!(err.message.contains(want), "{bad}: {err}");
        }
    }

    #[test]
    fn comments_and_blank_lines_are_allowed() {
        let text = "; a filetest
device @f0 \"id\"(int64) -> int64 file \"t.py\" {

bb0:
  ; the parameter
  v0: int64 = param 0 !1:1
  ret v0 !2:1
}
";
        let m = parse_module(text).unwrap();
        assert_eq!(m.functions[0].values, vec![Type::I64]);
        assert_eq!(m.functions[0].blocks[0].insts.len(), 1);
    }

    #[test]
    fn errors_name_their_line() {
        let good = module_to_string(&everything());
        let cases = [
            ("load v0[", "expected"),
            ("frobnicate v0 !1:1", "unknown operation 'frobnicate'"),
            ("v9: flaot32 = param 0 !1:1", "flaot32"),
            ("v9: float32 = param 0", "location"),
            ("v9: float32 = math sine v1 !1:1", "unknown math function"),
        ];
        for (bad, want) in cases {
            // Insert the bad instruction before bb0's terminator.
            let at = good.find("  br ").unwrap();
            let line = good[..at].lines().count() + 1;
            let text = format!("{}  {bad}\n{}", &good[..at], &good[at..]);
            let err = parse_module(&text).unwrap_err();
            assert_eq!(err.line, line, "{bad}: {err}");
            assert!(err.message.contains(want), "{bad}: {err}");
        }
        let err = parse_module("kernel @f1 \"k\"() -> none file \"\" {\n}\n").unwrap_err();
        assert!(err.message.contains("expected @f0"), "{err}");
        let err =
            parse_module("device @f0 \"k\"() -> none file \"\" {\nbb0:\n  ret !1:1\n").unwrap_err();
        assert!(err.message.contains("closing"), "{err}");
        let err = parse_module("kernel @f0 \"k\"() -> none file \"\" {\nbb1:\n").unwrap_err();
        assert_eq!(err.line, 2);
        let err =
            parse_module("global @g0 \"g\" shared float32 [2] align 4 init abc\n").unwrap_err();
        assert!(err.message.contains("hex"), "{err}");
    }
}
