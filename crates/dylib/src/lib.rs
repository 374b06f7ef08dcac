//! Function tables over C libraries opened at run time.
//!
//! oxcuda links to no NVIDIA library: libcuda, libNVVM, nvJitLink and NVRTC are opened by path
//! when first needed. [`function_table!`] declares a struct holding one function pointer per entry
//! point plus the library handle; `load(path)` opens the library and resolves every symbol at
//! once, so a missing symbol is an [`LoadError`] naming it, never a crash at call time.
//!
//! Invariant: the function pointers never outlive the library: the handle is a field of the same
//! struct and is dropped after them.

use std::fmt;

#[doc(hidden)]
pub use libloading;

/// A library could not be opened, or lacks an entry point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// `dlopen` failed.
    Open {
        /// The path or name tried.
        library: String,
        /// The loader's message.
        reason: String,
    },
    /// The library lacks an entry point we need (usually: the library is too old).
    MissingSymbol {
        /// The path of the library.
        library: String,
        /// The missing symbol.
        symbol: &'static str,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Open { library, reason } => write!(f, "cannot open {library}: {reason}"),
            Self::MissingSymbol { library, symbol } => {
                write!(
                    f,
                    "{library} has no entry point {symbol}: the library is too old"
                )
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// Declares a function table over a dynamically opened library.
///
/// ```ignore
/// function_table! {
///     /// libNVVM
///     pub struct NvvmApi -> c_int {
///         version = "nvvmVersion": fn(*mut c_int, *mut c_int);
///     }
/// }
/// ```
/// Every entry returns the status type after `->`. `NvvmApi::open(path)` opens and resolves.
#[macro_export]
macro_rules! function_table {
    (
        $(#[$meta:meta])*
        pub struct $name:ident -> $ret:ty {
            $( $field:ident = $symbol:literal : fn($($arg:ty),* $(,)?); )*
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            path: ::std::path::PathBuf,
            $( #[doc = concat!("`", $symbol, "`")] pub $field: unsafe extern "C" fn($($arg),*) -> $ret, )*
            // Dropped last: the function pointers above point into it.
            _library: $crate::libloading::Library,
        }

        impl $name {
            /// Opens the library at `path` and resolves every entry point.
            ///
            /// # Errors
            /// The file cannot be opened, or a symbol is missing.
            pub fn open(path: &::std::path::Path) -> Result<Self, $crate::LoadError> {
                // SAFETY: opening a CUDA library runs its initialisers, which have no
                // preconditions.
                let library = unsafe { $crate::libloading::Library::new(path) }.map_err(|e| {
                    $crate::LoadError::Open {
                        library: path.display().to_string(),
                        reason: e.to_string(),
                    }
                })?;
                $(
                    // SAFETY: the symbol is the library's documented C entry point with this
                    // signature; it stays valid while `_library`, a field of the same struct, lives.
                    let $field = unsafe {
                        *library
                            .get::<unsafe extern "C" fn($($arg),*) -> $ret>(
                                concat!($symbol, "\0").as_bytes(),
                            )
                            .map_err(|_| $crate::LoadError::MissingSymbol {
                                library: path.display().to_string(),
                                symbol: $symbol,
                            })?
                    };
                )*
                Ok(Self { path: path.to_path_buf(), $($field,)* _library: library })
            }

            /// Where the library was opened from.
            #[must_use]
            pub fn path(&self) -> &::std::path::Path {
                &self.path
            }
        }

        impl ::std::fmt::Debug for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.debug_struct(stringify!($name)).field("path", &self.path).finish_non_exhaustive()
            }
        }
    };
}
