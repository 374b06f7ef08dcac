//! Operations, their operand rules and exact semantics.
//!
//! Both back ends implement these semantics; where CUDA hardware and Python differ, the choice
//! is written here once.

use std::fmt;

use oxcuda_types::Scalar;

use crate::entities::{Block, FuncId, GlobalId, Value, Var};

/// A constant; its type is the type of the value it defines.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Const {
    /// An integer of any width; the value fits the type (unsigned values are non-negative).
    Int(i128),
    /// A float of any width (stored as f64; float32/float16 constants are exactly representable).
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// A complex number (real, imaginary).
    Complex(f64, f64),
}

/// Unary operators. Operand and result have the same type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    /// Arithmetic negation (wrapping on integers).
    Neg,
    /// Bitwise complement of an integer.
    BitNot,
    /// Logical negation of a bool.
    Not,
}

/// Binary operators. Both operands have the result's type, except `Shl`/`Shr` (same type too:
/// the front end converts the shift count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// Wrapping on integers, IEEE on floats, complex arithmetic on complex.
    Add,
    /// As `Add`.
    Sub,
    /// As `Add`.
    Mul,
    /// True division on floats and complex only (the front end converts integers first).
    Div,
    /// Python floor division. Integers: rounds toward −∞; a zero divisor gives 0 (numba-cuda's
    /// NumPy error model: no exception). Floats: `floor(a / b)`.
    FloorDiv,
    /// Python modulo: the result has the divisor's sign. Integers: a zero divisor gives 0.
    /// Floats: `fmod` adjusted to the divisor's sign.
    Mod,
    /// Power. Floats: `pow` (libdevice). Integers: repeated squaring with wrapping; a negative
    /// exponent gives 0 (unless the base is ±1, as in exact arithmetic).
    Pow,
    /// Bitwise and (also on bool).
    BitAnd,
    /// Bitwise or (also on bool).
    BitOr,
    /// Bitwise exclusive or (also on bool).
    BitXor,
    /// Left shift. A count outside `0..bits` is undefined, as in numba-cuda (the simulator
    /// clamps like PTX: the result is 0).
    Shl,
    /// Right shift: arithmetic on signed, logical on unsigned integers. Counts as for `Shl`
    /// (the simulator fills with the sign).
    Shr,
    /// `b < a ? b : a` (so a NaN first operand is kept): `min` of integers and the ordered
    /// part of `np.minimum`; the builtins on floats are `MathFn::Fmin`, as in numba-cuda.
    Min,
    /// `b > a ? b : a`, the counterpart of `Min`.
    Max,
}

/// Comparisons; the result is bool. Floats: ordered (`false` with a NaN) except `Ne`, which is
/// unordered (`true` with a NaN), as in Python.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Math functions computed by libdevice on the GPU and by Rust's libm-equivalent on the
/// simulator. Operands and result are float16, float32 or float64 of one type, except: the
/// `Is*` predicates return bool; `Ilogb` returns int32; `Ldexp` takes an int32 exponent second
/// ([`MathFn::result`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[allow(missing_docs, reason = "each is the C function of the same name")]
pub enum MathFn {
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Exp,
    Exp2,
    Expm1,
    Log,
    Log2,
    Log10,
    Log1p,
    Sqrt,
    Rsqrt,
    Cbrt,
    Fabs,
    Ceil,
    Floor,
    Trunc,
    /// Round half to even (`rint`): Python's `round(x)`.
    Rint,
    Erf,
    Erfc,
    Tgamma,
    Lgamma,
    IsNan,
    IsInf,
    IsFinite,
    Atan2,
    Hypot,
    Pow,
    Fmod,
    Copysign,
    Remainder,
    Nextafter,
    Fmin,
    Fmax,
    Ldexp,
    /// `fma(a, b, c)`, three operands, rounded once.
    Fma,
    /// The unbiased exponent of `x` as int32 (`ilogb`: `floor(log2(|x|))`, exact, subnormals
    /// included). Zero gives `i32::MIN`, NaN `i32::MIN`, ±infinity `i32::MAX` (libdevice's
    /// values; the front end guards these cases). Not a Python function: `math.frexp` uses it.
    Ilogb,
}

impl MathFn {
    /// The C name (`sin`, `atan2`, …): libdevice's is `__nv_<name>` for float64 and
    /// `__nv_<name>f` for float32.
    #[must_use]
    pub const fn c_name(self) -> &'static str {
        match self {
            Self::Sin => "sin",
            Self::Cos => "cos",
            Self::Tan => "tan",
            Self::Asin => "asin",
            Self::Acos => "acos",
            Self::Atan => "atan",
            Self::Sinh => "sinh",
            Self::Cosh => "cosh",
            Self::Tanh => "tanh",
            Self::Asinh => "asinh",
            Self::Acosh => "acosh",
            Self::Atanh => "atanh",
            Self::Exp => "exp",
            Self::Exp2 => "exp2",
            Self::Expm1 => "expm1",
            Self::Log => "log",
            Self::Log2 => "log2",
            Self::Log10 => "log10",
            Self::Log1p => "log1p",
            Self::Sqrt => "sqrt",
            Self::Rsqrt => "rsqrt",
            Self::Cbrt => "cbrt",
            Self::Fabs => "fabs",
            Self::Ceil => "ceil",
            Self::Floor => "floor",
            Self::Trunc => "trunc",
            Self::Rint => "rint",
            Self::Erf => "erf",
            Self::Erfc => "erfc",
            Self::Tgamma => "tgamma",
            Self::Lgamma => "lgamma",
            Self::IsNan => "isnan",
            Self::IsInf => "isinf",
            Self::IsFinite => "isfinite",
            Self::Atan2 => "atan2",
            Self::Hypot => "hypot",
            Self::Pow => "pow",
            Self::Fmod => "fmod",
            Self::Copysign => "copysign",
            Self::Remainder => "remainder",
            Self::Nextafter => "nextafter",
            Self::Fmin => "fmin",
            Self::Fmax => "fmax",
            Self::Ldexp => "ldexp",
            Self::Fma => "fma",
            Self::Ilogb => "ilogb",
        }
    }

    /// The result type for operands of float type `operand`.
    #[must_use]
    pub const fn result(self, operand: Scalar) -> Scalar {
        match self {
            Self::IsNan | Self::IsInf | Self::IsFinite => Scalar::Bool,
            Self::Ilogb => Scalar::I32,
            _ => operand,
        }
    }

    /// How many operands it takes.
    #[must_use]
    pub const fn arity(self) -> usize {
        match self {
            Self::Atan2
            | Self::Hypot
            | Self::Pow
            | Self::Fmod
            | Self::Copysign
            | Self::Remainder
            | Self::Nextafter
            | Self::Fmin
            | Self::Fmax
            | Self::Ldexp => 2,
            Self::Fma => 3,
            _ => 1,
        }
    }

    /// Every function, for the text parser and tables.
    pub const ALL: [Self; 46] = [
        Self::Sin,
        Self::Cos,
        Self::Tan,
        Self::Asin,
        Self::Acos,
        Self::Atan,
        Self::Sinh,
        Self::Cosh,
        Self::Tanh,
        Self::Asinh,
        Self::Acosh,
        Self::Atanh,
        Self::Exp,
        Self::Exp2,
        Self::Expm1,
        Self::Log,
        Self::Log2,
        Self::Log10,
        Self::Log1p,
        Self::Sqrt,
        Self::Rsqrt,
        Self::Cbrt,
        Self::Fabs,
        Self::Ceil,
        Self::Floor,
        Self::Trunc,
        Self::Rint,
        Self::Erf,
        Self::Erfc,
        Self::Tgamma,
        Self::Lgamma,
        Self::IsNan,
        Self::IsInf,
        Self::IsFinite,
        Self::Atan2,
        Self::Hypot,
        Self::Pow,
        Self::Fmod,
        Self::Copysign,
        Self::Remainder,
        Self::Nextafter,
        Self::Fmin,
        Self::Fmax,
        Self::Ldexp,
        Self::Fma,
        Self::Ilogb,
    ];
}

/// A grid axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dim {
    /// `.x`
    X,
    /// `.y`
    Y,
    /// `.z`
    Z,
}

/// CUDA operations that are not plain arithmetic. Result types are given per variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// `threadIdx.<dim>`: int32, no operands.
    ThreadIdx(Dim),
    /// `blockIdx.<dim>`: int32.
    BlockIdx(Dim),
    /// `blockDim.<dim>`: int32.
    BlockDim(Dim),
    /// `gridDim.<dim>`: int32.
    GridDim(Dim),
    /// `cuda.laneid`: int32.
    LaneId,
    /// `cuda.warpsize`: int32 (32).
    WarpSize,
    /// `syncthreads()`: a block-wide barrier; no operands, no result.
    Syncthreads,
    /// `syncthreads_count(pred)`: int32 number of threads whose bool operand is true.
    SyncthreadsCount,
    /// `syncthreads_and(pred)`: int32, 1 if all threads' operand is true.
    SyncthreadsAnd,
    /// `syncthreads_or(pred)`: int32, 1 if any thread's operand is true.
    SyncthreadsOr,
    /// `cuda.cg.this_grid().sync()`: a barrier across every thread of the grid (a cooperative
    /// launch: all blocks resident at once), with the memory of every block's writes before it
    /// visible to every thread after it; no operands, no result. A kernel whose code reaches
    /// one must be launched cooperatively (see [`crate::Module::uses_grid_sync`]).
    GridSync,
    /// `threadfence()`: no result.
    Threadfence,
    /// `threadfence_block()`.
    ThreadfenceBlock,
    /// `threadfence_system()`.
    ThreadfenceSystem,
    /// `syncwarp(mask)`: uint32 operand, no result.
    Syncwarp,
    /// `shfl_sync`, `shfl_up_sync`, `shfl_down_sync`, `shfl_xor_sync`: operands uint32 mask,
    /// the value (int32, int64, uint32, uint64, float32 or float64) and the int32 lane operand
    /// `b`; the result has the value's type (see [`ShflMode`]).
    Shfl(ShflMode),
    /// `all_sync`, `any_sync`, `eq_sync`: operands uint32 mask and a bool; bool result.
    /// `ballot_sync`: int32 result (see [`VoteMode`]).
    Vote(VoteMode),
    /// `match_any_sync`, `match_all_sync`: operands uint32 mask and a value of the types
    /// `Shfl` takes; int32 result (see [`MatchMode`]).
    Match(MatchMode),
    /// `activemask()`: uint32, the lanes of the warp executing this instruction together.
    ActiveMask,
    /// `lanemask_lt()`: uint32, the bits of the lanes below the thread's (`(1 << laneid) - 1`).
    LanemaskLt,
    /// `popc(x)`: integer operand; result the operand's type.
    Popc,
    /// `brev(x)`: uint32 or uint64 operand; same type.
    Brev,
    /// `clz(x)`: integer operand; result the operand's type.
    Clz,
    /// `ffs(x)`: integer operand; uint32 result, 1-based position of the lowest set bit, 0 for 0.
    Ffs,
    /// `nanosleep(ns)`: uint32 operand, no result.
    Nanosleep,
    /// The operand's bits read as the result type: one scalar integer or float operand, a
    /// scalar result of the same size (`cuda.fp16.__half_as_short`). Pure.
    Reinterpret,
    /// `a + b`, `a - b` or `a * b` (the [`BinOp`] `Add`, `Sub` or `Mul`) on two float
    /// operands of one type, rounded to nearest even and never contracted with another
    /// operation into a fused multiply-add (`cuda.fp16.__hadd_rn`; PTX `add.rn`, `sub.rn`,
    /// `mul.rn`). The result has the operands' type. Pure.
    ArithRn(BinOp),
    /// Two float32 values `x`, `y` as fp8 of the format (`Scalar::E4M3` or `E5M2`), rounded
    /// to nearest even and saturated to the largest finite value (CUDA's `__NV_SATFINITE`),
    /// packed in a uint16 with `x` in the low byte. Operands `x`, `y` (float32) and `soft`
    /// (uint16): `soft` is that result computed in software (the device library), which the
    /// simulator and GPUs before sm_89 return; sm_89 and later compute it with PTX
    /// `cvt.rn.satfinite.e4m3x2.f32` (`e5m2x2`), the same bits. Pure.
    CvtFp8x2(Scalar),
    /// Byte `k` (0–3) of the fp8 storage `bits` (uint16 or uint32) of the format (`E4M3` or
    /// `E5M2`) as float32, exactly, a NaN as the canonical float32 NaN. Operands `bits` and
    /// `soft` (float32): `soft` is that value computed in software (the device library),
    /// which the simulator and GPUs before sm_89 return; sm_89 and later decode the byte's
    /// pair with PTX `cvt.rn.f16x2.e4m3x2` (`e5m2x2`) and widen it, the same bits. Pure.
    CvtFp8ToF32(Scalar, u8),
    /// `assert cond`, checked only in debug builds: bool operand; traps on the GPU, raises in the
    /// simulator. The message is the source text at the instruction's location.
    Assert,
    /// A promise that the bool operand is true wherever the instruction runs; no result. The
    /// GPU's optimiser may rely on it (`llvm.assume`: `cuda.assume_aligned` lets libNVVM merge
    /// adjacent loads into vector loads); the simulator checks it, in every build, and fails as
    /// a failed `assert` does, with the message recorded for the instruction's location.
    Assume,
    /// Ends the executing thread, from any depth of device-function calls; no operands, no
    /// result, and nothing after it in its block runs (the block ends `unreachable`). A `raise`
    /// outside debug builds: numba-cuda's kernels return on an exception, which the host
    /// ignores. A later block barrier the other threads reach is then an error, as on the GPU.
    Exit,
}

impl Intrinsic {
    /// Whether the operation is a warp collective with a mask operand (`syncwarp`, shuffles,
    /// votes, matches): every thread whose lane is in the mask must execute the same
    /// operation (mode and value type) with the same mask, and the executing thread's lane must
    /// be in it; otherwise the behaviour is undefined (PTX; the simulator reports it). Lanes a
    /// partial last warp of a block does not have are ignored.
    #[must_use]
    pub const fn is_warp_collective(self) -> bool {
        matches!(
            self,
            Self::Syncwarp | Self::Shfl(_) | Self::Vote(_) | Self::Match(_)
        )
    }
}

/// Where a warp shuffle reads from (PTX `shfl.sync`'s modes). Let `l` be the thread's lane and
/// `k = b & 31` (only the low five bits of the lane operand count); the source lane `j` is
///
/// | mode | `j` | valid when |
/// |---|---|---|
/// | `Idx` (`shfl_sync`) | `k` | always |
/// | `Up` (`shfl_up_sync`) | `l - k` | `j >= 0` |
/// | `Down` (`shfl_down_sync`) | `l + k` | `j <= 31` |
/// | `Bfly` (`shfl_xor_sync`) | `l ^ k` | always |
///
/// (PTX's clamp operand `c` is `0x1f` for `Idx`, `Down` and `Bfly` and `0` for `Up`, as in
/// numba-cuda: the whole warp is one segment.) The result is lane `j`'s value when `j` is valid;
/// otherwise the thread's own value. Reading a lane that is not in the mask is undefined in PTX
/// (the simulator gives the thread's own value).
/// 64-bit values move whole (two 32-bit shuffles on the GPU, with the same source lane).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShflMode {
    /// From lane `b`.
    Idx,
    /// From lane `laneid - b`.
    Up,
    /// From lane `laneid + b`.
    Down,
    /// From lane `laneid ^ b`.
    Bfly,
}

/// What a warp vote computes over the predicates of the threads in the mask (PTX
/// `vote.sync`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VoteMode {
    /// True when every predicate is true.
    All,
    /// True when some predicate is true.
    Any,
    /// True when the predicates are all equal (`eq_sync`).
    Uni,
    /// The int32 bits of the lanes in the mask whose predicate is true.
    Ballot,
}

/// What a warp match computes (PTX `match.sync`); values compare by their bits (float `-0.0`
/// and `0.0` differ, a NaN matches the same NaN).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchMode {
    /// The int32 bits of the lanes in the mask whose value equals this thread's.
    Any,
    /// The mask's lanes when every value in the mask is equal, else 0 (`match_all_sync`'s
    /// predicate is `result != 0`: the thread is in its own mask).
    All,
}

/// Atomic read-modify-write operations on an array element. The result is the old value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    /// `old + v`
    Add,
    /// `old - v`
    Sub,
    /// `min(old, v)`
    Min,
    /// `max(old, v)`
    Max,
    /// `min` ignoring NaN in `v`.
    NanMin,
    /// `max` ignoring NaN in `v`.
    NanMax,
    /// `old & v`
    And,
    /// `old | v`
    Or,
    /// `old ^ v`
    Xor,
    /// `v`
    Exch,
    /// `old >= v ? 0 : old + 1` (CUDA `atomicInc`, unsigned).
    Inc,
    /// `(old == 0 || old > v) ? v : old - 1` (CUDA `atomicDec`, unsigned).
    Dec,
    /// Compare-and-swap: operands `(expected, new)`; stores `new` if `old == expected`.
    Cas,
}

/// A PTX cache operator of a global-memory load (`ld.global.<op>`; PTX ISA "Cache
/// Operators"). A hint only: the value read is the element's, whichever operator is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LoadCache {
    /// Cache at all levels (L1 and L2): `ld.global.ca`.
    Ca,
    /// Cache in L2, not L1: `ld.global.cg`.
    Cg,
    /// Streaming, likely read once (evict first): `ld.global.cs`.
    Cs,
    /// Last use (the line can be discarded after it): `ld.global.lu`.
    Lu,
    /// Volatile, fetch again (no cached copy is reused): `ld.global.cv`.
    Cv,
}

/// A PTX cache operator of a global-memory store (`st.global.<op>`). A hint only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StoreCache {
    /// Cache in L2, not L1: `st.global.cg`.
    Cg,
    /// Streaming, likely written once: `st.global.cs`.
    Cs,
    /// Write back (the default policy): `st.global.wb`.
    Wb,
    /// Write through to system memory: `st.global.wt`.
    Wt,
}

/// One piece of a [`Op::Print`] line.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PrintPiece {
    /// Text written as it is.
    Text(String),
    /// A scalar value, formatted by its type (see [`Op::Print`]).
    Value(Value),
}

/// The most values one `print` formats: CUDA's `vprintf` takes at most 32 arguments. A line
/// with more prints its format string instead (numba-cuda's behaviour; see [`Op::Print`]).
pub const PRINT_MAX_VALUES: usize = 32;

/// numba-cuda's warning (a `NumbaWarning`) for a `print` that prints its format string
/// because it has more than [`PRINT_MAX_VALUES`] values ([`crate::Module::compile_warnings`]).
pub const PRINT_TOO_MANY_WARNING: &str = "CUDA print() cannot print more than 32 items. The raw \
                                          format string will be emitted by the kernel instead.";

/// An operation; the instruction holding it defines at most one value.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// A constant.
    Const(Const),
    /// The function's parameter number `n`.
    Param(u32),
    /// Reads a variable.
    GetVar(Var),
    /// Writes a variable (the value has the variable's type). No result.
    SetVar(Var, Value),
    /// A unary operation.
    Unary(UnaryOp, Value),
    /// A binary operation.
    Binary(BinOp, Value, Value),
    /// A comparison of two operands of one type; bool result.
    Compare(CmpOp, Value, Value),
    /// A numeric conversion to the result type (ints truncate or extend by their own
    /// signedness; float → int truncates toward zero as PTX `cvt.rzi` does: saturating at the
    /// range of a 32- or 64-bit target, NaN giving 0 from float32/float16 to a 32-bit target
    /// and `1 << (bits - 1)` from float64 or to a 64-bit target, an 8- or 16-bit target
    /// converted as int32 and truncated;
    /// anything → bool is `!= 0`; real → complex has a zero imaginary part). Between two array
    /// types of one dtype and ndim it re-types the same array (layout relaxed to `A`, or
    /// `readonly` added): data, shape and strides are unchanged.
    Cast(Value),
    /// `cond ? a : b`, with a bool `cond` and `a`, `b` of the result type.
    Select(Value, Value, Value),
    /// A math function.
    Math(MathFn, Vec<Value>),
    /// A libdevice function ([`crate::LIBDEVICE`]): operands of its input types, the result is
    /// its output `k` (0 is the return value, or the first out-parameter of a `void` function;
    /// see [`crate::LibdeviceRow::outputs`]). A function with several outputs is one op per
    /// output; they are pure, so the back ends may evaluate each call once or twice.
    Libdevice(crate::LibdeviceFn, u8, Vec<Value>),
    /// A CUDA intrinsic.
    Intrinsic(Intrinsic, Vec<Value>),
    /// A call of a device function of the module, or of an external function it declares
    /// (the back end applies that function's ABI). Arguments have the parameter types; the
    /// result (none when the callee returns `none`) has the return type.
    Call(FuncId, Vec<Value>),
    /// The extent of dimension `k` of an array: int64.
    ArrayShape(Value, u32),
    /// The stride in bytes of dimension `k` of an array: int64.
    ArrayStride(Value, u32),
    /// The data pointer of an array: `Pointer(dtype)`.
    ArrayData(Value),
    /// An array from a data pointer, int64 extents and int64 byte strides (one each per
    /// dimension of the result type).
    MakeArray {
        /// `Pointer(dtype)`.
        data: Value,
        /// Extents.
        shape: Vec<Value>,
        /// Byte strides.
        strides: Vec<Value>,
    },
    /// A pointer moved by an int64 number of bytes.
    PtrOffset(Value, Value),
    /// Reads the element at int64 `indices` (one per dimension, each in `0..shape[k]`: the
    /// front end has already wrapped negative indices; the simulator checks the range).
    Load(Value, Vec<Value>),
    /// Writes `value` at `indices` (as for `Load`). No result.
    Store(Value, Vec<Value>, Value),
    /// `Load` with a cache operator (`cuda.ldcg`, …): the same element read through
    /// `ld.global.<op>` on the GPU; the array holds integers or floats of 8 to 64 bits (not
    /// bool, not complex). The simulator reads it as `Load` does.
    LoadCached(LoadCache, Value, Vec<Value>),
    /// `Store` with a cache operator (`cuda.stcg`, …), `st.global.<op>`; dtypes as for
    /// `LoadCached`. No result.
    StoreCached(StoreCache, Value, Vec<Value>, Value),
    /// An atomic operation at `indices` with its operands (one, or two for `Cas`); returns the
    /// old value.
    Atomic(AtomicOp, Value, Vec<Value>, Vec<Value>),
    /// A static shared-memory array declared as a module global: the result is its array.
    SharedArray(GlobalId),
    /// The dynamic shared-memory array (`shared.array(0, dtype)`): a 1-D C array whose extent
    /// is the launch's dynamic shared bytes divided by the item size. All of them alias.
    DynSharedArray,
    /// A per-thread array of the given extents (`local.array`), C layout, uninitialised, its
    /// first element at a multiple of the alignment in bytes (a power of two; 0: the item's
    /// natural alignment), as `local.array(..., alignment=)` asks.
    LocalArray(Vec<u64>, u32),
    /// A constant-memory array declared as a module global.
    ConstArray(GlobalId),
    /// A tuple of the operands.
    MakeTuple(Vec<Value>),
    /// Element `k` of a tuple.
    TupleGet(Value, u32),
    /// A complex from real and imaginary parts of the matching float type.
    MakeComplex(Value, Value),
    /// The real (`false`) or imaginary (`true`) part of a complex.
    ComplexPart(Value, bool),
    /// The element at int64 `indices` of an array of records, as a record: a reference to the
    /// element's memory (nothing is read). Indices as for `Load` (the simulator checks them).
    ElemRef(Value, Vec<Value>),
    /// Field `name` of a record. A scalar field is read from memory, at the field's access
    /// alignment ([`oxcuda_types::Field::access_align`]: packed records read byte-aligned); a
    /// nested record field is a reference into the record; a subarray field is a C-contiguous
    /// array view of its items (extents from the field, strides from the item size).
    GetField(Value, String),
    /// Writes `value` to scalar field `name` of a record (the value has the field's scalar
    /// type; alignment as for `GetField`). No result.
    SetField(Value, String, Value),
    /// Copies the bytes of record `src` over record `dst` (both of one record type): numba's
    /// record assignment (`a[i] = r`). The two are the same record or do not overlap. No result.
    CopyRecord(Value, Value),
    /// Writes one line of text (numba-cuda's `print`): the pieces in order, the front end's
    /// separators and final newline included. A value is formatted by its type as C's `printf`
    /// does with numba-cuda's format strings: a signed integer as `%lld` of the value widened to
    /// int64, an unsigned one as `%llu` of it widened to uint64, a float as `%f` of it widened to
    /// float64 (six decimals; `inf`, `-inf`, `nan`), a bool as `True`/`False` (`%s`). Operands
    /// are integers, floats or bools. With more than [`PRINT_MAX_VALUES`] values the line is
    /// its format string itself (text, and `%lld`/`%llu`/`%f`/`%s` where the values would be).
    /// The GPU writes through `vprintf` (the text appears at the next synchronisation); the
    /// simulator buffers a launch's lines and hands them over at its end (docs/simulator.md).
    /// No result.
    Print(Vec<PrintPiece>),
    /// A tensor-core or asynchronous-copy operation with its operands
    /// ([`crate::TensorOp`] gives each one's operands, result and semantics).
    Tensor(crate::TensorOp, Vec<Value>),
}

impl PrintPiece {
    /// The `printf` conversion of a value of scalar type `ty` (`%lld`, `%llu`, `%f`, `%s`).
    #[must_use]
    pub fn conversion(ty: Scalar) -> &'static str {
        if ty == Scalar::Bool {
            "%s"
        } else if ty.is_float() {
            "%f"
        } else if ty.is_signed() {
            "%lld"
        } else {
            "%llu"
        }
    }
}

impl Op {
    /// The values this operation reads, in order.
    #[must_use]
    pub fn operands(&self) -> Vec<Value> {
        match self {
            Self::Const(_)
            | Self::Param(_)
            | Self::GetVar(_)
            | Self::SharedArray(_)
            | Self::DynSharedArray
            | Self::LocalArray(..)
            | Self::ConstArray(_) => Vec::new(),
            Self::SetVar(_, v)
            | Self::Unary(_, v)
            | Self::Cast(v)
            | Self::ArrayShape(v, _)
            | Self::ArrayStride(v, _)
            | Self::ArrayData(v)
            | Self::TupleGet(v, _)
            | Self::ComplexPart(v, _)
            | Self::GetField(v, _) => vec![*v],
            Self::Binary(_, a, b)
            | Self::Compare(_, a, b)
            | Self::PtrOffset(a, b)
            | Self::MakeComplex(a, b)
            | Self::SetField(a, _, b)
            | Self::CopyRecord(a, b) => vec![*a, *b],
            Self::Select(c, a, b) => vec![*c, *a, *b],
            Self::Math(_, args)
            | Self::Libdevice(_, _, args)
            | Self::Intrinsic(_, args)
            | Self::Tensor(_, args)
            | Self::Call(_, args)
            | Self::MakeTuple(args) => args.clone(),
            Self::MakeArray {
                data,
                shape,
                strides,
            } => {
                let mut v = vec![*data];
                v.extend(shape);
                v.extend(strides);
                v
            }
            Self::Load(a, idx) | Self::ElemRef(a, idx) | Self::LoadCached(_, a, idx) => {
                let mut v = vec![*a];
                v.extend(idx);
                v
            }
            Self::Store(a, idx, x) | Self::StoreCached(_, a, idx, x) => {
                let mut v = vec![*a];
                v.extend(idx);
                v.push(*x);
                v
            }
            Self::Atomic(_, a, idx, args) => {
                let mut v = vec![*a];
                v.extend(idx);
                v.extend(args);
                v
            }
            Self::Print(pieces) => pieces
                .iter()
                .filter_map(|p| match p {
                    PrintPiece::Value(v) => Some(*v),
                    PrintPiece::Text(_) => None,
                })
                .collect(),
        }
    }

    /// Rewrites every operand through `f` (used by passes that replace values).
    pub fn map_operands(&mut self, mut f: impl FnMut(Value) -> Value) {
        let mut g = |v: &mut Value| *v = f(*v);
        match self {
            Self::Const(_)
            | Self::Param(_)
            | Self::GetVar(_)
            | Self::SharedArray(_)
            | Self::DynSharedArray
            | Self::LocalArray(..)
            | Self::ConstArray(_) => {}
            Self::SetVar(_, v)
            | Self::Unary(_, v)
            | Self::Cast(v)
            | Self::ArrayShape(v, _)
            | Self::ArrayStride(v, _)
            | Self::ArrayData(v)
            | Self::TupleGet(v, _)
            | Self::ComplexPart(v, _)
            | Self::GetField(v, _) => g(v),
            Self::Binary(_, a, b)
            | Self::Compare(_, a, b)
            | Self::PtrOffset(a, b)
            | Self::MakeComplex(a, b)
            | Self::SetField(a, _, b)
            | Self::CopyRecord(a, b) => {
                g(a);
                g(b);
            }
            Self::Select(c, a, b) => {
                g(c);
                g(a);
                g(b);
            }
            Self::Math(_, args)
            | Self::Libdevice(_, _, args)
            | Self::Intrinsic(_, args)
            | Self::Tensor(_, args)
            | Self::Call(_, args)
            | Self::MakeTuple(args) => args.iter_mut().for_each(g),
            Self::MakeArray {
                data,
                shape,
                strides,
            } => {
                g(data);
                shape.iter_mut().for_each(&mut g);
                strides.iter_mut().for_each(g);
            }
            Self::Load(a, idx) | Self::ElemRef(a, idx) | Self::LoadCached(_, a, idx) => {
                g(a);
                idx.iter_mut().for_each(g);
            }
            Self::Store(a, idx, x) | Self::StoreCached(_, a, idx, x) => {
                g(a);
                idx.iter_mut().for_each(&mut g);
                g(x);
            }
            Self::Atomic(_, a, idx, args) => {
                g(a);
                idx.iter_mut().for_each(&mut g);
                args.iter_mut().for_each(g);
            }
            Self::Print(pieces) => {
                for p in pieces {
                    if let PrintPiece::Value(v) = p {
                        g(v);
                    }
                }
            }
        }
    }

    /// Whether removing an unused instance changes behaviour (stores, calls, barriers, atomics,
    /// variable writes, asserts).
    #[must_use]
    pub fn has_side_effects(&self) -> bool {
        match self {
            Self::SetVar(..)
            | Self::Store(..)
            | Self::StoreCached(..)
            | Self::Atomic(..)
            | Self::Call(..)
            | Self::SetField(..)
            | Self::CopyRecord(..)
            | Self::Print(_) => true,
            // Making a fragment is an allocation; everything else writes memory or waits.
            Self::Tensor(t, _) => !matches!(t, crate::TensorOp::Fragment(_)),
            Self::Intrinsic(i, _) => !matches!(
                i,
                Intrinsic::ThreadIdx(_)
                    | Intrinsic::BlockIdx(_)
                    | Intrinsic::BlockDim(_)
                    | Intrinsic::GridDim(_)
                    | Intrinsic::LaneId
                    | Intrinsic::WarpSize
                    | Intrinsic::LanemaskLt
                    | Intrinsic::Popc
                    | Intrinsic::Brev
                    | Intrinsic::Clz
                    | Intrinsic::Ffs
                    | Intrinsic::Reinterpret
                    | Intrinsic::ArithRn(_)
                    | Intrinsic::CvtFp8x2(_)
                    | Intrinsic::CvtFp8ToF32(..)
            ),
            // A load can fault (out of range in the simulator); keep loads DCE-safe by treating
            // them as pure: an unused out-of-range read is not observable on the GPU either.
            _ => false,
        }
    }
}

/// How a block ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Terminator {
    /// Go to a block.
    Jump(Block),
    /// Go to the first block if the bool is true, else the second.
    Branch(Value, Block, Block),
    /// Leave the function, with a value unless it returns none.
    Return(Option<Value>),
    /// Never reached.
    Unreachable,
}

impl Terminator {
    /// The blocks control can go to next.
    #[must_use]
    pub fn successors(&self) -> Vec<Block> {
        match self {
            Self::Jump(b) => vec![*b],
            Self::Branch(_, t, e) => vec![*t, *e],
            Self::Return(_) | Self::Unreachable => Vec::new(),
        }
    }
}

impl fmt::Display for Dim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::X => "x",
            Self::Y => "y",
            Self::Z => "z",
        })
    }
}
