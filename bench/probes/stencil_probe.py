"""GPU probe for issue 21's 5-point stencil (0.93x nvcc): which part of oxcuda's code costs.

    python3 bench/probes/stencil_probe.py [--cubin suite_sm90.cubin]

One process, 8192² float32, CUDA events around 20 back-to-back launches, 7 turns in
rotation, medians (ms per launch); every variant's result checked against the suite kernel's:

* ``suite``: ``bench/kernels/stencil.py`` as it is (2-d arrays, a runtime stride per array,
  int64 indices);
* ``flat``: the same stencil on 1-d views of both arrays with one index ``i = y * cols + x``
  shared by the two (as the C++ source computes it), so no per-array row stride is multiplied
  (the extents come from the 2-d array);
* ``flat32``: ``flat`` with the index arithmetic in 32 bits, as the C++ source's ``int``s:
  every index value cast to ``np.uint32`` (numba's typing widens int32 arithmetic to int64; a
  cast back lets LLVM narrow the product, and an unsigned index has no negative-index
  wraparound test), the bounds tests on int32 values. What is left between this and ``flat``
  is what 64-bit index arithmetic and the wraparound tests cost;
* ``flat64u``: ``flat`` with a ``np.uint64`` index: 64-bit arithmetic, no wraparound test
  (separates the two costs ``flat32`` removes);
* ``cxx``: nvcc's build of ``bench/kernels/suite.cu`` (``--cubin``, else built here with nvcc).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

import numpy as np

N = 8192
BX, BY = 32, 8
HERE = os.path.dirname(os.path.abspath(__file__))
# bench/ of this checkout, or of the current directory when this file was copied elsewhere.
BENCH = next(
    d
    for d in (os.path.dirname(HERE), os.path.join(os.getcwd(), "bench"))
    if os.path.isdir(os.path.join(d, "kernels"))
)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cubin", default=None)
    ap.add_argument("--label", default="")
    opts = ap.parse_args()
    import cupy as cp
    from oxcuda import cuda

    sys.path.insert(0, BENCH)
    from kernels import stencil

    stencil.cuda = cuda
    suite = stencil.build()["stencil5"]
    centre, neighbour = stencil.CENTRE, stencil.NEIGHBOUR

    @cuda.jit
    def flat(out, a, shaped):
        x, y = cuda.grid(2)
        rows, cols = shaped.shape  # extents: known to be >= 0, so i needs no wraparound
        if y < rows and x < cols:
            i = y * cols + x
            if 0 < y < rows - 1 and 0 < x < cols - 1:
                around = a[i - cols] + a[i + cols] + a[i - 1] + a[i + 1]
                out[i] = centre * a[i] + neighbour * around
            else:
                out[i] = a[i]

    @cuda.jit
    def flat32(out, a, shaped):
        x, y = cuda.grid(2)
        xi, yi = np.int32(x), np.int32(y)
        rows, cols = np.int32(shaped.shape[0]), np.int32(shaped.shape[1])
        if yi < rows and xi < cols:
            i = np.uint32(yi * cols + xi)
            if 0 < yi < rows - 1 and 0 < xi < cols - 1:
                up, down = np.uint32(i - np.uint32(cols)), np.uint32(i + np.uint32(cols))
                left, right = np.uint32(i - np.uint32(1)), np.uint32(i + np.uint32(1))
                around = a[up] + a[down] + a[left] + a[right]
                out[i] = centre * a[i] + neighbour * around
            else:
                out[i] = a[i]

    @cuda.jit
    def flat64u(out, a, shaped):
        x, y = cuda.grid(2)
        rows, cols = shaped.shape
        if y < rows and x < cols:
            i = np.uint64(y * cols + x)
            if 0 < y < rows - 1 and 0 < x < cols - 1:
                up, down = np.uint64(i - np.uint64(cols)), np.uint64(i + np.uint64(cols))
                left, right = np.uint64(i - np.uint64(1)), np.uint64(i + np.uint64(1))
                around = a[up] + a[down] + a[left] + a[right]
                out[i] = centre * a[i] + neighbour * around
            else:
                out[i] = a[i]

    rng = np.random.default_rng()
    host = rng.random((N, N), dtype=np.float32)
    a = cuda.to_device(host)
    outs = {
        k: cuda.device_array((N, N), np.float32)
        for k in ("suite", "flat", "flat32", "flat64u", "cxx")
    }
    grid = ((N + BX - 1) // BX, (N + BY - 1) // BY)
    launches = {
        "suite": lambda: suite[grid, (BX, BY)](outs["suite"], a),
        "flat": lambda: flat[grid, (BX, BY)](outs["flat"].reshape(N * N), a.reshape(N * N), a),
        "flat32": lambda: flat32[grid, (BX, BY)](
            outs["flat32"].reshape(N * N), a.reshape(N * N), a
        ),
        "flat64u": lambda: flat64u[grid, (BX, BY)](
            outs["flat64u"].reshape(N * N), a.reshape(N * N), a
        ),
    }
    cubin = opts.cubin
    if cubin is None:
        nvcc = "/usr/local/cuda/bin/nvcc"
        if os.path.exists(nvcc):
            cubin = os.path.join(tempfile.mkdtemp(), "suite.cubin")
            subprocess.run(
                [
                    nvcc,
                    "-O3",
                    "-arch=sm_90",
                    "-cubin",
                    os.path.join(BENCH, "kernels", "suite.cu"),
                    "-o",
                    cubin,
                ],
                check=True,
            )
    if cubin:
        mod = cp.RawModule(path=cubin)
        k = mod.get_function("stencil5")
        ca, cout = cp.asarray(a), cp.asarray(outs["cxx"])
        args = (cout, ca, np.int32(N), np.int32(N))
        launches["cxx"] = lambda: k(grid, (BX, BY), args)
    for f in launches.values():
        f()
    cuda.synchronize()
    cp.cuda.runtime.deviceSynchronize()
    want = outs["suite"].copy_to_host()
    for name in launches:
        got = outs[name].copy_to_host()
        assert np.array_equal(got, want), name
    times: dict[str, list[float]] = {k: [] for k in launches}
    start, stop = cp.cuda.Event(), cp.cuda.Event()
    for _ in range(7):
        for name, f in launches.items():
            f()
            cuda.synchronize()
            start.record(cp.cuda.Stream.null)
            for _ in range(20):
                f()
            stop.record(cp.cuda.Stream.null)
            stop.synchronize()
            times[name].append(cp.cuda.get_elapsed_time(start, stop) / 20)
    med = {k: statistics.median(v) for k, v in times.items()}
    for name, ms in med.items():
        ratio = f"  C++/x {med['cxx'] / ms:.3f}" if "cxx" in med else ""
        print(f"{opts.label} stencil {name:6s} {ms:.4f} ms{ratio}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
