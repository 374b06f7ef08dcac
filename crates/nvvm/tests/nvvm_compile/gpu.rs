//! Cubins for the GPU semantics check (`tests/gpu/check_semantics.py`): with
//! `OXCUDA_GPU_CUBIN_DIR` set, writes one sm_90 cubin per module below; the Python script
//! launches every kernel on a real GPU (through CuPy) and compares with Python's semantics.
//! Without the variable the test only checks that everything compiles.

use oxcuda_ir::{
    AtomicOp, BinOp, CmpOp, Dim, Function, GlobalId, GlobalKind, Intrinsic, Layout, MathFn, Module,
    Op, Scalar, Terminator, Type, UnaryOp, Value,
};
use oxcuda_nvvm::{CodegenOptions, LinkDebug, compile_module, link_cubin};

use crate::build::{Fb, arr, arr1};
use crate::toolchain::tools_or_skip;

/// `name(out, in0, in1, …)`: `out[i] = body(in0[i], …)` for `i < out.size`, `i` the global
/// thread index.
fn elementwise(
    name: &str,
    inputs: &[Scalar],
    out: Scalar,
    body: impl FnOnce(&mut Fb, &[Value]) -> Value,
) -> Function {
    let mut params = vec![arr1(out)];
    params.extend(inputs.iter().map(|s| arr1(*s)));
    let mut b = Fb::kernel(name, params);
    let o = b.param(0);
    let ins: Vec<Value> = (1..=inputs.len() as u32).map(|k| b.param(k)).collect();
    let i = global_index(&mut b);
    let n = b.v(Op::ArrayShape(o, 0), Type::I64);
    let inside = b.v(Op::Compare(CmpOp::Lt, i, n), Type::BOOL);
    let then = b.block();
    let done = b.block();
    b.term(Terminator::Branch(inside, then, done));
    b.at(then);
    let xs: Vec<Value> = ins
        .iter()
        .zip(inputs)
        .map(|(a, s)| b.v(Op::Load(*a, vec![i]), Type::Scalar(*s)))
        .collect();
    let r = body(&mut b, &xs);
    b.e(Op::Store(o, vec![i], r));
    b.term(Terminator::Jump(done));
    b.at(done);
    b.ret(None);
    b.finish()
}

fn global_index(b: &mut Fb) -> Value {
    let tid = b.v(
        Op::Intrinsic(Intrinsic::ThreadIdx(Dim::X), vec![]),
        Type::I32,
    );
    let bid = b.v(
        Op::Intrinsic(Intrinsic::BlockIdx(Dim::X), vec![]),
        Type::I32,
    );
    let bdim = b.v(
        Op::Intrinsic(Intrinsic::BlockDim(Dim::X), vec![]),
        Type::I32,
    );
    let tid = b.v(Op::Cast(tid), Type::I64);
    let bid = b.v(Op::Cast(bid), Type::I64);
    let bdim = b.v(Op::Cast(bdim), Type::I64);
    let base = b.v(Op::Binary(BinOp::Mul, bid, bdim), Type::I64);
    b.v(Op::Binary(BinOp::Add, base, tid), Type::I64)
}

fn binop_name(op: BinOp) -> &'static str {
    oxcuda_ir::print::binop_name(op)
}

fn modules() -> Vec<(String, Module)> {
    let mut out = Vec::new();
    let m = |fs: Vec<Function>| Module {
        functions: fs,
        globals: Vec::new(),
    };
    // Integers: every binary operator.
    for s in [
        Scalar::I8,
        Scalar::I32,
        Scalar::I64,
        Scalar::U8,
        Scalar::U32,
        Scalar::U64,
    ] {
        let ops = [
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::FloorDiv,
            BinOp::Mod,
            BinOp::Pow,
            BinOp::Min,
            BinOp::Max,
            BinOp::Shl,
            BinOp::Shr,
            BinOp::BitAnd,
            BinOp::BitOr,
            BinOp::BitXor,
        ];
        let fs = ops
            .iter()
            .map(|op| {
                elementwise(&format!("k_{}", binop_name(*op)), &[s, s], s, |b, x| {
                    b.v(Op::Binary(*op, x[0], x[1]), Type::Scalar(s))
                })
            })
            .collect();
        out.push((format!("ints_{}", s.name()), m(fs)));
    }
    // Floats.
    for s in [Scalar::F16, Scalar::F32, Scalar::F64] {
        let ops = [
            BinOp::Add,
            BinOp::Sub,
            BinOp::Mul,
            BinOp::Div,
            BinOp::FloorDiv,
            BinOp::Mod,
            BinOp::Pow,
            BinOp::Min,
            BinOp::Max,
        ];
        let mut fs: Vec<Function> = ops
            .iter()
            .map(|op| {
                elementwise(&format!("k_{}", binop_name(*op)), &[s, s], s, |b, x| {
                    b.v(Op::Binary(*op, x[0], x[1]), Type::Scalar(s))
                })
            })
            .collect();
        fs.push(elementwise("k_neg", &[s], s, |b, x| {
            b.v(Op::Unary(UnaryOp::Neg, x[0]), Type::Scalar(s))
        }));
        for c in [
            CmpOp::Eq,
            CmpOp::Ne,
            CmpOp::Lt,
            CmpOp::Le,
            CmpOp::Gt,
            CmpOp::Ge,
        ] {
            let name = format!("k_{}", oxcuda_ir::print::cmp_name(c));
            fs.push(elementwise(&name, &[s, s], Scalar::Bool, |b, x| {
                b.v(Op::Compare(c, x[0], x[1]), Type::BOOL)
            }));
        }
        out.push((format!("floats_{}", s.name()), m(fs)));
        // Math.
        let mut fs = Vec::new();
        for f in MathFn::ALL {
            let name = format!("k_{}", f.c_name());
            let ret = f.result(s);
            let ins: Vec<Scalar> = match f {
                MathFn::Ldexp => vec![s, Scalar::I32],
                _ => vec![s; f.arity()],
            };
            fs.push(elementwise(&name, &ins, ret, |b, x| {
                b.v(Op::Math(f, x.to_vec()), Type::Scalar(ret))
            }));
        }
        out.push((format!("math_{}", s.name()), m(fs)));
    }
    // Complex.
    for s in [Scalar::C64, Scalar::C128] {
        let mut fs: Vec<Function> = [BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::Div, BinOp::Pow]
            .iter()
            .map(|op| {
                elementwise(&format!("k_{}", binop_name(*op)), &[s, s], s, |b, x| {
                    b.v(Op::Binary(*op, x[0], x[1]), Type::Scalar(s))
                })
            })
            .collect();
        fs.push(elementwise("k_eq", &[s, s], Scalar::Bool, |b, x| {
            b.v(Op::Compare(CmpOp::Eq, x[0], x[1]), Type::BOOL)
        }));
        fs.push(elementwise("k_ne", &[s, s], Scalar::Bool, |b, x| {
            b.v(Op::Compare(CmpOp::Ne, x[0], x[1]), Type::BOOL)
        }));
        out.push((format!("complex_{}", s.name()), m(fs)));
    }
    // Casts between every pair.
    let all = [
        Scalar::Bool,
        Scalar::I8,
        Scalar::I16,
        Scalar::I32,
        Scalar::I64,
        Scalar::U8,
        Scalar::U16,
        Scalar::U32,
        Scalar::U64,
        Scalar::F16,
        Scalar::F32,
        Scalar::F64,
        Scalar::C64,
        Scalar::C128,
    ];
    let mut fs = Vec::new();
    for from in all {
        for to in all {
            let name = format!("k_{}_{}", from.name(), to.name());
            fs.push(elementwise(&name, &[from], to, |b, x| {
                b.v(Op::Cast(x[0]), Type::Scalar(to))
            }));
        }
    }
    out.push(("casts".to_owned(), m(fs)));
    // Bit intrinsics.
    let mut fs = Vec::new();
    for s in [
        Scalar::I8,
        Scalar::I32,
        Scalar::U32,
        Scalar::I64,
        Scalar::U64,
    ] {
        for (what, i) in [
            ("popc", Intrinsic::Popc),
            ("clz", Intrinsic::Clz),
            ("brev", Intrinsic::Brev),
        ] {
            if i == Intrinsic::Brev && !matches!(s, Scalar::U32 | Scalar::U64) {
                continue;
            }
            fs.push(elementwise(
                &format!("k_{what}_{}", s.name()),
                &[s],
                s,
                |b, x| b.v(Op::Intrinsic(i, vec![x[0]]), Type::Scalar(s)),
            ));
        }
        fs.push(elementwise(
            &format!("k_ffs_{}", s.name()),
            &[s],
            Scalar::U32,
            |b, x| {
                b.v(
                    Op::Intrinsic(Intrinsic::Ffs, vec![x[0]]),
                    Type::Scalar(Scalar::U32),
                )
            },
        ));
    }
    out.push(("bits".to_owned(), m(fs)));
    out.push(("blocks".to_owned(), m(block_kernels())));
    out.push(("atomics".to_owned(), m(atomic_kernels())));
    out.push(("memory".to_owned(), memory_module()));
    out.push(("abi".to_owned(), abi_module()));
    out
}

/// `k_sync(out: int32[:], pred: bool[:])`: per block, `out[4*b..]` = count, and, or of the
/// predicates, then laneid; `k_regs(out: int32[:, ::1])`: every special register per thread
/// (launch with a 3-d block and grid).
fn block_kernels() -> Vec<Function> {
    let mut b = Fb::kernel("k_sync", vec![arr1(Scalar::I32), arr1(Scalar::Bool)]);
    let out = b.param(0);
    let preds = b.param(1);
    let i = global_index(&mut b);
    let p = b.v(Op::Load(preds, vec![i]), Type::BOOL);
    let count = b.v(
        Op::Intrinsic(Intrinsic::SyncthreadsCount, vec![p]),
        Type::I32,
    );
    let all = b.v(Op::Intrinsic(Intrinsic::SyncthreadsAnd, vec![p]), Type::I32);
    let any = b.v(Op::Intrinsic(Intrinsic::SyncthreadsOr, vec![p]), Type::I32);
    let tid = b.v(
        Op::Intrinsic(Intrinsic::ThreadIdx(Dim::X), vec![]),
        Type::I32,
    );
    let zero = b.int(0, Scalar::I32);
    let first = b.v(Op::Compare(CmpOp::Eq, tid, zero), Type::BOOL);
    let then = b.block();
    let done = b.block();
    b.term(Terminator::Branch(first, then, done));
    b.at(then);
    let bid = b.v(
        Op::Intrinsic(Intrinsic::BlockIdx(Dim::X), vec![]),
        Type::I32,
    );
    let bid = b.v(Op::Cast(bid), Type::I64);
    let four = b.i64(4);
    let base = b.v(Op::Binary(BinOp::Mul, bid, four), Type::I64);
    for (k, v) in [count, all, any].into_iter().enumerate() {
        let off = b.i64(k as i128);
        let at = b.v(Op::Binary(BinOp::Add, base, off), Type::I64);
        b.e(Op::Store(out, vec![at], v));
    }
    b.term(Terminator::Jump(done));
    b.at(done);
    b.ret(None);
    let sync = b.finish();

    let mut b = Fb::kernel("k_regs", vec![arr(Scalar::I32, 2, Layout::C)]);
    let out = b.param(0);
    let regs: Vec<Intrinsic> = [Dim::X, Dim::Y, Dim::Z]
        .iter()
        .flat_map(|d| {
            [
                Intrinsic::ThreadIdx(*d),
                Intrinsic::BlockIdx(*d),
                Intrinsic::BlockDim(*d),
                Intrinsic::GridDim(*d),
            ]
        })
        .chain([Intrinsic::LaneId, Intrinsic::WarpSize])
        .collect();
    let vals: Vec<Value> = regs
        .iter()
        .map(|r| b.v(Op::Intrinsic(*r, vec![]), Type::I32))
        .collect();
    // Linear thread id: ((bz*gy + by)*gx + bx) * (nx*ny*nz) + (tz*ny + ty)*nx + tx.
    let [tx, bx, nx, gx, ty, by, ny, gy, tz, bz, nz, _gz, ..] = vals[..] else {
        unreachable!()
    };
    let w = |b: &mut Fb, v| b.v(Op::Cast(v), Type::I64);
    let (tx, bx, nx, gx, ty, by, ny, gy, tz, bz, nz) = (
        w(&mut b, tx),
        w(&mut b, bx),
        w(&mut b, nx),
        w(&mut b, gx),
        w(&mut b, ty),
        w(&mut b, by),
        w(&mut b, ny),
        w(&mut b, gy),
        w(&mut b, tz),
        w(&mut b, bz),
        w(&mut b, nz),
    );
    let mul = |b: &mut Fb, x, y| b.v(Op::Binary(BinOp::Mul, x, y), Type::I64);
    let add = |b: &mut Fb, x, y| b.v(Op::Binary(BinOp::Add, x, y), Type::I64);
    let blk = mul(&mut b, bz, gy);
    let blk = add(&mut b, blk, by);
    let blk = mul(&mut b, blk, gx);
    let blk = add(&mut b, blk, bx);
    let per = mul(&mut b, nx, ny);
    let per = mul(&mut b, per, nz);
    let lin = mul(&mut b, blk, per);
    let t = mul(&mut b, tz, ny);
    let t = add(&mut b, t, ty);
    let t = mul(&mut b, t, nx);
    let t = add(&mut b, t, tx);
    let row = add(&mut b, lin, t);
    for (k, v) in vals.iter().enumerate() {
        let col = b.i64(k as i128);
        b.e(Op::Store(out, vec![row, col], *v));
    }
    b.ret(None);
    vec![sync, b.finish()]
}

/// Atomics: `k_<op>_<type>(a: T[:], idx: int64[:], v: T[:], w: T[:], old: T[:])`: thread `i`
/// applies `op` to `a[idx[i]]` with `v[i]` (and `w[i]` for cas) and stores the old value.
fn atomic_kernels() -> Vec<Function> {
    let mut fs = Vec::new();
    let ops = [
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::Min,
        AtomicOp::Max,
        AtomicOp::NanMin,
        AtomicOp::NanMax,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Exch,
        AtomicOp::Inc,
        AtomicOp::Dec,
        AtomicOp::Cas,
    ];
    for s in [
        Scalar::I32,
        Scalar::U32,
        Scalar::I64,
        Scalar::U64,
        Scalar::F32,
        Scalar::F64,
        Scalar::F16,
    ] {
        for op in ops {
            let ok = match s {
                Scalar::F32 | Scalar::F64 => !matches!(
                    op,
                    AtomicOp::And | AtomicOp::Or | AtomicOp::Xor | AtomicOp::Inc | AtomicOp::Dec
                ),
                Scalar::F16 => matches!(op, AtomicOp::Add | AtomicOp::Sub),
                _ => true,
            };
            if !ok {
                continue;
            }
            let t = Type::Scalar(s);
            let name = format!("k_{}_{}", oxcuda_ir::print::atomic_name(op), s.name());
            let mut b = Fb::kernel(
                &name,
                vec![arr1(s), arr1(Scalar::I64), arr1(s), arr1(s), arr1(s)],
            );
            let a = b.param(0);
            let idx = b.param(1);
            let v = b.param(2);
            let w = b.param(3);
            let old = b.param(4);
            let i = global_index(&mut b);
            let n = b.v(Op::ArrayShape(v, 0), Type::I64);
            let inside = b.v(Op::Compare(CmpOp::Lt, i, n), Type::BOOL);
            let then = b.block();
            let done = b.block();
            b.term(Terminator::Branch(inside, then, done));
            b.at(then);
            let k = b.v(Op::Load(idx, vec![i]), Type::I64);
            let x = b.v(Op::Load(v, vec![i]), t.clone());
            let args = if op == AtomicOp::Cas {
                let y = b.v(Op::Load(w, vec![i]), t.clone());
                vec![x, y]
            } else {
                vec![x]
            };
            let r = b.v(Op::Atomic(op, a, vec![k], args), t.clone());
            b.e(Op::Store(old, vec![i], r));
            b.term(Terminator::Jump(done));
            b.at(done);
            b.ret(None);
            fs.push(b.finish());
        }
    }
    fs
}

/// `k_copy3_<layout>(out, x)`: one thread copies `out[i,j,k] = x[i,j,k] * 2` over the whole
/// shape; `k_mem(out: float32[:], out64: float64[:], n: int64[:])` uses a shared tile, the
/// dynamic shared array, a local array and a constant table.
fn memory_module() -> Module {
    let mut fs = Vec::new();
    for (tag, layout) in [("C", Layout::C), ("F", Layout::F), ("A", Layout::A)] {
        let t = arr(Scalar::F64, 3, layout);
        let mut b = Fb::kernel(&format!("k_copy3_{tag}"), vec![t.clone(), t.clone()]);
        let out = b.param(0);
        let x = b.param(1);
        let vars: Vec<_> = ["i", "j", "k"]
            .iter()
            .map(|n| b.f.new_var(n, Type::I64))
            .collect();
        let two = b.float(2.0, Scalar::F64);
        let zero = b.i64(0);
        let one = b.i64(1);
        // Three nested loops built from blocks.
        let mut exits = Vec::new();
        let mut heads = Vec::new();
        for (d, var) in vars.iter().enumerate() {
            b.e(Op::SetVar(*var, zero));
            let head = b.block();
            let body = b.block();
            let exit = b.block();
            b.term(Terminator::Jump(head));
            b.at(head);
            let iv = b.v(Op::GetVar(*var), Type::I64);
            let n = b.v(Op::ArrayShape(x, d as u32), Type::I64);
            let more = b.v(Op::Compare(CmpOp::Lt, iv, n), Type::BOOL);
            b.term(Terminator::Branch(more, body, exit));
            b.at(body);
            heads.push(head);
            exits.push(exit);
        }
        let idx: Vec<Value> = vars
            .iter()
            .map(|v| b.v(Op::GetVar(*v), Type::I64))
            .collect();
        let v = b.v(Op::Load(x, idx.clone()), Type::F64);
        let v = b.v(Op::Binary(BinOp::Mul, v, two), Type::F64);
        b.e(Op::Store(out, idx, v));
        for d in (0..3).rev() {
            let iv = b.v(Op::GetVar(vars[d]), Type::I64);
            let next = b.v(Op::Binary(BinOp::Add, iv, one), Type::I64);
            b.e(Op::SetVar(vars[d], next));
            b.term(Terminator::Jump(heads[d]));
            b.at(exits[d]);
        }
        b.ret(None);
        fs.push(b.finish());
    }
    let f32t = Type::Scalar(Scalar::F32);
    let mut b = Fb::kernel(
        "k_mem",
        vec![
            arr1(Scalar::F32),
            arr1(Scalar::F64),
            arr1(Scalar::I64),
            arr1(Scalar::Bool),
        ],
    );
    let out = b.param(0);
    let out64 = b.param(1);
    let n = b.param(2);
    let flags = b.param(3);
    let tid = b.v(
        Op::Intrinsic(Intrinsic::ThreadIdx(Dim::X), vec![]),
        Type::I32,
    );
    let tid = b.v(Op::Cast(tid), Type::I64);
    let c31 = b.i64(31);
    let rev = b.v(Op::Binary(BinOp::Sub, c31, tid), Type::I64);
    let tile = b.v(Op::SharedArray(GlobalId(0)), arr(Scalar::F32, 2, Layout::C));
    let dynf = b.v(Op::DynSharedArray, arr1(Scalar::F32));
    let dyni = b.v(Op::DynSharedArray, arr1(Scalar::I32));
    let tf = b.v(Op::Cast(tid), f32t.clone());
    let one = b.i64(1);
    b.e(Op::Store(tile, vec![one, tid], tf));
    let sq = b.v(Op::Binary(BinOp::Mul, tf, tf), f32t.clone());
    b.e(Op::Store(dynf, vec![tid], sq));
    b.e(Op::Intrinsic(Intrinsic::Syncthreads, vec![]));
    let a = b.v(Op::Load(tile, vec![one, rev]), f32t.clone());
    let bits = b.v(Op::Load(dyni, vec![rev]), Type::I32);
    let bf = b.v(Op::Cast(bits), f32t.clone());
    let local = b.v(
        Op::LocalArray(vec![4, 8], 0),
        arr(Scalar::F32, 2, Layout::C),
    );
    let lane = b.i64(3);
    let eight = b.i64(8);
    let tmod = b.v(Op::Binary(BinOp::Mod, tid, eight), Type::I64);
    b.e(Op::Store(local, vec![lane, tmod], a));
    let back = b.v(Op::Load(local, vec![lane, tmod]), f32t.clone());
    let s = b.v(Op::Binary(BinOp::Add, back, bf), f32t.clone());
    b.e(Op::Store(out, vec![tid], s));
    let ext = b.v(Op::ArrayShape(dynf, 0), Type::I64);
    let zero = b.i64(0);
    b.e(Op::Store(n, vec![zero], ext));
    let table = b.v(Op::ConstArray(GlobalId(1)), arr1(Scalar::F64));
    let three = b.i64(3);
    let k = b.v(Op::Binary(BinOp::Mod, tid, three), Type::I64);
    let c = b.v(Op::Load(table, vec![k]), Type::F64);
    b.e(Op::Store(out64, vec![tid], c));
    let f = b.v(Op::Load(flags, vec![tid]), Type::BOOL);
    let nf = b.v(Op::Unary(UnaryOp::Not, f), Type::BOOL);
    b.e(Op::Store(flags, vec![tid], nf));
    b.ret(None);
    fs.push(b.finish());
    let init: Vec<u8> = [1.5f64, -2.25, 1e300]
        .iter()
        .flat_map(|x| x.to_le_bytes())
        .collect();
    Module {
        functions: fs,
        globals: vec![
            oxcuda_ir::Global {
                name: "tile".into(),
                kind: GlobalKind::Shared,
                dtype: Scalar::F32.into(),
                shape: vec![2, 32],
                align: 4,
                init: None,
            },
            oxcuda_ir::Global {
                name: "table".into(),
                kind: GlobalKind::Const,
                dtype: Scalar::F64.into(),
                shape: vec![3],
                align: 8,
                init: Some(init),
            },
        ],
    }
}

/// `k_abi(a: float32[:, ::1], flag: bool, z: complex128, t: (int32, int8[:]), h: float16,
/// n: none, u: (uint64, (float32,)))`: `a[1, 2] = (z.real + z.imag + h) * t[0] + u[0] + u[1][0]`
/// if flag, else -1; `t[1][3] = flag`.
fn abi_module() -> Module {
    let tup = Type::Tuple(vec![Type::I32, arr(Scalar::I8, 1, Layout::A)]);
    let u = Type::Tuple(vec![
        Type::Scalar(Scalar::U64),
        Type::Tuple(vec![Type::Scalar(Scalar::F32)]),
    ]);
    let mut b = Fb::kernel(
        "k_abi",
        vec![
            arr(Scalar::F32, 2, Layout::C),
            Type::BOOL,
            Type::Scalar(Scalar::C128),
            tup,
            Type::Scalar(Scalar::F16),
            Type::None,
            u,
        ],
    );
    let a = b.param(0);
    let flag = b.param(1);
    let z = b.param(2);
    let t = b.param(3);
    let h = b.param(4);
    let u = b.param(6);
    let re = b.v(Op::ComplexPart(z, false), Type::F64);
    let im = b.v(Op::ComplexPart(z, true), Type::F64);
    let s = b.v(Op::Binary(BinOp::Add, re, im), Type::F64);
    let hf = b.v(Op::Cast(h), Type::F64);
    let s = b.v(Op::Binary(BinOp::Add, s, hf), Type::F64);
    let n = b.v(Op::TupleGet(t, 0), Type::I32);
    let nf = b.v(Op::Cast(n), Type::F64);
    let s = b.v(Op::Binary(BinOp::Mul, s, nf), Type::F64);
    let u0 = b.v(Op::TupleGet(u, 0), Type::Scalar(Scalar::U64));
    let u0 = b.v(Op::Cast(u0), Type::F64);
    let u1 = b.v(
        Op::TupleGet(u, 1),
        Type::Tuple(vec![Type::Scalar(Scalar::F32)]),
    );
    let u10 = b.v(Op::TupleGet(u1, 0), Type::Scalar(Scalar::F32));
    let u10 = b.v(Op::Cast(u10), Type::F64);
    let s = b.v(Op::Binary(BinOp::Add, s, u0), Type::F64);
    let s = b.v(Op::Binary(BinOp::Add, s, u10), Type::F64);
    let m1 = b.float(-1.0, Scalar::F64);
    let s = b.v(Op::Select(flag, s, m1), Type::F64);
    let s = b.v(Op::Cast(s), Type::Scalar(Scalar::F32));
    let i1 = b.i64(1);
    let i2 = b.i64(2);
    b.e(Op::Store(a, vec![i1, i2], s));
    let bytes = b.v(Op::TupleGet(t, 1), arr(Scalar::I8, 1, Layout::A));
    let f8 = b.v(Op::Cast(flag), Type::Scalar(Scalar::I8));
    let i3 = b.i64(3);
    b.e(Op::Store(bytes, vec![i3], f8));
    b.ret(None);
    Module {
        functions: vec![b.finish()],
        globals: vec![],
    }
}

#[test]
fn gpu_semantics_cubins() {
    let tools = tools_or_skip!();
    let dir = std::env::var_os("OXCUDA_GPU_CUBIN_DIR").map(std::path::PathBuf::from);
    for (name, module) in modules() {
        let opts = CodegenOptions {
            cc: (9, 0),
            ..CodegenOptions::default()
        };
        let out = compile_module(&tools.nvvm, &module, &opts, Some(&tools.libdevice))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let cubin = link_cubin(&tools.link, &out, &[], (9, 0), false, LinkDebug::None)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        if let Some(dir) = &dir {
            std::fs::create_dir_all(dir).unwrap();
            std::fs::write(dir.join(format!("{name}.cubin")), cubin).unwrap();
        }
    }
}
