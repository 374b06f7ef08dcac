"""Host time per kernel launch, for 0, 1, 3 and 16 arguments.

One implementation per process:

* ``--impl oxcuda`` / ``--impl numba``: the Python kernels below (one source, with the
  module-level ``cuda`` bound to ``oxcuda.cuda`` or ``numba.cuda``), launched as
  ``k[1, 32](*args)`` with (a) the implementation's own device arrays, (b) Python ints,
  (c) CuPy arrays and (d) torch tensors (the last two through ``__cuda_array_interface__``);
* ``--impl cupy``: the same kernels in CUDA C (``launch_kernels.cu``) as CuPy ``RawKernel``s,
  with CuPy arrays and Python ints.

The C floor is ``launch_c.c`` (built and run by ``run.py``). Method: warm up, then N
back-to-back launches of ``<<<1, 32>>>`` on the default stream, one synchronisation at the
end, ``time.perf_counter_ns`` around both; the median of 5 repeats, in µs per launch. The
process is pinned to one CPU (``--no-pin`` not to), as is the C program. oxcuda's own device
array and scalar cases are also timed in turns with the raw driver floor in the same process
(``GpuKernel.raw_launch_loop``): the ``floor`` entry and its ratio ``x_floor``.

``--profile`` (oxcuda only) adds the breakdown of one launch into its layers (see
``docs/performance.md``). ``--cai-sync 0`` measures CAI arguments with the consumer's
synchronisation on the producer's stream switched off (both ``OXCUDA_`` and ``NUMBA_``
``CUDA_ARRAY_INTERFACE_SYNC``), for the 3-argument case only.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

import _common

cuda: Any = None  # oxcuda.cuda or numba.cuda, bound by main() before the kernels compile

# ---- the kernels: every body is dead (no thread has index 2**40) but reads its arguments ----


def k0():
    if cuda.grid(1) == 1 << 40:
        pass


def k1(a0):
    if cuda.grid(1) == 1 << 40:
        a0[0] = 0


def k3(a0, a1, a2):
    if cuda.grid(1) == 1 << 40:
        a0[0] = 0
        a1[0] = 0
        a2[0] = 0


def k16(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15):
    if cuda.grid(1) == 1 << 40:
        a0[0] = 0
        a1[0] = 0
        a2[0] = 0
        a3[0] = 0
        a4[0] = 0
        a5[0] = 0
        a6[0] = 0
        a7[0] = 0
        a8[0] = 0
        a9[0] = 0
        a10[0] = 0
        a11[0] = 0
        a12[0] = 0
        a13[0] = 0
        a14[0] = 0
        a15[0] = 0


def s1(x0):
    if cuda.grid(1) == (1 << 40) + x0:
        pass


def s3(x0, x1, x2):
    if cuda.grid(1) == (1 << 40) + x0 + x1 + x2:
        pass


def s16(x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15):
    total = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + x9 + x10 + x11 + x12 + x13 + x14 + x15
    if cuda.grid(1) == (1 << 40) + total:
        pass


ARRAY_KERNELS = {0: k0, 1: k1, 3: k3, 16: k16}
SCALAR_KERNELS = {1: s1, 3: s3, 16: s16}
COUNTS = (1, 3, 16)
GRID, BLOCK = 1, 32

#: Argument kinds, in table order.
KINDS = ("devarray", "scalar", "cupy", "torch")


def _python_loop(kernel: Any, args: tuple) -> Any:
    def loop(n: int) -> None:
        for _ in range(n):
            kernel[GRID, BLOCK](*args)

    return loop


def _arrays(kind: str, count: int, impl_cuda: Any) -> tuple | None:
    """``count`` distinct float32 arrays of 16 elements of ``kind``, or None if unavailable."""
    import numpy as np

    if kind == "devarray":
        return tuple(impl_cuda.to_device(np.zeros(16, np.float32)) for _ in range(count))
    if kind == "cupy":
        cp = _common.optional("cupy")
        return None if cp is None else tuple(cp.zeros(16, cp.float32) for _ in range(count))
    if kind == "torch":
        torch = _common.optional("torch")
        if torch is None or not torch.cuda.is_available():
            return None
        return tuple(torch.zeros(16, dtype=torch.float32, device="cuda") for _ in range(count))
    raise ValueError(kind)


def _case_args(kind: str, count: int) -> tuple | None:
    if kind == "scalar":
        return tuple(range(1, count + 1))
    return _arrays(kind, count, cuda)


def bench_python(impl: str, opts: argparse.Namespace) -> dict[str, Any]:
    """Times the Python kernels under ``impl`` (oxcuda or numba)."""
    global cuda
    cuda = _common.import_cuda(impl)
    jitted_arrays = {n: cuda.jit(f) for n, f in ARRAY_KERNELS.items()}
    jitted_scalars = {n: cuda.jit(f) for n, f in SCALAR_KERNELS.items()}
    results: dict[str, Any] = {}

    cases: list[tuple[str, int]] = [("none", 0)]
    for kind in opts.kinds:
        cases += [(kind, c) for c in COUNTS]
    if opts.cai_sync == "0":
        cases = [(k, 3) for k in ("cupy", "torch") if k in opts.kinds]
    for kind, count in cases:
        key = f"{kind}/{count}"
        args = () if count == 0 else _case_args(kind, count)
        if args is None:
            results[key] = _common.missing(f"{impl} {key}", f"{kind} not installed")
            continue
        kernel = jitted_scalars[count] if kind == "scalar" else jitted_arrays[count]
        try:
            kernel[GRID, BLOCK](*args)  # compile (or convert) once, outside the timing
            cuda.synchronize()
            results[key] = _common.time_loop(
                _python_loop(kernel, args), cuda.synchronize, opts.n, opts.repeats, opts.budget
            )
            if impl == "oxcuda":
                results[key]["floor"] = _against_floor(kernel, kind, args, opts)
        except Exception as exc:  # noqa: BLE001 - record and go on with the other cases
            results[key] = {"error": f"{type(exc).__name__}: {exc}"}
        _report(impl, key, results[key])
    if impl == "oxcuda" and opts.profile:
        results["profile"] = profile_oxcuda(jitted_arrays[3], opts)
    return results


def _against_floor(kernel: Any, kind: str, args: tuple, opts: argparse.Namespace) -> dict[str, Any]:
    """oxcuda's launch against the raw driver in the same process, taking turns.

    The floor is ``GpuKernel.raw_launch_loop``: the kernel just compiled for ``args``, launched
    from a Rust loop with the parameters packed once — what the C program does, but in this
    process and between the Python runs, so the ratio is not moved by machine state that
    differs between processes. For CuPy arrays and torch tensors the floor launches the same
    kernel with device arrays of the same type (the driver call does not depend on who owns
    the memory).
    """
    floor_args = args
    if kind in ("cupy", "torch"):
        floor_args = _arrays("devarray", len(args), cuda)
    from oxcuda import _native

    compiled = kernel._overloads.get((True, tuple(_native.typeof_args(floor_args))))
    if compiled is None:
        return {"skipped": "no GPU kernel for these arguments (no GPU: the simulator ran it)"}
    gpu_kernel = compiled.kernel
    grid3, block3 = (GRID, 1, 1), (BLOCK, 1, 1)

    def floor(n: int) -> None:
        gpu_kernel.raw_launch_loop(grid3, block3, 0, 0, floor_args, n)

    both = _common.time_interleaved(
        {"floor": floor, "oxcuda": _python_loop(kernel, args)},
        cuda.synchronize,
        opts.n,
        max(opts.repeats, 7),
    )
    return {
        "floor_us": both["floor"]["median_us"],
        "oxcuda_us": both["oxcuda"]["median_us"],
        "x_floor": both["ratio"],
        "floor_runs": both["floor"]["total_us"],
        "oxcuda_runs": both["oxcuda"]["total_us"],
    }


def bench_cupy(opts: argparse.Namespace) -> dict[str, Any]:
    """Times the CUDA C kernels as CuPy RawKernels (CuPy arrays, Python ints)."""
    cp = _common.optional("cupy")
    if cp is None:
        return {"skipped": "cupy not installed"}
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "launch_kernels.cu")) as f:
        module = cp.RawModule(code=f.read())
    sync = cp.cuda.Device().synchronize
    results: dict[str, Any] = {}
    cases = [("none", 0)] + [(kind, c) for kind in ("cupy", "scalar") for c in COUNTS]
    for kind, count in cases:
        key = f"{kind}/{count}"
        name = f"s{count}" if kind == "scalar" else f"k{count}"
        kernel = module.get_function(name)
        if kind == "scalar":
            args = tuple(range(1, count + 1))
        else:
            args = tuple(cp.zeros(16, cp.float32) for _ in range(count))
        grid, block = (GRID,), (BLOCK,)

        def loop(n: int, kernel=kernel, args=args, grid=grid, block=block) -> None:
            for _ in range(n):
                kernel(grid, block, args)

        try:
            loop(1)
            sync()
            results[key] = _common.time_loop(loop, sync, opts.n, opts.repeats, opts.budget)
        except Exception as exc:  # noqa: BLE001
            results[key] = {"error": f"{type(exc).__name__}: {exc}"}
        _report("cupy", key, results[key])
    return results


def profile_oxcuda(kernel: Any, opts: argparse.Namespace) -> dict[str, Any]:
    """Where one oxcuda launch of ``k3`` spends its time, layer by layer.

    Each row times a loop of one operation (N times, one sync at the end), so differences
    between rows are the cost of the layer in between.
    """
    from oxcuda import _native
    from oxcuda.cuda._devices import use_gpu

    rows: dict[str, Any] = {}
    sync = cuda.synchronize
    n, reps, budget = opts.n, opts.repeats, opts.budget

    def run(label: str, body: Any) -> None:
        try:
            rows[label] = _common.time_loop(body, sync, n, reps, budget, min_n=100)
        except Exception as exc:  # noqa: BLE001
            rows[label] = {"error": f"{type(exc).__name__}: {exc}"}
        _report("oxcuda profile", label, rows[label])

    def empty(*args: Any) -> None:
        return None

    dev = _arrays("devarray", 3, cuda)
    grid3, block3 = (GRID, 1, 1), (BLOCK, 1, 1)
    configured = kernel[GRID, BLOCK]
    fast = kernel  # the dispatcher is the native LaunchCache

    def loop_of(fn: Any, *fixed: Any) -> Any:
        def loop(count: int) -> None:
            for _ in range(count):
                fn(*fixed)

        return loop

    run("Python loop + call of an empty function, 3 args", loop_of(empty, *dev))
    run("use_gpu()", loop_of(use_gpu))
    run("_native.typeof_args(3 device arrays)", loop_of(_native.typeof_args, dev))
    run(
        "LaunchCache.launch (Rust fast path), 3 device arrays",
        loop_of(fast.launch, grid3, block3, 0, 0, dev),
    )
    compiled = next(iter(kernel._overloads.values()))
    run(
        "GpuKernel.launch (checked, no cache), 3 device arrays",
        loop_of(compiled.kernel.launch, grid3, block3, 0, 0, dev),
    )
    run("k[1, 32] alone (the configuration lookup)", loop_of(kernel.__getitem__, (GRID, BLOCK)))
    run("`configured(*args)` (`k[1, 32]` made once), 3 device arrays", loop_of(configured, *dev))
    run("`k[1, 32](*args)`, 3 device arrays", _python_loop(kernel, dev))
    from oxcuda import _toolchain

    run("cuda.current_context()", loop_of(cuda.current_context))
    run("  of which _toolchain.driver_info()", loop_of(_toolchain.driver_info))
    run(
        "  of which _toolchain._loaded_path('libcuda.so')",
        loop_of(_toolchain._loaded_path, "libcuda.so"),
    )
    run("  of which _native.current_device_context()", loop_of(_native.current_device_context))
    with open("/proc/self/maps") as maps:
        rows["lines in /proc/self/maps (torch and CuPy loaded)"] = {"value": sum(1 for _ in maps)}
    for kind in ("cupy", "torch"):
        arrays = _arrays(kind, 3, cuda)
        if arrays is None:
            rows[f"{kind}: not installed"] = {"skipped": f"{kind} not installed"}
            continue
        one = arrays[0]
        taken = fast.launch(grid3, block3, 0, 0, arrays)
        run(
            f"{kind}: LaunchCache.launch, 3 CAI arrays ("
            + ("launches: the Rust path reads the CAI dict" if taken else "declines: returns False")
            + ")",
            loop_of(fast.launch, grid3, block3, 0, 0, arrays),
        )
        run(
            f"{kind}: x.__cuda_array_interface__ (producer side)",
            loop_of(lambda x=one: x.__cuda_array_interface__),
        )
        run(f"{kind}: cuda.as_cuda_array(x) (sync on)", loop_of(cuda.as_cuda_array, one))
        run(
            f"{kind}: cuda.as_cuda_array(x, sync=False)",
            loop_of(lambda x=one: cuda.as_cuda_array(x, sync=False)),
        )
        run(
            f"{kind}: Dispatcher._launch (slow path), 3 arrays",
            loop_of(kernel._launch, grid3, block3, 0, 0, arrays),
        )
        run(f"{kind}: `k[1, 32](*args)`, 3 arrays", _python_loop(kernel, arrays))
    return rows


def env_info(impl: str) -> dict[str, Any]:
    """Versions as this process sees them (only of modules it has imported)."""
    info: dict[str, Any] = {}

    def attempt(label: str, fn: Any) -> None:
        try:
            info[label] = fn()
        except Exception as exc:  # noqa: BLE001 - a version we cannot read is left out
            info[label] = f"? ({type(exc).__name__})"

    if impl == "numba":
        from numba.cuda.cudadrv import nvvm

        attempt("numba NVVM", lambda: ".".join(map(str, nvvm.NVVM().get_version())))
        attempt("numba runtime", lambda: ".".join(map(str, cuda.runtime.get_version())))
    if impl == "oxcuda":
        from oxcuda import _toolchain

        attempt("driver CUDA", lambda: _toolchain.driver_info().get("cuda_version"))
    torch = sys.modules.get("torch")
    if torch is not None:
        attempt("torch CUDA", lambda: torch.version.cuda)
        attempt(
            "torch CAI stream",
            lambda: str(torch.zeros(1, device="cuda").__cuda_array_interface__.get("stream")),
        )
    cp = sys.modules.get("cupy")
    if cp is not None:
        attempt("CuPy runtime", lambda: cp.cuda.runtime.runtimeGetVersion())
        attempt("CuPy NVRTC", lambda: ".".join(map(str, cp.cuda.nvrtc.getVersion())))
        attempt("CuPy CAI stream", lambda: str(cp.zeros(1).__cuda_array_interface__.get("stream")))
    return info


def _report(impl: str, key: str, result: dict[str, Any]) -> None:
    if "median_us" in result:
        text = f"{result['median_us']:9.2f} us  (n={result['n']})"
    else:
        text = result.get("error") or result.get("skipped", "?")
    print(f"  {impl:8s} {key:60s} {text}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--impl", choices=["oxcuda", "numba", "cupy"], required=True)
    parser.add_argument("--n", type=int, default=20000, help="launches per repeat (20000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats; the median is kept (5)")
    parser.add_argument(
        "--budget",
        type=float,
        default=0.3,
        help="seconds one repeat may take; slower cases get a smaller N (0.3)",
    )
    parser.add_argument(
        "--kinds",
        default=",".join(KINDS),
        help=f"argument kinds, comma-separated (default {','.join(KINDS)})",
    )
    parser.add_argument("--profile", action="store_true", help="oxcuda: per-layer breakdown")
    parser.add_argument(
        "--cai-sync",
        choices=["default", "0"],
        default="default",
        help="0: CAI arguments without the consumer's stream sync (3 arguments only)",
    )
    parser.add_argument("--no-pin", action="store_true", help="do not pin to one CPU")
    parser.add_argument("--json", default=None, help="write results here (default: stdout)")
    opts = parser.parse_args(argv)
    opts.kinds = [k for k in opts.kinds.split(",") if k]
    if not opts.no_pin:
        _common.pin_to_one_cpu()
    if opts.cai_sync == "0":
        os.environ["OXCUDA_CUDA_ARRAY_INTERFACE_SYNC"] = "0"
        os.environ["NUMBA_CUDA_ARRAY_INTERFACE_SYNC"] = "0"
    if opts.impl == "cupy":
        results = bench_cupy(opts)
    else:
        try:
            _common.import_cuda(opts.impl)
        except Exception as exc:  # noqa: BLE001 - not installed, or fails to import
            results = {"skipped": f"{opts.impl} cannot be imported ({type(exc).__name__}: {exc})"}
        else:
            results = bench_python(opts.impl, opts)
    out = {"impl": opts.impl, "cai_sync": opts.cai_sync, "results": results}
    if "skipped" not in results:
        out["env"] = env_info(opts.impl)
    _common.write_json(out, opts.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
