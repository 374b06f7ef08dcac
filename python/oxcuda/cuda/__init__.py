"""``oxcuda.cuda``: numba-cuda's ``numba.cuda`` API, kept name for name."""

from oxcuda._detect import detect
from oxcuda._toolchain import gpu_present as is_available
from oxcuda.cuda import _kernel_api, types
from oxcuda.cuda._capabilities import (
    cuda_error,
    is_bfloat16_supported,
    is_float16_supported,
    is_fp8_supported,
)
from oxcuda.cuda._declare import ExternFunction, declare_device
from oxcuda.cuda._kernel_api import *  # noqa: F403 - the kernel-side API, by numba's names
from oxcuda.cuda._profiler import profile_start, profile_stop, profiling
from oxcuda.cuda.compiler import (
    compile,
    compile_all,
    compile_for_current_device,
    compile_ptx,
    compile_ptx_for_current_device,
)
from oxcuda.cuda.cudadrv.runtime import is_supported_version
from oxcuda.cuda.dispatcher import Dispatcher, In, InOut, NumbaPerformanceWarning, Out, jit
from oxcuda.cuda.linkable_code import (
    LTOIR,
    Archive,
    Cubin,
    CUSource,
    Fatbin,
    LinkableCode,
    Object,
    PTXSource,
)
from oxcuda.errors import CudaDriverError, CudaSupportError, KernelRuntimeError, LinkerError
from oxcuda.types import *  # noqa: F403 - types are importable from oxcuda.cuda too

__all__ = [
    "CudaDriverError",
    "CudaSupportError",
    "KernelRuntimeError",
    "cuda_error",
    "detect",
    "is_available",
    "is_bfloat16_supported",
    "is_float16_supported",
    "is_fp8_supported",
    "is_supported_version",
    "profile_start",
    "profile_stop",
    "profiling",
    "types",
]

# The runtime host side: devices, contexts, memory, device arrays, streams and events.
from oxcuda.cuda._devices import (
    Device,
    MemoryInfo,
    close,
    current_context,
    get_current_device,
    get_memory_info,
    gpus,
    list_devices,
    require_context,
    select_device,
    synchronize,
)
from oxcuda.cuda._streams import (
    Event,
    Stream,
    default_stream,
    event,
    event_elapsed_time,
    external_stream,
    legacy_default_stream,
    per_thread_default_stream,
    stream,
)
from oxcuda.cuda.devicearray import (
    DeviceNDArray,
    as_cuda_array,
    defer_cleanup,
    device_array,
    device_array_like,
    from_cuda_array_interface,
    from_dlpack,
    is_cuda_array,
    to_device,
)
from oxcuda.cuda.memory import (
    AutoFreePointer,
    BaseCUDAMemoryManager,
    GetIpcHandleMixin,
    HostOnlyCUDAMemoryManager,
    IpcHandle,
    ManagedMemory,
    MappedMemory,
    MemoryPointer,
    PinnedMemory,
    managed_array,
    mapped,
    mapped_array,
    mapped_array_like,
    open_ipc_array,
    pinned,
    pinned_array,
    pinned_array_like,
    set_memory_manager,
)

__all__ += [
    "Device",
    "DeviceNDArray",
    "Event",
    "MemoryInfo",
    "Stream",
    "as_cuda_array",
    "close",
    "current_context",
    "default_stream",
    "defer_cleanup",
    "device_array",
    "device_array_like",
    "event",
    "event_elapsed_time",
    "external_stream",
    "from_cuda_array_interface",
    "get_current_device",
    "get_memory_info",
    "gpus",
    "is_cuda_array",
    "legacy_default_stream",
    "list_devices",
    "per_thread_default_stream",
    "require_context",
    "select_device",
    "stream",
    "synchronize",
    "to_device",
]


__all__ += [
    "Dispatcher",
    "In",
    "InOut",
    "NumbaPerformanceWarning",
    "Out",
    "compile",
    "compile_all",
    "compile_for_current_device",
    "compile_ptx",
    "compile_ptx_for_current_device",
    "jit",
    *_kernel_api.__all__,
]

# Memory: pinned/mapped/managed host memory, the EMM plugin interface, IPC, DLPack import.
__all__ += [
    "AutoFreePointer",
    "BaseCUDAMemoryManager",
    "GetIpcHandleMixin",
    "HostOnlyCUDAMemoryManager",
    "IpcHandle",
    "ManagedMemory",
    "MappedMemory",
    "MemoryPointer",
    "PinnedMemory",
    "from_dlpack",
    "managed_array",
    "mapped",
    "mapped_array",
    "mapped_array_like",
    "open_ipc_array",
    "pinned",
    "pinned_array",
    "pinned_array_like",
    "set_memory_manager",
]

# Linking external code: declare_device and the in-memory link inputs (docs/linking.md).

__all__ += [
    "LTOIR",
    "Archive",
    "CUSource",
    "Cubin",
    "ExternFunction",
    "Fatbin",
    "LinkableCode",
    "LinkerError",
    "Object",
    "PTXSource",
    "declare_device",
]

# Submodules numba-cuda has: cooperative groups, cuda.cg.this_grid().sync()
# (docs/cooperative-groups.md), and the xoroshiro128+ generator (docs/random.md).
# numba-cuda's cuda.fp16 and cuda.bf16 modules (docs/reduced-precision.md): real modules, so
# `from oxcuda.cuda.fp16 import hadd` works; it replaces the generated namespace of the same
# name as the package attribute (imported by name: `from . import fp16` would find the attribute).
import importlib  # noqa: E402

from oxcuda.cuda import cg, random  # noqa: E402 - after the names they use

fp16 = importlib.import_module("oxcuda.cuda.fp16")
bf16 = importlib.import_module("oxcuda.cuda.bf16")
fp8 = importlib.import_module("oxcuda.cuda.fp8")
api = importlib.import_module("oxcuda.cuda.api")

__all__ += ["api", "bf16", "cg", "fp8", "fp16", "random"]

# numba-cuda's driver-layer modules as attributes of cuda (its api module imports them):
# cuda.devices, cuda.driver, cuda.nvvm, and the runtime object cuda.runtime (docs/migrating-
# from-numba-cuda.md, "numba's import paths").
from oxcuda.cuda.cudadrv import devices, driver, nvvm  # noqa: E402
from oxcuda.cuda.cudadrv.runtime import runtime  # noqa: E402

__all__ += ["devices", "driver", "nvvm", "runtime"]

# CUDA's vector types (cuda.float32x4, cuda.float4, ...; docs/reduced-precision.md): each C
# name is the same object as its canonical name, as in numba-cuda.
from oxcuda.cuda import vector_types  # noqa: E402
from oxcuda.cuda.vector_types import constructors as _vector_constructors  # noqa: E402

globals().update(_vector_constructors)
__all__ += ["vector_types", *_vector_constructors]

# GPU ufuncs and reductions (docs/ufuncs.md), built on the kernels above: imported last.
from oxcuda.cuda.ufunc import Reduce, guvectorize, reduce, vectorize  # noqa: E402

__all__ += ["Reduce", "guvectorize", "reduce", "vectorize"]

# numba-cuda's settings object at its import paths: `from numba.cuda import config` and
# `from numba.cuda.core import config` (numba-cuda 0.30's module) become `oxcuda.cuda.config` and
# `oxcuda.cuda.core.config`, both `oxcuda.config` itself (docs/settings.md, "numba-cuda's
# names"). Not in __all__: its one documented place is `oxcuda.config`.
from oxcuda._knobs import config  # noqa: E402, F401 - numba-cuda's path of oxcuda.config
from oxcuda.cuda import core  # noqa: E402, F401 - registers oxcuda.cuda.core.config
