//! Enum members (`enum.Enum`, `enum.IntEnum`) in device code, as numba types them.
//!
//! - A member of an `IntEnum` class taken from a global is its integer (numba's
//!   `IntEnumMember` converts to int wherever an integer is wanted; keeping the literal keeps
//!   constant folding: `cuda.local.array(Size.n, int32)` works).
//! - A member of another enum class is a runtime value of type `EnumMember(class, value type)`
//!   (`oxcuda_types::nominal`): only `==`, `!=`, `is`, `is not` (members of the same class,
//!   comparing values) and `.value` apply to it.
//! - An enum member passed to a kernel or device function keeps its class in its type, an
//!   `IntEnum`'s too (`IntEnumMember`): it is an integer in arithmetic and comparisons
//!   ([`Lower::plain`]), and `is` tells members of different classes apart as Python does.
//! - `Color.red` and `Color["red"]` look members up on the class; a name the class lacks is
//!   an `unknown-attribute` error listing the members.

use oxcuda_syntax::TextRange;
use oxcuda_syntax::ast::CmpOp as C;
use oxcuda_syntax::codes;
use oxcuda_types::{EnumType, Type};

use super::Lower;
use crate::globals::EnumClass;
use crate::value::Val;

impl Lower<'_, '_> {
    /// Member `name` of enum class `class`.
    pub(crate) fn enum_member(&mut self, class: &EnumClass, name: &str, range: TextRange) -> Val {
        let Some(value) = class.member(name).cloned() else {
            let names: Vec<&str> = class.members.iter().map(|(n, _)| n.as_str()).collect();
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!(
                    "the enum class {} has no member '{name}' (its members: {})",
                    class.class,
                    names.join(", ")
                ),
            );
        };
        let value = self.global_value(name, &value, range);
        if class.int {
            return value;
        }
        let Some((v, ty)) = self.materialize(value, range) else {
            return Val::Poison;
        };
        Val::Rt(
            v,
            Type::Enum(Box::new(EnumType {
                class: class.class.clone(),
                int: false,
                value: ty,
            })),
        )
    }

    /// `member.value` (and the attributes members lack).
    pub(crate) fn enum_attribute(
        &mut self,
        v: oxcuda_ir::Value,
        e: &EnumType,
        attr: &str,
        range: TextRange,
    ) -> Val {
        match attr {
            "value" => Val::Rt(v, e.value.clone()),
            "name" => self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!(
                    "an enum member's name is a string, which device code has no type for ({e})"
                ),
            ),
            _ => self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!("{e} has no attribute '{attr}' in device code (members have '.value')"),
            ),
        }
    }

    /// `l <op> r` where either side is an enum member typed with its class; `None` when
    /// neither is, or when both are integers for this comparison (`IntEnum` members compare
    /// as their values, through [`Self::plain`]).
    pub(crate) fn enum_compare(
        &mut self,
        op: C,
        l: &Val,
        r: &Val,
        range: TextRange,
    ) -> Option<Val> {
        let enum_of = |v: &Val| match v {
            Val::Rt(_, Type::Enum(e)) => Some((**e).clone()),
            _ => None,
        };
        let (le, re) = (enum_of(l), enum_of(r));
        if le.is_none() && re.is_none() {
            return None;
        }
        let values = || (value_of(l), value_of(r));
        match op {
            C::Is | C::IsNot => {
                // numba: `is` on members of one class compares values; of different types, False.
                let same = if le.is_some() && le == re {
                    let (a, b) = values();
                    self.compare(C::Eq, a, b, range)
                } else {
                    Val::Bool(false)
                };
                Some(if op == C::Is {
                    same
                } else {
                    self.unary(oxcuda_syntax::ast::UnaryOp::Not, same, range)
                })
            }
            _ if le.is_some() && le == re && matches!(op, C::Eq | C::NotEq) => {
                let (a, b) = values();
                Some(self.compare(op, a, b, range))
            }
            _ if le.as_ref().is_none_or(|e| e.int) && re.as_ref().is_none_or(|e| e.int) => None,
            C::Eq | C::NotEq => {
                let (dl, dr) = (l.describe(), r.describe());
                Some(self.error_hint(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("cannot compare {dl} with {dr}"),
                    "enum members compare with members of their own class; compare '.value' to compare values",
                ))
            }
            _ => {
                let what = le.or(re).map(|e| e.to_string()).unwrap_or_default();
                Some(self.error(
                    codes::TYPE_MISMATCH,
                    range,
                    format!("members of {what} have no ordering (only IntEnum members do)"),
                ))
            }
        }
    }
}

/// An enum member as its value (anything else unchanged).
fn value_of(v: &Val) -> Val {
    match v {
        Val::Rt(x, Type::Enum(e)) => Val::Rt(*x, e.value.clone()),
        other => other.clone(),
    }
}
