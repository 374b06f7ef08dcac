//! `raise` in device code, and the checks debug builds add (numba-cuda's `debug=True`): a
//! zero divisor raises `ZeroDivisionError`, a tuple index out of range `IndexError`.
//!
//! Every check is an `intrinsic assert` on the condition that must hold, with the message and
//! the exception class recorded in the function under the instruction's location
//! (`assert_messages`, `exceptions`), where both back ends find them when the check fails: the
//! simulator fails the launch, the GPU records the failure and ends the thread, and the host
//! raises that exception class (docs/debugging.md). Each kind of check takes its location from
//! a different place, so two checks of one statement never share one: `raise` and `assert`
//! the statement's start, a division the last character of its divisor, a tuple index the
//! index expression's start.
//!
//! Without `debug`, `raise` ends the thread (`intrinsic exit`): numba-cuda's kernels return on
//! an exception and the host ignores it; the other checks are not made.

use oxcuda_ir::{BUILTIN_EXCEPTIONS, Const, Intrinsic, Op, Terminator, Value};
use oxcuda_syntax::ast::{self, Expr};
use oxcuda_syntax::{Ranged, TextRange, TextSize, codes};
use oxcuda_types::Type;

use super::Lower;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `raise Class` or `raise Class(constant, ...)`.
    pub(super) fn raise_stmt(&mut self, r: &ast::StmtRaise) {
        let Some(exc) = r.exc.as_deref() else {
            self.error(
                codes::UNSUPPORTED_SYNTAX,
                r.range(),
                "a bare 'raise' (re-raising) is not supported in device code",
            );
            return;
        };
        if let Some(cause) = r.cause.as_deref() {
            self.error(
                codes::UNSUPPORTED_SYNTAX,
                cause.range(),
                "'raise ... from ...' is not supported in device code",
            );
            return;
        }
        let (class_expr, args): (&Expr, &[Expr]) = match exc {
            Expr::Call(c) if c.arguments.keywords.is_empty() => (&c.func, &c.arguments.args),
            other => (other, &[]),
        };
        let Some(class) = self.exception_class(class_expr) else {
            return;
        };
        let mut parts = Vec::new();
        for a in args {
            // (str(arg), repr(arg)) as Python writes them.
            let text = match self.expr(a) {
                Val::Str(s) => {
                    parts.push((s.clone(), format!("'{s}'")));
                    continue;
                }
                Val::Int(i) => i.to_string(),
                Val::Float(x) => format!("{x:?}"),
                Val::Bool(b) => if b { "True" } else { "False" }.to_owned(),
                Val::Poison => return,
                other => {
                    let what = other.describe();
                    self.error_hint(
                        codes::UNSUPPORTED_SYNTAX,
                        a.range(),
                        format!("an exception raised in device code takes constant arguments, not {what}"),
                        "write a string literal, e.g. raise ValueError(\"x is negative\")",
                    );
                    return;
                }
            };
            parts.push((text.clone(), text));
        }
        // str(exception): its one argument, the tuple of several, empty for none.
        let message = match parts.as_slice() {
            [] => String::new(),
            [(text, _)] => text.clone(),
            many => format!(
                "({})",
                many.iter()
                    .map(|(_, repr)| repr.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        if self.sess.options.debug {
            let never = self.emit(Op::Const(Const::Bool(false)), Type::BOOL);
            let at = r.range().start();
            self.check_at(never, at, &class, message);
        } else {
            self.emit_void(Op::Intrinsic(Intrinsic::Exit, Vec::new()));
        }
        self.terminate(Terminator::Unreachable);
    }

    /// The exception class `e` names, as the host finds it (a builtin's name or a user class's
    /// key), or `None` after reporting an error.
    fn exception_class(&mut self, e: &Expr) -> Option<String> {
        let hint = "device code can raise Python's builtin exception classes (ValueError, \
                    IndexError, RuntimeError, ...) and exception classes defined at module \
                    level or in an enclosing function, with constant arguments";
        let Expr::Name(n) = e else {
            self.error_hint(
                codes::UNSUPPORTED_SYNTAX,
                e.range(),
                "device code can only raise an exception class or an instance of one with constant arguments",
                hint,
            );
            return None;
        };
        let name = n.id.as_str();
        if !self.assigned.contains(name)
            && let Some(crate::GlobalValue::ExceptionClass(key, _)) = self.fsrc.globals.get(name)
        {
            // A user-defined class: raised by its key.
            return Some(key.clone());
        }
        let shadowed = self.assigned.contains(name) || self.fsrc.globals.contains_key(name);
        if shadowed || !BUILTIN_EXCEPTIONS.contains(&name) {
            self.error_hint(
                codes::UNSUPPORTED_SYNTAX,
                e.range(),
                format!("'{name}' is not a builtin exception class: device code cannot raise it"),
                hint,
            );
            return None;
        }
        Some(name.to_owned())
    }

    /// A debug check: when `ok` is false the launch fails with `exception(message)` (an empty
    /// message is recorded as none, as an `assert` without one). The check
    /// is located at `at` (see the module docs: each kind of check has its own place).
    pub(super) fn check_at(&mut self, ok: Value, at: TextSize, exception: &str, message: String) {
        let saved = self.loc;
        self.at(TextRange::empty(at));
        self.emit_void(Op::Intrinsic(Intrinsic::Assert, vec![ok]));
        let loc = self.loc;
        if !message.is_empty() {
            self.f.assert_messages.push((loc, message));
        }
        self.f.exceptions.push((loc, exception.to_owned()));
        self.loc = saved;
    }
}
