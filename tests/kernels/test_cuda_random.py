"""``cuda.random``: numba-cuda's xoroshiro128+ module, checked against a reference written from
the algorithm's definition (``xoroshiro_reference.py``, pure Python integers) on fresh seeds:
states (parallel creation on the device vs numba's sequential host algorithm, and vs a GF(2)
matrix power for far subsequences), every device function, and the errors. The last test
compares with numba-cuda itself on the GPU where numba-cuda is installed.
"""

from __future__ import annotations

import importlib.util

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, float32, float64, uint64
from oxcuda.cuda.random import (
    create_xoroshiro128p_states,
    init_xoroshiro128p_state,
    init_xoroshiro128p_states,
    rotl,
    uint64_to_unit_float32,
    uint64_to_unit_float64,
    xoroshiro128p_dtype,
    xoroshiro128p_jump,
    xoroshiro128p_next,
    xoroshiro128p_normal_float32,
    xoroshiro128p_normal_float64,
    xoroshiro128p_uniform_float32,
    xoroshiro128p_uniform_float64,
)
from oxcuda.errors import CompileError

from . import xoroshiro_reference as ref

# The tests pass NumPy arrays on purpose (copied in and back); on the GPU that warns.
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.cuda.NumbaPerformanceWarning")

#: Fixed values from the reference (``ref.sequential_states`` and ``Generator``), so a change in
#: the reference itself shows too. SplitMix64's first output for state 0 is the published
#: 0xE220A8397B1DCDAF (splitmix64.c's well-known first value).
TABLE_SEED = 1234
TABLE_STATES = [
    (0xBB0CF61B2F181CDB, 0xBB0CF61B2F181CDB),
    (0xD2A3E9AB32813711, 0xEC7567785FAA8254),
    (0x580B10A019CF4E9F, 0xC56521374D0AD325),
]
TABLE_OUTPUTS = [0x7619EC365E3039B6, 0x6DDD867B0D978C0E, 0xE4EE6CC4B0EB2F78]


def _states(states) -> list[tuple[int, int]]:
    host = states.copy_to_host() if hasattr(states, "copy_to_host") else states
    return [(int(r["s0"]), int(r["s1"])) for r in host]


def test_reference_table():
    assert ref.splitmix64_first(0) == 0xE220A8397B1DCDAF
    assert ref.sequential_states(3, TABLE_SEED) == TABLE_STATES
    g = ref.Generator(*TABLE_STATES[0])
    assert [g.next() for _ in range(3)] == TABLE_OUTPUTS


def test_table_on_the_device(target):
    @cuda.jit
    def first_outputs(states, out):
        for j in range(out.size):
            out[j] = xoroshiro128p_next(states, 0)

    states = create_xoroshiro128p_states(3, TABLE_SEED)
    assert _states(states) == TABLE_STATES
    out = np.zeros(3, np.uint64)
    first_outputs[1, 1](states, out)
    assert [int(v) for v in out] == TABLE_OUTPUTS


def test_states_equal_numbas_sequential_algorithm(target, rng):
    seed = int(rng.integers(0, 2**63)) * 2 + int(rng.integers(0, 2))
    start = int(rng.integers(0, 40))
    n = 37
    states = create_xoroshiro128p_states(n, seed, subsequence_start=start)
    assert states.shape == (n,) and states.dtype == xoroshiro128p_dtype
    assert _states(states) == ref.sequential_states(n, seed, start)


def test_far_subsequences_equal_a_matrix_power(target, rng):
    seed = int(rng.integers(0, 2**63))
    start = int(rng.integers(2**40, 2**63))
    states = create_xoroshiro128p_states(3, seed, subsequence_start=start)
    want = [ref.jump_matrix_power(seed, start + i) for i in range(3)]
    assert _states(states) == want


def test_last_subsequence_and_negative_seed(target):
    start = 2**64 - 2
    states = create_xoroshiro128p_states(2, -5, subsequence_start=start)
    want = [ref.jump_matrix_power(2**64 - 5, start + i) for i in range(2)]
    assert _states(states) == want


def test_init_into_an_existing_array(target, rng):
    seed = int(rng.integers(0, 2**32))
    states = cuda.device_array(5, dtype=xoroshiro128p_dtype)
    init_xoroshiro128p_states(states, seed)
    assert _states(states) == ref.sequential_states(5, seed)
    init_xoroshiro128p_states(states, seed, 0)  # idempotent
    assert _states(states) == ref.sequential_states(5, seed)


@cuda.jit
def sequential_init(states, seed, start):
    # numba-cuda's host algorithm, written with the device functions, on one thread.
    if cuda.grid(1) == 0:
        init_xoroshiro128p_state(states, 0, seed)
        for _ in range(start):
            xoroshiro128p_jump(states, 0)
        for i in range(1, states.shape[0]):
            states[i] = states[i - 1]
            cuda.random.xoroshiro128p_jump(states, i)


def test_device_jump_agrees_with_parallel_creation(target, rng):
    seed = int(rng.integers(0, 2**63))
    start = int(rng.integers(0, 5))
    parallel = create_xoroshiro128p_states(6, seed, subsequence_start=start)
    sequential = np.zeros(6, dtype=xoroshiro128p_dtype)
    sequential_init[1, 1](sequential, uint64(seed), start)
    assert _states(sequential) == _states(parallel)


@cuda.jit
def draw(states, raw, u32, u64, n32, n64):
    i = cuda.grid(1)
    if i < states.shape[0]:
        for j in range(raw.shape[1]):
            raw[i, j] = xoroshiro128p_next(states, i)
            u32[i, j] = xoroshiro128p_uniform_float32(states, i)
            u64[i, j] = cuda.random.xoroshiro128p_uniform_float64(states, i)
            n32[i, j] = xoroshiro128p_normal_float32(states, i)
            n64[i, j] = cuda.random.xoroshiro128p_normal_float64(states, i)


def test_draws_equal_the_reference(target, rng):
    seed = int(rng.integers(0, 2**63))
    n, m = 9, 12
    states = create_xoroshiro128p_states(n, seed)
    raw = np.zeros((n, m), np.uint64)
    u32 = np.zeros((n, m), np.float32)
    u64 = np.zeros((n, m), np.float64)
    n32 = np.zeros((n, m), np.float32)
    n64 = np.zeros((n, m), np.float64)
    draw[2, 8](states, raw, u32, u64, n32, n64)
    gens = [ref.Generator(*s) for s in ref.sequential_states(n, seed)]
    got = dict(raw=raw, u32=u32, u64=u64, n32=n32, n64=n64)
    want = {k: np.zeros_like(v) for k, v in got.items()}
    for i, g in enumerate(gens):
        for j in range(m):
            want["raw"][i, j] = g.next()
            want["u32"][i, j] = g.uniform32()
            want["u64"][i, j] = g.uniform64()
            want["n32"][i, j] = g.normal32()
            want["n64"][i, j] = g.normal64()
    # Integers and uniforms exactly; the normals through log/cos/sqrt, whose last bits differ
    # between libraries (NumPy's here, libdevice's on the GPU, the simulator's own).
    np.testing.assert_array_equal(raw, want["raw"])
    np.testing.assert_array_equal(u32, want["u32"])
    np.testing.assert_array_equal(u64, want["u64"])
    np.testing.assert_allclose(n32, want["n32"], rtol=4e-6, atol=4e-6)
    np.testing.assert_allclose(n64, want["n64"], rtol=1e-6, atol=1e-6)
    assert 1 < np.abs(n64).max() < 6
    # The states advanced: one step for next and each uniform, two for each normal.
    after = [ref.Generator(*s) for s in ref.sequential_states(n, seed)]
    for g in after:
        for _ in range(m * 7):
            g.next()
    assert _states(states) == [g.state() for g in after]


@cuda.jit
def helpers(x, k, rotated, f32, f64):
    i = cuda.grid(1)
    if i < x.size:
        rotated[i] = rotl(x[i], k[i])
        f32[i] = cuda.random.uint64_to_unit_float32(x[i])
        f64[i] = uint64_to_unit_float64(x[i])


def test_helpers(target, rng):
    x = rng.integers(0, 2**64, size=64, dtype=np.uint64)
    x[:3] = [0, 2**64 - 1, 2**64 - 2**10]  # 0, and values whose float32 rounds up to 1.0
    k = rng.integers(1, 64, size=64).astype(np.uint32)
    rotated = np.zeros_like(x)
    f32 = np.zeros(64, np.float32)
    f64 = np.zeros(64, np.float64)
    helpers[1, 64](x, k, rotated, f32, f64)
    want_rot = [ref.rotl(int(a), int(b)) for a, b in zip(x, k, strict=True)]
    assert [int(r) for r in rotated] == want_rot
    want64 = np.array([np.float64(int(a) >> 11) * 2.0**-53 for a in x])
    np.testing.assert_array_equal(f64, want64)
    np.testing.assert_array_equal(f32, want64.astype(np.float32))
    assert f32[1] == 1.0 and f64[1] < 1.0  # numba's float32 uniform can be 1.0


def test_the_states_fill_the_unit_interval(target):
    @cuda.jit
    def uniforms(states, out):
        i = cuda.grid(1)
        if i < states.shape[0]:
            for j in range(out.shape[1]):
                out[i, j] = xoroshiro128p_uniform_float64(states, i)

    states = create_xoroshiro128p_states(64, 7)
    out = np.zeros((64, 64), np.float64)
    uniforms[2, 32](states, out)
    assert 0.0 <= out.min() < 0.01 and 0.99 < out.max() < 1.0
    assert abs(out.mean() - 0.5) < 0.02


def test_host_errors():
    with pytest.raises(TypeError, match="seed must be an integer"):
        create_xoroshiro128p_states(4, 1.5)
    with pytest.raises(ValueError, match="does not fit in 64 bits"):
        create_xoroshiro128p_states(4, 2**64)
    with pytest.raises(ValueError, match="n must be >= 0"):
        create_xoroshiro128p_states(-1, 1)
    with pytest.raises(ValueError, match="leaves the 2\\*\\*64 subsequences"):
        create_xoroshiro128p_states(3, 1, subsequence_start=2**64 - 2)
    with pytest.raises(ValueError, match="leaves the 2\\*\\*64 subsequences"):
        create_xoroshiro128p_states(3, 1, subsequence_start=-1)
    with pytest.raises(TypeError, match="1-D array of xoroshiro128p_dtype"):
        init_xoroshiro128p_states(np.zeros(4, np.uint64), 1)
    with pytest.raises(RuntimeError, match=r"cuda\.random\.xoroshiro128p_next\(\) can only be"):
        xoroshiro128p_next(np.zeros(1, xoroshiro128p_dtype), 0)
    assert create_xoroshiro128p_states(0, 1).shape == (0,)
    assert uint64_to_unit_float32.__name__ == "uint64_to_unit_float32"
    assert "cuda.random.uint64_to_unit_float32" in repr(uint64_to_unit_float32)


def test_kernel_errors(target):
    @cuda.jit
    def not_states(a):
        a[0] = cuda.random.xoroshiro128p_uniform_float32(a, 0)

    with pytest.raises(CompileError, match="takes an array of xoroshiro128p states, not"):
        not_states[1, 1](np.zeros(2, np.float32))

    @cuda.jit
    def float_index(states, out):
        out[0] = xoroshiro128p_uniform_float32(states, 0.5)

    with pytest.raises(CompileError, match="takes integer arguments here, not"):
        float_index[1, 1](create_xoroshiro128p_states(1, 1), np.zeros(1, np.float32))

    @cuda.jit
    def unknown(states):
        cuda.random.xoroshiro128p_poisson(states, 0)

    with pytest.raises(CompileError, match="xoroshiro128p_poisson"):
        unknown[1, 1](create_xoroshiro128p_states(1, 1))


@pytest.mark.gpu
@pytest.mark.skipif(importlib.util.find_spec("numba") is None, reason="numba-cuda not installed")
@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # numba-cuda's import under NumPy 2.5
@pytest.mark.filterwarnings("ignore:.*under-utilization")  # numba-cuda's occupancy warning
def test_bit_identical_to_numba_cuda(rng):
    """Same seed → the same states and the same draws as numba-cuda, on the GPU."""
    np.row_stack = np.vstack  # numba-cuda 0.30.4 still names it
    from numba import cuda as ncuda
    from numba.cuda import random as nrandom

    seed = int(rng.integers(0, 2**63))
    start = int(rng.integers(0, 1000))
    n, m = 4096, 8
    theirs = nrandom.create_xoroshiro128p_states(n, seed, subsequence_start=start).copy_to_host()
    with oxcuda.config.override(TARGET="gpu"):
        ours = create_xoroshiro128p_states(n, seed, subsequence_start=start).copy_to_host()
    np.testing.assert_array_equal(ours, theirs)

    @ncuda.jit
    def numba_draw(states, u32, n32, n64):
        i = ncuda.grid(1)
        if i < states.shape[0]:
            for j in range(u32.shape[1]):
                u32[i, j] = nrandom.xoroshiro128p_uniform_float32(states, i)
                n32[i, j] = nrandom.xoroshiro128p_normal_float32(states, i)
                n64[i, j] = nrandom.xoroshiro128p_normal_float64(states, i)

    @cuda.jit
    def our_draw(states, u32, n32, n64):
        i = cuda.grid(1)
        if i < states.shape[0]:
            for j in range(u32.shape[1]):
                u32[i, j] = xoroshiro128p_uniform_float32(states, i)
                n32[i, j] = xoroshiro128p_normal_float32(states, i)
                n64[i, j] = xoroshiro128p_normal_float64(states, i)

    outs = []
    for kernel, states in ((numba_draw, ncuda.to_device(theirs)), (our_draw, None)):
        u32 = np.zeros((n, m), np.float32)
        n32 = np.zeros((n, m), np.float32)
        n64 = np.zeros((n, m), np.float64)
        if states is None:
            with oxcuda.config.override(TARGET="gpu"):
                our_draw[n // 128, 128](cuda.to_device(ours), u32, n32, n64)
        else:
            d = [ncuda.to_device(a) for a in (u32, n32, n64)]
            kernel[n // 128, 128](states, *d)
            u32, n32, n64 = (a.copy_to_host() for a in d)
        outs.append((u32, n32, n64))
    for a, b in zip(*outs, strict=True):
        np.testing.assert_array_equal(a, b)


def test_types_for_signatures():
    from oxcuda.cuda.random import xoroshiro128p_type

    assert xoroshiro128p_dtype.names == ("s0", "s1") and xoroshiro128p_dtype.itemsize == 16
    assert xoroshiro128p_type is not None
    assert float32 is not float64


@pytest.mark.gpu
def test_a_million_states_on_the_gpu(rng):
    """Parallel creation at scale (sampled against the matrix-power reference)."""
    seed = int(rng.integers(0, 2**63))
    start = int(rng.integers(0, 2**40))
    n = 10**6
    with oxcuda.config.override(TARGET="gpu"):
        states = create_xoroshiro128p_states(n, seed, subsequence_start=start).copy_to_host()
    for i in [0, 1, 2, 777, 65535, int(rng.integers(0, n)), n - 1]:
        got = (int(states[i]["s0"]), int(states[i]["s1"]))
        assert got == ref.jump_matrix_power(seed, start + i)


@cuda.jit
def mean_square(states, draws, out):
    i = cuda.grid(1)
    if i < states.shape[0]:
        acc = 0.0
        for _ in range(draws):
            x = xoroshiro128p_normal_float32(states, i)
            acc += x * x
        out[i] = acc


def test_monte_carlo_mean_square(target):
    n, draws = (1 << 16, 64) if target == "gpu" else (256, 64)
    states = create_xoroshiro128p_states(n, 2024)
    out = np.zeros(n, np.float64)
    mean_square[n // 256, 256](states, draws, out)
    m = out.sum() / (n * draws)
    assert abs(m - 1.0) < (0.01 if target == "gpu" else 0.05)
