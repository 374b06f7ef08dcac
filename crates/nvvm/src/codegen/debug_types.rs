//! DWARF types and variables of a debug build (`debug=True`): each named Python variable gets a
//! `DILocalVariable` of its type, declared on its stack slot (`llvm.dbg.declare`), so
//! `cuda-gdb` prints it by name, as numba-cuda's debug builds allow.
//!
//! Invariants:
//! - a type's node describes the LLVM type the variable's slot has (`types::reg`): a bool is
//!   `DW_ATE_boolean` of 8 bits (an `i1` slot takes a byte), float16 a 16-bit float, bfloat16
//!   and the fp8 types their storage bits (unsigned: they are bit patterns to the debugger);
//! - basic types are named as numba names them (`float32`, `int64`), composite ones by
//!   their numba type text (`complex64`, `array(float32, 1d, C)`), and their members' offsets
//!   follow LLVM's struct layout (each member at its alignment);
//! - an array is oxcuda's `{data, shape, strides}` (docs/abi.md), not numba's array struct;
//! - a record is a structure of its fields at their byte offsets (subarray fields are C
//!   arrays), of the record's size and alignment; a record value, a reference, is a pointer
//!   to it; a datetime item is its int64 count;
//! - every pointer has a base type (LLVM 7 requires one);
//! - a type with no DWARF form here gets no variable: its slot is still in memory, only
//!   unnamed to the debugger;
//! - temporaries (names starting with `$`) get no variable; a parameter's first version (the
//!   variable named as the parameter, not `x.1`) is argument `k` (`arg:`, from 1), so the
//!   debugger lists it among the function's arguments;
//! - type nodes are shared (`ModuleCtx::meta_shared`), one per distinct text; a basic type's
//!   fields are in llvmlite's order (`encoding`, `name`, `size`), so the text reads as in
//!   numba-cuda's `inspect_llvm()`.

use oxcuda_ir::{Dtype, Scalar, Type};

use super::ModuleCtx;
use super::debug::escape;

/// A DWARF type node with the size and alignment of the LLVM type it describes, in bits.
#[derive(Debug, Clone, Copy)]
pub(super) struct DebugType {
    pub node: u32,
    pub size: u64,
    pub align: u64,
}

/// `(encoding, bits)` of a scalar that is one DWARF basic type.
const fn basic(s: Scalar) -> Option<(&'static str, u64)> {
    Some(match s {
        Scalar::Bool => ("DW_ATE_boolean", 8),
        Scalar::I8 => ("DW_ATE_signed", 8),
        Scalar::I16 => ("DW_ATE_signed", 16),
        Scalar::I32 => ("DW_ATE_signed", 32),
        Scalar::I64 => ("DW_ATE_signed", 64),
        Scalar::U8 | Scalar::E4M3 | Scalar::E5M2 | Scalar::E8M0 => ("DW_ATE_unsigned", 8),
        Scalar::U16 | Scalar::BF16 => ("DW_ATE_unsigned", 16),
        Scalar::U32 => ("DW_ATE_unsigned", 32),
        Scalar::U64 => ("DW_ATE_unsigned", 64),
        Scalar::F16 => ("DW_ATE_float", 16),
        Scalar::F32 => ("DW_ATE_float", 32),
        Scalar::F64 => ("DW_ATE_float", 64),
        Scalar::C64 | Scalar::C128 => return None,
    })
}

const fn round_up(x: u64, align: u64) -> u64 {
    x.div_ceil(align) * align
}

impl ModuleCtx<'_> {
    fn basic_type(&mut self, name: &str, encoding: &str, bits: u64) -> DebugType {
        let node = self.meta_shared(format!(
            "!DIBasicType(encoding: {encoding}, name: \"{name}\", size: {bits})"
        ));
        DebugType {
            node,
            size: bits,
            align: bits,
        }
    }

    /// A `DW_TAG_structure_type` named `name` of `(member name, type)` in LLVM's layout.
    fn struct_type(&mut self, name: &str, members: &[(String, DebugType)]) -> DebugType {
        let mut offset = 0;
        let mut align = 8;
        let mut placed = Vec::with_capacity(members.len());
        for (member, t) in members {
            offset = round_up(offset, t.align);
            placed.push((member.clone(), *t, offset));
            offset += t.size;
            align = align.max(t.align);
        }
        self.placed_struct(name, &placed, round_up(offset, align), align)
    }

    /// A `DW_TAG_structure_type` of `(member name, type, offset)` (bits), `size` and `align`.
    fn placed_struct(
        &mut self,
        name: &str,
        members: &[(String, DebugType, u64)],
        size: u64,
        align: u64,
    ) -> DebugType {
        let mut nodes = Vec::with_capacity(members.len());
        for (member, t, offset) in members {
            nodes.push(format!(
                "!{}",
                self.meta_shared(format!(
                    "!DIDerivedType(tag: DW_TAG_member, name: \"{}\", baseType: !{}, size: {}, offset: {offset})",
                    escape(member),
                    t.node,
                    t.size
                ))
            ));
        }
        let elements = self.meta_shared(format!("!{{{}}}", nodes.join(", ")));
        let node = self.meta_shared(format!(
            "!DICompositeType(tag: DW_TAG_structure_type, name: \"{}\", size: {size}, elements: !{elements})",
            escape(name)
        ));
        DebugType { node, size, align }
    }

    /// The type of an item of `dtype`: a scalar, a record (its fields at their offsets), or a
    /// datetime's int64 count.
    fn dtype_type(&mut self, dtype: &Dtype) -> DebugType {
        match dtype {
            Dtype::Scalar(s) => self.scalar_type(*s),
            // Front end only: as the storage record it is held as.
            Dtype::CharSeq(_) => self.dtype_type(&dtype.erased()),
            Dtype::Record(r) => {
                let rt = r.get();
                let mut members = Vec::with_capacity(rt.fields.len());
                for f in &rt.fields {
                    let item = self.dtype_type(&f.dtype);
                    let t = if f.shape.is_empty() {
                        item
                    } else {
                        self.array_of(item, &f.shape)
                    };
                    members.push((f.name.clone(), t, u64::from(f.offset) * 8));
                }
                let name = Type::Record(*r).to_string();
                self.placed_struct(
                    &name,
                    &members,
                    u64::from(rt.size) * 8,
                    u64::from(rt.align) * 8,
                )
            }
            Dtype::Datetime(_) => self.basic_type("int64", "DW_ATE_signed", 64),
        }
    }

    /// A C array of `item` with extents `shape` (a record's subarray field).
    fn array_of(&mut self, item: DebugType, shape: &[u64]) -> DebugType {
        let ranges: Vec<String> = shape
            .iter()
            .map(|n| format!("!DISubrange(count: {n})"))
            .collect();
        let ranges = self.meta_shared(format!("!{{{}}}", ranges.join(", ")));
        let size = shape.iter().product::<u64>() * item.size;
        let node = self.meta_shared(format!(
            "!DICompositeType(tag: DW_TAG_array_type, baseType: !{}, size: {size}, elements: !{ranges})",
            item.node
        ));
        DebugType {
            node,
            size,
            align: item.align,
        }
    }

    /// `[count x int64]`, an array's extents or strides.
    fn extents_type(&mut self, count: u32) -> DebugType {
        let int64 = self.basic_type("int64", "DW_ATE_signed", 64);
        let range = self.meta_shared(format!("!{{!DISubrange(count: {count})}}"));
        let size = 64 * u64::from(count);
        let node = self.meta_shared(format!(
            "!DICompositeType(tag: DW_TAG_array_type, baseType: !{}, size: {size}, elements: !{range})",
            int64.node
        ));
        DebugType {
            node,
            size,
            align: 64,
        }
    }

    fn pointer_type(&mut self, to: DebugType) -> DebugType {
        let node = self.meta_shared(format!(
            "!DIDerivedType(tag: DW_TAG_pointer_type, baseType: !{}, size: 64)",
            to.node
        ));
        DebugType {
            node,
            size: 64,
            align: 64,
        }
    }

    fn scalar_type(&mut self, s: Scalar) -> DebugType {
        match basic(s) {
            Some((encoding, bits)) => self.basic_type(s.name(), encoding, bits),
            None => {
                let part = self.scalar_type(s.complex_part());
                self.struct_type(
                    s.name(),
                    &[("real".to_owned(), part), ("imag".to_owned(), part)],
                )
            }
        }
    }

    /// The DWARF type of a value of `ty`, or `None` where it has no form here.
    pub(super) fn debug_type(&mut self, ty: &Type) -> Option<DebugType> {
        Some(match ty {
            Type::Scalar(s) => self.scalar_type(*s),
            Type::Array(a) => {
                let element = self.dtype_type(&a.dtype);
                let data = self.pointer_type(element);
                let extents = self.extents_type(a.ndim);
                self.struct_type(
                    &ty.to_string(),
                    &[
                        ("data".to_owned(), data),
                        ("shape".to_owned(), extents),
                        ("strides".to_owned(), extents),
                    ],
                )
            }
            Type::Tuple(items) => {
                let mut members = Vec::with_capacity(items.len());
                for (k, item) in items.iter().enumerate() {
                    members.push((k.to_string(), self.debug_type(item)?));
                }
                self.struct_type(&ty.to_string(), &members)
            }
            Type::Pointer(dtype) => {
                let to = self.dtype_type(dtype);
                self.pointer_type(to)
            }
            // A record value is a reference to its bytes (`types.rs`).
            Type::Record(r) => {
                let to = self.dtype_type(&Dtype::Record(*r));
                self.pointer_type(to)
            }
            _ => return None,
        })
    }

    /// The `DILocalVariable` of Python variable `name` of `ty` in `scope`, declared at `line`;
    /// `arg` is its parameter number (from 1) when it is a parameter's first version.
    /// `None` for temporaries and types without a DWARF form.
    pub(super) fn debug_variable(
        &mut self,
        scope: u32,
        file: u32,
        (name, arg): (&str, Option<usize>),
        ty: &Type,
        line: u32,
    ) -> Option<u32> {
        if name.starts_with('$') || name.is_empty() {
            return None;
        }
        let t = self.debug_type(ty)?;
        let arg = arg.map_or_else(String::new, |n| format!(", arg: {n}"));
        Some(self.meta(format!(
            "!DILocalVariable(name: \"{}\"{arg}, scope: !{scope}, file: !{file}, line: {line}, type: !{})",
            escape(name),
            t.node
        )))
    }
}
