"""Modules of foreign GPU code: numba-cuda's ``Context.create_module_ptx`` and
``create_module_image``, the :class:`Module` they return and the :class:`Function` of one of its
kernels.

numba-cuda loads such code through NVIDIA's ``cuda.core`` (``ObjectCode.from_ptx``, then
``get_kernel``) and so does oxcuda, so a :class:`Function`'s ``kernel`` is a ``cuda.core``
``Kernel`` that ``cuda.core.launch`` launches, and its ``handle`` the driver's ``CUkernel``.
Kernels oxcuda compiles from Python never come here: they are loaded by the Rust core.

Invariants: loading needs a GPU context (on the simulator it is a ``RuntimeError`` saying so,
since the simulator executes only kernels oxcuda compiled) and ``cuda.core`` (a
:class:`~oxcuda.errors.CudaSupportError` naming the package otherwise); a module keeps its
``ObjectCode`` alive until :meth:`Module.unload`, after which it refuses further use.
"""

from __future__ import annotations

from collections import namedtuple
from typing import Any

from oxcuda.errors import CudaSupportError

FuncAttr = namedtuple("FuncAttr", ["regs", "shared", "local", "const", "maxthreads"])
"""A kernel's attributes (numba's ``FuncAttr``): registers per thread, static shared, local and
constant memory in bytes, and the most threads per block it can be launched with."""


def _cuda_core() -> Any:
    """``cuda.core``, or a :class:`CudaSupportError` saying how to install it."""
    try:
        from cuda import core
    except ImportError:
        raise CudaSupportError(
            "loading PTX or a cubin as a module (Context.create_module_ptx / "
            "create_module_image) goes through NVIDIA's cuda.core, which is not installed: "
            "pip install cuda-core"
        ) from None
    return core


def _require_gpu(context: Any, what: str) -> None:
    if context.is_host:
        raise RuntimeError(
            f"{what} loads foreign GPU code into a CUDA context, which needs a GPU: the "
            "simulator executes only kernels oxcuda compiles from Python (run on a GPU with "
            "OXCUDA_TARGET=gpu, or write the kernel with @cuda.jit)"
        )


def _attr(attributes: Any, name: str) -> int:
    """One kernel attribute: a property from cuda.core 1.0, a method before."""
    value = getattr(attributes, name)
    return int(value() if callable(value) else value)


class Function:
    """One kernel of a :class:`Module` (numba's ``CudaPythonFunction``): ``name``, ``kernel``
    (the ``cuda.core`` ``Kernel``, for ``cuda.core.launch``), ``handle`` (its ``CUkernel``),
    ``attrs`` (:data:`FuncAttr`) and ``module``."""

    def __init__(self, module: Module, kernel: Any, name: str) -> None:
        self.module = module
        self.kernel = kernel
        self.name = name
        handle = getattr(kernel, "handle", None)
        self.handle = handle if handle is not None else kernel._handle
        attributes = kernel.attributes
        self.attrs = FuncAttr(
            regs=_attr(attributes, "num_regs"),
            shared=_attr(attributes, "shared_size_bytes"),
            local=_attr(attributes, "local_size_bytes"),
            const=_attr(attributes, "const_size_bytes"),
            maxthreads=_attr(attributes, "max_threads_per_block"),
        )

    @property
    def device(self) -> Any:
        """The device of the module's context."""
        return self.module.context.device

    def cache_config(
        self, prefer_equal: bool = False, prefer_cache: bool = False, prefer_shared: bool = False
    ) -> None:
        """Sets the kernel's preference between L1 cache and shared memory
        (``cuKernelSetCacheConfig``); both ``prefer_cache`` and ``prefer_shared`` mean equal."""
        from cuda.bindings import driver as binding

        from oxcuda.cuda.cudadrv.driver import driver

        cache = binding.CUfunc_cache
        if prefer_equal or (prefer_cache and prefer_shared):
            flag = cache.CU_FUNC_CACHE_PREFER_EQUAL
        elif prefer_cache:
            flag = cache.CU_FUNC_CACHE_PREFER_L1
        elif prefer_shared:
            flag = cache.CU_FUNC_CACHE_PREFER_SHARED
        else:
            flag = cache.CU_FUNC_CACHE_PREFER_NONE
        driver.cuKernelSetCacheConfig(self.handle, flag, self.device.id)

    def set_shared_memory_carveout(self, carveout: int) -> None:
        """Sets the preferred shared-memory carveout, a percentage from 0 to 100 of the unified
        L1/shared storage, or -1 for the driver's default; ``ValueError`` outside that range."""
        from cuda.bindings import driver as binding

        from oxcuda.cuda.cudadrv.driver import driver

        carveout = int(carveout)
        if not -1 <= carveout <= 100:
            raise ValueError("Carveout must be between -1 and 100")
        attr = binding.CUfunction_attribute.CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
        driver.cuKernelSetAttribute(attr, carveout, self.handle, self.device.id)

    def __repr__(self) -> str:
        return f"<CUDA function {self.name}>"


class Module:
    """GPU code loaded into a context (numba's ``CudaPythonModule``): :meth:`get_function`
    finds a kernel by its (mangled) name, :meth:`get_global_symbol` a ``__device__`` variable,
    :meth:`unload` releases the code. ``object_code`` is the ``cuda.core`` ``ObjectCode``,
    ``handle`` its library handle."""

    def __init__(self, context: Any, object_code: Any) -> None:
        self.context = context
        self.object_code = object_code
        self.handle = getattr(object_code, "handle", None)

    def _code(self) -> Any:
        if self.object_code is None:
            raise RuntimeError("this module was unloaded (Module.unload()); load it again")
        return self.object_code

    def get_function(self, name: str) -> Function:
        """The kernel ``name`` (its symbol in the code: the mangled name for C++ kernels)."""
        return Function(self, self._code().get_kernel(name), name)

    def get_global_symbol(self, name: str) -> tuple[Any, int]:
        """``(MemoryPointer, size)`` of the global variable ``name`` (``cuLibraryGetGlobal``)."""
        from oxcuda.cuda.cudadrv.driver import MemoryPointer, driver

        self._code()  # an unloaded module is refused first
        pointer, size = driver.cuLibraryGetGlobal(self.handle, name.encode("utf8"))
        return MemoryPointer(self.context, int(pointer), int(size)), int(size)

    def unload(self) -> None:
        """Releases the module's code; its functions must not be launched afterwards."""
        code, self.object_code = self.object_code, None
        close = getattr(code, "close", None)
        if close is not None:
            close()

    def __repr__(self) -> str:
        state = "unloaded" if self.object_code is None else f"handle {self.handle}"
        return f"<CUDA module ({state}) in {self.context!r}>"


def create_module_image(context: Any, image: Any) -> Module:
    """Loads ``image`` (a ``cuda.core`` ``ObjectCode``, or the bytes of a cubin) into
    ``context`` (numba's ``Context.create_module_image``)."""
    _require_gpu(context, "create_module_image")
    core = _cuda_core()
    if isinstance(image, bytes | bytearray | memoryview):
        image = core.ObjectCode.from_cubin(bytes(image))
    elif not isinstance(image, core.ObjectCode):
        raise TypeError(
            f"create_module_image takes a cuda.core ObjectCode or the bytes of a cubin, not "
            f"{type(image).__name__}; for PTX text use create_module_ptx"
        )
    return Module(context, image)


def create_module_ptx(context: Any, ptx: str | bytes) -> Module:
    """Loads PTX text (``str`` or ``bytes``) into ``context`` as a module (numba's
    ``Context.create_module_ptx``); the driver JIT-compiles it for the device."""
    _require_gpu(context, "create_module_ptx")
    if isinstance(ptx, str):
        ptx = ptx.encode("utf8")
    if not isinstance(ptx, bytes | bytearray):
        raise TypeError(f"create_module_ptx takes PTX as str or bytes, not {type(ptx).__name__}")
    core = _cuda_core()
    return Module(context, core.ObjectCode.from_ptx(bytes(ptx)))


def active_blocks_per_multiprocessor(
    context: Any, func: Any, blocksize: int, memsize: int, flags: int | None = None
) -> int:
    """How many blocks of ``blocksize`` threads using ``memsize`` bytes of dynamic shared memory
    each can be resident on one multiprocessor (numba's
    ``Context.get_active_blocks_per_multiprocessor``). ``func`` is a :class:`Function` or one of
    oxcuda's compiled kernels (``kernel.overloads[sig]``)."""
    native = getattr(func, "max_active_blocks_per_multiprocessor", None)
    if native is not None:
        if flags:
            raise ValueError(
                "flags are not supported for oxcuda's own kernels; pass flags=None (or use "
                "driver.cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags on a Function)"
            )
        return int(native(int(blocksize), int(memsize)))
    from oxcuda import _native

    if isinstance(func, _native.SimKernel):
        raise RuntimeError(
            "get_active_blocks_per_multiprocessor needs a GPU kernel; this one runs on the "
            "simulator, which has no occupancy to ask (run on a GPU: OXCUDA_TARGET=gpu)"
        )
    if not isinstance(func, Function):
        raise TypeError(
            "get_active_blocks_per_multiprocessor takes a Function (module.get_function) or a "
            f"compiled kernel (kernel.overloads[sig]), not {type(func).__name__}"
        )
    from oxcuda.cuda.cudadrv.driver import driver

    if not flags:
        return int(
            driver.cuOccupancyMaxActiveBlocksPerMultiprocessor(func.handle, blocksize, memsize)
        )
    return int(
        driver.cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
            func.handle, blocksize, memsize, flags
        )
    )


__all__ = [
    "FuncAttr",
    "Function",
    "Module",
    "active_blocks_per_multiprocessor",
    "create_module_image",
    "create_module_ptx",
]
