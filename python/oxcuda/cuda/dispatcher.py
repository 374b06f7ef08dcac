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

import functools
import threading
import time
import warnings
from typing import Any, NoReturn

from oxcuda import _capture, _native, _toolchain
from oxcuda._knobs import config as config_module
from oxcuda.cuda import _linker, compiler, linkable_code
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
    """``value`` (an int or a tuple of 1 to 3 ints) as three extents, each checked against
    CUDA's limit for its dimension, so that a huge one is an error naming it rather than an
    overflow in the native launch."""
    if isinstance(value, int):
        value = (value,)
    if not isinstance(value, tuple) or not 1 <= len(value) <= 3:
        raise ValueError(f"{what} must be an int or a tuple of 1 to 3 ints, got {value!r}")
    dims = []
    for v in value:
        if not isinstance(v, int) or isinstance(v, bool):
            try:
                v = int(v.__index__())
            except AttributeError:
                raise TypeError(f"{what} entries must be integers, got {v!r}") from None
        if v < 1:
            raise ValueError(f"{what} entries must be at least 1, got {value!r}")
        limit = _DIM_LIMITS[what][len(dims)]
        if v > limit:
            axis = "xyz"[len(dims)]
            attribute = f"MAX_{what.split()[-1].upper()}_DIM_{axis.upper()}"
            raise ValueError(
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


class _Compiled:
    """One specialisation: its artifacts, the loaded kernel and its signature as text (the
    table itself is native: ``LaunchCache``)."""

    def __init__(self, artifacts: dict[str, Any], kernel: Any, types: tuple[str, ...]) -> None:
        self.artifacts = artifacts
        self.kernel = kernel
        self.types = types


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
        # (argument types, return type or None) of each explicit signature, in order.
        self._declared: list[tuple[tuple[str, ...], str | None]] = []
        self._lock = threading.RLock()
        self._stats: dict[str, float] = {}
        functools.update_wrapper(self, py_func)
        for sig in signatures:
            args, ret = compiler.normalize_signature(sig)
            self._eager.append(tuple(args))
            self._declared.append((tuple(args), ret))
            if not self._device:
                types = _native.parse_types(list(args))
                self._add_eager(types)
                self._specialization(types, use_gpu())
            else:
                # Device functions compile with their callers; check the signature now.
                self._artifacts(tuple(args), "ir")

    # ---- compiling ------------------------------------------------------------------

    def _options(self) -> dict[str, Any]:
        keys = ("debug", "lineinfo", "fastmath", "opt", "max_registers", "launch_bounds", "lto")
        options = {k: self.targetoptions[k] for k in keys if k in self.targetoptions}
        bounds = options.get("launch_bounds")
        if isinstance(bounds, int):
            options["launch_bounds"] = [bounds]  # numba accepts an int or a tuple of 1 to 3
        elif bounds is not None:
            options["launch_bounds"] = list(bounds)
        return options

    def _artifacts(self, types: tuple[str, ...], output: str, cc=None, captured=None) -> Any:
        """Compiles for ``types`` up to the stage ``output`` (``captured``: the source, when the
        caller captured it already), records the stages' times in ``stats``, and returns the
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
            **self._options(),
        )
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
            if gpu:
                artifacts, image = self._gpu_image_cached(texts)
                try:
                    kernel = self._load(image, artifacts, types)
                except CudaDriverError:
                    if "cache_key" not in artifacts:
                        raise
                    # A cached image this driver will not load: drop it and compile afresh.
                    from oxcuda.cuda import _disk_cache

                    _disk_cache.discard(self.py_func, artifacts["cache_key"])
                    artifacts, image = self._gpu_image(texts)
                    kernel = self._load(image, artifacts, types)
            else:
                if self.targetoptions.get("link"):
                    raise RuntimeError(
                        f"{self.__name__} links external code (link=), which cannot run on the "
                        "simulator: run it on a GPU (OXCUDA_TARGET=gpu)"
                    )
                artifacts = self._artifacts(texts, "ir")
                kernel = _native.SimKernel(artifacts["module"])
            self._record(list(types), gpu, kernel, _Compiled(artifacts, kernel, texts))

    @staticmethod
    def _load(image: bytes, artifacts: dict[str, Any], types: tuple) -> Any:
        """Loads a GPU image, with the table of its checked asserts (debug builds), which the
        launcher reports a failed assert from (docs/debugging.md)."""
        return _native.GpuKernel(
            image,
            artifacts["kernel_name"],
            list(types),
            artifacts.get("asserts"),
            bool(artifacts.get("cooperative")),
        )

    def _gpu_image_cached(self, types: tuple[str, ...]) -> tuple[dict[str, Any], bytes]:
        """``_gpu_image``, through the disk cache when the kernel has ``cache=True``
        (``_disk_cache``): a hit loads the stored image and compiles nothing."""
        if not self.targetoptions.get("cache"):
            return self._gpu_image(types)
        from oxcuda.cuda import _disk_cache
        from oxcuda.cuda._devices import get_current_device

        start = time.perf_counter()
        cc = get_current_device().compute_capability
        driver = tuple(_toolchain.driver_info()["version"])
        link = self.targetoptions.get("link", ())
        captured = _capture.capture(self.py_func)  # once: for the key and for a compile
        key = _disk_cache.key(
            self.py_func, types, self._options(), cc, link, driver, sources=captured[0]
        )
        if key is not None:
            hit = _disk_cache.load(self.py_func, key)
            if hit is not None:
                header, image = hit
                self._stats = {"cache_load": time.perf_counter() - start}
                artifacts = {"kernel_name": header["kernel_name"], "cc": cc, "cache_key": key}
                artifacts["asserts"] = _disk_cache.asserts(header)
                artifacts["cooperative"] = bool(header.get("cooperative"))
                artifacts["cache_file"] = _disk_cache.path(self.py_func, key)
                return artifacts, image
        artifacts, image = self._gpu_image(types, captured)
        if key is not None:
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
            f"{self.__name__} was compiled for {expected}, but is called with "
            f"({', '.join(texts)}); add that signature to @cuda.jit, or convert the arguments"
        )

    def compile(self, sig: Any) -> Any:
        """Compiles for a signature now; returns the kernel object."""
        args, _ = compiler.normalize_signature(sig)
        if self._device:
            return self._artifacts(tuple(args), "ir")
        return self._compile(tuple(args), use_gpu()).kernel

    # ---- launching ------------------------------------------------------------------

    def _configure(self, config: Any) -> Any:
        if self._device:
            raise TypeError(f"{self.__name__} is a device function: call it from a kernel")
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
        # Native: tries the Rust fast path, else calls the Python slow path (launcher.rs).
        return _native.ConfiguredLaunch(self, grid, block, stream, shared, slow)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._device:
            raise TypeError(
                f"{self.__name__} is a device function: it can only be called from a kernel"
            )
        raise ValueError(
            f"missing launch configuration: launch {self.__name__} as "
            f"{self.__name__}[blocks, threads_per_block](...)"
        )

    def forall(self, ntasks: int, tpb: int = 0, stream: Any = 0, sharedmem: int = 0) -> Any:
        """A configuration covering ``ntasks`` threads in 1-D (``tpb`` threads per block)."""
        if ntasks < 0:
            raise ValueError(f"ntasks must be non-negative, got {ntasks}")
        tpb = tpb or 128
        blocks = max(1, (ntasks + tpb - 1) // tpb)
        return self[blocks, tpb, stream, sharedmem]

    def _launch(self, grid, block, stream, shared, args: tuple) -> None:
        """The slow path's launch: converts host arguments, then launches through the native
        table (one read of the converted arguments; compiled on a miss)."""
        self._check_arity(args)
        gpu = use_gpu()
        args, copy_back = self._prepare_args(args, gpu, stream)
        if not self.launch_native(gpu, grid, block, stream, shared, args):
            _native.typeof_args(args)  # raises the reader's error for the argument at fault
            raise TypeError(f"{self.__name__}: these arguments cannot be passed to a kernel")
        for device_array, host in copy_back:
            device_array.copy_to_host(host)

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
            if isinstance(a, _HostArgument):
                host, copy_in, copy_out = a.array, a.copy_in, a.copy_out
            elif _is_numpy_array(a):
                host, copy_in, copy_out = a, True, True
                if gpu:
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
                out.append(inner)
                copy_back += back
                continue
            elif not isinstance(a, devicearray.DeviceNDArray) and hasattr(
                a, "__cuda_array_interface__"
            ):
                out.append(devicearray.as_cuda_array(a))
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
    def overloads(self) -> dict[tuple[str, ...], Any]:
        """The loaded kernel of each specialisation, by signature."""
        return {c.types: c.kernel for _, c in self._specializations()}

    @property
    def signatures(self) -> list[tuple[str, ...]]:
        """The signatures compiled so far (the eager ones before any launch)."""
        compiled = (c.types for _, c in self._specializations())
        return list(dict.fromkeys(compiled)) or list(self._eager)

    @property
    def stats(self) -> dict[str, float]:
        """Seconds spent in each compile stage of the last compile."""
        return dict(self._stats)

    def specialize(self, *args: Any) -> Dispatcher:
        """A dispatcher fixed to the types of ``args``."""
        types = tuple(_native.typeof_args(self._prepare_args(args, use_gpu(), 0)[0]))
        return Dispatcher(self.py_func, [types], self.targetoptions)

    def _one(self, signature: Any) -> _Compiled:
        if signature is not None:
            args, _ = compiler.normalize_signature(signature)
            return self._compile(tuple(args), use_gpu())
        compiled = self._specializations()
        if not compiled:
            if len(self._eager) == 1:
                return self._compile(self._eager[0], use_gpu())
            raise ValueError(f"{self.__name__} has not been compiled yet: launch it first")
        return compiled[0][1]

    def _stage(self, signature: Any, stage: str) -> Any:
        """The output of the compile stage ``stage`` (a name of ``compiler.stages()``) for a
        specialisation, read from what its compile stored. A stage that compile did not
        produce (the NVVM IR of a simulator kernel, the PTX of an LTO link) is produced from the
        latest stored stage and kept; a kernel loaded from the disk cache, which stores only its
        image, is compiled again from its source."""
        compiled = self._one(signature)
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

    def inspect_types(self, signature: Any = None) -> str:
        """The typed IR of a specialisation."""
        return self._stage(signature, "typed")

    def inspect_llvm(self, signature: Any = None) -> Any:
        """NVVM IR: a string for one signature, else a dict by signature."""
        if signature is None and len(self._overloads) > 1:
            return {t: self._stage(t, "nvvm") for (_, t) in self._overloads}
        return self._stage(signature, "nvvm")

    def inspect_asm(self, signature: Any = None) -> Any:
        """PTX: a string for one signature, else a dict by signature."""
        if signature is None and len(self._overloads) > 1:
            return {t: self._stage(t, "ptx") for (_, t) in self._overloads}
        return self._stage(signature, "ptx")

    def inspect_sass(self, signature: Any = None) -> str:
        """SASS of the kernel's cubin (needs ``nvdisasm``; see ``oxcuda.cuda._sass``)."""
        from oxcuda.cuda._sass import disassemble

        return disassemble(self._stage(signature, "cubin"))

    def _gpu_kernel(self, signature: Any, what: str) -> Any:
        kernel = self._one(signature).kernel
        if not isinstance(kernel, _native.GpuKernel):
            raise RuntimeError(f"{what} needs a GPU kernel; this one runs on the simulator")
        return kernel

    def _attribute(self, signature: Any, name: str) -> int:
        return self._gpu_kernel(signature, name).attribute(name)

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

    def get_regs_per_thread(self, signature: Any = None) -> int:
        return self._attribute(signature, "num_regs")

    def get_shared_mem_per_block(self, signature: Any = None) -> int:
        return self._attribute(signature, "shared_size_bytes")

    def get_local_mem_per_thread(self, signature: Any = None) -> int:
        return self._attribute(signature, "local_size_bytes")

    def get_max_threads_per_block(self, signature: Any = None) -> int:
        return self._attribute(signature, "max_threads_per_block")

    def get_const_mem_size(self, signature: Any = None) -> int:
        return self._attribute(signature, "const_size_bytes")

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

    __slots__ = ("block", "dispatcher", "grid", "sharedmem", "stream")

    def __init__(self, dispatcher: Dispatcher, grid, block, stream, sharedmem) -> None:
        self.dispatcher = dispatcher
        self.grid = grid
        self.block = block
        self.stream = stream
        self.sharedmem = sharedmem

    def __call__(self, *args: Any) -> None:
        d = self.dispatcher
        generation = config_module.generation
        gpu = use_gpu()
        d.set_target(generation, gpu)
        if d.launch_native(gpu, self.grid, self.block, self.stream, self.sharedmem, args):
            return
        d._launch(self.grid, self.block, self.stream, self.sharedmem, args)


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


# ``cache=True`` keeps GPU kernels in the disk cache (``_disk_cache``); ``inline`` and
# ``forceinline`` are accepted for numba-cuda compatibility: libNVVM (-opt=3) decides inlining.
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
}


def jit(func_or_sig: Any = None, device: bool = False, **options: Any) -> Any:
    """``@cuda.jit``, ``@cuda.jit(device=True)``, ``@cuda.jit("void(float32[:])")``,
    ``@cuda.jit(["void(float32[:])", "void(float64[:])"], fastmath=True)``.

    Options: ``debug``, ``lineinfo``, ``fastmath``, ``opt``, ``max_registers``,
    ``launch_bounds``, ``lto``, ``link``, ``cache`` (the disk cache, ``_disk_cache``);
    ``inline`` and ``forceinline`` are accepted for compatibility (see ``_JIT_OPTIONS``)."""
    unknown = set(options) - _JIT_OPTIONS
    if unknown:
        raise TypeError(f"cuda.jit got unknown option(s) {sorted(unknown)}")
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
    signatures = func_or_sig if isinstance(func_or_sig, list) else [func_or_sig]
    return lambda f: decorate(f, signatures)


def _is_signature(obj: Any) -> bool:
    from oxcuda import types as oxtypes

    return isinstance(obj, (str, tuple, oxtypes.Signature, oxtypes.Type))
