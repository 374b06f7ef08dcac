//! `cuda.wmma` (warp matrix multiply-accumulate on the tensor cores) and `cuda.pipeline`
//! (`cp.async` copies from global to shared memory): typing and lowering to `Op::Tensor`
//! (`oxcuda_ir::tensor` states the semantics; docs/tensor-cores.md is the user's page).
//!
//! Typing rules, each a compile error at the offending argument:
//! - `fragment(kind, m, n, k, dtype, layout)`: every parameter is a compile-time constant and
//!   together they name a fragment the tensor cores have (`FragmentType::new` decides); the
//!   value has type `Type::Fragment`, which keeps all of them, so a fragment of one kind given
//!   where another is expected is a type mismatch naming both.
//! - loads and stores take a C-contiguous array of the fragment's element type (`float16`,
//!   `float32` for tf32 and float32 accumulators, `int8`/`uint8`, `int32`); the offset and
//!   `ldm` are integers (int64 in the IR). An operand fragment's layout is its own (a layout
//!   argument must agree); an accumulator needs one.
//! - `mma_sync(d, a, b, c)`: a `matrix_a`, a `matrix_b` and two accumulators of one type, all
//!   of one shape, the operands of one element type.
//! - `memcpy_async(dst, dst_offset, src, src_offset, count)`: two C-contiguous arrays of one
//!   dtype, `count` a constant with `count · itemsize` of 4, 8 or 16 bytes; `wait_prior(n)`
//!   takes a constant from 0 to 7.

use oxcuda_ir::{Op, TensorOp, Value};
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{
    Dtype, FragmentElem, FragmentRole, FragmentType, Layout, MatrixLayout, Scalar, Type, WmmaShape,
};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// A call of a `cuda.wmma.*` or `cuda.pipeline.*` function (its arity is checked).
    pub(super) fn tensor_call(&mut self, path: &str, args: Vec<Arg>, range: TextRange) -> Val {
        match path {
            "cuda.wmma.fragment" => self.wmma_fragment(&args),
            "cuda.wmma.fill_fragment" => self.wmma_fill(&args),
            "cuda.wmma.load_matrix_sync" => self.wmma_load(&args),
            "cuda.wmma.store_matrix_sync" => self.wmma_store(&args),
            "cuda.wmma.mma_sync" => self.wmma_mma(&args),
            "cuda.pipeline.memcpy_async" => self.copy_async(&args),
            "cuda.pipeline.commit" => {
                self.emit_void(Op::Tensor(TensorOp::CommitGroup, Vec::new()));
                Val::NoneV
            }
            "cuda.pipeline.wait_prior" => match args[0].val {
                Val::Int(n @ 0..=7) => {
                    let n = u8::try_from(n).unwrap_or(0);
                    self.emit_void(Op::Tensor(TensorOp::WaitGroup(n), Vec::new()));
                    Val::NoneV
                }
                Val::Int(n) => self.error(
                    codes::BAD_CALL,
                    args[0].range,
                    format!("wait_prior({n}): the number of pending groups is 0 to 7"),
                ),
                _ => self.error_hint(
                    codes::NOT_CONSTANT,
                    args[0].range,
                    "wait_prior() needs a number of groups known at compile time",
                    "use an integer literal or a global constant (PTX's cp.async.wait_group takes an immediate)",
                ),
            },
            _ => self.error(
                codes::UNKNOWN_NAME,
                range,
                format!("{path}() is not available in device code"),
            ),
        }
    }

    /// `fragment(kind, m, n, k, dtype, layout=None)`.
    fn wmma_fragment(&mut self, args: &[Arg]) -> Val {
        let role = match token(&args[0].val) {
            Some("matrix_a") => FragmentRole::MatrixA,
            Some("matrix_b") => FragmentRole::MatrixB,
            Some("accumulator") => FragmentRole::Accumulator,
            _ => {
                let what = args[0].val.describe();
                return self.error_hint(
                    codes::TYPE_MISMATCH,
                    args[0].range,
                    format!("fragment() kind must be a cuda.wmma role, not {what}"),
                    "pass cuda.wmma.matrix_a, cuda.wmma.matrix_b or cuda.wmma.accumulator",
                );
            }
        };
        let mut mnk = [0i128; 3];
        for (slot, a) in mnk.iter_mut().zip(&args[1..4]) {
            match a.val {
                Val::Int(x) => *slot = x,
                _ => {
                    return self.error_hint(
                        codes::NOT_CONSTANT,
                        a.range,
                        "fragment() needs its shape (m, n, k) known at compile time",
                        "use integer literals or global constants, e.g. 16, 16, 16",
                    );
                }
            }
        }
        let Some(shape) = WmmaShape::from_mnk(mnk[0], mnk[1], mnk[2]) else {
            let span = args[1].range.cover(args[3].range);
            return self.error(
                codes::BAD_CALL,
                span,
                format!(
                    "no tensor-core shape m={}, n={}, k={}: the shapes are (16, 16, 16), \
                     (32, 8, 16), (8, 32, 16) and, for tf32, (16, 16, 8)",
                    mnk[0], mnk[1], mnk[2]
                ),
            );
        };
        let elem = match &args[4].val {
            Val::TypeObj(Type::Scalar(s)) => match s {
                Scalar::F16 => Some(FragmentElem::F16),
                Scalar::BF16 => Some(FragmentElem::Bf16),
                Scalar::F32 => Some(FragmentElem::F32),
                Scalar::I8 => Some(FragmentElem::S8),
                Scalar::U8 => Some(FragmentElem::U8),
                Scalar::I32 => Some(FragmentElem::S32),
                _ => None,
            },
            v if token(v) == Some("tf32") => Some(FragmentElem::Tf32),
            _ => None,
        };
        let Some(elem) = elem else {
            let what = args[4].val.describe();
            return self.error_hint(
                codes::TYPE_MISMATCH,
                args[4].range,
                format!("fragment() dtype {what} is not a tensor-core element type"),
                "use float16, bfloat16, cuda.wmma.tf32, int8 or uint8 for operands; float32, float16 or int32 for accumulators",
            );
        };
        let layout = match args.get(5).map(|a| &a.val) {
            None | Some(Val::NoneV) => None,
            Some(v) => match self.layout_token(v, args[5].range) {
                Some(l) => Some(l),
                None => return Val::Poison,
            },
        };
        match FragmentType::new(role, shape, elem, layout) {
            Ok(f) => {
                let t = Type::Fragment(Box::new(f));
                Val::Rt(
                    self.emit(Op::Tensor(TensorOp::Fragment(f), Vec::new()), t.clone()),
                    t,
                )
            }
            Err(message) => {
                let span = args[0].range.cover(args[args.len() - 1].range);
                self.error(codes::BAD_CALL, span, format!("fragment(): {message}"))
            }
        }
    }

    /// `fill_fragment(frag, value)`.
    fn wmma_fill(&mut self, args: &[Arg]) -> Val {
        let Some((x, f)) = self.fragment_arg("fill_fragment", &args[0], None) else {
            return Val::Poison;
        };
        let t = Type::Scalar(f.elem.scalar());
        let Some(v) = self.convert(args[1].val.clone(), &t, args[1].range) else {
            return Val::Poison;
        };
        self.emit_void(Op::Tensor(TensorOp::Fill(f), vec![x, v]));
        Val::NoneV
    }

    /// `load_matrix_sync(frag, array, offset, ldm, layout=None)`.
    fn wmma_load(&mut self, args: &[Arg]) -> Val {
        let name = "load_matrix_sync";
        let Some((x, f)) = self.fragment_arg(name, &args[0], None) else {
            return Val::Poison;
        };
        let given = match args.get(4).map(|a| &a.val) {
            None | Some(Val::NoneV) => None,
            Some(v) => match self.layout_token(v, args[4].range) {
                Some(l) => Some(l),
                None => return Val::Poison,
            },
        };
        let layout = match (f.layout, given) {
            (Some(own), Some(l)) if own != l => {
                return self.error(
                    codes::BAD_CALL,
                    args[4].range,
                    format!(
                        "{name}(): layout {} disagrees with the fragment's own, {}",
                        l.python(),
                        own.python()
                    ),
                );
            }
            (Some(own), _) => own,
            (None, Some(l)) => l,
            (None, None) => {
                return self.error_hint(
                    codes::BAD_CALL,
                    args[0].range,
                    format!("{name}() of an accumulator needs the memory layout"),
                    "pass cuda.wmma.mem_row_major or cuda.wmma.mem_col_major as the fifth argument",
                );
            }
        };
        let Some((a, off, ldm)) = self.tile_memory(name, f, &args[1], &args[2], &args[3]) else {
            return Val::Poison;
        };
        self.emit_void(Op::Tensor(TensorOp::Load(f, layout), vec![x, a, off, ldm]));
        Val::NoneV
    }

    /// `store_matrix_sync(array, offset, frag, ldm, layout)`.
    fn wmma_store(&mut self, args: &[Arg]) -> Val {
        let name = "store_matrix_sync";
        let Some((x, f)) = self.fragment_arg(name, &args[2], Some(FragmentRole::Accumulator))
        else {
            return Val::Poison;
        };
        let Some(layout) = self.layout_token(&args[4].val, args[4].range) else {
            return Val::Poison;
        };
        let Some((a, off, ldm)) = self.tile_memory(name, f, &args[0], &args[1], &args[3]) else {
            return Val::Poison;
        };
        self.emit_void(Op::Tensor(TensorOp::Store(f, layout), vec![a, off, x, ldm]));
        Val::NoneV
    }

    /// `mma_sync(d, a, b, c)`.
    fn wmma_mma(&mut self, args: &[Arg]) -> Val {
        let name = "mma_sync";
        let Some((d, fd)) = self.fragment_arg(name, &args[0], Some(FragmentRole::Accumulator))
        else {
            return Val::Poison;
        };
        let Some((a, fa)) = self.fragment_arg(name, &args[1], Some(FragmentRole::MatrixA)) else {
            return Val::Poison;
        };
        let Some((b, fb)) = self.fragment_arg(name, &args[2], Some(FragmentRole::MatrixB)) else {
            return Val::Poison;
        };
        let Some((c, fc)) = self.fragment_arg(name, &args[3], Some(FragmentRole::Accumulator))
        else {
            return Val::Poison;
        };
        for (other, arg) in [(fa, &args[1]), (fb, &args[2]), (fc, &args[3])] {
            if other.shape != fd.shape {
                return self.error(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    format!(
                        "{name}(): {other} has shape {}, the result d {fd} has {}",
                        other.shape.name(),
                        fd.shape.name()
                    ),
                );
            }
        }
        if fa.elem != fb.elem {
            return self.error(
                codes::TYPE_MISMATCH,
                args[2].range,
                format!("{name}(): the operands' element types differ ({fa} and {fb})"),
            );
        }
        if fc != fd {
            return self.error(
                codes::TYPE_MISMATCH,
                args[3].range,
                format!("{name}(): c is {fc} but d is {fd}; they must be of one type"),
            );
        }
        let acc_ok = match fa.elem {
            FragmentElem::F16 => matches!(fd.elem, FragmentElem::F16 | FragmentElem::F32),
            FragmentElem::Tf32 | FragmentElem::Bf16 => fd.elem == FragmentElem::F32,
            FragmentElem::S8 | FragmentElem::U8 => fd.elem == FragmentElem::S32,
            FragmentElem::F32 | FragmentElem::S32 => false,
        };
        if !acc_ok {
            return self.error(
                codes::TYPE_MISMATCH,
                args[0].range,
                format!(
                    "{name}(): {} operands accumulate in {}, not {}",
                    fa.elem.python(),
                    match fa.elem {
                        FragmentElem::F16 => "float32 or float16",
                        FragmentElem::Tf32 | FragmentElem::Bf16 => "float32",
                        _ => "int32",
                    },
                    fd.elem.python()
                ),
            );
        }
        self.emit_void(Op::Tensor(TensorOp::Mma(fa, fb, fd), vec![d, a, b, c]));
        Val::NoneV
    }

    /// `memcpy_async(dst, dst_offset, src, src_offset, count)`.
    fn copy_async(&mut self, args: &[Arg]) -> Val {
        let name = "memcpy_async";
        let Some((dst, dt)) = self.flat_array(name, "dst", &args[0]) else {
            return Val::Poison;
        };
        let Some((src, st)) = self.flat_array(name, "src", &args[2]) else {
            return Val::Poison;
        };
        if dt != st {
            return self.error(
                codes::TYPE_MISMATCH,
                args[2].range,
                format!("{name}(): src holds {st} but dst holds {dt}; they must be of one dtype"),
            );
        }
        let size = u64::from(dt.size());
        let bytes = match args[4].val {
            Val::Int(n) if n > 0 => u64::try_from(n).ok().and_then(|n| n.checked_mul(size)),
            Val::Int(_) => None,
            _ => {
                return self.error_hint(
                    codes::NOT_CONSTANT,
                    args[4].range,
                    format!("{name}() needs its element count known at compile time"),
                    "use an integer literal or a global constant",
                );
            }
        };
        let Some(bytes @ (4 | 8 | 16)) = bytes else {
            return self.error(
                codes::BAD_CALL,
                args[4].range,
                format!(
                    "{name}() copies 4, 8 or 16 bytes (cp.async); {} elements of {dt} are not",
                    args[4].val.describe()
                ),
            );
        };
        let Some(doff) = self.convert(args[1].val.clone(), &Type::I64, args[1].range) else {
            return Val::Poison;
        };
        let Some(soff) = self.convert(args[3].val.clone(), &Type::I64, args[3].range) else {
            return Val::Poison;
        };
        let n = u8::try_from(bytes).unwrap_or(16);
        self.emit_void(Op::Tensor(
            TensorOp::CopyAsync(n),
            vec![dst, doff, src, soff],
        ));
        Val::NoneV
    }

    /// The fragment an argument holds (of `role`, when one is required).
    fn fragment_arg(
        &mut self,
        name: &str,
        arg: &Arg,
        role: Option<FragmentRole>,
    ) -> Option<(Value, FragmentType)> {
        match &arg.val {
            Val::Rt(v, Type::Fragment(f)) => {
                if let Some(r) = role
                    && f.role != r
                {
                    self.error(
                        codes::TYPE_MISMATCH,
                        arg.range,
                        format!(
                            "{name}() needs a {} fragment here, not {f}",
                            oxcuda_types::fragment::role_name(r)
                        ),
                    );
                    return None;
                }
                Some((*v, **f))
            }
            Val::Poison => None,
            other => {
                let what = other.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    format!("{name}() needs a fragment, not {what}"),
                    "make one with cuda.wmma.fragment(kind, m, n, k, dtype, layout)",
                );
                None
            }
        }
    }

    /// A layout token (`row_major`, `col_major`, or their `mem_` names).
    fn layout_token(&mut self, v: &Val, range: TextRange) -> Option<MatrixLayout> {
        match token(v) {
            Some("row_major" | "mem_row_major") => Some(MatrixLayout::Row),
            Some("col_major" | "mem_col_major") => Some(MatrixLayout::Col),
            _ => {
                let what = v.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("a tile layout must be a cuda.wmma layout, not {what}"),
                    "pass cuda.wmma.row_major or cuda.wmma.col_major",
                );
                None
            }
        }
    }

    /// The memory of a tile: the array (C-contiguous, of the fragment's element), the offset
    /// and the leading dimension as int64.
    fn tile_memory(
        &mut self,
        name: &str,
        f: FragmentType,
        array: &Arg,
        offset: &Arg,
        ldm: &Arg,
    ) -> Option<(Value, Value, Value)> {
        let (a, dtype) = self.flat_array(name, "array", array)?;
        if dtype != f.elem.scalar() {
            self.error(
                codes::TYPE_MISMATCH,
                array.range,
                format!(
                    "{name}(): {f} is loaded from and stored to arrays of {}, not {dtype}",
                    f.elem.scalar()
                ),
            );
            return None;
        }
        let off = self.convert(offset.val.clone(), &Type::I64, offset.range)?;
        let l = self.convert(ldm.val.clone(), &Type::I64, ldm.range)?;
        Some((a, off, l))
    }

    /// A C-contiguous array of scalars, and its dtype.
    fn flat_array(&mut self, name: &str, what: &str, arg: &Arg) -> Option<(Value, Scalar)> {
        match &arg.val {
            Val::Rt(v, Type::Array(a)) => match (a.layout, a.dtype) {
                (Layout::C, Dtype::Scalar(s)) => Some((*v, s)),
                (_, Dtype::Record(_)) => {
                    self.error(
                        codes::TYPE_MISMATCH,
                        arg.range,
                        format!("{name}() {what} must be an array of numbers, not of records"),
                    );
                    None
                }
                _ => {
                    self.error_hint(
                        codes::TYPE_MISMATCH,
                        arg.range,
                        format!(
                            "{name}() {what} must be C-contiguous (its elements are addressed \
                             by a flat offset), not {}",
                            Type::Array(*a)
                        ),
                        "pass the whole C-contiguous array (e.g. float16[:, ::1]) and an offset into it",
                    );
                    None
                }
            },
            Val::Poison => None,
            other => {
                let d = other.describe();
                self.error(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    format!("{name}() {what} must be an array, not {d}"),
                );
                None
            }
        }
    }
}

/// The last part of a `cuda.wmma` token's path (`matrix_a`, `row_major`, `tf32`).
fn token(v: &Val) -> Option<&str> {
    match v {
        Val::Str(p) => p.strip_prefix("cuda.wmma."),
        _ => None,
    }
}
