//! The launch path and the one overload table: argument types → specialisation → launch, in
//! Rust, for the GPU and the simulator alike.
//!
//! A [`LaunchCache`] belongs to one dispatcher (the Python `Dispatcher` subclasses it) and owns
//! every specialisation of it: lazy ones (compiled for the argument types of a first launch)
//! and eager ones (the signatures given to `@cuda.jit`), plus the argument types that convert
//! to an eager signature, which map to that signature's specialisation. Python keeps no table.
//!
//! A launch (`ConfiguredLaunch.__call__`) reads the arguments once (device arrays' fields,
//! Python and NumPy scalars, tuples, and on the GPU CUDA Array Interface and DLPack producers
//! that need no synchronisation) without creating Python objects, finds the specialisation for
//! `(target, types)` — the last one first, compared argument by argument without building a
//! key — packs the parameters and launches. On the GPU the last specialisation is tried first
//! through its fast plan (`fast_plan.rs`): each argument checked against the type it had and
//! written straight into the parameter slots; any argument the plan cannot vouch for sends the
//! launch down the general path. Only three things call Python:
//! - a miss: [`LaunchCache::resolve`] picks the eager signature the types convert to (fewest
//!   conversions, as numba does) or takes the types themselves, and asks the dispatcher's
//!   `_specialize(types, gpu)` to compile — handing it the types already read, as [`ArgType`]
//!   objects — then launches with the arguments already read: one read per first launch;
//! - arguments that need converting (NumPy arrays, `cuda.In`, records, foreign arrays on
//!   another stream): the Python slow path (`_Configured.__call__`) converts them, then calls
//!   [`LaunchCache::launch_native`], the same path;
//! - a change of `oxcuda.config` since the target was last resolved (its `generation`,
//!   mirrored here in [`CONFIG_GENERATION`] by `Config._changed`): the slow path resolves the
//!   target again (`set_target`) first.
//!
//! Invariant: the fast path adds no behaviour of its own. Every rule (conversion, eager
//! matching, refusals) is applied on a miss, and a hit only skips work a miss would find done.
//! A hit allocates nothing for launches of up to 8 arguments of up to 4 dimensions.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use oxcuda_ir::Type;
use oxcuda_runtime::conversion::{Resolution, resolve};
use oxcuda_runtime::launch::{Arg, LaunchConfig};
use oxcuda_types::parse_type;
use pyo3::PyTraverseError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyTuple};

use crate::boundary::guard;
use crate::launch::args;
use crate::launch::fast_plan::{FastPlan, FlatParams};
use crate::launch::kernel::{GpuKernel, SimKernel};
use crate::launch::last_config::LastConfig;

/// `oxcuda.config.generation`, kept equal to it by `Config._changed` (`set_config_generation`):
/// the fast path compares it without looking up a Python attribute.
static CONFIG_GENERATION: AtomicU64 = AtomicU64::new(0);

/// `_native.set_config_generation(g)`: called by `oxcuda.config` whenever a setting changes.
#[pyfunction]
pub fn set_config_generation(generation: u64) -> PyResult<()> {
    guard(|| {
        CONFIG_GENERATION.store(generation, Ordering::Release);
        Ok(())
    })
}

/// Launch configurations a [`LaunchCache`] keeps (a program uses a handful; a loop over
/// grid sizes must not grow the dictionary without bound).
const MAX_CONFIGS: usize = 128;

/// An argument or parameter type, as the table keys specialisations: what a miss hands
/// Python, and what Python hands back to load a kernel (no type text is parsed on the way).
#[pyclass(frozen, eq, hash, module = "oxcuda._native")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ArgType {
    pub ty: Type,
}

#[pymethods]
impl ArgType {
    fn __str__(&self) -> String {
        guard(|| Ok(self.ty.to_string())).unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        guard(|| Ok(format!("ArgType({})", self.ty))).unwrap_or_default()
    }
}

/// `_native.parse_types(texts)`: the types of a signature given as text (`@cuda.jit("...")`,
/// `compile(sig)`), parsed once, where the user wrote them.
#[pyfunction]
pub fn parse_types(texts: Vec<String>) -> PyResult<Vec<ArgType>> {
    guard(|| {
        texts
            .iter()
            .map(|t| {
                parse_type(t)
                    .map(|ty| ArgType { ty })
                    .map_err(|e| PyValueError::new_err(format!("bad type {t:?}: {e}")))
            })
            .collect()
    })
}

/// A loaded kernel: on the GPU or prepared for the simulator.
#[derive(Debug)]
enum Loaded {
    Gpu(Py<GpuKernel>),
    Sim(Py<SimKernel>),
}

/// One specialisation: its loaded kernel and the dispatcher's record of it (the Python
/// `_Compiled`: artifacts for `inspect_*`, the kernel, the signature as text).
#[derive(Debug)]
struct Spec {
    loaded: Loaded,
    compiled: Py<PyAny>,
}

/// `(on the GPU, argument types)`.
type Key = (bool, Vec<Type>);

/// The last GPU hit with the plan that launches it without reading [`Arg`]s
/// (`launch::fast_plan`).
#[derive(Debug)]
struct FastHit {
    spec: Arc<Spec>,
    plan: FastPlan,
}

/// Every specialisation of one dispatcher, by target and argument types.
#[derive(Debug, Default)]
struct Table {
    /// Argument types → specialisation; converting types share their eager signature's.
    by_types: HashMap<Key, Arc<Spec>>,
    /// The specialisations themselves (signature types, not converting ones), in compile
    /// order: the dispatcher's `overloads` and `signatures`.
    compiled: Vec<(Key, Arc<Spec>)>,
    /// The last hit, compared first.
    last: Option<(Key, Arc<Spec>)>,
    /// The last hit's fast plan, when it is a GPU kernel whose arguments the plan knows.
    fast: Option<Arc<FastHit>>,
    /// The eager signatures (`@cuda.jit(sigs)`): other argument types must convert to one.
    eager: Vec<Vec<Type>>,
}

impl Table {
    fn find(&mut self, gpu: bool, read: &[Arg]) -> Option<Arc<Spec>> {
        if let Some(((last_gpu, types), spec)) = &self.last
            && *last_gpu == gpu
            && types.len() == read.len()
            && read.iter().zip(types).all(|(a, t)| a.has_type(t))
        {
            return Some(Arc::clone(spec));
        }
        let key = (gpu, read.iter().map(Arg::ty).collect::<Vec<_>>());
        let spec = Arc::clone(self.by_types.get(&key)?);
        self.fast = match &spec.loaded {
            Loaded::Gpu(k) if gpu => FastPlan::new(&key.1, k.get().params()).map(|plan| {
                Arc::new(FastHit {
                    spec: Arc::clone(&spec),
                    plan,
                })
            }),
            _ => None,
        };
        self.last = Some((key, Arc::clone(&spec)));
        Some(spec)
    }

    /// The eager signature `types` convert to best, by numba's overload resolution
    /// (`oxcuda_runtime::conversion`): none, one, or several tied (ambiguous).
    fn eager_match(&self, types: &[Type]) -> Resolution {
        resolve(types, self.eager.iter().map(Vec::as_slice))
    }
}

/// The specialisations of one dispatcher and its launch configurations.
///
/// `kernel[grid, block]` is this type's native `__getitem__`: a dictionary hit returns the
/// [`ConfiguredLaunch`] made before; a miss asks the dispatcher's `_configure(config)` for one
/// (which validates the configuration) and keeps up to [`MAX_CONFIGS`] of them.
#[pyclass(frozen, subclass, module = "oxcuda._native")]
#[derive(Debug)]
pub struct LaunchCache {
    table: Mutex<Table>,
    configs: Py<PyDict>,
    /// The last configuration handed out, found without the dictionary's hash
    /// (`last_config`).
    last: LastConfig,
    /// The `oxcuda.config.generation` at which the target was last resolved (`u64::MAX`: never).
    target_generation: AtomicU64,
    /// Whether that target was the GPU.
    target_gpu: AtomicBool,
}

fn types_of(list: &[PyRef<'_, ArgType>]) -> Vec<Type> {
    list.iter().map(|t| t.ty.clone()).collect()
}

impl LaunchCache {
    fn handle_of(stream: &Bound<'_, PyAny>) -> PyResult<usize> {
        if stream.is_instance_of::<PyInt>() {
            stream.extract()
        } else if stream.is_none() {
            Ok(0)
        } else {
            stream.getattr("handle")?.extract()
        }
    }

    fn table(&self) -> std::sync::MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The target resolved at the current config generation: `Some(gpu)`, or `None` when the
    /// slow path must resolve it first.
    fn current_target(&self) -> Option<bool> {
        let generation = CONFIG_GENERATION.load(Ordering::Acquire);
        (self.target_generation.load(Ordering::Acquire) == generation)
            .then(|| self.target_gpu.load(Ordering::Relaxed))
    }

    /// Reads the arguments for a launch on `gpu` into `out`: foreign arrays (CAI, DLPack) only
    /// on the GPU, where they need no copy. False when some argument needs the slow path.
    fn read(gpu: bool, args: &Bound<'_, PyTuple>, handle: usize, out: &mut args::Args) -> bool {
        if gpu {
            args::read_all_for_launch(args, handle, out).is_ok()
        } else {
            args::read_all_into(args, out).is_ok()
        }
    }

    /// The specialisation for `types` on `gpu`, compiling it through the dispatcher on a
    /// miss: the eager signature the types convert to, or the types themselves.
    fn resolve(slf: &Bound<'_, Self>, gpu: bool, types: Vec<Type>) -> PyResult<Arc<Spec>> {
        let py = slf.py();
        let key = (gpu, types);
        let target = {
            let table = slf.get().table();
            if let Some(spec) = table.by_types.get(&key) {
                return Ok(Arc::clone(spec));
            }
            if table.eager.is_empty() || table.eager.contains(&key.1) {
                Some(key.1.clone())
            } else {
                match table.eager_match(&key.1) {
                    Resolution::Best(i) => Some(table.eager[i].clone()),
                    Resolution::NoMatch => None,
                    Resolution::Ambiguous(tied) => {
                        let tied: Vec<Vec<ArgType>> = tied
                            .iter()
                            .map(|&i| {
                                table.eager[i]
                                    .iter()
                                    .cloned()
                                    .map(|ty| ArgType { ty })
                                    .collect()
                            })
                            .collect();
                        drop(table);
                        let types: Vec<ArgType> =
                            key.1.iter().cloned().map(|ty| ArgType { ty }).collect();
                        slf.call_method1(pyo3::intern!(py, "_refuse_ambiguous"), (types, tied))?;
                        return Err(PyRuntimeError::new_err("_refuse_ambiguous returned"));
                    }
                }
            }
        };
        let Some(target) = target else {
            let types: Vec<ArgType> = key.1.iter().cloned().map(|ty| ArgType { ty }).collect();
            slf.call_method1(pyo3::intern!(py, "_refuse"), (types,))?;
            return Err(PyRuntimeError::new_err("_refuse returned"));
        };
        let target_key = (gpu, target);
        let found = slf.get().table().by_types.get(&target_key).cloned();
        let spec = match found {
            Some(spec) => spec,
            None => {
                let types: Vec<ArgType> = target_key
                    .1
                    .iter()
                    .cloned()
                    .map(|ty| ArgType { ty })
                    .collect();
                // Python compiles and records the specialisation (`_record`) under its lock,
                // so concurrent first launches compile once.
                slf.call_method1(pyo3::intern!(py, "_specialize"), (types, gpu))?;
                slf.get()
                    .table()
                    .by_types
                    .get(&target_key)
                    .cloned()
                    .ok_or_else(|| {
                        PyRuntimeError::new_err("_specialize recorded no specialisation")
                    })?
            }
        };
        if key != target_key {
            slf.get().table().by_types.insert(key, Arc::clone(&spec));
        }
        Ok(spec)
    }

    /// Launches `spec` with the arguments `read` from `args`.
    fn launch_spec(
        py: Python<'_>,
        spec: &Spec,
        config: &LaunchConfig,
        handle: usize,
        read: &[Arg],
    ) -> PyResult<()> {
        match &spec.loaded {
            Loaded::Gpu(k) => k.get().launch_read(py, config, handle, read),
            Loaded::Sim(k) => k.get().launch_read(py, config, read),
        }
    }

    /// The launch of the last GPU hit by its fast plan; false (having launched nothing) when
    /// there is none or an argument is not what it expects.
    fn launch_fast(
        slf: &Bound<'_, Self>,
        config: &LaunchConfig,
        handle: usize,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<bool> {
        let Some(hit) = slf.get().table().fast.clone() else {
            return Ok(false);
        };
        let Loaded::Gpu(kernel) = &hit.spec.loaded else {
            return Ok(false);
        };
        let mut params = FlatParams::new();
        let Some(arrays_ctx) = hit.plan.pack(args, &mut params) else {
            return Ok(false);
        };
        kernel
            .get()
            .launch_flat(slf.py(), config, handle, arrays_ctx, params.pointers())
    }

    /// The whole launch once the target is known: read, find or resolve, launch. Returns
    /// false (having done nothing) when an argument needs the Python slow path.
    fn launch_on(
        slf: &Bound<'_, Self>,
        gpu: bool,
        config: &LaunchConfig,
        handle: usize,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<bool> {
        let py = slf.py();
        if gpu && Self::launch_fast(slf, config, handle, args)? {
            return Ok(true);
        }
        let mut read = args::Args::new();
        if !Self::read(gpu, args, handle, &mut read) {
            return Ok(false);
        }
        let found = slf.get().table().find(gpu, &read);
        let spec = match found {
            Some(spec) => spec,
            None => Self::resolve(slf, gpu, read.iter().map(Arg::ty).collect())?,
        };
        Self::launch_spec(py, &spec, config, handle, &read)?;
        Ok(true)
    }
}

fn dims(obj: &Bound<'_, PyAny>) -> PyResult<[u32; 3]> {
    let t = obj.cast::<PyTuple>()?;
    Ok([
        t.get_item(0)?.extract()?,
        t.get_item(1)?.extract()?,
        t.get_item(2)?.extract()?,
    ])
}

fn config_of(
    grid: &Bound<'_, PyAny>,
    block: &Bound<'_, PyAny>,
    shared: u32,
) -> PyResult<LaunchConfig> {
    Ok(LaunchConfig {
        grid: dims(grid)?,
        block: dims(block)?,
        shared,
    })
}

#[pymethods]
impl LaunchCache {
    /// Takes (and ignores) any arguments, so that subclasses' `__init__` take theirs.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(
        py: Python<'_>,
        _args: &Bound<'_, PyTuple>,
        _kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        guard(|| {
            Ok({
                Self {
                    table: Mutex::new(Table::default()),
                    configs: PyDict::new(py).unbind(),
                    last: LastConfig::default(),
                    target_generation: AtomicU64::new(u64::MAX),
                    target_gpu: AtomicBool::new(false),
                }
            })
        })
    }

    /// The garbage collector's view of the cycle `dispatcher → configs → ConfiguredLaunch →
    /// dispatcher`: without it, a dispatcher that was ever configured would never be freed
    /// (issue 17, item 2). The dictionary is a builtin container the collector clears; the
    /// remembered configuration (`last_config`) is dropped by `__clear__`. The table's entries
    /// hold kernels and compile records, which refer to no dispatcher.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.configs)?;
        self.last.traverse(&visit)
    }

    /// Breaks the cycle through the remembered configuration (the dictionary's entries are
    /// cleared by the collector clearing the dictionary).
    fn __clear__(&self) {
        self.last.forget();
    }

    /// `kernel[grid, block, stream, sharedmem]`: the configured launch, made once per
    /// configuration.
    fn __getitem__(slf: &Bound<'_, Self>, config: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        guard(|| {
            let py = slf.py();
            // A configuration given pre-launch callbacks is the caller's own: numba makes a
            // fresh one, with no callbacks, for each `kernel[...]`.
            let claimed = |hit: &Bound<'_, PyAny>| {
                hit.cast::<ConfiguredLaunch>()
                    .is_ok_and(|c| !c.get().callbacks.bind(py).is_empty())
            };
            let last = &slf.get().last;
            if let Some(hit) = last.find(config)
                && !claimed(hit.bind(py))
            {
                return Ok(hit);
            }
            let configs = slf.get().configs.bind(py);
            // An unhashable configuration (a list) is a miss, and is not kept.
            // Remembered by identity only when the key cannot change: a tuple, hashable (so
            // its items are too: ints, nested tuples, streams compared by identity).
            let tuple = config.is_exact_instance_of::<PyTuple>();
            if let Ok(Some(hit)) = configs.get_item(config)
                && !claimed(&hit)
            {
                if tuple {
                    last.remember(config, hit.clone().unbind());
                }
                return Ok(hit.unbind());
            }
            let configured = slf.call_method1(pyo3::intern!(py, "_configure"), (config,))?;
            if configs.len() < MAX_CONFIGS {
                let _ = configs.set_item(config, &configured);
            }
            if tuple && config.hash().is_ok() {
                last.remember(config, configured.clone().unbind());
            } else {
                last.forget(); // the dictionary's entry for an equal key may have been replaced
            }
            Ok(configured.unbind())
        })
    }

    /// Records the target the slow path resolved at config generation `generation`.
    fn set_target(&self, generation: u64, gpu: bool) -> PyResult<()> {
        guard(|| {
            self.target_gpu.store(gpu, Ordering::Relaxed);
            self.target_generation.store(generation, Ordering::Release);
            Ok(())
        })
    }

    /// Adds an eager signature (`@cuda.jit(sig)`): from then on, argument types must be it or
    /// convert to one of the eager signatures.
    fn _add_eager(&self, types: Vec<PyRef<'_, ArgType>>) -> PyResult<()> {
        guard(|| {
            let types = types_of(&types);
            let mut table = self.table();
            if !table.eager.contains(&types) {
                table.eager.push(types);
            }
            Ok(())
        })
    }

    /// Records a specialisation the dispatcher compiled for `types` on `gpu`: `kernel` (a
    /// `GpuKernel` or `SimKernel`) and `compiled`, its compile record.
    fn _record(
        &self,
        types: Vec<PyRef<'_, ArgType>>,
        gpu: bool,
        kernel: &Bound<'_, PyAny>,
        compiled: Py<PyAny>,
    ) -> PyResult<()> {
        guard(|| {
            let loaded = if let Ok(k) = kernel.cast::<GpuKernel>() {
                Loaded::Gpu(k.clone().unbind())
            } else {
                Loaded::Sim(kernel.cast::<SimKernel>()?.clone().unbind())
            };
            let spec = Arc::new(Spec { loaded, compiled });
            let key = (gpu, types_of(&types));
            let mut table = self.table();
            table.by_types.insert(key.clone(), Arc::clone(&spec));
            // A specialisation made again (`recompile`) replaces the one the last hit held.
            table.last = None;
            table.fast = None;
            table.compiled.retain(|(k, _)| *k != key);
            table.compiled.push((key, spec));
            Ok(())
        })
    }

    /// The compile record for argument types `types` on `gpu`, compiling on a miss (the
    /// eager signature they convert to, or the types themselves; a `TypeError` when an eager
    /// dispatcher accepts none).
    fn _specialization(
        slf: &Bound<'_, Self>,
        types: Vec<PyRef<'_, ArgType>>,
        gpu: bool,
    ) -> PyResult<Py<PyAny>> {
        guard(|| {
            let spec = Self::resolve(slf, gpu, types_of(&types))?;
            Ok(spec.compiled.clone_ref(slf.py()))
        })
    }

    /// The compile record already made for `types` on `gpu`, or `None`.
    fn _compiled_for(
        &self,
        py: Python<'_>,
        types: Vec<PyRef<'_, ArgType>>,
        gpu: bool,
    ) -> PyResult<Option<Py<PyAny>>> {
        guard(|| {
            let key = (gpu, types_of(&types));
            Ok(self
                .table()
                .by_types
                .get(&key)
                .map(|s| s.compiled.clone_ref(py)))
        })
    }

    /// `[(gpu, compiled), …]`: every specialisation, in compile order (converting argument
    /// types are not listed; they share their eager signature's).
    fn _specializations(&self, py: Python<'_>) -> PyResult<Vec<(bool, Py<PyAny>)>> {
        guard(|| {
            Ok(self
                .table()
                .compiled
                .iter()
                .map(|((gpu, _), s)| (*gpu, s.compiled.clone_ref(py)))
                .collect())
        })
    }

    /// Forgets every specialisation and configuration (contexts closed, target switched);
    /// the eager signatures stay.
    fn clear(&self, py: Python<'_>) {
        let _ = guard(|| {
            let mut table = self.table();
            let eager = std::mem::take(&mut table.eager);
            *table = Table {
                eager,
                ..Table::default()
            };
            drop(table);
            self.last.forget();
            self.configs.bind(py).clear();
            Ok(())
        });
    }

    /// Forgets the configurations made so far (`kernel[grid, block]` objects), keeping the
    /// specialisations: the next `kernel[...]` asks `_configure` again.
    fn forget_configurations(&self, py: Python<'_>) {
        let _ = guard(|| {
            self.last.forget();
            self.configs.bind(py).clear();
            Ok(())
        });
    }

    /// The GPU fast path alone: launches when the arguments' types have a GPU kernel
    /// already, and returns whether it launched (never compiles). `grid` and `block` are
    /// 3-tuples; `stream` is 0, a `CUstream` address, or an object with a `handle`.
    fn launch(
        &self,
        py: Python<'_>,
        grid: &Bound<'_, PyAny>,
        block: &Bound<'_, PyAny>,
        stream: &Bound<'_, PyAny>,
        shared: u32,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<bool> {
        guard(|| {
            let handle = Self::handle_of(stream)?;
            let config = config_of(grid, block, shared)?;
            let mut read = args::Args::new();
            if !Self::read(true, args, handle, &mut read) {
                return Ok(false);
            }
            let Some(spec) = self.table().find(true, &read) else {
                return Ok(false);
            };
            Self::launch_spec(py, &spec, &config, handle, &read)?;
            Ok(true)
        })
    }

    /// The launch after the slow path converted the arguments: on `gpu`, reading them once,
    /// compiling on a miss. Returns false when an argument still cannot be read (the slow
    /// path then raises the reader's error).
    #[allow(
        clippy::too_many_arguments,
        reason = "a launch's configuration, plus target and arguments"
    )]
    fn launch_native(
        slf: &Bound<'_, Self>,
        gpu: bool,
        grid: &Bound<'_, PyAny>,
        block: &Bound<'_, PyAny>,
        stream: &Bound<'_, PyAny>,
        shared: u32,
        args: &Bound<'_, PyTuple>,
    ) -> PyResult<bool> {
        guard(|| {
            let handle = Self::handle_of(stream)?;
            let config = config_of(grid, block, shared)?;
            Self::launch_on(slf, gpu, &config, handle, args)
        })
    }
}

/// `kernel[grid, block, stream, sharedmem]`: call it with the kernel's arguments.
#[pyclass(frozen, weakref, module = "oxcuda._native")]
#[derive(Debug)]
pub struct ConfiguredLaunch {
    cache: Py<LaunchCache>,
    config: LaunchConfig,
    stream: Py<PyAny>,
    /// The stream's `CUstream` when it is fixed at configuration (an int or None); objects
    /// are asked for their `handle` at each launch, as numba-cuda does.
    stream_handle: Option<usize>,
    /// The Python slow path: called with the arguments when the fast path does not launch.
    slow: Py<PyAny>,
    /// numba's `pre_launch_callbacks`: called by the slow path before each launch, so a
    /// non-empty list sends every launch there (one length read on the fast path).
    callbacks: Py<PyList>,
}

#[pymethods]
impl ConfiguredLaunch {
    #[new]
    fn new(
        cache: Py<LaunchCache>,
        grid: (u32, u32, u32),
        block: (u32, u32, u32),
        stream: &Bound<'_, PyAny>,
        shared: u32,
        slow: Py<PyAny>,
        callbacks: Py<PyList>,
    ) -> PyResult<Self> {
        guard(|| {
            let stream_handle = if stream.is_instance_of::<PyInt>() || stream.is_none() {
                LaunchCache::handle_of(stream).ok()
            } else {
                None
            };
            Ok(Self {
                cache,
                config: LaunchConfig {
                    grid: [grid.0, grid.1, grid.2],
                    block: [block.0, block.1, block.2],
                    shared,
                },
                stream: stream.clone().unbind(),
                stream_handle,
                slow,
                callbacks,
            })
        })
    }

    /// What the configured launch holds, for the garbage collector (see
    /// `LaunchCache::__traverse__`).
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.cache)?;
        visit.call(&self.stream)?;
        visit.call(&self.slow)?;
        visit.call(&self.callbacks)
    }

    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<Py<PyAny>> {
        let fast = guard(|| {
            if !self.callbacks.bind(py).is_empty() {
                return Ok(false);
            }
            let cache = self.cache.bind(py);
            let Some(gpu) = cache.get().current_target() else {
                return Ok(false);
            };
            let handle = match self.stream_handle {
                Some(h) => h,
                None => LaunchCache::handle_of(self.stream.bind(py))?,
            };
            LaunchCache::launch_on(cache, gpu, &self.config, handle, args)
        })?;
        if fast {
            return Ok(py.None());
        }
        Ok(self.slow.bind(py).call1(args)?.unbind())
    }

    #[getter]
    fn griddim(&self) -> PyResult<(u32, u32, u32)> {
        guard(|| {
            let g = self.config.grid;
            Ok((g[0], g[1], g[2]))
        })
    }

    #[getter]
    fn blockdim(&self) -> PyResult<(u32, u32, u32)> {
        guard(|| {
            let b = self.config.block;
            Ok((b[0], b[1], b[2]))
        })
    }

    #[getter]
    fn stream(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        guard(|| Ok(self.stream.clone_ref(py)))
    }

    #[getter]
    fn sharedmem(&self) -> PyResult<u32> {
        guard(|| Ok(self.config.shared))
    }

    /// Pickles as `kernel[grid, block, stream, sharedmem]`: the dispatcher (by reference or
    /// by value, `oxcuda.cuda._pickling`) and the configuration (numba-cuda pickles configured
    /// kernels too). A `Stream` object does not pickle: streams belong to a process. A
    /// configuration with `pre_launch_callbacks` is a `pickle.PicklingError`, as in
    /// numba-cuda: the callbacks are the process's own functions.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        guard(|| {
            if !self.callbacks.bind(py).is_empty() {
                let error = py.import("pickle")?.getattr("PicklingError")?;
                return Err(PyErr::from_value(error.call1((
                    "Cannot pickle configured launches with pre-launch callbacks: clear \
                     pre_launch_callbacks first, or pickle the kernel and configure it again",
                ))?));
            }
            let getitem = py.import("operator")?.getattr("getitem")?;
            let (g, b) = (self.config.grid, self.config.block);
            let config = (
                (g[0], g[1], g[2]),
                (b[0], b[1], b[2]),
                self.stream.clone_ref(py),
                self.config.shared,
            );
            (getitem, (self.cache.clone_ref(py), config)).into_pyobject(py)
        })
    }

    /// numba's `pre_launch_callbacks`: functions called as `callback(kernel, config)` before
    /// each launch of this configuration (a list the caller appends to).
    #[getter]
    fn pre_launch_callbacks(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        guard(|| Ok(self.callbacks.clone_ref(py)))
    }
}
