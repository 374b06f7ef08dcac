"""Probe: does ``cuda.Reduce``'s ratio to ``cupy.sum`` depend on where the array lies in device
memory? Two H200 machines of seven measured 0.976 where the others measured 0.997 to 1.001
(bench/performance_notes.md, "Reduce's tail"), with every variant in the process shifted alike,
so the cause may be the one array those processes allocated rather than the machine.

This allocates ``copies`` arrays of 2^28 float32 (fresh random data each, 1 GiB apiece, all
alive at once so each sits at another address) and times, for each array, ``Reduce`` and
``cupy.sum`` of that same array with device events behind a busy kernel
(``_common.time_with_events``), twice. Every result is checked against NumPy's float64 sum.

    python3 bench/probes/reduce_placement.py [copies]
"""

from __future__ import annotations

import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import _common

N = 1 << 28


def main() -> int:
    import cupy as cp
    import numpy as np
    from oxcuda import cuda

    copies = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    rng = np.random.default_rng()
    reduction = cuda.Reduce(lambda a, b: a + b)
    r = cuda.device_array(1, np.float32)
    arrays = []
    for k in range(copies):
        host = rng.random(N, dtype=np.float32)
        want = float(host.astype(np.float64).sum())
        c = cp.asarray(host)  # CuPy's allocation; Reduce reads the same memory
        d = cuda.as_cuda_array(c)
        reduction(d, res=r)
        got = float(r.copy_to_host()[0])
        assert abs(got - want) / want < 1e-4, (k, got, want)
        arrays.append((c, d))
    for round_ in range(2):
        for k, (c, d) in enumerate(arrays):
            loops = {
                "oxcuda": lambda d=d: reduction(d, res=r),
                "cupy": lambda c=c: c.sum(),
            }
            ms = _common.time_with_events(cuda, cp, loops, 20, 9)
            ratio = statistics.median(t / o for o, t in zip(ms["oxcuda"], ms["cupy"], strict=True))
            print(
                f"round {round_} array {k} at 0x{d.device_pointer_value:x}: "
                f"oxcuda {statistics.median(ms['oxcuda']) * 1e3:.2f} us "
                f"cupy {statistics.median(ms['cupy']) * 1e3:.2f} us CuPy/oxcuda {ratio:.4f}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
