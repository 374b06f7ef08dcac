//! Constant folding: integer and boolean arithmetic, comparisons, casts between integers and to
//! floats, float add/sub/mul/div in the operation's own precision, and `select` on a constant.
//!
//! What is not folded: integer `pow`, float `//` and `%`, float-to-int casts (undefined out of
//! range), float16 arithmetic, math functions — each is left to the back ends, so a fold can
//! never disagree with them.

use std::collections::HashMap;

use oxcuda_ir::{BinOp, CmpOp, Const, Function, Op, Scalar, Terminator, Type, UnaryOp, Value};

/// Wraps an integer to the width and signedness of `s`.
fn wrap(v: i128, s: Scalar) -> i128 {
    let bits = s.bits();
    if s == Scalar::Bool {
        return i128::from(v != 0);
    }
    let mask = (1i128 << bits) - 1;
    let low = v & mask;
    if s.is_signed() && low >> (bits - 1) & 1 == 1 {
        low - (1i128 << bits)
    } else {
        low
    }
}

fn int_binary(op: BinOp, s: Scalar, a: i128, b: i128) -> Option<i128> {
    let bits = i128::from(s.bits());
    Some(wrap(
        match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a.checked_mul(b)?,
            BinOp::BitAnd => a & b,
            BinOp::BitOr => a | b,
            BinOp::BitXor => a ^ b,
            BinOp::Min => {
                if b < a {
                    b
                } else {
                    a
                }
            }
            BinOp::Max => {
                if b > a {
                    b
                } else {
                    a
                }
            }
            BinOp::FloorDiv if b == 0 => 0,
            BinOp::Mod if b == 0 => 0,
            BinOp::FloorDiv => a.div_euclid(b) - i128::from(b < 0 && a.rem_euclid(b) != 0),
            BinOp::Mod => {
                let m = a.rem_euclid(b);
                if b < 0 && m != 0 { m + b } else { m }
            }
            BinOp::Shl if (0..bits).contains(&b) => a << b,
            BinOp::Shr if (0..bits).contains(&b) => a >> b,
            _ => return None,
        },
        s,
    ))
}

fn float_binary(op: BinOp, s: Scalar, a: f64, b: f64) -> Option<f64> {
    match s {
        Scalar::F64 => Some(match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mul => a * b,
            BinOp::Div => a / b,
            _ => return None,
        }),
        Scalar::F32 => {
            let (x, y) = (a as f32, b as f32);
            Some(f64::from(match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div => x / y,
                _ => return None,
            }))
        }
        _ => None,
    }
}

fn compare<T: PartialOrd>(op: CmpOp, a: T, b: T) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

fn as_int(c: Const) -> Option<i128> {
    match c {
        Const::Int(i) => Some(i),
        Const::Bool(b) => Some(i128::from(b)),
        _ => None,
    }
}

/// The folded constant of one operation, when its operands are constants of known types.
fn fold(
    op: &Op,
    ty: &Type,
    consts: &HashMap<Value, (Const, Scalar)>,
    f: &Function,
) -> Option<Const> {
    let Type::Scalar(rs) = ty else { return None };
    let get = |v: &Value| consts.get(v).copied();
    match op {
        Op::Binary(bop, a, b) => {
            let ((ca, s), (cb, _)) = (get(a)?, get(b)?);
            if s.is_int() {
                int_binary(*bop, s, as_int(ca)?, as_int(cb)?).map(Const::Int)
            } else if s == Scalar::Bool {
                let (x, y) = (as_int(ca)? != 0, as_int(cb)? != 0);
                Some(Const::Bool(match bop {
                    BinOp::BitAnd => x && y,
                    BinOp::BitOr => x || y,
                    BinOp::BitXor => x != y,
                    _ => return None,
                }))
            } else if let (Const::Float(x), Const::Float(y)) = (ca, cb) {
                float_binary(*bop, s, x, y).map(Const::Float)
            } else {
                None
            }
        }
        Op::Compare(cop, a, b) => {
            let ((ca, s), (cb, _)) = (get(a)?, get(b)?);
            if s.is_int() || s == Scalar::Bool {
                Some(Const::Bool(compare(*cop, as_int(ca)?, as_int(cb)?)))
            } else if let (Const::Float(x), Const::Float(y)) = (ca, cb) {
                Some(Const::Bool(compare(*cop, x, y)))
            } else {
                None
            }
        }
        Op::Unary(uop, a) => {
            let (ca, s) = get(a)?;
            match (uop, ca) {
                (UnaryOp::Not, Const::Bool(b)) => Some(Const::Bool(!b)),
                (UnaryOp::Neg, Const::Int(i)) if s.is_int() => Some(Const::Int(wrap(-i, s))),
                (UnaryOp::BitNot, Const::Int(i)) if s.is_int() => Some(Const::Int(wrap(!i, s))),
                (UnaryOp::Neg, Const::Float(x)) if matches!(s, Scalar::F32 | Scalar::F64) => {
                    Some(Const::Float(-x))
                }
                _ => None,
            }
        }
        Op::Cast(a) => {
            let (ca, from) = get(a)?;
            let int = as_int(ca);
            if rs.is_int() && (from.is_int() || from == Scalar::Bool) {
                Some(Const::Int(wrap(int?, *rs)))
            } else if *rs == Scalar::Bool && from.is_int() {
                Some(Const::Bool(int? != 0))
            } else if (from.is_int() || from == Scalar::Bool) && *rs == Scalar::F64 {
                Some(Const::Float(int? as f64))
            } else if (from.is_int() || from == Scalar::Bool) && *rs == Scalar::F32 {
                Some(Const::Float(f64::from(int? as f32)))
            } else if let (Const::Float(x), Scalar::F64, Scalar::F32) = (ca, from, rs) {
                Some(Const::Float(f64::from(x as f32)))
            } else if let (Const::Float(x), Scalar::F32, Scalar::F64) = (ca, from, rs) {
                Some(Const::Float(x))
            } else {
                None
            }
        }
        _ => {
            let _ = f;
            None
        }
    }
}

/// Folds constant operations and constant selects; returns whether anything changed.
pub fn fold_constants(f: &mut Function) -> bool {
    let mut consts: HashMap<Value, (Const, Scalar)> = HashMap::new();
    let mut replace: HashMap<Value, Value> = HashMap::new();
    let mut changed = false;
    // Blocks in order: the entry dominates everything, and within a block definitions precede
    // uses; a constant defined in a later block is picked up on the next round.
    for b in 0..f.blocks.len() {
        for i in 0..f.blocks[b].insts.len() {
            let inst = &f.blocks[b].insts[i];
            let Some(result) = inst.result else { continue };
            let ty = f.values[result.index()].clone();
            if let Op::Const(c) = inst.op {
                if let Type::Scalar(s) = ty {
                    consts.insert(result, (c, s));
                }
                continue;
            }
            if let Op::Select(c, x, y) = inst.op {
                if let Some((Const::Bool(cond), _)) = consts.get(&c) {
                    replace.insert(result, if *cond { x } else { y });
                    changed = true;
                }
                continue;
            }
            if let Some(c) = fold(&inst.op, &ty, &consts, f) {
                if let Type::Scalar(s) = ty {
                    consts.insert(result, (c, s));
                }
                f.blocks[b].insts[i].op = Op::Const(c);
                changed = true;
            }
        }
    }
    if !replace.is_empty() {
        let resolve = |mut v: Value| {
            while let Some(&next) = replace.get(&v) {
                v = next;
            }
            v
        };
        for block in &mut f.blocks {
            for inst in &mut block.insts {
                inst.op.map_operands(resolve);
            }
            block.term = match block.term {
                Terminator::Branch(c, t, e) => Terminator::Branch(resolve(c), t, e),
                Terminator::Return(Some(v)) => Terminator::Return(Some(resolve(v))),
                ref other => other.clone(),
            };
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_folds_follow_python_and_wrap() {
        assert_eq!(int_binary(BinOp::FloorDiv, Scalar::I64, -7, 2), Some(-4));
        assert_eq!(int_binary(BinOp::Mod, Scalar::I64, -7, 2), Some(1));
        assert_eq!(int_binary(BinOp::Mod, Scalar::I64, 7, -2), Some(-1));
        assert_eq!(int_binary(BinOp::FloorDiv, Scalar::I64, 7, 0), Some(0));
        assert_eq!(int_binary(BinOp::Add, Scalar::I8, 127, 1), Some(-128));
        assert_eq!(
            int_binary(BinOp::Sub, Scalar::U32, 0, 1),
            Some(i128::from(u32::MAX))
        );
        assert_eq!(int_binary(BinOp::Shl, Scalar::I32, 1, 40), None);
        assert_eq!(
            float_binary(BinOp::Add, Scalar::F32, 0.1, 0.2),
            Some(f64::from(0.1f32 + 0.2f32))
        );
    }
}
