//! The extension resolver (`oxcuda_typeck::Resolver`) over a Python object: the compile
//! request's `options["resolver"]`, an `oxcuda.cuda._extension_resolver.Resolver`.
//!
//! Typing calls [`PyResolver::resolve`] with a query (callee, argument types, literal values);
//! this file converts it to Python values, calls `resolver.resolve(kind, key, args, keywords)`,
//! and converts the answer back. Types travel as plain tagged tuples that the Python side turns
//! into `oxcuda.types` objects (`_extension_types.type_object`):
//!
//! ```text
//! ("none",) ("scalar", name) ("array", dtype, ndim, layout, readonly, aligned)
//! ("tuple", [type, ...]) ("pointer", dtype)
//! ("record", text, [(field name, dtype, shape, offset), ...], size, align)
//! ("function", name)   a function passed as a value: numba's types.Dispatcher
//! ```
//!
//! where a `dtype` is a `("scalar", name)` or `("record", ...)` tuple. An argument is
//! `(type, literal)`, the literal `None` or `("int", value)` / `("bool", value)`. Answers:
//! `("implementation", sources)` (captured like a kernel's, `oxcuda._capture`),
//! `("not-found",)`, `("no-match", message)`, `("invalid", message)`.
//!
//! The typing runs with the GIL held (the compile does not release it), so calling back is
//! re-entrant Python; an exception the Python side lets escape becomes an `Invalid` answer
//! carrying its text, never a panic.

use oxcuda_typeck::{ArgInfo, Callee, Literal, Query, Resolution, Resolver};
use oxcuda_types::{Dtype, Type};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// A Python resolver object.
#[derive(Debug)]
pub struct PyResolver {
    object: Py<PyAny>,
}

impl PyResolver {
    /// Wraps `object` (an `oxcuda.cuda._extension_resolver.Resolver`).
    pub fn new(object: Py<PyAny>) -> Self {
        Self { object }
    }
}

fn dtype_desc<'py>(py: Python<'py>, d: Dtype) -> PyResult<Bound<'py, PyAny>> {
    match d {
        Dtype::Scalar(s) => Ok(("scalar", s.to_string()).into_pyobject(py)?.into_any()),
        // Typing functions see a datetime as the int64 it is held as, a char sequence as its
        // storage record.
        Dtype::Datetime(_) | Dtype::CharSeq(_) => dtype_desc(py, d.erased()),
        Dtype::Record(r) => {
            let fields = PyList::empty(py);
            for f in &r.fields {
                let item = (
                    f.name.clone(),
                    dtype_desc(py, f.dtype)?,
                    f.shape.clone(),
                    f.offset,
                );
                fields.append(item)?;
            }
            Ok(("record", r.to_string(), fields, r.size, r.align)
                .into_pyobject(py)?
                .into_any())
        }
    }
}

/// A type as a tagged tuple (see the module documentation).
fn type_desc<'py>(py: Python<'py>, ty: &Type) -> PyResult<Bound<'py, PyAny>> {
    Ok(match ty {
        Type::None => ("none",).into_pyobject(py)?.into_any(),
        Type::Scalar(s) => ("scalar", s.to_string()).into_pyobject(py)?.into_any(),
        Type::Array(a) => (
            "array",
            dtype_desc(py, a.dtype)?,
            a.ndim,
            a.layout.name(),
            a.readonly,
            a.aligned,
        )
            .into_pyobject(py)?
            .into_any(),
        Type::Tuple(items) => {
            let list = PyList::empty(py);
            for t in items {
                list.append(type_desc(py, t)?)?;
            }
            ("tuple", list).into_pyobject(py)?.into_any()
        }
        Type::Pointer(d) => ("pointer", dtype_desc(py, *d)?)
            .into_pyobject(py)?
            .into_any(),
        Type::Record(r) => dtype_desc(py, Dtype::Record(*r))?,
        // Typing functions see an enum member or a namedtuple as the value it is held as.
        Type::Enum(_)
        | Type::NamedTuple(_)
        | Type::Vector(_)
        | Type::Fp8Vector(_)
        | Type::Fragment(_)
        | Type::Datetime(_)
        | Type::CharSeq(_) => type_desc(py, &ty.erased())?,
        // An Optional argument is unwrapped where it is used: typing sees the value's type.
        Type::Optional(t) => type_desc(py, t)?,
        // A type object argument has no runtime form: typing sees the empty tuple it is held
        // as.
        Type::Class(_) => type_desc(py, &ty.erased())?,
    })
}

fn arg_desc<'py>(py: Python<'py>, a: &ArgInfo) -> PyResult<Bound<'py, PyAny>> {
    if let Some(name) = &a.function {
        let desc = ("function", name.clone()).into_pyobject(py)?.into_any();
        return Ok((desc, py.None()).into_pyobject(py)?.into_any());
    }
    let literal = match a.literal {
        None => py.None().into_bound(py),
        Some(Literal::Int(i)) => ("int", i).into_pyobject(py)?.into_any(),
        Some(Literal::Bool(b)) => ("bool", b).into_pyobject(py)?.into_any(),
    };
    Ok((type_desc(py, &a.ty)?, literal)
        .into_pyobject(py)?
        .into_any())
}

fn ask(py: Python<'_>, object: &Py<PyAny>, query: &Query) -> PyResult<Resolution> {
    let (kind, key) = match &query.callee {
        Callee::Function(k) => ("function", k.into_pyobject(py)?.into_any()),
        Callee::Method(name) => ("method", name.into_pyobject(py)?.into_any()),
        Callee::Attribute(name) => ("attribute", name.into_pyobject(py)?.into_any()),
    };
    let args = PyList::empty(py);
    for a in &query.args {
        args.append(arg_desc(py, a)?)?;
    }
    let keywords = PyList::empty(py);
    for (name, a) in &query.keywords {
        keywords.append((name.clone(), arg_desc(py, a)?))?;
    }
    let answer = object
        .bind(py)
        .call_method1("resolve", (kind, key, args, keywords))?;
    let answer = answer.cast::<PyTuple>()?;
    let tag: String = answer.get_item(0)?.extract()?;
    Ok(match tag.as_str() {
        "implementation" => {
            let sources = answer.get_item(1)?;
            Resolution::Implementation(crate::capture::sources(sources.cast::<PyList>()?)?)
        }
        "not-found" => Resolution::NotFound,
        "no-match" => Resolution::NoMatch(answer.get_item(1)?.extract()?),
        "invalid" => Resolution::Invalid(answer.get_item(1)?.extract()?),
        other => Resolution::Invalid(format!("the extension resolver answered {other:?}")),
    })
}

impl Resolver for PyResolver {
    fn resolve(&self, query: &Query) -> Resolution {
        Python::attach(|py| {
            ask(py, &self.object, query).unwrap_or_else(|e| {
                Resolution::Invalid(format!("the extension resolver failed: {e}"))
            })
        })
    }

    fn has_method(&self, name: &str) -> bool {
        Python::attach(|py| {
            self.object
                .bind(py)
                .call_method1("has_method", (name,))
                .and_then(|v| v.extract::<bool>())
                .unwrap_or(false)
        })
    }
}
