//! Launching: the checks on a launch configuration, the launch arguments as read (an [`Arg`]
//! per argument, made by the Python binding from Python objects), whether an argument may be
//! passed for a parameter ([`compatible`]), and the packing of the kernel parameters in the ABI
//! of `docs/abi.md` ([`pack`]).
//!
//! Invariant: nothing here allocates for arrays of up to [`INLINE_DIMS`] dimensions, launches
//! of up to [`INLINE_ARGS`] arguments and [`INLINE_SLOTS`] parameter slots — the launch fast
//! path runs it on every launch. The buffers are filled in place ([`pack_into`],
//! [`param_pointers_into`]) rather than returned: they are kilobytes inline, and moving them
//! cost more than the packing itself (measured: a third of a launch with no arguments).

use std::ffi::c_void;

use oxcuda_ir::{ArrayType, DatetimeType, EnumType, Layout, NamedTupleType, Record, Scalar, Type};
use smallvec::SmallVec;

/// CUDA's block limits on every supported GPU (compute capability 7.5 and newer).
pub const MAX_BLOCK: [u32; 3] = [1024, 1024, 64];
/// CUDA's grid limits on every supported GPU.
pub const MAX_GRID: [u32; 3] = [i32::MAX as u32, 65535, 65535];
/// Most threads in one block.
pub const MAX_THREADS_PER_BLOCK: u32 = 1024;

/// `kernel[grid, block, stream, sharedmem]`'s grid, block and dynamic shared memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LaunchConfig {
    /// Blocks in x, y, z.
    pub grid: [u32; 3],
    /// Threads per block in x, y, z.
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory per block.
    pub shared: u32,
}

impl LaunchConfig {
    /// Checks the configuration against the device limits.
    ///
    /// # Errors
    /// A message naming the dimension and the limit exceeded (Python's `ValueError`).
    #[inline]
    pub fn check(&self) -> Result<(), String> {
        if self.within_limits() {
            return Ok(());
        }
        self.explain_limits()
    }

    /// Whether every dimension is within its limits: one comparison per dimension, since
    /// `d - 1 < limit` (wrapping) holds exactly for `1 <= d <= limit` (every launch asks).
    #[inline]
    fn within_limits(&self) -> bool {
        let (grid, block) = (self.grid, self.block);
        let mut ok = true;
        for k in 0..3 {
            ok &= block[k].wrapping_sub(1) < MAX_BLOCK[k];
            ok &= grid[k].wrapping_sub(1) < MAX_GRID[k];
        }
        let threads = u64::from(block[0]) * u64::from(block[1]) * u64::from(block[2]);
        ok && threads <= u64::from(MAX_THREADS_PER_BLOCK)
    }

    /// The message naming the first limit exceeded (`Ok` when none is).
    #[cold]
    #[inline(never)]
    fn explain_limits(&self) -> Result<(), String> {
        let (grid, block) = (self.grid, self.block);
        let axes = ["x", "y", "z"];
        for k in 0..3 {
            if block[k] == 0 || grid[k] == 0 {
                return Err(format!(
                    "grid {grid:?} and block {block:?} must be at least 1 in every dimension"
                ));
            }
            if block[k] > MAX_BLOCK[k] {
                return Err(format!(
                    "block dimension {} is {}, above the limit of {} (MAX_BLOCK_DIM_{})",
                    axes[k],
                    block[k],
                    MAX_BLOCK[k],
                    axes[k].to_uppercase()
                ));
            }
            if grid[k] > MAX_GRID[k] {
                return Err(format!(
                    "grid dimension {} is {}, above the limit of {} (MAX_GRID_DIM_{})",
                    axes[k],
                    grid[k],
                    MAX_GRID[k],
                    axes[k].to_uppercase()
                ));
            }
        }
        let threads = u64::from(block[0]) * u64::from(block[1]) * u64::from(block[2]);
        if threads > u64::from(MAX_THREADS_PER_BLOCK) {
            return Err(format!(
                "{threads} threads per block ({}×{}×{}) exceed the limit of \
                 {MAX_THREADS_PER_BLOCK} (MAX_THREADS_PER_BLOCK)",
                block[0], block[1], block[2]
            ));
        }
        Ok(())
    }
}

/// Dimensions held inline by [`Dims`]; more spill to the heap.
pub const INLINE_DIMS: usize = 4;
/// Arguments held inline by [`Args`]; more spill to the heap.
pub const INLINE_ARGS: usize = 16;
/// Kernel parameter slots held inline by [`Slots`] (16 one-dimensional arrays take 48).
pub const INLINE_SLOTS: usize = 64;
/// An array's extents or byte strides.
pub type Dims = SmallVec<[i64; INLINE_DIMS]>;
/// The arguments of one launch, read.
pub type Args = SmallVec<[Arg; INLINE_ARGS]>;

/// One argument, read.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A device array (or a host-backend array under the simulator).
    Array {
        ptr: u64,
        shape: Dims,
        strides: Dims,
        ty: ArrayType,
        host: bool,
        /// The `CUcontext` address of the memory's context ([`crate::Space::context_id`]):
        /// 0 for host-backend memory and for foreign memory (CAI, DLPack), whose context
        /// is not known.
        ctx: usize,
    },
    /// A record in device memory (a `DeviceRecord`; host-backend memory under the simulator),
    /// passed by reference.
    Record {
        ptr: u64,
        record: Record,
        host: bool,
        /// The memory's context, as for [`Arg::Array`].
        ctx: usize,
    },
    /// An integer or bool of a given type.
    Int(i128, Scalar),
    /// A float of a given type.
    Float(f64, Scalar),
    /// A complex of a given type.
    Complex(f64, f64, Scalar),
    /// A tuple.
    Tuple(Vec<Arg>),
    /// A `datetime64`/`timedelta64` scalar: its int64 count, typed with its kind and unit.
    Datetime(i64, DatetimeType),
    /// A member of an enum class (`Color.red`): its value, typed with its class.
    Enum(Box<EnumArg>),
    /// An instance of a namedtuple class: its items, typed with its class.
    NamedTuple(Box<NamedTupleArg>),
}

/// An enum member argument.
#[derive(Debug, Clone, PartialEq)]
pub struct EnumArg {
    /// The class's `module.qualname`.
    pub class: String,
    /// Whether the class is an `IntEnum`.
    pub int: bool,
    /// The member's value.
    pub value: Arg,
}

/// A namedtuple argument.
#[derive(Debug, Clone, PartialEq)]
pub struct NamedTupleArg {
    /// The class's `module.qualname`.
    pub class: String,
    /// The field names.
    pub fields: Vec<String>,
    /// The items, one per field.
    pub items: Vec<Arg>,
}

impl Arg {
    /// The type the dispatcher specialises on.
    pub fn ty(&self) -> Type {
        match self {
            Self::Array { ty, .. } => Type::Array(*ty),
            Self::Record { record, .. } => Type::Record(*record),
            Self::Int(_, s) | Self::Float(_, s) | Self::Complex(_, _, s) => Type::Scalar(*s),
            Self::Tuple(items) => Type::Tuple(items.iter().map(Self::ty).collect()),
            Self::Datetime(_, d) => Type::Datetime(*d),
            Self::Enum(e) => Type::Enum(Box::new(EnumType {
                class: e.class.clone(),
                int: e.int,
                value: e.value.ty(),
            })),
            Self::NamedTuple(n) => Type::NamedTuple(Box::new(NamedTupleType {
                class: n.class.clone(),
                fields: n.fields.clone(),
                items: n.items.iter().map(Self::ty).collect(),
            })),
        }
    }

    /// Whether [`Self::ty`] is `ty`, without building the type.
    pub fn has_type(&self, ty: &Type) -> bool {
        match (self, ty) {
            (Self::Array { ty: a, .. }, Type::Array(b)) => a == b,
            (Self::Record { record, .. }, Type::Record(r)) => record == r,
            (Self::Int(_, s) | Self::Float(_, s) | Self::Complex(_, _, s), Type::Scalar(t)) => {
                s == t
            }
            (Self::Tuple(items), Type::Tuple(types)) => {
                items.len() == types.len() && items.iter().zip(types).all(|(a, t)| a.has_type(t))
            }
            (Self::Datetime(_, d), Type::Datetime(t)) => d == t,
            (Self::Enum(e), Type::Enum(t)) => {
                e.class == t.class && e.int == t.int && e.value.has_type(&t.value)
            }
            (Self::NamedTuple(n), Type::NamedTuple(t)) => {
                n.class == t.class
                    && n.fields == t.fields
                    && n.items.len() == t.items.len()
                    && n.items.iter().zip(&t.items).all(|(a, t)| a.has_type(t))
            }
            _ => false,
        }
    }
}

/// Whether an argument of type `got` may be passed for a parameter of type `want` (scalars
/// convert, except complex to a real type, as in numba; arrays must match dtype and ndim, with
/// a layout at least as strict).
pub fn compatible(got: &Type, want: &Type) -> bool {
    match (got, want) {
        (Type::Scalar(g), Type::Scalar(w)) => !g.is_complex() || w.is_complex(),
        (Type::Array(g), Type::Array(w)) => {
            g.dtype == w.dtype
                && g.ndim == w.ndim
                && (w.layout == Layout::A
                    || g.layout == w.layout
                    || g.ndim <= 1 && g.layout != Layout::A)
                && (w.readonly || !g.readonly)
                && (g.aligned || !w.aligned)
        }
        (Type::Tuple(g), Type::Tuple(w)) => {
            g.len() == w.len() && g.iter().zip(w).all(|(a, b)| compatible(a, b))
        }
        (Type::Record(g), Type::Record(w)) => g == w,
        (Type::Datetime(g), Type::Datetime(w)) => g == w,
        // An enum member passes for its own class; an IntEnum's also for an integer.
        (Type::Enum(g), Type::Enum(w)) => {
            g.class == w.class && g.int == w.int && g.value == w.value
        }
        (Type::Enum(g), Type::Scalar(w)) => g.int && w.is_int(),
        // An integer is a device address for a `CPointer(T)` parameter, as in numba-cuda
        // (`kernel(int(arr.device_ctypes_pointer.value))`).
        (Type::Scalar(g), Type::Pointer(_)) => g.is_int() && *g != Scalar::Bool,
        (Type::NamedTuple(g), Type::NamedTuple(w)) => {
            g.class == w.class
                && g.fields == w.fields
                && g.items.len() == w.items.len()
                && g.items.iter().zip(&w.items).all(|(a, b)| compatible(a, b))
        }
        (Type::NamedTuple(g), Type::Tuple(w)) => {
            g.items.len() == w.len() && g.items.iter().zip(w).all(|(a, b)| compatible(a, b))
        }
        _ => false,
    }
}

/// Kernel parameter values, 16 bytes each (the widest scalar, complex128), held inline for
/// typical launches.
pub type Slots = SmallVec<[[u64; 2]; INLINE_SLOTS]>;
/// `cuLaunchKernel`'s parameter array, inline for up to [`INLINE_SLOTS`] parameters.
pub type ParamPointers = SmallVec<[*mut c_void; INLINE_SLOTS]>;

/// Appends the kernel parameters of `arg` (for a parameter of type `ty`) to `out`, one slot
/// each, in the order of `docs/abi.md`: an array is its data pointer, its extents, then its
/// byte strides; a record is the address of its bytes; scalars by value (little-endian in the
/// slot); tuples element by element.
pub fn pack(arg: &Arg, ty: &Type, out: &mut Slots) {
    match (arg, ty) {
        (Arg::Record { ptr, .. }, Type::Record(_)) => out.push([*ptr, 0]),
        (
            Arg::Array {
                ptr,
                shape,
                strides,
                ..
            },
            Type::Array(_),
        ) => {
            // Pushed one by one: `extend` over a mapped iterator, or `extend_from_slice` of a
            // stack buffer (measured: +22 instructions per array), costs more here.
            out.reserve(1 + shape.len() + strides.len());
            out.push([*ptr, 0]);
            for &n in shape {
                out.push([n as u64, 0]);
            }
            for &s in strides {
                out.push([s as u64, 0]);
            }
        }
        (Arg::Tuple(items), Type::Tuple(types)) => {
            for (a, t) in items.iter().zip(types) {
                pack(a, t, out);
            }
        }
        (Arg::NamedTuple(n), Type::NamedTuple(_) | Type::Tuple(_)) => {
            let types = ty.tuple_items().unwrap_or_default();
            for (a, t) in n.items.iter().zip(types) {
                pack(a, t, out);
            }
        }
        (Arg::Datetime(v, _), Type::Datetime(_)) => out.push([*v as u64, 0]),
        (Arg::Enum(e), Type::Enum(t)) => pack(&e.value, &t.value, out),
        (Arg::Enum(e), Type::Scalar(_)) => pack(&e.value, ty, out),
        (scalar, Type::Scalar(s)) => out.push(scalar_bits(scalar, *s)),
        (Arg::Int(address, _), Type::Pointer(_)) => out.push([*address as u64, 0]),
        _ => out.push([0, 0]),
    }
}

fn scalar_bits(arg: &Arg, to: Scalar) -> [u64; 2] {
    // An integer for an integer parameter, the common case: its low 64 bits, without the
    // (slow, i128 → f64) float conversion the other targets need.
    if let Arg::Int(i, _) = arg
        && to != Scalar::Bool
        && to.is_int()
    {
        return [*i as u64, 0];
    }
    let (re, im, int) = match arg {
        Arg::Int(i, _) => (*i as f64, 0.0, *i),
        Arg::Float(x, _) => (*x, 0.0, *x as i128),
        Arg::Complex(re, im, _) => (*re, *im, *re as i128),
        _ => (0.0, 0.0, 0),
    };
    match to {
        Scalar::Bool => [u64::from(int != 0 || re != 0.0), 0],
        s if s.is_int() => [int as u64, 0],
        Scalar::F16 => [u64::from(f32_to_f16_bits(re as f32)), 0],
        Scalar::BF16 => [
            u64::from(match arg {
                Arg::Int(i, _) => oxcuda_ir::bf16::from_int(*i),
                _ => oxcuda_ir::bf16::from_f64(re),
            }),
            0,
        ],
        // A number for an fp8 parameter converts as the type's constructor does.
        Scalar::E4M3 | Scalar::E5M2 | Scalar::E8M0 => {
            [u64::from(oxcuda_ir::fp8::from_f64_constructor(re, to)), 0]
        }
        Scalar::F32 => [u64::from((re as f32).to_bits()), 0],
        Scalar::F64 => [re.to_bits(), 0],
        Scalar::C64 => [
            u64::from((re as f32).to_bits()) | (u64::from((im as f32).to_bits()) << 32),
            0,
        ],
        _ => [re.to_bits(), im.to_bits()],
    }
}

/// Round-to-nearest-even float32 → float16 bits.
fn f32_to_f16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x7f_ffff;
    if exp == 0xff {
        return sign | 0x7c00 | if man != 0 { 0x200 } else { 0 };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = u32::try_from(14 - e).unwrap_or(31);
        let half = 1u32 << (shift - 1);
        let rounded = (m + half - 1 + ((m >> shift) & 1)) >> shift;
        return sign | u16::try_from(rounded).unwrap_or(0);
    }
    let rounded = man + 0xfff + ((man >> 13) & 1);
    let (e, m) = if rounded & 0x80_0000 != 0 {
        (e + 1, 0)
    } else {
        (e, rounded >> 13)
    };
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    sign | (u16::try_from(e).unwrap_or(0) << 10) | u16::try_from(m).unwrap_or(0)
}

/// `cuLaunchKernel`'s parameter array: one pointer to each slot, written to `out` (cleared).
pub fn param_pointers_into(slots: &mut Slots, out: &mut ParamPointers) {
    out.clear();
    out.reserve(slots.len());
    for s in slots.iter_mut() {
        out.push(s.as_mut_ptr().cast());
    }
}

/// The parameter slots of arguments `read` (already checked with [`compatible`]) for
/// parameters `params`, in ABI order, written to `out` (cleared first).
pub fn pack_into(read: &[Arg], params: &[Type], out: &mut Slots) {
    out.clear();
    for (a, p) in read.iter().zip(params) {
        pack(a, p, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_quick_check_agrees_with_the_explanation() {
        // Every dimension at and around its edges (0, 1, the limit, one past it, u32::MAX),
        // so the one-comparison test is checked against the named limits on each boundary.
        let edges = |limit: u32| [0, 1, 2, limit - 1, limit, limit + 1, u32::MAX];
        let mut seen = 0;
        for k in 0..3 {
            for b in edges(MAX_BLOCK[k]) {
                for g in edges(MAX_GRID[k].min(u32::MAX - 1)) {
                    for other in [1, 3, 16] {
                        let mut grid = [other, 1, 1];
                        let mut block = [other, other.min(4), 1];
                        grid[k] = g;
                        block[k] = b;
                        let c = LaunchConfig {
                            grid,
                            block,
                            shared: 0,
                        };
                        assert_eq!(c.within_limits(), c.explain_limits().is_ok(), "{c:?}");
                        seen += usize::from(c.within_limits());
                    }
                }
            }
        }
        assert!(seen > 0);
    }

    #[test]
    fn configurations_beyond_the_limits_are_named() {
        let ok = LaunchConfig {
            grid: [4, 1, 1],
            block: [256, 1, 1],
            shared: 0,
        };
        assert_eq!(ok.check(), Ok(()));
        let e = LaunchConfig {
            block: [2048, 1, 1],
            ..ok
        }
        .check()
        .unwrap_err();
        assert!(e.contains("block dimension x is 2048"), "{e}");
        let e = LaunchConfig {
            grid: [1, 70000, 1],
            ..ok
        }
        .check()
        .unwrap_err();
        assert!(e.contains("MAX_GRID_DIM_Y"), "{e}");
        let e = LaunchConfig {
            block: [64, 64, 1],
            ..ok
        }
        .check()
        .unwrap_err();
        assert!(e.contains("4096 threads per block"), "{e}");
        assert!(
            LaunchConfig {
                grid: [0, 1, 1],
                ..ok
            }
            .check()
            .is_err()
        );
    }

    #[test]
    fn integers_pack_to_every_scalar_parameter_type() {
        let slot = |arg: Arg, to: Scalar| {
            let mut out = Slots::new();
            pack(&arg, &Type::Scalar(to), &mut out);
            out[0]
        };
        let int = |v: i128| Arg::Int(v, Scalar::I64);
        // Integer parameters: the low 64 bits (the kernel reads its width of them).
        assert_eq!(slot(int(-2), Scalar::I64), [(-2i64).cast_unsigned(), 0]);
        assert_eq!(slot(int(-2), Scalar::I32), [(-2i64).cast_unsigned(), 0]);
        assert_eq!(slot(int(300), Scalar::U8), [300, 0]);
        let big = i128::from(u64::MAX);
        assert_eq!(slot(Arg::Int(big, Scalar::U64), Scalar::U64), [u64::MAX, 0]);
        // bool: nonzero is 1.
        assert_eq!(slot(int(7), Scalar::Bool), [1, 0]);
        assert_eq!(slot(int(0), Scalar::Bool), [0, 0]);
        // Floats and complex: the value converted.
        assert_eq!(slot(int(-3), Scalar::F64), [(-3.0f64).to_bits(), 0]);
        assert_eq!(slot(int(5), Scalar::F32), [u64::from(5.0f32.to_bits()), 0]);
        assert_eq!(
            slot(int(2), Scalar::C128),
            [2.0f64.to_bits(), 0.0f64.to_bits()]
        );
        // And a float for an integer parameter truncates, as before.
        assert_eq!(slot(Arg::Float(2.75, Scalar::F64), Scalar::I64), [2, 0]);
    }

    fn array(ptr: u64, shape: &[i64], strides: &[i64]) -> (Arg, Type) {
        let ty = ArrayType {
            dtype: Scalar::F32.into(),
            ndim: u32::try_from(shape.len()).unwrap(),
            layout: Layout::A,
            readonly: false,
            aligned: true,
        };
        let arg = Arg::Array {
            ptr,
            shape: Dims::from_slice(shape),
            strides: Dims::from_slice(strides),
            ty,
            host: false,
            ctx: 0,
        };
        (arg, Type::Array(ty))
    }

    #[test]
    fn packing_in_place_writes_the_abi_order_past_the_inline_slots() {
        // 20 two-dimensional arrays (5 slots each: 100, beyond INLINE_SLOTS) and a scalar.
        let mut read = Args::new();
        let mut params = Vec::new();
        for k in 0..20u64 {
            let (arg, ty) = array(0x1000 * (k + 1), &[2, 3 + k as i64], &[-4, 8 * (k as i64)]);
            read.push(arg);
            params.push(ty);
        }
        read.push(Arg::Int(7, Scalar::I64));
        params.push(Type::Scalar(Scalar::F32));
        let mut slots: Slots = smallvec::smallvec![[9, 9]; 3]; // cleared by pack_into
        pack_into(&read, &params, &mut slots);
        assert_eq!(slots.len(), 20 * 5 + 1);
        for k in 0..20u64 {
            let s = &slots[(k * 5) as usize..(k * 5 + 5) as usize];
            let expected = [
                [0x1000 * (k + 1), 0],
                [2, 0],
                [3 + k, 0],
                [(-4i64) as u64, 0],
                [8 * k, 0],
            ];
            assert_eq!(s, expected, "array {k}");
        }
        assert_eq!(slots[100], [u64::from(7.0f32.to_bits()), 0]);
        let mut ptrs = ParamPointers::new();
        param_pointers_into(&mut slots, &mut ptrs);
        assert_eq!(ptrs.len(), slots.len());
        for (p, s) in ptrs.iter().zip(slots.iter()) {
            assert_eq!(*p, s.as_ptr().cast_mut().cast::<c_void>());
        }
    }

    #[test]
    fn half_conversion_matches_known_values() {
        assert_eq!(f32_to_f16_bits(1.0), 0x3c00);
        assert_eq!(f32_to_f16_bits(-2.0), 0xc000);
        assert_eq!(f32_to_f16_bits(65504.0), 0x7bff);
        assert_eq!(f32_to_f16_bits(1e6), 0x7c00);
        assert_eq!(f32_to_f16_bits(0.1), 0x2e66);
    }
}
