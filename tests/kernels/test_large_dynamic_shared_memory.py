"""Dynamic shared memory past 48 KiB per block: GPU launches opt in by themselves
(`CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`, runtime/module.rs), up to the device's
opt-in maximum (227 KiB on the H200), which numba-cuda leaves to the user (its issue #94); the
simulator allows the same amount. Each kernel uses every byte it asks for, so a launch that got
less than it asked would read or write out of bounds and give a wrong answer."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda, float32, float64


@cuda.jit
def reverse_through_shared(src, dst):
    """Each block stages its whole slice of `src` in dynamic shared memory, then writes it
    back reversed: one block holds `src.size // gridDim.x` float32 values at once."""
    buf = cuda.shared.array(0, float32)
    per_block = src.size // cuda.gridDim.x
    base = cuda.blockIdx.x * per_block
    for k in range(cuda.threadIdx.x, per_block, cuda.blockDim.x):
        buf[k] = src[base + k]
    cuda.syncthreads()
    for k in range(cuda.threadIdx.x, per_block, cuda.blockDim.x):
        dst[base + k] = buf[per_block - 1 - k] * 2.0


@cuda.jit
def static_and_dynamic(src, dst):
    """16 KiB of static shared memory next to the dynamic kind: the two must not overlap."""
    fixed = cuda.shared.array(2048, float64)
    dyn = cuda.shared.array(0, float32)
    n = src.size
    for k in range(cuda.threadIdx.x, 2048, cuda.blockDim.x):
        fixed[k] = float64(k)
    for k in range(cuda.threadIdx.x, n, cuda.blockDim.x):
        dyn[k] = src[k]
    cuda.syncthreads()
    for k in range(cuda.threadIdx.x, n, cuda.blockDim.x):
        dst[k] = dyn[n - 1 - k] + float32(fixed[k % 2048])


def _reverse_reference(src: np.ndarray, blocks: int) -> np.ndarray:
    return (src.reshape(blocks, -1)[:, ::-1] * 2.0).ravel()


@pytest.mark.parametrize("kib", [48, 64, 100, 200, 227])
def test_dynamic_shared_memory_up_to_the_opt_in_maximum(target, rng, kib):
    per_block = kib * 1024 // 4
    blocks = 3
    src = rng.standard_normal(per_block * blocks).astype(np.float32)
    with config.override(TARGET=target):
        d_src = cuda.to_device(src)
        dst = cuda.device_array_like(d_src)
        reverse_through_shared[blocks, 256, 0, per_block * 4](d_src, dst)
        np.testing.assert_array_equal(dst.copy_to_host(), _reverse_reference(src, blocks))


def test_growing_then_smaller_requests_keep_working(target, rng):
    """The allowance only grows: a smaller launch after a larger one still runs, and a larger
    one after that raises it again."""
    with config.override(TARGET=target):
        for kib in (8, 120, 60, 210, 1):
            per_block = kib * 1024 // 4
            src = rng.standard_normal(per_block * 2).astype(np.float32)
            d_src = cuda.to_device(src)
            dst = cuda.device_array_like(d_src)
            reverse_through_shared[2, 128, 0, per_block * 4](d_src, dst)
            np.testing.assert_array_equal(dst.copy_to_host(), _reverse_reference(src, 2))


def test_static_next_to_large_dynamic(target, rng):
    n = 200 * 1024 // 4  # 200 KiB dynamic + 16 KiB static = 216 KiB
    src = rng.standard_normal(n).astype(np.float32)
    with config.override(TARGET=target):
        d_src = cuda.to_device(src)
        dst = cuda.device_array_like(d_src)
        static_and_dynamic[1, 256, 0, n * 4](d_src, dst)
        expected = src[::-1] + (np.arange(n) % 2048).astype(np.float32)
        np.testing.assert_array_equal(dst.copy_to_host(), expected)


def test_past_the_opt_in_maximum_is_refused_with_the_amounts(target):
    with config.override(TARGET=target):
        src = cuda.to_device(np.ones(4096, np.float32))
        dst = cuda.device_array_like(src)
        with pytest.raises(Exception) as info:
            static_and_dynamic[1, 64, 0, 220 * 1024](src, dst)
        message = str(info.value)
        assert "shared memory per block" in message, message
        assert "16384 static + 225280 dynamic" in message, message
        assert "232448" in message and "static_and_dynamic" in message, message
