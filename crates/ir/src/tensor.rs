//! Tensor-core and asynchronous-copy operations ([`TensorOp`], the IR's `Op::Tensor`): warp
//! matrix multiply-accumulate on fragments (`cuda.wmma`) and `cp.async` copies from global to
//! shared memory (`cuda.pipeline`). docs/tensor-cores.md is the user's page.
//!
//! **Fragments.** A fragment value is the per-thread storage of one tile, a 1-d C array of the
//! fragment's element scalar ([`FragmentType::storage`]) made by [`TensorOp::Fragment`]; what
//! a thread keeps in it is the back end's choice and is not observable (the front end never
//! indexes it): the GPU keeps the thread's registers of the hardware's distribution, the
//! simulator the whole tile in every thread. The collective operations (`Load`, `Store`,
//! `Mma`) must be executed by all 32 threads of a warp together, with the same operands
//! (PTX's `.sync.aligned`); the simulator synchronises the warp before loads and stores, so a
//! thread storing a tile never overwrites memory another lane of its warp has yet to load.
//!
//! **Memory.** A tile lives in a C-contiguous array (global or shared) seen as its flattened
//! elements: with `offset` and `ldm` (int64, in elements) element `(i, j)` of a row-major tile
//! is at `offset + i·ldm + j`, of a column-major one at `offset + i + j·ldm`. The address of
//! element `offset` must be 32-byte aligned and `ldm · itemsize` a multiple of 16 bytes
//! (CUDA's rules); the simulator checks those relative to the array's start and that the tile
//! lies inside the array.
//!
//! **Arithmetic.** `Mma` computes `D = A·B + C` for the fragments' shape. The simulator forms
//! each product exactly (float16, tf32 and 8-bit operands multiply exactly in float32 and
//! int32) and adds the K products to C's element in order of k, rounding each addition to
//! the accumulator type (float32, float16 or wrapping int32); tf32 operands are read with
//! their 13 low mantissa bits cleared, as the tensor cores read them. The GPU's order of the
//! additions is the hardware's, so float results agree to the accumulation's rounding, integer
//! results exactly.
//!
//! **Asynchronous copies.** `CopyAsync(n)` starts a copy of `n` bytes (4, 8 or 16) from
//! element `src_offset` of a global array to element `dst_offset` of a shared array (both
//! C-contiguous, flattened; each address `n`-byte aligned); `CommitGroup` closes the copies
//! this thread started since the last commit into a group; `WaitGroup(k)` waits until at most
//! the `k` most recently committed groups of this thread are still pending. A copy's
//! destination must not be read before a wait that covers it (and, for other threads, a
//! barrier after it). The simulator performs each copy at the wait that covers it.

use std::fmt::Write as _;

use oxcuda_types::{FragmentElem, FragmentRole, FragmentType, MatrixLayout, WmmaShape};

/// One tensor-core or asynchronous-copy operation; the operand lists are given per variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TensorOp {
    /// `()` → the fragment's storage array, uninitialised.
    Fragment(FragmentType),
    /// `(fragment, value)`: every element of the tile becomes `value` (the element scalar's
    /// type). No result.
    Fill(FragmentType),
    /// `(fragment, array, offset, ldm)`: loads the tile from `array` (of the element scalar)
    /// stored in this layout (an operand's own layout; an accumulator's given here). No
    /// result; collective.
    Load(FragmentType, MatrixLayout),
    /// `(array, offset, fragment, ldm)`: stores an accumulator tile in this layout. No
    /// result; collective.
    Store(FragmentType, MatrixLayout),
    /// `(d, a, b, c)`: `D = A·B + C`, with `a` a `matrix_a`, `b` a `matrix_b` and `c`, `d`
    /// accumulators of this one type (`d` may be `c`), all of one shape. No result; collective.
    Mma(FragmentType, FragmentType, FragmentType),
    /// `(dst, dst_offset, src, src_offset)`: starts an asynchronous copy of this many bytes
    /// (4, 8 or 16) from global `src` to shared `dst`. No result.
    CopyAsync(u8),
    /// `()`: commits this thread's started copies as one group. No result.
    CommitGroup,
    /// `()`: waits until at most this many committed groups are pending. No result.
    WaitGroup(u8),
}

impl TensorOp {
    /// The operation's name in the IR text: `wmma.fragment.a.m16n16k16.f16.row`,
    /// `wmma.load.c.m16n16k16.f32.row` (an accumulator's memory layout last),
    /// `wmma.mma.m16n16k16.f16.row.f16.col.f32`, `cp.async.16`, `cp.async.commit`,
    /// `cp.async.wait.1`.
    #[must_use]
    pub fn name(self) -> String {
        match self {
            Self::Fragment(f) => format!("wmma.fragment.{}", frag_name(f)),
            Self::Fill(f) => format!("wmma.fill.{}", frag_name(f)),
            Self::Load(f, l) => format!("wmma.load.{}.{}", frag_name(f), l.ptx()),
            Self::Store(f, l) => format!("wmma.store.{}.{}", frag_name(f), l.ptx()),
            Self::Mma(a, b, c) => {
                let layout = |f: FragmentType| f.layout.unwrap_or(MatrixLayout::Row).ptx();
                format!(
                    "wmma.mma.{}.{}.{}.{}.{}",
                    a.shape.name(),
                    a.elem.ptx(),
                    layout(a),
                    layout(b),
                    c.elem.ptx()
                )
            }
            Self::CopyAsync(n) => format!("cp.async.{n}"),
            Self::CommitGroup => "cp.async.commit".to_owned(),
            Self::WaitGroup(n) => format!("cp.async.wait.{n}"),
        }
    }

    /// The operation named `name` ([`Self::name`]'s form), if it is one.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        let parts: Vec<&str> = name.split('.').collect();
        match parts.as_slice() {
            ["cp", "async", "commit"] => Some(Self::CommitGroup),
            ["cp", "async", "wait", n] => n.parse().ok().map(Self::WaitGroup),
            ["cp", "async", n] => n
                .parse()
                .ok()
                .filter(|n| matches!(n, 4 | 8 | 16))
                .map(Self::CopyAsync),
            ["wmma", "fragment", rest @ ..] => parse_frag(rest).map(Self::Fragment),
            ["wmma", "fill", rest @ ..] => parse_frag(rest).map(Self::Fill),
            ["wmma", op @ ("load" | "store"), rest @ ..] => {
                let (last, frag) = rest.split_last()?;
                let f = parse_frag(frag)?;
                let l = layout(last)?;
                Some(if *op == "load" {
                    Self::Load(f, l)
                } else {
                    Self::Store(f, l)
                })
            }
            ["wmma", "mma", shape, ab, la, lb, acc] => {
                let shape = shape_of(shape)?;
                let ab = elem(ab)?;
                let frag = |role, e, l| FragmentType::new(role, shape, e, l).ok();
                Some(Self::Mma(
                    frag(FragmentRole::MatrixA, ab, Some(layout(la)?))?,
                    frag(FragmentRole::MatrixB, ab, Some(layout(lb)?))?,
                    frag(FragmentRole::Accumulator, elem(acc)?, None)?,
                ))
            }
            _ => None,
        }
    }

    /// Whether all 32 threads of a warp execute it together.
    #[must_use]
    pub const fn is_collective(self) -> bool {
        matches!(self, Self::Load(..) | Self::Store(..) | Self::Mma(..))
    }
}

/// `a.m16n16k16.f16.row`, `c.m16n16k16.f32`.
fn frag_name(f: FragmentType) -> String {
    let role = match f.role {
        FragmentRole::MatrixA => "a",
        FragmentRole::MatrixB => "b",
        FragmentRole::Accumulator => "c",
    };
    let mut s = format!("{role}.{}.{}", f.shape.name(), f.elem.ptx());
    if let Some(l) = f.layout {
        let _ = write!(s, ".{}", l.ptx());
    }
    s
}

fn parse_frag(parts: &[&str]) -> Option<FragmentType> {
    let (role, shape, e, l) = match parts {
        [r, s, e] => (*r, *s, *e, None),
        [r, s, e, l] => (*r, *s, *e, Some(layout(l)?)),
        _ => return None,
    };
    let role = match role {
        "a" => FragmentRole::MatrixA,
        "b" => FragmentRole::MatrixB,
        "c" => FragmentRole::Accumulator,
        _ => return None,
    };
    FragmentType::new(role, shape_of(shape)?, elem(e)?, l).ok()
}

fn shape_of(s: &str) -> Option<WmmaShape> {
    WmmaShape::ALL.into_iter().find(|x| x.name() == s)
}

fn elem(s: &str) -> Option<FragmentElem> {
    use FragmentElem::*;
    [F16, Bf16, Tf32, F32, S8, U8, S32]
        .into_iter()
        .find(|e| e.ptx() == s)
}

fn layout(s: &str) -> Option<MatrixLayout> {
    [MatrixLayout::Row, MatrixLayout::Col]
        .into_iter()
        .find(|l| l.ptx() == s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let a = FragmentType::new(
            FragmentRole::MatrixA,
            WmmaShape::M32N8K16,
            FragmentElem::S8,
            Some(MatrixLayout::Row),
        )
        .unwrap();
        let b = FragmentType::new(
            FragmentRole::MatrixB,
            WmmaShape::M32N8K16,
            FragmentElem::S8,
            Some(MatrixLayout::Col),
        )
        .unwrap();
        let c = FragmentType::new(
            FragmentRole::Accumulator,
            WmmaShape::M32N8K16,
            FragmentElem::S32,
            None,
        )
        .unwrap();
        for op in [
            TensorOp::Fragment(a),
            TensorOp::Fill(c),
            TensorOp::Load(b, MatrixLayout::Col),
            TensorOp::Load(c, MatrixLayout::Row),
            TensorOp::Store(c, MatrixLayout::Col),
            TensorOp::Mma(a, b, c),
            TensorOp::CopyAsync(16),
            TensorOp::CommitGroup,
            TensorOp::WaitGroup(3),
        ] {
            assert_eq!(TensorOp::from_name(&op.name()), Some(op), "{}", op.name());
        }
        assert_eq!(
            TensorOp::Mma(a, b, c).name(),
            "wmma.mma.m32n8k16.s8.row.col.s32"
        );
        assert_eq!(TensorOp::from_name("cp.async.12"), None);
        assert_eq!(
            TensorOp::from_name("wmma.fragment.a.m16n16k8.f16.row"),
            None
        );
    }
}
