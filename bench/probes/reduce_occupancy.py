"""Probe: ``cuda.Reduce`` sum of 2^28 float32 against ``cupy.sum`` with the grouped stage
compiled for other occupancies (``reduction.GROUPED_OPTIONS``: ``launch_bounds=(256, k)``
asks ptxas for k resident blocks per multiprocessor, so at most 65536 / (256 k) registers), on
several grids; registers per thread printed for each build. Timed in turns with CuPy in one
process (``_common.time_interleaved``), every result checked against NumPy's float64 sum.

    python3 bench/probes/reduce_occupancy.py
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import _common

N = 1 << 28


def main() -> int:
    import cupy as cp
    import numpy as np
    from oxcuda import cuda
    from oxcuda.cuda.ufunc import reduction

    rng = np.random.default_rng()
    data = rng.random(N, dtype=np.float32)
    want = float(data.astype(np.float64).sum())
    d = cuda.to_device(data)
    r = cuda.device_array(1, np.float32)
    c = cp.asarray(data)
    sms = cuda.get_current_device().MULTIPROCESSOR_COUNT

    def sync() -> None:
        cuda.synchronize()
        cp.cuda.runtime.deviceSynchronize()

    def theirs(n: int) -> None:
        for _ in range(n):
            c.sum()

    for bounds in (None, (256, 8), (256, 7)):
        # None: an unbounded build (the default is launch_bounds=(256, resident blocks)).
        reduction.GROUPED_OPTIONS.clear()
        reduction.GROUPED_OPTIONS["launch_bounds"] = bounds
        reduction_ = cuda.Reduce(lambda a, b: a + b)
        reduction_(d, res=r)
        kernels = reduction_._kernels[np.dtype(np.float32)]
        sig = kernels.grouped.signatures[0]
        regs = kernels.grouped.get_regs_per_thread(sig)
        for per_sm in (6, 7, 8, 12, 14, 16, 24):
            reduction_.max_blocks = per_sm * sms

            def ours(n: int, red=reduction_) -> None:
                for _ in range(n):
                    red(d, res=r)

            ours(1)
            cuda.synchronize()
            got = float(r.copy_to_host()[0])
            turns = _common.time_interleaved({"oxcuda": ours, "cupy": theirs}, sync, 20, 7)
            o, t = turns["oxcuda"]["median_us"] / 1e3, turns["cupy"]["median_us"] / 1e3
            print(
                f"bounds={bounds!s:10s} regs={regs:3d} {per_sm:2d}/SM oxcuda {o:.4f} ms "
                f"cupy {t:.4f} ms CuPy/oxcuda {t / o:.3f} rel.err {abs(got - want) / want:.1e}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
