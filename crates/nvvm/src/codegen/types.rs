//! LLVM type text for IR types, in registers and in memory.
//!
//! Invariants (the ABI in `docs/abi.md` depends on them):
//! - in registers a bool is `i1`; in memory (arrays, kernel parameters) it is `i8` holding 0/1;
//! - float16 is `half`; bfloat16 is `i16` (its bits: LLVM 7 has no `bfloat`, see `bf16.rs`); complex64/128 are `{ float, float }` / `{ double, double }`;
//! - an array value is `{ T*, [N x i64], [N x i64] }`: a generic data pointer to the element's
//!   memory type, the extents, the byte strides; layout and readonly do not change the LLVM type,
//!   so a cast between arrays of one dtype and ndim is free;
//! - a tuple is an LLVM struct of its elements' register types; `none` is the empty struct `{}`;
//! - a record is `i8*`, the address of its first byte (numba passes records by reference); in
//!   memory (as an array's element type) it is `[size x i8]`, so an element address is a typed
//!   `getelementptr` like any other;
//! - every pointer is generic (address space 0): the IR does not say where memory lives, and
//!   libNVVM's address-space inference recovers `ld.global`/`ld.shared` where it can.

use oxcuda_ir::{ArrayType, Dtype, Scalar, Type};

/// The register type of a scalar.
pub(super) const fn scalar_reg(s: Scalar) -> &'static str {
    match s {
        Scalar::Bool => "i1",
        _ => scalar_mem(s),
    }
}

/// The memory type of a scalar (bool is a byte).
pub(super) const fn scalar_mem(s: Scalar) -> &'static str {
    match s {
        // The fp8 types are their byte (converted by the device library, never here).
        Scalar::Bool | Scalar::I8 | Scalar::U8 | Scalar::E4M3 | Scalar::E5M2 | Scalar::E8M0 => "i8",
        Scalar::I16 | Scalar::U16 | Scalar::BF16 => "i16",
        Scalar::I32 | Scalar::U32 => "i32",
        Scalar::I64 | Scalar::U64 => "i64",
        Scalar::F16 => "half",
        Scalar::F32 => "float",
        Scalar::F64 => "double",
        Scalar::C64 => "{ float, float }",
        Scalar::C128 => "{ double, double }",
    }
}

/// The natural alignment of a scalar in memory (a complex aligns as its parts).
pub(super) const fn scalar_align(s: Scalar) -> u32 {
    oxcuda_ir::record::scalar_align(s)
}

/// The memory type of an array element: a scalar's, or a record's bytes.
pub(super) fn dtype_mem(d: Dtype) -> String {
    match d {
        Dtype::Scalar(s) => scalar_mem(s).to_owned(),
        Dtype::Record(r) => format!("[{} x i8]", r.size),
        Dtype::Datetime(_) => "i64".to_owned(),
        Dtype::CharSeq(_) => dtype_mem(d.erased()),
    }
}

/// The LLVM struct holding an array value.
pub(super) fn array_reg(a: &ArrayType) -> String {
    format!(
        "{{ {}*, [{n} x i64], [{n} x i64] }}",
        dtype_mem(a.dtype),
        n = a.ndim
    )
}

/// The register type of any IR type.
pub(super) fn reg(ty: &Type) -> String {
    match ty {
        Type::None => "{}".to_owned(),
        Type::Scalar(s) => scalar_reg(*s).to_owned(),
        Type::Array(a) => array_reg(a),
        Type::Tuple(items) => {
            if items.is_empty() {
                "{}".to_owned()
            } else {
                let parts: Vec<String> = items.iter().map(reg).collect();
                format!("{{ {} }}", parts.join(", "))
            }
        }
        Type::Pointer(d) => format!("{}*", dtype_mem(*d)),
        Type::Record(_) => "i8*".to_owned(),
        // Front-end types (never in the IR): as the value they hold.
        Type::Enum(_)
        | Type::NamedTuple(_)
        | Type::Vector(_)
        | Type::Fp8Vector(_)
        | Type::Fragment(_)
        | Type::Datetime(_)
        | Type::CharSeq(_)
        | Type::Optional(_)
        | Type::Class(_) => reg(&ty.erased()),
    }
}

/// The LLVM types of a kernel parameter of type `ty`, flattened as `docs/abi.md` specifies:
/// scalars by value (bool as `i8`), arrays as pointer + extents + strides, tuples element by
/// element, `none` as nothing.
pub(super) fn kernel_params(ty: &Type, out: &mut Vec<String>) {
    match ty {
        Type::None => {}
        Type::Scalar(s) => out.push(scalar_mem(*s).to_owned()),
        Type::Pointer(d) => out.push(format!("{}*", dtype_mem(*d))),
        Type::Record(_) => out.push("i8*".to_owned()),
        Type::Array(a) => {
            out.push(format!("{}*", dtype_mem(a.dtype)));
            for _ in 0..2 * a.ndim {
                out.push("i64".to_owned());
            }
        }
        Type::Tuple(items) => items.iter().for_each(|t| kernel_params(t, out)),
        Type::Enum(_)
        | Type::NamedTuple(_)
        | Type::Vector(_)
        | Type::Fp8Vector(_)
        | Type::Fragment(_)
        | Type::Datetime(_)
        | Type::CharSeq(_)
        | Type::Optional(_)
        | Type::Class(_) => kernel_params(&ty.erased(), out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oxcuda_ir::Layout;

    #[test]
    fn register_and_parameter_types() {
        let arr = Type::Array(ArrayType {
            dtype: Scalar::Bool.into(),
            ndim: 2,
            layout: Layout::C,
            readonly: false,
            aligned: true,
        });
        assert_eq!(reg(&arr), "{ i8*, [2 x i64], [2 x i64] }");
        let tup = Type::Tuple(vec![Type::BOOL, arr.clone(), Type::Scalar(Scalar::C64)]);
        assert_eq!(
            reg(&tup),
            "{ i1, { i8*, [2 x i64], [2 x i64] }, { float, float } }"
        );
        let mut params = Vec::new();
        kernel_params(&tup, &mut params);
        assert_eq!(
            params,
            ["i8", "i8*", "i64", "i64", "i64", "i64", "{ float, float }"]
        );
        assert_eq!(reg(&Type::None), "{}");
        assert_eq!(scalar_align(Scalar::C128), 8);
    }
}
