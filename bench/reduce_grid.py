"""``cuda.Reduce`` sum of 2^28 float32 against ``cupy.sum``, for several first-stage grids, on
the GPU (issue 15's goal: Reduce ≥ CuPy's sum). A probe for choosing ``reduction.BLOCKS_PER_SM``:

    python3 bench/reduce_grid.py            # one process: oxcuda and CuPy timed in turns

For each grid of k blocks of 256 threads per multiprocessor (``Reduce.max_blocks``: 2 to 32, and
the default: one full wave of resident blocks for the vector-load stage), 20 reductions
into ``res=`` back to back and one synchronisation, in turns with 20 ``cupy.sum``\\ s of the same
data (``_common.time_interleaved``); ms per reduction and the ratio CuPy / oxcuda (> 1: oxcuda
faster). Both results are checked against NumPy's float64 sum.
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
