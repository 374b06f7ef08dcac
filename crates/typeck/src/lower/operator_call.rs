//! The `operator` module's functions (`operator.add`, `operator.lt`, `operator.getitem`…):
//! each is the operator it names, typed and lowered exactly as the operator written in the
//! source is, so `operator.add(a, b)` and `a + b` cannot differ. The in-place forms
//! (`operator.iadd`) of immutable values are the plain operators, as in Python.

use oxcuda_syntax::TextRange;
use oxcuda_syntax::ast::{CmpOp, Operator, UnaryOp};
use oxcuda_syntax::codes;

use super::Lower;
use super::array::Index;
use super::call::Arg;
use crate::value::Val;

/// What an `operator` function is.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Binary(Operator),
    Compare(CmpOp),
    Unary(UnaryOp),
    /// `operator.truth(x)`: `not not x`.
    Truth,
    /// `operator.getitem(a, i)`.
    GetItem,
    /// `operator.setitem(a, i, v)`.
    SetItem,
}

/// Every supported function of `operator`, by name (the registry's `operator.*` rows).
const OPERATORS: &[(&str, Kind)] = &[
    ("add", Kind::Binary(Operator::Add)),
    ("sub", Kind::Binary(Operator::Sub)),
    ("mul", Kind::Binary(Operator::Mult)),
    ("truediv", Kind::Binary(Operator::Div)),
    ("floordiv", Kind::Binary(Operator::FloorDiv)),
    ("mod", Kind::Binary(Operator::Mod)),
    ("pow", Kind::Binary(Operator::Pow)),
    ("lshift", Kind::Binary(Operator::LShift)),
    ("rshift", Kind::Binary(Operator::RShift)),
    ("and_", Kind::Binary(Operator::BitAnd)),
    ("or_", Kind::Binary(Operator::BitOr)),
    ("xor", Kind::Binary(Operator::BitXor)),
    ("iadd", Kind::Binary(Operator::Add)),
    ("isub", Kind::Binary(Operator::Sub)),
    ("imul", Kind::Binary(Operator::Mult)),
    ("itruediv", Kind::Binary(Operator::Div)),
    ("ifloordiv", Kind::Binary(Operator::FloorDiv)),
    ("imod", Kind::Binary(Operator::Mod)),
    ("ipow", Kind::Binary(Operator::Pow)),
    ("ilshift", Kind::Binary(Operator::LShift)),
    ("irshift", Kind::Binary(Operator::RShift)),
    ("iand", Kind::Binary(Operator::BitAnd)),
    ("ior", Kind::Binary(Operator::BitOr)),
    ("ixor", Kind::Binary(Operator::BitXor)),
    ("eq", Kind::Compare(CmpOp::Eq)),
    ("ne", Kind::Compare(CmpOp::NotEq)),
    ("lt", Kind::Compare(CmpOp::Lt)),
    ("le", Kind::Compare(CmpOp::LtE)),
    ("gt", Kind::Compare(CmpOp::Gt)),
    ("ge", Kind::Compare(CmpOp::GtE)),
    ("is_", Kind::Compare(CmpOp::Is)),
    ("is_not", Kind::Compare(CmpOp::IsNot)),
    ("neg", Kind::Unary(UnaryOp::USub)),
    ("pos", Kind::Unary(UnaryOp::UAdd)),
    ("invert", Kind::Unary(UnaryOp::Invert)),
    ("inv", Kind::Unary(UnaryOp::Invert)),
    ("not_", Kind::Unary(UnaryOp::Not)),
    ("truth", Kind::Truth),
    ("getitem", Kind::GetItem),
    ("setitem", Kind::SetItem),
];

/// The names of the supported `operator` functions, in table order (a test keeps the registry
/// rows in step).
#[cfg(test)]
pub(crate) fn names() -> impl Iterator<Item = &'static str> {
    OPERATORS.iter().map(|(n, _)| *n)
}

impl Lower<'_, '_> {
    /// `operator.<name>(args…)`.
    pub(super) fn operator_call(&mut self, name: &str, args: Vec<Arg>, range: TextRange) -> Val {
        let path = format!("operator.{name}");
        let Some(&(_, kind)) = OPERATORS.iter().find(|(n, _)| *n == name) else {
            return self.error(
                codes::UNKNOWN_NAME,
                range,
                format!("{path}() is not available in device code"),
            );
        };
        let arity = match kind {
            Kind::Binary(_) | Kind::Compare(_) | Kind::GetItem => 2,
            Kind::Unary(_) | Kind::Truth => 1,
            Kind::SetItem => 3,
        };
        if !self.arity(&path, &args, arity, arity, range) {
            return Val::Poison;
        }
        let mut vals = args.into_iter();
        let mut next = || vals.next().map_or(Val::Poison, |a| a.val);
        match kind {
            Kind::Binary(op) => {
                let (l, r) = (next(), next());
                self.binary(op, l, r, range)
            }
            Kind::Compare(op) => {
                let (l, r) = (next(), next());
                self.compare(op, l, r, range)
            }
            Kind::Unary(op) => {
                let v = next();
                self.unary(op, v, range)
            }
            Kind::Truth => {
                let v = next();
                let not = self.unary(UnaryOp::Not, v, range);
                self.unary(UnaryOp::Not, not, range)
            }
            Kind::GetItem => {
                let (base, index) = (next(), next());
                let index = self.index_positions(index);
                self.subscript_load(base, index, range)
            }
            Kind::SetItem => {
                let (base, index, value) = (next(), next(), next());
                let index = self.index_positions(index);
                self.store_with_index(base, index, value, range, range);
                Val::NoneV
            }
        }
    }

    /// A subscript given as a value (`operator.getitem(a, (i, j))`): its positions.
    fn index_positions(&mut self, index: Val) -> Vec<Index> {
        match self.tuple_items(&index) {
            Some(items) => items.into_iter().map(Index::Int).collect(),
            None => vec![Index::Int(index)],
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_operator_has_a_registry_row_and_back() {
        let table: Vec<&str> = super::names().collect();
        let rows: Vec<&str> = crate::builtins::module_functions("operator").collect();
        assert_eq!(table, rows);
    }
}
