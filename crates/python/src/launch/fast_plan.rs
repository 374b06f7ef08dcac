//! The launch fast path's plan for the last specialisation: each argument checked against the
//! type it had at the last launch and written straight into the kernel's parameter slots,
//! with no [`Arg`](oxcuda_runtime::launch::Arg) built, compared, packed and dropped.
//!
//! A [`FastPlan`] exists for a specialisation whose every argument is of a kind the plan
//! knows ([`Step`]): a device array of a numeric dtype, a Python `int` for an integer
//! parameter, a Python `float` for a `float32`/`float64` parameter. Anything else (tuples,
//! records, foreign arrays, NumPy scalars…) keeps the general path, which handles every kind.
//!
//! Invariant: the plan adds no behaviour. It accepts an argument only when the general path
//! would read exactly the type it was built from (the table's key) and would pack the same
//! bits; on the first argument it cannot vouch for, [`FastPlan::pack`] gives up and the
//! general path reads the whole launch again — which then applies every rule, error and
//! conversion itself. Checks that depend on the kernel (the arrays' context against the
//! kernel's, the configuration, co-residency) stay with the kernel's launch
//! (`GpuKernel::launch_flat`).

use std::ffi::c_void;
use std::mem::MaybeUninit;

use oxcuda_ir::{ArrayType, Dtype, Layout, Scalar, Type};
use pyo3::prelude::*;
use pyo3::types::{PyFloat, PyInt, PyTuple};

use crate::launch::args::layout_from_flags;
use crate::memory::devicearray::DeviceNDArray;

/// Parameter slots the plan fills on the stack (16 two-dimensional arrays take 80); a
/// specialisation with more keeps the general path.
pub const FLAT_SLOTS: usize = 96;

/// How one argument is checked and packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// A `DeviceNDArray` (or subclass) on the GPU whose view shows exactly these facts; packed
    /// as its data pointer, shape and strides (docs/abi.md).
    Array {
        scalar: Scalar,
        ndim: usize,
        layout: Layout,
        readonly: bool,
    },
    /// An exact Python `int` that fits int64 (the general path types it `int64`), for an
    /// integer parameter: its low 64 bits, as `oxcuda_runtime::launch::pack` writes them.
    Int,
    /// An exact Python `float` for a `float64` parameter.
    Float64,
    /// An exact Python `float` for a `float32` parameter (rounded to nearest, as `pack`).
    Float32,
}

/// The steps of one specialisation, and the slots they fill.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FastPlan {
    steps: Vec<Step>,
    slots: usize,
}

impl FastPlan {
    /// The plan for arguments of types `key` (as the general path reads them) passed for
    /// parameters `params`; `None` when some argument is of a kind the plan does not know.
    pub fn new(key: &[Type], params: &[Type]) -> Option<Self> {
        if key.len() != params.len() {
            return None;
        }
        let mut steps = Vec::with_capacity(key.len());
        let mut slots = 0;
        for (got, want) in key.iter().zip(params) {
            let step = step_for(got, want)?;
            slots += match step {
                Step::Array { ndim, .. } => 1 + 2 * ndim,
                _ => 1,
            };
            steps.push(step);
        }
        (slots <= FLAT_SLOTS).then_some(Self { steps, slots })
    }

    /// Checks `args` against the plan and writes their parameter slots to `out`; returns the
    /// context of the array arguments (0 when there are none), which the kernel compares with
    /// its own, or `None` (having launched nothing) when an argument is not what the plan
    /// expects.
    pub fn pack(&self, args: &Bound<'_, PyTuple>, out: &mut FlatParams) -> Option<usize> {
        if args.len() != self.steps.len() {
            return None;
        }
        out.len = 0;
        let mut arrays_ctx = 0;
        for (obj, step) in args.iter_borrowed().zip(&self.steps) {
            match *step {
                Step::Array {
                    scalar,
                    ndim,
                    layout,
                    readonly,
                } => {
                    let arr = obj.cast::<DeviceNDArray>().ok()?;
                    let view = arr.get().launch_view();
                    if view.scalar != Some(scalar)
                        || matches!(view.kind, b'V' | b'M' | b'm')
                        || view.shape.len() != ndim
                        || view.readonly != readonly
                        || view.host
                        || layout_from_flags(view.c_contiguous, view.f_contiguous) != layout
                    {
                        return None;
                    }
                    // One context for every array; mixed ones are the general path's to name.
                    if view.ctx != 0 {
                        if arrays_ctx != 0 && arrays_ctx != view.ctx {
                            return None;
                        }
                        arrays_ctx = view.ctx;
                    }
                    out.push(view.ptr);
                    for &n in view.shape {
                        out.push(n as u64);
                    }
                    for &s in view.strides {
                        out.push(s as u64);
                    }
                }
                Step::Int => {
                    if !obj.is_exact_instance_of::<PyInt>() {
                        return None;
                    }
                    out.push(obj.extract::<i64>().ok()? as u64);
                }
                Step::Float64 | Step::Float32 => {
                    if !obj.is_exact_instance_of::<PyFloat>() {
                        return None;
                    }
                    let x = obj.cast::<PyFloat>().ok()?.value();
                    out.push(if *step == Step::Float64 {
                        x.to_bits()
                    } else {
                        u64::from((x as f32).to_bits())
                    });
                }
            }
        }
        debug_assert_eq!(out.len, self.slots);
        Some(arrays_ctx)
    }
}

/// The parameter slots of one fast launch, on the stack: 8 bytes each (every kind the plan
/// packs fits), and not zeroed — a launch writes exactly the slots its plan counts
/// ([`FastPlan::new`] refuses plans of more than [`FLAT_SLOTS`]), and only those are read.
pub struct FlatParams {
    values: [MaybeUninit<u64>; FLAT_SLOTS],
    pointers: [MaybeUninit<*mut c_void>; FLAT_SLOTS],
    len: usize,
}

impl FlatParams {
    /// Empty slots.
    #[must_use]
    pub fn new() -> Self {
        Self {
            values: uninit_slots(),
            pointers: uninit_slots(),
            len: 0,
        }
    }

    fn push(&mut self, value: u64) {
        self.values[self.len].write(value);
        self.len += 1;
    }

    /// `cuLaunchKernel`'s parameter array: a pointer to each slot written, in order.
    pub fn pointers(&mut self) -> &mut [*mut c_void] {
        for i in 0..self.len {
            let slot = self.values[i].as_mut_ptr().cast();
            self.pointers[i].write(slot);
        }
        // SAFETY: the first `len` pointers were written just above (and `len <= FLAT_SLOTS`:
        // `push` indexes the array, so it could not have gone past it).
        unsafe { std::slice::from_raw_parts_mut(self.pointers.as_mut_ptr().cast(), self.len) }
    }
}

/// An array of uninitialised slots, written as one uninitialised array: the repeat expression
/// `[MaybeUninit::uninit(); N]` compiled to a `memset` of the whole array (measured: 776 bytes
/// zeroed per launch, 63 instructions), which is what these slots exist to avoid.
fn uninit_slots<T: Copy, const N: usize>() -> [MaybeUninit<T>; N] {
    // SAFETY: an array of `MaybeUninit` is valid uninitialised (the `MaybeUninit` docs' idiom).
    unsafe { MaybeUninit::<[MaybeUninit<T>; N]>::uninit().assume_init() }
}

/// The step for an argument read as `got` passed for a parameter `want`.
fn step_for(got: &Type, want: &Type) -> Option<Step> {
    match (got, want) {
        (
            Type::Array(ArrayType {
                dtype: Dtype::Scalar(scalar),
                ndim,
                layout,
                readonly,
                aligned: true,
            }),
            Type::Array(ArrayType {
                dtype: Dtype::Scalar(param),
                ndim: param_ndim,
                ..
            }),
        ) if scalar == param && ndim == param_ndim => Some(Step::Array {
            scalar: *scalar,
            ndim: usize::try_from(*ndim).ok()?,
            layout: *layout,
            readonly: *readonly,
        }),
        (Type::Scalar(Scalar::I64), Type::Scalar(p)) if p.is_int() && *p != Scalar::Bool => {
            Some(Step::Int)
        }
        (Type::Scalar(Scalar::F64), Type::Scalar(Scalar::F64)) => Some(Step::Float64),
        (Type::Scalar(Scalar::F64), Type::Scalar(Scalar::F32)) => Some(Step::Float32),
        _ => None,
    }
}
