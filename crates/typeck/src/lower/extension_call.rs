//! Calls of extension functions (`@overload`, `@register_jitable`), `@overload_method`s and
//! `@overload_attribute`s: the arguments' types go to the session's resolver
//! ([`crate::extension`]), and the implementation it returns is bound to the arguments like a
//! device function's parameters (keywords, defaults, `*args`) and called, specialised for them.

use oxcuda_syntax::TextRange;
use oxcuda_syntax::codes;

use super::Lower;
use super::call::Arg;
use crate::extension::{ArgInfo, Callee, Literal, Query};
use crate::value::Val;

impl Lower<'_, '_> {
    /// A call of extension callee `callee` (`name` for messages) with positional `args` (the
    /// receiver first for a method) and `keywords`.
    pub(super) fn extension_call(
        &mut self,
        callee: Callee,
        name: &str,
        args: Vec<Arg>,
        keywords: Vec<(String, Arg)>,
        range: TextRange,
    ) -> Val {
        let mut infos = Vec::with_capacity(args.len());
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            let Some((info, arg)) = self.extension_arg(a) else {
                return Val::Poison;
            };
            infos.push(info);
            values.push(arg);
        }
        let mut keyword_infos = Vec::with_capacity(keywords.len());
        let mut keyword_values = Vec::with_capacity(keywords.len());
        for (k, a) in keywords {
            let Some((info, arg)) = self.extension_arg(a) else {
                return Val::Poison;
            };
            keyword_infos.push((k.clone(), info));
            keyword_values.push((k, arg));
        }
        let method = matches!(callee, Callee::Method(_));
        let query = Query {
            callee,
            args: infos,
            keywords: keyword_infos,
        };
        match self.sess.extension(&query) {
            Ok(Some(src)) => {
                let Some(bound) = self.bind_device_args(src, values, keyword_values, range) else {
                    return Val::Poison;
                };
                self.device_call(src, bound, range)
            }
            Ok(None) if method => {
                let what = query.args[0].ty.to_string();
                self.error(
                    codes::UNKNOWN_ATTRIBUTE,
                    range,
                    format!("{what} has no method '{name}' in device code"),
                )
            }
            Ok(None) => self.error_hint(
                codes::UNKNOWN_NAME,
                range,
                format!("{name}() has no implementation for device code"),
                "register one with oxcuda.cuda.extending.overload or register_jitable",
            ),
            Err((code, message)) => self.error(code, range, message),
        }
    }

    /// `receiver.<attr>` for a receiver oxcuda has no such attribute for: a bound
    /// `@overload_method` when one of that name exists, else the `@overload_attribute`'s
    /// value; `None` when no extension has the name (the caller's error stands).
    pub(super) fn extension_attribute(
        &mut self,
        base: &Val,
        attr: &str,
        range: TextRange,
    ) -> Option<Val> {
        if !matches!(base, Val::Rt(..)) {
            return None;
        }
        if self.sess.has_extension_method(attr) {
            return Some(Val::ExtMethod(Box::new(base.clone()), attr.to_owned()));
        }
        let (info, arg) = self.extension_arg(Arg {
            val: base.clone(),
            range,
        })?;
        let query = Query {
            callee: Callee::Attribute(attr.to_owned()),
            args: vec![info],
            keywords: Vec::new(),
        };
        match self.sess.extension(&query) {
            Ok(None) => None,
            Ok(Some(src)) => Some(self.device_call(src, vec![arg], range)),
            Err((code, message)) => Some(self.error(code, range, message)),
        }
    }

    /// An argument's type for the resolver (with its value when it is a literal), and the
    /// argument as the runtime value the implementation receives.
    fn extension_arg(&mut self, a: Arg) -> Option<(ArgInfo, Arg)> {
        // A function value is passed on as it is (bound like a device function's argument:
        // a closure with the locals it captures); the typing function sees its type.
        let function = match &a.val {
            Val::Closure(i, _) | Val::Jit(i) => Some(self.sess.sources.get(*i).name.clone()),
            _ => None,
        };
        if let Some(name) = function {
            let info = ArgInfo {
                ty: oxcuda_types::Type::None,
                literal: None,
                function: Some(name),
            };
            return Some((info, a));
        }
        let literal = match a.val {
            Val::Int(i) => Some(Literal::Int(i)),
            Val::Bool(b) => Some(Literal::Bool(b)),
            _ => None,
        };
        let (v, ty) = self.materialize(a.val, a.range)?;
        Some((
            ArgInfo {
                ty: ty.clone(),
                literal,
                function: None,
            },
            Arg {
                val: Val::Rt(v, ty),
                range: a.range,
            },
        ))
    }
}
