"""oxcuda kernels under Dask: a chunked array, a kernel per chunk, a reduction per chunk and a
tree combine, checked against NumPy.

On GPUs (needs ``pip install "oxcuda[dask]" dask-cuda cupy-cuda13x``): a ``dask.array`` of CuPy
chunks on a dask-cuda ``LocalCUDACluster`` (one worker process per visible GPU). Each worker
receives the kernels pickled (by value: this file runs as ``__main__``), compiles them on its GPU
on first use, and runs them on the CuPy chunks it holds, with no copy (the CUDA Array
Interface):

    python examples/dask_gpu.py                    # every visible GPU
    python examples/dask_gpu.py --rmm              # the workers' memory from an RMM pool

On the simulator (``--sim``, and the default where oxcuda finds no GPU): NumPy chunks on
``distributed.LocalCluster`` with worker processes — the same pickling and the same kernels,
run by oxcuda's CPU simulator (smaller default sizes):

    python examples/dask_gpu.py --sim --size 20000 --chunk 2500

The pipeline: ``y = map_blocks(transform)(x)`` (a kernel: ``y = a * x**2 + b`` elementwise),
then ``sum(y)`` as ``da.reduction``: ``cuda.Reduce`` sums each chunk on its device, Dask
combines the partial sums pairwise (``split_every=2``) in a tree.
"""

from __future__ import annotations

import argparse
import logging
import os
import time

import numpy as np
from oxcuda import cuda

A, B = 0.5, -0.25


@cuda.jit
def transform(out, x, a, b):
    """``out = a * x * x + b``, elementwise."""
    i = cuda.grid(1)
    if i < x.size:
        v = x[i]
        out[i] = a * v * v + b


#: oxcuda's reduction of a chunk (compiled once per worker process and dtype).
chunk_sum = cuda.Reduce(lambda p, q: p + q)


def _is_cupy(block) -> bool:
    return type(block).__module__.startswith("cupy")


def transform_block(block):
    """``map_blocks``'s function: the kernel on one chunk, the result of the chunk's kind
    (a CuPy array for a CuPy chunk, viewing oxcuda's output without a copy)."""
    if block.size == 0:
        return block.copy()
    x = cuda.as_cuda_array(block) if _is_cupy(block) else cuda.to_device(block)
    out = cuda.device_array_like(x)
    transform[(x.size + 255) // 256, 256](out, x, A, B)
    if _is_cupy(block):
        import cupy

        return cupy.asarray(out)
    return out.copy_to_host()


def sum_chunk(block, axis=None, keepdims=False):
    """``da.reduction``'s chunk step: the chunk's sum by ``cuda.Reduce``, as a 1-element host
    array (partial sums are tiny: the tree combines them on the host)."""
    x = (
        cuda.as_cuda_array(block)
        if _is_cupy(block)
        else cuda.to_device(np.ascontiguousarray(block))
    )
    total = chunk_sum(x) if x.size else 0.0
    return np.full((1,) * block.ndim if keepdims else (), total, dtype=np.float64)


def combine(partials, axis=None, keepdims=False):
    """``da.reduction``'s combine and aggregate steps: the sum of partial sums."""
    return np.sum(partials, axis=axis, keepdims=keepdims)


def pipeline(x):
    """The Dask graph: the kernel per chunk, then the tree reduction."""
    import dask.array as da

    y = x.map_blocks(transform_block, dtype=x.dtype, meta=x._meta)
    total = da.reduction(
        y,
        chunk=sum_chunk,
        combine=combine,
        aggregate=combine,
        split_every=2,
        dtype=np.float64,
        meta=np.array((), dtype=np.float64),
        concatenate=True,
    )
    return y, total


def make_cluster(sim: bool, workers: int, rmm: bool):
    """A cluster: dask-cuda's (one worker per GPU) or, for ``sim``, worker processes that run
    kernels on the simulator."""
    if sim:
        from distributed import LocalCluster

        os.environ["OXCUDA_TARGET"] = "sim"  # the workers inherit it
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
    from dask_cuda import LocalCUDACluster

    kwargs = {}
    if rmm:
        os.environ["OXCUDA_MEMORY_MANAGER"] = "oxcuda.memory.rmm"  # the workers inherit it
        kwargs["rmm_pool_size"] = "1GB"
    return LocalCUDACluster(dashboard_address=None, silence_logs=logging.ERROR, **kwargs)


def main(argv: list[str] | None = None) -> float:
    """Runs the pipeline and checks it; returns the seconds the computation took."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sim", action="store_true", help="NumPy chunks on the simulator")
    parser.add_argument("--size", type=int, help="elements (default 2**24; 20000 on --sim)")
    parser.add_argument("--chunk", type=int, help="elements per chunk (2**21; 2500 on --sim)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (--sim)")
    parser.add_argument("--rmm", action="store_true", help="workers allocate from RMM")
    args = parser.parse_args(argv)
    import oxcuda

    args.sim = args.sim or oxcuda.config.resolve("TARGET").value != "gpu"
    args.size = args.size or (20_000 if args.sim else 1 << 24)
    args.chunk = args.chunk or (2_500 if args.sim else 1 << 21)

    import dask.array as da
    from distributed import Client

    rng = np.random.default_rng()
    host = rng.random(args.size)
    with make_cluster(args.sim, args.workers, args.rmm) as cluster, Client(cluster) as client:
        x = da.from_array(host, chunks=args.chunk)
        if not args.sim:
            import cupy

            x = x.map_blocks(cupy.asarray, dtype=host.dtype, meta=cupy.empty((0,), host.dtype))
        y, total = pipeline(x)
        start = time.perf_counter()
        y_host, got = client.compute([y, total], sync=True)
        seconds = time.perf_counter() - start
        workers = len(client.scheduler_info()["workers"])
    if not isinstance(y_host, np.ndarray):
        y_host = y_host.get()  # CuPy to NumPy
    want_y = A * host * host + B
    # The kernel may fuse A * x * x + B into an fma: near zero only the absolute error is small.
    np.testing.assert_allclose(y_host, want_y, rtol=1e-12, atol=1e-12 * float(np.abs(want_y).max()))
    want = float(np.sum(want_y))
    assert abs(float(got) - want) <= 1e-9 * abs(want) + 1e-9, (float(got), want)
    where = "the simulator" if args.sim else "GPUs"
    print(
        f"dask: {args.size} elements in {-(-args.size // args.chunk)} chunks on {workers} "
        f"worker(s) ({where}): sum {float(got):.6f} matches NumPy; {seconds:.3f} s"
    )
    return seconds


if __name__ == "__main__":
    main()
