//! `cuda.assume_aligned(array, alignment)`: a promise that `array`'s data address is a multiple
//! of `alignment` bytes, so that libNVVM may merge adjacent element loads and stores into
//! vector accesses (`ld.global.v4.f32` for four float32 at a multiple of 16 bytes), as CUDA
//! C++'s `__builtin_assume_aligned` does. numba-cuda has no such function.
//!
//! Lowered to the test `(address & (alignment - 1)) == 0` and [`Intrinsic::Assume`] of it:
//! on the GPU an `llvm.assume` (a broken promise is undefined behaviour there, as in C++, unless
//! the kernel is compiled with `debug=True`, where an [`Intrinsic::Assert`] of the same test
//! raises `AssertionError`); the simulator checks the promise in every build. The message
//! names the promise, recorded under the call's location for both checks.
//!
//! Invariants: `alignment` is a compile-time power of two from 1 to 4096 (a larger one is no
//! address the allocators promise); the call returns the array itself, so both
//! `cuda.assume_aligned(a, 16)` as a statement and `a = cuda.assume_aligned(a, 16)` work.

use oxcuda_ir::{BinOp, CmpOp, Intrinsic, Op};
use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

/// The largest alignment a promise may name.
const MAX_ALIGNMENT: i128 = 4096;

impl Lower<'_, '_> {
    /// `cuda.assume_aligned(array, alignment)`.
    pub(super) fn assume_aligned(&mut self, args: &[Arg], range: TextRange) -> Val {
        if !self.arity("cuda.assume_aligned", args, 2, 2, range) {
            return Val::Poison;
        }
        let (array, a) = match &args[0].val {
            Val::Rt(v, Type::Array(a)) => (*v, *a),
            Val::Poison => return Val::Poison,
            other => {
                let what = other.describe();
                return self.error_hint(
                    codes::TYPE_MISMATCH,
                    args[0].range,
                    format!("cuda.assume_aligned() takes an array, not {what}"),
                    "pass a kernel argument or a view of one",
                );
            }
        };
        let alignment = match args[1].val {
            Val::Int(n) if (1..=MAX_ALIGNMENT).contains(&n) && n.count_ones() == 1 => n,
            Val::Poison => return Val::Poison,
            _ => {
                return self.error_hint(
                    codes::NOT_CONSTANT,
                    args[1].range,
                    "cuda.assume_aligned() needs the alignment as a constant power of two \
                     (1 to 4096 bytes)",
                    "write it as a literal, e.g. cuda.assume_aligned(arr, 16)",
                );
            }
        };
        let address = self.data_address(array, &a);
        let mask = self.const_int(alignment - 1, Scalar::U64);
        let low = self.emit(
            Op::Binary(BinOp::BitAnd, address, mask),
            Type::Scalar(Scalar::U64),
        );
        let zero = self.const_int(0, Scalar::U64);
        let ok = self.emit(Op::Compare(CmpOp::Eq, low, zero), Type::BOOL);
        let text = format!(
            "cuda.assume_aligned: the array's data address is not a multiple of {alignment} \
             bytes, as promised"
        );
        if self.sess.options.debug {
            self.emit_void(Op::Intrinsic(Intrinsic::Assert, vec![ok]));
        }
        self.emit_void(Op::Intrinsic(Intrinsic::Assume, vec![ok]));
        let loc = self.loc;
        self.f.assert_messages.push((loc, text));
        args[0].val.clone()
    }
}
