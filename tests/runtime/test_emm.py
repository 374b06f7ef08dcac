"""The External Memory Management plugin interface on the host backend: the pointer classes and
their reference counting, a plugin that allocates device arrays, ``set_memory_manager``,
``OXCUDA_MEMORY_MANAGER``, and the errors for bad plugins."""

from __future__ import annotations

import ctypes
import gc
import os
import pickle
import subprocess
import sys
import textwrap
import weakref
from collections.abc import Iterator
from typing import ClassVar

import numpy as np
import pytest
from oxcuda import _native, cuda
from oxcuda.cuda.memory import selection
from oxcuda.cuda.memory.default import OxcudaMemoryManager
from oxcuda.cuda.memory.pointer import OwnedPointer


class NumpyMemoryManager(cuda.HostOnlyCUDAMemoryManager):
    """A plugin for the host backend: "device" memory is NumPy buffers (host memory is what the
    host backend's arrays live in). Counts what it does."""

    initialized = 0
    allocated: ClassVar[list[int]] = []
    freed: ClassVar[list[int]] = []
    resets = 0
    deferred = 0

    def initialize(self):
        type(self).initialized += 1

    def memalloc(self, size):
        buf = np.empty(size + 256, np.uint8)
        ptr = buf.ctypes.data + (-buf.ctypes.data) % 256
        type(self).allocated.append(size)

        def finalizer(size=size, buf=buf):
            type(self).freed.append(size)

        mem = cuda.AutoFreePointer(self.context, ptr, size, finalizer=finalizer)
        mem.buffer = buf
        return mem.own()

    def get_ipc_handle(self, memory):
        raise NotImplementedError

    def get_memory_info(self):
        return cuda.MemoryInfo(free=123, total=456)

    def reset(self):
        super().reset()
        type(self).resets += 1

    def defer_cleanup(self):
        type(self).deferred += 1
        return super().defer_cleanup()

    @property
    def interface_version(self):
        return 1


@pytest.fixture
def plugin() -> Iterator[type[NumpyMemoryManager]]:
    NumpyMemoryManager.initialized = NumpyMemoryManager.resets = NumpyMemoryManager.deferred = 0
    NumpyMemoryManager.allocated, NumpyMemoryManager.freed = [], []
    cuda.set_memory_manager(NumpyMemoryManager)
    try:
        yield NumpyMemoryManager
    finally:
        cuda.set_memory_manager(OxcudaMemoryManager)
        gc.collect()


# ---- the pointer classes ---------------------------------------------------------------------


def test_memory_pointer_attributes_and_context_positional():
    ctx = cuda.current_context()
    buf = np.zeros(64, np.uint8)
    p = cuda.MemoryPointer(ctx, buf.ctypes.data, 64)
    assert p.context is ctx and ctx.handle.value == int(ctx.handle) == 0
    assert p.device_pointer == p.handle == buf.ctypes.data == p.device_pointer_value
    assert p.device_ctypes_pointer.value == buf.ctypes.data
    assert p.size == p._cuda_memsize_ == 64 and p.owner is p and p.refct == 1
    assert p.__cuda_memory__ and not p.is_managed
    p.free()  # nothing to free: no finalizer
    q = cuda.MemoryPointer(ctx, ctypes.c_void_p(buf.ctypes.data), 64, owner=buf)
    assert q.device_pointer == buf.ctypes.data and q.owner is buf
    null = cuda.MemoryPointer(None, None, 0)
    assert null.device_pointer_value is None and null.device_ctypes_pointer.value == 0
    # numba-cuda's type for a pointer's address (c_void_p is only a device array's with none).
    assert isinstance(p.device_ctypes_pointer, ctypes.c_size_t)


def test_memset_writes_the_bytes(rng):
    buf = np.zeros(100, np.uint8)
    p = cuda.MemoryPointer(cuda.current_context(), buf.ctypes.data, 100, owner=buf)
    p.memset(0xAB)
    assert (buf == 0xAB).all()
    value = int(rng.integers(0, 256))
    p.memset(value, 10, stream=cuda.stream())
    assert (buf[:10] == value).all() and (buf[10:] == 0xAB).all()
    with pytest.raises(ValueError, match="outside the 100 bytes"):
        p.memset(1, 101)
    with pytest.raises(ValueError, match="must be a byte"):
        p.memset(256)


def test_views_keep_the_memory_alive_and_check_bounds():
    buf = np.arange(100, dtype=np.uint8)
    freed = []
    p = cuda.MemoryPointer(None, buf.ctypes.data, 100, finalizer=lambda: freed.append(1))
    v = p.view(10, 30)
    assert isinstance(v, OwnedPointer)  # owned by a MemoryPointer: a counted reference
    assert v.device_pointer_value == buf.ctypes.data + 10 and v.size == 20 and p.refct == 2
    w = p.view(90)
    assert w.size == 10
    del p
    gc.collect()
    assert freed == [], "views keep the memory alive"
    del v, w
    gc.collect()
    assert freed == [1]
    external = cuda.MemoryPointer(None, buf.ctypes.data, 100, owner=buf)
    plain = external.view(5)
    assert type(plain) is cuda.MemoryPointer and plain.owner is buf
    with pytest.raises(RuntimeError, match="size cannot be negative"):
        external.view(50, 40)
    with pytest.raises(ValueError, match="outside the 100 bytes"):
        external.view(50, 120)
    with pytest.raises(RuntimeError, match="non-empty slice into empty slice"):
        cuda.MemoryPointer(None, 0, 0).view(0, 4)


def test_free_runs_the_finalizer_once():
    freed = []
    p = cuda.MemoryPointer(None, 4096, 8, finalizer=lambda: freed.append(1))
    p.free()
    assert freed == [1]
    with pytest.raises(RuntimeError, match="Freeing dead memory"):
        p.free()
    del p
    gc.collect()
    assert freed == [1]


def test_auto_free_pointer_frees_when_the_last_owned_pointer_goes():
    freed = []
    p = cuda.AutoFreePointer(None, 4096, 8, finalizer=lambda: freed.append(1))
    assert p.refct == 0
    a, b = p.own(), p.own()
    assert p.refct == 2 and a.device_pointer_value == 4096 and a.size == 8
    del a
    gc.collect()
    assert freed == [] and p.refct == 1
    del b
    gc.collect()
    assert freed == [1], "freed while the AutoFreePointer itself is still referenced"


def test_host_pointer_classes_expose_their_bytes(rng):
    buf = rng.integers(0, 255, 48, dtype=np.uint8)
    pinned = cuda.PinnedMemory(None, buf.ctypes.data, 48, owner=buf)
    assert pinned.own() is pinned and pinned.owned is buf and pinned.handle == buf.ctypes.data
    np.testing.assert_array_equal(np.asarray(pinned), buf)
    mapped = cuda.MappedMemory(cuda.current_context(), buf.ctypes.data, 48, owner=buf)
    assert mapped.host_pointer == mapped.handle == buf.ctypes.data
    assert mapped.device_pointer_value == buf.ctypes.data  # 1:1 on the host backend
    owned = mapped.own()
    np.testing.assert_array_equal(np.asarray(owned), buf)
    managed = cuda.ManagedMemory(None, buf.ctypes.data, 48)
    np.testing.assert_array_equal(np.asarray(managed.own()), buf)
    if sys.version_info >= (3, 12):
        assert bytes(memoryview(pinned)) == buf.tobytes()


def test_pointer_arguments_are_checked():
    with pytest.raises(TypeError, match=r"pointer must be an int, a ctypes\.c_void_p"):
        cuda.MemoryPointer(None, "0x1000", 8)
    with pytest.raises(ValueError, match="non-negative address"):
        cuda.MemoryPointer(None, -8, 8)
    with pytest.raises(ValueError, match="size must be a non-negative number of bytes"):
        cuda.MemoryPointer(None, 4096, -1)
    with pytest.raises(TypeError, match="size must be an int"):
        cuda.PinnedMemory(None, 4096, "big")
    with pytest.raises(TypeError, match="finalizer must be callable"):
        cuda.MemoryPointer(None, 4096, 8, finalizer=42)


# ---- the default manager ---------------------------------------------------------------------


def test_default_manager_allocates_from_the_caching_allocator(rng):
    ctx = cuda.current_context()
    manager = ctx.memory_manager
    assert type(manager) is OxcudaMemoryManager and manager.interface_version == 1
    before = ctx.memory_stats()["in_use"]
    p = ctx.memalloc(1000)
    assert isinstance(p, cuda.MemoryPointer) and p.size == 1000
    assert ctx.memory_stats()["in_use"] >= before + 1000
    value = int(rng.integers(1, 256))
    p.memset(value)
    d = _native.from_cuda_array_interface(
        ctx,
        {"shape": (1000,), "typestr": "|u1", "data": (p.device_pointer_value, False)},
        p,
        False,
    )
    assert (d.copy_to_host() == value).all()
    del p, d
    gc.collect()
    assert ctx.memory_stats()["in_use"] == before
    assert cuda.get_memory_info() == manager.get_memory_info()
    with ctx.defer_cleanup():
        pass


def test_ipc_is_refused_on_the_host_backend_and_handles_pickle():
    p = cuda.current_context().memalloc(64)
    with pytest.raises(NotImplementedError, match="needs a GPU"):
        cuda.current_context().get_ipc_handle(p)
    handle = cuda.IpcHandle(p, bytes(range(64)), 64, {"pci_bus_id": 3}, offset=16)
    clone = pickle.loads(pickle.dumps(handle))
    assert clone.base is None and clone.handle == bytes(range(64))
    # numba's users read the bytes as cuda.bindings' struct field: handle.reserved.
    assert clone.handle.reserved == handle.handle.reserved == bytes(range(64))
    assert type(handle.handle.reserved) is bytes
    assert cuda.IpcHandle(None, handle.handle, 64).handle == bytes(range(64))
    assert (clone.size, clone.source_info, clone.offset) == (64, {"pci_bus_id": 3}, 16)
    with pytest.raises(ValueError, match="opening IpcHandle from original process"):
        handle.open_direct(cuda.current_context())
    with pytest.raises(ValueError, match="IpcHandle not opened"):
        clone.close()
    with pytest.raises(ValueError, match="an IPC handle is 64 bytes, got 3"):
        cuda.IpcHandle(None, b"abc", 10)
    with pytest.raises(RuntimeError, match="doesn't have source info"):
        cuda.IpcHandle(None, bytes(64), 10).open_staged(cuda.current_context())


# ---- a plugin --------------------------------------------------------------------------------


def test_device_arrays_allocate_through_the_plugin(plugin, rng):
    h = rng.standard_normal((33, 7))
    d = cuda.to_device(h)
    assert plugin.allocated == [h.nbytes] and plugin.initialized == 1
    np.testing.assert_array_equal(d.copy_to_host(), h)
    e = cuda.device_array((5, 5), np.int32)
    f = cuda.device_array_like(e)
    assert plugin.allocated == [h.nbytes, 100, 100]
    view = d[3:, ::2]
    del d
    gc.collect()
    assert plugin.freed == [], "a view keeps the plugin's memory alive"
    np.testing.assert_array_equal(view.copy_to_host(), h[3:, ::2])
    del view, e, f
    gc.collect()
    assert sorted(plugin.freed) == sorted(plugin.allocated)
    empty = cuda.device_array((0, 3))
    assert empty.size == 0 and len(plugin.allocated) == 3, "empty arrays allocate nothing"


def test_plugin_serves_the_context_memory_methods(plugin):
    ctx = cuda.current_context()
    assert isinstance(ctx.memory_manager, plugin)
    p = ctx.memalloc(10)
    assert plugin.allocated == [10] and isinstance(p, OwnedPointer)
    assert cuda.get_memory_info() == (123, 456)
    with cuda.defer_cleanup():
        assert plugin.deferred == 1
    pinned = cuda.pinned_array(4)  # host memory: the HostOnly base class
    assert pinned.shape == (4,)
    cuda.close()
    assert plugin.resets == 1
    assert isinstance(cuda.current_context().memory_manager, plugin)
    assert plugin.initialized == 2, "a new instance after close()"


def test_arrays_outlive_a_change_of_manager(plugin, rng):
    h = rng.standard_normal(50)
    d = cuda.to_device(h)
    cuda.set_memory_manager(OxcudaMemoryManager)
    e = cuda.to_device(h)
    assert plugin.allocated == [400]
    np.testing.assert_array_equal(d.copy_to_host(), e.copy_to_host())
    del d
    gc.collect()
    assert plugin.freed == [400]


class _Base(cuda.HostOnlyCUDAMemoryManager):
    def initialize(self):
        pass

    def get_ipc_handle(self, memory):
        raise NotImplementedError

    def get_memory_info(self):
        raise NotImplementedError

    @property
    def interface_version(self):
        return 1


class ReturnsBytes(_Base):
    def memalloc(self, size):
        return b"x" * size


class ReturnsNull(_Base):
    def memalloc(self, size):
        return cuda.MemoryPointer(self.context, 0, size)


class ReturnsTooLittle(_Base):
    def memalloc(self, size):
        buf = np.empty(8, np.uint8)
        return cuda.MemoryPointer(self.context, buf.ctypes.data, 8, owner=buf)


class Raises(_Base):
    def memalloc(self, size):
        raise MemoryError(f"the pool has no {size} bytes")


@pytest.mark.parametrize(
    ("cls", "error", "match"),
    [
        (ReturnsBytes, TypeError, "returned a bytes, which has no device_pointer_value"),
        (ReturnsNull, ValueError, "returned a NULL pointer"),
        (ReturnsTooLittle, ValueError, "returned a pointer to only 8 bytes"),
        (Raises, MemoryError, "the pool has no 800 bytes"),
    ],
)
def test_bad_plugins_give_clear_errors(cls, error, match):
    cuda.set_memory_manager(cls)
    try:
        with pytest.raises(error, match=match):
            cuda.device_array(100)
    finally:
        cuda.set_memory_manager(OxcudaMemoryManager)


def test_set_memory_manager_checks_the_class():
    class Version2(_Base):
        def memalloc(self, size):
            raise AssertionError

        @property
        def interface_version(self):
            return 2

    with pytest.raises(RuntimeError, match="interface has version 2 - version 1 required"):
        cuda.set_memory_manager(Version2)
    with pytest.raises(TypeError, match="takes a memory manager class"):
        cuda.set_memory_manager(Version2(context=None))
    with pytest.raises(RuntimeError, match="Memory manager requires a context"):
        Version2()
    with pytest.raises(TypeError, match="abstract"):
        cuda.set_memory_manager(cuda.HostOnlyCUDAMemoryManager)
    assert selection.memory_manager_class() is OxcudaMemoryManager
    assert not _native._memalloc_hook_set()


# ---- OXCUDA_MEMORY_MANAGER -------------------------------------------------------------------

PLUGIN_MODULE = """
import numpy as np
from oxcuda import cuda

class Plugin(cuda.HostOnlyCUDAMemoryManager):
    sizes = []
    def initialize(self): pass
    def memalloc(self, size):
        buf = np.empty(size, np.uint8)
        Plugin.sizes.append(size)
        return cuda.MemoryPointer(self.context, buf.ctypes.data, size, owner=buf)
    def get_ipc_handle(self, memory): raise NotImplementedError
    def get_memory_info(self): raise NotImplementedError
    @property
    def interface_version(self): return 1

_numba_memory_manager = Plugin
"""

PROGRAM = """
import numpy as np
from oxcuda import cuda
d = cuda.to_device(np.arange(10.0))
import my_emm_plugin
print(my_emm_plugin.Plugin.sizes, d.copy_to_host().sum())
"""


def _run(tmp_path, value: str) -> subprocess.CompletedProcess:
    (tmp_path / "my_emm_plugin.py").write_text(textwrap.dedent(PLUGIN_MODULE))
    env = {k: v for k, v in os.environ.items() if not k.startswith("OXCUDA_")}
    env.update(
        OXCUDA_TARGET="sim",
        OXCUDA_MEMORY_MANAGER=value,
        PYTHONPATH=os.pathsep.join([str(tmp_path), env.get("PYTHONPATH", "")]),
    )
    return subprocess.run(
        [sys.executable, "-c", PROGRAM], env=env, capture_output=True, text=True, timeout=120
    )


def test_the_environment_variable_selects_a_plugin_module(tmp_path):
    done = _run(tmp_path, "my_emm_plugin")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[80]", "45.0"]
    default = _run(tmp_path, "default")
    assert default.returncode == 0, default.stderr
    assert default.stdout.split() == ["[]", "45.0"]


def test_a_bad_module_name_is_an_error_naming_the_setting(tmp_path):
    done = _run(tmp_path, "no_such_plugin_module")
    assert done.returncode != 0
    assert "OXCUDA_MEMORY_MANAGER='no_such_plugin_module' (from the environment)" in done.stderr
    assert "_oxcuda_memory_manager" in done.stderr


# ---- the ready plugins -----------------------------------------------------------------------

PLUGIN_IMPORT = """
import sys
import oxcuda.memory.cupy, oxcuda.memory.rmm, oxcuda.memory.torch
print("cupy" in sys.modules, "rmm" in sys.modules, "torch" in sys.modules)
"""


def test_plugin_modules_import_their_library_only_when_used():
    done = subprocess.run(
        [sys.executable, "-c", PLUGIN_IMPORT], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "False", "False"]


@pytest.mark.parametrize(
    ("module", "name"), [("cupy", "CuPy"), ("rmm", "RMM"), ("torch", "PyTorch")]
)
def test_plugins_refuse_the_host_backend(module, name):
    import importlib

    plugin = importlib.import_module(f"oxcuda.memory.{module}")._oxcuda_memory_manager
    assert plugin(context=None).interface_version == 1
    cuda.set_memory_manager(plugin)
    try:
        with pytest.raises(RuntimeError, match=f"the {name} memory manager allocates GPU memory"):
            cuda.device_array(10)
    finally:
        cuda.set_memory_manager(OxcudaMemoryManager)


# ---- numba-cuda's per-context API ------------------------------------------------------------


def test_gpu_data_describes_the_bytes_an_array_spans(rng):
    h = rng.standard_normal((6, 5))
    d = cuda.to_device(h)
    g = d.gpu_data
    assert isinstance(g, cuda.MemoryPointer) and g.owner is d
    assert (g.device_pointer_value, g.size) == (d.device_pointer_value, h.nbytes)
    v = d[::-2, 1:]
    lo = d.device_pointer_value + 8 + 1 * 40  # row 1 is the lowest row of rows 5, 3, 1
    assert v.gpu_data.device_pointer_value == lo
    assert v.gpu_data.size == (2 * 80 + 4 * 8)
    assert cuda.device_array((0, 4)).gpu_data.device_pointer_value is None


def test_gpu_data_of_plugin_memory_is_the_plugins_pointer(plugin, rng):
    d = cuda.to_device(rng.standard_normal(32))
    pointer = d.gpu_data
    assert isinstance(pointer, OwnedPointer) and pointer.size == 256
    part = d[8:16].gpu_data
    assert part.device_pointer_value == d.device_pointer_value + 64 and part.size == 64


def test_a_manager_instance_set_on_one_context(rng):
    ctx = cuda.current_context()
    manager = NumpyMemoryManager(context=ctx)
    manager.initialize()
    NumpyMemoryManager.allocated, NumpyMemoryManager.freed = [], []
    NumpyMemoryManager.resets = 0
    ctx.memory_manager = manager
    try:
        assert cuda.current_context().memory_manager is manager
        d = cuda.to_device(rng.standard_normal(4))
        assert NumpyMemoryManager.allocated == [32]
        assert ctx.get_memory_info() == (123, 456)
        ctx.reset()
        assert NumpyMemoryManager.resets == 1
        del d
        gc.collect()
        assert NumpyMemoryManager.freed == [32]
        with pytest.raises(TypeError, match="must be an instance of a BaseCUDAMemoryManager"):
            ctx.memory_manager = NumpyMemoryManager
    finally:
        cuda.set_memory_manager(OxcudaMemoryManager)
    assert not _native._memalloc_hook_set()
    assert type(cuda.current_context().memory_manager) is OxcudaMemoryManager


def test_array_ipc_handles_are_refused_on_the_host_backend_and_pickle():
    from oxcuda.cuda.memory import IpcArrayHandle

    d = cuda.to_device(np.arange(10.0))
    with pytest.raises(NotImplementedError, match="get_ipc_handle needs a GPU"):
        d.get_ipc_handle()
    with pytest.raises(NotImplementedError, match=r"IpcHandle\.open needs a GPU"):
        with cuda.open_ipc_array(bytes(64), (10,), np.float64):
            pass
    handle = IpcArrayHandle(
        cuda.IpcHandle(None, bytes(64), 80), {"shape": (10,), "strides": (8,), "dtype": d.dtype}
    )
    clone = pickle.loads(pickle.dumps(handle))
    assert clone._array_desc == handle._array_desc and clone._ipc_handle.size == 80


def test_numba_module_paths_re_export_the_classes():
    from oxcuda.cuda.cudadrv import devicearray, driver

    assert driver.AutoFreePointer is cuda.AutoFreePointer
    assert driver.HostOnlyCUDAMemoryManager is cuda.HostOnlyCUDAMemoryManager
    assert driver.MemoryInfo is cuda.MemoryInfo and driver._SUPPORTED_EMM_INTERFACE_VERSION == 1
    assert isinstance(cuda.current_context(), driver.Context)
    assert devicearray.DeviceNDArray is cuda.DeviceNDArray
    assert isinstance(cuda.mapped_array(3), devicearray.MappedNDArray)


class RecordingPlugin(cuda.HostOnlyCUDAMemoryManager):
    """numba-cuda's test plugin, in spirit: fake pointers, weak context proxies, and a record of
    which methods ran (set per context with ``ctx.memory_manager = ...``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.live: dict[int, int] = {}
        self.count = 0
        self.calls: set[str] = set()

    def initialize(self):
        self.calls.add("initialize")

    def memalloc(self, size):
        assert "initialize" in self.calls, "memalloc before initialize"
        self.count += 1
        key, live = self.count, self.live
        live[key] = size

        def finalizer():
            del live[key]

        from oxcuda.cuda.cudadrv.driver import AutoFreePointer

        return AutoFreePointer(
            weakref.proxy(self.context), ctypes.c_void_p(key), size, finalizer=finalizer
        )

    def reset(self):
        self.calls.add("reset")

    def get_memory_info(self):
        return cuda.MemoryInfo(free=32, total=64)

    def get_ipc_handle(self, memory):
        return f"dummy handle of {memory.device_pointer_value}"

    @property
    def interface_version(self):
        return 1


def test_a_numba_style_plugin_set_on_the_context():
    ctx = cuda.current_context()
    ctx.reset()
    initial = ctx.memory_manager
    ctx.memory_manager = plugin = RecordingPlugin(context=ctx)
    try:
        assert cuda.current_context().memory_manager is plugin and "initialize" in plugin.calls
        a = cuda.device_array_like(np.arange(10))
        b = cuda.device_array_like(np.arange(5))
        assert plugin.live == {1: 80, 2: 40}
        del a  # freed at once, by reference counting
        assert plugin.live == {2: 40}
        del b
        assert plugin.live == {}
        assert tuple(ctx.get_memory_info()) == (32, 64)
        c = cuda.device_array_like(np.arange(2))
        assert c.get_ipc_handle()._ipc_handle == "dummy handle of 3"
        ctx.reset()
        assert "reset" in plugin.calls
    finally:
        ctx.memory_manager = initial
    assert not _native._memalloc_hook_set()
