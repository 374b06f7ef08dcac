//! Converting the Python side's captured sources (`python/oxcuda/_capture.py`) into the front
//! end's [`FunctionSource`]s. The tagged-tuple encoding is documented there.

use std::collections::HashMap;

use oxcuda_ir::ExternAbi;
use oxcuda_syntax::SourceFile;
use oxcuda_typeck::globals::{DeviceArray, EnumClass, NamedTupleClass, TypedValue};
use oxcuda_typeck::{ExternFn, FunctionSource, GlobalValue};
use oxcuda_types::{DateUnit, DatetimeType, Dtype, Scalar, parse_type};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};

/// One captured function: `(qualname, file, text, first_line, indent, globals)`, and an
/// optional seventh item, `force_inline` (a device function's `forceinline=True`).
pub fn sources(list: &Bound<'_, PyList>) -> PyResult<Vec<FunctionSource>> {
    list.iter().map(|item| source(&item)).collect()
}

fn source(item: &Bound<'_, PyAny>) -> PyResult<FunctionSource> {
    let tuple = item.cast::<PyTuple>()?;
    let (name, file, text, first_line, indent, globals): (
        String,
        String,
        String,
        u32,
        u32,
        Bound<'_, PyDict>,
    ) = tuple.get_slice(0, 6).extract()?;
    let force_inline = match tuple.len() {
        7 => tuple.get_item(6)?.extract::<bool>()?,
        _ => false,
    };
    let mut map = HashMap::new();
    for (k, v) in globals.iter() {
        map.insert(k.extract::<String>()?, global(&v)?);
    }
    Ok(FunctionSource {
        name,
        source: SourceFile::new(&file, &text, first_line, indent),
        globals: map,
        force_inline,
    })
}

/// A `("datetime", kind, unit, count)` capture: kind `"M"` (datetime64) or `"m"`
/// (timedelta64), NumPy's unit code.
fn datetime(kind: &str, unit: &str, count: i64) -> GlobalValue {
    let (Some(unit), delta) = (DateUnit::from_code(unit), kind == "m") else {
        return GlobalValue::Unsupported(format!("a datetime64/timedelta64 of unit '{unit}'"));
    };
    let d = if delta {
        DatetimeType::timedelta(unit)
    } else {
        DatetimeType::datetime(unit)
    };
    GlobalValue::Datetime(d, count)
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
                    let (re, im): (f64, f64) =
                        (v.getattr("real")?.extract()?, v.getattr("imag")?.extract()?);
                    GlobalValue::TypedScalar(s, TypedValue::Complex(re, im))
                }
                Some(s) if s.is_float() => {
                    GlobalValue::TypedScalar(s, TypedValue::Float(v.extract()?))
                }
                Some(s) => GlobalValue::TypedScalar(s, TypedValue::Int(v.extract()?)),
                None => GlobalValue::Unsupported(format!("a NumPy scalar of dtype {dtype}")),
            }
        }
        "datetime" => datetime(
            &arg(1)?.extract::<String>()?,
            &arg(2)?.extract::<String>()?,
            arg(3)?.extract()?,
        ),
        "str" => GlobalValue::Str(arg(1)?.extract()?),
        "bytes" => GlobalValue::Bytes(arg(1)?.extract()?),
        "exceptionclass" => GlobalValue::ExceptionClass(arg(1)?.extract()?, arg(2)?.extract()?),
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
            // A scalar dtype's name, a datetime dtype's (`datetime64[D]`), or a structured
            // dtype's record type text.
            let parsed = Scalar::from_name(&dtype)
                .map(Dtype::Scalar)
                .or_else(|| match parse_type(&dtype) {
                    Ok(oxcuda_types::Type::Record(r)) => Some(Dtype::Record(r)),
                    Ok(oxcuda_types::Type::Datetime(d)) => Some(Dtype::Datetime(d)),
                    _ => None,
                });
            match parsed {
                Some(dtype) => GlobalValue::Array { dtype, shape, data },
                None => GlobalValue::Unsupported(format!("a NumPy array of dtype {dtype}")),
            }
        }
        "devicearray" => {
            // ("devicearray", dtype name, shape, byte strides, address, layout, readonly)
            let dtype: String = arg(1)?.extract()?;
            let layout: String = arg(5)?.extract()?;
            let layout = match layout.as_str() {
                "C" => oxcuda_types::Layout::C,
                "F" => oxcuda_types::Layout::F,
                _ => oxcuda_types::Layout::A,
            };
            match Scalar::from_name(&dtype) {
                Some(s) => GlobalValue::DeviceArray(Box::new(DeviceArray {
                    dtype: Dtype::Scalar(s),
                    shape: arg(2)?.extract()?,
                    strides: arg(3)?.extract()?,
                    data: arg(4)?.extract()?,
                    layout,
                    readonly: arg(6)?.extract()?,
                })),
                None => GlobalValue::Unsupported(format!("a device array of dtype {dtype}")),
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
        "extern" => external(&arg(1)?, &arg(2)?, &arg(3)?, &arg(4)?)?,
        "overload" => GlobalValue::Overload(arg(1)?.extract()?, arg(2)?.extract()?),
        "enumclass" => GlobalValue::EnumClass(Box::new(enum_class(t)?)),
        "enum" => GlobalValue::EnumMember {
            class: Box::new(enum_class(arg(1)?.cast::<PyTuple>()?)?),
            name: arg(2)?.extract()?,
        },
        "recordctor" => {
            // ("recordctor", name, record type text, [argument index or -1 per field], arity)
            let name: String = arg(1)?.extract()?;
            let text: String = arg(2)?.extract()?;
            let sources: Vec<i64> = arg(3)?.extract()?;
            match parse_type(&text) {
                Ok(oxcuda_types::Type::Record(record)) => {
                    GlobalValue::RecordCtor(Box::new(oxcuda_typeck::globals::RecordCtor {
                        name,
                        record,
                        sources: sources.iter().map(|&k| usize::try_from(k).ok()).collect(),
                        arity: arg(4)?.extract()?,
                    }))
                }
                _ => GlobalValue::Unsupported(format!("the struct constructor {name}")),
            }
        }
        "namedtupleclass" => GlobalValue::NamedTupleClass(Box::new(namedtuple_class(t)?)),
        "namedtuple" => GlobalValue::NamedTuple {
            class: Box::new(namedtuple_class(arg(1)?.cast::<PyTuple>()?)?),
            items: arg(2)?
                .cast::<PyList>()?
                .iter()
                .map(|i| global(&i))
                .collect::<PyResult<_>>()?,
        },
        "unsupported" => GlobalValue::Unsupported(arg(1)?.extract()?),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown capture tag {other:?}"
            )));
        }
    })
}

/// `(name, encoded value)` pairs.
fn named_values(list: &Bound<'_, PyAny>) -> PyResult<Vec<(String, GlobalValue)>> {
    list.cast::<PyList>()?
        .iter()
        .map(|pair| {
            let pair = pair.cast_into::<PyTuple>()?;
            Ok((pair.get_item(0)?.extract()?, global(&pair.get_item(1)?)?))
        })
        .collect()
}

/// `("enumclass", "module.qualname", is_int_enum, [(member name, encoded value), ...])`.
fn enum_class(t: &Bound<'_, PyTuple>) -> PyResult<EnumClass> {
    Ok(EnumClass {
        class: t.get_item(1)?.extract()?,
        int: t.get_item(2)?.extract()?,
        members: named_values(&t.get_item(3)?)?,
    })
}

/// `("namedtupleclass", "module.qualname", [field names], [(field, encoded default), ...])`.
fn namedtuple_class(t: &Bound<'_, PyTuple>) -> PyResult<NamedTupleClass> {
    Ok(NamedTupleClass {
        class: t.get_item(1)?.extract()?,
        fields: t.get_item(2)?.extract()?,
        defaults: named_values(&t.get_item(3)?)?,
    })
}

/// `("extern", symbol, [parameter type texts], return type text, abi, links)`: a
/// `cuda.declare_device` function (`links` matter only to the Python side).
fn external(
    symbol: &Bound<'_, PyAny>,
    params: &Bound<'_, PyAny>,
    ret: &Bound<'_, PyAny>,
    abi: &Bound<'_, PyAny>,
) -> PyResult<GlobalValue> {
    let symbol: String = symbol.extract()?;
    let abi_name: String = abi.extract()?;
    let Some(abi) = ExternAbi::from_name(&abi_name) else {
        return Ok(GlobalValue::Unsupported(format!(
            "external function {symbol} with abi={abi_name:?}"
        )));
    };
    let texts: Vec<String> = params.extract()?;
    let ret: String = ret.extract()?;
    let mut types = Vec::with_capacity(texts.len());
    for t in texts.iter().chain(std::iter::once(&ret)) {
        match parse_type(t) {
            Ok(ty) => types.push(ty),
            Err(_) => {
                return Ok(GlobalValue::Unsupported(format!(
                    "external function {symbol} with the type {t}"
                )));
            }
        }
    }
    let ret = types.pop().unwrap_or(oxcuda_types::Type::None);
    Ok(GlobalValue::Extern(ExternFn {
        symbol,
        params: types,
        ret,
        abi,
    }))
}
