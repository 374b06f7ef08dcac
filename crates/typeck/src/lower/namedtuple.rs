//! Namedtuples (`collections.namedtuple`, `typing.NamedTuple`) in device code, as numba types
//! them (`NamedTuple`): a tuple whose type also names its class and fields.
//!
//! - `p.x` reads field `x`; `p[0]`, `len(p)`, unpacking, iteration and `==` treat `p` as the
//!   tuple of its items ([`Lower::plain`]).
//! - A namedtuple class captured from a global or closure builds an instance when called:
//!   `Point(1, 2.5)`, `Point(x=1, y=2.5)`, defaults (`_field_defaults`) filling omitted
//!   trailing fields; a missing, extra or repeated field is a `bad-call` error.
//! - Instances passed to kernels and device functions, returned from device functions and
//!   captured from globals keep their class in their type.

use oxcuda_ir::Op;
use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;
use oxcuda_types::{NamedTupleType, Type};

use super::Lower;
use super::call::Arg;
use crate::globals::NamedTupleClass;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `p.<attr>`: the field's value.
    pub(crate) fn namedtuple_field(
        &mut self,
        v: oxcuda_ir::Value,
        n: &NamedTupleType,
        attr: &str,
        range: TextRange,
    ) -> Val {
        let Some(k) = n.field(attr) else {
            return self.error(
                codes::UNKNOWN_ATTRIBUTE,
                range,
                format!(
                    "the namedtuple {} has no field '{attr}' (its fields: {})",
                    n.class,
                    n.fields.join(", ")
                ),
            );
        };
        let ty = n.items[k].clone();
        let item = self.emit(
            Op::TupleGet(v, u32::try_from(k).unwrap_or(u32::MAX)),
            ty.clone(),
        );
        Val::Rt(item, ty)
    }

    /// An instance of `class` holding `items` (one per field, in order).
    pub(crate) fn make_namedtuple(
        &mut self,
        class: &NamedTupleClass,
        items: Vec<Val>,
        range: TextRange,
    ) -> Val {
        let mut values = Vec::with_capacity(items.len());
        let mut types = Vec::with_capacity(items.len());
        for item in items {
            let Some((v, t)) = self.materialize(item, range) else {
                return Val::Poison;
            };
            values.push(v);
            types.push(t);
        }
        let ty = Type::NamedTuple(Box::new(NamedTupleType {
            class: class.class.clone(),
            fields: class.fields.clone(),
            items: types,
        }));
        Val::Rt(self.emit(Op::MakeTuple(values), ty.clone()), ty)
    }

    /// `Class(args..., field=value...)`: binds the arguments to the fields as the class's
    /// `__new__` does, then builds the instance.
    pub(crate) fn construct_namedtuple(
        &mut self,
        class: &NamedTupleClass,
        args: Vec<Arg>,
        keywords: Vec<(String, Arg)>,
        range: TextRange,
    ) -> Val {
        let n = class.fields.len();
        let short = class
            .class
            .rsplit('.')
            .next()
            .unwrap_or(&class.class)
            .to_owned();
        if args.len() > n {
            return self.error(
                codes::BAD_CALL,
                range,
                format!(
                    "{short}() takes {n} arguments but {} were given",
                    args.len()
                ),
            );
        }
        let mut slots: Vec<Option<Val>> = args.into_iter().map(|a| Some(a.val)).collect();
        slots.resize(n, None);
        for (name, arg) in keywords {
            let Some(k) = class.fields.iter().position(|f| *f == name) else {
                return self.error(
                    codes::BAD_CALL,
                    arg.range,
                    format!(
                        "{short}() has no field '{name}' (its fields: {})",
                        class.fields.join(", ")
                    ),
                );
            };
            if slots[k].is_some() {
                return self.error(
                    codes::BAD_CALL,
                    arg.range,
                    format!("{short}() got multiple values for field '{name}'"),
                );
            }
            slots[k] = Some(arg.val);
        }
        let mut items = Vec::with_capacity(n);
        for (k, slot) in slots.into_iter().enumerate() {
            let field = &class.fields[k];
            let item = match slot {
                Some(v) => v,
                None => match class.defaults.iter().find(|(f, _)| f == field) {
                    Some((_, d)) => {
                        let d = d.clone();
                        self.global_value(field, &d, range)
                    }
                    None => {
                        return self.error(
                            codes::BAD_CALL,
                            range,
                            format!("{short}() is missing a value for field '{field}'"),
                        );
                    }
                },
            };
            items.push(item);
        }
        self.make_namedtuple(class, items, range)
    }
}
