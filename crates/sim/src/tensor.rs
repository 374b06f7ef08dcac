//! The simulator's tensor-core fragments and asynchronous copies (`Op::Tensor`; the semantics
//! are `oxcuda_ir::tensor`'s).
//!
//! **Fragments as per-warp matrices.** Every thread's fragment storage holds the *whole* tile,
//! row-major (element `(i, j)` at `i · cols + j`), in the element's memory encoding. A load
//! fills it from memory in every thread of the warp, `mma` computes the whole product in every
//! thread, and a store writes the whole tile from every thread (the same values). Each lane
//! thereby holds the warp's matrix, no lane needs another's registers, and the result is the
//! same as the hardware's for any distribution of elements to lanes (which is unspecified in
//! CUDA and not observable through this API). The decoder puts a warp barrier before every
//! load and store (`Inst::WarpSyncAll`), so all lanes load before any lane stores: the order
//! the GPU's collective instructions give.
//!
//! **Arithmetic** (`mma`): each product is formed exactly (float16 × float16, bfloat16 ×
//! bfloat16 and tf32 × tf32 fit float32's 24-bit significand; 8-bit products fit int32) and added to the accumulator
//! in order of k, each addition rounded to the accumulator type: float32 (round to nearest
//! even), float16 (the sum formed in float32, then rounded to float16) or wrapping int32. tf32
//! operands are read with their 13 low mantissa bits cleared (truncation, as the tensor cores
//! read float32 data given as tf32).
//!
//! **Asynchronous copies** are queued per thread ([`AsyncCopies`]) and performed at the
//! `wait_prior` that covers them, reading the source then; copies never waited for are dropped
//! at the thread's exit (their shared destination dies with the block). Bounds and alignment
//! are checked when the copy starts.
//!
//! These accesses are not seen by the race checker (`racecheck.rs`).

use std::collections::VecDeque;

use oxcuda_ir::TensorOp;
use oxcuda_types::{FragmentElem, FragmentType, MatrixLayout};

use crate::error::SimErrorKind;
use crate::f16;
use crate::inst::MemKind;
use crate::memory;

/// One operand of a tensor operation as the interpreter reads it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Operand {
    /// An array: its data address, number of elements (the product of its extents) and item
    /// size in bytes.
    Array {
        data: usize,
        len: u64,
        itemsize: u64,
    },
    /// A scalar register (canonical encoding).
    Scalar(u64),
}

/// A copy started by `memcpy_async`, not yet performed.
#[derive(Debug, Clone, Copy)]
struct PendingCopy {
    dst: usize,
    src: usize,
    bytes: usize,
}

/// A thread's started `cp.async` copies: those not yet committed, and the committed groups,
/// oldest first.
#[derive(Debug, Default)]
pub(crate) struct AsyncCopies {
    open: Vec<PendingCopy>,
    groups: VecDeque<Vec<PendingCopy>>,
}

impl AsyncCopies {
    /// Forgets every pending copy (a thread starting afresh).
    pub(crate) fn clear(&mut self) {
        self.open.clear();
        self.groups.clear();
    }
}

/// Executes `op` on `operands`; `Err` says what was wrong, for the launch's error.
///
/// # Safety
/// Every array operand's `data` must be valid for `len · itemsize` bytes, and a fragment's
/// storage must hold the whole tile (`FragmentType::elements` elements: the decoder allocates
/// it so).
pub(crate) unsafe fn execute(
    op: TensorOp,
    operands: &[Operand],
    copies: &mut AsyncCopies,
) -> Result<(), (SimErrorKind, String)> {
    let index = |m: String| (SimErrorKind::IndexError, m);
    // SAFETY: forwarded from the caller's contract.
    unsafe {
        match (op, operands) {
            (TensorOp::Fragment(_), _) => Ok(()),
            (TensorOp::Fill(f), [x, Operand::Scalar(v)]) => {
                let data = array(x).map_err(index)?.0;
                let k = MemKind::of(f.elem.scalar());
                for e in 0..f.elements() as usize {
                    memory::store(k, (data + e * k.bytes() as usize) as *mut u8, v);
                }
                Ok(())
            }
            (TensorOp::Load(f, layout), [x, a, Operand::Scalar(off), Operand::Scalar(ldm)]) => {
                let frag = array(x).map_err(index)?.0;
                let place = tile(f, layout, a, *off, *ldm, "load_matrix_sync").map_err(index)?;
                let k = MemKind::of(f.elem.scalar());
                let size = k.bytes() as usize;
                let (rows, cols) = dims(f);
                for i in 0..rows {
                    for j in 0..cols {
                        let mut v = 0u64;
                        memory::load(k, place(i, j) as *mut u8, &raw mut v);
                        memory::store(k, (frag + (i * cols + j) * size) as *mut u8, &raw const v);
                    }
                }
                Ok(())
            }
            (TensorOp::Store(f, layout), [a, Operand::Scalar(off), x, Operand::Scalar(ldm)]) => {
                let frag = array(x).map_err(index)?.0;
                let place = tile(f, layout, a, *off, *ldm, "store_matrix_sync").map_err(index)?;
                let k = MemKind::of(f.elem.scalar());
                let size = k.bytes() as usize;
                let (rows, cols) = dims(f);
                for i in 0..rows {
                    for j in 0..cols {
                        let mut v = 0u64;
                        memory::load(k, (frag + (i * cols + j) * size) as *mut u8, &raw mut v);
                        memory::store(k, place(i, j) as *mut u8, &raw const v);
                    }
                }
                Ok(())
            }
            (TensorOp::Mma(fa, fb, fc), [d, a, b, c]) => {
                mma(
                    fa,
                    fb,
                    fc,
                    array(d).map_err(index)?.0,
                    array(a).map_err(index)?.0,
                    array(b).map_err(index)?.0,
                    array(c).map_err(index)?.0,
                );
                Ok(())
            }
            (TensorOp::CopyAsync(n), [dst, Operand::Scalar(doff), src, Operand::Scalar(soff)]) => {
                let bytes = usize::from(n);
                let d = copy_end(dst, *doff, bytes, "destination").map_err(index)?;
                let s = copy_end(src, *soff, bytes, "source").map_err(index)?;
                copies.open.push(PendingCopy {
                    dst: d,
                    src: s,
                    bytes,
                });
                Ok(())
            }
            (TensorOp::CommitGroup, []) => {
                let group = std::mem::take(&mut copies.open);
                copies.groups.push_back(group);
                Ok(())
            }
            (TensorOp::WaitGroup(k), []) => {
                while copies.groups.len() > usize::from(k) {
                    for c in copies.groups.pop_front().unwrap_or_default() {
                        memory::copy_bytes(c.dst as *mut u8, c.src as *const u8, c.bytes);
                    }
                }
                Ok(())
            }
            _ => Err((
                SimErrorKind::InternalError,
                format!("{} with operands it does not take", op.name()),
            )),
        }
    }
}

fn dims(f: FragmentType) -> (usize, usize) {
    let (r, c) = f.dims();
    (r as usize, c as usize)
}

fn array(x: &Operand) -> Result<(usize, u64, u64), String> {
    match *x {
        Operand::Array {
            data,
            len,
            itemsize,
        } => Ok((data, len, itemsize)),
        Operand::Scalar(_) => Err("a scalar where an array was expected".to_owned()),
    }
}

/// The address of element `(i, j)` of the tile at `offset` of array `a`, after checking that
/// the tile lies inside the array and that its start and leading dimension are aligned as
/// CUDA requires (32 bytes, 16 bytes).
fn tile(
    f: FragmentType,
    layout: MatrixLayout,
    a: &Operand,
    offset: u64,
    ldm: u64,
    what: &str,
) -> Result<impl Fn(usize, usize) -> usize, String> {
    let (data, len, itemsize) = array(a)?;
    let (off, ldm) = (offset.cast_signed(), ldm.cast_signed());
    let (rows, cols) = f.dims();
    let (rows, cols) = (i64::from(rows), i64::from(cols));
    let (lines, width) = match layout {
        MatrixLayout::Row => (rows, cols),
        MatrixLayout::Col => (cols, rows),
    };
    if off < 0 {
        return Err(format!("{what}: offset {off} is negative"));
    }
    if ldm < width {
        return Err(format!(
            "{what}: ldm {ldm} is less than the tile's {} ({width} elements, {})",
            if layout == MatrixLayout::Row {
                "row"
            } else {
                "column"
            },
            layout.python()
        ));
    }
    let last = (lines - 1)
        .checked_mul(ldm)
        .and_then(|x| x.checked_add(off + width - 1));
    if last.is_none_or(|l| l.cast_unsigned() >= len) {
        return Err(format!(
            "{what}: the {}x{} tile at offset {off} with ldm {ldm} ({}) reaches past the \
             array's {len} elements",
            rows,
            cols,
            layout.python()
        ));
    }
    let size = itemsize.cast_signed();
    if (off * size) % 32 != 0 {
        return Err(format!(
            "{what}: the tile's first element (offset {off}, byte {}) is not 32-byte aligned \
             (CUDA requires a 256-bit aligned address; undefined on the GPU)",
            off * size
        ));
    }
    if (ldm * size) % 16 != 0 {
        return Err(format!(
            "{what}: ldm {ldm} is not a multiple of 16 bytes ({} elements of {itemsize} bytes; \
             undefined on the GPU)",
            16 / size.max(1)
        ));
    }
    let (off, ldm, itemsize) = (off as usize, ldm as usize, itemsize as usize);
    Ok(move |i: usize, j: usize| {
        let e = match layout {
            MatrixLayout::Row => off + i * ldm + j,
            MatrixLayout::Col => off + i + j * ldm,
        };
        data + e * itemsize
    })
}

/// The address of a copy's end at element `offset` of `a`, checked against the array's extent
/// and the copy's alignment.
fn copy_end(a: &Operand, offset: u64, bytes: usize, what: &str) -> Result<usize, String> {
    let (data, len, itemsize) = array(a)?;
    let start = offset.checked_mul(itemsize);
    let total = len.saturating_mul(itemsize);
    match start {
        Some(s) if offset.cast_signed() >= 0 && s + bytes as u64 <= total => {
            if s % bytes as u64 != 0 {
                return Err(format!(
                    "memcpy_async: the {what} (element {offset}, byte {s}) is not {bytes}-byte \
                     aligned (cp.async requires it)"
                ));
            }
            Ok(data + s as usize)
        }
        _ => Err(format!(
            "memcpy_async: {bytes} bytes at element {} of the {what} reach past its {len} \
             elements",
            offset.cast_signed()
        )),
    }
}

/// Reads element `e` of a fragment's storage as a float (float16, bfloat16 and float32, each
/// exactly; tf32 truncated).
unsafe fn float_at(f: FragmentType, data: usize, e: usize) -> f32 {
    // SAFETY: the caller's fragment holds element `e`.
    unsafe {
        match f.elem {
            FragmentElem::F16 => {
                let mut v = 0u64;
                memory::load(MemKind::U16, (data + 2 * e) as *mut u8, &raw mut v);
                f16::to_f32(v as u16)
            }
            FragmentElem::Bf16 => {
                let mut v = 0u64;
                memory::load(MemKind::U16, (data + 2 * e) as *mut u8, &raw mut v);
                f32::from_bits(u32::from(v as u16) << 16)
            }
            FragmentElem::Tf32 => {
                let mut v = 0u64;
                memory::load(MemKind::U32, (data + 4 * e) as *mut u8, &raw mut v);
                f32::from_bits(v as u32 & !0x1fff)
            }
            _ => {
                let mut v = 0u64;
                memory::load(MemKind::U32, (data + 4 * e) as *mut u8, &raw mut v);
                f32::from_bits(v as u32)
            }
        }
    }
}

/// Reads element `e` of an integer fragment as an int32.
unsafe fn int_at(f: FragmentType, data: usize, e: usize) -> i32 {
    let k = MemKind::of(f.elem.scalar());
    let mut v = 0u64;
    // SAFETY: the caller's fragment holds element `e`.
    unsafe { memory::load(k, (data + e * k.bytes() as usize) as *mut u8, &raw mut v) };
    v as i64 as i32
}

/// `D = A·B + C` on whole tiles (module docs: the order and rounding of the additions).
#[allow(
    clippy::too_many_arguments,
    reason = "three fragment types and four tiles"
)]
unsafe fn mma(
    fa: FragmentType,
    fb: FragmentType,
    fc: FragmentType,
    d: usize,
    a: usize,
    b: usize,
    c: usize,
) {
    let (m, n, k) = fa.shape.mnk();
    let (m, n, k) = (m as usize, n as usize, k as usize);
    let kind = MemKind::of(fc.elem.scalar());
    let size = kind.bytes() as usize;
    let mut out = vec![0u64; m * n];
    // SAFETY: the fragments hold their whole tiles (the caller's contract).
    unsafe {
        for i in 0..m {
            for j in 0..n {
                out[i * n + j] = match fc.elem {
                    FragmentElem::S32 => {
                        let mut acc = int_at(fc, c, i * n + j);
                        for kk in 0..k {
                            let p =
                                int_at(fa, a, i * k + kk).wrapping_mul(int_at(fb, b, kk * n + j));
                            acc = acc.wrapping_add(p);
                        }
                        i64::from(acc).cast_unsigned()
                    }
                    FragmentElem::F16 => {
                        let mut acc = float_at(fc, c, i * n + j);
                        for kk in 0..k {
                            let p = float_at(fa, a, i * k + kk) * float_at(fb, b, kk * n + j);
                            acc = f16::to_f32(f16::from_f32(acc + p));
                        }
                        u64::from(f16::from_f32(acc))
                    }
                    _ => {
                        let mut acc = float_at(fc, c, i * n + j);
                        for kk in 0..k {
                            acc += float_at(fa, a, i * k + kk) * float_at(fb, b, kk * n + j);
                        }
                        u64::from(acc.to_bits())
                    }
                };
            }
        }
        for (e, v) in out.iter().enumerate() {
            memory::store(kind, (d + e * size) as *mut u8, v);
        }
    }
}
