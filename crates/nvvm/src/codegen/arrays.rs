//! Array values and memory: element addresses, loads and stores, and the arrays that live in
//! shared, local and constant memory.
//!
//! Invariants:
//! - the address of `a[i0, …, iN-1]` is `data + Σ ik·stride_k` in bytes (strides are bytes,
//!   `ops.rs`); for a C array the last stride is the item size and for an F array the first,
//!   so that dimension is a typed `getelementptr` on the element type (which the optimizer
//!   vectorises and strength-reduces) and only the others read their stride;
//! - a bool element is a byte: a load is `!= 0`, a store writes 0 or 1;
//! - loads and stores assume the element's natural alignment, except in an `unaligned` array
//!   (a packed record's subarray field), where they assume 1 and libNVVM splits them into
//!   byte accesses;
//! - shared arrays are `internal addrspace(3)` globals with an `undef` initialiser (shared
//!   memory cannot be initialised); constant arrays are `internal addrspace(4)` byte arrays
//!   holding the little-endian initial bytes; both are cast to generic pointers, as are local
//!   arrays (`alloca` in the entry block) and the dynamic shared array, an external
//!   `[0 x i8]` every use aliases, whose extent is `%dynamic_smem_size / itemsize` (read with
//!   inline PTX: NVVM 7 has no intrinsic for that register);
//! - arrays the module creates itself are C-contiguous, strides computed from the extents;
//! - shared and constant arrays of 16 bytes or more are at least 16-byte aligned, as local
//!   arrays are: nvJitLink compiles PTX as relocatable code, where ptxas keeps a module
//!   variable's declared alignment instead of raising it, so a 4-aligned tile forbids
//!   `ld.shared.v4` (docs/codegen-performance.md: the tiled matmul lost 20% to it).

use std::fmt::Write;

use oxcuda_ir::{ArrayType, Dtype, Global, GlobalId, GlobalKind, Layout, Scalar, Type, Value};

use super::constants::bytes_literal;
use super::function::{FnWriter, Result};
use super::types::{array_reg, dtype_mem, scalar_align, scalar_mem};

/// The symbol of the dynamic shared-memory array.
pub(super) const DYNSHARED: &str = "__oxcuda_dynshared";

/// The alignment at which ptxas may use its widest (16-byte) vector accesses.
const VECTOR_ALIGN: u32 = 16;

/// Shared arrays of at least one 16×16 float16 tile's bytes are 32-byte aligned: the address
/// `cuda.wmma` loads and stores take must be (CUDA's rule), so a tile at offset 0 of a shared
/// array is valid without an `alignment=` argument.
const TILE_ALIGN: u32 = 32;
const TILE_BYTES: u64 = 512;

/// The alignment a module-level array is declared with: the user's (or the item's), raised
/// to [`VECTOR_ALIGN`] for arrays of at least that many bytes (see the module invariants).
fn global_align(g: &Global) -> u32 {
    let align = g.align.max(g.dtype.align());
    let bytes = g.len().saturating_mul(u64::from(g.dtype.size()));
    if g.kind == GlobalKind::Shared && bytes >= TILE_BYTES {
        align.max(TILE_ALIGN)
    } else if bytes >= u64::from(VECTOR_ALIGN) {
        align.max(VECTOR_ALIGN)
    } else {
        align
    }
}

/// Writes the definition of a module-level array.
pub(super) fn write_global(out: &mut String, g: &Global) {
    let align = global_align(g);
    let len: u64 = g.len();
    match g.kind {
        GlobalKind::Shared => {
            let _ = writeln!(
                out,
                "@{} = internal addrspace(3) global [{len} x {}] undef, align {align}",
                g.name,
                dtype_mem(g.dtype)
            );
        }
        GlobalKind::Const => {
            let bytes = len * u64::from(g.dtype.size());
            let init = match &g.init {
                Some(b) if !b.is_empty() && b.iter().any(|x| *x != 0) => bytes_literal(b),
                _ => "zeroinitializer".to_owned(),
            };
            let _ = writeln!(
                out,
                "@{} = internal addrspace(4) constant [{bytes} x i8] {init}, align {align}",
                g.name
            );
        }
    }
}

impl FnWriter<'_, '_> {
    fn array_type(&self, a: Value) -> Result<ArrayType> {
        self.ty(a)
            .as_array()
            .ok_or_else(|| self.err(format!("{a} is not an array")))
    }

    /// `extractvalue` of extent (`field` 1) or stride (`field` 2) number `k`.
    pub(super) fn array_field(&mut self, a: Value, field: u32, k: u32) -> Result<String> {
        let arr = self.array_type(a)?;
        if k >= arr.ndim {
            return Err(self.err(format!("dimension {k} of a {}-d array", arr.ndim)));
        }
        let a = self.typed(a)?;
        Ok(self.emit(format!("extractvalue {a}, {field}, {k}")))
    }

    pub(super) fn make_array(
        &mut self,
        data: Value,
        shape: &[Value],
        strides: &[Value],
        ty: &Type,
    ) -> Result<String> {
        let Type::Array(arr) = ty else {
            return Err(self.err(format!("makearray of type {ty}")));
        };
        if shape.len() != arr.ndim as usize || strides.len() != arr.ndim as usize {
            return Err(self.err(format!(
                "makearray of a {}-d array with {} extents and {} strides",
                arr.ndim,
                shape.len(),
                strides.len()
            )));
        }
        let llty = array_reg(arr);
        let d = self.typed(data)?;
        let mut acc = self.emit(format!("insertvalue {llty} undef, {d}, 0"));
        for (field, list) in [(1, shape), (2, strides)] {
            for (k, v) in list.iter().enumerate() {
                let v = self.op(*v)?;
                acc = self.emit(format!("insertvalue {llty} {acc}, i64 {v}, {field}, {k}"));
            }
        }
        Ok(acc)
    }

    pub(super) fn ptr_offset(&mut self, p: Value, n: Value) -> Result<String> {
        let pty = super::types::reg(self.ty(p));
        let (p, n) = (self.op(p)?, self.op(n)?);
        Ok(self.byte_offset(&pty, &p, &n))
    }

    /// `ptr` (of pointer type `pty`) moved by `bytes`.
    fn byte_offset(&mut self, pty: &str, ptr: &str, bytes: &str) -> String {
        let raw = self.emit(format!("bitcast {pty} {ptr} to i8*"));
        let moved = self.emit(format!("getelementptr i8, i8* {raw}, i64 {bytes}"));
        self.emit(format!("bitcast i8* {moved} to {pty}"))
    }

    /// The address of an element of an array of scalars: a pointer to the element's memory
    /// type.
    pub(super) fn element_ptr(&mut self, a: Value, idx: &[Value]) -> Result<(String, Scalar)> {
        let (ptr, dtype) = self.item_ptr(a, idx)?;
        match dtype {
            Dtype::Scalar(s) => Ok((ptr, s)),
            Dtype::Datetime(_) => Ok((ptr, Scalar::I64)),
            Dtype::Record(_) | Dtype::CharSeq(_) => {
                Err(self.err(format!("a scalar access to an array of {dtype}")))
            }
        }
    }

    /// The address of an element of any array: a pointer to its dtype's memory type.
    pub(super) fn item_ptr(&mut self, a: Value, idx: &[Value]) -> Result<(String, Dtype)> {
        let arr = self.array_type(a)?;
        if idx.len() != arr.ndim as usize {
            return Err(self.err(format!("{} indices for a {}-d array", idx.len(), arr.ndim)));
        }
        let llty = array_reg(&arr);
        let t = dtype_mem(arr.dtype);
        let av = self.op(a)?;
        let data = self.emit(format!("extractvalue {llty} {av}, 0"));
        let contiguous = match arr.layout {
            _ if arr.ndim == 0 => None,
            Layout::C => Some(arr.ndim as usize - 1),
            Layout::F => Some(0),
            Layout::A => None,
        };
        let mut offset: Option<String> = None;
        for (k, i) in idx.iter().enumerate() {
            if Some(k) == contiguous {
                continue;
            }
            let i = self.op(*i)?;
            let stride = self.emit(format!("extractvalue {llty} {av}, 2, {k}"));
            let term = self.emit(format!("mul i64 {i}, {stride}"));
            offset = Some(match offset {
                None => term,
                Some(acc) => self.emit(format!("add i64 {acc}, {term}")),
            });
        }
        let mut ptr = match offset {
            Some(off) => self.byte_offset(&format!("{t}*"), &data, &off),
            None => data,
        };
        if let Some(k) = contiguous {
            let i = self.op(idx[k])?;
            ptr = self.emit(format!("getelementptr {t}, {t}* {ptr}, i64 {i}"));
        }
        Ok((ptr, arr.dtype))
    }

    /// The alignment element accesses of array `a` of `s` may assume.
    fn access_align(&self, a: Value, s: Scalar) -> u32 {
        match self.ty(a).as_array() {
            Some(arr) if !arr.aligned => 1,
            _ => scalar_align(s),
        }
    }

    pub(super) fn load(&mut self, a: Value, idx: &[Value]) -> Result<String> {
        let (ptr, s) = self.element_ptr(a, idx)?;
        let t = scalar_mem(s);
        let align = self.access_align(a, s);
        let x = self.emit(format!("load {t}, {t}* {ptr}, align {align}"));
        Ok(if s == Scalar::Bool {
            self.emit(format!("icmp ne i8 {x}, 0"))
        } else {
            x
        })
    }

    pub(super) fn store(&mut self, a: Value, idx: &[Value], v: Value) -> Result<()> {
        let (ptr, s) = self.element_ptr(a, idx)?;
        let t = scalar_mem(s);
        let mut x = self.op(v)?;
        if s == Scalar::Bool {
            x = self.emit(format!("zext i1 {x} to i8"));
        }
        let align = self.access_align(a, s);
        self.stmt(format!("store {t} {x}, {t}* {ptr}, align {align}"));
        Ok(())
    }

    /// A C-contiguous array value over `data` (a generic pointer to `dtype`) with constant
    /// extents.
    pub(super) fn fixed_array(
        &mut self,
        data: &str,
        dtype: Dtype,
        shape: &[u64],
        ty: &Type,
    ) -> Result<String> {
        let arr = match ty {
            Type::Array(arr) if arr.dtype == dtype && arr.ndim as usize == shape.len() => *arr,
            _ => {
                return Err(self.err(format!(
                    "an array of {dtype} with {} dimensions typed {ty}",
                    shape.len()
                )));
            }
        };
        let llty = array_reg(&arr);
        let t = dtype_mem(dtype);
        let mut acc = self.emit(format!("insertvalue {llty} undef, {t}* {data}, 0"));
        let mut stride = u64::from(dtype.size());
        let mut strides = vec![0u64; shape.len()];
        for k in (0..shape.len()).rev() {
            strides[k] = stride;
            stride = stride.saturating_mul(shape[k]);
        }
        for (k, n) in shape.iter().enumerate() {
            acc = self.emit(format!("insertvalue {llty} {acc}, i64 {n}, 1, {k}"));
        }
        for (k, s) in strides.iter().enumerate() {
            acc = self.emit(format!("insertvalue {llty} {acc}, i64 {s}, 2, {k}"));
        }
        Ok(acc)
    }

    fn global(&mut self, g: GlobalId, kind: GlobalKind) -> Result<&'static str> {
        let module = self.cx.module;
        let Some(global) = module.globals.get(g.index()) else {
            return Err(self.err(format!("{g} does not exist")));
        };
        if global.kind != kind {
            return Err(self.err(format!("{g} is not a {kind:?} array")));
        }
        self.cx.use_global(g.index());
        Ok(if kind == GlobalKind::Shared { "3" } else { "4" })
    }

    pub(super) fn shared_array(&mut self, g: GlobalId, ty: &Type) -> Result<String> {
        self.global(g, GlobalKind::Shared)?;
        let module = self.cx.module;
        let global = &module.globals[g.index()];
        let t = dtype_mem(global.dtype);
        let arr = format!("[{} x {t}]", global.len());
        let p = self.emit(format!(
            "getelementptr {arr}, {arr} addrspace(3)* @{}, i64 0, i64 0",
            global.name
        ));
        let generic = self.emit(format!("addrspacecast {t} addrspace(3)* {p} to {t}*"));
        self.fixed_array(&generic, global.dtype, &global.shape, ty)
    }

    pub(super) fn const_array(&mut self, g: GlobalId, ty: &Type) -> Result<String> {
        self.global(g, GlobalKind::Const)?;
        let module = self.cx.module;
        let global = &module.globals[g.index()];
        let t = dtype_mem(global.dtype);
        let bytes = global.len() * u64::from(global.dtype.size());
        let arr = format!("[{bytes} x i8]");
        let p = self.emit(format!(
            "getelementptr {arr}, {arr} addrspace(4)* @{}, i64 0, i64 0",
            global.name
        ));
        let typed = self.emit(format!("bitcast i8 addrspace(4)* {p} to {t} addrspace(4)*"));
        let generic = self.emit(format!("addrspacecast {t} addrspace(4)* {typed} to {t}*"));
        self.fixed_array(&generic, global.dtype, &global.shape, ty)
    }

    pub(super) fn local_array(&mut self, shape: &[u64], align: u32, ty: &Type) -> Result<String> {
        let Some(arr) = ty.as_array() else {
            return Err(self.err(format!("a local array typed {ty}")));
        };
        let len = shape
            .iter()
            .try_fold(1u64, |acc, n| acc.checked_mul(*n))
            .ok_or_else(|| self.err("local array size overflows".to_owned()))?;
        let t = dtype_mem(arr.dtype);
        let storage = format!("[{len} x {t}]");
        let slot = self.alloca(&storage, arr.dtype.align().max(VECTOR_ALIGN).max(align));
        let data = self.emit(format!(
            "getelementptr {storage}, {storage}* {slot}, i64 0, i64 0"
        ));
        self.fixed_array(&data, arr.dtype, shape, ty)
    }

    pub(super) fn dyn_shared_array(&mut self, ty: &Type) -> Result<String> {
        let arr = match ty {
            Type::Array(arr) if arr.ndim == 1 => *arr,
            _ => return Err(self.err(format!("the dynamic shared array typed {ty}"))),
        };
        self.cx.uses_dynshared = true;
        let t = dtype_mem(arr.dtype);
        let llty = array_reg(&arr);
        let p = self.emit(format!(
            "getelementptr [0 x i8], [0 x i8] addrspace(3)* @{DYNSHARED}, i64 0, i64 0"
        ));
        let generic = self.emit(format!("addrspacecast i8 addrspace(3)* {p} to i8*"));
        let data = self.emit(format!("bitcast i8* {generic} to {t}*"));
        let bytes =
            self.emit("call i32 asm \"mov.u32 $0, %dynamic_smem_size;\", \"=r\"()".to_owned());
        let bytes = self.emit(format!("zext i32 {bytes} to i64"));
        let size = arr.dtype.size();
        let len = self.emit(format!("udiv i64 {bytes}, {size}"));
        let a = self.emit(format!("insertvalue {llty} undef, {t}* {data}, 0"));
        let a = self.emit(format!("insertvalue {llty} {a}, i64 {len}, 1, 0"));
        Ok(self.emit(format!("insertvalue {llty} {a}, i64 {size}, 2, 0")))
    }
}
