//! Device arrays captured as globals or closure variables, by reference (numba-cuda's rule).
//!
//! A name bound to a device array (an oxcuda `DeviceNDArray`, or any object with
//! `__cuda_array_interface__`) becomes, at each use, the array value built from constants:
//! its address (`uint64` cast to the element pointer), its extents and its byte strides. The
//! kernel reads and writes the array's memory itself, so a write is seen by the host and by
//! later launches, as in numba-cuda; values captured later (a rebound global) are not seen,
//! since the kernel was compiled with the array it found (numba freezes globals the same way).
//!
//! Soundness rests on the Python side: the dispatcher keeps every captured array alive as long
//! as the compiled kernel that addresses it (`python/oxcuda/_capture.py`, `device_arrays`), and
//! a kernel that captures one is never written to the disk cache.

use oxcuda_ir::Op;
use oxcuda_types::{ArrayType, Scalar, Type};

use super::Lower;
use crate::globals::DeviceArray;
use crate::value::Val;

impl Lower<'_, '_> {
    /// The array value of a captured device array.
    pub fn device_array(&mut self, a: &DeviceArray) -> Val {
        let address = self.const_int(i128::from(a.data), Scalar::U64);
        let data = self.emit(Op::Cast(address), Type::Pointer(a.dtype));
        let shape = a
            .shape
            .iter()
            .map(|&n| self.const_int(i128::from(n), Scalar::I64))
            .collect();
        let strides = a
            .strides
            .iter()
            .map(|&s| self.const_int(i128::from(s), Scalar::I64))
            .collect();
        let align = u64::from(a.dtype.align().max(1));
        let aligned = a.data.is_multiple_of(align)
            && a.strides
                .iter()
                .all(|&s| s.unsigned_abs().is_multiple_of(align));
        let ty = Type::Array(ArrayType {
            dtype: a.dtype,
            ndim: u32::try_from(a.shape.len()).unwrap_or(u32::MAX),
            layout: a.layout,
            readonly: a.readonly,
            aligned,
        });
        let v = self.emit(
            Op::MakeArray {
                data,
                shape,
                strides,
            },
            ty.clone(),
        );
        Val::Rt(v, ty)
    }
}
