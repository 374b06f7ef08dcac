//! A small IR builder for the simulator's tests and examples, plus a deterministic RNG.
//!
//! Builds functions the way `oxcuda_ir::verify`'s tests do (`Function::new` / `push` /
//! `terminate`), with the current block and source line tracked so each instruction gets a
//! distinct, predictable `Loc`.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use oxcuda_ir::{
    ArrayType, AtomicOp, BinOp, Block, CmpOp, Const, Dim, FuncId, Function, FunctionKind, Global,
    GlobalId, GlobalKind, Intrinsic, Layout, Loc, MathFn, Module, Op, Scalar, Terminator, Type,
    UnaryOp, Value, Var,
};
use oxcuda_sim::ArrayArg;

/// An array type (C layout).
pub fn array(dtype: Scalar, ndim: u32) -> Type {
    Type::Array(ArrayType {
        dtype: dtype.into(),
        ndim,
        layout: Layout::C,
        readonly: false,
        aligned: true,
    })
}

/// A function under construction.
pub struct B {
    pub f: Function,
    pub cur: Block,
    pub line: u32,
    pub col: u32,
}

impl B {
    pub fn kernel(name: &str, params: Vec<Type>) -> Self {
        Self::new(name, FunctionKind::Kernel, params, Type::None)
    }

    pub fn device(name: &str, params: Vec<Type>, ret: Type) -> Self {
        Self::new(name, FunctionKind::Device, params, ret)
    }

    fn new(name: &str, kind: FunctionKind, params: Vec<Type>, ret: Type) -> Self {
        let mut f = Function::new(name, kind, params, ret);
        f.file = "kernels.py".into();
        Self {
            f,
            cur: Block(0),
            line: 1,
            col: 5,
        }
    }

    /// Sets the source line of the following instructions.
    pub fn at(&mut self, line: u32) -> &mut Self {
        self.line = line;
        self
    }

    fn loc(&self) -> Loc {
        Loc {
            line: self.line,
            col: self.col,
        }
    }

    pub fn push(&mut self, op: Op, ty: Option<Type>) -> Option<Value> {
        let loc = self.loc();
        self.f.push(self.cur, op, ty, loc)
    }

    fn val(&mut self, op: Op, ty: Type) -> Value {
        self.push(op, Some(ty)).expect("a result")
    }

    pub fn ty(&self, v: Value) -> Type {
        self.f.value_type(v).clone()
    }

    fn scalar_of(&self, v: Value) -> Scalar {
        self.ty(v).as_scalar().expect("a scalar")
    }

    pub fn param(&mut self, n: u32) -> Value {
        let ty = self.f.params[n as usize].clone();
        self.val(Op::Param(n), ty)
    }

    pub fn int(&mut self, ty: Scalar, v: i128) -> Value {
        self.val(Op::Const(Const::Int(v)), Type::Scalar(ty))
    }

    pub fn i64(&mut self, v: i64) -> Value {
        self.int(Scalar::I64, v.into())
    }

    pub fn i32(&mut self, v: i32) -> Value {
        self.int(Scalar::I32, v.into())
    }

    pub fn float(&mut self, ty: Scalar, v: f64) -> Value {
        self.val(Op::Const(Const::Float(v)), Type::Scalar(ty))
    }

    pub fn boolean(&mut self, b: bool) -> Value {
        self.val(Op::Const(Const::Bool(b)), Type::BOOL)
    }

    pub fn bin(&mut self, op: BinOp, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        self.val(Op::Binary(op, a, b), ty)
    }

    pub fn add(&mut self, a: Value, b: Value) -> Value {
        self.bin(BinOp::Add, a, b)
    }

    pub fn mul(&mut self, a: Value, b: Value) -> Value {
        self.bin(BinOp::Mul, a, b)
    }

    pub fn un(&mut self, op: UnaryOp, a: Value) -> Value {
        let ty = self.ty(a);
        self.val(Op::Unary(op, a), ty)
    }

    pub fn cmp(&mut self, op: CmpOp, a: Value, b: Value) -> Value {
        self.val(Op::Compare(op, a, b), Type::BOOL)
    }

    pub fn cast(&mut self, a: Value, to: Scalar) -> Value {
        self.val(Op::Cast(a), Type::Scalar(to))
    }

    pub fn select(&mut self, c: Value, a: Value, b: Value) -> Value {
        let ty = self.ty(a);
        self.val(Op::Select(c, a, b), ty)
    }

    pub fn math(&mut self, f: MathFn, args: &[Value]) -> Value {
        let ty = match self.ty(args[0]) {
            Type::Scalar(s) => Type::Scalar(f.result(s)),
            other => other,
        };
        self.val(Op::Math(f, args.to_vec()), ty)
    }

    pub fn intrinsic(&mut self, i: Intrinsic, args: &[Value], ty: Option<Type>) -> Option<Value> {
        self.push(Op::Intrinsic(i, args.to_vec()), ty)
    }

    /// An int32 geometry intrinsic.
    pub fn geom(&mut self, i: Intrinsic) -> Value {
        self.intrinsic(i, &[], Some(Type::I32)).expect("a result")
    }

    /// `threadIdx.x` as int64.
    pub fn tid64(&mut self, d: Dim) -> Value {
        let t = self.geom(Intrinsic::ThreadIdx(d));
        self.cast(t, Scalar::I64)
    }

    /// `cuda.grid(1)` as int64.
    pub fn grid1(&mut self) -> Value {
        let t = self.tid64(Dim::X);
        let b = self.geom(Intrinsic::BlockIdx(Dim::X));
        let b = self.cast(b, Scalar::I64);
        let n = self.geom(Intrinsic::BlockDim(Dim::X));
        let n = self.cast(n, Scalar::I64);
        let bn = self.mul(b, n);
        self.add(bn, t)
    }

    pub fn syncthreads(&mut self) {
        self.intrinsic(Intrinsic::Syncthreads, &[], None);
    }

    pub fn shape(&mut self, arr: Value, k: u32) -> Value {
        self.val(Op::ArrayShape(arr, k), Type::I64)
    }

    pub fn load(&mut self, arr: Value, idx: &[Value]) -> Value {
        let Type::Array(a) = self.ty(arr) else {
            panic!("not an array")
        };
        self.val(Op::Load(arr, idx.to_vec()), Type::of_dtype(a.dtype))
    }

    pub fn store(&mut self, arr: Value, idx: &[Value], v: Value) {
        self.push(Op::Store(arr, idx.to_vec(), v), None);
    }

    pub fn atomic(&mut self, op: AtomicOp, arr: Value, idx: &[Value], args: &[Value]) -> Value {
        let Type::Array(a) = self.ty(arr) else {
            panic!("not an array")
        };
        self.val(
            Op::Atomic(op, arr, idx.to_vec(), args.to_vec()),
            Type::of_dtype(a.dtype),
        )
    }

    pub fn shared(&mut self, g: u32, dtype: Scalar, ndim: u32) -> Value {
        self.val(Op::SharedArray(GlobalId(g)), array(dtype, ndim))
    }

    pub fn local(&mut self, dtype: Scalar, shape: &[u64]) -> Value {
        let ndim = shape.len() as u32;
        self.val(Op::LocalArray(shape.to_vec(), 0), array(dtype, ndim))
    }

    pub fn dynshared(&mut self, dtype: Scalar) -> Value {
        self.val(Op::DynSharedArray, array(dtype, 1))
    }

    pub fn var(&mut self, name: &str, ty: Type) -> Var {
        self.f.new_var(name, ty)
    }

    pub fn get(&mut self, v: Var) -> Value {
        let ty = self.f.vars[v.index()].ty.clone();
        self.val(Op::GetVar(v), ty)
    }

    pub fn set(&mut self, v: Var, x: Value) {
        self.push(Op::SetVar(v, x), None);
    }

    pub fn call(&mut self, callee: FuncId, args: &[Value], ret: Type) -> Option<Value> {
        let ty = if ret == Type::None { None } else { Some(ret) };
        self.push(Op::Call(callee, args.to_vec()), ty)
    }

    pub fn block(&mut self) -> Block {
        self.f.new_block()
    }

    pub fn switch(&mut self, b: Block) {
        self.cur = b;
    }

    pub fn jump(&mut self, to: Block) {
        let loc = self.loc();
        self.f.terminate(self.cur, Terminator::Jump(to), loc);
    }

    pub fn branch(&mut self, c: Value, t: Block, e: Block) {
        let loc = self.loc();
        self.f.terminate(self.cur, Terminator::Branch(c, t, e), loc);
    }

    pub fn ret(&mut self, v: Option<Value>) {
        let loc = self.loc();
        self.f.terminate(self.cur, Terminator::Return(v), loc);
    }

    /// `if c: <then>`; leaves the builder in the join block.
    pub fn if_then(&mut self, c: Value, then: impl FnOnce(&mut Self)) {
        let (t, j) = (self.block(), self.block());
        self.branch(c, t, j);
        self.switch(t);
        then(self);
        self.jump(j);
        self.switch(j);
    }

    /// `for v in range(lo, hi)` over int64 with the body given the loop value; leaves the
    /// builder after the loop.
    pub fn for_range(&mut self, lo: Value, hi: Value, body: impl FnOnce(&mut Self, Value)) {
        let var = self.var("$k", Type::I64);
        self.set(var, lo);
        let (head, b, exit) = (self.block(), self.block(), self.block());
        self.jump(head);
        self.switch(head);
        let k = self.get(var);
        let c = self.cmp(CmpOp::Lt, k, hi);
        self.branch(c, b, exit);
        self.switch(b);
        body(self, k);
        let one = self.i64(1);
        let k2 = self.add(k, one);
        self.set(var, k2);
        self.jump(head);
        self.switch(exit);
    }

    pub fn finish(self) -> Function {
        self.f
    }
}

/// A module of these functions (the first is the entry) and globals.
pub fn module(functions: Vec<Function>, globals: Vec<Global>) -> Module {
    Module { functions, globals }
}

/// A shared-memory global.
pub fn shared_global(name: &str, dtype: Scalar, shape: &[u64]) -> Global {
    Global {
        name: name.into(),
        kind: GlobalKind::Shared,
        dtype: dtype.into(),
        shape: shape.to_vec(),
        align: dtype.size(),
        init: None,
    }
}

/// An array argument over a slice (C layout).
pub fn arg<T>(slice: &mut [T], shape: &[i64], dtype: Scalar) -> oxcuda_sim::ArgValue {
    // SAFETY: every test keeps the slice alive and untouched across its launches.
    oxcuda_sim::ArgValue::Array(unsafe { ArrayArg::from_slice(slice, shape, dtype) }.unwrap())
}

/// xorshift64*: deterministic test data without a dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in [0, 1).
    pub fn f32(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// Uniform in [lo, hi).
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next_u64() % (hi - lo) as u64) as i64
    }
}

// ---- kernels shared by tests and the benchmark example ----

/// `axpy(r, a, x, y)`: `i = cuda.grid(1); if i < r.shape[0]: r[i] = a * x[i] + y[i]` in float32.
pub fn axpy_module() -> Module {
    let f32a = array(Scalar::F32, 1);
    let mut b = B::kernel(
        "axpy",
        vec![f32a.clone(), Type::Scalar(Scalar::F32), f32a.clone(), f32a],
    );
    b.at(3);
    let (r, a, x, y) = (b.param(0), b.param(1), b.param(2), b.param(3));
    let i = b.grid1();
    b.at(4);
    let n = b.shape(r, 0);
    let c = b.cmp(CmpOp::Lt, i, n);
    b.if_then(c, |b| {
        b.at(5);
        let xi = b.load(x, &[i]);
        let ax = b.mul(a, xi);
        let yi = b.load(y, &[i]);
        let s = b.add(ax, yi);
        b.store(r, &[i], s);
    });
    b.ret(None);
    module(vec![b.finish()], Vec::new())
}

/// The classic 16×16 shared-memory tiled matmul on square float32 matrices (n a multiple of
/// `TILE`), launched with `(n/TILE, n/TILE)` blocks of `(TILE, TILE)` threads:
///
/// ```python
/// sA = cuda.shared.array((TILE, TILE), float32); sB = ...
/// x, y = cuda.grid(2); tx, ty = threadIdx.x, threadIdx.y
/// acc = float32(0)
/// for i in range(n // TILE):
///     sA[ty, tx] = A[y, i * TILE + tx]; sB[ty, tx] = B[i * TILE + ty, x]
///     cuda.syncthreads()
///     for j in range(TILE): acc += sA[ty, j] * sB[j, tx]
///     cuda.syncthreads()
/// C[y, x] = acc
/// ```
pub const TILE: u64 = 16;

pub fn matmul_module() -> Module {
    let m2 = array(Scalar::F32, 2);
    let mut b = B::kernel("matmul", vec![m2.clone(), m2.clone(), m2]);
    b.at(10);
    let (a, bm, c) = (b.param(0), b.param(1), b.param(2));
    let sa = b.shared(0, Scalar::F32, 2);
    let sb = b.shared(1, Scalar::F32, 2);
    b.at(11);
    let tx = b.tid64(Dim::X);
    let ty = b.tid64(Dim::Y);
    let bx = b.geom(Intrinsic::BlockIdx(Dim::X));
    let bx = b.cast(bx, Scalar::I64);
    let by = b.geom(Intrinsic::BlockIdx(Dim::Y));
    let by = b.cast(by, Scalar::I64);
    let tile = b.i64(TILE as i64);
    let bxt = b.mul(bx, tile);
    let x = b.add(bxt, tx);
    let byt = b.mul(by, tile);
    let y = b.add(byt, ty);
    b.at(12);
    let acc = b.var("acc", Type::Scalar(Scalar::F32));
    let zero = b.float(Scalar::F32, 0.0);
    b.set(acc, zero);
    let n = b.shape(a, 0);
    let ntiles = b.bin(BinOp::FloorDiv, n, tile);
    let lo = b.i64(0);
    b.at(13);
    b.for_range(lo, ntiles, |b, i| {
        b.at(14);
        let it = b.mul(i, tile);
        let col = b.add(it, tx);
        let va = b.load(a, &[y, col]);
        b.store(sa, &[ty, tx], va);
        let row = b.add(it, ty);
        let vb = b.load(bm, &[row, x]);
        b.store(sb, &[ty, tx], vb);
        b.at(15);
        b.syncthreads();
        b.at(16);
        let lo = b.i64(0);
        let tile = b.i64(TILE as i64);
        b.for_range(lo, tile, |b, j| {
            b.at(17);
            let p = b.load(sa, &[ty, j]);
            let q = b.load(sb, &[j, tx]);
            let pq = b.mul(p, q);
            let cur = b.get(acc);
            let s = b.add(cur, pq);
            b.set(acc, s);
        });
        b.at(18);
        b.syncthreads();
    });
    b.at(19);
    let v = b.get(acc);
    b.store(c, &[y, x], v);
    b.ret(None);
    module(
        vec![b.finish()],
        vec![
            shared_global("sA", Scalar::F32, &[TILE, TILE]),
            shared_global("sB", Scalar::F32, &[TILE, TILE]),
        ],
    )
}

/// The reference matmul in the kernel's summation order (exactly equal results).
pub fn matmul_reference(a: &[f32], b: &[f32], n: usize) -> Vec<f32> {
    let mut c = vec![0f32; n * n];
    for y in 0..n {
        for x in 0..n {
            let mut acc = 0f32;
            for k in 0..n {
                acc += a[y * n + k] * b[k * n + x];
            }
            c[y * n + x] = acc;
        }
    }
    c
}
