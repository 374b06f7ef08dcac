//! Functions, modules and their parts.

use oxcuda_types::{Dtype, Type};

use crate::entities::{Block, FuncId, Value, Var};
use crate::ops::{Op, Terminator};

/// A source position: 1-based line in the file, 1-based column (0 when unknown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Loc {
    /// Line in the source file (not relative to the function).
    pub line: u32,
    /// Column, counting characters from 1.
    pub col: u32,
}

/// One instruction: an operation, the value it defines (if any) and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Inst {
    /// The value defined, `None` for operations without a result.
    pub result: Option<Value>,
    /// The operation.
    pub op: Op,
    /// The Python source position.
    pub loc: Loc,
}

/// A basic block.
#[derive(Debug, Clone, PartialEq)]
pub struct BlockData {
    /// The instructions, in order.
    pub insts: Vec<Inst>,
    /// How the block ends.
    pub term: Terminator,
    /// Where the terminator came from.
    pub term_loc: Loc,
}

/// A variable slot: the Python name (for messages and debug info) and its type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VarData {
    /// The Python local's name (temporaries start with `$`).
    pub name: String,
    /// The type every write must have.
    pub ty: Type,
}

/// A kernel, a device function, or an external device function.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FunctionKind {
    /// Launched from the host; returns none.
    Kernel,
    /// Called from device code.
    Device,
    /// Defined outside the module (`cuda.declare_device`): no blocks, no variables, no values;
    /// `name` is the symbol the linker resolves, called with the given convention.
    Extern(ExternAbi),
}

impl FunctionKind {
    /// Whether this is an external function (declared, not defined, in the module).
    #[must_use]
    pub const fn is_extern(self) -> bool {
        matches!(self, Self::Extern(_))
    }
}

/// How an external device function is called (`docs/linking.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ExternAbi {
    /// The C ABI: `ret name(args...)`, the result returned directly.
    C,
    /// numba's ABI: `int name(ret *out, args...)`; the callee stores the result through `out`
    /// and returns a status (0 for success), which the caller ignores.
    Numba,
}

impl ExternAbi {
    /// The name used by `declare_device(abi=...)` and the IR text: `"c"` or `"numba"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::C => "c",
            Self::Numba => "numba",
        }
    }

    /// The ABI named `"c"` or `"numba"`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "c" => Some(Self::C),
            "numba" => Some(Self::Numba),
            _ => None,
        }
    }
}

/// A function: signature, variables, values and blocks (none for an external function).
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    /// The symbol in the compiled module (unique in the module).
    pub name: String,
    /// The Python qualified name, for messages.
    pub display_name: String,
    /// Kernel, device function or external function.
    pub kind: FunctionKind,
    /// Parameter types (read with `Op::Param`).
    pub params: Vec<Type>,
    /// Parameter names, for messages.
    pub param_names: Vec<String>,
    /// Return type (`Type::None` for kernels).
    pub ret: Type,
    /// The return type as the front end typed it, when erasing nominal types changed it (a
    /// datetime, an enum member, a namedtuple): what `compile_ptx` and `vectorize` report. Not
    /// part of the IR (the text form does not carry it); `None` when it is [`Self::ret`].
    pub nominal_ret: Option<Type>,
    /// Variable slots, indexed by [`Var`].
    pub vars: Vec<VarData>,
    /// The type of every value, indexed by [`Value`].
    pub values: Vec<Type>,
    /// Blocks, indexed by [`Block`]; `bb0` is the entry. Empty for an external function.
    pub blocks: Vec<BlockData>,
    /// The Python file the function was defined in.
    pub file: String,
    /// The messages of `assert` statements that have one, by the location of their
    /// `intrinsic assert` (one statement, one location): what a failure reports.
    pub assert_messages: Vec<(Loc, String)>,
    /// The Python exception class (a builtin's name) a failed `intrinsic assert` at a location
    /// raises, for checks that are not `assert` statements (`raise`, a zero divisor or a tuple
    /// index out of range in debug builds); `AssertionError` where a location has none.
    pub exceptions: Vec<(Loc, String)>,
    /// A device function marked `alwaysinline` for libNVVM and LTO (numba's
    /// `forceinline=True`). Not part of the text form; kernels never are.
    pub force_inline: bool,
}

impl Function {
    /// An empty function with one entry block ending in `Unreachable`.
    #[must_use]
    pub fn new(name: &str, kind: FunctionKind, params: Vec<Type>, ret: Type) -> Self {
        Self {
            name: name.to_owned(),
            display_name: name.to_owned(),
            kind,
            param_names: (0..params.len()).map(|i| format!("arg{i}")).collect(),
            params,
            ret,
            nominal_ret: None,
            vars: Vec::new(),
            values: Vec::new(),
            blocks: vec![BlockData {
                insts: Vec::new(),
                term: Terminator::Unreachable,
                term_loc: Loc::default(),
            }],
            file: String::new(),
            assert_messages: Vec::new(),
            exceptions: Vec::new(),
            force_inline: false,
        }
    }

    /// The message of the `assert` at `loc`, if it has one.
    #[must_use]
    pub fn assert_message(&self, loc: Loc) -> Option<&str> {
        self.assert_messages
            .iter()
            .find(|(at, _)| *at == loc)
            .map(|(_, m)| m.as_str())
    }

    /// The exception class a failed check at `loc` raises (`AssertionError` unless recorded).
    #[must_use]
    pub fn exception_at(&self, loc: Loc) -> &str {
        self.exceptions
            .iter()
            .find(|(at, _)| *at == loc)
            .map_or("AssertionError", |(_, m)| m.as_str())
    }

    /// An external function: the symbol `name`, its parameter and return types, and how it is
    /// called. It has no blocks; calls to it are ordinary [`Op::Call`]s.
    #[must_use]
    pub fn external(name: &str, abi: ExternAbi, params: Vec<Type>, ret: Type) -> Self {
        let mut f = Self::new(name, FunctionKind::Extern(abi), params, ret);
        f.blocks.clear();
        f
    }

    /// The type of a value.
    #[must_use]
    pub fn value_type(&self, v: Value) -> &Type {
        &self.values[v.index()]
    }

    /// A new value of type `ty`, not yet defined by any instruction.
    pub fn new_value(&mut self, ty: Type) -> Value {
        self.values.push(ty);
        Value(u32::try_from(self.values.len() - 1).expect("fewer than 2^32 values"))
    }

    /// A new variable slot.
    pub fn new_var(&mut self, name: &str, ty: Type) -> Var {
        self.vars.push(VarData {
            name: name.to_owned(),
            ty,
        });
        Var(u32::try_from(self.vars.len() - 1).expect("fewer than 2^32 variables"))
    }

    /// A new block ending in `Unreachable`.
    pub fn new_block(&mut self) -> Block {
        self.blocks.push(BlockData {
            insts: Vec::new(),
            term: Terminator::Unreachable,
            term_loc: Loc::default(),
        });
        Block(u32::try_from(self.blocks.len() - 1).expect("fewer than 2^32 blocks"))
    }

    /// Appends `op` to `block`; with `ty` it defines and returns a new value of that type.
    pub fn push(&mut self, block: Block, op: Op, ty: Option<Type>, loc: Loc) -> Option<Value> {
        let result = ty.map(|t| self.new_value(t));
        self.blocks[block.index()]
            .insts
            .push(Inst { result, op, loc });
        result
    }

    /// Ends `block` with `term`.
    pub fn terminate(&mut self, block: Block, term: Terminator, loc: Loc) {
        let data = &mut self.blocks[block.index()];
        data.term = term;
        data.term_loc = loc;
    }

    /// Every block id, in order.
    pub fn block_ids(&self) -> impl Iterator<Item = Block> + use<> {
        (0..u32::try_from(self.blocks.len()).unwrap_or(u32::MAX)).map(Block)
    }
}

/// Where a module-level array lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GlobalKind {
    /// Shared memory, one copy per block (`cuda.shared.array`).
    Shared,
    /// Constant memory, initialised from host data (`cuda.const.array_like`).
    Const,
}

/// A module-level array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Global {
    /// The symbol.
    pub name: String,
    /// Shared or constant.
    pub kind: GlobalKind,
    /// Element type (a scalar, or a record for shared arrays of records).
    pub dtype: Dtype,
    /// Extents (C layout).
    pub shape: Vec<u64>,
    /// Alignment in bytes (at least the item size).
    pub align: u32,
    /// Initial bytes (constant arrays), little-endian, C order.
    pub init: Option<Vec<u8>>,
}

impl Global {
    /// Number of elements.
    #[must_use]
    pub fn len(&self) -> u64 {
        self.shape.iter().product()
    }

    /// Whether the array has no elements.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A compilation unit: the entry function first, then the device functions it calls.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Module {
    /// Functions, indexed by [`FuncId`]; `@f0` is the entry.
    pub functions: Vec<Function>,
    /// Module-level arrays, indexed by [`crate::GlobalId`].
    pub globals: Vec<Global>,
}

impl Module {
    /// The function `id`.
    #[must_use]
    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.index()]
    }

    /// The warnings numba-cuda gives when it lowers this code, one per occurrence: a `print`
    /// with more than [`crate::PRINT_MAX_VALUES`] values prints its format string instead
    /// ([`crate::PRINT_TOO_MANY_WARNING`]).
    #[must_use]
    pub fn compile_warnings(&self) -> Vec<String> {
        let too_long = |pieces: &[crate::PrintPiece]| {
            pieces
                .iter()
                .filter(|p| matches!(p, crate::PrintPiece::Value(_)))
                .count()
                > crate::PRINT_MAX_VALUES
        };
        self.functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| b.insts.iter()))
            .filter(|i| matches!(&i.op, crate::Op::Print(pieces) if too_long(pieces)))
            .map(|_| crate::PRINT_TOO_MANY_WARNING.to_owned())
            .collect()
    }

    /// Whether any function of the module synchronises the grid
    /// ([`crate::Intrinsic::GridSync`]): the kernel must then be launched cooperatively (every
    /// block resident at once), on the GPU and in the simulator.
    #[must_use]
    pub fn uses_grid_sync(&self) -> bool {
        self.functions.iter().any(|f| {
            f.blocks.iter().any(|b| {
                b.insts
                    .iter()
                    .any(|i| matches!(i.op, crate::Op::Intrinsic(crate::Intrinsic::GridSync, _)))
            })
        })
    }
}
