"""``@cuda.jit`` and the dispatcher: compile per argument types, launch with ``k[grid, block]``.

A :class:`Dispatcher` wraps a Python function. Launching it (``k[grid, block, stream,
sharedmem](*args)``):

1. converts host arguments: NumPy arrays (structured ones too) are copied to the device and
   back after the launch (with a performance warning, as numba-cuda does;
   ``cuda.In``/``cuda.Out``/``cuda.InOut`` choose the direction), NumPy records (``np.void``,
   ``np.record``) become ``DeviceRecord`` objects, copied back into the record's memory, CUDA Array
   Interface producers are wrapped zero-copy;
2. types the arguments in Rust, once, and finds the specialisation in the one overload table,
   the native ``LaunchCache`` this class extends (crates/python/src/launch/launcher.rs): lazy and
   eager specialisations, and the argument types that convert to an eager signature;
3. compiles on a miss: the table hands ``_specialize`` the argument types it read (native
   ``ArgType`` objects), and Python only compiles and loads (lazily; with explicit signatures
   at decoration, other types are refused by ``_refuse``);
4. launches: on the GPU a cubin loaded once per context (``_native.GpuKernel``), under the
   simulator the typed IR (``_native.SimKernel``), chosen by ``OXCUDA_TARGET``.

Arguments that need no conversion never reach Python after the first launch, on the GPU and
on the simulator. Concurrent first calls from several threads compile once (a lock per
dispatcher).
"""

from __future__ import annotations

import collections
import functools
import pickle
import threading
import time
import warnings
import weakref
from typing import Any, NoReturn

from oxcuda import _capture, _native, _toolchain
from oxcuda._knobs import config as config_module
from oxcuda.cuda import (
    _cuda_core_buffer,
    _linker,
    _module_callbacks,
    _sim_native_code,
    compiler,
    linkable_code,
)
from oxcuda.cuda._compile_stats import CompileStats
from oxcuda.cuda._devices import use_gpu
from oxcuda.errors import CudaDriverError, CudaSupportError, NumbaPerformanceWarning


class _HostArgument:
    """``cuda.In``/``cuda.Out``/``cuda.InOut``: a NumPy array with a copy direction."""

    copy_in = True
    copy_out = True

    def __init__(self, array: Any) -> None:
        self.array = array


class In(_HostArgument):
    """Copy to the device before the launch only."""

    copy_out = False


class Out(_HostArgument):
    """Copy back to the host after the launch only."""

    copy_in = False


class InOut(_HostArgument):
    """Copy both ways (what a bare NumPy array gets)."""


#: CUDA's largest grid and block extents, per dimension (x, y, z).
_DIM_LIMITS = {"the grid": (2**31 - 1, 65535, 65535), "the block": (1024, 1024, 64)}


def _dim3(value: Any, what: str) -> tuple[int, int, int]:
    """``value`` (an int, or a tuple or list of 1 to 3 ints, as numba-cuda accepts) as three
    extents, each checked against CUDA's limit for its dimension, so that a huge one is an
    error naming it rather than an overflow in the native launch: a
    :class:`~oxcuda.errors.LaunchDimensionError` (a ``ValueError``, and the
    ``CUDA_ERROR_INVALID_VALUE`` numba-cuda raises from the launch). The messages start with
    numba-cuda's (``griddim must be a sequence of …``), then say what to write."""
    name = "griddim" if what == "the grid" else "blockdim"
    items = list(value) if isinstance(value, (tuple, list)) else [value]
    if not 1 <= len(items) <= 3:
        raise ValueError(
            f"{name} must be a sequence of 1, 2 or 3 integers, got {items!r}: {what} is an int "
            "or a tuple of 1 to 3 ints"
        )
    dims = []
    for v in items:
        if not isinstance(v, int) or isinstance(v, bool):
            try:
                v = int(v.__index__())
            except AttributeError:
                raise TypeError(
                    f"{name} must be a sequence of integers, got {items!r}: {what}'s extents "
                    "are ints (int(...) converts a float)"
                ) from None
        if v < 1:
            raise ValueError(f"{what}'s extents must be at least 1, got {value!r}")
        limit = _DIM_LIMITS[what][len(dims)]
        if v > limit:
            axis = "xyz"[len(dims)]
            attribute = f"MAX_{what.split()[-1].upper()}_DIM_{axis.upper()}"
            from oxcuda.errors import LaunchDimensionError

            raise LaunchDimensionError(
                f"{what}'s {axis} dimension is {v}, more than CUDA allows ({limit}), the "
                f"device's {attribute}; {what} was {value!r}"
            )
        dims.append(v)
    while len(dims) < 3:
        dims.append(1)
    return (dims[0], dims[1], dims[2])


def _stream_slot(stream: Any) -> Any:
    """The stream of ``kernel[grid, block, stream]``, checked as numba-cuda accepts it: a
    ``Stream`` (``cuda.stream()``, ``cuda.default_stream()``, ``cuda.legacy_default_stream()``,
    ``cuda.per_thread_default_stream()``, ``cuda.external_stream(ptr)``), or ``0``/``None`` for
    the default stream; also an object with ``__cuda_stream__``, wrapped as an external
    stream. Any other integer would reach the driver as a ``CUstream`` address (and crash it),
    so it is refused here, once per configuration, never on the launch fast path."""
    if stream is None:
        return 0
    if isinstance(stream, _native.Stream):
        return stream
    if callable(getattr(type(stream), "__cuda_stream__", None)):
        # Another library's stream (CuPy >= 13, cuda.core): wrapped, its handle checked.
        from oxcuda.cuda._streams import external_stream

        _, handle = stream.__cuda_stream__()
        return external_stream(handle)
    if isinstance(stream, int) and not isinstance(stream, bool):
        if stream == 0:
            return 0
        raise ValueError(
            f"the stream slot of kernel[grid, block, stream] got the integer {stream}: a stream "
            "is a Stream object (cuda.stream(), cuda.default_stream(), "
            "cuda.legacy_default_stream(), cuda.per_thread_default_stream(), or "
            "cuda.external_stream(handle) for another library's CUstream) or 0 for the default "
            f"stream; for {stream} bytes of dynamic shared memory write "
            f"kernel[grid, block, 0, {stream}]"
        )
    raise TypeError(
        f"the stream slot of kernel[grid, block, stream] got a {type(stream).__name__}: pass a "
        "Stream object (cuda.stream(), cuda.external_stream(handle), ...) or 0 for the default "
        "stream"
    )


class _StageReader:
    """A loaded kernel's way to its compile stages (``kernel.inspect_llvm()``/``inspect_asm()``
    on ``Dispatcher.overloads``' values, numba's ``_Kernel`` methods): the dispatcher's
    ``_stage`` for the kernel's argument types. It holds the dispatcher weakly, so a kernel
    never keeps its dispatcher (and so itself) alive."""

    def __init__(self, dispatcher: Any, types: tuple[str, ...]) -> None:
        self._dispatcher = weakref.ref(dispatcher)
        self._types = types

    def __call__(self, stage: str, cc: Any = None) -> Any:
        """The output of ``stage``; for compute capability ``cc`` (``(major, minor)``) when
        given (numba's ``_Kernel.inspect_asm(cc)``)."""
        dispatcher = self._dispatcher()
        if dispatcher is None:
            raise RuntimeError("the kernel's dispatcher is gone, and with it its compile stages")
        return dispatcher._stage(self._types, stage, cc)


class _Compiled:
    """One specialisation: its artifacts, the loaded kernel and its signature as text (the
    table itself is native: ``LaunchCache``). ``get_compile_result`` and ``compile_device``
    return it (numba's ``CompileResult``: ``signature``, ``argtypes``, ``metadata``)."""

    def __init__(
        self, artifacts: dict[str, Any], kernel: Any, types: tuple[str, ...], py_func: Any = None
    ) -> None:
        self.artifacts = artifacts
        self.kernel = kernel
        self.types = types
        self.py_func = py_func
        self.device_arrays: list[Any] = []  # captured by reference (_capture.device_arrays)
        self.sim_resources: dict[str, int] | None = None  # a simulator kernel's (_resources)
        # Stages compiled for another compute capability: {(cc, stage): output}.
        self.other_targets: dict[tuple, Any] = {}
        #: The library the kernel was loaded as when its linked code has module callbacks
        #: (``_module_callbacks.LoadedLibrary``), else None.
        self.library: Any = None

    @property
    def argtypes(self) -> tuple:
        """The argument types, as type objects (numba's key of ``overloads``)."""
        return _type_key(self.types)

    @property
    def signature(self) -> Any:
        """The signature compiled: ``return_type(argtypes)`` (``void`` for kernels)."""
        from oxcuda import types as oxtypes

        ret = self.artifacts.get("return_type") or "none"
        ret_type = oxtypes.void if ret in ("none", "void") else oxtypes.from_text(ret)
        return oxtypes.Signature(ret_type, self.argtypes)

    @property
    def entry_name(self) -> str | None:
        """The symbol of the compiled function in its PTX and NVVM IR."""
        return self.artifacts.get("kernel_name")

    @property
    def fndesc(self) -> Any:
        """numba's ``FunctionDescriptor``: the function's names (``mangled_name``: its symbol in
        ``inspect_llvm()``/``inspect_asm()``) and signature (``_function_descriptor``)."""
        from ._function_descriptor import FunctionDescriptor

        sig = self.signature
        symbol = self.entry_name or getattr(self.py_func, "__name__", "")
        return FunctionDescriptor(self.py_func, symbol, sig.args, sig.return_type)

    @property
    def metadata(self) -> dict[str, Any]:
        """What the compile recorded (numba's ``CompileResult.metadata``): the symbol, the
        compute capability, the seconds each stage took, and the cache file for a kernel
        loaded from or stored in the disk cache."""
        a = self.artifacts
        meta: dict[str, Any] = {"entry_name": a.get("kernel_name")}
        for key in ("cc", "cache_file", "cooperative"):
            if a.get(key) is not None:
                meta[key] = a.get(key)
        times = a.get("times")
        if times is not None:
            meta["stage_times"] = dict(times)
        return meta


def _compute_capability(cc: Any) -> tuple[int, int]:
    """``cc`` of ``inspect_asm(cc)`` as ``(major, minor)``, or ``ValueError`` saying what is
    expected."""
    try:
        major, minor = (int(x) for x in cc)
    except (TypeError, ValueError):
        raise ValueError(
            f"cc must be a compute capability (major, minor), such as (8, 0); got {cc!r}"
        ) from None
    return major, minor


def _canonical(types: tuple[str, ...]) -> tuple[str, ...]:
    """Argument types as the core writes them (``float32[::1]`` is ``array(float32, 1d, C)``),
    so that one signature has one key however it was spelled."""
    return tuple(str(t) for t in _native.parse_types(list(types)))


def _type_key(types: tuple[str, ...]) -> tuple:
    """numba's key for a signature: the tuple of argument type objects (``(int64, float32[:])``)
    for argument types written as the core's text."""
    from oxcuda import types as oxtypes

    return tuple(oxtypes.from_text(t) for t in types)


class Dispatcher(_native.LaunchCache):
    """A ``@cuda.jit`` function. See the module documentation.

    The native base class holds the Rust launch fast path (GPU kernels by argument types) and
    implements ``kernel[grid, block, ...]`` (``__getitem__``), calling ``_configure`` for a
    configuration not seen before (crates/python/src/launch/launcher.rs).
    """

    _oxcuda_dispatcher = True

    def __init__(self, py_func: Any, signatures: list[Any], options: dict[str, Any]) -> None:
        self.py_func = py_func
        self.targetoptions = dict(options)
        self._device = bool(options.get("device", False))
        self._eager: list[tuple[str, ...]] = []
        # (argument types, return type or None) of each explicit signature, in order:
        # device-function calls convert to them (the capture hands them to the core).
        self._declared_types: list[tuple[tuple[str, ...], str | None]] = []
        self._lock = threading.RLock()
        self._stats: dict[str, float] = {}
        # Disk-cache loads and compiles by signature (``stats.cache_hits``/``cache_misses``).
        self._cache_hits: collections.Counter = collections.Counter()
        self._cache_misses: collections.Counter = collections.Counter()
        self._declared = list(signatures)  # as given: what pickling by value sends
        self._can_compile = True
        self._specialized = False
        #: numba's cache of ``specialize()`` results, by (compute capability, argument types).
        self.specializations: dict[tuple, Dispatcher] = {}
        #: Device functions' compile results by argument types (``compile_device``); kernels'
        #: are in the native table.
        self._device_overloads: dict[tuple[str, ...], _Compiled] = {}
        self._extensions: list[Any] = list(options.get("extensions") or ())
        # Whether launches go through Python for the argument extensions: set once the
        # ``extensions`` list is handed out or given (see ``extensions``).
        self._extended = bool(self._extensions)
        functools.update_wrapper(self, py_func)
        for sig in signatures:
            raw, ret = compiler.normalize_signature(sig)
            args = _canonical(tuple(raw))  # one spelling per type, as the core writes it
            self._eager.append(args)
            self._declared_types.append((tuple(raw), ret))
            if not self._device:
                types = _native.parse_types(list(args))
                self._add_eager(types)
                self._specialization(types, use_gpu())
            else:
                # Device functions compile with their callers; this checks the signature now
                # and keeps the result (``overloads``), as numba's compile_device at decoration.
                self._device_compile(args)

    # ---- compiling ------------------------------------------------------------------

    def _options(self) -> dict[str, Any]:
        keys = ("debug", "lineinfo", "fastmath", "opt", "max_registers", "launch_bounds", "lto")
        options = {k: self.targetoptions[k] for k in keys if k in self.targetoptions}
        if options.get("launch_bounds") is not None:
            # numba accepts an int or a tuple of 1 to 3 (checked at decoration).
            options["launch_bounds"] = compiler.launch_bounds_option(options["launch_bounds"])
        return options

    def _artifacts(
        self,
        types: tuple[str, ...],
        output: str,
        cc=None,
        captured=None,
        simulator=False,
        record_stats=True,
    ) -> Any:
        """Compiles for ``types`` up to the stage ``output`` (``captured``: the source, when the
        caller captured it already; ``simulator``: the result runs on the simulator), records
        the stages' times in ``stats`` (unless ``record_stats`` is false), and returns the
        artifacts (``_native.CompileArtifacts``: each stage's output by name)."""
        start = time.perf_counter()
        result = compiler.compile_pyfunc(
            self.py_func,
            tuple(types),
            device=self._device,
            output=output,
            cc=cc,
            link=self.targetoptions.get("link", ()),
            captured=captured,
            simulator=simulator,
            **self._options(),
        )
        if record_stats:
            self._stats["compile_seconds"] = time.perf_counter() - start
            for stage, seconds in result["times"]:
                self._stats[stage] = seconds
        return result

    def _compile(self, types: tuple[str, ...], gpu: bool) -> _Compiled:
        """The specialisation for argument types given as text (``compile(sig)``,
        introspection), through the native table: compiled on a miss, converted to an eager
        signature where the dispatcher has them."""
        return self._specialization(_native.parse_types(list(types)), gpu)

    def _specialize(self, types: tuple, gpu: bool) -> None:
        """Compiles and loads the kernel for ``types`` (native ``ArgType`` objects, read by the
        launch path) on the GPU or the simulator, and records it in the native table
        (``_record``). Called by the table on a miss; it never sees the arguments."""
        with self._lock:
            if self._compiled_for(list(types), gpu) is not None:
                return  # another thread compiled it while this one waited
            texts = tuple(str(t) for t in types)
            if not self._eager:
                # Lazy: the types are a launch's arguments (an eager dispatcher is only asked
                # for its own signatures; `_refuse` checks the arguments' count).
                self._check_arity(texts)
            if not self._can_compile:
                raise RuntimeError(
                    f"Compilation disabled: {self.__name__} has no specialisation for "
                    f"({', '.join(texts)}) and disable_compile() was called"
                )
            captured = _capture.capture(self.py_func)  # once per compile
            arrays = _capture.device_arrays(captured[0])
            if arrays and self.targetoptions.get("cache"):
                raise pickle.PicklingError(
                    f"{self.__name__} cannot be cached (cache=True): it uses global device "
                    "arrays, which it addresses by reference, and an address is valid only in "
                    "this process; pass the arrays as arguments, or drop cache=True"
                )
            if gpu:
                artifacts, image = self._gpu_image_cached(texts, captured)
                library = self._library_with_callbacks(image, artifacts, captured)
                try:
                    kernel = self._load(image, artifacts, types, texts, library)
                except CudaDriverError:
                    if "cache_key" not in artifacts:
                        raise
                    # A cached image this driver will not load: drop it and compile afresh.
                    from oxcuda.cuda import _disk_cache

                    _disk_cache.discard(self.py_func, artifacts["cache_key"])
                    artifacts, image = self._gpu_image(texts)
                    kernel = self._load(image, artifacts, types, texts)
            else:
                artifacts = self._artifacts(texts, "ir", captured=captured, simulator=True)
                module = artifacts["module"]
                native = _sim_native_code.build(
                    self.__name__,
                    compiler.link_items(
                        self.py_func, self.targetoptions.get("link", ()), captured[0]
                    ),
                    module.externs(),
                )
                kernel = _native.SimKernel(
                    module, _StageReader(self, texts), native.thunks if native else None
                )
            compiled = _Compiled(artifacts, kernel, texts, self.py_func)
            # The kernel addresses these arrays' memory: they live as long as it does.
            compiled.device_arrays = arrays
            if gpu and library is not None:
                compiled.library = library
                _module_callbacks.note_holder(self)
            self._record(list(types), gpu, kernel, compiled)

    def _library_with_callbacks(
        self, image: bytes, artifacts: Any, captured: Any
    ) -> _module_callbacks.LoadedLibrary | None:
        """The image loaded as a library, its setup callbacks run, when the code it links has
        module callbacks (``_module_callbacks``); None otherwise."""
        items = [
            *compiler.link_items(self.py_func, self.targetoptions.get("link", ()), captured[0]),
            *(artifacts.get("extension_links") or ()),
        ]
        setups, teardowns = _module_callbacks.callbacks_of(items)
        if not setups and not teardowns:
            return None
        return _module_callbacks.LoadedLibrary(image, artifacts["kernel_name"], setups, teardowns)

    def _load(
        self,
        image: bytes,
        artifacts: dict[str, Any],
        types: tuple,
        texts: tuple[str, ...],
        library: _module_callbacks.LoadedLibrary | None = None,
    ) -> Any:
        """Loads a GPU image (or takes ``library``'s kernel, for code with module callbacks),
        with the table of its checked asserts (debug builds), which the
        launcher reports a failed assert from (docs/debugging.md), and sets the kernel's
        preferred shared-memory carveout when ``shared_memory_carveout`` asks for one."""
        kernel = _native.GpuKernel(
            image,
            artifacts["kernel_name"],
            list(types),
            artifacts.get("asserts"),
            bool(artifacts.get("cooperative")),
            _StageReader(self, texts),
            None if library is None else (library.kernel_handle, library),
        )
        carveout = self.targetoptions.get("shared_memory_carveout")
        if carveout is not None:
            kernel.set_shared_memory_carveout(carveout_percent(carveout))
        return kernel

    def _gpu_image_cached(
        self, types: tuple[str, ...], captured=None
    ) -> tuple[dict[str, Any], bytes]:
        """``_gpu_image``, through the disk cache when the kernel has ``cache=True``
        (``_disk_cache``): a hit loads the stored image and compiles nothing. ``captured``:
        the kernel's source, when the caller captured it already."""
        if not self.targetoptions.get("cache"):
            return self._gpu_image(types, captured)
        from oxcuda.cuda import _disk_cache
        from oxcuda.cuda._devices import get_current_device

        start = time.perf_counter()
        cc = get_current_device().compute_capability
        driver = tuple(_toolchain.driver_info()["version"])
        link = self.targetoptions.get("link", ())
        if captured is None:
            captured = _capture.capture(self.py_func)  # once: for the key and for a compile
        key = _disk_cache.key(
            self.py_func, types, self._options(), cc, link, driver, sources=captured[0]
        )
        if key is not None:
            hit = _disk_cache.load(self.py_func, key)
            if hit is not None:
                header, image = hit
                self._cache_hits[_type_key(types)] += 1
                self._stats = {"cache_load": time.perf_counter() - start}
                artifacts = {"kernel_name": header["kernel_name"], "cc": cc, "cache_key": key}
                artifacts["asserts"] = _disk_cache.asserts(header)
                artifacts["cooperative"] = bool(header.get("cooperative"))
                artifacts["cache_file"] = _disk_cache.path(self.py_func, key)
                return artifacts, image
        if key is not None:
            self._cache_misses[_type_key(types)] += 1
        artifacts, image = self._gpu_image(types, captured)
        # Implementations of extension functions that link external code: not cached, like
        # kernels that link it themselves (the inputs can change on disk unseen).
        if key is not None and not artifacts.get("extension_links"):
            stored = _disk_cache.store(
                self.py_func,
                key,
                artifacts["kernel_name"],
                image,
                artifacts.get("asserts"),
                bool(artifacts.get("cooperative")),
            )
            artifacts["cache_file"] = stored
        return artifacts, image

    def _gpu_image(self, types: tuple[str, ...], captured=None) -> tuple[dict[str, Any], bytes]:
        """Compiles for the current device: a cubin linked by nvJitLink, or, when
        ``OXCUDA_USE_NVJITLINK`` is off, PTX for the driver's JIT — linked first by the
        driver's linker with the kernel's link inputs, if it has any (DESIGN decision 4).
        ``captured``: the kernel's source, when the caller captured it already."""
        from oxcuda._knobs import config
        from oxcuda.cuda._devices import get_current_device

        cc = get_current_device().compute_capability
        if captured is None:
            captured = _capture.capture(self.py_func)  # once per compile
        setting = config.resolve("USE_NVJITLINK")
        if setting.value:
            if setting.explicit:
                try:
                    _toolchain.nvjitlink_info()
                except CudaSupportError as exc:
                    raise CudaSupportError(
                        f"{setting.describe()} asks for nvJitLink, which is unusable: {exc}"
                    ) from None
            artifacts = self._artifacts(types, "cubin", cc=cc, captured=captured)
            return artifacts, artifacts["cubin"]
        artifacts = self._artifacts(types, "ptx", cc=cc, captured=captured)
        release = tuple(_native.cuda_release_for_isa(tuple(artifacts["ptx_isa"])))
        driver = tuple(_toolchain.driver_info()["version"])
        if release > driver:
            isa = ".".join(map(str, artifacts["ptx_isa"]))
            raise CudaSupportError(
                f"the PTX from this libNVVM (ISA {isa}, CUDA {release[0]}.{release[1]}) is "
                f"newer than the driver's JIT accepts (CUDA {driver[0]}.{driver[1]}), and "
                f"{setting.describe()}: let oxcuda link with nvJitLink, or install a libNVVM "
                "no newer than the driver"
            )
        items = compiler.link_items(
            self.py_func, self.targetoptions.get("link", ()), sources=captured[0]
        )
        if items:
            # The driver's linker: our PTX with every link= / declare_device input (CUDA C++
            # compiled to PTX, never LTO-IR, which only nvJitLink reads).
            inputs = _linker.prepare(
                items,
                cc,
                lto=False,
                debug=bool(self.targetoptions.get("debug")),
                lineinfo=bool(self.targetoptions.get("lineinfo")),
            )
            own = ("ptx", artifacts["ptx"].encode(), f"{self.__name__} (oxcuda)")
            return artifacts, _native.driver_link(self.__name__, [own, *inputs])
        return artifacts, artifacts["ptx"].encode() + b"\0"

    def _refuse(self, types: list) -> NoReturn:
        """Raises the ``TypeError`` for argument ``types`` no eager signature accepts (the
        native table calls it on a miss)."""
        texts = tuple(str(t) for t in types)
        self._check_arity(texts)
        expected = " or ".join(f"({', '.join(t)})" for t in self._eager)
        raise TypeError(
            f"No matching definition for argument type(s) ({', '.join(texts)}): "
            f"{self.__name__} was compiled for {expected}, but is called with "
            f"({', '.join(texts)}); add that signature to @cuda.jit, or convert the arguments"
        )

    def _refuse_ambiguous(self, types: list, tied: list) -> NoReturn:
        """Raises numba's ``TypeError`` for argument ``types`` that convert equally well to
        several eager signatures (``tied``, each a list of types; the native table calls it):
        numba refuses to choose, since each choice converts different arguments. The types
        are written as numba writes them (``Array(float64, 1, 'C', False, aligned=True)``)."""
        candidates = "\n".join(f"{_numba_type_tuple(sig)} -> none" for sig in tied)
        raise TypeError(
            f"Ambiguous overloading for {self.py_func!r} {_numba_type_tuple(types)}:\n"
            f"{candidates}\n"
            f"{self.__name__}'s signatures above convert these arguments equally well; add a "
            "signature for exactly these types, or convert the arguments (e.g. np.float32(x))"
        )

    def compile(self, sig: Any) -> Any:
        """Compiles for a signature now; returns the kernel object (for a device function,
        its compile result, as ``compile_device``)."""
        args, ret = compiler.normalize_signature(sig)
        if self._device:
            return self._device_compile(tuple(args), ret)
        if self._specialized and self._specializations():
            return next(iter(self.overloads.values()))  # numba's: its one kernel
        return self._compile(tuple(args), use_gpu()).kernel

    def _device_compile(self, types: tuple[str, ...], ret: str | None = None) -> _Compiled:
        """The compile result of a device function for argument types ``types`` (compiled
        to NVVM IR once, kept in ``_device_overloads``)."""
        types = _canonical(types)
        compiled = self._device_overloads.get(types)
        if compiled is None:
            if not self._can_compile:
                raise RuntimeError(
                    f"Compilation disabled: {self.__name__} has no specialisation for "
                    f"({', '.join(types)}) and disable_compile() was called"
                )
            compiled = _Compiled(self._artifacts(types, "ir"), None, types, self.py_func)
            self._device_overloads[types] = compiled
        return compiled

    def compile_device(self, args: Any, return_type: Any = None) -> _Compiled:
        """Compiles a device function for the argument types ``args`` (a tuple of types, or a
        signature) once, and returns its compile result (``signature``, ``metadata``).
        ``return_type``, when given, is checked against the type the body returns."""
        if not self._device:
            raise TypeError(
                f"{self.__name__} is a kernel; compile_device compiles device functions"
            )
        types, _ = compiler.normalize_signature(args)
        compiled = self._device_compile(tuple(types))
        if return_type is not None:
            want = compiler.normalize_signature((return_type,))[0][0]
            got = compiled.artifacts.get("return_type")
            if got is not None and str(_type_key((got,))[0]) != str(_type_key((want,))[0]):
                from oxcuda.errors import TypingError

                raise TypingError(
                    f"{self.__name__}({', '.join(types)}) returns {got}, not {want}; declare "
                    "the signature with its return type to have the result converted"
                )
        return compiled

    def get_compile_result(self, sig: Any) -> _Compiled:
        """The compile result for the signature ``sig``, compiling it unless compilation is
        disabled (then a ``TypingError`` says the signature is not available)."""
        args, _ = compiler.normalize_signature(sig)
        types = _canonical(tuple(args))
        if self._device:
            if types not in self._device_overloads and not self._can_compile:
                from oxcuda.errors import TypingError

                raise TypingError(f"{sig} not available and compilation disabled")
            return self._device_compile(types)
        known = {c.types: c for _, c in self._specializations()}
        if types in known:
            return known[types]
        if not self._can_compile:
            from oxcuda.errors import TypingError

            raise TypingError(f"{sig} not available and compilation disabled")
        return self._compile(types, use_gpu())

    def disable_compile(self, val: bool = True) -> None:
        """Stops (``val=True``) or allows compiling new specialisations: a launch with
        argument types not compiled yet then raises ``RuntimeError``."""
        self._can_compile = not val

    def enable_caching(self) -> None:
        """Keeps this kernel's compiled images in the disk cache, as ``cache=True`` does."""
        self.targetoptions["cache"] = True

    def recompile(self) -> None:
        """Compiles every signature compiled so far afresh (after a global the kernel reads
        changed, for instance), even when compilation is disabled."""
        with self._lock:
            kernel_sigs = [c.types for _, c in self._specializations()]
            device_sigs = list(self._device_overloads)
            can_compile = self._can_compile
            self.clear()
            self._device_overloads.clear()
            self._can_compile = True
            try:
                for types in device_sigs:
                    self._device_compile(types)
                for types in dict.fromkeys(kernel_sigs):
                    self._compile(types, use_gpu())
            finally:
                self._can_compile = can_compile

    def get_metadata(self, signature: Any = None) -> Any:
        """The compile metadata (``_Compiled.metadata``) of one signature, or a dict of it by
        signature for all compiled so far."""
        if signature is not None:
            return self.get_compile_result(signature).metadata
        return {key: c.metadata for key, c in self._results().items()}

    def _results(self) -> dict[tuple, _Compiled]:
        """Every compile result by numba's key (argument type objects), in compile order."""
        if self._device:
            compiled = list(self._device_overloads.values())
        else:
            compiled = [c for _, c in self._specializations()]
        return {c.argtypes: c for c in compiled}

    @property
    def extensions(self) -> list[Any]:
        """numba's argument extensions: objects with ``prepare_args(ty, val, stream=...,
        retr=...)`` returning ``(ty, val)``, called for each argument from the last object to
        the first before the usual conversion; ``retr`` is a list to which they may append
        zero-argument functions, called after the launch.

        Once this list is handed out (or ``extensions=`` given to ``cuda.jit``), launches of
        this kernel go through Python (extensions must see every argument); other kernels
        keep the native fast path."""
        if not self._extended:
            self._extended = True
            self.forget_configurations()
        return self._extensions

    # ---- launching ------------------------------------------------------------------

    def _configure(self, config: Any) -> Any:
        if self._device:
            raise RuntimeError(
                f"Cannot compile a device function as a kernel: {self.__name__} was declared "
                "with device=True; call it from a kernel, or decorate it without device=True "
                "to launch it"
            )
        if not isinstance(config, tuple):
            config = (config,)
        if len(config) < 2 or len(config) > 4:
            raise ValueError(
                "a launch configuration is [grid, block], [grid, block, stream] or "
                f"[grid, block, stream, sharedmem]; got {len(config)} items"
            )
        grid = _dim3(config[0], "the grid")
        block = _dim3(config[1], "the block")
        stream = _stream_slot(config[2]) if len(config) > 2 else 0
        shared = config[3] if len(config) > 3 else 0
        if not isinstance(shared, int) or isinstance(shared, bool) or shared < 0:
            raise ValueError(f"sharedmem must be a non-negative int, got {shared!r}")
        if shared >= 2**32:
            raise ValueError(
                f"sharedmem is {shared} bytes of dynamic shared memory per block; a block can "
                "have at most 232448 (227 KiB, and 49152 without opting in)"
            )
        slow = _Configured(self, grid, block, stream, shared)
        if self._extended:
            return slow  # argument extensions see every launch's arguments (``extensions``)
        # Native: tries the Rust fast path, else calls the Python slow path (launcher.rs).
        return _native.ConfiguredLaunch(
            self, grid, block, stream, shared, slow, slow.pre_launch_callbacks
        )

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._device:
            raise TypeError(
                f"{self.__name__} is a device function: it can only be called from a kernel"
            )
        raise ValueError(
            f"launch configuration was not specified: launch {self.__name__} as "
            f"{self.__name__}[blocks, threads_per_block](...)"
        )

    def forall(self, ntasks: int, tpb: int = 0, stream: Any = 0, sharedmem: int = 0) -> Any:
        """A configuration covering ``ntasks`` threads in 1-D (``tpb`` threads per block)."""
        if ntasks < 0:
            raise ValueError(f"Can't create ForAll with negative task count: {ntasks}")
        tpb = tpb or 128
        blocks = max(1, (ntasks + tpb - 1) // tpb)
        return self[blocks, tpb, stream, sharedmem]

    def _launch(self, grid, block, stream, shared, args: tuple, config: Any = None) -> None:
        """The slow path's launch: converts host arguments (through the argument
        ``extensions`` first), calls the configuration's ``pre_launch_callbacks`` with the
        kernel, then launches through the native table (one read of the converted arguments;
        compiled on a miss)."""
        self._check_arity(args)
        gpu = use_gpu()
        retr: list[Any] = []
        if self._extensions:
            args = tuple(self._extend(a, stream, retr) for a in args)
        args, copy_back = self._prepare_args(args, gpu, stream)
        callbacks = getattr(config, "pre_launch_callbacks", None)
        if callbacks:
            types = _native.parse_types(_native.typeof_args(args))
            kernel = self._specialization(types, gpu).kernel
            for callback in list(callbacks):
                callback(kernel, config)
        if not self.launch_native(gpu, grid, block, stream, shared, args):
            _native.typeof_args(args)  # raises the reader's error for the argument at fault
            raise TypeError(f"{self.__name__}: these arguments cannot be passed to a kernel")
        for device_array, host in copy_back:
            device_array.copy_to_host(host)
        for cleanup in retr:
            cleanup()

    def _extend(self, value: Any, stream: Any, retr: list[Any]) -> Any:
        """One argument through the argument extensions, last to first (``extensions``)."""
        ty = _typeof_value(value)
        for extension in reversed(self._extensions):
            ty, value = extension.prepare_args(ty, value, stream=stream, retr=retr)
        return value

    def _check_arity(self, args: tuple) -> None:
        code = getattr(self.py_func, "__code__", None)
        if code is None or code.co_flags & 0x04:  # no code object, or *args
            return
        if len(args) != code.co_argcount:
            raise TypeError(
                f"{self.__name__}() takes {code.co_argcount} argument"
                f"{'' if code.co_argcount == 1 else 's'} but {len(args)} were given"
            )

    def _prepare_args(self, args: tuple, gpu: bool, stream: Any) -> tuple[tuple, list]:
        from oxcuda.cuda import devicearray

        out = []
        copy_back = []
        for a in args:
            if isinstance(a, _HostArgument) and not (
                _is_numpy_array(a.array) or _is_numpy_record(a.array)
            ):
                a = a.array  # a hint around a value that needs no copy (a device array)
            if isinstance(a, _HostArgument):
                host, copy_in, copy_out = a.array, a.copy_in, a.copy_out
            elif _is_numpy_array(a):
                host, copy_in, copy_out = a, True, True
                if (
                    gpu
                    and config_module.WARN_ON_IMPLICIT_COPY
                    and config_module.PERFORMANCE_WARNINGS
                ):
                    warnings.warn(
                        f"{self.__name__}: a NumPy array argument is copied to the device and "
                        "back on every launch; pass cuda.to_device(...) arrays instead",
                        NumbaPerformanceWarning,
                        stacklevel=4,
                    )
            elif _is_numpy_record(a):
                # numba passes records by reference: the kernel sees a device copy, written
                # back into the record's memory (the array it was indexed from) afterwards.
                import numpy as np

                dev = devicearray.to_device(a, stream=stream)
                out.append(dev)
                host = np.asarray(a)
                if host.flags.writeable:
                    copy_back.append((dev, host))
                continue
            elif isinstance(a, tuple):
                inner, back = self._prepare_args(a, gpu, stream)
                if type(a) is not tuple and hasattr(type(a), "_fields"):
                    inner = type(a)(*inner)  # a namedtuple keeps its class (its type)
                out.append(inner)
                copy_back += back
                continue
            elif not isinstance(a, devicearray.DeviceNDArray) and hasattr(
                a, "__cuda_array_interface__"
            ):
                out.append(devicearray.as_cuda_array(a))
                continue
            elif _cuda_core_buffer.is_buffer(a):
                out.append(_cuda_core_buffer.buffer_array(a))  # numba: Array(uint8, 1, 'C')
                continue
            else:
                out.append(a)
                continue
            dev = (
                devicearray.to_device(host, stream=stream)
                if copy_in
                else devicearray.device_array_like(host, stream=stream)
            )
            if not host.flags.writeable:
                # A read-only NumPy array stays read-only in the kernel (numba types it
                # `readonly`, so writes are compile errors) and is not copied back. (Records
                # have no read-only type: a structured array keeps its device copy writable.)
                if host.dtype.names is None:
                    dev = _readonly_view(dev)
                copy_out = False
            out.append(dev)
            if copy_out:
                copy_back.append((dev, host))
        return tuple(out), copy_back

    # ---- introspection --------------------------------------------------------------

    @property
    def _overloads(self) -> dict[tuple[bool, tuple[str, ...]], _Compiled]:
        """``{(on the GPU, signature): compile record}``, read from the native table."""
        return {(gpu, c.types): c for gpu, c in self._specializations()}

    @property
    def overloads(self) -> dict[tuple, Any]:
        """By argument types (a tuple of type objects, numba's key): the loaded kernel of each
        specialisation, or for a device function its compile result."""
        if self._device:
            return dict(self._results())
        return {c.argtypes: c.kernel for _, c in self._specializations()}

    @property
    def signatures(self) -> list[tuple]:
        """The argument types of each signature compiled so far (the eager ones before any
        launch), as tuples of type objects: numba's keys of ``overloads``."""
        if self._device:
            texts = list(self._device_overloads) or list(self._eager)
        else:
            compiled = (c.types for _, c in self._specializations())
            texts = list(dict.fromkeys(compiled)) or list(self._eager)
        return [_type_key(t) for t in texts]

    @property
    def stats(self) -> dict[str, float]:
        """Seconds spent in each compile stage of the last compile (a dict), with numba's
        ``cache_path``, ``cache_hits`` and ``cache_misses`` (Counters by signature) of the
        disk cache as attributes."""
        cache_path = None
        if self.targetoptions.get("cache"):
            from oxcuda.cuda import _disk_cache

            cache_path = _disk_cache.directory(self.py_func)
        return CompileStats(self._stats, cache_path, self._cache_hits, self._cache_misses)

    def specialize(self, *args: Any) -> Dispatcher:
        """A dispatcher compiled for the types of ``args`` alone, with compilation disabled
        (numba's ``specialize``); made once per compute capability and argument types, and
        kept in ``specializations``."""
        if self._specialized:
            raise RuntimeError("Dispatcher already specialized")
        from oxcuda import types as oxtypes

        if args and all(isinstance(a, oxtypes.Type) for a in args):
            # numba also takes the argument types themselves: specialize(float32[::1]).
            types = tuple(compiler.normalize_signature(tuple(args))[0])
        else:
            types = tuple(_native.typeof_args(self._prepare_args(args, use_gpu(), 0)[0]))
        key = (_current_cc(), _type_key(types))
        found = self.specializations.get(key)
        if found is None:
            found = Dispatcher(self.py_func, [types], self.targetoptions)
            found.disable_compile()
            found._specialized = True
            self.specializations[key] = found
        return found

    @property
    def specialized(self) -> bool:
        """Whether this dispatcher was made by ``specialize()`` (one signature, no compiling)."""
        return self._specialized

    def _one(self, signature: Any) -> _Compiled:
        if signature is not None:
            args, _ = compiler.normalize_signature(signature)
            if self._device:
                return self._device_compile(tuple(args))
            return self._compile(tuple(args), use_gpu())
        if self._device:
            if self._device_overloads:
                return next(iter(self._device_overloads.values()))
            if len(self._eager) == 1:
                return self._device_compile(self._eager[0])
            raise ValueError(f"{self.__name__} has not been compiled yet: call compile_device")
        compiled = self._specializations()
        if not compiled:
            if len(self._eager) == 1:
                return self._compile(self._eager[0], use_gpu())
            raise ValueError(f"{self.__name__} has not been compiled yet: launch it first")
        return compiled[0][1]

    def _stage(self, signature: Any, stage: str, cc: Any = None) -> Any:
        """The output of the compile stage ``stage`` (a name of ``compiler.stages()``) for a
        specialisation, read from what its compile stored. A stage that compile did not
        produce (the NVVM IR of a simulator kernel, the PTX of an LTO link) is produced from the
        latest stored stage and kept; a kernel loaded from the disk cache, which stores only its
        image, is compiled again from its source. ``cc`` (``(major, minor)``, numba's
        ``inspect_asm(cc)``): the stage compiled for that compute capability, kept per ``cc``,
        when it is not the one the specialisation was compiled for."""
        compiled = self._one(signature)
        if cc is not None:
            cc = _compute_capability(cc)
            if cc != tuple(compiled.artifacts.get("cc") or ()):
                key = (cc, stage)
                if key not in compiled.other_targets:
                    output = self._artifacts(compiled.types, stage, cc=cc, record_stats=False)
                    compiled.other_targets[key] = output[stage]
                return compiled.other_targets[key]
        artifacts = compiled.artifacts
        value = artifacts.get(stage)
        if value is not None:
            return value
        if isinstance(artifacts, _native.CompileArtifacts):
            compiler.open_tools(stage)
            artifacts.advance(stage, compiler.libdevice_path())
        else:
            fresh = self._artifacts(compiled.types, stage, artifacts.get("cc"))
            for key, kept in artifacts.items():
                fresh[key] = kept  # the cache entry's key and file
            compiled.artifacts = artifacts = fresh
        return artifacts[stage]

    def _by_signature(self, stage: str, render: Any = None) -> dict[tuple, Any]:
        """``{argument types: the stage's output}`` for every signature compiled so far (the
        eager ones before any launch), as numba's ``inspect_*()`` without a signature."""
        if self._device:
            texts = list(self._device_overloads) or list(self._eager)
        else:
            texts = list(dict.fromkeys(t for (_, t) in self._overloads)) or list(self._eager)
        out = {}
        for t in texts:
            value = self._stage(t, stage)
            out[_type_key(t)] = render(value) if render else value
        return out

    def inspect_types(self, file: Any = None, signature: Any = None) -> str | None:
        """The typed IR (oxcuda's typed IR, where numba shows its annotated Numba IR).

        As numba: without ``signature``, each specialisation's is printed to ``file``
        (``sys.stdout`` by default) under a line naming the function and its argument types.
        With ``signature`` (oxcuda's addition) that specialisation's text is returned, or
        written to ``file`` when one is given."""
        if file is not None and not callable(getattr(file, "write", None)):
            raise TypeError(
                f"inspect_types(file=...) takes a writable file, not {type(file).__name__}; "
                "pass the signature as inspect_types(signature=...)"
            )
        if signature is not None:
            text = self._stage(signature, "typed")
            if file is None:
                return text
            print(text, file=file)
            return None
        import sys

        out = sys.stdout if file is None else file
        for key, text in self._by_signature("typed").items():
            print(f"{self.py_func.__name__} ({', '.join(str(t) for t in key)})", file=out)
            print("-" * 80, file=out)
            print(text, file=out)
            print("=" * 80, file=out)
        return None

    def inspect_llvm(self, signature: Any = None) -> Any:
        """NVVM IR: the text for ``signature``, else a dict of it by signature (argument type
        tuples) for every signature compiled so far."""
        if signature is None:
            return self._by_signature("nvvm")
        return self._stage(signature, "nvvm")

    def inspect_asm(self, signature: Any = None) -> Any:
        """PTX: the text for ``signature``, else a dict of it by signature (argument type
        tuples) for every signature compiled so far."""
        if signature is None:
            return self._by_signature("ptx")
        return self._stage(signature, "ptx")

    def inspect_lto_ptx(self, signature: Any = None) -> Any:
        """The PTX of the kernel after link-time optimisation with everything it links
        (``link=`` and ``declare_device`` code compiled to LTO-IR): the text for
        ``signature``, else a dict by signature. Needs nvJitLink."""
        if signature is None:
            texts = [tuple(str(t) for t in key) for key in self._by_signature_keys()]
            return {_type_key(t): self._lto_ptx(t) for t in texts}
        return self._lto_ptx(signature)

    def _by_signature_keys(self) -> list[tuple]:
        if self._device:
            texts = list(self._device_overloads) or list(self._eager)
        else:
            texts = list(dict.fromkeys(t for (_, t) in self._overloads)) or list(self._eager)
        return [_type_key(t) for t in texts]

    def _lto_ptx(self, signature: Any) -> str:
        """PTX from nvJitLink's link-time optimisation of this function's LTO-IR and its
        link inputs (``_linker``)."""
        args, _ = compiler.normalize_signature(signature)
        cc = _current_cc()
        link = list(self.targetoptions.get("link", ()))
        artifacts = compiler.compile_pyfunc(
            self.py_func,
            tuple(args),
            device=self._device,
            output="ltoir",
            cc=cc,
            **self._options(),
        )
        # With what the extension implementations it called link (intrinsics' NVVM IR, the
        # declare_device functions of overloads), known once typed.
        items = _linker.unique(
            [*compiler.link_items(self.py_func, link), *artifacts.get("extension_links", ())]
        )
        inputs = _linker.prepare(
            items,
            cc,
            lto=True,
            debug=bool(self.targetoptions.get("debug")),
            lineinfo=bool(self.targetoptions.get("lineinfo")),
        )
        own = ("ltoir", bytes(artifacts["ltoir"]), f"{self.__name__} (oxcuda)")
        _toolchain.nvjitlink_info()  # opens nvJitLink, or names what is missing
        return _native.lto_ptx(self.__name__, cc, [own, *inputs])

    def inspect_sass(self, signature: Any = None) -> Any:
        """SASS of the kernel's cubin (needs ``nvdisasm``; see ``oxcuda.cuda._sass``): the
        text for ``signature``, else a dict by signature."""
        from oxcuda.cuda._sass import disassemble

        if self._device:
            raise RuntimeError("Cannot inspect SASS of a device function")
        if signature is None:
            return self._by_signature("cubin", disassemble)
        return disassemble(self._stage(signature, "cubin"))

    def inspect_sass_cfg(self, signature: Any = None) -> Any:
        """The control-flow graph of the kernel's SASS in Graphviz's DOT language
        (``nvdisasm -cfg``): the text for ``signature``, else a dict by signature."""
        from oxcuda.cuda._sass import control_flow_graph

        if self._device:
            raise RuntimeError("Cannot get the CFG of a device function")
        if signature is None:
            return self._by_signature("cubin", control_flow_graph)
        return control_flow_graph(self._stage(signature, "cubin"))

    def _gpu_kernel(self, signature: Any, what: str) -> Any:
        kernel = self._one(signature).kernel
        if not isinstance(kernel, _native.GpuKernel):
            raise RuntimeError(f"{what} needs a GPU kernel; this one runs on the simulator")
        return kernel

    def _attribute(self, signature: Any, name: str) -> Any:
        """A kernel attribute as numba-cuda's ``get_*`` methods give it: for ``signature``; with
        none, the one specialisation's of a dispatcher that cannot compile more (declared
        signatures, or ``specialize()``), else ``{argument types: value}`` for every
        specialisation compiled so far on the current target (empty before the first launch).
        A simulator kernel answers from ptxas's report on its PTX (``_resources``)."""
        if signature is None and not (self._eager or self._specialized):
            gpu = use_gpu()
            texts = dict.fromkeys(t for (on_gpu, t) in self._overloads if on_gpu == gpu)
            return {_type_key(t): self._kernel_attribute(t, name) for t in texts}
        return self._kernel_attribute(signature, name)

    def _kernel_attribute(self, signature: Any, name: str) -> int:
        """Attribute ``name`` of one specialisation: the driver's for a GPU kernel, ptxas's
        report for a simulator kernel (compiled for the simulator's compute capability)."""
        compiled = self._one(signature)
        if isinstance(compiled.kernel, _native.GpuKernel):
            return compiled.kernel.attribute(name)
        from oxcuda.cuda import _resources

        found = compiled.sim_resources
        if found is None:
            from oxcuda.cuda._devices import get_current_device

            # The GPU's compile and link, for the simulated device's compute capability (the
            # simulator's own compile uses the default one, which resources may differ on).
            cc = get_current_device().compute_capability
            linked = self._artifacts(compiled.types, "cubin", cc, record_stats=False)
            log = linked.link_report()
            bounds = self.targetoptions.get("launch_bounds")
            found = _resources.attributes(log, compiled.entry_name, bytes(linked["cubin"]), bounds)
            compiled.sim_resources = found
        return found[name]

    def max_cooperative_grid_blocks(
        self, blockdim: Any, dynsmemsize: int = 0, signature: Any = None
    ) -> int:
        """The most blocks of ``blockdim`` threads (an int or a 1-3 tuple) with ``dynsmemsize``
        bytes of dynamic shared memory that can be resident on the device at once: the limit
        of a cooperative launch, as numba-cuda's ``max_cooperative_grid_blocks`` computes it
        (blocks per multiprocessor from the occupancy calculator, times multiprocessors)."""
        from oxcuda.cuda._devices import get_current_device

        block = _dim3(blockdim, "the block")
        if not isinstance(dynsmemsize, int) or dynsmemsize < 0:
            raise ValueError(f"dynsmemsize must be a non-negative int, got {dynsmemsize!r}")
        kernel = self._gpu_kernel(signature, "max_cooperative_grid_blocks")
        per_sm = kernel.max_active_blocks_per_multiprocessor(
            block[0] * block[1] * block[2], dynsmemsize
        )
        return per_sm * get_current_device().MULTIPROCESSOR_COUNT

    def get_regs_per_thread(self, signature: Any = None) -> int | dict[tuple, int]:
        """Registers per thread
        (an int, or a dict by argument types: see ``_attribute``)."""
        return self._attribute(signature, "num_regs")

    def get_shared_mem_per_block(self, signature: Any = None) -> int | dict[tuple, int]:
        """Static shared memory per block, in bytes
        (an int, or a dict by argument types: see ``_attribute``)."""
        return self._attribute(signature, "shared_size_bytes")

    def get_local_mem_per_thread(self, signature: Any = None) -> int | dict[tuple, int]:
        """Local memory per thread, in bytes
        (an int, or a dict by argument types: see ``_attribute``)."""
        return self._attribute(signature, "local_size_bytes")

    def get_max_threads_per_block(self, signature: Any = None) -> int | dict[tuple, int]:
        """The most threads a block of this kernel can have
        (an int, or a dict by argument types: see ``_attribute``)."""
        return self._attribute(signature, "max_threads_per_block")

    def get_const_mem_size(self, signature: Any = None) -> int | dict[tuple, int]:
        """Constant memory used, in bytes
        (an int, or a dict by argument types: see ``_attribute``)."""
        return self._attribute(signature, "const_size_bytes")

    def __reduce__(self) -> tuple:
        """Pickles the dispatcher without compiled code: by reference when it is bound at the
        top level of an importable module, else by value through cloudpickle (its function,
        declared signatures and options); see ``oxcuda.cuda._pickling``."""
        from oxcuda.cuda import _pickling

        return _pickling.reduce_jit_object(
            self, self.py_func, _rebuild_dispatcher, (self._declared, self.targetoptions)
        )

    def __repr__(self) -> str:
        kind = "device function" if self._device else "kernel"
        return f"<oxcuda {kind} {self.__qualname__}>"


class _Configured:
    """The slow path of ``kernel[grid, block, stream, sharedmem](*args)``.

    The native ``ConfiguredLaunch`` calls it when the fast path cannot launch: arguments that
    need conversion, or a target not resolved since ``oxcuda.config`` last changed. It resolves
    the target, tells the native table (``set_target``), and launches through it, converting
    the arguments first where they need it (``Dispatcher._launch``).
    """

    __slots__ = ("block", "dispatcher", "grid", "pre_launch_callbacks", "sharedmem", "stream")

    def __init__(self, dispatcher: Dispatcher, grid, block, stream, sharedmem) -> None:
        self.dispatcher = dispatcher
        self.grid = grid
        self.block = block
        self.stream = stream
        self.sharedmem = sharedmem
        #: numba's ``pre_launch_callbacks``: ``callback(kernel, config)`` before each launch
        #: (the native ``ConfiguredLaunch`` shares this list, and leaves its fast path while
        #: the list is not empty).
        self.pre_launch_callbacks: list[Any] = []

    def __call__(self, *args: Any) -> None:
        d = self.dispatcher
        generation = config_module.generation
        gpu = use_gpu()
        d.set_target(generation, gpu)
        if not (self.pre_launch_callbacks or d._extensions) and d.launch_native(
            gpu, self.grid, self.block, self.stream, self.sharedmem, args
        ):
            return
        d._launch(self.grid, self.block, self.stream, self.sharedmem, args, self)

    @property
    def griddim(self) -> tuple[int, int, int]:
        """The grid's extents (x, y, z)."""
        return self.grid

    @property
    def blockdim(self) -> tuple[int, int, int]:
        """The block's extents (x, y, z)."""
        return self.block


def _current_cc() -> tuple[int, int]:
    """The compute capability of the current device (the simulator's, under it)."""
    from oxcuda.cuda._devices import get_current_device

    return tuple(get_current_device().compute_capability)


def _typeof_value(value: Any) -> Any:
    """The type object of a kernel argument, for the argument extensions' ``ty`` (``None``
    for a value no kernel can take, which an extension may still convert): oxcuda's own
    reading of the value, else ``extending.typeof_impl``'s registrations for its class."""
    from oxcuda import types as oxtypes

    if isinstance(value, _HostArgument):
        value = value.array
    try:
        (text,) = _native.typeof_args((value,))
    except (TypeError, ValueError):  # a host value the native reader does not take
        import numpy as np

        if isinstance(value, np.ndarray):
            try:
                dtype = oxtypes.from_dtype(value.dtype)
            except TypeError:
                return None
            layout = "C" if value.flags.c_contiguous else "F" if value.flags.f_contiguous else "A"
            return oxtypes.Array(dtype, value.ndim, layout, readonly=not value.flags.writeable)
        # A value of a class a library types with @typeof_impl.register (numba's rule).
        from oxcuda.cuda.extending import typeof_value

        return typeof_value(value)
    return oxtypes.from_text(text)


def _rebuild_dispatcher(py_func: Any, signatures: list[Any], options: dict[str, Any]):
    """Unpickles a dispatcher pickled by value (``Dispatcher.__reduce__``)."""
    return Dispatcher(py_func, signatures, dict(options))


def _readonly_view(dev: Any) -> Any:
    """A read-only device array over the memory of ``dev`` (which it keeps alive)."""
    from oxcuda.cuda import devicearray

    desc = dict(dev.__cuda_array_interface__)
    desc["data"] = (desc["data"][0], True)
    desc.pop("stream", None)
    return devicearray.from_cuda_array_interface(desc, owner=dev, sync=False)


def _is_numpy_array(obj: Any) -> bool:
    kind = type(obj)
    return (kind.__module__, kind.__name__) in (("numpy", "ndarray"), ("numpy.rec", "recarray"))


def _is_numpy_record(obj: Any) -> bool:
    """A NumPy structured scalar: ``np.void`` with fields, or ``np.record``."""
    kind = type(obj)
    return (
        kind.__module__ == "numpy"
        and kind.__name__ in ("void", "record")
        and getattr(obj.dtype, "names", None) is not None
    )


# ``cache=True`` keeps GPU kernels in the disk cache (``_disk_cache``); ``inline="always"`` (or
# True) and ``forceinline=True`` mark a device function ``alwaysinline`` in the NVVM IR of every
# kernel that calls it; other ``inline`` values (``"never"``, a cost model) leave inlining to
# libNVVM at -opt=3.
_JIT_OPTIONS = {
    "device",
    "debug",
    "lineinfo",
    "fastmath",
    "opt",
    "max_registers",
    "launch_bounds",
    "lto",
    "cache",
    "link",
    "inline",
    "forceinline",
    "extensions",
    "shared_memory_carveout",
}

#: numba's names for carveouts: the share of the unified L1/shared memory for shared memory.
_CARVEOUT_NAMES = {"default": -1, "maxl1": 0, "maxshared": 100}


def carveout_percent(carveout: Any) -> int:
    """numba's ``shared_memory_carveout`` as the percentage the driver takes: ``"MaxL1"`` is 0,
    ``"MaxShared"`` 100, ``"default"`` -1 (the driver's choice), an int from -1 to 100 itself;
    anything else is a ``ValueError``. (The simulator has no L1 cache to split: it checks the
    value and has nothing to set.)"""
    if isinstance(carveout, bool) or not isinstance(carveout, (int, str)):
        raise ValueError(
            f"Invalid carveout value: {carveout!r}. Use 'MaxL1', 'MaxShared', 'default' or an "
            "integer from -1 to 100"
        )
    if isinstance(carveout, str):
        try:
            return _CARVEOUT_NAMES[carveout.lower()]
        except KeyError:
            raise ValueError(
                f"Invalid carveout value: {carveout}. Use 'MaxL1', 'MaxShared', 'default' or an "
                "integer from -1 to 100"
            ) from None
    if not -1 <= carveout <= 100:
        raise ValueError(f"Carveout must be between -1 and 100, not {carveout}")
    return carveout


def jit(func_or_sig: Any = None, device: bool = False, **options: Any) -> Any:
    """Compile a Python function into a CUDA kernel or device function.

    Used as a decorator, bare (``@cuda.jit``: compiled lazily, once per combination of argument
    types, at the first launch) or with signatures (``@cuda.jit("void(float32[::1])")``:
    compiled at decoration, and launches must match a signature). The result is a
    :class:`Dispatcher`; a kernel is launched as ``kernel[griddim, blockdim](*args)``, with an
    optional stream and dynamic shared memory size as third and fourth launch parameters.

    Parameters
    ----------
    func_or_sig : function, str, signature or list, optional
        The function to compile, or one signature (a string such as ``"void(int32[:])"``, or a
        signature object such as ``void(int32[:])``), or a list of signatures.
    device : bool, optional
        Compile a device function (called from kernels, returns a value) instead of a kernel.
    **options
        ``debug`` (bool): debug information and checked ``assert`` statements.
        ``lineinfo`` (bool): line tables only (for profilers).
        ``fastmath`` (bool): faster, less accurate float arithmetic (flush-to-zero,
        approximate division and square root, contraction).
        ``opt`` (bool, default True): run the optimisers.
        ``max_registers`` (int): a register limit per thread.
        ``launch_bounds`` (int or tuple): the maximum threads per block (and minimum blocks per
        multiprocessor), as CUDA C++'s ``__launch_bounds__``.
        ``lto`` (bool): link-time optimisation; unset, it is chosen per kernel (with ``link=``
        code, or for code that ptxas compiles to subroutine calls: docs/linking.md).
        ``link`` (list): files or :class:`LinkableCode` objects to link (kernels only).
        ``cache`` (bool): keep compiled kernels in the disk cache.
        ``inline``: ``"always"`` or ``True`` inlines the device function into every caller
        (``alwaysinline`` in their NVVM IR); ``"never"``, ``False`` or a numba cost model
        leave it to libNVVM. ``forceinline``: a device function marked ``alwaysinline`` in its
        callers' NVVM IR.

    Returns
    -------
    Dispatcher or function
        The dispatcher, or (given only signatures or options) a decorator that makes one.

    Raises
    ------
    TypeError
        For an unknown option, or when what is decorated is not a function.
    ValueError
        For ``link=`` on a device function.
    oxcuda.errors.TypingError
        At compile time (decoration with signatures, else the first launch), when the function
        breaks a typing rule; the message shows the line and column.

    See Also
    --------
    compile_ptx : compile to PTX without launching.

    Examples
    --------
    >>> import numpy as np
    >>> from oxcuda import cuda
    >>> @cuda.jit
    ... def add_one(a):
    ...     i = cuda.grid(1)
    ...     if i < a.size:
    ...         a[i] += 1
    >>> a = np.zeros(8)
    >>> add_one[1, 32](a)
    >>> a
    array([1., 1., 1., 1., 1., 1., 1., 1.])
    """
    unknown = set(options) - _JIT_OPTIONS
    if unknown:
        raise TypeError(f"cuda.jit got unknown option(s) {sorted(unknown)}")
    _warn_on_debug_options(options)
    compiler.launch_bounds_option(options.get("launch_bounds"))  # checked at decoration
    if options.get("shared_memory_carveout") is not None:
        carveout_percent(options["shared_memory_carveout"])  # checked at decoration, as numba
    if options.get("link"):
        if device:
            raise ValueError("link keyword invalid for device function")
        options["link"] = linkable_code.normalize(options["link"], "cuda.jit")
    options["device"] = device

    def decorate(func: Any, signatures: list[Any]) -> Dispatcher:
        if isinstance(func, Dispatcher):
            func = func.py_func
        if not callable(func):
            raise TypeError(f"cuda.jit decorates functions, not {type(func).__name__}")
        return Dispatcher(func, signatures, options)

    if func_or_sig is None:
        return lambda f: decorate(f, [])
    if callable(func_or_sig) and not _is_signature(func_or_sig):
        return decorate(func_or_sig, [])
    if isinstance(func_or_sig, list):
        return lambda f: decorate(f, func_or_sig)

    def decorate_specialized(f: Any) -> Dispatcher:
        # As numba: one signature (not a list of them) makes a specialized kernel.
        dispatcher = decorate(f, [func_or_sig])
        dispatcher._specialized = not device
        return dispatcher

    return decorate_specialized


def _warn_on_debug_options(options: dict[str, Any]) -> None:
    """numba's ``NumbaInvalidConfigWarning``s for option pairs that cannot both hold: an
    explicit ``opt=True`` with ``debug=True`` (a debug build is compiled without optimisation,
    ``-g -opt=0``), and ``debug`` with ``lineinfo`` (full debug information includes the line
    table, so ``lineinfo`` adds nothing)."""
    from oxcuda.errors import NumbaInvalidConfigWarning

    if not options.get("debug"):
        return
    if options.get("opt"):
        warnings.warn(
            "debug=True with opt=True is not supported by CUDA: oxcuda compiles a debug build "
            "without optimisation; set debug=False or opt=False",
            NumbaInvalidConfigWarning,
            stacklevel=3,
        )
    if options.get("lineinfo"):
        warnings.warn(
            "debug and lineinfo are mutually exclusive: debug gives full debug information "
            "(line tables included) and compiles without optimisation; use lineinfo alone for "
            "line tables in an optimised build",
            NumbaInvalidConfigWarning,
            stacklevel=3,
        )


def _is_signature(obj: Any) -> bool:
    from oxcuda import types as oxtypes

    return isinstance(obj, (str, tuple, oxtypes.Signature, oxtypes.Type))


def _numba_type_tuple(types: list) -> str:
    """Argument types as numba prints a tuple of them in its overload messages
    (``(Array(float64, 1, 'C', False, aligned=True), float32)``)."""
    from oxcuda import types as oxtypes

    parts = [_numba_type_repr(oxtypes.from_text(str(t))) for t in types]
    return f"({', '.join(parts)}{',' if len(parts) == 1 else ''})"


def _numba_type_repr(ty: Any) -> str:
    """numba's ``repr`` of a type: its constructor call for arrays, the name otherwise."""
    from oxcuda import types as oxtypes

    if isinstance(ty, oxtypes.Array):
        return f"Array({ty.dtype}, {ty.ndim}, '{ty.layout}', {ty.readonly}, aligned={ty.aligned})"
    return str(ty)


#: numba-cuda's name of the dispatcher class (``numba.cuda.dispatcher.CUDADispatcher``), which
#: libraries test with ``isinstance``: every ``cuda.jit`` function and device function is one.
CUDADispatcher = Dispatcher
