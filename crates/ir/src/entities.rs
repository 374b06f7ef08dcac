//! Entity references: small copyable indices whose `Display` is their text syntax.

use std::fmt;

macro_rules! entity {
    ($(#[$meta:meta])* $name:ident, $prefix:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub u32);

        impl $name {
            /// The index as `usize`, for indexing the owning table.
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, concat!($prefix, "{}"), self.0)
            }
        }
    };
}

entity!(
    /// An SSA value (`v3`), the result of one instruction.
    Value,
    "v"
);
entity!(
    /// A basic block (`bb2`); `bb0` is the entry.
    Block,
    "bb"
);
entity!(
    /// A mutable variable slot (`$2`).
    Var,
    "$"
);
entity!(
    /// A function of the module (`@f1`).
    FuncId,
    "@f"
);
entity!(
    /// A module-level array (`@g0`).
    GlobalId,
    "@g"
);
