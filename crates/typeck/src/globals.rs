//! What a kernel's global and closure names were bound to when it was compiled.

use std::collections::HashMap;

use oxcuda_ir::ExternAbi;
use oxcuda_syntax::SourceFile;
use oxcuda_types::Type;

/// An external device function declared with `cuda.declare_device(name, sig, abi=...)`:
/// calls to it become calls of the symbol, resolved when the kernel is linked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ExternFn {
    /// The symbol the linker resolves (`name` of `declare_device`).
    pub symbol: String,
    /// The parameter types; arguments are converted to them.
    pub params: Vec<Type>,
    /// The return type (`none` for `void`).
    pub ret: Type,
    /// The calling convention.
    pub abi: ExternAbi,
}

/// A global or closure value, converted to plain data by the Python side.
#[derive(Debug, Clone, PartialEq)]
pub enum GlobalValue {
    /// A module, by canonical name: `"cuda"` (oxcuda.cuda and numba.cuda), `"math"`,
    /// `"cmath"`, `"numpy"`, `"oxcuda"` (oxcuda and numba: the type names).
    Module(String),
    /// A Python int.
    Int(i128),
    /// A Python float.
    Float(f64),
    /// A Python bool.
    Bool(bool),
    /// A Python complex.
    Complex(f64, f64),
    /// A NumPy scalar (`np.float32(2.0)`): a constant of its own type, as numba types it. The
    /// value is stored as f64 (floats) or i128 bits (integers, bool) in `Const` form.
    TypedScalar(oxcuda_types::Scalar, TypedValue),
    /// A NumPy `datetime64`/`timedelta64` scalar (`np.datetime64('2020-01-01')`,
    /// `np.timedelta64(3, 'D')`): a constant of its own type and unit, its int64 count
    /// (`i64::MIN` for NaT), as numba's `lower_constant` for `NPDatetime`/`NPTimedelta`.
    Datetime(oxcuda_types::DatetimeType, i64),
    /// `None`.
    None,
    /// A string (dtype names such as `'float32'`).
    Str(String),
    /// A bytes value (a constant stored into `S<n>` items).
    Bytes(Vec<u8>),
    /// A tuple of values.
    Tuple(Vec<GlobalValue>),
    /// A NumPy array, frozen: its bytes are copied into constant memory.
    Array {
        /// Element type: a scalar, or a record (a structured array).
        dtype: oxcuda_types::Dtype,
        /// Extents.
        shape: Vec<u64>,
        /// C-order little-endian bytes.
        data: Vec<u8>,
    },
    /// A device array (an oxcuda `DeviceNDArray`, or any object with
    /// `__cuda_array_interface__`: CuPy, PyTorch), captured by reference as numba-cuda does:
    /// the kernel addresses the array's memory at `data`. The dispatcher keeps the array
    /// alive as long as the compiled kernel (`_capture.device_arrays`), and such a kernel is
    /// never cached on disk (the address means nothing in another process).
    DeviceArray(Box<DeviceArray>),
    /// A type object: `float32`, `np.float32`, `float32[:, ::1]`.
    Type(Type),
    /// A known function or namespace by path: `"math.sin"`, `"cuda.grid"`, `"range"`.
    Builtin(String),
    /// A `@cuda.jit` function: an index into the session's sources.
    Function(usize),
    /// An external device function (`cuda.declare_device`).
    Extern(ExternFn),
    /// A Python function with extension implementations (`@overload`, `@register_jitable`):
    /// its registry number, asked of the session's resolver at each call
    /// ([`crate::extension`]), and its name for messages.
    Overload(u64, String),
    /// An `enum.Enum`/`IntEnum` class: its members by name.
    EnumClass(Box<EnumClass>),
    /// A member of an enum class.
    EnumMember {
        /// The class.
        class: Box<EnumClass>,
        /// The member's name.
        name: String,
    },
    /// A namedtuple class (`collections.namedtuple`, `typing.NamedTuple`): called in a kernel,
    /// it builds an instance.
    NamedTupleClass(Box<NamedTupleClass>),
    /// A struct constructor registered through numba's low-level API (`type_callable` +
    /// `lower_builtin` over `cgutils.create_struct_proxy`, recognised in Python by
    /// `oxcuda.cuda._struct_ctor`): called in device code, it builds a record.
    RecordCtor(Box<RecordCtor>),
    /// An instance of a namedtuple class.
    NamedTuple {
        /// The class.
        class: Box<NamedTupleClass>,
        /// The items, one per field.
        items: Vec<GlobalValue>,
    },
    /// A user-defined exception class (`class MyError(Exception)`): its key, which the
    /// host maps back to the class (`oxcuda_ir::USER_EXCEPTION_PREFIX`), and its name.
    ExceptionClass(String, String),
    /// Anything else: its `repr`, for the error message.
    Unsupported(String),
}

/// A device array captured from a global or closure variable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceArray {
    /// The element type.
    pub dtype: oxcuda_types::Dtype,
    /// Extents.
    pub shape: Vec<u64>,
    /// Byte strides, one per dimension.
    pub strides: Vec<i64>,
    /// The address of the first element (a device address on the GPU; a host address of the
    /// simulator's memory on the simulator).
    pub data: u64,
    /// The layout the strides make (NumPy's contiguity rule, decided by the capture).
    pub layout: oxcuda_types::Layout,
    /// Read-only (the interface's `data[1]`): device code cannot write it.
    pub readonly: bool,
}

/// An enum class captured from a global: its members in definition order (aliases included).
#[derive(Debug, Clone, PartialEq)]
pub struct EnumClass {
    /// `module.qualname`.
    pub class: String,
    /// An `IntEnum` (its members are integers).
    pub int: bool,
    /// `(name, value)` of every member.
    pub members: Vec<(String, GlobalValue)>,
}

impl EnumClass {
    /// The value of member `name`.
    #[must_use]
    pub fn member(&self, name: &str) -> Option<&GlobalValue> {
        self.members.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// A namedtuple class captured from a global.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedTupleClass {
    /// `module.qualname`.
    pub class: String,
    /// The field names, in order.
    pub fields: Vec<String>,
    /// Default values of the last fields (`_field_defaults`), by field name.
    pub defaults: Vec<(String, GlobalValue)>,
}

/// A struct constructor ([`GlobalValue::RecordCtor`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordCtor {
    /// The constructor's name, for messages.
    pub name: String,
    /// The record it builds (the custom type's layout).
    pub record: oxcuda_types::Record,
    /// For each field of the record, in order: the argument it is set from, or `None` for a
    /// scalar field left zero.
    pub sources: Vec<Option<usize>>,
    /// The number of arguments.
    pub arity: usize,
}

/// The value of a [`GlobalValue::TypedScalar`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TypedValue {
    /// An integer or bool.
    Int(i128),
    /// A float.
    Float(f64),
    /// A complex number.
    Complex(f64, f64),
}

/// One Python function: its source and the values of the globals and closure cells it names.
#[derive(Debug, Clone)]
pub struct FunctionSource {
    /// The Python qualified name.
    pub name: String,
    /// The source text and its position in the user's file.
    pub source: SourceFile,
    /// Global and closure names (closure cells shadow globals).
    pub globals: HashMap<String, GlobalValue>,
    /// Compiled as a device function marked `alwaysinline` (numba's `forceinline=True`).
    pub force_inline: bool,
}
