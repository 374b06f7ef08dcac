"""Warp-level functions: shuffles (``shfl_sync``, ``shfl_up_sync``, ``shfl_down_sync``,
``shfl_xor_sync``), votes (``all_sync``, ``any_sync``, ``eq_sync``, ``ballot_sync``), matches
(``match_any_sync``, ``match_all_sync``), ``activemask`` and ``lanemask_lt``; against NumPy
references of PTX's semantics, on full, split and partial warps. Then: every kernel here
compiles to cubins for sm_75, sm_90 and sm_100; the simulator's participation errors; typing
errors."""

from __future__ import annotations

import inspect

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import poison, rand, run

FULL = 0xFFFFFFFF
VALUE_DTYPES = [np.int32, np.int64, np.uint32, np.uint64, np.float32, np.float64]


def lanes_present(n: int) -> np.ndarray:
    """For each thread of an ``n``-thread block, the bits of the lanes its warp has."""
    t = np.arange(n)
    w0 = t - t % 32
    size = np.minimum(n - w0, 32)
    return ((1 << size) - 1).astype(np.int64)


def split_masks(n: int, part: int) -> np.ndarray:
    """Per-thread masks splitting each warp into the lanes of ``part`` and the others."""
    lane = np.arange(n) % 32
    inside = (part >> lane) & 1 == 1
    return np.where(inside, part, ~part & FULL).astype(np.uint32)


def as_int32(bits: np.ndarray) -> np.ndarray:
    """uint32 bit patterns as the int32 values numba-cuda's ballot and match return."""
    return np.asarray(bits, dtype=np.int64).astype(np.uint32).view(np.int32).astype(np.int64)


# ---- shuffles -------------------------------------------------------------------------


@cuda.jit
def warp_sum_k(x, out):
    i = cuda.grid(1)
    v = x[i]
    off = 16
    while off > 0:
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, off)
        off //= 2
    if cuda.laneid == 0:
        out[i // 32] = v


@pytest.mark.parametrize("dtype", VALUE_DTYPES)
def test_warp_sum_with_shfl_down(target, rng, dtype):
    x = rand(rng, 128, dtype, -1000, 1000)
    # numba's typing: v += (a 32-bit integer) makes v 64-bit; floats keep their type.
    acc = {"i": np.int64, "u": np.uint64}.get(np.dtype(dtype).kind, dtype)
    out = poison(4, acc)
    got = run(warp_sum_k, 1, 128, x, out)[-1]
    # The same additions in the same order: lane l adds lane l + off (its own value past 31).
    v = x.astype(acc).reshape(4, 32)
    off = 16
    while off > 0:
        src = np.where(np.arange(32) + off < 32, np.arange(32) + off, np.arange(32))
        v = (v + v[:, src]).astype(acc)
        off //= 2
    np.testing.assert_array_equal(got, v[:, 0])


@cuda.jit
def shfl_modes_k(x, m, b, out):
    i = cuda.grid(1)
    out[i, 0] = cuda.shfl_sync(m[i], x[i], b[i])
    out[i, 1] = cuda.shfl_up_sync(m[i], x[i], b[i])
    out[i, 2] = cuda.shfl_down_sync(m[i], x[i], b[i])
    out[i, 3] = cuda.shfl_xor_sync(m[i], x[i], b[i])


def shfl_reference(x, m, b, n):
    """Per mode: the expected values, and whether PTX defines them (a source lane in range
    but outside the group is undefined; the simulator gives the thread's own value)."""
    t = np.arange(n)
    lane, w0 = t % 32, t - t % 32
    k = b.astype(np.int64) & 31
    group = m.astype(np.int64) & lanes_present(n)
    want, defined = [], []
    for j, valid in (
        (k, np.ones(n, bool)),
        (lane - k, lane - k >= 0),
        (lane + k, lane + k <= 31),
        (lane ^ k, np.ones(n, bool)),
    ):
        jj = np.clip(j, 0, 31)
        in_group = (group >> jj) & 1 == 1
        take = valid & in_group
        want.append(np.where(take, x[np.minimum(w0 + jj, n - 1)], x))
        defined.append(~valid | in_group)
    return np.stack(want, axis=1), np.stack(defined, axis=1)


@pytest.mark.parametrize("dtype", VALUE_DTYPES)
@pytest.mark.parametrize("masks", ["full", "split"])
def test_shuffle_modes(target, rng, dtype, masks):
    n = 80  # two full warps and a partial one
    x = rand(rng, n, dtype, -(2**30), 2**30)
    b = rng.integers(-40, 70, n).astype(np.int32)  # past 31 and negative: five bits count
    m = np.full(n, FULL, np.uint32)
    if masks == "split":
        m = split_masks(n, int(rng.integers(1, 2**32)) | 1)
    out = poison((n, 4), dtype)
    got = run(shfl_modes_k, 1, n, x, m, b, out)[-1]
    want, defined = shfl_reference(x, m, b, n)
    if target == "sim":
        defined[:] = True
    np.testing.assert_array_equal(np.where(defined, got, 0), np.where(defined, want, 0))


@cuda.jit
def broadcast_k(x, src, out):
    i = cuda.grid(1)
    out[i] = cuda.shfl_sync(0xFFFFFFFF, x[i], src)


@cuda.jit
def butterfly_k(x, out):
    i = cuda.grid(1)
    v = x[i]
    for k in (16, 8, 4, 2, 1):
        v += cuda.shfl_xor_sync(0xFFFFFFFF, v, k)
    out[i] = v


@cuda.jit
def scan_k(x, out):
    i = cuda.grid(1)
    v = x[i]
    d = 1
    while d < 32:
        n = cuda.shfl_up_sync(0xFFFFFFFF, v, d)
        if cuda.laneid >= d:
            v += n
        d *= 2
    out[i] = v


def test_broadcast_butterfly_and_scan(target, rng):
    x = rand(rng, 96, np.float64, -10, 10)
    src = int(rng.integers(0, 32))
    out = poison(96, np.float64)
    got = run(broadcast_k, 1, 96, x, src, out)[-1]
    np.testing.assert_array_equal(got, np.repeat(x.reshape(3, 32)[:, src], 32))

    xi = rand(rng, 96, np.int64, -1000, 1000)
    out = poison(96, np.int64)
    got = run(butterfly_k, 3, 32, xi, out)[-1]
    np.testing.assert_array_equal(got, np.repeat(xi.reshape(3, 32).sum(axis=1), 32))

    out = poison(96, np.int64)
    got = run(scan_k, 1, 96, xi, out)[-1]
    np.testing.assert_array_equal(got, np.cumsum(xi.reshape(3, 32), axis=1).ravel())


@cuda.jit(device=True)
def warp_reduce(v):
    for k in (16, 8, 4, 2, 1):
        v += cuda.shfl_down_sync(0xFFFFFFFF, v, k)
    return v


@cuda.jit
def block_sum_k(x, out):
    partial = cuda.shared.array(32, np.int64)
    i = cuda.grid(1)
    t = cuda.threadIdx.x
    v = warp_reduce(x[i])
    if cuda.laneid == 0:
        partial[t // 32] = v
    cuda.syncthreads()
    if t < 32:
        w = partial[t] if t < cuda.blockDim.x // 32 else 0
        w = warp_reduce(w)
        if t == 0:
            out[cuda.blockIdx.x] = w


def test_block_sum_with_device_function_shuffles_and_barriers(target, rng):
    """Two levels: warps reduce with shuffles in a device function, then warp 0 reduces the
    warps' sums from shared memory after a block barrier."""
    x = rand(rng, 4 * 256, np.int64, -(10**6), 10**6)
    out = poison(4, np.int64)
    got = run(block_sum_k, 4, 256, x, out)[-1]
    np.testing.assert_array_equal(got, x.reshape(4, 256).sum(axis=1))


# ---- votes and matches ----------------------------------------------------------------


@cuda.jit
def votes_k(p, m, out):
    i = cuda.grid(1)
    out[i, 0] = cuda.ballot_sync(m[i], p[i])
    out[i, 1] = cuda.all_sync(m[i], p[i])
    out[i, 2] = cuda.any_sync(m[i], p[i])
    out[i, 3] = cuda.eq_sync(m[i], p[i] != 0)


def group_bits(n: int, m: np.ndarray, where: np.ndarray) -> np.ndarray:
    """For each thread, the lanes of its group (mask ∩ lanes present) where ``where`` holds."""
    t = np.arange(n)
    w0 = t - t % 32
    group = m.astype(np.int64) & lanes_present(n)
    bits = np.zeros(n, np.int64)
    for lane in range(32):
        j = np.minimum(w0 + lane, n - 1)
        hit = ((group >> lane) & 1 == 1) & where[j]
        bits |= hit.astype(np.int64) << lane
    return bits


@pytest.mark.parametrize("n", [64, 48])
@pytest.mark.parametrize("masks", ["full", "split"])
def test_votes(target, rng, n, masks):
    m = np.full(n, FULL, np.uint32)
    if masks == "split":
        m = split_masks(n, int(rng.integers(1, 2**32)) | 1)
    for density in (0.0, 0.3, 0.97, 1.0):
        p = (rng.random(n) < density).astype(np.int32) * rng.integers(1, 5, n).astype(np.int32)
        out = poison((n, 4), np.int64)
        got = run(votes_k, 1, n, p, m, out)[-1]
        group = m.astype(np.int64) & lanes_present(n)
        yes = group_bits(n, m, p != 0)
        want = np.stack(
            [as_int32(yes), yes == group, yes != 0, (yes == group) | (yes == 0)], axis=1
        ).astype(np.int64)
        np.testing.assert_array_equal(got, want, err_msg=f"density {density}")


@cuda.jit
def matches_k(x, m, out):
    i = cuda.grid(1)
    out[i, 0] = cuda.match_any_sync(m[i], x[i])
    mask, pred = cuda.match_all_sync(m[i], x[i])
    out[i, 1] = mask
    out[i, 2] = pred


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint32, np.float32, np.float64])
@pytest.mark.parametrize("masks", ["full", "split"])
def test_matches(target, rng, dtype, masks):
    n = 80
    m = np.full(n, FULL, np.uint32)
    if masks == "split":
        m = split_masks(n, int(rng.integers(1, 2**32)) | 1)
    x = rng.integers(0, 3, n).astype(dtype)
    x[32:64] = 2  # one warp all equal
    out = poison((n, 3), np.int64)
    got = run(matches_k, 1, n, x, m, out)[-1]
    t = np.arange(n)
    w0 = t - t % 32
    group = m.astype(np.int64) & lanes_present(n)
    same = np.zeros(n, np.int64)
    for lane in range(32):
        j = np.minimum(w0 + lane, n - 1)
        same |= (((group >> lane) & 1 == 1) & (x[j] == x)).astype(np.int64) << lane
    all_same = same == group
    want = np.stack(
        [as_int32(same), np.where(all_same, as_int32(group), 0), all_same], axis=1
    ).astype(np.int64)
    np.testing.assert_array_equal(got, want)


# ---- activemask, lanemask_lt ----------------------------------------------------------


@cuda.jit
def lanes_k(n, out):
    i = cuda.threadIdx.x
    out[i, 0] = cuda.activemask()
    out[i, 1] = cuda.lanemask_lt()
    if i >= n:
        return
    out[i, 2] = cuda.activemask()


@pytest.mark.parametrize("block", [64, 48, 70])
def test_activemask_and_lanemask_lt(target, block):
    n = block - 5  # the last five threads return before the second activemask
    out = poison((block, 3), np.int64)
    got = run(lanes_k, 1, block, n, out)[-1]
    lane = np.arange(block) % 32
    np.testing.assert_array_equal(got[:, 0], lanes_present(block))
    np.testing.assert_array_equal(got[:, 1], (1 << lane) - 1)
    np.testing.assert_array_equal(got[:n, 2], lanes_present(block)[:n] & lanes_present(n))


@cuda.jit
def divergent_activemask_k(out):
    i = cuda.threadIdx.x
    if cuda.laneid % 3 == 0:
        out[i] = cuda.activemask()
    else:
        out[i] = cuda.activemask()


def test_divergent_activemask_in_the_simulator():
    """On the GPU the result depends on how the warp reconverges; the simulator gives each
    branch its own lanes."""
    with oxcuda.config.override(TARGET="sim"):
        out = poison(48, np.int64)
        got = run(divergent_activemask_k, 1, 48, out)[-1]
    thirds = sum(1 << k for k in range(0, 32, 3))
    lane = np.arange(48) % 32
    want = np.where(lane % 3 == 0, thirds, ~thirds & FULL) & lanes_present(48)
    np.testing.assert_array_equal(got, want)


# ---- compiling to cubins --------------------------------------------------------------

SIGNATURES = [
    (warp_sum_k, "void(float64[:], float64[:])"),
    (warp_sum_k, "void(int32[:], int64[:])"),
    (shfl_modes_k, "void(uint64[:], uint32[:], int32[:], uint64[:, :])"),
    (shfl_modes_k, "void(float32[:], uint32[:], int32[:], float32[:, :])"),
    (scan_k, "void(int64[:], int64[:])"),
    (block_sum_k, "void(int64[:], int64[:])"),
    (votes_k, "void(int32[:], uint32[:], int64[:, :])"),
    (matches_k, "void(float64[:], uint32[:], int64[:, :])"),
    (matches_k, "void(int32[:], uint32[:], int64[:, :])"),
    (lanes_k, "void(int64, int64[:, :])"),
]


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
def test_warp_kernels_compile_to_cubins(cc):
    for kernel, sig in SIGNATURES:
        cubin, _ = cuda.compile(
            kernel.py_func, sig, device=False, abi="numba", output="cubin", cc=cc
        )
        assert bytes(cubin[:4]) == b"\x7fELF", (kernel, sig)
    ptx, _ = cuda.compile_ptx(matches_k.py_func, "void(float64[:], uint32[:], int64[:, :])", cc=cc)
    for needle in ("match.any.sync.b64", "match.all.sync.b64"):
        assert needle in ptx
    ptx, _ = cuda.compile_ptx(lanes_k.py_func, "void(int64, int64[:, :])", cc=cc)
    assert "activemask.b32" in ptx and "%lanemask_lt" in ptx


# ---- simulator errors -----------------------------------------------------------------


def line_of(func, marker: str) -> int:
    lines, first = inspect.getsourcelines(func.py_func)
    return first + next(k for k, text in enumerate(lines) if marker in text)


@cuda.jit
def early_exit_k(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    out[i] = cuda.shfl_down_sync(0xFFFFFFFF, x[i], 1)  # <-- shuffle


@cuda.jit
def wrong_place_k(out):
    i = cuda.threadIdx.x
    if i == 0:
        out[i] = cuda.ballot_sync(3, True)  # <-- ballot
    else:
        cuda.syncthreads()


@cuda.jit
def outside_mask_k(out):
    i = cuda.threadIdx.x
    out[i] = cuda.any_sync(1, True)  # <-- any


def sim_error(kernel, *args) -> str:
    with oxcuda.config.override(TARGET="sim"), pytest.raises(RuntimeError) as info:
        kernel[1, 32](*[cuda.to_device(a) for a in args])
    return str(info.value)


def test_a_collective_naming_exited_threads_is_an_error():
    message = sim_error(early_exit_k, np.zeros(20), np.zeros(32))
    line = line_of(early_exit_k, "<-- shuffle")
    assert "shfl_down_sync(0xffffffff) can never complete" in message
    assert "threads (20, 0, 0), (21, 0, 0), (22, 0, 0), (23, 0, 0) and 8 more named in" in message
    assert "threads (0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0) and 16 more wait there" in message
    assert f"in kernel 'early_exit_k' at {__file__}:{line}:" in message


def test_a_collective_whose_threads_wait_elsewhere_is_an_error():
    message = sim_error(wrong_place_k, np.zeros(32, np.int32))
    line = line_of(wrong_place_k, "<-- ballot")
    assert "ballot_sync(0x00000003) can never complete: thread (0, 0, 0) waits" in message
    assert f"thread (1, 0, 0) waits at a block barrier at line {line + 2} instead" in message
    assert f"in kernel 'wrong_place_k' at {__file__}:{line}:" in message


def test_a_thread_outside_its_mask_is_an_error():
    message = sim_error(outside_mask_k, np.zeros(32, np.bool_))
    line = line_of(outside_mask_k, "<-- any")
    assert "any_sync(0x00000001) by a thread whose lane 1 is not in the mask" in message
    assert f"at {__file__}:{line}:" in message
    assert "thread (1, 0, 0) of block (0, 0, 0)" in message


# ---- typing errors --------------------------------------------------------------------


@cuda.jit
def shfl_float16_k(h):
    h[0] = cuda.shfl_sync(0xFFFFFFFF, h[0], 0)  # <-- here


@cuda.jit
def float_mask_k(x):
    x[0] = cuda.ballot_sync(1.5, x[0] > 0)  # <-- here


@cuda.jit
def float_predicate_k(x):
    x[0] = cuda.any_sync(0xFFFFFFFF, x[0])  # <-- here


@cuda.jit
def vote_arity_k(x):
    x[0] = cuda.all_sync(x[0] > 0)  # <-- here


@cuda.jit
def match_complex_k(x, z):
    x[0] = cuda.match_any_sync(0xFFFFFFFF, z[0])  # <-- here


@pytest.mark.parametrize(
    ("kernel", "args", "code", "text", "under"),
    [
        (shfl_float16_k, (np.zeros(2, np.float16),), "type-mismatch", "not float16", "h[0], 0"),
        (float_mask_k, (np.zeros(2),), "type-mismatch", "Mask type must be an integer", "1.5"),
        (
            float_predicate_k,
            (np.zeros(2),),
            "type-mismatch",
            "Predicate must be an integer or boolean",
            "x[0])",
        ),
        (vote_arity_k, (np.zeros(2),), "bad-call", "takes 2 arguments, got 1", "cuda."),
        (
            match_complex_k,
            (np.zeros(2, np.int32), np.zeros(2, np.complex64)),
            "type-mismatch",
            "matches integers and floats, not complex64",
            "z[0]",
        ),
    ],
)
def test_typing_errors(target, kernel, args, code, text, under):
    with pytest.raises(TypingError) as info:
        kernel[1, 1](*[cuda.to_device(a) for a in args])
    d = info.value.diagnostics[0]
    assert d.code == code, info.value
    assert text in d.message, info.value
    assert d.file == __file__
    assert d.line == line_of(kernel, "<-- here")
    assert d.column == d.source_line.index(under) + 1, d.rendered
    assert "^" in d.rendered
