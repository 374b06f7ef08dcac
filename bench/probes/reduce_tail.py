"""Probe: where ``cuda.Reduce``'s last fraction of a percent against ``cupy.sum`` goes (2^28
float32, 2^27 float64), by swapping parts of the grouped stage for variants written here as
templates (``specialize`` compiles any function's source with the template's placeholders):

* ``shipped``: ``templates`` as they are: the last block's threads read their first eight
  per-block values with independent loads (``reduce_partials``);
* ``loop``: the read before the thirteenth session (``partials_loop``): one loop, one L2 round
  trip per value (four or five per thread at 1,056 blocks);
* ``warp0``: the block fold's last step (thread 0 folding the warps' values one by one) done
  by warp 0 with shuffles (``block_reduce_warp0``);
* ``peel2``: the stage's first two groups loaded before either is folded
  (``stage_x4_peel2``/``stage_x2_peel2``), where the shipped stage folds its first group alone
  before the loop;
* ``share``: CUB's even share with the same vector loads (``stage_x4_share``/``_x2_share``):
  block b folds one contiguous run of groups; ``share@5280`` on five waves, as CUB's grid;
* ``quad``: the shipped stage with four groups a trip, all loaded before any is folded
  (``stage_x4_quad``/``_x2_quad``: four 16-byte loads in flight per thread, as CUB's tiles);
* ``shipped@N``: the shipped kernels on a grid of N blocks instead of one full wave.

Each variant is timed in turns with ``cupy.sum`` of the same data in one process
(``_common.time_with_events``: device events behind a busy kernel), ``rounds`` times;
every result is checked against NumPy's float64 sum. docs/performance.md has the figures.

    python3 bench/probes/reduce_tail.py [rounds]
"""

from __future__ import annotations

import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import _common

N = 1 << 28

from oxcuda import cuda  # noqa: E402  (the templates' global; specialize binds the rest)
from oxcuda.cuda.ufunc.templates import _dtype, _finish, _op  # noqa: E402


def stage_x4_peel2(arr, partials, dest, counter, init, use_init):
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 4
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    second = t + step
    has_second = second < groups
    j = second if has_second else t
    i = 4 * t
    j = 4 * j
    a0, a1, a2, a3 = arr[i], arr[i + 1], arr[i + 2], arr[i + 3]
    b0, b1, b2, b3 = arr[j], arr[j + 1], arr[j + 2], arr[j + 3]
    acc = _op(_op(a0, a1), _op(a2, a3))
    if has_second:
        acc = _op(acc, _op(_op(b0, b1), _op(b2, b3)))
    g = t + 2 * step
    while g < groups:
        i = 4 * g
        acc = _op(acc, _op(_op(arr[i], arr[i + 1]), _op(arr[i + 2], arr[i + 3])))
        g += step
    k = 4 * groups + t
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def stage_x2_peel2(arr, partials, dest, counter, init, use_init):
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 2
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    second = t + step
    has_second = second < groups
    j = second if has_second else t
    i = 2 * t
    j = 2 * j
    a0, a1 = arr[i], arr[i + 1]
    b0, b1 = arr[j], arr[j + 1]
    acc = _op(a0, a1)
    if has_second:
        acc = _op(acc, _op(b0, b1))
    g = t + 2 * step
    while g < groups:
        i = 2 * g
        acc = _op(acc, _op(arr[i], arr[i + 1]))
        g += step
    k = 2 * groups + t
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def stage_x4_quad(arr, partials, dest, counter, init, use_init):
    """The shipped grouped stage with four groups a trip written out (g, g + T, g + 2T,
    g + 3T, all four loaded before any is folded: four 16-byte loads in flight per thread, as
    CUB's tile loads), then one group a trip for the rest."""
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 4
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    i = 4 * t
    acc = _op(_op(arr[i], arr[i + 1]), _op(arr[i + 2], arr[i + 3]))
    g = t + step
    while g + 3 * step < groups:
        i0, i1, i2, i3 = 4 * g, 4 * (g + step), 4 * (g + 2 * step), 4 * (g + 3 * step)
        a = _op(_op(arr[i0], arr[i0 + 1]), _op(arr[i0 + 2], arr[i0 + 3]))
        b = _op(_op(arr[i1], arr[i1 + 1]), _op(arr[i1 + 2], arr[i1 + 3]))
        c = _op(_op(arr[i2], arr[i2 + 1]), _op(arr[i2 + 2], arr[i2 + 3]))
        d = _op(_op(arr[i3], arr[i3 + 1]), _op(arr[i3 + 2], arr[i3 + 3]))
        acc = _op(acc, _op(_op(a, b), _op(c, d)))
        g += 4 * step
    while g < groups:
        i = 4 * g
        acc = _op(acc, _op(_op(arr[i], arr[i + 1]), _op(arr[i + 2], arr[i + 3])))
        g += step
    k = 4 * groups + t
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def stage_x2_quad(arr, partials, dest, counter, init, use_init):
    """stage_x4_quad for 8-byte items."""
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 2
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    i = 2 * t
    acc = _op(arr[i], arr[i + 1])
    g = t + step
    while g + 3 * step < groups:
        i0, i1, i2, i3 = 2 * g, 2 * (g + step), 2 * (g + 2 * step), 2 * (g + 3 * step)
        a = _op(arr[i0], arr[i0 + 1])
        b = _op(arr[i1], arr[i1 + 1])
        c = _op(arr[i2], arr[i2 + 1])
        d = _op(arr[i3], arr[i3 + 1])
        acc = _op(acc, _op(_op(a, b), _op(c, d)))
        g += 4 * step
    while g < groups:
        i = 2 * g
        acc = _op(acc, _op(arr[i], arr[i + 1]))
        g += step
    k = 2 * groups + t
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def stage_x4_share(arr, partials, dest, counter, init, use_init):
    """CUB's even share with the grouped stage's vector loads: block b folds one contiguous
    run of groups (the runs' lengths differ by at most one), its threads striding over it by
    the block's width. Needs at least one group per thread (the host's grid ensures it)."""
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 4
    blocks = cuda.gridDim.x
    b = cuda.blockIdx.x
    width = cuda.blockDim.x
    t = cuda.threadIdx.x
    per = groups // blocks
    extra = groups - per * blocks
    lo = b * per + (b if b < extra else extra)
    hi = lo + per + (1 if b < extra else 0)
    g = lo + t
    i = 4 * g
    acc = _op(_op(arr[i], arr[i + 1]), _op(arr[i + 2], arr[i + 3]))
    g += width
    while g < hi:
        i = 4 * g
        acc = _op(acc, _op(_op(arr[i], arr[i + 1]), _op(arr[i + 2], arr[i + 3])))
        g += width
    k = 4 * groups + cuda.grid(1)
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def stage_x2_share(arr, partials, dest, counter, init, use_init):
    """stage_x4_share for 8-byte items."""
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 2
    blocks = cuda.gridDim.x
    b = cuda.blockIdx.x
    width = cuda.blockDim.x
    t = cuda.threadIdx.x
    per = groups // blocks
    extra = groups - per * blocks
    lo = b * per + (b if b < extra else extra)
    hi = lo + per + (1 if b < extra else 0)
    g = lo + t
    i = 2 * g
    acc = _op(arr[i], arr[i + 1])
    g += width
    while g < hi:
        i = 2 * g
        acc = _op(acc, _op(arr[i], arr[i + 1]))
        g += width
    k = 2 * groups + cuda.grid(1)
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def partials_loop(partials):
    """The last block's read of the per-block values before the thirteenth session: one
    loop, one L2 round trip per value."""
    blocks = cuda.gridDim.x
    tid = cuda.threadIdx.x
    width = cuda.blockDim.x
    total = partials[tid if tid < blocks else 0]
    i = tid + width
    while i < blocks:
        total = _op(total, partials[i])
        i += width
    return total


def block_reduce_warp0(acc):
    warps = cuda.shared.array(32, _dtype)
    lane = cuda.threadIdx.x % 32
    warp = cuda.threadIdx.x // 32
    width = 16
    while width > 0:
        acc = _op(acc, cuda.shfl_down_sync(0xFFFFFFFF, acc, width))
        width //= 2
    if lane == 0:
        warps[warp] = acc
    cuda.syncthreads()
    if warp == 0:
        count = cuda.blockDim.x // 32
        acc = warps[lane if lane < count else 0]
        width = 16
        while width > 0:
            other = cuda.shfl_down_sync(0xFFFFFFFF, acc, width)
            if lane + width < count:
                acc = _op(acc, other)
            width //= 2
    return acc


def main() -> int:
    import cupy as cp
    import numpy as np
    from oxcuda.cuda.ufunc import templates

    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    shipped = (
        templates.reduce_stage_x4,
        templates.reduce_stage_x2,
        templates.reduce_partials,
        templates.block_reduce_shuffle,
    )
    peel1, peel2 = shipped[:2], (stage_x4_peel2, stage_x2_peel2)
    batch, shuffle = shipped[2], shipped[3]
    # name: (stage, the last block's read of the per-block values, block fold)
    variants = {
        "shipped": (peel1, batch, shuffle),
        "loop": (peel1, partials_loop, shuffle),
        "warp0": (peel1, batch, block_reduce_warp0),
        "peel2": (peel2, batch, shuffle),
        "share": ((stage_x4_share, stage_x2_share), batch, shuffle),
        "quad": ((stage_x4_quad, stage_x2_quad), batch, shuffle),
    }
    # other grids (blocks) of the shipped kernels
    grids = (1024, 1040)
    rng = np.random.default_rng()

    for dtype in (np.float32, np.float64):
        data = rng.random(N if dtype == np.float32 else N // 2).astype(dtype)
        want = float(data.astype(np.float64).sum())
        d = cuda.to_device(data)
        r = cuda.device_array(1, dtype)
        c = cp.asarray(data)

        built = {}
        for name, ((x4, x2), fin, fold) in variants.items():
            templates.reduce_stage_x4, templates.reduce_stage_x2 = x4, x2
            templates.reduce_partials, templates.block_reduce_shuffle = fin, fold
            red = cuda.Reduce(lambda a, b: a + b)
            red(d, res=r)
            cuda.synchronize()
            got = float(r.copy_to_host()[0])
            err = abs(got - want) / want
            assert err < 1e-4, (name, got, want)
            built[name] = red
            if name in ("shipped", "share", "quad"):
                for blocks in {"shipped": grids, "share": (5280,), "quad": (1040,)}[name]:
                    other = cuda.Reduce(lambda a, b: a + b)
                    other.max_blocks = blocks
                    other(d, res=r)
                    got = float(r.copy_to_host()[0])
                    assert abs(got - want) / want < 1e-4, (name, blocks, got, want)
                    built[f"{name}@{blocks}"] = other
        (
            templates.reduce_stage_x4,
            templates.reduce_stage_x2,
            templates.reduce_partials,
            templates.block_reduce_shuffle,
        ) = shipped
        loops = {name: (lambda red=red, d=d, r=r: red(d, res=r)) for name, red in built.items()}
        loops["cupy"] = lambda c=c: c.sum()
        for round_ in range(rounds):
            ms = _common.time_with_events(cuda, cp, loops, 20, 15)
            times = {name: [x * 1e3 for x in runs] for name, runs in ms.items()}  # µs
            for name in built:
                ratio = statistics.median(
                    c_ / o_ for o_, c_ in zip(times[name], times["cupy"], strict=True)
                )
                print(
                    f"{np.dtype(dtype).name} round {round_} {name:14s} "
                    f"oxcuda {statistics.median(times[name]):8.2f} us "
                    f"cupy {statistics.median(times['cupy']):8.2f} us CuPy/oxcuda {ratio:.4f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
