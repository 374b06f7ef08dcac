"""``cuda.Reduce`` sum of 2^28 float32 against ``cupy.sum``, for several first-stage grids, on
the GPU (issue 15's goal: Reduce ≥ CuPy's sum). A probe for choosing ``reduction.BLOCKS_PER_SM``:

    python3 bench/reduce_grid.py            # one process: oxcuda and CuPy timed in turns

For each grid of k blocks of 256 threads per multiprocessor (``Reduce.max_blocks``: 2 to 32, and
the default: one full wave of resident blocks for the vector-load stage), 20 reductions
into ``res=`` back to back and one synchronisation, in turns with 20 ``cupy.sum``\\ s of the same
data (``_common.time_interleaved``); ms per reduction and the ratio CuPy / oxcuda (> 1: oxcuda
faster). Both results are checked against NumPy's float64 sum.

That host-timed loop starts on an idle GPU, so each figure also carries 1/20 of the host's
latency to the first launch (about 20 µs for ``Reduce``, less for ``cupy.sum``). The last line
times the default grid with device events instead (METHOD.md): a single-thread kernel that
runs about a millisecond is queued first, so the host's submissions run ahead of the GPU, and
the events around the 20 reductions measure the GPU's time alone: the throughput.
"""

from __future__ import annotations

import sys

import _common

N = 1 << 28


def main() -> int:
    import numpy as np

    cp = _common.optional("cupy")
    from oxcuda import cuda

    rng = np.random.default_rng()
    data = rng.random(N, dtype=np.float32)
    want = float(data.astype(np.float64).sum())
    d = cuda.to_device(data)
    r = cuda.device_array(1, np.float32)
    sms = cuda.get_current_device().MULTIPROCESSOR_COUNT
    c = None if cp is None else cp.asarray(data)
    for per_sm in (2, 4, 8, 12, 16, 24, 32, None):
        reduction = cuda.Reduce(lambda a, b: a + b)
        reduction.max_blocks = None if per_sm is None else per_sm * sms

        def ours(n: int, reduction=reduction) -> None:
            for _ in range(n):
                reduction(d, res=r)

        ours(1)
        cuda.synchronize()
        got = float(r.copy_to_host()[0])
        label = "default" if per_sm is None else f"{per_sm}/SM"
        loops = {"oxcuda": ours}
        if c is not None:

            def theirs(n: int) -> None:
                for _ in range(n):
                    c.sum()

            loops["cupy"] = theirs

        def sync() -> None:
            cuda.synchronize()
            if cp is not None:
                cp.cuda.runtime.deviceSynchronize()

        if len(loops) == 1:
            ms = _common.time_loop(ours, sync, 20, 5, 5.0, min_n=5)["median_us"] / 1e3
            print(
                f"{label:8s} oxcuda {ms:.4f} ms  (no CuPy)  rel. error {abs(got - want) / want:.1e}"
            )
            continue
        turns = _common.time_interleaved(loops, sync, 20, 7)
        o, t = turns["oxcuda"]["median_us"] / 1e3, turns["cupy"]["median_us"] / 1e3
        print(
            f"{label:8s} oxcuda {o:.4f} ms  cupy.sum {t:.4f} ms  CuPy/oxcuda {t / o:.3f}  "
            f"rel. error {abs(got - want) / want:.1e}",
            flush=True,
        )
    if c is not None:
        event_timed(cuda, cp, d, r, c)
    return 0


def event_timed(cuda, cp, d, r, c, calls: int = 20, turns: int = 7) -> None:
    """The default grid's ``Reduce`` and ``cupy.sum``, in turns, timed with events on the
    legacy default stream (both libraries' default) behind a busy kernel: ms per reduction."""
    import statistics

    import numpy as np
    from oxcuda.cuda.ufunc import reduction as reduction_module
    from oxcuda.cuda.ufunc import stream_buffers

    reduction = cuda.Reduce(lambda a, b: a + b)
    reduction(d, res=r)
    # Reduce's own stage kernel launched directly, with the call's grid and kept buffers: the
    # difference from the call itself is what the call adds on the GPU.
    grouped = reduction._compile(np.dtype(np.float32)).grouped
    blocks = min(d.size // (reduction_module.THREADS * 4), reduction._block_limit(True))
    kept = stream_buffers.for_stream(0)
    values = kept.values(np.dtype(np.float32), blocks, 0)
    zero = np.float32(0)
    runs = {
        "oxcuda": lambda: reduction(d, res=r),
        "kernel": lambda: grouped[blocks, reduction_module.THREADS, 0](
            d, values, r, kept.counter, zero, True
        ),
        "cupy": lambda: c.sum(),
    }
    times = _common.time_with_events(cuda, cp, runs, calls, turns)
    o, t = statistics.median(times["oxcuda"]), statistics.median(times["cupy"])
    k = statistics.median(times["kernel"])
    print(
        f"events   oxcuda {o:.4f} ms  cupy.sum {t:.4f} ms  CuPy/oxcuda {t / o:.3f}  "
        f"its stage kernel alone {k:.4f} ms, CuPy/kernel {t / k:.3f}  "
        f"(device events behind a busy kernel, {turns} turns of {calls})",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
