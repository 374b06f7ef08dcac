"""``cuda.Reduce`` / ``cuda.reduce`` against NumPy: sums, products, maxima and a lambda with
closure-free arithmetic, every numeric dtype, ``size``, ``res``, ``init``, ``stream``, and the
multi-stage paths (serial, one block, several blocks, a second stage)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda

DTYPES = [
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float32,
    np.float64,
    np.complex64,
    np.complex128,
]

sum_reduce = cuda.Reduce(lambda a, b: a + b)


@cuda.jit(device=True)
def maximum(a, b):
    return a if a > b else b


max_reduce = cuda.reduce(maximum)


def values(rng, n, dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        return (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)
    if dtype.kind == "f":
        return rng.standard_normal(n).astype(dtype)
    hi = min(np.iinfo(dtype).max, 50)
    lo = 0 if dtype.kind == "u" else -hi
    return rng.integers(lo, hi, n).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_sum_of_every_dtype(target, rng, dtype):
    x = values(rng, 3001, dtype)
    got = sum_reduce(x)
    assert np.dtype(type(got)) == np.dtype(dtype)
    want = x.sum(dtype=dtype)  # wraps like the kernel for the narrow integers
    if np.dtype(dtype).kind in "fc":
        np.testing.assert_allclose(got, x.astype(np.complex128).sum(), rtol=1e-4, atol=1e-3)
    else:
        assert got == want


@pytest.mark.parametrize("n", [1, 2, 255, 256, 257, 1000, 256 * 4 + 17, 256 * 300 + 5])
def test_sizes_across_the_stage_boundaries(target, rng, n):
    x = rng.standard_normal(n)
    # Bounds relative to the sum of magnitudes: a sum of random signs can cancel to near 0.
    assert abs(sum_reduce(x) - x.sum()) <= 1e-12 * np.abs(x).sum()
    assert max_reduce(x, init=-np.inf) == x.max()


@pytest.mark.parametrize("n", [2 * 256 - 1, 3 * 256 * 2 + 1, 5 * 256 * 3 + 123, 9 * 2048])
@pytest.mark.parametrize("blocks", [None, 2, 3, 5])
def test_strided_first_stage_uneven_slices(target, rng, n, blocks):
    # reduce_stage: thread t of T folds arr[t], arr[t + T], … starting from its own element;
    # when T does not divide n the slices differ by one element. Exact integer sums and maxima
    # show every element is folded exactly once.
    r = cuda.Reduce(lambda a, b: a + b)
    m = cuda.Reduce(lambda a, b: max(a, b))
    r.max_blocks = m.max_blocks = blocks
    x = rng.integers(-(1 << 40), 1 << 40, n).astype(np.int64)
    assert r(x) == x.sum()
    assert m(x, init=np.iinfo(np.int64).min) == x.max()
    ones = np.ones(n, np.int32)
    ones[rng.integers(0, n)] = 1000  # one element counted twice or missed shows
    assert r(ones) == n + 999


@pytest.mark.parametrize("dtype", ["float32", "float64", "int8", "uint16", "complex64"])
def test_first_stage_every_dtype_kind(target, rng, dtype):
    # Float sums associate differently from NumPy's pairwise sum (strided within a thread,
    # a tree within a block, blocks by tree): compared with the float64/complex128 sum of the
    # same values within the dtype's rounding over n additions.
    n = 5 * 2048 + 77
    x = values(rng, n, dtype)
    got = sum_reduce(x)
    assert np.dtype(type(got)) == np.dtype(dtype)
    if np.dtype(dtype).kind in "fc":
        single = dtype in ("float32", "complex64")
        bound = (1e-5 if single else 1e-13) * np.abs(x).sum()  # ≈ eps·√n·Σ|x| with margin
        assert abs(got - x.astype(np.complex128).sum()) <= bound
    else:
        assert got == x.sum(dtype=dtype)


def test_last_block_folds_more_values_than_it_has_threads(target, rng):
    r = cuda.Reduce(lambda a, b: a + b)
    r.max_blocks = 300  # more than a block's threads: the last block's threads stride over them
    x = rng.integers(-1000, 1000, 256 * 301).astype(np.int64)
    assert r(x) == x.sum()


def test_init_is_combined_once_as_numba_does(target, rng):
    x = rng.standard_normal(700)
    assert abs(sum_reduce(x, init=10.0) - (x.sum() + 10.0)) <= 1e-12 * (np.abs(x).sum() + 10.0)
    # numba-cuda's semantics: init=0 joins a maximum of negative numbers.
    negative = -np.abs(x) - 1.0
    assert max_reduce(negative) == 0.0
    assert max_reduce(negative, init=-np.inf) == negative.max()
    product = cuda.Reduce(lambda a, b: a * b)
    small = rng.integers(1, 3, 20).astype(np.int64)
    assert product(small, init=1) == np.prod(small)
    assert product(small) == 0  # init=0 by default, as in numba-cuda


def test_size_res_and_empty(target, rng):
    x = rng.standard_normal(1000).astype(np.float32)
    head = x[:100].astype(np.float64)
    assert abs(sum_reduce(x, size=100) - head.sum()) <= 1e-5 * np.abs(head).sum()
    res = cuda.to_device(np.full(3, -7.0, np.float32))
    assert sum_reduce(cuda.to_device(x), res=res) is None
    got = res.copy_to_host()
    # A float32 sum can cancel to near 0: the bound is relative to the sum of magnitudes.
    assert abs(got[0] - x.astype(np.float64).sum()) <= 1e-5 * np.abs(x).sum()
    assert got[1] == -7.0
    assert sum_reduce(np.zeros(0, np.float64), init=3.5) == 3.5
    assert sum_reduce(x, size=0) == 0.0


def test_stream(target, rng):
    s = cuda.stream()
    x = rng.integers(0, 100, 5000).astype(np.int32)
    assert sum_reduce(cuda.to_device(x, s), stream=s) == x.sum()


def test_back_to_back_reductions_on_several_streams(target, rng):
    # Each stream's blocks draw tickets from that stream's counter, which every launch leaves
    # at 0: reductions queued on several streams at once, three per stream with no
    # synchronisation between them, each give their own sum.
    r = cuda.Reduce(lambda a, b: a + b)
    r.max_blocks = 37  # an odd grid: the counter wraps at 36
    streams = [cuda.stream() for _ in range(4)] + [0]
    arrays = [rng.integers(-1000, 1000, 256 * 53 + 11).astype(np.int64) for _ in range(15)]
    results = cuda.device_array(len(arrays), np.int64)
    for k, x in enumerate(arrays):
        s = streams[k % len(streams)]
        r(cuda.to_device(x, stream=s), res=results[k : k + 1], stream=s)
    cuda.synchronize()
    assert list(results.copy_to_host()) == [x.sum() for x in arrays]


def test_kept_per_block_buffers_grow_and_serve_every_dtype(target, rng):
    # The per-block values go to a buffer kept per stream and dtype: queued reductions of
    # several dtypes and grids (each larger grid replaces the buffer) on one stream, with no
    # synchronisation between them, each give their own result.
    s = cuda.stream()
    cases = []
    for blocks, dtype in [
        (5, np.int64),
        (37, np.int64),
        (11, np.int32),
        (64, np.int64),
        (3, np.int32),
    ]:
        r = cuda.Reduce(lambda a, b: a + b)
        r.max_blocks = blocks
        x = rng.integers(-1000, 1000, 256 * blocks * 3 + 7).astype(dtype)
        res = cuda.device_array(1, dtype)
        r(cuda.to_device(x, stream=s), res=res, stream=s)
        cases.append((x, res))
    s.synchronize()
    assert [int(res.copy_to_host()[0]) for _, res in cases] == [int(x.sum()) for x, _ in cases]


def test_reductions_from_several_host_threads(target, rng):
    # The default stream's counter is per host thread (it is a different stream in each under
    # per-thread default streams).
    import threading

    r = cuda.Reduce(lambda a, b: a + b)
    arrays = [rng.integers(-1000, 1000, 256 * 40 + 3).astype(np.int64) for _ in range(8)]
    got = [None] * len(arrays)

    def work(k):
        got[k] = r(arrays[k])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(arrays))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [x.sum() for x in arrays]


def test_bad_inputs(target):
    with pytest.raises(TypeError, match="1-D"):
        sum_reduce(np.zeros((2, 2)))
    with pytest.raises(TypeError, match="array"):
        sum_reduce(3.0)
    with pytest.raises(TypeError, match="res must be a device array"):
        sum_reduce(np.ones(4), res=np.zeros(1))
    with pytest.raises(TypeError, match="dtype"):
        sum_reduce(np.ones(4), res=cuda.device_array(1, np.float32))
    with pytest.raises(ValueError, match="negative"):
        sum_reduce(np.ones(4), size=-1)


def test_booleans_fold_with_logic(target, rng):
    any_reduce = cuda.Reduce(lambda a, b: a or b)
    all_reduce = cuda.Reduce(lambda a, b: a and b)
    for n in (7, 300, 5000):
        x = rng.random(n) < 0.002
        assert any_reduce(x) == x.any()
        assert all_reduce(~x, init=True) == (~x).all()


@pytest.mark.parametrize("dtype", ["int32", "uint32", "float32", "int64", "float64"])
@pytest.mark.parametrize("offset", [0, 1, 2, 3])
def test_vector_load_stage_at_every_alignment(target, rng, dtype, offset):
    # A view starting `offset` items into a device array is 16-byte aligned only for some
    # offsets: those take the grouped stage (reduce_stage_x4/_x2, one vector load per group),
    # the others the strided one; both fold every element once, the tail included.
    n = 256 * 4 * 7 + 3  # groups for 7 blocks and a tail shorter than a group
    if np.dtype(dtype).kind == "f":
        host = rng.integers(-1000, 1000, n + offset).astype(dtype)  # exact in float
    else:
        host = rng.integers(0, 1000, n + offset).astype(dtype)
    view = cuda.to_device(host)[offset:]
    for blocks in (None, 3):
        r = cuda.Reduce(lambda a, b: a + b)
        r.max_blocks = blocks
        assert r(view) == host[offset:].sum()
        m = cuda.Reduce(lambda a, b: max(a, b))
        assert m(view, init=host.min()) == host[offset:].max()
