//! The device library: functions oxcuda writes in Python (`cmath.py`, `fp16.py`/`bf16.py` with
//! their shared `half_common.py`, `random.py` for `cuda.random`, `round.py` for
//! `round(x, ndigits)`) and compiles with its own front end, like a user's device functions,
//! once per precision.
//!
//! A library function is typed IR like any other, so the GPU and the simulator run the same
//! program and no back end needs to know `cmath` exists; this is numba's own approach
//! (`compile_internal` of Python implementations). A call `cmath.sqrt(z)` becomes a call of the
//! device function `cmath.sqrt` specialised for `z`'s type ([`crate::lower`]'s
//! `library_call.rs` picks the precision).
//!
//! A library file holds, at module level, only: a docstring, `import math`,
//! `from oxcuda import <type names and cuda>`, constant
//! assignments (`NAME = <expression of numbers, earlier constants, math.pi/e/inf/nan,
//! math.sqrt/log(...)>`), 7×7 tables of `(real, imag)` pairs, and `def`s. Each precision binds
//! the names listed in `cmath.py`'s docstring; constants are evaluated in float64 and rounded to
//! the precision's float type.
//!
//! Library sources are numbered from [`BASE`] in a compilation ([`crate::session::Sources`]).

use std::collections::HashMap;
use std::sync::OnceLock;

use oxcuda_syntax::ast::{self, Expr, Number, Operator, Stmt, UnaryOp};
use oxcuda_syntax::{Ranged, SourceFile};
use oxcuda_types::{Scalar, Type};

use crate::globals::{FunctionSource, GlobalValue, TypedValue};

/// The session index of library source 0; user sources are numbered from 0 and never get
/// near it.
pub(crate) const BASE: usize = usize::MAX / 2 + 1;

/// A library module: its name, its text and the float types it is compiled for. `shared` is
/// a second text compiled as part of the module (its functions and the module's see each
/// other's names), for functions several modules write the same way: `half_common.py` is a
/// part of both `cuda.fp16` and `cuda.bf16`.
struct LibraryFile {
    module: &'static str,
    text: &'static str,
    shared: Option<SharedPart>,
    floats: &'static [Scalar],
}

/// A text shared by several library modules (`LibraryFile::shared`), named in messages and
/// debug information by its own file name.
#[derive(Clone, Copy)]
struct SharedPart {
    file: &'static str,
    text: &'static str,
}

/// The functions `cuda.fp16` and `cuda.bf16` write alike.
const HALF_COMMON: SharedPart = SharedPart {
    file: "half_common.py",
    text: include_str!("half_common.py"),
};

const FILES: &[LibraryFile] = &[
    LibraryFile {
        module: "cmath",
        text: include_str!("cmath.py"),
        shared: None,
        floats: &[Scalar::F32, Scalar::F64],
    },
    // `cuda.fp16`: float16 only (`F` is float16).
    LibraryFile {
        module: "cuda.fp16",
        text: include_str!("fp16.py"),
        shared: Some(HALF_COMMON),
        floats: &[Scalar::F16],
    },
    // `cuda.bf16`: bfloat16 only (`F` is bfloat16).
    LibraryFile {
        module: "cuda.bf16",
        text: include_str!("bf16.py"),
        shared: Some(HALF_COMMON),
        floats: &[Scalar::BF16],
    },
    // fp8 conversions (`lower/fp8_cast.rs`, `cuda.fp8`): compiled once, `F` unused.
    LibraryFile {
        module: "cuda.fp8",
        text: include_str!("fp8.py"),
        shared: None,
        floats: &[Scalar::F64],
    },
    LibraryFile {
        module: "builtins",
        text: include_str!("round.py"),
        shared: None,
        floats: &[Scalar::F16, Scalar::F32, Scalar::F64],
    },
    // Names its precisions itself (`xoroshiro128p_uniform_float32/64`): compiled once.
    LibraryFile {
        module: "cuda.random",
        text: include_str!("random.py"),
        shared: None,
        floats: &[Scalar::F64],
    },
];

struct Library {
    sources: Vec<FunctionSource>,
    /// `("module.function", float type)` → index into `sources`.
    index: HashMap<(String, Scalar), usize>,
}

fn library() -> &'static Library {
    static LIBRARY: OnceLock<Library> = OnceLock::new();
    LIBRARY.get_or_init(load)
}

/// Library source `k` (session index `BASE + k`).
pub(crate) fn source(k: usize) -> &'static FunctionSource {
    &library().sources[k]
}

/// The session index of `module.function` compiled for float type `float`, if the library
/// has it.
pub(crate) fn function(module: &str, function: &str, float: Scalar) -> Option<usize> {
    library()
        .index
        .get(&(format!("{module}.{function}"), float))
        .map(|k| BASE + k)
}

/// A module-level constant while loading.
#[derive(Debug, Clone, Copy)]
enum Num {
    Int(i128),
    Float(f64),
}

impl Num {
    fn float(self) -> f64 {
        match self {
            #[expect(clippy::cast_precision_loss, reason = "small integer constants")]
            Self::Int(i) => i as f64,
            Self::Float(x) => x,
        }
    }
}

/// One parsed text of a library module: where messages say it is, its text and statements.
struct Part {
    path: String,
    text: &'static str,
    body: Vec<Stmt>,
}

fn parse_part(module: &str, path: String, text: &'static str) -> Part {
    let body = oxcuda_syntax::parse::parse_statements(text)
        .unwrap_or_else(|d| panic!("library {module}: {path}: {}", d.message));
    Part { path, text, body }
}

fn load() -> Library {
    let mut lib = Library {
        sources: Vec::new(),
        index: HashMap::new(),
    };
    for file in FILES {
        let mut parts = vec![parse_part(
            file.module,
            format!("<oxcuda>/{}.py", file.module),
            file.text,
        )];
        if let Some(shared) = file.shared {
            parts.push(parse_part(
                file.module,
                format!("<oxcuda>/{}", shared.file),
                shared.text,
            ));
        }
        // Every part's functions, in order: (part, definition).
        let defs: Vec<(&Part, &ast::StmtFunctionDef)> = parts
            .iter()
            .flat_map(|part| {
                part.body.iter().filter_map(move |s| match s {
                    Stmt::FunctionDef(d) => Some((part, d)),
                    _ => None,
                })
            })
            .collect();
        let bodies: Vec<&[Stmt]> = parts.iter().map(|p| p.body.as_slice()).collect();
        let def_names: Vec<&ast::StmtFunctionDef> = defs.iter().map(|(_, d)| *d).collect();
        for &float in file.floats {
            let first = lib.sources.len();
            let globals = module_globals(file, &bodies, float, &def_names, first);
            for (k, (part, def)) in defs.iter().enumerate() {
                let range = def.range();
                let start = usize::from(range.start());
                let text = &part.text[start..usize::from(range.end())];
                let line = part.text[..start].matches('\n').count() + 1;
                let name = format!("{}.{}", file.module, def.name);
                lib.index.insert((name.clone(), float), first + k);
                lib.sources.push(FunctionSource {
                    name,
                    source: SourceFile::new(
                        &part.path,
                        text,
                        u32::try_from(line).unwrap_or(u32::MAX),
                        0,
                    ),
                    globals: globals.clone(),
                    force_inline: false,
                });
            }
        }
    }
    lib
}

/// The names every function of `file` sees when compiled for `float`.
fn module_globals(
    file: &LibraryFile,
    bodies: &[&[Stmt]],
    float: Scalar,
    defs: &[&ast::StmtFunctionDef],
    first: usize,
) -> HashMap<String, GlobalValue> {
    let complex = if float == Scalar::F32 {
        Scalar::C64
    } else {
        Scalar::C128
    };
    let (max, min, mant_dig) = match float {
        Scalar::F16 => (65504.0, 2f64.powi(-14), 11),
        Scalar::BF16 => (
            f64::from(f32::from_bits(0x7f7f_0000)),
            f64::from(f32::MIN_POSITIVE),
            8,
        ),
        Scalar::F32 => (f64::from(f32::MAX), f64::from(f32::MIN_POSITIVE), 24),
        _ => (f64::MAX, f64::MIN_POSITIVE, 53),
    };
    let mut consts: HashMap<String, Num> = HashMap::from([
        ("F_MAX".to_owned(), Num::Float(max)),
        ("F_MIN".to_owned(), Num::Float(min)),
        ("F_MANT_DIG".to_owned(), Num::Int(mant_dig)),
    ]);
    let mut globals = HashMap::from([
        ("math".to_owned(), GlobalValue::Module("math".into())),
        ("numpy".to_owned(), GlobalValue::Module("numpy".into())),
        ("F".to_owned(), GlobalValue::Type(Type::Scalar(float))),
        ("C".to_owned(), GlobalValue::Type(Type::Scalar(complex))),
    ]);
    for stmt in bodies.iter().flat_map(|b| b.iter()) {
        match stmt {
            Stmt::Assign(a) => {
                let [Expr::Name(target)] = a.targets.as_slice() else {
                    panic!("library {}.py: assign to one name", file.module);
                };
                let name = target.id.to_string();
                if let Expr::Tuple(rows) = &*a.value {
                    let table = table(file, &rows.elts, &consts, complex);
                    globals.insert(name, table);
                } else {
                    let value = eval(file, &a.value, &consts);
                    consts.insert(name, value);
                }
            }
            Stmt::ImportFrom(i) if i.module.as_ref().is_some_and(|m| m.as_str() == "oxcuda") => {
                for alias in &i.names {
                    let name = alias.name.as_str();
                    if name == "cuda" {
                        globals.insert(name.to_owned(), GlobalValue::Module("cuda".into()));
                        continue;
                    }
                    let s = Scalar::from_name(name).unwrap_or_else(|| {
                        panic!("library {}.py: oxcuda has no type {name}", file.module)
                    });
                    globals.insert(name.to_owned(), GlobalValue::Type(Type::Scalar(s)));
                }
            }
            Stmt::Expr(_) | Stmt::Import(_) | Stmt::FunctionDef(_) => {}
            other => panic!(
                "library {}.py: unexpected statement at {:?}",
                file.module,
                other.range()
            ),
        }
    }
    for (name, value) in consts {
        let g = match value {
            Num::Int(i) => GlobalValue::Int(i),
            Num::Float(x) => GlobalValue::TypedScalar(float, TypedValue::Float(round(float, x))),
        };
        globals.insert(name, g);
    }
    for (k, def) in defs.iter().enumerate() {
        globals.insert(
            def.name.to_string(),
            GlobalValue::Function(BASE + first + k),
        );
    }
    globals
}

/// `x` rounded to float type `s`, as an f64.
fn round(s: Scalar, x: f64) -> f64 {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "rounding to float32 is the point"
    )]
    match s {
        Scalar::F32 | Scalar::C64 => f64::from(x as f32),
        _ => x,
    }
}

/// A 7×7 table of `(real, imag)` pairs as a constant array of `complex`.
fn table(
    file: &LibraryFile,
    rows: &[Expr],
    consts: &HashMap<String, Num>,
    complex: Scalar,
) -> GlobalValue {
    let mut data = Vec::new();
    let mut shape = vec![u64::try_from(rows.len()).unwrap_or(0), 0];
    for row in rows {
        let Expr::Tuple(row) = row else {
            panic!("library {}.py: a table row is a tuple", file.module);
        };
        shape[1] = u64::try_from(row.elts.len()).unwrap_or(0);
        for pair in &row.elts {
            let Expr::Tuple(pair) = pair else {
                panic!(
                    "library {}.py: a table entry is a (real, imag) pair",
                    file.module
                );
            };
            for part in &pair.elts {
                let x = round(complex, eval(file, part, consts).float());
                if complex == Scalar::C64 {
                    #[expect(clippy::cast_possible_truncation, reason = "exact: rounded above")]
                    data.extend_from_slice(&(x as f32).to_le_bytes());
                } else {
                    data.extend_from_slice(&x.to_le_bytes());
                }
            }
        }
    }
    GlobalValue::Array {
        dtype: complex.into(),
        shape,
        data,
    }
}

/// Evaluates a constant expression.
fn eval(file: &LibraryFile, e: &Expr, consts: &HashMap<String, Num>) -> Num {
    let fail = || -> ! {
        panic!(
            "library {}.py: not a constant expression at {:?}",
            file.module,
            e.range()
        )
    };
    match e {
        Expr::NumberLiteral(n) => match &n.value {
            Number::Int(i) => Num::Int(i128::from(i.as_i64().unwrap_or_else(|| fail()))),
            Number::Float(x) => Num::Float(*x),
            Number::Complex { .. } => fail(),
        },
        Expr::Name(n) => *consts.get(n.id.as_str()).unwrap_or_else(|| fail()),
        Expr::Attribute(a) => match (&*a.value, a.attr.as_str()) {
            (Expr::Name(m), attr) if m.id.as_str() == "math" => Num::Float(match attr {
                "pi" => std::f64::consts::PI,
                "e" => std::f64::consts::E,
                "inf" => f64::INFINITY,
                "nan" => f64::NAN,
                _ => fail(),
            }),
            _ => fail(),
        },
        Expr::UnaryOp(u) => match (u.op, eval(file, &u.operand, consts)) {
            (UnaryOp::USub, Num::Int(i)) => Num::Int(-i),
            (UnaryOp::USub, Num::Float(x)) => Num::Float(-x),
            (UnaryOp::UAdd, v) => v,
            _ => fail(),
        },
        Expr::BinOp(b) => {
            let (l, r) = (eval(file, &b.left, consts), eval(file, &b.right, consts));
            match (b.op, l, r) {
                (Operator::Add, Num::Int(x), Num::Int(y)) => Num::Int(x + y),
                (Operator::Sub, Num::Int(x), Num::Int(y)) => Num::Int(x - y),
                (Operator::Mult, Num::Int(x), Num::Int(y)) => Num::Int(x * y),
                (Operator::FloorDiv, Num::Int(x), Num::Int(y)) => Num::Int(x.div_euclid(y)),
                (Operator::Add, l, r) => Num::Float(l.float() + r.float()),
                (Operator::Sub, l, r) => Num::Float(l.float() - r.float()),
                (Operator::Mult, l, r) => Num::Float(l.float() * r.float()),
                (Operator::Div, l, r) => Num::Float(l.float() / r.float()),
                _ => fail(),
            }
        }
        Expr::Call(c) => {
            let [arg] = c.arguments.args.as_ref() else {
                fail()
            };
            let x = eval(file, arg, consts).float();
            match &*c.func {
                Expr::Attribute(a) if matches!(&*a.value, Expr::Name(m) if m.id.as_str() == "math") => {
                    match a.attr.as_str() {
                        "sqrt" => Num::Float(x.sqrt()),
                        "log" => Num::Float(x.ln()),
                        _ => fail(),
                    }
                }
                _ => fail(),
            }
        }
        _ => fail(),
    }
}

#[cfg(test)]
mod tests;
