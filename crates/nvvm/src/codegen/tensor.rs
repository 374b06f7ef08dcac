//! Tensor-core fragments and `cp.async` copies (`Op::Tensor`; semantics in
//! `oxcuda_ir::tensor`).
//!
//! A fragment is an `alloca` of the thread's registers of the hardware's distribution (for
//! example eight `<2 x half>` for a float16 `matrix_a`, eight `float` for a float32
//! accumulator), seen by the IR as a 1-d array of its element scalar over those bytes; SROA
//! turns it into registers. Loads, stores and `mma` read and write those registers through
//! inline PTX (`wmma.*.sync.aligned`): the loads and stores `sideeffect` with a memory clobber
//! (they keep their place among other memory accesses and barriers), the `mma` pure. libNVVM
//! does accept LLVM 7's `llvm.nvvm.wmma.*` intrinsics for float16, but writes them as the
//! PTX 6.0 forms without `.aligned`, which ptxas rejects for every current PTX ISA version
//! (".aligned modifier required"), and it has none for int8/uint8, int32 and tf32; one inline
//! PTX path serves all of them. float16 pairs travel in 32-bit registers (`r`), as `.f16x2`
//! values are `.b32` registers in PTX.
//!
//! `cp.async` is inline PTX too: `cp.async.ca.shared.global` (4 or 8 bytes) or `.cg` (16
//! bytes, bypassing L1), `cp.async.commit_group`, `cp.async.wait_group N`. Each needs a
//! compute capability the target may lack; the writer refuses it with an error naming both.

use oxcuda_ir::{Dtype, TensorOp, Type, Value};
use oxcuda_ir::{FragmentElem, FragmentRole, FragmentType, MatrixLayout};

use super::function::{FnWriter, Result};
use super::types::scalar_mem;

/// The registers a thread holds for fragment `f`: how many, their LLVM type, their inline-asm
/// constraint letter, and their size in bytes.
fn registers(f: FragmentType) -> (usize, &'static str, &'static str, u32) {
    use FragmentElem as E;
    use FragmentRole as R;
    match (f.role, f.elem) {
        (R::Accumulator, E::F16) => (4, "i32", "r", 4),
        (R::Accumulator, E::F32) => (8, "float", "f", 4),
        (R::Accumulator, _) => (8, "i32", "r", 4),
        (_, E::F16) => (8, "i32", "r", 4),
        (_, E::Tf32) => (4, "i32", "r", 4),
        (role, E::Bf16) => {
            // bfloat16 operands: one 32-bit register holds two elements, no duplication.
            ((operand_elements(f, role) / 2 / 32) as usize, "i32", "r", 4)
        }
        (role, _) => {
            // 8-bit operands: one int32 register holds four elements.
            ((operand_elements(f, role) / 4 / 32) as usize, "i32", "r", 4)
        }
    }
}

/// A tile's address as an inline-asm operand: its typed text, constraint letter and the
/// PTX state-space suffix of the instruction (`.shared`, or none for a generic address).
struct TileAddress {
    operand: String,
    constraint: &'static str,
    space: &'static str,
}

/// The elements of an operand's whole tile (M·K for `matrix_a`, K·N for `matrix_b`).
const fn operand_elements(f: FragmentType, role: FragmentRole) -> u32 {
    let (m, n, k) = f.shape.mnk();
    if matches!(role, FragmentRole::MatrixA) {
        m * k
    } else {
        k * n
    }
}

/// `{T, T, …}` of `n` registers.
fn aggregate(n: usize, t: &str) -> String {
    format!("{{{}}}", vec![t; n].join(", "))
}

impl FnWriter<'_, '_> {
    pub(super) fn tensor(
        &mut self,
        op: TensorOp,
        args: &[Value],
        result: Option<&Type>,
    ) -> Result<Option<String>> {
        match op {
            TensorOp::Fragment(f) => {
                self.require_cc(wmma_cc(f), &format!("a {f}"))?;
                let ty = result.cloned().unwrap_or_else(|| f.storage());
                Ok(Some(self.fragment(f, &ty)?))
            }
            TensorOp::Fill(f) => {
                let [x, v] = args else {
                    return Err(self.err("wmma fill takes a fragment and a value".to_owned()));
                };
                let (n, _, _, bytes) = registers(f);
                let elems = n * bytes as usize / f.elem.scalar().size() as usize;
                let t = scalar_mem(f.elem.scalar());
                let data = self.fragment_data(*x, t)?;
                let v = self.op(*v)?;
                let vt = super::types::scalar_reg(f.elem.scalar());
                for i in 0..elems {
                    let p = self.emit(format!("getelementptr {t}, {t}* {data}, i64 {i}"));
                    let stored = if vt == t {
                        v.clone()
                    } else {
                        self.emit(format!("bitcast {vt} {v} to {t}"))
                    };
                    self.stmt(format!("store {t} {stored}, {t}* {p}"));
                }
                Ok(None)
            }
            TensorOp::Load(f, layout) => {
                let [x, a, off, ldm] = args else {
                    return Err(self.err("wmma load takes four operands".to_owned()));
                };
                let tile = self.tile_operand(*a, *off)?;
                let ldm = self.ldm32(*ldm)?;
                self.wmma_load(f, layout, *x, &tile, &ldm)?;
                Ok(None)
            }
            TensorOp::Store(f, layout) => {
                let [a, off, x, ldm] = args else {
                    return Err(self.err("wmma store takes four operands".to_owned()));
                };
                let tile = self.tile_operand(*a, *off)?;
                let ldm = self.ldm32(*ldm)?;
                self.wmma_store(f, layout, *x, &tile, &ldm)?;
                Ok(None)
            }
            TensorOp::Mma(fa, fb, fc) => {
                let [d, a, b, c] = args else {
                    return Err(self.err("wmma mma takes four operands".to_owned()));
                };
                self.wmma_mma(fa, fb, fc, [*d, *a, *b, *c])?;
                Ok(None)
            }
            TensorOp::CopyAsync(n) => {
                self.require_cc((8, 0), "cp.async (cuda.pipeline.memcpy_async)")?;
                let [dst, doff, src, soff] = args else {
                    return Err(self.err("cp.async takes four operands".to_owned()));
                };
                let d = self.tile_address(*dst, *doff)?;
                let s = self.tile_address(*src, *soff)?;
                let ds = self.emit(format!("addrspacecast i8* {d} to i8 addrspace(3)*"));
                let ds = self.emit(format!("ptrtoint i8 addrspace(3)* {ds} to i32"));
                let gs = self.emit(format!("addrspacecast i8* {s} to i8 addrspace(1)*"));
                let gs = self.emit(format!("ptrtoint i8 addrspace(1)* {gs} to i64"));
                let cache = if n == 16 { "cg" } else { "ca" };
                self.stmt(format!(
                    "call void asm sideeffect \"cp.async.{cache}.shared.global [$0], [$1], {n};\", \"r,l,~{{memory}}\"(i32 {ds}, i64 {gs})"
                ));
                Ok(None)
            }
            TensorOp::CommitGroup => {
                self.require_cc((8, 0), "cp.async (cuda.pipeline.commit)")?;
                self.stmt(
                    "call void asm sideeffect \"cp.async.commit_group;\", \"~{memory}\"()"
                        .to_owned(),
                );
                Ok(None)
            }
            TensorOp::WaitGroup(n) => {
                self.require_cc((8, 0), "cp.async (cuda.pipeline.wait_prior)")?;
                self.stmt(format!(
                    "call void asm sideeffect \"cp.async.wait_group {n};\", \"~{{memory}}\"()"
                ));
                Ok(None)
            }
        }
    }

    /// An error unless the target's compute capability is at least `cc`.
    fn require_cc(&self, cc: (u32, u32), what: &str) -> Result<()> {
        let have = self.cx.opts.cc;
        if have < cc {
            let mut e = self.err(format!(
                "{what} needs compute capability {}.{} or newer; this kernel is compiled for {}.{}",
                cc.0, cc.1, have.0, have.1
            ));
            e.unsupported_target = true;
            return Err(e);
        }
        Ok(())
    }

    /// The storage of a fragment: its registers' `alloca`, as the 1-d array the IR sees.
    fn fragment(&mut self, f: FragmentType, ty: &Type) -> Result<String> {
        let (n, t, _, bytes) = registers(f);
        let storage = format!("[{n} x {t}]");
        let slot = self.alloca(&storage, 16);
        let s = f.elem.scalar();
        let et = scalar_mem(s);
        let raw = self.emit(format!("bitcast {storage}* {slot} to {et}*"));
        let elems = n as u64 * u64::from(bytes) / u64::from(s.size());
        self.fixed_array(&raw, Dtype::Scalar(s), &[elems], ty)
    }

    /// The data pointer of fragment `x` as a pointer to `t`.
    fn fragment_data(&mut self, x: Value, t: &str) -> Result<String> {
        let a = self.typed(x)?;
        let data = self.emit(format!("extractvalue {a}, 0"));
        let from = match self.ty(x).as_array() {
            Some(arr) => super::types::dtype_mem(arr.dtype),
            None => return Err(self.err(format!("a fragment typed {}", self.ty(x)))),
        };
        if from == t {
            Ok(data)
        } else {
            Ok(self.emit(format!("bitcast {from}* {data} to {t}*")))
        }
    }

    /// The thread's registers of fragment `x`, as operand texts (`<2 x half> %t5`).
    fn read_registers(&mut self, f: FragmentType, x: Value) -> Result<Vec<String>> {
        let (n, t, _, _) = registers(f);
        let data = self.fragment_data(x, t)?;
        let mut regs = Vec::with_capacity(n);
        for i in 0..n {
            let p = self.emit(format!("getelementptr {t}, {t}* {data}, i64 {i}"));
            let r = self.emit(format!("load {t}, {t}* {p}"));
            regs.push(format!("{t} {r}"));
        }
        Ok(regs)
    }

    /// Writes the registers of `value` (an aggregate of `n` registers, or one register when
    /// `n` is 1) into fragment `x`.
    fn write_registers(&mut self, f: FragmentType, x: Value, value: &str) -> Result<()> {
        let (n, t, _, _) = registers(f);
        let data = self.fragment_data(x, t)?;
        let agg = aggregate(n, t);
        for i in 0..n {
            let r = if n == 1 {
                value.to_owned()
            } else {
                self.emit(format!("extractvalue {agg} {value}, {i}"))
            };
            let p = self.emit(format!("getelementptr {t}, {t}* {data}, i64 {i}"));
            self.stmt(format!("store {t} {r}, {t}* {p}"));
        }
        Ok(())
    }

    /// `&array.flat[offset]` as an `i8*`.
    fn tile_address(&mut self, a: Value, off: Value) -> Result<String> {
        let Some(arr) = self.ty(a).as_array() else {
            return Err(self.err(format!("a tile in {}", self.ty(a))));
        };
        let t = super::types::dtype_mem(arr.dtype);
        let av = self.typed(a)?;
        let data = self.emit(format!("extractvalue {av}, 0"));
        let off = self.op(off)?;
        let p = self.emit(format!("getelementptr {t}, {t}* {data}, i64 {off}"));
        Ok(self.emit(format!("bitcast {t}* {p} to i8*")))
    }

    /// The address of a tile for a `wmma` load or store: a 32-bit `.shared` address when the
    /// array is proven to be in shared memory (`spaces`; ptxas then emits `ldmatrix` for
    /// the loads), else a generic 64-bit one.
    fn tile_operand(&mut self, a: Value, off: Value) -> Result<TileAddress> {
        let p = self.tile_address(a, off)?;
        if self.cx.shared.contains(self.index, a) {
            let s = self.emit(format!("addrspacecast i8* {p} to i8 addrspace(3)*"));
            let s = self.emit(format!("ptrtoint i8 addrspace(3)* {s} to i32"));
            Ok(TileAddress {
                operand: format!("i32 {s}"),
                constraint: "r",
                space: ".shared",
            })
        } else {
            Ok(TileAddress {
                operand: format!("i8* {p}"),
                constraint: "l",
                space: "",
            })
        }
    }

    fn ldm32(&mut self, ldm: Value) -> Result<String> {
        let l = self.op(ldm)?;
        Ok(self.emit(format!("trunc i64 {l} to i32")))
    }

    fn wmma_load(
        &mut self,
        f: FragmentType,
        layout: MatrixLayout,
        x: Value,
        tile: &TileAddress,
        ldm: &str,
    ) -> Result<()> {
        let (n, t, c, _) = registers(f);
        let role = role_letter(f.role);
        let shape = f.shape.name();
        let agg = if n == 1 {
            t.to_owned()
        } else {
            aggregate(n, t)
        };
        let outs: Vec<String> = (0..n).map(|i| format!("${i}")).collect();
        let ptx = format!(
            "wmma.load.{role}.sync.aligned.{}.{shape}{}.{} {{{}}}, [${n}], ${};",
            layout.ptx(),
            tile.space,
            f.elem.ptx(),
            outs.join(", "),
            n + 1
        );
        let mut cons: Vec<String> = (0..n).map(|_| format!("={c}")).collect();
        cons.extend([
            tile.constraint.to_owned(),
            "r".to_owned(),
            "~{memory}".to_owned(),
        ]);
        let value = self.emit(format!(
            "call {agg} asm sideeffect \"{ptx}\", \"{}\"({}, i32 {ldm})",
            cons.join(","),
            tile.operand
        ));
        self.write_registers(f, x, &value)
    }

    fn wmma_store(
        &mut self,
        f: FragmentType,
        layout: MatrixLayout,
        x: Value,
        tile: &TileAddress,
        ldm: &str,
    ) -> Result<()> {
        let (n, _, c, _) = registers(f);
        let regs = self.read_registers(f, x)?;
        let shape = f.shape.name();
        let ins: Vec<String> = (1..=n).map(|i| format!("${i}")).collect();
        let ptx = format!(
            "wmma.store.d.sync.aligned.{}.{shape}{}.{} [$0], {{{}}}, ${};",
            layout.ptx(),
            tile.space,
            f.elem.ptx(),
            ins.join(", "),
            n + 1
        );
        let mut cons = vec![tile.constraint.to_owned()];
        cons.extend((0..n).map(|_| c.to_owned()));
        cons.extend(["r".to_owned(), "~{memory}".to_owned()]);
        self.stmt(format!(
            "call void asm sideeffect \"{ptx}\", \"{}\"({}, {}, i32 {ldm})",
            cons.join(","),
            tile.operand,
            regs.join(", ")
        ));
        Ok(())
    }

    fn wmma_mma(
        &mut self,
        fa: FragmentType,
        fb: FragmentType,
        fc: FragmentType,
        [d, a, b, c]: [Value; 4],
    ) -> Result<()> {
        let ra = self.read_registers(fa, a)?;
        let rb = self.read_registers(fb, b)?;
        let rc = self.read_registers(fc, c)?;
        let (nd, td, cd, _) = registers(fc);
        let agg = aggregate(nd, td);
        let la = fa.layout.unwrap_or(MatrixLayout::Row).ptx();
        let lb = fb.layout.unwrap_or(MatrixLayout::Row).ptx();
        let shape = fa.shape.name();
        let all: Vec<String> = ra.iter().chain(&rb).chain(&rc).cloned().collect();
        let (na, nb, nc) = (ra.len(), rb.len(), rc.len());
        let list = |from: usize, n: usize| {
            let v: Vec<String> = (from..from + n).map(|i| format!("${i}")).collect();
            format!("{{{}}}", v.join(", "))
        };
        // PTX's type list: d and c for float16 operands, d.a.b.c for the others.
        let types = match fa.elem {
            FragmentElem::F16 => format!("{0}.{0}", fc.elem.ptx()),
            FragmentElem::Tf32 => "f32.tf32.tf32.f32".to_owned(),
            FragmentElem::Bf16 => "f32.bf16.bf16.f32".to_owned(),
            e => format!("s32.{0}.{0}.s32", e.ptx()),
        };
        let ptx = format!(
            "wmma.mma.sync.aligned.{la}.{lb}.{shape}.{types} {}, {}, {}, {};",
            list(0, nd),
            list(nd, na),
            list(nd + na, nb),
            list(nd + na + nb, nc)
        );
        let (_, _, ca, _) = registers(fa);
        let (_, _, cb, _) = registers(fb);
        let mut cons: Vec<String> = (0..nd).map(|_| format!("={cd}")).collect();
        cons.extend((0..na).map(|_| ca.to_owned()));
        cons.extend((0..nb).map(|_| cb.to_owned()));
        cons.extend((0..nc).map(|_| cd.to_owned()));
        let value = self.emit(format!(
            "call {agg} asm \"{ptx}\", \"{}\"({})",
            cons.join(","),
            all.join(", ")
        ));
        self.write_registers(fc, d, &value)
    }
}

/// `a`, `b` or `c` (PTX's names of the fragments a load fills).
const fn role_letter(role: FragmentRole) -> &'static str {
    match role {
        FragmentRole::MatrixA => "a",
        FragmentRole::MatrixB => "b",
        FragmentRole::Accumulator => "c",
    }
}

/// The compute capability a fragment's instructions need: 7.0 for float16, 7.2 for 8-bit
/// integers, 8.0 for tf32 and bfloat16.
const fn wmma_cc(f: FragmentType) -> (u32, u32) {
    match f.elem {
        FragmentElem::Tf32 | FragmentElem::Bf16 => (8, 0),
        FragmentElem::S8 | FragmentElem::U8 => (7, 2),
        FragmentElem::S32 => (7, 2),
        FragmentElem::F16 | FragmentElem::F32 => (7, 0),
    }
}
