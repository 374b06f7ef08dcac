//! Kernel arguments, in the IR's types, and their conversion into parameter registers.
//!
//! The binding passes one [`ArgValue`] per kernel parameter. Scalars are converted to the
//! parameter's type as a typed launch would (an `Int` for a float32 parameter is rounded to
//! float32, an `Int` for an int8 parameter wraps); arrays are checked against the parameter's
//! dtype and dimension count; tuples recursively.
//!
//! Invariant: an [`ArrayArg`] can only be made through the `unsafe` [`ArrayArg::new`], whose
//! contract (the memory its shape and strides describe is valid for reads and writes during
//! every launch that uses it) is what makes the interpreter's pointer accesses sound; a
//! [`RecordArg`] likewise through [`RecordArg::new`] (the record's bytes are valid).

use oxcuda_ir::{Dtype, Record, Scalar, Type};

use crate::arith;
use crate::error::SimError;
use crate::pointer::PointerArg;

/// A kernel argument.
#[derive(Debug, Clone, PartialEq)]
pub enum ArgValue {
    /// An integer (for integer, bool, float or complex parameters).
    Int(i128),
    /// A float (for float or complex parameters).
    Float(f64),
    /// A boolean (for bool, integer or float parameters).
    Bool(bool),
    /// A complex number (for complex parameters).
    Complex(f64, f64),
    /// An array view on host memory.
    Array(ArrayArg),
    /// A record in host memory (passed by reference).
    Record(RecordArg),
    /// A `CPointer` argument: an address in a known allocation.
    Pointer(PointerArg),
    /// A tuple, element by element.
    Tuple(Vec<ArgValue>),
    /// `None` (for a parameter of type `none`).
    None,
}

/// An array argument: a host data pointer with NumPy-style extents and byte strides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayArg {
    data: *mut u8,
    shape: Vec<i64>,
    strides: Vec<i64>,
    dtype: Dtype,
}

/// A record argument: the host address of one record's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordArg {
    data: *mut u8,
    record: Record,
}

// SAFETY: as for ArrayArg: a description of memory whose validity `RecordArg::new` promises.
unsafe impl Send for RecordArg {}
// SAFETY: as above.
unsafe impl Sync for RecordArg {}

impl RecordArg {
    /// Describes a record of type `record` at `data`.
    ///
    /// # Safety
    /// The `record.size` bytes at `data` must be valid for reads and writes (from any thread)
    /// whenever a launch given this argument runs, and nothing else may write them during that
    /// launch except through the simulator.
    #[must_use]
    pub unsafe fn new(data: *mut u8, record: Record) -> Self {
        Self { data, record }
    }

    /// The data pointer.
    #[must_use]
    pub fn data(&self) -> *mut u8 {
        self.data
    }

    /// The record type.
    #[must_use]
    pub fn record(&self) -> Record {
        self.record
    }
}

// SAFETY: an ArrayArg is a description of memory; the contract of `ArrayArg::new` makes the
// memory valid from any thread during a launch, and concurrent access to it is through the
// simulator's atomic element accesses (memory.rs).
unsafe impl Send for ArrayArg {}
// SAFETY: as above; `&ArrayArg` gives no access to the memory by itself.
unsafe impl Sync for ArrayArg {}

impl ArrayArg {
    /// Describes `shape.len()`-dimensional array of `dtype` elements at `data`, element
    /// `[i0, …]` at `data + Σ ik·strides[k]` bytes.
    ///
    /// # Safety
    /// For every index tuple with `0 ≤ ik < shape[k]`, the element's bytes must be valid for
    /// reads and writes (from any thread) whenever a launch that is given this argument runs,
    /// and nothing else may write them during that launch except through the simulator.
    ///
    /// # Errors
    /// When `shape` and `strides` differ in length or an extent is negative.
    pub unsafe fn new(
        data: *mut u8,
        shape: Vec<i64>,
        strides: Vec<i64>,
        dtype: impl Into<Dtype>,
    ) -> Result<Self, SimError> {
        if shape.len() != strides.len() {
            return Err(SimError::launch(format!(
                "an array with {} extents but {} strides",
                shape.len(),
                strides.len()
            )));
        }
        if let Some(bad) = shape.iter().find(|&&n| n < 0) {
            return Err(SimError::launch(format!("an array extent of {bad}")));
        }
        Ok(Self {
            data,
            shape,
            strides,
            dtype: dtype.into(),
        })
    }

    /// The byte range `[lo, hi)` the array's elements occupy (empty for an empty array).
    pub(crate) fn extent(&self) -> (u64, u64) {
        if self.shape.contains(&0) {
            return (self.data as u64, self.data as u64);
        }
        let (mut lo, mut hi) = (0i64, 0i64);
        for (&n, &s) in self.shape.iter().zip(&self.strides) {
            let reach = (n - 1).saturating_mul(s);
            if reach < 0 {
                lo += reach;
            } else {
                hi += reach;
            }
        }
        let size = i64::from(self.dtype.size());
        let base = self.data as i64;
        ((base + lo) as u64, (base + hi + size) as u64)
    }

    /// A C-contiguous array over a mutable slice of `T` (a convenience for tests and Rust
    /// callers; the slice must outlive every launch using the result).
    ///
    /// # Safety
    /// As [`ArrayArg::new`]: `slice` must stay alive and unaliased by other writers while any
    /// launch given this argument runs; `T` must be the element type `dtype` describes.
    ///
    /// # Errors
    /// When the shape's product is not the slice's length.
    pub unsafe fn from_slice<T>(
        slice: &mut [T],
        shape: &[i64],
        dtype: Scalar,
    ) -> Result<Self, SimError> {
        let count: i64 = shape.iter().product();
        if usize::try_from(count).ok() != Some(slice.len())
            || std::mem::size_of::<T>() != dtype.size() as usize
        {
            return Err(SimError::launch(format!(
                "shape {shape:?} of {dtype} does not describe a slice of {} {}-byte elements",
                slice.len(),
                std::mem::size_of::<T>()
            )));
        }
        let mut strides = vec![0i64; shape.len()];
        let mut s = i64::from(dtype.size());
        for k in (0..shape.len()).rev() {
            strides[k] = s;
            s *= shape[k];
        }
        // SAFETY: the slice backs exactly the described elements; the caller keeps it alive.
        unsafe { Self::new(slice.as_mut_ptr().cast(), shape.to_vec(), strides, dtype) }
    }

    /// The data pointer.
    #[must_use]
    pub fn data(&self) -> *mut u8 {
        self.data
    }

    /// The extents.
    #[must_use]
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }

    /// The byte strides.
    #[must_use]
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }

    /// The element type.
    #[must_use]
    pub fn dtype(&self) -> Dtype {
        self.dtype
    }

    /// The number of dimensions.
    #[must_use]
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }
}

/// Appends the registers of `arg` converted to `ty` to `out`; `what` names the argument in
/// errors.
pub(crate) fn flatten(
    ty: &Type,
    arg: &ArgValue,
    out: &mut Vec<u64>,
    what: &str,
) -> Result<(), SimError> {
    let mismatch = || SimError::launch(format!("{what}: expected {ty}, got {}", describe(arg)));
    match ty {
        Type::None => Ok(()),
        // Front-end types (never in the IR): as the value they hold.
        Type::Enum(_)
        | Type::NamedTuple(_)
        | Type::Vector(_)
        | Type::Fp8Vector(_)
        | Type::Fragment(_)
        | Type::Datetime(_)
        | Type::CharSeq(_)
        | Type::Optional(_)
        | Type::Class(_) => flatten(&ty.erased(), arg, out, what),
        Type::Scalar(s) => {
            let s = *s;
            if s.is_complex() {
                let part = s.complex_part();
                let (re, im) = match *arg {
                    ArgValue::Complex(re, im) => (re, im),
                    ArgValue::Float(x) => (x, 0.0),
                    ArgValue::Int(i) => (i as f64, 0.0),
                    _ => return Err(mismatch()),
                };
                out.push(arith::of_float(part, re));
                out.push(arith::of_float(part, im));
                return Ok(());
            }
            let reg = match *arg {
                // A number for an fp8 parameter converts as the type's constructor does.
                ArgValue::Int(i) if s.is_fp8() => {
                    u64::from(oxcuda_types::fp8::from_f64_constructor(i as f64, s))
                }
                ArgValue::Float(x) if s.is_fp8() => {
                    u64::from(oxcuda_types::fp8::from_f64_constructor(x, s))
                }
                ArgValue::Bool(b) if s.is_fp8() => u64::from(
                    oxcuda_types::fp8::from_f64_constructor(f64::from(u8::from(b)), s),
                ),
                ArgValue::Int(i) if s.is_int() => arith::of_int(s, i),
                ArgValue::Int(i) if s == Scalar::Bool => u64::from(i != 0),
                ArgValue::Int(i) if s == Scalar::BF16 => u64::from(oxcuda_types::bf16::from_int(i)),
                ArgValue::Int(i) => arith::of_float(s, i as f64),
                ArgValue::Bool(b) => arith::cast(Scalar::Bool, s, u64::from(b)),
                ArgValue::Float(x) if s.is_float() => arith::of_float(s, x),
                _ => return Err(mismatch()),
            };
            out.push(reg);
            Ok(())
        }
        Type::Array(at) => {
            let ArgValue::Array(a) = arg else {
                return Err(mismatch());
            };
            if a.dtype != at.dtype || a.ndim() != at.ndim as usize {
                return Err(mismatch());
            }
            out.push(a.data as u64);
            out.extend(a.shape.iter().map(|&n| n as u64));
            out.extend(a.strides.iter().map(|&n| n as u64));
            Ok(())
        }
        Type::Tuple(items) => {
            let ArgValue::Tuple(values) = arg else {
                return Err(mismatch());
            };
            if values.len() != items.len() {
                return Err(mismatch());
            }
            for (k, (t, v)) in items.iter().zip(values).enumerate() {
                flatten(t, v, out, &format!("{what}[{k}]"))?;
            }
            Ok(())
        }
        Type::Record(rec) => {
            let ArgValue::Record(r) = arg else {
                return Err(mismatch());
            };
            if r.record != *rec {
                return Err(mismatch());
            }
            out.push(r.data as u64);
            Ok(())
        }
        Type::Pointer(d) => match arg {
            ArgValue::Pointer(p) => {
                out.extend(p.slots());
                Ok(())
            }
            ArgValue::Int(addr) => Err(SimError::launch(format!(
                "{what}: the address {addr:#x} for a CPointer({d}) parameter is not in any of the \
                 simulator's allocations; pass the address of a simulator device array \
                 (arr.device_ctypes_pointer.value, or arr.__cuda_array_interface__['data'][0]) \
                 and keep the array alive during the launch, or declare an array parameter \
                 ({d}[::1]) and pass the array"
            ))),
            _ => Err(mismatch()),
        },
    }
}

fn describe(arg: &ArgValue) -> String {
    match arg {
        ArgValue::Int(i) => format!("the integer {i}"),
        ArgValue::Float(x) => format!("the float {x}"),
        ArgValue::Bool(b) => format!("the bool {b}"),
        ArgValue::Complex(re, im) => format!("the complex ({re}+{im}j)"),
        ArgValue::Array(a) => format!("an array({}, {}d)", a.dtype, a.ndim()),
        ArgValue::Record(r) => format!("a record {}", r.record),
        ArgValue::Tuple(v) => format!("a tuple of {} items", v.len()),
        ArgValue::Pointer(p) => format!("the pointer {:#x}", p.addr()),
        ArgValue::None => "None".into(),
    }
}
