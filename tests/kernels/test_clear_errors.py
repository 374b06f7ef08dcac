"""Errors that name what was wrong (issue 17): launch dimensions over CUDA's limits, copies
into a wrong shape, and shared memory beyond what a block may use — the simulator holds
kernels to the GPU's limits (227 KiB per block on sm_90, which GPU launches opt in to by
themselves; 48 KiB of it static), and both targets say "shared memory", the amount, the limit
and the kernel."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float32


@cuda.jit
def add_one(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ((2**32, 1), r"the grid's x dimension is 4294967296, more than CUDA allows \(2147483647\)"),
        (((1, 70000), 1), r"the grid's y dimension is 70000, more than CUDA allows \(65535\)"),
        (((1, 1, 2**40), 1), r"the grid's z dimension is 1099511627776, .*\(65535\)"),
        ((1, 2**32), r"the block's x dimension is 4294967296, more than CUDA allows \(1024\)"),
        ((1, (1, 1, 65)), r"the block's z dimension is 65, more than CUDA allows \(64\)"),
        ((1, 1, 0, 2**32), r"sharedmem is 4294967296 bytes of dynamic shared memory per block"),
    ],
)
def test_launch_dimensions_over_the_limits_name_dimension_value_and_limit(target, config, message):
    a = cuda.to_device(np.zeros(4))
    with pytest.raises(ValueError, match=message):
        add_one[config](a)


def test_copy_to_host_into_a_wrong_shape_names_destination_and_source(target):
    d = cuda.to_device(np.arange(20.0).reshape(4, 5))
    with pytest.raises(ValueError, match=r"destination \(20, 2\), source \(4, 5\)"):
        d.copy_to_host(np.empty((20, 2)))
    d1 = cuda.device_array((3,))
    with pytest.raises(ValueError, match=r"destination \(3,\), source \(7,\)"):
        d1.copy_to_device(np.zeros(7))


@cuda.jit
def dynamic_sum(out, n):
    buf = cuda.shared.array(0, float32)
    t = cuda.threadIdx.x
    buf[t] = t
    cuda.syncthreads()
    if t == 0:
        s = float32(0)
        for k in range(n):
            s += buf[k]
        out[0] = s


@cuda.jit
def big_static(out):
    buf = cuda.shared.array(2 * 1024 * 1024, float32)  # 8 MiB
    buf[cuda.threadIdx.x] = 1.0
    cuda.syncthreads()
    out[0] = buf[0]


@cuda.jit
def mixed(out):
    buf = cuda.shared.array(4096, float32)  # 16 KiB static
    dyn = cuda.shared.array(0, float32)
    t = cuda.threadIdx.x
    buf[t] = t
    dyn[t] = 2 * t
    cuda.syncthreads()
    out[t] = buf[t] + dyn[t]


def test_dynamic_shared_memory_within_the_limit_works(target):
    out = cuda.to_device(np.zeros(1, np.float32))
    dynamic_sum[1, 64, 0, 48 * 1024](out, 64)
    assert out.copy_to_host()[0] == sum(range(64))


def test_simulator_refuses_dynamic_shared_memory_the_gpu_refuses():
    from oxcuda import config

    with config.override(TARGET="sim"):
        out = cuda.to_device(np.zeros(1, np.float32))
        with pytest.raises(ValueError) as info:
            dynamic_sum[1, 64, 0, 1 << 20](out, 64)
        message = str(info.value)
        assert "kernel 'dynamic_sum' needs 1048576 bytes of shared memory per block" in message
        assert "0 static + 1048576 dynamic" in message
        assert "232448 bytes (227 KiB)" in message


def test_simulator_refuses_static_plus_dynamic_over_the_limit():
    from oxcuda import config

    with config.override(TARGET="sim"):
        out = cuda.to_device(np.zeros(64, np.float32))
        mixed[1, 64, 0, 40 * 1024](out)  # 56 KiB: past 48 KiB, within the opt-in maximum
        np.testing.assert_array_equal(out.copy_to_host(), 3 * np.arange(64, dtype=np.float32))
        with pytest.raises(
            ValueError,
            match=r"needs 241664 bytes of shared memory per block "
            r"\(16384 static \+ 225280 dynamic\)",
        ):
            mixed[1, 64, 0, 220 * 1024](out)


def test_simulator_refuses_static_shared_memory_the_gpu_refuses():
    from oxcuda import config

    with config.override(TARGET="sim"):
        out = cuda.to_device(np.zeros(1, np.float32))
        with pytest.raises(
            ValueError,
            match=r"kernel 'big_static' needs 8388608 bytes of shared "
            r"memory per block \(8388608 static \+ 0 dynamic\).*227 KiB",
        ):
            big_static[1, 32](out)


def test_cubin_compile_of_too_much_static_shared_memory_says_shared_memory():
    """What the GPU path reports (nvJitLink/ptxas): checked here without a GPU."""
    from oxcuda import _toolchain
    from oxcuda.errors import LinkerError

    try:
        _toolchain.nvjitlink_info()
    except Exception:  # noqa: BLE001
        pytest.skip("nvJitLink not installed")
    with pytest.raises(
        LinkerError,
        match=r"uses 8388608 bytes of static shared memory per "
        r"block .*more than the 49152 bytes the device allows",
    ):
        cuda.compile(
            big_static.py_func,
            "void(float32[::1])",
            output="cubin",
            cc=(9, 0),
            device=False,
            abi="numba",
        )
