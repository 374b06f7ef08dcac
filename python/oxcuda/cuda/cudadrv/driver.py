"""numba-cuda's ``numba.cuda.cudadrv.driver`` names: the EMM classes, ``Context``, ``Stream``
and ``Event`` (re-exported, see the package doc), the :data:`driver` object, and numba's
memory helpers, all over oxcuda's own driver layer:

- pointers and sizes: :func:`host_pointer`, :func:`host_memory_extents`,
  :func:`host_memory_size`, :func:`memory_size_from_info`, :func:`device_pointer`,
  :func:`device_ctypes_pointer`, :func:`device_memory_size`, :func:`is_device_memory`,
  :func:`require_device_memory`, :func:`device_memory_depends`;
- raw transfers of ``size`` bytes: :func:`host_to_device`, :func:`device_to_host`,
  :func:`device_to_device`, :func:`device_memset` (synchronous, or on ``stream`` when one is
  given, as numba-cuda's);
- :data:`driver`: ``get_device_count()``, ``get_device(n)``, ``list_devices()``,
  ``is_available``, ``get_version()``, ``get_active_context()``, ``pop_active_context()``,
  ``reset()``, and numba's initialisation: ``cuInit`` (replaceable, as numba's tests replace
  it), ``ensure_initialized()`` and ``initialization_error``;
- foreign GPU code: ``Module``, ``Function`` and ``FuncAttr`` (``Context.create_module_ptx``,
  ``oxcuda.cuda._modules``), and ``_to_core_stream`` for ``cuda.core.launch``.

Device memory is anything with a true ``__cuda_memory__`` (device arrays, ``MemoryPointer``
and its kin, mapped and managed arrays); host memory is an ``int`` address, a ctypes object,
or anything with ``__array_interface__`` or the buffer protocol. On the simulator
(``oxcuda.config.TARGET == "sim"``) device memory is host memory, and the same calls copy
between host buffers.

Invariant: a transfer never touches more bytes than both sides are known to hold: a ``size``
beyond a host buffer or a device allocation whose size is known is a ``ValueError`` before any
copy. Raw driver-API functions (``driver.cuMemGetInfo()`` and friends) are forwarded to
cuda-python's ``cuda.bindings.driver`` as numba-cuda forwards them, with numba's check of the
``CUresult``; without cuda-python they are an ``AttributeError`` saying so.
"""

from __future__ import annotations

import ctypes
import operator
from typing import Any

from oxcuda import _native
from oxcuda._native import Context, Event, Stream
from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda._modules import FuncAttr, Function, Module
from oxcuda.cuda._profiler import profile_start, profile_stop, profiling
from oxcuda.cuda.memory.default import (
    SUPPORTED_EMM_INTERFACE_VERSION as _SUPPORTED_EMM_INTERFACE_VERSION,
)
from oxcuda.cuda.memory.host import (
    ManagedMemory,
    ManagedOwnedPointer,
    MappedMemory,
    MappedOwnedPointer,
    PinnedMemory,
)
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin, IpcHandle
from oxcuda.cuda.memory.manager import BaseCUDAMemoryManager, HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import AutoFreePointer, MemoryPointer, OwnedPointer
from oxcuda.cuda.memory.selection import set_memory_manager
from oxcuda.errors import CudaAPIError, CudaDriverError, CudaSupportError, LinkerError

# --- the driver object -------------------------------------------------------------------


class _ActiveContext:
    """``with driver.get_active_context() as ac:``: the calling thread's current CUDA context,
    read once on entry. ``ac.context_handle`` is its handle (an ``int``) and ``ac.devnum`` its
    device, both ``None`` when no CUDA context is current (always, on the simulator, which
    has none); ``bool(ac)`` says whether one is."""

    def __init__(self) -> None:
        self.context_handle: int | None = None
        self.devnum: int | None = None

    def __enter__(self) -> _ActiveContext:
        from oxcuda.cuda import _devices

        self.context_handle, self.devnum = None, None
        if _devices.use_gpu():
            from oxcuda import _toolchain

            _toolchain.driver_info()  # the driver must be open to ask it
            handle = _native.current_context_handle()
            if handle:
                self.context_handle = handle
                self.devnum = _native.current_device_context().device_id
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def __bool__(self) -> bool:
        return self.context_handle is not None


class Driver:
    """numba-cuda's ``driver`` object (one per process, :data:`driver`): the device count and
    devices, the driver's availability and version, and the calling thread's context. The
    devices are those of ``cuda.gpus`` (one, the simulator's, when ``TARGET`` is ``"sim"``)."""

    _singleton: Driver | None = None

    def __new__(cls) -> Driver:
        if cls._singleton is None:
            cls._singleton = super().__new__(cls)
        return cls._singleton

    @property
    def is_available(self) -> bool:
        """Whether a CUDA driver loads and reports at least one GPU."""
        from oxcuda import _toolchain

        return _toolchain.gpu_present()

    #: numba's description of a failed initialisation (``"CUDA_ERROR_UNKNOWN (999)"``), kept
    #: so that every later use of the driver raises it again; ``None`` until one fails.
    _init_failure: str | None = None

    @property
    def initialization_error(self) -> str | None:
        """Why the CUDA driver cannot be used (a failed :meth:`cuInit`'s ``"NAME (code)"``, as
        numba's, or the loader's message), or ``None`` when it can."""
        from oxcuda import _toolchain

        if self._init_failure is not None:
            return self._init_failure
        try:
            _toolchain.driver_info()
        except CudaSupportError as exc:
            return str(exc)
        return None

    def cuInit(self, flags: int = 0) -> None:  # noqa: N802 - the driver API's name
        """Initialises the CUDA driver (opens it; the driver's ``cuInit`` runs there).
        :meth:`ensure_initialized` calls ``driver.cuInit(0)``, as numba's initialisation does,
        so a replacement assigned to ``driver.cuInit`` is what runs."""
        from oxcuda import _toolchain

        _toolchain.driver_info()

    def ensure_initialized(self) -> None:
        """Runs the driver's initialisation (``self.cuInit(0)``) when a GPU context is first
        used. A :class:`~oxcuda.errors.CudaAPIError` from it becomes numba's
        :class:`~oxcuda.errors.CudaSupportError` ``"Error at driver init: NAME (code)"``,
        remembered (:attr:`initialization_error`, ``cuda.cuda_error()``) and raised again on
        every later attempt."""
        if self._init_failure is not None:
            raise CudaSupportError(f"Error at driver init: {self._init_failure}")
        try:
            self.cuInit(0)
        except CudaAPIError as exc:
            self._init_failure = f"{exc.msg} ({exc.code})"
            raise CudaSupportError(f"Error at driver init: {self._init_failure}") from None

    def get_device_count(self) -> int:
        """The number of devices (``len(cuda.gpus)``)."""
        from oxcuda.cuda._devices import gpus

        return len(gpus)

    def get_device(self, devnum: int = 0) -> Any:
        """Device ``devnum`` (``cuda.gpus[devnum]``); ``IndexError`` for one that does not
        exist."""
        from oxcuda.cuda._devices import gpus

        return gpus[operator.index(devnum)]

    def list_devices(self) -> list[Any]:
        """Every device."""
        from oxcuda.cuda._devices import list_devices

        return list_devices()

    def get_version(self) -> tuple[int, int]:
        """The CUDA driver's version as ``(major, minor)`` (``cuDriverGetVersion``);
        :class:`~oxcuda.errors.CudaSupportError` where there is no driver."""
        from oxcuda import _toolchain

        major, minor = _toolchain.driver_info()["version"]
        return (int(major), int(minor))

    def get_active_context(self) -> Any:
        """The calling thread's current context, as a context manager: ``with
        driver.get_active_context() as ac:`` gives ``ac.context_handle`` (an ``int``) and
        ``ac.devnum``, both ``None`` when no CUDA context is current (always on the
        simulator); ``bool(ac)`` says whether one is."""
        return _ActiveContext()

    def pop_active_context(self) -> int | None:
        """Makes no context current on the calling thread; returns the handle of the one that
        was, or ``None`` when none was (always on the simulator)."""
        with self.get_active_context() as ac:
            if ac.context_handle is None:
                return None
            _native.restore_context(0)
            return ac.context_handle

    def reset(self) -> None:
        """Releases every context (``cuda.close()``)."""
        from oxcuda.cuda._devices import close

        close()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("cu") and name[2:3].isupper():
            return self._forward(name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _forward(self, name: str) -> Any:
        """``driver.cuXxx``: cuda-python's ``cuda.bindings.driver.cuXxx`` with numba's error
        check (a failing ``CUresult`` is a :class:`~oxcuda.errors.CudaAPIError`; the other
        results are returned, one alone as itself). Bound once, then kept as an attribute."""
        try:
            from cuda.bindings import driver as binding
        except ImportError:
            raise AttributeError(
                f"driver.{name}: raw CUDA driver API calls are forwarded to cuda-python, which "
                "is not installed (pip install cuda-bindings); or use oxcuda's API "
                "(cuda.current_context(), cuda.gpus, the memory and stream objects)"
            ) from None
        function = getattr(binding, name, None)
        if function is None:
            raise AttributeError(f"driver.{name}: cuda.bindings.driver has no {name}")

        def call(*args: Any) -> Any:
            from oxcuda import _toolchain

            _toolchain.driver_info()  # CudaSupportError where there is no driver; cuInit done
            returned = function(*args)
            code, values = returned[0], tuple(returned[1:])
            if int(code) != 0:
                status = getattr(code, "name", str(int(code)))
                raise CudaAPIError(name, int(code), status, f"Call to {name} results in {status}")
            return values[0] if len(values) == 1 else values

        call.__name__ = name
        call.__doc__ = f"cuda.bindings.driver.{name}, its CUresult checked."
        setattr(self, name, call)
        return call

    def __repr__(self) -> str:
        return "<oxcuda CUDA driver>"


#: numba-cuda's ``driver``: the one :class:`Driver`.
driver = Driver()


def get_version() -> tuple[int, int]:
    """The CUDA driver's version, ``(major, minor)`` (``driver.get_version()``)."""
    return driver.get_version()


def _to_core_stream(stream: Any) -> Any:
    """``stream`` (0 or another false value, an oxcuda ``Stream``, a ``cuda.core`` ``Stream`` or
    ``GraphBuilder``) as a ``cuda.core`` ``Stream``, for ``cuda.core.launch`` (numba's helper).
    Needs ``cuda.core``."""
    from cuda.core import Stream as CoreStream

    if not stream:
        return CoreStream.from_handle(0)
    if isinstance(stream, Stream):
        return CoreStream.from_handle(int(stream.handle) or 0)
    if isinstance(stream, CoreStream):
        return stream
    inner = getattr(stream, "stream", None)  # a cuda.core GraphBuilder
    if isinstance(inner, CoreStream):
        return inner
    raise TypeError(
        "Expected a Stream object, ExperimentalStream, GraphBuilder, or 0, got "
        f"{type(stream).__name__}"
    )


def _have_nvjitlink() -> bool:
    """Whether nvJitLink is found (oxcuda links every kernel with it where it is)."""
    from oxcuda import _toolchain

    return _toolchain.nvjitlink_available()


# --- host memory -------------------------------------------------------------------------


def _ctypes_address(obj: Any) -> tuple[int, int] | None:
    """``(address, size)`` of a ctypes object, or ``None`` for anything else."""
    if isinstance(obj, ctypes._SimpleCData | ctypes.Array | ctypes.Structure | ctypes.Union):
        return ctypes.addressof(obj), ctypes.sizeof(obj)
    return None


def _host_array(obj: Any, readonly: bool) -> Any:
    """``obj`` as a NumPy array over its memory (no copy): through ``__array_interface__``, or
    the buffer protocol. ``BufferError`` when a writable buffer is needed and ``obj``'s is
    read-only; ``TypeError`` when ``obj`` exposes no memory."""
    import numpy as np

    if hasattr(obj, "__array_interface__"):
        array = np.asarray(obj)
    else:
        try:
            view = memoryview(obj)
        except TypeError:
            raise TypeError(
                f"{type(obj).__name__} is not host memory: pass an int address, a NumPy array, "
                "a ctypes object or an object with the buffer protocol"
            ) from None
        try:
            array = np.asarray(view)
        except (TypeError, ValueError, NotImplementedError):
            raise TypeError(
                f"the buffer of this {type(obj).__name__} (format {view.format!r}) cannot be "
                "read as memory; pass a NumPy array or a ctypes object"
            ) from None
        if view.readonly and not readonly:
            raise BufferError(
                f"this {type(obj).__name__} is read-only; a transfer into host memory needs a "
                "writable buffer (a NumPy array, a bytearray)"
            )
        return array
    if not readonly and not array.flags.writeable:
        raise BufferError(
            "the host array is read-only; a transfer into host memory needs a writable array"
        )
    return array


def host_pointer(obj: Any, readonly: bool = False) -> int:
    """The host address of ``obj``'s data: an ``int`` is taken as the address itself; a ctypes
    object gives ``ctypes.addressof``; anything else its buffer's first element. Unless
    ``readonly``, the buffer must be writable (``BufferError`` otherwise)."""
    if isinstance(obj, int):
        return obj
    found = _ctypes_address(obj)
    if found is not None:
        return found[0]
    return int(_host_array(obj, readonly).__array_interface__["data"][0])


def memory_size_from_info(shape: Any, strides: Any, itemsize: int) -> int:
    """The bytes from the lowest to one past the highest byte that a view of ``shape``,
    ``strides`` (bytes) and ``itemsize`` touches; 0 for an empty view."""
    from oxcuda.cuda.cudadrv.dummyarray import Array

    begin, end = Array.from_desc(0, shape, strides, itemsize).extent
    return end - begin


def host_memory_extents(obj: Any) -> tuple[int, int]:
    """``(start, end)``, the half-open range of host addresses ``obj``'s data spans (negative
    strides included)."""
    found = _ctypes_address(obj)
    if found is not None:
        return found[0], found[0] + found[1]
    array = _host_array(obj, readonly=True)
    from oxcuda.cuda.cudadrv.dummyarray import Array

    start = int(array.__array_interface__["data"][0])
    return tuple(Array.from_desc(start, array.shape, array.strides, array.itemsize).extent)


def host_memory_size(obj: Any) -> int:
    """The bytes ``obj``'s data spans (:func:`host_memory_extents`)."""
    start, end = host_memory_extents(obj)
    return end - start


# --- device memory -----------------------------------------------------------------------


def is_device_memory(obj: Any) -> bool:
    """Whether ``obj`` is device memory: it has a true ``__cuda_memory__`` (device arrays,
    memory pointers, mapped and managed memory)."""
    try:
        return bool(obj.__cuda_memory__)
    except AttributeError:
        return False


def require_device_memory(obj: Any) -> None:
    """Raises ``TypeError`` unless ``obj`` is device memory (:func:`is_device_memory`)."""
    if not is_device_memory(obj):
        raise TypeError(
            f"{type(obj).__name__} is not CUDA memory (no __cuda_memory__): pass a device array "
            "(cuda.to_device), a memory pointer (context.memalloc) or mapped/managed memory"
        )


def device_ctypes_pointer(obj: Any) -> Any:
    """The device address of ``obj`` as a ctypes object (``obj.device_ctypes_pointer``);
    ``c_void_p(0)`` for ``None``."""
    if obj is None:
        return ctypes.c_void_p(0)
    require_device_memory(obj)
    return obj.device_ctypes_pointer


def device_pointer(obj: Any) -> int:
    """The device address of ``obj`` as an ``int`` (0 for ``None`` or an empty allocation)."""
    return int(device_ctypes_pointer(obj).value or 0)


def device_memory_size(devmem: Any) -> int:
    """The size in bytes of device memory ``devmem``: a pointer's ``size`` (numba's
    ``_cuda_memsize_``), a device array's bytes, mapped or managed memory's allocation. On a
    GPU, memory of unknown size is asked of the driver (its allocation, ``cuMemGetAddressRange``).
    """
    size = getattr(devmem, "_cuda_memsize_", None)
    if size is not None:
        return int(size)
    require_device_memory(devmem)
    if _native.is_device_array(devmem):
        return int(devmem.alloc_size)
    gpu_data = getattr(devmem, "gpu_data", None)
    if gpu_data is not None and gpu_data is not devmem:
        return device_memory_size(gpu_data)
    from oxcuda.cuda._devices import current_context, use_gpu

    if use_gpu():
        base, length = _native.address_range(current_context(), device_pointer(devmem))
        return int(base + length - device_pointer(devmem))
    raise TypeError(
        f"the size of this {type(devmem).__name__} is unknown: it has no _cuda_memsize_, and "
        "on the simulator there is no driver to ask"
    )


def device_extents(devmem: Any) -> tuple[int, int]:
    """``(start, end)`` of ``devmem``'s device memory (from its address and
    :func:`device_memory_size`)."""
    start = device_pointer(devmem)
    return start, start + device_memory_size(devmem)


def device_memory_depends(devmem: Any, *objs: Any) -> None:
    """Keeps ``objs`` alive as long as ``devmem`` (for structures that point at other device
    memory): they are appended to ``devmem._depends_``, which is created when missing."""
    depends = getattr(devmem, "_depends_", None)
    if depends is None:
        depends = []
        try:
            devmem._depends_ = depends
        except AttributeError:
            raise TypeError(
                f"{type(devmem).__name__} cannot hold dependencies (it has no _depends_ list)"
            ) from None
    depends.extend(objs)


# --- transfers ---------------------------------------------------------------------------


def _size_arg(size: Any) -> int:
    try:
        value = operator.index(size)
    except TypeError:
        raise TypeError(f"size must be an int number of bytes, not {type(size).__name__}") from None
    if value < 0:
        raise ValueError(f"size must be a non-negative number of bytes, got {value}")
    return value


def _known_device_size(obj: Any) -> int | None:
    try:
        return device_memory_size(obj)
    except (TypeError, CudaDriverError):  # unknown: the driver checks the copy itself
        return None


def _check_device(obj: Any, size: int, what: str) -> int:
    pointer = device_pointer(obj)
    known = _known_device_size(obj)
    if known is not None and size > known:
        raise ValueError(f"{what}: {size} bytes requested, but the device memory holds {known}")
    return pointer


def _check_host(obj: Any, size: int, what: str, readonly: bool) -> int:
    pointer = host_pointer(obj, readonly=readonly)
    if not isinstance(obj, int):
        known = host_memory_size(obj)
        if size > known:
            raise ValueError(f"{what}: {size} bytes requested, but the host buffer holds {known}")
    return pointer


def _stream_arg(stream: Any) -> Any:
    """numba's rule: ``0`` (or another false value) is synchronous; a stream object queues the
    transfer on it."""
    return stream if stream else None


def _memcpy(kind: str, dst: int, src: int, size: int, stream: Any) -> None:
    from oxcuda.cuda._devices import current_context

    _native.memcpy(current_context(), kind, dst, src, size, _stream_arg(stream))


def host_to_device(dst: Any, src: Any, size: int, stream: Any = 0) -> None:
    """Copies ``size`` bytes from host memory ``src`` to device memory ``dst``."""
    size = _size_arg(size)
    dst_ptr = _check_device(dst, size, "host_to_device")
    src_ptr = _check_host(src, size, "host_to_device", readonly=True)
    _memcpy("htod", dst_ptr, src_ptr, size, stream)


def device_to_host(dst: Any, src: Any, size: int, stream: Any = 0) -> None:
    """Copies ``size`` bytes from device memory ``src`` to host memory ``dst`` (writable)."""
    size = _size_arg(size)
    dst_ptr = _check_host(dst, size, "device_to_host", readonly=False)
    src_ptr = _check_device(src, size, "device_to_host")
    _memcpy("dtoh", dst_ptr, src_ptr, size, stream)


def device_to_device(dst: Any, src: Any, size: int, stream: Any = 0) -> None:
    """Copies ``size`` bytes from device memory ``src`` to device memory ``dst``."""
    size = _size_arg(size)
    dst_ptr = _check_device(dst, size, "device_to_device")
    src_ptr = _check_device(src, size, "device_to_device")
    _memcpy("dtod", dst_ptr, src_ptr, size, stream)


def device_memset(dst: Any, val: int, size: int, stream: Any = 0) -> None:
    """Sets ``size`` bytes of device memory ``dst`` to the byte ``val`` (0 to 255)."""
    from oxcuda.cuda._devices import current_context

    size = _size_arg(size)
    pointer = _check_device(dst, size, "device_memset")
    _native.memset(current_context(), pointer, operator.index(val), size, _stream_arg(stream))


__all__ = [
    "_SUPPORTED_EMM_INTERFACE_VERSION",
    "AutoFreePointer",
    "BaseCUDAMemoryManager",
    "Context",
    "CudaAPIError",
    "CudaDriverError",
    "CudaSupportError",
    "Driver",
    "Event",
    "FuncAttr",
    "Function",
    "GetIpcHandleMixin",
    "HostOnlyCUDAMemoryManager",
    "IpcHandle",
    "LinkerError",
    "ManagedMemory",
    "ManagedOwnedPointer",
    "MappedMemory",
    "MappedOwnedPointer",
    "MemoryInfo",
    "MemoryPointer",
    "Module",
    "OwnedPointer",
    "PinnedMemory",
    "Stream",
    "device_ctypes_pointer",
    "device_extents",
    "device_memory_depends",
    "device_memory_size",
    "device_memset",
    "device_pointer",
    "device_to_device",
    "device_to_host",
    "driver",
    "get_version",
    "host_memory_extents",
    "host_memory_size",
    "host_pointer",
    "host_to_device",
    "is_device_memory",
    "memory_size_from_info",
    "profile_start",
    "profile_stop",
    "profiling",
    "require_device_memory",
    "set_memory_manager",
]
