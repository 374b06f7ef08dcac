//! Per-thread state: the register file, the call-frame stack and local-array memory.
//!
//! A thread is a resumable state machine, not a Rust call stack: [`ThreadState`] holds
//! everything needed to stop at a barrier and continue later — one flat register file (`u64`
//! slots) shared by all its frames, and a stack of [`Frame`]s (function, resume point, base slot,
//! where the caller wants the result, the frame's local-array memory).
//!
//! Slot layout of a value ([`slots_of`]): a scalar takes 1 slot (complex: 2), a pointer 1, an
//! array `1 + 2·ndim` (data pointer, extents, byte strides), a tuple the concatenation of its
//! elements, `none` 0. A function's frame is `[params | statics | vars | values]`; a callee's
//! frame starts right after its caller's.
//!
//! Invariants: `regs.len() ≥ base + frame_slots` of every frame on the stack (the interpreter
//! reads registers unchecked relying on this); frames only refer to registers by index, so the
//! register file may grow (and move) on calls; local memory is one boxed buffer per frame that
//! never moves while the frame lives, so a local array's data pointer stays valid even when the
//! thread is suspended or calls deeper.

use oxcuda_ir::Type;

use crate::inst::geom;

/// How many register slots a value of type `ty` occupies.
#[must_use]
pub(crate) fn slots_of(ty: &Type) -> u32 {
    match ty {
        Type::None => 0,
        Type::Scalar(s) => {
            if s.is_complex() {
                2
            } else {
                1
            }
        }
        // A pointer is fat: its address, then the bounds `[lo, hi)` its accesses must stay in
        // (`0, u64::MAX` for a pointer with none, such as an array's data pointer). A
        // `CPointer` parameter's bounds are the simulator allocation its address lies in.
        Type::Pointer(_) => 3,
        Type::Record(_) => 1,
        Type::Array(a) => 1 + 2 * a.ndim,
        Type::Tuple(items) => items.iter().map(slots_of).sum(),
        // Front-end types (never in the IR): as the value they hold.
        Type::Enum(_)
        | Type::NamedTuple(_)
        | Type::Vector(_)
        | Type::Fp8Vector(_)
        | Type::Fragment(_)
        | Type::Datetime(_)
        | Type::CharSeq(_)
        | Type::Optional(_)
        | Type::Class(_) => slots_of(&ty.erased()),
    }
}

/// One activation of a function.
#[derive(Debug)]
pub(crate) struct Frame {
    /// Index of the function in the program.
    pub func: u32,
    /// The next instruction to execute (saved when the frame is not running).
    pub pc: u32,
    /// The frame's first slot in the register file.
    pub base: u32,
    /// Absolute slot where the caller receives the result.
    pub ret_dst: u32,
    /// Local-array memory (8-byte aligned words), empty when the function has none.
    pub locals: Vec<u64>,
}

/// Most frames a thread may hold at once (recursion depth).
pub(crate) const MAX_DEPTH: usize = 4096;

/// Everything one simulated CUDA thread needs to run and to be resumed.
#[derive(Debug, Default)]
pub(crate) struct ThreadState {
    /// The register file: every frame's slots, innermost last.
    pub regs: Vec<u64>,
    /// The call stack; empty when the thread has exited.
    pub frames: Vec<Frame>,
    /// Spare local-memory buffers, reused by later calls.
    pool: Vec<Vec<u64>>,
    /// threadIdx, blockIdx, blockDim, gridDim, laneid, warpsize as int32 registers.
    pub geom: [u64; geom::LEN],
    /// Whether the kernel frame's template slots hold this launch's template (states live for
    /// one launch; see `scheduler::start`).
    pub template_loaded: bool,
    /// The `cp.async` copies this thread started and has not waited for (`tensor.rs`).
    pub copies: crate::tensor::AsyncCopies,
}

impl ThreadState {
    /// Makes sure the register file holds at least `n` slots.
    #[inline]
    pub(crate) fn reserve_regs(&mut self, n: usize) {
        if self.regs.len() < n {
            self.regs.resize(n, 0);
        }
    }

    /// A zeroed local-memory buffer of `words` 8-byte words (reused when possible).
    pub(crate) fn take_locals(&mut self, words: usize) -> Vec<u64> {
        if words == 0 {
            return Vec::new();
        }
        let mut buf = self.pool.pop().unwrap_or_default();
        buf.clear();
        buf.resize(words, 0);
        buf
    }

    /// Gives a frame's local memory back to the pool.
    pub(crate) fn recycle(&mut self, frame: Frame) {
        if frame.locals.capacity() > 0 {
            self.pool.push(frame.locals);
        }
    }

    /// Drops every frame (keeping the buffers for reuse).
    pub(crate) fn clear_frames(&mut self) {
        while let Some(f) = self.frames.pop() {
            self.recycle(f);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxcuda_ir::{ArrayType, Layout, Scalar};

    #[test]
    fn slot_counts() {
        let arr = Type::Array(ArrayType {
            dtype: Scalar::F32.into(),
            ndim: 2,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        });
        assert_eq!(slots_of(&arr), 5);
        assert_eq!(slots_of(&Type::Scalar(Scalar::C128)), 2);
        assert_eq!(slots_of(&Type::Tuple(vec![Type::I64, arr, Type::None])), 6);
    }
}
