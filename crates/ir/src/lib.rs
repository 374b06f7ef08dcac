//! The typed IR between type inference and the two back ends (NVVM writer, CPU simulator).
//!
//! Shape of the IR (see `docs/ir.md` for the text format):
//! - a [`Module`] holds [`Function`]s (one kernel or device function, the device functions it
//!   calls, and the external functions it declares: [`FunctionKind::Extern`], bodiless) and
//!   [`Global`]s (static shared arrays, constant arrays);
//! - a function has typed parameters, typed **variables** (mutable slots, one per Python local;
//!   read with [`Op::GetVar`], written with [`Op::SetVar`]), typed **values** (each defined once,
//!   by one instruction: SSA), and **blocks**, each a list of instructions ending in one
//!   [`Terminator`];
//! - every instruction carries the [`Loc`] (line, column) of the Python source it came from, so
//!   simulator errors and `lineinfo` point at the user's line.
//!
//! Variables as slots instead of phi nodes keep the front end simple; libNVVM's mem2reg turns the
//! slots into registers on the GPU path, and the simulator keeps them in a per-thread frame.
//!
//! Invariants (checked by [`verify::verify`], after every pass in tests):
//! - every value is defined exactly once, before its uses in the same block or in a block that
//!   dominates the use;
//! - operand types match what each operation requires (documented on [`Op`]);
//! - every block ends in a terminator whose targets exist; `Return` matches the function's type.

mod check_message;
pub mod entities;
mod exceptions;
pub mod function;
pub mod libdevice;
pub mod names;
pub mod ops;
pub mod parse;
pub mod print;
pub mod tensor;
pub mod verify;

pub use check_message::FailedCheck;
pub use entities::{Block, FuncId, GlobalId, Value, Var};
pub use exceptions::{
    BUILTIN_EXCEPTIONS, USER_EXCEPTION_PREFIX, exception_index, is_user_exception,
};
pub use function::{
    BlockData, ExternAbi, Function, FunctionKind, Global, GlobalKind, Inst, Loc, Module, VarData,
};
pub use libdevice::{LIBDEVICE, LibdeviceFn, LibdeviceParam, LibdeviceRow};
pub use ops::{
    AtomicOp, BinOp, CmpOp, Const, Dim, Intrinsic, LoadCache, MatchMode, MathFn, Op,
    PRINT_MAX_VALUES, PRINT_TOO_MANY_WARNING, PrintPiece, ShflMode, StoreCache, Terminator,
    UnaryOp, VoteMode,
};
pub use oxcuda_types::{
    ArrayType, Dtype, EnumType, Field, Layout, NamedTupleType, Record, RecordType, Scalar, Type,
    bf16, fp8, record,
};
pub use oxcuda_types::{CharSeqType, DateUnit, DatetimeType};
pub use oxcuda_types::{FragmentElem, FragmentRole, FragmentType, MatrixLayout, WmmaShape};
pub use tensor::TensorOp;
