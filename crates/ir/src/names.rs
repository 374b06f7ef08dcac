//! The text names of the IR: every operation's mnemonic and every operator's, intrinsic's and
//! cache operator's name, written once here for the printer (`print.rs`) and the parser
//! (`parse.rs`), which read them from this file and nowhere else.
//!
//! An enum of plain variants gets its names from [`named!`]: `name()`, `ALL` and
//! `from_name()` come from one list, so a variant cannot print as a word the parser does not
//! know. Intrinsics carry a [`Dim`] or a mode, so their names are one table of
//! `(Intrinsic, name)` pairs ([`INTRINSICS`]); a test checks that it covers every variant.

use oxcuda_types::Scalar;

use crate::ops::{
    AtomicOp, BinOp, CmpOp, Dim, Intrinsic, LoadCache, MatchMode, ShflMode, StoreCache, UnaryOp,
    VoteMode,
};

/// Gives an enum of unit variants `name()`, `ALL` and `from_name()` from one list of
/// `Variant => "name"` pairs.
macro_rules! named {
    ($ty:ident { $($variant:ident => $name:literal),* $(,)? }) => {
        impl $ty {
            /// Every variant, in declaration order of the name table.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),*];

            /// The variant's name in the IR text.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name),*
                }
            }

            /// The variant whose IR text name is `name`.
            #[must_use]
            pub fn from_name(name: &str) -> Option<Self> {
                Self::ALL.iter().copied().find(|v| v.name() == name)
            }
        }
    };
}

named!(UnaryOp {
    Neg => "neg",
    BitNot => "bitnot",
    Not => "not",
});

named!(BinOp {
    Add => "add",
    Sub => "sub",
    Mul => "mul",
    Div => "div",
    FloorDiv => "floordiv",
    Mod => "mod",
    Pow => "pow",
    BitAnd => "and",
    BitOr => "or",
    BitXor => "xor",
    Shl => "shl",
    Shr => "shr",
    Min => "min",
    Max => "max",
});

named!(CmpOp {
    Eq => "eq",
    Ne => "ne",
    Lt => "lt",
    Le => "le",
    Gt => "gt",
    Ge => "ge",
});

named!(AtomicOp {
    Add => "add",
    Sub => "sub",
    Min => "min",
    Max => "max",
    NanMin => "nanmin",
    NanMax => "nanmax",
    And => "and",
    Or => "or",
    Xor => "xor",
    Exch => "exch",
    Inc => "inc",
    Dec => "dec",
    Cas => "cas",
});

// Cache operators are PTX's own names (`ld.global.cg`), so the text form, the NVVM writer's
// inline assembly and the Python names (`cuda.ldcg`) all use these.
named!(LoadCache {
    Ca => "ca",
    Cg => "cg",
    Cs => "cs",
    Lu => "lu",
    Cv => "cv",
});

named!(StoreCache {
    Cg => "cg",
    Cs => "cs",
    Wb => "wb",
    Wt => "wt",
});

/// Every intrinsic with its text name (`threadidx.x`, `shfl.idx`, …).
pub const INTRINSICS: &[(Intrinsic, &str)] = {
    use Dim::{X, Y, Z};
    use Intrinsic as I;
    &[
        (I::ThreadIdx(X), "threadidx.x"),
        (I::ThreadIdx(Y), "threadidx.y"),
        (I::ThreadIdx(Z), "threadidx.z"),
        (I::BlockIdx(X), "blockidx.x"),
        (I::BlockIdx(Y), "blockidx.y"),
        (I::BlockIdx(Z), "blockidx.z"),
        (I::BlockDim(X), "blockdim.x"),
        (I::BlockDim(Y), "blockdim.y"),
        (I::BlockDim(Z), "blockdim.z"),
        (I::GridDim(X), "griddim.x"),
        (I::GridDim(Y), "griddim.y"),
        (I::GridDim(Z), "griddim.z"),
        (I::LaneId, "laneid"),
        (I::WarpSize, "warpsize"),
        (I::Syncthreads, "syncthreads"),
        (I::SyncthreadsCount, "syncthreads_count"),
        (I::SyncthreadsAnd, "syncthreads_and"),
        (I::SyncthreadsOr, "syncthreads_or"),
        (I::GridSync, "grid_sync"),
        (I::Threadfence, "threadfence"),
        (I::ThreadfenceBlock, "threadfence_block"),
        (I::ThreadfenceSystem, "threadfence_system"),
        (I::Syncwarp, "syncwarp"),
        (I::Shfl(ShflMode::Idx), "shfl.idx"),
        (I::Shfl(ShflMode::Up), "shfl.up"),
        (I::Shfl(ShflMode::Down), "shfl.down"),
        (I::Shfl(ShflMode::Bfly), "shfl.bfly"),
        (I::Vote(VoteMode::All), "vote.all"),
        (I::Vote(VoteMode::Any), "vote.any"),
        (I::Vote(VoteMode::Uni), "vote.uni"),
        (I::Vote(VoteMode::Ballot), "vote.ballot"),
        (I::Match(MatchMode::Any), "match.any"),
        (I::Match(MatchMode::All), "match.all"),
        (I::ActiveMask, "activemask"),
        (I::LanemaskLt, "lanemask_lt"),
        (I::Popc, "popc"),
        (I::Brev, "brev"),
        (I::Clz, "clz"),
        (I::Ffs, "ffs"),
        (I::Nanosleep, "nanosleep"),
        (I::Reinterpret, "reinterpret"),
        (I::ArithRn(BinOp::Add), "add.rn"),
        (I::ArithRn(BinOp::Sub), "sub.rn"),
        (I::ArithRn(BinOp::Mul), "mul.rn"),
        (I::CvtFp8x2(Scalar::E4M3), "cvt.satfinite.e4m3x2"),
        (I::CvtFp8x2(Scalar::E5M2), "cvt.satfinite.e5m2x2"),
        (I::CvtFp8ToF32(Scalar::E4M3, 0), "cvt.f32.e4m3.b0"),
        (I::CvtFp8ToF32(Scalar::E4M3, 1), "cvt.f32.e4m3.b1"),
        (I::CvtFp8ToF32(Scalar::E4M3, 2), "cvt.f32.e4m3.b2"),
        (I::CvtFp8ToF32(Scalar::E4M3, 3), "cvt.f32.e4m3.b3"),
        (I::CvtFp8ToF32(Scalar::E5M2, 0), "cvt.f32.e5m2.b0"),
        (I::CvtFp8ToF32(Scalar::E5M2, 1), "cvt.f32.e5m2.b1"),
        (I::CvtFp8ToF32(Scalar::E5M2, 2), "cvt.f32.e5m2.b2"),
        (I::CvtFp8ToF32(Scalar::E5M2, 3), "cvt.f32.e5m2.b3"),
        (I::Assert, "assert"),
        (I::Assume, "assume"),
        (I::Exit, "exit"),
    ]
};

impl Intrinsic {
    /// The intrinsic's name in the IR text.
    #[must_use]
    pub fn name(self) -> &'static str {
        INTRINSICS
            .iter()
            .find(|(i, _)| *i == self)
            .map_or("?", |(_, n)| n)
    }

    /// The intrinsic whose IR text name is `name`.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        INTRINSICS.iter().find(|(_, n)| *n == name).map(|(i, _)| *i)
    }
}

/// The first word of each operation's text form. The unary and binary operators print as
/// their own names (`neg v1`, `add v1, v2`); cached accesses as `load.<op>` / `store.<op>`.
pub mod mnemonic {
    #![allow(
        missing_docs,
        reason = "each is the mnemonic of the `Op` variant of that name"
    )]
    pub const CONST: &str = "const";
    pub const PARAM: &str = "param";
    pub const GETVAR: &str = "getvar";
    pub const SETVAR: &str = "setvar";
    pub const CMP: &str = "cmp";
    pub const CAST: &str = "cast";
    pub const SELECT: &str = "select";
    pub const MATH: &str = "math";
    pub const LIBDEVICE: &str = "libdevice";
    pub const INTRINSIC: &str = "intrinsic";
    pub const CALL: &str = "call";
    pub const SHAPE: &str = "shape";
    pub const STRIDE: &str = "stride";
    pub const DATA: &str = "data";
    pub const MAKEARRAY: &str = "makearray";
    pub const PTROFFSET: &str = "ptroffset";
    pub const LOAD: &str = "load";
    pub const STORE: &str = "store";
    pub const ATOMIC: &str = "atomic";
    pub const SHARED: &str = "shared";
    pub const DYNSHARED: &str = "dynshared";
    pub const LOCAL: &str = "local";
    pub const CONSTARRAY: &str = "constarray";
    pub const TUPLE: &str = "tuple";
    pub const TUPLEGET: &str = "tupleget";
    pub const COMPLEX: &str = "complex";
    pub const REAL: &str = "real";
    pub const IMAG: &str = "imag";
    pub const ELEMREF: &str = "elemref";
    pub const GETFIELD: &str = "getfield";
    pub const SETFIELD: &str = "setfield";
    pub const COPYRECORD: &str = "copyrecord";
    pub const PRINT: &str = "print";
    pub const TENSOR: &str = "tensor";
    // Terminators.
    pub const JUMP: &str = "jump";
    pub const BR: &str = "br";
    pub const RET: &str = "ret";
    pub const UNREACHABLE: &str = "unreachable";
    // Global kinds (`global @g0 "tile" shared …`).
    pub const GLOBAL_SHARED: &str = "shared";
    pub const GLOBAL_CONST: &str = "const";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exhaustive over the variants, so a new intrinsic fails to compile here until it is
    /// listed; the test then checks the table names it.
    fn sample(i: Intrinsic) -> Intrinsic {
        match i {
            Intrinsic::ThreadIdx(_)
            | Intrinsic::BlockIdx(_)
            | Intrinsic::BlockDim(_)
            | Intrinsic::GridDim(_)
            | Intrinsic::LaneId
            | Intrinsic::WarpSize
            | Intrinsic::Syncthreads
            | Intrinsic::SyncthreadsCount
            | Intrinsic::SyncthreadsAnd
            | Intrinsic::SyncthreadsOr
            | Intrinsic::GridSync
            | Intrinsic::Threadfence
            | Intrinsic::ThreadfenceBlock
            | Intrinsic::ThreadfenceSystem
            | Intrinsic::Syncwarp
            | Intrinsic::Shfl(_)
            | Intrinsic::Vote(_)
            | Intrinsic::Match(_)
            | Intrinsic::ActiveMask
            | Intrinsic::LanemaskLt
            | Intrinsic::Popc
            | Intrinsic::Brev
            | Intrinsic::Clz
            | Intrinsic::Ffs
            | Intrinsic::Nanosleep
            | Intrinsic::Reinterpret
            | Intrinsic::ArithRn(_)
            | Intrinsic::CvtFp8x2(_)
            | Intrinsic::CvtFp8ToF32(..)
            | Intrinsic::Assert
            | Intrinsic::Assume
            | Intrinsic::Exit => i,
        }
    }

    #[test]
    fn names_are_unique_and_round_trip() {
        for (i, name) in INTRINSICS {
            assert_eq!(Intrinsic::from_name(name), Some(sample(*i)));
            assert_eq!(i.name(), *name);
        }
        let mut names: Vec<&str> = INTRINSICS.iter().map(|(_, n)| *n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), INTRINSICS.len());
        for op in BinOp::ALL {
            assert_eq!(BinOp::from_name(op.name()), Some(*op));
            assert!(UnaryOp::from_name(op.name()).is_none());
        }
        for c in LoadCache::ALL {
            assert_eq!(LoadCache::from_name(c.name()), Some(*c));
        }
        for c in StoreCache::ALL {
            assert_eq!(StoreCache::from_name(c.name()), Some(*c));
        }
    }

    #[test]
    fn every_mode_has_a_name() {
        for m in [ShflMode::Idx, ShflMode::Up, ShflMode::Down, ShflMode::Bfly] {
            assert!(INTRINSICS.iter().any(|(i, _)| *i == Intrinsic::Shfl(m)));
        }
        for m in [
            VoteMode::All,
            VoteMode::Any,
            VoteMode::Uni,
            VoteMode::Ballot,
        ] {
            assert!(INTRINSICS.iter().any(|(i, _)| *i == Intrinsic::Vote(m)));
        }
        for m in [MatchMode::Any, MatchMode::All] {
            assert!(INTRINSICS.iter().any(|(i, _)| *i == Intrinsic::Match(m)));
        }
        for d in [Dim::X, Dim::Y, Dim::Z] {
            for i in [
                Intrinsic::ThreadIdx(d),
                Intrinsic::BlockIdx(d),
                Intrinsic::BlockDim(d),
                Intrinsic::GridDim(d),
            ] {
                assert!(INTRINSICS.iter().any(|(j, _)| *j == i));
            }
        }
    }
}
