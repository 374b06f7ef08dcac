"""Race detection in the simulator (``OXCUDA_SIM_RACECHECK=1``; crates/sim/src/racecheck.rs):
planted bugs are reported with both threads, the memory and both source lines, and correct
kernels — atomics, proper barriers, one element per thread, the threadfence "last block"
pattern — are not flagged. (Without it, a racy ``+=`` from 16,384 threads gives exactly
16,384 on the simulator and 1 on the GPU: the simulator hid the bug.)"""

from __future__ import annotations

import inspect

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, float32, int32
from oxcuda.errors import RaceError


@pytest.fixture(autouse=True)
def racecheck():
    with oxcuda.config.override(TARGET="sim", SIM_RACECHECK=True):
        yield


def line_of(kernel, marker):
    """The file line of the source line of ``kernel`` holding ``marker``."""
    lines, first = inspect.getsourcelines(kernel.py_func)
    return first + next(i for i, text in enumerate(lines) if marker in text)


# ---- planted bugs ------------------------------------------------------------------------


@cuda.jit
def racy_increment(counter):
    counter[0] += 1  # RACE


def test_racy_increment_on_global_memory_is_reported():
    counter = cuda.to_device(np.zeros(1, np.int64))
    with pytest.raises(RaceError) as info:
        racy_increment[4, 64](counter)
    message = str(info.value)
    line = line_of(racy_increment, "# RACE")
    assert "racecheck found" in message and "kernel 'racy_increment'" in message
    assert "data race" in message and "argument 0 'counter'" in message
    assert "thread (1, 0, 0) of block (0, 0, 0)" in message
    assert "thread (0, 0, 0) of block (0, 0, 0)" in message
    assert message.count(f":{line}:") >= 2  # both accesses' lines


@cuda.jit
def reduce_missing_sync(x, out):
    sm = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    sm[t] = x[t]  # WRITE
    # the bug: no cuda.syncthreads() here
    s = 32
    while s > 0:
        if t < s:
            sm[t] += sm[t + s]  # READ
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[0] = sm[0]


def test_missing_syncthreads_in_a_shared_reduction_is_reported():
    x = cuda.to_device(np.random.default_rng().standard_normal(64).astype(np.float32))
    out = cuda.device_array(1, np.float32)
    with pytest.raises(RaceError) as info:
        reduce_missing_sync[1, 64](x, out)
    message = str(info.value)
    write, read = line_of(reduce_missing_sync, "# WRITE"), line_of(reduce_missing_sync, "# READ")
    assert "data race (write after read) on shared array" in message
    assert "thread (32, 0, 0) of block (0, 0, 0) writes it" in message
    assert "thread (0, 0, 0) of block (0, 0, 0) read it before" in message
    assert f":{write}:" in message and f":{read}:" in message
    assert "read of uninitialised shared memory" in message  # thread 0 read sm[32] first


@cuda.jit
def reads_uninitialised_shared(out):
    sm = cuda.shared.array(32, int32)
    t = cuda.threadIdx.x
    out[t] = sm[t]  # UNINIT


def test_uninitialised_shared_read_is_reported():
    out = cuda.device_array(32, np.int32)
    with pytest.raises(RaceError) as info:
        reads_uninitialised_shared[1, 32](out)
    message = str(info.value)
    assert "read of uninitialised shared memory" in message
    assert "thread (0, 0, 0) of block (0, 0, 0) reads shared array" in message
    assert f":{line_of(reads_uninitialised_shared, '# UNINIT')}:" in message


@cuda.jit
def dynamic_uninitialised(out):
    dyn = cuda.shared.array(0, float32)
    out[cuda.threadIdx.x] = dyn[cuda.threadIdx.x]


def test_uninitialised_dynamic_shared_read_is_reported():
    out = cuda.device_array(8, np.float32)
    with pytest.raises(RaceError, match="reads dynamic shared memory at byte offset 0"):
        dynamic_uninitialised[1, 8, 0, 64](out)


@cuda.jit
def cross_block_write(out):
    out[0] = cuda.blockIdx.x  # WW


def test_write_write_race_across_blocks_is_reported():
    out = cuda.device_array(1, np.int32)
    with pytest.raises(RaceError, match=r"write after write.*block \(1, 0, 0\) writes"):
        cross_block_write[2, 1](out)


# ---- correct kernels are not flagged -----------------------------------------------------


@cuda.jit
def atomic_increment(counter):
    cuda.atomic.add(counter, 0, 1)


@cuda.jit
def reduce_with_barriers(x, out):
    sm = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    sm[t] = x[cuda.blockIdx.x * 64 + t]
    cuda.syncthreads()
    s = 32
    while s > 0:
        if t < s:
            sm[t] += sm[t + s]
        cuda.syncthreads()
        s //= 2
    if t == 0:
        out[cuda.blockIdx.x] = sm[0]


@cuda.jit
def own_element(a, b):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 2 * a[i] + b[i]


@cuda.jit
def last_block_sums(x, partial, ticket, out):
    sm = cuda.shared.array(32, float32)
    t = cuda.threadIdx.x
    b = cuda.blockIdx.x
    sm[t] = x[b * 32 + t]
    cuda.syncthreads()
    if t == 0:
        s = float32(0)
        for k in range(32):
            s += sm[k]
        partial[b] = s
        cuda.threadfence()
        if cuda.atomic.add(ticket, 0, 1) == cuda.gridDim.x - 1:
            total = float32(0)
            for k in range(cuda.gridDim.x):
                total += partial[k]
            out[0] = total


@cuda.jit
def warp_exchange(out):
    sm = cuda.shared.array(32, int32)
    t = cuda.threadIdx.x
    sm[t] = t * 3
    cuda.syncwarp()
    out[t] = sm[31 - t]


def test_correct_kernels_are_not_flagged():
    rng = np.random.default_rng()
    counter = cuda.to_device(np.zeros(1, np.int64))
    atomic_increment[4, 64](counter)
    assert counter.copy_to_host()[0] == 256

    h = rng.standard_normal(4 * 64).astype(np.float32)
    out = cuda.device_array(4, np.float32)
    reduce_with_barriers[4, 64](cuda.to_device(h), out)
    # A float32 sum's error is bounded by its terms, not by the sum (which may cancel to ~0).
    rows = h.reshape(4, 64).astype(np.float64)
    bound = 64 * np.finfo(np.float32).eps * np.abs(rows).sum(axis=1)
    assert np.all(np.abs(out.copy_to_host() - rows.sum(axis=1)) <= bound)

    a, b = rng.standard_normal(1000), rng.standard_normal(1000)
    da = cuda.to_device(a)
    own_element[8, 128](da, cuda.to_device(b))
    np.testing.assert_allclose(da.copy_to_host(), 2 * a + b)

    x = rng.standard_normal(8 * 32).astype(np.float32)
    partial = cuda.device_array(8, np.float32)
    ticket = cuda.to_device(np.zeros(1, np.int32))
    total = cuda.device_array(1, np.float32)
    last_block_sums[8, 32](cuda.to_device(x), partial, ticket, total)
    terms = x.astype(np.float64)
    bound = x.size * np.finfo(np.float32).eps * np.abs(terms).sum()
    assert abs(total.copy_to_host()[0] - terms.sum()) <= bound

    w = cuda.device_array(32, np.int32)
    warp_exchange[1, 32](w)
    np.testing.assert_array_equal(w.copy_to_host(), 3 * (31 - np.arange(32)))


def test_racecheck_off_runs_the_racy_kernel_without_a_report():
    counter = cuda.to_device(np.zeros(1, np.int64))
    with oxcuda.config.override(SIM_RACECHECK=False):
        racy_increment[4, 64](counter)
    assert counter.copy_to_host()[0] == 256  # the serial answer that hides the race
