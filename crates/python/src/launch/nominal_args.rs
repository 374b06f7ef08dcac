//! Reading enum members and namedtuples passed to kernels: their values (an enum member's
//! `.value`, a namedtuple's items) read as any argument is, typed with their class
//! (`oxcuda_types::nominal`), so a kernel is specialised per enum class and per namedtuple
//! class, as numba-cuda's `EnumMember` and `NamedTuple` types specialise it.
//!
//! A class is named by `module.qualname`. An enum member is typed by its own value (numba
//! types a member by the one value type all members of its class share, and refuses classes
//! whose values differ in type; reading every member on each launch would cost the fast path,
//! so a member of such a class is typed by its own value here).

use oxcuda_runtime::launch::{Arg, EnumArg, NamedTupleArg};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyTuple, PyType};

static ENUM_CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `enum.Enum`.
fn enum_class(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    ENUM_CLASS
        .get_or_try_init(py, || {
            py.import("enum")?
                .getattr("Enum")?
                .cast_into::<PyType>()
                .map(Bound::unbind)
                .map_err(Into::into)
        })
        .map(|c| c.bind(py))
}

/// `module.qualname` of `obj`'s class.
fn class_name(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    let cls = obj.get_type();
    let module: String = cls
        .getattr("__module__")
        .and_then(|m| m.extract())
        .unwrap_or_default();
    let qualname: String = cls.getattr("__qualname__")?.extract()?;
    Ok(format!("{module}.{qualname}"))
}

/// The argument `obj` when it is an enum member or a namedtuple (`read` reads their values),
/// `None` when it is neither.
pub fn read(
    obj: &Bound<'_, PyAny>,
    index: usize,
    mut read: impl FnMut(&Bound<'_, PyAny>) -> PyResult<Arg>,
) -> PyResult<Option<Arg>> {
    if let Ok(t) = obj.cast::<PyTuple>() {
        let Ok(fields) = obj.get_type().getattr("_fields") else {
            return Ok(None);
        };
        let fields: Vec<String> = fields.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "argument {index}: a tuple subclass whose _fields are not names"
            ))
        })?;
        let items = t.iter().map(|x| read(&x)).collect::<PyResult<Vec<_>>>()?;
        if items.len() != fields.len() {
            return Err(PyTypeError::new_err(format!(
                "argument {index}: a namedtuple with {} fields but {} items",
                fields.len(),
                items.len()
            )));
        }
        return Ok(Some(Arg::NamedTuple(Box::new(NamedTupleArg {
            class: class_name(obj)?,
            fields,
            items,
        }))));
    }
    if !obj.is_instance(enum_class(obj.py())?)? {
        return Ok(None);
    }
    let int = obj.is_instance_of::<PyInt>();
    let value = obj.getattr("value")?;
    let value = if int {
        // An IntEnum member is its integer (numba: IntEnumMember(cls, int64)).
        let v: i64 = value.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "argument {index}: the IntEnum member {obj} does not fit in int64"
            ))
        })?;
        Arg::Int(i128::from(v), oxcuda_ir::Scalar::I64)
    } else {
        read(&value).map_err(|e| {
            PyTypeError::new_err(format!(
                "argument {index}: the enum member {obj} has a value kernels cannot take ({e})"
            ))
        })?
    };
    Ok(Some(Arg::Enum(Box::new(EnumArg {
        class: class_name(obj)?,
        int,
        value,
    }))))
}
