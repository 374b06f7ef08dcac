//! `assert test, message`: checked only in debug builds (numba-cuda's `debug=True`).
//!
//! The check is `intrinsic assert` on the condition; the message, a constant, is recorded in
//! the function's `assert_messages` under the intrinsic's location, where both back ends find
//! it when the assertion fails (docs/debugging.md).

use oxcuda_ir::{Const, Intrinsic, Op};
use oxcuda_syntax::ast::{self, Expr};
use oxcuda_syntax::{Ranged, codes};
use oxcuda_types::Type;

use super::Lower;
use super::convert::Cond;
use crate::value::Val;

impl Lower<'_, '_> {
    pub(super) fn assert_stmt(&mut self, a: &ast::StmtAssert) {
        if !self.sess.options.debug {
            return;
        }
        let message = match a.msg.as_deref() {
            None => None,
            Some(m) => match self.assert_message(m) {
                Some(text) => Some(text),
                None => return,
            },
        };
        let c = self.expr(&a.test);
        let cond = match self.truth(c, a.test.range()) {
            Some(Cond::Runtime(v)) => v,
            Some(Cond::Known(false)) => self.emit(Op::Const(Const::Bool(false)), Type::BOOL),
            Some(Cond::Known(true)) | None => return,
        };
        self.emit_void(Op::Intrinsic(Intrinsic::Assert, vec![cond]));
        if let Some(text) = message {
            let loc = self.loc;
            self.f.assert_messages.push((loc, text));
        }
    }

    /// The text of an assert message: a constant string, number or bool.
    fn assert_message(&mut self, m: &Expr) -> Option<String> {
        if let Expr::StringLiteral(s) = m {
            return Some(s.value.to_str().to_owned());
        }
        let text = match self.expr(m) {
            Val::Str(s) => s,
            Val::Int(i) => i.to_string(),
            Val::Float(x) => format!("{x:?}"),
            Val::Bool(b) => if b { "True" } else { "False" }.to_owned(),
            Val::Poison => return None,
            other => {
                let what = other.describe();
                self.error_hint(
                    codes::UNSUPPORTED_SYNTAX,
                    m.range(),
                    format!("an assert message in device code must be a constant, not {what}"),
                    "write a string literal, e.g. assert x >= 0, \"x is negative\"",
                );
                return None;
            }
        };
        Some(text)
    }
}
