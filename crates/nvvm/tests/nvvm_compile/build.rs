//! A small builder for hand-written IR.

use oxcuda_ir::{
    ArrayType, Block, Const, Function, FunctionKind, Layout, Loc, Module, Op, Scalar, Terminator,
    Type, Value,
};

/// Builds one function; every instruction gets its own source line (10, 11, …).
pub struct Fb {
    pub f: Function,
    pub cur: Block,
    line: u32,
}

impl Fb {
    pub fn kernel(name: &str, params: Vec<Type>) -> Self {
        Self::new(name, FunctionKind::Kernel, params, Type::None)
    }

    pub fn device(name: &str, params: Vec<Type>, ret: Type) -> Self {
        Self::new(name, FunctionKind::Device, params, ret)
    }

    fn new(name: &str, kind: FunctionKind, params: Vec<Type>, ret: Type) -> Self {
        let mut f = Function::new(name, kind, params, ret);
        f.file = "/tmp/kernels/q.py".to_owned();
        Self {
            f,
            cur: Block(0),
            line: 10,
        }
    }

    fn loc(&mut self) -> Loc {
        self.line += 1;
        Loc {
            line: self.line,
            col: 5,
        }
    }

    /// An instruction with a result.
    pub fn v(&mut self, op: Op, ty: Type) -> Value {
        let loc = self.loc();
        self.f.push(self.cur, op, Some(ty), loc).expect("a value")
    }

    /// An instruction without a result.
    pub fn e(&mut self, op: Op) {
        let loc = self.loc();
        self.f.push(self.cur, op, None, loc);
    }

    pub fn param(&mut self, n: u32) -> Value {
        let ty = self.f.params[n as usize].clone();
        self.v(Op::Param(n), ty)
    }

    pub fn int(&mut self, value: i128, s: Scalar) -> Value {
        self.v(Op::Const(Const::Int(value)), Type::Scalar(s))
    }

    pub fn i64(&mut self, value: i128) -> Value {
        self.int(value, Scalar::I64)
    }

    pub fn float(&mut self, value: f64, s: Scalar) -> Value {
        self.v(Op::Const(Const::Float(value)), Type::Scalar(s))
    }

    /// A constant of any scalar type (1 / 1.5 / true / 1.5-2j).
    pub fn konst(&mut self, s: Scalar) -> Value {
        let c = match s {
            Scalar::Bool => Const::Bool(true),
            _ if s.is_int() => Const::Int(3),
            _ if s.is_float() => Const::Float(1.5),
            _ => Const::Complex(1.5, -2.0),
        };
        self.v(Op::Const(c), Type::Scalar(s))
    }

    pub fn block(&mut self) -> Block {
        self.f.new_block()
    }

    pub fn at(&mut self, b: Block) {
        self.cur = b;
    }

    pub fn term(&mut self, t: Terminator) {
        let loc = self.loc();
        self.f.terminate(self.cur, t, loc);
    }

    pub fn ret(&mut self, v: Option<Value>) {
        self.term(Terminator::Return(v));
    }

    /// `a[i] = x` for a 1-d array.
    pub fn store1(&mut self, a: Value, i: i128, x: Value) {
        let i = self.i64(i);
        self.e(Op::Store(a, vec![i], x));
    }

    /// `a[i]` for a 1-d array.
    pub fn load1(&mut self, a: Value, i: i128) -> Value {
        let dtype = self.f.value_type(a).as_array().expect("an array").dtype;
        let i = self.i64(i);
        self.v(Op::Load(a, vec![i]), Type::of_dtype(dtype))
    }

    pub fn finish(self) -> Function {
        self.f
    }
}

pub fn arr(dtype: impl Into<oxcuda_ir::Dtype>, ndim: u32, layout: Layout) -> Type {
    Type::Array(ArrayType {
        dtype: dtype.into(),
        ndim,
        layout,
        readonly: false,
        aligned: true,
    })
}

pub fn arr1(dtype: Scalar) -> Type {
    arr(dtype, 1, Layout::C)
}

pub fn module(functions: Vec<Function>) -> Module {
    Module {
        functions,
        globals: Vec::new(),
    }
}
