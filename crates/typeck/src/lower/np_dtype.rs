//! `np.dtype(descriptor)` in device code (numba's `@overload(np.dtype)`): a dtype object, held
//! as the type object of its scalar (`Val::TypeObj`), the same value `arr.dtype` gives, so it
//! serves wherever a dtype is taken (`cuda.shared.array(n, dtype=np.dtype("int32"))`,
//! `np.empty`, `cuda.local.array`).
//!
//! As numba's, the descriptor must be a compile-time string (a NumPy dtype string: a name,
//! `"f4"`, `"<i8"`, a one-character code) or a scalar type object (`np.int32`); `align` and
//! `copy` are accepted and change nothing. Anything else is a typing error naming the
//! descriptor: NumPy's "data type … not understood" for a string NumPy would refuse, and a
//! message naming the dtype for one NumPy accepts but kernels cannot hold (`"O"`, `"U8"`,
//! big-endian).

use oxcuda_syntax::{TextRange, codes};
use oxcuda_types::{Scalar, Type};

use super::Lower;
use super::call::Arg;
use crate::value::Val;

impl Lower<'_, '_> {
    /// `numpy.dtype(dtype, align=False, copy=False)` (arguments bound by the registry's
    /// signature).
    pub(crate) fn numpy_dtype(&mut self, args: &[Arg], range: TextRange) -> Val {
        if !self.arity("np.dtype", args, 1, 3, range) {
            return Val::Poison;
        }
        let arg = &args[0];
        match &arg.val {
            Val::Poison => Val::Poison,
            Val::TypeObj(Type::Scalar(s)) => Val::TypeObj(Type::Scalar(*s)),
            Val::Str(text) => match dtype_string(text) {
                Ok(s) => Val::TypeObj(Type::Scalar(s)),
                Err(why) => self.error_hint(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    format!("np.dtype({text:?}): {why}"),
                    "write a NumPy scalar type name such as 'float32' or 'int64', or a type \
                     object such as np.float32",
                ),
            },
            other => {
                let what = other.describe();
                self.error_hint(
                    codes::TYPE_MISMATCH,
                    arg.range,
                    format!("np.dtype(): unknown dtype descriptor: {what}"),
                    "numba accepts a constant string or a scalar type object, e.g. \
                     np.dtype('float32') or np.dtype(np.float32)",
                )
            }
        }
    }
}

/// The scalar a NumPy dtype string names, or why it names none kernels can hold.
fn dtype_string(text: &str) -> Result<Scalar, String> {
    // Byte order: native and little-endian are the same here; big-endian is not.
    let (order, body) = match text.chars().next() {
        Some(c @ ('<' | '>' | '=' | '|')) => (Some(c), &text[1..]),
        _ => (None, text),
    };
    let scalar = Scalar::from_name(body).or_else(|| {
        Some(match body {
            "float" => Scalar::F64,
            "int" => Scalar::I64,
            "complex" => Scalar::C128,
            "?" => Scalar::Bool,
            "b" => Scalar::I8,
            "B" => Scalar::U8,
            "h" => Scalar::I16,
            "H" => Scalar::U16,
            "i" => Scalar::I32,
            "I" => Scalar::U32,
            "l" | "q" | "p" => Scalar::I64,
            "L" | "Q" | "P" => Scalar::U64,
            "e" => Scalar::F16,
            "f" => Scalar::F32,
            "d" => Scalar::F64,
            "F" => Scalar::C64,
            "D" => Scalar::C128,
            _ => return None,
        })
    });
    match scalar {
        Some(s) if order == Some('>') && s.size() > 1 => Err(format!(
            "a big-endian {s} cannot be held in device code (GPUs are little-endian)"
        )),
        Some(s) => Ok(s),
        None if numpy_only(body) => Err(format!(
            "the NumPy dtype '{body}' cannot be held in device code: kernels use bool, \
             integer, float and complex scalars and records"
        )),
        None => Err(format!("data type '{text}' not understood")),
    }
}

/// Whether `body` is a NumPy dtype string of a kind device code has no scalar for: objects,
/// strings, bytes, void, datetimes, long doubles.
fn numpy_only(body: &str) -> bool {
    let kind_then_digits = |kinds: &[char]| {
        let mut chars = body.chars();
        chars.next().is_some_and(|c| kinds.contains(&c)) && chars.all(|c| c.is_ascii_digit())
    };
    matches!(
        body,
        "object"
            | "object_"
            | "str"
            | "str_"
            | "bytes"
            | "bytes_"
            | "void"
            | "longdouble"
            | "clongdouble"
            | "float128"
            | "complex256"
            | "g"
            | "G"
    ) || kind_then_digits(&['O', 'U', 'S', 'a', 'V'])
        || body.starts_with("datetime64")
        || body.starts_with("timedelta64")
        || body.starts_with("M8")
        || body.starts_with("m8")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numpy_strings_name_scalars() {
        for (text, want) in [
            ("int32", Scalar::I32),
            ("<f4", Scalar::F32),
            ("=i8", Scalar::I64),
            ("|b1", Scalar::Bool),
            ("float", Scalar::F64),
            ("d", Scalar::F64),
            ("F", Scalar::C64),
            ("?", Scalar::Bool),
            (">u1", Scalar::U8),
        ] {
            assert_eq!(dtype_string(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn refusals_say_why() {
        assert_eq!(
            dtype_string("int33"),
            Err("data type 'int33' not understood".to_owned())
        );
        assert!(dtype_string("O").unwrap_err().contains("cannot be held"));
        assert!(dtype_string("U12").unwrap_err().contains("cannot be held"));
        assert!(dtype_string(">f8").unwrap_err().contains("big-endian"));
    }
}
