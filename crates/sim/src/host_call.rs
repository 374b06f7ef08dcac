//! Calls of external device functions (`cuda.declare_device`) whose code was compiled for the
//! host: how the simulator runs CUDA C++ that a kernel links.
//!
//! On a GPU such a function's code comes from the link step (nvJitLink). On the simulator the
//! Python side compiles the linked CUDA C++ sources with the host's C++ compiler into a shared
//! library (`oxcuda.cuda._sim_native_code`), together with one **thunk** per declared function:
//! a C function of one fixed signature, [`HostThunk`], that unpacks the arguments, makes the
//! thread's geometry (`threadIdx`, `blockIdx`, …) visible to the C++ code and calls the
//! function with its declared C signature and ABI. The simulator only ever calls thunks, so
//! this file knows nothing about C types: it passes the addresses of the argument registers and
//! reads the result's bytes back.
//!
//! Why that is enough: every scalar register holds its value in its low bytes (the canonical
//! encoding of `arith.rs`: integers sign- or zero-extended, floats as their bits) and the host
//! is little-endian, so the address of a register is a valid C pointer to the value for every
//! scalar type; a pointer's first register is its address (`frame.rs`). A result comes back
//! through a zeroed 16-byte buffer and is re-canonicalised ([`RetKind`]).
//!
//! Invariants: a [`HostFunctions`] entry is made only through the `unsafe`
//! [`HostFunctions::insert`], whose contract (the address is a live [`HostThunk`] that reads
//! exactly the declared parameters and writes at most 16 bytes of result) is what makes
//! [`HostFn::call`] sound. The C++ code runs natively: its memory accesses are not
//! bounds-checked, the race checker does not see them, and it cannot wait at a barrier (one
//! call runs to completion on the calling thread).

use std::collections::HashMap;
use std::ffi::c_void;

use oxcuda_ir::{Scalar, Type};

use crate::arith::norm;
use crate::inst::geom;

/// The entry point of one external function's host build: `geometry` is the calling thread's
/// geometry table (`inst::geom`: `threadIdx.xyz`, `blockIdx.xyz`, `blockDim.xyz`,
/// `gridDim.xyz`, lane, warp size, …), `args[k]` the address of parameter `k`'s value, `ret`
/// 16 zeroed bytes that receive the result.
pub type HostThunk =
    unsafe extern "C" fn(geometry: *const u64, args: *const *const c_void, ret: *mut c_void);

/// The most parameters an external function called on the simulator may have.
pub const MAX_HOST_PARAMS: usize = 64;

/// The host builds of external functions a program may call, by symbol.
#[derive(Debug, Clone, Default)]
pub struct HostFunctions {
    by_symbol: HashMap<String, HostThunk>,
}

impl HostFunctions {
    /// No host functions: a program that calls an external function is refused.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Registers the thunk at `address` for the external function `symbol`.
    ///
    /// # Safety
    /// `address` must be a function with the [`HostThunk`] signature that stays loaded for as
    /// long as any program prepared with these functions, reads exactly the parameters the
    /// module declares for `symbol` (each as the C type of its IR type) and writes at most 16
    /// bytes of result.
    ///
    /// # Panics
    /// Never; a zero `address` is simply not registered (returns false).
    pub unsafe fn insert(&mut self, symbol: &str, address: usize) -> bool {
        if address == 0 {
            return false;
        }
        // SAFETY: the caller promises `address` is a HostThunk.
        let thunk = unsafe { std::mem::transmute::<usize, HostThunk>(address) };
        self.by_symbol.insert(symbol.to_string(), thunk);
        true
    }

    /// The thunk of `symbol`, if registered.
    pub(crate) fn get(&self, symbol: &str) -> Option<HostThunk> {
        self.by_symbol.get(symbol).copied()
    }

    /// Whether none is registered.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.by_symbol.is_empty()
    }
}

/// How a result's bytes become registers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RetKind {
    /// No result.
    None,
    /// An integer or bool: its bytes, then the canonical extension of the type.
    Int(Scalar),
    /// A float: its bits, zero-extended (already canonical).
    Float,
    /// complex64: two float32 parts in 8 bytes → two registers.
    Complex64,
    /// complex128: two float64 parts in 16 bytes → two registers.
    Complex128,
    /// A pointer: its address, with no bounds (as a pointer made from an address).
    Pointer,
}

impl RetKind {
    /// The kind for a result of type `ty`, or `None` when it cannot cross a host call.
    pub(crate) fn of(ty: &Type) -> Option<Self> {
        Some(match ty {
            Type::None => Self::None,
            Type::Pointer(_) => Self::Pointer,
            Type::Scalar(s) if *s == Scalar::C64 => Self::Complex64,
            Type::Scalar(s) if *s == Scalar::C128 => Self::Complex128,
            Type::Scalar(s) if s.is_float() => Self::Float,
            Type::Scalar(s) => Self::Int(*s),
            _ => return None,
        })
    }

    /// The registers the result takes.
    pub(crate) fn slots(self) -> u32 {
        match self {
            Self::None => 0,
            Self::Int(_) | Self::Float => 1,
            Self::Complex64 | Self::Complex128 => 2,
            Self::Pointer => 3,
        }
    }
}

/// Whether a parameter of type `ty` can be passed to a host call (a scalar other than a
/// complex, whose two registers are not one C value, or a pointer).
pub(crate) fn param_passes(ty: &Type) -> bool {
    match ty {
        Type::Pointer(_) => true,
        Type::Scalar(s) => !s.is_complex(),
        _ => false,
    }
}

/// One external function a program calls, bound to its host build.
#[derive(Debug, Clone)]
pub(crate) struct HostFn {
    /// The symbol (for messages).
    pub symbol: String,
    thunk: HostThunk,
    /// The number of parameters.
    pub params: u32,
    /// How the result comes back.
    pub ret: RetKind,
}

impl HostFn {
    pub(crate) fn new(symbol: &str, thunk: HostThunk, params: u32, ret: RetKind) -> Self {
        Self {
            symbol: symbol.to_string(),
            thunk,
            params,
            ret,
        }
    }

    /// Calls the function for a thread with `geometry`: parameter `k`'s value is in register
    /// `regs[arg_slots[k]]` (a pointer's address in its first register); the result's
    /// `ret.slots()` registers are written at `dst`.
    ///
    /// # Safety
    /// `regs` must be valid for reads at every `arg_slots` entry and `dst` for
    /// `ret.slots()` writes; `arg_slots.len() == params ≤ MAX_HOST_PARAMS`; the thunk's
    /// contract ([`HostFunctions::insert`]) must hold.
    pub(crate) unsafe fn call(
        &self,
        geometry: &[u64; geom::LEN],
        regs: *const u64,
        arg_slots: &[u32],
        dst: *mut u64,
    ) {
        let mut args = [std::ptr::null::<c_void>(); MAX_HOST_PARAMS];
        for (a, &s) in args.iter_mut().zip(arg_slots) {
            // SAFETY: the caller guarantees each slot is a readable register.
            *a = unsafe { regs.add(s as usize) }.cast();
        }
        let mut ret = [0u64; 2];
        // SAFETY: the thunk's contract: it reads `params` argument pointers, writes ≤ 16 bytes.
        unsafe { (self.thunk)(geometry.as_ptr(), args.as_ptr(), ret.as_mut_ptr().cast()) };
        let out: [u64; 3] = match self.ret {
            RetKind::None => return,
            RetKind::Int(s) => [norm(s, ret[0]), 0, 0],
            RetKind::Float => [ret[0], 0, 0],
            RetKind::Complex64 => [ret[0] & 0xffff_ffff, ret[0] >> 32, 0],
            RetKind::Complex128 => [ret[0], ret[1], 0],
            RetKind::Pointer => [ret[0], 0, u64::MAX],
        };
        for (k, v) in out.iter().take(self.ret.slots() as usize).enumerate() {
            // SAFETY: the caller guarantees `dst` has `ret.slots()` writable registers.
            unsafe { *dst.add(k) = *v };
        }
    }
}
