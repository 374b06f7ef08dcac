"""numba-cuda's foreign-code modules: ``Context.create_module_ptx`` / ``create_module_image``,
``Module.get_function``, the ``Function``'s ``cuda.core`` kernel launched with
``cuda.core.launch`` and its attributes, and ``Context.get_active_blocks_per_multiprocessor``.
Loading needs a GPU (marked ``gpu``, and ``cuda.core``); on the simulator it is a clear error.
References: NumPy (the values the PTX kernel computes), the driver's own occupancy of an
oxcuda kernel."""

from __future__ import annotations

import ctypes

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda.cudadrv import driver

# a[tid] += tid, for 32-bit integers: one block.
PTX = """
.version 7.0
.target sm_70
.address_size 64

.visible .entry add_tid(
    .param .u64 add_tid_param_0
)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<5>;

    ld.param.u64 %rd1, [add_tid_param_0];
    cvta.to.global.u64 %rd2, %rd1;
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.s64 %rd4, %rd2, %rd3;
    ld.global.u32 %r2, [%rd4];
    add.s32 %r3, %r2, %r1;
    st.global.u32 [%rd4], %r3;
    ret;
}
"""


@pytest.fixture
def gpu():
    with oxcuda.config.override(TARGET="gpu"):
        yield cuda.current_context()


def test_loading_ptx_on_the_simulator_says_it_needs_a_gpu():
    with oxcuda.config.override(TARGET="sim"):
        ctx = cuda.current_context()
        with pytest.raises(RuntimeError, match=r"create_module_ptx .*needs a GPU.*OXCUDA_TARGET"):
            ctx.create_module_ptx(PTX)
        with pytest.raises(RuntimeError, match=r"create_module_image .*needs a GPU"):
            ctx.create_module_image(b"\x7fELF")


def test_occupancy_of_a_simulator_kernel_says_it_needs_a_gpu():
    @cuda.jit("void(float32[::1])")
    def k(a):
        a[0] = 1

    with oxcuda.config.override(TARGET="sim"):
        kernel = next(iter(k.overloads.values()))
        ctx = cuda.current_context()
        with pytest.raises(RuntimeError, match="needs a GPU kernel"):
            ctx.get_active_blocks_per_multiprocessor(kernel, 128, 0)
        with pytest.raises(TypeError, match="takes a Function"):
            ctx.get_active_blocks_per_multiprocessor(object(), 128, 0)


@pytest.mark.gpu
def test_ptx_module_kernel_runs_with_cuda_core_launch(gpu):
    core = pytest.importorskip("cuda.core")
    rng = np.random.default_rng()
    n = int(rng.integers(32, 1024))
    host = rng.integers(-(2**20), 2**20, size=n, dtype=np.int32)

    module = gpu.create_module_ptx(PTX)
    function = module.get_function("add_tid")
    assert function.name == "add_tid" and "add_tid" in repr(function)
    assert function.attrs.maxthreads >= n and function.attrs.regs > 0
    assert function.attrs.shared == 0 and function.attrs.local == 0
    assert function.device.id == gpu.device.id

    array = (ctypes.c_int32 * n)(*host.tolist())
    memory = gpu.memalloc(ctypes.sizeof(array))
    driver.host_to_device(memory, array, ctypes.sizeof(array))
    config = core.LaunchConfig(grid=(1, 1, 1), block=(n, 1, 1), shmem_size=0)
    launch_stream = driver._to_core_stream(0)
    core.launch(launch_stream, config, function.kernel, memory.device_ctypes_pointer)
    launch_stream.sync()
    driver.device_to_host(array, memory, ctypes.sizeof(array))
    np.testing.assert_array_equal(np.frombuffer(array, dtype=np.int32), host + np.arange(n))

    module.unload()
    with pytest.raises(RuntimeError, match="unloaded"):
        module.get_function("add_tid")


@pytest.mark.gpu
def test_ptx_module_function_settings_and_occupancy(gpu):
    pytest.importorskip("cuda.core")
    pytest.importorskip("cuda.bindings")
    function = gpu.create_module_ptx(PTX.encode()).get_function("add_tid")
    for kwargs in ({"prefer_shared": True}, {"prefer_cache": True}, {"prefer_equal": True}, {}):
        function.cache_config(**kwargs)
    for carveout in (-1, 0, 50, 100):
        function.set_shared_memory_carveout(carveout)
    for carveout in (-2, 101):
        with pytest.raises(ValueError, match="between -1 and 100"):
            function.set_shared_memory_carveout(carveout)
    blocks = gpu.get_active_blocks_per_multiprocessor(function, 128, 0)
    per_sm = gpu.device.MAX_THREADS_PER_MULTIPROCESSOR // 128
    assert 0 < blocks <= per_sm


@pytest.mark.gpu
def test_occupancy_of_an_oxcuda_kernel_is_the_drivers(gpu):
    @cuda.jit("void(float32[::1])")
    def k(a):
        a[cuda.grid(1)] += 1

    kernel = next(iter(k.overloads.values()))
    expected = kernel.max_active_blocks_per_multiprocessor(256, 1024)
    assert gpu.get_active_blocks_per_multiprocessor(kernel, 256, 1024) == expected > 0
    with pytest.raises(ValueError, match="flags are not supported"):
        gpu.get_active_blocks_per_multiprocessor(kernel, 256, 0, flags=1)


@pytest.mark.gpu
def test_module_arguments_are_checked(gpu):
    pytest.importorskip("cuda.core")
    with pytest.raises(TypeError, match="PTX as str or bytes"):
        gpu.create_module_ptx(123)
    with pytest.raises(TypeError, match="ObjectCode or the bytes of a cubin"):
        gpu.create_module_image("not a cubin")
