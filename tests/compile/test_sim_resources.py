"""The GPU-only kernel queries on the simulator (``oxcuda.cuda._resources``): registers,
shared, local and constant memory, the most threads per block, from ptxas's report on the
kernel's own cubin link for the simulator's compute capability; on a GPU (``-m gpu``) the
same reading is checked against the driver's answers for the GPU's own compile."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda import _resources

_TABLE = np.arange(100, dtype=np.float64)


def _smem_local_const(a, b):
    s = cuda.shared.array(128, np.float32)
    scratch = cuda.local.array(40, np.float32)
    c = cuda.const.array_like(_TABLE)
    i = cuda.grid(1)
    for j in range(40):
        scratch[j] = a[(i + j) % a.size]
    s[cuda.threadIdx.x % 128] = scratch[i % 40] + c[i % 100]
    cuda.syncthreads()
    b[i] = s[(i + 1) % 128] * 2.0


SIG = "void(float32[::1], float32[::1])"


def test_the_simulator_answers_each_resource_query_from_ptxas():
    k = cuda.jit(_smem_local_const)
    a = np.random.default_rng().random(64).astype(np.float32)
    b = np.zeros(64, np.float32)
    with config.override(TARGET="sim"):
        k[1, 64](a, b)
        regs = k.get_regs_per_thread(SIG)
        assert 8 <= regs <= 255
        assert k.get_shared_mem_per_block(SIG) == 128 * 4
        assert k.get_local_mem_per_thread(SIG) >= 40 * 4
        assert k.get_const_mem_size(SIG) >= _TABLE.nbytes
        assert k.get_max_threads_per_block(SIG) == _resources.max_threads_per_block(regs)
        # Without a signature: every simulator specialisation, by argument types.
        (key,) = k.get_regs_per_thread()
        assert k.get_regs_per_thread() == {key: regs}


def test_launch_bounds_and_max_registers_bind_the_answers():
    with config.override(TARGET="sim"):
        k = cuda.jit(SIG, launch_bounds=128, max_registers=32)(_smem_local_const)
        assert k.get_regs_per_thread() <= 32
        assert k.get_max_threads_per_block() == 128
        plain = cuda.jit(SIG)(_smem_local_const)
        assert plain.get_max_threads_per_block() == 1024


def test_the_register_file_limits_threads_per_block():
    # 64 Ki registers per block, allocated per warp in units of 256.
    assert _resources.max_threads_per_block(32) == 1024
    assert _resources.max_threads_per_block(64) == 1024
    assert _resources.max_threads_per_block(65) == 896  # 72 per thread: 2304 per warp
    assert _resources.max_threads_per_block(128) == 512
    assert _resources.max_threads_per_block(255) == 256
    assert _resources.max_threads_per_block(16, 128) == 128
    assert _resources.max_threads_per_block(16, (256, 2)) == 256
    assert _resources.max_threads_per_block(128, 1024) == 512


def test_a_report_without_the_kernel_is_an_error_not_a_guess():
    with pytest.raises(RuntimeError, match="names no kernel 'k_0'"):
        _resources.report("ptxas info    : 0 bytes gmem\n", "k_0")
    with pytest.raises(RuntimeError, match="no register or frame line"):
        _resources.report("ptxas info    : Compiling entry function 'k_0' for 'sm_90'\n", "k_0")


def test_the_cubins_sections_are_read_and_a_non_cubin_is_refused():
    from oxcuda.cuda import compiler

    sig = ("float32[::1]", "float32[::1]")
    out = compiler.compile_pyfunc(_smem_local_const, sig, device=False, output="cubin", cc=(9, 0))
    sizes = _resources.section_sizes(bytes(out["cubin"]))
    assert sizes[_resources.USER_CONSTANTS] == _TABLE.nbytes
    with pytest.raises(RuntimeError, match="not a cubin"):
        _resources.section_sizes(b"\x7fELF\x01\x01" + bytes(64))


NAMES = (
    "num_regs",
    "shared_size_bytes",
    "local_size_bytes",
    "const_size_bytes",
    "max_threads_per_block",
)


def _axpy(a, b):
    i = cuda.grid(1)
    if i < a.size:
        b[i] = 2.0 * a[i] + b[i]


def _prints(a, b):
    i = cuda.grid(1)
    if i == 1 << 40:
        print("never", i, a[0])
    b[i] = a[i]


def _heavy(a, b):
    # Many live float64 values: many registers.
    i = cuda.grid(1)
    x = a[i]
    acc = 0.0
    for k in range(16):
        acc += x**k / (k + 1.5) + np.float32(k) * x
    b[i] = acc


CASES = {
    "shared, local and constant": (_smem_local_const, {}),
    "axpy": (_axpy, {}),
    "print": (_prints, {}),
    "many registers": (_heavy, {}),
    "launch bounds": (_smem_local_const, {"launch_bounds": 128}),
    "max registers": (_heavy, {"max_registers": 32}),
    "debug": (_axpy, {"debug": True, "opt": False}),
    "lineinfo": (_smem_local_const, {"lineinfo": True}),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.gpu
def test_the_simulators_resources_are_the_drivers(case):
    func, options = CASES[case]
    k = cuda.jit(SIG, **options)(func)
    with config.override(TARGET="gpu"):
        _compare(k, options)


def _compare(k, options):
    a = cuda.to_device(np.random.default_rng().random(256).astype(np.float32))
    b = cuda.device_array(256, np.float32)
    k[2, 128](a, b)
    cuda.synchronize()
    compiled = k._one(SIG)
    # The simulator's way (oxcuda.cuda.dispatcher._kernel_attribute) on this kernel's own
    # compile: its link made again with -verbose, for this GPU's compute capability.
    sim = _resources.attributes(
        compiled.artifacts.link_report(),
        compiled.entry_name,
        bytes(k._stage(SIG, "cubin")),
        options.get("launch_bounds"),
    )
    gpu = {name: compiled.kernel.attribute(name) for name in NAMES}
    assert sim == gpu
