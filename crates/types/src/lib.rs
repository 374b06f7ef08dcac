//! The types kernels compute with, named and promoted as numba-cuda's CUDA target does.
//!
//! - [`scalar`]: bool, int8–uint64, float16–float64, complex64/128, the fp8 storage types.
//! - [`bf16`], [`fp8`]: bit-exact conversions of the reduced-precision formats.
//! - [`ty`]: [`Type`]: scalars, arrays (dtype, ndim, layout C/F/A, readonly), tuples, records,
//!   none.
//! - [`record`]: records (NumPy structured dtypes) and [`Dtype`], a scalar or a record.
//! - [`fragment`]: warp matrix fragments (`cuda.wmma`), typed by role, shape, element, layout.
//! - [`charseq`]: NumPy's fixed-width strings `S<n>`/`U<n>` (numba's `CharSeq`,
//!   `UnicodeCharSeq`), held as records of one character subarray.
//! - [`datetime`]: `datetime64`/`timedelta64` of a unit, numba's unit rules.
//! - [`nominal`]: enum members and namedtuples (a class's identity over a value's type).
//! - [`vector`]: CUDA's vector types (`float32x4`, `float4`), held as tuples of their lanes.
//! - [`promote`]: the result types of arithmetic (`int32 + int32 → int64`, float literals are
//!   float64, …), inventory §6.
//! - [`signature`]: parsing `"void(float32[:, ::1], int64)"`.
//!
//! Nothing here knows about Python, IR or CUDA; every rule is a pure function with tests.

pub mod bf16;
pub mod charseq;
pub mod conversion;
pub mod datetime;
pub mod fp8;
pub mod fp8_vector;
pub mod fragment;
pub mod nominal;
pub mod promote;
pub mod record;
pub mod scalar;
pub mod signature;
pub mod ty;
pub mod vector;

pub use charseq::CharSeqType;
pub use datetime::{DateUnit, DatetimeType};
pub use fp8_vector::Fp8VectorType;
pub use fragment::{FragmentElem, FragmentRole, FragmentType, MatrixLayout, WmmaShape};
pub use nominal::{EnumType, NamedTupleType};
pub use record::{Dtype, Field, Record, RecordType};
pub use scalar::Scalar;
pub use signature::{Signature, parse_signature, parse_type};
pub use ty::{ArrayType, Layout, Type};
pub use vector::VectorType;
