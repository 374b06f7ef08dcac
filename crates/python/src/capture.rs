//! Converting the Python side's captured sources (`python/oxcuda/_capture.py`) into the front
//! end's [`FunctionSource`]s. The tagged-tuple encoding is documented there.

use std::collections::HashMap;

use oxcuda_syntax::SourceFile;
use oxcuda_typeck::globals::TypedValue;
use oxcuda_typeck::{FunctionSource, GlobalValue};
use oxcuda_types::{Scalar, parse_type};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};

/// One captured function: `(qualname, file, text, first_line, indent, globals)`.
pub fn sources(list: &Bound<'_, PyList>) -> PyResult<Vec<FunctionSource>> {
    list.iter().map(|item| source(&item)).collect()
}

fn source(item: &Bound<'_, PyAny>) -> PyResult<FunctionSource> {
    let (name, file, text, first_line, indent, globals): (
        String,
        String,
        String,
        u32,
        u32,
        Bound<'_, PyDict>,
    ) = item.extract()?;
    let mut map = HashMap::new();
    for (k, v) in globals.iter() {
        map.insert(k.extract::<String>()?, global(&v)?);
    }
    Ok(FunctionSource {
        name,
        source: SourceFile::new(&file, &text, first_line, indent),
        globals: map,
    })
}

fn global(value: &Bound<'_, PyAny>) -> PyResult<GlobalValue> {
    let t = value.cast::<PyTuple>()?;
    let tag: String = t.get_item(0)?.extract()?;
    let arg = |i: usize| t.get_item(i);
    Ok(match tag.as_str() {
        "module" => GlobalValue::Module(arg(1)?.extract()?),
        "int" => {
            let v = arg(1)?;
            match v.extract::<i128>() {
                Ok(i) => GlobalValue::Int(i),
                Err(_) => {
                    GlobalValue::Unsupported(format!("an integer too large for 64 bits ({v})"))
                }
            }
        }
        "float" => GlobalValue::Float(arg(1)?.extract()?),
        "bool" => GlobalValue::Bool(arg(1)?.extract()?),
        "complex" => GlobalValue::Complex(arg(1)?.extract()?, arg(2)?.extract()?),
        "none" => GlobalValue::None,
        "scalar" => {
            // ("scalar", dtype name, value): a NumPy scalar keeps its type.
            let dtype: String = arg(1)?.extract()?;
            let v = arg(2)?;
            match Scalar::from_name(&dtype) {
                Some(s) if s.is_complex() => {
                    let (re, im): (f64, f64) = (v.getattr("real")?.extract()?, v.getattr("imag")?.extract()?);
                    GlobalValue::TypedScalar(s, TypedValue::Complex(re, im))
                }
                Some(s) if s.is_float() => GlobalValue::TypedScalar(s, TypedValue::Float(v.extract()?)),
                Some(s) => GlobalValue::TypedScalar(s, TypedValue::Int(v.extract()?)),
                None => GlobalValue::Unsupported(format!("a NumPy scalar of dtype {dtype}")),
            }
        }
        "str" => GlobalValue::Str(arg(1)?.extract()?),
        "tuple" => {
            let items = arg(1)?;
            let items = items.cast::<PyList>()?;
            GlobalValue::Tuple(items.iter().map(|i| global(&i)).collect::<PyResult<_>>()?)
        }
        "array" => {
            let dtype: String = arg(1)?.extract()?;
            let shape: Vec<u64> = arg(2)?.extract()?;
            let data = arg(3)?;
            let data = data.cast::<PyBytes>()?.as_bytes().to_vec();
            match Scalar::from_name(&dtype) {
                Some(dtype) => GlobalValue::Array { dtype, shape, data },
                None => GlobalValue::Unsupported(format!("a NumPy array of dtype {dtype}")),
            }
        }
        "type" => {
            let text: String = arg(1)?.extract()?;
            match parse_type(&text) {
                Ok(t) => GlobalValue::Type(t),
                Err(_) => GlobalValue::Unsupported(format!("the type {text}")),
            }
        }
        "builtin" => GlobalValue::Builtin(arg(1)?.extract()?),
        "function" => GlobalValue::Function(arg(1)?.extract()?),
        "unsupported" => GlobalValue::Unsupported(arg(1)?.extract()?),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown capture tag {other:?}"
            )));
        }
    })
}
