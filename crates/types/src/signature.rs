//! Parsing type expressions and signatures as numba writes them.
//!
//! ```text
//! signature := type "(" [type ("," type)*] ")"     return type and arguments
//!            | type ("," type)*                   arguments only
//! type      := "readonly" type
//!            | "unaligned" type                    an array whose elements may be misaligned
//!            | NAME ["[" dim ("," dim)* "]"]      float32, int64[:], float32[:, ::1]
//!            | "UniTuple(" type ("x" | ",") INT ")" | "Tuple(" type ("," type)* ")"
//!            | "array(" dtype "," INT "d," ("C"|"F"|"A") ")"
//!            | "CPointer(" dtype ")"               a data pointer (external functions' parameters)
//!            | record ["[" dim ("," dim)* "]"]      a record, an array of records
//!            | ("EnumMember" | "IntEnumMember") "(" STRING "," type ")"   an enum member
//!            | "NamedTuple(" STRING ("," NAME ":" type)* ")"             a namedtuple
//!            | NAME "x" ("1"|"2"|"3"|"4")            a CUDA vector type (float32x4)
//!            | ("datetime64" | "timedelta64") ["[" UNIT "]"] ["[" dim ("," dim)* "]"]
//!            | charseq ["[" dim ("," dim)* "]"]   an S/U string item, an array of them
//!            | "void" | "none"
//! dim       := ":" | "::1"
//! dtype     := NAME | record | ("datetime64" | "timedelta64") ["[" UNIT "]"] | charseq
//! charseq   := "[char x" INT "]" | "[unichr x" INT "]" | ("CharSeq" | "UnicodeCharSeq") "(" INT ")"
//! record    := "Record(" [field ("," field)* ";"] "size" INT "," "align" INT ")"
//! field     := (NAME | STRING) ":" dtype ["[" INT ("," INT)* "]"] "@" INT
//! ```
//! A record's field `STRING` is a Rust string literal (`"a b"`), for names that are not
//! identifiers.
//! `[:, ::1]` is layout C, `[::1, :]` layout F, all-`:` layout A; `[::1]` in 1-D is C.

use std::fmt;

use crate::charseq::CharSeqType;
use crate::datetime::{DateUnit, DatetimeType};
use crate::fp8_vector::Fp8VectorType;
use crate::nominal::{EnumType, NamedTupleType};
use crate::record::{Dtype, Field, Record};
use crate::scalar::Scalar;
use crate::ty::{ArrayType, Layout, Type};
use crate::vector::VectorType;

/// A function signature: argument types and, when given, the return type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Signature {
    /// The argument types.
    pub args: Vec<Type>,
    /// The return type, when the signature names one.
    pub ret: Option<Type>,
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(ret) = &self.ret {
            write!(f, "{ret}")?;
        }
        f.write_str("(")?;
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        f.write_str(")")
    }
}

/// A parse error: what was expected, at which byte.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset in the input.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at offset {}", self.message, self.offset)
    }
}

impl std::error::Error for ParseError {}

struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Cursor<'a> {
    fn skip_ws(&mut self) {
        while self.text[self.pos..].starts_with(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.text[self.pos..].chars().next()
    }

    fn eat(&mut self, token: &str) -> bool {
        self.skip_ws();
        if self.text[self.pos..].starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, token: &str) -> Result<(), ParseError> {
        if self.eat(token) {
            Ok(())
        } else {
            Err(self.error(format!("expected '{token}'")))
        }
    }

    fn word(&mut self) -> Result<&'a str, ParseError> {
        self.skip_ws();
        let rest = &self.text[self.pos..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if len == 0 {
            return Err(self.error("expected a type name".into()));
        }
        self.pos += len;
        Ok(&rest[..len])
    }

    fn integer(&mut self) -> Result<u32, ParseError> {
        let w = self.word()?;
        w.parse()
            .map_err(|_| self.error(format!("expected an integer, found '{w}'")))
    }

    fn integer64(&mut self) -> Result<u64, ParseError> {
        let w = self.word()?;
        w.parse()
            .map_err(|_| self.error(format!("expected an integer, found '{w}'")))
    }

    /// A string literal as Rust's `{:?}` writes it.
    fn string(&mut self) -> Result<String, ParseError> {
        self.skip_ws();
        let Some(body) = self.text[self.pos..].strip_prefix('"') else {
            return Err(self.error("expected a string".into()));
        };
        let mut out = String::new();
        let mut chars = body.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    self.pos += 1 + i + 1;
                    return Ok(out);
                }
                '\\' => {
                    let Some((_, e)) = chars.next() else { break };
                    out.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        '0' => '\0',
                        '\\' | '"' | '\'' => e,
                        'u' => {
                            let rest = &body[i + 2..];
                            let code = rest
                                .strip_prefix('{')
                                .and_then(|r| r.split_once('}'))
                                .and_then(|(hex, _)| u32::from_str_radix(hex, 16).ok())
                                .and_then(char::from_u32)
                                .ok_or_else(|| self.error("bad \\u{…} escape".into()))?;
                            let close = rest.find('}').unwrap_or(0);
                            for _ in 0..=close {
                                chars.next();
                            }
                            code
                        }
                        other => return Err(self.error(format!("unknown escape '\\{other}'"))),
                    });
                }
                c => out.push(c),
            }
        }
        Err(self.error("unterminated string".into()))
    }

    fn error(&self, message: String) -> ParseError {
        ParseError {
            offset: self.pos,
            message,
        }
    }

    fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos == self.text.len()
    }
}

fn parse_type_at(c: &mut Cursor<'_>) -> Result<Type, ParseError> {
    let start = c.pos;
    if c.peek() == Some('[') {
        let cs = char_seq_body(c, None)?;
        return if c.peek() == Some('[') {
            array_of(c, Dtype::CharSeq(cs))
        } else {
            Ok(Type::CharSeq(cs))
        };
    }
    let name = c.word()?;
    match name {
        "CharSeq" | "UnicodeCharSeq" => {
            let cs = char_seq_body(c, Some(name))?;
            if c.peek() == Some('[') {
                array_of(c, Dtype::CharSeq(cs))
            } else {
                Ok(Type::CharSeq(cs))
            }
        }
        "readonly" => match parse_type_at(c)? {
            Type::Array(a) => Ok(Type::Array(ArrayType {
                readonly: true,
                ..a
            })),
            _ => Err(ParseError {
                offset: start,
                message: "'readonly' applies to arrays only".into(),
            }),
        },
        "unaligned" => match parse_type_at(c)? {
            Type::Array(a) => Ok(Type::Array(ArrayType {
                aligned: false,
                ..a
            })),
            _ => Err(ParseError {
                offset: start,
                message: "'unaligned' applies to arrays only".into(),
            }),
        },
        "void" | "none" | "None" => Ok(Type::None),
        "class" => {
            c.expect("(")?;
            let inner = parse_type_at(c)?;
            c.expect(")")?;
            Ok(Type::Class(Box::new(inner)))
        }
        "CPointer" => {
            c.expect("(")?;
            let dtype = parse_dtype(c)?;
            c.expect(")")?;
            Ok(Type::Pointer(dtype))
        }
        "EnumMember" | "IntEnumMember" => {
            c.expect("(")?;
            let class = c.string()?;
            c.expect(",")?;
            let value = parse_type_at(c)?;
            c.expect(")")?;
            Ok(Type::Enum(Box::new(EnumType {
                class,
                int: name == "IntEnumMember",
                value,
            })))
        }
        "NamedTuple" => {
            c.expect("(")?;
            let class = c.string()?;
            let (mut fields, mut items) = (Vec::new(), Vec::new());
            while c.eat(",") {
                fields.push(c.word()?.to_owned());
                c.expect(":")?;
                items.push(parse_type_at(c)?);
            }
            c.expect(")")?;
            Ok(Type::NamedTuple(Box::new(NamedTupleType {
                class,
                fields,
                items,
            })))
        }
        "Record" => {
            let record = parse_record_body(c)?;
            if c.peek() == Some('[') {
                array_of(c, Dtype::Record(record))
            } else {
                Ok(Type::Record(record))
            }
        }
        "UniTuple" => {
            c.expect("(")?;
            let item = parse_type_at(c)?;
            if !c.eat("x") {
                c.expect(",")?;
            }
            let n = c.integer()?;
            c.expect(")")?;
            Ok(Type::Tuple(vec![item; n as usize]))
        }
        "Tuple" => {
            c.expect("(")?;
            let mut items = Vec::new();
            if !c.eat(")") {
                loop {
                    items.push(parse_type_at(c)?);
                    if c.eat(")") {
                        break;
                    }
                    c.expect(",")?;
                }
            }
            Ok(Type::Tuple(items))
        }
        "array" => {
            c.expect("(")?;
            let dtype = parse_dtype(c)?;
            c.expect(",")?;
            let dims = c.word()?;
            let ndim = dims
                .strip_suffix('d')
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| c.error(format!("expected '<n>d', found '{dims}'")))?;
            c.expect(",")?;
            let layout = match c.word()? {
                "C" => Layout::C,
                "F" => Layout::F,
                "A" => Layout::A,
                other => return Err(c.error(format!("unknown layout '{other}'"))),
            };
            c.expect(")")?;
            Ok(Type::Array(ArrayType {
                dtype,
                ndim,
                layout,
                readonly: false,
                aligned: true,
            }))
        }
        "datetime64" | "timedelta64" => {
            let d = datetime_body(c, name)?;
            if c.peek() == Some('[') {
                array_of(c, Dtype::Datetime(d))
            } else {
                Ok(Type::Datetime(d))
            }
        }
        _ if Fp8VectorType::from_name(name).is_some() => {
            let Some(v) = Fp8VectorType::from_name(name) else {
                return Err(c.error(format!("unknown type '{name}'")));
            };
            if c.peek() == Some('[') {
                return Err(c.error(format!(
                    "'{name}' is an fp8 vector storage type: arrays of it do not exist \
                     (numba-cuda's arrays take NumPy dtypes); use an array of {} or of its \
                     storage type {}",
                    v.format,
                    v.storage()
                )));
            }
            Ok(Type::Fp8Vector(v))
        }
        _ if VectorType::from_name(name).is_some_and(|v| v.name() == name) => {
            if c.peek() == Some('[') {
                return Err(c.error(format!(
                    "'{name}' is a CUDA vector type: arrays of vector types do not exist \
                     (numba-cuda's arrays take NumPy dtypes); use an array with one more \
                     dimension of its lanes"
                )));
            }
            VectorType::from_name(name)
                .map(Type::Vector)
                .ok_or_else(|| c.error(format!("unknown type '{name}'")))
        }
        _ => {
            let scalar = scalar_named(c, name)?;
            if c.peek() == Some('[') {
                array_of(c, Dtype::Scalar(scalar))
            } else {
                Ok(Type::Scalar(scalar))
            }
        }
    }
}

/// `[dim, …]` after a dtype: an array type (`float32[:, ::1]`, `Record(…)[:]`).
fn array_of(c: &mut Cursor<'_>, dtype: Dtype) -> Result<Type, ParseError> {
    c.expect("[")?;
    let mut unit = Vec::new();
    loop {
        if c.eat("::1") {
            unit.push(true);
        } else {
            c.expect(":")?;
            unit.push(false);
        }
        if c.eat("]") {
            break;
        }
        c.expect(",")?;
    }
    let ndim = u32::try_from(unit.len()).unwrap_or(u32::MAX);
    let layout = layout_of(&unit)
        .ok_or_else(|| c.error("'::1' may only mark the first or last dimension".into()))?;
    Ok(Type::Array(ArrayType {
        dtype,
        ndim,
        layout,
        readonly: false,
        aligned: true,
    }))
}

/// A dtype: a scalar name or a record.
fn parse_dtype(c: &mut Cursor<'_>) -> Result<Dtype, ParseError> {
    if c.peek() == Some('[') {
        return char_seq_body(c, None).map(Dtype::CharSeq);
    }
    let name = c.word()?;
    if matches!(name, "CharSeq" | "UnicodeCharSeq") {
        return char_seq_body(c, Some(name)).map(Dtype::CharSeq);
    }
    if name == "Record" {
        return parse_record_body(c).map(Dtype::Record);
    }
    if matches!(name, "datetime64" | "timedelta64") {
        return datetime_body(c, name).map(Dtype::Datetime);
    }
    scalar_named(c, name).map(Dtype::Scalar)
}

/// A char sequence: numba's text `[char x N]`/`[unichr x N]` (`class` `None`), or the rest of
/// its constructor `CharSeq(N)`/`UnicodeCharSeq(N)` after the class name.
fn char_seq_body(c: &mut Cursor<'_>, class: Option<&str>) -> Result<CharSeqType, ParseError> {
    let (unicode, close) = if let Some(class) = class {
        c.expect("(")?;
        (class == "UnicodeCharSeq", ")")
    } else {
        c.expect("[")?;
        let unicode = match c.word()? {
            "char" => false,
            "unichr" => true,
            other => {
                return Err(c.error(format!(
                    "expected '[char x N]' or '[unichr x N]', found '[{other}'"
                )));
            }
        };
        c.expect("x")?;
        (unicode, "]")
    };
    let len = c.integer()?;
    c.expect(close)?;
    Ok(CharSeqType { unicode, len })
}

/// The unit after `datetime64`/`timedelta64` (`[D]`; none: the generic unit). A `[` that
/// opens array dimensions (`datetime64[:]`) is left for [`array_of`].
fn datetime_body(c: &mut Cursor<'_>, kind: &str) -> Result<DatetimeType, ParseError> {
    let delta = kind == "timedelta64";
    let before = c.pos;
    let mut unit = DateUnit::Generic;
    if c.eat("[") {
        if c.peek() == Some(':') {
            c.pos = before;
        } else {
            let code = c.word()?;
            unit = DateUnit::from_code(code).ok_or_else(|| {
                c.error(format!(
                    "'{code}' is not a NumPy datetime unit (Y, M, W, D, h, m, s, ms, us, ns, \
                     ps, fs, as)"
                ))
            })?;
            c.expect("]")?;
        }
    }
    Ok(DatetimeType { delta, unit })
}

/// The rest of a record after the word `Record`: `(fields; size N, align N)`.
fn parse_record_body(c: &mut Cursor<'_>) -> Result<Record, ParseError> {
    let start = c.pos;
    c.expect("(")?;
    let mut fields = Vec::new();
    loop {
        let name = if c.peek() == Some('"') {
            c.string()?
        } else {
            let before = c.pos;
            let word = c.word()?;
            if word == "size" && c.peek() != Some(':') {
                c.pos = before;
                break;
            }
            word.to_owned()
        };
        c.expect(":")?;
        let dtype = parse_dtype(c)?;
        let mut shape = Vec::new();
        if c.eat("[") {
            loop {
                shape.push(c.integer64()?);
                if c.eat("]") {
                    break;
                }
                c.expect(",")?;
            }
        }
        c.expect("@")?;
        let offset = c.integer()?;
        fields.push(Field {
            name,
            dtype,
            shape,
            offset,
        });
        if c.eat(";") {
            break;
        }
        c.expect(",")?;
    }
    c.expect("size")?;
    let size = c.integer()?;
    c.expect(",")?;
    c.expect("align")?;
    let align = c.integer()?;
    c.expect(")")?;
    Record::new(fields, size, align).map_err(|message| ParseError {
        offset: start,
        message,
    })
}

fn scalar_named(c: &Cursor<'_>, name: &str) -> Result<Scalar, ParseError> {
    let python_builtin = match name {
        "float" => Some("float64 (a Python float is double precision) or float32"),
        "int" => Some("int64 (or another width: int32, uint64, …)"),
        "complex" => Some("complex128 (a Python complex is double precision) or complex64"),
        _ => None,
    };
    if let Some(instead) = python_builtin {
        return Err(c.error(format!(
            "'{name}' is Python's type, not a numba type name; write {instead}"
        )));
    }
    Scalar::from_name(name).ok_or_else(|| c.error(format!("unknown type '{name}'")))
}

fn layout_of(unit: &[bool]) -> Option<Layout> {
    let n = unit.len();
    let count = unit.iter().filter(|u| **u).count();
    match count {
        0 => Some(Layout::A),
        1 if unit[n - 1] => Some(Layout::C),
        1 if unit[0] => Some(Layout::F),
        _ => None,
    }
}

/// Parses one type expression.
///
/// # Errors
/// A [`ParseError`] saying what was expected where.
pub fn parse_type(text: &str) -> Result<Type, ParseError> {
    let mut c = Cursor { text, pos: 0 };
    let t = parse_type_at(&mut c)?;
    if !c.at_end() {
        return Err(c.error("unexpected text after the type".into()));
    }
    Ok(t)
}

/// Parses a signature: `"void(float32[:], int64)"`, an argument list `"float32[:], int64"`,
/// or numba's parenthesised argument list without a return type `"(float32[::1], intp)"`
/// (the return type is then inferred, as for the bare list).
///
/// # Errors
/// A [`ParseError`] saying what was expected where.
pub fn parse_signature(text: &str) -> Result<Signature, ParseError> {
    let mut c = Cursor { text, pos: 0 };
    if c.at_end() {
        return Ok(Signature {
            args: Vec::new(),
            ret: None,
        });
    }
    if c.eat("(") {
        let args = parse_argument_list(&mut c)?;
        return Ok(Signature { args, ret: None });
    }
    let first = parse_type_at(&mut c)?;
    if c.eat("(") {
        let args = parse_argument_list(&mut c)?;
        return Ok(Signature {
            args,
            ret: Some(first),
        });
    }
    let mut args = vec![first];
    while c.eat(",") {
        args.push(parse_type_at(&mut c)?);
    }
    if !c.at_end() {
        return Err(c.error("expected ',' or '(' ".into()));
    }
    Ok(Signature { args, ret: None })
}

/// The argument types after a signature's `(`, through its `)`, which must end the text. A
/// comma may follow the last one, as in Python's one-item tuple (numba's `"(float32[:],)"`).
fn parse_argument_list(c: &mut Cursor<'_>) -> Result<Vec<Type>, ParseError> {
    let mut args = Vec::new();
    if !c.eat(")") {
        loop {
            args.push(parse_type_at(c)?);
            if c.eat(")") {
                break;
            }
            c.expect(",")?;
            if c.eat(")") {
                break;
            }
        }
    }
    if !c.at_end() {
        return Err(c.error("unexpected text after the signature".into()));
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arr(dtype: Scalar, ndim: u32, layout: Layout) -> Type {
        Type::Array(ArrayType {
            dtype: dtype.into(),
            ndim,
            layout,
            readonly: false,
            aligned: true,
        })
    }

    #[test]
    fn arrays_and_layouts() {
        assert_eq!(
            parse_type("float32[:]").unwrap(),
            arr(Scalar::F32, 1, Layout::A)
        );
        assert_eq!(
            parse_type("float32[::1]").unwrap(),
            arr(Scalar::F32, 1, Layout::C)
        );
        assert_eq!(
            parse_type("f8[:, ::1]").unwrap(),
            arr(Scalar::F64, 2, Layout::C)
        );
        assert_eq!(
            parse_type("int32[::1, :]").unwrap(),
            arr(Scalar::I32, 2, Layout::F)
        );
        assert!(parse_type("int32[:, ::1, :]").is_err());
        assert_eq!(
            parse_type("array(int64, 3d, A)").unwrap(),
            arr(Scalar::I64, 3, Layout::A)
        );
    }

    #[test]
    fn type_objects_round_trip_as_numbas_class_text() {
        let class = Type::Class(Box::new(Type::Scalar(Scalar::F64)));
        assert_eq!(class.to_string(), "class(float64)");
        assert_eq!(parse_type("class(float64)").unwrap(), class);
        assert_eq!(class.erased(), Type::Tuple(Vec::new()));
        let sig = parse_signature("void(int32[::1], class(int32))").unwrap();
        assert_eq!(
            sig.args[1],
            Type::Class(Box::new(Type::Scalar(Scalar::I32)))
        );
        assert!(parse_type("class(int32").is_err());
    }

    #[test]
    fn signatures_and_tuples() {
        let s = parse_signature("void(float32[:], float32, UniTuple(int64 x 2))").unwrap();
        assert_eq!(s.ret, Some(Type::None));
        assert_eq!(s.args[2], Type::Tuple(vec![Type::I64, Type::I64]));
        let s = parse_signature("int32, Tuple(float32, int8)").unwrap();
        assert_eq!(s.ret, None);
        assert_eq!(s.args.len(), 2);
        assert!(
            parse_signature("void(flaot32)")
                .unwrap_err()
                .message
                .contains("flaot32")
        );
    }

    #[test]
    fn arrays_of_records_in_numba_form() {
        let t = parse_type("Record(a: int8 @0; size 1, align 1)[:, ::1]").unwrap();
        assert_eq!(
            t.to_string(),
            "array(Record(a: int8 @0; size 1, align 1), 2d, C)"
        );
        let s = parse_signature("void(Record(a: int8 @0; size 1, align 1)[::1], int32)").unwrap();
        assert_eq!(s.args.len(), 2);
        assert!(
            parse_type("Record(a: int8 @2; size 1, align 1)")
                .unwrap_err()
                .message
                .contains("does not fit")
        );
    }

    #[test]
    fn char_sequences_in_both_spellings() {
        let u = CharSeqType::unicode(12);
        assert_eq!(parse_type("[unichr x 12]").unwrap(), Type::CharSeq(u));
        assert_eq!(parse_type("UnicodeCharSeq(12)").unwrap(), Type::CharSeq(u));
        let a = parse_type("CharSeq(4)[::1]").unwrap();
        assert_eq!(a.to_string(), "array([char x 4], 1d, C)");
        assert_eq!(parse_type("array([char x 4], 1d, C)").unwrap(), a);
        let r = parse_type("Record(x: int32 @0, y: [unichr x 3] @4; size 16, align 4)").unwrap();
        assert_eq!(
            r.to_string(),
            "Record(x: int32 @0, y: [unichr x 3] @4; size 16, align 4)"
        );
        assert!(
            parse_type("[str x 3]")
                .unwrap_err()
                .message
                .contains("'[char x N]'")
        );
    }

    #[test]
    fn datetimes_with_and_without_units() {
        use crate::datetime::{DateUnit, DatetimeType};
        let d = DatetimeType::datetime(DateUnit::D);
        assert_eq!(parse_type("datetime64[D]").unwrap(), Type::Datetime(d));
        assert_eq!(
            parse_type("datetime64[D][::1]").unwrap(),
            Type::Array(ArrayType {
                dtype: Dtype::Datetime(d),
                ndim: 1,
                layout: Layout::C,
                readonly: false,
                aligned: true,
            })
        );
        let generic = parse_type("timedelta64[:]").unwrap();
        assert_eq!(generic.to_string(), "array(timedelta64, 1d, A)");
        assert!(
            parse_type("datetime64[q]")
                .unwrap_err()
                .message
                .contains("not a NumPy datetime unit")
        );
    }

    #[test]
    fn display_round_trips() {
        for text in [
            "float32",
            "array(float32, 2d, C)",
            "readonly array(int8, 1d, A)",
            "unaligned array(float32, 2d, C)",
            "readonly unaligned array(int16, 1d, C)",
            "UniTuple(int64 x 3)",
            "Tuple(float32, int64)",
            "CPointer(float32)",
            "Tuple(CPointer(uint8), int32)",
            "datetime64[D]",
            "timedelta64",
            "array(timedelta64[ns], 1d, C)",
            "array(datetime64, 2d, A)",
            "Record(a: float64 @0, b: int32 @8; size 16, align 8)",
            "Record(size: int8 @0, \"a, b;\\\"\\n\": uint16[3, 2] @2; size 14, align 2)",
            "Record(size 0, align 1)",
            "Record(\"\\u{7f}é\": int8 @0; size 1, align 1)",
            "array(Record(x: float32 @0, n: Record(y: int8 @0; size 1, align 1)[2] @4; size 8, align 4), 2d, F)",
            "CPointer(Record(z: complex64 @0; size 8, align 4))",
            "UniTuple(Record(q: bool @0; size 1, align 1) x 2)",
            "EnumMember(\"enum_usecases.Color\", int64)",
            "IntEnumMember(\"m.<locals>.Shape\", int64)",
            "EnumMember(\"m.Planet\", UniTuple(float64 x 2))",
            "NamedTuple(\"m.Point\", x: int64, y: array(float64, 1d, C))",
            "NamedTuple(\"m.Empty\")",
            "float32x4",
            "uint8x1",
            "Tuple(int64x3, float64)",
        ] {
            let t = parse_type(text).unwrap();
            assert_eq!(t.to_string(), text);
            assert_eq!(parse_type(&t.to_string()).unwrap(), t);
        }
    }

    #[test]
    fn vector_types_parse_by_canonical_name_and_have_no_arrays() {
        let v = crate::vector::VectorType::new(Scalar::F32, 4).unwrap();
        assert_eq!(parse_type("float32x4").unwrap(), Type::Vector(v));
        let f = crate::fp8_vector::Fp8VectorType::new(Scalar::E4M3, 2).unwrap();
        assert_eq!(parse_type("fp8x2_e4m3").unwrap(), Type::Fp8Vector(f));
        assert_eq!(parse_type("__nv_fp8x2_e4m3").unwrap(), Type::Fp8Vector(f));
        assert_eq!(parse_type(&f.to_string()).unwrap(), Type::Fp8Vector(f));
        assert!(parse_type("fp8x2_e4m3[:]").is_err());
        let err = parse_type("float32x4[:]").unwrap_err();
        assert!(err.message.contains("arrays of vector types"), "{err}");
        // C names are kernel-side aliases, not type text.
        assert!(parse_type("float4").is_err());
    }

    #[test]
    fn a_parenthesised_argument_list_has_no_return_type() {
        let sig = parse_signature("(float32[::1], intp)").unwrap();
        assert_eq!(sig.ret, None);
        assert_eq!(
            sig.args,
            vec![arr(Scalar::F32, 1, Layout::C), Type::Scalar(Scalar::I64)]
        );
        let one = parse_signature("(float32[:],)").unwrap();
        assert_eq!((one.args.len(), one.ret), (1, None));
        assert_eq!(parse_signature("void(int32,)").unwrap().args.len(), 1);
        assert!(parse_signature("(int32,,)").is_err());
        let empty = parse_signature("()").unwrap();
        assert_eq!((empty.args.len(), empty.ret), (0, None));
        assert!(parse_signature("(int32) x").is_err());
        assert!(parse_signature("(int32").is_err());
    }

    #[test]
    fn python_builtin_names_are_refused_with_the_numba_name_to_write() {
        for (name, instead) in [
            ("float", "float64"),
            ("int", "int64"),
            ("complex", "complex128"),
        ] {
            let err = parse_signature(&format!("void({name}[:])")).unwrap_err();
            assert!(err.message.contains("Python's type"), "{err}");
            assert!(err.message.contains(instead), "{err}");
        }
    }

    #[test]
    fn c_aliases_mean_what_numba_says_on_64_bit_linux() {
        for (alias, scalar) in [
            ("byte", Scalar::U8),
            ("char", Scalar::I8),
            ("uint", Scalar::U64),
            ("size_t", Scalar::U64),
            ("ssize_t", Scalar::I64),
            ("float_", Scalar::F32),
        ] {
            assert_eq!(parse_type(alias).unwrap(), Type::Scalar(scalar), "{alias}");
        }
    }
}
