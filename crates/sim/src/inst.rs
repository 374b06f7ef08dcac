//! The decoded instruction set the interpreter dispatches on.
//!
//! An [`Inst`] is a small `Copy` value (20 bytes): operands are slot indices relative to the
//! current frame's base in the thread's register file, types are resolved to `Scalar`s (one
//! byte), jump targets are instruction indices. Operand lists that do not fit (call arguments,
//! multi-dimensional indices, tuple and array construction) live in the function's `extra`
//! table of `u32`s and are referenced by their start index.
//!
//! Invariants established by the decoder (`decode.rs`) and relied on by the interpreter's
//! unchecked register accesses:
//! - every slot operand `s` of an instruction (and every slot in its `extra` list), plus the
//!   number of slots it reads or writes there, is below the function's `frame_slots`;
//! - every jump target is a valid index into the function's code;
//! - `extra` ranges named by an instruction lie inside the function's `extra` table;
//! - array operands are `1 + 2·ndim` slots (data pointer, extents, byte strides), with `ndim`
//!   the array type's, and the element kind matches the array's dtype;
//! - no instruction writes a slot of the frame's template region except the data-pointer
//!   slots of shared, local, constant and dynamic-shared arrays (and `DynShared`'s extent and
//!   stride), which it rewrites before every use with a value that is the same for every
//!   thread of the launch on one worker — so a kernel frame can keep its template across the
//!   threads that reuse it.

use oxcuda_ir::{AtomicOp, BinOp, CmpOp, MatchMode, MathFn, Scalar, ShflMode, UnaryOp, VoteMode};

/// How an element moves between memory and a register (see `arith.rs` for the encoding).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MemKind {
    /// One byte, non-zero reads as 1.
    Bool,
    /// Signed 1/2/4 bytes, sign-extended into the register.
    I8,
    I16,
    I32,
    /// Unsigned 1/2/4 bytes (also float16 and float32 bits), zero-extended.
    U8,
    U16,
    U32,
    /// Eight bytes (int64, uint64, float64).
    X64,
    /// Two four-byte floats into two slots.
    C64,
    /// Two eight-byte floats into two slots.
    C128,
}

impl MemKind {
    /// Bytes one element of this kind occupies in memory.
    pub(crate) const fn bytes(self) -> u32 {
        match self {
            Self::Bool | Self::I8 | Self::U8 => 1,
            Self::I16 | Self::U16 => 2,
            Self::I32 | Self::U32 => 4,
            Self::X64 | Self::C64 => 8,
            Self::C128 => 16,
        }
    }

    /// The kind of an element type.
    pub(crate) const fn of(s: Scalar) -> Self {
        match s {
            Scalar::Bool => Self::Bool,
            Scalar::I8 => Self::I8,
            Scalar::I16 => Self::I16,
            Scalar::I32 => Self::I32,
            Scalar::U8 | Scalar::E4M3 | Scalar::E5M2 | Scalar::E8M0 => Self::U8,
            Scalar::U16 | Scalar::F16 | Scalar::BF16 => Self::U16,
            Scalar::U32 | Scalar::F32 => Self::U32,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => Self::X64,
            Scalar::C64 => Self::C64,
            Scalar::C128 => Self::C128,
        }
    }
}

/// Which geometry value a [`Inst::Geom`] reads (an index into the thread's geometry table).
pub(crate) mod geom {
    /// `threadIdx.x`; `.y`, `.z` follow.
    pub const TID: u8 = 0;
    /// `blockIdx.x`; `.y`, `.z` follow.
    pub const BID: u8 = 3;
    /// `blockDim.x`; `.y`, `.z` follow.
    pub const BDIM: u8 = 6;
    /// `gridDim.x`; `.y`, `.z` follow.
    pub const GDIM: u8 = 9;
    /// `laneid`.
    pub const LANE: u8 = 12;
    /// `warpsize`.
    pub const WARPSIZE: u8 = 13;
    /// `lanemask_lt()`: `(1 << laneid) - 1`.
    pub const LANEMASK_LT: u8 = 14;
    /// Table length.
    pub const LEN: usize = 15;
}

/// The four block-wide barriers, and the grid barrier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BarrierKind {
    /// `syncthreads()`.
    Plain,
    /// `cuda.cg.this_grid().sync()`: every thread of the block stops here, then the block
    /// waits for every other block of the (cooperative) launch (`launch.rs`).
    Grid,
    /// `syncthreads_count(p)`.
    Count,
    /// `syncthreads_and(p)`.
    And,
    /// `syncthreads_or(p)`.
    Or,
}

/// A warp-level operation. The thread stops at it, and the scheduler completes it once the
/// threads it involves have all stopped (`scheduler.rs`, results in `warp.rs`). Two threads
/// take part in the same collective when their operations are equal (mode and value type) and
/// their masks too, wherever in the program they are: PTX requires no more from `sm_70` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WarpOp {
    /// `syncwarp(mask)`: waits until every thread in the mask has reached a `syncwarp` or
    /// exited.
    Sync,
    /// A shuffle of a value of this type.
    Shfl(ShflMode, Scalar),
    /// A vote; the operand is a bool.
    Vote(VoteMode),
    /// A match on a value of this type.
    Match(MatchMode, Scalar),
    /// `activemask()`: no mask; its lanes are those stopped at the same instruction.
    ActiveMask,
}

impl WarpOp {
    /// numba-cuda's name of the operation.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Self::Sync => "syncwarp",
            Self::Shfl(ShflMode::Idx, _) => "shfl_sync",
            Self::Shfl(ShflMode::Up, _) => "shfl_up_sync",
            Self::Shfl(ShflMode::Down, _) => "shfl_down_sync",
            Self::Shfl(ShflMode::Bfly, _) => "shfl_xor_sync",
            Self::Vote(VoteMode::All) => "all_sync",
            Self::Vote(VoteMode::Any) => "any_sync",
            Self::Vote(VoteMode::Uni) => "eq_sync",
            Self::Vote(VoteMode::Ballot) => "ballot_sync",
            Self::Match(MatchMode::Any, _) => "match_any_sync",
            Self::Match(MatchMode::All, _) => "match_all_sync",
            Self::ActiveMask => "activemask",
        }
    }
}

/// Bit-manipulation intrinsics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BitsOp {
    Popc,
    Brev,
    Clz,
    Ffs,
    /// The operand's bits (of the instruction's type) read as this type, of the same size.
    Reinterpret(Scalar),
}

/// One decoded instruction. Slots are relative to the frame base.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Inst {
    // ---- control ----
    /// Go to instruction `to`.
    Jump {
        to: u32,
    },
    /// Go to `t` if slot `c` is 1, else to `e`.
    Branch {
        c: u32,
        t: u32,
        e: u32,
    },
    /// Return `n` slots from `s` (kernel: the thread exits).
    Ret {
        s: u32,
        n: u32,
    },
    /// Call function `func`; `extra[args..]` lists one source slot per parameter slot of the
    /// callee; the result goes to `dst` (as many slots as the callee returns).
    Call {
        func: u32,
        args: u32,
        dst: u32,
    },
    /// Call the host build of external function `host` (`Program::hosts`, `host_call.rs`):
    /// `extra[args..]` lists one register per parameter (its value, or a pointer's address);
    /// the result goes to `dst`.
    CallHost {
        host: u32,
        args: u32,
        dst: u32,
    },
    /// Fused compare-and-branch on signed canonical integers: go to `t` if `a op b`, else `e`.
    BrS {
        op: CmpOp,
        a: u32,
        b: u32,
        t: u32,
        e: u32,
    },
    /// As `BrS` on unsigned integers or bools.
    BrU {
        op: CmpOp,
        a: u32,
        b: u32,
        t: u32,
        e: u32,
    },
    /// As `BrS` on float32.
    BrF32 {
        op: CmpOp,
        a: u32,
        b: u32,
        t: u32,
        e: u32,
    },
    /// As `BrS` on float64.
    BrF64 {
        op: CmpOp,
        a: u32,
        b: u32,
        t: u32,
        e: u32,
    },
    /// `unreachable` was reached.
    Trap,

    // ---- moves ----
    /// `d = s`.
    Mov {
        d: u32,
        s: u32,
    },
    /// `d..d+n = s..s+n`.
    MovN {
        d: u32,
        s: u32,
        n: u32,
    },
    /// `d+k = extra[list+k]` for `k < n`.
    Gather {
        d: u32,
        list: u32,
        n: u32,
    },
    /// `d = c ? a : b`.
    Sel {
        d: u32,
        c: u32,
        a: u32,
        b: u32,
    },
    /// `extra[list..]` = `[a, b, n]`: `d..d+n = c ? a.. : b..`.
    SelN {
        d: u32,
        c: u32,
        list: u32,
    },

    // ---- real scalar arithmetic (canonical registers) ----
    /// Unary operator on type `ty`.
    Un {
        op: UnaryOp,
        ty: Scalar,
        d: u32,
        a: u32,
    },
    /// Binary operator on type `ty` (the general path).
    Bin {
        op: BinOp,
        ty: Scalar,
        d: u32,
        a: u32,
        b: u32,
    },
    /// Comparison on type `ty` (the general path).
    Cmp {
        op: CmpOp,
        ty: Scalar,
        d: u32,
        a: u32,
        b: u32,
    },
    /// Conversion of a real scalar.
    Cast {
        from: Scalar,
        to: Scalar,
        d: u32,
        a: u32,
    },
    /// Integer re-normalisation to `ty` (an int → int cast to a narrower or other-signed type).
    Norm {
        ty: Scalar,
        d: u32,
        a: u32,
    },
    /// Fast paths: 64-bit integer arithmetic (no normalisation needed).
    AddI64 {
        d: u32,
        a: u32,
        b: u32,
    },
    SubI64 {
        d: u32,
        a: u32,
        b: u32,
    },
    MulI64 {
        d: u32,
        a: u32,
        b: u32,
    },
    /// Fast paths: int32 arithmetic.
    AddI32 {
        d: u32,
        a: u32,
        b: u32,
    },
    SubI32 {
        d: u32,
        a: u32,
        b: u32,
    },
    MulI32 {
        d: u32,
        a: u32,
        b: u32,
    },
    /// Fast paths: float32 arithmetic.
    AddF32 {
        d: u32,
        a: u32,
        b: u32,
    },
    SubF32 {
        d: u32,
        a: u32,
        b: u32,
    },
    MulF32 {
        d: u32,
        a: u32,
        b: u32,
    },
    DivF32 {
        d: u32,
        a: u32,
        b: u32,
    },
    /// Fast paths: float64 arithmetic.
    AddF64 {
        d: u32,
        a: u32,
        b: u32,
    },
    SubF64 {
        d: u32,
        a: u32,
        b: u32,
    },
    MulF64 {
        d: u32,
        a: u32,
        b: u32,
    },
    DivF64 {
        d: u32,
        a: u32,
        b: u32,
    },
    /// `d = a * b + c`, rounded after the product and after the sum (a fused pair of IR
    /// instructions, not an fma).
    MulAddF32 {
        d: u32,
        a: u32,
        b: u32,
        c: u32,
    },
    /// As `MulAddF32` on float64.
    MulAddF64 {
        d: u32,
        a: u32,
        b: u32,
        c: u32,
    },
    /// Fast paths: comparisons of signed (any width) / unsigned-or-bool canonical integers.
    CmpS {
        op: CmpOp,
        d: u32,
        a: u32,
        b: u32,
    },
    CmpU {
        op: CmpOp,
        d: u32,
        a: u32,
        b: u32,
    },
    /// Fast paths: float32 / float64 comparisons.
    CmpF32 {
        op: CmpOp,
        d: u32,
        a: u32,
        b: u32,
    },
    CmpF64 {
        op: CmpOp,
        d: u32,
        a: u32,
        b: u32,
    },

    // ---- complex (slot pairs) ----
    CUn {
        op: UnaryOp,
        ty: Scalar,
        d: u32,
        a: u32,
    },
    CBin {
        op: BinOp,
        ty: Scalar,
        d: u32,
        a: u32,
        b: u32,
    },
    CCmp {
        op: CmpOp,
        ty: Scalar,
        d: u32,
        a: u32,
        b: u32,
    },
    /// Real or complex → complex.
    ToC {
        from: Scalar,
        to: Scalar,
        d: u32,
        a: u32,
    },
    /// Complex → real.
    FromC {
        from: Scalar,
        to: Scalar,
        d: u32,
        a: u32,
    },

    // ---- math ----
    Math1 {
        f: MathFn,
        ty: Scalar,
        d: u32,
        a: u32,
    },
    Math2 {
        f: MathFn,
        ty: Scalar,
        d: u32,
        a: u32,
        b: u32,
    },
    /// libdevice function `f` (its index in `LIBDEVICE`) on the `n` operands
    /// `extra[list..]`; `d` = its output `k`.
    Libdevice {
        f: u16,
        k: u8,
        n: u8,
        d: u32,
        list: u32,
    },
    /// `extra[list..]` = `[a, b, c]`.
    Fma {
        ty: Scalar,
        d: u32,
        list: u32,
    },

    // ---- intrinsics ----
    /// `d = geometry[k]` (see [`geom`]).
    Geom {
        d: u32,
        k: u8,
    },
    Bits {
        op: BitsOp,
        ty: Scalar,
        d: u32,
        a: u32,
    },
    /// A block-wide barrier; `p` is the predicate slot and `d` the result slot (unused by
    /// `Plain`).
    Barrier {
        kind: BarrierKind,
        d: u32,
        p: u32,
    },
    /// A warp-level operation: mask in slot `mask` (unused by `ActiveMask`), operand in `a`
    /// (value or predicate), lane operand of shuffles in `b`, result to `d` (unused by `Sync`).
    Warp {
        op: WarpOp,
        d: u32,
        mask: u32,
        a: u32,
        b: u32,
    },
    /// Fails the launch when slot `c` is 0.
    Assert {
        c: u32,
    },
    /// Ends the thread from any call depth (`intrinsic exit`).
    Exit,
    /// Writes the line of `print` number `fmt` of the function (`FuncCode::prints`), its
    /// values in the slots listed at `extra[args..]`, one per value piece.
    Print {
        fmt: u32,
        args: u32,
    },
    /// `threadfence`, `threadfence_system`: a sequentially consistent memory fence.
    Fence,
    /// A barrier of the whole warp (`syncwarp(0xffffffff)` without a mask register), before
    /// every tensor-core load and store (`tensor.rs`).
    WarpSyncAll,
    /// Tensor operation number `k` of the function (`FuncCode::tensor_ops`) on `n` operands
    /// described at `extra[list..]` as triples (slot, array ndim or `u32::MAX` for a scalar,
    /// item size).
    Tensor {
        k: u32,
        n: u32,
        list: u32,
    },

    // ---- memory ----
    /// `d = p + off` (a pointer's address moved by an int64 number of bytes; the bounds in
    /// the pointer's two other slots are copied by a separate move).
    PtrAdd {
        d: u32,
        p: u32,
        off: u32,
    },
    /// `d = [reg[s], 0, u64::MAX]`: a pointer with no bounds (an array's data, a captured
    /// address), see `frame.rs`.
    PtrOf {
        d: u32,
        s: u32,
    },
    /// `d = [reg[arr], lo, hi]`: the data pointer of the `ndim`-d array at `arr` (elements of
    /// `size` bytes), bounded by the bytes the array spans (`pointer::span`).
    PtrOfArray {
        d: u32,
        arr: u32,
        ndim: u8,
        size: u32,
    },
    /// Checks that every byte of the `ndim`-d array at `arr` (elements of `size` bytes), just
    /// made from the pointer at `p`, lies inside the pointer's bounds `[reg[p+1], reg[p+2])`
    /// (an `IndexError` otherwise). Pointers with no bounds always pass.
    PtrSpan {
        arr: u32,
        p: u32,
        ndim: u8,
        size: u32,
    },
    /// `d = arr[i]` on a 1-d array.
    Ld1 {
        k: MemKind,
        d: u32,
        arr: u32,
        i: u32,
    },
    /// `d = arr[i, j]` on a 2-d array.
    Ld2 {
        k: MemKind,
        d: u32,
        arr: u32,
        i: u32,
        j: u32,
    },
    /// `d = arr[extra[list..list+ndim]]`.
    LdN {
        k: MemKind,
        ndim: u8,
        d: u32,
        arr: u32,
        list: u32,
    },
    /// `arr[i] = v` on a 1-d array.
    St1 {
        k: MemKind,
        arr: u32,
        i: u32,
        v: u32,
    },
    /// `arr[i, j] = v` on a 2-d array.
    St2 {
        k: MemKind,
        arr: u32,
        i: u32,
        j: u32,
        v: u32,
    },
    /// `arr[extra[list..list+ndim]] = v`.
    StN {
        k: MemKind,
        ndim: u8,
        arr: u32,
        list: u32,
        v: u32,
    },
    /// `d = atomic op(arr[idx], args)`; `extra[list..]` = `[idx × ndim, args × (1 or 2)]`.
    Atomic {
        op: AtomicOp,
        ty: Scalar,
        ndim: u8,
        d: u32,
        arr: u32,
        list: u32,
    },
    /// `d = frame's local memory + off`, rounded up to a multiple of `align` (a power of two;
    /// the layout reserved `align - 8` bytes of slack for it): a `local.array`'s data pointer.
    LocalPtr {
        d: u32,
        off: u32,
        align: u32,
    },
    /// `d = block's shared memory + off`, rounded up to a multiple of `align` (the layout
    /// reserved `align - 16` bytes of slack): a static `shared.array`'s data pointer.
    SharedPtr {
        d: u32,
        off: u32,
        align: u32,
    },
    /// `d..d+3 = [dynamic shared base, bytes / itemsize, itemsize]`.
    DynShared {
        d: u32,
        itemsize: u32,
    },
    /// `d = launch's constant memory + off`.
    ConstPtr {
        d: u32,
        off: u32,
    },

    // ---- records ----
    /// `d = &arr[extra[list..list+ndim]]`, bounds-checked like a load: an element of an array
    /// of records, as a reference.
    ERef {
        ndim: u8,
        d: u32,
        arr: u32,
        list: u32,
    },
    /// `d = *(reg[p] + off)`: a scalar field of the record at `reg[p]`.
    LdAt {
        k: MemKind,
        d: u32,
        p: u32,
        off: u32,
    },
    /// `*(reg[p] + off) = v`.
    StAt {
        k: MemKind,
        p: u32,
        off: u32,
        v: u32,
    },
    /// `d = reg[p] + off` (a nested record field).
    PtrAddImm {
        d: u32,
        p: u32,
        off: u32,
    },
    /// A subarray field as an array: `d = reg[p] + extra[list]`, then `d+1 .. d+1+2·ndim` =
    /// `extra[list+1 ..]` (the extents, then the byte strides).
    SubView {
        ndim: u8,
        d: u32,
        p: u32,
        list: u32,
    },
    /// Copies `n` bytes from the record at `reg[s]` to the record at `reg[d]`.
    CopyBytes {
        d: u32,
        s: u32,
        n: u32,
    },
}

impl Inst {
    /// Makes the instruction write its single-slot result to `d` instead, when it has one and
    /// reads all its operands before writing (so `d` may equal an operand). Returns whether it
    /// did.
    pub(crate) fn retarget(&mut self, to: u32) -> bool {
        match self {
            Self::Mov { d, .. }
            | Self::Sel { d, .. }
            | Self::Un { d, .. }
            | Self::Bin { d, .. }
            | Self::Cmp { d, .. }
            | Self::Cast { d, .. }
            | Self::Norm { d, .. }
            | Self::AddI64 { d, .. }
            | Self::SubI64 { d, .. }
            | Self::MulI64 { d, .. }
            | Self::AddI32 { d, .. }
            | Self::SubI32 { d, .. }
            | Self::MulI32 { d, .. }
            | Self::AddF32 { d, .. }
            | Self::SubF32 { d, .. }
            | Self::MulF32 { d, .. }
            | Self::DivF32 { d, .. }
            | Self::AddF64 { d, .. }
            | Self::SubF64 { d, .. }
            | Self::MulF64 { d, .. }
            | Self::DivF64 { d, .. }
            | Self::MulAddF32 { d, .. }
            | Self::MulAddF64 { d, .. }
            | Self::CmpS { d, .. }
            | Self::CmpU { d, .. }
            | Self::CmpF32 { d, .. }
            | Self::CmpF64 { d, .. }
            | Self::FromC { d, .. }
            | Self::Math1 { d, .. }
            | Self::Math2 { d, .. }
            | Self::Fma { d, .. }
            | Self::Libdevice { d, .. }
            | Self::Geom { d, .. }
            | Self::Bits { d, .. }
            | Self::PtrAdd { d, .. }
            | Self::PtrAddImm { d, .. }
            | Self::ERef { d, .. }
            | Self::Atomic { d, .. } => *d = to,
            Self::Ld1 { k, d, .. }
            | Self::Ld2 { k, d, .. }
            | Self::LdN { k, d, .. }
            | Self::LdAt { k, d, .. }
                if !matches!(k, MemKind::C64 | MemKind::C128) =>
            {
                *d = to;
            }
            _ => return false,
        }
        true
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn instructions_stay_small() {
        assert!(std::mem::size_of::<super::Inst>() <= 20);
    }
}
