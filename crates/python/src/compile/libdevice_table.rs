//! `_native.libdevice_table()`: the libdevice table (`oxcuda_ir::LIBDEVICE`, the single source of
//! `cuda.libdevice`) as Python data, for numba-cuda's `libdevicefuncs.functions`
//! (`python/oxcuda/cuda/libdevicefuncs.py`).

use pyo3::prelude::*;

use crate::boundary::guard;

/// `[(symbol, return type, [(parameter, type, is out-parameter), …]), …]`: every row, types as
/// the scalar names of `oxcuda.types` (`"float64"`, `"int32"`, `"void"`).
#[pyfunction]
#[allow(clippy::type_complexity, reason = "the Python shape of the table")]
pub(crate) fn libdevice_table() -> PyResult<Vec<(String, String, Vec<(String, String, bool)>)>> {
    guard(|| {
        Ok(oxcuda_ir::LIBDEVICE
            .iter()
            .map(|row| {
                let ret = row
                    .c_return()
                    .map_or_else(|| "void".to_owned(), |s| s.to_string());
                let params = row
                    .c_params()
                    .iter()
                    .map(|p| (p.name.to_owned(), p.ty.to_string(), p.out))
                    .collect();
                (row.symbol(), ret, params)
            })
            .collect())
    })
}
