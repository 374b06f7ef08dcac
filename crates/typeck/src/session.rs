//! A compilation session: the entry function and every device function it reaches, each
//! specialised once per argument-type tuple, in one IR module.

use std::collections::HashMap;
use std::ops::Deref;
use std::rc::Rc;

use oxcuda_ir::{FuncId, Function, FunctionKind, Module};
use oxcuda_syntax::codes::{self, Code};
use oxcuda_syntax::diagnostic::Resolved;
use oxcuda_types::Type;

use crate::extension::{EXT_BASE, Query, Resolution, Resolver, rebase};
use crate::globals::FunctionSource;
use crate::param::Param;

/// Options that change typing or lowering.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CompileOptions {
    /// Check `assert` statements (numba-cuda's `debug=True`).
    pub debug: bool,
    /// numba-cuda's `fastmath=True`: float division is the fast kind, which a debug build
    /// does not check for a zero divisor (numba's fast division skips Python's error model).
    pub fastmath: bool,
}

/// A function being compiled, for recursive calls to find.
#[derive(Debug, Clone)]
pub(crate) struct Active {
    pub id: FuncId,
    /// The return type inferred so far (from returns lowered before the recursive call).
    pub ret_guess: Option<Type>,
}

/// The functions a session can compile: the user's (indices from 0), the implementations the
/// extension resolver returned ([`crate::extension`], indices from [`EXT_BASE`]) and the
/// device library's ([`crate::library`], indices from [`crate::library::BASE`]).
pub(crate) struct Sources<'a> {
    user: &'a [FunctionSource],
    extension: Vec<Rc<FunctionSource>>,
}

/// A source of the session: borrowed for the user's and the library's, shared for the
/// extension implementations that arrive while typing.
#[derive(Clone)]
pub(crate) enum SourceRef<'a> {
    Borrowed(&'a FunctionSource),
    Shared(Rc<FunctionSource>),
}

impl Deref for SourceRef<'_> {
    type Target = FunctionSource;
    fn deref(&self) -> &FunctionSource {
        match self {
            Self::Borrowed(s) => s,
            Self::Shared(s) => s,
        }
    }
}

impl<'a> Sources<'a> {
    /// Source `index`.
    pub fn get(&self, index: usize) -> SourceRef<'a> {
        if let Some(k) = index.checked_sub(crate::library::BASE) {
            SourceRef::Borrowed(crate::library::source(k))
        } else if let Some(k) = index.checked_sub(EXT_BASE) {
            SourceRef::Shared(Rc::clone(&self.extension[k]))
        } else {
            let user = self.user;
            SourceRef::Borrowed(&user[index])
        }
    }

    /// Adds an implementation's sources (its entry first); returns the entry's index.
    fn add_extension(&mut self, sources: Vec<FunctionSource>) -> usize {
        let base = EXT_BASE + self.extension.len();
        self.extension
            .extend(rebase(sources, base).into_iter().map(Rc::new));
        base
    }
}

/// State shared by the lowering of every function of one compilation.
pub(crate) struct Session<'a> {
    pub sources: Sources<'a>,
    pub module: Module,
    pub done: HashMap<(usize, Vec<Param>), (FuncId, Type)>,
    pub active: HashMap<(usize, Vec<Param>), Active>,
    pub options: CompileOptions,
    pub errors: Vec<Resolved>,
    /// Answers calls of extension functions (`oxcuda.cuda.extending`), if the caller has one.
    pub resolver: Option<&'a dyn Resolver>,
    /// The answers so far: every typing pass sees the same implementation (as a source index).
    pub resolved: HashMap<Query, Result<Option<usize>, (Code, String)>>,
    /// Functions defined inside the user's functions (`crate::nested`).
    pub nested: crate::nested::NestedFunctions,
    /// Device-function calls being retried with literal arguments, nested.
    pub literal_retries: u32,
}

impl Session<'_> {
    /// The implementation of an extension callee for `query`: `Ok(Some(source index))`,
    /// `Ok(None)` when no extension of that name exists (methods, attributes, and any callee
    /// when the compile has no resolver), or `Err((code, message))` when typing failed.
    pub fn extension(&mut self, query: &Query) -> Result<Option<usize>, (Code, String)> {
        if let Some(done) = self.resolved.get(query) {
            return done.clone();
        }
        let answer = match self.resolver.map(|r| r.resolve(query)) {
            None | Some(Resolution::NotFound) => Ok(None),
            Some(Resolution::Implementation(sources)) if !sources.is_empty() => {
                Ok(Some(self.sources.add_extension(sources)))
            }
            Some(Resolution::Implementation(_)) => Err((
                codes::EXTENSION_ERROR,
                "the extension resolver returned no implementation source".to_owned(),
            )),
            Some(Resolution::NoMatch(message)) => Err((codes::NO_MATCHING_OVERLOAD, message)),
            Some(Resolution::Invalid(message)) => Err((codes::EXTENSION_ERROR, message)),
        };
        self.resolved.insert(query.clone(), answer.clone());
        answer
    }

    /// Whether an `@overload_method` called `name` exists.
    pub fn has_extension_method(&self, name: &str) -> bool {
        self.resolver.is_some_and(|r| r.has_method(name))
    }

    /// Compiles (or finds) the specialisation of source `src` for `args`; returns its id and
    /// return type, or `Err` when it has errors (already recorded).
    pub fn function(
        &mut self,
        src: usize,
        args: &[Param],
        kind: FunctionKind,
        declared_ret: Option<&Type>,
    ) -> Result<(FuncId, Type), ()> {
        let key = (src, args.to_vec());
        if let Some(done) = self.done.get(&key) {
            return Ok(done.clone());
        }
        let id = FuncId(u32::try_from(self.module.functions.len()).map_err(|_| ())?);
        let placeholder = Function::new("", kind, Param::runtime_types(args), Type::None);
        self.module.functions.push(placeholder);
        self.active.insert(
            key.clone(),
            Active {
                id,
                ret_guess: declared_ret.cloned(),
            },
        );
        let result = crate::lower::function(self, src, id, args, kind, declared_ret);
        self.active.remove(&key);
        let (function, ret) = result?;
        self.module.functions[id.index()] = function;
        self.done.insert(key, (id, ret.clone()));
        Ok((id, ret))
    }

    /// Where the session stands, to [`Self::rollback`] to after a failed attempt.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            functions: self.module.functions.len(),
            globals: self.module.globals.len(),
            errors: self.errors.len(),
        }
    }

    /// Forgets everything compiled and reported since `at`: the functions (and the
    /// specialisations that name them) and the errors. Only used between attempts of one
    /// call, so nothing compiled before `at` refers to what is dropped.
    pub fn rollback(&mut self, at: Checkpoint) {
        self.module.functions.truncate(at.functions);
        self.module.globals.truncate(at.globals);
        self.done.retain(|_, (id, _)| id.index() < at.functions);
        self.errors.truncate(at.errors);
    }
}

impl Checkpoint {
    /// How many errors the session had recorded.
    pub const fn errors(self) -> usize {
        self.errors
    }
}

/// A point in a session to roll back to ([`Session::checkpoint`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Checkpoint {
    functions: usize,
    globals: usize,
    errors: usize,
}

/// Compiles source `entry` for `args` as a kernel (or device function) with everything it
/// calls. `declared_ret` is the return type of an explicit signature, if any.
///
/// # Errors
/// Every diagnostic found, resolved to file lines (all of them, not only the first).
pub fn compile(
    sources: &[FunctionSource],
    entry: usize,
    args: &[Type],
    kind: FunctionKind,
    declared_ret: Option<&Type>,
    options: CompileOptions,
) -> Result<Module, Vec<Resolved>> {
    compile_with(sources, entry, args, kind, declared_ret, options, None)
}

/// [`compile`], with a resolver for the extension functions the sources call
/// ([`crate::extension`]).
///
/// # Errors
/// As [`compile`].
pub fn compile_with(
    sources: &[FunctionSource],
    entry: usize,
    args: &[Type],
    kind: FunctionKind,
    declared_ret: Option<&Type>,
    options: CompileOptions,
    resolver: Option<&dyn Resolver>,
) -> Result<Module, Vec<Resolved>> {
    let (sources, nested) = crate::nested::collect(sources);
    let mut session = Session {
        sources: Sources {
            user: &sources,
            extension: Vec::new(),
        },
        nested,
        literal_retries: 0,
        module: Module::default(),
        done: HashMap::new(),
        active: HashMap::new(),
        options,
        errors: Vec::new(),
        resolver,
        resolved: HashMap::new(),
    };
    // A type object argument (`class(float64)`: `np.float64` passed to a kernel) is a
    // compile-time value, as numba types it: bound to the parameter's name, no IR parameter.
    let params: Vec<Param> = args
        .iter()
        .map(|t| match t {
            Type::Class(inner) => Param::Static(crate::param::Static::Class((**inner).clone())),
            t => Param::Rt(t.clone()),
        })
        .collect();
    let ok = session.function(entry, &params, kind, declared_ret).is_ok();
    if ok && session.errors.is_empty() {
        Ok(session.module)
    } else {
        Err(unique(session.errors))
    }
}

/// `errors` without repeats, in order of first report: a function that fails is lowered again
/// in every typing pass of its caller (and from every call site), and would report the same
/// error each time; a failed callee's "failed to compile" note is kept at its first call site.
fn unique(errors: Vec<Resolved>) -> Vec<Resolved> {
    let failed_callee = |e: &Resolved| e.message.ends_with(crate::lower::FAILED_CALLEE);
    let mut out: Vec<Resolved> = Vec::with_capacity(errors.len());
    for e in errors {
        let seen = out
            .iter()
            .any(|o| *o == e || (failed_callee(&e) && o.code == e.code && o.message == e.message));
        if !seen {
            out.push(e);
        }
    }
    out
}
